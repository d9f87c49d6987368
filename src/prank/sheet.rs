//! The score sheet: marks per item, and the two ways to win.

use arrayvec::ArrayVec;

use super::config::MAX_PLAYERS;
use super::items::{Item, Items, MAX_ITEMS};
use crate::Score;

/// Marks on one item that win at once.
pub const MARKS_TO_WIN: u8 = 3;

/// Different marked items that win at once.
pub const ITEMS_TO_WIN: usize = 6;

/// One player's score sheet: how many spaces are filled for each item.
///
/// Marks on one item (0 to [`MARKS_TO_WIN`]) are a `u8` everywhere: here, in
/// [`Event::Marked`](super::Event::Marked) and in
/// [`SetupError::MarksOffSheet`](super::SetupError::MarksOffSheet); a
/// sheet's points, [`total`](Sheet::total), are a [`Score`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Sheet {
    /// Marks on item `i` at index `i`.
    pub marks: [u8; MAX_ITEMS],
}

impl Sheet {
    /// Marks on `item` (0 for an item outside the set).
    pub fn marks_on(&self, item: Item) -> u8 {
        self.marks.get(item.index()).copied().unwrap_or(0)
    }

    /// Fills one more space for `item`, returning the new number of marks.
    /// A full item (three marks) stays at three.
    #[inline]
    pub(crate) fn mark(&mut self, item: Item) -> u8 {
        match self.marks.get_mut(item.index()) {
            Some(slot) => {
                *slot = slot.saturating_add(1).min(MARKS_TO_WIN);
                *slot
            }
            None => 0,
        }
    }

    /// The items with at least one mark.
    pub fn marked_items(&self) -> Items {
        (0..MAX_ITEMS as u8)
            .map(Item)
            .filter(|&i| self.marks_on(i) > 0)
            .collect()
    }

    /// All marks on the sheet: the player's points.
    pub fn total(&self) -> Score {
        self.marks.iter().map(|&m| Score::from(m)).sum()
    }

    /// Whether the sheet wins: one item marked three times, or six different
    /// items marked.
    #[inline]
    pub fn wins(&self) -> bool {
        // All sixteen counts at once, one byte each: the high bit of each
        // byte of `marked` says the count is not 0, of `full` that it is at
        // least `MARKS_TO_WIN`.
        const LOW: u128 = u128::from_le_bytes([0x7f; MAX_ITEMS]);
        const HIGH: u128 = u128::from_le_bytes([0x80; MAX_ITEMS]);
        const TO_FULL: u128 = u128::from_le_bytes([0x80 - MARKS_TO_WIN; MAX_ITEMS]);
        let counts = u128::from_le_bytes(self.marks);
        let marked = (counts | ((counts & LOW) + LOW)) & HIGH;
        let full = (counts | ((counts & LOW) + TO_FULL)) & HIGH;
        full != 0 || marked.count_ones() as usize >= ITEMS_TO_WIN
    }
}

/// The sheets in a list of one per seat (at most [`MAX_PLAYERS`]; any more
/// are left out), with no way to panic.
pub(super) fn sheet_list(sheets: &[Sheet]) -> ArrayVec<Sheet, MAX_PLAYERS> {
    let mut list = ArrayVec::new();
    for &sheet in sheets {
        if list.try_push(sheet).is_err() {
            break;
        }
    }
    list
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn three_marks_on_one_item_win() {
        let mut sheet = Sheet::default();
        sheet.mark(Item(4));
        sheet.mark(Item(4));
        assert!(!sheet.wins());
        assert_eq!(sheet.mark(Item(4)), 3);
        assert!(sheet.wins());
    }

    #[test]
    fn six_different_items_win_and_five_do_not() {
        let mut sheet = Sheet::default();
        for i in 0..5 {
            sheet.mark(Item(i));
            sheet.mark(Item(i));
        }
        assert!(!sheet.wins());
        assert_eq!(sheet.total(), 10);
        sheet.mark(Item(9));
        assert!(sheet.wins());
    }

    #[test]
    fn wins_reads_every_count_of_every_item() {
        let naive = |sheet: &Sheet| {
            sheet.marks.iter().any(|&m| m >= MARKS_TO_WIN)
                || sheet.marks.iter().filter(|&&m| m > 0).count() >= ITEMS_TO_WIN
        };
        let mut seed = 0x2545_f491_4f6c_dd1d_u64;
        for round in 0..20_000u32 {
            let mut sheet = Sheet::default();
            for slot in &mut sheet.marks {
                seed ^= seed << 13;
                seed ^= seed >> 7;
                seed ^= seed << 17;
                // Mostly small counts, sometimes any byte.
                *slot = if round.is_multiple_of(4) {
                    seed as u8
                } else {
                    (seed % 5) as u8 * u8::from(seed.is_multiple_of(3))
                };
            }
            assert_eq!(sheet.wins(), naive(&sheet), "{sheet:?}");
        }
        for value in 0..=u8::MAX {
            let sheet = Sheet {
                marks: [value; MAX_ITEMS],
            };
            assert_eq!(sheet.wins(), naive(&sheet), "{value}");
        }
    }

    #[test]
    fn marking_outside_the_sheet_does_nothing() {
        let mut sheet = Sheet::default();
        assert_eq!(sheet.mark(Item(16)), 0);
        assert_eq!(sheet, Sheet::default());
    }
}
