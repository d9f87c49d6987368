//! How much of the heaviest tests to run. A plain `cargo test` runs about a
//! quarter of each (the same kinds of positions, fewer of them), so the tests
//! of a fresh clone end in a few minutes; `.ci/run` sets
//! `FAIRY_RING_TESTS=full` and runs them at full size. A test's own variable
//! (`FICKLE_GAMES` and the like) still overrides both.

/// Whether the full size is asked for (`FAIRY_RING_TESTS=full`).
pub fn full() -> bool {
    std::env::var_os("FAIRY_RING_TESTS").is_some_and(|value| value == "full")
}

/// `full_size` when the full tests are asked for, else a quarter of it
/// (rounded up, so never none).
pub fn size<T>(full_size: T) -> T
where
    T: Copy + TryInto<u64> + TryFrom<u64>,
{
    if full() {
        return full_size;
    }
    full_size
        .try_into()
        .ok()
        .and_then(|n| T::try_from(n.div_ceil(4)).ok())
        .unwrap_or(full_size)
}
