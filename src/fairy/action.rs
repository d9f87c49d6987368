//! What a player does, and the rules an action can break.

pub use super::guess::Guess;

/// An action in Fairy: committing a guess for the coming reveal.
pub type Action = Guess;

/// Why a guess was refused.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Violation {
    /// The player already made a gesture this turn.
    #[error("this player has already guessed this turn")]
    AlreadyGuessed,
    /// The player is not among the tied leaders playing on to break a tie.
    #[error("only the tied leaders keep guessing")]
    SittingOut,
}
