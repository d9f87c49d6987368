//! Fairy cards and their Favor values.

use core::fmt;

use super::family::{FAMILY_COUNT, Family};

/// Cards in one Family deck.
pub const CARDS_PER_FAMILY: usize = 9;

/// Cards in a game's Fairy Deck (5 Families of 9).
pub const DECK_SIZE: usize = 45;

/// One Fairy card: a Family and which of its 9 cards (0 to 8).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Card {
    /// The card's Family.
    pub family: Family,
    /// Which card of the Family deck, 0 to 8 (its Favor is in the
    /// [`FavorTable`]).
    pub copy: u8,
}

impl Card {
    /// The card `copy` (0 to 8) of `family`, if `copy` is in range.
    pub const fn new(family: Family, copy: u8) -> Option<Card> {
        if (copy as usize) < CARDS_PER_FAMILY {
            Some(Card { family, copy })
        } else {
            None
        }
    }

    /// All 9 cards of `family`.
    pub fn of(family: Family) -> impl Iterator<Item = Card> {
        (0..CARDS_PER_FAMILY as u8).map(move |copy| Card { family, copy })
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}#{}", self.family, self.copy)
    }
}

/// The Favor value of each card of each Family: `values[family][copy]`.
///
/// The rulebook does not print the breakdown. The default is
/// 1, 1, 2, 2, 3, 3, 4, 4, 5 for every Family and the negatives of that for
/// Pariah (see `docs/RULINGS.md`, "Fickle: Favor values", a default and
/// not a printed fact). Replace it with the values of your own copy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct FavorTable {
    /// Favor of card `copy` of Family `f` at `values[f.index()][copy]`.
    pub values: [[i8; CARDS_PER_FAMILY]; FAMILY_COUNT],
}

/// The default breakdown of a Family's nine cards.
pub const DEFAULT_FAVOR: [i8; CARDS_PER_FAMILY] = [1, 1, 2, 2, 3, 3, 4, 4, 5];

impl Default for FavorTable {
    fn default() -> Self {
        let mut values = [DEFAULT_FAVOR; FAMILY_COUNT];
        values[Family::Pariah.index()] = DEFAULT_FAVOR.map(|v| -v);
        FavorTable { values }
    }
}

impl FavorTable {
    /// The Favor value of `card` (0 for an out-of-range copy).
    pub fn favor(&self, card: Card) -> i8 {
        self.values
            .get(card.family.index())
            .and_then(|row| row.get(usize::from(card.copy)))
            .copied()
            .unwrap_or(0)
    }

    /// Whether every value is printable: 1 to 5, and -1 to -5 for Pariah.
    pub fn is_valid(&self) -> bool {
        Family::ALL.iter().all(|&f| {
            let range = if f == Family::Pariah { -5..=-1 } else { 1..=5 };
            self.values
                .get(f.index())
                .is_some_and(|row| row.iter().all(|v| range.contains(v)))
        })
    }
}
