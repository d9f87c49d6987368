//! Fairy: `arbitrary::Arbitrary` for configs, actions and setups (feature
//! `arbitrary`), from seeded random bytes.

use std::collections::BTreeSet;

use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::fairy::{Action, Card, CharmDeck, Config, Guess, Setup, Stage, State, Variant};
use fairy_ring::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// `count` byte buffers of 0 to `max_len` random bytes.
fn buffers(seed: u64, count: usize, max_len: usize) -> Vec<Vec<u8>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    (0..count)
        .map(|_| {
            let len = fairy_ring::rng::index(&mut rng, max_len + 1);
            let mut bytes = vec![0; len];
            rng.fill_bytes(&mut bytes);
            bytes
        })
        .collect()
}

#[test]
fn every_config_is_valid_and_custom_decks_occur() {
    let mut players = BTreeSet::new();
    let (mut custom, mut fifteen, mut fairyless) = (0, 0, 0);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for bytes in buffers(1, 2_000, 64) {
        let mut u = Unstructured::new(&bytes);
        let Ok(config) = Config::arbitrary(&mut u) else {
            panic!("a config from {bytes:?}");
        };
        State::new(&config, &mut rng).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        players.insert(config.players);
        custom += usize::from(config.deck != CharmDeck::default());
        fifteen += usize::from(config.variant == Variant::FifteenPoints);
        fairyless += usize::from(config.deck.fairy_count() == 0);
    }
    assert_eq!(players, (2..=10).collect(), "every player count occurs");
    assert!(custom > 500, "custom decks: {custom}");
    assert!(fifteen > 500, "15-point games: {fifteen}");
    assert!(fairyless > 0, "decks without fairies occur too");
    // No bytes at all: the default config.
    let empty = Config::arbitrary(&mut Unstructured::new(&[]));
    assert_eq!(empty.ok(), Some(Config::default()));
}

#[test]
fn every_action_and_every_card_occurs() {
    let mut guesses = BTreeSet::new();
    let mut cards = BTreeSet::new();
    for bytes in buffers(2, 500, 8) {
        let mut u = Unstructured::new(&bytes);
        if let Ok(action) = Action::arbitrary(&mut u) {
            guesses.insert(action);
        }
        if let Ok(card) = Card::arbitrary(&mut u) {
            cards.insert(card);
        }
    }
    assert_eq!(guesses, Guess::ALL.into_iter().collect());
    assert_eq!(cards, Card::all().collect());
}

/// A setup of a reachable position with one field replaced by arbitrary
/// data, so that some of them are accepted.
fn spliced(base: &Setup, u: &mut Unstructured) -> fairy_ring::arbitrary::Result<Setup> {
    let mut setup = base.clone();
    let whole = Setup::arbitrary(u)?;
    match u.choose_index(7)? {
        0 => setup.scores = whole.scores,
        1 => setup.guesses = whole.guesses,
        2 => setup.draw_pile = whole.draw_pile,
        3 => setup.discard_pile = whole.discard_pile,
        4 => setup.stage = whole.stage,
        5 => setup.deck = whole.deck,
        _ => setup.variant = whole.variant,
    }
    Ok(setup)
}

/// Loads `setup`: never a panic, and an accepted one round-trips.
fn check(setup: &Setup) -> bool {
    match State::from_setup(setup.clone()) {
        Ok(state) => {
            assert_eq!(&state.to_setup(), setup, "the setup round-trips");
            assert_eq!(State::from_setup(state.to_setup()), Ok(state));
            let _ = state.view_for(fairy_ring::Seat::Spectator);
            let _ = state.legal_actions(Player(0));
            true
        }
        Err(_) => false,
    }
}

#[test]
fn arbitrary_setups_never_panic_and_accepted_ones_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let bases: Vec<Setup> = (2..=10)
        .map(|players| {
            let config = Config::new(players).expect("2 to 10");
            State::new(&config, &mut rng).expect("valid").to_setup()
        })
        .collect();
    let (mut accepted, mut refused, mut stages) = (0, 0, BTreeSet::new());
    for (i, bytes) in buffers(4, 4_000, 400).into_iter().enumerate() {
        let mut u = Unstructured::new(&bytes);
        if let Ok(setup) = Setup::arbitrary(&mut u) {
            stages.insert(match setup.stage {
                Stage::Main => 0,
                Stage::PlayOff(_) => 1,
                Stage::Over(_) => 2,
            });
            let ok = check(&setup);
            accepted += u32::from(ok);
            refused += u32::from(!ok);
        }
        let base = &bases[i % bases.len()];
        if let Ok(setup) = spliced(base, &mut Unstructured::new(&bytes)) {
            let ok = check(&setup);
            accepted += u32::from(ok);
            refused += u32::from(!ok);
        }
    }
    assert_eq!(stages.len(), 3, "every stage occurs");
    println!("accepted {accepted}, refused {refused}");
    assert!(accepted > 200, "accepted {accepted}, refused {refused}");
    assert!(refused > 2_000, "accepted {accepted}, refused {refused}");
}
