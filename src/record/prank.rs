//! The canonical encoding of a Fairy Prank position.

use super::encoding::{Canonical, Encoder, fields, in_order};
use crate::prank::{BoxSound, Config, Items, Phase, Setup, Sheet, Treasures, Variant};

fields!(Setup {
    config,
    round,
    starting_player,
    phase,
    in_box,
    removed,
    guessed_right,
    guessed_wrong,
    sheets
});
fields!(Config {
    players,
    variant,
    treasures,
    box_sound
});
fields!(Sheet { marks });
in_order!(Variant, BoxSound);

/// The item names, in item order: their count, then each name's length and
/// UTF-8 bytes.
impl Canonical for Treasures {
    fn encode(&self, to: &mut Encoder) {
        let names = self.names();
        to.usize(names.len());
        for name in names {
            to.text(name);
        }
    }
}

/// A set of items: bit `i` for item `i`, 2 bytes.
impl Canonical for Items {
    fn encode(&self, to: &mut Encoder) {
        to.u16(self.bits());
    }
}

/// Selection 0; Hiding 1 and Guessing 2, then the Fairy; Over 3, then the
/// winners.
impl Canonical for Phase {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Phase::Selection => to.tag(0),
            Phase::Hiding { fairy } => {
                to.tag(1);
                fairy.encode(to);
            }
            Phase::Guessing { fairy } => {
                to.tag(2);
                fairy.encode(to);
            }
            Phase::Over { winners } => {
                to.tag(3);
                winners.encode(to);
            }
        }
    }
}
