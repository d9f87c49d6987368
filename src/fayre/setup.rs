//! A position as plain data, and its validation.

use arrayvec::ArrayVec;

use super::config::{Config, MAX_PLAYERS};
use super::dice::{DICE_PER_PLAYER, FAIRY_DICE, Face, NotAFace};
use super::mini_game::{Booth, FairyTiming, IN_PLAY, MINI_GAMES, MiniGame, REMOVED};
use super::mischief::{CardCounts, HAND_LIMIT, MISCHIEF_CARDS, Mischief};
use super::name::NameError;
use super::pool::Pool;
use super::prize_pit::PitDie;
use super::state::{Faces, Phase, Spaces, State, array_vec};
use crate::{ConfigError, Game, List, Player, Score};

/// Any position of A Midsummer Night's Fayre as plain data. Start from
/// [`Setup::new`] or from a state's [`Game::to_setup`], change what you need,
/// and [`State::try_from`] checks it is consistent. To write a position in
/// the rulebook's words, [`State::builder`] is shorter.
///
/// ```
/// use fairy_ring::fayre::{Face, PlacedDie, Setup, State};
/// use fairy_ring::{Game, Player};
///
/// let mut setup = Setup::new(2)?;
/// // Player 1 puts a 6 from their pool on the Mini Game at table position 0.
/// let six = Face::new(6).unwrap();
/// setup.pools[0].retain(|f| *f != six);
/// if let Some(booth) = setup.booths[0].as_mut() {
///     booth.spaces[0] = Some(PlacedDie { owner: Player(0), face: six });
/// }
/// let state = State::try_from(setup)?;
/// assert_eq!(state.pool(Player(0)).len(), 5);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Setup {
    /// Player count and component data.
    pub config: Config,
    /// Whose turn it is.
    pub current: Player,
    /// The decision being waited for.
    pub phase: Phase,
    /// Players still to roll into the Prize Pit after the one rolling now.
    pub queue: ArrayVec<Player, MAX_PLAYERS>,
    /// Scores in seat order (one per player).
    pub scores: ArrayVec<Score, MAX_PLAYERS>,
    /// Dice pools in seat order (any order of faces).
    pub pools: ArrayVec<ArrayVec<Face, DICE_PER_PLAYER>, MAX_PLAYERS>,
    /// Mischief hands in seat order (up to 4 cards only for a player who
    /// must discard after a steal).
    pub hands: ArrayVec<ArrayVec<Mischief, 4>, MAX_PLAYERS>,
    /// The Fairy dice pool.
    pub fairy_pool: ArrayVec<Face, FAIRY_DICE>,
    /// Mini Games in play by table position.
    pub booths: [Option<Booth>; IN_PLAY],
    /// Face-down Mini Game cards, top last.
    pub mini_game_deck: ArrayVec<MiniGame, MINI_GAMES>,
    /// The two Mini Games put back in the box.
    pub removed: ArrayVec<MiniGame, REMOVED>,
    /// Scored Mini Games, in order.
    pub finished: ArrayVec<MiniGame, MINI_GAMES>,
    /// Face-down Mischief cards, top last.
    pub mischief_deck: ArrayVec<Mischief, MISCHIEF_CARDS>,
    /// The face-up Mischief discard pile.
    pub mischief_discard: ArrayVec<Mischief, MISCHIEF_CARDS>,
    /// Dice moves since a Mini Game was last scored.
    pub moves_since_scoring: usize,
}

impl Setup {
    /// A fixed starting position with no chance involved: player 1 to play;
    /// every pool shows 1 to 6; Ring Toss, Hook-a-Hippocampus and Shooting
    /// Star Gallery in play (Fairy dice showing 1), Splat the Butterfly Rat
    /// and Tug of War in the box, the rest in the deck in rulebook order
    /// (Magic Geode Shy on top); no Mischief cards in hand, the whole mix in
    /// the draw pile.
    ///
    /// Refuses a player count outside 2 to 5 ([`SetupError::Config`]).
    pub fn new(players: usize) -> Result<Setup, SetupError> {
        Setup::for_config(Config::new(players)?)
    }

    /// The fixed starting position of [`Setup::new`] for `config`, if the
    /// config can be played.
    pub fn for_config(config: Config) -> Result<Setup, SetupError> {
        config.validate()?;
        Ok(Setup::unchecked(config))
    }

    /// The fixed starting position for a valid config.
    fn unchecked(config: Config) -> Setup {
        let players = config.num_players();
        let one = Face::ALL[0];
        let mut fairy_pool: ArrayVec<Face, FAIRY_DICE> =
            array_vec(core::iter::repeat_n(one, FAIRY_DICE));
        let booths = [0, 1, 2].map(|i| {
            let game = MiniGame::ALL[i];
            let card = config.mini_games.get(game);
            let mut booth = Booth::empty(game, card.player_spaces);
            if game.fairy_timing() != FairyTiming::BeforeScoring {
                for _ in 0..card.fairy_spaces {
                    if fairy_pool.pop().is_some() {
                        let _ = booth.fairy.push(one);
                    }
                }
            }
            Some(booth)
        });
        Setup {
            mischief_deck: array_vec(config.mischief.cards()),
            config,
            current: Player(0),
            phase: Phase::Mischief,
            queue: ArrayVec::new(),
            scores: array_vec(core::iter::repeat_n(0, players)),
            pools: array_vec(core::iter::repeat_n(array_vec(Face::ALL), players)),
            hands: array_vec(core::iter::repeat_n(ArrayVec::new(), players)),
            fairy_pool,
            booths,
            mini_game_deck: array_vec(MiniGame::ALL.into_iter().take(10).skip(3).rev()),
            removed: array_vec(MiniGame::ALL.into_iter().skip(10)),
            finished: ArrayVec::new(),
            mischief_discard: ArrayVec::new(),
            moves_since_scoring: 0,
        }
    }
}

/// A list in a [`Setup`] with one entry per player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum SeatList {
    /// `Setup::scores`.
    Scores,
    /// `Setup::pools`.
    Pools,
    /// `Setup::hands`.
    Hands,
}

impl core::fmt::Display for SeatList {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            SeatList::Scores => "the score list",
            SeatList::Pools => "the list of dice pools",
            SeatList::Hands => "the list of hands",
        })
    }
}

/// Why a [`Setup`] (or a [`PositionBuilder`](super::PositionBuilder)) is not
/// a consistent position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SetupError {
    /// The config cannot be played.
    #[error("invalid config: {0}")]
    Config(ConfigError),
    /// A per-player list does not have one entry per player.
    #[error("{what} has {got} entries for {players} players")]
    SeatCount {
        /// Which list.
        what: SeatList,
        /// Its length.
        got: usize,
        /// The player count.
        players: usize,
    },
    /// A seat named is not at the table.
    #[error("{0} is not at the table")]
    NoSuchPlayer(Player),
    /// A Mini Game card is in two places.
    #[error("{0} is in two places")]
    DuplicateMiniGame(MiniGame),
    /// A Mini Game card is nowhere.
    #[error("{0} is missing")]
    MissingMiniGame(MiniGame),
    /// Exactly two Mini Games go back in the box.
    #[error("{0} Mini Games are in the box instead of 2")]
    RemovedCount(usize),
    /// A table position is empty while cards are left to turn up.
    #[error("table position {} (game {}) is empty but the Mini Game deck is not", .0, .0.saturating_add(1))]
    EmptyTablePosition(usize),
    /// A card in play has the wrong number of spaces or Fairy dice for its
    /// data and timing.
    #[error("{0} in play has the wrong number of spaces or Fairy dice")]
    BoothShape(MiniGame),
    /// A card in play is full: it should have been scored.
    #[error("{0} is full but was not scored")]
    BoothFull(MiniGame),
    /// A player does not have exactly 6 dice between pool and cards.
    #[error("{player} has {found} dice instead of 6")]
    DiceCount {
        /// Whose dice.
        player: Player,
        /// How many were found.
        found: usize,
    },
    /// The Fairy dice do not number exactly 9.
    #[error("{0} Fairy dice instead of 9")]
    FairyDiceCount(usize),
    /// The Mischief cards do not match the config's mix.
    #[error("{found} {card} cards instead of {expected}")]
    MischiefCount {
        /// Which kind.
        card: Mischief,
        /// How many were found in hands and piles.
        found: usize,
        /// How many the config has.
        expected: usize,
    },
    /// A hand is over the limit (4 is allowed only for a player discarding).
    #[error("{0} holds too many Mischief cards")]
    HandOverLimit(Player),
    /// A player must discard but does not hold 4 cards.
    #[error("{0} is discarding without holding 4 cards")]
    NothingToDiscard(Player),
    /// The move count is at or past the limit, so the game should be ending.
    #[error("{0} moves since the last scoring reach the move limit")]
    MovesOverLimit(usize),
    /// The Prize Pit queue names a player twice, or the roller too, or is not
    /// empty outside the Prize Pit, or is not in the engine's order: the
    /// rollers go clockwise from the player whose turn it is, and the final
    /// rolls leave nobody out of the round.
    #[error("the Prize Pit queue is inconsistent")]
    BadQueue,
    /// A player has a negative score (points are only ever won).
    #[error("{player} has a negative score ({points})")]
    NegativeScore {
        /// Whose score.
        player: Player,
        /// The score.
        points: Score,
    },
    /// The final Prize Pit rolls are under way although the game is not
    /// ending: more than one incomplete Mini Game is left and the move
    /// limit is not reached.
    #[error("the final Prize Pit rolls are under way although the game is not ending")]
    NotEnding,
    /// A turn is under way although the game should be ending.
    #[error("a turn is under way although the game should be ending")]
    ShouldBeEnding,
    /// The pending decision does not follow from the position (a die named
    /// that is not there or not permitted, a card that is not a nudge...).
    #[error("the pending decision ({0}) does not fit the position")]
    BadPhase(Phase),
    /// A builder was given a name that names no component.
    #[error(transparent)]
    Name(#[from] NameError),
    /// A builder was given a number that is not a die face.
    #[error(transparent)]
    Face(#[from] NotAFace),
    /// A builder put more dice on a Mini Game (or on a side of Tug of War)
    /// than it has spaces, or Fairy dice on a game that takes none now.
    #[error("{0} has no room for another die there")]
    NoRoom(MiniGame),
    /// A builder named a Mini Game in two places, or more than three in play.
    #[error("{0} cannot be placed there")]
    MisplacedMiniGame(MiniGame),
    /// A builder gave a player more Mischief cards of a kind than are left
    /// in the config's mix.
    #[error("no {0} card is left to give")]
    NoCardLeft(Mischief),
    /// A builder put a die on a player space a Mini Game does not have, or
    /// on one that already holds a die.
    #[error("{game} has no free player space {}", u16::from(*.space) + 1)]
    NoSuchSpace {
        /// The Mini Game.
        game: MiniGame,
        /// The space, counted from 0 (its name counts from 1).
        space: u8,
    },
}

impl From<ConfigError> for SetupError {
    fn from(error: ConfigError) -> SetupError {
        SetupError::Config(error)
    }
}

impl From<core::convert::Infallible> for SetupError {
    fn from(never: core::convert::Infallible) -> SetupError {
        match never {}
    }
}

impl From<&State> for Setup {
    fn from(state: &State) -> Setup {
        let players = state.config.num_players();
        Setup {
            config: state.config,
            current: state.current,
            phase: state.phase,
            queue: array_vec(state.queue.iter().copied()),
            scores: array_vec(state.scores().iter().copied()),
            pools: array_vec(
                (state.pools.iter().take(players)).map(|p| array_vec(p.iter().copied())),
            ),
            hands: array_vec((state.hands.iter().take(players)).map(|h| array_vec(h.cards()))),
            fairy_pool: array_vec(state.fairy_pool),
            booths: state.booths,
            mini_game_deck: array_vec(state.deck),
            removed: array_vec(state.removed),
            finished: array_vec(state.finished),
            mischief_deck: array_vec(state.mischief_deck),
            mischief_discard: array_vec(state.mischief_discard.cards()),
            moves_since_scoring: state.moves,
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
        let config = setup.config;
        config.validate()?;
        let players = config.num_players();
        for (what, got) in [
            (SeatList::Scores, setup.scores.len()),
            (SeatList::Pools, setup.pools.len()),
            (SeatList::Hands, setup.hands.len()),
        ] {
            if got != players {
                return Err(SetupError::SeatCount { what, got, players });
            }
        }
        let seated = |p: Player| {
            if p.index() < players {
                Ok(p)
            } else {
                Err(SetupError::NoSuchPlayer(p))
            }
        };
        seated(setup.current)?;
        for (seat, &points) in setup.scores.iter().enumerate() {
            if points < 0 {
                let player = Player(seat as u8);
                return Err(SetupError::NegativeScore { player, points });
            }
        }
        check_mini_games(&setup)?;
        let mut dice = [0usize; MAX_PLAYERS];
        let mut fairy = setup.fairy_pool.len();
        for (slot, booth) in setup.booths.iter().enumerate() {
            let Some(booth) = booth else {
                if !setup.mini_game_deck.is_empty() {
                    return Err(SetupError::EmptyTablePosition(slot));
                }
                continue;
            };
            let card = config.mini_games.get(booth.game);
            let fairy_due = match booth.game.fairy_timing() {
                FairyTiming::OnReveal | FairyTiming::BeforePlacement => card.fairy_spaces,
                FairyTiming::Never | FairyTiming::BeforeScoring => 0,
            };
            if booth.spaces.len() != card.player_spaces || booth.fairy.len() != fairy_due {
                return Err(SetupError::BoothShape(booth.game));
            }
            if booth.is_full() {
                return Err(SetupError::BoothFull(booth.game));
            }
            for (_, die) in booth.dice() {
                seated(die.owner)?;
                if let Some(n) = dice.get_mut(die.owner.index()) {
                    *n += 1;
                }
            }
            fairy += booth.fairy.len();
        }
        for (seat, pool) in setup.pools.iter().enumerate() {
            let found = dice.get(seat).copied().unwrap_or(0) + pool.len();
            if found != DICE_PER_PLAYER {
                let player = Player(seat as u8);
                return Err(SetupError::DiceCount { player, found });
            }
        }
        if fairy != FAIRY_DICE {
            return Err(SetupError::FairyDiceCount(fairy));
        }
        for card in Mischief::ALL {
            let found = setup
                .hands
                .iter()
                .flatten()
                .chain(&setup.mischief_deck)
                .chain(&setup.mischief_discard)
                .filter(|&&c| c == card)
                .count();
            let expected = config.mischief.count(card);
            if found != expected {
                return Err(SetupError::MischiefCount {
                    card,
                    found,
                    expected,
                });
            }
        }
        let discarding = match setup.phase {
            Phase::Discard { player } => Some(seated(player)?),
            _ => None,
        };
        for (seat, hand) in setup.hands.iter().enumerate() {
            let player = Player(seat as u8);
            let limit = if discarding == Some(player) {
                HAND_LIMIT + 1
            } else {
                HAND_LIMIT
            };
            if hand.len() > limit {
                return Err(SetupError::HandOverLimit(player));
            }
            if discarding == Some(player) && hand.len() != limit {
                return Err(SetupError::NothingToDiscard(player));
            }
        }
        if setup.moves_since_scoring > config.move_limit {
            return Err(SetupError::MovesOverLimit(setup.moves_since_scoring));
        }
        let mut state = State {
            current: setup.current,
            phase: setup.phase,
            queue: setup.queue.iter().copied().collect(),
            scores: [0; MAX_PLAYERS],
            pools: [Pool::EMPTY; MAX_PLAYERS],
            hands: Default::default(),
            fairy_pool: List::from_slice(&setup.fairy_pool),
            booths: setup.booths,
            deck: List::from_slice(&setup.mini_game_deck),
            removed: List::from_slice(&setup.removed),
            finished: List::from_slice(&setup.finished),
            mischief_deck: List::from_slice(&setup.mischief_deck),
            mischief_discard: setup.mischief_discard.into_iter().collect(),
            moves: setup.moves_since_scoring,
            spaces: Spaces::of(&setup.booths),
            actor: None,
            faces: Faces::default(),
            config,
        };
        state.actor = state.actor_of(state.phase);
        crate::list::sort_small(&mut state.fairy_pool);
        for (seat, ((score, pool), hand)) in setup
            .scores
            .into_iter()
            .zip(setup.pools)
            .zip(setup.hands)
            .enumerate()
        {
            if let Some(slot) = state.scores.get_mut(seat) {
                *slot = score;
            }
            if let Some(slot) = state.pools.get_mut(seat) {
                *slot = Pool::of(&pool);
            }
            if let Some(slot) = state.hands.get_mut(seat) {
                *slot = hand.into_iter().collect::<CardCounts>();
            }
        }
        state.faces = Faces::of(&state.pools, &state.fairy_pool);
        check_phase(&state)?;
        Ok(state)
    }
}

/// The Prize Pit rollers (the one rolling, stealing or discarding now, then
/// the queue) in the order the engine queues them: clockwise from the player
/// whose turn it is. The Goblin die goes to the tied winners of a Mini Game,
/// any of them; the final rolls go to everyone, so the rollers left are the
/// rest of that round, ending with the player before the one whose turn it
/// was.
fn check_roll_order(state: &State, final_rolls: bool) -> Result<(), SetupError> {
    let roller = match state.phase {
        Phase::PrizePit { player, .. }
        | Phase::Steal { thief: player }
        | Phase::Discard { player } => player,
        _ => return Ok(()),
    };
    let players = state.players();
    let from_current =
        |p: Player| (p.index() + players).saturating_sub(state.current.index()) % players.max(1);
    let mut last = from_current(roller);
    for &p in &state.queue {
        let next = from_current(p);
        let in_order = if final_rolls {
            next == last + 1
        } else {
            next > last
        };
        if !in_order {
            return Err(SetupError::BadQueue);
        }
        last = next;
    }
    if final_rolls && last + 1 != players {
        return Err(SetupError::BadQueue);
    }
    Ok(())
}

/// Every Mini Game exactly once, two of them in the box.
fn check_mini_games(setup: &Setup) -> Result<(), SetupError> {
    if setup.removed.len() != REMOVED {
        return Err(SetupError::RemovedCount(setup.removed.len()));
    }
    let mut seen = [false; MINI_GAMES];
    let in_play = setup.booths.iter().flatten().map(|b| &b.game);
    for &game in setup
        .mini_game_deck
        .iter()
        .chain(in_play)
        .chain(&setup.removed)
        .chain(&setup.finished)
    {
        match seen.get_mut(game.index()) {
            Some(slot) if !*slot => *slot = true,
            _ => return Err(SetupError::DuplicateMiniGame(game)),
        }
    }
    match MiniGame::ALL
        .into_iter()
        .find(|g| seen.get(g.index()) != Some(&true))
    {
        Some(game) => Err(SetupError::MissingMiniGame(game)),
        None => Ok(()),
    }
}

/// The pending decision must fit the position: a turn only while the game is
/// not ending and the final rolls only while it is, a queue only during
/// Prize Pit rolls and in the order the engine queues them, a pending die
/// that the previous decision could have named, and at least one legal
/// decision.
fn check_phase(state: &State) -> Result<(), SetupError> {
    let bad = || SetupError::BadPhase(state.phase);
    let players = state.players();
    let seated = |p: Player| p.index() < players;
    let mut queued = crate::PlayerSet::EMPTY;
    for &p in &state.queue {
        if !seated(p) || queued.contains(p) {
            return Err(SetupError::BadQueue);
        }
        queued.insert(p);
    }
    let turn = matches!(
        state.phase,
        Phase::Mischief
            | Phase::Target { .. }
            | Phase::SwapWith { .. }
            | Phase::Shift { .. }
            | Phase::Dice
            | Phase::Destination { .. }
    );
    if (turn || state.phase == Phase::Over) && !state.queue.is_empty() {
        return Err(SetupError::BadQueue);
    }
    if turn && state.ending().is_some() {
        return Err(SetupError::ShouldBeEnding);
    }
    if turn && state.moves >= state.config.move_limit {
        return Err(SetupError::MovesOverLimit(state.moves));
    }
    let final_rolls = matches!(
        state.phase,
        Phase::PrizePit {
            die: PitDie::Player,
            ..
        }
    );
    if final_rolls && state.ending().is_none() {
        return Err(SetupError::NotEnding);
    }
    check_roll_order(state, final_rolls)?;
    match state.phase {
        Phase::Target { .. } => {}
        Phase::SwapWith { first } => {
            if !state.may_target(Mischief::Swap, first) {
                return Err(bad());
            }
        }
        Phase::Shift { card, die } => {
            if card.nudge().is_none() || !state.may_target(card, die) {
                return Err(bad());
            }
        }
        Phase::Destination { die } => {
            let mut at_dice = *state;
            at_dice.set_phase(Phase::Dice);
            let picks = at_dice.options(state.current);
            if !picks.contains(&super::Action::Pick(die)) {
                return Err(bad());
            }
        }
        Phase::PrizePit { player, .. } | Phase::Steal { thief: player } => {
            if !seated(player) || queued.contains(player) {
                return Err(SetupError::BadQueue);
            }
        }
        Phase::Discard { .. } | Phase::Mischief | Phase::Dice | Phase::Over => {}
    }
    if let Some(actor) = state.actor()
        && state.legal_actions(actor).is_empty()
    {
        return Err(bad());
    }
    Ok(())
}
