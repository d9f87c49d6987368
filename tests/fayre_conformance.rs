//! A Midsummer Night's Fayre: the generic conformance harness, properties
//! and playthrough snapshots.

use fairy_ring::fayre::{Config, MAX_LEGAL_ACTIONS, RollMode, State};
use fairy_ring::testing::{Conformance, playthrough};
use fairy_ring::{Bot, Game, RandomBot};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn json_roundtrip(state: &State) -> Result<State, String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

fn config(players: usize) -> Config {
    Config::new(players).expect("2 to 5 players")
}

#[test]
fn conformance_for_every_player_count() {
    for players in 2..=5 {
        let report = Conformance::<State>::new(2)
            .outcomes()
            .seed(players as u64 * 100)
            .roundtrip(json_roundtrip)
            .run::<ChaCha8Rng>(&config(players))
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
        assert_eq!(report.games, 2);
        assert!(report.refusals > 0, "illegal actions were probed");
        assert!(report.most_legal_actions <= MAX_LEGAL_ACTIONS, "{report:?}");
        eprintln!("{players} players: {report:?}");
    }
}

#[test]
fn conformance_with_reported_prize_pit_rolls() {
    for players in [2, 5] {
        let config = config(players).with_rolls(RollMode::Reported);
        let report = Conformance::<State>::new(1)
            .outcomes()
            .seed(7)
            .run::<ChaCha8Rng>(&config)
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
        assert_eq!(report.games, 1);
    }
}

/// Every die in a view: pools, the Fairy pool, dice and Fairy dice on cards.
fn dice_faces(view: &fairy_ring::fayre::View) -> Vec<u8> {
    let mut all: Vec<u8> = view.pools.iter().flatten().map(|f| f.value()).collect();
    all.extend(view.fairy_pool.iter().map(|f| f.value()));
    for booth in view.booths.iter().flatten() {
        all.extend(booth.fairy.iter().map(|f| f.value()));
        all.extend(booth.dice().map(|(_, d)| d.face.value()));
    }
    all
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 16, ..ProptestConfig::default() })]

    #[test]
    fn dice_are_all_accounted_for_and_games_end(seed in any::<u64>(), players in 2usize..=5) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&config(players), &mut rng).expect("valid config");
        let bound = state.max_game_length();
        let mut steps = 0u32;
        loop {
            let faces = dice_faces(&state.view_for(fairy_ring::Seat::Spectator));
            prop_assert_eq!(faces.len(), 6 * players + 9);
            prop_assert!(faces.iter().all(|f| (1..=6).contains(f)));
            prop_assert_eq!(state.dice_in_play(), 6 * players + 9);
            let Some(player) = state.to_act().lowest() else { break };
            let decision = state.decision(player);
            prop_assert!(decision.legal.len() <= MAX_LEGAL_ACTIONS);
            let action = RandomBot.choose(&decision, &mut rng)
                .expect("a player to act has a move");
            state.apply(player, action, &mut rng).expect("legal");
            steps += 1;
            prop_assert!(steps <= bound, "longer than {}", bound);
        }
        prop_assert!(state.outcome().is_some());
    }
}

#[test]
fn playthrough_snapshot_three_players() {
    let text = playthrough::<State, ChaCha8Rng>(&config(3), 2026).expect("plays to the end");
    insta::assert_snapshot!("fayre_playthrough_3p", text);
}
