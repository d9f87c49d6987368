//! What happened during a move, for animating it without diffing states.

use super::items::{Item, Items};
use super::state::Phase;
use crate::{Player, PlayerSet, Seat};

/// Why a Guessing phase ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GuessingEnd {
    /// Every removed item was guessed (wrongly).
    AllRemovedGuessed,
    /// Every item in the box was guessed (rightly).
    AllInBoxGuessed,
}

/// Something that happened in a game of Fairy Prank.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// A round began.
    RoundStarted {
        /// Round number, from 1.
        round: u16,
        /// Who holds the starting player token.
        starting_player: Player,
        /// The round's first phase.
        phase: Phase,
    },
    /// A player put an item into the box in the open (Selection phase).
    Selected {
        /// Who selected.
        player: Player,
        /// The item, whose token is now in play.
        item: Item,
    },
    /// In 2 players, the Fairy put an item into the box in secret. Only the
    /// Fairy's redaction names the item.
    PutInSecret {
        /// The Fairy.
        fairy: Player,
        /// The item, or `None` for everyone but the Fairy.
        item: Option<Item>,
    },
    /// The Selection phase ended; the player who ended it is the Fairy.
    SelectionEnded {
        /// The new Fairy.
        fairy: Player,
    },
    /// The Fairy took an item out of the box. Only the Fairy sees this event
    /// at all: the others have their eyes closed, so not even the number of
    /// removals reaches them.
    Removed {
        /// The Fairy.
        fairy: Player,
        /// The removed item.
        item: Item,
    },
    /// The Fairy closed the box; guessing starts left of the Fairy.
    HidingDone {
        /// The Fairy.
        fairy: Player,
        /// Items in the box, if the table's [`BoxSound`](super::BoxSound)
        /// lets everyone know.
        box_count: Option<usize>,
    },
    /// A player guessed an item and the Fairy answered.
    Guessed {
        /// Who guessed.
        player: Player,
        /// The item guessed; its token is now face down.
        item: Item,
        /// Whether the item is in the box.
        right: bool,
    },
    /// A space was filled on a score sheet.
    Marked {
        /// Whose sheet.
        player: Player,
        /// Which item.
        item: Item,
        /// Marks on that item now.
        marks: u8,
    },
    /// The Guessing phase ended, and the round with it. What was in the box
    /// is public now (the face-down tokens already tell it).
    GuessingEnded {
        /// Why.
        reason: GuessingEnd,
        /// What was in the box.
        in_box: Items,
        /// What the Fairy had removed.
        removed: Items,
    },
    /// The game is over; the box is opened for everyone.
    GameOver {
        /// Who won.
        winners: PlayerSet,
        /// What was in the box.
        in_box: Items,
        /// What the Fairy had removed.
        removed: Items,
    },
}

impl Event {
    /// The event as `seat` may see it, or `None` if the seat learns nothing
    /// of it: the Fairy's removals reach only the Fairy, and the items put in
    /// the box in secret are named only to the Fairy.
    pub fn redacted(&self, seat: Seat) -> Option<Event> {
        match *self {
            Event::Removed { fairy, .. } if seat != Seat::Player(fairy) => None,
            Event::PutInSecret { fairy, .. } if seat != Seat::Player(fairy) => {
                Some(Event::PutInSecret { fairy, item: None })
            }
            other => Some(other),
        }
    }
}
