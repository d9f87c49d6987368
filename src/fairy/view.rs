//! What one seat may know.

use arrayvec::ArrayVec;

use super::cards::Card;
use super::config::{MAX_PLAYERS, Variant};
use super::guess::Guess;
use super::state::Stage;
use crate::{PlayerSet, Score, Seat};

/// A seat's view of a game of Fairy.
///
/// Only the top card of the pile is shown: the rules let nobody look through
/// the pile. Other players' guesses for the current turn are hidden; only who
/// has committed is shown.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// Which ending is played.
    pub variant: Variant,
    /// The face-up card on top of the pile.
    pub top_card: Card,
    /// Cards still in the deck.
    pub cards_left: usize,
    /// Fairies that have appeared, the starting card included.
    pub fairies_seen: usize,
    /// Scores in seat order.
    pub scores: ArrayVec<Score, MAX_PLAYERS>,
    /// Players who have guessed this turn.
    pub guessed: PlayerSet,
    /// This seat's own guess this turn, if made.
    pub own_guess: Option<Guess>,
    /// Main game, play-off or over.
    pub stage: Stage,
}
