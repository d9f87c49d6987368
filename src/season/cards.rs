//! The 90 cards: Season Fairies, Royal Fairies, Goblins and Traps, each with
//! its own identity so every card can be accounted for exactly once.

use core::fmt;

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
}

/// The eight kinds of Goblin, two cards each. What each one does is data in
/// the [`CardSet`](super::CardSet).
///
/// Only Robber, Greedy and Dizzy are named in published text; the other five
/// names belong to this crate (see `docs/RULINGS.md`, "Season: the
/// eight Goblins").
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
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
}

/// One physical card: an identity from 0 to 89. Two copies of the same
/// [`CardKind`] are different cards.
///
/// Identities 0-63 are the Season Fairies (Spring 1, Spring 1, Spring 2, ...
/// Winter 8), 64-67 the Royals, 68-83 the Goblins (two of each kind in
/// [`Goblin::ALL`] order), 84-89 the Traps.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Card(u8);

/// Shows the identity and what the card is, e.g. `Card(6: Spring 4)`.
impl fmt::Debug for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Card({}: {self})", self.0)
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

    /// The Royal Fairy `royal`.
    pub const fn royal(royal: Royal) -> Card {
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

    /// The identity, 0 to 89.
    pub const fn id(self) -> u8 {
        self.0
    }

    /// Position in per-card tables.
    pub(crate) const fn slot(self) -> usize {
        self.0 as usize
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
            CardKind::Royal(Royal::ALL[(id - FIRST_ROYAL) as usize])
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
        matches!(self.kind(), CardKind::Royal(_))
    }

    /// Points in a Stash at the end: Season Fairy 1, Royal 2, others 0.
    pub const fn points(self) -> u8 {
        match self.kind() {
            CardKind::Season { .. } => 1,
            CardKind::Royal(_) => 2,
            CardKind::Goblin(_) | CardKind::Trap => 0,
        }
    }

    /// All 90 cards in identity order.
    pub fn all() -> impl DoubleEndedIterator<Item = Card> {
        (0..DECK_SIZE as u8).map(Card)
    }
}

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind() {
            CardKind::Season { season, number } => write!(f, "{season:?} {number}"),
            CardKind::Royal(royal) => write!(f, "{royal:?}"),
            CardKind::Goblin(goblin) => write!(f, "{goblin:?} Goblin"),
            CardKind::Trap => f.write_str("Trap"),
        }
    }
}

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
            Card::royal(Royal::Princess).kind(),
            CardKind::Royal(Royal::Princess)
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
}
