//! Arbitrary bytes as a serialized `Setup` or `State`: never a panic, and any
//! position the validator accepts keeps the whole contract.
#![no_main]

use fairy_ring::fairy::{Setup, State};
use fairy_ring::testing::playout;
use libfuzzer_sys::fuzz_target;
use rand_chacha::ChaCha8Rng;

fuzz_target!(|data: &[u8]| {
    let _ = serde_json::from_slice::<State>(data);
    let Ok(setup) = serde_json::from_slice::<Setup>(data) else {
        return;
    };
    if let Ok(state) = State::try_from(setup) {
        let choices: Vec<u8> = data.iter().rev().take(64).copied().collect();
        if let Err(failure) = playout::<State, ChaCha8Rng>(state, 0, &choices) {
            panic!("{failure}");
        }
    }
});
