//! What one seat may know.

use crate::List;

use super::cards::{Card, Suit};
use super::config::{MAX_PLAYERS, Variant};
use super::guess::Guess;
use super::state::Stage;
use crate::{PlayerSet, Score, Seat};

/// A seat's view of a game of Fairy.
///
/// Only the top card of the pile is shown: the rules let nobody look through
/// the pile. Other players' guesses for the current turn are hidden; only who
/// has committed is shown.
///
/// Its `Display` is a few lines for a person deciding a guess: the top card
/// with its suit and fairy, the deck and the fairies still to come, the
/// score track and the scores, who has guessed, and the decision.
///
/// ```
/// use fairy_ring::fairy::State;
/// use fairy_ring::{Game, Player, Seat};
///
/// let state = State::builder(3).pile_top(11).scores([3, -4, 5]).build()?;
/// let view = state.view_for(Seat::Player(Player(0)));
/// assert_eq!(view.to_string(), "\
/// Fairy, standard game: it ends when the 3rd fairy appears
/// Top card: 11, second suit, shows a fairy
/// Deck: 20 cards left; fairies: 1 of 3 seen, 2 to come
/// Score track: -4 to 24 (at -4 no more points are lost; 24 wins at once)
/// Scores: player 1 (you): 3, player 2: -4, player 3: 5
/// Still to guess: player 1 (you), player 2 and player 3
/// Your guess: higher (+2/-1), lower (+2/-1), same suit (+4/-1) or catch (+7/-1)");
/// # Ok::<(), fairy_ring::fairy::SetupError>(())
/// ```
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
    /// The suit of the top card (printed on it, so public).
    pub top_suit: Suit,
    /// Whether the top card shows a fairy.
    pub top_fairy: bool,
    /// Cards still in the deck.
    pub cards_left: usize,
    /// Fairies that have appeared, the starting card included.
    pub fairies_seen: usize,
    /// Fairies printed in the whole deck (3 in the printed deck): the deck
    /// data is public, so `fairies_total - fairies_seen` are still to come.
    pub fairies_total: usize,
    /// Scores in seat order.
    pub scores: List<Score, MAX_PLAYERS>,
    /// Players who have guessed this turn.
    pub guessed: PlayerSet,
    /// This seat's own guess this turn, if made.
    pub own_guess: Option<Guess>,
    /// Main game, play-off or over.
    pub stage: Stage,
}
