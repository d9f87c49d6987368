//! Fairy: the generic conformance harness, properties and playthrough
//! snapshots.

use fairy_ring::fairy::{Config, Setup, State, Variant};
use fairy_ring::testing::{Conformance, playthrough};
use fairy_ring::{Game, Player, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn json_roundtrip(state: &State) -> Result<State, String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

fn config(players: usize, variant: Variant) -> Config {
    Config::new(players)
        .expect("2 to 10 players")
        .with_variant(variant)
}

#[test]
fn conformance_for_every_player_count_and_variant() {
    for variant in [Variant::Standard, Variant::FifteenPoints] {
        for players in 2..=10 {
            let report = Conformance::<State>::new(12)
                .outcomes()
                .seed(players as u64 * 1000)
                .roundtrip(json_roundtrip)
                .run::<ChaCha8Rng>(&config(players, variant))
                .unwrap_or_else(|f| panic!("{players} players, {variant:?}: {f}"));
            assert_eq!(report.games, 12);
            assert!(report.actions >= 12 * players as u64, "{report:?}");
            assert_eq!(report.most_legal_actions, 4);
            assert!(report.refusals > 0, "illegal actions were probed");
        }
    }
}

#[test]
fn bad_configs_are_refused() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for players in [0, 1, 11, 255] {
        assert!(Config::new(players).is_err());
        let mut config = config(2, Variant::Standard);
        config.players = players as u8;
        assert!(State::new(&config, &mut rng).is_err());
    }
}

#[test]
fn deserializing_goes_through_validation() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let state = State::new(&config(3, Variant::Standard), &mut rng).expect("valid");
    let mut setup: Setup = state.to_setup();
    setup.draw_pile.pop();
    let text = serde_json::to_string(&setup).expect("serializable");
    let err = serde_json::from_str::<State>(&text).expect_err("a card is missing");
    assert!(err.to_string().contains("missing"), "{err}");
    assert!(serde_json::from_str::<State>("{\"scores\": 7}").is_err());
    assert!(serde_json::from_str::<State>("[]").is_err());
}

#[test]
fn playthrough_two_players_standard() {
    let text = playthrough::<State, ChaCha8Rng>(&config(2, Variant::Standard), 11)
        .unwrap_or_else(|f| panic!("{f}"));
    insta::assert_snapshot!(text);
}

#[test]
fn playthrough_three_players_fifteen_points() {
    let text = playthrough::<State, ChaCha8Rng>(&config(3, Variant::FifteenPoints), 5)
        .unwrap_or_else(|f| panic!("{f}"));
    insta::assert_snapshot!(text);
}

/// Plays `choices` from a seeded start; each byte picks a player to act and
/// a guess.
fn play(players: usize, variant: Variant, seed: u64, choices: &[u8]) -> (State, Vec<String>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(&config(players, variant), &mut rng).expect("valid config");
    let mut log = Vec::new();
    for &byte in choices {
        let to_act: Vec<Player> = state.to_act().iter().collect();
        if to_act.is_empty() {
            break;
        }
        let player = to_act[usize::from(byte) % to_act.len()];
        let legal = state.legal_actions(player);
        let action = legal[usize::from(byte / 16) % legal.len()];
        let events = state
            .apply(player, action, &mut rng)
            .expect("listed action");
        log.push(format!("{events:?}"));
    }
    (state, log)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn scores_stay_on_the_track_and_reveals_within_the_deck(
        players in 2usize..=10,
        fifteen in any::<bool>(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u8>(), 0..250),
    ) {
        let variant = if fifteen { Variant::FifteenPoints } else { Variant::Standard };
        let (state, _) = play(players, variant, seed, &choices);
        let setup = state.to_setup();
        prop_assert!(setup.scores.iter().all(|s| (-4..=24).contains(s)));
        prop_assert!(setup.discard_pile.len() <= 21);
        prop_assert_eq!(setup.discard_pile.len() + setup.draw_pile.len(), 21);
        if let Some(outcome) = state.outcome() {
            prop_assert!(!outcome.winners().is_empty());
        }
        // Nothing a spectator sees names a card below the top of the pile.
        let view = state.view_for(Seat::Spectator);
        prop_assert_eq!(view.cards_left, setup.draw_pile.len());
    }

    #[test]
    fn the_same_seed_and_actions_replay_identically(
        players in 2usize..=10,
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u8>(), 0..120),
    ) {
        let first = play(players, Variant::Standard, seed, &choices);
        let second = play(players, Variant::Standard, seed, &choices);
        prop_assert_eq!(first, second);
    }

    #[test]
    fn random_bytes_never_panic_as_a_state(bytes in proptest::collection::vec(any::<u8>(), 0..300)) {
        let _ = serde_json::from_slice::<State>(&bytes);
        let _ = serde_json::from_slice::<Setup>(&bytes);
    }
}
