//! Player count and the game's component data.

use super::mini_game::MiniGameCards;
use super::mischief::{CardCounts, MISCHIEF_CARDS};
use super::prize_pit::{GoblinFace, PLAYER_DIE, PitDie, PrizePit, RollMode, STANDARD_GOBLIN_DIE};
use crate::ConfigError;

/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players (five dice colours).
pub const MAX_PLAYERS: usize = 5;

/// The standard [`Config::move_limit`].
pub const STANDARD_MOVE_LIMIT: usize = 60;

/// Everything chosen before a game starts: the player count, the printed
/// component data (with documented defaults, since none is published) and
/// how Prize Pit rolls are resolved.
///
/// Build one with [`Config::new`] and the `with_` methods:
///
/// ```
/// use fairy_ring::fayre::{Config, RollMode};
/// let config = Config::new(3)?.with_rolls(RollMode::Reported).with_move_limit(20);
/// assert_eq!(config.num_players(), 3);
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2 to 5 (a `u8`, like every game's `Config`; read
    /// it as a `usize` with [`Config::num_players`]).
    pub players: u8,
    /// Magic number and spaces of every Mini Game card.
    pub mini_games: MiniGameCards,
    /// How many Mischief cards of each kind are in the box (up to 30 in all,
    /// at least 2 per player).
    pub mischief: CardCounts,
    /// The six faces of the Goblin die.
    pub goblin_die: [GoblinFace; 6],
    /// The Prize Pit's squares and roll model.
    pub prize_pit: PrizePit,
    /// Whether the engine rolls into the Prize Pit or a physical roll is
    /// reported.
    pub rolls: RollMode,
    /// Dice moves (the Dice action of a player with an empty pool) allowed
    /// in a row without a Mini Game being scored; when it is reached the
    /// game ends as if one Mini Game were left (see the ruling "Fayre:
    /// endless moves"). At least 1.
    pub move_limit: usize,
}

impl Config {
    /// A game for `players` players with the default component data.
    ///
    /// ```
    /// use fairy_ring::fayre::Config;
    /// assert!(Config::new(5).is_ok());
    /// assert!(Config::new(6).is_err());
    /// ```
    pub fn new(players: usize) -> Result<Config, ConfigError> {
        let seats = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        let config = Config::standard(seats);
        config.validate()?;
        Ok(config)
    }

    /// The standard game with the printed components, for a valid seat count.
    fn standard(players: u8) -> Config {
        Config {
            players,
            mini_games: MiniGameCards::default(),
            mischief: CardCounts::STANDARD,
            goblin_die: STANDARD_GOBLIN_DIE,
            prize_pit: PrizePit::default(),
            rolls: RollMode::Simulated,
            move_limit: STANDARD_MOVE_LIMIT,
        }
    }

    /// The same config for `players` players (2 to 5), or
    /// [`ConfigError::PlayerCount`]: the way to change the count of a
    /// config, whose fields cannot all be named in a struct expression.
    ///
    /// ```
    /// use fairy_ring::fayre::Config;
    /// let base = Config::new(3)?;
    /// assert_eq!(base.with_players(5)?.players, 5);
    /// assert!(base.with_players(11).is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn with_players(self, players: usize) -> Result<Config, ConfigError> {
        let players = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        let config = Config { players, ..self };
        config.validate()?;
        Ok(config)
    }

    /// The same config with Prize Pit rolls resolved by `rolls`.
    pub fn with_rolls(self, rolls: RollMode) -> Config {
        Config { rolls, ..self }
    }

    /// The same config with this Mini Game card data.
    pub fn with_mini_games(self, mini_games: MiniGameCards) -> Config {
        Config { mini_games, ..self }
    }

    /// The same config with this Mischief card mix.
    pub fn with_mischief(self, mischief: CardCounts) -> Config {
        Config { mischief, ..self }
    }

    /// The same config with these Goblin die faces.
    pub fn with_goblin_die(self, goblin_die: [GoblinFace; 6]) -> Config {
        Config { goblin_die, ..self }
    }

    /// The same config with this Prize Pit.
    pub fn with_prize_pit(self, prize_pit: PrizePit) -> Config {
        Config { prize_pit, ..self }
    }

    /// The same config with this move limit (see [`Config::move_limit`]).
    pub fn with_move_limit(self, move_limit: usize) -> Config {
        Config { move_limit, ..self }
    }

    /// The faces of `die`: the Goblin die's faces from this config, or a
    /// player die's 1 to 6.
    pub fn faces(&self, die: PitDie) -> &[GoblinFace; 6] {
        match die {
            PitDie::Goblin => &self.goblin_die,
            PitDie::Player => &PLAYER_DIE,
        }
    }

    /// Number of players.
    pub fn num_players(&self) -> usize {
        usize::from(self.players)
    }

    /// Checks the player count and the component data.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let players = self.num_players();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::PlayerCount {
                got: players,
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
            });
        }
        self.mini_games
            .validate()
            .map_err(ConfigError::ComponentData)?;
        self.prize_pit
            .validate()
            .map_err(ConfigError::ComponentData)?;
        let cards = self.mischief.total();
        if cards > MISCHIEF_CARDS || cards < 2 * players {
            return Err(ConfigError::ComponentData(
                "the Mischief cards must number at most 30 and at least 2 per player",
            ));
        }
        if self.move_limit == 0 {
            return Err(ConfigError::ComponentData(
                "the move limit must be at least 1",
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
