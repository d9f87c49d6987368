//! Numbers for learning on every game: action indices read back, tensors are
//! whole, finite and the same for twins a seat cannot tell apart, and
//! information states a seat can tell apart encode differently.

use std::collections::HashMap;

use fairy_ring::learning::{Learning, TensorError};
use fairy_ring::testing::{Conformance, Twins, check_action_space};
use fairy_ring::{
    AnyGame, Game, GameConfig, GameKind, InfoState, Player, Seat, fairy, fayre, fickle, prank,
    season,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The conformance games with the numbers and the leak oracle checked, at
/// every player count.
fn every_count<G: Twins + Learning + 'static>(games: u32) {
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        let config = G::Config::for_players(players).expect("a standard config");
        check_action_space::<G>(&config)
            .unwrap_or_else(|m| panic!("{} at {players} players: {m}", G::NAME));
        let report = Conformance::<G>::new(games)
            .seed(players as u64 * 77)
            .leaks(6)
            .learning()
            .run::<ChaCha8Rng>(&config)
            .unwrap_or_else(|failure| panic!("{} at {players} players: {failure}", G::NAME));
        assert!(report.leak_checks > 0);
    }
}

#[test]
fn fairy_numbers_hold_their_promises() {
    every_count::<fairy::State>(2);
}

#[test]
fn prank_numbers_hold_their_promises() {
    every_count::<prank::State>(2);
}

#[test]
fn season_numbers_hold_their_promises() {
    every_count::<season::State>(1);
}

#[test]
fn fickle_numbers_hold_their_promises() {
    every_count::<fickle::State>(1);
}

#[test]
fn fayre_numbers_hold_their_promises() {
    every_count::<fayre::State>(1);
}

fn tensor<G: Learning>(config: &G::Config, info: &InfoState<G>) -> Vec<u32> {
    let mut out = vec![0.0; G::tensor_len(config)];
    G::write_tensor(config, info, &mut out).expect("a tensor");
    out.iter().map(|x| x.to_bits()).collect()
}

/// Every information state of every seat (and the spectator) along random
/// games, as each seat keeps it.
fn infos<G: Learning>(config: &G::Config, games: u64) -> Vec<InfoState<G>> {
    let mut all = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = G::new(config, &mut rng).expect("a game");
        let seats: Vec<Seat> = (0..state.num_players())
            .map(|p| Seat::Player(Player(p as u8)))
            .chain([Seat::Spectator])
            .collect();
        let mut held: Vec<InfoState<G>> = seats
            .iter()
            .map(|&seat| InfoState::new(seat, state.view_for(seat)))
            .collect();
        while let Some(player) = {
            let to_act: Vec<Player> = state.to_act().iter().collect();
            to_act
                .get(rng.next_u32() as usize % to_act.len().max(1))
                .copied()
        } {
            let legal = state.legal_actions(player);
            let action = legal[rng.next_u32() as usize % legal.len()];
            let events = state
                .apply(player, action, &mut rng)
                .expect("a legal action");
            for info in &mut held {
                let seat = info.seat;
                info.observe(&G::redact_all(&events, seat), state.view_for(seat));
                all.push(info.clone());
            }
        }
    }
    all
}

/// No two different information states met in play share a tensor.
fn distinct<G: Learning>(players: usize, games: u64)
where
    G::View: core::hash::Hash,
{
    let config = G::Config::for_players(players).expect("a standard config");
    let mut seen: HashMap<Vec<u32>, InfoState<G>> = HashMap::new();
    let mut compared = 0;
    for info in infos::<G>(&config, games) {
        let key = tensor(&config, &info);
        if let Some(earlier) = seen.get(&key) {
            assert!(
                *earlier == info,
                "{} at {players}: two information states encode the same:\n{earlier:?}\n{info:?}",
                G::NAME
            );
        } else {
            seen.insert(key, info);
        }
        compared += 1;
    }
    assert!(
        seen.len() > 10,
        "{}: {} tensors of {compared} states",
        G::NAME,
        seen.len()
    );
}

#[test]
fn information_states_met_in_play_encode_apart() {
    distinct::<fairy::State>(3, 6);
    distinct::<prank::State>(2, 3);
    distinct::<prank::State>(4, 3);
    distinct::<season::State>(3, 2);
    distinct::<fickle::State>(3, 2);
    distinct::<fayre::State>(2, 2);
    distinct::<fayre::State>(4, 1);
}

/// Each field of an information state, changed alone (through its JSON
/// shape: a number moved by one, a flag flipped, a missing value filled or
/// an optional one emptied), gives another tensor, when the changed state is
/// one the game reads back. Config data repeated in a view (names, card
/// data) is left alone.
fn each_field_counts<G: Learning>(players: usize, games: u64, skip: &[&str])
where
    InfoState<G>: Serialize + DeserializeOwned,
{
    let config = G::Config::for_players(players).expect("a standard config");
    let all = infos::<G>(&config, games);
    let mut changed = 0;
    for info in all.iter().step_by(7) {
        let json = serde_json::to_value(info).expect("serializable");
        let before = tensor(&config, info);
        let mut paths = Vec::new();
        leaves(&json, String::new(), &mut paths);
        for path in paths {
            // The view repeats the information's seat.
            if path == "/view/seat"
                || path.starts_with("/view/seat/")
                || skip.iter().any(|s| path.contains(s))
            {
                continue;
            }
            for variant in variants(&json, &path) {
                let Ok(other) = serde_json::from_value::<InfoState<G>>(variant) else {
                    continue;
                };
                if other == *info {
                    continue;
                }
                let mut out = vec![0.0; G::tensor_len(&config)];
                match G::write_tensor(&config, &other, &mut out) {
                    Err(TensorError::Config(_)) => continue,
                    Err(e) => panic!("{e}"),
                    Ok(()) => {}
                }
                let after: Vec<u32> = out.iter().map(|x| x.to_bits()).collect();
                if plausible(&config, &other) {
                    assert!(
                        before != after,
                        "{}: changing {path} is not seen in the tensor:\n{info:?}\n{other:?}",
                        G::NAME
                    );
                    changed += 1;
                }
            }
        }
    }
    assert!(changed > 50, "only {changed} changes tried");
}

/// Whether a changed state is information some position can give (the
/// game's sampler finds one): the tensor of information no game can produce
/// (a seat, item or card the table does not have) is unspecified.
fn plausible<G: Learning>(config: &G::Config, info: &InfoState<G>) -> bool {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    info.sample(config, &mut rng)
        .is_ok_and(|sample| sample.view_for(info.seat) == info.view)
}

fn leaves(value: &serde_json::Value, path: String, out: &mut Vec<String>) {
    match value {
        serde_json::Value::Object(map) => {
            for (k, v) in map {
                leaves(v, format!("{path}/{k}"), out);
            }
        }
        serde_json::Value::Array(items) => {
            for (i, v) in items.iter().enumerate() {
                leaves(v, format!("{path}/{i}"), out);
            }
        }
        _ => out.push(path),
    }
}

fn variants(json: &serde_json::Value, path: &str) -> Vec<serde_json::Value> {
    let Some(leaf) = json.pointer(path) else {
        return Vec::new();
    };
    let news: Vec<serde_json::Value> = match leaf {
        serde_json::Value::Bool(b) => vec![(!b).into()],
        serde_json::Value::Number(n) => match n.as_i64() {
            Some(i) => vec![(i + 1).into(), (i - 1).into()],
            None => Vec::new(),
        },
        _ => Vec::new(),
    };
    news.into_iter()
        .map(|new| {
            let mut changed = json.clone();
            if let Some(slot) = changed.pointer_mut(path) {
                *slot = new;
            }
            changed
        })
        .collect()
}

#[test]
fn each_field_of_fairy_counts() {
    each_field_counts::<fairy::State>(3, 2, &[]);
}

#[test]
fn each_field_of_prank_counts() {
    each_field_counts::<prank::State>(3, 1, &["treasures"]);
}

#[test]
fn each_field_of_season_counts() {
    each_field_counts::<season::State>(3, 1, &["/cards/"]);
}

#[test]
fn each_field_of_fickle_counts() {
    each_field_counts::<fickle::State>(3, 1, &["favor", "families"]);
}

#[test]
fn each_field_of_fayre_counts() {
    each_field_counts::<fayre::State>(3, 1, &[]);
}

#[test]
fn any_game_numbers_are_the_games_own() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for kind in GameKind::ALL {
        let config = kind.config(3).expect("three players");
        let state = AnyGame::new(&config, &mut rng).expect("a game");
        assert!(AnyGame::action_space(&config) > 0);
        let player = state.to_act().lowest().expect("someone acts");
        for action in state.legal_actions(player) {
            let index = AnyGame::action_index(&config, &action).expect("an index");
            assert_eq!(AnyGame::action_at(&config, index), Some(action));
        }
        let seat = Seat::Player(player);
        let info = InfoState::<AnyGame>::new(seat, state.view_for(seat));
        let mut out = vec![0.0; AnyGame::tensor_len(&config)];
        AnyGame::write_tensor(&config, &info, &mut out).expect("a tensor");
        let mut short = vec![0.0; 3];
        assert_eq!(
            AnyGame::write_tensor(&config, &info, &mut short),
            Err(TensorError::Length {
                expected: AnyGame::tensor_len(&config),
                got: 3
            })
        );
        assert_eq!(
            AnyGame::action_at(&config, AnyGame::action_space(&config)),
            None
        );
    }
}
