//! `arbitrary::Arbitrary` for Fairy Prank's configs, actions and setups
//! (feature `arbitrary`), for structure-aware fuzzing.
//!
//! [`Action`](super::Action), [`Item`](super::Item), [`Items`](super::Items),
//! [`Phase`](super::Phase), [`Sheet`](super::Sheet), [`Setup`](super::Setup),
//! [`Variant`] and [`BoxSound`] derive it: any variant, any field value
//! (items far outside the set, seats not at the table), so fuzzers reach
//! actions and setups the engine must refuse. [`Treasures`] and [`Config`]
//! are built through their public constructors, so they are always valid.

use core::fmt::Write;

use arbitrary::{Arbitrary, Result, Unstructured};
use arrayvec::ArrayVec;

use super::config::{BoxSound, Config, MAX_PLAYERS, MIN_PLAYERS, Variant};
use super::items::{ItemName, MAX_ITEMS, MAX_NAME_LEN, MIN_ITEMS, STANDARD_ITEMS, Treasures};
use crate::PlayerSet;

/// A valid item set: the ten printed items half the time, otherwise 3 to 16
/// names made of the bytes (any text up to 24 bytes, or a printed name in
/// other capitals and spacing), with "thing 1", "thing 2", ... standing in
/// for a name that is empty or the same as an earlier one.
impl<'a> Arbitrary<'a> for Treasures {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Treasures> {
        if !bool::arbitrary(u)? {
            return Ok(Treasures::default());
        }
        let count = u.int_in_range(MIN_ITEMS..=MAX_ITEMS)?;
        let mut names: ArrayVec<ItemName, MAX_ITEMS> = ArrayVec::new();
        for _ in 0..count {
            let name = if bool::arbitrary(u)? {
                let text = <&str>::arbitrary(u)?;
                ItemName::from(prefix(text, MAX_NAME_LEN)).unwrap_or_default()
            } else {
                printed_alike(u)?
            };
            let name = if fits(&names, &name) {
                name
            } else {
                // At most 15 earlier names, each the same name as at most one
                // of 16 distinct stand-ins: one of them is free.
                (1..=MAX_ITEMS)
                    .map(|n| {
                        let mut name = ItemName::new();
                        let _ = write!(name, "thing {n}");
                        name
                    })
                    .find(|name| fits(&names, name))
                    .unwrap_or_default()
            };
            let _ = names.try_push(name);
        }
        Ok(Treasures::new(names.iter().map(|n| n.as_str())).unwrap_or_default())
    }
}

/// A printed item's name with its letters' case and the whitespace between
/// its words changed at will: often the same name as an earlier
/// one, which a set must not hold.
fn printed_alike(u: &mut Unstructured<'_>) -> Result<ItemName> {
    let printed = u.choose(&STANDARD_ITEMS)?;
    let mut name = ItemName::new();
    for c in printed.chars() {
        let c = if bool::arbitrary(u)? {
            c.to_ascii_uppercase()
        } else {
            c
        };
        let extra = if c == ' ' { u.int_in_range(0..=2)? } else { 0 };
        for _ in 0..extra {
            let _ = name.try_push(*u.choose(&[' ', '\t'])?);
        }
        let _ = name.try_push(c);
    }
    Ok(name)
}

/// The longest prefix of `text` of at most `len` bytes that ends on a
/// character boundary.
fn prefix(text: &str, len: usize) -> &str {
    let mut end = text.len().min(len);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    text.get(..end).unwrap_or("")
}

/// Whether `name` can join `names` in an item set.
fn fits(names: &[ItemName], name: &str) -> bool {
    super::items::name_key(name).is_some()
        && !names.iter().any(|n| super::items::same_name(n, name))
}

/// A valid config: 2 to 6 players (3 to 6 in the beginner game), either
/// variant, either box sound, often a custom item set; the standard game for
/// 4 once the bytes run out.
impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Config> {
        if u.is_empty() {
            return Ok(Config::default());
        }
        let variant = Variant::arbitrary(u)?;
        let min = match variant {
            Variant::Standard => MIN_PLAYERS,
            Variant::Beginner => 3,
        };
        let players = u.int_in_range(min..=MAX_PLAYERS)?;
        let box_sound = BoxSound::arbitrary(u)?;
        let treasures = Treasures::arbitrary(u)?;
        let config = Config::new(players)
            .unwrap_or_default()
            .with_variant(variant)
            .with_box_sound(box_sound)
            .with_treasures(treasures);
        Ok(if config.validate().is_ok() {
            config
        } else {
            Config::default()
        })
    }
}

/// Up to `N` arbitrary values, for the `ArrayVec` fields of a
/// [`Setup`](super::Setup).
pub(super) fn array_vec<'a, T: Arbitrary<'a>, const N: usize>(
    u: &mut Unstructured<'a>,
) -> Result<ArrayVec<T, N>> {
    let len = u.arbitrary_len::<T>()?.min(N);
    let mut list = ArrayVec::new();
    for _ in 0..len {
        // At most N: never refused.
        let _ = list.try_push(T::arbitrary(u)?);
    }
    Ok(list)
}

/// Any set of seats 0 to 15.
pub(super) fn player_set(u: &mut Unstructured<'_>) -> Result<PlayerSet> {
    Ok(PlayerSet::from_bits(u16::arbitrary(u)?))
}
