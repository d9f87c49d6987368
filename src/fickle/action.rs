//! What a player does, and the rules an action can break.

use super::card::Card;
use super::family::Family;
use crate::Player;

/// Which of the two face-down Fairies of an Obfuscate to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum FaceDown {
    /// The first of the two (in shuffled order).
    First,
    /// The second.
    Second,
}

/// One small decision of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Action {
    /// Opening deal: dismiss this card and keep the other two.
    Dismiss(Card),
    /// Fairy Lineup: put this card next (from the top) on the stack you pass.
    Place(Card),
    /// Fairy Selection: keep the card on top of your stack.
    Keep,
    /// Fairy Selection: dismiss the card on top of your stack.
    DismissTop,
    /// Choose this Fairy (a target, your own Fairy, a tied Fairy, a Power to
    /// copy, a Fairy to hide with an Obfuscate).
    Target(Card),
    /// Choose this player (Give's recipient, Transmute's victim, Deflect's new
    /// opponent).
    TargetPlayer(Player),
    /// Use this Active Response card.
    Respond(Card),
    /// Decline a Response window.
    Pass,
    /// Take one of the two face-down Fairies of an Obfuscate.
    Pick(FaceDown),
    /// End of game: pair the Familiar being scored with this Fairy.
    Pair(Card),
    /// End of game: leave the Familiar being scored unpaired (it scores 0).
    LeaveUnpaired,
    /// End of game: score the Illusion being scored as this Family.
    ScoreAs(Family),
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Violation {
    /// The pending decision calls for another kind of action.
    #[error("the pending decision calls for another kind of action")]
    WrongDecision,
    /// The decision is of this kind, but not with this card, player or Family
    /// (for example a target the Power cannot reach).
    #[error("not one of the choices the rules allow here")]
    NotAChoice,
}

impl Action {
    /// Whether two actions are of the same kind (ignoring their argument).
    pub(crate) fn same_kind(self, other: Action) -> bool {
        core::mem::discriminant(&self) == core::mem::discriminant(&other)
    }
}
