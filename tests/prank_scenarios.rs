//! Scenario tests for Fairy Prank, built from `Setup` positions: every end of
//! a phase, every way to win, the illegal moves and their precise errors.

use fairy_ring::prank::{
    Action, Config, Event, GuessingEnd, Item, Items, Phase, Setup, SetupError, Sheet, State,
    Treasures, Variant, Violation,
};
use fairy_ring::{ActionError, Game, Player, PlayerSet};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

const STICK: Item = Item(0);
const DIE: Item = Item(1);
const MARBLE: Item = Item(2);
const FELT: Item = Item(3);
const DIAMOND: Item = Item(4);
const ROPE: Item = Item(5);
const ERASER: Item = Item(6);

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(7)
}

fn items(list: &[Item]) -> Items {
    list.iter().copied().collect()
}

fn config(players: usize) -> Config {
    Config::new(players).unwrap()
}

/// A Guessing phase of the full game with blank sheets.
fn guessing(players: usize, fairy: u8, in_box: &[Item], removed: &[Item]) -> Setup {
    let mut setup = Setup::new(config(players));
    setup.phase = Phase::Guessing {
        fairy: Player(fairy),
    };
    setup.in_box = items(in_box);
    setup.removed = items(removed);
    setup
}

fn play(state: &mut State, player: u8, action: Action) -> Vec<Event> {
    match state.apply(Player(player), action, &mut rng()) {
        Ok(events) => events.to_vec(),
        Err(e) => panic!("{action:?} of player {player} refused: {e}"),
    }
}

fn refused(state: &State, player: u8, action: Action) -> ActionError<Violation> {
    let mut copy = state.clone();
    let error = copy
        .apply(Player(player), action, &mut rng())
        .expect_err("the action should be refused");
    assert_eq!(&copy, state, "a refused action changed the state");
    assert!(!state.legal_actions(Player(player)).contains(&action));
    error
}

fn sheet(marks: &[(Item, u8)]) -> Sheet {
    let mut sheet = Sheet::default();
    for &(item, n) in marks {
        sheet.marks[item.index()] = n;
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
    play(&mut state, 0, Action::Select(DIE));
    assert_eq!(
        refused(&state, 1, Action::Select(DIE)),
        ActionError::Illegal(Violation::AlreadyInBox(DIE))
    );
    assert_eq!(
        refused(&state, 0, Action::Select(ROPE)),
        ActionError::NotToAct { player: Player(0) }
    );
    play(&mut state, 1, Action::Select(MARBLE));
    assert_eq!(
        refused(&state, 2, Action::EndSelection),
        ActionError::Illegal(Violation::TooFewItems)
    );
    play(&mut state, 2, Action::Select(ROPE));
    assert!(
        state
            .legal_actions(Player(3))
            .contains(&Action::EndSelection)
    );
    assert_eq!(state.legal_actions(Player(3)).len(), 8);
}

#[test]
fn whoever_ends_the_selection_is_the_fairy() {
    let mut state = State::new(&config(3), &mut rng()).unwrap();
    for (seat, item) in [(0, DIE), (1, MARBLE), (2, ROPE), (0, FELT)] {
        play(&mut state, seat, Action::Select(item));
    }
    let events = play(&mut state, 1, Action::EndSelection);
    assert_eq!(events, [Event::SelectionEnded { fairy: Player(1) }]);
    assert_eq!(state.phase(), Phase::Hiding { fairy: Player(1) });
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    assert_eq!(state.tokens(), items(&[DIE, MARBLE, ROPE, FELT]));
}

#[test]
fn with_every_item_in_the_box_the_player_must_end_the_selection() {
    let mut setup = Setup::new(config(3));
    setup.in_box = Items::first(10);
    let mut state = State::try_from(setup).unwrap();
    // Ten selections from seat 0 leave seat 1 to act.
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        [Action::EndSelection]
    );
    assert_eq!(
        refused(&state, 1, Action::Select(DIE)),
        ActionError::Illegal(Violation::MustEndSelection)
    );
    play(&mut state, 1, Action::EndSelection);
    assert_eq!(state.fairy(), Some(Player(1)));
}

#[test]
fn the_fairy_removes_at_least_one_item_and_leaves_at_least_one() {
    let mut setup = Setup::new(config(3));
    setup.phase = Phase::Hiding { fairy: Player(2) };
    setup.in_box = items(&[DIE, MARBLE, ROPE]);
    let mut state = State::try_from(setup).unwrap();
    assert_eq!(
        refused(&state, 2, Action::DoneHiding),
        ActionError::Illegal(Violation::NothingRemoved)
    );
    assert_eq!(
        refused(&state, 2, Action::Remove(FELT)),
        ActionError::Illegal(Violation::NotInBox(FELT))
    );
    play(&mut state, 2, Action::Remove(DIE));
    play(&mut state, 2, Action::Remove(MARBLE));
    assert_eq!(
        refused(&state, 2, Action::Remove(ROPE)),
        ActionError::Illegal(Violation::LastItem)
    );
    assert_eq!(
        state.legal_actions(Player(2)).as_slice(),
        [Action::DoneHiding]
    );
    assert_eq!(
        refused(&state, 2, Action::Guess(ROPE)),
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
    let mut state = State::try_from(guessing(
        4,
        1,
        &[STICK, DIE, MARBLE, FELT],
        &[DIAMOND, ROPE, ERASER],
    ))
    .unwrap();
    let mut order = Vec::new();
    for item in [STICK, DIE, MARBLE, DIAMOND, ROPE] {
        let player = state.to_act().lowest().unwrap();
        order.push(player.0);
        play(&mut state, player.0, Action::Guess(item));
    }
    assert_eq!(order, [2, 3, 0, 2, 3]);
}

#[test]
fn a_right_guess_marks_the_guesser_and_a_wrong_one_marks_the_fairy() {
    let mut state = State::try_from(guessing(3, 0, &[DIE, MARBLE], &[ROPE, FELT])).unwrap();
    let events = play(&mut state, 1, Action::Guess(DIE));
    assert_eq!(
        events,
        [
            Event::Guessed {
                player: Player(1),
                item: DIE,
                right: true
            },
            Event::Marked {
                player: Player(1),
                item: DIE,
                marks: 1
            },
        ]
    );
    let events = play(&mut state, 2, Action::Guess(ROPE));
    assert_eq!(
        events.get(1),
        Some(&Event::Marked {
            player: Player(0),
            item: ROPE,
            marks: 1
        })
    );
    assert_eq!(state.sheets()[1].marks_on(DIE), 1);
    assert_eq!(state.sheets()[0].marks_on(ROPE), 1);
    assert_eq!(state.sheets()[2].total(), 0);
}

#[test]
fn guesses_are_among_this_rounds_face_up_tokens() {
    let mut state = State::try_from(guessing(3, 0, &[DIE, MARBLE], &[ROPE, FELT])).unwrap();
    assert_eq!(
        refused(&state, 1, Action::Guess(STICK)),
        ActionError::Illegal(Violation::NotInPlay(STICK))
    );
    assert_eq!(
        refused(&state, 1, Action::Guess(Item(10))),
        ActionError::Illegal(Violation::NoSuchItem(Item(10)))
    );
    play(&mut state, 1, Action::Guess(ROPE));
    assert_eq!(
        refused(&state, 2, Action::Guess(ROPE)),
        ActionError::Illegal(Violation::AlreadyGuessed(ROPE))
    );
    let legal = state.legal_actions(Player(2));
    assert_eq!(
        legal.as_slice(),
        [
            Action::Guess(DIE),
            Action::Guess(MARBLE),
            Action::Guess(FELT)
        ]
    );
}

#[test]
fn guessing_ends_when_every_removed_item_was_guessed_wrongly() {
    let mut setup = guessing(4, 3, &[DIE, MARBLE, FELT], &[ROPE, STICK]);
    setup.round = 2;
    setup.starting_player = Player(1);
    setup.sheets[0] = sheet(&[(DIAMOND, 1)]);
    let mut state = State::try_from(setup).unwrap();
    play(&mut state, 0, Action::Guess(ROPE));
    play(&mut state, 1, Action::Guess(DIE));
    let events = play(&mut state, 2, Action::Guess(STICK));
    assert!(events.contains(&Event::GuessingEnded {
        reason: GuessingEnd::AllRemovedGuessed,
        in_box: items(&[DIE, MARBLE, FELT]),
        removed: items(&[ROPE, STICK]),
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

#[test]
fn guessing_ends_when_every_item_in_the_box_was_guessed_rightly() {
    let mut state = State::try_from(guessing(3, 2, &[DIE, MARBLE], &[ROPE, FELT])).unwrap();
    play(&mut state, 0, Action::Guess(DIE));
    let events = play(&mut state, 1, Action::Guess(MARBLE));
    assert!(events.contains(&Event::GuessingEnded {
        reason: GuessingEnd::AllInBoxGuessed,
        in_box: items(&[DIE, MARBLE]),
        removed: items(&[ROPE, FELT]),
    }));
    assert_eq!(state.round(), 2);
    assert_eq!(state.starting_player(), Player(1));
}

#[test]
fn the_fairy_wins_through_wrong_guesses_mid_phase() {
    let mut setup = guessing(3, 0, &[DIE, MARBLE], &[ROPE, FELT, STICK]);
    setup.round = 4;
    setup.sheets[0] = sheet(&[(ROPE, 2), (STICK, 1)]);
    let mut state = State::try_from(setup).unwrap();
    let events = play(&mut state, 1, Action::Guess(ROPE));
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
        refused(&state, 2, Action::Guess(DIE)),
        ActionError::GameOver
    );
}

#[test]
fn a_guesser_wins_mid_phase_with_six_different_items() {
    let mut setup = guessing(4, 0, &[DIE, MARBLE, ERASER], &[ROPE]);
    setup.round = 6;
    setup.sheets[2] = sheet(&[(STICK, 1), (FELT, 2), (DIAMOND, 1), (ROPE, 1), (MARBLE, 1)]);
    let mut state = State::try_from(setup).unwrap();
    play(&mut state, 1, Action::Guess(DIE));
    assert!(!state.is_over());
    play(&mut state, 2, Action::Guess(ERASER));
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
    let mut setup = guessing(3, 1, &[DIE, MARBLE], &[ROPE]);
    setup.round = 3;
    setup.sheets[2] = sheet(&[(DIE, 2)]);
    let mut state = State::try_from(setup).unwrap();
    play(&mut state, 2, Action::Guess(DIE));
    assert_eq!(
        state.outcome().unwrap().winners(),
        PlayerSet::only(Player(2))
    );
}

#[test]
fn a_finished_game_opens_the_box_for_everyone() {
    let mut setup = guessing(3, 0, &[DIE, MARBLE], &[ROPE, FELT]);
    setup.round = 3;
    setup.sheets[0] = sheet(&[(FELT, 2)]);
    let mut state = State::try_from(setup).unwrap();
    let spectator = state.view_for(fairy_ring::Seat::Spectator);
    assert_eq!(spectator.in_box, None);
    play(&mut state, 1, Action::Guess(FELT));
    let view = state.view_for(fairy_ring::Seat::Spectator);
    assert_eq!(view.in_box, Some(items(&[DIE, MARBLE])));
    assert_eq!(view.removed, Some(items(&[ROPE, FELT])));
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
    play(&mut state, 1, Action::Guess(STICK));
    assert_eq!(state.round(), 2);
    assert_eq!(state.phase(), Phase::Hiding { fairy: Player(1) });
    assert_eq!(state.in_box(), Items::first(10));
}

#[test]
fn two_players_a_wrong_guess_loses_at_once() {
    let mut state = State::new(&config(2), &mut rng()).unwrap();
    play(&mut state, 0, Action::Select(DIE));
    assert_eq!(
        refused(&state, 0, Action::EndSelection),
        ActionError::Illegal(Violation::WrongPhase)
    );
    play(&mut state, 0, Action::Select(MARBLE));
    assert_eq!(state.phase(), Phase::Guessing { fairy: Player(0) });
    play(&mut state, 1, Action::Guess(DIE));
    let events = play(&mut state, 1, Action::Guess(ROPE));
    assert_eq!(
        events.last(),
        Some(&Event::GameOver {
            winners: PlayerSet::only(Player(0)),
            in_box: items(&[DIE, MARBLE]),
            removed: Items::EMPTY,
        })
    );
    assert_eq!(state.outcome().unwrap().scores(), &[1, 0]);
}

#[test]
fn two_players_swap_roles_with_one_more_item_each_round() {
    let mut state = State::new(&config(2), &mut rng()).unwrap();
    for (fairy, picks) in [(0u8, vec![DIE, MARBLE]), (1, vec![STICK, ROPE, FELT])] {
        let guesser = 1 - fairy;
        assert_eq!(state.fairy(), Some(Player(fairy)));
        for &item in &picks {
            assert_eq!(state.to_act(), PlayerSet::only(Player(fairy)));
            play(&mut state, fairy, Action::Select(item));
        }
        for &item in picks.iter().rev() {
            play(&mut state, guesser, Action::Guess(item));
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
    let config = config(2).with_treasures(treasures);
    let mut state = State::new(&config, &mut rng()).unwrap();
    play(&mut state, 0, Action::Select(Item(0)));
    play(&mut state, 0, Action::Select(Item(2)));
    play(&mut state, 1, Action::Guess(Item(0)));
    play(&mut state, 1, Action::Guess(Item(2)));
    // Round 2 puts all three items in the box.
    for item in 0..3 {
        play(&mut state, 1, Action::Select(Item(item)));
    }
    for item in 0..2 {
        play(&mut state, 0, Action::Guess(Item(item)));
        assert!(!state.is_over());
    }
    play(&mut state, 0, Action::Guess(Item(2)));
    let outcome = state.outcome().unwrap();
    assert_eq!(outcome.winners(), PlayerSet::first(2));
    assert_eq!(outcome.scores(), &[1, 1]);
}

#[test]
fn a_guesser_always_has_a_guess_while_the_phase_lasts() {
    // One item left on each side: the phase goes on, with two guesses open.
    let mut setup = guessing(5, 0, &[DIE, MARBLE], &[ROPE, FELT]);
    setup.guessed_right = items(&[DIE]);
    setup.guessed_wrong = items(&[ROPE]);
    setup.sheets[1] = sheet(&[(DIE, 1)]);
    setup.sheets[0] = sheet(&[(ROPE, 1)]);
    let state = State::try_from(setup).unwrap();
    assert_eq!(state.to_act(), PlayerSet::only(Player(3)));
    assert_eq!(
        state.legal_actions(Player(3)).as_slice(),
        [Action::Guess(MARBLE), Action::Guess(FELT)]
    );
}

#[test]
fn unseated_players_and_foreign_items_are_refused_without_panic() {
    let state = State::new(&config(3), &mut rng()).unwrap();
    assert_eq!(
        refused(&state, 3, Action::Select(DIE)),
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
        assert!(Config::new(players).is_err(), "{players}");
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
}

#[test]
fn setup_errors_are_precise() {
    let base = guessing(3, 0, &[DIE, MARBLE], &[ROPE]);
    let check = |edit: &dyn Fn(&mut Setup), expected: SetupError| {
        let mut setup = base.clone();
        edit(&mut setup);
        assert_eq!(State::try_from(setup), Err(expected));
    };
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
    check(&|s| s.removed.insert(DIE), SetupError::ItemInTwoPlaces(DIE));
    check(
        &|s| s.sheets[1] = sheet(&[(DIE, 4)]),
        SetupError::MarksOffSheet {
            player: Player(1),
            item: DIE,
            marks: 4,
        },
    );
    check(
        &|s| s.guessed_right = items(&[ROPE]),
        SetupError::RightGuessNotInBox(ROPE),
    );
    check(
        &|s| s.guessed_wrong = items(&[STICK]),
        SetupError::WrongGuessNotOut(STICK),
    );
    check(&|s| s.removed = Items::EMPTY, SetupError::TooFewSelected(2));
    check(
        &|s| {
            s.removed = items(&[ROPE, DIE, MARBLE]);
            s.in_box = Items::EMPTY;
        },
        SetupError::EmptyBox,
    );
    check(
        &|s| {
            s.in_box.insert(STICK);
            s.removed = Items::EMPTY;
        },
        SetupError::NothingRemoved,
    );
    check(
        &|s| {
            s.guessed_wrong = items(&[ROPE]);
            s.sheets[0] = sheet(&[(ROPE, 1)]);
        },
        SetupError::GuessingFinished,
    );
    check(
        &|s| s.sheets[2] = sheet(&[(FELT, 3)]),
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
        SetupError::ItemsMissing(Items::first(10).difference(items(&[DIE, MARBLE, ROPE]))),
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
    let mut base = Setup::new(config(2));
    base.phase = Phase::Guessing { fairy: Player(0) };
    base.in_box = items(&[DIE, MARBLE]);
    assert!(State::try_from(base.clone()).is_ok());
    let check = |edit: &dyn Fn(&mut Setup), expected: SetupError| {
        let mut setup = base.clone();
        edit(&mut setup);
        assert_eq!(State::try_from(setup), Err(expected));
    };
    check(
        &|s| s.in_box.insert(ROPE),
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
        &|s| s.guessed_wrong = items(&[ROPE]),
        SetupError::ShouldBeOver,
    );
    check(&|s| s.round = 10, SetupError::BadRound(10));
    check(
        &|s| s.sheets[1] = sheet(&[(DIE, 1)]),
        SetupError::SheetInTwoPlayer(Player(1)),
    );
    check(&|s| s.removed = items(&[ROPE]), SetupError::RemovedTooEarly);
}
