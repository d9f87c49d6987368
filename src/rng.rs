//! Unbiased, platform-independent chance over any [`rand_core::Rng`].
//!
//! Every draw goes through 32-bit arithmetic on values read with
//! [`Rng::next_u32`], so the same generator state gives the same results on
//! 16-, 32- and 64-bit targets. Bounded draws use Lemire's multiply-and-reject
//! method: no modulo bias, and usually one `next_u32` per draw.

use rand_core::Rng;

/// A uniform number in `0..bound`. Returns 0 without consuming randomness when
/// `bound` is 0 or 1.
pub fn below(rng: &mut (impl Rng + ?Sized), bound: u32) -> u32 {
    if bound <= 1 {
        return 0;
    }
    let mut product = u64::from(rng.next_u32()) * u64::from(bound);
    let mut low = product as u32;
    if low < bound {
        let threshold = bound.wrapping_neg() % bound;
        while low < threshold {
            product = u64::from(rng.next_u32()) * u64::from(bound);
            low = product as u32;
        }
    }
    (product >> 32) as u32
}

/// A uniform index into a collection of `len` items. Returns 0 when `len` is 0
/// or 1. Uniform for `len` up to `u32::MAX` (far beyond any game here); a
/// longer collection is treated as `u32::MAX` long.
pub fn index(rng: &mut (impl Rng + ?Sized), len: usize) -> usize {
    below(rng, u32::try_from(len).unwrap_or(u32::MAX)) as usize
}

/// A uniform element of `items`, or `None` if it is empty.
pub fn choose<'a, T>(rng: &mut (impl Rng + ?Sized), items: &'a [T]) -> Option<&'a T> {
    if items.is_empty() {
        return None;
    }
    items.get(index(rng, items.len()))
}

/// Shuffles `items` in place with Fisher-Yates: every order equally likely.
/// Consumes one bounded draw per element after the first.
pub fn shuffle<T>(rng: &mut (impl Rng + ?Sized), items: &mut [T]) {
    for i in (1..items.len()).rev() {
        let j = index(rng, i + 1);
        // `swap` would carry bounds checks that can panic; with `j <= i` the
        // split always succeeds, and `j == i` leaves the item in place.
        if let Some((head, tail)) = items.split_at_mut_checked(i)
            && let (Some(a), Some(b)) = (head.get_mut(j), tail.first_mut())
        {
            core::mem::swap(a, b);
        }
    }
}

/// A roll of a six-sided die: 1 to 6.
pub fn d6(rng: &mut (impl Rng + ?Sized)) -> u8 {
    below(rng, 6) as u8 + 1
}

/// SplitMix64's finalizer: a 64-bit value mixed so that nearby inputs give
/// unrelated outputs.
#[cfg(any(feature = "std", feature = "testing"))]
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// SplitMix64's increment.
#[cfg(any(feature = "std", feature = "testing"))]
pub(crate) const GOLDEN_GAMMA: u64 = 0x9e37_79b9_7f4a_7c15;

/// SplitMix64: a tiny RNG for the crate's own derived streams (a move played
/// twice the same way while a twin is drawn), where the caller's RNG must
/// not be consumed.
#[cfg(feature = "testing")]
pub(crate) struct SplitMix(pub(crate) u64);

#[cfg(feature = "testing")]
impl rand_core::TryRng for SplitMix {
    type Error = core::convert::Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Self::Error> {
        self.try_next_u64().map(|x| (x >> 32) as u32)
    }

    fn try_next_u64(&mut self) -> Result<u64, Self::Error> {
        self.0 = self.0.wrapping_add(GOLDEN_GAMMA);
        Ok(mix(self.0))
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Self::Error> {
        rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u32())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_chacha::ChaCha8Rng;
    use rand_core::SeedableRng;

    #[test]
    fn pinned_output_for_a_fixed_seed() {
        let mut rng = ChaCha8Rng::seed_from_u64(2026);
        let draws: [u32; 8] = core::array::from_fn(|_| below(&mut rng, 21));
        let mut deck: [u8; 10] = core::array::from_fn(|i| i as u8);
        shuffle(&mut rng, &mut deck);
        let dice: [u8; 6] = core::array::from_fn(|_| d6(&mut rng));
        assert_eq!(draws, [1, 12, 7, 5, 15, 0, 10, 3], "draws");
        assert_eq!(deck, [9, 6, 1, 0, 7, 3, 5, 4, 2, 8], "shuffle");
        assert_eq!(dice, [1, 3, 2, 4, 5, 3], "dice");
    }

    #[test]
    fn below_stays_in_range_and_hits_every_value() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut seen = [0u32; 7];
        for _ in 0..7000 {
            let v = below(&mut rng, 7) as usize;
            assert!(v < 7);
            seen[v] += 1;
        }
        // Each bucket expects 1000; 800 is more than six standard deviations away.
        assert!(seen.iter().all(|&n| n > 800), "{seen:?}");
    }

    #[test]
    fn degenerate_bounds_consume_nothing() {
        let mut a = ChaCha8Rng::seed_from_u64(3);
        let b = a.clone();
        assert_eq!(below(&mut a, 0), 0);
        assert_eq!(below(&mut a, 1), 0);
        assert_eq!(choose::<u8>(&mut a, &[]), None);
        shuffle::<u8>(&mut a, &mut []);
        assert_eq!(a, b);
    }

    #[test]
    fn shuffle_is_a_permutation() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let mut deck: [u8; 21] = core::array::from_fn(|i| i as u8 + 1);
        shuffle(&mut rng, &mut deck);
        let mut sorted = deck;
        sorted.sort_unstable();
        assert_eq!(sorted, core::array::from_fn(|i| i as u8 + 1));
    }
}
