//! Shared helpers for the `fayre_*` tests: seat names, faces, and playing
//! actions; positions are written with `State::builder`.
#![allow(dead_code)]

use fairy_ring::fayre::{Action, DieRef, Event, Face, PositionBuilder, Side, State};
use fairy_ring::{Game, Player, Score};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

pub const RED: Player = Player(0);
pub const BLUE: Player = Player(1);
pub const PURPLE: Player = Player(2);
pub const GREEN: Player = Player(3);
pub const YELLOW: Player = Player(4);

pub fn face(n: u8) -> Face {
    Face::new(n).expect("test faces are 1 to 6")
}

pub fn faces(ns: &[u8]) -> Vec<Face> {
    ns.iter().map(|&n| face(n)).collect()
}

pub fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

/// A position builder for `players` players.
pub fn table(players: usize) -> PositionBuilder {
    State::builder(players)
}

/// The position, which the scenario expects to be consistent.
pub fn build(builder: PositionBuilder) -> State {
    builder.build().expect("scenario positions are consistent")
}

/// Plays actions for whoever is to act, returning all events.
pub fn play(state: &mut State, actions: &[Action]) -> Vec<Event> {
    let mut events = Vec::new();
    let mut rng = rng();
    for &action in actions {
        let player = state.to_act().lowest().expect("someone is to act");
        let got = state
            .apply(player, action, &mut rng)
            .unwrap_or_else(|e| panic!("{action:?} by {player}: {e}"));
        events.extend(got);
    }
    events
}

/// The current player takes no card action (draws if allowed, else passes)
/// and places a die showing `f` on the card at `slot`.
pub fn place_turn(state: &mut State, f: u8, slot: u8, side: Option<Side>) -> Vec<Event> {
    let player = state.to_act().lowest().expect("someone is to act");
    let first = if state.legal_actions(player).contains(&Action::Draw) {
        Action::Draw
    } else {
        Action::NoMischief
    };
    play(
        state,
        &[
            first,
            Action::Pick(DieRef::Pool {
                owner: player,
                face: face(f),
            }),
            Action::PlaceOn { booth: slot, side },
        ],
    )
}

/// Points scored in `events`, by player.
pub fn points(events: &[Event], players: usize) -> Vec<Score> {
    let mut out = vec![0; players];
    for e in events {
        if let Event::Scored { player, points, .. } = e {
            out[player.index()] += points;
        }
    }
    out
}
