//! What one seat may know.

use core::fmt;

use arrayvec::ArrayVec;

use super::cards::{Card, DECK_SIZE};
use super::config::{CardSet, MAX_AMOUNT, MAX_PLAYERS};
use super::state::Phase;
use crate::{Player, Score, Seat};

/// A seat's view of a game of Fairy Season.
///
/// Public: hand sizes, the deck size, the Swarm, every Stash, the phase.
/// Private: the seat's own hand and the cards it has chosen to pass. A
/// spectator sees no hand. While passing, how many cards each player has
/// chosen so far is public (everyone sees who chooses, not what).
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// The seat's own hand (empty for a spectator).
    pub hand: ArrayVec<Card, DECK_SIZE>,
    /// Cards the seat has chosen to pass so far.
    pub chosen: ArrayVec<Card, { MAX_AMOUNT as usize }>,
    /// While passing, how many cards each player has chosen so far, in seat
    /// order (each choice is seen, its card only by the chooser); all 0
    /// otherwise.
    pub chosen_counts: ArrayVec<u8, MAX_PLAYERS>,
    /// Hand sizes in seat order.
    pub hand_sizes: ArrayVec<usize, MAX_PLAYERS>,
    /// Cards left in the deck.
    pub deck_size: usize,
    /// The Swarm, bottom first.
    pub swarm: ArrayVec<Card, DECK_SIZE>,
    /// Every Stash in seat order, bottom first.
    pub stashes: ArrayVec<ArrayVec<Card, DECK_SIZE>, MAX_PLAYERS>,
    /// The last player to play onto the Swarm.
    pub last_played: Option<Player>,
    /// Points in each Stash, in seat order.
    pub scores: ArrayVec<Score, MAX_PLAYERS>,
    /// What the game is waiting for.
    pub phase: Phase,
    /// The table's card data (public: printed on the cards), so that the
    /// seat's words can tell what a card does before it is played. Views
    /// serialized without it read back with the default data; the
    /// rulebook's data is left out of the JSON (it is most of a view).
    #[cfg_attr(
        feature = "serde",
        serde(default, skip_serializing_if = "is_rulebook_data")
    )]
    pub cards: CardSet,
}

#[cfg(feature = "serde")]
fn is_rulebook_data(cards: &CardSet) -> bool {
    *cards == CardSet::default()
}

/// Every field, as derived, except the card data when it is the default
/// (it is the same in every view of a table, and long).
impl fmt::Debug for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Destructured, so that a new field is not forgotten here.
        let View {
            seat,
            hand,
            chosen,
            chosen_counts,
            hand_sizes,
            deck_size,
            swarm,
            stashes,
            last_played,
            scores,
            phase,
            cards,
        } = self;
        let mut out = f.debug_struct("View");
        out.field("seat", seat)
            .field("hand", hand)
            .field("chosen", chosen)
            .field("chosen_counts", chosen_counts)
            .field("hand_sizes", hand_sizes)
            .field("deck_size", deck_size)
            .field("swarm", swarm)
            .field("stashes", stashes)
            .field("last_played", last_played)
            .field("scores", scores)
            .field("phase", phase);
        if *cards != CardSet::default() {
            out.field("cards", cards);
        }
        out.finish()
    }
}

impl View {
    /// How many cards `player` holds (0 for an unseated player).
    pub fn hand_size(&self, player: Player) -> usize {
        self.hand_sizes.get(player.index()).copied().unwrap_or(0)
    }

    /// `player`'s Stash, bottom first (empty for an unseated player).
    pub fn stash(&self, player: Player) -> &[Card] {
        self.stashes
            .get(player.index())
            .map_or(&[], |s| s.as_slice())
    }

    /// How many cards `player` has chosen to pass so far (0 outside passing
    /// and for an unseated player).
    pub fn chosen_count(&self, player: Player) -> usize {
        self.chosen_counts
            .get(player.index())
            .map_or(0, |&n| usize::from(n))
    }

    /// Points in `player`'s Stash (0 for an unseated player).
    pub fn score(&self, player: Player) -> Score {
        self.scores.get(player.index()).copied().unwrap_or(0)
    }
}
