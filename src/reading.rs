//! Reading what a seat typed or clicked, in the context of its decision:
//! [`Decision::read`].
//!
//! A seat is shown its choices in its own words ([`Game::write_action`]):
//! "place the 2 in your pool on Magic Geode Shy", where the notation says
//! "place 2 on game 1". Whatever text a seat was shown must read back to the
//! action it names, and a person may also type the notation, or a short form
//! that only one of their choices fits ("Spring 3" when they hold Spring 3
//! #2). Reading against the decision, like shakmaty's `San::to_move(&pos)`
//! or OpenSpiel's `string_to_action`, does all three.

use core::fmt;
use core::str::FromStr;

use crate::{ActionInView, ActionList, Decision, Game};

/// Why a text is not one of a seat's choices ([`Decision::read`]).
///
/// `Display` names the choices in the seat's own words.
#[non_exhaustive]
pub enum ReadError<G: Game> {
    /// The text is empty.
    Empty,
    /// The text is longer than any choice's words (256 bytes).
    TooLong,
    /// The text is a number, but the seat has not that many choices.
    NoSuchChoice {
        /// The number typed (`usize::MAX` for one too large to hold).
        number: usize,
        /// How many choices the seat has.
        choices: usize,
    },
    /// The text names no action of the game, and fits none of the seat's
    /// choices: the game's reason.
    Unreadable(<G::Action as FromStr>::Err),
    /// The text names an action that is not one of the seat's choices now.
    NotAChoice {
        /// The action the text names.
        action: G::Action,
        /// The seat's view, to name it in the seat's words.
        view: G::View,
    },
    /// The text fits several of the seat's choices.
    Ambiguous {
        /// The choices it fits, in the order of the legal actions.
        candidates: ActionList<G::Action>,
        /// The seat's view, to name them in the seat's words.
        view: G::View,
    },
}

impl<G: Game> ReadError<G> {
    /// The choices an ambiguous text fits (empty for the other errors).
    pub fn candidates(&self) -> &[G::Action] {
        match self {
            ReadError::Ambiguous { candidates, .. } => candidates,
            _ => &[],
        }
    }
}

impl<G: Game> Clone for ReadError<G> {
    fn clone(&self) -> Self {
        match self {
            ReadError::Empty => ReadError::Empty,
            ReadError::TooLong => ReadError::TooLong,
            ReadError::NoSuchChoice { number, choices } => ReadError::NoSuchChoice {
                number: *number,
                choices: *choices,
            },
            ReadError::Unreadable(error) => ReadError::Unreadable(error.clone()),
            ReadError::NotAChoice { action, view } => ReadError::NotAChoice {
                action: *action,
                view: view.clone(),
            },
            ReadError::Ambiguous { candidates, view } => ReadError::Ambiguous {
                candidates: candidates.clone(),
                view: view.clone(),
            },
        }
    }
}

impl<G: Game> PartialEq for ReadError<G> {
    fn eq(&self, other: &Self) -> bool {
        match (self, other) {
            (ReadError::Empty, ReadError::Empty) | (ReadError::TooLong, ReadError::TooLong) => true,
            (
                ReadError::NoSuchChoice { number, choices },
                ReadError::NoSuchChoice {
                    number: other_number,
                    choices: other_choices,
                },
            ) => number == other_number && choices == other_choices,
            (ReadError::Unreadable(a), ReadError::Unreadable(b)) => a == b,
            (
                ReadError::NotAChoice { action, view },
                ReadError::NotAChoice {
                    action: other_action,
                    view: other_view,
                },
            ) => action == other_action && view == other_view,
            (
                ReadError::Ambiguous { candidates, view },
                ReadError::Ambiguous {
                    candidates: other_candidates,
                    view: other_view,
                },
            ) => candidates == other_candidates && view == other_view,
            _ => false,
        }
    }
}

impl<G: Game> Eq for ReadError<G> {}

impl<G: Game> fmt::Debug for ReadError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Empty => f.write_str("Empty"),
            ReadError::TooLong => f.write_str("TooLong"),
            ReadError::NoSuchChoice { number, choices } => f
                .debug_struct("NoSuchChoice")
                .field("number", number)
                .field("choices", choices)
                .finish(),
            ReadError::Unreadable(error) => f.debug_tuple("Unreadable").field(error).finish(),
            ReadError::NotAChoice { action, .. } => f
                .debug_struct("NotAChoice")
                .field("action", action)
                .finish(),
            ReadError::Ambiguous { candidates, .. } => f
                .debug_struct("Ambiguous")
                .field("candidates", candidates)
                .finish(),
        }
    }
}

/// "roll the Goblin die is not one of your choices now", "\"Spring 3\" could
/// be: play Spring 3, or play Spring 3 #2".
impl<G: Game> fmt::Display for ReadError<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ReadError::Empty => f.write_str("type a move, or the number of a choice"),
            ReadError::TooLong => f.write_str(
                "that is far longer than any move: type a move, or the number of a choice",
            ),
            ReadError::NoSuchChoice { choices: 0, .. } => {
                f.write_str("you have no choice to make now")
            }
            ReadError::NoSuchChoice {
                number: usize::MAX,
                choices,
            } => write!(f, "choose a number from 1 to {choices}"),
            ReadError::NoSuchChoice { number, choices } => {
                write!(
                    f,
                    "there is no choice {number}: choose a number from 1 to {choices}"
                )
            }
            ReadError::Unreadable(error) => fmt::Display::fmt(error, f),
            ReadError::NotAChoice { action, view } => write!(
                f,
                "{} is not one of your choices now",
                ActionInView::<G>::new(view, action)
            ),
            ReadError::Ambiguous { candidates, view } => {
                f.write_str("that could be ")?;
                let count = candidates.len();
                for (i, action) in candidates.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == count { ", or " } else { ", " })?;
                    }
                    write!(f, "\"{}\"", ActionInView::<G>::new(view, action))?;
                }
                f.write_str(": say which")
            }
        }
    }
}

impl<G: Game> core::error::Error for ReadError<G> {}

/// At most this many bytes of a typed text or of an action's words take part
/// in the comparison (no action's words come near it).
const MAX_TEXT: usize = 256;

/// A text folded for comparison: lowercase, every run of characters that
/// are not letters, digits, `#`, `'` (any apostrophe or prime a keyboard
/// types) or a sign in front of a digit turned into one space, no space at
/// either end.
struct Folded {
    bytes: [u8; MAX_TEXT],
    len: usize,
    /// A `+` or `-` just seen: kept if a digit follows.
    sign: Option<char>,
    /// Whether text in parentheses is left out, and how deep in them the
    /// text is now.
    outside_parentheses: bool,
    depth: u8,
}

impl Folded {
    fn new() -> Self {
        Folded {
            bytes: [0; MAX_TEXT],
            len: 0,
            sign: None,
            outside_parentheses: false,
            depth: 0,
        }
    }

    fn as_str(&self) -> &str {
        // Only whole UTF-8 characters are ever written.
        self.bytes
            .get(..self.len)
            .and_then(|bytes| core::str::from_utf8(bytes).ok())
            .unwrap_or("")
    }

    /// The words, separated by single spaces.
    fn words(&self) -> impl Iterator<Item = &str> {
        // An array of one `char`, not a `char`: the `char` searcher's fast path
        // carries a slice-index panic the optimizer cannot remove.
        self.as_str().split([' ']).filter(|word| !word.is_empty())
    }

    fn push_str(&mut self, text: &str) -> fmt::Result {
        let end = self.len + text.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }

    fn push_space(&mut self) -> fmt::Result {
        if self.len == 0 || self.bytes.get(self.len - 1) == Some(&b' ') {
            return Ok(());
        }
        self.push_str(" ")
    }

    fn push_char(&mut self, c: char) -> fmt::Result {
        if self.outside_parentheses {
            match c {
                '(' => self.depth = self.depth.saturating_add(1),
                ')' => self.depth = self.depth.saturating_sub(1),
                _ if self.depth > 0 => {}
                _ => return self.push_kept(c),
            }
            return self.push_space();
        }
        self.push_kept(c)
    }

    fn push_kept(&mut self, c: char) -> fmt::Result {
        let mut buffer = [0; 4];
        if let Some(sign) = self.sign.take() {
            if c.is_ascii_digit() {
                self.push_str(sign.encode_utf8(&mut buffer))?;
            } else {
                self.push_space()?;
            }
        }
        match c {
            '+' | '-' => {
                self.sign = Some(c);
                Ok(())
            }
            // Apostrophes and primes as keyboards and word processors type them.
            '\'' | '\u{2019}' | '\u{2018}' | '\u{02bc}' | '\u{2032}' => self.push_str("'"),
            '#' => self.push_str("#"),
            c if c.is_alphanumeric() => {
                for lower in c.to_lowercase() {
                    self.push_str(lower.encode_utf8(&mut buffer))?;
                }
                Ok(())
            }
            _ => self.push_space(),
        }
    }

    fn trimmed(mut self) -> Self {
        self.sign = None;
        while self.len > 0 && self.bytes.get(self.len - 1) == Some(&b' ') {
            self.len -= 1;
        }
        self
    }

    /// `text` folded, or `None` if it is too long to compare.
    fn of_str(text: &str) -> Option<Self> {
        let mut folded = Folded::new();
        for c in text.chars() {
            folded.push_char(c).ok()?;
        }
        Some(folded.trimmed())
    }

    /// What `value` prints, folded, or `None` if it is too long.
    fn of_display(value: &dyn fmt::Display) -> Option<Self> {
        let mut folded = Folded::new();
        fmt::write(&mut folded, format_args!("{value}")).ok()?;
        Some(folded.trimmed())
    }

    /// What `value` prints outside parentheses, folded: an action's words
    /// without their asides ("play Summer 4 #2 (ability: draws 1 card)" is
    /// "play summer 4 #2"), or `None` if it is too long.
    fn of_display_outside_parentheses(value: &dyn fmt::Display) -> Option<Self> {
        let mut folded = Folded::new();
        folded.outside_parentheses = true;
        fmt::write(&mut folded, format_args!("{value}")).ok()?;
        Some(folded.trimmed())
    }

    /// Whether some word names something: it has a letter and is not one
    /// of the small words every choice shares ("the", "a", "your"...).
    fn has_a_name(&self) -> bool {
        const SMALL: [&str; 19] = [
            "a", "an", "the", "of", "to", "on", "onto", "in", "into", "at", "by", "from", "with",
            "and", "or", "your", "their", "my", "it",
        ];
        self.words()
            .any(|word| word.chars().any(char::is_alphabetic) && !SMALL.contains(&word))
    }

    /// The number a text of digits alone names.
    fn number(&self) -> Option<usize> {
        let text = self.as_str();
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        Some(text.parse().unwrap_or(usize::MAX))
    }
}

impl fmt::Write for Folded {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        text.chars().try_for_each(|c| self.push_char(c))
    }
}

/// `text` as [`Decision::read`] compares it (lowercase, punctuation as
/// spaces, apostrophes and signs kept), handed to `f`; `None` if it is too
/// long to compare. For a game that must refuse component names a reader
/// could not tell apart.
pub(crate) fn as_read<R>(text: &str, f: impl FnOnce(&str) -> R) -> Option<R> {
    Folded::of_str(text).map(|folded| f(folded.as_str()))
}

/// Whether every word of `short` appears in `long`, in the same order.
fn words_in_order(short: &Folded, long: &Folded) -> bool {
    let mut long = long.words();
    short
        .words()
        .all(|word| long.by_ref().any(|other| other == word))
}

impl<G: Game> Decision<G> {
    /// Reads `text` as this seat's choice: one of [`legal`](Decision::legal).
    ///
    /// In this order, ignoring case, spacing and punctuation (but not the
    /// apostrophe or prime of a card's name, nor the sign of a number):
    ///
    /// 1. the words the seat is shown for a choice ([`ActionInView`]): every
    ///    text a user interface displays reads back to its action;
    /// 2. the game's notation, read in the seat's context
    ///    ([`Game::read_action`]), when it names one of the choices;
    /// 3. a number alone: the choice of that number, counting from 1 in the
    ///    order of the legal actions;
    /// 4. a short form that names something ("Spring 3", not "the") and
    ///    fits one choice only: every word of the text in order in the
    ///    choice's notation or in its words outside parentheses ("Spring 3"
    ///    for "play Spring 3 #2", when the seat holds only that copy). A text
    ///    that is the notation of an action the seat may not take now is
    ///    matched against the notation alone, so it never becomes another
    ///    card's play.
    ///
    /// A text that fits several choices is [`ReadError::Ambiguous`], listing
    /// them; one that names an action the seat may not take now is
    /// [`ReadError::NotAChoice`].
    ///
    /// ```
    /// use fairy_ring::rand_core::SeedableRng;
    /// use fairy_ring::{ActionInView, Game, Player, fayre};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
    /// let state = fayre::State::new(&fayre::Config::new(2)?, &mut rng)?;
    /// let decision = state.decision(Player(0));
    /// for action in &decision.legal {
    ///     // What the seat is shown reads back to the same action.
    ///     let words = ActionInView::<fayre::State>::new(&decision.view, action).to_string();
    ///     assert_eq!(decision.read(&words), Ok(*action));
    /// }
    /// assert!(decision.read("jump over the moon").is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn read(&self, text: &str) -> Result<G::Action, ReadError<G>> {
        let typed = Folded::of_str(text).ok_or(ReadError::TooLong)?;
        if typed.len == 0 {
            return Err(ReadError::Empty);
        }
        let words =
            |action: &G::Action| Folded::of_display(&ActionInView::<G>::new(&self.view, action));
        // 1. The words shown for a choice.
        let mut shown = ActionList::new();
        for action in &self.legal {
            if words(action).is_some_and(|w| w.as_str() == typed.as_str()) {
                let _ = shown.try_push(*action);
            }
        }
        if let [action] = shown.as_slice() {
            return Ok(*action);
        }
        // 2. The notation.
        let parsed = G::read_action(&self.view, text.trim());
        if let Ok(action) = &parsed
            && self.legal.contains(action)
        {
            return Ok(*action);
        }
        // Words that differ only in punctuation: the notation above may tell
        // them apart; if it does not, say which they are.
        if shown.len() > 1 {
            return Err(self.ambiguous(&shown));
        }
        // 3. The number of a choice, counted from 1.
        if let Some(number) = typed.number() {
            return number
                .checked_sub(1)
                .and_then(|i| self.legal.get(i))
                .copied()
                .ok_or(ReadError::NoSuchChoice {
                    number,
                    choices: self.legal.len(),
                });
        }
        // 4. A short form that names something and fits one choice only:
        // its words in order in the choice's notation, or in the words it is
        // shown, without their asides (an ability's "draws 1 card" names no
        // card). A text that is the notation of an action the seat may not
        // take now is matched against the notation alone ("play Spring 3"
        // for the second copy the seat holds, never "play Winter 2" for
        // Winter 6).
        let names_an_action = parsed.is_ok();
        if typed.has_a_name() {
            let mut fitting = ActionList::new();
            for action in &self.legal {
                let in_words = || {
                    Folded::of_display_outside_parentheses(&ActionInView::<G>::new(
                        &self.view, action,
                    ))
                    .is_some_and(|w| words_in_order(&typed, &w))
                };
                let fits = Folded::of_display(action).is_some_and(|n| words_in_order(&typed, &n))
                    || (!names_an_action && in_words());
                if fits {
                    let _ = fitting.try_push(*action);
                }
            }
            match fitting.as_slice() {
                [] => {}
                [action] => return Ok(*action),
                _ => return Err(self.ambiguous(&fitting)),
            }
        }
        Err(match parsed {
            Ok(action) => ReadError::NotAChoice {
                action,
                view: self.view.clone(),
            },
            Err(error) => ReadError::Unreadable(error),
        })
    }

    /// The ambiguity of a text that fits every action of `found`.
    fn ambiguous(&self, found: &ActionList<G::Action>) -> ReadError<G> {
        ReadError::Ambiguous {
            candidates: found.clone(),
            view: self.view.clone(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn folding_ignores_case_spacing_and_punctuation() {
        let folded = Folded::of_str("  Play   SPRING 3, #2! ").map(|f| f.as_str().len());
        assert_eq!(folded, Some("play spring 3 #2".len()));
        let a = Folded::of_str("Roll the Goblin die into the Prize-Pit.");
        assert_eq!(
            a.as_ref().map(Folded::as_str),
            Some("roll the goblin die into the prize pit")
        );
    }

    #[test]
    fn folding_keeps_primes_signs_and_lowercases_every_letter() {
        let fold = |text: &str| Folded::of_str(text).map(|f| f.as_str().len());
        // Any apostrophe or prime a keyboard types is the prime of a card.
        for prime in [
            "Dispel 3'",
            "Dispel 3\u{2019}",
            "Dispel 3\u{2032}",
            "dispel 3\u{2bc}",
        ] {
            let folded = Folded::of_str(prime);
            assert_eq!(
                folded.as_ref().map(Folded::as_str),
                Some("dispel 3'"),
                "{prime}"
            );
        }
        // A sign in front of a digit is kept; elsewhere it is a space.
        let signed = Folded::of_str("move up +1, not -1 or 1; prize-pit");
        assert_eq!(
            signed.as_ref().map(Folded::as_str),
            Some("move up +1 not -1 or 1 prize pit")
        );
        assert_eq!(fold("ÉPÉE"), fold("épée"));
        assert_eq!(
            Folded::of_str("ÉPÉE").as_ref().map(Folded::as_str),
            Some("épée")
        );
    }

    #[test]
    fn only_a_word_that_names_something_makes_a_short_form() {
        let named = |text: &str| Folded::of_str(text).is_some_and(|f| f.has_a_name());
        assert!(named("Spring 3"));
        assert!(named("blue"));
        for filler in ["the", "a", "1", "+1", "the a your", "#2"] {
            assert!(!named(filler), "{filler}");
        }
        let number = |text: &str| Folded::of_str(text).and_then(|f| f.number());
        assert_eq!(number("12"), Some(12));
        assert_eq!(number(" 3 "), Some(3));
        assert_eq!(number("99999999999999999999999"), Some(usize::MAX));
        assert_eq!(number("+1"), None);
        assert_eq!(number("1 2"), None);
    }

    #[test]
    fn short_forms_match_words_in_order() {
        let long = Folded::of_str("play Spring 3 #2").unwrap_or_else(Folded::new);
        let fits = |text: &str| Folded::of_str(text).is_some_and(|s| words_in_order(&s, &long));
        assert!(fits("spring 3"));
        assert!(fits("play #2"));
        assert!(!fits("3 spring"));
        assert!(!fits("spring 4"));
    }

    #[test]
    fn a_text_too_long_to_compare_is_refused_not_cut() {
        let long: alloc_free_repeat::Long = alloc_free_repeat::Long;
        assert!(Folded::of_display(&long).is_none());
    }

    mod alloc_free_repeat {
        use core::fmt;

        /// Prints more than [`super::MAX_TEXT`] characters.
        pub(super) struct Long;

        impl fmt::Display for Long {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                for _ in 0..=super::MAX_TEXT {
                    f.write_str("a")?;
                }
                Ok(())
            }
        }
    }
}
