//! The generic contract checks on Fickle: every Recommended Set and random
//! five-Family draws, at 3, 4 and 5 players.

use fairy_ring::fickle::{Config, RecommendedSet, State};
use fairy_ring::testing::Conformance;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn json_roundtrip(state: &State) -> Result<State, String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// Games per config: `default`, or `FICKLE_GAMES` for a longer hunt.
fn games(default: u32) -> u32 {
    std::env::var("FICKLE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(crate::scale::size(default))
}

fn check(config: &Config, games: u32, seed: u64) {
    let report = Conformance::<State>::new(games)
        .outcomes()
        .seed(seed)
        .roundtrip(json_roundtrip)
        .run::<ChaCha8Rng>(config)
        .unwrap_or_else(|failure| panic!("{:?}: {failure}", config.families));
    eprintln!(
        "{:?} {} players: {report:?}",
        config.families, config.players
    );
    assert_eq!(report.games, games);
    assert!(report.most_legal_actions <= 46, "{report:?}");
    assert!(
        report.most_events < 64,
        "events must never fill the list: {report:?}"
    );
}

#[test]
fn first_game_at_every_player_count() {
    for players in 3..=5 {
        check(&Config::new(players).unwrap(), games(2), players as u64);
    }
}

#[test]
fn every_recommended_set_at_every_player_count() {
    for (i, set) in RecommendedSet::ALL.into_iter().enumerate() {
        for players in 3..=5 {
            let config = Config::recommended(players, set).unwrap();
            check(&config, games(1), (i * 10 + players) as u64 * 1000);
        }
    }
}

#[test]
fn random_family_draws() {
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    for i in 0..games(12) as u64 {
        let players = 3 + (i % 3) as usize;
        let config = Config::random(players, &mut rng).unwrap();
        check(&config, games(1), 100_000 + i * 1000);
    }
}
