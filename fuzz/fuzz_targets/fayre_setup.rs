//! Bytes as a A Midsummer Night's Fayre position, as JSON or built structurally: never a
//! panic, and any position the validator accepts keeps the whole contract.
//! See `fairy_ring_fuzz::setup`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fairy_ring_fuzz::setup::<fairy_ring::fayre::State>(data);
});
