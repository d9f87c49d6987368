//! A Midsummer Night's Fayre: `State::builder` fills in what a position does
//! not name consistently, and refuses what cannot be.

use crate::fayre_common;

use fairy_ring::fayre::{
    Action, DieRef, MiniGame, Mischief, NameError, NotAFace, Phase, PlacedDie, RollMode, Setup,
    SetupError, Side, State,
};
use fairy_ring::{ConfigError, Game, Player, Seat};
use fayre_common::*;
use proptest::prelude::*;

/// Every die, card and Mini Game of `state` is somewhere, exactly once.
fn assert_balanced(state: &State) {
    let players = state.num_players();
    let setup = state.to_setup();
    for p in 0..players {
        let owner = Player(p as u8);
        let on_cards: usize = setup
            .booths
            .iter()
            .flatten()
            .map(|b| b.dice().filter(|(_, d)| d.owner == owner).count())
            .sum();
        assert_eq!(on_cards + state.pool(owner).len(), 6, "{owner}'s dice");
    }
    let fairy: usize = setup.booths.iter().flatten().map(|b| b.fairy.len()).sum();
    assert_eq!(fairy + state.fairy_pool().len(), 9, "Fairy dice");
    assert_eq!(state.dice_in_play(), 6 * players + 9);
    let cards: usize = setup.hands.iter().map(|h| h.len()).sum::<usize>()
        + setup.mischief_deck.len()
        + setup.mischief_discard.len();
    assert_eq!(cards, 30, "Mischief cards");
    let games = setup.booths.iter().flatten().count()
        + setup.mini_game_deck.len()
        + setup.removed.len()
        + setup.finished.len();
    assert_eq!(games, 12, "Mini Games");
    assert_eq!(setup.removed.len(), 2, "two Mini Games in the box");
}

#[test]
fn magic_geode_in_play_with_these_dice() {
    // The example from the issue, in a few lines.
    let state = State::builder(3)
        .mini_game("Magic Geode", |g| g.die(RED, 4).die(BLUE, 6))
        .build()
        .unwrap();
    let geode = state.booth(0).expect("in play");
    assert_eq!(geode.game, MiniGame::MagicGeodeShy);
    assert_eq!(
        geode.die(0),
        Some(PlacedDie {
            owner: RED,
            face: face(4)
        })
    );
    assert_eq!(
        geode.die(1).map(|d| (d.owner, d.face)),
        Some((BLUE, face(6)))
    );
    assert_eq!(geode.dice().count(), 2);
    assert_eq!(
        geode.fairy.as_slice(),
        faces(&[1, 1, 1]),
        "Fairy dice not named show 1"
    );
    // Every die not named stays in its pool, showing the lowest faces.
    assert_eq!(state.pool(RED), faces(&[1, 2, 3, 4, 5]).as_slice());
    assert_eq!(state.pool(BLUE), faces(&[1, 2, 3, 4, 5]).as_slice());
    assert_eq!(state.pool(PURPLE), faces(&[1, 2, 3, 4, 5, 6]).as_slice());
    // The other Mini Games in rulebook order: the table, then the deck.
    assert_eq!(state.booth(1).map(|b| b.game), Some(MiniGame::RingToss));
    assert_eq!(
        state.booth(2).map(|b| b.game),
        Some(MiniGame::HookAHippocampus)
    );
    let setup = state.to_setup();
    assert_eq!(
        setup.mini_game_deck.last(),
        Some(&MiniGame::ShootingStarGallery),
        "top of the deck"
    );
    assert_eq!(
        setup.removed.as_slice(),
        [MiniGame::SplatTheButterflyRat, MiniGame::TugOfWar]
    );
    assert_eq!(state.fairy_pool().len(), 9 - 3 - 3);
    assert_eq!((state.current(), state.phase()), (RED, Phase::Mischief));
    assert_eq!(state.scores(), &[0, 0, 0]);
    assert_balanced(&state);
}

#[test]
fn naming_nothing_is_the_fixed_starting_position() {
    for players in 2..=5 {
        let built = build(table(players));
        let fixed = State::try_from(Setup::new(players).unwrap()).unwrap();
        assert_eq!(built, fixed, "{players} players");
        assert_balanced(&built);
    }
}

#[test]
fn everything_named_is_where_it_was_named() {
    let state = build(
        table(4)
            .rolls(RollMode::Reported)
            .mini_game("Tug of War", |g| {
                g.left(RED, 2).right(BLUE, 5).left(GREEN, 6)
            })
            .mini_game(MiniGame::DragonHoardHunt, |g| {
                g.fairy([6, 5, 4]).dice(PURPLE, [3, 3])
            })
            .mini_game("FIND the Pearl", |g| g)
            .mini_game_deck(["Dart the Ogre", "Pie Throw"])
            .removed([MiniGame::RingToss, MiniGame::TinCanVolley])
            .scored(["Splat the Butterfly Rat"])
            .pool(RED, [6, 6, 6, 6, 6])
            .fairy_pool([2, 2, 2, 2, 2, 2])
            .hand(RED, ["red fairy", "blue fairy"])
            .hand(GREEN, [Mischief::Swap])
            .discard_pile(["pink", "pink"])
            .score(BLUE, 12)
            .score(GREEN, 3)
            .to_play(PURPLE)
            .moves_since_scoring(4),
    );
    assert_balanced(&state);
    let tug = state.booth(0).unwrap();
    assert_eq!(tug.side_of(0), Side::Left);
    assert_eq!(tug.side_counts(), (2, 1));
    assert_eq!(tug.faces_of(GREEN).as_slice(), faces(&[6]));
    assert_eq!(state.booth(1).unwrap().fairy.as_slice(), faces(&[6, 5, 4]));
    assert_eq!(state.booth(2).unwrap().game, MiniGame::FindThePearl);
    let setup = state.to_setup();
    assert_eq!(
        setup.mini_game_deck.as_slice(),
        [MiniGame::DartTheOgre, MiniGame::PieThrow],
        "Pie Throw on top (the deck is stored top last)"
    );
    assert_eq!(
        setup.removed.as_slice(),
        [MiniGame::RingToss, MiniGame::TinCanVolley]
    );
    // The named scored game first, then every game named nowhere.
    assert_eq!(
        setup.finished.as_slice(),
        [
            MiniGame::SplatTheButterflyRat,
            MiniGame::HookAHippocampus,
            MiniGame::ShootingStarGallery,
            MiniGame::MagicGeodeShy,
            MiniGame::TestYourStrength,
        ]
    );
    assert_eq!(state.pool(RED), faces(&[6, 6, 6, 6, 6]).as_slice());
    assert_eq!(state.pool(GREEN).len(), 5);
    assert_eq!(state.pool(PURPLE).len(), 4);
    assert_eq!(state.fairy_pool(), faces(&[2, 2, 2, 2, 2, 2]).as_slice());
    assert_eq!(state.hand(RED).count(Mischief::NudgeTwo), 1);
    assert_eq!(state.hand(RED).count(Mischief::NudgeOne), 1);
    assert_eq!(state.hand(GREEN).total(), 1);
    assert_eq!(state.hand(BLUE).total(), 0);
    let view = state.view_for(Seat::Spectator);
    assert_eq!(view.mischief_discard.count(Mischief::RerollDie), 2);
    assert_eq!(view.mischief_draw_pile, 30 - 2 - 1 - 2);
    assert_eq!(view.moves_since_scoring, 4);
    assert_eq!(view.score(BLUE), 12);
    assert_eq!(view.pool(RED), faces(&[6, 6, 6, 6, 6]).as_slice());
    assert_eq!(view.hand_size(RED), 2);
    assert_eq!(view.hand_size(YELLOW), 0);
    assert_eq!(state.scores(), &[0, 12, 0, 3]);
    assert_eq!(state.score(BLUE), 12);
    assert_eq!(state.current(), PURPLE);
    assert_eq!(state.config().rolls, RollMode::Reported);
}

#[test]
fn the_turn_can_start_at_the_dice_action() {
    let state = build(table(2).to_play(BLUE).phase(Phase::Dice).pool(BLUE, [3; 6]));
    assert_eq!(state.to_act().lowest(), Some(BLUE));
    assert_eq!(
        state.legal_actions(BLUE).as_slice(),
        [Action::Pick(DieRef::Pool {
            owner: BLUE,
            face: face(3)
        })]
    );
}

#[test]
fn prize_pit_rolls_in_order_then_the_turn_goes_on() {
    let mut state = build(
        table(3)
            .to_play(BLUE)
            .goblin_rolls([BLUE, PURPLE])
            .rolls(RollMode::Reported),
    );
    let dragon = Action::ReportPrizePit(fairy_ring::fayre::PitOutcome::SleepingDragon);
    assert_eq!(
        state.phase(),
        Phase::PrizePit {
            player: BLUE,
            die: fairy_ring::fayre::PitDie::Goblin
        }
    );
    play(&mut state, &[dragon]);
    assert_eq!(state.to_act().lowest(), Some(PURPLE));
    play(&mut state, &[dragon]);
    assert_eq!((state.current(), state.phase()), (PURPLE, Phase::Mischief));
    // The final rolls end the game: one incomplete Mini Game is left.
    let mut state = build(
        table(2)
            .no_mini_game()
            .no_mini_game()
            .mini_games(["Pie Throw"])
            .empty_deck()
            .score(RED, 4)
            .final_rolls([RED, BLUE]),
    );
    play(&mut state, &[Action::RollPrizePit, Action::RollPrizePit]);
    assert!(state.outcome().is_some());
    // Nobody to roll, or a player twice, is no queue.
    assert_eq!(table(2).goblin_rolls([]).build(), Err(SetupError::BadQueue));
    assert_eq!(
        table(2).goblin_rolls([RED, RED]).build(),
        Err(SetupError::BadQueue)
    );
}

#[test]
fn final_rolls_only_while_the_game_is_ending() {
    // Three Mini Games in play, seven in the deck: the game is not ending.
    assert_eq!(
        table(3).final_rolls([RED, BLUE, PURPLE]).build(),
        Err(SetupError::NotEnding)
    );
    assert_eq!(
        table(2)
            .move_limit(3)
            .moves_since_scoring(2)
            .final_rolls([RED, BLUE])
            .build(),
        Err(SetupError::NotEnding)
    );
    // The move limit reached ends it (the engine's ruling), as does one
    // incomplete Mini Game left.
    let limit = build(
        table(2)
            .move_limit(3)
            .moves_since_scoring(3)
            .final_rolls([RED, BLUE]),
    );
    assert_eq!(
        limit.phase(),
        Phase::PrizePit {
            player: RED,
            die: fairy_ring::fayre::PitDie::Player
        }
    );
    let one_left = || {
        table(3)
            .to_play(BLUE)
            .no_mini_game()
            .mini_game("Pie Throw", |g| g)
            .no_mini_game()
            .empty_deck()
    };
    build(one_left().final_rolls([BLUE, PURPLE, RED]));
    // Later in the round: BLUE and PURPLE have rolled.
    build(one_left().final_rolls([RED]));
    // Everyone rolls once, clockwise from the player whose turn it was: no
    // other order, and nobody left out.
    for rolls in [
        &[BLUE, RED, PURPLE][..],
        &[RED, PURPLE],
        &[BLUE, PURPLE],
        &[PURPLE],
    ] {
        assert_eq!(
            one_left().final_rolls(rolls.iter().copied()).build(),
            Err(SetupError::BadQueue),
            "{rolls:?}"
        );
    }
}

#[test]
fn goblin_rolls_go_clockwise_from_the_player_to_play() {
    assert_eq!(
        table(3).to_play(RED).goblin_rolls([PURPLE, BLUE]).build(),
        Err(SetupError::BadQueue)
    );
    assert_eq!(
        table(3).to_play(BLUE).goblin_rolls([RED, BLUE]).build(),
        Err(SetupError::BadQueue)
    );
    assert_eq!(
        table(4)
            .to_play(PURPLE)
            .goblin_rolls([GREEN, RED, PURPLE])
            .build(),
        Err(SetupError::BadQueue)
    );
    // In order, any of the tied winners, round the table.
    build(table(3).to_play(RED).goblin_rolls([BLUE, PURPLE]));
    build(table(3).to_play(BLUE).goblin_rolls([PURPLE, RED]));
    build(table(4).to_play(PURPLE).goblin_rolls([PURPLE, RED, BLUE]));
    let state = build(table(4).to_play(GREEN).goblin_rolls([RED, BLUE]));
    assert_eq!(state.view_for(Seat::Spectator).queue.as_slice(), [BLUE]);
}

#[test]
fn negative_scores_are_refused() {
    assert_eq!(
        table(2).score(RED, -5).build(),
        Err(SetupError::NegativeScore {
            player: RED,
            points: -5
        })
    );
    assert_eq!(
        table(3).score(PURPLE, -1).setup().map(|_| ()),
        Err(SetupError::NegativeScore {
            player: PURPLE,
            points: -1
        })
    );
    assert_eq!(build(table(2).score(BLUE, 0)).scores(), &[0, 0]);
    let text = SetupError::NegativeScore {
        player: RED,
        points: -5,
    }
    .to_string();
    assert!(text.contains("-5"), "{text}");
}

#[test]
fn table_positions_empty_once_the_deck_is() {
    let state = build(
        table(2)
            .no_mini_game()
            .mini_games(["Pie Throw", "Dart the Ogre"])
            .empty_deck(),
    );
    assert_eq!(state.booth(0), None);
    assert_eq!(state.booth(1).map(|b| b.game), Some(MiniGame::PieThrow));
    assert_eq!(state.games_in_play(), 2);
    assert_eq!(state.fairy_pool().len(), 9);
    assert_balanced(&state);
    // With one incomplete game left, the game should already be ending.
    let one_left = table(2).no_mini_game().no_mini_game().empty_deck();
    assert_eq!(one_left.build(), Err(SetupError::ShouldBeEnding));
}

#[test]
fn an_empty_draw_pile_leaves_every_card_in_the_discard_pile() {
    let state = build(table(3).hand(BLUE, ["grey"]).empty_draw_pile());
    let view = state.view_for(Seat::Spectator);
    assert_eq!(view.mischief_draw_pile, 0);
    assert_eq!(view.mischief_discard.total(), 29);
    assert_balanced(&state);
}

#[test]
fn setup_hands_over_the_plain_data() {
    let mut setup = table(2)
        .mini_game("Pie Throw", |g| g.die(BLUE, 2))
        .setup()
        .unwrap();
    setup.mischief_deck.reverse();
    let state = State::try_from(setup).unwrap();
    assert_eq!(
        state.booth(0).and_then(|b| b.die(0)).map(|d| d.owner),
        Some(BLUE)
    );
}

#[test]
fn what_cannot_be_is_refused_precisely() {
    let refused = |builder: fairy_ring::fayre::PositionBuilder, expected: SetupError| {
        assert_eq!(builder.build(), Err(expected));
    };
    assert_eq!(
        State::builder(6).build().map(|_| ()),
        Err(SetupError::Config(ConfigError::PlayerCount {
            got: 6,
            min: 2,
            max: 5
        }))
    );
    assert!(State::builder(1).build().is_err());
    refused(
        table(2).mini_game("Bumper Cars", |g| g),
        SetupError::Name(NameError::NotAMiniGame),
    );
    refused(
        table(2).hand(RED, ["green fairy"]),
        SetupError::Name(NameError::NotAMischief),
    );
    refused(
        table(2).mini_game("Pie Throw", |g| g.die(RED, 7)),
        SetupError::Face(NotAFace(7)),
    );
    refused(table(2).pool(RED, [0; 6]), SetupError::Face(NotAFace(0)));
    refused(table(2).fairy_pool([1; 10]), SetupError::FairyDiceCount(10));
    // Too many dice for the card's spaces, or for one side of Tug of War.
    refused(
        table(5).mini_game("Ring Toss", |g| {
            g.dice(RED, [1, 1, 1, 1]).dice(BLUE, [1, 1, 1])
        }),
        SetupError::NoRoom(MiniGame::RingToss),
    );
    refused(
        table(5).mini_game("Tug of War", |g| {
            (0..5).fold(g, |g, p| g.left(Player(p), 3))
        }),
        SetupError::NoRoom(MiniGame::TugOfWar),
    );
    // Exactly full: it should have been scored.
    refused(
        table(2).mini_game("Ring Toss", |g| {
            g.dice(RED, [1, 2, 3]).dice(BLUE, [4, 5, 6])
        }),
        SetupError::BoothFull(MiniGame::RingToss),
    );
    // A pool named with the wrong number of dice.
    refused(
        table(2)
            .mini_game("Pie Throw", |g| g.die(RED, 1))
            .pool(RED, [1; 6]),
        SetupError::DiceCount {
            player: RED,
            found: 7,
        },
    );
    refused(
        table(2).pool(RED, [1; 7]),
        SetupError::DiceCount {
            player: RED,
            found: 7,
        },
    );
    // Players who are not at the table.
    refused(table(2).score(PURPLE, 1), SetupError::NoSuchPlayer(PURPLE));
    refused(
        table(2).mini_game("Pie Throw", |g| g.die(YELLOW, 1)),
        SetupError::NoSuchPlayer(YELLOW),
    );
    refused(table(2).to_play(PURPLE), SetupError::NoSuchPlayer(PURPLE));
    // Five yellow fairies in the box, and a hand holds at most 3.
    refused(
        table(2)
            .hand(RED, ["yellow"; 3])
            .discard_pile(["yellow"; 3]),
        SetupError::NoCardLeft(Mischief::Flip),
    );
    refused(
        table(2).hand(RED, ["red"; 4]),
        SetupError::HandOverLimit(RED),
    );
    // Mini Games: a fourth in play, one named twice, an empty table
    // position with cards left in the deck.
    refused(
        table(2).mini_games(["Ring Toss", "Pie Throw", "Dart the Ogre", "Tug of War"]),
        SetupError::MisplacedMiniGame(MiniGame::TugOfWar),
    );
    refused(
        table(2).mini_games(["Pie Throw", "Pie Throw"]),
        SetupError::DuplicateMiniGame(MiniGame::PieThrow),
    );
    refused(table(2).no_mini_game(), SetupError::EmptyTablePosition(0));
    refused(table(2).removed(["Ring Toss"]), SetupError::RemovedCount(1));
    // Fairy dice on a card that has none now.
    refused(
        table(2).mini_game("Hook-a-Hippocampus", |g| g.fairy([3])),
        SetupError::BoothShape(MiniGame::HookAHippocampus),
    );
    // The move limit: 3 moves made reach a limit of 3, so the game is
    // ending; 4 are past it.
    refused(
        table(2).move_limit(3).moves_since_scoring(3),
        SetupError::ShouldBeEnding,
    );
    refused(
        table(2).move_limit(3).moves_since_scoring(4),
        SetupError::MovesOverLimit(4),
    );
    // Errors read as sentences.
    let text = table(2)
        .mini_game("Pie Throw", |g| g.die(RED, 9))
        .build()
        .unwrap_err()
        .to_string();
    assert_eq!(text, "9 is not a die face (faces are 1 to 6)");
}

/// One step of a builder, from bytes.
fn step(
    builder: fairy_ring::fayre::PositionBuilder,
    op: u8,
    a: u8,
    b: u8,
    list: &[u8],
) -> fairy_ring::fayre::PositionBuilder {
    let player = Player(a % 6);
    let game = MiniGame::ALL[usize::from(b) % 12];
    let games: Vec<MiniGame> = list
        .iter()
        .map(|&i| MiniGame::ALL[usize::from(i) % 12])
        .collect();
    let cards: Vec<Mischief> = list
        .iter()
        .map(|&i| Mischief::ALL[usize::from(i) % 6])
        .collect();
    let pips: Vec<u8> = list.iter().map(|&i| i % 8).collect();
    match op % 16 {
        0 => builder.mini_game(game, |g| g.dice(player, pips.iter().copied())),
        1 => builder.mini_game(game, |g| g.fairy(pips.iter().copied()).die(player, b % 8)),
        2 => builder.mini_game(game, |g| {
            g.left(player, a % 7 + 1).right(Player(b % 6), b % 7 + 1)
        }),
        3 => builder.no_mini_game(),
        4 => builder.mini_game_deck(games),
        5 => builder.removed(games),
        6 => builder.scored(games),
        7 => builder.pool(player, pips),
        8 => builder.fairy_pool(pips),
        9 => builder.hand(player, cards),
        10 => builder.discard_pile(cards),
        11 => builder.empty_draw_pile(),
        12 => builder.score(player, i32::from(b) - 100),
        13 => builder.to_play(player),
        14 => builder.moves_since_scoring(usize::from(a)),
        _ => builder.empty_deck().mini_games(games),
    }
}

proptest! {
    /// Whatever is named, building answers a state or an error and never
    /// panics; a built state is consistent and balanced.
    #[test]
    fn any_builder_builds_or_refuses(
        players in 2usize..=5,
        steps in prop::collection::vec(
            (any::<u8>(), any::<u8>(), any::<u8>(), prop::collection::vec(any::<u8>(), 0..12)),
            0..8,
        ),
    ) {
        let mut builder = table(players);
        let mut negative = false;
        for (op, a, b, list) in &steps {
            // Step 12 gives a seated player a score of b - 100.
            negative |= op % 16 == 12 && usize::from(a % 6) < players && *b < 100;
            builder = step(builder, *op, *a, *b, list);
        }
        let built = builder.clone().build();
        if negative {
            prop_assert!(built.is_err(), "a negative score was accepted: {:?}", built);
        }
        if let Ok(state) = built {
            assert_balanced(&state);
            prop_assert!(state.scores().iter().all(|&s| s >= 0));
            prop_assert_eq!(State::try_from(state.to_setup()), Ok(state));
            // A negative score on top of a good position is the error.
            let seat = Player((steps.len() % players) as u8);
            prop_assert_eq!(
                builder.score(seat, -3).build(),
                Err(SetupError::NegativeScore { player: seat, points: -3 })
            );
        }
    }
}
