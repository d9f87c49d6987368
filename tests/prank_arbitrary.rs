//! Prank: `arbitrary::Arbitrary` for configs, actions and setups (feature
//! `arbitrary`), from seeded random bytes.

use std::collections::BTreeSet;

use fairy_ring::arbitrary::{self, Arbitrary, Unstructured};
use fairy_ring::prank::{
    Action, BoxSound, Config, Item, Items, Phase, Setup, State, Treasures, Variant,
};
use fairy_ring::{Game, Player, Seat};
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
fn every_config_is_valid_and_custom_item_sets_occur() {
    let (mut players, mut sizes, mut kinds) = (BTreeSet::new(), BTreeSet::new(), BTreeSet::new());
    let (mut custom, mut odd_names, mut respelled_names) = (0, 0, 0);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for bytes in buffers(1, 3_000, 300) {
        let mut u = Unstructured::new(&bytes);
        let Ok(config) = Config::arbitrary(&mut u) else {
            panic!("a config from {bytes:?}");
        };
        State::new(&config, &mut rng).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        assert!(config.validate().is_ok());
        players.insert(config.players);
        sizes.insert(config.treasures.len());
        kinds.insert((
            config.variant == Variant::Beginner,
            config.box_sound == BoxSound::Silent,
        ));
        if config.treasures != Treasures::default() {
            custom += 1;
            let made_up = |name: &str| !name.starts_with("thing ");
            odd_names += config.treasures.names().filter(|n| made_up(n)).count();
            let printed = Treasures::default();
            let respelled =
                |name: &&str| printed.find(name).is_some() && printed.names().all(|p| p != *name);
            respelled_names += config.treasures.names().filter(respelled).count();
        }
    }
    assert_eq!(players, (2..=6).collect(), "every player count occurs");
    assert_eq!(sizes, (3..=16).collect(), "every item set size occurs");
    assert_eq!(kinds.len(), 4, "both variants with both box sounds");
    assert!(custom > 1_000, "custom item sets: {custom}");
    println!("{custom} custom sets, {odd_names} names made of bytes, {respelled_names} respelled");
    assert!(
        respelled_names > 1_000,
        "printed names respelled: {respelled_names}"
    );
    assert!(odd_names > 3_000, "names made of the bytes: {odd_names}");
    let empty = Config::arbitrary(&mut Unstructured::new(&[]));
    assert_eq!(empty.ok(), Some(Config::default()));
}

#[test]
fn every_action_kind_occurs_with_any_item() {
    let mut kinds = BTreeSet::new();
    let mut far_items = 0;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let state = State::new(&Config::default(), &mut rng).expect("valid");
    for bytes in buffers(2, 2_000, 8) {
        let mut u = Unstructured::new(&bytes);
        let (Ok(action), Ok(player)) = (Action::arbitrary(&mut u), Player::arbitrary(&mut u))
        else {
            continue;
        };
        let (kind, item) = match action {
            Action::Select(item) => (0, Some(item)),
            Action::EndSelection => (1, None),
            Action::Remove(item) => (2, Some(item)),
            Action::DoneHiding => (3, None),
            Action::Guess(item) => (4, Some(item)),
        };
        kinds.insert(kind);
        far_items += usize::from(item.is_some_and(|Item(i)| i >= 16));
        // Any action of any seat is refused or applied, never a panic.
        let _ = state.clone().apply(player, action, &mut rng);
    }
    assert_eq!(kinds, (0..5).collect(), "every action kind occurs");
    assert!(far_items > 100, "items outside any set occur: {far_items}");
}

/// Setups of reachable positions: seeded random games of a few configs.
fn reachable() -> Vec<Setup> {
    let mut setups = Vec::new();
    let configs = [
        Config::new(2).expect("valid"),
        Config::new(3).expect("valid"),
        Config::new(4)
            .expect("valid")
            .with_variant(Variant::Beginner),
        Config::new(5)
            .expect("valid")
            .with_box_sound(BoxSound::Silent),
    ];
    for (n, config) in configs.iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        let mut state = State::new(config, &mut rng).expect("valid");
        while let Some(player) = state.to_act().lowest() {
            setups.push(state.to_setup());
            let legal = state.legal_actions(player);
            let action = *fairy_ring::rng::choose(&mut rng, &legal).expect("an action");
            state.apply(player, action, &mut rng).expect("legal");
        }
        setups.push(state.to_setup());
    }
    setups
}

/// A reachable setup with one field replaced by arbitrary data, so that
/// some of them are accepted.
fn spliced(base: &Setup, u: &mut Unstructured) -> arbitrary::Result<Setup> {
    let mut setup = base.clone();
    let whole = Setup::arbitrary(u)?;
    match u.choose_index(9)? {
        0 => setup.config = whole.config,
        1 => setup.round = whole.round,
        2 => setup.starting_player = whole.starting_player,
        3 => setup.phase = whole.phase,
        4 => setup.in_box = whole.in_box,
        5 => setup.removed = whole.removed,
        6 => setup.guessed_right = whole.guessed_right,
        7 => setup.guessed_wrong = whole.guessed_wrong,
        _ => setup.sheets = whole.sheets,
    }
    Ok(setup)
}

/// A reachable setup with one field changed a little: one item more or
/// less in a set, a nearby round, another seat, one mark more or less.
fn mutated(base: &Setup, u: &mut Unstructured) -> arbitrary::Result<Setup> {
    let mut setup = base.clone();
    let item = Item(u.int_in_range(0..=15)?);
    let toggle = |items: &mut Items| {
        if items.contains(item) {
            items.remove(item)
        } else {
            items.insert(item)
        }
    };
    let players = base.sheets.len() as u8;
    match u.choose_index(8)? {
        0 => toggle(&mut setup.in_box),
        1 => toggle(&mut setup.removed),
        2 => toggle(&mut setup.guessed_right),
        3 => toggle(&mut setup.guessed_wrong),
        4 => setup.round = setup.round.saturating_add_signed(u.int_in_range(-2..=2)?),
        5 => setup.starting_player = Player(u.int_in_range(0..=players)?),
        6 => {
            let fairy = Player(u.int_in_range(0..=players)?);
            setup.phase = match u.choose_index(3)? {
                0 => Phase::Hiding { fairy },
                1 => Phase::Guessing { fairy },
                _ => Phase::Selection,
            }
        }
        _ => {
            let seat = u.choose_index(setup.sheets.len())?;
            if let Some(marks) = setup.sheets[seat].marks.get_mut(item.index()) {
                *marks = marks.saturating_add_signed(u.int_in_range(-1..=1)?);
            }
        }
    }
    Ok(setup)
}

/// Loads `setup`: never a panic, and an accepted one round-trips.
fn check(setup: &Setup) -> bool {
    match State::from_setup(setup.clone()) {
        Ok(state) => {
            assert_eq!(&state.to_setup(), setup, "the setup round-trips");
            assert_eq!(State::from_setup(state.to_setup()), Ok(state));
            let _ = state.view_for(Seat::Spectator);
            if let Some(player) = state.to_act().lowest() {
                let _ = state.legal_actions(player);
            }
            true
        }
        Err(_) => false,
    }
}

#[test]
fn arbitrary_setups_never_panic_and_accepted_ones_round_trip() {
    let bases = reachable();
    let (mut accepted, mut refused, mut phases) = (0, 0, BTreeSet::new());
    for (i, bytes) in buffers(4, crate::scale::size(6_000usize), 300)
        .into_iter()
        .enumerate()
    {
        let mut u = Unstructured::new(&bytes);
        if let Ok(setup) = Setup::arbitrary(&mut u) {
            phases.insert(match setup.phase {
                Phase::Selection => 0,
                Phase::Hiding { .. } => 1,
                Phase::Guessing { .. } => 2,
                Phase::Over { .. } => 3,
            });
            let ok = check(&setup);
            accepted += u32::from(ok);
            refused += u32::from(!ok);
        }
        let base = &bases[i % bases.len()];
        for change in [spliced, mutated] {
            if let Ok(setup) = change(base, &mut Unstructured::new(&bytes)) {
                let ok = check(&setup);
                accepted += u32::from(ok);
                refused += u32::from(!ok);
            }
        }
    }
    println!("accepted {accepted}, refused {refused}");
    assert_eq!(phases.len(), 4, "every phase occurs");
    assert!(
        accepted > crate::scale::size(1_000),
        "accepted {accepted}, refused {refused}"
    );
    assert!(
        refused > crate::scale::size(3_000),
        "accepted {accepted}, refused {refused}"
    );
}
