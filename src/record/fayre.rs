//! The canonical encoding of an A Midsummer Night's Fayre position.

use super::encoding::{Canonical, Encoder, fields, in_order};
use crate::fayre::{
    Booth, CardCounts, Config, DieRef, Face, GoblinFace, MiniGame, MiniGameCard, MiniGameCards,
    Mischief, Phase, PitDie, PlacedDie, PrizePit, PrizeSquare, RollMode, Setup,
};

fields!(Setup {
    config,
    current,
    phase,
    queue,
    scores,
    pools,
    hands,
    fairy_pool,
    booths,
    mini_game_deck,
    removed,
    finished,
    mischief_deck,
    mischief_discard,
    moves_since_scoring
});
fields!(Config {
    players,
    mini_games,
    mischief,
    goblin_die,
    prize_pit,
    rolls,
    move_limit
});
fields!(MiniGameCard {
    magic,
    fairy_spaces,
    player_spaces
});
fields!(PrizePit {
    squares,
    bounce_out,
    dragon,
    floor
});
fields!(PrizeSquare { points, weight });
fields!(Booth {
    game,
    fairy,
    spaces
});
fields!(PlacedDie { owner, face });
in_order!(MiniGame, Mischief, PitDie, RollMode);

/// A die face: its pips, 1 to 6.
impl Canonical for Face {
    fn encode(&self, to: &mut Encoder) {
        to.u8(self.value());
    }
}

/// Every Mini Game's card in rulebook order (always all of them: no length).
impl Canonical for MiniGameCards {
    fn encode(&self, to: &mut Encoder) {
        for (_, card) in self.iter() {
            card.encode(to);
        }
    }
}

/// The count of each kind of Mischief card, in declaration order.
impl Canonical for CardCounts {
    fn encode(&self, to: &mut Encoder) {
        for kind in Mischief::ALL {
            to.usize(self.count(kind));
        }
    }
}

/// Number 0, then the face; Goblin 1.
impl Canonical for GoblinFace {
    fn encode(&self, to: &mut Encoder) {
        match self {
            GoblinFace::Number(face) => {
                to.tag(0);
                face.encode(to);
            }
            GoblinFace::Goblin => to.tag(1),
        }
    }
}

/// A tag in declaration order (Pool 0 ... PlacedFairy 3), then the fields in
/// order.
impl Canonical for DieRef {
    fn encode(&self, to: &mut Encoder) {
        match self {
            DieRef::Pool { owner, face } => {
                to.tag(0);
                owner.encode(to);
                face.encode(to);
            }
            DieRef::FairyPool { face } => {
                to.tag(1);
                face.encode(to);
            }
            DieRef::Placed { booth, space } => {
                to.tag(2);
                booth.encode(to);
                space.encode(to);
            }
            DieRef::PlacedFairy { booth, space } => {
                to.tag(3);
                booth.encode(to);
                space.encode(to);
            }
        }
    }
}

/// A tag in declaration order (Mischief 0 ... Over 9), then the fields in
/// order.
impl Canonical for Phase {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Phase::Mischief => to.tag(0),
            Phase::Target { card } => {
                to.tag(1);
                card.encode(to);
            }
            Phase::SwapWith { first } => {
                to.tag(2);
                first.encode(to);
            }
            Phase::Shift { card, die } => {
                to.tag(3);
                card.encode(to);
                die.encode(to);
            }
            Phase::Dice => to.tag(4),
            Phase::Destination { die } => {
                to.tag(5);
                die.encode(to);
            }
            Phase::PrizePit { player, die } => {
                to.tag(6);
                player.encode(to);
                die.encode(to);
            }
            Phase::Steal { thief } => {
                to.tag(7);
                thief.encode(to);
            }
            Phase::Discard { player } => {
                to.tag(8);
                player.encode(to);
            }
            Phase::Over => to.tag(9),
        }
    }
}
