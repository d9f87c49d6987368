//! The twin generator for the leak oracle ([`crate::testing::Twins`]).

use rand_core::Rng;

use super::guess::Guess;
use super::setup::{Setup, SetupError};
use super::state::State;
use crate::{Game, Player, PlayerSet, Seat};

/// The twin generator for the leak oracle: what it redraws and keeps.
///
/// What a seat cannot know in Fairy, and so what a twin redraws:
///
/// - **The order of the face-down deck**, shuffled uniformly (the deck is
///   shuffled at setup and nobody looks at it).
///   Which cards are in it is known to all: it is every card not yet
///   revealed.
/// - **The other players' guesses of this turn**, each redrawn uniformly among
///   the four gestures, for exactly the players who have guessed (the gestures
///   are made together, so until the reveal nobody sees another's choice, only that the turn is waiting for them). For a player
///   seat its own guess is kept; a spectator's twin redraws every guess.
///
/// What is kept, for every seat:
///
/// - **The discard pile, every covered card included, in order.** Every card
///   on it was turned face up in front of everyone to settle the guesses,
///   so all players know it, though the rules and
///   the view show only the top card later on.
/// - The scores (held up for everyone to see), who has guessed, the stage, the
///   variant and the deck's printed data.
///
/// The twin is a [`Setup`] with those parts redrawn, loaded with
/// [`State::from_setup`](crate::Game::from_setup): the deck order and the
/// guess values are not constrained by anything else in a position.
impl crate::testing::Twins for State {
    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<State, SetupError> {
        let mut setup: Setup = self.to_setup();
        let own = seat.at_table(usize::from(self.config.players)).player();
        crate::rng::shuffle(rng, &mut setup.draw_pile);
        for (seat, guess) in setup.guesses.iter_mut().enumerate() {
            if own.is_some_and(|p| p.index() == seat) {
                continue;
            }
            if let Some(guess) = guess
                && let Some(&other) = crate::rng::choose(rng, &Guess::ALL)
            {
                *guess = other;
            }
        }
        State::from_setup(setup)
    }

    /// What a guess reveals: nothing, until the last guess of the turn,
    /// which turns every guess over and the deck's top card face up for
    /// everyone. So for that move the twin keeps every guess and the card
    /// turned; for any other, a seat that did not make the guess sees a
    /// random gesture in its place.
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: Guess,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Guess), SetupError> {
        let mut setup = self.twin(seat, rng)?.to_setup();
        if self.waiting == PlayerSet::only(player) {
            let real = self.to_setup();
            setup.guesses = real.guesses;
            if let Some(&turned) = real.draw_pile.last() {
                setup.draw_pile.retain(|card| *card != turned);
                let _ = setup.draw_pile.try_push(turned);
            }
            return Ok((State::from_setup(setup)?, action));
        }
        let seen = seat.at_table(self.players()).player() == Some(player);
        let twin_action = match crate::rng::choose(rng, &Guess::ALL) {
            Some(&other) if !seen => other,
            _ => action,
        };
        Ok((State::from_setup(setup)?, twin_action))
    }
}
