//! The sampling contract on any game: positions drawn from what each seat
//! knows along the input's moves, and from views edited through JSON. See
//! `fairy_ring_fuzz::sampling`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fairy_ring_fuzz::sampling(data);
});
