//! A Midsummer Night's Fayre: the leak oracle's twin generator
//! (`testing::Twins`). A twin must look the same to its seat, keep what the
//! seat knows, and really vary what it does not; and the event oracle
//! (`testing::check_reveals`) on every move, with the Fayre's statement of
//! what each move reveals (`Twins::twin_move`).

use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::fayre::{
    Action, CardCounts, Config, Event, GoblinFace, MiniGame, MiniGameCard, MiniGameCards, Mischief,
    Phase, Setup, State,
};
use fairy_ring::testing::{Conformance, Twins, check_reveals};
use fairy_ring::{Game, Player, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

fn seats(players: usize) -> Vec<Seat> {
    let mut seats: Vec<Seat> = (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .collect();
    seats.push(Seat::Spectator);
    seats
}

fn counts(cards: &[Mischief]) -> CardCounts {
    cards.iter().copied().collect()
}

fn sorted(games: impl IntoIterator<Item = MiniGame>) -> Vec<MiniGame> {
    let mut games: Vec<MiniGame> = games.into_iter().collect();
    games.sort();
    games
}

/// The hidden Mischief cards as `seat` cannot tell them apart: every hand
/// but its own, and the draw pile.
fn hidden(setup: &Setup, seat: Seat) -> CardCounts {
    let mut all: Vec<Mischief> = setup.mischief_deck.to_vec();
    for (i, hand) in setup.hands.iter().enumerate() {
        if seat != Seat::Player(Player(i as u8)) {
            all.extend(hand.iter().copied());
        }
    }
    counts(&all)
}

/// What the twin of `state` for `seat` must keep, field by field.
fn assert_keeps_what_the_seat_knows(state: &State, twin: &State, seat: Seat) {
    let (a, b) = (state.to_setup(), twin.to_setup());
    assert_eq!(a.config, b.config);
    assert_eq!(a.current, b.current);
    assert_eq!(a.phase, b.phase);
    assert_eq!(a.queue, b.queue);
    assert_eq!(a.scores, b.scores);
    assert_eq!(a.pools, b.pools);
    assert_eq!(a.fairy_pool, b.fairy_pool);
    assert_eq!(a.booths, b.booths);
    assert_eq!(a.finished, b.finished);
    assert_eq!(a.moves_since_scoring, b.moves_since_scoring);
    assert_eq!(counts(&a.mischief_discard), counts(&b.mischief_discard));
    assert_eq!(a.mini_game_deck.len(), b.mini_game_deck.len());
    assert_eq!(a.removed.len(), b.removed.len());
    assert_eq!(
        sorted(a.mini_game_deck.iter().chain(&a.removed).copied()),
        sorted(b.mini_game_deck.iter().chain(&b.removed).copied()),
        "the unseen Mini Games are the same cards"
    );
    assert_eq!(a.mischief_deck.len(), b.mischief_deck.len());
    for (x, y) in a.hands.iter().zip(&b.hands) {
        assert_eq!(x.len(), y.len(), "hand sizes are public");
    }
    assert_eq!(hidden(&a, seat), hidden(&b, seat), "the same hidden cards");
    if let Seat::Player(p) = seat {
        assert_eq!(state.hand(p), twin.hand(p), "the seat's own hand");
    }
}

/// What the oracle compares first: the seat sees the same game.
fn assert_looks_the_same(state: &State, twin: &State, seat: Seat) {
    assert_eq!(
        state.view_for(seat),
        twin.view_for(seat),
        "view of {seat:?}"
    );
    assert_eq!(state.to_act(), twin.to_act());
    assert_eq!(state.outcome(), twin.outcome());
    if let Seat::Player(p) = seat {
        assert_eq!(
            state.legal_actions(p),
            twin.legal_actions(p),
            "{p:?}'s actions"
        );
    }
}

#[derive(Default, Debug)]
struct Tally {
    twins: u32,
    differ: u32,
    box_differs: u32,
    /// Twins of positions before the first scoring.
    early: u32,
    /// ... in which another player's hand differs.
    early_hands_differ: u32,
}

fn check_every_seat(state: &State, rng: &mut ChaCha8Rng, tally: &mut Tally) {
    for seat in seats(state.num_players()) {
        let seed = rng.next_u64();
        let twin = state
            .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
            .unwrap_or_else(|e| panic!("twin for {seat:?} refused: {e}\n{state:?}"));
        let again = state
            .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
            .expect("the same twin");
        assert_eq!(twin, again, "the same seed gives the same twin");
        assert_looks_the_same(state, &twin, seat);
        assert_keeps_what_the_seat_knows(state, &twin, seat);
        tally.twins += 1;
        tally.differ += u32::from(twin != *state);
        let (a, b) = (state.to_setup(), twin.to_setup());
        tally.box_differs += u32::from(sorted(a.removed) != sorted(b.removed));
        if a.finished.is_empty() {
            tally.early += 1;
            let others_differ = (0..state.num_players() as u8)
                .map(Player)
                .filter(|&p| seat != Seat::Player(p))
                .any(|p| state.hand(p) != twin.hand(p));
            tally.early_hands_differ += u32::from(others_differ);
        }
    }
}

/// Plays `config` with random legal actions, calling `each` before every
/// step and at the end with the events of the last action.
fn play(config: &Config, seed: u64, mut each: impl FnMut(&State, &[Event])) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(config, &mut rng).expect("a valid config");
    let mut events = Vec::new();
    loop {
        each(&state, &events);
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let actions = state.legal_actions(player);
        let action = actions[rng.next_u32() as usize % actions.len()];
        events = state
            .apply(player, action, &mut rng)
            .expect("a listed action")
            .into_iter()
            .collect();
    }
}

fn configs() -> Vec<(String, Config)> {
    let mut configs: Vec<(String, Config)> = (2..=5)
        .map(|n| (format!("{n} players"), Config::new(n).expect("2 to 5")))
        .collect();
    let mut bytes = ChaCha8Rng::seed_from_u64(11);
    for i in 0..8 {
        let mut buffer = [0u8; 256];
        bytes.fill_bytes(&mut buffer);
        let config = Config::arbitrary(&mut Unstructured::new(&buffer)).expect("a config");
        configs.push((format!("arbitrary config {i}"), config));
    }
    configs
}

#[test]
fn twins_look_the_same_keep_what_is_known_and_vary_the_rest() {
    let mut tally = Tally::default();
    for (name, config) in configs() {
        for game in 0..2 {
            let mut rng = ChaCha8Rng::seed_from_u64(1000 + game);
            let mut positions = 0;
            play(&config, game, |state, _| {
                positions += 1;
                check_every_seat(state, &mut rng, &mut tally);
            });
            assert!(positions > 10, "{name}: a real game");
        }
    }
    eprintln!("{tally:?}");
    // Every position hides the box and, until the end, the Mini Game deck.
    assert!(tally.differ * 10 >= tally.twins * 9, "{tally:?}");
    assert!(tally.box_differs * 3 >= tally.twins, "{tally:?}");
    // Before the first scoring the other hands are usually redrawn.
    assert!(tally.early > 500, "{tally:?}");
    assert!(tally.early_hands_differ * 4 >= tally.early, "{tally:?}");
}

/// The victim of a steal knows which card the thief took (module docs: "A
/// stolen card is seen by the thief and the victim only"), so the victim's
/// twins keep the thief's hand; the other players' twins may not.
#[test]
fn a_robbed_player_knows_the_card_the_thief_holds() {
    let mut steals = 0;
    for game in 0..40 {
        play(
            &Config::new(3).expect("3 players"),
            game,
            |state, events| {
                for event in events {
                    if let Event::Stole {
                        thief,
                        victim,
                        card: Some(card),
                    } = *event
                    {
                        steals += 1;
                        for seed in 0..20 {
                            let twin = state
                                .twin(Seat::Player(victim), &mut ChaCha8Rng::seed_from_u64(seed))
                                .expect("a twin");
                            assert!(
                                twin.hand(thief).count(card) >= 1,
                                "{thief:?} holds {card:?}"
                            );
                        }
                    }
                }
            },
        );
    }
    assert!(steals >= 3, "{steals} steals");
}

/// After the face-up discard pile is shuffled into a new draw pile,
/// everyone knows what the pile holds (only its order is unknown).
#[test]
fn a_reshuffled_discard_pile_is_known_to_everyone() {
    let mut reshuffles = 0;
    // Six cards for two players: the pile runs out at once.
    let small = CardCounts::new([1, 1, 1, 1, 1, 1]).expect("a mix");
    let config = Config::new(2).expect("2 players").with_mischief(small);
    for game in 0..10 {
        play(&config, game, |state, events| {
            let Some(drawer) = events.iter().find_map(|e| match e {
                Event::Drew { player, .. } => Some(*player),
                _ => None,
            }) else {
                return;
            };
            if !events
                .iter()
                .any(|e| matches!(e, Event::MischiefReshuffled { .. }))
            {
                return;
            }
            reshuffles += 1;
            // The drawer knows the pile exactly; the others know the pile
            // and the drawer's hand together.
            let known = |state: &State, seat: Seat| {
                let setup = state.to_setup();
                let mut cards = setup.mischief_deck.to_vec();
                if seat != Seat::Player(drawer) {
                    cards.extend(state.hand(drawer).cards());
                }
                counts(&cards)
            };
            for seat in seats(2) {
                for seed in 0..10 {
                    let twin = state
                        .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                        .expect("a twin");
                    assert_eq!(known(&twin, seat), known(state, seat), "{seat:?}");
                }
            }
        });
    }
    assert!(reshuffles >= 3, "{reshuffles} reshuffles");
}

/// A player who takes no Mischief action while holding cards shows that no
/// card they hold has a target (the ruling "Fayre: no Mischief action
/// possible"): every other seat's twin must still give them such a hand.
#[test]
fn a_forced_pass_shows_the_hand_has_no_playable_card() {
    let mut passes = 0;
    // Mostly cards that can lack a target (grey, pink, pool re-roll), few
    // enough to run out.
    let mixes = [[0, 0, 0, 1, 3, 0], [0, 0, 0, 2, 2, 1], [1, 0, 0, 2, 2, 1]];
    for (m, mix) in mixes.into_iter().enumerate() {
        for players in 2..=3 {
            let mix = CardCounts::new(mix.map(|n| n * (players - 1))).expect("a mix");
            let config = Config::new(players).expect("players").with_mischief(mix);
            for game in 0..30 {
                play(&config, game + 100 * m as u64, |state, events| {
                    check_pass(state, events, &mut passes)
                });
            }
        }
    }
    assert!(passes >= 5, "{passes} passes with cards in hand");
    // Cards of 10 spaces take every die of 2 players without filling, so the
    // pools empty before any scoring: then a hand of pool re-rolls passes.
    let mut roomy = MiniGameCards::default();
    for game in MiniGame::ALL {
        let card = roomy.get(game);
        roomy.set(
            game,
            MiniGameCard {
                player_spaces: 10,
                ..card
            },
        );
    }
    let mix = CardCounts::new([3, 0, 0, 0, 0, 27]).expect("a mix");
    let config = Config::new(2)
        .expect("2 players")
        .with_mischief(mix)
        .with_mini_games(roomy);
    passes = 0;
    for game in 0..20 {
        play(&config, game, |state, events| {
            check_pass(state, events, &mut passes)
        });
    }
    assert!(passes >= 5, "{passes} passes with empty pools");
}

fn check_pass(state: &State, events: &[Event], passes: &mut u32) {
    let Some(passer) = events.iter().find_map(|e| match e {
        Event::NoMischief { player } => Some(*player),
        _ => None,
    }) else {
        return;
    };
    if state.hand(passer).is_empty() {
        return;
    }
    *passes += 1;
    for seat in seats(state.num_players())
        .into_iter()
        .filter(|&s| s != Seat::Player(passer))
    {
        for seed in 0..5 {
            let twin = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("a twin");
            let mut setup = twin.to_setup();
            setup.phase = fairy_ring::fayre::Phase::Mischief;
            let before = State::from_setup(setup).expect("the pass undone");
            assert_eq!(
                before.legal_actions(passer).as_slice(),
                [fairy_ring::fayre::Action::NoMischief],
                "{seat:?}'s twin gives {passer:?} {:?}",
                twin.hand(passer)
            );
        }
    }
}

/// Positions loaded from arbitrary setups (what the `*_setup` fuzz targets
/// build) have twins too, and a few steps on from them as well.
#[test]
fn loaded_positions_have_twins() {
    let mut bytes = ChaCha8Rng::seed_from_u64(21);
    let mut tally = Tally::default();
    let mut loaded = 0;
    for _ in 0..2000 {
        let mut buffer = vec![0u8; bytes.next_u32() as usize % 300];
        bytes.fill_bytes(&mut buffer);
        let Ok(setup) = Setup::arbitrary(&mut Unstructured::new(&buffer)) else {
            continue;
        };
        let Ok(mut state) = State::from_setup(setup) else {
            continue;
        };
        loaded += 1;
        let mut rng = ChaCha8Rng::seed_from_u64(loaded);
        for _ in 0..20 {
            check_every_seat(&state, &mut rng, &mut tally);
            let Some(player) = state.to_act().lowest() else {
                break;
            };
            let actions = state.legal_actions(player);
            let action = actions[rng.next_u32() as usize % actions.len()];
            state
                .apply(player, action, &mut rng)
                .expect("a listed action");
        }
    }
    assert!(loaded >= 50, "{loaded} loaded");
    assert!(tally.differ * 2 >= tally.twins, "{tally:?}");
}

/// The leak oracle in small: a position and its twin, played on with the
/// same actions and the same randomness, look the same to the seat for as
/// long as the events it sees agree.
#[test]
fn twins_played_on_look_the_same_while_the_seats_events_agree() {
    let mut steps_compared = 0u32;
    for (name, config) in configs() {
        let mut picker = ChaCha8Rng::seed_from_u64(77);
        play(&config, 5, |state, _| {
            if picker.next_u32() % 8 != 0 {
                return;
            }
            for seat in seats(state.num_players()) {
                let mut twin = state
                    .twin(seat, &mut ChaCha8Rng::seed_from_u64(picker.next_u64()))
                    .expect("a twin");
                let mut original = *state;
                let mut rng = ChaCha8Rng::seed_from_u64(picker.next_u64());
                for _ in 0..40 {
                    let Some(player) = original.to_act().lowest() else {
                        break;
                    };
                    let actions = original.legal_actions(player);
                    let action = actions[rng.next_u32() as usize % actions.len()];
                    let mut twin_rng = rng.clone();
                    let seen = original.apply(player, action, &mut rng).expect("listed");
                    let Ok(twin_seen) = twin.apply(player, action, &mut twin_rng) else {
                        assert_ne!(seat, Seat::Player(player), "{name}: own action refused");
                        break;
                    };
                    let redact = |events: &fairy_ring::Events<Event>| {
                        events
                            .iter()
                            .filter_map(|e| State::redact(e, seat))
                            .collect::<Vec<_>>()
                    };
                    if redact(&seen) != redact(&twin_seen) {
                        break;
                    }
                    steps_compared += 1;
                    assert_eq!(
                        original.view_for(seat),
                        twin.view_for(seat),
                        "{name}: {seat:?} after {action:?}"
                    );
                    if let Seat::Player(p) = seat {
                        assert_eq!(original.legal_actions(p), twin.legal_actions(p));
                    }
                }
            }
        });
    }
    assert!(steps_compared > 1000, "{steps_compared} steps compared");
}

/// What the event oracle's twins of moves varied, over the moves checked.
#[derive(Default, Debug)]
struct Reveals {
    /// (move, seat) pairs passed through `check_reveals`.
    checks: u32,
    /// Draws seen by a seat other than the drawer.
    unseen_draws: u32,
    /// ... where the twin's pile has another card on top.
    unseen_draws_differ: u32,
    /// Draws by the seat itself.
    own_draws: u32,
    /// Plays seen by another seat before the first scoring.
    early_plays: u32,
    /// ... where the twin's player holds another hand.
    early_plays_differ: u32,
    /// Steals seen by a seat other than the thief and the victim.
    unseen_steals: u32,
    /// ... where the twin's victim holds another hand.
    unseen_steals_differ: u32,
    /// Placements that turn up a Mini Game.
    turning_placements: u32,
}

/// Checks `player`'s `action` in `state` with the event oracle for every
/// seat and the spectator, and counts what the twins varied.
fn check_move(
    state: &State,
    player: Player,
    action: Action,
    rng: &mut ChaCha8Rng,
    tally: &mut Reveals,
) {
    let top = |s: &State| s.to_setup().mischief_deck.last().copied();
    for seat in seats(state.num_players()) {
        let seed = rng.next_u64();
        check_reveals::<State, ChaCha8Rng>(state, seat, player, action, seed)
            .unwrap_or_else(|f| panic!("{f}\nin {state:?}"));
        tally.checks += 1;
        let (twin, twin_action) = state
            .twin_move(seat, player, action, &mut ChaCha8Rng::seed_from_u64(seed))
            .expect("a twin move");
        assert_eq!(twin_action, action, "every Fayre action is announced whole");
        let mine = seat == Seat::Player(player);
        match (state.phase(), action) {
            (Phase::Mischief, Action::Draw) if mine => {
                tally.own_draws += 1;
                assert_eq!(top(&twin), top(state), "the drawer's card stays on top");
            }
            (Phase::Mischief, Action::Draw) => {
                tally.unseen_draws += 1;
                tally.unseen_draws_differ += u32::from(top(&twin) != top(state));
            }
            (Phase::Mischief, Action::Play(card))
                if !mine && state.to_setup().finished.is_empty() =>
            {
                tally.early_plays += 1;
                assert!(
                    twin.hand(player).count(card) >= 1,
                    "the card played was held"
                );
                tally.early_plays_differ += u32::from(twin.hand(player) != state.hand(player));
            }
            (Phase::Steal { thief }, Action::ChoosePlayer(victim))
                if seat != Seat::Player(thief) && !mine && seat != Seat::Player(victim) =>
            {
                tally.unseen_steals += 1;
                tally.unseen_steals_differ += u32::from(twin.hand(victim) != state.hand(victim));
            }
            (Phase::Steal { .. }, Action::ChoosePlayer(victim)) => {
                assert_eq!(
                    twin.hand(victim),
                    state.hand(victim),
                    "{seat:?} sees the card taken"
                );
            }
            (Phase::Destination { .. }, Action::PlaceOn { .. }) => {
                let games = |s: &State| s.to_setup().mini_game_deck.last().copied();
                let mut after = *state;
                after
                    .apply(player, action, &mut ChaCha8Rng::seed_from_u64(seed))
                    .expect("a listed action");
                if after.to_setup().finished.len() > state.to_setup().finished.len() {
                    tally.turning_placements += 1;
                    assert_eq!(
                        games(&twin),
                        games(state),
                        "the card turned up stays on top"
                    );
                }
            }
            _ => {}
        }
    }
}

/// Plays `games` random games of `config`, checking every move with
/// [`check_move`].
fn check_games(config: &Config, games: u64, tally: &mut Reveals) {
    for game in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let mut oracle = ChaCha8Rng::seed_from_u64(500 + game);
        let mut state = State::new(config, &mut rng).expect("a valid config");
        while let Some(player) = state.to_act().lowest() {
            let actions = state.legal_actions(player);
            let action = actions[rng.next_u32() as usize % actions.len()];
            check_move(&state, player, action, &mut oracle, tally);
            state
                .apply(player, action, &mut rng)
                .expect("a listed action");
        }
    }
}

/// The event oracle on every move of random games at every table size, for
/// every seat and the spectator: what each move shows a seat is what the
/// Fayre's statement (`twin_move`) says it may learn. The twins really vary
/// the card another player draws, the hand a card is played from before
/// the first scoring, and (with a move limit low enough to rule out a
/// reshuffle before the first scoring) the hand a card is stolen from.
#[test]
fn every_move_shows_each_seat_only_what_the_rules_reveal() {
    let mut tally = Reveals::default();
    for players in 2..=5 {
        let config = Config::new(players).expect("2 to 5");
        check_games(&config, crate::scale::size(2), &mut tally);
        // Every Goblin roll a steal, and no reshuffle before the first
        // scoring: the steals of the first scoring are checked.
        let stealing = config
            .with_goblin_die([GoblinFace::Goblin; 6])
            .with_move_limit(5);
        check_games(&stealing, crate::scale::size(6), &mut tally);
    }
    // Other card data and mixes: reshuffles, passes with cards, and the
    // steals they allow.
    for (_, config) in configs() {
        check_games(&config, 1, &mut tally);
    }
    eprintln!("{tally:?}");
    assert!(tally.own_draws > 50, "{tally:?}");
    assert!(
        tally.unseen_draws_differ * 2 > tally.unseen_draws,
        "{tally:?}"
    );
    assert!(
        tally.early_plays_differ * 4 > tally.early_plays,
        "{tally:?}"
    );
    assert!(
        tally.unseen_steals_differ >= crate::scale::size(10),
        "{tally:?}"
    );
    assert!(tally.turning_placements > 50, "{tally:?}");
}

/// With the standard move limit the position cannot rule out a reshuffle
/// before the first scoring (which shows everyone what the new pile holds),
/// and after it nothing records what a seat saw: a steal's twin keeps the
/// victim's hand for every seat.
#[test]
fn with_the_standard_move_limit_a_steal_keeps_every_hand() {
    let mut steals = 0;
    let config = Config::new(3)
        .expect("3 players")
        .with_goblin_die([GoblinFace::Goblin; 6]);
    for game in 0..5 {
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let mut state = State::new(&config, &mut rng).expect("a valid config");
        while let Some(player) = state.to_act().lowest() {
            let actions = state.legal_actions(player);
            let action = actions[rng.next_u32() as usize % actions.len()];
            if let (Phase::Steal { .. }, Action::ChoosePlayer(_)) = (state.phase(), action) {
                for seat in seats(3) {
                    for seed in 0..5 {
                        let (twin, _) = state
                            .twin_move(seat, player, action, &mut ChaCha8Rng::seed_from_u64(seed))
                            .expect("a twin move");
                        for p in 0..3 {
                            assert_eq!(twin.hand(Player(p)), state.hand(Player(p)));
                        }
                    }
                }
                steals += 1;
            }
            state
                .apply(player, action, &mut rng)
                .expect("a listed action");
        }
    }
    assert!(steals >= 5, "{steals} steals");
}

/// The conformance harness's leak walk runs the event oracle on every move
/// it walks; with every Goblin roll a steal and a move limit low enough to
/// rule out a reshuffle before the first scoring, it checks the cards stolen
/// in the first scoring too (the standard configs of `leak_oracle` cannot:
/// see `with_the_standard_move_limit_a_steal_keeps_every_hand`).
#[test]
fn the_leak_walk_checks_steals_with_a_low_move_limit() {
    for players in 2..=5 {
        let config = Config::new(players)
            .expect("2 to 5")
            .with_goblin_die([GoblinFace::Goblin; 6])
            .with_move_limit(5);
        let report = Conformance::<State>::new(4)
            .seed(players as u64)
            .leaks(6)
            .run::<ChaCha8Rng>(&config)
            .unwrap_or_else(|failure| panic!("{players} players: {failure}"));
        assert!(report.leak_steps > 0, "{report:?}");
    }
}

/// Positions loaded from arbitrary setups, and a few moves on from them:
/// every move passes the event oracle for every seat (a loaded position is
/// taken to show all that its seats know, so the hands are often redrawn
/// there, a pass and a discard included).
#[test]
fn loaded_positions_show_each_seat_only_what_the_rules_reveal() {
    let mut bytes = ChaCha8Rng::seed_from_u64(31);
    let mut tally = Reveals::default();
    let mut loaded = 0;
    for _ in 0..2000 {
        let mut buffer = vec![0u8; bytes.next_u32() as usize % 300];
        bytes.fill_bytes(&mut buffer);
        let Ok(setup) = Setup::arbitrary(&mut Unstructured::new(&buffer)) else {
            continue;
        };
        let Ok(mut state) = State::from_setup(setup) else {
            continue;
        };
        loaded += 1;
        let mut rng = ChaCha8Rng::seed_from_u64(loaded);
        for _ in 0..20 {
            let Some(player) = state.to_act().lowest() else {
                break;
            };
            let actions = state.legal_actions(player);
            let action = actions[rng.next_u32() as usize % actions.len()];
            check_move(&state, player, action, &mut rng, &mut tally);
            state
                .apply(player, action, &mut rng)
                .expect("a listed action");
        }
    }
    eprintln!("{loaded} loaded: {tally:?}");
    assert!(loaded >= 50, "{loaded} loaded");
    assert!(tally.checks > 1000, "{tally:?}");
}

/// Moves `cards` from the draw pile of `setup` into `player`'s hand.
fn deal(setup: &mut Setup, player: usize, cards: &[Mischief]) {
    for &card in cards {
        let at = setup
            .mischief_deck
            .iter()
            .position(|c| *c == card)
            .expect("the card in the pile");
        setup.mischief_deck.remove(at);
        setup.hands[player].push(card);
    }
}

/// A loaded position before any scoring (so every seat is taken to know
/// nothing of the other hands, which the twins redraw) in which a pass and
/// a discard are forced: the statement must keep what they show, or the
/// twin's move is refused.
#[test]
fn a_pass_and_a_discard_keep_what_they_show() {
    // No die on any card: the pink and grey fairies have no target.
    let mut setup = Setup::new(3).expect("3 players");
    let one = fairy_ring::fayre::Face::new(1).expect("a face");
    setup.fairy_pool = std::iter::repeat_n(one, 9).collect();
    for (slot, game) in [
        MiniGame::FindThePearl,
        MiniGame::DartTheOgre,
        MiniGame::PieThrow,
    ]
    .into_iter()
    .enumerate()
    {
        let spaces = setup.config.mini_games.get(game).player_spaces;
        setup.booths[slot] = Some(fairy_ring::fayre::Booth::empty(game, spaces));
        setup.mini_game_deck.retain(|g| *g != game);
        setup.removed.retain(|g| *g != game);
    }
    for game in [
        MiniGame::RingToss,
        MiniGame::HookAHippocampus,
        MiniGame::ShootingStarGallery,
    ] {
        setup.mini_game_deck.push(game);
    }
    deal(
        &mut setup,
        0,
        &[Mischief::RerollDie, Mischief::Swap, Mischief::RerollDie],
    );
    deal(&mut setup, 1, &[Mischief::Flip, Mischief::NudgeOne]);
    let passing = State::from_setup(setup.clone()).expect("a valid position");
    assert_eq!(
        passing.legal_actions(Player(0)).as_slice(),
        [Action::NoMischief]
    );
    // Player 2 holds 4 cards after a steal and must discard.
    setup.phase = Phase::Discard { player: Player(1) };
    deal(&mut setup, 1, &[Mischief::RerollPool, Mischief::Swap]);
    let discarding = State::from_setup(setup).expect("a valid position");
    for (state, player, action) in [
        (passing, Player(0), Action::NoMischief),
        (discarding, Player(1), Action::Discard(Mischief::RerollPool)),
        (discarding, Player(1), Action::Discard(Mischief::Swap)),
    ] {
        let mut tally = Reveals::default();
        for seed in 0..20 {
            check_move(
                &state,
                player,
                action,
                &mut ChaCha8Rng::seed_from_u64(seed),
                &mut tally,
            );
        }
    }
}
