//! Bytes pick a config and a seed, then a whole game of Fairy: the contract is
//! checked before and after every step, with illegal actions mixed in.
#![no_main]

use fairy_ring::fairy::{Config, State, Variant};
use libfuzzer_sys::fuzz_target;

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
    fairy_ring_fuzz::actions_target::<State>(&config, seed, rest);
});
