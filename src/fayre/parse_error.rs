//! Why a text is not an action, in words a person reads: what was typed,
//! what was expected, and the numbers the table has.

use core::fmt;

use super::mini_game::MiniGame;
use super::typed::Typed;

/// What a number in an action counts, to say which numbers there are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Numbered {
    /// A die face (1 to 6).
    Face,
    /// A player.
    Player,
    /// A table position ("game 1").
    Game,
    /// A player space, on that Mini Game when the text names one in play.
    Space(Option<MiniGame>),
    /// A Fairy space.
    FairySpace,
    /// A prize square of the Prize Pit.
    PrizeSquare,
    /// How far the blue or red fairy moves a die (1 or 2).
    Steps,
}

/// Why a text is not an action in the [notation](super#notation), or not
/// one in a seat's context ([`Game::read_action`](crate::Game::read_action)).
///
/// `Display` names what was typed and what was expected; each `at` is the
/// byte offset of the problem in the text, for programs that underline it.
///
/// ```
/// use fairy_ring::fayre::{Action, ParseActionError};
///
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// let error = |text: &str| text.parse::<Action>().map_err(|e| e.to_string());
/// assert_eq!(error("choose 2"), Err("expected \"player\" but found \"2\"".into()));
/// assert_eq!(
///     error("pick the 7 in the Fairy pool"),
///     Err("a die has no face 7: its faces are 1 to 6".into()),
/// );
/// assert_eq!(
///     error("steal nothing now"),
///     Err("\"now\" follows a whole action: give exactly one action".into()),
/// );
/// assert!(matches!(
///     "choose player".parse::<Action>(),
///     Err(ParseActionError::Expected { at: 13, expected: "a number", found: None }),
/// ));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum ParseActionError {
    /// The text is empty or only whitespace.
    Empty,
    /// The first word starts no action.
    UnknownWord {
        /// Byte offset of the word.
        at: usize,
        /// The word, as typed.
        word: Typed,
    },
    /// The notation needs `expected` (a word, or a description such as "a
    /// number"), but the text has another word or ends.
    Expected {
        /// Byte offset of the word found, or the length of the text.
        at: usize,
        /// What the notation needs there.
        expected: &'static str,
        /// The word found, as typed (`None` at the end of the text).
        found: Option<Typed>,
    },
    /// The number is not one the table has: `min` to `max` (a face is 1 to
    /// 6; a player, game, space or prize square 1 to 256 in the bare
    /// notation, and in a seat's context as many as its table has).
    OutOfRange {
        /// Byte offset of the number.
        at: usize,
        /// The number, as typed (however large).
        number: Typed,
        /// What it counts.
        what: Numbered,
        /// The smallest number allowed there.
        min: u16,
        /// The largest number allowed there.
        max: u16,
    },
    /// The rest of the text names no Mischief card.
    NotAMischief {
        /// Byte offset of the card's name.
        at: usize,
        /// The name, as typed.
        name: Typed,
    },
    /// A Mini Game named by its printed name is not in play in the seat's
    /// view.
    NotInPlay {
        /// Byte offset of the name.
        at: usize,
        /// The Mini Game named.
        game: MiniGame,
    },
    /// A Mini Game named by its printed name where no view says where it
    /// is: the bare notation names it by table position ("game 1").
    GameByName {
        /// Byte offset of the name.
        at: usize,
        /// The Mini Game named.
        game: MiniGame,
    },
    /// "your" where no player's seat says whose: the bare notation, or a
    /// spectator's view.
    NoSeat {
        /// Byte offset of the word.
        at: usize,
    },
    /// In a seat's context: a die on a card named with an owner or a face
    /// that is not the die's on that space ("your 4 on Ring Toss, space 1"
    /// where player 2's 3 is).
    NotThere {
        /// Byte offset of the die's words.
        at: usize,
        /// The die's words, as typed.
        die: Typed,
    },
    /// In a seat's context: the decision is about one die (being placed,
    /// moved up or down, or swapped), and the text names another.
    NotTheDie {
        /// Byte offset of the die's words.
        at: usize,
        /// The die's words, as typed.
        die: Typed,
        /// What is being done to the decision's die: "placed", "moved" or
        /// "swapped".
        doing: &'static str,
    },
    /// In a seat's context: the text's verb is not what the decision does
    /// ("turn over" a die while the grey fairy swaps it, "re-roll" a pool
    /// while the Goblin steals).
    DoesNotFit {
        /// Byte offset of the verb.
        at: usize,
        /// The verb, as typed.
        word: Typed,
        /// The words that fit, quoted: `"swap" or "pick"`.
        fits: &'static str,
    },
    /// In a seat's context: "swap A with B" before the first die of the
    /// swap is picked; the dice are picked one at a time.
    OneAtATime {
        /// Byte offset of the text.
        at: usize,
    },
    /// A whole action is followed by more text.
    TrailingText {
        /// Byte offset of the first extra word.
        at: usize,
        /// The extra text, as typed.
        extra: Typed,
    },
}

impl ParseActionError {
    /// The byte offset of the problem in the text (0 for an empty text).
    pub fn at(&self) -> usize {
        match *self {
            ParseActionError::Empty => 0,
            ParseActionError::UnknownWord { at, .. }
            | ParseActionError::Expected { at, .. }
            | ParseActionError::OutOfRange { at, .. }
            | ParseActionError::NotAMischief { at, .. }
            | ParseActionError::NotInPlay { at, .. }
            | ParseActionError::GameByName { at, .. }
            | ParseActionError::NoSeat { at }
            | ParseActionError::NotThere { at, .. }
            | ParseActionError::NotTheDie { at, .. }
            | ParseActionError::DoesNotFit { at, .. }
            | ParseActionError::OneAtATime { at }
            | ParseActionError::TrailingText { at, .. } => at,
        }
    }
}

/// What the notation needs: a word in quotes ("player"), a description
/// ("a number") as it is.
struct Needed(&'static str);

impl fmt::Display for Needed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.contains([' ']) {
            f.write_str(self.0)
        } else {
            write!(f, "\"{}\"", self.0)
        }
    }
}

impl fmt::Display for ParseActionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ParseActionError::Empty => f.write_str(
                "no action given: try \"draw\", \"play the yellow fairy\", \"pick the 4 in \
                 player 1's pool\" or \"place it on game 1\"",
            ),
            ParseActionError::UnknownWord { word, .. } => write!(
                f,
                "\"{word}\" starts no action: an action starts with draw, play, take, pick, \
                 move, up, down, choose, place, roll, report, discard, steal, turn, swap or \
                 re-roll"
            ),
            ParseActionError::Expected {
                expected, found, ..
            } => match found {
                Some(found) => write!(f, "expected {} but found \"{found}\"", Needed(expected)),
                None => write!(f, "expected {} but the text ends", Needed(expected)),
            },
            ParseActionError::OutOfRange {
                number,
                what,
                min,
                max,
                ..
            } => match what {
                Numbered::Face => write!(f, "a die has no face {number}: its faces are 1 to 6"),
                Numbered::Player => write!(
                    f,
                    "there is no player {number}: players are numbered {min} to {max}"
                ),
                Numbered::Game => write!(
                    f,
                    "there is no game {number}: games are numbered {min} to {max}"
                ),
                Numbered::Space(None) => write!(
                    f,
                    "there is no space {number}: spaces are numbered {min} to {max}"
                ),
                Numbered::Space(Some(game)) => write!(
                    f,
                    "there is no space {number} on {game}: its spaces are numbered {min} to {max}"
                ),
                Numbered::FairySpace => write!(
                    f,
                    "there is no Fairy space {number}: Fairy spaces are numbered {min} to {max}"
                ),
                Numbered::PrizeSquare => write!(
                    f,
                    "there is no prize square {number}: prize squares are numbered {min} to {max}"
                ),
                Numbered::Steps if min == max => {
                    write!(f, "this fairy moves a die by {min}, not {number}")
                }
                Numbered::Steps => write!(f, "a fairy moves a die by 1 or 2, not {number}"),
            },
            ParseActionError::NotAMischief { name, .. } => write!(
                f,
                "no Mischief card is called \"{name}\": the cards are the yellow, blue, red, \
                 grey and pink fairies and re-roll a dice pool"
            ),
            ParseActionError::NotInPlay { game, .. } => write!(f, "{game} is not in play"),
            ParseActionError::GameByName { game, .. } => write!(
                f,
                "name a Mini Game by its table position here, game 1 to 3 ({game} is named \
                 only in a seat's view)"
            ),
            ParseActionError::NoSeat { .. } => {
                f.write_str("\"your\" names nobody without a seat: say whose, like \"player 1's\"")
            }
            ParseActionError::NotThere { die, .. } => {
                write!(
                    f,
                    "no die at this table is \"{die}\": look at that space again"
                )
            }
            ParseActionError::NotTheDie { die, doing, .. } => {
                write!(f, "\"{die}\" is not the die being {doing}")
            }
            ParseActionError::DoesNotFit { word, fits, .. } => {
                write!(f, "\"{word}\" does not fit this decision: say {fits}")
            }
            ParseActionError::OneAtATime { .. } => f.write_str(
                "the dice to swap are picked one at a time: first \"swap\" and the first die alone",
            ),
            ParseActionError::TrailingText { extra, .. } => write!(
                f,
                "\"{extra}\" follows a whole action: give exactly one action"
            ),
        }
    }
}

impl core::error::Error for ParseActionError {}
