//! The phase of the round and the Power being resolved, as inspectable data.
//!
//! Every decision the rules ask for is one [`Step`], [`ChainStep`] or
//! [`Seize`] held here, offered to the player who makes it.

use super::card::{Card, DECK_SIZE};
use super::config::MAX_PLAYERS;
use super::family::Family;
use crate::{List, Player};

/// Where the game is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Phase {
    /// Setup: everyone was dealt 3 cards and picks one to dismiss
    /// (simultaneous and hidden).
    Opening,
    /// Start Round: Delayed Powers of last round resolve, from the Court Crier
    /// in round direction.
    StartRound {
        /// Active Delayed cards still to resolve, in order (first next).
        #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::list))]
        queue: List<Card, DECK_SIZE>,
        /// An Erase or Scheme waiting for its user's choice.
        seize: Option<Seize>,
    },
    /// Fairy Lineup: everyone orders their three cards (simultaneous, hidden).
    Lineup,
    /// Fairy Selection: everyone keeps or dismisses one card at a time.
    Selection,
    /// Fairy Powers: chosen Fairies are revealed and resolved in order.
    Powers {
        /// Resolve order: Favor 5 down to 1, then Pariah -1 to -5; ties from the
        /// Court Crier in round direction.
        order: Order,
        /// How many players of `order` have had their turn.
        next: u8,
        /// The Power being resolved, if it waits for a decision.
        resolution: Option<Resolution>,
    },
    /// End of game: Familiar pairings and Illusion Families are chosen.
    Scoring,
    /// The game is over.
    Over {
        /// The winner after the Court Crier tie-break.
        winner: Player,
    },
}

/// Up to five players in order (the Fairy Powers resolve order), `Copy`
/// like the rest of a [`Phase`]. It reads as a slice of players, prints like
/// one and (with `serde`) is a sequence of players.
///
/// ```
/// use fairy_ring::fickle::Order;
/// use fairy_ring::Player;
/// let order: Order = [Player(2), Player(0)].into_iter().collect();
/// assert_eq!(order.as_slice(), &[Player(2), Player(0)]);
/// assert_eq!(format!("{order:?}"), "[Player(2), Player(0)]");
/// ```
#[derive(Clone, Copy)]
pub struct Order {
    len: u8,
    players: [Player; MAX_PLAYERS],
}

impl Order {
    /// No players.
    pub const fn new() -> Order {
        Order {
            len: 0,
            players: [Player(0); MAX_PLAYERS],
        }
    }

    /// Seats `0..players` (at most five).
    pub(super) const fn first(players: usize) -> Order {
        Order {
            len: if players < MAX_PLAYERS {
                players as u8
            } else {
                MAX_PLAYERS as u8
            },
            players: [Player(0), Player(1), Player(2), Player(3), Player(4)],
        }
    }

    /// Seats `0..players` (at most five) from `start` going left (up) or
    /// right (down), for [`RINGS`]: compile time only (its indexing is
    /// checked there).
    const fn ring(players: usize, start: usize, left: bool) -> Order {
        let n = if players < MAX_PLAYERS {
            players
        } else {
            MAX_PLAYERS
        };
        let mut order = Order::new();
        if n == 0 {
            return order;
        }
        let mut p = start % n;
        let mut i = 0;
        while i < n {
            order.players[i] = Player(p as u8);
            p = if left {
                if p + 1 >= n { 0 } else { p + 1 }
            } else if p == 0 {
                n - 1
            } else {
                p - 1
            };
            i += 1;
        }
        order.len = n as u8;
        order
    }

    /// The players, in order.
    pub fn as_slice(&self) -> &[Player] {
        self.players.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Appends `player`, or hands it back when five are there already.
    pub fn push(&mut self, player: Player) -> Result<(), Player> {
        match self.players.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = player;
                self.len += 1;
                Ok(())
            }
            None => Err(player),
        }
    }

    /// Keeps the first `len` players at most.
    pub fn truncate(&mut self, len: usize) {
        if len < usize::from(self.len) {
            self.len = len as u8;
        }
    }
}

/// Every seating order: `RINGS[left][players][start]` is
/// [`Order::ring`]`(players, start, left)`, looked up where working it out
/// takes a loop of unpredictable branches.
pub(super) const RINGS: [[[Order; MAX_PLAYERS]; MAX_PLAYERS + 1]; 2] = {
    let mut table = [[[Order::new(); MAX_PLAYERS]; MAX_PLAYERS + 1]; 2];
    let mut left = 0;
    while left < 2 {
        let mut players = 0;
        while players <= MAX_PLAYERS {
            let mut start = 0;
            while start < MAX_PLAYERS {
                table[left][players][start] = Order::ring(players, start, left == 1);
                start += 1;
            }
            players += 1;
        }
        left += 1;
    }
    table
};

impl Default for Order {
    fn default() -> Order {
        Order::new()
    }
}

impl core::ops::Deref for Order {
    type Target = [Player];
    fn deref(&self) -> &[Player] {
        self.as_slice()
    }
}

impl PartialEq for Order {
    fn eq(&self, other: &Order) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Order {}

impl core::hash::Hash for Order {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl core::fmt::Debug for Order {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        core::fmt::Debug::fmt(self.as_slice(), f)
    }
}

/// The first five players; the rest are not taken.
impl FromIterator<Player> for Order {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Order {
        let mut order = Order::new();
        for player in iter.into_iter().take(MAX_PLAYERS) {
            let _ = order.push(player);
        }
        order
    }
}

/// The players by value, in order.
impl IntoIterator for Order {
    type Item = Player;
    type IntoIter = core::iter::Take<core::array::IntoIter<Player, MAX_PLAYERS>>;
    fn into_iter(self) -> Self::IntoIter {
        self.players.into_iter().take(usize::from(self.len))
    }
}

impl<'a> IntoIterator for &'a Order {
    type Item = &'a Player;
    type IntoIter = core::slice::Iter<'a, Player>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Order {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

/// As a sequence of at most five players (an error for more, as before).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Order {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Order, D::Error> {
        let players = arrayvec::ArrayVec::<Player, MAX_PLAYERS>::deserialize(deserializer)?;
        Ok(players.into_iter().collect())
    }
}

/// A Power in the middle of its resolution.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Resolution {
    /// A Direct Power (possibly copied by Mimic or Reflect).
    Direct(Direct),
    /// A Chain Power.
    Chain(Chain),
}

/// What a Direct Power is aimed at.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Target {
    /// A Fairy in an Alliance.
    Card(Card),
    /// A player (Give's recipient, Transmute's victim).
    Player(Player),
}

/// The Fairy's name ("Noble 4") or the player ("player 2", 1-based, as
/// [`Player`] writes it).
///
/// ```
/// use fairy_ring::fickle::{Card, Target};
/// use fairy_ring::Player;
/// assert_eq!(Target::Player(Player(1)).to_string(), "player 2");
/// assert_eq!(Target::Card(Card::parse("Noble 4")?).to_string(), "Noble 4");
/// # Ok::<(), fairy_ring::fickle::ParseError>(())
/// ```
impl core::fmt::Display for Target {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Target::Card(card) => card.fmt(f),
            Target::Player(player) => player.fmt(f),
        }
    }
}

/// A Direct Power being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Direct {
    /// Who uses the Power.
    pub user: Player,
    /// The card whose Power this is (the Mimic or Reflect card when copied).
    pub source: Card,
    /// The Family whose Power is resolved (the copied one for Mimic/Reflect).
    pub power: Family,
    /// The only player the Power may be aimed at (Mimic's Alliance, or the
    /// opponent a Deflect chose).
    pub aim: Option<Player>,
    /// The user's own Fairy (Give, Switch, Prestige), once chosen.
    pub own: Option<Card>,
    /// The target, once chosen.
    pub target: Option<Target>,
    /// The Obfuscate pair, face down in shuffled order.
    pub concealed: Option<[Card; 2]>,
    /// An Active Reflect that was itself the target: its owner may still use
    /// it after it moved.
    pub reflect_target: Option<Card>,
    /// The player the Power was used against, once resolved.
    pub against: Option<Player>,
    /// The decision awaited.
    pub step: Step,
}

/// The decision a Direct Power waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Step {
    /// Mimic: the user picks a Direct Power in an Alliance to copy.
    Copy,
    /// The user picks their own Fairy (Give, Switch, Prestige).
    Own,
    /// The user picks the target Fairy or player.
    Aim,
    /// A Response window: `responder` may use a Response or pass. Players in
    /// `passed` have passed since the target last changed.
    Window {
        /// Who is offered the window now.
        responder: Player,
        /// Who already passed.
        #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::player_set))]
        passed: crate::PlayerSet,
    },
    /// Deflect: the deflecting player picks the new opponent.
    Redirect {
        /// Who deflects.
        deflector: Player,
    },
    /// Obfuscate: the holder picks the second Fairy to hide with the target.
    Conceal {
        /// Who obfuscates.
        holder: Player,
    },
    /// Obfuscate: the user picks one of the two face-down Fairies.
    Guess,
    /// After the Power resolved: the player it was used against may Reflect it.
    Reflect {
        /// Who may reflect.
        player: Player,
    },
}

/// A Chain Power being resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Chain {
    /// Who activated it.
    pub user: Player,
    /// The card.
    pub source: Card,
    /// Players who avoided it with Deflect.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::player_set))]
    pub avoided: crate::PlayerSet,
    /// Each player's picked Fairy by seat index (hidden from the others until
    /// resolved); [`Chain::pick`] reads it by player.
    pub picks: [Option<Card>; MAX_PLAYERS],
    /// The decision awaited.
    pub step: ChainStep,
}

impl Chain {
    /// `player`'s picked Fairy, once picked (hidden from the others in a
    /// [`View`](super::View) until the Chain resolves).
    pub fn pick(&self, player: Player) -> Option<Card> {
        self.picks.get(player.index()).copied().flatten()
    }
}

/// The decision a Chain Power waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum ChainStep {
    /// `responder` may avoid the chain with a Deflect or pass.
    Avoid {
        /// Who is offered the window now.
        responder: Player,
        /// Who already passed.
        #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::player_set))]
        passed: crate::PlayerSet,
    },
    /// Players with tied Fairies pick one (simultaneous, hidden).
    Pick,
}

/// An Erase or Scheme resolving at the start of a round, waiting for its
/// user to pick one of the highest Fairies of an Alliance it may reach.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Seize {
    /// The Delayed card's owner now.
    pub user: Player,
    /// The card.
    pub source: Card,
}

#[cfg(test)]
mod tests {
    use super::RINGS;
    use crate::Player;
    use crate::fickle::Direction;

    /// Every seating order in the table is the one `Direction::step` walks,
    /// for 3 to 5 players, every start seat and both directions.
    #[test]
    fn rings_are_the_seats_a_direction_steps_through() {
        for (by_count, direction) in RINGS.iter().zip([Direction::Right, Direction::Left]) {
            for (players, by_start) in by_count.iter().enumerate().skip(3) {
                for (start, ring) in by_start.iter().enumerate().take(players) {
                    assert_eq!(ring.as_slice().len(), players);
                    for (i, &seat) in ring.as_slice().iter().enumerate() {
                        let stepped = direction.step(Player(start as u8), i, players);
                        assert_eq!(seat, stepped, "{direction:?} {players} {start} {i}");
                    }
                }
            }
        }
    }
}
