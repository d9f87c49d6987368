//! Fairy Season with its seats renumbered, for the relabelling oracle
//! ([`crate::testing::Relabel`]).

use super::action::Action;
use super::event::Event;
use super::setup::Setup;
use super::state::{Phase, State};
use crate::Events;
use crate::testing::{Relabel, Relabelling, Symmetry, seat_ordered_runs};

/// Fairy Season's turns go to the left ("Then play passes to the left"),
/// the refill after a Swarm and the out-of-turn Royal Fairies go "in turn
/// order", and no token records that direction: so only rotations keep the
/// game the same game. A mirror would also turn the Dizzy Goblin's chosen
/// direction over, but not the order of turns, so it is not offered. The
/// first player is the seat to act in the position (seat 0 in a new game:
/// see RULINGS.md, "Season: refill order and the first player"), so it
/// moves with its seat; the refill starts with the flunker, not a seat
/// number, so the deck deals the same cards to the same players.
///
/// A rotation leaves a pass direction as it is: Left is still the next seat
/// clockwise. The Dizzy Goblin's pass is made by everyone at once, and
/// reported one `CardPassed` per card in seat order: that run is put in the
/// new seat order.
impl Relabel for State {
    const SYMMETRY: Symmetry = Symmetry::Rotations;

    fn relabel_setup(setup: &Setup, seats: Relabelling) -> Setup {
        let mut setup = setup.clone();
        setup.hands = seats.in_seat_order(&setup.hands).collect();
        setup.stashes = seats.in_seat_order(&setup.stashes).collect();
        setup.chosen = seats.in_seat_order(&setup.chosen).collect();
        setup.last_played = setup.last_played.map(|p| seats.player(p));
        setup.phase = phase(setup.phase, seats);
        setup
    }

    fn relabel_action(action: Action, seats: Relabelling) -> Action {
        match action {
            Action::RobFrom(p) => Action::RobFrom(seats.player(p)),
            Action::StealFrom(p) => Action::StealFrom(seats.player(p)),
            Action::SwapWith(p) => Action::SwapWith(seats.player(p)),
            other => other,
        }
    }

    fn relabel_event(event: &Event, seats: Relabelling) -> Event {
        let p = |player| seats.player(player);
        match *event {
            Event::Played { player, card } => Event::Played {
                player: p(player),
                card,
            },
            Event::Flunked { player } => Event::Flunked { player: p(player) },
            Event::Passed { player } => Event::Passed { player: p(player) },
            Event::Drew { player, card } => Event::Drew {
                player: p(player),
                card,
            },
            Event::Stashed { player, card } => Event::Stashed {
                player: p(player),
                card,
            },
            Event::BonusSkipped { player } => Event::BonusSkipped { player: p(player) },
            Event::Grabbed { player, card } => Event::Grabbed {
                player: p(player),
                card,
            },
            Event::Stole { player, from, card } => Event::Stole {
                player: p(player),
                from: p(from),
                card,
            },
            Event::Robbed { player, from, card } => Event::Robbed {
                player: p(player),
                from: p(from),
                card,
            },
            Event::HandsSwapped { player, rival } => Event::HandsSwapped {
                player: p(player),
                rival: p(rival),
            },
            Event::SwappedCards {
                from,
                to,
                count,
                cards,
            } => Event::SwappedCards {
                from: p(from),
                to: p(to),
                count,
                cards,
            },
            Event::DirectionChosen { player, direction } => Event::DirectionChosen {
                player: p(player),
                direction,
            },
            Event::Chose { player, card } => Event::Chose {
                player: p(player),
                card,
            },
            Event::CardPassed { from, to, card } => Event::CardPassed {
                from: p(from),
                to: p(to),
                card,
            },
            Event::SwarmWon { winner, cards } => Event::SwarmWon {
                winner: winner.map(p),
                cards,
            },
            Event::RoyalWin { player } => Event::RoyalWin { player: p(player) },
            Event::GameOver { winners } => Event::GameOver {
                winners: seats.set(winners),
            },
            other @ Event::DeckEmpty => other,
        }
    }

    fn relabel_events(events: &[Event], seats: Relabelling) -> Events<Event> {
        let mut out = Events::new();
        for event in events {
            let _ = out.try_push(Self::relabel_event(event, seats));
        }
        seat_ordered_runs(&mut out, |event| match event {
            Event::CardPassed { from, .. } => Some(*from),
            _ => None,
        });
        out
    }
}

/// `phase` with its players renumbered.
fn phase(phase: Phase, seats: Relabelling) -> Phase {
    let p = |player| seats.player(player);
    match phase {
        Phase::Turn { player } => Phase::Turn { player: p(player) },
        Phase::Stashing {
            player,
            left,
            bonus,
        } => Phase::Stashing {
            player: p(player),
            left,
            bonus,
        },
        Phase::Bonus { player } => Phase::Bonus { player: p(player) },
        Phase::Robbing { player } => Phase::Robbing { player: p(player) },
        Phase::Stealing { player, count } => Phase::Stealing {
            player: p(player),
            count,
        },
        Phase::Swapping { player } => Phase::Swapping { player: p(player) },
        Phase::Aiming { player, count } => Phase::Aiming {
            player: p(player),
            count,
        },
        Phase::Passing {
            player,
            direction,
            count,
        } => Phase::Passing {
            player: p(player),
            direction,
            count,
        },
        Phase::RoyalWindow { flunker, asked } => Phase::RoyalWindow {
            flunker: p(flunker),
            asked: p(asked),
        },
        Phase::Over { winners } => Phase::Over {
            winners: seats.set(winners),
        },
    }
}
