//! Fickle's twin generator (`testing::Twins`): over random playouts at every
//! player count, for every seat and the spectator, a twin gives the seat the
//! same view, legal actions, `to_act` and outcome; it really differs from the
//! state often enough; it keeps the seat's own secrets and everything
//! public; and the same seed gives the same twin.

use fairy_ring::fickle::{Config, Family, Phase, RecommendedSet, Setup, State};
use fairy_ring::testing::Twins;
use fairy_ring::{Game, Player, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// What a sweep saw.
#[derive(Debug, Default)]
struct Tally {
    /// (position, seat) pairs checked.
    checked: u64,
    /// ... of which the twin differs from the state.
    differ: u64,
    /// ... in positions with something hidden from the seat beyond the deck
    /// order (a hand, a stack, a face-down Fairy, a token).
    hidden: u64,
    /// ... of which the twin differs in more than the deck order.
    differ_hidden: u64,
    /// (possible, redrawn) per hidden part: Direction tokens still face
    /// down, other players' hands, other players' face-down Fairies the seat
    /// cannot see, the seat's own unseen stack cards, others' opening
    /// dismissal.
    parts: [(u64, u64); 5],
}

/// Whether anything but the deck order is hidden from `seat`: another
/// player's hand, stack or face-down Fairy, an unseen card of its own stack,
/// or a Direction token still face down.
fn hides_more_than_the_deck(state: &State, seat: Seat) -> bool {
    let setup = state.to_setup();
    let view = state.view_for(seat);
    let tokens = usize::from(setup.round) < 5;
    let cards = view.players.iter().any(|pv| {
        pv.hand.iter().any(Option::is_none)
            || pv
                .lineup
                .iter()
                .skip(usize::from(pv.cursor))
                .any(Option::is_none)
            || pv.chosen == fairy_ring::fickle::Slot::FaceDown
    });
    tokens || cards
}

/// The twin equals the state but for the deck order.
fn same_but_deck_order(a: &Setup, b: &Setup) -> bool {
    let mut a = *a;
    let mut b = *b;
    a.deck.sort_unstable();
    b.deck.sort_unstable();
    a == b
}

/// The public parts and `seat`'s own secrets, as Setup data.
fn kept_parts(setup: &Setup, seat: Seat) -> impl PartialEq + std::fmt::Debug {
    let round = usize::from(setup.round);
    let public: Vec<_> = setup
        .areas
        .iter()
        .map(|a| {
            (
                a.alliance,
                a.cursor,
                a.lineup.len(),
                a.hand.len(),
                a.effects,
                a.chosen.is_some(),
                a.pending.is_some(),
                a.discard.is_some(),
            )
        })
        .collect();
    let own = seat
        .player()
        .and_then(|p| setup.areas.get(p.index()))
        .map(|a| (a.hand, a.placed, a.discard, a.pending));
    let own_pick = match (&setup.phase, seat.player()) {
        (
            Phase::Powers {
                resolution: Some(fairy_ring::fickle::Resolution::Chain(c)),
                ..
            },
            Some(p),
        ) => c.pick(p),
        _ => None,
    };
    (
        setup.config,
        setup.round,
        setup.directions.get(..round).map(<[_]>::to_vec),
        setup.court_crier,
        setup.deck.len(),
        setup.dismiss.len(),
        setup.last_revealer,
        public,
        own,
        own_pick,
    )
}

/// Games per player count: `default`, or `FICKLE_TWIN_GAMES` for a longer
/// hunt.
fn games(default: u64) -> u64 {
    std::env::var("FICKLE_TWIN_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(crate::scale::size(default))
}

fn configs(players: usize, game: u64) -> Config {
    let mut rng = ChaCha8Rng::seed_from_u64(1000 + game);
    match game % 4 {
        0 => Config::new(players).expect("config"),
        1 => Config::recommended(players, RecommendedSet::ALL[(game as usize / 4) % 6])
            .expect("config"),
        _ => Config::random(players, &mut rng).expect("config"),
    }
}

/// Checks every (position, seat) of `games` random games per player count.
fn sweep(games: u64, seed: u64, configs: impl Fn(usize, u64) -> Config) -> Tally {
    let mut tally = Tally::default();
    for players in 3..=5 {
        for game in 0..games {
            let config = configs(players, game);
            let mut rng = ChaCha8Rng::seed_from_u64(seed + game * 7 + players as u64);
            let mut state = State::new(&config, &mut rng).expect("new game");
            let mut twin_rng = ChaCha8Rng::seed_from_u64((seed ^ 0x5eed) + game);
            for step in 0.. {
                let seats = (0..players as u8)
                    .map(|p| Seat::Player(Player(p)))
                    .chain([Seat::Spectator]);
                for seat in seats {
                    check(
                        &state,
                        seat,
                        &mut twin_rng,
                        &mut tally,
                        (players, game, step),
                    );
                }
                let Some(player) = pick(&state.to_act(), &mut rng) else {
                    break;
                };
                let legal = state.legal_actions(player);
                let action = legal[fairy_ring::rng::index(&mut rng, legal.len())];
                state
                    .apply(player, action, &mut rng)
                    .expect("a legal action");
            }
            assert!(state.outcome().is_some());
        }
    }
    tally
}

fn pick(set: &fairy_ring::PlayerSet, rng: &mut ChaCha8Rng) -> Option<Player> {
    let all: Vec<Player> = set.iter().collect();
    fairy_ring::rng::choose(rng, &all).copied()
}

fn check(
    state: &State,
    seat: Seat,
    rng: &mut ChaCha8Rng,
    tally: &mut Tally,
    at: (usize, u64, u64),
) {
    let before = rng.clone();
    let twin = state
        .twin(seat, rng)
        .unwrap_or_else(|e| panic!("{at:?} {seat:?}: twin refused: {e}\n{:?}", state.to_setup()));
    // Determinism: the same RNG state gives the same twin.
    let again = state.twin(seat, &mut before.clone()).expect("twin");
    assert_eq!(again, twin, "{at:?} {seat:?}: same seed, different twin");
    assert_eq!(
        twin.view_for(seat),
        state.view_for(seat),
        "{at:?} {seat:?}: the seat tells the twin apart\nstate {:?}\ntwin  {:?}",
        state.to_setup(),
        twin.to_setup()
    );
    assert_eq!(twin.to_act(), state.to_act(), "{at:?} {seat:?}");
    assert_eq!(twin.outcome(), state.outcome(), "{at:?} {seat:?}");
    if let Some(p) = seat.player() {
        assert_eq!(
            twin.legal_actions(p).to_vec(),
            state.legal_actions(p).to_vec(),
            "{at:?} {seat:?}"
        );
    }
    let (s, t) = (state.to_setup(), twin.to_setup());
    assert_eq!(
        kept_parts(&t, seat),
        kept_parts(&s, seat),
        "{at:?} {seat:?}"
    );
    tally.checked += 1;
    let view = state.view_for(seat);
    let own = seat.player().map(Player::index);
    let others = |i: usize| Some(i) != own;
    let parts = [
        (
            usize::from(s.round) < 4,
            s.directions.get(usize::from(s.round)..) != t.directions.get(usize::from(s.round)..),
        ),
        (
            s.areas
                .iter()
                .enumerate()
                .any(|(i, a)| others(i) && !a.hand.is_empty()),
            s.areas
                .iter()
                .zip(&t.areas)
                .enumerate()
                .any(|(i, (a, b))| others(i) && a.hand != b.hand),
        ),
        (
            view.players
                .iter()
                .any(|pv| pv.chosen == fairy_ring::fickle::Slot::FaceDown),
            view.players
                .iter()
                .zip(s.areas.iter().zip(&t.areas))
                .any(|(pv, (a, b))| {
                    pv.chosen == fairy_ring::fickle::Slot::FaceDown && a.chosen != b.chosen
                }),
        ),
        (
            own.and_then(|i| view.players.get(i)).is_some_and(|pv| {
                pv.lineup
                    .iter()
                    .skip(usize::from(pv.cursor))
                    .any(Option::is_none)
            }),
            own.is_some_and(|i| s.areas[i].lineup != t.areas[i].lineup),
        ),
        (
            s.areas
                .iter()
                .enumerate()
                .any(|(i, a)| others(i) && a.discard.is_some()),
            s.areas
                .iter()
                .zip(&t.areas)
                .enumerate()
                .any(|(i, (a, b))| others(i) && a.discard != b.discard),
        ),
    ];
    for (slot, (possible, redrawn)) in tally.parts.iter_mut().zip(parts) {
        if possible {
            slot.0 += 1;
            slot.1 += u64::from(redrawn);
        }
    }
    if twin != *state {
        tally.differ += 1;
    }
    if state.outcome().is_none() && hides_more_than_the_deck(state, seat) {
        tally.hidden += 1;
        if !same_but_deck_order(&s, &t) {
            tally.differ_hidden += 1;
        }
    }
}

#[test]
fn twins_look_the_same_to_their_seat_and_differ_in_what_it_cannot_know() {
    let tally = sweep(games(8), 11, configs);
    eprintln!("{tally:?}");
    assert!(tally.checked > crate::scale::size(3000), "{tally:?}");
    // A generator returning the state itself fails these floors.
    assert!(tally.differ * 10 > tally.checked * 7, "{tally:?}");
    assert!(tally.differ_hidden * 10 > tally.hidden * 6, "{tally:?}");
    // Each hidden part is redrawn often where it exists.
    for (possible, redrawn) in tally.parts {
        assert!(
            possible > crate::scale::size(100) && redrawn * 4 > possible,
            "{tally:?}"
        );
    }
}

#[test]
fn twins_of_games_with_the_lineup_powers() {
    let lineup = |players: usize, game: u64| {
        use Family::*;
        let families = [
            [Psychic, Reduced, Blinded, Noble, Coerce],
            [Psychic, Blinded, Transmute, Erase, Scheme],
            [Reduced, Blinded, Obfuscate, Share, Purge],
        ];
        Config::with_families(players, families[game as usize % 3]).expect("config")
    };
    let tally = sweep(games(6), 77, lineup);
    eprintln!("{tally:?}");
    assert!(tally.differ * 10 > tally.checked * 7, "{tally:?}");
}

/// Plays `state` and its `twin` forward with the same actions (random legal
/// ones of the state) and the same RNG while `seat`'s redacted events agree,
/// and returns the first step at which `seat`'s views differ (a leak).
fn forward(mut state: State, mut twin: State, seat: Seat, seed: u64) -> Option<String> {
    let mut pick_rng = ChaCha8Rng::seed_from_u64(seed);
    let mut rng = ChaCha8Rng::seed_from_u64(seed + 1);
    for step in 0..400 {
        let player = pick(&state.to_act(), &mut pick_rng)?;
        let legal = state.legal_actions(player);
        let action = legal[fairy_ring::rng::index(&mut pick_rng, legal.len())];
        let mut twin_rng = rng.clone();
        let a = state.apply(player, action, &mut rng).ok()?;
        let b = twin.apply(player, action, &mut twin_rng).ok()?;
        let redact = |events: &[fairy_ring::fickle::Event]| -> Vec<_> {
            events
                .iter()
                .filter_map(|e| State::redact(e, seat))
                .collect()
        };
        if redact(&a) != redact(&b) || rng != twin_rng {
            return None;
        }
        if state.view_for(seat) != twin.view_for(seat) {
            return Some(format!(
                "step {step} after {action:?} by {player:?}:\nstate {:?}\ntwin  {:?}",
                state.view_for(seat),
                twin.view_for(seat)
            ));
        }
    }
    None
}

/// A Lineup position of round 1 where player 0 is under Psychic and Reduced,
/// stacks passed: the Selection starts.
fn psychic_and_reduced(seed: u64) -> State {
    use Family::*;
    let config = Config::with_families(3, [Psychic, Reduced, Noble, Coerce, Give]).expect("config");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(&config, &mut rng).expect("new");
    while matches!(state.phase(), Phase::Opening) {
        let p = state.to_act().lowest().expect("someone dismisses");
        let a = state.legal_actions(p)[0];
        state.apply(p, a, &mut rng).expect("legal");
    }
    let mut setup = state.to_setup();
    assert!(matches!(setup.phase, Phase::Lineup));
    setup.areas[0].effects.psychic = true;
    setup.areas[0].effects.reduced = true;
    let mut state = State::from_setup(setup).expect("a Lineup position");
    while matches!(state.phase(), Phase::Lineup) {
        let p = state.to_act().lowest().expect("someone places");
        let a = state.legal_actions(p)[0];
        state.apply(p, a, &mut rng).expect("legal");
    }
    state
}

/// Issue 11 finding 1: the card Reduced dismisses stays unseen by a player
/// also under Psychic (RULINGS "Blinded, Psychic and Reduced together").
#[test]
fn psychic_and_reduced_twins_for_the_player_under_both() {
    for seed in 0..20 {
        let state = psychic_and_reduced(seed);
        let seat = Seat::Player(Player(0));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..5 {
            let twin = state.twin(seat, &mut rng).expect("twin");
            assert_eq!(twin.view_for(seat), state.view_for(seat), "seed {seed}");
        }
    }
}

/// The same positions for the other seats, which see nothing special.
#[test]
fn psychic_and_reduced_twins_for_the_other_seats() {
    for seed in 0..20 {
        let state = psychic_and_reduced(seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for seat in [
            Seat::Player(Player(1)),
            Seat::Player(Player(2)),
            Seat::Spectator,
        ] {
            let twin = state.twin(seat, &mut rng).expect("twin");
            assert_eq!(twin.view_for(seat), state.view_for(seat), "seed {seed}");
        }
    }
}

/// Twins played forward with the same actions and RNG: the seat's views
/// agree as long as its redacted events do (a small version of the leak
/// oracle, over random positions).
#[test]
fn twins_played_forward_stay_alike_while_the_events_agree() {
    let mut leaks = Vec::new();
    let mut runs = 0;
    // `FICKLE_TWIN_GAMES` games per player count for a longer hunt.
    let games = games(4);
    for players in 3..=5 {
        for game in 0..games {
            let config = configs(players, game + 100);
            let mut rng = ChaCha8Rng::seed_from_u64(500 + game + players as u64);
            let mut state = State::new(&config, &mut rng).expect("new game");
            let mut twin_rng = ChaCha8Rng::seed_from_u64(9 + game);
            for step in 0u64.. {
                if step % 5 == 0 {
                    for p in 0..=players as u8 {
                        let seat = if usize::from(p) == players {
                            Seat::Spectator
                        } else {
                            Seat::Player(Player(p))
                        };
                        let twin = state.twin(seat, &mut twin_rng).expect("twin");
                        runs += 1;
                        if let Some(leak) = forward(state.clone(), twin, seat, step) {
                            leaks.push(format!(
                                "{players} players game {game} step {step} {seat:?}: {leak}"
                            ));
                        }
                    }
                }
                let Some(player) = pick(&state.to_act(), &mut rng) else {
                    break;
                };
                let legal = state.legal_actions(player);
                let action = legal[fairy_ring::rng::index(&mut rng, legal.len())];
                state
                    .apply(player, action, &mut rng)
                    .expect("a legal action");
            }
        }
    }
    eprintln!("{runs} forward runs, {} leaks", leaks.len());
    assert!(leaks.is_empty(), "{}", leaks.join("\n\n"));
}

/// Issue 11 finding 2: seat 2's Transmute dismisses seat 1's unrevealed Noble
/// face down; the resolve order shown afterwards must not tell seat 2
/// whether it outranked seat 0's Coerce 3 (RULINGS "what the resolve order
/// shows", "Transmute's target").
#[test]
fn transmute_does_not_show_the_dismissed_fairys_turn() {
    use Family::*;
    use fairy_ring::fickle::{Action, PositionBuilder};
    let config =
        Config::with_families(3, [Transmute, Noble, Coerce, Dispel, Give]).expect("config");
    let seat = Seat::Player(Player(2));
    let mut leaks = Vec::new();
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let (state, _) = PositionBuilder::new(config)
            .alliance(Player(0), ["Dispel 1"])
            .alliance(Player(1), ["Give 1"])
            .alliance(Player(2), ["Give 2"])
            .kept(Player(2), "Transmute 5")
            .kept(Player(0), "Coerce 3")
            .kept(Player(1), "Noble 4")
            .reveal(&mut rng)
            .expect("position");
        // Transmute's draw is public: only twins with the same top card of
        // the deck keep seat 2's events equal.
        let top = state.to_setup().deck.last().copied();
        let Some(twin) = (0..500)
            .map(|_| state.twin(seat, &mut rng).expect("twin"))
            .find(|t| t.to_setup().deck.last().copied() == top)
        else {
            continue;
        };
        let (mut a, mut b) = (state.clone(), twin);
        let action = Action::TargetPlayer(Player(1));
        let mut r = rng.clone();
        let ea = a
            .apply(Player(2), action, &mut rng)
            .expect("Transmute player 2");
        let eb = b
            .apply(Player(2), action, &mut r)
            .expect("the twin allows it too");
        let redact = |events: &[fairy_ring::fickle::Event]| -> Vec<_> {
            events
                .iter()
                .filter_map(|e| State::redact(e, seat))
                .collect()
        };
        if redact(&ea) != redact(&eb) {
            continue;
        }
        if a.view_for(seat) != b.view_for(seat) {
            leaks.push(format!(
                "seed {seed} after {action:?}: state {:?}\ntwin {:?}",
                a.view_for(seat).phase,
                b.view_for(seat).phase
            ));
        } else if let Some(leak) = forward(a, b, seat, seed) {
            leaks.push(leak);
        }
    }
    assert!(
        leaks.is_empty(),
        "{} leaks, first: {}",
        leaks.len(),
        leaks.join("\n")
    );
}

/// The crate's leak oracle on Fickle: every player count, the default game,
/// a Recommended Set, the Lineup Powers and random Families. `FICKLE_TWIN_GAMES`
/// games per config for a longer hunt.
#[test]
fn the_leak_oracle_passes_on_fickle() {
    use Family::*;
    use fairy_ring::testing::Conformance;
    let games = games(1) as u32;
    for players in 3..=5 {
        let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
        let configs = [
            Config::new(players).expect("config"),
            Config::recommended(players, RecommendedSet::Turnabout).expect("config"),
            Config::with_families(players, [Psychic, Reduced, Blinded, Transmute, Obfuscate])
                .expect("config"),
            Config::random(players, &mut rng).expect("config"),
        ];
        for (i, config) in configs.iter().enumerate() {
            let report = Conformance::<State>::new(games)
                .seed(40 + 10 * i as u64 + players as u64)
                .leaks(16)
                .run::<ChaCha8Rng>(config)
                .unwrap_or_else(|f| panic!("{players} players, config {i}: {f}"));
            assert!(
                report.leak_checks > 0 && report.twins_differing > 0,
                "{report:?}"
            );
            assert!(report.most_events < fairy_ring::MAX_EVENTS, "{report:?}");
        }
    }
}

/// What a sweep of the event oracle saw.
#[derive(Debug, Default)]
struct Reveals {
    /// (move, seat) pairs checked.
    checked: u64,
    /// Secret choices of another player (an opening dismissal, a Lineup
    /// card, a Selection step, a Chain pick, all but the one that turns them
    /// over) ...
    secret: u64,
    /// ... of which the twin's move is another action.
    secret_varied: u64,
    /// Moves whose events carry a card hidden from the seat (a deal, a look,
    /// a face-down move of someone else's) ...
    hidden: u64,
    /// ... of which the twin holds other cards than the state.
    hidden_varied: u64,
}

/// Whether an event carries a card `seat` may not see (the rules' list: a
/// deal, a look and a face-down move, each shown to the players it names).
fn hides_a_card(event: &fairy_ring::fickle::Event, seat: Seat) -> bool {
    use fairy_ring::fickle::Event;
    let sees = |knows: fairy_ring::PlayerSet| seat.player().is_some_and(|p| knows.contains(p));
    match event {
        Event::Dealt { knows, .. } => !sees(*knows),
        Event::Moved {
            knows: Some(knows), ..
        } => !sees(*knows),
        Event::Looked { player, .. } => seat.player() != Some(*player),
        _ => false,
    }
}

/// Whether `action` of `player` is a secret choice in `state`, for a seat
/// that is not `player` (whether the move turns it over is not asked).
fn secret_choice(state: &State, action: fairy_ring::fickle::Action) -> bool {
    use fairy_ring::fickle::{Action, ChainStep, Resolution};
    match (state.phase(), action) {
        (Phase::Opening, Action::Dismiss(_)) | (Phase::Lineup, Action::Place(_)) => true,
        (Phase::Selection, Action::Keep | Action::DismissTop) => true,
        (
            Phase::Powers {
                resolution: Some(Resolution::Chain(c)),
                ..
            },
            Action::Target(_),
        ) => c.step == ChainStep::Pick,
        _ => false,
    }
}

/// Plays `games` random games per player count and checks every move for
/// every seat and the spectator with the event oracle.
fn reveal_sweep(games: u64, seed: u64, configs: impl Fn(usize, u64) -> Config) -> Reveals {
    let mut tally = Reveals::default();
    for players in 3..=5 {
        for game in 0..games {
            let config = configs(players, game);
            let mut rng = ChaCha8Rng::seed_from_u64(seed + game * 7 + players as u64);
            let mut state = State::new(&config, &mut rng).expect("new game");
            let mut twin_rng = ChaCha8Rng::seed_from_u64((seed ^ 0xe7e7) + game);
            for step in 0.. {
                let Some(player) = pick(&state.to_act(), &mut rng) else {
                    break;
                };
                let legal = state.legal_actions(player);
                let action = legal[fairy_ring::rng::index(&mut rng, legal.len())];
                let events = state
                    .clone()
                    .apply(player, action, &mut rng.clone())
                    .expect("legal");
                let seats = (0..players as u8)
                    .map(|p| Seat::Player(Player(p)))
                    .chain([Seat::Spectator]);
                for seat in seats {
                    let at = format!("{players} players game {game} step {step} {seat:?}");
                    let oracle_seed = twin_rng.next_u64();
                    fairy_ring::testing::check_reveals::<State, ChaCha8Rng>(
                        &state,
                        seat,
                        player,
                        action,
                        oracle_seed,
                    )
                    .unwrap_or_else(|f| panic!("{at}: {f}\n{:?}", state.to_setup()));
                    let (twin, twin_action) = state
                        .twin_move(seat, player, action, &mut twin_rng)
                        .unwrap_or_else(|e| panic!("{at}: {e}"));
                    tally.checked += 1;
                    if seat != Seat::Player(player) && secret_choice(&state, action) {
                        tally.secret += 1;
                        tally.secret_varied += u64::from(twin_action != action);
                    }
                    if events.iter().any(|e| hides_a_card(e, seat)) {
                        tally.hidden += 1;
                        let (s, t) = (state.to_setup(), twin.to_setup());
                        let cards = |x: &Setup| {
                            let areas: Vec<_> = x
                                .areas
                                .iter()
                                .map(|a| (a.hand, a.lineup, a.chosen))
                                .collect();
                            (x.deck, x.dismiss, areas)
                        };
                        tally.hidden_varied += u64::from(cards(&s) != cards(&t));
                    }
                }
                state
                    .apply(player, action, &mut rng)
                    .expect("a legal action");
            }
            assert!(state.outcome().is_some());
        }
    }
    tally
}

/// Issue 20, the event oracle on Fickle: every move of random games at every
/// player count passes `check_reveals` for every seat and the spectator, and
/// the twins really vary what the move keeps from the seat (a statement that
/// kept everything would check nothing).
#[test]
fn every_move_shows_each_seat_only_what_the_rules_reveal() {
    let tally = reveal_sweep(games(8), 21, configs);
    eprintln!("{tally:?}");
    assert!(tally.checked > crate::scale::size(4000), "{tally:?}");
    // Two choices at least, so a varied twin move is another action half of
    // the time or more, where the statement varies it.
    assert!(tally.secret_varied * 10 > tally.secret * 4, "{tally:?}");
    assert!(tally.hidden_varied * 10 > tally.hidden * 7, "{tally:?}");
}

/// The same with the Lineup Powers, Transmute and Obfuscate, whose moves
/// show cards to some players only.
#[test]
fn every_move_with_the_lineup_powers_shows_only_what_the_rules_reveal() {
    let lineup = |players: usize, game: u64| {
        use Family::*;
        let families = [
            [Psychic, Reduced, Blinded, Noble, Coerce],
            [Psychic, Blinded, Transmute, Erase, Scheme],
            [Reduced, Blinded, Obfuscate, Share, Purge],
            [Transmute, Obfuscate, Deflect, Mimic, Purge],
        ];
        Config::with_families(players, families[game as usize % 4]).expect("config")
    };
    let tally = reveal_sweep(games(8), 55, lineup);
    eprintln!("{tally:?}");
    assert!(tally.secret_varied * 10 > tally.secret * 4, "{tally:?}");
    assert!(tally.hidden_varied * 10 > tally.hidden * 7, "{tally:?}");
}

/// A game of Fickle whose `redact` shows every seat one kind of event
/// whole (a redaction bug planted by hand), for the event oracle to catch.
#[derive(Clone, Debug, PartialEq)]
struct Unredacted<const KIND: u8>(State);

/// `Unredacted` shows nothing more than Fickle does.
const NOTHING: u8 = 0;
/// Deals are shown whole.
const DEALT: u8 = 1;
/// Cards moved face down are shown.
const MOVED: u8 = 2;
/// Looks at one's own cards are shown to all.
const LOOKED: u8 = 3;

impl<const KIND: u8> Game for Unredacted<KIND> {
    type Config = Config;
    type Action = fairy_ring::fickle::Action;
    type View = fairy_ring::fickle::View;
    type Event = fairy_ring::fickle::Event;
    type Setup = Setup;
    type Violation = fairy_ring::fickle::Violation;
    type SetupError = fairy_ring::fickle::SetupError;
    const NAME: &'static str = State::NAME;
    const MIN_PLAYERS: usize = State::MIN_PLAYERS;
    const MAX_PLAYERS: usize = State::MAX_PLAYERS;

    fn new(
        config: &Config,
        rng: &mut (impl fairy_ring::rand_core::Rng + ?Sized),
    ) -> Result<Self, fairy_ring::ConfigError> {
        State::new(config, rng).map(Unredacted)
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn to_act(&self) -> fairy_ring::PlayerSet {
        self.0.to_act()
    }
    fn legal_actions(&self, player: Player) -> fairy_ring::ActionList<Self::Action> {
        self.0.legal_actions(player)
    }
    fn apply(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl fairy_ring::rand_core::Rng + ?Sized),
    ) -> Result<fairy_ring::Events<Self::Event>, fairy_ring::ActionError<Self::Violation>> {
        self.0.apply(player, action, rng)
    }
    fn view_for(&self, seat: Seat) -> Self::View {
        self.0.view_for(seat)
    }
    fn redact(event: &Self::Event, seat: Seat) -> Option<Self::Event> {
        use fairy_ring::fickle::Event;
        let whole = matches!(
            (KIND, event),
            (DEALT, Event::Dealt { .. })
                | (MOVED, Event::Moved { .. })
                | (LOOKED, Event::Looked { .. })
        );
        if whole {
            Some(event.clone())
        } else {
            State::redact(event, seat)
        }
    }
    fn outcome(&self) -> Option<fairy_ring::Outcome> {
        self.0.outcome()
    }
    fn max_game_length(&self) -> u32 {
        self.0.max_game_length()
    }
    fn to_setup(&self) -> Setup {
        self.0.to_setup()
    }
    fn from_setup(setup: Setup) -> Result<Self, Self::SetupError> {
        State::from_setup(setup).map(Unredacted)
    }
}

impl<const KIND: u8> Twins for Unredacted<KIND> {
    fn twin(
        &self,
        seat: Seat,
        rng: &mut (impl fairy_ring::rand_core::Rng + ?Sized),
    ) -> Result<Self, Self::SetupError> {
        self.0.twin(seat, rng).map(Unredacted)
    }
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: Self::Action,
        rng: &mut (impl fairy_ring::rand_core::Rng + ?Sized),
    ) -> Result<(Self, Self::Action), Self::SetupError> {
        self.0
            .twin_move(seat, player, action, rng)
            .map(|(twin, action)| (Unredacted(twin), action))
    }
}

/// Plays random games of `Unredacted<KIND>` (Families with Transmute and
/// the Lineup Powers) and returns the first report of the event oracle.
fn first_report<const KIND: u8>(games: u64) -> Option<String> {
    use Family::*;
    for game in 0..games {
        let players = 3 + (game % 3) as usize;
        let config = Config::with_families(players, [Transmute, Psychic, Blinded, Noble, Give])
            .expect("config");
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let mut state = Unredacted::<KIND>::new(&config, &mut rng).expect("new game");
        while let Some(player) = pick(&state.to_act(), &mut rng) {
            let legal = state.legal_actions(player);
            let action = legal[fairy_ring::rng::index(&mut rng, legal.len())];
            for p in 0..=players as u8 {
                let seat = Seat::Player(Player(p)).at_table(players);
                let checked = fairy_ring::testing::check_reveals::<_, ChaCha8Rng>(
                    &state,
                    seat,
                    player,
                    action,
                    game * 100 + u64::from(p),
                );
                if let Err(failure) = checked {
                    return Some(failure.message);
                }
            }
            state.apply(player, action, &mut rng).expect("legal");
        }
    }
    None
}

/// Each kind of event that carries a hidden card, shown whole by a planted
/// bug, is reported by the event oracle with Fickle's statement, and the
/// same games without the bug pass.
#[test]
fn the_event_oracle_catches_each_hidden_card_shown() {
    for (kind, found) in [
        ("Dealt", first_report::<DEALT>(6)),
        ("Moved", first_report::<MOVED>(6)),
        ("Looked", first_report::<LOOKED>(6)),
    ] {
        let message = found.unwrap_or_else(|| panic!("a {kind} shown whole went unseen"));
        assert!(
            message.contains("an event shows") && message.contains(kind),
            "{kind}: {message}"
        );
    }
    assert_eq!(first_report::<NOTHING>(3), None);
}

/// Issue 20: the move that ends a Selection step carries out every
/// commitment at once, and everyone sees who kept at this step (RULINGS
/// "Fickle: what the end of a Selection step shows"). A player who keeps
/// their second card and one who dismisses it (keeping the last at once)
/// leave the same views, but not the same events, and that is no leak: the
/// statement keeps every commitment of the step in the twin, while a
/// commitment before the last stays secret (the twin's may differ).
#[test]
fn the_end_of_a_selection_step_shows_who_kept_at_it() {
    use fairy_ring::fickle::{Action, Event};
    let mut flips = 0;
    let mut last_moves = 0;
    for game in 0..crate::scale::size(80) {
        let players = [3, 4, 5, 5][game as usize % 4];
        let mut rng = ChaCha8Rng::seed_from_u64(300 + game);
        let mut state = State::new(&configs(players, game), &mut rng).expect("new game");
        while let Some(player) = pick(&state.to_act(), &mut rng) {
            let legal = state.legal_actions(player);
            let action = legal[fairy_ring::rng::index(&mut rng, legal.len())];
            let last = matches!(state.phase(), Phase::Selection)
                && matches!(action, Action::Keep | Action::DismissTop)
                && state.to_act() == fairy_ring::PlayerSet::only(player);
            if last {
                last_moves += 1;
                let real = state.to_setup();
                for p in 0..players as u8 {
                    let seat = Seat::Player(Player(p));
                    let (twin, twin_action) = state
                        .twin_move(seat, player, action, &mut rng)
                        .expect("a twin");
                    assert_eq!(twin_action, action, "the last commitment is seen");
                    let pending = |s: &Setup| s.areas.iter().map(|a| a.pending).collect::<Vec<_>>();
                    assert_eq!(pending(&twin.to_setup()), pending(&real));
                    fairy_ring::testing::check_reveals::<State, ChaCha8Rng>(
                        &state, seat, player, action, game,
                    )
                    .unwrap_or_else(|f| panic!("game {game}: {f}"));
                }
                // Another player's commitment on their second-to-last card,
                // flipped: a third seat's view after is the same, its events
                // are not.
                for (i, area) in real.areas.iter().enumerate() {
                    let Some(keep) = area.pending else { continue };
                    if usize::from(area.cursor) + 2 != area.lineup.len() {
                        continue;
                    }
                    let Some(seat) = (0..players)
                        .find(|&s| {
                            s != i
                                && s != player.index()
                                && !state.view_for(Seat::Player(Player(s as u8))).players[i]
                                    .lineup
                                    .iter()
                                    .any(Option::is_some)
                        })
                        .map(|s| Seat::Player(Player(s as u8)))
                    else {
                        continue;
                    };
                    let mut flipped = real;
                    flipped.areas[i].pending = Some(!keep);
                    let mut other = State::from_setup(flipped).expect("a position");
                    let mut a = state.clone();
                    let ea = a.apply(player, action, &mut rng.clone()).expect("legal");
                    let eb = other
                        .apply(player, action, &mut rng.clone())
                        .expect("legal");
                    if !matches!(a.phase(), Phase::Selection) {
                        // The kept Fairies are revealed at once.
                        continue;
                    }
                    assert_eq!(a.view_for(seat), other.view_for(seat));
                    let shown = |e: &[Event]| State::redact_all(e, seat);
                    assert_ne!(shown(&ea), shown(&eb));
                    flips += 1;
                }
            }
            state.apply(player, action, &mut rng).expect("legal");
        }
    }
    assert!(last_moves > 10 && flips > 0, "{last_moves} {flips}");
}

/// Chain picks (RULINGS "Chain choices"): a pick before the last is secret,
/// so for the other seats the twin's pick may be the other tied Fairy; the
/// last pick resolves the Chain in the open, so every pick made stays in its
/// twin. Both pass the event oracle for every seat.
#[test]
fn chain_picks_are_secret_until_the_last() {
    use fairy_ring::fickle::{Action, Card, PositionBuilder, Resolution};
    let card = |name: &str| Card::parse(name).expect("a card");
    let config = Config::with_families(
        3,
        [
            Family::Purge,
            Family::Noble,
            Family::Give,
            Family::Coerce,
            Family::Dispel,
        ],
    )
    .expect("config");
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (state, _) = PositionBuilder::new(config)
        .alliance(Player(1), ["Give 3", "Coerce 3"])
        .alliance(Player(2), ["Give 2", "Coerce 2"])
        .alliance(Player(0), ["Noble 5"])
        .kept(Player(0), "Purge 1")
        .reveal(&mut rng)
        .expect("a Purge waiting for two picks");
    let picks = |s: &State| match s.phase() {
        Phase::Powers {
            resolution: Some(Resolution::Chain(c)),
            ..
        } => c.picks,
        _ => panic!("a Chain"),
    };
    let seats = [0u8, 1, 2]
        .map(|p| Seat::Player(Player(p)))
        .into_iter()
        .chain([Seat::Spectator]);
    let first = Action::Target(card("Give 3"));
    let mut varied = 0;
    for seat in seats.clone() {
        fairy_ring::testing::check_reveals::<State, ChaCha8Rng>(&state, seat, Player(1), first, 9)
            .unwrap_or_else(|f| panic!("{f}"));
        for _ in 0..20 {
            let (_, action) = state
                .twin_move(seat, Player(1), first, &mut rng)
                .expect("a twin");
            if seat == Seat::Player(Player(1)) {
                assert_eq!(action, first);
            }
            varied += u32::from(action != first);
        }
    }
    assert!(varied > 10, "{varied}");
    let mut state = state;
    state.apply(Player(1), first, &mut rng).expect("a pick");
    let last = Action::Target(card("Coerce 2"));
    for seat in seats {
        fairy_ring::testing::check_reveals::<State, ChaCha8Rng>(&state, seat, Player(2), last, 9)
            .unwrap_or_else(|f| panic!("{f}"));
        for _ in 0..20 {
            let (twin, action) = state
                .twin_move(seat, Player(2), last, &mut rng)
                .expect("a twin");
            assert_eq!(action, last, "{seat:?}");
            assert_eq!(picks(&twin), picks(&state), "{seat:?}");
        }
    }
}
