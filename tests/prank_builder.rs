//! The `PositionBuilder`: positions in the rulebook's words, with what is not
//! named derived consistently, and every mistake a precise `SetupError`.

use fairy_ring::prank::{
    Action, BoxSound, Config, Item, Items, Named, Phase, PositionBuilder, Setup, SetupError, State,
    Treasures, Variant,
};
use fairy_ring::{ConfigError, Game, Player, PlayerSet};
use proptest::prelude::*;
use proptest::strategy::ValueTree;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn item(name: &str) -> Item {
    Treasures::default().find(name).expect("a printed item")
}

fn items(names: &[&str]) -> Items {
    names.iter().map(|name| item(name)).collect()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(5)
}

/// The issue's example: "the box holds these items, these were removed,
/// player 2 guesses".
#[test]
fn the_box_the_removed_items_and_who_guesses_are_enough() {
    let state = State::builder(4)
        .in_box(["Die", "marble", "rope"])
        .removed(["piece of  felt", "diamond"])
        .guessing_from(Player(2))
        .build()
        .unwrap();
    assert_eq!(state.phase(), Phase::Guessing { fairy: Player(1) });
    assert_eq!(state.to_act(), PlayerSet::only(Player(2)));
    assert_eq!(state.in_box(), items(&["die", "marble", "rope"]));
    assert_eq!(state.removed(), items(&["piece of felt", "diamond"]));
    assert_eq!(state.tokens().len(), 5);
    assert_eq!(state.face_down(), Items::EMPTY);
    assert_eq!(state.round(), 1);
    assert_eq!(state.starting_player(), Player(0));
    assert!(state.sheets().iter().all(|s| s.total() == 0));
}

#[test]
fn naming_nothing_is_the_first_position() {
    for players in 2..=6 {
        let config = Config::new(players).unwrap();
        let fresh = State::new(&config, &mut rng()).unwrap();
        assert_eq!(State::builder(players).build(), Ok(fresh.clone()));
        assert_eq!(PositionBuilder::new(config).build(), Ok(fresh));
        if players >= 3 {
            let beginner = Config::new(players)
                .unwrap()
                .with_variant(Variant::Beginner);
            let fresh = State::new(&beginner, &mut rng()).unwrap();
            let built = State::builder(players).variant(Variant::Beginner).build();
            assert_eq!(built, Ok(fresh));
        }
    }
}

#[test]
fn items_are_named_by_name_or_given_as_items() {
    let by_name = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope"])
        .build()
        .unwrap();
    let by_item = State::builder(3)
        .in_box([Item(1), Item(2)])
        .removed([Item(5)].iter())
        .build()
        .unwrap();
    let by_set = State::builder(3)
        .in_box(items(&["die", "marble"]))
        .removed(items(&["rope"]))
        .build()
        .unwrap();
    assert_eq!(by_name, by_item);
    assert_eq!(by_name, by_set);
}

#[test]
fn a_selection_derives_the_starting_player_from_who_selects() {
    let state = State::builder(4)
        .in_box(["die", "marble"])
        .selecting(Player(1))
        .build()
        .unwrap();
    assert_eq!(state.phase(), Phase::Selection);
    assert_eq!(state.starting_player(), Player(3));
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    // Without a player named, the Selection phase starts from seat 0.
    let state = State::builder(4).in_box(["die"]).build().unwrap();
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
}

#[test]
fn a_named_fairy_hides_until_something_was_removed() {
    let hiding = State::builder(3)
        .in_box(["die", "marble", "rope"])
        .fairy(Player(2))
        .build()
        .unwrap();
    assert_eq!(hiding.phase(), Phase::Hiding { fairy: Player(2) });
    let guessing = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope"])
        .fairy(Player(2))
        .build()
        .unwrap();
    assert_eq!(guessing.phase(), Phase::Guessing { fairy: Player(2) });
    assert_eq!(guessing.to_act(), PlayerSet::only(Player(0)));
    // The Fairy in the middle of hiding, one item already out.
    let mid = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope"])
        .hiding(Player(2))
        .build()
        .unwrap();
    assert_eq!(mid.phase(), Phase::Hiding { fairy: Player(2) });
    assert!(mid.legal_actions(Player(2)).contains(&Action::DoneHiding));
}

#[test]
fn the_beginner_box_holds_every_item_not_removed() {
    let state = State::builder(4)
        .variant(Variant::Beginner)
        .removed(["eraser", "spring"])
        .starting_player(Player(3))
        .round(4)
        .marks(Player(0), [("die", 1), ("marble", 1), ("rope", 1)])
        .build()
        .unwrap();
    assert_eq!(state.in_box(), Items::first(10).difference(state.removed()));
    assert_eq!(state.phase(), Phase::Guessing { fairy: Player(3) });
    assert_eq!(state.to_act(), PlayerSet::only(Player(0)));
    let hiding = State::builder(3)
        .variant(Variant::Beginner)
        .starting_player(Player(1))
        .build()
        .unwrap();
    assert_eq!(hiding.phase(), Phase::Hiding { fairy: Player(1) });
    assert_eq!(hiding.in_box(), Items::first(10));
}

#[test]
fn this_rounds_guesses_mark_the_sheets() {
    // Fairy 0 at a table of four: guessers 1, 2, 3 in turn.
    let state = State::builder(4)
        .in_box(["die", "marble", "rope"])
        .removed(["eraser", "spring"])
        .guessed(["die", "marble", "eraser"])
        .fairy(Player(0))
        .marks(Player(1), [("die", 1)])
        .build()
        .unwrap();
    let sheets = state.sheets();
    assert_eq!(
        sheets[1].marks_on(item("die")),
        2,
        "earlier mark plus this guess"
    );
    assert_eq!(sheets[2].marks_on(item("marble")), 1);
    assert_eq!(
        sheets[0].marks_on(item("eraser")),
        1,
        "a wrong guess marks the Fairy"
    );
    assert_eq!(sheets[3].total(), 0);
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)), "around again");
    let view = state.view_for(Player(2).into());
    assert_eq!(view.guessed_right, items(&["die", "marble"]));
    assert_eq!(view.guessed_wrong, items(&["eraser"]));
}

#[test]
fn guessing_from_a_player_derives_the_fairy_after_the_guesses() {
    for guesses in 0..4 {
        let guessed = ["wooden stick", "die", "marble", "rope"][..guesses].to_vec();
        let state = State::builder(3)
            .in_box(["wooden stick", "die", "marble", "piece of felt"])
            .removed(["rope", "eraser"])
            .guessed(guessed)
            .guessing_from(Player(0))
            .build()
            .unwrap();
        assert_eq!(state.to_act(), PlayerSet::only(Player(0)), "{guesses}");
    }
}

#[test]
fn two_players_derive_the_round_from_the_box() {
    let round_two = State::builder(2)
        .in_box(["die", "marble", "rope"])
        .build()
        .unwrap();
    assert_eq!(round_two.round(), 2);
    assert_eq!(round_two.phase(), Phase::Guessing { fairy: Player(0) });
    let swapped = State::builder(2)
        .in_box(["die", "marble", "rope"])
        .guessing_from(Player(0))
        .build()
        .unwrap();
    assert_eq!(swapped.phase(), Phase::Guessing { fairy: Player(1) });
    assert_eq!(swapped.starting_player(), Player(1));
    let filling = State::builder(2)
        .in_box(["die", "marble"])
        .selecting(Player(1))
        .build()
        .unwrap();
    assert_eq!((filling.round(), filling.phase()), (2, Phase::Selection));
    assert_eq!(filling.to_act(), PlayerSet::only(Player(1)));
    let explicit = State::builder(2)
        .in_box(["die", "marble"])
        .round(3)
        .build()
        .unwrap();
    assert_eq!(explicit.phase(), Phase::Selection);
}

#[test]
fn a_finished_game_derives_its_winners() {
    let fairy_won = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "eraser"])
        .guessed(["rope"])
        .marks(Player(0), [("rope", 2)])
        .round(3)
        .over()
        .build()
        .unwrap();
    assert_eq!(
        fairy_won.outcome().unwrap().winners(),
        PlayerSet::only(Player(0))
    );
    assert_eq!(fairy_won.outcome().unwrap().scores(), &[3, 0, 0]);
    let duel_lost = State::builder(2)
        .in_box(["die", "marble"])
        .guessed(["rope"])
        .over()
        .build()
        .unwrap();
    assert_eq!(
        duel_lost.outcome().unwrap().winners(),
        PlayerSet::only(Player(0))
    );
    let kitchen = Treasures::new(["spoon", "cork", "coin"]).unwrap();
    let config = Config::new(2).unwrap().with_treasures(kitchen);
    let duel_drawn = PositionBuilder::new(config)
        .in_box(["spoon", "cork", "coin"])
        .guessed(["spoon", "cork", "coin"])
        .fairy(Player(1))
        .over()
        .build()
        .unwrap();
    assert_eq!(duel_drawn.outcome().unwrap().winners(), PlayerSet::first(2));
    // No winning sheet: the game cannot be over.
    let nobody = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope"])
        .guessed(["die"])
        .over()
        .build();
    assert_eq!(nobody, Err(SetupError::BadWinners));
}

#[test]
fn the_config_options_carry_through() {
    let state = State::builder(3)
        .box_sound(BoxSound::Silent)
        .in_box(["die"])
        .removed(["rope", "marble"])
        .build()
        .unwrap();
    assert_eq!(state.config().box_sound, BoxSound::Silent);
    assert_eq!(state.view_for(Player(1).into()).box_count, None);
}

#[test]
fn mistakes_are_precise_errors() {
    let unknown = State::builder(3).in_box(["die", "crown"]).build();
    match unknown {
        Err(SetupError::UnknownItem(error)) => {
            assert_eq!(error.asked(), "crown");
            assert_eq!(error.to_string(), "the item set has no \"crown\"");
        }
        other => panic!("{other:?}"),
    }
    match State::builder(3).removed([Item(12)]).build() {
        Err(SetupError::UnknownItem(error)) => assert_eq!(error.asked(), "item 13"),
        other => panic!("{other:?}"),
    }
    let first_error = State::builder(3)
        .in_box(["crown"])
        .removed(["sceptre"])
        .build();
    assert!(matches!(first_error, Err(SetupError::UnknownItem(e)) if e.asked() == "crown"));
    assert_eq!(
        State::builder(7).in_box(["die"]).build(),
        Err(SetupError::Config(ConfigError::PlayerCount {
            got: 7,
            min: 2,
            max: 6
        }))
    );
    assert_eq!(
        State::builder(2).variant(Variant::Beginner).build(),
        Err(SetupError::Config(ConfigError::PlayerCount {
            got: 2,
            min: 3,
            max: 6
        }))
    );
    let outsiders = [
        State::builder(3).guessing_from(Player(3)),
        State::builder(3).selecting(Player(4)),
        State::builder(3).fairy(Player(3)),
        State::builder(3).starting_player(Player(5)),
        State::builder(3).marks(Player(3), [("die", 1)]),
        State::builder(3).marks(Player(200), [("die", 1)]),
    ];
    for builder in outsiders {
        let error = builder.in_box(["die", "marble"]).removed(["rope"]).build();
        assert!(
            matches!(error, Err(SetupError::NoSuchPlayer(_))),
            "{error:?}"
        );
    }
    let conflict = State::builder(4)
        .in_box(["die"])
        .starting_player(Player(0))
        .selecting(Player(3))
        .build();
    assert_eq!(conflict, Err(SetupError::NotToAct { player: Player(3) }));
    // What validation refuses, the builder refuses the same way.
    let empty_box = State::builder(3).removed(["rope", "die", "marble"]).build();
    assert_eq!(empty_box, Err(SetupError::EmptyBox));
    let too_many_marks = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope"])
        .marks(Player(1), [("die", 4)])
        .build();
    assert!(matches!(
        too_many_marks,
        Err(SetupError::MarksOffSheet { marks: 4, .. })
    ));
}

fn any_builder() -> impl Strategy<Value = PositionBuilder> {
    (
        2usize..=6,
        any::<bool>(),
        (any::<u16>(), any::<u16>(), any::<u16>(), any::<u16>()),
        0u8..6,
        (0u8..8, 0u8..8),
        proptest::option::of(1u16..6),
        proptest::collection::vec((0u8..7, 0u8..11, 0u8..4), 0..3),
    )
        .prop_map(
            |(
                players,
                beginner,
                (in_box, removed, guessed, sparse),
                kind,
                (p, q),
                round,
                marks,
            )| {
                let mut builder = State::builder(players);
                let beginner = beginner && players >= 3;
                let mask = |bits: u16| Items::from_bits(bits & 0x3ff);
                if beginner {
                    // The beginner box is derived from what was removed.
                    builder = builder.variant(Variant::Beginner);
                } else {
                    builder = builder.in_box(mask(in_box));
                }
                if removed % 3 != 0 {
                    builder = builder.removed(mask(removed).difference(mask(in_box)));
                }
                builder = builder.guessed(mask(guessed & sparse & (in_box | removed)));
                builder = match kind {
                    0 => builder,
                    1 => builder.selecting(Player(p)),
                    2 => builder.hiding(Player(p)),
                    3 => builder.fairy(Player(p)),
                    4 => builder.guessing_from(Player(p)),
                    _ => builder.over(),
                };
                if q < 3 {
                    builder = builder.starting_player(Player(q));
                }
                if let Some(round) = round {
                    builder = builder.round(round);
                }
                for (player, item, count) in marks {
                    builder = builder.marks(Player(player), [(Item(item), count)]);
                }
                builder
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Whatever is named, `build` answers without panicking, and a state
    /// it makes is a valid position that round-trips through its `Setup`
    /// and can be played on.
    #[test]
    fn a_built_state_is_a_valid_position(builder in any_builder()) {
        if let Ok(state) = builder.build() {
            let setup = Setup::from(&state);
            prop_assert_eq!(State::try_from(setup), Ok(state.clone()));
            for player in state.to_act() {
                prop_assert!(!state.legal_actions(player).is_empty());
            }
        }
    }
}

#[test]
fn random_builders_often_succeed() {
    // The property above would be empty if nothing ever built.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let mut built = 0;
    for _ in 0..2000 {
        let builder = any_builder().new_tree(&mut runner).unwrap().current();
        built += usize::from(builder.build().is_ok());
    }
    assert!(built > 100, "only {built} of 2000 random positions built");
}

/// Review finding: a named Fairy or phase was silently dropped, the last
/// role setter winning.
#[test]
fn contradictory_roles_are_refused() {
    let four = || {
        State::builder(4)
            .in_box(["die", "marble", "rope"])
            .removed(["diamond"])
    };
    // Fairy 0's first guesser is player 1, not player 2.
    let guesser = four().fairy(Player(0)).guessing_from(Player(2)).build();
    assert_eq!(guesser, Err(SetupError::NotToAct { player: Player(2) }));
    let phases = four().hiding(Player(2)).selecting(Player(1)).build();
    assert_eq!(
        phases,
        Err(SetupError::Contradiction {
            first: Named::Hiding(Player(2)),
            then: Named::Selecting(Player(1)),
        })
    );
    let two_fairies = four().fairy(Player(1)).fairy(Player(2)).build();
    assert_eq!(
        two_fairies,
        Err(SetupError::Contradiction {
            first: Named::Fairy(Player(1)),
            then: Named::Fairy(Player(2)),
        })
    );
    let other_hider = four().fairy(Player(1)).hiding(Player(2)).build();
    assert_eq!(
        other_hider,
        Err(SetupError::Contradiction {
            first: Named::Fairy(Player(1)),
            then: Named::Hiding(Player(2)),
        })
    );
    let fairy_guessing = four().guessing_from(Player(1)).fairy(Player(1)).build();
    assert_eq!(
        fairy_guessing,
        Err(SetupError::Contradiction {
            first: Named::GuessingFrom(Player(1)),
            then: Named::Fairy(Player(1)),
        })
    );
    // With 3 or more players nobody is the Fairy during the Selection.
    let selection = State::builder(4)
        .in_box(["die"])
        .fairy(Player(1))
        .selecting(Player(1))
        .build();
    assert_eq!(
        selection,
        Err(SetupError::Contradiction {
            first: Named::Fairy(Player(1)),
            then: Named::Selecting(Player(1)),
        })
    );
    let duel = State::builder(2)
        .in_box(["die"])
        .fairy(Player(1))
        .starting_player(Player(0))
        .build();
    assert_eq!(duel, Err(SetupError::FairyNotStarting(Player(0))));
    let duel_selecting = State::builder(2)
        .in_box(["die"])
        .fairy(Player(1))
        .selecting(Player(0))
        .build();
    assert!(matches!(
        duel_selecting,
        Err(SetupError::Contradiction { .. })
    ));
    let over = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope"])
        .guessed(["rope"])
        .marks(Player(0), [("rope", 2)])
        .round(3)
        .guessing_from(Player(2))
        .over()
        .build();
    assert_eq!(
        over,
        Err(SetupError::Contradiction {
            first: Named::GuessingFrom(Player(2)),
            then: Named::Over,
        })
    );
    let message = phases.unwrap_err().to_string();
    assert_eq!(
        message,
        "the builder was told player 3 hiding as the Fairy, then player 2 selecting: \
         both cannot hold"
    );
}

/// Naming one thing twice, or in two agreeing ways, is no contradiction.
#[test]
fn agreeing_roles_are_accepted() {
    let four = || {
        State::builder(4)
            .in_box(["die", "marble", "rope"])
            .removed(["diamond"])
    };
    let hiding = four().fairy(Player(2)).hiding(Player(2)).build().unwrap();
    assert_eq!(hiding.phase(), Phase::Hiding { fairy: Player(2) });
    let guessing = four()
        .fairy(Player(0))
        .guessing_from(Player(1))
        .fairy(Player(0))
        .build()
        .unwrap();
    assert_eq!(guessing.phase(), Phase::Guessing { fairy: Player(0) });
    assert_eq!(guessing.to_act(), PlayerSet::only(Player(1)));
    let duel = State::builder(2)
        .in_box(["die"])
        .fairy(Player(1))
        .selecting(Player(1))
        .build()
        .unwrap();
    assert_eq!(duel.fairy(), Some(Player(1)));
    assert_eq!(duel.starting_player(), Player(1));
    let duel = State::builder(2)
        .in_box(["die"])
        .fairy(Player(1))
        .build()
        .unwrap();
    assert_eq!(duel.fairy(), Some(Player(1)));
}

/// Review finding: `guessed` kept a set, crediting right guesses in item
/// order instead of the order given.
#[test]
fn guesses_are_credited_in_the_order_given() {
    let state = State::builder(4)
        .in_box(["die", "marble", "rope"])
        .removed(["eraser", "spring"])
        .guessed(["rope", "die"])
        .fairy(Player(0))
        .build()
        .unwrap();
    let sheets = state.sheets();
    assert_eq!(sheets[1].marks_on(item("rope")), 1, "the first guess");
    assert_eq!(sheets[2].marks_on(item("die")), 1, "the second guess");
    assert_eq!(sheets[1].total() + sheets[2].total(), 2);
    // Calls add up, in order; a token guessed twice is refused.
    let split = State::builder(4)
        .in_box(["die", "marble", "rope"])
        .removed(["eraser", "spring"])
        .guessed(["rope"])
        .guessed(["die"])
        .fairy(Player(0))
        .build();
    assert_eq!(split, Ok(state));
    let twice = State::builder(4)
        .in_box(["die", "marble", "rope"])
        .removed(["eraser", "spring"])
        .guessed(["rope", "die", "Rope"])
        .fairy(Player(0))
        .build();
    assert_eq!(twice, Err(SetupError::GuessedTwice(item("rope"))));
}
