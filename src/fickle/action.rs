//! What a player does, and the rules an action can break.

use super::card::Card;
use super::family::Family;
use super::resolution::Target;
use crate::Player;

/// Which of the two face-down Fairies of an Obfuscate to take.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum FaceDown {
    /// The first of the two (in shuffled order).
    First,
    /// The second.
    Second,
}

/// One small decision of one player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
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

/// The rule a refused action breaks.
///
/// A player outside [`to_act`](crate::Game::to_act) gets
/// [`ActionError::NotToAct`](crate::ActionError::NotToAct) instead; these
/// say why an action of a player who has a decision is not one of its
/// choices.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Violation {
    /// The decision awaited calls for another kind of action (for example
    /// [`Action::Keep`] during the opening deal, or [`Action::Pass`] when no
    /// Response window is open).
    #[error("the decision awaited calls for another kind of action")]
    WrongDecision,
    /// Opening deal or Fairy Lineup: the card is not one of the cards you hold.
    #[error("{0} is not in your hand")]
    NotInHand(Card),
    /// Fairy Lineup: the card is already placed in your stack.
    #[error("{0} is already placed in your stack")]
    AlreadyPlaced(Card),
    /// The decision needs a Fairy of your own Alliance (Give, Switch and
    /// Prestige's own Fairy, Obfuscate's second Fairy, a Familiar's partner).
    #[error("{0} is not in your Alliance")]
    NotYourFairy(Card),
    /// Not a target the Power can reach: a Fairy or player outside the
    /// Alliances it reaches (or outside the one it is aimed at), a Switch or
    /// Prestige partner that does not match, not a highest Fairy for Erase or
    /// Scheme, the targeted Fairy as Obfuscate's second one, or a player a
    /// Deflect cannot redirect to.
    #[error("{0} is not a target the Power can reach")]
    NotATarget(Target),
    /// Switch or Prestige: no opponent's Fairy matches this one of yours.
    #[error("no opponent's Fairy matches {0}")]
    NoMatch(Card),
    /// Mimic: the Fairy's Power is not a Direct Power (other than Mimic) with
    /// a valid target in the Alliance that holds it.
    #[error("Mimic cannot copy the Power of {0}")]
    CannotCopy(Card),
    /// The card is not one of your Active Response cards (Idle, not a
    /// Response, someone else's, or a kept Fairy you have not seen).
    #[error("{0} is not one of your Active Responses")]
    NotYourResponse(Card),
    /// Your Active Response cannot answer this Power now (a Deflect against a
    /// Power not aimed at you, a Distract that is itself the target, an
    /// Obfuscate without a second Fairy, a Reflect before the Power resolved,
    /// anything but Deflect against a Chain Power).
    #[error("{0} cannot answer this Power")]
    ResponseNotAvailable(Card),
    /// Chain Power: the Fairy is not one of your tied highest (Purge) or
    /// lowest (Share) Fairies.
    #[error("{0} is not one of your tied Fairies")]
    NotTied(Card),
    /// End of game: a Familiar cannot pair with a Familiar, or with a Fairy
    /// another Familiar is paired with.
    #[error("the Familiar cannot pair with {0}")]
    CannotPair(Card),
    /// End of game: an Illusion scores as one of the game's Families other
    /// than Familiar.
    #[error("an Illusion cannot score as {0}")]
    CannotScoreAs(Family),
}

impl Action {
    /// Whether two actions are of the same kind (ignoring their argument).
    pub(crate) fn same_kind(self, other: Action) -> bool {
        core::mem::discriminant(&self) == core::mem::discriminant(&other)
    }
}
