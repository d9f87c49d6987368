//! Time per decision: how long each seat's bot thought.

use std::time::{Duration, Instant};

/// The decisions one seat made in one game and the time they took.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct Clock {
    /// Decisions asked of the seat.
    pub(super) decisions: u64,
    /// Wall-clock time spent in them.
    pub(super) thinking: Duration,
}

impl Clock {
    /// Runs `decide` as one decision and counts its time.
    pub(super) fn time<T>(&mut self, decide: impl FnOnce() -> T) -> T {
        let start = Instant::now();
        let choice = decide();
        self.decisions = self.decisions.saturating_add(1);
        self.thinking = self.thinking.saturating_add(start.elapsed());
        choice
    }
}
