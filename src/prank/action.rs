//! What a player does, and the rules an action can break.

use super::items::Item;

/// One decision of one player in Fairy Prank.
///
/// The Fairy's secret choices (which items to remove, and in 2 players which
/// items to put in the box) are sequences of single-item actions, so a legal
/// action list never holds more entries than there are items (at most 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// Put an item from the supply into the box: in the open during a
    /// Selection phase, in secret when the Fairy fills the box in 2 players.
    Select(Item),
    /// End the Selection phase (3 or more items in the box) and become the
    /// Fairy.
    EndSelection,
    /// The Fairy secretly takes an item out of the box and hides it.
    Remove(Item),
    /// The Fairy closes the box: the Hiding phase ends.
    DoneHiding,
    /// Guess that this item is in the box.
    Guess(Item),
}

/// Why an action was refused. The state is unchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Violation {
    /// This kind of action belongs to another phase.
    #[error("this action belongs to another phase")]
    WrongPhase,
    /// The item is not in the table's item set.
    #[error("{0} is not in this game's item set")]
    NoSuchItem(Item),
    /// The item is already in the box.
    #[error("{0} is already in the box")]
    AlreadyInBox(Item),
    /// The Selection phase can end only with 3 or more items in the box.
    #[error("the Selection phase ends only with at least 3 items in the box")]
    TooFewItems,
    /// Every item is in the box: the player must end the Selection phase.
    #[error("every item is in the box: the Selection phase must end")]
    MustEndSelection,
    /// The item is not in the box.
    #[error("{0} is not in the box")]
    NotInBox(Item),
    /// At least one item must stay in the box.
    #[error("at least one item must stay in the box")]
    LastItem,
    /// The Fairy must remove at least one item before closing the box.
    #[error("the Fairy must remove at least one item")]
    NothingRemoved,
    /// The item's token is not in play this round.
    #[error("the token of {0} is not in play this round")]
    NotInPlay(Item),
    /// The item's token was already turned face down this round.
    #[error("the token of {0} is already face down")]
    AlreadyGuessed(Item),
}
