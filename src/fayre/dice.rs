//! Dice: faces, the dice on a Mini Game, and how a decision names a die.

use core::fmt;

use rand_core::Rng;

use crate::Player;

/// Dice of one colour: every player has six.
pub const DICE_PER_PLAYER: usize = 6;

/// Fairy dice in the game, shared by everyone.
pub const FAIRY_DICE: usize = 9;

/// The top face of a six-sided die, 1 to 6.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "u8", into = "u8"))]
pub struct Face(u8);

impl Face {
    /// The six faces in ascending order.
    pub const ALL: [Face; 6] = [Face(1), Face(2), Face(3), Face(4), Face(5), Face(6)];

    /// The face showing `pips`, if it is 1 to 6.
    pub const fn new(pips: u8) -> Option<Face> {
        if pips >= 1 && pips <= 6 {
            Some(Face(pips))
        } else {
            None
        }
    }

    /// The number of pips, 1 to 6.
    pub const fn value(self) -> u8 {
        self.0
    }

    /// The face on the other side of the die (the two always add up to 7):
    /// what the yellow fairy turns it to.
    pub const fn opposite(self) -> Face {
        Face(7 - self.0)
    }

    /// The face `by` pips away, if it stays within 1 to 6 (the blue and red
    /// fairies may not leave the die).
    pub const fn shifted(self, by: i8) -> Option<Face> {
        let pips = self.0 as i16 + by as i16;
        if pips >= 1 && pips <= 6 {
            Some(Face(pips as u8))
        } else {
            None
        }
    }

    /// Whether the face is 1, 3 or 5.
    pub const fn is_odd(self) -> bool {
        self.0 % 2 == 1
    }

    /// A fair roll of the die (one bounded draw).
    pub fn roll(rng: &mut (impl Rng + ?Sized)) -> Face {
        Face(crate::rng::d6(rng))
    }
}

/// A bit per face shown among `faces` (bit `pips`, bits 1 to 6).
pub(super) fn face_mask(faces: &[Face]) -> u8 {
    faces.iter().fold(0, |mask, f| mask | (1 << f.0))
}

/// `faces` as one word, face `i` in byte `i` (its pips).
#[inline(always)]
pub(super) fn pack_faces(faces: [Face; 8]) -> u64 {
    u64::from_le_bytes(faces.map(|f| f.0))
}

/// [`pack_faces`] undone: byte `i` of `word` as face `i`. Every byte must be
/// a face's pips, 1 to 6 (the packed pools keep them so).
#[inline(always)]
pub(super) fn unpack_faces(word: u64) -> [Face; 8] {
    debug_assert!(
        word.to_le_bytes().iter().all(|b| (1..=6).contains(b)),
        "a byte that is no face: {word:#x}"
    );
    word.to_le_bytes().map(Face)
}

/// Calls `each` with the faces of `mask` (bit `pips`, as [`face_mask`]
/// makes it), ascending.
#[inline]
pub(super) fn each_face(mask: u8, mut each: impl FnMut(Face)) {
    // Bits 1 to 6 only: bit 0 and bit 7 name no face.
    let mut rest = mask & 0b0111_1110;
    while rest != 0 {
        each(Face(rest.trailing_zeros() as u8));
        rest &= rest - 1;
    }
}

/// One pip: the filler of a fixed-capacity list of faces, never a rolled die.
impl Default for Face {
    fn default() -> Face {
        Face(1)
    }
}

impl fmt::Debug for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl fmt::Display for Face {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A number that is not a face of a six-sided die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("{0} is not a die face (faces are 1 to 6)")]
pub struct NotAFace(pub u8);

impl TryFrom<u8> for Face {
    type Error = NotAFace;
    fn try_from(pips: u8) -> Result<Face, NotAFace> {
        Face::new(pips).ok_or(NotAFace(pips))
    }
}

impl From<Face> for u8 {
    fn from(face: Face) -> u8 {
        face.0
    }
}

/// A player's die on a Mini Game: whose colour it is and its top face.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct PlacedDie {
    /// The colour, as the seat of its owner.
    pub owner: Player,
    /// The top face.
    pub face: Face,
}

/// A side of the Tug of War card. Its first half of player spaces is the left
/// side, the second half the right side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Side {
    /// The first half of the spaces.
    Left,
    /// The second half of the spaces.
    Right,
}

/// One die, named in a decision. Dice in a pool are named by their face (two
/// dice of one colour showing the same face are interchangeable), dice on a
/// Mini Game by their place on the card. The Goblin die cannot be named: no
/// decision may touch it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum DieRef {
    /// A die in `owner`'s dice pool showing `face`.
    Pool {
        /// Whose pool.
        owner: Player,
        /// The face it shows.
        face: Face,
    },
    /// A Fairy die in the shared Fairy dice pool showing `face`.
    FairyPool {
        /// The face it shows.
        face: Face,
    },
    /// The player die on player space `space` of the Mini Game at table
    /// position `booth` (0 to 2).
    Placed {
        /// Table position of the Mini Game.
        booth: u8,
        /// Player space on its card.
        space: u8,
    },
    /// The Fairy die on Fairy space `space` of the Mini Game at `booth`.
    PlacedFairy {
        /// Table position of the Mini Game.
        booth: u8,
        /// Fairy space on its card.
        space: u8,
    },
}

impl DieRef {
    /// Whether this names a Fairy die.
    pub const fn is_fairy(self) -> bool {
        matches!(self, DieRef::FairyPool { .. } | DieRef::PlacedFairy { .. })
    }

    /// Whether this names a die on a Mini Game card.
    pub const fn is_on_card(self) -> bool {
        matches!(self, DieRef::Placed { .. } | DieRef::PlacedFairy { .. })
    }
}
