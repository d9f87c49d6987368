//! [`List`]: a fixed-capacity list that is `Copy` when its items are.

use core::fmt;
use core::hash::{Hash, Hasher};
use core::ops::{Bound, Deref, DerefMut, RangeBounds};

/// Up to `N` items inline, with no heap, and `Copy` when `T` is: copying a
/// state made of lists is one `memcpy`, which is what search bots do most.
///
/// Every way in is checked: [`push`](List::push) hands the item back when the
/// list is full, [`FromIterator`] and [`extend`](List::extend) stop at the
/// capacity, so nothing here can panic. It reads as a slice (`Deref`), prints
/// like one, and with `serde` serializes as a sequence.
///
/// ```
/// use fairy_ring::List;
///
/// let mut list: List<u8, 3> = List::new();
/// assert_eq!(list.push(1), Ok(()));
/// list.extend([2, 3, 4]);
/// assert_eq!(list.as_slice(), &[1, 2, 3]);
/// assert_eq!(list.push(5), Err(5));
/// let copy = list; // `Copy`
/// assert_eq!(copy, list);
/// ```
#[derive(Clone, Copy)]
pub struct List<T, const N: usize> {
    len: usize,
    items: [T; N],
}

impl<T: Copy + Default, const N: usize> List<T, N> {
    /// An empty list.
    pub fn new() -> Self {
        List {
            len: 0,
            items: [T::default(); N],
        }
    }

    /// A list of the first `N` items of `items`.
    pub fn from_slice(items: &[T]) -> Self {
        let mut list = List::new();
        list.extend_from_slice(items);
        list
    }

    /// Appends `item`, or hands it back when the list is full.
    pub fn push(&mut self, item: T) -> Result<(), T> {
        match self.items.get_mut(self.len) {
            Some(slot) => {
                *slot = item;
                self.len += 1;
                Ok(())
            }
            None => Err(item),
        }
    }

    /// Appends as many of `items` as fit; returns how many did.
    pub fn extend_from_slice(&mut self, items: &[T]) -> usize {
        let room = N - self.len;
        let taken = items.len().min(room);
        if let (Some(to), Some(from)) = (
            self.items.get_mut(self.len..self.len + taken),
            items.get(..taken),
        ) {
            to.copy_from_slice(from);
            self.len += taken;
        }
        taken
    }

    /// Removes and returns the last item.
    pub fn pop(&mut self) -> Option<T> {
        let last = self.len.checked_sub(1)?;
        let item = self.items.get(last).copied()?;
        self.len = last;
        Some(item)
    }

    /// Removes and returns the item at `index`, shifting the rest down, or
    /// `None` if there is none.
    pub fn remove(&mut self, index: usize) -> Option<T> {
        let item = self.as_slice().get(index).copied()?;
        if let Some(tail) = self.items.get_mut(index..self.len) {
            tail.rotate_left(1);
        }
        self.len -= 1;
        Some(item)
    }

    /// Inserts `item` at `index` (at most the length), shifting the rest up;
    /// hands it back when the list is full or `index` is past the end.
    pub fn insert(&mut self, index: usize, item: T) -> Result<(), T> {
        if index > self.len || self.len == N {
            return Err(item);
        }
        match self.items.get_mut(index..=self.len) {
            Some(tail) => {
                tail.rotate_right(1);
                if let Some(slot) = tail.first_mut() {
                    *slot = item;
                }
                self.len += 1;
                Ok(())
            }
            None => Err(item),
        }
    }

    /// Keeps only the items for which `keep` is true, in order.
    pub fn retain(&mut self, mut keep: impl FnMut(&T) -> bool) {
        let mut kept = 0;
        for i in 0..self.len {
            let Some(item) = self.items.get(i).copied() else {
                break;
            };
            if keep(&item) {
                if let Some(slot) = self.items.get_mut(kept) {
                    *slot = item;
                }
                kept += 1;
            }
        }
        self.len = kept;
    }

    /// Shortens the list to at most `len` items.
    pub fn truncate(&mut self, len: usize) {
        self.len = self.len.min(len);
    }

    /// Removes the items in `range` and returns them, in order, shifting
    /// the rest down. A range reaching past the end stops at the end (and
    /// one that starts past its own end removes nothing), so this never
    /// panics.
    ///
    /// ```
    /// use fairy_ring::List;
    ///
    /// let mut list: List<u8, 5> = [1, 2, 3, 4, 5].into_iter().collect();
    /// let taken: Vec<u8> = list.drain(1..3).into_iter().collect();
    /// assert_eq!(taken, [2, 3]);
    /// assert_eq!(list.as_slice(), &[1, 4, 5]);
    /// assert_eq!(list.drain(..).len(), 3);
    /// assert!(list.is_empty());
    /// assert!(list.drain(7..).is_empty());
    /// ```
    pub fn drain(&mut self, range: impl RangeBounds<usize>) -> List<T, N> {
        let start = match range.start_bound() {
            Bound::Included(&i) => i,
            Bound::Excluded(&i) => i.saturating_add(1),
            Bound::Unbounded => 0,
        }
        .min(self.len);
        let end = match range.end_bound() {
            Bound::Included(&i) => i.saturating_add(1),
            Bound::Excluded(&i) => i,
            Bound::Unbounded => self.len,
        }
        .clamp(start, self.len);
        let drained = List::from_slice(self.items.get(start..end).unwrap_or(&[]));
        if let Some(tail) = self.items.get_mut(start..self.len) {
            tail.rotate_left(end - start);
        }
        self.len -= end - start;
        drained
    }
}

impl<T, const N: usize> List<T, N> {
    /// How many items the list can hold.
    pub const CAPACITY: usize = N;

    /// The items, in order.
    pub fn as_slice(&self) -> &[T] {
        self.items.get(..self.len).unwrap_or(&[])
    }

    /// The items, in order, to change in place.
    pub fn as_mut_slice(&mut self) -> &mut [T] {
        self.items.get_mut(..self.len).unwrap_or(&mut [])
    }

    /// Whether no more items fit.
    pub fn is_full(&self) -> bool {
        self.len == N
    }

    /// Removes every item.
    pub fn clear(&mut self) {
        self.len = 0;
    }
}

impl<T: Copy + Default, const N: usize> Default for List<T, N> {
    fn default() -> Self {
        List::new()
    }
}

impl<T, const N: usize> Deref for List<T, N> {
    type Target = [T];
    fn deref(&self) -> &[T] {
        self.as_slice()
    }
}

impl<T, const N: usize> DerefMut for List<T, N> {
    fn deref_mut(&mut self) -> &mut [T] {
        self.as_mut_slice()
    }
}

impl<T: PartialEq, const N: usize> PartialEq for List<T, N> {
    fn eq(&self, other: &Self) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<T: Eq, const N: usize> Eq for List<T, N> {}

impl<T: Hash, const N: usize> Hash for List<T, N> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<T: fmt::Debug, const N: usize> fmt::Debug for List<T, N> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

/// Takes the first `N` items; the rest are left in the iterator.
impl<T: Copy + Default, const N: usize> FromIterator<T> for List<T, N> {
    fn from_iter<I: IntoIterator<Item = T>>(iter: I) -> Self {
        let mut list = List::new();
        list.extend(iter);
        list
    }
}

/// Appends items until the list is full; the rest are not taken.
impl<T: Copy + Default, const N: usize> Extend<T> for List<T, N> {
    fn extend<I: IntoIterator<Item = T>>(&mut self, iter: I) {
        for item in iter.into_iter().take(N - self.len) {
            if self.push(item).is_err() {
                break;
            }
        }
    }
}

impl<'a, T, const N: usize> IntoIterator for &'a List<T, N> {
    type Item = &'a T;
    type IntoIter = core::slice::Iter<'a, T>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

/// The items by value, in order.
impl<T: Copy, const N: usize> IntoIterator for List<T, N> {
    type Item = T;
    type IntoIter = core::iter::Take<core::array::IntoIter<T, N>>;
    fn into_iter(self) -> Self::IntoIter {
        self.items.into_iter().take(self.len)
    }
}

#[cfg(feature = "serde")]
impl<T: serde::Serialize, const N: usize> serde::Serialize for List<T, N> {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.as_slice())
    }
}

#[cfg(feature = "serde")]
impl<'de, T, const N: usize> serde::Deserialize<'de> for List<T, N>
where
    T: serde::Deserialize<'de> + Copy + Default,
{
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        struct Items<T, const N: usize>(core::marker::PhantomData<T>);

        impl<'de, T, const N: usize> serde::de::Visitor<'de> for Items<T, N>
        where
            T: serde::Deserialize<'de> + Copy + Default,
        {
            type Value = List<T, N>;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                write!(f, "a list of at most {N} items")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seq: A,
            ) -> Result<Self::Value, A::Error> {
                let mut list = List::new();
                while let Some(item) = seq.next_element()? {
                    if list.push(item).is_err() {
                        return Err(serde::de::Error::invalid_length(N + 1, &self));
                    }
                }
                Ok(list)
            }
        }

        deserializer.deserialize_seq(Items::<T, N>(core::marker::PhantomData))
    }
}

/// Sorts a short slice in place, smallest first (insertion sort). Unlike
/// the slice sorts of `core`, which panic on an `Ord` that contradicts
/// itself, it has no way to panic, so the engines' code holds no panic site.
/// For the few items an engine sorts (a hand, a pool of dice, the players).
pub(crate) fn sort_small<T: Ord>(items: &mut [T]) {
    for end in 1..items.len() {
        let mut i = end;
        while i > 0 {
            match items.get_mut(i - 1..=i) {
                Some([before, after]) if *after < *before => core::mem::swap(before, after),
                _ => break,
            }
            i -= 1;
        }
    }
}

#[cfg(test)]
mod tests {
    #[test]
    fn sort_small_sorts_like_sort() {
        let mut seed = 7u32;
        for len in 0..40 {
            let mut items: alloc::vec::Vec<u8> = (0..len)
                .map(|_| {
                    seed = seed.wrapping_mul(1_103_515_245).wrapping_add(12_345);
                    (seed >> 24) as u8 % 9
                })
                .collect();
            let mut expected = items.clone();
            expected.sort();
            super::sort_small(&mut items);
            assert_eq!(items, expected, "{len} items");
        }
    }

    use super::List;

    #[test]
    fn every_change_stays_within_capacity() {
        let mut list: List<u8, 4> = (1..=9).collect();
        assert_eq!(list.as_slice(), &[1, 2, 3, 4]);
        assert!(list.is_full());
        assert_eq!(list.insert(0, 7), Err(7));
        assert_eq!(list.remove(1), Some(2));
        assert_eq!(list.as_slice(), &[1, 3, 4]);
        assert_eq!(list.insert(1, 2), Ok(()));
        assert_eq!(list.as_slice(), &[1, 2, 3, 4]);
        assert_eq!(list.remove(4), None);
        list.retain(|&x| x % 2 == 0);
        assert_eq!(list.as_slice(), &[2, 4]);
        assert_eq!(list.insert(3, 9), Err(9));
        assert_eq!(list.insert(2, 9), Ok(()));
        assert_eq!(list.pop(), Some(9));
        assert_eq!(list.extend_from_slice(&[5, 6, 7]), 2);
        assert_eq!(list.as_slice(), &[2, 4, 5, 6]);
        list.truncate(1);
        assert_eq!(list.into_iter().collect::<List<u8, 4>>().as_slice(), &[2]);
        list.clear();
        assert_eq!(list.pop(), None);
        assert!(list.is_empty());
    }

    #[test]
    fn equal_lists_compare_only_their_items() {
        let mut a: List<u8, 3> = List::from_slice(&[1, 2, 3]);
        let b: List<u8, 3> = List::from_slice(&[1]);
        a.truncate(1);
        assert_eq!(a, b);
        assert_eq!(alloc_free_debug(&a).as_str(), "[1]");
    }

    fn alloc_free_debug(list: &List<u8, 3>) -> arrayvec::ArrayString<16> {
        let mut text = arrayvec::ArrayString::new();
        let _ = core::fmt::write(&mut text, format_args!("{list:?}"));
        text
    }
}
