//! Properties of random games of Fairy Prank: sheets only grow, every round
//! scores at least one point, every game ends within its documented bound,
//! and an action is accepted exactly when it is listed.

use fairy_ring::prank::{Action, Config, Event, Item, Rules, State, Variant};
use fairy_ring::{Game, Player};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn config(players: usize, beginner: bool) -> Config {
    let variant = if beginner && players >= 3 {
        Variant::Beginner
    } else {
        Variant::Standard
    };
    Config::new(players).unwrap().with_variant(variant)
}

fn total(state: &State) -> fairy_ring::Score {
    state.sheets().iter().map(|s| s.total()).sum()
}

fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        any::<u8>().prop_map(|i| Action::Select(Item(i % 12))),
        Just(Action::EndSelection),
        any::<u8>().prop_map(|i| Action::Remove(Item(i % 12))),
        Just(Action::DoneHiding),
        any::<u8>().prop_map(|i| Action::Guess(Item(i % 12))),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    #[test]
    fn sheets_grow_rounds_score_and_games_end(
        players in 2usize..=6,
        beginner in any::<bool>(),
        seed in any::<u64>(),
        choices in proptest::collection::vec(any::<u8>(), 0..400),
    ) {
        let config = config(players, beginner);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&config, &mut rng).unwrap();
        let bound = state.max_game_length();
        let mut steps = 0u32;
        let mut round_start_total = 0;
        let mut choices = choices.into_iter().chain((0u32..).map(|i| (i.wrapping_mul(2_654_435_761) >> 24) as u8));
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            prop_assert!(!legal.is_empty());
            let pick = usize::from(choices.next().unwrap_or(0)) % legal.len();
            let before = state;
            let events = state.apply(player, legal[pick], &mut rng).unwrap();
            steps += 1;
            prop_assert!(steps <= bound, "game longer than {bound}");
            for (old, new) in before.sheets().iter().zip(state.sheets()) {
                for (o, n) in old.marks.iter().zip(&new.marks) {
                    prop_assert!(n >= o, "a mark disappeared");
                }
            }
            if events.iter().any(|e| matches!(e, Event::GuessingEnded { .. })) {
                if state.rules() != Rules::TwoPlayer {
                    prop_assert!(total(&state) > round_start_total, "a round scored nothing");
                }
                round_start_total = total(&state);
            }
        }
        prop_assert!(state.outcome().is_some());
    }

    #[test]
    fn an_action_is_accepted_exactly_when_listed(
        players in 2usize..=6,
        beginner in any::<bool>(),
        seed in any::<u64>(),
        steps in 0usize..60,
        probe in any_action(),
        seat in 0u8..8,
    ) {
        let config = config(players, beginner);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&config, &mut rng).unwrap();
        for _ in 0..steps {
            let Some(player) = state.to_act().lowest() else { break };
            let legal = state.legal_actions(player);
            let pick = fairy_ring::rng::index(&mut rng, legal.len());
            state.apply(player, legal[pick], &mut rng).unwrap();
        }
        let listed = state.legal_actions(Player(seat)).contains(&probe);
        let mut copy = state;
        let result = copy.apply(Player(seat), probe, &mut rng);
        prop_assert_eq!(result.is_ok(), listed);
        if result.is_err() {
            prop_assert_eq!(copy, state);
        }
    }
}

/// The bound of `max_game_length` is the formula the module docs state
/// (`src/prank/mod.rs`, "Limits"): with `n` players and `k` items and
/// `M = 2 min(k, 5) n + 1` guesses at most, `M (2k + 2)` actions for the full
/// game, `M (k + 1)` for the beginner game, `k (k + 1) - 2` for 2 players.
/// With the printed ten items, `M = 10n + 1`.
#[test]
fn the_game_length_bound_is_the_documented_formula() {
    use fairy_ring::prank::Treasures;
    let names = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
    ];
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for k in 3..=16u32 {
        let treasures = Treasures::new(names[..k as usize].iter().copied()).unwrap();
        for players in 2..=6u32 {
            for beginner in [false, true] {
                let config = config(players as usize, beginner).with_treasures(treasures);
                let state = State::new(&config, &mut rng).unwrap();
                let m = 2 * k.min(5) * players + 1;
                let expected = match state.rules() {
                    Rules::Standard => m * (2 * k + 2),
                    Rules::Beginner => m * (k + 1),
                    Rules::TwoPlayer => k * (k + 1) - 2,
                };
                assert_eq!(state.max_game_length(), expected, "n={players} k={k}");
            }
        }
    }
    // The printed items: (10n + 1)(2k + 2) and (10n + 1)(k + 1), k = 10.
    let four = State::new(&Config::new(4).unwrap(), &mut rng).unwrap();
    assert_eq!(four.max_game_length(), 41 * 22);
    let beginner = State::new(&config(4, true), &mut rng).unwrap();
    assert_eq!(beginner.max_game_length(), 41 * 11);
}
