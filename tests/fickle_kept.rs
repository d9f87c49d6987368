//! A kept Fairy comes from its owner's stack: `from_setup` refuses one that
//! was never there (moved to another player, or swapped with a card of the
//! deck), and names a card as it was given.

use fairy_ring::fickle::{Card, Config, Family, Phase, Setup, SetupError, State};
use fairy_ring::{Game, Player};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The position after `steps` random legal actions of a game (or its end),
/// then on to the next position where someone keeps a Fairy (if any).
fn walk(players: usize, seed: u64, steps: usize) -> State {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let config = Config::new(players).expect("a player count Fickle seats");
    let mut state = State::new(&config, &mut rng).expect("a new game");
    for step in 0.. {
        if step >= steps && !keepers(&state.to_setup()).is_empty() {
            break;
        }
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let legal = state.legal_actions(player);
        let action = legal[(rng.next_u64() % legal.len() as u64) as usize];
        state
            .apply(player, action, &mut rng)
            .expect("a legal action");
    }
    state
}

/// The players with a kept Fairy face down (or known) in `setup`.
fn keepers(setup: &Setup) -> Vec<usize> {
    (0..setup.areas.len())
        .filter(|&i| setup.areas[i].chosen.is_some())
        .collect()
}

/// Whether `error` is the refusal of a kept Fairy that was never in its
/// owner's stack.
fn refused_as_not_in_stack(result: &Result<State, SetupError>) -> bool {
    matches!(result, Err(SetupError::KeptNotInStack { .. }))
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 400, max_global_rejects: 4_000, ..ProptestConfig::default() })]

    /// Kept Fairies handed to players who never had them: two keepers
    /// trade their kept Fairies, or a keeper's Fairy trades places with a
    /// card of the deck or of the Dismiss pile. Every card is still once in
    /// the game, but no stack held the new kept Fairy: refused.
    #[test]
    fn a_kept_fairy_from_outside_the_stack_is_refused(
        players in 3usize..=5,
        seed in 0u64..1_000_000,
        steps in 0usize..150,
        edit in 0u8..3,
        pick in any::<u64>(),
    ) {
        let state = walk(players, seed, steps);
        let setup = state.to_setup();
        let keepers = keepers(&setup);
        prop_assume!(!keepers.is_empty());
        // The real position is accepted as it is.
        let rebuilt = State::from_setup(setup);
        prop_assert_eq!(rebuilt.as_ref(), Ok(&state));
        let mut edited = setup;
        let a = keepers[(pick % keepers.len() as u64) as usize];
        let kept = edited.areas[a].chosen.expect("a keeper");
        let lineup = edited.areas[a].lineup;
        let in_pile = edited.dismiss.iter().position(|c| !lineup.contains(c));
        let b = keepers[((pick / 7 + 1) % keepers.len() as u64) as usize];
        match edit {
            0 if a != b => {
                // Two keepers trade.
                edited.areas[a].chosen = edited.areas[b].chosen;
                edited.areas[b].chosen = Some(kept);
            }
            1 | 0 if !edited.deck.is_empty() => {
                // With a card of the deck.
                let i = (pick / 3 % edited.deck.len() as u64) as usize;
                edited.areas[a].chosen = Some(edited.deck[i]);
                edited.deck[i] = kept;
            }
            _ => {
                // With a card of the Dismiss pile that was not in this stack.
                let Some(i) = in_pile else {
                    return Err(TestCaseError::reject("no card to trade with"));
                };
                edited.areas[a].chosen = Some(edited.dismiss[i]);
                edited.dismiss[i] = kept;
            }
        }
        let result = State::from_setup(edited);
        prop_assert!(
            refused_as_not_in_stack(&result),
            "accepted or refused otherwise: {:?}",
            result.map(|_| ())
        );
    }
}

/// The error names the player and the card in plain words.
#[test]
fn the_refusal_names_the_player_and_the_card() {
    let mut seed = 0;
    let (state, setup) = loop {
        let state = walk(3, seed, 60);
        let setup = state.to_setup();
        if matches!(setup.phase, Phase::Selection | Phase::Powers { .. })
            && keepers(&setup).len() >= 2
        {
            break (state, setup);
        }
        seed += 1;
        assert!(seed < 2_000, "no position with two kept Fairies");
    };
    assert!(State::from_setup(setup).is_ok(), "{state:?}");
    let keepers = keepers(&setup);
    let (a, b) = (keepers[0], keepers[1]);
    let mut edited = setup;
    edited.areas[a].chosen = setup.areas[b].chosen;
    edited.areas[b].chosen = setup.areas[a].chosen;
    let error = State::from_setup(edited).expect_err("a kept Fairy from another stack");
    let card = edited.areas[a].chosen.expect("a kept Fairy");
    assert_eq!(
        error,
        SetupError::KeptNotInStack {
            player: Player(a as u8),
            card
        }
    );
    assert_eq!(
        error.to_string(),
        format!(
            "player {} keeps {card}, which was not in their stack this round",
            a + 1
        )
    );
}

/// A card with a copy past a Family's nine is refused where it is given,
/// named as it was written: the copy as typed, however large.
#[test]
fn a_card_past_the_ninth_is_named_as_given() {
    assert_eq!(Card::new(Family::Reflect, 200), None);
    for copy in ["200", "300", "99999999999"] {
        let text = format!(r#"{{"family": "reflect", "copy": {copy}}}"#);
        let error = serde_json::from_str::<Card>(&text).expect_err("no such card");
        let message = error.to_string();
        assert!(
            message.starts_with(&format!("Reflect has no card {copy}:")),
            "{message}"
        );
        assert!(!message.contains("Reflect 0"), "{message}");
    }
}
