//! The items, their tokens, and the item set a table plays with.

use core::fmt;

use arrayvec::ArrayString;

use crate::{ConfigError, List};

/// Most items an item set may hold (an [`Items`] set is 16 bits wide).
pub const MAX_ITEMS: usize = 16;

/// Fewest items an item set may hold: a Selection phase cannot end before
/// three items are in the box.
pub const MIN_ITEMS: usize = 3;

/// Longest item name, in bytes of UTF-8.
pub const MAX_NAME_LEN: usize = 24;

/// The name of an item, stored inline.
pub type ItemName = ArrayString<MAX_NAME_LEN>;

/// The ten items in the printed box, in the rulebook's order.
pub const STANDARD_ITEMS: [&str; 10] = [
    "wooden stick",
    "die",
    "marble",
    "piece of felt",
    "diamond",
    "rope",
    "eraser",
    "spring",
    "paperclip",
    "metal ring",
];

/// An item (and its matching token), by its position in the table's
/// [`Treasures`]. Any `u8` is an `Item`; one past the set is refused, never a
/// panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Item(pub u8);

impl Item {
    /// Position of the item in the set, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The item at position `index`, if an item set can hold it (below
    /// [`MAX_ITEMS`]). [`Treasures::item`] also checks a particular set.
    pub const fn from_index(index: usize) -> Option<Item> {
        if index < MAX_ITEMS {
            Some(Item(index as u8))
        } else {
            None
        }
    }

    /// The item shown by its name in `treasures` (see [`NamedItem`]).
    ///
    /// ```
    /// use fairy_ring::prank::{Item, Treasures};
    /// let printed = Treasures::default();
    /// assert_eq!(Item(2).named(&printed).to_string(), "marble");
    /// assert_eq!(Item(12).named(&printed).to_string(), "item 13");
    /// ```
    pub fn named(self, treasures: &Treasures) -> NamedItem<'_> {
        NamedItem {
            item: self,
            treasures,
        }
    }
}

/// "item 3" for `Item(2)`: the item by its position, counted from 1, for
/// messages that do not know the item set (errors, logs). Parsed back by
/// [`Item::from_str`](core::str::FromStr) for every item an item set can
/// hold; [`Item::named`] shows the name.
impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "item {}", u16::from(self.0) + 1)
    }
}

/// Parses what [`Display`](fmt::Display) writes: `item N` with `N` from 1 to
/// 16 ([`MAX_ITEMS`]), the items [`Item::from_index`] accepts;
/// case-insensitive, spaces around and between the words allowed. This
/// parses item numbers, not names: to find an item by its name ("marble"),
/// use [`Treasures::find`] or [`Treasures::parse`].
///
/// ```
/// use fairy_ring::prank::{Item, ParseItemError};
/// assert_eq!("item 3".parse(), Ok(Item(2)));
/// assert_eq!(" Item  3 ".parse(), Ok(Item(2)));
/// assert_eq!("item 0".parse::<Item>(), Err(ParseItemError::OutOfRange));
/// assert_eq!("item 17".parse::<Item>(), Err(ParseItemError::OutOfRange));
/// assert_eq!("marble".parse::<Item>(), Err(ParseItemError::NotAnItem));
/// ```
impl core::str::FromStr for Item {
    type Err = ParseItemError;

    fn from_str(text: &str) -> Result<Item, ParseItemError> {
        let mut words = text.split_whitespace();
        let (Some(word), Some(number), None) = (words.next(), words.next(), words.next()) else {
            return Err(ParseItemError::NotAnItem);
        };
        if !word.eq_ignore_ascii_case("item") || !number.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseItemError::NotAnItem);
        }
        number
            .parse::<usize>()
            .ok()
            .and_then(|n| n.checked_sub(1))
            .and_then(Item::from_index)
            .ok_or(ParseItemError::OutOfRange)
    }
}

/// Why a text is not an [`Item`] (`"item N"`, N from 1 to 16).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ParseItemError {
    /// The text is not `item` followed by a number (an item's name is
    /// found with [`Treasures::find`]).
    #[error(
        "an item is written \"item\" and its number, such as \"item 3\" (names are read against the table's item set)"
    )]
    NotAnItem,
    /// The number is not between 1 and 16 ([`MAX_ITEMS`]).
    #[error("an item number is between 1 and 16")]
    OutOfRange,
}

/// An [`Item`] shown by its name in a [`Treasures`] set ("marble"), or as
/// "item N" if the set has no such item. Built by [`Item::named`]; what it
/// writes, [`Treasures::find`] finds again.
#[derive(Clone, Copy, Debug)]
pub struct NamedItem<'a> {
    item: Item,
    treasures: &'a Treasures,
}

impl fmt::Display for NamedItem<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.treasures.name(self.item) {
            Some(name) => f.write_str(name),
            None => write!(f, "{}", self.item),
        }
    }
}

/// [`Items`] shown by their names in a [`Treasures`] set, in index order and
/// separated by commas ("die, marble"), or "nothing". Built by
/// [`Items::named`].
#[derive(Clone, Copy, Debug)]
pub struct NamedItems<'a> {
    items: Items,
    treasures: &'a Treasures,
}

impl fmt::Display for NamedItems<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.items.is_empty() {
            return f.write_str("nothing");
        }
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", item.named(self.treasures))?;
        }
        Ok(())
    }
}

/// Something that names one item of a [`Treasures`] set: its name (`&str`,
/// matched as [`Treasures::find`] does) or the [`Item`] itself. What the
/// [`PositionBuilder`](super::PositionBuilder) methods take.
pub trait ItemKey {
    /// The item this key names in `treasures`.
    fn item_in(&self, treasures: &Treasures) -> Result<Item, UnknownItem>;
}

impl ItemKey for Item {
    fn item_in(&self, treasures: &Treasures) -> Result<Item, UnknownItem> {
        if self.index() < treasures.len() {
            Ok(*self)
        } else {
            Err(UnknownItem::index(*self))
        }
    }
}

impl ItemKey for &str {
    fn item_in(&self, treasures: &Treasures) -> Result<Item, UnknownItem> {
        treasures.parse(self)
    }
}

impl<K: ItemKey + ?Sized> ItemKey for &K {
    fn item_in(&self, treasures: &Treasures) -> Result<Item, UnknownItem> {
        (**self).item_in(treasures)
    }
}

/// No item of the [`Treasures`] set has this name (or this index). Keeps
/// the name asked for, cut to [`MAX_NAME_LEN`] bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct UnknownItem {
    name: ItemName,
    cut: bool,
}

impl UnknownItem {
    /// The error for `name`.
    fn for_name(name: &str) -> UnknownItem {
        let mut kept = ItemName::new();
        for c in name.chars() {
            if kept.try_push(c).is_err() {
                return UnknownItem {
                    name: kept,
                    cut: true,
                };
            }
        }
        UnknownItem {
            name: kept,
            cut: false,
        }
    }

    /// The error for an item index outside the set.
    fn index(item: Item) -> UnknownItem {
        let mut name = ItemName::new();
        // "item 256" always fits in 24 bytes.
        let _ = fmt::write(&mut name, format_args!("{item}"));
        UnknownItem { name, cut: false }
    }

    /// The name asked for (its first [`MAX_NAME_LEN`] bytes, cut at a
    /// character boundary), or "item N" for an index outside the set.
    pub fn asked(&self) -> &str {
        self.name.as_str()
    }
}

impl fmt::Display for UnknownItem {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let more = if self.cut { "..." } else { "" };
        write!(f, "the item set has no \"{}{more}\"", self.name)
    }
}

impl core::error::Error for UnknownItem {}

/// The words of an item name as compared: lower case, one space between
/// words, none around them.
fn normalized(name: &str) -> impl Iterator<Item = char> + '_ {
    name.split_whitespace()
        .enumerate()
        .flat_map(|(i, word)| (i > 0).then_some(' ').into_iter().chain(word.chars()))
        .flat_map(char::to_lowercase)
}

/// Whether two item names are the same name: equal ignoring case, and
/// spaces around and between words (see the ruling "Prank: item names").
pub(super) fn same_name(a: &str, b: &str) -> bool {
    if a.is_ascii() && b.is_ascii() {
        ascii_words(a).eq(ascii_words(b))
    } else {
        normalized(a).eq(normalized(b))
    }
}

/// A short digest of the [`normalized`] name: its length in characters
/// and the low byte of each of its first seven. Equal names have equal keys;
/// a name of only whitespace has none.
pub(super) fn name_key(name: &str) -> Option<u64> {
    let (len, prefix) = if name.is_ascii() {
        ascii_key(name.as_bytes())
    } else {
        normalized(name).fold((0, 0), |(len, prefix), c| {
            (len + 1, with_char(prefix, len, u32::from(c)))
        })
    };
    (len > 0).then_some((len.min(0xff) << 56) | prefix)
}

/// `prefix` with the low byte of character `c` at position `at`, if among
/// the first seven.
fn with_char(prefix: u64, at: u64, c: u32) -> u64 {
    if at < 7 {
        prefix | (u64::from(c & 0xff) << (8 * at))
    } else {
        prefix
    }
}

/// [`name_key`]'s length and prefix for an ASCII name, byte by byte: a
/// space before each word but the first (ASCII whitespace, with the
/// vertical tab `char::is_whitespace` also counts), letters lowered.
fn ascii_key(name: &[u8]) -> (u64, u64) {
    let (mut len, mut prefix) = (0u64, 0u64);
    let mut space = false;
    for &b in name {
        if b.is_ascii_whitespace() || b == 0x0b {
            space = len > 0;
            continue;
        }
        if space {
            prefix = with_char(prefix, len, u32::from(b' '));
            len += 1;
            space = false;
        }
        prefix = with_char(prefix, len, u32::from(b.to_ascii_lowercase()));
        len += 1;
    }
    (len, prefix)
}

/// [`normalized`] for an ASCII name, byte by byte: the same words (ASCII
/// whitespace, with the vertical tab `char::is_whitespace` also counts),
/// compared without case.
fn ascii_words(name: &str) -> impl Iterator<Item = u8> + '_ {
    let space = |b: &u8| b.is_ascii_whitespace() || *b == 0x0b;
    name.as_bytes()
        .split(space)
        .filter(|word| !word.is_empty())
        .enumerate()
        .flat_map(|(i, word)| {
            (i > 0)
                .then_some(b' ')
                .into_iter()
                .chain(word.iter().copied())
        })
        .map(|b| b.to_ascii_lowercase())
}

/// A set of items (the box's content, the removed items, the face-down
/// tokens...), as a bit set.
///
/// With `serde`, a list of item numbers in order, `[0, 3]` (positions in
/// the config's [`Treasures`]); reading one refuses an item of 16 or more and
/// an item listed twice.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Items(u16);

/// The items in order, as a list: `[0, 3]`.
#[cfg(feature = "serde")]
impl serde::Serialize for Items {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Reads a list of distinct item numbers below 16.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Items {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Items, D::Error> {
        struct List;

        impl<'de> serde::de::Visitor<'de> for List {
            type Value = Items;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of distinct item numbers from 0 to 15")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut items: A,
            ) -> Result<Items, A::Error> {
                use serde::de::Error;
                let mut set = Items::EMPTY;
                while let Some(item) = items.next_element::<u8>()? {
                    if usize::from(item) >= MAX_ITEMS {
                        return Err(A::Error::custom(format_args!(
                            "item {item} cannot be in a set of items (items are 0 to 15)"
                        )));
                    }
                    if set.contains(Item(item)) {
                        return Err(A::Error::custom(format_args!(
                            "item {item} is listed twice in a set of items"
                        )));
                    }
                    set.insert(Item(item));
                }
                Ok(set)
            }
        }

        deserializer.deserialize_seq(List)
    }
}

impl Items {
    /// No items.
    pub const EMPTY: Items = Items(0);

    /// Items `0..count` (at most 16).
    pub const fn first(count: usize) -> Items {
        if count >= MAX_ITEMS {
            Items(u16::MAX)
        } else {
            Items((1u16 << count) - 1)
        }
    }

    /// The set with bit `i` for item `i`.
    pub const fn from_bits(bits: u16) -> Items {
        Items(bits)
    }

    /// The set as a bit mask.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// Whether `item` is in the set.
    pub const fn contains(self, item: Item) -> bool {
        item.index() < MAX_ITEMS && self.0 & (1 << item.0) != 0
    }

    /// Adds `item` (items 16 and above are ignored).
    pub fn insert(&mut self, item: Item) {
        if item.index() < MAX_ITEMS {
            self.0 |= 1 << item.0;
        }
    }

    /// Removes `item`.
    pub fn remove(&mut self, item: Item) {
        if item.index() < MAX_ITEMS {
            self.0 &= !(1 << item.0);
        }
    }

    /// Number of items in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set holds at least `count` items: `len() >= count`,
    /// without counting them all (a count of bits takes a dozen
    /// instructions on processors without one).
    #[inline]
    pub(super) const fn has_at_least(self, count: usize) -> bool {
        let mut bits = self.0;
        let mut dropped = 1;
        // Each turn drops the lowest item.
        while dropped < count {
            bits &= bits.wrapping_sub(1);
            dropped += 1;
        }
        count == 0 || bits != 0
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// Items in either set.
    pub const fn union(self, other: Items) -> Items {
        Items(self.0 | other.0)
    }

    /// Items in both sets.
    pub const fn intersection(self, other: Items) -> Items {
        Items(self.0 & other.0)
    }

    /// Items of `self` that are not in `other`.
    pub const fn difference(self, other: Items) -> Items {
        Items(self.0 & !other.0)
    }

    /// Whether every item of `self` is in `other`.
    pub const fn is_subset(self, other: Items) -> bool {
        self.0 & !other.0 == 0
    }

    /// The items in index order.
    pub const fn iter(self) -> ItemsIter {
        ItemsIter(self.0)
    }

    /// The items shown by their names in `treasures` (see [`NamedItems`]).
    ///
    /// ```
    /// use fairy_ring::prank::{Item, Items, Treasures};
    /// let printed = Treasures::default();
    /// let two: Items = [Item(2), Item(1)].into_iter().collect();
    /// assert_eq!(two.named(&printed).to_string(), "die, marble");
    /// assert_eq!(Items::EMPTY.named(&printed).to_string(), "nothing");
    /// ```
    pub fn named(self, treasures: &Treasures) -> NamedItems<'_> {
        NamedItems {
            items: self,
            treasures,
        }
    }
}

impl fmt::Debug for Items {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|i| i.0)).finish()
    }
}

impl FromIterator<Item> for Items {
    fn from_iter<I: IntoIterator<Item = Item>>(iter: I) -> Self {
        let mut set = Items::EMPTY;
        for item in iter {
            set.insert(item);
        }
        set
    }
}

impl IntoIterator for Items {
    type Item = Item;
    type IntoIter = ItemsIter;
    fn into_iter(self) -> ItemsIter {
        self.iter()
    }
}

/// Iterator over [`Items`] in index order.
#[derive(Clone, Debug)]
pub struct ItemsIter(u16);

impl Iterator for ItemsIter {
    type Item = Item;
    fn next(&mut self) -> Option<Item> {
        if self.0 == 0 {
            return None;
        }
        let index = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Item(index))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for ItemsIter {}

/// The item set a table plays with: "create your own treasure box". Part of
/// the [`Config`](super::Config); the default is the ten printed items.
///
/// Items are found by name ignoring case and extra spaces (the ruling
/// "Prank: item names"), so two names of a set never match alike.
///
/// ```
/// use fairy_ring::prank::{Item, Treasures};
/// let kitchen = Treasures::new(["spoon", "cork", "coin", "button"])?;
/// assert_eq!(kitchen.len(), 4);
/// assert_eq!(kitchen.find("Coin"), Some(Item(2)));
/// assert_eq!(Item(2).named(&kitchen).to_string(), "coin");
/// assert_eq!(Treasures::default().find(" Wooden   STICK "), Some(Item(0)));
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Treasures {
    /// Item names; item `i` is `names[i]`.
    names: List<ItemName, MAX_ITEMS>,
}

impl Default for Treasures {
    fn default() -> Self {
        Treasures {
            names: STANDARD_ITEMS
                .iter()
                .filter_map(|name| ItemName::from(name).ok())
                .collect(),
        }
    }
}

impl Treasures {
    /// A custom item set: 3 to 16 non-empty names of at most 24 bytes each,
    /// no two the same name (ignoring case and extra spaces), and none named
    /// like the notation of one of the set's items ("item 2").
    pub fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Treasures, ConfigError> {
        let mut set = Treasures { names: List::new() };
        for name in names {
            let name = ItemName::from(name)
                .map_err(|_| ConfigError::ComponentData("an item name is longer than 24 bytes"))?;
            set.names
                .push(name)
                .map_err(|_| ConfigError::ComponentData("more than 16 items"))?;
        }
        set.validate()?;
        Ok(set)
    }

    /// Number of items in the set.
    #[inline]
    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// Whether the set has no items (never true for a valid set).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }

    /// The name of `item`, if it is in the set.
    pub fn name(&self, item: Item) -> Option<&str> {
        self.names.get(item.index()).map(|n| n.as_str())
    }

    /// The item at position `index` (from 0), if the set has one.
    pub fn item(&self, index: usize) -> Option<Item> {
        Item::from_index(index).filter(|_| index < self.len())
    }

    /// The item with this name: matched ignoring case, spaces around the
    /// name and how many spaces stand between its words ("Wooden  Stick"
    /// finds the "wooden stick").
    pub fn find(&self, name: &str) -> Option<Item> {
        let index = self.names.iter().position(|n| same_name(n, name))?;
        self.item(index)
    }

    /// [`find`](Treasures::find), with an error that names what was asked.
    ///
    /// ```
    /// use fairy_ring::prank::{Item, Treasures};
    /// let printed = Treasures::default();
    /// assert_eq!(printed.parse("paperclip"), Ok(Item(8)));
    /// let missing = printed.parse("crown").unwrap_err();
    /// assert_eq!(missing.to_string(), "the item set has no \"crown\"");
    /// ```
    pub fn parse(&self, name: &str) -> Result<Item, UnknownItem> {
        self.find(name).ok_or_else(|| UnknownItem::for_name(name))
    }

    /// The names in item order.
    pub fn names(&self) -> impl ExactSizeIterator<Item = &str> + '_ {
        self.names.iter().map(|n| n.as_str())
    }

    /// The items with their names, in item order.
    pub fn iter(&self) -> impl Iterator<Item = (Item, &str)> + '_ {
        self.all().iter().zip(self.names())
    }

    /// Every item of the set.
    #[inline]
    pub fn all(&self) -> Items {
        Items::first(self.len())
    }

    /// Checks the count and the names.
    pub fn validate(&self) -> Result<(), ConfigError> {
        // The printed set passes every check (a test runs them on it): a
        // standard game's start compares ten names instead of reading them.
        if self.is_printed() {
            return Ok(());
        }
        self.check()
    }

    /// Whether these are the ten printed items, in order.
    fn is_printed(&self) -> bool {
        self.names().eq(STANDARD_ITEMS.iter().copied())
    }

    /// [`validate`](Treasures::validate), every check run.
    fn check(&self) -> Result<(), ConfigError> {
        if self.len() < MIN_ITEMS {
            return Err(ConfigError::ComponentData(
                "an item set needs at least 3 items",
            ));
        }
        // Each name is normalized once, into a key; only names with equal
        // keys are compared in full.
        let mut keys = [0u64; MAX_ITEMS];
        let mut read_digests: [Option<u64>; MAX_ITEMS] = [None; MAX_ITEMS];
        for (i, name) in self.names.iter().enumerate() {
            let Some(key) = name_key(name) else {
                return Err(ConfigError::ComponentData("an item has an empty name"));
            };
            let earlier = keys.get(..i).unwrap_or(&[]);
            if earlier
                .iter()
                .zip(self.names.iter())
                .any(|(&other_key, other)| other_key == key && same_name(other, name))
            {
                return Err(ConfigError::ComponentData(
                    "two items share a name (ignoring case and spaces)",
                ));
            }
            if let Some(slot) = keys.get_mut(i) {
                *slot = key;
            }
            // "item 2" is the notation of the set's second item, and two
            // names that differ only in punctuation ("key-ring", "key ring")
            // read alike: either would make one text name two items. Each
            // name is read once, into a digest; only names with equal
            // digests are read again and compared in full.
            let (number, digest) = crate::reading::as_read(name, |read| {
                (is_an_item_number(read), Some(read_digest(read)))
            })
            .unwrap_or((false, None));
            if number {
                return Err(ConfigError::ComponentData(
                    "an item is named like an item number (\"item 2\"), which the notation uses",
                ));
            }
            let alike = |other: &ItemName| {
                crate::reading::as_read(name, |read| {
                    crate::reading::as_read(other, |other| read == other)
                })
                .flatten()
                .unwrap_or(false)
            };
            if digest.is_some()
                && read_digests
                    .get(..i)
                    .unwrap_or(&[])
                    .iter()
                    .zip(self.names.iter())
                    .any(|(&other_digest, other)| other_digest == digest && alike(other))
            {
                return Err(ConfigError::ComponentData(
                    "two items' names read alike (they differ only in punctuation)",
                ));
            }
            if let Some(slot) = read_digests.get_mut(i) {
                *slot = digest;
            }
        }
        Ok(())
    }
}

/// A digest of a name as read (FNV-1a over its bytes): names that read
/// alike have equal digests.
fn read_digest(read: &str) -> u64 {
    read.bytes().fold(0xcbf2_9ce4_8422_2325, |hash, b| {
        (hash ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3)
    })
}

/// Whether a text as read is "item N" for a number N.
fn is_an_item_number(read: &str) -> bool {
    let mut words = read.split([' ']);
    matches!(
        (words.next(), words.next(), words.next()),
        (Some("item"), Some(number), None)
            if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit())
    )
}

#[cfg(test)]
mod tests {
    extern crate std;
    use super::*;
    use std::string::ToString;

    #[test]
    fn a_name_that_reads_as_an_item_number_is_refused() {
        let set = |last: &str| Treasures::new(["stick", "felt", "marble", "ribbon", last]);
        for taken in [
            "item 1", "ITEM  5", "item 3", "item 99", "item_1", "item.1", "Item: 1",
        ] {
            assert!(set(taken).is_err(), "{taken}");
        }
        // Not "item" and a number alone: a name like any other.
        for free in ["item one", "item 2a", "an item 2", "item -1", "item"] {
            assert!(set(free).is_ok(), "{free}");
        }
    }

    #[test]
    fn names_that_differ_only_in_punctuation_are_refused() {
        assert!(Treasures::new(["key-ring", "key ring", "felt"]).is_err());
        assert!(Treasures::new(["key ring", "felt", "Key_Ring!"]).is_err());
        assert!(Treasures::new(["key ring", "felt", "keyring"]).is_ok());
    }

    #[test]
    fn the_standard_set_is_the_ten_printed_items() {
        let set = Treasures::default();
        assert_eq!(set.len(), 10);
        assert_eq!(set.name(Item(0)), Some("wooden stick"));
        assert_eq!(set.name(Item(9)), Some("metal ring"));
        assert_eq!(set.name(Item(10)), None);
        assert!(set.validate().is_ok());
        // `validate` takes the printed set on sight: every check passes.
        assert!(set.is_printed());
        assert!(set.check().is_ok());
    }

    #[test]
    fn only_the_printed_set_is_taken_on_sight() {
        let mut names = STANDARD_ITEMS;
        names[9] = "Metal Ring";
        let respelled = Treasures::new(names);
        assert!(respelled.is_ok_and(|set| !set.is_printed()));
        let shorter = Treasures::new(STANDARD_ITEMS.iter().copied().take(9));
        assert!(shorter.is_ok_and(|set| !set.is_printed()));
        assert!(Treasures::default().is_printed());
    }

    #[test]
    fn bad_item_sets_are_refused() {
        assert!(Treasures::new(["a", "b"]).is_err());
        assert!(Treasures::new(["a", "b", "a"]).is_err());
        assert!(Treasures::new(["a", "b", " "]).is_err());
        assert!(Treasures::new(["a", "b", "a name far longer than twenty-four"]).is_err());
        assert!(Treasures::new(["a"; 17]).is_err());
        assert!(Treasures::new(["cork", "Cork", "coin"]).is_err());
        assert!(Treasures::new(["wooden stick", " wooden  stick", "coin"]).is_err());
        assert!(Treasures::new(["wooden stick", "woodenstick", "coin"]).is_ok());
    }

    #[test]
    fn names_are_found_ignoring_case_and_spaces() {
        let set = Treasures::default();
        assert_eq!(set.find("wooden stick"), Some(Item(0)));
        assert_eq!(set.find("\tWOODEN \n Stick  "), Some(Item(0)));
        assert_eq!(set.find("woodenstick"), None);
        assert_eq!(set.find("piece of felt"), Some(Item(3)));
        assert_eq!(set.find(""), None);
        assert_eq!(set.item(9), Some(Item(9)));
        assert_eq!(set.item(10), None);
        let long = "a name far longer than twenty-four bytes";
        let missing = set.parse(long).unwrap_err();
        assert_eq!(missing.asked(), &long[..24]);
        assert!(missing.to_string().ends_with("...\""));
    }

    #[test]
    fn item_sets_ignore_out_of_range_items() {
        let mut set = Items::EMPTY;
        set.insert(Item(16));
        set.insert(Item(255));
        assert!(set.is_empty());
        assert!(!set.contains(Item(200)));
        assert_eq!(Items::first(16).len(), 16);
        assert_eq!(Items::first(3).iter().map(|i| i.0).sum::<u8>(), 3);
    }

    #[test]
    fn has_at_least_is_a_count() {
        for bits in 0..=u16::MAX {
            let set = Items::from_bits(bits);
            for count in 0..=MAX_ITEMS + 1 {
                assert_eq!(
                    set.has_at_least(count),
                    set.len() >= count,
                    "{bits:#x} {count}"
                );
            }
        }
    }
}
