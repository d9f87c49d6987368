//! Fickle with its seats renumbered, for the relabelling oracle
//! ([`crate::testing::Relabel`]).

use super::action::Action;
use super::config::Direction;
use super::event::{Event, Zone};
use super::resolution::{Chain, ChainStep, Direct, Phase, Resolution, Seize, Step, Target};
use super::setup::Setup;
use super::state::State;
use crate::Events;
use crate::testing::{Relabel, Relabelling, Symmetry, seat_ordered_runs};

/// Every direction in Fickle is on a token: the round's Direction token
/// says which way the stacks are passed, which way ties for Favor resolve
/// from the Court Crier, which way a Chain and the Delayed effects go, and
/// which way the final tie is broken ("A. Start Round", "Breaking Ties",
/// "Power Types", "Score"); the deal goes from the Court Crier in the
/// round's direction too (RULINGS.md, "Fickle: reshuffling the Dismiss pile"). So a
/// mirror keeps the game the same game once every Direction token is
/// turned over, Left for Right (those of the position and those of the
/// config), and rotations keep it as it is. The first Court Crier is
/// `Config::first_court_crier`, a seat, so it moves with its seat.
///
/// Some things happen to everyone at once and are reported one event (or a
/// few) per player in seat order: the opening Alliances turned face up
/// (`AllianceFounded`, "Setup" step 8), the Lineup cards everyone looks at
/// together (`Looked`) and moves out of the Lineups and hands (`Moved` from
/// a `Lineup` or a `Hand`: "Fairy Selection", "Simultaneous - all
/// players"), and the final scores (`Scored`, "Score: Simultaneous - all
/// players"). Those runs are put in the new seat
/// order; every other event keeps its order, which the rules set (the deal
/// and the resolve order go from the Court Crier in the round's direction).
impl Relabel for State {
    const SYMMETRY: Symmetry = Symmetry::RotationsAndMirrors;

    fn relabel_setup(setup: &Setup, seats: Relabelling) -> Setup {
        let mut setup = *setup;
        let turn = |d: &mut Direction| *d = direction(*d, seats);
        setup.config.direction_tokens.iter_mut().for_each(turn);
        setup.directions.iter_mut().for_each(turn);
        setup.config.first_court_crier = seats.player(setup.config.first_court_crier);
        setup.court_crier = seats.player(setup.court_crier);
        setup.areas = seats.in_seat_order(&setup.areas).collect();
        setup.last_revealer = setup.last_revealer.map(|p| seats.player(p));
        setup.phase = phase(setup.phase, seats);
        setup
    }

    fn relabel_action(action: Action, seats: Relabelling) -> Action {
        match action {
            Action::TargetPlayer(p) => Action::TargetPlayer(seats.player(p)),
            other => other,
        }
    }

    fn relabel_event(event: &Event, seats: Relabelling) -> Event {
        let p = |player| seats.player(player);
        match event {
            Event::Dealt {
                player,
                cards,
                knows,
            } => Event::Dealt {
                player: p(*player),
                cards: *cards,
                knows: seats.set(*knows),
            },
            Event::Committed { player } => Event::Committed { player: p(*player) },
            Event::AllianceFounded { player, cards } => Event::AllianceFounded {
                player: p(*player),
                cards: *cards,
            },
            Event::RoundStarted {
                round,
                direction: d,
            } => Event::RoundStarted {
                round: *round,
                direction: direction(*d, seats),
            },
            Event::StacksPassed { direction: d } => Event::StacksPassed {
                direction: direction(*d, seats),
            },
            Event::Moved {
                card,
                from,
                to,
                knows,
            } => Event::Moved {
                card: *card,
                from: zone(*from, seats),
                to: zone(*to, seats),
                knows: knows.map(|k| seats.set(k)),
            },
            Event::Looked {
                player,
                card,
                at,
                position,
            } => Event::Looked {
                player: p(*player),
                card: *card,
                at: zone(*at, seats),
                position: *position,
            },
            Event::Revealed {
                player,
                card,
                active,
            } => Event::Revealed {
                player: p(*player),
                card: *card,
                active: *active,
            },
            Event::PowerUsed {
                player,
                card,
                power,
            } => Event::PowerUsed {
                player: p(*player),
                card: *card,
                power: *power,
            },
            Event::Aimed { player, target } => Event::Aimed {
                player: p(*player),
                target: self::target(*target, seats),
            },
            Event::Responded { player, card } => Event::Responded {
                player: p(*player),
                card: *card,
            },
            Event::Redirected { to } => Event::Redirected { to: p(*to) },
            Event::Avoided { player } => Event::Avoided { player: p(*player) },
            Event::LineupChanged { player, effect } => Event::LineupChanged {
                player: p(*player),
                effect: *effect,
            },
            Event::CourtCrier { player } => Event::CourtCrier { player: p(*player) },
            Event::ScoringChoice {
                player,
                card,
                paired,
                family,
            } => Event::ScoringChoice {
                player: p(*player),
                card: *card,
                paired: *paired,
                family: *family,
            },
            Event::Scored { player, favor } => Event::Scored {
                player: p(*player),
                favor: *favor,
            },
            Event::GameOver { winner } => Event::GameOver { winner: p(*winner) },
            other @ (Event::Reshuffled { .. }
            | Event::NoEffect { .. }
            | Event::Concealed { .. }
            | Event::Picked { .. }) => other.clone(),
        }
    }

    /// Cards are dismissed face down onto the pile, several at once when a
    /// step everyone takes together ends (the opening, the Selection); the
    /// engine stacks those in seat order, which the rules leave open and
    /// nobody sees, and the pile is shuffled before it is dealt from. So
    /// the Dismiss pile is compared as a set of cards.
    fn forget_seat_order(setup: &mut Setup) {
        setup.dismiss.as_mut_slice().sort_unstable();
    }

    /// A reshuffle shuffles that pile into the deck: with the same RNG, a
    /// pile stacked in another seat order gives another deck.
    fn draws_from_seat_order(event: &Event) -> bool {
        matches!(event, Event::Reshuffled { .. })
    }

    fn relabel_events(events: &[Event], seats: Relabelling) -> Events<Event> {
        let mut out = Events::new();
        for event in events {
            let _ = out.try_push(Self::relabel_event(event, seats));
        }
        // A player's own part of a step taken together stays in its order;
        // the players' parts are put in seat order.
        seat_ordered_runs(&mut out, |event| match event {
            Event::AllianceFounded { player, .. }
            | Event::Looked { player, .. }
            | Event::Scored { player, .. }
            | Event::Moved {
                from: Zone::Lineup(player) | Zone::Hand(player),
                ..
            } => Some(*player),
            _ => None,
        });
        out
    }
}

/// `d`, turned over by a mirror.
fn direction(d: Direction, seats: Relabelling) -> Direction {
    match d {
        Direction::Left if seats.reverses_directions() => Direction::Right,
        Direction::Right if seats.reverses_directions() => Direction::Left,
        same => same,
    }
}

fn zone(zone: Zone, seats: Relabelling) -> Zone {
    let p = |player| seats.player(player);
    match zone {
        Zone::Alliance(player) => Zone::Alliance(p(player)),
        Zone::Chosen(player) => Zone::Chosen(p(player)),
        Zone::Lineup(player) => Zone::Lineup(p(player)),
        Zone::Hand(player) => Zone::Hand(p(player)),
        other @ (Zone::Deck | Zone::Dismiss) => other,
    }
}

fn target(target: Target, seats: Relabelling) -> Target {
    match target {
        Target::Player(player) => Target::Player(seats.player(player)),
        card @ Target::Card(_) => card,
    }
}

/// `phase` with its players renumbered.
fn phase(phase: Phase, seats: Relabelling) -> Phase {
    let p = |player| seats.player(player);
    match phase {
        Phase::StartRound { queue, seize } => Phase::StartRound {
            queue,
            seize: seize.map(|Seize { user, source }| Seize {
                user: p(user),
                source,
            }),
        },
        Phase::Powers {
            order,
            next,
            resolution,
        } => Phase::Powers {
            order: order.iter().map(|&player| p(player)).collect(),
            next,
            resolution: resolution.map(|r| match r {
                Resolution::Direct(direct) => Resolution::Direct(self::direct(direct, seats)),
                Resolution::Chain(chain) => Resolution::Chain(self::chain(chain, seats)),
            }),
        },
        Phase::Over { winner } => Phase::Over { winner: p(winner) },
        other @ (Phase::Opening | Phase::Lineup | Phase::Selection | Phase::Scoring) => other,
    }
}

fn direct(direct: Direct, seats: Relabelling) -> Direct {
    let p = |player| seats.player(player);
    Direct {
        user: p(direct.user),
        aim: direct.aim.map(p),
        target: direct.target.map(|t| target(t, seats)),
        against: direct.against.map(p),
        step: match direct.step {
            Step::Window { responder, passed } => Step::Window {
                responder: p(responder),
                passed: seats.set(passed),
            },
            Step::Redirect { deflector } => Step::Redirect {
                deflector: p(deflector),
            },
            Step::Conceal { holder } => Step::Conceal { holder: p(holder) },
            Step::Reflect { player } => Step::Reflect { player: p(player) },
            other @ (Step::Copy | Step::Own | Step::Aim | Step::Guess) => other,
        },
        ..direct
    }
}

fn chain(chain: Chain, seats: Relabelling) -> Chain {
    let mut picks = chain.picks;
    for (slot, pick) in picks.iter_mut().zip(seats.in_seat_order(&chain.picks)) {
        *slot = pick;
    }
    Chain {
        user: seats.player(chain.user),
        avoided: seats.set(chain.avoided),
        picks,
        step: match chain.step {
            ChainStep::Avoid { responder, passed } => ChainStep::Avoid {
                responder: seats.player(responder),
                passed: seats.set(passed),
            },
            ChainStep::Pick => ChainStep::Pick,
        },
        ..chain
    }
}
