//! Bytes pick a player count, five Families and a seed, then a whole game of
//! Fickle: the contract is checked before and after every step, with illegal
//! actions mixed in. The rest of the bytes, read as text, must fail to parse
//! as an action or parse to one that round-trips through its notation.
#![no_main]

use fairy_ring::fickle::{Action, Config, Family, RecommendedSet, State};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let [players, set, f0, f1, f2, f3, f4, s0, s1, s2, s3, rest @ ..] = data else {
        return;
    };
    if let Ok(text) = core::str::from_utf8(rest)
        && let Ok(action) = text.parse::<Action>()
    {
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
    let players = 3 + usize::from(*players % 3);
    let seed = u64::from(u32::from_le_bytes([*s0, *s1, *s2, *s3]));
    let config = match RecommendedSet::ALL.get(usize::from(*set % 8)) {
        Some(&set) => Config::recommended(players, set),
        None => {
            // Any five different Families, chosen by the bytes.
            let mut pool = Family::ALL.to_vec();
            let families: Vec<Family> = [f0, f1, f2, f3, f4]
                .iter()
                .map(|&&b| pool.remove(usize::from(b) % pool.len()))
                .collect();
            let Ok(families) = <[Family; 5]>::try_from(families) else {
                return;
            };
            Config::with_families(players, families)
        }
    };
    let Ok(config) = config else {
        return;
    };
    fairy_ring_fuzz::actions_target::<State>(&config, seed, rest);
});
