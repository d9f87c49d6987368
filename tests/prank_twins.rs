//! Prank: the twin generator of the leak oracle (`testing::Twins`). A twin
//! must look the same to its seat (view, legal actions, who acts, outcome),
//! keep everything the seat knows, and really redraw the rest: how the
//! round's items are split between the box and the Fairy's hiding place.

use std::collections::BTreeSet;

use fairy_ring::prank::{
    Action, BoxSound, Config, Item, Items, Phase, Rules, Setup, State, Treasures, Variant,
};
use fairy_ring::testing::{Twins, check_reveals};
use fairy_ring::{Game, Player, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn configs() -> Vec<Config> {
    let four = Treasures::new(["spoon", "cork", "coin", "button"]).expect("a set");
    let names: Vec<String> = (1..=16).map(|n| format!("thing {n}")).collect();
    let sixteen = Treasures::new(names.iter().map(String::as_str)).expect("a set");
    let mut configs = Vec::new();
    for players in 2..=6 {
        for variant in [Variant::Standard, Variant::Beginner] {
            if players == 2 && variant == Variant::Beginner {
                continue;
            }
            for sound in [BoxSound::ItemCount, BoxSound::Silent] {
                let config = Config::new(players)
                    .expect("2 to 6")
                    .with_variant(variant)
                    .with_box_sound(sound);
                configs.push(config);
                configs.push(config.with_treasures(four));
                if players % 2 == 1 {
                    configs.push(config.with_treasures(sixteen));
                }
            }
        }
    }
    configs
}

/// Every position of seeded random games with every config, in order.
fn positions() -> Vec<State> {
    let mut all = Vec::new();
    for (n, config) in configs().into_iter().enumerate() {
        for game in 0..crate::scale::size(3u64) {
            let mut rng = ChaCha8Rng::seed_from_u64(n as u64 * 100 + game);
            let mut state = State::new(&config, &mut rng).expect("valid config");
            all.push(state);
            while let Some(player) = state.to_act().lowest() {
                let mut legal = state.legal_actions(player);
                // In 2 players a wrong guess ends the game: guessers who
                // mostly guess right reach later rounds.
                let right =
                    |a: &Action| matches!(a, Action::Guess(i) if state.in_box().contains(*i));
                if state.rules() == Rules::TwoPlayer
                    && legal.iter().any(right)
                    && fairy_ring::rng::below(&mut rng, 8) > 0
                {
                    legal.retain(|a| right(a));
                }
                let action = *fairy_ring::rng::choose(&mut rng, &legal).expect("an action");
                state.apply(player, action, &mut rng).expect("legal");
                all.push(state);
            }
        }
    }
    all
}

fn seats(state: &State) -> impl Iterator<Item = Seat> {
    (0..state.num_players() as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator, Seat::Player(Player(9))])
}

/// Whether `seat` may know the whole position under the rules: the Fairy
/// always, everyone in the open Selection phase of 3 or more players and
/// once the game is over.
fn knows_all(state: &State, seat: Seat) -> bool {
    let two_player = state.rules() == Rules::TwoPlayer;
    match state.phase() {
        Phase::Over { .. } => true,
        Phase::Selection if !two_player => true,
        _ => state
            .fairy()
            .is_some_and(|f| seat.at_table(state.num_players()) == Seat::Player(f)),
    }
}

/// What `seat` knows of a position, as Setup fields (see the module doc of
/// the twin generator and the ruling "Prank: what everyone sees").
fn known(state: &State, seat: Seat) -> impl PartialEq + std::fmt::Debug {
    let setup: Setup = state.to_setup();
    let all = knows_all(state, seat).then(|| setup.clone());
    let two_player = state.rules() == Rules::TwoPlayer;
    let count = two_player
        || (matches!(state.phase(), Phase::Guessing { .. })
            && state.config().box_sound == BoxSound::ItemCount);
    (
        all,
        (
            setup.config,
            setup.round,
            setup.starting_player,
            setup.phase,
        ),
        (setup.guessed_right, setup.guessed_wrong, setup.sheets),
        (!two_player).then(|| setup.in_box.union(setup.removed)),
        count.then(|| setup.in_box.len()),
    )
}

/// Positions with something hidden from a seat, and how often their twin
/// differed, by kind.
#[derive(Default, Debug)]
struct Tally {
    hiding: (u32, u32),
    guessing_counted: (u32, u32),
    guessing_silent: (u32, u32),
    /// Silent Guessing positions where the twin has another number of
    /// items in the box.
    silent_count_differs: u32,
    /// Hiding positions where the twin has another number removed.
    hiding_count_differs: u32,
    two_player: (u32, u32),
}

#[test]
fn twins_look_the_same_to_their_seat_and_keep_what_it_knows() {
    let mut tally = Tally::default();
    let positions = positions();
    for (i, state) in positions.iter().enumerate() {
        for (s, seat) in seats(state).enumerate() {
            let seed = (i * 16 + s) as u64;
            let twin = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .unwrap_or_else(|e| panic!("position {i}, {seat:?}: twin refused: {e}"));
            let again = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("twin");
            assert_eq!(twin, again, "the same seed gives the same twin");

            let context = || format!("position {i}, {seat:?}\n{state:?}\n{twin:?}");
            assert_eq!(twin.view_for(seat), state.view_for(seat), "{}", context());
            assert_eq!(twin.to_act(), state.to_act(), "{}", context());
            assert_eq!(twin.outcome(), state.outcome(), "{}", context());
            if let Some(p) = seat.player() {
                assert_eq!(
                    twin.legal_actions(p),
                    state.legal_actions(p),
                    "{}",
                    context()
                );
            }
            assert_eq!(known(&twin, seat), known(state, seat), "{}", context());

            if knows_all(state, seat) {
                assert_eq!(&twin, state, "{}", context());
                continue;
            }
            let differs = u32::from(twin != *state);
            let kind = match (state.rules(), state.phase(), state.config().box_sound) {
                (Rules::TwoPlayer, ..) => &mut tally.two_player,
                (_, Phase::Hiding { .. }, _) => {
                    tally.hiding_count_differs +=
                        u32::from(twin.removed().len() != state.removed().len());
                    &mut tally.hiding
                }
                (_, _, BoxSound::ItemCount) => &mut tally.guessing_counted,
                _ => {
                    tally.silent_count_differs +=
                        u32::from(twin.in_box().len() != state.in_box().len());
                    &mut tally.guessing_silent
                }
            };
            kind.0 += 1;
            kind.1 += differs;
        }
    }
    println!("{} positions, {tally:?}", positions.len());
    let share = |(hidden, differ): (u32, u32)| {
        assert!(hidden > crate::scale::size(300), "{tally:?}");
        f64::from(differ) / f64::from(hidden)
    };
    assert!(share(tally.hiding) > 0.6, "{tally:?}");
    assert!(share(tally.guessing_counted) > 0.4, "{tally:?}");
    assert!(share(tally.guessing_silent) > 0.5, "{tally:?}");
    assert!(share(tally.two_player) > 0.5, "{tally:?}");
    assert!(
        tally.silent_count_differs * 4 > tally.guessing_silent.0,
        "{tally:?}"
    );
    assert!(tally.hiding_count_differs * 2 > tally.hiding.0, "{tally:?}");
}

fn items(list: &[u8]) -> Items {
    list.iter().map(|&i| Item(i)).collect()
}

/// The box contents of 600 twins of `state` for `seat`.
fn boxes(state: &State, seat: Seat) -> BTreeSet<Vec<u8>> {
    (0..600)
        .map(|seed| {
            let twin = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("twin");
            twin.in_box().iter().map(|i| i.0).collect()
        })
        .collect()
}

fn position(config: Config, phase: Phase, in_box: &[u8], removed: &[u8], right: &[u8]) -> State {
    let mut setup = Setup::with_config(config).expect("valid");
    setup.phase = phase;
    setup.in_box = items(in_box);
    setup.removed = items(removed);
    setup.guessed_right = items(right);
    // The right guesses were marked on the sheet of the player left of the
    // Fairy.
    for item in items(right) {
        setup.sheets[2].marks[item.index()] += 1;
    }
    State::try_from(setup).expect("a position")
}

#[test]
fn every_split_a_guesser_cannot_rule_out_occurs() {
    let fairy = Player(1);
    let counted = Config::new(3).expect("3 players");
    let silent = counted.with_box_sound(BoxSound::Silent);
    let set = |boxes: &[&[u8]]| -> BTreeSet<Vec<u8>> { boxes.iter().map(|b| b.to_vec()).collect() };

    // Hiding: any non-empty part of the four selected items may be in the box.
    let hiding = position(counted, Phase::Hiding { fairy }, &[0, 2], &[5, 7], &[]);
    assert_eq!(boxes(&hiding, Seat::Player(Player(0))).len(), 15);
    assert_eq!(boxes(&hiding, Seat::Spectator).len(), 15);
    assert_eq!(boxes(&hiding, Seat::Player(fairy)), set(&[&[0, 2]]));

    // Guessing, item 0 guessed right: 2 items in the box, so item 0 and one
    // of the three face-up tokens.
    let guessing = Phase::Guessing { fairy };
    let counted = position(counted, guessing, &[0, 2], &[5, 7], &[0]);
    assert_eq!(
        boxes(&counted, Seat::Player(Player(2))),
        set(&[&[0, 2], &[0, 5], &[0, 7]])
    );
    // A silent box: item 0 and one or two of the three.
    let silent = position(silent, guessing, &[0, 2], &[5, 7], &[0]);
    assert_eq!(
        boxes(&silent, Seat::Player(Player(2))),
        set(&[
            &[0, 2],
            &[0, 5],
            &[0, 7],
            &[0, 2, 5],
            &[0, 2, 7],
            &[0, 5, 7]
        ])
    );

    // 2 players, round 1, the Fairy has put one item in: any of the ten.
    let duel = Config::new(2).expect("2 players");
    let duel = position(duel, Phase::Selection, &[4], &[], &[]);
    assert_eq!(boxes(&duel, Seat::Player(Player(1))).len(), 10);
    assert_eq!(boxes(&duel, Seat::Player(Player(0))), set(&[&[4]]));
}

/// Plays `state` and `twin` forward with the same actions (random legal ones
/// of the state) while `seat`'s redacted events agree, comparing its views:
/// a leak may show only in a later view. Returns the steps played alike.
fn play_alike(mut state: State, mut twin: State, seat: Seat, seed: u64) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while let Some(player) = state.to_act().lowest() {
        let legal = state.legal_actions(player);
        let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
            break;
        };
        let (a, b) = (
            state.apply(player, action, &mut rng.clone()),
            twin.apply(player, action, &mut rng.clone()),
        );
        let (Ok(a), Ok(b)) = (a, b) else { break };
        if State::redact_all(&a, seat) != State::redact_all(&b, seat) {
            break;
        }
        steps += 1;
        assert_eq!(twin.view_for(seat), state.view_for(seat), "{seat:?}");
        assert_eq!(twin.to_act(), state.to_act(), "{seat:?}");
        if let Some(p) = seat.player() {
            assert_eq!(twin.legal_actions(p), state.legal_actions(p), "{seat:?}");
        }
    }
    steps
}

#[test]
fn twins_stay_alike_until_the_seat_can_tell_them_apart() {
    let mut steps = 0;
    for (i, state) in positions().into_iter().enumerate().step_by(3) {
        for (s, seat) in seats(&state).enumerate() {
            let seed = (i * 16 + s) as u64;
            let twin = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("twin");
            steps += play_alike(state, twin, seat, seed);
        }
    }
    assert!(steps > 10_000, "{steps} steps played alike");
}

/// What a move keeps from a seat that is not the Fairy, by the move's kind
/// (`None` when the seat sees the move whole).
fn hidden_kind(state: &State, seat: Seat, player: Player, action: Action) -> Option<&'static str> {
    if knows_all(state, seat) {
        return None;
    }
    let mut after = *state;
    after
        .apply(player, action, &mut ChaCha8Rng::seed_from_u64(0))
        .expect("listed");
    let opens = after.round() != state.round() || after.outcome().is_some();
    match action {
        Action::Select(_) => Some("put in secret"),
        Action::Remove(_) => Some("remove"),
        Action::DoneHiding if state.config().box_sound == BoxSound::Silent => {
            Some("close a silent box")
        }
        Action::DoneHiding => Some("close a counted box"),
        Action::Guess(_) if !opens => Some("guess"),
        _ => None,
    }
}

/// Per hidden move kind: moves checked, twins (position or move) that
/// differ from the real ones, and twins that differ in the secret an event
/// could leak: their unredacted events differ from the real move's (what
/// the redaction must hide), or for a silent box its count.
type RevealTally = std::collections::BTreeMap<&'static str, (u32, u32, u32)>;

#[test]
fn every_move_shows_each_seat_only_what_the_rules_reveal() {
    let mut tally = RevealTally::new();
    let mut checked = 0u32;
    let positions = positions();
    for (i, state) in positions.iter().enumerate() {
        let Some(player) = state.to_act().lowest() else {
            continue;
        };
        for (s, seat) in seats(state).enumerate() {
            for (a, &action) in state.legal_actions(player).iter().enumerate() {
                let seed = (i * 1024 + s * 64 + a) as u64;
                let context = || format!("position {i}, {seat:?}, {action:?}\n{state:?}");
                check_reveals::<_, ChaCha8Rng>(state, seat, player, action, seed)
                    .unwrap_or_else(|failure| panic!("{}\n{failure}", context()));
                checked += 1;
                let Some(kind) = hidden_kind(state, seat, player, action) else {
                    let (twin, twin_action) = state
                        .twin_move(seat, player, action, &mut ChaCha8Rng::seed_from_u64(seed))
                        .expect("a twin");
                    assert_eq!(twin_action, action, "{}", context());
                    if knows_all(state, seat) {
                        assert_eq!(twin, *state, "{}", context());
                    }
                    continue;
                };
                let (twin, twin_action) = state
                    .twin_move(seat, player, action, &mut ChaCha8Rng::seed_from_u64(seed))
                    .expect("a twin");
                let events = |mut state: State, action| {
                    state
                        .apply(player, action, &mut ChaCha8Rng::seed_from_u64(0))
                        .expect("listed in the twin")
                };
                let entry = tally.entry(kind).or_default();
                entry.0 += 1;
                entry.1 += u32::from(twin != *state || twin_action != action);
                // A silent box keeps its count out of the events: there the
                // secret an event could leak is the count itself.
                let secret_differs = if kind == "close a silent box" {
                    twin.in_box().len() != state.in_box().len()
                } else {
                    events(*state, action) != events(twin, twin_action)
                };
                entry.2 += u32::from(secret_differs);
            }
        }
    }
    println!("{checked} moves checked, {tally:?}");
    assert!(checked > crate::scale::size(40_000), "{checked}");
    // Every kind of move with a secret was checked often, its twin was
    // another position or move most of the time, and it differs in the
    // secret its events could leak (the item put in or removed, the count
    // of a silent box) most of the time: a redaction that lets the secret
    // through is caught. A counted box and a guess show all their events
    // carry; the rest of the split they leave secret is in no event.
    for kind in [
        "put in secret",
        "remove",
        "close a silent box",
        "close a counted box",
        "guess",
    ] {
        let &(moves, differ, raw_differ) = tally.get(kind).unwrap_or(&(0, 0, 0));
        assert!(moves > crate::scale::size(400), "{kind}: {tally:?}");
        assert!(differ * 2 > moves, "{kind}: {tally:?}");
        let carries_secret = matches!(kind, "put in secret" | "remove" | "close a silent box");
        if carries_secret {
            assert!(raw_differ * 2 > moves, "{kind}: {tally:?}");
        }
    }
}

/// The leak walk of the conformance harness (which runs the event oracle on
/// every move it walks) on every variant and box sound, custom item sets
/// included: `leak_oracle` runs the standard configs only.
#[test]
fn the_leak_walk_checks_every_variant_and_box_sound() {
    let mut checks = 0;
    for (n, config) in configs().into_iter().enumerate() {
        let report = fairy_ring::testing::Conformance::<State>::new(1)
            .seed(n as u64)
            .leaks(12)
            .run::<ChaCha8Rng>(&config)
            .unwrap_or_else(|failure| panic!("{config:?}: {failure}"));
        checks += report.leak_checks;
    }
    assert!(checks > 1_000, "{checks}");
}
