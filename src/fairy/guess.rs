//! The four guesses and what they score.

use core::fmt;
use core::str::FromStr;

use super::cards::{Card, CharmDeck};
use crate::Score;

/// A guess about the next charm card, shown with a hand gesture. This is the
/// only kind of action in Fairy.
///
/// Written and parsed as the score card names it: `higher`, `lower`,
/// `same suit` and `catch` (parsing ignores ASCII case).
///
/// ```
/// use fairy_ring::fairy::Guess;
/// assert_eq!("Same Suit".parse(), Ok(Guess::SameSuit));
/// assert_eq!(Guess::Catch.to_string(), "catch");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Guess {
    /// Pointing up: the next card has a higher number (+2 / -1).
    Higher,
    /// Pointing down: the next card has a lower number (+2 / -1).
    Lower,
    /// Pointing sideways: the next card is of the same suit (+4 / -1).
    SameSuit,
    /// A catching gesture: the next card shows a fairy (+7 / -1).
    Catch,
}

/// Points lost for any wrong guess.
pub const WRONG_GUESS: Score = -1;

impl Guess {
    /// The four gestures, in the order they are listed on the score card.
    pub const ALL: [Guess; 4] = [Guess::Higher, Guess::Lower, Guess::SameSuit, Guess::Catch];

    /// Position of the guess in [`Guess::ALL`] (and in every player's legal
    /// actions), 0 to 3.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The guess as the score card names it: "higher", "lower", "same suit"
    /// or "catch".
    pub const fn name(self) -> &'static str {
        match self {
            Guess::Higher => "higher",
            Guess::Lower => "lower",
            Guess::SameSuit => "same suit",
            Guess::Catch => "catch",
        }
    }

    /// Points scored when the guess is right.
    pub const fn points(self) -> Score {
        match self {
            Guess::Higher | Guess::Lower => 2,
            Guess::SameSuit => 4,
            Guess::Catch => 7,
        }
    }

    /// Whether the guess is right when `next` is revealed onto `previous`.
    pub fn is_right(self, deck: &CharmDeck, previous: Card, next: Card) -> bool {
        match self {
            Guess::Higher => next.number() > previous.number(),
            Guess::Lower => next.number() < previous.number(),
            Guess::SameSuit => deck.suit(next) == deck.suit(previous),
            Guess::Catch => deck.has_fairy(next),
        }
    }

    /// The score change before the track's floor and top apply.
    pub fn change(self, deck: &CharmDeck, previous: Card, next: Card) -> Score {
        if self.is_right(deck, previous, next) {
            self.points()
        } else {
            WRONG_GUESS
        }
    }
}

impl fmt::Display for Guess {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Text that names none of the four guesses.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("a guess is one of: higher, lower, same suit, catch")]
pub struct ParseGuessError;

impl FromStr for Guess {
    type Err = ParseGuessError;

    /// One of `higher`, `lower`, `same suit`, `catch`, in any ASCII case.
    fn from_str(text: &str) -> Result<Guess, ParseGuessError> {
        Guess::ALL
            .into_iter()
            .find(|guess| guess.name().eq_ignore_ascii_case(text))
            .ok_or(ParseGuessError)
    }
}
