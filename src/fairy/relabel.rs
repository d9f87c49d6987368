//! Fairy with its seats renumbered, for the relabelling oracle
//! ([`crate::testing::Relabel`]).

use super::event::Event;
use super::guess::Guess;
use super::setup::Setup;
use super::state::{Stage, State};
use crate::Events;
use crate::testing::{Relabel, Relabelling, Symmetry, seat_ordered_runs};

/// Fairy has no seating order at all: everyone guesses at once, the card
/// turned over scores every guess at once, and the highest score wins, ties
/// shared or played off by the tied players alone ("Game Turns", "Reveal and
/// Score", "Game End"). So every renumbering keeps the game, mirrors
/// included; there is no direction to turn over.
///
/// A turn's scores are reported one `Scored` event per player in seat
/// order (they happen together), so that run is put in the new seat order.
impl Relabel for State {
    const SYMMETRY: Symmetry = Symmetry::RotationsAndMirrors;

    fn relabel_setup(setup: &Setup, seats: Relabelling) -> Setup {
        let mut setup = setup.clone();
        setup.scores = seats.in_seat_order(&setup.scores).collect();
        setup.guesses = seats.in_seat_order(&setup.guesses).collect();
        setup.stage = match setup.stage {
            Stage::Main => Stage::Main,
            Stage::PlayOff(tied) => Stage::PlayOff(seats.set(tied)),
            Stage::Over(winners) => Stage::Over(seats.set(winners)),
        };
        setup
    }

    fn relabel_action(action: Guess, _seats: Relabelling) -> Guess {
        action
    }

    fn relabel_event(event: &Event, seats: Relabelling) -> Event {
        match *event {
            Event::Guessed { player, guess } => Event::Guessed {
                player: seats.player(player),
                guess,
            },
            Event::Scored {
                player,
                guess,
                right,
                change,
                score,
            } => Event::Scored {
                player: seats.player(player),
                guess,
                right,
                change,
                score,
            },
            Event::PlayOff { players } => Event::PlayOff {
                players: seats.set(players),
            },
            Event::GameOver { winners } => Event::GameOver {
                winners: seats.set(winners),
            },
            other => other,
        }
    }

    fn relabel_events(events: &[Event], seats: Relabelling) -> Events<Event> {
        let mut out = Events::new();
        for event in events {
            let _ = out.try_push(Self::relabel_event(event, seats));
        }
        seat_ordered_runs(&mut out, |event| match event {
            Event::Scored { player, .. } => Some(*player),
            _ => None,
        });
        out
    }
}
