//! The canonical encoding of a Fairy Season position.

use super::encoding::{Canonical, Encoder, fields, in_order};
use crate::season::{
    Ability, Card, CardSet, Direction, Goblin, GoblinEffect, Phase, Season, Setup,
};

fields!(Setup {
    cards,
    deck,
    hands,
    stashes,
    chosen,
    swarm,
    last_played,
    phase
});
fields!(Ability { draw, stash });
in_order!(Direction);

/// A card: its identity, one byte.
impl Canonical for Card {
    fn encode(&self, to: &mut Encoder) {
        to.u8(self.id());
    }
}

/// Every Season Fairy's ability, Spring 1 to Winter 8, then every Goblin's
/// effect in rulebook order.
impl Canonical for CardSet {
    fn encode(&self, to: &mut Encoder) {
        for season in Season::ALL {
            for number in 1..=8 {
                self.ability(season, number).unwrap_or_default().encode(to);
            }
        }
        for goblin in Goblin::ALL {
            self.goblin(goblin).encode(to);
        }
    }
}

/// A tag in declaration order (Draw 0 ... SwapHands 6), then the amount.
impl Canonical for GoblinEffect {
    fn encode(&self, to: &mut Encoder) {
        let (tag, amount) = match *self {
            GoblinEffect::Draw(n) => (0, Some(n)),
            GoblinEffect::StashFromHand(n) => (1, Some(n)),
            GoblinEffect::GrabFromSwarm(n) => (2, Some(n)),
            GoblinEffect::StealFromStash(n) => (3, Some(n)),
            GoblinEffect::PlayFromStash => (4, None),
            GoblinEffect::PassAround(n) => (5, Some(n)),
            GoblinEffect::SwapHands => (6, None),
        };
        to.tag(tag);
        if let Some(n) = amount {
            to.u8(n);
        }
    }
}

/// A tag in declaration order (Turn 0 ... Over 9), then the fields in order.
impl Canonical for Phase {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Phase::Turn { player } => {
                to.tag(0);
                player.encode(to);
            }
            Phase::Stashing {
                player,
                left,
                bonus,
            } => {
                to.tag(1);
                player.encode(to);
                left.encode(to);
                bonus.encode(to);
            }
            Phase::Bonus { player } => {
                to.tag(2);
                player.encode(to);
            }
            Phase::Robbing { player } => {
                to.tag(3);
                player.encode(to);
            }
            Phase::Stealing { player, count } => {
                to.tag(4);
                player.encode(to);
                count.encode(to);
            }
            Phase::Swapping { player } => {
                to.tag(5);
                player.encode(to);
            }
            Phase::Aiming { player, count } => {
                to.tag(6);
                player.encode(to);
                count.encode(to);
            }
            Phase::Passing {
                player,
                direction,
                count,
            } => {
                to.tag(7);
                player.encode(to);
                direction.encode(to);
                count.encode(to);
            }
            Phase::RoyalWindow { flunker, asked } => {
                to.tag(8);
                flunker.encode(to);
                asked.encode(to);
            }
            Phase::Over { winners } => {
                to.tag(9);
                winners.encode(to);
            }
        }
    }
}
