//! Arbitrary text as an action in every game's notation, and as a game
//! record. See `fairy_ring_fuzz::notation`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fairy_ring_fuzz::notation(data);
});
