//! The bodies of the fuzz targets, written once for every game.
//!
//! Each target in `fuzz_targets/` is one line that calls a function here;
//! the main crate's `tests/fuzz_regressions.rs` includes this file and runs
//! the inputs kept in `tests/fuzz/<target>/` through the same functions, so a
//! crash found once stays a test.

use arbitrary::{Arbitrary, Unstructured};
use fairy_ring::testing::{
    Fuzz, Input, Relabel, Report, RulebookOutcome, RulebookPosition, Step, Twins,
    check_leaks_against, check_position, check_sample, fuzz_actions,
};
use fairy_ring::{
    Game, GameKind, InfoState, Player, Sample, Seat, fairy, fayre, fickle, prank, season,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
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
    G: Twins + RulebookOutcome + RulebookPosition + Serialize + DeserializeOwned,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    match fuzz_actions::<G, ChaCha8Rng>(data, Some(json::<G>)) {
        Ok(report) => report,
        Err(failure) => panic!("{}: {failure}", G::NAME),
    }
}

/// `<game>_setup`: a position from the bytes, three ways. Bytes that start
/// with `{` are read as the JSON of a `State` and of a `Setup`; bytes with an
/// odd first byte build a `Setup` structurally with `Arbitrary`; the others
/// play a game from an arbitrary config to an arbitrary move and then edit a
/// few values of its `Setup` (a number nudged or replaced, a value copied
/// from or swapped with another, a list shortened or an item repeated, a
/// list or record given the value it had halfway through the game, an item
/// moved from one list to another), so
/// that most positions are nearly consistent and the validator's deeper
/// checks are reached. Nothing may panic, and a position the validator
/// accepts must keep the rulebook's invariants of every reachable position
/// (the position oracle, [`check_position`]), round-trip, keep the whole
/// contract, look the same to every
/// seat as its twins do, and play to its end, rebuilt from its `Setup` or
/// its JSON every few moves: a hole in the validator shows as a position
/// reached by legal moves that the validator refuses.
pub fn setup<'a, G>(data: &'a [u8])
where
    G: Twins + RulebookOutcome + RulebookPosition + Serialize + DeserializeOwned,
    G::Setup: Serialize + DeserializeOwned + Arbitrary<'a>,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let how = data.iter().fold(0u8, |a, b| a.wrapping_add(*b));
    let setup = match data.first() {
        None => return,
        Some(b'{') => {
            let _ = serde_json::from_slice::<G>(data);
            match serde_json::from_slice::<G::Setup>(data) {
                Ok(setup) => setup,
                Err(_) => return,
            }
        }
        Some(first) if first % 2 == 1 => {
            match G::Setup::arbitrary(&mut Unstructured::new(data.get(1..).unwrap_or(&[]))) {
                Ok(setup) => setup,
                Err(_) => return,
            }
        }
        Some(_) => match edited::<G>(data.get(1..).unwrap_or(&[])) {
            Some(setup) => setup,
            None => return,
        },
    };
    let Ok(state) = G::from_setup(setup) else {
        return;
    };
    // The position oracle: what the validator accepted must keep every
    // invariant the rulebook promises of the positions play can reach.
    if let Err(reason) = check_position(&state) {
        panic!(
            "{}: the validator accepted a position the rules forbid: {reason}",
            G::NAME
        );
    }
    match G::from_setup(state.to_setup()) {
        Ok(again) if again == state => {}
        Ok(_) => panic!("{}: an accepted Setup does not round-trip", G::NAME),
        Err(e) => panic!(
            "{}: an accepted position's own Setup is refused: {e}",
            G::NAME
        ),
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
    // A position the validator should have refused may play on for a while
    // before it shows: rebuilt every few moves, through `Setup` and JSON by
    // turns, the first position reached that its own validator refuses is
    // reported at the move that made it.
    let mut through_json = 1;
    for (i, pair) in data.chunks_exact(2).take(64).enumerate() {
        if i % REBUILD_EVERY == REBUILD_EVERY - 1 {
            let serde = (i / REBUILD_EVERY) % 2 == 1;
            through_json += u32::from(serde);
            steps.push(Step::Rebuild { serde });
        }
        steps.push(Step::Play {
            who: pair.first().copied().unwrap_or(0),
            which: pair.get(1).copied().unwrap_or(0),
        });
    }
    // The check, a leak check per seat and every JSON rebuild.
    let fuzz = Fuzz::<G>::default()
        .max_expensive(u32::from(seats) + 1 + through_json)
        .leaks()
        .outcomes()
        .positions()
        .roundtrip(json::<G>);
    if let Err(failure) = fuzz.run::<ChaCha8Rng>(state, u64::from(how), &steps) {
        panic!("{}: accepted position: {failure}", G::NAME);
    }
}

/// Moves between two rebuilds in the `<game>_setup` targets.
const REBUILD_EVERY: usize = 4;

/// A reached position's `Setup` with a few values edited by the bytes.
fn edited<'a, G>(data: &'a [u8]) -> Option<G::Setup>
where
    G: Game,
    G::Setup: Serialize + DeserializeOwned,
    G::Config: Arbitrary<'a>,
{
    let mut u = Unstructured::new(data);
    let config = G::Config::arbitrary(&mut u).ok()?;
    let seed = u64::from(u32::arbitrary(&mut u).ok()?);
    let moves = u16::arbitrary(&mut u).ok()? % 600;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = G::new(&config, &mut rng).ok()?;
    // The same game halfway there: edits may copy a value from it, so that
    // values of two moments of one game meet (a guess of a turn under way
    // in a finished game, a kept Fairy in another phase).
    let mut earlier = state.to_setup();
    for played in 0..moves {
        if played == moves / 2 {
            earlier = state.to_setup();
        }
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let legal = state.legal_actions(player);
        let &action = fairy_ring::rng::choose(&mut rng, &legal)?;
        state.apply(player, action, &mut rng).ok()?;
    }
    let earlier = serde_json::to_value(&earlier).ok()?;
    edit_json_with(&state.to_setup(), &mut u, Some(&earlier))
}

/// `value` with one to three of its JSON leaves edited, swapped, dropped
/// from a list, repeated in it or moved to another list, as `u` says;
/// `None` when the edited JSON no longer reads as a `T`.
pub fn edit_json<T: Serialize + DeserializeOwned>(value: &T, u: &mut Unstructured) -> Option<T> {
    edit_json_with(value, u, None)
}

/// [`edit_json`], where an edit that sets a leaf may instead give the list
/// or record holding it the value it has in `earlier` (another moment of
/// the same game), when it has one there.
fn edit_json_with<T: Serialize + DeserializeOwned>(
    value: &T,
    u: &mut Unstructured,
    earlier: Option<&serde_json::Value>,
) -> Option<T> {
    let mut earlier: Option<serde_json::Value> = earlier.cloned();
    let mut value = serde_json::to_value(value).ok()?;
    let edits = 1 + u8::arbitrary(u).ok()? % 3;
    for _ in 0..edits {
        let mut leaves = Vec::new();
        paths(&value, &mut Vec::new(), &mut leaves);
        if leaves.is_empty() {
            break;
        }
        let pick = |u: &mut Unstructured| -> Option<Vec<Key>> {
            let i = usize::from(u16::arbitrary(u).ok()?) % leaves.len();
            leaves.get(i).cloned()
        };
        let here = pick(u)?;
        let kind = u8::arbitrary(u).ok()? % 7;
        let other = pick(u)?;
        let other_value = at(&mut value, &other).map(|v| v.clone());
        match kind {
            0 | 1 => {
                let delta = i64::from(i8::arbitrary(u).ok()?);
                let big = u64::arbitrary(u).ok()?;
                // Odd `big` with another moment of the game: the list or
                // record that holds the leaf takes the value it had then
                // (the guesses of a turn under way, a whole area, a stage).
                let parent = here.get(..here.len().saturating_sub(1)).unwrap_or(&[]);
                let then = earlier
                    .as_mut()
                    .filter(|_| big % 2 == 1)
                    .and_then(|o| at(o, parent).cloned());
                if let (Some(then), Some(place)) = (then, at(&mut value, parent)) {
                    *place = then;
                } else if let Some(leaf) = at(&mut value, &here) {
                    *leaf = match (&*leaf, kind) {
                        (serde_json::Value::Number(n), 0) => {
                            serde_json::json!(n.as_i64().unwrap_or(0).saturating_add(delta))
                        }
                        (serde_json::Value::Bool(b), _) => serde_json::json!(!b),
                        _ => serde_json::json!(big % 300),
                    };
                }
            }
            2 | 3 => {
                let here_value = at(&mut value, &here).map(|v| v.clone());
                if let (Some(a), Some(b)) = (here_value, other_value) {
                    if let Some(leaf) = at(&mut value, &here) {
                        *leaf = b;
                    }
                    if kind == 3
                        && let Some(leaf) = at(&mut value, &other)
                    {
                        *leaf = a;
                    }
                }
            }
            6 => {
                // The leaf's item moves to the end of the list that holds
                // the other leaf (a card from the deck to a hand): what is
                // counted stays the same, where it is changes.
                let (Some(Key::Index(i)), Some(from), Some(to)) = (
                    here.last(),
                    here.get(..here.len() - 1),
                    other.get(..other.len().saturating_sub(1)),
                ) else {
                    continue;
                };
                let item = match at(&mut value, from) {
                    Some(serde_json::Value::Array(list)) if *i < list.len() => list.remove(*i),
                    _ => continue,
                };
                if let Some(serde_json::Value::Array(list)) = at(&mut value, to) {
                    list.push(item);
                }
            }
            _ => {
                // A list that holds the leaf loses it, or holds it twice.
                let (Some(Key::Index(i)), Some(parent)) = (here.last(), here.get(..here.len() - 1))
                else {
                    continue;
                };
                if let Some(serde_json::Value::Array(list)) = at(&mut value, parent) {
                    if kind == 4 && *i < list.len() {
                        list.remove(*i);
                    } else if let Some(item) = list.get(*i).cloned() {
                        list.push(item);
                    }
                }
            }
        }
    }
    serde_json::from_value(value).ok()
}

/// A step down a JSON value.
#[derive(Clone, Debug)]
enum Key {
    Field(String),
    Index(usize),
}

/// The paths of every leaf (number, bool, string, null) under `value`.
fn paths(value: &serde_json::Value, path: &mut Vec<Key>, out: &mut Vec<Vec<Key>>) {
    match value {
        serde_json::Value::Array(list) => {
            for (i, item) in list.iter().enumerate() {
                path.push(Key::Index(i));
                paths(item, path, out);
                path.pop();
            }
        }
        serde_json::Value::Object(map) => {
            for (key, item) in map {
                path.push(Key::Field(key.clone()));
                paths(item, path, out);
                path.pop();
            }
        }
        _ => out.push(path.clone()),
    }
}

/// The value at `path`, if there is one.
fn at<'v>(value: &'v mut serde_json::Value, path: &[Key]) -> Option<&'v mut serde_json::Value> {
    let mut here = value;
    for key in path {
        here = match key {
            Key::Field(name) => here.get_mut(name.as_str())?,
            Key::Index(i) => here.get_mut(*i)?,
        };
    }
    Some(here)
}

/// `leaks`: the first byte picks the game, the rest is an [`Input`]; at the
/// position its steps reach, every seat and the spectator are checked
/// against twins of two kinds, with 64 moves played on both: the game's
/// hand-written twin ([`fairy_ring::testing::check_leaks`], with the event
/// oracle on every move walked), and a position drawn from the seat's
/// information kept since the start ([`check_sample`]), which varies what a
/// hand-written twin must freeze because a position does not record what a
/// seat learned (the Fayre's hands after a Mini Game is scored); then the
/// position is played to its end beside a copy with its seats renumbered
/// ([`fairy_ring::testing::check_relabel`]), and the game is played on to
/// its end.
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
    G: Twins + RulebookOutcome + RulebookPosition + Sample + Relabel,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let Some((input, state)) = start::<G>(data) else {
        return;
    };
    sampled_twins(&input, state.clone());
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
        .leaks()
        .outcomes()
        .relabel()
        .positions();
    if let Err(failure) = fuzz.run::<ChaCha8Rng>(state, input.seed, &steps) {
        panic!("{}: {failure}", G::NAME);
    }
}

/// The input's moves and probes played as [`Fuzz`] plays them, with every
/// seat's information kept; at the position reached, each seat's sample is a
/// twin walked 64 moves beside the real position, with the event oracle on
/// the moves the game says show the seat nothing
/// ([`fairy_ring::testing::check_leaks_against`]).
fn sampled_twins<G: Sample + Twins>(input: &Input<G>, mut state: G) {
    let mut rng = ChaCha8Rng::seed_from_u64(input.seed);
    let mut infos: Vec<InfoState<G>> = seats(&state)
        .into_iter()
        .map(|seat| InfoState::new(seat, state.view_for(seat)))
        .collect();
    for step in &input.steps {
        let (player, action) = match *step {
            Step::Play { who, which } => {
                let to_act = state.to_act();
                let Some(player) = to_act.iter().nth(usize::from(who) % to_act.len().max(1)) else {
                    break;
                };
                let legal = state.legal_actions(player);
                match legal.get(usize::from(which) % legal.len().max(1)) {
                    Some(&action) => (player, action),
                    None => break,
                }
            }
            Step::Try { player, action } if state.legal_actions(player).contains(&action) => {
                (player, action)
            }
            _ => continue,
        };
        let Ok(events) = state.apply(player, action, &mut rng) else {
            // The `Fuzz` run of the same input reports it.
            return;
        };
        for info in &mut infos {
            let seat = info.seat;
            info.observe(&G::redact_all(&events, seat), state.view_for(seat));
        }
    }
    for info in &infos {
        let sample = match check_sample(&input.config, info, &state, &mut rng, 0) {
            Ok((sample, _)) => sample,
            Err(message) => panic!("{}: {message}", G::NAME),
        };
        let seed = rng.next_u64();
        if let Err(failure) =
            check_leaks_against::<G, ChaCha8Rng>(&state, sample, info.seat, seed, 64)
        {
            panic!(
                "{}: with a twin drawn from the seat's information: {}",
                G::NAME,
                failure.message
            );
        }
    }
}

/// `roundtrip`: the first byte picks the game, the rest is an [`Input`]
/// whose moves and probes are played (its other steps are left to the
/// `<game>_actions` targets); the game is rebuilt every 24 of those steps,
/// from its `Setup` and through JSON by turns, starting with `Setup`, and
/// each rebuilt copy must play on exactly like the original, to the end.
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
    G: Twins + RulebookOutcome + RulebookPosition + Serialize + DeserializeOwned,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let Some((input, state)) = start::<G>(data) else {
        return;
    };
    let moves = input.steps.iter().filter(|step| {
        matches!(
            step,
            Step::Play { .. } | Step::Try { .. } | Step::Replay { .. }
        )
    });
    let mut steps = Vec::with_capacity(input.steps.len() + input.steps.len() / 24 + 1);
    let mut through_json = 0;
    for (i, step) in moves.enumerate() {
        if i % 24 == 0 {
            let serde = (i / 24) % 2 == 1;
            through_json += u32::from(serde);
            steps.push(Step::Rebuild { serde });
        }
        steps.push(*step);
    }
    // Every JSON rebuild is made (they are the only expensive steps here).
    let fuzz = Fuzz::<G>::default()
        .roundtrip(json::<G>)
        .outcomes()
        .positions()
        .max_expensive(through_json);
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
        Err(e) => panic!(
            "{}: a config from the public constructors was refused: {e}",
            G::NAME
        ),
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
        assert_eq!(
            again.parse::<AnyAction>(),
            Ok(action),
            "{text:?} -> {again:?}"
        );
    }
    for kind in GameKind::ALL {
        let tagged = format!("{}: {text}", kind.id());
        if let Ok(action) = tagged.parse::<AnyAction>() {
            assert_eq!(action.kind(), kind);
            let again = action.tagged().to_string();
            assert_eq!(
                again.parse::<AnyAction>(),
                Ok(action),
                "{tagged:?} -> {again:?}"
            );
        }
    }
    // A record from any text replays or is refused, never panics.
    if let Ok(record) = serde_json::from_str::<Record<AnyGame>>(text) {
        let _ = record.state_at(record.len());
    }
}

/// `sampling`: the first byte picks the game. Then, by the parity of the
/// next byte:
/// - even: the rest is an [`Input`] whose `Play` steps are played, with
///   every seat's information kept from the start; at up to four `Check`
///   steps and at the end, every seat and the spectator draw a sample that
///   must keep the contract ([`check_sample`], with an 8-move walk beside
///   the real position);
/// - odd: a position reached by random moves, and one seat's view edited
///   through JSON: sampling from it must not panic, and a sample, if one is
///   drawn, must give exactly the edited view and be a valid position.
pub fn sampling(data: &[u8]) {
    with_game(data, |kind, rest| match kind {
        GameKind::Fairy => sampling_in::<fairy::State>(rest),
        GameKind::Prank => sampling_in::<prank::State>(rest),
        GameKind::Season => sampling_in::<season::State>(rest),
        GameKind::Fickle => sampling_in::<fickle::State>(rest),
        GameKind::Fayre => sampling_in::<fayre::State>(rest),
    });
}

fn sampling_in<'a, G>(data: &'a [u8])
where
    G: Sample,
    G::View: Serialize + DeserializeOwned,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    match data.split_first() {
        Some((mode, rest)) if mode % 2 == 1 => sample_edited_view::<G>(rest),
        Some((_, rest)) => sample_along::<G>(rest),
        None => {}
    }
}

/// Every seat's information kept along the input's moves, and the contract
/// checked where the input asks and at the end.
fn sample_along<'a, G>(data: &'a [u8])
where
    G: Sample,
    G::Config: Arbitrary<'a>,
    G::Action: Arbitrary<'a>,
{
    let Some((input, mut state)) = start::<G>(data) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(input.seed);
    let mut infos: Vec<InfoState<G>> = seats(&state)
        .into_iter()
        .map(|seat| InfoState::new(seat, state.view_for(seat)))
        .collect();
    let check = |state: &G, infos: &[InfoState<G>], rng: &mut ChaCha8Rng| {
        for info in infos {
            if let Err(message) = check_sample(&input.config, info, state, rng, 8) {
                panic!("{}: {message}", G::NAME);
            }
        }
    };
    let mut checks = 0;
    for step in &input.steps {
        match *step {
            Step::Play { who, which } => {
                let players: Vec<Player> = state.to_act().iter().collect();
                let Some(&player) = players.get(usize::from(who) % players.len().max(1)) else {
                    break;
                };
                let legal = state.legal_actions(player);
                let Some(&action) = legal.get(usize::from(which) % legal.len().max(1)) else {
                    panic!("{}: {player} is to act with no legal action", G::NAME);
                };
                let events = match state.apply(player, action, &mut rng) {
                    Ok(events) => events,
                    Err(e) => panic!("{}: listed {action:?} refused: {e}", G::NAME),
                };
                for info in &mut infos {
                    let seat = info.seat;
                    info.observe(&G::redact_all(&events, seat), state.view_for(seat));
                }
            }
            Step::Check if checks < 4 => {
                checks += 1;
                check(&state, &infos, &mut rng.clone());
            }
            _ => {}
        }
    }
    check(&state, &infos, &mut rng);
}

/// A view edited through JSON: an error or a sample that gives exactly it.
fn sample_edited_view<'a, G>(data: &'a [u8])
where
    G: Sample,
    G::View: Serialize + DeserializeOwned,
    G::Config: Arbitrary<'a>,
{
    let mut u = Unstructured::new(data);
    let Ok(config) = G::Config::arbitrary(&mut u) else {
        return;
    };
    let Ok(seed) = u32::arbitrary(&mut u) else {
        return;
    };
    let Ok(moves) = u16::arbitrary(&mut u) else {
        return;
    };
    let Ok(which) = u8::arbitrary(&mut u) else {
        return;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(u64::from(seed));
    let Ok(mut state) = G::new(&config, &mut rng) else {
        return;
    };
    let seats = seats(&state);
    let Some(&seat) = seats.get(usize::from(which) % seats.len().max(1)) else {
        return;
    };
    let mut info = InfoState::<G>::new(seat, state.view_for(seat));
    for _ in 0..moves % 600 {
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let legal = state.legal_actions(player);
        let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
            break;
        };
        let Ok(events) = state.apply(player, action, &mut rng) else {
            panic!("{}: a listed action was refused", G::NAME);
        };
        info.observe(&G::redact_all(&events, seat), state.view_for(seat));
    }
    let Some(view) = edit_json(&info.view, &mut u) else {
        return;
    };
    info.view = view;
    if let Ok(sample) = info.sample(&config, &mut rng) {
        assert!(
            sample.view_for(seat) == info.view,
            "{}: a sample from an edited view gives another view:\n{:?}\n{:?}",
            G::NAME,
            sample.view_for(seat),
            info.view
        );
        match G::from_setup(sample.to_setup()) {
            Ok(again) if again == sample => {}
            _ => panic!(
                "{}: a sample from an edited view is not a valid position",
                G::NAME
            ),
        }
    }
}

/// Every player's seat and the spectator's.
fn seats<G: Game>(state: &G) -> Vec<Seat> {
    (0..state.num_players())
        .filter_map(|p| u8::try_from(p).ok())
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect()
}
