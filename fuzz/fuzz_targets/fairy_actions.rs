//! Bytes pick a config and a seed, then a whole game of Fairy: the contract is
//! checked before and after every step, with illegal actions mixed in.
#![no_main]

use fairy_ring::Game;
use fairy_ring::fairy::{Config, State, Variant};
use fairy_ring::testing::playout;
use libfuzzer_sys::fuzz_target;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fuzz_target!(|data: &[u8]| {
    let [players, variant, s0, s1, s2, s3, rest @ ..] = data else {
        return;
    };
    let players = 2 + usize::from(*players % 9);
    let variant = if variant & 1 == 0 {
        Variant::Standard
    } else {
        Variant::FifteenPoints
    };
    let seed = u64::from(u32::from_le_bytes([*s0, *s1, *s2, *s3]));
    let Ok(config) = Config::new(players).map(|c| c.with_variant(variant)) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let Ok(state) = State::new(&config, &mut rng) else {
        panic!("a valid config was refused");
    };
    if let Err(failure) = playout::<State, ChaCha8Rng>(state, seed, rest) {
        panic!("{failure}");
    }
});
