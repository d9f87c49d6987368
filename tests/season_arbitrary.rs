//! `arbitrary::Arbitrary` for Fairy Season's configs, actions and setups,
//! from seeded random byte buffers.

use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::season::{Action, CardSet, Config, Setup, State};
use fairy_ring::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Random bytes, of a random length up to `max`.
fn bytes(rng: &mut ChaCha8Rng, max: usize) -> Vec<u8> {
    let len = rng.next_u32() as usize % (max + 1);
    let mut data = vec![0u8; len];
    rng.fill_bytes(&mut data);
    data
}

#[test]
fn every_arbitrary_config_is_valid_and_custom_data_occurs() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut counts = [0u32; 6];
    let mut custom = 0u32;
    let mut custom_goblins = 0u32;
    let mut kinds = std::collections::HashSet::new();
    for _ in 0..2_000 {
        let data = bytes(&mut rng, 200);
        let config = Config::arbitrary(&mut Unstructured::new(&data)).expect("a config");
        config.validate().expect("valid");
        let state = State::new(&config, &mut rng).expect("State::new accepts it");
        assert_eq!(state.num_players(), usize::from(config.players));
        counts[usize::from(config.players)] += 1;
        custom += u32::from(config.cards != CardSet::default());
        let default = CardSet::default();
        for &g in &fairy_ring::season::Goblin::ALL {
            if config.cards.goblin(g) != default.goblin(g) {
                kinds.insert(std::mem::discriminant(&config.cards.goblin(g)));
            }
        }
        custom_goblins += u32::from(
            fairy_ring::season::Goblin::ALL
                .iter()
                .any(|&g| config.cards.goblin(g) != default.goblin(g)),
        );
    }
    assert!(counts[3..=5].iter().all(|&n| n > 300), "{counts:?}");
    assert!(custom > 500, "custom card data too rare: {custom}");
    // Every kind of effect (`GoblinEffect::ALL`) is generated as a change.
    assert_eq!(kinds.len(), fairy_ring::season::GoblinEffect::ALL.len());
    assert!(
        custom_goblins > 300,
        "custom Goblins too rare: {custom_goblins}"
    );
    // No bytes: the defaults.
    assert_eq!(
        Config::arbitrary(&mut Unstructured::new(&[])).expect("a config"),
        Config::new(3).expect("players")
    );
}

#[test]
fn arbitrary_card_sets_are_mostly_valid_and_sometimes_out_of_range() {
    let mut rng = ChaCha8Rng::seed_from_u64(14);
    let (mut valid, mut custom, mut invalid) = (0u32, 0u32, 0u32);
    for _ in 0..2_000 {
        let data = bytes(&mut rng, 100);
        let cards = CardSet::arbitrary(&mut Unstructured::new(&data)).expect("a card set");
        match cards.validate() {
            Ok(()) => {
                valid += 1;
                custom += u32::from(cards != CardSet::default());
            }
            Err(_) => invalid += 1,
        }
    }
    assert!(valid > 1_500, "valid: {valid}");
    assert!(custom > 500, "custom: {custom}");
    assert!(invalid > 50, "out of range: {invalid}");
}

/// Which variant, by an exhaustive match (a new variant must be added here).
fn variant(action: &Action) -> usize {
    match action {
        Action::Play(_) => 0,
        Action::Flunk => 1,
        Action::Pass => 2,
        Action::Stash(_) => 3,
        Action::BonusDraw => 4,
        Action::SkipBonus => 5,
        Action::RobFrom(_) => 6,
        Action::StealFrom(_) => 7,
        Action::SwapWith(_) => 8,
        Action::PassTo(_) => 9,
        Action::Give(_) => 10,
    }
}

#[test]
fn arbitrary_actions_reach_every_variant_and_any_seat_and_are_judged_exactly() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut seen = [0u32; 11];
    let mut far_seats = 0u32;
    let mut accepted = 0u32;
    let mut state = State::new(&Config::new(4).expect("players"), &mut rng).expect("state");
    for _ in 0..20_000 {
        if state.is_over() {
            state = State::new(&Config::new(4).expect("players"), &mut rng).expect("state");
        }
        let data = bytes(&mut rng, 8);
        let mut u = Unstructured::new(&data);
        let (player, action) = <(Player, Action)>::arbitrary(&mut u).expect("an action");
        seen[variant(&action)] += 1;
        far_seats += u32::from(matches!(
            action,
            Action::RobFrom(p) | Action::StealFrom(p) | Action::SwapWith(p) if p.0 >= 5
        ));
        let player = if state.to_act().contains(player) || rng.next_u32() % 2 == 0 {
            player
        } else {
            state.to_act().lowest().unwrap_or(player)
        };
        let legal = state.legal_actions(player).contains(&action);
        let before = state;
        match state.apply(player, action, &mut rng) {
            Ok(_) => {
                assert!(legal, "{action:?} of {player:?} accepted but not listed");
                accepted += 1;
            }
            Err(_) => {
                assert!(!legal, "{action:?} of {player:?} listed but refused");
                assert_eq!(state, before, "a refusal changed the state");
            }
        }
        // Keep games moving with a listed action now and then.
        if rng.next_u32() % 3 == 0
            && let Some(p) = state.to_act().lowest()
        {
            let list = state.legal_actions(p);
            let pick = list[rng.next_u32() as usize % list.len()];
            state.apply(p, pick, &mut rng).expect("listed");
        }
    }
    assert!(seen.iter().all(|&n| n > 100), "variants: {seen:?}");
    assert!(far_seats > 100, "seats off the table: {far_seats}");
    assert!(accepted > 10, "accepted: {accepted}");
}

/// Keeps the first copy of every card, then puts the missing cards in the
/// deck; one slot of each kind per player; valid card data: a structurally
/// generated setup that `from_setup` may accept.
fn repaired(mut setup: Setup) -> Setup {
    while setup.hands.len() < 3 {
        setup.hands.push(Default::default());
    }
    let n = setup.hands.len();
    setup.stashes.truncate(n);
    while setup.stashes.len() < n {
        setup.stashes.push(Default::default());
    }
    setup.chosen = (0..n).map(|_| Default::default()).collect();
    if setup.cards.validate().is_err() {
        setup.cards = CardSet::default();
    }
    let mut seen = [false; 90];
    let mut keep = |card: &fairy_ring::season::Card| {
        let slot = &mut seen[usize::from(card.id())];
        !std::mem::replace(slot, true)
    };
    setup.swarm.retain(|c| keep(c));
    for stash in &mut setup.stashes {
        stash.retain(|c| keep(c));
    }
    for hand in &mut setup.hands {
        hand.retain(|c| keep(c));
    }
    setup.deck.retain(|c| keep(c));
    setup.fill_deck();
    setup
}

/// A position reached in a random game with one part replaced by the same
/// part of `other`: close to valid, so `from_setup`'s checks are exercised.
fn spliced(base: &Setup, other: &Setup, part: u32) -> Setup {
    let mut setup = base.clone();
    match part % 8 {
        0 => setup.phase = other.phase,
        1 => setup.last_played = other.last_played,
        2 => setup.chosen = other.chosen.clone(),
        3 => setup.cards = other.cards,
        4 => setup.swarm = other.swarm.clone(),
        5 => setup.hands = other.hands.clone(),
        6 => setup.stashes = other.stashes.clone(),
        _ => {
            setup.phase = other.phase;
            setup.last_played = other.last_played;
        }
    }
    setup
}

fn check_setup(setup: Setup) -> bool {
    let Ok(state) = State::from_setup(setup.clone()) else {
        return false;
    };
    let again = state.to_setup();
    assert_eq!(again, setup, "an accepted setup is the state's setup");
    let rebuilt = State::from_setup(again.clone()).expect("a state's own setup is accepted");
    assert_eq!(rebuilt, state, "round trip");
    assert_eq!(rebuilt.to_setup(), again);
    // It is a position the engine can continue from.
    if let Some(p) = state.to_act().lowest() {
        assert!(!state.legal_actions(p).is_empty());
    }
    true
}

#[test]
fn arbitrary_setups_never_panic_and_accepted_ones_round_trip() {
    let mut rng = ChaCha8Rng::seed_from_u64(13);
    let (mut raw, mut fixed, mut near, mut tried) = (0u32, 0u32, 0u32, 0u32);
    let mut phases = std::collections::HashSet::new();
    let mut game = State::new(&Config::new(3).expect("players"), &mut rng).expect("state");
    for i in 0..5_000u32 {
        let data = bytes(&mut rng, 600);
        let Ok(setup) = Setup::arbitrary(&mut Unstructured::new(&data)) else {
            continue;
        };
        tried += 1;
        assert!(
            check_setup(game.to_setup()),
            "a reached position is accepted"
        );
        assert_eq!(
            State::from_setup(game.to_setup()),
            Ok(game),
            "a reached position round-trips"
        );
        raw += u32::from(check_setup(setup.clone()));
        let mut phase = setup.phase;
        if check_setup(spliced(&game.to_setup(), &setup, i)) {
            near += 1;
        } else {
            phase = game.phase();
        }
        let setup = repaired(setup);
        if check_setup(setup) {
            fixed += 1;
        }
        phases.insert(std::mem::discriminant(&phase));
        // Move the game on (a new one when it ends).
        for _ in 0..3 {
            match game.to_act().lowest() {
                Some(p) => {
                    let list = game.legal_actions(p);
                    let pick = list[rng.next_u32() as usize % list.len()];
                    game.apply(p, pick, &mut rng).expect("listed");
                }
                None => {
                    let players = 3 + rng.next_u32() as usize % 3;
                    game = State::new(&Config::new(players).expect("players"), &mut rng)
                        .expect("state");
                }
            }
        }
    }
    eprintln!(
        "{tried} setups: accepted {raw} as generated, {fixed} repaired, {near} spliced into a real game; {} phases",
        phases.len()
    );
    assert!(tried > 4_000, "{tried}");
    assert!(
        fixed + near > 500,
        "too few accepted setups: {fixed} + {near}"
    );
    assert!(
        near < tried,
        "every splice accepted: from_setup checks nothing?"
    );
    assert!(
        phases.len() >= 6,
        "phases of accepted setups: {}",
        phases.len()
    );
}

/// `Setup::arbitrary` mostly deals the 90 cards into the piles, so most
/// setups pass the card accounting and a fair share is accepted: structural
/// fuzzing reaches `from_setup`'s deeper checks, and accepted positions in
/// many phases.
#[test]
fn arbitrary_setups_mostly_deal_the_cards_and_a_fair_share_is_accepted() {
    use fairy_ring::season::SetupError;
    let mut rng = ChaCha8Rng::seed_from_u64(15);
    let (mut tried, mut accepted, mut accounted) = (0u32, 0u32, 0u32);
    let mut errors = std::collections::BTreeMap::new();
    let mut phases = std::collections::HashSet::new();
    let mut players = std::collections::BTreeSet::new();
    for _ in 0..4_000 {
        let data = bytes(&mut rng, 400);
        let Ok(setup) = Setup::arbitrary(&mut Unstructured::new(&data)) else {
            continue;
        };
        tried += 1;
        match State::from_setup(setup.clone()) {
            Ok(state) => {
                assert!(check_setup(setup));
                accepted += 1;
                accounted += 1;
                phases.insert(std::mem::discriminant(&state.phase()));
                players.insert(state.num_players());
            }
            Err(e) => {
                let name = format!("{e:?}");
                let name = name.split(['(', ' ', '{']).next().unwrap_or("").to_owned();
                if !matches!(
                    e,
                    SetupError::MissingCard(_)
                        | SetupError::DuplicateCard(_)
                        | SetupError::PlayerCount(_)
                        | SetupError::Slots { .. }
                        | SetupError::CardData
                ) {
                    accounted += 1;
                }
                *errors.entry(name).or_insert(0u32) += 1;
            }
        }
    }
    eprintln!(
        "{tried} setups: {accepted} accepted, {accounted} past the card accounting; {} phases accepted; refused: {errors:?}",
        phases.len()
    );
    assert!(tried > 3_900, "{tried}");
    assert!(accepted * 3 >= tried, "accepted {accepted} of {tried}");
    assert!(
        accounted * 10 >= tried * 6,
        "past the accounting {accounted} of {tried}"
    );
    assert!(phases.len() >= 8, "phases accepted: {}", phases.len());
    assert_eq!(players.len(), 3, "player counts accepted: {players:?}");
    // Every kind of check is still reached.
    for kind in [
        "MissingCard",
        "DuplicateCard",
        "PlayerCount",
        "NoSuchPlayer",
        "LastPlayed",
        "NotLastPlayed",
        "OutOfTurn",
        "Stuck",
    ] {
        assert!(
            errors.contains_key(kind),
            "{kind} never refused: {errors:?}"
        );
    }
}
