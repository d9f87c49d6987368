//! Mid-game `Setup` and JSON round trips of any game must play on exactly
//! like the original. See `fairy_ring_fuzz::roundtrip`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fairy_ring_fuzz::roundtrip(data);
});
