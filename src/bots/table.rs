//! A table of bots playing a game to its end.

use rand_core::Rng;

use super::{Bot, BotError};
use crate::{ActionError, Events, Game, Message, Outcome, Player, Seat};

/// Why [`play_game`] stopped before the end of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum TableError<V: core::error::Error + 'static> {
    /// A player to act has no bot in `bots`.
    #[error("{player} has no bot at the table")]
    NoBot {
        /// The seat without a bot.
        player: Player,
    },
    /// A bot chose nothing although its player may act.
    #[error("the bot of {player} chose no action: {error}")]
    NoChoice {
        /// The bot's seat.
        player: Player,
        /// Why it chose none.
        #[source]
        error: BotError,
    },
    /// A bot chose an action the game refused.
    #[error("the bot of {player} chose a refused action: {error}")]
    Refused {
        /// The bot's seat.
        player: Player,
        /// Why the game refused it.
        #[source]
        error: ActionError<V>,
    },
    /// Nobody may act, yet the game reports no outcome (a bug in a game).
    #[error("nobody may act, yet the game has no outcome")]
    NoOutcome,
}

/// Plays `state` to its end with `bots[i]` in seat `i`, and returns the
/// outcome.
///
/// Each bot is sent what its seat is sent, by the one rule of [`Message`]:
/// [`Bot::start`] with its opening message, then [`Bot::observe`] after a
/// move exactly when the seat has something to learn (so a bot cannot count
/// moves it was not shown). Where several players may act at once, the
/// lowest seat moves first.
///
/// ```
/// use fairy_ring::bots::{RandomBot, play_game};
/// use fairy_ring::{Game, fairy};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(5);
/// let mut state = fairy::State::new(&fairy::Config::new(3)?, &mut rng)?;
/// let outcome = play_game(&mut state, &mut [RandomBot; 3], &mut rng)?;
/// assert_eq!(outcome.scores().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn play_game<G: Game, B: Bot<G>>(
    state: &mut G,
    bots: &mut [B],
    rng: &mut dyn Rng,
) -> Result<Outcome, TableError<G::Violation>> {
    for (seat, bot) in seats(state, bots) {
        if let Ok(opening) = Message::opening(state, Seat::Player(seat)) {
            bot.start(&opening);
        }
    }
    let mut events = Events::new();
    while let Some(player) = state.to_act().lowest() {
        let bot = bots
            .get_mut(player.index())
            .ok_or(TableError::NoBot { player })?;
        let action = bot
            .choose(&state.decision(player), rng)
            .map_err(|error| TableError::NoChoice { player, error })?;
        // The position before the move stands for what every seat holds.
        let before = state.clone();
        state
            .apply_into(player, action, rng, &mut events)
            .map_err(|error| TableError::Refused { player, error })?;
        for (seat, bot) in seats(state, bots) {
            if let Some(message) = Message::between(&before, state, &events, Seat::Player(seat)) {
                bot.observe(&message);
            }
        }
    }
    state.outcome().ok_or(TableError::NoOutcome)
}

/// The seated bots with their players.
fn seats<'a, G: Game, B>(
    state: &G,
    bots: &'a mut [B],
) -> impl Iterator<Item = (Player, &'a mut B)> {
    let players = state.num_players();
    bots.iter_mut()
        .take(players)
        .enumerate()
        .filter_map(|(i, bot)| u8::try_from(i).ok().map(|i| (Player(i), bot)))
}
