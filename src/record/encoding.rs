//! The canonical encoding of a position, and the check a record keeps of it.
//!
//! Why hand-written, not the derived `Hash` fed into a crate-defined
//! `Hasher`: what derived `Hash` writes is the compiler's and the standard
//! library's choice, and they promise neither portability nor stability
//! (`core::hash::Hash` docs, "Portability"). A slice of integers, such as a
//! list of scores, reaches the hasher as one `write` of its native-endian
//! bytes, so no hasher can make it the same on a big-endian machine; and
//! derive has changed what it writes for enum tags before. Here every byte
//! is written by this crate, from the game's own fields, and golden tests
//! pin the result: an encoding changes only when a test changes with it.
//! Structs are taken apart with exhaustive patterns, so a new field does
//! not compile until it is encoded.

use crate::{AnySetup, Player, PlayerSet};

/// A value written in the crate's canonical encoding: the bytes a record's
/// position check hashes (see the [`Record`](crate::Record) docs for the
/// format). Every game's `Setup` implements it; a game of your own needs it
/// on its `Setup` to be recorded.
///
#[doc = include_str!("format.md")]
pub trait Canonical {
    /// Writes `self`, field by field in declaration order.
    fn encode(&self, to: &mut Encoder);
}

/// Takes the canonical encoding of a value and hashes it with 32-bit FNV-1a
/// as it goes, so nothing is allocated.
///
/// ```
/// use fairy_ring::{Canonical, Encoder, Game, position_check, prank};
///
/// let setup = prank::Setup::new(4)?;
/// let mut encoder = Encoder::new();
/// setup.encode(&mut encoder);
/// let state = prank::State::try_from(setup)?;
/// assert_eq!(encoder.finish(), position_check(&state));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Encoder {
    hash: u32,
}

/// FNV-1a's 32-bit offset basis and prime.
const FNV_BASIS: u32 = 0x811c_9dc5;
const FNV_PRIME: u32 = 0x0100_0193;

impl Default for Encoder {
    fn default() -> Encoder {
        Encoder::new()
    }
}

impl Encoder {
    /// An encoder that has written nothing yet.
    pub const fn new() -> Encoder {
        Encoder { hash: FNV_BASIS }
    }

    /// The check of what was written: 32-bit FNV-1a of its bytes.
    pub const fn finish(&self) -> u32 {
        self.hash
    }

    /// Writes raw bytes, as they are.
    pub fn bytes(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.hash = (self.hash ^ u32::from(byte)).wrapping_mul(FNV_PRIME);
        }
    }

    /// Writes a byte.
    pub fn u8(&mut self, value: u8) {
        self.bytes(&[value]);
    }

    /// Writes 2 bytes, little-endian.
    pub fn u16(&mut self, value: u16) {
        self.bytes(&value.to_le_bytes());
    }

    /// Writes 4 bytes, little-endian.
    pub fn u32(&mut self, value: u32) {
        self.bytes(&value.to_le_bytes());
    }

    /// Writes 8 bytes, little-endian.
    pub fn u64(&mut self, value: u64) {
        self.bytes(&value.to_le_bytes());
    }

    /// Writes a count or index as 8 bytes, little-endian, whatever the
    /// platform's `usize` width.
    pub fn usize(&mut self, value: usize) {
        // `usize` is at most 64 bits on every target Rust supports.
        self.u64(value as u64);
    }

    /// Writes a list's length, then each item.
    pub fn list<T: Canonical>(&mut self, items: &[T]) {
        self.usize(items.len());
        for item in items {
            item.encode(self);
        }
    }

    /// Writes a text's length in bytes, then its UTF-8 bytes.
    pub fn text(&mut self, text: &str) {
        self.usize(text.len());
        self.bytes(text.as_bytes());
    }

    /// Writes a variant's tag: one byte.
    pub fn tag(&mut self, tag: u8) {
        self.u8(tag);
    }
}

/// The check of a position: 32-bit FNV-1a of its `Setup`'s canonical
/// encoding, prefixed by nothing. This is what a [`Record`](crate::Record)
/// of the current format keeps after the deal and after every move.
pub fn position_check<G: crate::Game>(position: &G) -> u32
where
    G::Setup: Canonical,
{
    check_of(&position.to_setup())
}

/// The check of any canonically encoded value.
fn check_of(value: &impl Canonical) -> u32 {
    let mut encoder = Encoder::new();
    value.encode(&mut encoder);
    encoder.finish()
}

/// Integers: their own width, little-endian.
macro_rules! integers {
    ($($ty:ty),*) => {$(
        impl Canonical for $ty {
            fn encode(&self, to: &mut Encoder) {
                to.bytes(&self.to_le_bytes());
            }
        }
    )*};
}
integers!(u8, u16, u32, u64, i8, i16, i32, i64);

/// A `usize` (or `isize`) is 8 bytes on every platform.
impl Canonical for usize {
    fn encode(&self, to: &mut Encoder) {
        to.usize(*self);
    }
}

/// `false` is 0, `true` is 1.
impl Canonical for bool {
    fn encode(&self, to: &mut Encoder) {
        to.u8(u8::from(*self));
    }
}

/// `None` is tag 0; `Some(x)` is tag 1, then `x`.
impl<T: Canonical> Canonical for Option<T> {
    fn encode(&self, to: &mut Encoder) {
        match self {
            None => to.tag(0),
            Some(value) => {
                to.tag(1);
                value.encode(to);
            }
        }
    }
}

/// A fixed-size array: its items, no length (the type fixes it).
impl<T: Canonical, const N: usize> Canonical for [T; N] {
    fn encode(&self, to: &mut Encoder) {
        for item in self {
            item.encode(to);
        }
    }
}

/// A list: its length, then its items.
impl<T: Canonical, const N: usize> Canonical for arrayvec::ArrayVec<T, N> {
    fn encode(&self, to: &mut Encoder) {
        to.list(self);
    }
}

/// A list: its length, then its items.
impl<T: Canonical, const N: usize> Canonical for crate::List<T, N> {
    fn encode(&self, to: &mut Encoder) {
        to.list(self.as_slice());
    }
}

/// A text: its length in bytes, then its UTF-8 bytes.
impl<const N: usize> Canonical for arrayvec::ArrayString<N> {
    fn encode(&self, to: &mut Encoder) {
        to.text(self);
    }
}

/// A seat: its index, one byte.
impl Canonical for Player {
    fn encode(&self, to: &mut Encoder) {
        to.u8(self.0);
    }
}

/// A set of seats: bit `i` for seat `i`, 2 bytes.
impl Canonical for PlayerSet {
    fn encode(&self, to: &mut Encoder) {
        to.u16(self.bits());
    }
}

/// Any game's position is that game's own encoding, with no tag: the config
/// inside tells the games apart, so a record's checks are the same whether
/// it was played as `AnyGame` or as the game's own `State`.
impl Canonical for AnySetup {
    fn encode(&self, to: &mut Encoder) {
        match self {
            AnySetup::Fairy(setup) => setup.encode(to),
            AnySetup::Prank(setup) => setup.encode(to),
            AnySetup::Season(setup) => setup.encode(to),
            AnySetup::Fickle(setup) => setup.encode(to),
            AnySetup::Fayre(setup) => setup.encode(to),
        }
    }
}

/// Structs: every field in declaration order. The pattern names every
/// field, so a new one is a compile error here until it is encoded.
macro_rules! fields {
    ($($ty:ident)::+ { $($field:ident),* $(,)? }) => {
        impl Canonical for $($ty)::+ {
            fn encode(&self, to: &mut Encoder) {
                let $($ty)::+ { $($field),* } = self;
                $( $field.encode(to); )*
            }
        }
    };
}
pub(super) use fields;

/// Fieldless enums: the variant's place in its declaration, one byte (the
/// language numbers fieldless variants 0, 1, 2... in source order, so only a
/// change of that order changes it, and the golden tests see it).
macro_rules! in_order {
    ($($($ty:ident)::+),* $(,)?) => {$(
        impl Canonical for $($ty)::+ {
            fn encode(&self, to: &mut Encoder) {
                to.tag(*self as u8);
            }
        }
    )*};
}
pub(super) use in_order;

#[cfg(test)]
mod tests {
    use super::*;

    /// FNV-1a as published, for comparison.
    fn fnv(bytes: &[u8]) -> u32 {
        bytes.iter().fold(FNV_BASIS, |hash, &byte| {
            (hash ^ u32::from(byte)).wrapping_mul(FNV_PRIME)
        })
    }

    #[test]
    fn fnv_1a_published_values() {
        assert_eq!(check_of(&[0u8; 0]), 0x811c_9dc5);
        // FNV-1a 32 of "a" and "foobar", from the reference test vectors.
        let mut encoder = Encoder::new();
        encoder.bytes(b"a");
        assert_eq!(encoder.hash, 0xe40c_292c);
        let mut encoder = Encoder::new();
        encoder.bytes(b"foobar");
        assert_eq!(encoder.hash, 0xbf9c_f968);
    }

    #[test]
    fn primitives_are_fixed_width_little_endian() {
        assert_eq!(check_of(&0x0102_u16), fnv(&[2, 1]));
        assert_eq!(check_of(&-2_i32), fnv(&[0xfe, 0xff, 0xff, 0xff]));
        assert_eq!(check_of(&3_usize), fnv(&[3, 0, 0, 0, 0, 0, 0, 0]));
        assert_eq!(check_of(&true), fnv(&[1]));
        assert_eq!(check_of(&Some(7_u8)), fnv(&[1, 7]));
        assert_eq!(check_of(&None::<u8>), fnv(&[0]));
        assert_eq!(check_of(&[5_u8, 6]), fnv(&[5, 6]));
        let list: arrayvec::ArrayVec<i16, 4> = [1_i16, -1].into_iter().collect();
        assert_eq!(
            check_of(&list),
            fnv(&[2, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0xff, 0xff])
        );
        let text = arrayvec::ArrayString::<8>::from("ab").unwrap_or_default();
        assert_eq!(check_of(&text), fnv(&[2, 0, 0, 0, 0, 0, 0, 0, b'a', b'b']));
        assert_eq!(check_of(&Player(4)), fnv(&[4]));
        let seats = PlayerSet::from_bits(0x0201);
        assert_eq!(check_of(&seats), fnv(&[1, 2]));
    }
}
