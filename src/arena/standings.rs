//! How each entrant did: games, victories, the win rate's 95% interval, mean
//! score and time per decision.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use std::time::Duration;

use super::clock::Clock;

/// The normal quantile of a two-sided 95% interval.
const Z95: f64 = 1.959_963_984_540_054;

/// The Wilson score interval at 95% of a rate of `wins` in `games`, as
/// `(low, high)` within `[0, 1]`; `(0, 1)` for no games.
///
/// Unlike the normal approximation it stays inside `[0, 1]` and does not
/// collapse to a point when an entrant won every game or none. A shared
/// victory counts as its share, so `wins` need not be whole; the variance of
/// shares is at most that of whole wins, so the interval errs wide.
///
/// ```
/// use fairy_ring::arena::wilson;
///
/// let (low, high) = wilson(5.0, 10);
/// assert!((low - 0.2366).abs() < 1e-4 && (high - 0.7634).abs() < 1e-4);
/// let (low, high) = wilson(0.0, 10);
/// assert!(low == 0.0 && (high - 0.2775).abs() < 1e-4);
/// ```
pub fn wilson(wins: f64, games: u64) -> (f64, f64) {
    if games == 0 {
        return (0.0, 1.0);
    }
    let n = games as f64;
    let rate = (wins / n).clamp(0.0, 1.0);
    let z2 = Z95 * Z95;
    let denominator = 1.0 + z2 / n;
    let centre = (rate + z2 / (2.0 * n)) / denominator;
    let half = Z95 / denominator * (rate * (1.0 - rate) / n + z2 / (4.0 * n * n)).sqrt();
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// What one game gave one entrant (one share per seat it held).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub(super) struct Tally {
    pub(super) games: u64,
    pub(super) wins: f64,
    pub(super) score: i64,
    pub(super) clock: Clock,
}

impl Tally {
    /// Adds `other` to this tally.
    pub(super) fn add(&mut self, other: &Tally) {
        self.games = self.games.saturating_add(other.games);
        self.wins += other.wins;
        self.score = self.score.saturating_add(other.score);
        self.clock.decisions = self.clock.decisions.saturating_add(other.clock.decisions);
        self.clock.thinking = self.clock.thinking.saturating_add(other.clock.thinking);
    }
}

/// One entrant's line of the [`Standings`]. Its counts are per seat-game:
/// an entrant holding two seats of every game plays two seat-games a game.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Standing {
    /// The entrant's name.
    pub name: String,
    /// The seats it held in every game.
    pub seats: usize,
    /// Seat-games played.
    pub games: u64,
    /// Victories: 1 for a sole win, `1/k` for each of `k` tied winners.
    pub wins: f64,
    /// The sum of its final scores.
    pub score: i64,
    /// Decisions its bots made.
    pub decisions: u64,
    /// The time its bots took for them.
    pub thinking: Duration,
}

impl Standing {
    pub(super) fn new(name: String, seats: usize, tally: &Tally) -> Standing {
        Standing {
            name,
            seats,
            games: tally.games,
            wins: tally.wins,
            score: tally.score,
            decisions: tally.clock.decisions,
            thinking: tally.clock.thinking,
        }
    }

    /// Its share of the victories per seat-game (0 before any game).
    pub fn win_rate(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        self.wins / self.games as f64
    }

    /// The 95% interval of [`win_rate`](Standing::win_rate) ([`wilson`]).
    pub fn interval(&self) -> (f64, f64) {
        wilson(self.wins, self.games)
    }

    /// Its mean final score per seat-game (0 before any game).
    pub fn mean_score(&self) -> f64 {
        if self.games == 0 {
            return 0.0;
        }
        self.score as f64 / self.games as f64
    }

    /// The mean time one of its decisions took (zero before any decision).
    pub fn time_per_decision(&self) -> Duration {
        if self.decisions == 0 {
            return Duration::ZERO;
        }
        Duration::try_from_secs_f64(self.thinking.as_secs_f64() / self.decisions as f64)
            .unwrap_or(Duration::ZERO)
    }
}

/// The result of a tournament: one [`Standing`] per entrant, in the order
/// they entered, and how long the games were.
///
/// `Display` writes the table a person reads: per entrant its seats, its
/// win rate with the 95% interval, the fair share (one in the number of
/// players), its mean score and milliseconds per decision; then the games'
/// mean length and speed.
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct Standings {
    /// The entrants' lines.
    pub entrants: Vec<Standing>,
    /// Players per game.
    pub players: usize,
    /// Games played.
    pub games: usize,
    /// Moves played in all games.
    pub moves: u64,
    /// Wall-clock time of the whole tournament.
    pub elapsed: Duration,
    /// Threads the games ran on.
    pub threads: usize,
}

impl Standings {
    /// The win rate of an entrant no better than the others: one in the
    /// number of players.
    pub fn fair_share(&self) -> f64 {
        1.0 / self.players.max(1) as f64
    }

    /// Moves per game.
    pub fn mean_length(&self) -> f64 {
        self.moves as f64 / self.games.max(1) as f64
    }

    /// Moves played per second of wall-clock time.
    pub fn moves_per_second(&self) -> f64 {
        self.moves as f64 / self.elapsed.as_secs_f64().max(1e-9)
    }
}

impl fmt::Display for Standings {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{:<14} {:>7} {:>8} {:>17} {:>10} {:>10} {:>12}",
            "bot", "seats", "wins", "95% interval", "fair", "mean score", "ms/decision"
        )?;
        for standing in &self.entrants {
            let (low, high) = standing.interval();
            writeln!(
                f,
                "{:<14} {:>7} {:>7.1}% {:>7.1}% - {:>5.1}% {:>9.1}% {:>10.2} {:>12.3}",
                standing.name,
                standing.seats,
                100.0 * standing.win_rate(),
                100.0 * low,
                100.0 * high,
                100.0 * self.fair_share(),
                standing.mean_score(),
                standing.time_per_decision().as_secs_f64() * 1e3,
            )?;
        }
        write!(
            f,
            "{} games, mean length {:.1} moves, {:.0} moves/s ({:.1} s on {} threads)",
            self.games,
            self.mean_length(),
            self.moves_per_second(),
            self.elapsed.as_secs_f64(),
            self.threads,
        )
    }
}
