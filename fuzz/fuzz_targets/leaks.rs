//! The leak oracle on any game: the position the input's moves reach, every
//! seat against twins that differ only in what it cannot know. See
//! `fairy_ring_fuzz::leaks`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    fairy_ring_fuzz::leaks(data);
});
