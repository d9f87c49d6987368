//! One entrant's bot in one seat of one game, timed.

use alloc::boxed::Box;

use rand_core::Rng;

use super::clock::Clock;
use super::entrant::{Entrant, Kind};
use super::open::{Open, OpenView};
use crate::bots::Cheater;
use crate::{Bot, Decision, Game, Player};

/// The bot an entrant seats: fair, or reading the open position.
enum Sitter<G: Game> {
    Fair(Box<dyn Bot<G>>),
    Cheater(Box<Cheater<G>>),
}

/// A seated bot with the clock of its decisions. It plays an [`Open`] game:
/// a fair bot is handed its seat's own view only, a cheater the position.
pub(super) struct Seated<G: Game> {
    sitter: Sitter<G>,
    pub(super) clock: Clock,
}

impl<G: Game + 'static> Seated<G> {
    /// A fresh bot of `entrant` for a game played with `config`.
    pub(super) fn new(entrant: &Entrant<G>, config: &G::Config) -> Self {
        let sitter = match &entrant.kind {
            Kind::Fair(factory) => Sitter::Fair(factory(config)),
            Kind::Cheater(iterations) => Sitter::Cheater(Box::new(Cheater::new(*iterations))),
        };
        Seated {
            sitter,
            clock: Clock::default(),
        }
    }
}

impl<G: Game + 'static> Bot<Open<G>> for Seated<G> {
    fn choose(&mut self, decision: &Decision<Open<G>>, rng: &mut dyn Rng) -> Option<G::Action> {
        let sitter = &mut self.sitter;
        self.clock.time(|| match sitter {
            Sitter::Fair(bot) => bot.choose(
                &Decision {
                    player: decision.player,
                    view: decision.view.view.clone(),
                    legal: decision.legal.clone(),
                },
                rng,
            ),
            // An open seat's view always holds the position; without it the
            // cheater has nothing to choose from, and the table says so.
            Sitter::Cheater(cheater) => decision
                .view
                .state
                .as_ref()
                .and_then(|state| cheater.choose_in(state, decision.player, rng)),
        })
    }

    fn observe(&mut self, player: Player, events: &[G::Event], view: &OpenView<G>) {
        if let Sitter::Fair(bot) = &mut self.sitter {
            bot.observe(player, events, &view.view);
        }
    }
}
