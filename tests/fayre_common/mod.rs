//! Builders for Fayre scenario positions (shared by the `fayre_*` tests).
#![allow(dead_code)]

use fairy_ring::fayre::{
    Action, Booth, Config, DieRef, Event, Face, FairyTiming, MiniGame, PlacedDie, Setup, Side,
    State,
};
use fairy_ring::{Game, Player};
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

pub fn base(players: usize) -> Setup {
    Setup::new(Config::new(players).expect("2 to 5 players"))
}

fn fairy_due(setup: &Setup, game: MiniGame) -> usize {
    match game.fairy_timing() {
        FairyTiming::OnReveal | FairyTiming::BeforePlacement => {
            usize::from(setup.config.mini_games.get(game).fairy_spaces)
        }
        _ => 0,
    }
}

/// Empties the card at `slot`: its dice go back to their pools, its Fairy
/// dice to the Fairy pool.
fn clear(setup: &mut Setup, slot: usize) {
    let Some(booth) = setup.booths[slot].take() else {
        return;
    };
    for (_, die) in booth.dice() {
        setup.pools[die.owner.index()].push(die.face);
    }
    for f in booth.fairy {
        setup.fairy_pool.push(f);
    }
    let spaces = setup.config.mini_games.get(booth.game).player_spaces;
    setup.booths[slot] = Some(Booth::empty(booth.game, spaces));
}

/// Puts `game` at table position `slot` with these Fairy dice (the card that
/// was there takes `game`'s old place).
pub fn put_game(setup: &mut Setup, slot: usize, game: MiniGame, fairy: &[u8]) {
    clear(setup, slot);
    let old = setup.booths[slot]
        .as_ref()
        .map(|b| b.game)
        .expect("slot in play");
    if old != game {
        if let Some(g) = setup.mini_game_deck.iter_mut().find(|g| **g == game) {
            *g = old;
        } else if let Some(g) = setup.removed.iter_mut().find(|g| **g == game) {
            *g = old;
        } else if let Some(g) = setup.finished.iter_mut().find(|g| **g == game) {
            *g = old;
        } else {
            let other = (0..3)
                .find(|&j| setup.booths[j].as_ref().is_some_and(|b| b.game == game))
                .expect("the game is somewhere");
            clear(setup, other);
            let fairy_old = fairy_due(setup, old);
            let mut booth = Booth::empty(old, setup.config.mini_games.get(old).player_spaces);
            for f in setup.booths[other].take().expect("in play").fairy {
                setup.fairy_pool.push(f);
            }
            for _ in 0..fairy_old {
                booth.fairy.push(setup.fairy_pool.pop().expect("fairy die"));
            }
            setup.booths[other] = Some(booth);
        }
    }
    let spaces = setup.config.mini_games.get(game).player_spaces;
    let mut booth = Booth::empty(game, spaces);
    for f in setup.booths[slot].take().expect("in play").fairy {
        setup.fairy_pool.push(f);
    }
    assert_eq!(
        fairy.len(),
        fairy_due(setup, game),
        "fairy dice for {game:?}"
    );
    for &f in fairy {
        setup.fairy_pool.pop().expect("a Fairy die in the pool");
        booth.fairy.push(face(f));
    }
    setup.booths[slot] = Some(booth);
}

/// Places dice of `owner` showing `faces` on the first free spaces of the
/// card at `slot` (taking any dice from the pool).
pub fn place(setup: &mut Setup, slot: usize, owner: Player, fs: &[u8]) {
    for &f in fs {
        let booth = setup.booths[slot].as_mut().expect("in play");
        let space = booth.free_space(None).expect("a free space");
        setup.pools[owner.index()].pop().expect("a die in the pool");
        booth.spaces[space] = Some(PlacedDie {
            owner,
            face: face(f),
        });
    }
}

/// Places one die on `side` of a Tug of War at `slot`.
pub fn place_side(setup: &mut Setup, slot: usize, owner: Player, side: Side, f: u8) {
    let booth = setup.booths[slot].as_mut().expect("in play");
    let space = booth
        .free_space(Some(side))
        .expect("a free space on that side");
    setup.pools[owner.index()].pop().expect("a die in the pool");
    booth.spaces[space] = Some(PlacedDie {
        owner,
        face: face(f),
    });
}

/// Sets the faces of `owner`'s pool (as many as they have left).
pub fn set_pool(setup: &mut Setup, owner: Player, fs: &[u8]) {
    assert_eq!(setup.pools[owner.index()].len(), fs.len(), "pool size");
    setup.pools[owner.index()] = fs.iter().map(|&f| face(f)).collect();
}

/// Empties every other card in play so only `keep` counts.
pub fn state(setup: Setup) -> State {
    State::try_from(setup).expect("scenario setups are consistent")
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
pub fn points(events: &[Event], players: usize) -> Vec<u16> {
    let mut out = vec![0; players];
    for e in events {
        if let Event::Scored { player, points, .. } = e {
            out[player.index()] += points;
        }
    }
    out
}
