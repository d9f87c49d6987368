//! A bit of a text as the person typed it, kept in a parse error without
//! allocating, so the error can name what was typed.

use core::fmt;

/// The most bytes of a typed word, number or name an error keeps.
const KEPT: usize = 40;

/// A word, number or name as it was typed (up to 40 bytes, cut at a
/// character boundary; [`is_cut`](Typed::is_cut) says whether more
/// followed). `Display` writes it as typed, with `…` if it was cut.
///
/// ```
/// use fairy_ring::fayre::{Action, ParseActionError};
///
/// let Err(ParseActionError::UnknownWord { word, .. }) = "Dance!".parse::<Action>() else {
///     panic!("not an action");
/// };
/// assert_eq!(word.as_str(), "Dance!");
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Typed {
    bytes: [u8; KEPT],
    len: u8,
    cut: bool,
}

impl Typed {
    /// `text`, or its first 40 bytes' worth of whole characters.
    pub fn new(text: &str) -> Typed {
        let mut end = text.len().min(KEPT);
        while !text.is_char_boundary(end) {
            end = end.saturating_sub(1);
        }
        let mut bytes = [0; KEPT];
        let kept = text.as_bytes().get(..end).unwrap_or_default();
        if let Some(slot) = bytes.get_mut(..kept.len()) {
            slot.copy_from_slice(kept);
        }
        Typed {
            bytes,
            len: u8::try_from(kept.len()).unwrap_or(0),
            cut: kept.len() < text.len(),
        }
    }

    /// The text kept, as typed.
    pub fn as_str(&self) -> &str {
        self.bytes
            .get(..usize::from(self.len))
            .and_then(|bytes| core::str::from_utf8(bytes).ok())
            .unwrap_or("")
    }

    /// Whether the typed text went on past what is kept.
    pub fn is_cut(&self) -> bool {
        self.cut
    }
}

/// The text as typed, `…` after it if it was cut.
impl fmt::Display for Typed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

impl fmt::Debug for Typed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:?}", self.as_str())?;
        if self.cut {
            f.write_str("…")?;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keeps_whole_characters_and_says_when_cut() {
        assert_eq!(Typed::new("jump").as_str(), "jump");
        assert!(!Typed::new("jump").is_cut());
        // 39 ASCII bytes then a 2-byte character: the character is left out.
        let text = "a".repeat(39) + "é";
        let typed = Typed::new(&text);
        assert_eq!(typed.as_str(), "a".repeat(39));
        assert!(typed.is_cut());
        assert_eq!(Typed::new(&"9".repeat(41)).as_str().len(), 40);
    }
}
