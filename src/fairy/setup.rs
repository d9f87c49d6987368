//! A position as plain data, and its validation.

use arrayvec::ArrayVec;

use super::cards::{Card, CharmDeck, DECK_SIZE, NotACard};
use super::config::{Config, MAX_PLAYERS, MIN_PLAYERS, Variant};
use super::guess::Guess;
use super::score::{FLOOR, TOP};
use super::state::{Stage, State};
use super::words::Count;
use crate::{Player, PlayerSet, Score};

/// Any position of Fairy, as plain data. Build one to start from a rulebook
/// example or a puzzle; [`State::try_from`] checks that it is consistent.
/// [`State::builder`] makes the same position in fewer words and fills in
/// the piles; this is what it does by hand.
///
/// ```
/// use fairy_ring::fairy::{Card, Setup, Stage, State};
/// use fairy_ring::Game;
///
/// // Two players at 0; 7 is face up; 19 is next.
/// let mut setup = Setup::new(2)?;
/// setup.discard_pile = [Card::new(7)].into_iter().flatten().collect();
/// setup.draw_pile = (1..=21).filter(|&n| n != 7 && n != 19)
///     .chain([19])
///     .filter_map(Card::new)
///     .collect();
/// let state = State::try_from(setup)?;
/// assert_eq!(state.top_card().number(), 7);
/// assert_eq!(state.stage(), Stage::Main);
/// # Ok::<(), fairy_ring::fairy::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub struct Setup {
    /// Which ending is played.
    pub variant: Variant,
    /// The deck's printed data.
    pub deck: CharmDeck,
    /// Scores in seat order; its length is the player count.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::array_vec))]
    pub scores: ArrayVec<Score, MAX_PLAYERS>,
    /// Guesses committed this turn, in seat order (same length as `scores`).
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::array_vec))]
    pub guesses: ArrayVec<Option<Guess>, MAX_PLAYERS>,
    /// The face-down deck, top card last.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::array_vec))]
    pub draw_pile: ArrayVec<Card, DECK_SIZE>,
    /// The face-up pile, top card last. Holds at least the starting card.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::array_vec))]
    pub discard_pile: ArrayVec<Card, DECK_SIZE>,
    /// Main game, play-off or over.
    pub stage: Stage,
}

impl Setup {
    /// `players` players at 0 with no guesses, in the main stage of the
    /// standard game with the printed deck, and with empty piles to fill in;
    /// or [`SetupError::PlayerCount`] unless `players` is 2 to 10.
    ///
    /// [`State::builder`] fills in the piles for you.
    ///
    /// ```
    /// use fairy_ring::fairy::{Setup, SetupError};
    /// assert_eq!(Setup::new(10)?.scores.len(), 10);
    /// assert_eq!(Setup::new(11), Err(SetupError::PlayerCount(11)));
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn new(players: usize) -> Result<Setup, SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::PlayerCount(players));
        }
        Ok(Setup::blank(players))
    }

    /// [`Setup::new`] for a count already checked (at most 10 seats kept).
    pub(super) fn blank(players: usize) -> Setup {
        let mut scores = ArrayVec::new();
        let mut guesses = ArrayVec::new();
        for _ in 0..players.min(MAX_PLAYERS) {
            let _ = scores.try_push(0);
            let _ = guesses.try_push(None);
        }
        Setup {
            variant: Variant::Standard,
            deck: CharmDeck::default(),
            scores,
            guesses,
            draw_pile: ArrayVec::new(),
            discard_pile: ArrayVec::new(),
            stage: Stage::Main,
        }
    }
}

/// Why a [`Setup`] is not a consistent position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SetupError {
    /// Fairy seats 2 to 10 players.
    #[error("Fairy is for 2 to 10 players, not {0}")]
    PlayerCount(usize),
    /// `guesses` must have one entry per player.
    #[error(
        "{} for {}: give one per player",
        Count(*guesses as i64, "guess slot"),
        Count(*players as i64, "player")
    )]
    GuessSlots {
        /// Length of `guesses`.
        guesses: usize,
        /// Length of `scores`.
        players: usize,
    },
    /// The pile must show a face-up card.
    #[error("the pile has no face-up card")]
    EmptyPile,
    /// A card is in the deck or pile twice.
    #[error("card {0} is in two places")]
    DuplicateCard(Card),
    /// A card is in neither the deck nor the pile.
    #[error("card {0} is missing")]
    MissingCard(Card),
    /// A score is below -4 or above 24.
    #[error("{player} has {score} points, off the -4 to 24 track")]
    ScoreOffTrack {
        /// Whose score.
        player: Player,
        /// The score.
        score: Score,
    },
    /// A guess is recorded for a player who does not guess in this stage.
    #[error("{0} has a guess but does not take part in this turn")]
    GuessOutOfTurn(Player),
    /// Every guess is in, so the card should already have been revealed.
    #[error("every guess is in but the card was not revealed")]
    TurnNotRevealed,
    /// A play-off needs at least two players, all seated and tied.
    #[error("a play-off needs two or more seated players with equal scores")]
    PlayOffNotTied,
    /// A builder was given a number that is not a charm card.
    #[error("{0} is not a charm card (cards are numbered 1 to 21)")]
    NotACard(u8),
    /// A builder was given a different number of scores than players.
    #[error(
        "{} for {}: give one per player",
        Count(*scores as i64, "score"),
        Count(*players as i64, "player")
    )]
    ScoreCount {
        /// Scores given (counted up to one more than the players).
        scores: usize,
        /// Players at the table.
        players: usize,
    },
    /// A builder named a seat that is not at the table.
    #[error("{0} is not at the table")]
    NoSuchPlayer(Player),
    /// The winners must be seated players with equal scores.
    #[error("the winners must be one or more seated players with equal scores")]
    BadWinners,
    /// The stage does not follow from the position (for example the main
    /// stage after the last fairy, a game left running with an empty deck, or
    /// a play-off or a finished game before the standard ending has come).
    #[error("the stage does not follow from the position, which calls for {expected}")]
    WrongStage {
        /// The stage the position calls for.
        expected: Stage,
    },
}

impl From<NotACard> for SetupError {
    fn from(NotACard(number): NotACard) -> SetupError {
        SetupError::NotACard(number)
    }
}

/// For naming a [`Card`] itself where a card is expected.
impl From<core::convert::Infallible> for SetupError {
    fn from(never: core::convert::Infallible) -> SetupError {
        match never {}
    }
}

impl From<&State> for Setup {
    fn from(state: &State) -> Setup {
        let guesses = state.guesses.get(..state.scores().len()).unwrap_or(&[]);
        // Each pile holds at most the whole deck, and there are at most
        // MAX_PLAYERS scores and guesses: nothing here is ever refused.
        let mut draw_pile = ArrayVec::new();
        for &card in state.face_down().iter().rev() {
            let _ = draw_pile.try_push(card);
        }
        Setup {
            variant: state.config.variant,
            deck: state.config.deck,
            scores: ArrayVec::try_from(state.scores()).unwrap_or_default(),
            guesses: ArrayVec::try_from(guesses).unwrap_or_default(),
            draw_pile,
            discard_pile: ArrayVec::try_from(state.face_up()).unwrap_or_default(),
            stage: state.stage,
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
        State::checked(&setup, setup.stage, &setup.guesses)
    }
}

impl State {
    /// The position `setup` describes, with `stage` and `guesses` in place
    /// of its own, or the first reason it is not a consistent one.
    pub(super) fn checked(
        setup: &Setup,
        stage: Stage,
        guesses: &[Option<Guess>],
    ) -> Result<State, SetupError> {
        let players = setup.scores.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::PlayerCount(players));
        }
        if guesses.len() != players {
            return Err(SetupError::GuessSlots {
                guesses: guesses.len(),
                players,
            });
        }
        check_cards(setup)?;
        // The cards in the order they are flipped: the pile bottom first,
        // then the deck from its top. Every card is in exactly one of them.
        let top = setup
            .discard_pile
            .len()
            .checked_sub(1)
            .ok_or(SetupError::EmptyPile)?;
        let flipped = setup
            .discard_pile
            .iter()
            .chain(setup.draw_pile.iter().rev());
        let mut cards = Card::ALL;
        for (slot, &card) in cards.iter_mut().zip(flipped) {
            *slot = card;
        }
        let mut scores = [0; MAX_PLAYERS];
        for (slot, &score) in scores.iter_mut().zip(&setup.scores) {
            *slot = score;
        }
        let mut guesses_by_seat = [None; MAX_PLAYERS];
        for (slot, &guess) in guesses_by_seat.iter_mut().zip(guesses) {
            *slot = guess;
        }
        let deck = setup.deck;
        let fairies_seen = setup
            .discard_pile
            .iter()
            .filter(|&&card| deck.has_fairy(card))
            .count();
        let state = State {
            config: Config {
                players: players as u8,
                variant: setup.variant,
                deck,
            },
            cards,
            top: top as u8,
            scores,
            guesses: guesses_by_seat,
            waiting: PlayerSet::EMPTY,
            fairies_seen: fairies_seen as u8,
            fairies_total: deck.fairy_count() as u8,
            stage,
        };
        state.validated()
    }

    /// The position with `waiting` filled in, or the first reason its
    /// scores, stage and guesses are not consistent. The cards, the player
    /// count and the counters kept from the cards (`top`, `fairies_seen`,
    /// `fairies_total`) must already be right, and no seat past the player
    /// count may hold a guess.
    pub(super) fn validated(mut self) -> Result<State, SetupError> {
        let players = self.players();
        let seated = PlayerSet::first(players);
        let scores = self.scores();
        for (seat, &score) in scores.iter().enumerate() {
            if !(FLOOR..=TOP).contains(&score) {
                let player = Player(seat as u8);
                return Err(SetupError::ScoreOffTrack { player, score });
            }
        }
        let tied = |set: PlayerSet| {
            let mut scores = set.iter().filter_map(|p| scores.get(p.index()));
            let first = scores.next();
            first.is_some() && scores.all(|s| Some(s) == first) && set.is_subset(seated)
        };
        let guessing = match self.stage {
            Stage::Main => seated,
            Stage::PlayOff(set) if set.len() >= 2 && tied(set) => set,
            Stage::PlayOff(_) => return Err(SetupError::PlayOffNotTied),
            Stage::Over(set) if tied(set) => PlayerSet::EMPTY,
            Stage::Over(_) => return Err(SetupError::BadWinners),
        };
        let mut guessed = PlayerSet::EMPTY;
        for (seat, guess) in self.guesses.iter().enumerate().take(players) {
            let player = Player(seat as u8);
            if guess.is_some() {
                if !guessing.contains(player) {
                    return Err(SetupError::GuessOutOfTurn(player));
                }
                guessed.insert(player);
            }
        }
        if !guessing.is_empty() && guessed == guessing {
            return Err(SetupError::TurnNotRevealed);
        }
        self.waiting = PlayerSet::from_bits(guessing.bits() & !guessed.bits());
        if self.stage != Stage::Main && !self.main_game_can_be_over() {
            return Err(SetupError::WrongStage {
                expected: Stage::Main,
            });
        }
        let expected = self.stage_after_turn();
        if expected != self.stage {
            return Err(SetupError::WrongStage { expected });
        }
        Ok(self)
    }
}

/// Every card exactly once across the deck and the pile, and a face-up card.
fn check_cards(setup: &Setup) -> Result<(), SetupError> {
    if setup.discard_pile.is_empty() {
        return Err(SetupError::EmptyPile);
    }
    let mut seen = [false; DECK_SIZE];
    for &card in setup.draw_pile.iter().chain(&setup.discard_pile) {
        match seen.get_mut(card.index()) {
            Some(slot) if !*slot => *slot = true,
            _ => return Err(SetupError::DuplicateCard(card)),
        }
    }
    match Card::all().zip(seen).find(|&(_, seen)| !seen) {
        Some((card, _)) => Err(SetupError::MissingCard(card)),
        None => Ok(()),
    }
}
