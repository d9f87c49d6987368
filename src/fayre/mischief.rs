//! The six kinds of Fairy Mischief card, and counts of them in a hand or pile.

use core::fmt;
use core::str::FromStr;

use super::name::{NameError, same};

/// Fairy Mischief cards in the box.
pub const MISCHIEF_CARDS: usize = 30;

/// Most cards a hand may hold at the end of an action.
pub const HAND_LIMIT: usize = 3;

/// A kind of Fairy Mischief card. None touches the Goblin die.
///
/// It is named by its fairy, as the rulebook's back panel does, and parsed
/// from that name, from the fairy's colour alone, or from the variant's name
/// (ignoring case, spaces and punctuation); the pool re-roll card also from
/// the rulebook's words, "Re-roll any player's dice pool (including your
/// own)":
///
/// ```
/// use fairy_ring::fayre::Mischief;
/// assert_eq!(Mischief::Flip.to_string(), "yellow fairy (flip a die)");
/// assert_eq!("yellow fairy".parse(), Ok(Mischief::Flip));
/// assert_eq!("Red".parse(), Ok(Mischief::NudgeTwo));
/// assert_eq!("re-roll a dice pool".parse(), Ok(Mischief::RerollPool));
/// assert_eq!("Re-roll any player's dice pool".parse(), Ok(Mischief::RerollPool));
/// assert_eq!("RerollDie".parse(), Ok(Mischief::RerollDie));
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Mischief {
    /// The yellow fairy: turn any Fairy or player die to its opposite face.
    /// (The default, as the filler of a fixed-capacity list.)
    #[default]
    Flip,
    /// The blue fairy: add or subtract 1, staying within 1 to 6.
    NudgeOne,
    /// The red fairy: add or subtract 2, staying within 1 to 6.
    NudgeTwo,
    /// The grey fairy: swap two dice, within the rules of swapping.
    Swap,
    /// The pink fairy: re-roll a player or Fairy die on a Mini Game.
    RerollDie,
    /// Re-roll every die in one player's dice pool (anyone's, your own too).
    RerollPool,
}

impl Mischief {
    /// The six kinds in the order of the rulebook's back panel.
    pub const ALL: [Mischief; 6] = [
        Mischief::Flip,
        Mischief::NudgeOne,
        Mischief::NudgeTwo,
        Mischief::Swap,
        Mischief::RerollDie,
        Mischief::RerollPool,
    ];

    /// Position in [`Mischief::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The fairy on the card, as the rulebook names it.
    pub const fn name(self) -> &'static str {
        match self {
            Mischief::Flip => "yellow fairy (flip a die)",
            Mischief::NudgeOne => "blue fairy (+/-1)",
            Mischief::NudgeTwo => "red fairy (+/-2)",
            Mischief::Swap => "grey fairy (swap two dice)",
            Mischief::RerollDie => "pink fairy (re-roll a placed die)",
            Mischief::RerollPool => "re-roll a dice pool",
        }
    }

    /// The fairy on the card alone, without what it does ("yellow fairy");
    /// the pool re-roll card has no fairy named, so its whole text.
    pub const fn fairy(self) -> &'static str {
        match self {
            Mischief::Flip => "yellow fairy",
            Mischief::NudgeOne => "blue fairy",
            Mischief::NudgeTwo => "red fairy",
            Mischief::Swap => "grey fairy",
            Mischief::RerollDie => "pink fairy",
            Mischief::RerollPool => "re-roll a dice pool",
        }
    }

    /// Other names a player may use: the fairy's colour, the variant, and
    /// for the pool re-roll the rulebook's own words.
    const fn aliases(self) -> &'static [&'static str] {
        match self {
            Mischief::Flip => &["yellow", "Flip"],
            Mischief::NudgeOne => &["blue", "NudgeOne"],
            Mischief::NudgeTwo => &["red", "NudgeTwo"],
            Mischief::Swap => &["grey", "gray", "gray fairy", "Swap"],
            Mischief::RerollDie => &["pink", "RerollDie"],
            Mischief::RerollPool => &[
                "Re-roll any player's dice pool (including your own)",
                "Re-roll any player's dice pool",
                "RerollPool",
            ],
        }
    }

    /// The card named `name` (see [`Mischief`]'s `FromStr`).
    pub fn find(name: &str) -> Option<Mischief> {
        name.parse().ok()
    }

    /// How far a nudge card moves a die, for the blue and red fairies.
    pub const fn nudge(self) -> Option<i8> {
        match self {
            Mischief::NudgeOne => Some(1),
            Mischief::NudgeTwo => Some(2),
            _ => None,
        }
    }
}

impl fmt::Display for Mischief {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Mischief {
    type Err = NameError;

    /// The card whose [`name`](Mischief::name) or [`fairy`](Mischief::fairy)
    /// is `name`, or whose fairy's colour or variant name (or, for the pool
    /// re-roll, the rulebook's words) it is, ignoring case, spaces and
    /// punctuation.
    fn from_str(name: &str) -> Result<Mischief, NameError> {
        Mischief::ALL
            .into_iter()
            .find(|card| {
                same(name, card.name())
                    || same(name, card.fairy())
                    || card.aliases().iter().any(|alias| same(name, alias))
            })
            .ok_or(NameError::NotAMischief)
    }
}

impl TryFrom<&str> for Mischief {
    type Error = NameError;

    fn try_from(name: &str) -> Result<Mischief, NameError> {
        name.parse()
    }
}

/// How many cards of each kind, indexed by [`Mischief::index`]: a hand, the
/// face-up discard pile, or the card mix of the box. `Debug` lists the
/// cards: `{Flip, Swap, Swap}`.
///
/// With `serde`, an object with a count for every kind, by its serialized
/// name: `{"flip": 0, "nudge_one": 2, "nudge_two": 0, "swap": 1,
/// "reroll_die": 0, "reroll_pool": 0}`.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct CardCounts([u8; 6]);

/// Each kind's count under its name.
#[cfg(feature = "serde")]
impl serde::Serialize for CardCounts {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        use serde::ser::SerializeStruct;
        let [flip, nudge_one, nudge_two, swap, reroll_die, reroll_pool] = self.0;
        let mut counts = serializer.serialize_struct("CardCounts", 6)?;
        counts.serialize_field("flip", &flip)?;
        counts.serialize_field("nudge_one", &nudge_one)?;
        counts.serialize_field("nudge_two", &nudge_two)?;
        counts.serialize_field("swap", &swap)?;
        counts.serialize_field("reroll_die", &reroll_die)?;
        counts.serialize_field("reroll_pool", &reroll_pool)?;
        counts.end()
    }
}

/// Every kind's count, under its name; a missing or unknown kind is an error.
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for CardCounts {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<CardCounts, D::Error> {
        /// The counts by name, in [`Mischief::ALL`] order.
        #[derive(serde::Deserialize)]
        #[serde(rename = "CardCounts", deny_unknown_fields)]
        struct Shape {
            flip: u8,
            nudge_one: u8,
            nudge_two: u8,
            swap: u8,
            reroll_die: u8,
            reroll_pool: u8,
        }
        let Shape {
            flip,
            nudge_one,
            nudge_two,
            swap,
            reroll_die,
            reroll_pool,
        } = Shape::deserialize(deserializer)?;
        Ok(CardCounts([
            flip,
            nudge_one,
            nudge_two,
            swap,
            reroll_die,
            reroll_pool,
        ]))
    }
}

impl fmt::Debug for CardCounts {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.cards()).finish()
    }
}

impl CardCounts {
    /// The standard mix: 5 of each kind (*default, not a printed fact*; see
    /// the ruling "Fayre: the Mischief card mix").
    pub const STANDARD: CardCounts = CardCounts([5; 6]);

    /// These counts, by [`Mischief::index`]; `None` if a count is over 255.
    ///
    /// ```
    /// use fairy_ring::fayre::{CardCounts, Mischief};
    /// let mix = CardCounts::new([6, 6, 6, 4, 4, 4]).unwrap();
    /// assert_eq!(mix.count(Mischief::Swap), 4);
    /// assert_eq!(mix.total(), 30);
    /// ```
    pub fn new(counts: [usize; 6]) -> Option<CardCounts> {
        let mut out = [0u8; 6];
        for (slot, n) in out.iter_mut().zip(counts) {
            *slot = u8::try_from(n).ok()?;
        }
        Some(CardCounts(out))
    }

    /// Cards of `kind`.
    pub fn count(&self, kind: Mischief) -> usize {
        self.0.get(kind.index()).map_or(0, |&n| usize::from(n))
    }

    /// All cards.
    pub fn total(&self) -> usize {
        self.0.iter().map(|&n| usize::from(n)).sum()
    }

    /// Whether there are no cards.
    pub fn is_empty(&self) -> bool {
        self.total() == 0
    }

    /// Adds one card of `kind` (saturating).
    pub fn add(&mut self, kind: Mischief) {
        if let Some(n) = self.0.get_mut(kind.index()) {
            *n = n.saturating_add(1);
        }
    }

    /// Removes one card of `kind`; `false` if there was none.
    pub fn remove(&mut self, kind: Mischief) -> bool {
        match self.0.get_mut(kind.index()) {
            Some(n) if *n > 0 => {
                *n -= 1;
                true
            }
            _ => false,
        }
    }

    /// A bit per kind present (bit [`Mischief::index`]).
    pub(super) fn held(&self) -> u8 {
        // All six counts at once, a byte each: a byte's top bit is set when
        // the byte is not zero (the low seven bits plus 0x7F carry into it,
        // never into the next byte), and one multiplication gathers the top
        // bits into the low six bits of the result.
        let [a, b, c, d, e, f] = self.0;
        let counts = u64::from_le_bytes([a, b, c, d, e, f, 0, 0]);
        const LOW: u64 = 0x7F7F_7F7F_7F7F_7F7F;
        let nonzero = (((counts & LOW) + LOW) | counts) & !LOW;
        ((nonzero >> 7).wrapping_mul(0x0102_0408_1020_4080) >> 56) as u8
    }

    /// The kinds present, in [`Mischief::ALL`] order.
    pub fn kinds(&self) -> impl Iterator<Item = Mischief> + '_ {
        Mischief::ALL.into_iter().filter(|&k| self.count(k) > 0)
    }

    /// Every card, one entry per card, in [`Mischief::ALL`] order.
    pub fn cards(&self) -> impl Iterator<Item = Mischief> + '_ {
        Mischief::ALL
            .into_iter()
            .flat_map(|k| core::iter::repeat_n(k, self.count(k)))
    }

    /// The `n`th card in [`CardCounts::cards`] order.
    pub fn nth(&self, n: usize) -> Option<Mischief> {
        self.cards().nth(n)
    }
}

impl FromIterator<Mischief> for CardCounts {
    fn from_iter<I: IntoIterator<Item = Mischief>>(iter: I) -> Self {
        let mut counts = CardCounts::default();
        for kind in iter {
            counts.add(kind);
        }
        counts
    }
}

#[cfg(test)]
mod tests {
    use super::{CardCounts, Mischief};

    /// The bit trick of `held` gives a bit per kind with a card, for every
    /// count 0, 1, 2, 127, 128 and 255 of each kind.
    #[test]
    fn held_is_a_bit_per_kind_present() {
        const COUNTS: [u8; 6] = [0, 1, 2, 127, 128, 255];
        for code in 0..COUNTS.len().pow(6) {
            let mut counts = [0u8; 6];
            let mut rest = code;
            for slot in &mut counts {
                *slot = COUNTS[rest % COUNTS.len()];
                rest /= COUNTS.len();
            }
            let hand = CardCounts(counts);
            let expected = Mischief::ALL
                .into_iter()
                .filter(|&k| hand.count(k) > 0)
                .fold(0u8, |mask, k| mask | (1 << k.index()));
            assert_eq!(hand.held(), expected, "{counts:?}");
        }
    }
}
