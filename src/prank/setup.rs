//! A position as plain data, and its validation.

use arrayvec::ArrayVec;

use super::builder::Named;
use super::config::{Config, MAX_PLAYERS, Rules};
use super::items::UnknownItem;
use super::items::{Item, Items, MIN_ITEMS};
use super::sheet::{MARKS_TO_WIN, Sheet, sheet_list};
use super::state::{Phase, State};
use super::words::Count;
use crate::{ConfigError, Player, PlayerSet, Score};

/// Any position of Fairy Prank, as plain data. [`State::try_from`] checks
/// that it is consistent. To write a position by hand, the
/// [`PositionBuilder`](super::PositionBuilder) is shorter: it names items by
/// name and fills in what follows. Who is to act follows from the position: the next selector
/// clockwise from the starting player, the Fairy, or the next guesser
/// clockwise from the Fairy's left.
///
/// ```
/// use fairy_ring::prank::{Item, Items, Phase, Setup, State};
/// use fairy_ring::{Game, Player};
///
/// // Four players; player 2 ended the Selection with four items and then
/// // removed the marble.
/// let mut setup = Setup::new(4)?;
/// setup.phase = Phase::Guessing { fairy: Player(2) };
/// setup.in_box = [Item(0), Item(1), Item(3)].into_iter().collect();
/// setup.removed = [Item(2)].into_iter().collect();
/// let state = State::try_from(setup)?;
/// assert_eq!(state.to_act().lowest(), Some(Player(3)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Setup {
    /// Player count, variant, items and box sound.
    pub config: Config,
    /// Round number, from 1.
    pub round: u16,
    /// Who holds the starting player token.
    pub starting_player: Player,
    /// The phase of the round.
    pub phase: Phase,
    /// What is in the box.
    pub in_box: Items,
    /// What the Fairy removed this round.
    pub removed: Items,
    /// Tokens turned face down after a right guess.
    pub guessed_right: Items,
    /// Tokens turned face down after a wrong guess.
    pub guessed_wrong: Items,
    /// Score sheets in seat order, one per player.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::array_vec))]
    pub sheets: ArrayVec<Sheet, MAX_PLAYERS>,
}

impl Setup {
    /// The first position of a standard game for `players` players (round
    /// 1, seat 0 holding the starting player token, blank sheets), or
    /// [`SetupError::Config`] for a count outside 2 to 6.
    pub fn new(players: usize) -> Result<Setup, SetupError> {
        Setup::with_config(Config::new(players).map_err(SetupError::Config)?)
    }

    /// The first position of a game with `config`, or
    /// [`SetupError::Config`] with the reason the config cannot be played.
    pub fn with_config(config: Config) -> Result<Setup, SetupError> {
        config.validate().map_err(SetupError::Config)?;
        Ok(Setup::from(&State::start(config)))
    }
}

/// Why a [`Setup`] is not a consistent position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SetupError {
    /// The config cannot be played.
    #[error("bad config: {0}")]
    Config(ConfigError),
    /// There must be one score sheet per player.
    #[error("{} for {}", Count(*.sheets, "score sheet"), Count(*.players, "player"))]
    SheetCount {
        /// Sheets given.
        sheets: usize,
        /// Players in the config.
        players: usize,
    },
    /// A player named in the position is not at the table.
    #[error("{0} is not at the table")]
    NoSuchPlayer(Player),
    /// An item named in the position is not in the item set.
    #[error("{0} is not in the item set")]
    NoSuchItem(Item),
    /// A [`PositionBuilder`](super::PositionBuilder) was given a name (or an
    /// index) the item set does not have.
    #[error("{0}")]
    UnknownItem(UnknownItem),
    /// A [`PositionBuilder`](super::PositionBuilder) named a player to act
    /// whom the rest of the position does not put to act.
    #[error("the position does not have {player} to act")]
    NotToAct {
        /// The player named.
        player: Player,
    },
    /// A [`PositionBuilder`](super::PositionBuilder) named a Fairy whom the
    /// rest of the position does not make the Fairy.
    #[error("the position does not have {player} as the Fairy")]
    NotFairy {
        /// The player named.
        player: Player,
    },
    /// A [`PositionBuilder`](super::PositionBuilder) was told two things of
    /// the phase and roles that cannot both hold: two phases, two Fairies,
    /// a Fairy in a Selection of 3 or more players, a Fairy to guess.
    #[error("the builder was told {first}, then {then}: both cannot hold")]
    Contradiction {
        /// What was named first.
        first: Named,
        /// What contradicts it.
        then: Named,
    },
    /// A [`PositionBuilder`](super::PositionBuilder) was given the same
    /// token twice in [`guessed`](super::PositionBuilder::guessed): a token
    /// is turned face down once a round.
    #[error("{0} is guessed twice")]
    GuessedTwice(Item),
    /// An item is both in the box and removed.
    #[error("{0} is both in the box and removed")]
    ItemInTwoPlaces(Item),
    /// A sheet has more than three marks on an item, or a mark on an item
    /// outside the set.
    #[error("{player}'s sheet has {} on {item}", Count(usize::from(*.marks), "mark"))]
    MarksOffSheet {
        /// Whose sheet.
        player: Player,
        /// Which item.
        item: Item,
        /// The marks.
        marks: u8,
    },
    /// 2-player games use no score sheets.
    #[error("{0}'s sheet has marks, but 2 players use no score sheets")]
    SheetInTwoPlayer(Player),
    /// Rounds start at 1, and each finished round filled at least one space
    /// (in 2 players, the last round puts every item in the box).
    #[error("round {0} cannot have been reached from this position")]
    BadRound(u16),
    /// The phase does not exist in these rules (a Selection phase in the
    /// beginner game, a Hiding phase in 2 players).
    #[error("these rules have no such phase")]
    PhaseNotInRules,
    /// In the beginner and 2-player games the starting player is the Fairy.
    #[error("the Fairy must be the starting player, {0}")]
    FairyNotStarting(Player),
    /// Items are removed only from the Hiding phase on.
    #[error("items are removed only in the Hiding phase")]
    RemovedTooEarly,
    /// Tokens are turned face down only in the Guessing phase.
    #[error("tokens are turned face down only in the Guessing phase")]
    GuessedTooEarly,
    /// The Selection phase ends only with three or more items.
    #[error("a Selection phase ended with {}", Count(*.0, "item"))]
    TooFewSelected(usize),
    /// In the beginner game every item is in the box or removed.
    #[error("in the beginner game every item is in play; missing {0}")]
    ItemsMissing(Items),
    /// At least one item stays in the box.
    #[error("the box is empty")]
    EmptyBox,
    /// The Fairy removes at least one item before the guessing.
    #[error("the Fairy removed nothing")]
    NothingRemoved,
    /// In 2 players the box holds one more item than the round number.
    #[error("the box holds {}; this round calls for {expected}", Count(*.found, "item"))]
    BoxSize {
        /// Items the round calls for.
        expected: usize,
        /// Items in the box.
        found: usize,
    },
    /// A token turned face down as a right guess is not in the box.
    #[error("{0} was guessed right but is not in the box")]
    RightGuessNotInBox(Item),
    /// A token turned face down as a wrong guess is in the box, or not in
    /// play.
    #[error("{0} was guessed wrong but is in the box or not in play")]
    WrongGuessNotOut(Item),
    /// The Guessing phase should already have ended.
    #[error("the Guessing phase should have ended")]
    GuessingFinished,
    /// The game should already be over (a winning sheet, a wrong guess in
    /// 2 players).
    #[error("the game should be over")]
    ShouldBeOver,
    /// The winners do not follow from the position.
    #[error("the winners do not follow from the position")]
    BadWinners,
}

impl From<&State> for Setup {
    fn from(state: &State) -> Setup {
        Setup {
            config: state.config,
            round: state.round,
            starting_player: state.starting_player,
            phase: state.phase,
            in_box: state.in_box,
            removed: state.removed,
            guessed_right: state.right,
            guessed_wrong: state.wrong,
            sheets: sheet_list(state.sheets()),
        }
    }
}

impl From<State> for Setup {
    fn from(state: State) -> Setup {
        Setup::from(&state)
    }
}

impl TryFrom<Setup> for State {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<State, SetupError> {
        setup.config.validate().map_err(SetupError::Config)?;
        let players = usize::from(setup.config.players);
        if setup.sheets.len() != players {
            return Err(SetupError::SheetCount {
                sheets: setup.sheets.len(),
                players,
            });
        }
        let mut state = State::start(setup.config);
        state.round = setup.round;
        state.starting_player = setup.starting_player;
        state.phase = setup.phase;
        state.in_box = setup.in_box;
        state.removed = setup.removed;
        state.right = setup.guessed_right;
        state.wrong = setup.guessed_wrong;
        for (slot, sheet) in state.sheets.iter_mut().zip(&setup.sheets) {
            *slot = *sheet;
        }
        state.actor = state.seat_to_act();
        check_players(&state)?;
        check_items(&state)?;
        check_sheets(&state)?;
        match state.rules() {
            Rules::TwoPlayer => check_two_player(&state)?,
            Rules::Standard | Rules::Beginner => check_round(&state)?,
        }
        Ok(state)
    }
}

fn seated(state: &State, player: Player) -> Result<(), SetupError> {
    if player.index() < state.players() {
        Ok(())
    } else {
        Err(SetupError::NoSuchPlayer(player))
    }
}

fn check_players(state: &State) -> Result<(), SetupError> {
    seated(state, state.starting_player)?;
    match state.phase {
        Phase::Hiding { fairy } | Phase::Guessing { fairy } => seated(state, fairy),
        Phase::Over { winners } => match winners.iter().find(|p| p.index() >= state.players()) {
            Some(outsider) => Err(SetupError::NoSuchPlayer(outsider)),
            None => Ok(()),
        },
        Phase::Selection => Ok(()),
    }
}

fn check_items(state: &State) -> Result<(), SetupError> {
    let all = state.config.treasures.all();
    let named = state
        .in_box
        .union(state.removed)
        .union(state.right)
        .union(state.wrong);
    if let Some(item) = named.difference(all).iter().next() {
        return Err(SetupError::NoSuchItem(item));
    }
    if let Some(item) = state.in_box.intersection(state.removed).iter().next() {
        return Err(SetupError::ItemInTwoPlaces(item));
    }
    if let Some(item) = state.right.difference(state.in_box).iter().next() {
        return Err(SetupError::RightGuessNotInBox(item));
    }
    let out = state.tokens().difference(state.in_box);
    if let Some(item) = state.wrong.difference(out).iter().next() {
        return Err(SetupError::WrongGuessNotOut(item));
    }
    Ok(())
}

fn check_sheets(state: &State) -> Result<(), SetupError> {
    let all = state.config.treasures.all();
    for (seat, sheet) in state.sheets().iter().enumerate() {
        let player = Player(seat as u8);
        for (index, &marks) in sheet.marks.iter().enumerate() {
            let item = Item(index as u8);
            if marks > MARKS_TO_WIN || (marks > 0 && !all.contains(item)) {
                return Err(SetupError::MarksOffSheet {
                    player,
                    item,
                    marks,
                });
            }
            if marks > 0 && state.rules() == Rules::TwoPlayer {
                return Err(SetupError::SheetInTwoPlayer(player));
            }
        }
    }
    Ok(())
}

/// The round of a 3- to 6-player game.
fn check_round(state: &State) -> Result<(), SetupError> {
    let beginner = state.rules() == Rules::Beginner;
    let guesses = state.face_down().len();
    let selected = state.in_box.union(state.removed);
    let fairy = match state.phase {
        Phase::Selection if beginner => return Err(SetupError::PhaseNotInRules),
        Phase::Selection => {
            if !state.removed.is_empty() {
                return Err(SetupError::RemovedTooEarly);
            }
            None
        }
        Phase::Hiding { fairy } | Phase::Guessing { fairy } => Some(fairy),
        Phase::Over { .. } => None,
    };
    if let (true, Some(fairy)) = (beginner, fairy)
        && fairy != state.starting_player
    {
        return Err(SetupError::FairyNotStarting(state.starting_player));
    }
    let guessing = matches!(state.phase, Phase::Guessing { .. } | Phase::Over { .. });
    if !guessing && guesses > 0 {
        return Err(SetupError::GuessedTooEarly);
    }
    if state.phase != Phase::Selection {
        if beginner && selected != state.config.treasures.all() {
            let missing = state.config.treasures.all().difference(selected);
            return Err(SetupError::ItemsMissing(missing));
        }
        if selected.len() < MIN_ITEMS {
            return Err(SetupError::TooFewSelected(selected.len()));
        }
        if state.in_box.is_empty() {
            return Err(SetupError::EmptyBox);
        }
    }
    if guessing && state.removed.is_empty() {
        return Err(SetupError::NothingRemoved);
    }
    let wins: PlayerSet = (0..state.players())
        .map(|p| Player(p as u8))
        .filter(|p| state.sheets.get(p.index()).is_some_and(|s| s.wins()))
        .collect();
    let marks: Score = state.sheets().iter().map(|s| s.total()).sum();
    let finished = state.removed.is_subset(state.wrong) || state.in_box.is_subset(state.right);
    match state.phase {
        Phase::Over { winners } if winners.len() != 1 || winners != wins || guesses == 0 => {
            return Err(SetupError::BadWinners);
        }
        Phase::Over { .. } => {}
        _ if !wins.is_empty() => return Err(SetupError::ShouldBeOver),
        Phase::Guessing { .. } if finished => return Err(SetupError::GuessingFinished),
        _ => {}
    }
    // Each guess filled one space, and each finished round had a guess.
    let earlier_rounds = Score::from(state.round) - 1;
    if state.round >= 1 && earlier_rounds + guesses as Score <= marks {
        Ok(())
    } else {
        Err(SetupError::BadRound(state.round))
    }
}

/// The round of a 2-player game.
fn check_two_player(state: &State) -> Result<(), SetupError> {
    let items = state.config.item_count();
    let round = usize::from(state.round);
    if round == 0 || round + 1 > items {
        return Err(SetupError::BadRound(state.round));
    }
    let fairy = state.starting_player;
    let expected = state.duel_box_size();
    let found = state.in_box.len();
    if !state.removed.is_empty() {
        return Err(SetupError::RemovedTooEarly);
    }
    let guesses = state.face_down().len();
    match state.phase {
        Phase::Hiding { .. } => Err(SetupError::PhaseNotInRules),
        Phase::Selection if guesses > 0 => Err(SetupError::GuessedTooEarly),
        Phase::Selection if found >= expected => Err(SetupError::BoxSize { expected, found }),
        Phase::Selection => Ok(()),
        _ if found != expected => Err(SetupError::BoxSize { expected, found }),
        Phase::Guessing { fairy: named } if named != fairy => {
            Err(SetupError::FairyNotStarting(fairy))
        }
        Phase::Guessing { .. } if !state.wrong.is_empty() => Err(SetupError::ShouldBeOver),
        Phase::Guessing { .. } if state.in_box.is_subset(state.right) => {
            Err(SetupError::GuessingFinished)
        }
        Phase::Guessing { .. } => Ok(()),
        Phase::Over { winners } => {
            let lost = winners == PlayerSet::only(fairy) && state.wrong.len() == 1;
            let drawn = winners == PlayerSet::first(2)
                && state.wrong.is_empty()
                && state.right == state.in_box
                && found == items;
            if lost || drawn {
                Ok(())
            } else {
                Err(SetupError::BadWinners)
            }
        }
    }
}
