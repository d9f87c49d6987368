//! What one seat may know.

use arrayvec::ArrayVec;

use super::config::{MAX_PLAYERS, Rules};
use super::items::{Items, Treasures};
use super::sheet::Sheet;
use super::state::Phase;
use crate::{Player, Seat};

/// A seat's view of a game of Fairy Prank.
///
/// Public to everyone: the round, the starting player, the phase (and so who
/// the Fairy is), the tokens in play, which tokens were turned face down and
/// whether rightly, and every score sheet. During a Selection phase of the
/// full game the box is filled in the open, so its content is public too.
///
/// Only the Fairy sees what is in the box and what was removed once the
/// Hiding phase has begun (in 2 players, from the first item on). When the
/// game is over the box is opened for everyone.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct View {
    /// Whose view this is (a seat not at the table is the spectator).
    pub seat: Seat,
    /// Which rules the table plays.
    pub rules: Rules,
    /// Round number, from 1.
    pub round: u16,
    /// Who holds the starting player token.
    pub starting_player: Player,
    /// The phase, with the Fairy (or the winners).
    pub phase: Phase,
    /// Who is to act, if anyone.
    pub to_act: Option<Player>,
    /// The tokens in play this round.
    pub tokens: Items,
    /// Tokens turned face down after a right guess.
    pub guessed_right: Items,
    /// Tokens turned face down after a wrong guess.
    pub guessed_wrong: Items,
    /// What is in the box, if this seat may know.
    pub in_box: Option<Items>,
    /// What the Fairy removed this round, if this seat may know.
    pub removed: Option<Items>,
    /// How many items are in the box, if this seat may know.
    pub box_count: Option<usize>,
    /// Score sheets in seat order (unused, all empty, in 2 players).
    pub sheets: ArrayVec<Sheet, MAX_PLAYERS>,
    /// The table's item names (public component data), so the view, and
    /// actions and events told in its words, name every item.
    pub treasures: Treasures,
}
