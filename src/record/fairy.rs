//! The canonical encoding of a Fairy position.

use super::encoding::{Canonical, Encoder, fields, in_order};
use crate::fairy::{Card, CharmDeck, Config, Guess, Setup, Stage, Suit, Variant};

fields!(Setup {
    variant,
    deck,
    scores,
    guesses,
    draw_pile,
    discard_pile,
    stage
});
fields!(Config {
    players,
    variant,
    deck
});
fields!(CharmDeck { suits, fairies });
in_order!(Variant, Guess);

/// A card: its number, 1 to 21.
impl Canonical for Card {
    fn encode(&self, to: &mut Encoder) {
        to.u8(self.number());
    }
}

/// A suit: its index.
impl Canonical for Suit {
    fn encode(&self, to: &mut Encoder) {
        to.u8(self.0);
    }
}

/// Main 0; PlayOff 1 and Over 2, then the players.
impl Canonical for Stage {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Stage::Main => to.tag(0),
            Stage::PlayOff(players) => {
                to.tag(1);
                players.encode(to);
            }
            Stage::Over(players) => {
                to.tag(2);
                players.encode(to);
            }
        }
    }
}
