//! The bodies of the fuzz targets, written once for every game.
//!
//! Each target in `fuzz_targets/` is one line that calls a function here;
//! the main crate's `tests/fuzz_regressions.rs` includes this file and runs
//! the inputs kept in `tests/fuzz/<target>/` through the same functions, so a
//! crash found once stays a test.

use arbitrary::{Arbitrary, Unstructured};
use fairy_ring::testing::{Fuzz, Input, Report, Step, Twins, fuzz_actions};
use fairy_ring::{Game, GameKind, fairy, fayre, fickle, prank, season};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use serde::Serialize;
use serde::de::DeserializeOwned;

/// The serialization round trip the targets check: JSON, as a server would
/// store a game.
pub fn json<G: Serialize + DeserializeOwned>(state: &G) -> Result<G, String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

/// `<game>_actions`: a config with custom card data, a seed and steps read
/// from `data`, played by [`Fuzz`] with every oracle available: cheap checks
/// at every move, and conformance checks, leak checks and rebuilt copies
/// where the steps ask for them. Every input plays its game to the end.
/// Returns what the run saw (`games` is 1 when the game was finished, 0
/// when the bytes made no input).
pub fn actions<'a, G>(data: &'a [u8]) -> Report
where
    G: Twins + Serialize + DeserializeOwned,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    match fuzz_actions::<G, ChaCha8Rng>(data, Some(json::<G>)) {
        Ok(report) => report,
        Err(failure) => panic!("{}: {failure}", G::NAME),
    }
}

/// `<game>_setup`: bytes that start with `{` are read as the JSON of a
/// `State` and of a `Setup`, other bytes structurally as a `Setup` built by
/// `Arbitrary`. Nothing may panic, and a position the validator accepts must
/// round-trip, keep the whole contract, look the same to every seat as its
/// twins do, and play to its end.
pub fn setup<'a, G>(data: &'a [u8])
where
    G: Twins + Serialize + DeserializeOwned,
    G::Setup: DeserializeOwned + Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let how = data.iter().fold(0u8, |a, b| a.wrapping_add(*b));
    let setup = if data.first() == Some(&b'{') {
        let _ = serde_json::from_slice::<G>(data);
        match serde_json::from_slice::<G::Setup>(data) {
            Ok(setup) => setup,
            Err(_) => return,
        }
    } else {
        match G::Setup::arbitrary(&mut Unstructured::new(data)) {
            Ok(setup) => setup,
            Err(_) => return,
        }
    };
    let Ok(state) = G::from_setup(setup) else {
        return;
    };
    match G::from_setup(state.to_setup()) {
        Ok(again) if again == state => {}
        Ok(_) => panic!("{}: an accepted Setup does not round-trip", G::NAME),
        Err(e) => panic!("{}: an accepted position's own Setup is refused: {e}", G::NAME),
    }
    // The whole contract, and every seat against its twin, at the accepted
    // position; then a few moves from the bytes and the rest at random.
    let seats = u8::try_from(state.num_players() + 1).unwrap_or(u8::MAX);
    let mut steps = vec![Step::Check];
    steps.extend((0..seats).map(|seat| Step::Leak {
        seat,
        seed: u16::from(how),
    }));
    steps.push(Step::Rebuild { serde: true });
    steps.extend(data.chunks_exact(2).take(64).map(|pair| Step::Play {
        who: pair.first().copied().unwrap_or(0),
        which: pair.get(1).copied().unwrap_or(0),
    }));
    let fuzz = Fuzz::<G>::default()
        .max_expensive(u32::from(seats) + 1)
        .leaks()
        .roundtrip(json::<G>);
    if let Err(failure) = fuzz.run::<ChaCha8Rng>(state, u64::from(how), &steps) {
        panic!("{}: accepted position: {failure}", G::NAME);
    }
}

/// `leaks`: the first byte picks the game, the rest is an [`Input`]; at the
/// position its steps reach, every seat and the spectator are checked
/// against twins ([`fairy_ring::testing::check_leaks`]), and the game is
/// played on to its end.
pub fn leaks(data: &[u8]) {
    with_game(data, |kind, rest| match kind {
        GameKind::Fairy => leaks_in::<fairy::State>(rest),
        GameKind::Prank => leaks_in::<prank::State>(rest),
        GameKind::Season => leaks_in::<season::State>(rest),
        GameKind::Fickle => leaks_in::<fickle::State>(rest),
        GameKind::Fayre => leaks_in::<fayre::State>(rest),
    });
}

fn leaks_in<'a, G>(data: &'a [u8])
where
    G: Twins,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let Some((input, state)) = start::<G>(data) else {
        return;
    };
    let seats = u8::try_from(state.num_players() + 1).unwrap_or(u8::MAX);
    // Only moves before the checks: the input picks the position.
    let mut steps: Vec<Step<G::Action>> = input
        .steps
        .iter()
        .filter(|step| matches!(step, Step::Play { .. } | Step::Try { .. }))
        .copied()
        .collect();
    let seed = (input.seed & 0xffff) as u16;
    steps.extend((0..seats).map(|seat| Step::Leak { seat, seed }));
    let fuzz = Fuzz::<G>::default()
        .max_expensive(u32::from(seats))
        .leak_steps(64)
        .leaks();
    if let Err(failure) = fuzz.run::<ChaCha8Rng>(state, input.seed, &steps) {
        panic!("{}: {failure}", G::NAME);
    }
}

/// `roundtrip`: the first byte picks the game, the rest is an [`Input`];
/// the game is rebuilt from its `Setup` and through JSON at the start and
/// again every 24 moves, and each rebuilt copy must play on exactly like the
/// original, to the end.
pub fn roundtrip(data: &[u8]) {
    with_game(data, |kind, rest| match kind {
        GameKind::Fairy => roundtrip_in::<fairy::State>(rest),
        GameKind::Prank => roundtrip_in::<prank::State>(rest),
        GameKind::Season => roundtrip_in::<season::State>(rest),
        GameKind::Fickle => roundtrip_in::<fickle::State>(rest),
        GameKind::Fayre => roundtrip_in::<fayre::State>(rest),
    });
}

fn roundtrip_in<'a, G>(data: &'a [u8])
where
    G: Twins + Serialize + DeserializeOwned,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let Some((input, state)) = start::<G>(data) else {
        return;
    };
    let mut steps = Vec::with_capacity(input.steps.len() + input.steps.len() / 24 + 1);
    for (i, step) in input.steps.iter().enumerate() {
        if i % 24 == 0 {
            steps.push(Step::Rebuild {
                serde: (i / 24) % 2 == 1,
            });
        }
        steps.push(*step);
    }
    let fuzz = Fuzz::<G>::default().roundtrip(json::<G>);
    if let Err(failure) = fuzz.run::<ChaCha8Rng>(state, input.seed, &steps) {
        panic!("{}: {failure}", G::NAME);
    }
}

/// Runs `body` with the game the first byte picks and the remaining bytes.
fn with_game(data: &[u8], body: impl FnOnce(GameKind, &[u8])) {
    let [first, rest @ ..] = data else {
        return;
    };
    if let Some(&kind) = GameKind::ALL.get(usize::from(*first) % GameKind::ALL.len()) {
        body(kind, rest);
    }
}

/// Reads an [`Input`] and starts its game; a config the public constructors
/// made must be accepted.
fn start<'a, G>(data: &'a [u8]) -> Option<(Input<G>, G)>
where
    G: Game,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let input = Input::<G>::arbitrary(&mut Unstructured::new(data)).ok()?;
    let mut rng = ChaCha8Rng::seed_from_u64(input.seed);
    match G::new(&input.config, &mut rng) {
        Ok(state) => Some((input, state)),
        Err(e) => panic!("{}: a config from the public constructors was refused: {e}", G::NAME),
    }
}

/// `notation`: arbitrary text as an action in every game's notation, and
/// as a game record: parsing never panics, and whatever parses reads back
/// the same.
pub fn notation(data: &[u8]) {
    use fairy_ring::{AnyAction, AnyGame, Record};
    let Ok(text) = core::str::from_utf8(data) else {
        return;
    };
    if let Ok(action) = text.parse::<AnyAction>() {
        let again = action.tagged().to_string();
        assert_eq!(again.parse::<AnyAction>(), Ok(action), "{text:?} -> {again:?}");
    }
    for kind in GameKind::ALL {
        let tagged = format!("{}: {text}", kind.id());
        if let Ok(action) = tagged.parse::<AnyAction>() {
            assert_eq!(action.kind(), kind);
            let again = action.tagged().to_string();
            assert_eq!(again.parse::<AnyAction>(), Ok(action), "{tagged:?} -> {again:?}");
        }
    }
    // A record from any text replays or is refused, never panics.
    if let Ok(record) = serde_json::from_str::<Record<AnyGame>>(text) {
        let _ = record.state_at(record.len());
    }
}
