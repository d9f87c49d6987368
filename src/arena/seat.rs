//! One entrant's bot in one seat of one game, timed.

use alloc::boxed::Box;

use rand_core::Rng;

use super::clock::Clock;
use super::entrant::{Entrant, Kind};
use super::open::Open;
use crate::bots::Cheater;
use crate::{Bot, BotError, Decision, Game, Message};

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
    fn choose(
        &mut self,
        decision: &Decision<Open<G>>,
        rng: &mut dyn Rng,
    ) -> Result<G::Action, BotError> {
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
                .and_then(|state| cheater.choose_in(state, decision.player, rng))
                .ok_or(BotError::NoChoice),
        })
    }

    fn start(&mut self, opening: &Message<Open<G>>) {
        if let Sitter::Fair(bot) = &mut self.sitter {
            bot.start(&fair(opening));
        }
    }

    fn observe(&mut self, message: &Message<Open<G>>) {
        if let Sitter::Fair(bot) = &mut self.sitter {
            bot.observe(&fair(message));
        }
    }
}

/// A fair seat's message of the open game as the game's own: a fair seat's
/// view holds no position, so the table sends it exactly the messages the
/// game itself would.
fn fair<G: Game + 'static>(message: &Message<Open<G>>) -> Message<G> {
    Message {
        seat: message.seat,
        events: message.events.clone(),
        view: message.view.view.clone(),
        legal: message.legal.clone(),
    }
}
