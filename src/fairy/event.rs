//! What happened during a move, for animating it without diffing states.

use super::cards::Card;
use super::guess::Guess;
use crate::{Player, PlayerSet, Score, Seat};

/// Something that happened in a game of Fairy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// A player committed a guess. Only that player's redaction carries it.
    Guessed {
        /// Who guessed.
        player: Player,
        /// The gesture, or `None` for everyone else until the reveal.
        guess: Option<Guess>,
    },
    /// Every guess is in, and the next card was flipped onto the pile.
    Revealed {
        /// The card flipped.
        card: Card,
        /// The card it was compared with (now covered).
        previous: Card,
    },
    /// A player's guess was scored.
    Scored {
        /// Who scored.
        player: Player,
        /// What they had guessed.
        guess: Guess,
        /// Whether it was right.
        right: bool,
        /// How far the score moved (after the floor and top).
        change: Score,
        /// The new score.
        score: Score,
    },
    /// The game should end, but the leaders are tied: only they keep playing.
    PlayOff {
        /// The tied leaders.
        players: PlayerSet,
    },
    /// The game is over.
    GameOver {
        /// Who shares the victory.
        winners: PlayerSet,
    },
}

impl Event {
    /// The event as `seat` may see it: another player's guess is hidden
    /// until the reveal scores it.
    pub fn redacted(&self, seat: Seat) -> Event {
        match *self {
            Event::Guessed { player, .. } if seat != Seat::Player(player) => Event::Guessed {
                player,
                guess: None,
            },
            other => other,
        }
    }
}
