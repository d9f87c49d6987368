//! The leak oracle on every game at every player count: at every step of
//! seeded random games, one seat in turn (and the spectator) is compared with
//! twins that differ only in what it cannot know, now and for 12 moves on.

use fairy_ring::testing::{Conformance, Report, RulebookOutcome, Twins};
use fairy_ring::{GameConfig, fairy, fayre, fickle, prank, season};
use rand_chacha::ChaCha8Rng;

/// Runs the oracle on `games` games at each player count of `G`.
fn every_count<G: Twins + RulebookOutcome>(games: u32) -> Report {
    let mut total = Report::default();
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        let config = G::Config::for_players(players).expect("a standard config");
        let report = Conformance::<G>::new(games)
            .outcomes()
            .seed(players as u64 * 1000)
            .leaks(12)
            .run::<ChaCha8Rng>(&config)
            .unwrap_or_else(|failure| panic!("{} at {players} players: {failure}", G::NAME));
        total.leak_checks += report.leak_checks;
        total.twins_differing += report.twins_differing;
        total.leak_steps += report.leak_steps;
    }
    // The oracle compared real twins (a quarter at least: a twin is the
    // position itself where nothing is hidden), and walked on with them.
    assert!(total.leak_checks > 0);
    assert!(total.twins_differing * 4 > total.leak_checks, "{total:?}");
    assert!(total.leak_steps > total.leak_checks, "{total:?}");
    total
}

#[test]
fn fairy_views_hide_what_the_rules_hide() {
    every_count::<fairy::State>(2);
}

#[test]
fn prank_views_hide_what_the_rules_hide() {
    every_count::<prank::State>(2);
}

#[test]
fn season_views_hide_what_the_rules_hide() {
    every_count::<season::State>(1);
}

#[test]
fn fickle_views_hide_what_the_rules_hide() {
    every_count::<fickle::State>(1);
}

#[test]
fn fayre_views_hide_what_the_rules_hide() {
    every_count::<fayre::State>(1);
}
