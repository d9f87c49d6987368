//! A conformance harness that checks the [`Game`] contract on seeded random
//! games, for any game and any config (including a downstream crate's custom
//! card data).
//!
//! Modelled on OpenSpiel's `RandomSimTest` and the `board-game` crate's generic
//! tests. At every step of every game it checks:
//!
//! - `to_act()` is empty exactly when `outcome()` is some;
//! - legal lists are empty for players not in `to_act()` (including seats the
//!   game does not have), hold no duplicates and come out the same twice;
//! - every listed action is accepted by a clone of the state;
//! - actions not listed for a player (other players' actions and actions seen
//!   in other positions) are refused, and the refused state stays `==`; the
//!   refusal is `NoSuchPlayer` for a seat the game does not have, `GameOver`
//!   once it is over, `NotToAct` for a seated player outside `to_act()`, and
//!   `Illegal` (naming the rule) only for a player who may act;
//! - applying the same action with the same RNG to a clone gives an equal
//!   state and equal events;
//! - the state round-trips through its `Setup` (and through serialization,
//!   when a round-trip function is given), and the rebuilt states give the
//!   same legal lists and views;
//! - every seat's view can be built, is deterministic, and an unseated player
//!   sees exactly the spectator's view; events redact consistently;
//! - words: every legal action reads back through the game's notation
//!   ([`Game::parse_action`]), and no two choices of a player read alike
//!   (plainly or in the words of their view). (Whether a text holds `Debug`
//!   output is checked by each game's own tests on the printed components: a
//!   custom config may name an item anything, "Some(" included.)
//! - the game ends within [`Game::max_game_length`] actions;
//! - a copy rebuilt from the state's `Setup` (or serialization) mid-game
//!   plays on exactly like the original;
//! - with [`Conformance::leaks`], the **leak oracle** ([`check_leaks`]): a
//!   twin of the position that differs only in what one seat cannot know
//!   ([`Twins`]) looks the same to that seat, now and while both play on;
//! - with [`Conformance::outcomes`], the **outcome oracle**
//!   ([`check_outcome`]): every finished game's winners and scores are the
//!   ones an independent scorer, written from the rulebook's scoring section
//!   ([`RulebookOutcome`]), gives its final position;
//! - with [`Conformance::relabel`], the **relabelling oracle**
//!   ([`check_relabel`]): each game played again with its seats renumbered
//!   (rotated, or mirrored with Left and Right swapped where the rules
//!   allow, see [`Relabel`]) lists the same moves, reports the same events,
//!   asks the same players and ends with the same winners and scores, all
//!   renumbered.
//! - with [`Conformance::positions`], the **position oracle**
//!   ([`check_position`]): every position reached keeps the invariants the
//!   rulebook promises of every reachable position ([`RulebookPosition`]),
//!   stated without the engine's validator.
//!
//! For fuzzers, [`Fuzz`] runs a game from [`Step`]s chosen by the input:
//! cheap checks at every move, the expensive ones where the input asks, and
//! the game always finished. With the `arbitrary` feature, [`fuzz_actions`]
//! is a whole fuzz target for any game and any config.
//!
//! ```
//! use fairy_ring::{fairy, testing::Conformance};
//! use rand_chacha::ChaCha8Rng;
//!
//! let report = Conformance::<fairy::State>::new(5)
//!     .run::<ChaCha8Rng>(&fairy::Config::new(3)?)
//!     .map_err(|failure| failure.to_string())?;
//! assert_eq!(report.games, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;

use rand_core::Rng;

use crate::{Game, Player, Seat};

mod check;
mod conformance;
mod fuzz;
mod leaks;
mod numbers;
mod outcome;
mod playthrough;
mod position;
mod relabel;
mod reveals;
mod sampling;

pub use conformance::Conformance;
pub use fuzz::{Fuzz, Step, playout};
#[cfg(feature = "arbitrary")]
pub use fuzz::{Input, fuzz_actions};
pub use leaks::{LeakReport, TwinFn, check_leaks, check_leaks_against, twin_fn};
pub use numbers::{
    ActionsFn, Numbers, Tracker, TrackerFn, check_action_space, check_actions, numbers,
};
pub(crate) use outcome::highest;
pub use outcome::{OutcomeFn, RulebookOutcome, check_outcome, outcome_fn};
pub use playthrough::playthrough;
pub use position::{PositionFn, RulebookPosition, check_position, position_fn};
pub use relabel::{
    Relabel, RelabelEventsFn, RelabelReport, Relabeller, Relabelling, Symmetry, check_relabel,
    check_relabelling, relabeller, seat_ordered_runs,
};
pub use reveals::{ShowsNothingFn, TwinMoveFn, check_reveals, shows_nothing_fn, twin_move_fn};
pub use sampling::{SamplingReport, check_sample, check_sampling};

/// Positions that one seat cannot tell apart: what the leak oracle needs
/// from a game.
///
/// Each game implements it from its rulebook, not from its views, so that a
/// view or an event that shows too much is caught by comparing the seat's
/// view of a state and of its twin.
pub trait Twins: Game {
    /// Another position that `seat` cannot tell apart from `self`, drawn with
    /// `rng`.
    ///
    /// The twin keeps everything `seat` may know under the rules: all public
    /// information, the seat's own secrets, and what it saw earlier and still
    /// knows (cards it passed on, items it hid, ...). Everything else is
    /// redrawn among the values consistent with that: the draw order, other
    /// players' hands, face-down cards, choices others committed but did not
    /// reveal. Where a state does not record whether the seat knows
    /// something, the twin keeps it: a twin may keep too much (the oracle then
    /// checks less), never change what the seat knows. For
    /// [`Seat::Spectator`] only public information is kept.
    ///
    /// The twin is built through [`Game::from_setup`]; an error means the
    /// game's twin generator made an impossible position, which is a bug.
    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<Self, Self::SetupError>;

    /// A twin of this position and of `player`'s listed `action` in it, that
    /// `seat` cannot tell from them before the move, nor by what the rules
    /// show it of the move: the event oracle ([`check_reveals`]).
    ///
    /// This is the game's statement of what each move reveals to whom. The
    /// twin keeps what [`Twins::twin`] keeps and, in addition, everything
    /// the rules let the seat learn from this move: a card played face up
    /// stays in its player's hand, a card the seat draws stays where it is
    /// drawn from, the choices turned over together stay as they are. The
    /// twin's move is `action` when the seat learns it whole, and otherwise
    /// another listed action of `player` in the twin that the seat cannot
    /// tell from it (a different face-down card, a different secret guess).
    /// Both moves are then played with the same RNG, and the seat must be
    /// shown the same events and view.
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(Self, Self::Action), Self::SetupError>;

    /// Whether `player` playing `action` here shows `seat` nothing it could
    /// not know, and is legal in every position the seat cannot tell from
    /// this one. Then every twin, not only the one [`Twins::twin_move`]
    /// draws, plays the same move, and the seat must be shown the same
    /// events: the leak oracle's walk checks these moves against the twin it
    /// walks, which may be a position drawn from the seat's information
    /// ([`check_leaks_against`]) and so vary what a hand-written twin must
    /// keep. `false`, the default, claims nothing.
    fn shows_nothing(&self, seat: Seat, player: Player, action: Self::Action) -> bool {
        let _ = (seat, player, action);
        false
    }
}
/// A serialization round trip for the harness to check, e.g. through
/// `serde_json`.
pub type RoundTrip<G> = fn(&G) -> Result<G, String>;

/// What a passing run saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Report {
    /// Games played to the end.
    pub games: u32,
    /// Actions applied in all games.
    pub actions: u64,
    /// Actions in the longest game.
    pub longest_game: u32,
    /// Longest legal action list seen.
    pub most_legal_actions: usize,
    /// Most events reported by one `apply`.
    pub most_events: usize,
    /// Illegal actions tried and correctly refused.
    pub refusals: u64,
    /// Positions the leak oracle compared with a twin.
    pub leak_checks: u64,
    /// Of those, positions whose twin was a different position.
    pub twins_differing: u64,
    /// Moves the leak oracle played on positions and their twins.
    pub leak_steps: u64,
}

/// The first broken promise found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Index of the game (its seed is `seed + game`).
    pub game: u32,
    /// Actions applied in that game before the failure.
    pub step: u32,
    /// What went wrong.
    pub message: String,
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "game {} step {}: {}", self.game, self.step, self.message)
    }
}

impl core::error::Error for Failure {}
