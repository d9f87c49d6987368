//! Helpers shared by the Fairy Season tests.
#![allow(dead_code)]

use fairy_ring::season::{Action, Card, Event, Phase, State};
use fairy_ring::{Events, Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The card named as players say it: `c("Spring 3")` is the first Spring 3,
/// `c("Spring 3 #2")` the second.
pub fn c(name: &str) -> Card {
    Card::parse(name).unwrap_or_else(|e| panic!("{name:?}: {e}"))
}

/// Several cards by name.
pub fn cards<const N: usize>(names: [&str; N]) -> [Card; N] {
    names.map(c)
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

/// Plays the card named from `player`'s hand.
pub fn play(state: &mut State, player: u8, name: &str) -> Events<Event> {
    act(state, player, Action::Play(c(name)))
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

/// Passes for everyone asked in the Royal window.
pub fn close_window(state: &mut State) {
    while let Phase::RoyalWindow { asked, .. } = state.phase() {
        act(state, asked.0, Action::Pass);
    }
}
