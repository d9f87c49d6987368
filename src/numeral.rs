//! A number as a person wrote it: errors name a copy, a player or an item
//! number as it was typed, however large ("#99999999999", not a wrapped or
//! clamped value).

use core::fmt;

/// The most digits a [`Numeral`] keeps; a longer number is shown by its
/// first digits and "…".
const KEPT: usize = 32;

/// The digits of a number as written in a card name (`#2`) or an action
/// (`player 300`), kept so that an error can name it as given: leading
/// zeros and all, and numbers far past any integer type.
///
/// ```
/// use fairy_ring::Numeral;
/// use fairy_ring::season::Card;
///
/// let error = Card::parse("Spring 3 #99999999999").unwrap_err();
/// assert!(error.to_string().starts_with("there is no copy #99999999999 of Spring 3"));
/// assert_eq!(Numeral::from(7).to_string(), "7");
/// assert_eq!(Numeral::from(7).value(), Some(7));
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Numeral {
    /// The first digits as ASCII bytes (at most [`KEPT`]).
    digits: [u8; KEPT],
    /// How many of `digits` are written.
    len: u8,
    /// Whether the number had more digits than are kept.
    longer: bool,
}

/// Serialized as its digits in a string, `"300"` (a longer number than is
/// kept ends in `"…"`): the text a client shows.
#[cfg(feature = "serde")]
impl serde::Serialize for Numeral {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// Read from a string of ASCII digits (at most 32 kept, then `"…"` may
/// follow, as it is written).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Numeral {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Digits;
        impl serde::de::Visitor<'_> for Digits {
            type Value = Numeral;
            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a string of digits")
            }
            fn visit_str<E: serde::de::Error>(self, text: &str) -> Result<Numeral, E> {
                let (digits, cut) = match text.strip_suffix('…') {
                    Some(digits) => (digits, true),
                    None => (text, false),
                };
                match Numeral::parse(digits) {
                    Some(numeral) if !cut => Ok(numeral),
                    Some(mut numeral) if usize::from(numeral.len) == KEPT => {
                        numeral.longer = true;
                        Ok(numeral)
                    }
                    _ => Err(E::custom("a numeral is a string of ASCII digits")),
                }
            }
        }
        deserializer.deserialize_str(Digits)
    }
}

impl Numeral {
    /// The number written as `text`, if it is one or more ASCII digits.
    pub fn parse(text: &str) -> Option<Numeral> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let mut digits = [b'0'; KEPT];
        let mut len = 0;
        for (slot, digit) in digits.iter_mut().zip(text.bytes()) {
            *slot = digit;
            len += 1;
        }
        Some(Numeral {
            digits,
            len,
            longer: text.len() > KEPT,
        })
    }

    /// The digits kept, as text.
    fn kept(&self) -> &str {
        self.digits
            .get(..usize::from(self.len))
            .and_then(|digits| core::str::from_utf8(digits).ok())
            .unwrap_or("")
    }

    /// The number's value, if it fits a `u32`.
    pub fn value(&self) -> Option<u32> {
        if self.longer {
            return None;
        }
        self.kept().parse().ok()
    }
}

/// The number in decimal, without leading zeros.
impl From<u32> for Numeral {
    fn from(n: u32) -> Numeral {
        let mut digits = [b'0'; KEPT];
        let mut len = 0;
        let mut rest = n;
        // Digits from the last; u32 has at most 10, far below KEPT.
        let mut backwards = [b'0'; 10];
        for slot in backwards.iter_mut() {
            *slot = b'0' + (rest % 10) as u8;
            len += 1;
            rest /= 10;
            if rest == 0 {
                break;
            }
        }
        for (slot, digit) in digits.iter_mut().zip(backwards.iter().take(len).rev()) {
            *slot = *digit;
        }
        Numeral {
            digits,
            len: len as u8,
            longer: false,
        }
    }
}

/// The digits as written; a number longer than 32 digits shows its first
/// 32 and "…".
impl fmt::Display for Numeral {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.kept())?;
        if self.longer {
            f.write_str("…")?;
        }
        Ok(())
    }
}

/// Shows the digits: `Numeral(007)`.
impl fmt::Debug for Numeral {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Numeral({self})")
    }
}

#[cfg(test)]
mod tests {
    extern crate std;

    use super::*;
    use std::format;
    use std::string::{String, ToString};

    #[test]
    fn numbers_are_kept_as_written() {
        let written = |text: &str| Numeral::parse(text).map(|n| (n.to_string(), n.value()));
        let _: Option<(String, Option<u32>)> = written("1");
        assert_eq!(written("007"), Some(("007".into(), Some(7))));
        assert_eq!(written("4294967296"), Some(("4294967296".into(), None)));
        let long = "1".repeat(40);
        assert_eq!(written(&long), Some((format!("{}…", "1".repeat(32)), None)));
        assert_eq!(Numeral::parse(""), None);
        assert_eq!(Numeral::parse("1x"), None);
        for n in [0, 9, 10, 256, u32::MAX] {
            assert_eq!(Numeral::from(n).to_string(), n.to_string());
            assert_eq!(Numeral::from(n).value(), Some(n));
            assert_eq!(Numeral::parse(&n.to_string()), Some(Numeral::from(n)));
        }
    }
}
