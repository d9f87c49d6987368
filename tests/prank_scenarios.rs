//! Scenario tests for Fairy Prank, built with the `PositionBuilder` in the
//! rulebook's words: every end of a phase, every way to win, the illegal
//! moves and their precise errors.

use fairy_ring::prank::{
    Action, Config, Event, GuessingEnd, Item, Items, Phase, Setup, SetupError, Sheet, State,
    Treasures, Variant, Violation,
};
use fairy_ring::{ActionError, Game, Player, PlayerSet};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}

/// A printed item, by name.
fn item(name: &str) -> Item {
    Treasures::default().find(name).expect("a printed item")
}

fn items(names: &[&str]) -> Items {
    names.iter().map(|name| item(name)).collect()
}

fn config(players: usize) -> Config {
    Config::new(players).unwrap()
}

fn play(state: &mut State, player: u8, action: Action) -> Vec<Event> {
    match state.apply(Player(player), action, &mut rng()) {
        Ok(events) => events.to_vec(),
        Err(e) => panic!("{action:?} of player {player} refused: {e}"),
    }
}

fn refused(state: &State, player: u8, action: Action) -> ActionError<Violation> {
    let mut copy = *state;
    let error = copy
        .apply(Player(player), action, &mut rng())
        .expect_err("the action should be refused");
    assert_eq!(&copy, state, "a refused action changed the state");
    assert!(!state.legal_actions(Player(player)).contains(&action));
    error
}

fn sheet(marks: &[(&str, u8)]) -> Sheet {
    let mut sheet = Sheet::default();
    for &(name, n) in marks {
        sheet.marks[item(name).index()] = n;
    }
    sheet
}

#[test]
fn selection_goes_clockwise_and_needs_three_items_to_end() {
    let mut state = State::new(&config(4), &mut rng()).unwrap();
    assert_eq!(state.to_act(), PlayerSet::only(Player(0)));
    assert_eq!(
        refused(&state, 0, Action::EndSelection),
        ActionError::Illegal(Violation::TooFewItems)
    );
    play(&mut state, 0, Action::Select(item("die")));
    assert_eq!(
        refused(&state, 1, Action::Select(item("die"))),
        ActionError::Illegal(Violation::AlreadyInBox(item("die")))
    );
    assert_eq!(
        refused(&state, 0, Action::Select(item("rope"))),
        ActionError::NotToAct { player: Player(0) }
    );
    play(&mut state, 1, Action::Select(item("marble")));
    assert_eq!(
        refused(&state, 2, Action::EndSelection),
        ActionError::Illegal(Violation::TooFewItems)
    );
    play(&mut state, 2, Action::Select(item("rope")));
    assert!(
        state
            .legal_actions(Player(3))
            .contains(&Action::EndSelection)
    );
    assert_eq!(state.legal_actions(Player(3)).len(), 8);
}

/// A whole Selection phase played around a table of three: players 0, 1,
/// 2 and 0 again put items in, and player 1 ends it.
#[test]
fn whoever_ends_the_selection_is_the_fairy() {
    let mut state = State::new(&config(3), &mut rng()).unwrap();
    for (seat, name) in [(0, "die"), (1, "marble"), (2, "rope"), (0, "piece of felt")] {
        assert_eq!(state.to_act(), PlayerSet::only(Player(seat)));
        let events = play(&mut state, seat, Action::Select(item(name)));
        assert_eq!(
            events,
            [Event::Selected {
                player: Player(seat),
                item: item(name)
            }]
        );
    }
    assert_eq!(state.phase(), Phase::Selection);
    let events = play(&mut state, 1, Action::EndSelection);
    assert_eq!(events, [Event::SelectionEnded { fairy: Player(1) }]);
    assert_eq!(state.phase(), Phase::Hiding { fairy: Player(1) });
    assert_eq!(state.fairy(), Some(Player(1)));
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    assert_eq!(
        state.tokens(),
        items(&["die", "marble", "rope", "piece of felt"])
    );
}

/// The same end of the Selection, from a built position.
#[test]
fn whoever_ends_a_built_selection_is_the_fairy() {
    let mut state = State::builder(3)
        .in_box(["die", "marble", "rope", "piece of felt"])
        .build()
        .unwrap();
    let events = play(&mut state, 1, Action::EndSelection);
    assert_eq!(events, [Event::SelectionEnded { fairy: Player(1) }]);
    assert_eq!(state.phase(), Phase::Hiding { fairy: Player(1) });
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    assert_eq!(
        state.tokens(),
        items(&["die", "marble", "rope", "piece of felt"])
    );
}

#[test]
fn with_every_item_in_the_box_the_player_must_end_the_selection() {
    let all = Treasures::default().all();
    let mut state = State::builder(3).in_box(all).build().unwrap();
    // Ten selections from seat 0 leave seat 1 to act.
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        [Action::EndSelection]
    );
    assert_eq!(
        refused(&state, 1, Action::Select(item("die"))),
        ActionError::Illegal(Violation::MustEndSelection)
    );
    play(&mut state, 1, Action::EndSelection);
    assert_eq!(state.fairy(), Some(Player(1)));
}

#[test]
fn the_fairy_removes_at_least_one_item_and_leaves_at_least_one() {
    let mut state = State::builder(3)
        .in_box(["die", "marble", "rope"])
        .hiding(Player(2))
        .build()
        .unwrap();
    let (die, marble, rope, felt) = (
        item("die"),
        item("marble"),
        item("rope"),
        item("piece of felt"),
    );
    assert_eq!(
        refused(&state, 2, Action::DoneHiding),
        ActionError::Illegal(Violation::NothingRemoved)
    );
    assert_eq!(
        refused(&state, 2, Action::Remove(felt)),
        ActionError::Illegal(Violation::NotInBox(felt))
    );
    play(&mut state, 2, Action::Remove(die));
    play(&mut state, 2, Action::Remove(marble));
    assert_eq!(
        refused(&state, 2, Action::Remove(rope)),
        ActionError::Illegal(Violation::LastItem)
    );
    assert_eq!(
        state.legal_actions(Player(2)).as_slice(),
        [Action::DoneHiding]
    );
    assert_eq!(
        refused(&state, 2, Action::Guess(rope)),
        ActionError::Illegal(Violation::WrongPhase)
    );
    let events = play(&mut state, 2, Action::DoneHiding);
    assert_eq!(
        events,
        [Event::HidingDone {
            fairy: Player(2),
            box_count: Some(1)
        }]
    );
    // Guessing starts at the Fairy's left: seat 0 at a table of three.
    assert_eq!(state.to_act(), PlayerSet::only(Player(0)));
}

#[test]
fn guesses_go_clockwise_from_the_fairys_left_skipping_the_fairy() {
    let mut state = State::builder(4)
        .in_box(["wooden stick", "die", "marble", "piece of felt"])
        .removed(["diamond", "rope", "eraser"])
        .fairy(Player(1))
        .build()
        .unwrap();
    let mut order = Vec::new();
    for name in ["wooden stick", "die", "marble", "diamond", "rope"] {
        let player = state.to_act().lowest().unwrap();
        order.push(player.0);
        play(&mut state, player.0, Action::Guess(item(name)));
    }
    assert_eq!(order, [2, 3, 0, 2, 3]);
}

#[test]
fn a_right_guess_marks_the_guesser_and_a_wrong_one_marks_the_fairy() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "piece of felt"])
        .build()
        .unwrap();
    let (die, rope) = (item("die"), item("rope"));
    let events = play(&mut state, 1, Action::Guess(die));
    assert_eq!(
        events,
        [
            Event::Guessed {
                player: Player(1),
                item: die,
                right: true
            },
            Event::Marked {
                player: Player(1),
                item: die,
                marks: 1
            },
        ]
    );
    let events = play(&mut state, 2, Action::Guess(rope));
    assert_eq!(
        events.get(1),
        Some(&Event::Marked {
            player: Player(0),
            item: rope,
            marks: 1
        })
    );
    assert_eq!(state.sheets()[1].marks_on(die), 1);
    assert_eq!(state.sheets()[0].marks_on(rope), 1);
    assert_eq!(state.sheets()[2].total(), 0);
}

#[test]
fn guesses_are_among_this_rounds_face_up_tokens() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "piece of felt"])
        .build()
        .unwrap();
    let (stick, rope) = (item("wooden stick"), item("rope"));
    assert_eq!(
        refused(&state, 1, Action::Guess(stick)),
        ActionError::Illegal(Violation::NotInPlay(stick))
    );
    assert_eq!(
        refused(&state, 1, Action::Guess(Item(10))),
        ActionError::Illegal(Violation::NoSuchItem(Item(10)))
    );
    play(&mut state, 1, Action::Guess(rope));
    assert_eq!(
        refused(&state, 2, Action::Guess(rope)),
        ActionError::Illegal(Violation::AlreadyGuessed(rope))
    );
    let legal = state.legal_actions(Player(2));
    let guesses = ["die", "marble", "piece of felt"].map(|n| Action::Guess(item(n)));
    assert_eq!(legal.as_slice(), guesses);
}

#[test]
fn guessing_ends_when_every_removed_item_was_guessed_wrongly() {
    let mut state = State::builder(4)
        .in_box(["die", "marble", "piece of felt"])
        .removed(["rope", "wooden stick"])
        .fairy(Player(3))
        .round(2)
        .starting_player(Player(1))
        .marks(Player(0), [("diamond", 1)])
        .build()
        .unwrap();
    play(&mut state, 0, Action::Guess(item("rope")));
    play(&mut state, 1, Action::Guess(item("die")));
    let events = play(&mut state, 2, Action::Guess(item("wooden stick")));
    assert!(events.contains(&Event::GuessingEnded {
        reason: GuessingEnd::AllRemovedGuessed,
        in_box: items(&["die", "marble", "piece of felt"]),
        removed: items(&["rope", "wooden stick"]),
    }));
    // The token passes left and a fresh Selection phase begins.
    assert_eq!(state.round(), 3);
    assert_eq!(state.starting_player(), Player(2));
    assert_eq!(state.phase(), Phase::Selection);
    assert_eq!(state.in_box(), Items::EMPTY);
    assert_eq!(state.tokens(), Items::EMPTY);
    assert_eq!(state.to_act(), PlayerSet::only(Player(2)));
    assert_eq!(state.sheets()[3].total(), 2, "the Fairy scored both");
}

/// Both right guesses played: player 0 finds the die, player 1 the marble.
#[test]
fn guessing_ends_when_every_item_in_the_box_was_guessed_rightly() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "piece of felt"])
        .fairy(Player(2))
        .build()
        .unwrap();
    let events = play(&mut state, 0, Action::Guess(item("die")));
    assert_eq!(
        events,
        [
            Event::Guessed {
                player: Player(0),
                item: item("die"),
                right: true
            },
            Event::Marked {
                player: Player(0),
                item: item("die"),
                marks: 1
            },
        ]
    );
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    let events = play(&mut state, 1, Action::Guess(item("marble")));
    assert!(events.contains(&Event::GuessingEnded {
        reason: GuessingEnd::AllInBoxGuessed,
        in_box: items(&["die", "marble"]),
        removed: items(&["rope", "piece of felt"]),
    }));
    assert_eq!(state.sheets()[0].marks_on(item("die")), 1);
    assert_eq!(state.sheets()[1].marks_on(item("marble")), 1);
    assert_eq!(state.sheets()[2].total(), 0);
    assert_eq!(state.round(), 2);
    assert_eq!(state.starting_player(), Player(1));
}

/// The same end, from a position built with the first guess made.
#[test]
fn guessing_ends_after_a_built_right_guess() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "piece of felt"])
        .guessed(["die"])
        .fairy(Player(2))
        .build()
        .unwrap();
    let events = play(&mut state, 1, Action::Guess(item("marble")));
    assert!(events.contains(&Event::GuessingEnded {
        reason: GuessingEnd::AllInBoxGuessed,
        in_box: items(&["die", "marble"]),
        removed: items(&["rope", "piece of felt"]),
    }));
    assert_eq!(state.round(), 2);
    assert_eq!(state.starting_player(), Player(1));
}

#[test]
fn the_fairy_wins_through_wrong_guesses_mid_phase() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "piece of felt", "wooden stick"])
        .round(4)
        .marks(Player(0), [("rope", 2), ("wooden stick", 1)])
        .build()
        .unwrap();
    let events = play(&mut state, 1, Action::Guess(item("rope")));
    assert_eq!(
        state.phase(),
        Phase::Over {
            winners: PlayerSet::only(Player(0))
        }
    );
    assert!(matches!(events.last(), Some(Event::GameOver { .. })));
    assert!(state.to_act().is_empty());
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.winners(), PlayerSet::only(Player(0)));
    assert_eq!(outcome.scores(), &[4, 0, 0]);
    assert_eq!(
        refused(&state, 2, Action::Guess(item("die"))),
        ActionError::GameOver
    );
}

#[test]
fn a_guesser_wins_mid_phase_with_six_different_items() {
    let marks = [
        ("wooden stick", 1),
        ("piece of felt", 2),
        ("diamond", 1),
        ("rope", 1),
        ("marble", 1),
    ];
    let mut state = State::builder(4)
        .in_box(["die", "marble", "eraser"])
        .removed(["rope"])
        .round(6)
        .marks(Player(2), marks)
        .build()
        .unwrap();
    play(&mut state, 1, Action::Guess(item("die")));
    assert!(!state.is_over());
    play(&mut state, 2, Action::Guess(item("eraser")));
    assert_eq!(
        state.phase(),
        Phase::Over {
            winners: PlayerSet::only(Player(2))
        }
    );
    assert_eq!(state.outcome().unwrap().score(Player(2)), Some(7));
}

#[test]
fn three_marks_on_one_item_win_a_guesser() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope"])
        .guessing_from(Player(2))
        .round(3)
        .marks(Player(2), [("die", 2)])
        .build()
        .unwrap();
    play(&mut state, 2, Action::Guess(item("die")));
    assert_eq!(
        state.outcome().unwrap().winners(),
        PlayerSet::only(Player(2))
    );
}

#[test]
fn a_finished_game_opens_the_box_for_everyone() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "piece of felt"])
        .round(3)
        .marks(Player(0), [("piece of felt", 2)])
        .build()
        .unwrap();
    let spectator = state.view_for(fairy_ring::Seat::Spectator);
    assert_eq!(spectator.in_box, None);
    play(&mut state, 1, Action::Guess(item("piece of felt")));
    let view = state.view_for(fairy_ring::Seat::Spectator);
    assert_eq!(view.in_box, Some(items(&["die", "marble"])));
    assert_eq!(view.removed, Some(items(&["rope", "piece of felt"])));
}

#[test]
fn beginner_rounds_start_with_every_item_and_the_starting_player_as_fairy() {
    let config = config(3).with_variant(Variant::Beginner);
    let mut state = State::new(&config, &mut rng()).unwrap();
    assert_eq!(state.phase(), Phase::Hiding { fairy: Player(0) });
    assert_eq!(state.in_box(), Items::first(10));
    assert_eq!(state.tokens(), Items::first(10));
    for item in 1..10 {
        play(&mut state, 0, Action::Remove(Item(item)));
    }
    play(&mut state, 0, Action::DoneHiding);
    // Every token is in play: a guess may name any of the ten.
    assert_eq!(state.legal_actions(Player(1)).len(), 10);
    play(&mut state, 1, Action::Guess(item("wooden stick")));
    assert_eq!(state.round(), 2);
    assert_eq!(state.phase(), Phase::Hiding { fairy: Player(1) });
    assert_eq!(state.in_box(), Items::first(10));
}

#[test]
fn two_players_a_wrong_guess_loses_at_once() {
    let (die, marble, rope) = (item("die"), item("marble"), item("rope"));
    let mut state = State::new(&config(2), &mut rng()).unwrap();
    play(&mut state, 0, Action::Select(die));
    assert_eq!(
        refused(&state, 0, Action::EndSelection),
        ActionError::Illegal(Violation::WrongPhase)
    );
    play(&mut state, 0, Action::Select(marble));
    assert_eq!(state.phase(), Phase::Guessing { fairy: Player(0) });
    play(&mut state, 1, Action::Guess(die));
    let events = play(&mut state, 1, Action::Guess(rope));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            winners: PlayerSet::only(Player(0)),
            in_box: items(&["die", "marble"]),
            removed: Items::EMPTY,
        })
    );
    assert_eq!(state.outcome().unwrap().scores(), &[1, 0]);
}

#[test]
fn two_players_swap_roles_with_one_more_item_each_round() {
    let mut state = State::new(&config(2), &mut rng()).unwrap();
    let rounds = [
        (0u8, vec!["die", "marble"]),
        (1, vec!["wooden stick", "rope", "piece of felt"]),
    ];
    for (fairy, picks) in rounds {
        let guesser = 1 - fairy;
        assert_eq!(state.fairy(), Some(Player(fairy)));
        for &name in &picks {
            assert_eq!(state.to_act(), PlayerSet::only(Player(fairy)));
            play(&mut state, fairy, Action::Select(item(name)));
        }
        for &name in picks.iter().rev() {
            play(&mut state, guesser, Action::Guess(item(name)));
        }
    }
    assert_eq!(state.round(), 3);
    assert_eq!(state.fairy(), Some(Player(0)));
    assert_eq!(state.phase(), Phase::Selection);
    assert!(state.sheets().iter().all(|s| s.total() == 0));
}

#[test]
fn two_players_draw_when_the_item_set_cannot_fill_a_bigger_box() {
    let treasures = Treasures::new(["spoon", "cork", "coin"]).unwrap();
    let kitchen = |name| treasures.find(name).unwrap();
    let config = config(2).with_treasures(treasures);
    let mut state = State::new(&config, &mut rng()).unwrap();
    play(&mut state, 0, Action::Select(kitchen("spoon")));
    play(&mut state, 0, Action::Select(kitchen("coin")));
    play(&mut state, 1, Action::Guess(kitchen("spoon")));
    play(&mut state, 1, Action::Guess(kitchen("coin")));
    // Round 2 puts all three items in the box.
    for name in ["spoon", "cork", "coin"] {
        play(&mut state, 1, Action::Select(kitchen(name)));
    }
    for name in ["spoon", "cork"] {
        play(&mut state, 0, Action::Guess(kitchen(name)));
        assert!(!state.is_over());
    }
    play(&mut state, 0, Action::Guess(kitchen("coin")));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.winners(), PlayerSet::first(2));
    assert_eq!(outcome.scores(), &[1, 1]);
}

#[test]
fn a_guesser_always_has_a_guess_while_the_phase_lasts() {
    // One item left on each side: the phase goes on, with two guesses open.
    let state = State::builder(5)
        .in_box(["die", "marble"])
        .removed(["rope", "piece of felt"])
        .guessed(["die", "rope"])
        .build()
        .unwrap();
    assert_eq!(state.to_act(), PlayerSet::only(Player(3)));
    assert_eq!(
        state.legal_actions(Player(3)).as_slice(),
        [
            Action::Guess(item("marble")),
            Action::Guess(item("piece of felt"))
        ]
    );
}

#[test]
fn unseated_players_and_foreign_items_are_refused_without_panic() {
    let state = State::new(&config(3), &mut rng()).unwrap();
    assert_eq!(
        refused(&state, 3, Action::Select(item("die"))),
        ActionError::NoSuchPlayer { player: Player(3) }
    );
    assert_eq!(
        refused(&state, 0, Action::Select(Item(255))),
        ActionError::Illegal(Violation::NoSuchItem(Item(255)))
    );
    assert!(state.legal_actions(Player(200)).is_empty());
}

#[test]
fn configs_out_of_range_are_refused() {
    for players in [0, 1, 7, 300] {
        let count = fairy_ring::ConfigError::PlayerCount {
            got: players,
            min: 2,
            max: 6,
        };
        assert_eq!(Config::new(players), Err(count), "{players}");
        assert_eq!(
            Setup::new(players),
            Err(SetupError::Config(count)),
            "{players}"
        );
        let built = State::builder(players).build();
        assert_eq!(built, Err(SetupError::Config(count)), "{players}");
    }
    let beginner_duel = config(2).with_variant(Variant::Beginner);
    assert_eq!(
        State::new(&beginner_duel, &mut rng()),
        Err(fairy_ring::ConfigError::PlayerCount {
            got: 2,
            min: 3,
            max: 6
        })
    );
    assert!(Setup::with_config(beginner_duel).is_err());
}

#[test]
fn setup_errors_are_precise() {
    let base = Setup::from(
        State::builder(3)
            .in_box(["die", "marble"])
            .removed(["rope"])
            .build()
            .unwrap(),
    );
    let check = |edit: &dyn Fn(&mut Setup), expected: SetupError| {
        let mut setup = base.clone();
        edit(&mut setup);
        assert_eq!(State::try_from(setup), Err(expected));
    };
    let (stick, die, rope) = (item("wooden stick"), item("die"), item("rope"));
    check(
        &|s| s.sheets.truncate(2),
        SetupError::SheetCount {
            sheets: 2,
            players: 3,
        },
    );
    check(
        &|s| s.phase = Phase::Guessing { fairy: Player(5) },
        SetupError::NoSuchPlayer(Player(5)),
    );
    check(
        &|s| s.in_box.insert(Item(12)),
        SetupError::NoSuchItem(Item(12)),
    );
    check(&|s| s.removed.insert(die), SetupError::ItemInTwoPlaces(die));
    check(
        &|s| s.sheets[1] = sheet(&[("die", 4)]),
        SetupError::MarksOffSheet {
            player: Player(1),
            item: die,
            marks: 4,
        },
    );
    check(
        &|s| s.guessed_right = items(&["rope"]),
        SetupError::RightGuessNotInBox(rope),
    );
    check(
        &|s| s.guessed_wrong = items(&["wooden stick"]),
        SetupError::WrongGuessNotOut(stick),
    );
    check(&|s| s.removed = Items::EMPTY, SetupError::TooFewSelected(2));
    check(
        &|s| {
            s.removed = items(&["rope", "die", "marble"]);
            s.in_box = Items::EMPTY;
        },
        SetupError::EmptyBox,
    );
    check(
        &|s| {
            s.in_box.insert(stick);
            s.removed = Items::EMPTY;
        },
        SetupError::NothingRemoved,
    );
    check(
        &|s| {
            s.guessed_wrong = items(&["rope"]);
            s.sheets[0] = sheet(&[("rope", 1)]);
        },
        SetupError::GuessingFinished,
    );
    check(
        &|s| s.sheets[2] = sheet(&[("piece of felt", 3)]),
        SetupError::ShouldBeOver,
    );
    check(&|s| s.round = 2, SetupError::BadRound(2));
    check(&|s| s.round = 0, SetupError::BadRound(0));
    check(
        &|s| {
            s.phase = Phase::Over {
                winners: PlayerSet::only(Player(1)),
            }
        },
        SetupError::BadWinners,
    );
    check(
        &|s| {
            s.phase = Phase::Selection;
        },
        SetupError::RemovedTooEarly,
    );
    check(
        &|s| {
            s.config.variant = Variant::Beginner;
            s.phase = Phase::Guessing { fairy: Player(1) };
        },
        SetupError::FairyNotStarting(Player(0)),
    );
    check(
        &|s| {
            s.config.variant = Variant::Beginner;
            s.phase = Phase::Guessing { fairy: Player(0) };
        },
        SetupError::ItemsMissing(Items::first(10).difference(items(&["die", "marble", "rope"]))),
    );
    check(
        &|s| s.config.players = 9,
        SetupError::Config(fairy_ring::ConfigError::PlayerCount {
            got: 9,
            min: 2,
            max: 6,
        }),
    );
}

#[test]
fn two_player_setup_errors_are_precise() {
    let base = Setup::from(State::builder(2).in_box(["die", "marble"]).build().unwrap());
    assert_eq!(base.phase, Phase::Guessing { fairy: Player(0) });
    let check = |edit: &dyn Fn(&mut Setup), expected: SetupError| {
        let mut setup = base.clone();
        edit(&mut setup);
        assert_eq!(State::try_from(setup), Err(expected));
    };
    let rope = item("rope");
    check(
        &|s| s.in_box.insert(rope),
        SetupError::BoxSize {
            expected: 2,
            found: 3,
        },
    );
    check(
        &|s| s.phase = Phase::Hiding { fairy: Player(0) },
        SetupError::PhaseNotInRules,
    );
    check(
        &|s| s.phase = Phase::Guessing { fairy: Player(1) },
        SetupError::FairyNotStarting(Player(0)),
    );
    check(
        &|s| s.guessed_wrong = items(&["rope"]),
        SetupError::ShouldBeOver,
    );
    check(&|s| s.round = 10, SetupError::BadRound(10));
    check(
        &|s| s.sheets[1] = sheet(&[("die", 1)]),
        SetupError::SheetInTwoPlayer(Player(1)),
    );
    check(
        &|s| s.removed = items(&["rope"]),
        SetupError::RemovedTooEarly,
    );
}

/// The order the module docs promise: the item actions in item order, then
/// the phase's closing action.
#[test]
fn legal_actions_come_in_the_documented_order() {
    let selection = State::builder(3)
        .in_box(["die", "rope", "wooden stick"])
        .build()
        .unwrap();
    let supply = [
        "marble",
        "piece of felt",
        "diamond",
        "eraser",
        "spring",
        "paperclip",
        "metal ring",
    ];
    let mut expected: Vec<Action> = supply.map(|n| Action::Select(item(n))).to_vec();
    expected.push(Action::EndSelection);
    assert_eq!(selection.legal_actions(Player(0)).to_vec(), expected);

    let duel = State::builder(2).in_box(["rope"]).build().unwrap();
    let all_but_rope = Treasures::default().all().difference(items(&["rope"]));
    let expected: Vec<Action> = all_but_rope.iter().map(Action::Select).collect();
    assert_eq!(duel.legal_actions(Player(0)).to_vec(), expected);

    let hiding = State::builder(3)
        .in_box(["rope", "die", "spring"])
        .removed(["marble"])
        .hiding(Player(1))
        .build()
        .unwrap();
    let expected = [
        Action::Remove(item("die")),
        Action::Remove(item("rope")),
        Action::Remove(item("spring")),
        Action::DoneHiding,
    ];
    assert_eq!(hiding.legal_actions(Player(1)).as_slice(), expected);

    let guessing = State::builder(3)
        .in_box(["rope", "die", "spring"])
        .removed(["marble", "wooden stick"])
        .guessed(["die"])
        .build()
        .unwrap();
    let expected = ["wooden stick", "marble", "rope", "spring"].map(|n| Action::Guess(item(n)));
    assert_eq!(guessing.legal_actions(Player(2)).as_slice(), expected);
}
