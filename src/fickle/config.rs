//! Player count, Families and component data.

use super::card::FavorTable;
use super::family::{FAMILIES_PER_GAME, Family, RecommendedSet};
use crate::{ConfigError, Player};

/// Fewest players.
pub const MIN_PLAYERS: usize = 3;
/// Most players.
pub const MAX_PLAYERS: usize = 5;
/// Rounds in a game.
pub const ROUNDS: u8 = 5;
/// Round Direction tokens in the box.
pub const DIRECTION_TOKENS: usize = 8;

/// Which way cards pass and ties break this round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Direction {
    /// To the left: clockwise, to the next higher seat.
    Left,
    /// To the right: counter-clockwise, to the next lower seat.
    Right,
}

/// "Left" or "Right".
impl core::fmt::Display for Direction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(match self {
            Direction::Left => "Left",
            Direction::Right => "Right",
        })
    }
}

/// "Left" or "Right", ignoring case.
impl core::str::FromStr for Direction {
    type Err = super::card::ParseError;

    fn from_str(s: &str) -> Result<Direction, Self::Err> {
        match s.trim() {
            s if s.eq_ignore_ascii_case("left") => Ok(Direction::Left),
            s if s.eq_ignore_ascii_case("right") => Ok(Direction::Right),
            _ => Err(super::card::ParseError::Direction),
        }
    }
}

impl Direction {
    /// Both directions.
    pub const ALL: [Direction; 2] = [Direction::Left, Direction::Right];

    /// The player `steps` seats from `player` this way round a table of `players`.
    pub const fn step(self, player: Player, steps: usize, players: usize) -> Player {
        match self {
            Direction::Left => player.left(steps, players),
            Direction::Right => player.right(steps, players),
        }
    }
}

/// Everything chosen before a game of Fickle starts.
///
/// Made with [`Config::new`], [`Config::recommended`],
/// [`Config::with_families`] or [`Config::random`]; the component data can
/// then be changed with the `with_` methods (or the fields) and checked with
/// [`Config::validate`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 3 to 5.
    pub players: u8,
    /// The five Families shuffled into the Fairy Deck (all different).
    pub families: [Family; FAMILIES_PER_GAME],
    /// Favor value of every card.
    pub favor: FavorTable,
    /// The eight Round Direction tokens; five are drawn at random. The split is
    /// not printed: the default is four of each (a default, see the rulings).
    pub direction_tokens: [Direction; DIRECTION_TOKENS],
    /// Who starts as Court Crier ("most recently mischievous"): seat 0 by
    /// default; seat your players accordingly.
    pub first_court_crier: Player,
}

impl Config {
    /// A First Game for `players` players with the default component data.
    ///
    /// ```
    /// use fairy_ring::fickle::{Config, Family};
    /// let config = Config::new(4)?;
    /// assert_eq!(config.families[0], Family::Noble);
    /// assert!(Config::new(6).is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn new(players: usize) -> Result<Config, ConfigError> {
        Config::with_families(players, RecommendedSet::FirstGame.families())
    }

    /// A game of one of the rulebook's Recommended Sets.
    pub fn recommended(players: usize, set: RecommendedSet) -> Result<Config, ConfigError> {
        Config::with_families(players, set.families())
    }

    /// A game with any five different Families.
    pub fn with_families(
        players: usize,
        families: [Family; FAMILIES_PER_GAME],
    ) -> Result<Config, ConfigError> {
        let seats = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        let config = Config {
            families,
            ..Config::standard(seats)
        };
        config.validate()?;
        Ok(config)
    }

    /// A First Game with the default component data, for a valid seat count.
    fn standard(players: u8) -> Config {
        use Direction::{Left, Right};
        Config {
            players,
            families: RecommendedSet::FirstGame.families(),
            favor: FavorTable::default(),
            direction_tokens: [Left, Left, Left, Left, Right, Right, Right, Right],
            first_court_crier: Player(0),
        }
    }

    /// Five different Families drawn at random from the 22 (for variety and
    /// for testing), with the default component data.
    pub fn random(
        players: usize,
        rng: &mut (impl rand_core::Rng + ?Sized),
    ) -> Result<Config, ConfigError> {
        let mut all = Family::ALL;
        crate::rng::shuffle(rng, &mut all);
        let [a, b, c, d, e, ..] = all;
        Config::with_families(players, [a, b, c, d, e])
    }

    /// The same config for `players` players (3 to 5), or
    /// [`ConfigError::PlayerCount`]: the way to change the count of a
    /// config, whose fields cannot all be named in a struct expression.
    ///
    /// ```
    /// use fairy_ring::fickle::Config;
    /// let base = Config::new(3)?;
    /// assert_eq!(base.with_players(4)?.players, 4);
    /// assert!(base.with_players(11).is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn with_players(self, players: usize) -> Result<Config, ConfigError> {
        let players = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        let config = Config { players, ..self };
        config.validate()?;
        Ok(config)
    }

    /// The same config with this Favor table (see [`FavorTable`]).
    pub fn with_favor(self, favor: FavorTable) -> Config {
        Config { favor, ..self }
    }

    /// The same config with these eight Round Direction tokens.
    pub fn with_direction_tokens(self, tokens: [Direction; DIRECTION_TOKENS]) -> Config {
        Config {
            direction_tokens: tokens,
            ..self
        }
    }

    /// The same config with this first Court Crier.
    pub fn with_first_court_crier(self, player: Player) -> Config {
        Config {
            first_court_crier: player,
            ..self
        }
    }

    /// Number of players.
    #[inline]
    pub fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    /// Whether `family` is one of this game's five.
    pub fn has_family(&self, family: Family) -> bool {
        self.families.contains(&family)
    }

    /// Checks player count, Families and card data.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let players = self.num_players();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::PlayerCount {
                got: players,
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
            });
        }
        for (i, f) in self.families.iter().enumerate() {
            if self
                .families
                .get(..i)
                .is_some_and(|before| before.contains(f))
            {
                return Err(ConfigError::ComponentData(
                    "the five Families must all be different",
                ));
            }
            if !f.is_implemented() {
                return Err(ConfigError::ComponentData(
                    "a chosen Family's Power is not implemented",
                ));
            }
        }
        if !self.favor.is_valid() {
            return Err(ConfigError::ComponentData(
                "Favor values must be 1 to 5 (Pariah -1 to -5)",
            ));
        }
        if self.first_court_crier.index() >= players {
            return Err(ConfigError::ComponentData(
                "the first Court Crier must be a seated player",
            ));
        }
        Ok(())
    }
}

/// The standard game for 4 players.
impl Default for Config {
    fn default() -> Config {
        Config::standard(4)
    }
}

crate::game::game_config!(Config);
