//! Player count, variant and deck data.

use super::cards::CharmDeck;
use crate::ConfigError;

/// Fewest players.
pub const MIN_PLAYERS: usize = 2;
/// Most players (the box has 10 score cards).
pub const MAX_PLAYERS: usize = 10;

/// How a game of Fairy ends.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub enum Variant {
    /// The game ends at the end of the turn in which the last fairy appears.
    #[default]
    Standard,
    /// Fairies do not matter; the game ends when someone reaches 15 points.
    FifteenPoints,
}

/// Everything chosen before a game of Fairy starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2 to 10.
    pub players: u8,
    /// Which ending is played.
    pub variant: Variant,
    /// The deck's printed data.
    pub deck: CharmDeck,
}

impl Config {
    /// A standard game for `players` players with the printed deck.
    ///
    /// ```
    /// use fairy_ring::fairy::Config;
    /// assert!(Config::new(10).is_ok());
    /// assert!(Config::new(11).is_err());
    /// ```
    pub fn new(players: usize) -> Result<Config, ConfigError> {
        let seats = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        Ok(Config::standard(seats))
    }

    /// The standard game with the printed deck, for a valid seat count.
    fn standard(players: u8) -> Config {
        Config {
            players,
            variant: Variant::Standard,
            deck: CharmDeck::default(),
        }
    }

    /// The same config for `players` players (2 to 10), or
    /// [`ConfigError::PlayerCount`]: the way to change the count of a
    /// config, whose fields cannot all be named in a struct expression.
    ///
    /// ```
    /// use fairy_ring::fairy::Config;
    /// let base = Config::new(4)?;
    /// assert_eq!(base.with_players(3)?.players, 3);
    /// assert!(base.with_players(11).is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn with_players(self, players: usize) -> Result<Config, ConfigError> {
        let players = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        let config = Config { players, ..self };
        Ok(config)
    }

    /// The same config with `variant`.
    pub fn with_variant(self, variant: Variant) -> Config {
        Config { variant, ..self }
    }

    /// The same config with another deck printing.
    pub fn with_deck(self, deck: CharmDeck) -> Config {
        Config { deck, ..self }
    }

    pub(crate) fn validate(&self) -> Result<(), ConfigError> {
        let players = usize::from(self.players);
        if (MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            Ok(())
        } else {
            Err(player_count(players))
        }
    }
}

/// The standard game for 4 players.
impl Default for Config {
    fn default() -> Config {
        Config::standard(4)
    }
}

crate::game::game_config!(Config);

fn player_count(got: usize) -> ConfigError {
    ConfigError::PlayerCount {
        got,
        min: MIN_PLAYERS,
        max: MAX_PLAYERS,
    }
}
