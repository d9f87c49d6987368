//! The `PositionBuilder`: positions in the rulebook's words, with what is not
//! named derived consistently, and every mistake a precise `SetupError`.

use fairy_ring::prank::{
    Action, BoxSound, Config, Item, Items, Named, Phase, PositionBuilder, Setup, SetupError, Sheet,
    State, Treasures, Variant,
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
        assert_eq!(State::builder(players).build(), Ok(fresh));
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
        (State::builder(3).guessing_from(Player(3)), 3),
        (State::builder(3).selecting(Player(4)), 4),
        (State::builder(3).hiding(Player(6)), 6),
        (State::builder(3).fairy(Player(3)), 3),
        (State::builder(3).starting_player(Player(5)), 5),
        (State::builder(3).marks(Player(3), [("die", 1)]), 3),
        (State::builder(3).marks(Player(200), [("die", 1)]), 200),
    ];
    for (builder, seat) in outsiders {
        let error = builder.in_box(["die", "marble"]).removed(["rope"]).build();
        assert_eq!(error, Err(SetupError::NoSuchPlayer(Player(seat))));
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

/// What a random builder names, to check the built position against.
#[derive(Clone, Debug)]
struct Plan {
    players: usize,
    beginner: bool,
    in_box: Option<Items>,
    removed: Option<Items>,
    /// This round's guesses, in order.
    guessed: Vec<Item>,
    /// Role and phase calls, in order.
    roles: Vec<Named>,
    starting_player: Option<Player>,
    round: Option<u16>,
    /// `(player, item, marks)` calls of `marks`, in order.
    marks: Vec<(u8, u8, u8)>,
}

impl Plan {
    fn builder(&self) -> PositionBuilder {
        let mut builder = State::builder(self.players);
        if self.beginner {
            builder = builder.variant(Variant::Beginner);
        }
        if let Some(in_box) = self.in_box {
            builder = builder.in_box(in_box);
        }
        if let Some(removed) = self.removed {
            builder = builder.removed(removed);
        }
        builder = builder.guessed(self.guessed.iter());
        for role in &self.roles {
            builder = match *role {
                Named::Selecting(p) => builder.selecting(p),
                Named::Hiding(p) => builder.hiding(p),
                Named::Fairy(p) => builder.fairy(p),
                Named::GuessingFrom(p) => builder.guessing_from(p),
                _ => builder.over(),
            };
        }
        if let Some(player) = self.starting_player {
            builder = builder.starting_player(player);
        }
        if let Some(round) = self.round {
            builder = builder.round(round);
        }
        for &(player, item, count) in &self.marks {
            builder = builder.marks(Player(player), [(Item(item), count)]);
        }
        builder
    }

    /// The Fairy named: by `fairy`, `hiding`, or `selecting` in 2 players.
    fn fairy(&self) -> Option<Player> {
        self.roles.iter().find_map(|role| match *role {
            Named::Fairy(p) | Named::Hiding(p) => Some(p),
            Named::Selecting(p) if self.players == 2 => Some(p),
            _ => None,
        })
    }

    /// Checks that `state` is everything this plan named.
    fn check(&self, state: &State) -> Result<(), TestCaseError> {
        let n = self.players;
        if let Some(in_box) = self.in_box {
            prop_assert_eq!(state.in_box(), in_box);
        }
        if let Some(removed) = self.removed {
            prop_assert_eq!(state.removed(), removed);
        }
        let guessed: Items = self.guessed.iter().copied().collect();
        prop_assert_eq!(state.face_down(), guessed);
        if let Some(player) = self.starting_player {
            prop_assert_eq!(state.starting_player(), player);
        }
        if let Some(round) = self.round {
            prop_assert_eq!(state.round(), round);
        }
        let over = matches!(state.phase(), Phase::Over { .. });
        for role in &self.roles {
            match *role {
                Named::Selecting(p) => {
                    prop_assert_eq!(state.phase(), Phase::Selection);
                    prop_assert_eq!(state.to_act(), PlayerSet::only(p));
                }
                Named::Hiding(p) => prop_assert_eq!(state.phase(), Phase::Hiding { fairy: p }),
                Named::Fairy(p) if !over => prop_assert_eq!(state.fairy(), Some(p)),
                Named::Fairy(_) => {}
                Named::GuessingFrom(p) => {
                    let guessing = matches!(state.phase(), Phase::Guessing { .. });
                    prop_assert!(guessing, "{:?}", state.phase());
                    prop_assert_eq!(state.to_act(), PlayerSet::only(p));
                }
                _ => prop_assert!(over),
            }
        }
        // The sheets: the marks named, then this round's guesses in the
        // order given, from the Fairy's left.
        let mut sheets = vec![Sheet::default(); n];
        for &(player, item, count) in &self.marks {
            sheets[usize::from(player)].marks[usize::from(item)] = count;
        }
        if n > 2 {
            let fairy = state
                .fairy()
                .or(self.fairy())
                .unwrap_or(state.starting_player());
            for (i, &item) in self.guessed.iter().enumerate() {
                let marked = if state.in_box().contains(item) {
                    fairy.left(1 + i % (n - 1), n)
                } else {
                    fairy
                };
                sheets[marked.index()].marks[item.index()] += 1;
            }
        }
        prop_assert_eq!(state.sheets(), &sheets[..]);
        Ok(())
    }
}

fn any_role() -> impl Strategy<Value = Option<Named>> {
    (0u8..10, 0u8..7).prop_map(|(kind, p)| match kind {
        0 => Some(Named::Selecting(Player(p))),
        1 => Some(Named::Hiding(Player(p))),
        2 | 3 => Some(Named::Fairy(Player(p))),
        4 | 5 => Some(Named::GuessingFrom(Player(p))),
        6 => Some(Named::Over),
        _ => None,
    })
}

/// `second`, or a Fairy that agrees with `first` after `guesses` guesses
/// at a table of `players`: for `echo` 0 the player of `selecting` (in 2
/// players), `hiding` or `fairy`; for `echo` 1 the Fairy whose guessers reach
/// the player of `guessing_from`.
fn echoed(
    first: Option<Named>,
    second: Option<Named>,
    echo: u8,
    guesses: usize,
    players: usize,
) -> Option<Named> {
    match first {
        Some(Named::Selecting(p) | Named::Hiding(p) | Named::Fairy(p)) if echo == 0 => {
            Some(Named::Fairy(p))
        }
        Some(Named::GuessingFrom(p)) if echo == 1 => Some(Named::Fairy(
            p.right(1 + guesses % (players - 1).max(1), players),
        )),
        _ => second,
    }
}

fn any_plan() -> impl Strategy<Value = Plan> {
    (
        2usize..=6,
        any::<bool>(),
        (any::<u16>(), any::<u16>(), any::<u16>(), any::<u16>()),
        any::<[u8; 10]>(),
        (any_role(), any_role(), 0u8..3),
        0u8..8,
        proptest::option::of(1u16..6),
        proptest::collection::vec((0u8..7, 0u8..11, 0u8..4), 0..3),
    )
        .prop_map(
            |(
                players,
                beginner,
                (in_box, removed, guessed, sparse),
                order,
                (first, second, echo),
                q,
                round,
                marks,
            )| {
                let beginner = beginner && players >= 3;
                let mask = |bits: u16| Items::from_bits(bits & 0x3ff);
                // The beginner box is derived from what was removed.
                let named_box = (!beginner).then(|| mask(in_box));
                let removed = (removed % 3 != 0).then(|| mask(removed).difference(mask(in_box)));
                // This round's guesses, in a random order.
                let mut guessed: Vec<Item> =
                    mask(guessed & sparse & (in_box | removed.map_or(0, Items::bits)))
                        .iter()
                        .collect();
                guessed.sort_by_key(|item| order[item.index()]);
                let roles = [first, echoed(first, second, echo, guessed.len(), players)];
                Plan {
                    players,
                    beginner,
                    in_box: named_box,
                    removed,
                    guessed,
                    roles: roles.into_iter().flatten().collect(),
                    starting_player: (q < 3).then_some(Player(q)),
                    round,
                    marks: marks
                        .into_iter()
                        .filter(|&(player, _, _)| usize::from(player) < players)
                        .collect(),
                }
            },
        )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    /// Whatever is named, `build` answers without panicking, and a state
    /// it makes is a valid position that round-trips through its `Setup`,
    /// can be played on, and is everything that was named: the roles and
    /// phase, the box, the removed items, the guesses credited in the
    /// order given.
    #[test]
    fn a_built_state_is_a_valid_position(plan in any_plan()) {
        if let Ok(state) = plan.builder().build() {
            let setup = Setup::from(&state);
            prop_assert_eq!(State::try_from(setup), Ok(state));
            for player in state.to_act() {
                prop_assert!(!state.legal_actions(player).is_empty());
            }
            plan.check(&state)?;
        }
    }
}

#[test]
fn random_builders_often_succeed() {
    // The property above would be empty if nothing ever built, or if
    // nothing built had two roles, or guesses in an order other than the
    // items'.
    let mut runner = proptest::test_runner::TestRunner::deterministic();
    let (mut built, mut two_roles, mut unordered) = (0, 0, 0);
    for _ in 0..2000 {
        let plan = any_plan().new_tree(&mut runner).unwrap().current();
        if plan.builder().build().is_ok() {
            built += 1;
            two_roles += usize::from(plan.roles.len() == 2);
            unordered += usize::from(!plan.guessed.is_sorted());
        }
    }
    assert!(built > 100, "only {built} of 2000 random positions built");
    assert!(two_roles > 20, "only {two_roles} built with two roles");
    assert!(
        unordered > 20,
        "only {unordered} built with guesses out of order"
    );
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
