//! What a player decides, one small decision at a time, and the rules an
//! action can break.

use super::dice::{DieRef, Side};
use super::mischief::Mischief;
use super::prize_pit::PitOutcome;
use crate::Player;

/// Which way a blue or red fairy moves a die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Shift {
    /// Add to the face.
    Up,
    /// Subtract from the face.
    Down,
}

/// One decision. A turn is a Fairy Mischief action (one to three decisions)
/// then a Dice action (two decisions); see the module docs for the steps.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Action {
    /// Mischief action: draw a card (only with fewer than 3 in hand).
    Draw,
    /// Mischief action: play a card of this kind from your hand; its targets
    /// are chosen next.
    Play(Mischief),
    /// Mischief action, only when neither drawing nor any card play is
    /// possible (see the ruling "Fayre: no Mischief action possible").
    NoMischief,
    /// Pick a die: the target of the card being played, the second die of a
    /// swap, the pool die to place, or (with an empty pool) the die to move.
    Pick(DieRef),
    /// The blue or red fairy's direction.
    Shift(Shift),
    /// The re-roll-a-pool card's target, or the player to steal from after
    /// the Goblin shows.
    ChoosePlayer(Player),
    /// Where the picked die goes: the Mini Game at table position `booth`,
    /// on `side` for Tug of War (`None` for every other game).
    PlaceOn {
        /// Table position, 0 to 2.
        booth: u8,
        /// The side of Tug of War; `None` elsewhere.
        side: Option<Side>,
    },
    /// Roll into the Prize Pit with the engine's model
    /// ([`RollMode::Simulated`](super::RollMode::Simulated)).
    RollPrizePit,
    /// Report a physical roll into the Prize Pit
    /// ([`RollMode::Reported`](super::RollMode::Reported)).
    ReportPrizePit(PitOutcome),
    /// Discard a card of this kind, down to the hand limit after a steal.
    Discard(Mischief),
    /// After the Goblin shows, steal nothing (stealing is allowed, not
    /// required).
    DeclineSteal,
}

/// Which rule an action broke (for a player who may act now: see
/// [`ActionError`](crate::ActionError) for the others).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Violation {
    /// This kind of decision is not the one being asked for now.
    #[error("that is not the decision being asked for now")]
    WrongStep,
    /// Drawing needs fewer than 3 cards in hand.
    #[error("you may only draw with fewer than 3 cards in hand")]
    HandFull,
    /// Neither the draw pile nor the discard pile has a card.
    #[error("there is no Mischief card left to draw")]
    NothingToDraw,
    /// The card is not in the player's hand.
    #[error("you hold no such Mischief card")]
    NotInHand,
    /// The card has no permitted target now.
    #[error("that card has no permitted target now")]
    NoTarget,
    /// A Mischief action is possible, so it may not be skipped.
    #[error("you must draw or play a Mischief card")]
    MischiefPossible,
    /// No such die, or the card may not affect it (the Goblin die, a die in
    /// a pool for the pink fairy, an empty pool...).
    #[error("that die is not a permitted target")]
    NotPermitted,
    /// The grey fairy's swap rules: never a Fairy die with a player die,
    /// never another colour into a player's pool, two different places.
    #[error("those two dice may not be swapped")]
    ForbiddenSwap,
    /// The die would go below 1 or above 6.
    #[error("a die cannot go below 1 or above 6")]
    OffTheDie,
    /// Dice are placed from your own pool.
    #[error("place a die from your own dice pool")]
    NotYourDie,
    /// Moving a die is allowed only with an empty dice pool.
    #[error("you may move a die only when your dice pool is empty")]
    PoolNotEmpty,
    /// The Mini Game has no empty space there (or is not in play, or is the
    /// game the die comes from).
    #[error("no empty player space there")]
    NoSpace,
    /// Tug of War: the die must go on the side with fewer dice.
    #[error("on Tug of War, place on the side with fewer dice")]
    WrongSide,
    /// The roll is resolved the other way (simulated or reported).
    #[error("Prize Pit rolls are resolved the other way in this game")]
    WrongRollMode,
    /// The reported outcome cannot happen with this die or Prize Pit.
    #[error("that die cannot land like that")]
    ImpossibleRoll,
    /// That player has no card to steal, or is the thief.
    #[error("you cannot steal from that player")]
    NoCardToSteal,
}
