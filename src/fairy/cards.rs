//! The charm deck: 21 numbered cards in suits, some showing a fairy.

use core::fmt;
use core::str::FromStr;

/// Number of charm cards in the deck.
pub const DECK_SIZE: usize = 21;

/// A charm card, numbered 1 to 21.
///
/// Written and parsed as its number, in digits.
///
/// ```
/// use fairy_ring::fairy::{Card, ParseCardError};
/// let card: Card = "14".parse()?;
/// assert_eq!(Some(card), Card::new(14));
/// assert_eq!(card.to_string(), "14");
/// assert_eq!("22".parse::<Card>(), Err(ParseCardError::NotACard(22)));
/// # Ok::<(), fairy_ring::fairy::ParseCardError>(())
/// ```
///
/// With `serde`, what is printed on it: `{"number": 14}` (its suit and
/// whether it shows a fairy are the config's [`CharmDeck`]). Reading one
/// refuses a number outside 1 to 21.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
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

    /// Position of the card in per-card tables such as [`CharmDeck`], 0 to
    /// 20 (the number minus one).
    pub const fn index(self) -> usize {
        self.0 as usize - 1
    }

    /// All 21 cards in ascending order.
    pub const ALL: [Card; DECK_SIZE] = {
        let mut all = [Card::MIN; DECK_SIZE];
        let mut i = 0;
        while i < DECK_SIZE {
            all[i] = Card(i as u8 + 1);
            i += 1;
        }
        all
    };

    /// All 21 cards in ascending order.
    pub fn all() -> impl Iterator<Item = Card> {
        Card::ALL.into_iter()
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

/// Text that does not name a charm card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseCardError {
    /// The text is not a number written in digits.
    #[error("a charm card is named by its number in digits, 1 to 21")]
    NotANumber,
    /// The number, given here, is not on any card.
    #[error("{0} is not a charm card (cards are numbered 1 to 21)")]
    NotACard(u32),
    /// The number is too large to hold (above 4294967295), so certainly not
    /// on any card.
    #[error("that number is far too large for a charm card (cards are numbered 1 to 21)")]
    TooLarge,
}

impl FromStr for Card {
    type Err = ParseCardError;

    /// The card's number in decimal digits, such as `14` (or `07`).
    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return Err(ParseCardError::NotANumber);
        }
        // Only digits: the one possible failure is a number too large.
        let number: u32 = text.parse().map_err(|_| ParseCardError::TooLarge)?;
        u8::try_from(number)
            .ok()
            .and_then(Card::new)
            .ok_or(ParseCardError::NotACard(number))
    }
}

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

/// `{"number": 14}`.
#[cfg(feature = "serde")]
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let mut card = serializer.serialize_struct("Card", 1)?;
        card.serialize_field("number", &self.0)?;
        card.end()
    }
}

/// `{"number": 14}`; a number outside 1 to 21 is refused.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        /// The printed number, before it is checked.
        #[derive(serde::Deserialize)]
        #[serde(rename = "Card", deny_unknown_fields)]
        struct Shape {
            number: u8,
        }
        let Shape { number } = Shape::deserialize(deserializer)?;
        Card::new(number).ok_or_else(|| serde::de::Error::custom(NotACard(number)))
    }
}

/// A suit, told apart on the cards by colour. The rulebook does not name the
/// colours, so a suit is named by its place, counted from 1: `Suit(0)` is
/// the "first suit", `Suit(1)` the "second suit" (see `docs/RULINGS.md`,
/// "Fairy: suit names"). In the printed deck the first suit holds 1 to 7,
/// the second 8 to 14 and the third 15 to 21. A custom [`CharmDeck`] may
/// use any suit.
///
/// Written "first suit" to "tenth suit", then "11th suit" to "256th suit".
/// Parsed from either form for every suit ("third suit", "3rd suit"),
/// ignoring ASCII case and the spacing around and between the two words.
///
/// ```
/// use fairy_ring::fairy::{Card, CharmDeck, Suit};
/// let deck = CharmDeck::default();
/// assert_eq!(Card::new(11).map(|c| deck.suit(c)), Some(Suit(1)));
/// assert_eq!(Suit(1).to_string(), "second suit");
/// assert_eq!(Suit(11).to_string(), "12th suit");
/// assert_eq!("Second Suit".parse(), Ok(Suit(1)));
/// assert_eq!("2nd suit".parse(), Ok(Suit(1)));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Suit(pub u8);

impl Suit {
    /// The suits of the printed deck: the first, second and third.
    pub const PRINTED: [Suit; 3] = [Suit(0), Suit(1), Suit(2)];

    /// The suit's number, from 0 (the first suit).
    pub const fn number(self) -> u8 {
        self.0
    }

    /// The suit's place counted from 1, as its name says it: 1 for the
    /// first suit, up to 256.
    pub const fn place(self) -> u16 {
        self.0 as u16 + 1
    }
}

/// Ordinals spelled out, for the first ten suits.
const ORDINAL_WORDS: [&str; 10] = [
    "first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth", "ninth", "tenth",
];

/// The English suffix of `n` written in digits: "st" for 1 and 21, "nd",
/// "rd", and "th" for 11 to 13 and the rest.
fn ordinal_suffix(n: u16) -> &'static str {
    match (n % 10, n % 100) {
        (_, 11..=13) => "th",
        (1, _) => "st",
        (2, _) => "nd",
        (3, _) => "rd",
        _ => "th",
    }
}

/// "first suit" to "tenth suit", then "11th suit" and on.
impl fmt::Display for Suit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match ORDINAL_WORDS.get(usize::from(self.0)) {
            Some(word) => write!(f, "{word} suit"),
            None => {
                let place = self.place();
                write!(f, "{place}{} suit", ordinal_suffix(place))
            }
        }
    }
}

/// Text that does not name a suit ("first suit", "12th suit", ...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error(
    "a suit is named by its place: \"first suit\", \"second suit\", \"third suit\", or in digits, \"12th suit\" (up to the 256th)"
)]
pub struct ParseSuitError;

/// The place an ordinal names, from 1: "third" or "3rd" is 3.
fn parse_ordinal(word: &str) -> Option<u16> {
    if let Some(index) = ORDINAL_WORDS
        .iter()
        .position(|ordinal| word.eq_ignore_ascii_case(ordinal))
    {
        return u16::try_from(index).ok()?.checked_add(1);
    }
    let digits = word.find(|c: char| !c.is_ascii_digit())?;
    let (number, suffix) = word.split_at(digits);
    let place: u16 = number.parse().ok()?;
    suffix
        .eq_ignore_ascii_case(ordinal_suffix(place))
        .then_some(place)
}

impl FromStr for Suit {
    type Err = ParseSuitError;

    /// An ordinal ("third" or "3rd") and `suit`, any ASCII case and spacing.
    fn from_str(text: &str) -> Result<Suit, ParseSuitError> {
        let mut words = text.split_whitespace();
        let (Some(ordinal), Some(suit), None) = (words.next(), words.next(), words.next()) else {
            return Err(ParseSuitError);
        };
        if !suit.eq_ignore_ascii_case("suit") {
            return Err(ParseSuitError);
        }
        parse_ordinal(ordinal)
            .and_then(|place| place.checked_sub(1))
            .and_then(|number| u8::try_from(number).ok())
            .map(Suit)
            .ok_or(ParseSuitError)
    }
}

/// The printed data of the deck: each card's suit and whether it shows a
/// fairy. Part of the [`Config`](super::Config), so a different printing can be
/// played.
///
/// The default is the one split that fits both rulebook examples and puts one
/// fairy in the middle of each suit: 1-7, 8-14 and 15-21, with fairies on 4, 11
/// and 18 (see `docs/RULINGS.md`, "Fairy: suits of the charm deck").
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
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
    /// A printing of the deck from each card's suit and whether it shows a
    /// fairy.
    ///
    /// ```
    /// use fairy_ring::fairy::{Card, CharmDeck, Suit};
    /// // Suits by number modulo 3, and a fairy on every multiple of 5.
    /// let deck = CharmDeck::new(
    ///     |card| Suit(card.number() % 3),
    ///     |card| card.number() % 5 == 0,
    /// );
    /// assert_eq!(deck.fairy_count(), 4);
    /// assert_eq!(deck.cards_of(Suit(0)).count(), 7);
    /// ```
    pub fn new(suit: impl Fn(Card) -> Suit, has_fairy: impl Fn(Card) -> bool) -> CharmDeck {
        CharmDeck {
            suits: Card::ALL.map(suit),
            fairies: Card::ALL.map(has_fairy),
        }
    }

    /// The same deck with `card` in `suit`.
    pub fn with_suit(mut self, card: Card, suit: Suit) -> CharmDeck {
        if let Some(slot) = self.suits.get_mut(card.index()) {
            *slot = suit;
        }
        self
    }

    /// The same deck with a fairy on `card` or not.
    pub fn with_fairy(mut self, card: Card, has_fairy: bool) -> CharmDeck {
        if let Some(slot) = self.fairies.get_mut(card.index()) {
            *slot = has_fairy;
        }
        self
    }

    /// The suit of `card`.
    pub fn suit(&self, card: Card) -> Suit {
        // Every card has an entry: the fallback is never used.
        self.suits.get(card.index()).copied().unwrap_or(Suit(0))
    }

    /// Whether `card` shows a fairy.
    pub fn has_fairy(&self, card: Card) -> bool {
        // Every card has an entry: the fallback is never used.
        self.fairies.get(card.index()).copied().unwrap_or(false)
    }

    /// The cards showing a fairy, in ascending order (4, 11 and 18 in the
    /// printed deck).
    pub fn fairy_cards(&self) -> impl Iterator<Item = Card> + '_ {
        Card::all().filter(|&card| self.has_fairy(card))
    }

    /// The cards of `suit`, in ascending order.
    pub fn cards_of(&self, suit: Suit) -> impl Iterator<Item = Card> + '_ {
        Card::all().filter(move |&card| self.suit(card) == suit)
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
