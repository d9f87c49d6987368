//! Helpers for Fickle scenario tests; positions come from `fickle::PositionBuilder`.
#![allow(dead_code)]

use fairy_ring::fickle::{Action, Card, Config, Event, Family, Phase, PositionBuilder, State};
use fairy_ring::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The card named `name` ("Noble 4", "Noble 4'", "Pariah -2").
pub fn card(name: &str) -> Card {
    Card::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

pub fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(99)
}

/// A builder for a game of `players` with `families`.
pub fn pos(players: usize, families: [Family; 5]) -> PositionBuilder {
    PositionBuilder::new(Config::with_families(players, families).expect("a valid config"))
}

/// Every player still selecting keeps their top card.
pub fn keep_all(mut state: State) -> (State, Vec<Event>) {
    let mut rng = rng();
    let mut events = Vec::new();
    for p in state.to_act() {
        events.extend(state.apply(p, Action::Keep, &mut rng).expect("keep"));
    }
    (state, events)
}

/// Applies `action` for `p`, panicking with the state on refusal.
pub fn play(state: &mut State, p: u8, action: Action) -> Vec<Event> {
    let mut rng = rng();
    match state.apply(Player(p), action, &mut rng) {
        Ok(events) => events.to_vec(),
        Err(e) => panic!(
            "{action:?} by {p} refused: {e}\nlegal: {:?}\nphase: {:?}",
            state.legal_actions(Player(p)),
            state.phase()
        ),
    }
}

pub fn cards_of(state: &State, p: u8) -> Vec<Card> {
    state.alliance(Player(p)).iter().map(|ac| ac.card).collect()
}

pub fn legal(state: &State, p: u8) -> Vec<Action> {
    state.legal_actions(Player(p)).to_vec()
}

/// Every player who must act passes or takes the first legal action until
/// the Fairy Powers phase is over (for tests that only care about the result).
pub fn settle_powers(state: &mut State) {
    for _ in 0..200 {
        if !matches!(state.phase(), Phase::Powers { .. }) {
            return;
        }
        let Some(p) = state.to_act().lowest() else {
            return;
        };
        let legal = state.legal_actions(p);
        let action = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        play(state, p.0, action);
    }
}

/// Every player other than `p` who is still selecting keeps their top card
/// (Selection is simultaneous: decisions are carried out once all are in).
pub fn others_keep(state: &mut State, p: u8) -> Vec<Event> {
    others_decide(state, p, Action::Keep)
}

/// Every player other than `p` who is still selecting plays `action`.
pub fn others_decide(state: &mut State, p: u8, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    for other in state.to_act() {
        if other.0 != p && matches!(state.phase(), Phase::Selection) {
            events.extend(play(state, other.0, action));
        }
    }
    events
}
