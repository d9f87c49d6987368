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
pub enum ReadError<G: Game> {
    /// The text is empty.
    Empty,
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
            (ReadError::Empty, ReadError::Empty) => true,
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

/// A text folded for comparison: lowercase ASCII, every run of characters
/// that are not letters, digits, `#` or `'` turned into one space, no space
/// at either end.
struct Folded {
    bytes: [u8; MAX_TEXT],
    len: usize,
}

impl Folded {
    fn new() -> Self {
        Folded {
            bytes: [0; MAX_TEXT],
            len: 0,
        }
    }

    fn as_str(&self) -> &str {
        // Only ASCII and whole UTF-8 characters are ever written.
        self.bytes
            .get(..self.len)
            .and_then(|bytes| core::str::from_utf8(bytes).ok())
            .unwrap_or("")
    }

    /// The words, separated by single spaces.
    fn words(&self) -> impl Iterator<Item = &str> {
        self.as_str().split(' ').filter(|word| !word.is_empty())
    }

    fn push_char(&mut self, c: char) -> fmt::Result {
        let mut buffer = [0; 4];
        let keep = c.is_alphanumeric() || c == '#' || c == '\'' || c == '\u{2032}';
        let text: &str = if keep {
            if c.is_ascii() {
                let lower = c.to_ascii_lowercase();
                lower.encode_utf8(&mut buffer)
            } else {
                c.encode_utf8(&mut buffer)
            }
        } else {
            " "
        };
        if text == " " && (self.len == 0 || self.bytes.get(self.len - 1) == Some(&b' ')) {
            return Ok(());
        }
        let end = self.len + text.len();
        let slot = self.bytes.get_mut(self.len..end).ok_or(fmt::Error)?;
        slot.copy_from_slice(text.as_bytes());
        self.len = end;
        Ok(())
    }

    fn trimmed(mut self) -> Self {
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
}

impl fmt::Write for Folded {
    fn write_str(&mut self, text: &str) -> fmt::Result {
        text.chars().try_for_each(|c| self.push_char(c))
    }
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
    /// In this order, ignoring case, spacing and punctuation:
    ///
    /// 1. the words the seat is shown for a choice ([`ActionInView`]): every
    ///    text a user interface displays reads back to its action;
    /// 2. the game's notation, read in the seat's context
    ///    ([`Game::read_action`]), when it names one of the choices;
    /// 3. a short form: the one choice whose words or notation hold every
    ///    word of the text in order ("Spring 3" for "play Spring 3 #2", when
    ///    the seat holds only that copy).
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
        let typed = Folded::of_str(text)
            .filter(|typed| typed.len > 0)
            .ok_or(ReadError::Empty)?;
        let words =
            |action: &G::Action| Folded::of_display(&ActionInView::<G>::new(&self.view, action));
        // 1. The words shown for a choice.
        let mut shown = ActionList::new();
        for action in &self.legal {
            if words(action).is_some_and(|w| w.as_str() == typed.as_str()) {
                let _ = shown.try_push(*action);
            }
        }
        if let Some(action) = self.only(&shown)? {
            return Ok(action);
        }
        // 2. The notation.
        let parsed = G::read_action(&self.view, text.trim());
        if let Ok(action) = &parsed
            && self.legal.contains(action)
        {
            return Ok(*action);
        }
        // 3. A short form of one choice.
        let mut fitting = ActionList::new();
        for action in &self.legal {
            let fits = words(action).is_some_and(|w| words_in_order(&typed, &w))
                || Folded::of_display(action).is_some_and(|n| words_in_order(&typed, &n));
            if fits {
                let _ = fitting.try_push(*action);
            }
        }
        if let Some(action) = self.only(&fitting)? {
            return Ok(action);
        }
        Err(match parsed {
            Ok(action) => ReadError::NotAChoice {
                action,
                view: self.view.clone(),
            },
            Err(error) => ReadError::Unreadable(error),
        })
    }

    /// The one action of `found`, none, or the ambiguity.
    fn only(&self, found: &ActionList<G::Action>) -> Result<Option<G::Action>, ReadError<G>> {
        match found.as_slice() {
            [] => Ok(None),
            [action] => Ok(Some(*action)),
            _ => Err(ReadError::Ambiguous {
                candidates: found.clone(),
                view: self.view.clone(),
            }),
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
