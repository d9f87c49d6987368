//! The five games by name: [`GameKind`].

use core::fmt;
use core::ops::RangeInclusive;
use core::str::FromStr;

use crate::{AnyConfig, ConfigError};

/// One of the five games of this crate.
///
/// `Display` gives the name printed on the box; [`FromStr`] takes that name
/// or the module's short name (`"fairy"`, `"prank"`, `"season"`, `"fickle"`,
/// `"fayre"`), in any case.
///
/// ```
/// use fairy_ring::GameKind;
///
/// assert_eq!(GameKind::Season.to_string(), "Fairy Season");
/// assert_eq!("fickle".parse(), Ok(GameKind::Fickle));
/// assert_eq!("a midsummer night's fayre".parse(), Ok(GameKind::Fayre));
/// assert_eq!(GameKind::Fairy.players(), 2..=10);
/// let config = GameKind::Prank.config(3)?;
/// assert_eq!(config.kind(), GameKind::Prank);
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum GameKind {
    /// [Fairy](crate::fairy).
    Fairy,
    /// [Fairy Prank](crate::prank).
    Prank,
    /// [Fairy Season](crate::season).
    Season,
    /// [Fickle](crate::fickle).
    Fickle,
    /// [A Midsummer Night's Fayre](crate::fayre).
    Fayre,
}

impl GameKind {
    /// Every game, in the order of the crate's modules.
    pub const ALL: [GameKind; 5] = [
        GameKind::Fairy,
        GameKind::Prank,
        GameKind::Season,
        GameKind::Fickle,
        GameKind::Fayre,
    ];

    /// The name printed on the box and on the rulebook.
    pub const fn name(self) -> &'static str {
        match self {
            GameKind::Fairy => "Fairy",
            GameKind::Prank => "Fairy Prank",
            GameKind::Season => "Fairy Season",
            GameKind::Fickle => "Fickle",
            GameKind::Fayre => "A Midsummer Night's Fayre",
        }
    }

    /// The short name: the game's module in this crate.
    pub const fn id(self) -> &'static str {
        match self {
            GameKind::Fairy => "fairy",
            GameKind::Prank => "prank",
            GameKind::Season => "season",
            GameKind::Fickle => "fickle",
            GameKind::Fayre => "fayre",
        }
    }

    /// How many players the game seats.
    pub const fn players(self) -> RangeInclusive<usize> {
        match self {
            GameKind::Fairy => crate::fairy::MIN_PLAYERS..=crate::fairy::MAX_PLAYERS,
            GameKind::Prank => crate::prank::MIN_PLAYERS..=crate::prank::MAX_PLAYERS,
            GameKind::Season => crate::season::MIN_PLAYERS..=crate::season::MAX_PLAYERS,
            GameKind::Fickle => crate::fickle::MIN_PLAYERS..=crate::fickle::MAX_PLAYERS,
            GameKind::Fayre => crate::fayre::MIN_PLAYERS..=crate::fayre::MAX_PLAYERS,
        }
    }

    /// The standard game of this kind for `players` players.
    pub fn config(self, players: usize) -> Result<AnyConfig, ConfigError> {
        Ok(match self {
            GameKind::Fairy => AnyConfig::Fairy(crate::fairy::Config::new(players)?),
            GameKind::Prank => AnyConfig::Prank(crate::prank::Config::new(players)?),
            GameKind::Season => AnyConfig::Season(crate::season::Config::new(players)?),
            GameKind::Fickle => AnyConfig::Fickle(crate::fickle::Config::new(players)?),
            GameKind::Fayre => AnyConfig::Fayre(crate::fayre::Config::new(players)?),
        })
    }

    /// The standard game of this kind for 4 players.
    pub fn default_config(self) -> AnyConfig {
        match self {
            GameKind::Fairy => AnyConfig::Fairy(Default::default()),
            GameKind::Prank => AnyConfig::Prank(Default::default()),
            GameKind::Season => AnyConfig::Season(Default::default()),
            GameKind::Fickle => AnyConfig::Fickle(Default::default()),
            GameKind::Fayre => AnyConfig::Fayre(Default::default()),
        }
    }
}

impl fmt::Display for GameKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A text that names none of the five games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("no game is called that; the games are fairy, prank, season, fickle and fayre")]
#[non_exhaustive]
pub struct UnknownGame;

impl FromStr for GameKind {
    type Err = UnknownGame;

    fn from_str(text: &str) -> Result<GameKind, UnknownGame> {
        let text = text.trim();
        GameKind::ALL
            .into_iter()
            .find(|kind| {
                kind.id().eq_ignore_ascii_case(text) || kind.name().eq_ignore_ascii_case(text)
            })
            .ok_or(UnknownGame)
    }
}

#[cfg(all(test, feature = "alloc"))]
mod tests {
    use super::*;
    use alloc::string::ToString;

    #[test]
    fn names_and_ids_parse_back() {
        for kind in GameKind::ALL {
            assert_eq!(kind.name().parse(), Ok(kind));
            assert_eq!(kind.id().to_ascii_uppercase().parse(), Ok(kind));
            assert_eq!(kind.to_string().parse(), Ok(kind));
        }
        assert_eq!("chess".parse::<GameKind>(), Err(UnknownGame));
        assert_eq!("".parse::<GameKind>(), Err(UnknownGame));
    }

    #[test]
    fn every_kind_makes_its_own_config_for_its_players() {
        for kind in GameKind::ALL {
            for players in kind.players() {
                let config = kind.config(players).map_err(|e| (kind, e));
                assert_eq!(
                    config.map(|c| (c.kind(), crate::GameConfig::players(&c))),
                    Ok((kind, players))
                );
            }
            assert!(kind.config(*kind.players().end() + 1).is_err());
            assert!(kind.config(kind.players().start() - 1).is_err());
            assert_eq!(kind.default_config().kind(), kind);
        }
    }
}
