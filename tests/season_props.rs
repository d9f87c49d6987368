//! Properties over random games played through the public API.

use fairy_ring::season::{Card, Config, DECK_SIZE, State};
use fairy_ring::{Game, Player};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Every one of the 90 cards is in exactly one place: deck, a hand, a Stash or
/// the Swarm.
fn accounted_once(state: &State) -> Result<(), String> {
    let mut seen = [0u8; DECK_SIZE];
    let players = (0..state.num_players()).map(|p| Player(p as u8));
    let places = players
        .clone()
        .flat_map(|p| state.hand(p).iter().chain(state.stash(p)))
        .chain(state.deck())
        .chain(state.swarm());
    for card in places {
        seen[usize::from(card.id())] += 1;
    }
    match Card::all().find(|c| seen[usize::from(c.id())] != 1) {
        Some(card) => Err(format!(
            "{card} seen {} times",
            seen[usize::from(card.id())]
        )),
        None => Ok(()),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// All 90 cards are accounted for exactly once at every step, and the game
    /// ends within its documented bound.
    #[test]
    fn cards_are_conserved_and_games_end(players in 3usize..=5, seed in any::<u64>(), picks in proptest::collection::vec(any::<u16>(), 2000)) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&Config::new(players).map_err(|e| TestCaseError::fail(e.to_string()))?, &mut rng)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        let bound = state.max_game_length();
        let mut steps = 0u32;
        let mut picks = picks.into_iter().cycle();
        while !state.is_over() {
            accounted_once(&state).map_err(TestCaseError::fail)?;
            let to_act: Vec<Player> = state.to_act().iter().collect();
            let pick = usize::from(picks.next().unwrap_or(0));
            let player = to_act[pick % to_act.len()];
            let legal = state.legal_actions(player);
            prop_assert!(!legal.is_empty());
            let action = legal[pick % legal.len()];
            state.apply(player, action, &mut rng).map_err(|e| TestCaseError::fail(e.to_string()))?;
            steps += 1;
            prop_assert!(steps <= bound, "game longer than {bound}");
        }
        accounted_once(&state).map_err(TestCaseError::fail)?;
        let outcome = state.outcome();
        prop_assert!(outcome.is_some_and(|o| !o.winners().is_empty()));
    }

    /// A position survives its plain-data `Setup` and JSON unchanged.
    #[test]
    fn setup_round_trips(players in 3usize..=5, seed in any::<u64>(), steps in 0usize..120) {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&Config::new(players).map_err(|e| TestCaseError::fail(e.to_string()))?, &mut rng)
            .map_err(|e| TestCaseError::fail(e.to_string()))?;
        for _ in 0..steps {
            let Some(player) = state.to_act().lowest() else { break };
            let legal = state.legal_actions(player);
            let action = legal[fairy_ring::rng::index(&mut rng, legal.len())];
            state.apply(player, action, &mut rng).map_err(|e| TestCaseError::fail(e.to_string()))?;
        }
        let back = State::from_setup(state.to_setup());
        prop_assert_eq!(back.as_ref(), Ok(&state));
        let json = serde_json::to_string(&state).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let back: State = serde_json::from_str(&json).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(back, state);
    }

    /// Arbitrary JSON never panics the `Setup` validation.
    #[test]
    fn arbitrary_setup_json_never_panics(bytes in proptest::collection::vec(any::<u8>(), 0..200)) {
        if let Ok(setup) = serde_json::from_slice::<fairy_ring::season::Setup>(&bytes) {
            let _ = State::try_from(setup);
        }
    }
}
