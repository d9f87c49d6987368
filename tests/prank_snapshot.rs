//! Playthrough snapshots: every seat's view and redacted events at every
//! step of seeded games, so any leak of the Fairy's secrets shows in a diff.

use fairy_ring::prank::{Config, State, Variant};
use fairy_ring::testing::playthrough;
use rand_chacha::ChaCha8Rng;

#[test]
fn four_player_playthrough() {
    let config = Config::new(4).unwrap();
    insta::assert_snapshot!(playthrough::<State, ChaCha8Rng>(&config, 2026).unwrap());
}

#[test]
fn beginner_three_player_playthrough() {
    let config = Config::new(3).unwrap().with_variant(Variant::Beginner);
    insta::assert_snapshot!(playthrough::<State, ChaCha8Rng>(&config, 11).unwrap());
}

#[test]
fn two_player_playthrough() {
    let config = Config::new(2).unwrap();
    insta::assert_snapshot!(playthrough::<State, ChaCha8Rng>(&config, 5).unwrap());
}
