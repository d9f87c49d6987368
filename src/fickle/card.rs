//! Fairy cards and their Favor values.

use core::fmt;

use super::family::{FAMILY_COUNT, Family};

/// Cards in one Family deck.
pub const CARDS_PER_FAMILY: usize = 9;

/// Cards in a game's Fairy Deck (5 Families of 9).
pub const DECK_SIZE: usize = 45;

/// One Fairy card: a Family and which of its 9 cards (0 to 8).
///
/// Every `Card` is a card of the deck: the copy is private and checked by
/// [`Card::new`] (and by deserializing and `arbitrary`), so a card's name
/// always reads back to it. Its Family may be one the game does not use.
///
/// ```compile_fail
/// use fairy_ring::fickle::{Card, Family};
/// // No tenth Noble: a card is built through `Card::new`, which checks.
/// let ghost = Card { family: Family::Noble, copy: 9 };
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "CardFields"))]
// Two bytes in order and aligned as one word, so the derived `==` compiles
// to one 16-bit comparison (cards are compared in every search of a hand
// or an Alliance) and `Card` constants still work as patterns.
#[repr(C, align(2))]
pub struct Card {
    /// The card's Family.
    pub family: Family,
    /// Which card of the Family deck, 0 to 8 (its Favor is in the
    /// [`FavorTable`]); private so that no card past the ninth exists.
    copy: u8,
}

/// A card as serialized, checked into a [`Card`] when deserialized (the
/// copy read wide, so that a copy past the ninth is named as written).
#[cfg(feature = "serde")]
#[derive(serde::Deserialize)]
struct CardFields {
    family: Family,
    copy: u64,
}

/// Why deserialized fields are not a card: the copy is past the ninth.
#[cfg(feature = "serde")]
struct NoSuchCopy(CardFields);

#[cfg(feature = "serde")]
impl fmt::Display for NoSuchCopy {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let NoSuchCopy(CardFields { family, copy }) = self;
        write!(
            f,
            "{family} has no card {copy}: a Family's cards are numbered 0 to 8"
        )
    }
}

#[cfg(feature = "serde")]
impl TryFrom<CardFields> for Card {
    type Error = NoSuchCopy;

    fn try_from(fields: CardFields) -> Result<Card, NoSuchCopy> {
        u8::try_from(fields.copy)
            .ok()
            .and_then(|copy| Card::new(fields.family, copy))
            .ok_or(NoSuchCopy(fields))
    }
}

/// Any Family and a copy from 0 to 8: never a card past the ninth.
#[cfg(feature = "arbitrary")]
impl<'a> arbitrary::Arbitrary<'a> for Card {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Card> {
        let family: Family = u.arbitrary()?;
        let copy = u.int_in_range(0..=CARDS_PER_FAMILY as u8 - 1)?;
        Ok(Card { family, copy })
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        let (low, high) = <Family as arbitrary::Arbitrary>::size_hint(depth);
        (low + 1, high.map(|h| h + 1))
    }
}

/// The first card of the first Family ("Blinded 1"): a filler for the
/// unused slots of the fixed-capacity [`List`](crate::List)s a
/// [`Setup`](super::Setup) is made of, never a card dealt by default.
impl Default for Card {
    fn default() -> Card {
        Card {
            family: Family::Blinded,
            copy: 0,
        }
    }
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

    /// Which card of its Family deck this is, 0 to 8 (the first card of
    /// Favor 1 is 0, the one Favor 5 is 8; see [`DEFAULT_FAVOR`]).
    pub const fn copy(self) -> u8 {
        self.copy
    }

    /// All 9 cards of `family`.
    pub fn of(family: Family) -> impl Iterator<Item = Card> {
        (0..CARDS_PER_FAMILY as u8).map(move |copy| Card { family, copy })
    }
}

impl Card {
    /// The first card of `family` printed with Favor `favor` under the
    /// default breakdown ([`DEFAULT_FAVOR`]; Pariah negative), if there is one:
    /// `Card::with_favor(Family::Noble, 4)` is the card named "Noble 4".
    ///
    /// ```
    /// use fairy_ring::fickle::{Card, Family};
    /// let noble4 = Card::with_favor(Family::Noble, 4).expect("a Noble of Favor 4");
    /// assert_eq!(noble4.to_string(), "Noble 4");
    /// assert_eq!(Card::with_favor(Family::Noble, -4), None);
    /// assert_eq!(Card::with_favor(Family::Pariah, -4).map(|c| c.to_string()).as_deref(), Some("Pariah -4"));
    /// ```
    pub const fn with_favor(family: Family, favor: i8) -> Option<Card> {
        let value = if matches!(family, Family::Pariah) {
            -(favor as i16)
        } else {
            favor as i16
        };
        if value < 1 || value > 5 {
            return None;
        }
        let copy = if value == 5 { 8 } else { (value as u8 - 1) * 2 };
        Some(Card { family, copy })
    }

    /// The card's Favor under the default breakdown ([`DEFAULT_FAVOR`],
    /// negative for Pariah): the value its name shows. A game's own values are
    /// in its [`FavorTable`] ([`FavorTable::favor`]).
    pub const fn default_favor(self) -> i8 {
        let v = if (self.copy as usize) < CARDS_PER_FAMILY {
            DEFAULT_FAVOR[self.copy as usize]
        } else {
            0
        };
        if matches!(self.family, Family::Pariah) {
            -v
        } else {
            v
        }
    }

    /// Whether this is the second of two cards of its Family with the same
    /// default Favor (named with a prime: "Noble 4'").
    const fn is_second(self) -> bool {
        self.copy < 8 && self.copy % 2 == 1
    }

    /// The card named `name`, as [`Display`](fmt::Display) writes it: the Family, a
    /// space and the Favor under the default breakdown ("Noble 4",
    /// "Pariah -2"), with a prime for the second of the two cards of that
    /// Favor ("Noble 4'"). Family names are matched ignoring case.
    ///
    /// ```
    /// use fairy_ring::fickle::{Card, Family};
    /// let card = Card::parse("Noble 4'")?;
    /// assert_eq!(card.family, Family::Noble);
    /// assert_eq!(card.to_string(), "Noble 4'");
    /// assert!(Card::parse("Noble 6").is_err());
    /// # Ok::<(), fairy_ring::fickle::ParseError>(())
    /// ```
    pub fn parse(name: &str) -> Result<Card, ParseError> {
        name.parse()
    }
}

/// Why a name is not a [`Card`], [`Family`], [`RecommendedSet`] or
/// [`Direction`](super::Direction).
///
/// [`RecommendedSet`]: super::RecommendedSet
///
/// ```
/// use fairy_ring::fickle::{Card, Family, ParseError};
/// assert_eq!(
///     Card::parse("Noble 6"),
///     Err(ParseError::NoCard { family: Family::Noble, favor: 6 })
/// );
/// assert_eq!(
///     Card::parse("Noble 6").unwrap_err().to_string(),
///     "there is no Noble 6: a Noble's Favor is 1 to 5"
/// );
/// assert_eq!(
///     Card::parse("Noble 5'"),
///     Err(ParseError::Prime { family: Family::Noble, favor: 5 })
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ParseError {
    /// Not the name of one of the 22 Families.
    #[error("not the name of a Fickle Family")]
    Family,
    /// The Family has no card of that Favor (1 to 5, Pariah -1 to -5; a
    /// prime for the second card, never on a 5). Names read by a
    /// [`PositionBuilder`](super::PositionBuilder), and Favors too large to write back, give
    /// this; [`ParseError::NoCard`] names the card.
    #[error(
        "no card of that Favor in the Family: a Family's cards have Favor 1 to 5 (a Pariah's -1 to -5)"
    )]
    Favor,
    /// The Family has no card of this Favor ("Noble 6", "Pariah 2"): its
    /// cards have Favor 1 to 5, a Pariah's -1 to -5.
    #[error(
        "there is no {family} {favor}: a {family}'s Favor is {}",
        if matches!(family, Family::Pariah) { "-1 to -5" } else { "1 to 5" }
    )]
    NoCard {
        /// The Family named.
        family: Family,
        /// The Favor named, as written.
        favor: i64,
    },
    /// A prime on a Favor that has one card ("Noble 5'"): the prime marks
    /// the second of the two cards of the same Favor, and only Favor 1 to 4
    /// (-1 to -4 for Pariah) come in twos.
    #[error(
        "there is only one {family} {favor}, so no {family} {favor}': a prime (') marks the second of a Family's two cards of the same Favor, and only Favor {} come in twos",
        if matches!(family, Family::Pariah) { "-1 to -4" } else { "1 to 4" }
    )]
    Prime {
        /// The Family named.
        family: Family,
        /// The Favor named (5, or -5 for Pariah).
        favor: i8,
    },
    /// Not of the form "Family Favor" (like "Noble 4" or "Noble 4'").
    #[error(
        "a card is named by its Family and Favor, like \"Noble 4\", with a prime (') for the second card of that Favor: \"Noble 4'\""
    )]
    Format,
    /// Not the name of one of the rulebook's Recommended Sets.
    #[error("not the name of a Recommended Set")]
    Set,
    /// Not a direction ("Left" or "Right").
    #[error("not a direction (Left or Right)")]
    Direction,
}

/// "Noble 4", "Noble 4'" (the second card of Favor 4), "Pariah -2".
///
/// A name always uses the default Favor breakdown ([`DEFAULT_FAVOR`]), never
/// a game's own [`FavorTable`]: it names the card (its Family and copy), and
/// under a custom table the card named "Give 1" may be worth 2. Read a
/// card's Favor in its game with [`FavorTable::favor`] (or
/// [`State::favor`](super::State::favor)). A [`PositionBuilder`](super::PositionBuilder) reads a name the other way,
/// as a card with that Favor in the game's table.
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.family, self.default_favor())?;
        if self.is_second() {
            f.write_str("'")?;
        }
        Ok(())
    }
}

/// Parses the names [`Display`](fmt::Display) writes (see [`Card::parse`]).
impl core::str::FromStr for Card {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Card, ParseError> {
        let s = s.trim();
        // The last space splits the name from the Favor (a byte search:
        // no slicing that could panic).
        let space = s
            .bytes()
            .rposition(|b| b == b' ')
            .ok_or(ParseError::Format)?;
        let (family, favor) = (
            s.get(..space).ok_or(ParseError::Format)?,
            s.get(space + 1..).ok_or(ParseError::Format)?,
        );
        let family: Family = family.parse()?;
        Card::from_favor_text(family, favor)
    }
}

impl Card {
    /// The card of `family` whose name ends in `favor` ("4", "4'", "-2").
    pub(crate) fn from_favor_text(family: Family, favor: &str) -> Result<Card, ParseError> {
        // A keyboard's apostrophe, a typographic one or a prime mark.
        let (favor, second) = match favor.strip_suffix(['\'', '\u{2019}', '\u{2032}']) {
            Some(rest) => (rest, true),
            None => (favor, false),
        };
        // Read wide, so a Favor far out of range is named as written.
        let favor: i64 = favor.parse().map_err(|_| {
            // Digits too many for any Favor: a number, of no card.
            let digits = favor.strip_prefix('-').unwrap_or(favor);
            if !digits.is_empty() && digits.bytes().all(|b| b.is_ascii_digit()) {
                ParseError::Favor
            } else {
                ParseError::Format
            }
        })?;
        let first = i8::try_from(favor)
            .ok()
            .and_then(|value| Card::with_favor(family, value))
            .ok_or(ParseError::NoCard { family, favor })?;
        match (second, first.copy) {
            (false, _) => Ok(first),
            (true, 8) => Err(ParseError::Prime {
                family,
                favor: first.default_favor(),
            }),
            (true, copy) => Ok(Card {
                family,
                copy: copy + 1,
            }),
        }
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
    /// The Favor values of the nine cards of `family`, by copy.
    pub fn family(&self, family: Family) -> [i8; CARDS_PER_FAMILY] {
        self.values
            .get(family.index())
            .copied()
            .unwrap_or([0; CARDS_PER_FAMILY])
    }

    /// Sets the Favor value of `card` (nothing for an out-of-range copy);
    /// [`FavorTable::is_valid`] tells whether the table is still printable.
    ///
    /// ```
    /// use fairy_ring::fickle::{Card, FavorTable};
    /// let mut table = FavorTable::default();
    /// let card = Card::parse("Give 1")?;
    /// table.set(card, 2);
    /// assert_eq!(table.favor(card), 2);
    /// # Ok::<(), fairy_ring::fickle::ParseError>(())
    /// ```
    pub fn set(&mut self, card: Card, favor: i8) {
        if let Some(v) = self
            .values
            .get_mut(card.family.index())
            .and_then(|row| row.get_mut(usize::from(card.copy)))
        {
            *v = favor;
        }
    }

    /// The cards of `family` whose Favor is `favor` in this table, by copy.
    pub fn cards_with(&self, family: Family, favor: i8) -> impl Iterator<Item = Card> + '_ {
        Card::of(family).filter(move |&c| self.favor(c) == favor)
    }

    /// The Favor value of `card` (0 for an out-of-range copy).
    #[inline]
    pub fn favor(&self, card: Card) -> i8 {
        self.values
            .get(card.family.index())
            .and_then(|row| row.get(usize::from(card.copy)))
            .copied()
            .unwrap_or(0)
    }

    /// Whether every value is printable: 1 to 5, and -1 to -5 for Pariah.
    pub fn is_valid(&self) -> bool {
        // Every value checked without stopping early, as one run of bytes
        // (`v - 1` in 0..5, or `-v - 1` for Pariah), which compiles to a few
        // vector instructions (`Game::new` validates the config each game).
        let flat = self.values.as_flattened();
        let pariah = Family::Pariah.index() * CARDS_PER_FAMILY;
        let in_range = |values: &[i8], sign: i8| {
            values.iter().fold(true, |ok, &v| {
                ok & ((v.wrapping_mul(sign) as u8).wrapping_sub(1) < 5)
            })
        };
        let (before, rest) = flat.split_at(pariah.min(flat.len()));
        let (row, after) = rest.split_at(CARDS_PER_FAMILY.min(rest.len()));
        let valid = in_range(before, 1) & in_range(row, -1) & in_range(after, 1);
        debug_assert_eq!(
            valid,
            Family::ALL.iter().all(|&f| {
                let (low, high) = if f == Family::Pariah {
                    (-5, -1)
                } else {
                    (1, 5)
                };
                self.values
                    .get(f.index())
                    .is_some_and(|row| row.iter().all(|&v| (low..=high).contains(&v)))
            })
        );
        valid
    }
}
