//! Bytes pick a player count, the roll mode and a seed, then a whole game of
//! A Midsummer Night's Fayre: the contract is checked before and after every
//! step, with illegal actions mixed in.
#![no_main]

use fairy_ring::fayre::{Config, RollMode, State};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [players, mode, s0, s1, s2, s3, rest @ ..] = data else {
        return;
    };
    let players = 2 + usize::from(*players % 4);
    let rolls = if mode & 1 == 0 {
        RollMode::Simulated
    } else {
        RollMode::Reported
    };
    let seed = u64::from(u32::from_le_bytes([*s0, *s1, *s2, *s3]));
    let Ok(config) = Config::new(players).map(|c| c.with_rolls(rolls)) else {
        return;
    };
    fairy_ring_fuzz::actions_target::<State>(&config, seed, rest);
});
