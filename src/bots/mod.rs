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
//! telling each bot what it sees after every move.
//!
//! [`Sample`]: crate::Sample

use rand_core::Rng;

use crate::{Decision, Game, Player};

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
/// information. The trait is dyn-compatible: a table can seat
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
/// let pick = bots[0].choose(&decision, &mut rng);
/// assert!(pick.is_some_and(|a| decision.legal.contains(&a)));
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
pub trait Bot<G: Game> {
    /// Picks one of `decision.legal`, or `None` if there is none.
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Option<G::Action>;

    /// Tells the bot in `player`'s seat what it saw: the events of one
    /// `apply` as redacted for the seat ([`Game::redact_all`]) and its view
    /// after it. A table calls it after every move (everyone's, not only the
    /// bot's own), and once with no events when the game starts. Bots that
    /// remember nothing ignore it, which is the default.
    fn observe(&mut self, player: Player, events: &[G::Event], view: &G::View) {
        let _ = (player, events, view);
    }
}

/// A boxed bot is a bot, so `Box<dyn Bot<G>>` goes wherever a bot does.
#[cfg(feature = "alloc")]
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for alloc::boxed::Box<B> {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Option<G::Action> {
        (**self).choose(decision, rng)
    }

    fn observe(&mut self, player: Player, events: &[G::Event], view: &G::View) {
        (**self).observe(player, events, view);
    }
}

/// A borrowed bot is a bot, so a table can seat bots it does not own.
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for &mut B {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Option<G::Action> {
        (**self).choose(decision, rng)
    }

    fn observe(&mut self, player: Player, events: &[G::Event], view: &G::View) {
        (**self).observe(player, events, view);
    }
}
