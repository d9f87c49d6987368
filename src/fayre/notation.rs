//! The action notation: `FromStr` for [`Action`], reading back what its
//! `Display` prints (see the module docs, "Notation").

use core::str::FromStr;

use super::action::{Action, Shift};
use super::dice::{DieRef, Face, Side};
use super::mischief::Mischief;
use super::prize_pit::PitOutcome;
use crate::Player;

/// Why a text is not an action in the [notation](super#notation).
///
/// Byte offsets (`at`) count from the start of the text as given, leading
/// whitespace included.
///
/// ```
/// use fairy_ring::fayre::{Action, ParseActionError};
///
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert_eq!("dance".parse::<Action>(), Err(ParseActionError::UnknownWord { at: 0 }));
/// assert_eq!(
///     "choose player".parse::<Action>(),
///     Err(ParseActionError::Expected { at: 13, expected: "a number" }),
/// );
/// assert_eq!(
///     "pick the 7 in the Fairy pool".parse::<Action>(),
///     Err(ParseActionError::OutOfRange { at: 9, min: 1, max: 6 }),
/// );
/// assert_eq!(
///     "play the green fairy".parse::<Action>(),
///     Err(ParseActionError::NotAMischief { at: 9 }),
/// );
/// assert_eq!("steal nothing now".parse::<Action>(), Err(ParseActionError::TrailingText { at: 14 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// The text is empty or only whitespace.
    #[error(
        "no action given: try \"draw\", \"play the yellow fairy\", \"pick the 4 in player 1's pool\" or \"place it on game 1\""
    )]
    Empty,
    /// The first word, at byte `at`, starts no action.
    #[error(
        "the word at byte {at} starts no action (actions start with draw, play, take, pick, move, up, down, choose, place, roll, report, discard or steal)"
    )]
    UnknownWord {
        /// Byte offset of the word.
        at: usize,
    },
    /// At byte `at` the notation needs `expected` (a word, or "a number"),
    /// but the text has another word or ends.
    #[error("expected {expected} at byte {at}")]
    Expected {
        /// Byte offset of the word found, or the length of the text.
        at: usize,
        /// What the notation needs there.
        expected: &'static str,
    },
    /// The number at byte `at` is outside `min` to `max` (a face is 1 to
    /// 6; a player, game, space or prize square 1 to 256).
    #[error("the number at byte {at} is out of range: it must be {min} to {max}")]
    OutOfRange {
        /// Byte offset of the number.
        at: usize,
        /// The smallest number allowed there.
        min: u16,
        /// The largest number allowed there.
        max: u16,
    },
    /// The text from byte `at` names no Mischief card.
    #[error(
        "no Mischief card is called what follows byte {at} (try a fairy, like \"yellow fairy\")"
    )]
    NotAMischief {
        /// Byte offset of the card's name.
        at: usize,
    },
    /// A whole action is followed by more text, from byte `at`.
    #[error("text after the action at byte {at}: give exactly one action")]
    TrailingText {
        /// Byte offset of the first extra word.
        at: usize,
    },
}

/// Whether `c` is an apostrophe (straight or typographic).
fn apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// A cursor over the words of an action text. Commas are skipped; an
/// apostrophe starts a word of its own (`2's` is `2` then `'s`).
struct Words<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Words<'a> {
    /// The next word and its offset, without consuming it.
    fn peek(&self) -> Option<(usize, &'a str)> {
        let rest = self.text.get(self.pos..)?;
        let skip = rest
            .char_indices()
            .find(|&(_, c)| !c.is_whitespace() && c != ',')
            .map(|(i, _)| i)?;
        let start = self.pos.saturating_add(skip);
        let word = self.text.get(start..)?;
        let mut chars = word.char_indices();
        let (_, first) = chars.next()?;
        let end = if apostrophe(first) {
            chars
                .find(|&(_, c)| !c.is_alphanumeric())
                .map_or(word.len(), |(i, _)| i)
        } else {
            chars
                .find(|&(_, c)| c.is_whitespace() || c == ',' || apostrophe(c))
                .map_or(word.len(), |(i, _)| i)
        };
        Some((start, word.get(..end)?))
    }

    /// The next word and its offset.
    fn next(&mut self) -> Option<(usize, &'a str)> {
        let (at, word) = self.peek()?;
        self.pos = at.saturating_add(word.len());
        Some((at, word))
    }

    /// Where the next word starts, or the end of the text.
    fn here(&self) -> usize {
        self.peek().map_or(self.text.len(), |(at, _)| at)
    }

    /// Consumes the next word if it is `word` (ignoring ASCII case).
    fn eat(&mut self, word: &str) -> bool {
        match self.peek() {
            Some((_, next)) if same_word(next, word) => {
                self.next();
                true
            }
            _ => false,
        }
    }

    /// The next word must be `word`.
    fn expect(&mut self, word: &'static str) -> Result<(), ParseActionError> {
        if self.eat(word) {
            Ok(())
        } else {
            Err(ParseActionError::Expected {
                at: self.here(),
                expected: word,
            })
        }
    }

    /// Each word of `words` in turn.
    fn expect_all(&mut self, words: &[&'static str]) -> Result<(), ParseActionError> {
        words.iter().try_for_each(|word| self.expect(word))
    }

    /// A number from `min` to `max`.
    fn number(&mut self, min: u16, max: u16) -> Result<u16, ParseActionError> {
        let at = self.here();
        let expected = ParseActionError::Expected {
            at,
            expected: "a number",
        };
        match self.peek() {
            Some((_, word)) if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => {
                self.next();
                let value = word
                    .bytes()
                    .try_fold(0u32, |n, b| {
                        n.checked_mul(10)?.checked_add(u32::from(b - b'0'))
                    })
                    .unwrap_or(u32::MAX);
                match u16::try_from(value) {
                    Ok(n) if (min..=max).contains(&n) => Ok(n),
                    _ => Err(ParseActionError::OutOfRange { at, min, max }),
                }
            }
            _ => Err(expected),
        }
    }

    /// A die face, 1 to 6.
    fn face(&mut self) -> Result<Face, ParseActionError> {
        let at = self.here();
        let n = self.number(1, 6)?;
        u8::try_from(n)
            .ok()
            .and_then(Face::new)
            .ok_or(ParseActionError::OutOfRange { at, min: 1, max: 6 })
    }

    /// A 1-based number 1 to 256, as its 0-based `u8`.
    fn index(&mut self) -> Result<u8, ParseActionError> {
        let n = self.number(1, 256)?;
        Ok(u8::try_from(n.saturating_sub(1)).unwrap_or(u8::MAX))
    }

    /// `player N`.
    fn player(&mut self) -> Result<Player, ParseActionError> {
        self.expect("player")?;
        Ok(Player(self.index()?))
    }

    /// `game N`.
    fn game(&mut self) -> Result<u8, ParseActionError> {
        self.expect("game")?;
        self.index()
    }

    /// A Mischief card: the rest of the text, after an optional `the`.
    fn mischief(&mut self) -> Result<Mischief, ParseActionError> {
        self.eat("the");
        let at = self.here();
        let rest = self.text.get(at..).unwrap_or("");
        let card = rest
            .parse::<Mischief>()
            .map_err(|_| ParseActionError::NotAMischief { at })?;
        self.pos = self.text.len();
        Ok(card)
    }

    /// A die, as [`DieRef`]'s `Display` writes it.
    fn die(&mut self) -> Result<DieRef, ParseActionError> {
        self.eat("the");
        if self.eat("player") {
            self.expect_all(&["die", "on"])?;
            let booth = self.game()?;
            self.expect("space")?;
            let space = self.index()?;
            return Ok(DieRef::Placed { booth, space });
        }
        if self.eat("fairy") {
            self.expect_all(&["die", "on"])?;
            let booth = self.game()?;
            self.expect_all(&["fairy", "space"])?;
            let space = self.index()?;
            return Ok(DieRef::PlacedFairy { booth, space });
        }
        let face = self.face()?;
        self.expect("in")?;
        if self.eat("the") {
            self.expect_all(&["fairy", "pool"])?;
            return Ok(DieRef::FairyPool { face });
        }
        let owner = self.player()?;
        self.expect_all(&["'s", "pool"])?;
        Ok(DieRef::Pool { owner, face })
    }

    /// A reported Prize Pit outcome.
    fn report(&mut self) -> Result<PitOutcome, ParseActionError> {
        if self.eat("the") {
            if self.eat("goblin") {
                return Ok(PitOutcome::Goblin);
            }
            self.expect_all(&["sleeping", "dragon"])?;
            return Ok(PitOutcome::SleepingDragon);
        }
        if self.eat("bounced") {
            self.expect("out")?;
            return Ok(PitOutcome::BouncedOut);
        }
        let face = self.face()?;
        let square = if self.eat("on") {
            self.expect_all(&["prize", "square"])?;
            Some(self.index()?)
        } else {
            None
        };
        Ok(PitOutcome::Number { face, square })
    }
}

/// Whether two words are the same, ignoring ASCII case; the apostrophes of
/// `'s` may be straight or typographic.
fn same_word(found: &str, word: &str) -> bool {
    if word == "'s" {
        let mut chars = found.chars();
        return chars.next().is_some_and(apostrophe)
            && chars.next().is_some_and(|c| c.eq_ignore_ascii_case(&'s'))
            && chars.next().is_none();
    }
    found.eq_ignore_ascii_case(word)
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// An action in the [notation](super#notation); never panics.
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let mut words = Words { text, pos: 0 };
        let (at, first) = words.peek().ok_or(ParseActionError::Empty)?;
        let is = |word: &str| same_word(first, word);
        words.next();
        let action = if is("draw") {
            if words.eat("a") {
                words.expect_all(&["mischief", "card"])?;
            }
            Action::Draw
        } else if is("play") {
            Action::Play(words.mischief()?)
        } else if is("take") {
            words.expect_all(&["no", "mischief", "action"])?;
            Action::NoMischief
        } else if is("pick") {
            Action::Pick(words.die()?)
        } else if is("move") {
            words.expect_all(&["the", "die"])?;
            if words.eat("up") {
                Action::Shift(Shift::Up)
            } else {
                words.expect("down")?;
                Action::Shift(Shift::Down)
            }
        } else if is("up") {
            Action::Shift(Shift::Up)
        } else if is("down") {
            Action::Shift(Shift::Down)
        } else if is("choose") {
            Action::ChoosePlayer(words.player()?)
        } else if is("place") {
            words.expect_all(&["it", "on"])?;
            let booth = words.game()?;
            let side = if words.eat("left") {
                Some(Side::Left)
            } else if words.eat("right") {
                Some(Side::Right)
            } else {
                None
            };
            if side.is_some() {
                words.eat("side");
            }
            Action::PlaceOn { booth, side }
        } else if is("roll") {
            if words.eat("into") {
                words.expect_all(&["the", "prize", "pit"])?;
            }
            Action::RollPrizePit
        } else if is("report") {
            Action::ReportPrizePit(words.report()?)
        } else if is("discard") {
            Action::Discard(words.mischief()?)
        } else if is("steal") {
            words.expect("nothing")?;
            Action::DeclineSteal
        } else {
            return Err(ParseActionError::UnknownWord { at });
        };
        match words.peek() {
            Some((at, _)) => Err(ParseActionError::TrailingText { at }),
            None => Ok(action),
        }
    }
}
