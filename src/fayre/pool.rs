//! A player's dice pool: its faces kept ascending, as bytes that read as
//! one 64-bit word, so that adding or taking a die is a few word operations
//! with no branch on where the die goes (a sorted insert or removal in a
//! loop mispredicts on nearly every random die).

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::Deref;

use super::dice::{DICE_PER_PLAYER, Face, pack_faces, unpack_faces};

/// Bytes in the packed form: a die each, up to [`DICE_PER_PLAYER`], then
/// filler.
const LANES: usize = 8;
const _: () = assert!(DICE_PER_PLAYER < LANES);

/// The top bit of every byte.
const HIGH: u64 = 0x8080_8080_8080_8080;
/// 1 in every byte.
const ONES: u64 = 0x0101_0101_0101_0101;

/// Up to [`DICE_PER_PLAYER`] faces, ascending. Reads as a slice of its dice;
/// compares, hashes and prints as that slice (as the list it replaces did).
#[derive(Clone, Copy)]
pub(super) struct Pool {
    /// The dice ascending, then filler up to [`LANES`] (faces too, never
    /// read as dice: every byte of the word is a face).
    faces: [Face; LANES],
    len: u8,
}

impl Pool {
    /// No dice.
    pub(super) const EMPTY: Pool = Pool {
        faces: [Face::ALL[0]; LANES],
        len: 0,
    };

    /// The first [`DICE_PER_PLAYER`] of `faces`, sorted.
    pub(super) fn of(faces: &[Face]) -> Pool {
        let mut pool = Pool::EMPTY;
        for &face in faces.iter().take(DICE_PER_PLAYER) {
            pool.insert(&mut 0, face);
        }
        pool
    }

    /// The dice, ascending.
    #[inline]
    pub(super) fn as_slice(&self) -> &[Face] {
        self.faces.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// The dice as one word, die `i` in byte `i`.
    #[inline(always)]
    fn word(&self) -> u64 {
        pack_faces(self.faces)
    }

    /// The bytes of the dice in the pool (all ones in each).
    #[inline(always)]
    fn live(&self) -> u64 {
        // At most 6 dice: the shift stays below 64.
        (1u64 << ((8 * u32::from(self.len)) & 63)).wrapping_sub(1)
    }

    /// How many dice show at most `pips` (0 to 6): a byte's top bit
    /// survives `(0x80 + pips) - face` exactly when `face <= pips`, and no
    /// byte borrows from the next (faces are at most 6).
    #[inline(always)]
    fn at_most(&self, pips: u8) -> u32 {
        ((ONES * u64::from(0x80 | pips)).wrapping_sub(self.word()) & HIGH & self.live())
            .count_ones()
    }

    /// Adds `face` in its place (after the dice showing less or the same);
    /// nothing when the pool is full. `mask` is the pool's faces
    /// ([`face_mask`](super::dice::face_mask)), kept.
    #[inline(always)]
    pub(super) fn insert(&mut self, mask: &mut u8, face: Face) {
        if usize::from(self.len) >= DICE_PER_PLAYER {
            return;
        }
        let at = 8 * self.at_most(face.value());
        let below = (1u64 << (at & 63)).wrapping_sub(1);
        let word = self.word();
        let word = (word & below) | (u64::from(face.value()) << (at & 63)) | ((word & !below) << 8);
        self.faces = unpack_faces(word);
        self.len += 1;
        *mask |= 1 << face.value();
    }

    /// Takes one die showing `face` out, the dice above it moving down;
    /// `false` (and nothing changes) if there is none. `mask` is the pool's
    /// faces, kept: the face leaves it with its last die.
    #[inline(always)]
    pub(super) fn take(&mut self, mask: &mut u8, face: Face) -> bool {
        let below = self.at_most(face.value() - 1);
        let showing = self.at_most(face.value()) - below;
        if showing == 0 {
            return false;
        }
        let at = 8 * below;
        let keep = (1u64 << (at & 63)).wrapping_sub(1);
        let word = self.word();
        // The top byte stays where it is (filler, as the pool holds at most
        // 6 dice), so every byte stays a face.
        const TOP: u64 = 0xFF << 56;
        self.faces = unpack_faces((word & keep) | (((word >> 8) | (word & TOP)) & !keep));
        self.len -= 1;
        // Without a branch: whether the face goes is as random as the die.
        *mask &= !(u8::from(showing == 1) << face.value());
        true
    }
}

impl Default for Pool {
    fn default() -> Pool {
        Pool::EMPTY
    }
}

impl Deref for Pool {
    type Target = [Face];
    fn deref(&self) -> &[Face] {
        self.as_slice()
    }
}

impl PartialEq for Pool {
    fn eq(&self, other: &Pool) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Pool {}

impl Hash for Pool {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl fmt::Debug for Pool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

#[cfg(test)]
mod tests {
    use super::super::dice::{Face, face_mask};
    use super::Pool;
    use alloc::vec::Vec;

    fn faces(pips: &[u8]) -> Vec<Face> {
        pips.iter().filter_map(|&p| Face::new(p)).collect()
    }

    /// Every insert and take, from every pool of up to 6 dice reachable by
    /// inserts, does what a sorted list does: the same dice, ascending, the
    /// mask their faces, and a refused take changing nothing.
    #[test]
    fn inserts_and_takes_keep_a_sorted_list() {
        let mut pools: Vec<Vec<u8>> = alloc::vec![Vec::new()];
        let mut checked = 0;
        while let Some(list) = pools.pop() {
            let pool = Pool::of(&faces(&list));
            let mut sorted = list.clone();
            sorted.sort_unstable();
            assert_eq!(pool.as_slice(), faces(&sorted).as_slice());
            assert_eq!(pool, Pool::of(&faces(&sorted)));
            for face in Face::ALL {
                let mut changed = pool;
                let mut mask = face_mask(&pool);
                changed.insert(&mut mask, face);
                let mut expected = sorted.clone();
                if expected.len() < 6 {
                    expected.push(face.value());
                    expected.sort_unstable();
                }
                assert_eq!(changed.as_slice(), faces(&expected).as_slice());
                assert_eq!(mask, face_mask(&changed));

                let mut changed = pool;
                let mut mask = face_mask(&pool);
                let took = changed.take(&mut mask, face);
                let mut expected = sorted.clone();
                let found = expected.iter().position(|&p| p == face.value());
                assert_eq!(took, found.is_some());
                if let Some(at) = found {
                    expected.remove(at);
                }
                assert_eq!(changed.as_slice(), faces(&expected).as_slice());
                assert_eq!(mask, face_mask(&changed));
                assert_eq!(changed, Pool::of(&faces(&expected)));
                // The filler stays faces.
                assert!(changed.faces.iter().all(|f| (1..=6).contains(&f.value())));
                checked += 1;
            }
            if list.len() < 6 {
                let last = list.last().copied().unwrap_or(1);
                for pips in last..=6 {
                    let mut next = list.clone();
                    next.push(pips);
                    pools.push(next);
                }
            }
        }
        assert!(checked > 900, "{checked}");
    }
}
