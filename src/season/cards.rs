//! The 90 cards: Season Fairies, Royal Fairies, Goblins and Traps, each with
//! its own identity so every card can be accounted for exactly once.

use core::fmt;

use crate::Numeral;
use crate::Score;

/// Number of cards in the game.
pub const DECK_SIZE: usize = 90;
/// Season Fairies: two of each number 1-8 in each of the four seasons.
pub const SEASON_FAIRIES: usize = 64;
/// Royal Fairies: King, Queen, Prince and Princess.
pub const ROYALS: usize = 4;
/// Goblins: two of each of the eight kinds.
pub const GOBLINS: usize = 16;
/// Traps.
pub const TRAPS: usize = 6;

const FIRST_ROYAL: u8 = SEASON_FAIRIES as u8;
const FIRST_GOBLIN: u8 = FIRST_ROYAL + ROYALS as u8;
const FIRST_TRAP: u8 = FIRST_GOBLIN + GOBLINS as u8;

/// One of the four seasons, in the order a Swarm climbs through them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Season {
    /// The first season.
    Spring,
    /// Follows Spring.
    Summer,
    /// Follows Summer.
    Autumn,
    /// The last season: nothing follows Winter (the seasons do not loop).
    Winter,
}

impl Season {
    /// The four seasons in order.
    pub const ALL: [Season; 4] = [
        Season::Spring,
        Season::Summer,
        Season::Autumn,
        Season::Winter,
    ];

    /// The season after this one; `None` after Winter.
    pub const fn next(self) -> Option<Season> {
        match self {
            Season::Spring => Some(Season::Summer),
            Season::Summer => Some(Season::Autumn),
            Season::Autumn => Some(Season::Winter),
            Season::Winter => None,
        }
    }

    /// Position in [`Season::ALL`] and in per-season tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The season's name as players say it: `"Spring"`.
    pub const fn name(self) -> &'static str {
        match self {
            Season::Spring => "Spring",
            Season::Summer => "Summer",
            Season::Autumn => "Autumn",
            Season::Winter => "Winter",
        }
    }

    const fn from_index(i: u8) -> Season {
        match i {
            0 => Season::Spring,
            1 => Season::Summer,
            2 => Season::Autumn,
            _ => Season::Winter,
        }
    }
}

/// The four Royal Fairies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Royal {
    /// The King.
    King,
    /// The Queen.
    Queen,
    /// The Prince.
    Prince,
    /// The Princess.
    Princess,
}

impl Royal {
    /// The four Royal Fairies.
    pub const ALL: [Royal; 4] = [Royal::King, Royal::Queen, Royal::Prince, Royal::Princess];

    /// Position in [`Royal::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The Royal's name as players say it: `"King"`.
    pub const fn name(self) -> &'static str {
        match self {
            Royal::King => "King",
            Royal::Queen => "Queen",
            Royal::Prince => "Prince",
            Royal::Princess => "Princess",
        }
    }

    const fn from_index(i: u8) -> Royal {
        match i {
            0 => Royal::King,
            1 => Royal::Queen,
            2 => Royal::Prince,
            _ => Royal::Princess,
        }
    }
}

/// The eight kinds of Goblin, two cards each. What each one does is data in
/// the [`CardSet`](super::CardSet).
///
/// Only Robber, Greedy and Dizzy are named in published text; the other five
/// names belong to this crate (see `docs/RULINGS.md`, "Season: the
/// eight Goblins").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Goblin {
    /// Named in the rulebook: plays a Fairy from the top of a Stash.
    Robber,
    /// Named in the rulebook FAQ: takes the top two Fairies of the Swarm.
    Greedy,
    /// Named in a review.
    Dizzy,
    /// Named by this crate.
    Thief,
    /// Named by this crate.
    Trickster,
    /// Named by this crate.
    Hoarder,
    /// Named by this crate.
    Hungry,
    /// Named by this crate.
    Sneaky,
}

impl Goblin {
    /// The eight kinds, in card-identity order.
    pub const ALL: [Goblin; 8] = [
        Goblin::Robber,
        Goblin::Greedy,
        Goblin::Dizzy,
        Goblin::Thief,
        Goblin::Trickster,
        Goblin::Hoarder,
        Goblin::Hungry,
        Goblin::Sneaky,
    ];

    /// Position in [`Goblin::ALL`] and in per-kind tables.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The kind's name, without the word "Goblin": `"Robber"`.
    pub const fn name(self) -> &'static str {
        match self {
            Goblin::Robber => "Robber",
            Goblin::Greedy => "Greedy",
            Goblin::Dizzy => "Dizzy",
            Goblin::Thief => "Thief",
            Goblin::Trickster => "Trickster",
            Goblin::Hoarder => "Hoarder",
            Goblin::Hungry => "Hungry",
            Goblin::Sneaky => "Sneaky",
        }
    }

    const fn from_index(i: u8) -> Goblin {
        match i {
            0 => Goblin::Robber,
            1 => Goblin::Greedy,
            2 => Goblin::Dizzy,
            3 => Goblin::Thief,
            4 => Goblin::Trickster,
            5 => Goblin::Hoarder,
            6 => Goblin::Hungry,
            _ => Goblin::Sneaky,
        }
    }
}

/// What a card is, without telling apart the copies.
///
/// Named as players name cards (`Display` and `FromStr` round-trip):
/// `"Spring 3"`, `"King"`, `"Robber Goblin"`, `"Trap"`.
///
/// ```
/// use fairy_ring::season::{CardKind, Goblin, Season};
///
/// let kind: CardKind = "Spring 3".parse()?;
/// assert_eq!(kind, CardKind::Season { season: Season::Spring, number: 3 });
/// assert_eq!(CardKind::Goblin(Goblin::Robber).to_string(), "Robber Goblin");
/// # Ok::<(), fairy_ring::season::ParseCardError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum CardKind {
    /// A Season Fairy: a season and a number from 1 to 8. Worth 1 point.
    Season {
        /// Its season.
        season: Season,
        /// Its number, 1 to 8.
        number: u8,
    },
    /// A Royal Fairy, worth 2 points.
    Royal(Royal),
    /// A Goblin, worth nothing.
    Goblin(Goblin),
    /// A Trap, worth nothing.
    Trap,
}

impl CardKind {
    /// Whether this is a Season or Royal Fairy (what Goblins grab).
    pub const fn is_fairy(self) -> bool {
        matches!(self, CardKind::Season { .. } | CardKind::Royal(_))
    }

    /// How many cards of this kind the game has: 2 of each Season Fairy and
    /// Goblin, 1 of each Royal, 6 Traps; 0 for a Season Fairy numbered
    /// outside 1-8.
    pub const fn copies(self) -> u8 {
        match self {
            CardKind::Season { number, .. } if number < 1 || number > 8 => 0,
            CardKind::Season { .. } | CardKind::Goblin(_) => 2,
            CardKind::Royal(_) => 1,
            CardKind::Trap => TRAPS as u8,
        }
    }

    /// Copy `copy` of this kind (counting from 0), if the game has it.
    pub const fn card(self, copy: u8) -> Option<Card> {
        match self {
            CardKind::Season { season, number } => Card::season(season, number, copy),
            CardKind::Royal(royal) if copy == 0 => Some(Card::royal(royal)),
            CardKind::Royal(_) => None,
            CardKind::Goblin(goblin) => Card::goblin(goblin, copy),
            CardKind::Trap => Card::trap(copy),
        }
    }

    /// The cards of this kind, in identity order.
    pub fn cards(self) -> impl Iterator<Item = Card> {
        (0..self.copies()).filter_map(move |copy| self.card(copy))
    }

    /// Every kind of card once (45 kinds), in identity order.
    pub fn all() -> impl Iterator<Item = CardKind> {
        Card::all().filter(|c| c.copy() == 0).map(Card::kind)
    }

    /// Parses a name, as [`FromStr`](core::str::FromStr) does.
    pub fn parse(name: &str) -> Result<CardKind, ParseCardError> {
        name.parse()
    }
}

/// `"Spring 3"`, `"King"`, `"Robber Goblin"`, `"Trap"`.
impl fmt::Display for CardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            CardKind::Season { season, number } => write!(f, "{season} {number}"),
            CardKind::Royal(royal) => f.write_str(royal.name()),
            CardKind::Goblin(goblin) => write!(f, "{goblin} Goblin"),
            CardKind::Trap => f.write_str("Trap"),
        }
    }
}

/// Reads a card name, ignoring case and extra spaces: a season and a number
/// in either order (`"Spring 3"`, `"3 spring"`), a Royal (`"Queen"`), a
/// Goblin kind with or without the word Goblin (`"Robber Goblin"`,
/// `"Goblin Robber"`, `"Robber"`), or `"Trap"`.
impl core::str::FromStr for CardKind {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<CardKind, ParseCardError> {
        match parse_name(text)? {
            (kind, None) => Ok(kind),
            (kind, Some(number)) => Err(ParseCardError::CopyOfKind { kind, number }),
        }
    }
}

/// One physical card: an identity from 0 to 89. Two copies of the same
/// [`CardKind`] are different cards.
///
/// Identities 0-63 are the Season Fairies (Spring 1, Spring 1, Spring 2, ...
/// Winter 8), 64-67 the Royals, 68-83 the Goblins (two of each kind in
/// [`Goblin::ALL`] order), 84-89 the Traps.
///
/// # Names
///
/// `Display` names a card as players do, by its kind: `"Spring 3"` (both
/// copies alike). The alternate form `{:#}` adds which copy it is, counting
/// from 1, for kinds with more than one card: `"Spring 3 #2"`, `"Trap #6"`
/// (a Royal is just `"King"`). Parsing reads both: a name without a copy is
/// the first copy, so `format!("{card:#}").parse()` gives back `card` and
/// `card.to_string().parse()` gives the first card of its kind.
///
/// ```
/// use fairy_ring::season::{Card, Season};
///
/// let spring_3 = Card::parse("Spring 3")?;
/// assert_eq!(Some(spring_3), Card::season(Season::Spring, 3, 0));
/// let second = Card::parse("spring 3 #2")?;
/// assert_eq!(Some(second), Card::season(Season::Spring, 3, 1));
/// assert_eq!(second.to_string(), "Spring 3");
/// assert_eq!(format!("{second:#}"), "Spring 3 #2");
/// # Ok::<(), fairy_ring::season::ParseCardError>(())
/// ```
///
/// # Serialized (feature `serde`)
///
/// What is printed on it, and which copy (counting from 0, as
/// [`Card::copy`]): `{"season": "spring", "number": 3, "copy": 1}`,
/// `{"royal": "king", "copy": 0}`, `{"goblin": "robber", "copy": 1}`,
/// `{"trap": true, "copy": 5}`. Reading one refuses a card the game does not
/// have, with an error that names it.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Card(u8);

/// Card 0, the first Spring 1: only a filler, so that cards fit the
/// fixed-capacity [`List`](crate::List)s a game state is made of.
impl Default for Card {
    fn default() -> Card {
        Card(0)
    }
}

/// Shows the identity and what the card is, e.g. `Card(6: Spring 4)`.
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Card({}: {})", self.0, self.kind())
    }
}

impl Card {
    /// The card with identity `id`, if it is below 90.
    pub const fn new(id: u8) -> Option<Card> {
        if (id as usize) < DECK_SIZE {
            Some(Card(id))
        } else {
            None
        }
    }

    /// Copy `copy` (0 or 1) of the Season Fairy `season` `number` (1-8).
    pub const fn season(season: Season, number: u8, copy: u8) -> Option<Card> {
        if number < 1 || number > 8 || copy > 1 {
            return None;
        }
        Some(Card(season as u8 * 16 + (number - 1) * 2 + copy))
    }

    /// The Royal Fairy `royal` (there is one of each, so every Royal names a
    /// card).
    pub const fn royal(royal: Royal) -> Card {
        Card::the_royal(royal)
    }

    /// The Royal Fairy `royal`, inside the crate.
    pub(crate) const fn the_royal(royal: Royal) -> Card {
        Card(FIRST_ROYAL + royal as u8)
    }

    /// Copy `copy` (0 or 1) of the Goblin `goblin`.
    pub const fn goblin(goblin: Goblin, copy: u8) -> Option<Card> {
        if copy > 1 {
            return None;
        }
        Some(Card(FIRST_GOBLIN + goblin as u8 * 2 + copy))
    }

    /// Trap number `n` (0-5).
    pub const fn trap(n: u8) -> Option<Card> {
        if n as usize >= TRAPS {
            return None;
        }
        Some(Card(FIRST_TRAP + n))
    }

    /// Reads a card name (see [Names](Card#names)); without a copy, the first
    /// copy of its kind.
    pub fn parse(name: &str) -> Result<Card, ParseCardError> {
        name.parse()
    }

    /// The identity, 0 to 89.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// Position in per-card tables.
    pub(crate) const fn slot(self) -> usize {
        self.0 as usize
    }

    /// Which copy of its kind this card is, counting from 0.
    pub const fn copy(self) -> u8 {
        let id = self.0;
        if id < FIRST_ROYAL {
            id % 2
        } else if id < FIRST_GOBLIN {
            0
        } else if id < FIRST_TRAP {
            (id - FIRST_GOBLIN) % 2
        } else {
            id - FIRST_TRAP
        }
    }

    /// What the card is.
    pub const fn kind(self) -> CardKind {
        let id = self.0;
        if id < FIRST_ROYAL {
            CardKind::Season {
                season: Season::from_index(id / 16),
                number: (id % 16) / 2 + 1,
            }
        } else if id < FIRST_GOBLIN {
            CardKind::Royal(Royal::from_index(id - FIRST_ROYAL))
        } else if id < FIRST_TRAP {
            CardKind::Goblin(Goblin::from_index((id - FIRST_GOBLIN) / 2))
        } else {
            CardKind::Trap
        }
    }

    /// The season and number, for a Season Fairy.
    pub const fn season_number(self) -> Option<(Season, u8)> {
        match self.kind() {
            CardKind::Season { season, number } => Some((season, number)),
            _ => None,
        }
    }

    /// Whether this is a Royal Fairy.
    pub const fn is_royal(self) -> bool {
        FIRST_ROYAL <= self.0 && self.0 < FIRST_GOBLIN
    }

    /// Points in a Stash at the end: Season Fairy 1, Royal 2, others 0.
    pub const fn points(self) -> Score {
        if self.0 < FIRST_ROYAL {
            1
        } else if self.0 < FIRST_GOBLIN {
            2
        } else {
            0
        }
    }

    /// All 90 cards in identity order.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> {
        (0..DECK_SIZE as u8).map(Card)
    }
}

/// The kind as players name it (`"Spring 3"`); with `{:#}`, also which copy
/// (`"Spring 3 #2"`), see [Names](Card#names).
impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = self.kind();
        if f.alternate() && kind.copies() > 1 {
            write!(f, "{kind} #{}", u16::from(self.copy()) + 1)
        } else {
            write!(f, "{kind}")
        }
    }
}

/// Reads a [`CardKind`] name, optionally followed by `#n` for copy `n`
/// (counting from 1); without it, the first copy.
impl core::str::FromStr for Card {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Card, ParseCardError> {
        let (kind, number) = parse_name(text)?;
        let Some(number) = number else {
            // No copy named: the first copy.
            return kind.card(0).ok_or(ParseCardError::Unknown);
        };
        number
            .value()
            .and_then(|n| n.checked_sub(1))
            .and_then(|copy| u8::try_from(copy).ok())
            .and_then(|copy| kind.card(copy))
            .ok_or(ParseCardError::NoSuchCopy { kind, number })
    }
}

/// Why a text does not name a card (or a season, Royal or Goblin kind).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ParseCardError {
    /// The words name nothing in Fairy Season.
    #[error("not a card of Fairy Season: name one like Spring 3, King, Robber Goblin or Trap")]
    Unknown,
    /// A season with a number outside 1 to 8.
    #[error("{season} Fairies are numbered 1 to 8")]
    NoSuchNumber {
        /// The season named.
        season: Season,
    },
    /// A copy the game does not have, e.g. `"Spring 3 #3"`, `"Spring 3 #0"`
    /// or `"King #2"`.
    #[error("there is no copy #{number} of {kind}{}", CopiesOf(*kind))]
    NoSuchCopy {
        /// The kind named.
        kind: CardKind,
        /// The copy number as written after `#`, counting from 1 (copies
        /// are `#1`, `#2`, ...), however large.
        number: Numeral,
    },
    /// A [`CardKind`] was read from a name with a copy number, e.g.
    /// `CardKind::parse("Spring 3 #2")`: a kind is every copy at once.
    #[error("{kind} is a kind of card, which takes no copy number (#{number})")]
    CopyOfKind {
        /// The kind named.
        kind: CardKind,
        /// The copy number as written after `#`.
        number: Numeral,
    },
    /// Not a [`Season`].
    #[error("not a season: Spring, Summer, Autumn or Winter")]
    NotASeason,
    /// Not a [`Royal`].
    #[error("not a Royal Fairy: King, Queen, Prince or Princess")]
    NotARoyal,
    /// Not a [`Goblin`] kind.
    #[error("not a Goblin: Robber, Greedy, Dizzy, Thief, Trickster, Hoarder, Hungry or Sneaky")]
    NotAGoblin,
    /// Not a [`Direction`](super::Direction).
    #[error("not a direction: left or right")]
    NotADirection,
}

/// Which copies a kind has, after "there is no copy #3 of Spring 3": " (its
/// copies are #1 and #2)", " (there is one King, named without a number)".
struct CopiesOf(CardKind);

impl fmt::Display for CopiesOf {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.copies() {
            0 => Ok(()),
            1 => write!(f, " (there is one {}, named without a number)", self.0),
            2 => f.write_str(" (its copies are #1 and #2)"),
            n => write!(f, " (its copies are #1 to #{n})"),
        }
    }
}

/// A Goblin kind, with or without the word Goblin before or after it.
fn goblin_kind_named(text: &str) -> Option<Goblin> {
    let mut words = text.split_ascii_whitespace();
    match (words.next(), words.next(), words.next()) {
        (Some(kind), None, None) => goblin_named(kind),
        (Some(kind), Some(word), None) | (Some(word), Some(kind), None)
            if is(word, "Goblin") && !is(kind, "Goblin") =>
        {
            goblin_named(kind)
        }
        _ => None,
    }
}

/// The words of a name: at most four, or `None`.
fn words(text: &str) -> Option<([&str; 4], usize)> {
    let mut words = [""; 4];
    let mut n = 0;
    for word in text.split_ascii_whitespace() {
        *words.get_mut(n)? = word;
        n += 1;
    }
    Some((words, n))
}

fn is(word: &str, name: &str) -> bool {
    word.eq_ignore_ascii_case(name)
}

fn season_named(word: &str) -> Option<Season> {
    Season::ALL.into_iter().find(|s| is(word, s.name()))
}

fn goblin_named(word: &str) -> Option<Goblin> {
    Goblin::ALL.into_iter().find(|g| is(word, g.name()))
}

fn royal_named(word: &str) -> Option<Royal> {
    Royal::ALL.into_iter().find(|r| is(word, r.name()))
}

/// A Season Fairy from a season word and a number word.
fn season_fairy(season: Season, number: &str) -> Result<CardKind, ParseCardError> {
    if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) {
        return Err(ParseCardError::Unknown);
    }
    match number.parse::<u8>() {
        Ok(number @ 1..=8) => Ok(CardKind::Season { season, number }),
        _ => Err(ParseCardError::NoSuchNumber { season }),
    }
}

/// A kind and, if given with `#n`, the number `n` (counting from 1), as
/// written.
fn parse_name(text: &str) -> Result<(CardKind, Option<Numeral>), ParseCardError> {
    let (all, n) = words(text).ok_or(ParseCardError::Unknown)?;
    let words = all.get(..n).unwrap_or(&[]);
    let (words, copy) = match words.split_last() {
        Some((last, rest)) => match last.strip_prefix('#') {
            Some(digits) => (rest, Some(digits)),
            None => (words, None),
        },
        None => (words, None),
    };
    let kind = match *words {
        [word] if is(word, "Trap") => CardKind::Trap,
        [word] => match (royal_named(word), goblin_named(word)) {
            (Some(royal), _) => CardKind::Royal(royal),
            (_, Some(goblin)) => CardKind::Goblin(goblin),
            _ => return Err(ParseCardError::Unknown),
        },
        [a, b] => match (season_named(a), season_named(b)) {
            (Some(season), _) => season_fairy(season, b)?,
            (_, Some(season)) => season_fairy(season, a)?,
            _ => match (goblin_named(a), goblin_named(b)) {
                (Some(goblin), _) if is(b, "Goblin") => CardKind::Goblin(goblin),
                (_, Some(goblin)) if is(a, "Goblin") => CardKind::Goblin(goblin),
                _ => return Err(ParseCardError::Unknown),
            },
        },
        _ => return Err(ParseCardError::Unknown),
    };
    let copy = match copy {
        None => None,
        Some(digits) => Some(Numeral::parse(digits).ok_or(ParseCardError::Unknown)?),
    };
    Ok((kind, copy))
}

macro_rules! named {
    ($ty:ident, $what:literal, $find:ident, $error:ident) => {
        /// The name as players say it.
        impl fmt::Display for $ty {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.name())
            }
        }

        #[doc = concat!("Reads ", $what, ", ignoring case and surrounding spaces.")]
        impl core::str::FromStr for $ty {
            type Err = ParseCardError;

            fn from_str(text: &str) -> Result<$ty, ParseCardError> {
                $find(text.trim()).ok_or(ParseCardError::$error)
            }
        }
    };
}

named!(Season, "a season (`\"Spring\"`)", season_named, NotASeason);
named!(Royal, "a Royal (`\"King\"`)", royal_named, NotARoyal);
named!(
    Goblin,
    "a Goblin kind, with or without the word Goblin (`\"Robber\"`, `\"Robber Goblin\"`, `\"Goblin Robber\"`)",
    goblin_kind_named,
    NotAGoblin
);

/// A number that is not a card identity.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} is not a card (cards are numbered 0 to 89)")]
pub struct NotACard(pub u8);

impl TryFrom<u8> for Card {
    type Error = NotACard;
    fn try_from(id: u8) -> Result<Card, NotACard> {
        Card::new(id).ok_or(NotACard(id))
    }
}

impl From<Card> for u8 {
    fn from(card: Card) -> u8 {
        card.0
    }
}

/// See [`Card`]'s "Serialized".
#[cfg(feature = "serde")]
impl serde::Serialize for Card {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let fields = match self.kind() {
            CardKind::Season { .. } => 3,
            _ => 2,
        };
        let mut card = serializer.serialize_struct("Card", fields)?;
        match self.kind() {
            CardKind::Season { season, number } => {
                card.serialize_field("season", &season)?;
                card.serialize_field("number", &number)?;
            }
            CardKind::Royal(royal) => card.serialize_field("royal", &royal)?,
            CardKind::Goblin(goblin) => card.serialize_field("goblin", &goblin)?,
            CardKind::Trap => card.serialize_field("trap", &true)?,
        }
        card.serialize_field("copy", &self.copy())?;
        card.end()
    }
}

/// See [`Card`]'s "Serialized".
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Card {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Card, D::Error> {
        use serde::de::Error;

        /// Every field any card may have; which ones are present says the kind.
        #[derive(serde::Deserialize)]
        #[serde(rename = "Card", deny_unknown_fields)]
        struct Shape {
            season: Option<Season>,
            number: Option<u8>,
            royal: Option<Royal>,
            goblin: Option<Goblin>,
            trap: Option<bool>,
            copy: u8,
        }

        let shape = Shape::deserialize(deserializer)?;
        let kind = match shape {
            Shape {
                season: Some(season),
                number: Some(number),
                royal: None,
                goblin: None,
                trap: None,
                ..
            } => CardKind::Season { season, number },
            Shape {
                season: None,
                number: None,
                royal: Some(royal),
                goblin: None,
                trap: None,
                ..
            } => CardKind::Royal(royal),
            Shape {
                season: None,
                number: None,
                royal: None,
                goblin: Some(goblin),
                trap: None,
                ..
            } => CardKind::Goblin(goblin),
            Shape {
                season: None,
                number: None,
                royal: None,
                goblin: None,
                trap: Some(true),
                ..
            } => CardKind::Trap,
            _ => {
                return Err(D::Error::custom(
                    "not a card of Fairy Season: a card is {\"season\", \"number\", \"copy\"}, \
                     {\"royal\", \"copy\"}, {\"goblin\", \"copy\"} or {\"trap\": true, \"copy\"}",
                ));
            }
        };
        if let CardKind::Season { season, number } = kind
            && kind.copies() == 0
        {
            return Err(D::Error::custom(format_args!(
                "{season} Fairies are numbered 1 to 8, not {number}"
            )));
        }
        kind.card(shape.copy).ok_or_else(|| {
            D::Error::custom(format_args!(
                "there is no copy {} of {kind} (copies count from 0; it has {})",
                shape.copy,
                kind.copies()
            ))
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_deck_has_64_season_4_royal_16_goblin_6_trap_cards() {
        let count = |f: fn(CardKind) -> bool| Card::all().filter(|c| f(c.kind())).count();
        assert_eq!(count(|k| matches!(k, CardKind::Season { .. })), 64);
        assert_eq!(count(|k| matches!(k, CardKind::Royal(_))), 4);
        assert_eq!(count(|k| matches!(k, CardKind::Goblin(_))), 16);
        assert_eq!(count(|k| k == CardKind::Trap), 6);
        for season in Season::ALL {
            for number in 1..=8 {
                let kind = CardKind::Season { season, number };
                assert_eq!(Card::all().filter(|c| c.kind() == kind).count(), 2);
            }
        }
        for goblin in Goblin::ALL {
            let kind = CardKind::Goblin(goblin);
            assert_eq!(Card::all().filter(|c| c.kind() == kind).count(), 2);
        }
    }

    #[test]
    fn points_and_royals_agree_with_kind() {
        for card in Card::all() {
            let (royal, points) = match card.kind() {
                CardKind::Season { .. } => (false, 1),
                CardKind::Royal(_) => (true, 2),
                CardKind::Goblin(_) | CardKind::Trap => (false, 0),
            };
            assert_eq!(
                (card.is_royal(), card.points()),
                (royal, points),
                "{card:?}"
            );
        }
    }

    #[test]
    fn constructors_agree_with_kind() {
        let card = Card::season(Season::Autumn, 1, 1);
        assert_eq!(
            card.map(Card::kind),
            Some(CardKind::Season {
                season: Season::Autumn,
                number: 1
            })
        );
        assert_eq!(
            Some(Card::royal(Royal::Princess).kind()),
            Some(CardKind::Royal(Royal::Princess))
        );
        assert_eq!(
            Card::goblin(Goblin::Sneaky, 1).map(Card::kind),
            Some(CardKind::Goblin(Goblin::Sneaky))
        );
        assert_eq!(Card::trap(5).map(Card::kind), Some(CardKind::Trap));
        assert_eq!(Card::trap(6), None);
        assert_eq!(Card::new(90), None);
        assert_eq!(Card::season(Season::Winter, 9, 0), None);
    }

    #[test]
    fn every_card_and_kind_is_made_by_its_constructor() {
        for card in Card::all() {
            assert_eq!(card.kind().card(card.copy()), Some(card));
        }
        assert_eq!(CardKind::all().count(), 45);
        let total: usize = CardKind::all().map(|k| usize::from(k.copies())).sum();
        assert_eq!(total, DECK_SIZE);
        for season in Season::ALL {
            assert_eq!(Season::ALL.get(season.index()), Some(&season));
        }
        for royal in Royal::ALL {
            assert_eq!(Royal::ALL.get(royal.index()), Some(&royal));
        }
    }
}
