//! The twelve Mini Game cards, their printed data, and a card in play with
//! its dice.

use core::fmt;
use core::str::FromStr;

use crate::List;

use super::dice::{Face, PlacedDie, Side};
use super::name::{NameError, leading_words};

/// Mini Game cards in the box.
pub const MINI_GAMES: usize = 12;

/// Mini Game cards put back in the box unseen at setup.
pub const REMOVED: usize = 2;

/// Mini Game cards face up in play at once.
pub const IN_PLAY: usize = 3;

/// Most Fairy dice spaces a card may have.
pub const MAX_FAIRY_SPACES: usize = 3;

/// Most player dice spaces a card may have (a custom printing included).
pub const MAX_PLAYER_SPACES: usize = 10;

/// One of the twelve Mini Games.
///
/// It is named and parsed by the name printed on its card; a parse ignores
/// case, spaces and any punctuation, and its first words (up to a space or
/// hyphen) are enough:
///
/// ```
/// use fairy_ring::fayre::MiniGame;
/// assert_eq!(MiniGame::MagicGeodeShy.to_string(), "Magic Geode Shy");
/// assert_eq!("Magic Geode".parse(), Ok(MiniGame::MagicGeodeShy));
/// assert_eq!("hook a hippocampus".parse(), Ok(MiniGame::HookAHippocampus));
/// assert_eq!(MiniGame::ALL[MiniGame::TugOfWar.index()], MiniGame::TugOfWar);
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum MiniGame {
    /// Most dice matching none of the 3 Fairy dice rolled on reveal. (The
    /// default, as the filler of a fixed-capacity list.)
    #[default]
    RingToss,
    /// Most dice matching the Fairy die rolled before scoring; its own tie
    /// scoring.
    HookAHippocampus,
    /// Total closest to the sum of 3 Fairy dice; an exact hit earns a bonus.
    ShootingStarGallery,
    /// Most dice matching any of 3 Fairy dice.
    MagicGeodeShy,
    /// Most dice showing one same number.
    FindThePearl,
    /// Total closest to the sum of 3 Fairy dice without going over.
    DragonHoardHunt,
    /// Most odd dice.
    DartTheOgre,
    /// Most different numbers.
    PieThrow,
    /// Highest total.
    TestYourStrength,
    /// Longest run of consecutive numbers, at least 2.
    TinCanVolley,
    /// Most dice matching the one Fairy die.
    SplatTheButterflyRat,
    /// Two sides; the higher side wins, then the highest total on it.
    TugOfWar,
}

/// When a Mini Game's Fairy dice are rolled onto its card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum FairyTiming {
    /// The game uses no Fairy dice.
    Never,
    /// As soon as the card is turned face up (Ring Toss).
    OnReveal,
    /// Before any die is placed on it: done when the card is turned up (see
    /// the ruling "Fayre: Fairy dice rolled before placement").
    BeforePlacement,
    /// Once the card is full, just before it is scored (Hook-a-Hippocampus).
    BeforeScoring,
}

impl MiniGame {
    /// The twelve games in rulebook order.
    pub const ALL: [MiniGame; MINI_GAMES] = [
        MiniGame::RingToss,
        MiniGame::HookAHippocampus,
        MiniGame::ShootingStarGallery,
        MiniGame::MagicGeodeShy,
        MiniGame::FindThePearl,
        MiniGame::DragonHoardHunt,
        MiniGame::DartTheOgre,
        MiniGame::PieThrow,
        MiniGame::TestYourStrength,
        MiniGame::TinCanVolley,
        MiniGame::SplatTheButterflyRat,
        MiniGame::TugOfWar,
    ];

    /// Position in rulebook order, 0 to 11 (the index into per-card data).
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The name printed on the card.
    pub const fn name(self) -> &'static str {
        match self {
            MiniGame::RingToss => "Ring Toss",
            MiniGame::HookAHippocampus => "Hook-a-Hippocampus",
            MiniGame::ShootingStarGallery => "Shooting Star Gallery",
            MiniGame::MagicGeodeShy => "Magic Geode Shy",
            MiniGame::FindThePearl => "FIND the Pearl",
            MiniGame::DragonHoardHunt => "Dragon Hoard Hunt",
            MiniGame::DartTheOgre => "Dart the Ogre",
            MiniGame::PieThrow => "Pie Throw",
            MiniGame::TestYourStrength => "Test Your Strength",
            MiniGame::TinCanVolley => "Tin Can Volley",
            MiniGame::SplatTheButterflyRat => "Splat the Butterfly Rat",
            MiniGame::TugOfWar => "Tug of War",
        }
    }

    /// When the game's Fairy dice are rolled.
    pub const fn fairy_timing(self) -> FairyTiming {
        match self {
            MiniGame::RingToss => FairyTiming::OnReveal,
            MiniGame::HookAHippocampus => FairyTiming::BeforeScoring,
            MiniGame::ShootingStarGallery
            | MiniGame::MagicGeodeShy
            | MiniGame::DragonHoardHunt
            | MiniGame::SplatTheButterflyRat => FairyTiming::BeforePlacement,
            MiniGame::FindThePearl
            | MiniGame::DartTheOgre
            | MiniGame::PieThrow
            | MiniGame::TestYourStrength
            | MiniGame::TinCanVolley
            | MiniGame::TugOfWar => FairyTiming::Never,
        }
    }

    /// The game named `name` (see [`MiniGame`]'s `FromStr`).
    pub fn find(name: &str) -> Option<MiniGame> {
        name.parse().ok()
    }

    /// Fairy dice spaces the rulebook text gives the game.
    pub const fn rulebook_fairy_spaces(self) -> usize {
        match self {
            MiniGame::HookAHippocampus | MiniGame::SplatTheButterflyRat => 1,
            MiniGame::RingToss
            | MiniGame::ShootingStarGallery
            | MiniGame::MagicGeodeShy
            | MiniGame::DragonHoardHunt => 3,
            _ => 0,
        }
    }
}

impl fmt::Display for MiniGame {
    /// The name printed on the card.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for MiniGame {
    type Err = NameError;

    /// The game whose printed name is `name` or begins with its words,
    /// ignoring case, spaces and any punctuation ("tug of war", "Magic
    /// Geode", "Dart, the Ogre!").
    fn from_str(name: &str) -> Result<MiniGame, NameError> {
        MiniGame::ALL
            .into_iter()
            .find(|g| leading_words(name, g.name()))
            .ok_or(NameError::NotAMiniGame)
    }
}

impl TryFrom<&str> for MiniGame {
    type Error = NameError;

    fn try_from(name: &str) -> Result<MiniGame, NameError> {
        name.parse()
    }
}

/// The data printed on one Mini Game card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct MiniGameCard {
    /// The magic die number: a player with a die showing it scores 1 point.
    pub magic: Face,
    /// Fairy dice spaces (0 for games without Fairy dice).
    pub fairy_spaces: usize,
    /// Player dice spaces. Tug of War needs an even number (two sides).
    pub player_spaces: usize,
}

/// The printed data of all twelve cards, indexed by [`MiniGame::index`].
///
/// No per-card data is published, so the default is chosen (see the ruling
/// "Fayre: Mini Game card data", *default, not a printed fact*): the Fairy
/// spaces the rulebook text names; magic numbers 1 to 6 twice over in
/// rulebook order; 6 player spaces, 8 on the cards whose rulebook examples
/// need more dice (Magic Geode Shy, FIND the Pearl, Tin Can Volley), on Pie
/// Throw and on Tug of War (4 a side).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
pub struct MiniGameCards([MiniGameCard; MINI_GAMES]);

impl Default for MiniGameCards {
    fn default() -> Self {
        MiniGameCards(core::array::from_fn(|i| {
            let game = MiniGame::ALL.get(i).copied().unwrap_or(MiniGame::RingToss);
            let player_spaces = match game {
                MiniGame::MagicGeodeShy
                | MiniGame::FindThePearl
                | MiniGame::PieThrow
                | MiniGame::TinCanVolley
                | MiniGame::TugOfWar => 8,
                _ => 6,
            };
            MiniGameCard {
                magic: Face::ALL.get(i % 6).copied().unwrap_or(Face::ALL[0]),
                fairy_spaces: game.rulebook_fairy_spaces(),
                player_spaces,
            }
        }))
    }
}

impl MiniGameCards {
    /// The data of `game`'s card.
    pub fn get(&self, game: MiniGame) -> MiniGameCard {
        self.0.get(game.index()).copied().unwrap_or(MiniGameCard {
            magic: Face::ALL[0],
            fairy_spaces: 0,
            player_spaces: 0,
        })
    }

    /// The same data with `game`'s card printed as `card`.
    ///
    /// ```
    /// use fairy_ring::fayre::{Face, MiniGame, MiniGameCard, MiniGameCards};
    /// let card = MiniGameCard { magic: Face::ALL[5], fairy_spaces: 0, player_spaces: 4 };
    /// let cards = MiniGameCards::default().with(MiniGame::PieThrow, card);
    /// assert_eq!(cards.get(MiniGame::PieThrow).player_spaces, 4);
    /// ```
    pub fn with(mut self, game: MiniGame, card: MiniGameCard) -> MiniGameCards {
        self.set(game, card);
        self
    }

    /// Prints `game`'s card as `card`.
    pub fn set(&mut self, game: MiniGame, card: MiniGameCard) {
        if let Some(slot) = self.0.get_mut(game.index()) {
            *slot = card;
        }
    }

    /// Every game with its card, in rulebook order.
    pub fn iter(&self) -> impl Iterator<Item = (MiniGame, MiniGameCard)> + '_ {
        MiniGame::ALL.into_iter().zip(self.0.iter().copied())
    }

    /// Checks every card: Fairy spaces 1 to 3 on games that use Fairy dice
    /// (exactly 1 on Hook-a-Hippocampus and Splat the Butterfly Rat, which
    /// compare with "the" Fairy die), none on the others; 2 to 10 player
    /// spaces, an even number on Tug of War.
    pub fn validate(&self) -> Result<(), &'static str> {
        for game in MiniGame::ALL {
            let card = self.get(game);
            let fairy = card.fairy_spaces;
            let fairy_ok = match game.rulebook_fairy_spaces() {
                0 => fairy == 0,
                1 => fairy == 1,
                _ => (1..=MAX_FAIRY_SPACES).contains(&fairy),
            };
            if !fairy_ok {
                return Err("a Mini Game card has the wrong number of Fairy dice spaces");
            }
            let spaces = card.player_spaces;
            if !(2..=MAX_PLAYER_SPACES).contains(&spaces) {
                return Err("a Mini Game card needs 2 to 10 player dice spaces");
            }
            if game == MiniGame::TugOfWar && !spaces.is_multiple_of(2) {
                return Err("Tug of War needs an even number of player dice spaces");
            }
        }
        Ok(())
    }
}

/// A Mini Game card face up on the table, with the dice on it.
///
/// Its `Debug` form is compact: `RingToss f[2, 4, 1] [0:5, 1:3, _]` lists the
/// Fairy dice, then each player space as `seat:face` or `_` when empty.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Booth {
    /// Which Mini Game.
    pub game: MiniGame,
    /// The Fairy dice on its Fairy spaces.
    pub fairy: List<Face, MAX_FAIRY_SPACES>,
    /// Its player spaces in order, empty or holding a die. On Tug of War the
    /// first half is the left side.
    pub spaces: List<Option<PlacedDie>, MAX_PLAYER_SPACES>,
}

impl core::fmt::Debug for Booth {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{:?} f{:?} [", self.game, self.fairy.as_slice())?;
        for (i, space) in self.spaces.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            match space {
                Some(d) => write!(f, "{}:{}", d.owner.0, d.face)?,
                None => f.write_str("_")?,
            }
        }
        f.write_str("]")
    }
}

impl Booth {
    /// The card with `player_spaces` empty spaces and no Fairy dice.
    pub fn empty(game: MiniGame, player_spaces: usize) -> Booth {
        Booth {
            game,
            fairy: List::new(),
            // Written in one pass (no copy of a slice of some length).
            spaces: List::repeat(None, player_spaces),
        }
    }

    /// Whether every player space holds a die.
    pub fn is_full(&self) -> bool {
        self.spaces.iter().all(Option::is_some)
    }

    /// The dice on the card with their spaces.
    pub fn dice(&self) -> impl Iterator<Item = (u8, PlacedDie)> + '_ {
        (0u8..)
            .zip(&self.spaces)
            .filter_map(|(i, d)| d.map(|d| (i, d)))
    }

    /// The die on player space `space`, if there is one.
    pub fn die(&self, space: u8) -> Option<PlacedDie> {
        self.spaces.get(usize::from(space)).copied().flatten()
    }

    /// The side of Tug of War that space `space` is on.
    pub fn side_of(&self, space: u8) -> Side {
        if usize::from(space) < self.spaces.len() / 2 {
            Side::Left
        } else {
            Side::Right
        }
    }

    /// Dice on each side of the card (left, right).
    pub fn side_counts(&self) -> (usize, usize) {
        self.dice()
            .fold((0, 0), |(l, r), (i, _)| match self.side_of(i) {
                Side::Left => (l + 1, r),
                Side::Right => (l, r + 1),
            })
    }

    /// Where a die may go: `None` on an ordinary card; on Tug of War, the
    /// sides a die may be placed on (the side with fewer dice, or either when
    /// they hold as many).
    pub fn open_sides(&self) -> List<Option<Side>, 2> {
        let mut open = List::new();
        if self.game != MiniGame::TugOfWar {
            if !self.is_full() {
                let _ = open.push(None);
            }
            return open;
        }
        // One pass: dice and free spaces on each side.
        let half = self.spaces.len() / 2;
        let (mut left, mut right, mut left_free, mut right_free) = (0usize, 0usize, false, false);
        for (i, space) in self.spaces.iter().enumerate() {
            match (i < half, space.is_some()) {
                (true, true) => left += 1,
                (true, false) => left_free = true,
                (false, true) => right += 1,
                (false, false) => right_free = true,
            }
        }
        if left <= right && left_free {
            let _ = open.push(Some(Side::Left));
        }
        if right <= left && right_free {
            let _ = open.push(Some(Side::Right));
        }
        open
    }

    /// The first empty space (on `side` of Tug of War, if given).
    pub fn free_space(&self, side: Option<Side>) -> Option<u8> {
        let half = self.spaces.len() / 2;
        let (from, to) = match side {
            None => (0, self.spaces.len()),
            Some(Side::Left) => (0, half),
            Some(Side::Right) => (half, self.spaces.len()),
        };
        let spaces = self.spaces.get(from..to)?;
        let i = spaces.iter().position(Option::is_none)?;
        u8::try_from(from + i).ok()
    }

    /// The faces of `player`'s dice on the card, in space order.
    pub fn faces_of(&self, player: crate::Player) -> List<Face, MAX_PLAYER_SPACES> {
        self.dice()
            .filter(|(_, d)| d.owner == player)
            .map(|(_, d)| d.face)
            .collect()
    }
}
