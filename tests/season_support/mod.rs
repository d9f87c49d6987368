//! Helpers shared by the Fairy Season tests.
#![allow(dead_code)]

use fairy_ring::season::{
    Action, Card, Event, Goblin, Phase, Royal, Season, Setup, SetupError, State,
};
use fairy_ring::{Events, Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

pub use Season::{Autumn, Spring, Summer, Winter};

/// Copy `copy` of a Season Fairy.
pub fn sf(season: Season, number: u8, copy: u8) -> Card {
    Card::season(season, number, copy).expect("a Season Fairy")
}

/// Copy `copy` of a Goblin.
pub fn goblin(kind: Goblin, copy: u8) -> Card {
    Card::goblin(kind, copy).expect("a Goblin")
}

/// Trap `n`.
pub fn trap(n: u8) -> Card {
    Card::trap(n).expect("a Trap")
}

/// A Royal Fairy.
pub fn royal(r: Royal) -> Card {
    Card::royal(r)
}

/// A position from `hands` (and optionally edited further), the deck holding
/// every other card in identity order.
pub fn position(hands: &[&[Card]], edit: impl FnOnce(&mut Setup)) -> Result<State, SetupError> {
    let mut setup = Setup::new(hands.len());
    for (slot, hand) in setup.hands.iter_mut().zip(hands) {
        slot.extend(hand.iter().copied());
    }
    edit(&mut setup);
    setup.fill_deck();
    State::try_from(setup)
}

/// A fixed RNG (Fairy Season's `apply` never uses it).
pub fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

/// Applies an action that must be legal.
pub fn act(state: &mut State, player: u8, action: Action) -> Events<Event> {
    let player = Player(player);
    assert!(
        state.legal_actions(player).contains(&action),
        "{action:?} of {player} not legal in {:?}; legal: {:?}",
        state.phase(),
        state.legal_actions(player)
    );
    state
        .apply(player, action, &mut rng())
        .unwrap_or_else(|e| panic!("{action:?} refused: {e}"))
}

/// Whose decision it is, for single-actor phases.
pub fn actor(state: &State) -> Option<Player> {
    match state.phase() {
        Phase::Turn { player }
        | Phase::Stashing { player, .. }
        | Phase::Bonus { player }
        | Phase::Robbing { player }
        | Phase::Stealing { player, .. }
        | Phase::Swapping { player }
        | Phase::Aiming { player, .. } => Some(player),
        Phase::RoyalWindow { asked, .. } => Some(asked),
        _ => None,
    }
}

/// Finishes a Season Fairy's ability and bonus: stashes the first hand cards
/// not in `keep`, and skips the bonus.
pub fn settle(state: &mut State, keep: &[Card]) {
    loop {
        match state.phase() {
            Phase::Stashing { player, .. } => {
                let card = state
                    .hand(player)
                    .iter()
                    .copied()
                    .find(|c| !keep.contains(c))
                    .or_else(|| state.hand(player).first().copied())
                    .expect("stashing needs a card in hand");
                act(state, player.0, Action::Stash(card));
            }
            Phase::Bonus { player } => {
                act(state, player.0, Action::SkipBonus);
            }
            _ => return,
        }
    }
}

/// The Swarm as a list of cards.
pub fn swarm(state: &State) -> Vec<Card> {
    state.swarm().to_vec()
}
