//! The bot that plays any legal move.

use rand_core::Rng;

use super::{Bot, BotError};
use crate::{Decision, Game};

/// Picks uniformly among the legal actions. Works for every game.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Result<G::Action, BotError> {
        crate::rng::choose(rng, &decision.legal)
            .copied()
            .ok_or(BotError::NoChoice)
    }
}
