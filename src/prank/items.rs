//! The items, their tokens, and the item set a table plays with.

use core::fmt;

use arrayvec::{ArrayString, ArrayVec};

use crate::ConfigError;

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
pub struct Item(pub u8);

impl Item {
    /// Position of the item in the set, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

impl fmt::Display for Item {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "item {}", u16::from(self.0) + 1)
    }
}

/// A set of items (the box's content, the removed items, the face-down
/// tokens...), as a bit set.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Items(u16);

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
/// ```
/// use fairy_ring::prank::Treasures;
/// let kitchen = Treasures::new(["spoon", "cork", "coin", "button"])?;
/// assert_eq!(kitchen.len(), 4);
/// assert_eq!(Treasures::default().len(), 10);
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Treasures {
    /// Item names; item `i` is `names[i]`.
    pub names: ArrayVec<ItemName, MAX_ITEMS>,
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
    /// A custom item set: 3 to 16 distinct, non-empty names of at most 24
    /// bytes each.
    pub fn new<'a>(names: impl IntoIterator<Item = &'a str>) -> Result<Treasures, ConfigError> {
        let mut set = Treasures {
            names: ArrayVec::new(),
        };
        for name in names {
            let name = ItemName::from(name)
                .map_err(|_| ConfigError::ComponentData("an item name is longer than 24 bytes"))?;
            set.names
                .try_push(name)
                .map_err(|_| ConfigError::ComponentData("more than 16 items"))?;
        }
        set.validate()?;
        Ok(set)
    }

    /// Number of items in the set.
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

    /// Every item of the set.
    pub fn all(&self) -> Items {
        Items::first(self.len())
    }

    /// Checks the count and the names.
    pub fn validate(&self) -> Result<(), ConfigError> {
        if self.len() < MIN_ITEMS {
            return Err(ConfigError::ComponentData(
                "an item set needs at least 3 items",
            ));
        }
        for (i, name) in self.names.iter().enumerate() {
            if name.trim().is_empty() {
                return Err(ConfigError::ComponentData("an item has an empty name"));
            }
            if self.names.iter().take(i).any(|other| other == name) {
                return Err(ConfigError::ComponentData("two items share a name"));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_standard_set_is_the_ten_printed_items() {
        let set = Treasures::default();
        assert_eq!(set.len(), 10);
        assert_eq!(set.name(Item(0)), Some("wooden stick"));
        assert_eq!(set.name(Item(9)), Some("metal ring"));
        assert_eq!(set.name(Item(10)), None);
        assert!(set.validate().is_ok());
    }

    #[test]
    fn bad_item_sets_are_refused() {
        assert!(Treasures::new(["a", "b"]).is_err());
        assert!(Treasures::new(["a", "b", "a"]).is_err());
        assert!(Treasures::new(["a", "b", " "]).is_err());
        assert!(Treasures::new(["a", "b", "a name far longer than twenty-four"]).is_err());
        assert!(Treasures::new(["a"; 17]).is_err());
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
}
