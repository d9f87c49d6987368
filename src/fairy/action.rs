//! What a player does, and the rules an action can break.

pub use super::guess::Guess;

/// An action in Fairy: committing a guess for the coming reveal.
pub type Action = Guess;

/// Why a guess was refused.
///
/// Fairy has no rule a guess can break: every one of the four gestures is
/// legal for a player in [`to_act`](crate::Game::to_act). A player who has
/// already guessed this turn, or who sits out a play-off, is refused with
/// [`ActionError::NotToAct`](crate::ActionError::NotToAct), like a player
/// who is not to act in any other game. So this type has no values today; it
/// is `#[non_exhaustive]` so that a variant with a rule of its own can add one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Violation {}
