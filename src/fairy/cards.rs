//! The charm deck: 21 numbered cards in suits, some showing a fairy.

use core::fmt;

/// Number of charm cards in the deck.
pub const DECK_SIZE: usize = 21;

/// A charm card, numbered 1 to 21.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Card(u8);

impl Card {
    /// The lowest card, 1.
    pub const MIN: Card = Card(1);

    /// The card numbered `number`, if it is 1 to 21.
    pub const fn new(number: u8) -> Option<Card> {
        if number >= 1 && number as usize <= DECK_SIZE {
            Some(Card(number))
        } else {
            None
        }
    }

    /// The printed number, 1 to 21.
    pub const fn number(self) -> u8 {
        self.0
    }

    /// Position of the card in per-card tables, 0 to 20.
    pub(crate) const fn slot(self) -> usize {
        self.0 as usize - 1
    }

    /// All 21 cards in ascending order.
    pub fn all() -> impl Iterator<Item = Card> {
        (1..=DECK_SIZE as u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A number that is not a charm card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a charm card (cards are numbered 1 to 21)")]
pub struct NotACard(pub u8);

impl TryFrom<u8> for Card {
    type Error = NotACard;
    fn try_from(number: u8) -> Result<Card, NotACard> {
        Card::new(number).ok_or(NotACard(number))
    }
}

impl From<Card> for u8 {
    fn from(card: Card) -> u8 {
        card.0
    }
}

/// A suit, told apart on the cards by colour. The rulebook does not name the
/// colours, so suits are numbered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct Suit(pub u8);

/// The printed data of the deck: each card's suit and whether it shows a
/// fairy. Part of the [`Config`](super::Config), so a different printing can be
/// played.
///
/// The default is the one split that fits both rulebook examples and puts one
/// fairy in the middle of each suit: 1-7, 8-14 and 15-21, with fairies on 4, 11
/// and 18 (see `docs/RULINGS.md`, "Fairy: suits of the charm deck").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CharmDeck {
    /// Suit of card `n` at index `n - 1`.
    pub suits: [Suit; DECK_SIZE],
    /// Whether card `n` (at index `n - 1`) shows a fairy.
    pub fairies: [bool; DECK_SIZE],
}

impl Default for CharmDeck {
    fn default() -> Self {
        CharmDeck {
            suits: core::array::from_fn(|i| Suit((i / 7) as u8)),
            fairies: core::array::from_fn(|i| matches!(i + 1, 4 | 11 | 18)),
        }
    }
}

impl CharmDeck {
    /// The suit of `card`.
    pub fn suit(&self, card: Card) -> Suit {
        self.suits[card.slot()]
    }

    /// Whether `card` shows a fairy.
    pub fn has_fairy(&self, card: Card) -> bool {
        self.fairies[card.slot()]
    }

    /// How many cards show a fairy (3 in the printed deck).
    pub fn fairy_count(&self) -> usize {
        self.fairies.iter().filter(|&&f| f).count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_deck_has_three_suits_of_seven_and_fairies_on_4_11_18() {
        let deck = CharmDeck::default();
        for suit in 0..3 {
            assert_eq!(deck.suits.iter().filter(|s| s.0 == suit).count(), 7);
        }
        let fairies: arrayvec::ArrayVec<u8, 21> = Card::all()
            .filter(|&c| deck.has_fairy(c))
            .map(Card::number)
            .collect();
        assert_eq!(fairies.as_slice(), &[4, 11, 18]);
    }

    #[test]
    fn only_1_to_21_are_cards() {
        assert_eq!(Card::new(0), None);
        assert_eq!(Card::new(22), None);
        assert_eq!(Card::new(21).map(Card::number), Some(21));
        assert_eq!(Card::try_from(255), Err(NotACard(255)));
    }
}
