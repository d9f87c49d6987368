//! A Midsummer Night's Fayre: `Arbitrary` configs, actions and setups
//! (feature `arbitrary`), for structure-aware fuzzing.

use std::collections::{BTreeSet, HashSet};

use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::fayre::{
    Action, CardCounts, Config, DieRef, MiniGameCards, PrizePit, RollMode, STANDARD_GOBLIN_DIE,
    STANDARD_MOVE_LIMIT, Setup, State,
};
use fairy_ring::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// `count` random byte buffers of 0 to `max` bytes.
fn buffers(seed: u64, count: usize, max: usize) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let mut bytes = vec![0u8; rng.next_u32() as usize % (max + 1)];
            rng.fill_bytes(&mut bytes);
            bytes
        })
        .collect()
}

#[test]
fn arbitrary_configs_are_valid_and_reach_custom_data() {
    let mut players = BTreeSet::new();
    let mut custom = [0u32; 6];
    for bytes in buffers(1, 2000, 200) {
        let config = Config::arbitrary(&mut Unstructured::new(&bytes)).expect("a config");
        config.validate().expect("a valid config");
        let mut rng = ChaCha8Rng::seed_from_u64(bytes.len() as u64);
        State::new(&config, &mut rng).expect("State::new accepts it");
        players.insert(config.num_players());
        let parts = [
            config.mischief != CardCounts::STANDARD,
            config.mini_games != MiniGameCards::default(),
            config.goblin_die != STANDARD_GOBLIN_DIE,
            config.prize_pit != PrizePit::default(),
            config.rolls == RollMode::Reported,
            config.move_limit != STANDARD_MOVE_LIMIT,
        ];
        for (n, part) in custom.iter_mut().zip(parts) {
            *n += u32::from(part);
        }
    }
    assert_eq!(players, (2..=5).collect(), "every player count");
    assert!(custom.iter().all(|&n| n >= 200), "custom parts {custom:?}");
    // Bytes that run out give the standard game.
    let empty = Config::arbitrary(&mut Unstructured::new(&[])).expect("a config");
    assert_eq!(empty, Config::new(2).expect("2 players"));
}

#[test]
fn arbitrary_actions_reach_every_variant_and_out_of_range_values() {
    let mut variants = HashSet::new();
    let (mut far_booth, mut far_seat) = (false, false);
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut state = State::new(&Config::new(3).expect("3 players"), &mut rng).expect("a game");
    for bytes in buffers(2, 3000, 16) {
        let mut u = Unstructured::new(&bytes);
        let action = Action::arbitrary(&mut u).expect("an action");
        variants.insert(std::mem::discriminant(&action));
        match action {
            Action::Pick(DieRef::Placed { booth, .. } | DieRef::PlacedFairy { booth, .. })
            | Action::PlaceOn { booth, .. } => far_booth |= booth >= 3,
            Action::ChoosePlayer(p) | Action::Pick(DieRef::Pool { owner: p, .. }) => {
                far_seat |= p.0 >= 5
            }
            _ => {}
        }
        // Any action for any seat is answered, never a panic; a refused one
        // leaves the state as it was.
        let player = Player::arbitrary(&mut u).unwrap_or(Player(0));
        let before = state;
        if state.apply(player, action, &mut rng).is_err() {
            assert_eq!(state, before);
        }
        if state.outcome().is_some() {
            state = State::new(&Config::new(3).expect("3 players"), &mut rng).expect("a game");
        }
    }
    assert_eq!(variants.len(), 11, "every Action variant");
    assert!(
        far_booth && far_seat,
        "out-of-range table positions and seats"
    );
}

#[test]
fn arbitrary_setups_never_panic_and_accepted_ones_round_trip() {
    let (mut accepted, mut refused) = (0, 0);
    for bytes in buffers(4, 3000, 400) {
        let Ok(setup) = Setup::arbitrary(&mut Unstructured::new(&bytes)) else {
            continue;
        };
        match State::from_setup(setup.clone()) {
            Ok(state) => {
                accepted += 1;
                assert_eq!(State::from_setup(state.to_setup()), Ok(state));
                let mut rng = ChaCha8Rng::seed_from_u64(5);
                let _ = state.legal_actions(state.to_act().lowest().unwrap_or(Player(0)));
                let mut played = state;
                if let Some(player) = played.to_act().lowest()
                    && let Some(&action) = played.legal_actions(player).first()
                {
                    played
                        .apply(player, action, &mut rng)
                        .expect("a listed action");
                }
            }
            Err(_) => refused += 1,
        }
    }
    assert!(accepted >= 100, "{accepted} accepted");
    assert!(refused >= 100, "{refused} refused");
}
