//! Who sits where in each game: the seats rotate so every entrant plays every
//! seat equally often, and the order around the table changes so no entrant
//! always has the same neighbours.

use alloc::vec::Vec;

/// The seating of a tournament of `entrants` entrants at tables of `players`.
///
/// The lineup is the entrants in order, the last one repeated to fill the
/// table (`ismcts random` at 4 players is one search bot against three
/// random ones). The games go in blocks of `players`: within a block, game
/// `i` rotates the block's order of the lineup by `i` seats, so each place
/// of the lineup sits once in each seat, and an entrant holding `k` places
/// plays each seat `k` times in every block. Block `b` takes the `b`-th of
/// the lineup's `(players - 1)!` orders around the table (place 0 first,
/// the others permuted), so over `players!` games every place sits next to
/// every other, on each side, equally often: in a game where the player
/// after you matters, no entrant keeps the same neighbour.
///
/// ```
/// use fairy_ring::arena::Schedule;
///
/// let schedule = Schedule::new(3, 3);
/// assert_eq!(schedule.seating(0), [0, 1, 2]);
/// assert_eq!(schedule.seating(1), [1, 2, 0]);
/// assert_eq!(schedule.seating(2), [2, 0, 1]);
/// // The next block goes the other way around the table.
/// assert_eq!(schedule.seating(3), [0, 2, 1]);
/// assert_eq!(schedule.seating(6), [0, 1, 2]);
/// assert_eq!(Schedule::new(2, 3).seats_of(1), 2);
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
        let order = self.order(game / self.players);
        (0..self.players)
            .map(|seat| {
                let place = order.get((seat + rotation) % self.players).copied();
                self.place(place.unwrap_or(0))
            })
            .collect()
    }

    /// The lineup's places in the `block`-th order around the table (of
    /// `(players - 1)!`, repeating): place 0 first, then the others in the
    /// permutation whose factorial-base digits are `block`'s.
    fn order(&self, block: usize) -> Vec<usize> {
        let mut rest: Vec<usize> = (1..self.players).collect();
        let mut order = Vec::with_capacity(self.players);
        order.push(0);
        let mut block = block;
        while !rest.is_empty() {
            let pick = block % rest.len();
            block /= rest.len();
            order.push(rest.remove(pick));
        }
        order
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
