//! Why a tournament stopped.

use alloc::string::String;

use crate::ConfigError;
use crate::bots::TableError;

/// Why [`Arena::run`](super::Arena::run) returned no standings. A broken bot
/// stops the tournament with the first game (by index) it broke, naming
/// the game, the seat and the entrant; it never takes the arena down.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
#[non_exhaustive]
pub enum ArenaError<V: core::error::Error + 'static> {
    /// The field does not fit the table: no entrants, or more than seats.
    #[error("{entrants} entrants for {players} seats")]
    Field {
        /// Entrants entered.
        entrants: usize,
        /// Seats at the table.
        players: usize,
    },
    /// Two entrants have the same name, which the standings could not
    /// tell apart.
    #[error("two entrants are named {name}: give each its own name")]
    SameName {
        /// The name entered twice.
        name: String,
    },
    /// The game cannot start with the arena's config.
    #[error("game {game}: {error}")]
    Config {
        /// The game's index.
        game: usize,
        /// Why it cannot start.
        #[source]
        error: ConfigError,
    },
    /// A bot broke the game (it chose nothing, or an action the game
    /// refused), as the table reported it.
    #[error("game {game}, {entrant}: {error}")]
    Table {
        /// The game's index.
        game: usize,
        /// The entrant whose bot broke it (`the game` when no seat is to
        /// blame: a game that ends without an outcome).
        entrant: String,
        /// What the table reported.
        #[source]
        error: TableError<V>,
    },
    /// A bot (or a game) panicked. The panic hook has already told it (on
    /// standard error by default); built with `panic = "abort"`, a panic
    /// ends the process instead.
    #[error("game {game}: a bot panicked: {message}")]
    Panicked {
        /// The game's index.
        game: usize,
        /// The panic's message, if it had a text.
        message: String,
    },
}
