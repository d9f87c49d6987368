//! Arbitrary bytes as a serialized Fickle `Setup` or `State`: never a panic,
//! and any position the validator accepts keeps the whole contract.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fairy_ring_fuzz::setup_target::<fairy_ring::fickle::State>(data);
});
