//! Players that choose actions from what they are allowed to see.
//!
//! - [`RandomBot`] picks uniformly among the legal actions, in every game.
//! - [`Ismcts`] (feature `alloc`) searches: information-set Monte Carlo tree
//!   search over positions drawn from what its seat knows ([`Sample`]).
//! - [`Cheater`] (feature `alloc`) runs the same search on the real position.
//!   It sees every hidden card, so it is not a [`Bot`]: it is the ceiling to
//!   measure the others against.
//!
//! [`play_game`] seats one bot per player and plays a game to its end,
//! sending each bot what its seat is sent by the rule of [`Message`].
//!
//! [`Sample`]: crate::Sample
//! [`Message`]: crate::Message

use rand_core::Rng;

use crate::{Decision, Game, Message, SampleError};

#[cfg(feature = "alloc")]
mod cheater;
#[cfg(feature = "alloc")]
mod ismcts;
#[cfg(feature = "alloc")]
mod math;
mod random;
#[cfg(feature = "alloc")]
mod search;
mod table;

#[cfg(feature = "alloc")]
pub use cheater::Cheater;
#[cfg(feature = "alloc")]
pub use ismcts::Ismcts;
pub use random::RandomBot;
#[cfg(feature = "alloc")]
pub use search::SearchStats;
pub use table::{TableError, play_game};

/// Something that picks an action for a player.
///
/// A bot is given a [`Decision`]: the player's [`View`](Game::View) and their
/// legal actions, never the full state, so it cannot cheat by reading hidden
/// information. Between decisions a table tells it what its seat is sent,
/// by the one rule every table follows ([`Message`]): [`start`](Bot::start)
/// with the opening message of each game, then [`observe`](Bot::observe)
/// exactly when the seat has something to learn, never for a move it was
/// not shown. The trait is dyn-compatible: a table can seat
/// `Box<dyn Bot<G>>` of different kinds.
///
/// ```
/// use fairy_ring::{Bot, Game, Player, RandomBot, fairy};
/// use rand_core::SeedableRng;
///
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let state = fairy::State::new(&fairy::Config::new(3)?, &mut rng)?;
/// let mut bots: Vec<Box<dyn Bot<fairy::State>>> = vec![Box::new(RandomBot), Box::new(RandomBot)];
/// let decision = state.decision(Player(0));
/// let pick = bots[0].choose(&decision, &mut rng)?;
/// assert!(decision.legal.contains(&pick));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub trait Bot<G: Game> {
    /// Picks one of `decision.legal`, or says why it cannot.
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Result<G::Action, BotError>;

    /// A new game begins and this bot plays the seat of `opening`: forget
    /// every earlier game. Bots that remember nothing ignore it, which is
    /// the default.
    fn start(&mut self, opening: &Message<G>) {
        let _ = opening;
    }

    /// The seat was sent `message` after a move (see [`Message`] for when a
    /// table sends one). Bots that remember nothing ignore it, which is the
    /// default.
    fn observe(&mut self, message: &Message<G>) {
        let _ = message;
    }
}

/// Why a bot chose no action.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum BotError {
    /// The decision has no legal action to choose.
    #[error("there is no legal action to choose")]
    NoChoice,
    /// The bot could draw no position from what its seat knows, so it has
    /// nothing to search (its information is not of this game, or not kept
    /// up to date).
    #[error("no position could be drawn from what the seat knows: {0}")]
    Sampling(SampleError),
    /// Any other reason, in words: for bots written outside the crate (a
    /// person who left, a remote client that timed out).
    #[error("{0}")]
    Other(&'static str),
}

/// A boxed bot is a bot, so `Box<dyn Bot<G>>` goes wherever a bot does.
#[cfg(feature = "alloc")]
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for alloc::boxed::Box<B> {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Result<G::Action, BotError> {
        (**self).choose(decision, rng)
    }

    fn start(&mut self, opening: &Message<G>) {
        (**self).start(opening);
    }

    fn observe(&mut self, message: &Message<G>) {
        (**self).observe(message);
    }
}

/// A borrowed bot is a bot, so a table can seat bots it does not own.
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for &mut B {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Result<G::Action, BotError> {
        (**self).choose(decision, rng)
    }

    fn start(&mut self, opening: &Message<G>) {
        (**self).start(opening);
    }

    fn observe(&mut self, message: &Message<G>) {
        (**self).observe(message);
    }
}
