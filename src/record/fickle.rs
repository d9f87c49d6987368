//! The canonical encoding of a Fickle position.

use super::encoding::{Canonical, Encoder, fields, in_order};
use crate::fickle::{
    AllianceCard, Area, Card, Chain, ChainStep, Config, Direct, Direction, Family, FavorTable,
    LineupEffects, Order, Phase, Resolution, ScoringChoice, Seize, Setup, Step, Target,
};

fields!(Setup {
    config,
    round,
    directions,
    court_crier,
    deck,
    dismiss,
    areas,
    last_revealer,
    phase
});
fields!(Config {
    players,
    families,
    favor,
    direction_tokens,
    first_court_crier
});
fields!(FavorTable { values });
// The copy is private (a card past its Family's ninth cannot be built):
// the same two fields, in the same order, through the accessors.
impl Canonical for Card {
    fn encode(&self, to: &mut Encoder) {
        self.family.encode(to);
        self.copy().encode(to);
    }
}
fields!(Area {
    alliance,
    hand,
    placed,
    discard,
    lineup,
    cursor,
    chosen,
    chosen_seen,
    lineup_seen,
    pending,
    effects
});
fields!(AllianceCard {
    card,
    active,
    scoring
});
fields!(LineupEffects {
    blinded,
    psychic,
    reduced
});
fields!(Seize { user, source });
fields!(Direct {
    user,
    source,
    power,
    aim,
    own,
    target,
    concealed,
    reflect_target,
    against,
    step
});
fields!(Chain {
    user,
    source,
    avoided,
    picks,
    step
});
in_order!(Direction, Family);

/// The players in resolution order, as a list.
impl Canonical for Order {
    fn encode(&self, to: &mut Encoder) {
        to.list(self.as_slice());
    }
}

/// Paired 0, then the Familiar if any; As 1, then the Family.
impl Canonical for ScoringChoice {
    fn encode(&self, to: &mut Encoder) {
        match self {
            ScoringChoice::Paired(card) => {
                to.tag(0);
                card.encode(to);
            }
            ScoringChoice::As(family) => {
                to.tag(1);
                family.encode(to);
            }
        }
    }
}

/// A tag in declaration order (Opening 0 ... Over 6), then the fields in
/// order.
impl Canonical for Phase {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Phase::Opening => to.tag(0),
            Phase::StartRound { queue, seize } => {
                to.tag(1);
                queue.encode(to);
                seize.encode(to);
            }
            Phase::Lineup => to.tag(2),
            Phase::Selection => to.tag(3),
            Phase::Powers {
                order,
                next,
                resolution,
            } => {
                to.tag(4);
                order.encode(to);
                next.encode(to);
                resolution.encode(to);
            }
            Phase::Scoring => to.tag(5),
            Phase::Over { winner } => {
                to.tag(6);
                winner.encode(to);
            }
        }
    }
}

/// Direct 0 or Chain 1, then the resolution.
impl Canonical for Resolution {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Resolution::Direct(direct) => {
                to.tag(0);
                direct.encode(to);
            }
            Resolution::Chain(chain) => {
                to.tag(1);
                chain.encode(to);
            }
        }
    }
}

/// Card 0 or Player 1, then it.
impl Canonical for Target {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Target::Card(card) => {
                to.tag(0);
                card.encode(to);
            }
            Target::Player(player) => {
                to.tag(1);
                player.encode(to);
            }
        }
    }
}

/// A tag in declaration order (Copy 0 ... Reflect 7), then the fields in
/// order.
impl Canonical for Step {
    fn encode(&self, to: &mut Encoder) {
        match self {
            Step::Copy => to.tag(0),
            Step::Own => to.tag(1),
            Step::Aim => to.tag(2),
            Step::Window { responder, passed } => {
                to.tag(3);
                responder.encode(to);
                passed.encode(to);
            }
            Step::Redirect { deflector } => {
                to.tag(4);
                deflector.encode(to);
            }
            Step::Conceal { holder } => {
                to.tag(5);
                holder.encode(to);
            }
            Step::Guess => to.tag(6),
            Step::Reflect { player } => {
                to.tag(7);
                player.encode(to);
            }
        }
    }
}

/// Avoid 0, then the responder and who passed; Pick 1.
impl Canonical for ChainStep {
    fn encode(&self, to: &mut Encoder) {
        match self {
            ChainStep::Avoid { responder, passed } => {
                to.tag(0);
                responder.encode(to);
                passed.encode(to);
            }
            ChainStep::Pick => to.tag(1),
        }
    }
}
