//! Players that choose actions from what they are allowed to see.

use rand_core::Rng;

use crate::{Decision, Game};

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
}

/// Picks uniformly among the legal actions. Works for every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Option<G::Action> {
        crate::rng::choose(rng, &decision.legal).copied()
    }
}

/// A boxed bot is a bot, so `Box<dyn Bot<G>>` goes wherever a bot does.
#[cfg(feature = "alloc")]
impl<G: Game, B: Bot<G> + ?Sized> Bot<G> for alloc::boxed::Box<B> {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Option<G::Action> {
        (**self).choose(decision, rng)
    }
}
