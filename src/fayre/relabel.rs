//! A Midsummer Night's Fayre with its seats renumbered, for the relabelling
//! oracle ([`crate::testing::Relabel`]).

use super::action::Action;
use super::dice::{DieRef, PlacedDie};
use super::event::Event;
use super::setup::Setup;
use super::state::Phase;
use super::state::State;
use crate::Events;
use crate::testing::{Relabel, Relabelling, Symmetry, seat_ordered_runs};

/// Turns in the Fayre go "in a clockwise order" ("How to Play"), and so do
/// the final Prize Pit rolls and the rolls of a scoring (from the player
/// whose turn it was: RULINGS.md), with no token to turn over: so only
/// rotations keep the game the same game. The first player is the seat
/// whose turn it is in the position (seat 0 in a new game, RULINGS.md), so
/// it moves with its seat; the Mischief deck and the Mini Game deck are not
/// dealt by seat number, so the same RNG draws the same cards and dice,
/// except where the dice of a scored Mini Game are rolled back into their
/// owners' pools (see [`Relabel::draws_from_seat_order`]).
///
/// Everyone's points from one scored Mini Game come together ("All ties
/// are friendly"): those `Scored` events are compared in seat order.
impl Relabel for State {
    const SYMMETRY: Symmetry = Symmetry::Rotations;

    fn relabel_setup(setup: &Setup, seats: Relabelling) -> Setup {
        let mut setup = setup.clone();
        setup.current = seats.player(setup.current);
        setup.phase = phase(setup.phase, seats);
        setup.queue = setup.queue.iter().map(|&p| seats.player(p)).collect();
        setup.scores = seats.in_seat_order(&setup.scores).collect();
        setup.pools = seats.in_seat_order(&setup.pools).collect();
        setup.hands = seats.in_seat_order(&setup.hands).collect();
        for booth in setup.booths.iter_mut().flatten() {
            for die in booth.spaces.iter_mut().flatten() {
                die.owner = seats.player(die.owner);
            }
        }
        setup
    }

    fn relabel_action(action: Action, seats: Relabelling) -> Action {
        match action {
            Action::Pick(die) => Action::Pick(die_ref(die, seats)),
            Action::ChoosePlayer(p) => Action::ChoosePlayer(seats.player(p)),
            other => other,
        }
    }

    fn relabel_event(event: &Event, seats: Relabelling) -> Event {
        let p = |player| seats.player(player);
        match event {
            Event::TurnStarted { player } => Event::TurnStarted { player: p(*player) },
            Event::Drew { player, card } => Event::Drew {
                player: p(*player),
                card: *card,
            },
            Event::MischiefReshuffled { cards } => Event::MischiefReshuffled { cards: *cards },
            Event::Played { player, card } => Event::Played {
                player: p(*player),
                card: *card,
            },
            Event::NoMischief { player } => Event::NoMischief { player: p(*player) },
            Event::FaceChanged { die, from, to } => Event::FaceChanged {
                die: die_ref(*die, seats),
                from: *from,
                to: *to,
            },
            Event::Swapped { first, second } => Event::Swapped {
                first: die_ref(*first, seats),
                second: die_ref(*second, seats),
            },
            Event::Rerolled { die, face } => Event::Rerolled {
                die: die_ref(*die, seats),
                face: *face,
            },
            Event::PoolRerolled { owner, faces } => Event::PoolRerolled {
                owner: p(*owner),
                faces: faces.clone(),
            },
            Event::Placed {
                player,
                face,
                booth,
                space,
            } => Event::Placed {
                player: p(*player),
                face: *face,
                booth: *booth,
                space: *space,
            },
            Event::Moved {
                player,
                die,
                from,
                to,
                space,
            } => Event::Moved {
                player: p(*player),
                die: PlacedDie {
                    owner: p(die.owner),
                    ..*die
                },
                from: *from,
                to: *to,
                space: *space,
            },
            Event::Revealed { booth, game } => Event::Revealed {
                booth: *booth,
                game: *game,
            },
            Event::FairyDiceRolled { booth, faces } => Event::FairyDiceRolled {
                booth: *booth,
                faces: faces.clone(),
            },
            Event::Completed { booth, game } => Event::Completed {
                booth: *booth,
                game: *game,
            },
            Event::Ranked { game, places } => {
                let mut moved = *places;
                for (slot, place) in moved.iter_mut().zip(seats.in_seat_order(places)) {
                    *slot = place;
                }
                Event::Ranked {
                    game: *game,
                    places: moved,
                }
            }
            Event::Scored {
                player,
                points,
                reason,
                total,
            } => Event::Scored {
                player: p(*player),
                points: *points,
                reason: *reason,
                total: *total,
            },
            Event::DiceReturned { owner, faces } => Event::DiceReturned {
                owner: p(*owner),
                faces: faces.clone(),
            },
            Event::FairyDiceReturned { faces } => Event::FairyDiceReturned {
                faces: faces.clone(),
            },
            Event::PrizeRollsDue { players } => Event::PrizeRollsDue {
                players: players.iter().map(|&player| p(player)).collect(),
            },
            Event::PrizePitRolled {
                player,
                die,
                outcome,
            } => Event::PrizePitRolled {
                player: p(*player),
                die: *die,
                outcome: *outcome,
            },
            Event::NothingToSteal { player } => Event::NothingToSteal { player: p(*player) },
            Event::StealDeclined { player } => Event::StealDeclined { player: p(*player) },
            Event::Stole {
                thief,
                victim,
                card,
            } => Event::Stole {
                thief: p(*thief),
                victim: p(*victim),
                card: *card,
            },
            Event::Discarded { player, card } => Event::Discarded {
                player: p(*player),
                card: *card,
            },
            Event::GameEnding { ending } => Event::GameEnding { ending: *ending },
            Event::GameOver { winners } => Event::GameOver {
                winners: seats.set(*winners),
            },
        }
    }

    /// The dice of a scored Mini Game go back to their owners' pools rolled,
    /// owner by owner in seat order (the rulebook does not order those
    /// rolls): with the same RNG, renumbered owners roll other faces.
    fn draws_from_seat_order(event: &Event) -> bool {
        matches!(event, Event::DiceReturned { .. })
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

/// `die` with its owner renumbered.
fn die_ref(die: DieRef, seats: Relabelling) -> DieRef {
    match die {
        DieRef::Pool { owner, face } => DieRef::Pool {
            owner: seats.player(owner),
            face,
        },
        other => other,
    }
}

/// `phase` with its players (and dice) renumbered.
fn phase(phase: Phase, seats: Relabelling) -> Phase {
    match phase {
        Phase::SwapWith { first } => Phase::SwapWith {
            first: die_ref(first, seats),
        },
        Phase::Shift { card, die } => Phase::Shift {
            card,
            die: die_ref(die, seats),
        },
        Phase::Destination { die } => Phase::Destination {
            die: die_ref(die, seats),
        },
        Phase::PrizePit { player, die } => Phase::PrizePit {
            player: seats.player(player),
            die,
        },
        Phase::Steal { thief } => Phase::Steal {
            thief: seats.player(thief),
        },
        Phase::Discard { player } => Phase::Discard {
            player: seats.player(player),
        },
        other @ (Phase::Mischief | Phase::Target { .. } | Phase::Dice | Phase::Over) => other,
    }
}
