//! The one way every game writes its tensor: fixed-width fields, one after
//! another, into the caller's buffer.

use crate::{Player, PlayerSet, Seat};

use super::TensorError;

/// Writes fields into a buffer from its start. Every method writes a fixed
/// number of entries whatever the value, so the layout depends on the config
/// alone. A write past the end is dropped and counted, so
/// [`finish`](Encoder::finish) reports a buffer of the wrong length instead
/// of a panic.
pub(crate) struct Encoder<'a> {
    out: &'a mut [f32],
    at: usize,
}

impl<'a> Encoder<'a> {
    /// An encoder over `out`, which it first fills with zeros.
    pub(crate) fn new(out: &'a mut [f32]) -> Self {
        out.fill(0.0);
        Encoder { out, at: 0 }
    }

    /// Checks the buffer's length against the config's before writing.
    pub(crate) fn checked(out: &'a mut [f32], expected: usize) -> Result<Self, TensorError> {
        if out.len() == expected {
            Ok(Encoder::new(out))
        } else {
            Err(TensorError::Length {
                expected,
                got: out.len(),
            })
        }
    }

    /// One entry.
    pub(crate) fn value(&mut self, x: f32) {
        if let Some(slot) = self.out.get_mut(self.at) {
            *slot = x;
        }
        self.at += 1;
    }

    /// 1 or 0.
    pub(crate) fn flag(&mut self, on: bool) {
        self.value(if on { 1.0 } else { 0.0 });
    }

    /// A count or score, divided by `scale` (so most values stay near 0..1).
    pub(crate) fn number(&mut self, n: i64, scale: f32) {
        self.value(n as f32 / scale);
    }

    /// `n` entries, a 1 at `index` (none for `None`, or an index past `n`).
    pub(crate) fn one_hot(&mut self, index: Option<usize>, n: usize) {
        if let Some(i) = index.filter(|&i| i < n)
            && let Some(slot) = self.out.get_mut(self.at + i)
        {
            *slot = 1.0;
        }
        self.at += n;
    }

    /// A player among `players` seats, one-hot (all 0 for `None`).
    pub(crate) fn player(&mut self, player: Option<Player>, players: usize) {
        self.one_hot(player.map(Player::index), players);
    }

    /// A seat: the player one-hot over `players`, all 0 for the spectator.
    pub(crate) fn seat(&mut self, seat: Seat, players: usize) {
        self.player(seat.player(), players);
    }

    /// A set of players: one entry per seat.
    pub(crate) fn players(&mut self, set: PlayerSet, players: usize) {
        for seat in 0..players {
            self.flag(set.contains(Player(seat as u8)));
        }
    }

    /// An ordered list of distinct things numbered below `n` (cards, items):
    /// one entry per thing, 0 when it is not in the list and `(k + 1) / n`
    /// when it is the `k`-th (from 0). The order and the content are both
    /// kept.
    pub(crate) fn ordered(&mut self, indices: impl IntoIterator<Item = usize>, n: usize) {
        let start = self.at;
        for (k, i) in indices.into_iter().enumerate() {
            if i < n
                && let Some(slot) = self.out.get_mut(start + i)
            {
                *slot = (k + 1) as f32 / n as f32;
            }
        }
        self.at = start + n;
    }

    /// A set of things numbered below `n`: one entry each, 1 when present.
    pub(crate) fn set(&mut self, indices: impl IntoIterator<Item = usize>, n: usize) {
        let start = self.at;
        for i in indices {
            if i < n
                && let Some(slot) = self.out.get_mut(start + i)
            {
                *slot = 1.0;
            }
        }
        self.at = start + n;
    }

    /// A multiset of things numbered below `n`: one entry each, the count.
    pub(crate) fn counts(&mut self, indices: impl IntoIterator<Item = usize>, n: usize) {
        let start = self.at;
        for i in indices {
            if i < n
                && let Some(slot) = self.out.get_mut(start + i)
            {
                *slot += 1.0;
            }
        }
        self.at = start + n;
    }

    /// Checks that exactly the buffer was written.
    pub(crate) fn finish(self) -> Result<(), TensorError> {
        if self.at == self.out.len() {
            Ok(())
        } else {
            Err(TensorError::Length {
                expected: self.at,
                got: self.out.len(),
            })
        }
    }
}
