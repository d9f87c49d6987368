//! Player count, variant, the item set and what the box "sounds" like.

use super::items::Treasures;
use crate::ConfigError;

/// Fewest players (with the special 2-player rules).
pub const MIN_PLAYERS: usize = 2;
/// Most players.
pub const MAX_PLAYERS: usize = 6;

/// Which rules a table of 3 to 6 players uses. Two players always use the
/// special 2-player rules.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub enum Variant {
    /// The full game: Selection, Hiding and Guessing phases.
    #[default]
    Standard,
    /// The beginner game: every item starts in the box and there is no
    /// Selection phase; the starting player is the Fairy (3 to 6 players).
    Beginner,
}

/// What a digital table tells the guessers instead of letting them shake the
/// box and listen (see the ruling "Prank: listening to the box").
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[non_exhaustive]
pub enum BoxSound {
    /// From the end of the Hiding phase on, everyone knows how many items
    /// are in the box (a careful listener can count the rattles).
    #[default]
    ItemCount,
    /// The box tells nothing: only the Fairy knows how many items are in it.
    Silent,
}

/// The rules in force at a table, from its player count and variant: a
/// closed set ([`Config::rules`] maps every config to one of these), so a
/// `match` on it needs no catch-all arm.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Rules {
    /// 3 to 6 players, full rules.
    Standard,
    /// 3 to 6 players, beginner rules.
    Beginner,
    /// 2 players, special rules.
    TwoPlayer,
}

/// Everything chosen before a game of Fairy Prank starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 2 to 6. Seat 0 holds the starting player token
    /// (the youngest player).
    pub players: u8,
    /// Full or beginner rules (3 to 6 players).
    pub variant: Variant,
    /// The items in play.
    pub treasures: Treasures,
    /// What the guessers learn from the box.
    pub box_sound: BoxSound,
}

impl Config {
    /// A standard game for `players` players with the ten printed items.
    ///
    /// ```
    /// use fairy_ring::prank::{Config, Variant};
    /// assert!(Config::new(2).is_ok());
    /// assert!(Config::new(7).is_err());
    /// assert!(Config::new(2)?.with_variant(Variant::Beginner).validate().is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn new(players: usize) -> Result<Config, ConfigError> {
        let seats = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        Ok(Config::standard(seats))
    }

    /// The standard game with the printed items, for a valid seat count.
    fn standard(players: u8) -> Config {
        Config {
            players,
            variant: Variant::Standard,
            treasures: Treasures::default(),
            box_sound: BoxSound::default(),
        }
    }

    /// The same config for `players` players (2 to 6), or
    /// [`ConfigError::PlayerCount`]: the way to change the count of a
    /// config, whose fields cannot all be named in a struct expression.
    ///
    /// ```
    /// use fairy_ring::prank::Config;
    /// let base = Config::new(4)?;
    /// assert_eq!(base.with_players(3)?.players, 3);
    /// assert!(base.with_players(11).is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn with_players(self, players: usize) -> Result<Config, ConfigError> {
        let players = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        let config = Config { players, ..self };
        config.validate()?;
        Ok(config)
    }

    /// The same config with `variant`.
    pub fn with_variant(self, variant: Variant) -> Config {
        Config { variant, ..self }
    }

    /// The same config with another item set.
    pub fn with_treasures(self, treasures: Treasures) -> Config {
        Config { treasures, ..self }
    }

    /// The same config with another box sound.
    pub fn with_box_sound(self, box_sound: BoxSound) -> Config {
        Config { box_sound, ..self }
    }

    /// Which rules apply.
    #[inline]
    pub fn rules(&self) -> Rules {
        match (self.players, self.variant) {
            (0..=2, _) => Rules::TwoPlayer,
            (_, Variant::Standard) => Rules::Standard,
            (_, Variant::Beginner) => Rules::Beginner,
        }
    }

    /// Checks the player count (the beginner variant needs 3 or more) and the
    /// item set.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let players = usize::from(self.players);
        let min = match self.variant {
            Variant::Standard => MIN_PLAYERS,
            Variant::Beginner => 3,
        };
        if !(min..=MAX_PLAYERS).contains(&players) {
            return Err(player_count(players, min));
        }
        self.treasures.validate()
    }

    /// Number of items in play.
    pub(crate) fn item_count(&self) -> usize {
        self.treasures.len()
    }
}

fn player_count(got: usize, min: usize) -> ConfigError {
    ConfigError::PlayerCount {
        got,
        min,
        max: MAX_PLAYERS,
    }
}

/// The standard game for 4 players.
impl Default for Config {
    fn default() -> Config {
        Config::standard(4)
    }
}

crate::game::game_config!(Config);
