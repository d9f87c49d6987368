//! The four guesses and what they score.

use core::fmt;
use core::str::FromStr;

use super::cards::{Card, CharmDeck};
use crate::Score;

/// A guess about the next charm card, shown with a hand gesture. This is the
/// only kind of action in Fairy.
///
/// Written as the score card names it: `higher`, `lower`, `same suit` and
/// `catch`; parsed from that or the short forms `h`, `l`, `s`, `c`, in any
/// ASCII case (see [Notation](super#notation)).
///
/// ```
/// use fairy_ring::fairy::Guess;
/// assert_eq!("Same Suit".parse(), Ok(Guess::SameSuit));
/// assert_eq!(Guess::Catch.to_string(), "catch");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
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

/// Why a text is not a guess in the [notation](super#notation).
///
/// The byte offsets (`at`) are for programs, to point at the word; they
/// count from the start of the text as given, leading whitespace included.
/// The message a person reads says what is wrong without them.
///
/// ```
/// use fairy_ring::fairy::{Action, ParseActionError};
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert_eq!("up".parse::<Action>(), Err(ParseActionError::UnknownWord { at: 0 }));
/// assert_eq!("same".parse::<Action>(), Err(ParseActionError::MissingSuit { at: 4 }));
/// assert_eq!("h l".parse::<Action>(), Err(ParseActionError::TrailingText { at: 2 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// The text is empty or only whitespace (or only the word `guess`).
    #[error("no guess given: a guess is higher (h), lower (l), same suit (s) or catch (c)")]
    Empty,
    /// The word starting at byte `at` names no guess.
    #[error("that is not a guess: a guess is higher (h), lower (l), same suit (s) or catch (c)")]
    UnknownWord {
        /// Byte offset of the word in the text.
        at: usize,
    },
    /// `same` is not followed by `suit` (at byte `at`).
    #[error("\"same\" must be followed by \"suit\": the guess is \"same suit\" (or \"s\")")]
    MissingSuit {
        /// Byte offset just after `same`, or of the word found instead of
        /// `suit`.
        at: usize,
    },
    /// A whole guess is followed by more text, starting at byte `at`.
    #[error("give exactly one guess, with nothing after it")]
    TrailingText {
        /// Byte offset of the first extra word.
        at: usize,
    },
}

/// The error of parsing a [`Guess`], which is Fairy's [`Action`](super::Action).
///
/// It used to be a unit struct; it is now [`ParseActionError`], which says
/// what was wrong.
pub type ParseGuessError = ParseActionError;

/// The words of `text` with their byte offsets, split at any whitespace.
fn words(text: &str) -> impl Iterator<Item = (usize, &str)> {
    let start = text.as_ptr() as usize;
    text.split_whitespace()
        .map(move |word| ((word.as_ptr() as usize).saturating_sub(start), word))
}

impl FromStr for Guess {
    type Err = ParseActionError;

    /// A guess in the [notation](super#notation): `higher`, `lower`,
    /// `same suit`, `catch`, or `h`, `l`, `s`, `c`, optionally after the word
    /// `guess`; any ASCII case and any whitespace around and between words.
    fn from_str(text: &str) -> Result<Guess, ParseActionError> {
        let mut words = words(text).peekable();
        if words
            .peek()
            .is_some_and(|(_, word)| word.eq_ignore_ascii_case("guess"))
        {
            words.next();
        }
        let (at, word) = words.next().ok_or(ParseActionError::Empty)?;
        let is = |name: &str| word.eq_ignore_ascii_case(name);
        let guess = if is("higher") || is("h") {
            Guess::Higher
        } else if is("lower") || is("l") {
            Guess::Lower
        } else if is("same") {
            match words.next() {
                Some((_, suit)) if suit.eq_ignore_ascii_case("suit") => Guess::SameSuit,
                Some((at, _)) => return Err(ParseActionError::MissingSuit { at }),
                None => {
                    let at = at.saturating_add(word.len());
                    return Err(ParseActionError::MissingSuit { at });
                }
            }
        } else if is("s") {
            Guess::SameSuit
        } else if is("catch") || is("c") {
            Guess::Catch
        } else {
            return Err(ParseActionError::UnknownWord { at });
        };
        match words.next() {
            Some((at, _)) => Err(ParseActionError::TrailingText { at }),
            None => Ok(guess),
        }
    }
}
