//! What one seat may know.

use arrayvec::ArrayVec;

use super::cards::{Card, DECK_SIZE};
use super::config::{MAX_AMOUNT, MAX_PLAYERS};
use super::state::Phase;
use crate::{Player, Seat};

/// A seat's view of a game of Fairy Season.
///
/// Public: hand sizes, the deck size, the Swarm, every Stash, the phase.
/// Private: the seat's own hand and the cards it has chosen to pass. A
/// spectator sees no hand.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// The seat's own hand (empty for a spectator).
    pub hand: ArrayVec<Card, DECK_SIZE>,
    /// Cards the seat has chosen to pass so far.
    pub chosen: ArrayVec<Card, { MAX_AMOUNT as usize }>,
    /// Hand sizes in seat order.
    pub hand_sizes: ArrayVec<u8, MAX_PLAYERS>,
    /// Cards left in the deck.
    pub deck_size: u8,
    /// The Swarm, bottom first.
    pub swarm: ArrayVec<Card, DECK_SIZE>,
    /// Every Stash in seat order, bottom first.
    pub stashes: ArrayVec<ArrayVec<Card, DECK_SIZE>, MAX_PLAYERS>,
    /// The last player to play onto the Swarm.
    pub last_played: Option<Player>,
    /// Points in each Stash, in seat order.
    pub scores: ArrayVec<u8, MAX_PLAYERS>,
    /// What the game is waiting for.
    pub phase: Phase,
}
