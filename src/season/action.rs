//! What a player does, and the rules an action can break.

use super::cards::Card;
use super::config::Direction;
use crate::Player;

/// One decision of one player in Fairy Season.
///
/// Which actions are open depends on the [`Phase`](super::Phase): a turn
/// offers [`Play`](Action::Play) and [`Flunk`](Action::Flunk); abilities
/// offer [`Stash`](Action::Stash) one card at a time; the Matching Bonus
/// offers [`BonusDraw`](Action::BonusDraw), [`Stash`](Action::Stash) or
/// [`SkipBonus`](Action::SkipBonus); the Royal window after a flunk offers
/// [`Play`](Action::Play) of a Royal Fairy or [`Pass`](Action::Pass).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Action {
    /// Play this card from hand onto the Swarm (in turn, or a Royal Fairy in
    /// the window after a flunk).
    Play(Card),
    /// Do not follow: the Swarm may end.
    Flunk,
    /// Let the Royal window pass without playing a Royal Fairy.
    Pass,
    /// Put this card from hand onto your Stash (an ability, a Goblin or the
    /// Matching Bonus).
    Stash(Card),
    /// Take the Matching Bonus as a card drawn from the deck.
    BonusDraw,
    /// Take no Matching Bonus.
    SkipBonus,
    /// Robber-style Goblin: play the top Fairy of this player's Stash.
    RobFrom(Player),
    /// Thief-style Goblin: steal from the top of this rival's Stash.
    StealFrom(Player),
    /// Swap hands with this rival.
    SwapWith(Player),
    /// Choose which way everyone passes cards.
    PassTo(Direction),
    /// Choose this card from hand to pass.
    Give(Card),
}

/// Why an action was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Violation {
    /// This kind of action is not open in the current phase.
    #[error("that kind of action is not open now")]
    WrongPhase,
    /// The card is not in the player's hand (or was already chosen to pass).
    #[error("{0:#} is not in hand")]
    NotInHand(Card),
    /// Season Rules: the Season Fairy does not follow the topmost Season Fairy.
    #[error("{0} does not follow the Season Rules")]
    SeasonRules(Card),
    /// Only a Trap or a Royal Fairy may be played on a Trap.
    #[error("only a Trap or a Royal Fairy may go on a Trap")]
    OnTrap,
    /// Only a Season or Royal Fairy may be played on a Royal Fairy.
    #[error("only a Season or Royal Fairy may go on a Royal Fairy")]
    OnRoyal,
    /// Only a Royal Fairy may be played out of turn.
    #[error("only a Royal Fairy may be played out of turn")]
    NotRoyal,
    /// The first card of a Swarm must be played: there is nothing to flunk.
    #[error("a new Swarm must be started with a card")]
    MustStart,
    /// The Matching Bonus is not offered.
    #[error("no Matching Bonus is due")]
    NoBonus,
    /// The chosen player is not a valid target of this Goblin.
    #[error("{0} is not a valid target")]
    BadTarget(Player),
}
