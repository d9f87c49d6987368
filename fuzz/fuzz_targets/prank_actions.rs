//! A whole game of Fairy Prank from fuzzer bytes: a config with custom card data,
//! a seed, and steps that play listed moves, try any action value, and ask
//! for the expensive checks (conformance, leaks, rebuilt copies) where they
//! want them. See `fairy_ring_fuzz::actions`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let _ = fairy_ring_fuzz::actions::<fairy_ring::prank::State>(data);
});
