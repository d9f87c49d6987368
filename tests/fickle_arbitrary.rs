//! Fickle's `Arbitrary` impls (feature `arbitrary`): configs are always
//! valid and reach custom data, actions reach every variant and seats no
//! table has (but only cards of the deck), and arbitrary setups never make `from_setup` panic.

use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::fickle::{
    Action, Config, DIRECTION_TOKENS, Direction, FavorTable, RecommendedSet, Setup, State,
};
use fairy_ring::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// `len` random bytes from `seed`.
fn bytes(seed: u64, len: usize) -> Vec<u8> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = vec![0; len];
    rng.fill_bytes(&mut out);
    out
}

#[test]
fn every_arbitrary_config_is_valid_and_custom_data_occurs() {
    let standard_tokens = Config::new(4).expect("config").direction_tokens;
    let (mut families, mut favor, mut tokens, mut crier, mut sizes) = (0, 0, 0, 0, [0; 6]);
    for seed in 0..2000 {
        let data = bytes(seed, (seed as usize * 7) % 400);
        let mut u = Unstructured::new(&data);
        let config = Config::arbitrary(&mut u).expect("a config from any bytes");
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        State::new(&config, &mut rng).unwrap_or_else(|e| panic!("{config:?}: {e}"));
        families += usize::from(
            config.families != RecommendedSet::FirstGame.families()
                && !RecommendedSet::ALL
                    .iter()
                    .any(|s| s.families() == config.families),
        );
        favor += usize::from(config.favor != FavorTable::default());
        tokens += usize::from(config.direction_tokens != standard_tokens);
        crier += usize::from(config.first_court_crier != Player(0));
        sizes[config.num_players()] += 1;
    }
    assert!(families > 200, "custom Families: {families}");
    assert!(favor > 200, "custom Favor tables: {favor}");
    assert!(tokens > 200, "custom Direction tokens: {tokens}");
    assert!(crier > 200, "other first Court Criers: {crier}");
    assert!(
        sizes[3..=5].iter().all(|&n| n > 200),
        "player counts: {sizes:?}"
    );
    assert_eq!(sizes[..3], [0, 0, 0]);
}

#[test]
fn a_config_from_no_bytes_is_the_standard_one() {
    let config = Config::arbitrary(&mut Unstructured::new(&[])).expect("config");
    assert_eq!(config, Config::new(3).expect("config"));
    let tokens: [Direction; DIRECTION_TOKENS] = config.direction_tokens;
    assert_eq!(tokens.iter().filter(|&&d| d == Direction::Left).count(), 4);
}

#[test]
fn every_action_variant_and_out_of_range_seats_occur() {
    let mut variants = std::collections::BTreeSet::new();
    let (mut bad_copy, mut unseated) = (0, 0);
    for seed in 0..3000 {
        let data = bytes(seed, 16);
        let action = Action::arbitrary(&mut Unstructured::new(&data)).expect("an action");
        variants.insert(variant(&action));
        match action {
            Action::Dismiss(c)
            | Action::Place(c)
            | Action::Target(c)
            | Action::Respond(c)
            | Action::Pair(c)
                if c.copy() >= 9 =>
            {
                bad_copy += 1
            }
            Action::TargetPlayer(p) if p.index() >= 5 => unseated += 1,
            _ => {}
        }
    }
    assert_eq!(variants.len(), 12, "every Action variant: {variants:?}");
    // A card past the ninth copy cannot be built (its name would not read
    // back), so `arbitrary` never makes one.
    assert_eq!(bad_copy, 0, "cards past the ninth copy");
    assert!(unseated > 20, "unseated players: {unseated}");
}

/// The variant's name.
fn variant(action: &Action) -> String {
    let name = format!("{action:?}");
    name.split('(').next().unwrap_or(&name).to_owned()
}

/// `from_setup` never panics, and what it accepts round-trips.
fn load(setup: Setup, accepted: &mut u32) {
    if let Ok(state) = State::from_setup(setup) {
        *accepted += 1;
        assert_eq!(state.to_setup(), setup);
        let _ = state.to_act();
        for p in 0..setup.config.num_players() {
            let _ = state.legal_actions(Player(p as u8));
        }
    }
}

#[test]
fn arbitrary_setups_never_panic_and_accepted_ones_round_trip() {
    let mut accepted = 0;
    for seed in 0..3000 {
        let data = bytes(seed, 64 + (seed as usize * 13) % 2000);
        let setup = Setup::arbitrary(&mut Unstructured::new(&data)).expect("a setup");
        load(setup, &mut accepted);
    }
    // Positions of real games with one part replaced by arbitrary data.
    let mut mixed_accepted = 0;
    for seed in 0..300u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let config = Config::arbitrary(&mut Unstructured::new(&bytes(seed, 300))).expect("config");
        let mut state = State::new(&config, &mut rng).expect("new");
        let steps = seed % 120;
        for _ in 0..steps {
            let Some(p) = state.to_act().lowest() else {
                break;
            };
            let legal = state.legal_actions(p);
            let a = legal[fairy_ring::rng::index(&mut rng, legal.len())];
            state.apply(p, a, &mut rng).expect("legal");
        }
        let base = state.to_setup();
        for k in 0..12u64 {
            let data = bytes(seed * 100 + k, 200);
            let mut u = Unstructured::new(&data);
            let mut setup = base;
            let ok = match k % 6 {
                0 => u.arbitrary().map(|phase| setup.phase = phase),
                1 => u.arbitrary().map(|round| setup.round = round),
                2 => u.arbitrary().map(|a| {
                    if let Some(area) = setup.areas.first_mut() {
                        *area = a;
                    }
                }),
                3 => u.arbitrary().map(|p| setup.court_crier = p),
                4 => u.arbitrary().map(|d| setup.directions = d),
                _ => u.arbitrary().map(|l| setup.last_revealer = l),
            };
            ok.expect("arbitrary part");
            load(setup, &mut mixed_accepted);
        }
    }
    eprintln!("accepted: {accepted} arbitrary, {mixed_accepted} mixed");
    assert!(mixed_accepted > 100, "{mixed_accepted}");
}
