//! Fairy Prank with its seats renumbered, for the relabelling oracle
//! ([`crate::testing::Relabel`]).

use super::action::Action;
use super::event::Event;
use super::setup::Setup;
use super::state::Phase;
use super::state::State;
use crate::testing::{Relabel, Relabelling, Symmetry};

/// Fairy Prank's seating order is clockwise and has no token to turn over:
/// the Selection phase goes "in clockwise order (starting player comes
/// first)", the Guessing phase starts "from the player to the left of the
/// Fairy" and goes clockwise, and the starting player token passes "to
/// his/her left" each round ("How to Play", "End of the Guessing Phase").
/// So only rotations keep the game the same game: a mirror would make the
/// guesses go counter-clockwise. (At 2 players the one rotation swaps the
/// seats, which is all there is.) The first holder of the token is a field
/// of the position (`starting_player`, seat 0 in a new game: see
/// RULINGS.md, "Prank: who holds the starting player token first"), so it moves with its
/// seat.
impl Relabel for State {
    const SYMMETRY: Symmetry = Symmetry::Rotations;

    fn relabel_setup(setup: &Setup, seats: Relabelling) -> Setup {
        let mut setup = setup.clone();
        setup.starting_player = seats.player(setup.starting_player);
        setup.phase = phase(setup.phase, seats);
        setup.sheets = seats.in_seat_order(&setup.sheets).collect();
        setup
    }

    fn relabel_action(action: Action, _seats: Relabelling) -> Action {
        action
    }

    fn relabel_event(event: &Event, seats: Relabelling) -> Event {
        match *event {
            Event::RoundStarted {
                round,
                starting_player,
                phase: p,
            } => Event::RoundStarted {
                round,
                starting_player: seats.player(starting_player),
                phase: phase(p, seats),
            },
            Event::Selected { player, item } => Event::Selected {
                player: seats.player(player),
                item,
            },
            Event::PutInSecret { fairy, item } => Event::PutInSecret {
                fairy: seats.player(fairy),
                item,
            },
            Event::SelectionEnded { fairy } => Event::SelectionEnded {
                fairy: seats.player(fairy),
            },
            Event::Removed { fairy, item } => Event::Removed {
                fairy: seats.player(fairy),
                item,
            },
            Event::HidingDone { fairy, box_count } => Event::HidingDone {
                fairy: seats.player(fairy),
                box_count,
            },
            Event::Guessed {
                player,
                item,
                right,
            } => Event::Guessed {
                player: seats.player(player),
                item,
                right,
            },
            Event::Marked {
                player,
                item,
                marks,
            } => Event::Marked {
                player: seats.player(player),
                item,
                marks,
            },
            Event::GameOver {
                winners,
                in_box,
                removed,
            } => Event::GameOver {
                winners: seats.set(winners),
                in_box,
                removed,
            },
            other @ Event::GuessingEnded { .. } => other,
        }
    }
}

/// `phase` with its Fairy or winners renumbered.
fn phase(phase: Phase, seats: Relabelling) -> Phase {
    match phase {
        Phase::Selection => Phase::Selection,
        Phase::Hiding { fairy } => Phase::Hiding {
            fairy: seats.player(fairy),
        },
        Phase::Guessing { fairy } => Phase::Guessing {
            fairy: seats.player(fairy),
        },
        Phase::Over { winners } => Phase::Over {
            winners: seats.set(winners),
        },
    }
}
