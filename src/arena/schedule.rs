//! Who sits where in each game: the seats rotate so every entrant plays every
//! seat equally often.

use alloc::vec::Vec;

/// The seating of a tournament of `entrants` entrants at tables of `players`.
///
/// The lineup is the entrants in order, the last one repeated to fill the
/// table (`ismcts random` at 4 players is one search bot against three
/// random ones). Game `i` rotates the lineup by `i` seats: seat `s` holds
/// the lineup's place `(s + i) mod players`. Over any `players` consecutive
/// games each place of the lineup sits once in each seat, so an entrant
/// holding `k` places plays each seat `k` times.
///
/// ```
/// use fairy_ring::arena::Schedule;
///
/// let schedule = Schedule::new(2, 3);
/// assert_eq!(schedule.seating(0), [0, 1, 1]);
/// assert_eq!(schedule.seating(1), [1, 1, 0]);
/// assert_eq!(schedule.seating(2), [1, 0, 1]);
/// assert_eq!(schedule.seating(3), [0, 1, 1]);
/// assert_eq!(schedule.seats_of(1), 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    entrants: usize,
    players: usize,
}

impl Schedule {
    /// The schedule of `entrants` entrants at tables of `players` players.
    /// With more entrants than seats the last ones never play (the arena
    /// refuses such a field before it schedules anything).
    pub const fn new(entrants: usize, players: usize) -> Schedule {
        Schedule { entrants, players }
    }

    /// The entrant in each seat of game `game`, seat 0 first (empty when
    /// there are no entrants or no seats).
    pub fn seating(&self, game: usize) -> Vec<usize> {
        if self.entrants == 0 || self.players == 0 {
            return Vec::new();
        }
        let rotation = game % self.players;
        (0..self.players)
            .map(|seat| self.place((seat + rotation) % self.players))
            .collect()
    }

    /// How many seats `entrant` holds in every game.
    pub fn seats_of(&self, entrant: usize) -> usize {
        (0..self.players)
            .filter(|&place| self.place(place) == entrant)
            .count()
    }

    /// The entrant at `place` of the lineup: the last entrant fills the
    /// places after its own.
    fn place(&self, place: usize) -> usize {
        place.min(self.entrants.saturating_sub(1))
    }
}
