//! A Midsummer Night's Fayre: turns, the Dice action and the empty-pool
//! move, the Prize Pit and the Goblin's steal, the end of the game and the
//! final rolls, hidden information, and `Setup` validation.

use crate::fayre_common;

use fairy_ring::fayre::{
    Action, Config, DieRef, Ending, Event, MAX_LEGAL_ACTIONS, MiniGame, Mischief, Phase, PitDie,
    PitOutcome, PlacedDie, PositionBuilder, Reason, RollMode, SeatList, Setup, SetupError, State,
    Violation,
};
use fairy_ring::{ActionError, Game, Player, PlayerSet, Score, Seat};
use fayre_common::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

#[test]
fn placing_keeps_the_face_and_only_from_your_own_pool() {
    let mut game = build(table(2).pool(BLUE, [2; 6]));
    play(&mut game, &[Action::Draw]);
    let legal = game.legal_actions(RED);
    assert_eq!(legal.len(), 6, "one pick per distinct face of RED's pool");
    let refuse = |game: &State, action, violation| {
        let mut copy = *game;
        assert_eq!(
            copy.apply(RED, action, &mut rng()),
            Err(ActionError::Illegal(violation))
        );
        assert_eq!(&copy, game);
    };
    refuse(
        &game,
        Action::Pick(DieRef::Pool {
            owner: BLUE,
            face: face(2),
        }),
        Violation::NotYourDie,
    );
    refuse(
        &game,
        Action::Pick(DieRef::FairyPool { face: face(1) }),
        Violation::NotYourDie,
    );
    refuse(&game, Action::Draw, Violation::WrongStep);
    play(
        &mut game,
        &[Action::Pick(DieRef::Pool {
            owner: RED,
            face: face(5),
        })],
    );
    let events = play(
        &mut game,
        &[Action::PlaceOn {
            booth: 2,
            side: None,
        }],
    );
    assert_eq!(
        events[0],
        Event::Placed {
            player: RED,
            face: face(5),
            booth: 2,
            space: 0
        }
    );
    assert_eq!(
        game.booth(2).unwrap().spaces[0],
        Some(PlacedDie {
            owner: RED,
            face: face(5)
        })
    );
    assert_eq!(game.pool(RED), faces(&[1, 2, 3, 4, 6]).as_slice());
    assert_eq!(game.current(), BLUE);
    assert_eq!(game.phase(), Phase::Mischief);
    assert_eq!(events.last(), Some(&Event::TurnStarted { player: BLUE }));
}

/// RED's dice all on cards: three on Test Your Strength (position 0), three
/// on Pie Throw (position 1); Dart the Ogre at position 2.
fn empty_pool() -> PositionBuilder {
    table(2)
        .mini_game("Test Your Strength", |g| g.dice(RED, [1, 2, 3]))
        .mini_game("Pie Throw", |g| g.dice(RED, [4, 5, 6]))
        .mini_game("Dart the Ogre", |g| g.die(BLUE, 6))
}

#[test]
fn with_an_empty_pool_any_die_moves_to_another_game() {
    let mut game = build(empty_pool());
    play(&mut game, &[Action::Draw]);
    let legal = game.legal_actions(RED);
    assert_eq!(legal.len(), 7, "RED's six dice and BLUE's die on the cards");
    let blue_die = DieRef::Placed { booth: 2, space: 0 };
    assert!(legal.contains(&Action::Pick(blue_die)));
    play(&mut game, &[Action::Pick(blue_die)]);
    assert_eq!(
        game.legal_actions(RED).as_slice(),
        &[
            Action::PlaceOn {
                booth: 0,
                side: None
            },
            Action::PlaceOn {
                booth: 1,
                side: None
            }
        ]
    );
    let mut copy = game;
    assert_eq!(
        copy.apply(
            RED,
            Action::PlaceOn {
                booth: 2,
                side: None
            },
            &mut rng()
        ),
        Err(ActionError::Illegal(Violation::NoSpace))
    );
    let events = play(
        &mut game,
        &[Action::PlaceOn {
            booth: 0,
            side: None,
        }],
    );
    assert!(events.contains(&Event::Moved {
        player: RED,
        die: PlacedDie {
            owner: BLUE,
            face: face(6)
        },
        from: 2,
        to: 0,
        space: 3
    }));
    assert_eq!(game.view_for(Seat::Spectator).moves_since_scoring, 1);
    assert!(game.booth(2).unwrap().dice().next().is_none());
}

#[test]
fn moving_needs_an_empty_pool() {
    let mut game2 = build(table(2).mini_game("Ring Toss", |g| g.die(BLUE, 3)));
    play(&mut game2, &[Action::Draw]);
    let mut copy = game2;
    assert_eq!(
        copy.apply(
            RED,
            Action::Pick(DieRef::Placed { booth: 0, space: 0 }),
            &mut rng()
        ),
        Err(ActionError::Illegal(Violation::PoolNotEmpty))
    );
    assert_eq!(copy, game2);
}

#[test]
fn the_move_limit_ends_the_game() {
    let mut game = build(empty_pool().move_limit(3).moves_since_scoring(2));
    let events = play(
        &mut game,
        &[
            Action::Draw,
            Action::Pick(DieRef::Placed { booth: 0, space: 0 }),
            Action::PlaceOn {
                booth: 2,
                side: None,
            },
        ],
    );
    assert!(events.contains(&Event::GameEnding {
        ending: Ending::MoveLimit
    }));
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: RED,
            die: PitDie::Player
        }
    );
}

/// Three players, reported rolls; Test Your Strength at position 0 needs one
/// more die (RED wins it with 6 + 6 + 6); no Mini Game left in the deck and
/// only Hook-a-Hippocampus beside it, so scoring it ends the game.
fn last_game() -> PositionBuilder {
    table(3)
        .rolls(RollMode::Reported)
        .mini_game("Test Your Strength", |g| {
            g.dice(RED, [6, 6]).dice(BLUE, [5, 5]).die(PURPLE, 1)
        })
        .mini_game("Hook-a-Hippocampus", |g| g)
        .no_mini_game()
        .empty_deck()
        .pool(RED, [6; 4])
}

#[test]
fn one_incomplete_game_left_ends_with_everyones_final_roll() {
    let mut game = build(last_game());
    let events = place_turn(&mut game, 6, 0, None);
    assert!(
        !events.iter().any(|e| matches!(e, Event::Revealed { .. })),
        "no card left to turn up"
    );
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: RED,
            die: PitDie::Goblin
        }
    );
    let events = play(&mut game, &[Action::ReportPrizePit(PitOutcome::BouncedOut)]);
    assert!(events.contains(&Event::GameEnding {
        ending: Ending::OneGameLeft
    }));
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: RED,
            die: PitDie::Player
        }
    );
    // A player die has no Goblin face.
    assert!(
        !game
            .legal_actions(RED)
            .contains(&Action::ReportPrizePit(PitOutcome::Goblin))
    );
    let mut copy = game;
    assert_eq!(
        copy.apply(RED, Action::ReportPrizePit(PitOutcome::Goblin), &mut rng()),
        Err(ActionError::Illegal(Violation::ImpossibleRoll))
    );
    assert_eq!(
        copy.apply(RED, Action::RollPrizePit, &mut rng()),
        Err(ActionError::Illegal(Violation::WrongRollMode))
    );
    let before = game.scores().to_vec();
    let six = PitOutcome::Number {
        face: face(6),
        square: None,
    };
    play(
        &mut game,
        &[Action::ReportPrizePit(PitOutcome::SleepingDragon)],
    );
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: BLUE,
            die: PitDie::Player
        }
    );
    play(&mut game, &[Action::ReportPrizePit(six)]);
    let events = play(
        &mut game,
        &[Action::ReportPrizePit(PitOutcome::Number {
            face: face(2),
            square: Some(0),
        })],
    );
    let after = game.scores();
    assert_eq!(after[0], before[0]);
    assert_eq!(after[1], before[1] + 6);
    assert_eq!(after[2], before[2] + 2 + 1);
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Scored {
            reason: Reason::FinalRoll,
            ..
        }
    )));
    let outcome = game.outcome().expect("over");
    assert_eq!(game.phase(), Phase::Over);
    assert!(game.to_act().is_empty());
    let best = *after.iter().max().unwrap();
    let winners: PlayerSet = (0..3)
        .filter(|&p| after[p] == best)
        .map(|p| Player(p as u8))
        .collect();
    assert_eq!(outcome.winners(), winners);
    assert_eq!(events.last(), Some(&Event::GameOver { winners }));
    let mut over = game;
    assert_eq!(
        over.apply(RED, Action::Draw, &mut rng()),
        Err(ActionError::GameOver)
    );
}

#[test]
fn tied_final_scores_share_the_victory() {
    let mut game = build(last_game().score(RED, 13).score(BLUE, 10));
    let magic = game
        .config()
        .mini_games
        .get(MiniGame::TestYourStrength)
        .magic;
    assert!(
        ![6, 5, 1].contains(&magic.value()),
        "no magic-number point in this scene"
    );
    // RED 18 is 1st (rolls), BLUE 10 2nd (+3), PURPLE 1 3rd (+1).
    place_turn(&mut game, 6, 0, None);
    assert_eq!(game.scores(), &[13, 13, 1]);
    let out = Action::ReportPrizePit(PitOutcome::BouncedOut);
    play(&mut game, &[out, out, out, out]);
    let outcome = game.outcome().expect("over");
    assert_eq!(outcome.scores(), &[13, 13, 1]);
    assert_eq!(outcome.winners(), [RED, BLUE].into_iter().collect());
}

/// Three players, reported rolls: RED draws a card and completes Test Your
/// Strength, winning it (6 + 6 + 6), and rolls the Goblin die next.
fn goblin_scene(red_cards: &[Mischief], blue_cards: &[Mischief]) -> State {
    assert!(red_cards.len() < 3, "scenes start with room to draw");
    let mut game = build(
        table(3)
            .rolls(RollMode::Reported)
            .mini_game("Test Your Strength", |g| {
                g.dice(RED, [6, 6]).dice(BLUE, [5, 5]).die(PURPLE, 1)
            })
            .pool(RED, [6; 4])
            .hand(RED, red_cards.iter().copied())
            .hand(BLUE, blue_cards.iter().copied()),
    );
    place_turn(&mut game, 6, 0, None);
    game
}

#[test]
fn the_goblin_face_steals_a_card_seen_only_by_thief_and_victim() {
    let mut game = goblin_scene(&[], &[Mischief::Swap]);
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: RED,
            die: PitDie::Goblin
        }
    );
    play(&mut game, &[Action::ReportPrizePit(PitOutcome::Goblin)]);
    assert_eq!(game.phase(), Phase::Steal { thief: RED });
    // PURPLE holds no card; RED may not steal from themself.
    assert_eq!(
        game.legal_actions(RED).as_slice(),
        &[Action::ChoosePlayer(BLUE), Action::DeclineSteal]
    );
    let mut copy = game;
    assert_eq!(
        copy.apply(RED, Action::ChoosePlayer(PURPLE), &mut rng()),
        Err(ActionError::Illegal(Violation::NoCardToSteal))
    );
    let events = play(&mut game, &[Action::ChoosePlayer(BLUE)]);
    let stole = Event::Stole {
        thief: RED,
        victim: BLUE,
        card: Some(Mischief::Swap),
    };
    assert!(events.contains(&stole));
    assert_eq!(
        State::redact(&stole, Seat::Player(RED)),
        Some(stole.clone())
    );
    assert_eq!(
        State::redact(&stole, Seat::Player(BLUE)),
        Some(stole.clone())
    );
    let hidden = Event::Stole {
        thief: RED,
        victim: BLUE,
        card: None,
    };
    assert_eq!(
        State::redact(&stole, Seat::Player(PURPLE)),
        Some(hidden.clone())
    );
    assert_eq!(State::redact(&stole, Seat::Spectator), Some(hidden));
    assert_eq!(game.hand(RED).count(Mischief::Swap), 1);
    assert_eq!(game.hand(BLUE).total(), 0);
    assert_eq!(game.phase(), Phase::Mischief);
    assert_eq!(game.current(), BLUE);
}

#[test]
fn a_thief_with_three_cards_discards_down_to_three() {
    // RED draws their third card, then completes the game.
    let mut game = goblin_scene(&[Mischief::Flip, Mischief::Flip], &[Mischief::RerollPool]);
    assert_eq!(game.hand(RED).total(), 3);
    play(
        &mut game,
        &[
            Action::ReportPrizePit(PitOutcome::Goblin),
            Action::ChoosePlayer(BLUE),
        ],
    );
    assert_eq!(game.phase(), Phase::Discard { player: RED });
    assert_eq!(game.hand(RED).total(), 4);
    let legal = game.legal_actions(RED);
    assert!(legal.contains(&Action::Discard(Mischief::RerollPool)));
    assert!(legal.contains(&Action::Discard(Mischief::Flip)));
    let events = play(&mut game, &[Action::Discard(Mischief::Flip)]);
    assert!(events.contains(&Event::Discarded {
        player: RED,
        card: Mischief::Flip
    }));
    assert_eq!(game.hand(RED).total(), 3);
    assert_eq!(
        game.view_for(Seat::Spectator)
            .mischief_discard
            .count(Mischief::Flip),
        1
    );
}

#[test]
fn the_goblin_with_nobody_to_rob_and_the_dragon_score_nothing() {
    let mut game = goblin_scene(&[], &[]);
    let before = game.scores().to_vec();
    let events = play(&mut game, &[Action::ReportPrizePit(PitOutcome::Goblin)]);
    assert!(events.contains(&Event::NothingToSteal { player: RED }));
    assert_eq!(game.scores(), before.as_slice());
    assert_eq!(game.current(), BLUE);
    let mut game = goblin_scene(&[], &[]);
    play(
        &mut game,
        &[Action::ReportPrizePit(PitOutcome::SleepingDragon)],
    );
    assert_eq!(game.scores(), before.as_slice());
}

#[test]
fn simulated_rolls_follow_the_prize_pit_model() {
    use fairy_ring::fayre::{PrizePit, PrizeSquare, STANDARD_GOBLIN_DIE};
    let mut r = rng();
    // Only bouncing out has weight: always nothing.
    let pit = PrizePit {
        squares: Default::default(),
        bounce_out: 1,
        dragon: 0,
        floor: 0,
    };
    for _ in 0..20 {
        assert_eq!(
            pit.roll(&STANDARD_GOBLIN_DIE, &mut r),
            PitOutcome::BouncedOut
        );
    }
    // Only one square: every number touches it.
    let pit = PrizePit {
        squares: [PrizeSquare {
            points: 3,
            weight: 1,
        }]
        .into_iter()
        .collect(),
        bounce_out: 0,
        dragon: 0,
        floor: 0,
    };
    let mut goblins = 0;
    for _ in 0..600 {
        match pit.roll(&STANDARD_GOBLIN_DIE, &mut r) {
            PitOutcome::Number { square, face } => {
                assert_eq!(square, Some(0));
                assert_eq!(
                    pit.points(PitOutcome::Number { face, square }),
                    Score::from(face.value()) + 3
                );
            }
            PitOutcome::Goblin => goblins += 1,
            other => panic!("{other:?}"),
        }
    }
    assert!((60..=140).contains(&goblins), "one face in six: {goblins}");
}

#[test]
fn views_hide_hands_draw_piles_and_the_boxed_cards() {
    let a = table(3)
        .hand(BLUE, ["grey fairy", "yellow fairy"])
        .setup()
        .expect("consistent");
    let mut b = a.clone();
    // Differences only RED cannot know: BLUE's hand, both deck orders, the
    // cards in the box.
    b.hands[1] = [Mischief::RerollDie, Mischief::Flip].into_iter().collect();
    let i = b
        .mischief_deck
        .iter()
        .position(|&c| c == Mischief::RerollDie)
        .unwrap();
    b.mischief_deck[i] = Mischief::Swap;
    b.mischief_deck.reverse();
    let boxed = b.removed[0];
    let j = b.mini_game_deck.len() - 3;
    b.removed[0] = b.mini_game_deck[j];
    b.mini_game_deck[j] = boxed;
    b.mini_game_deck.reverse();
    let (a, b) = (State::try_from(a).unwrap(), State::try_from(b).unwrap());
    assert_ne!(a, b);
    for seat in [Seat::Player(RED), Seat::Player(PURPLE), Seat::Spectator] {
        assert_eq!(a.view_for(seat), b.view_for(seat), "{seat:?}");
    }
    assert_ne!(
        a.view_for(Seat::Player(BLUE)),
        b.view_for(Seat::Player(BLUE))
    );
    assert_eq!(
        a.view_for(Seat::Player(BLUE))
            .own_hand
            .unwrap()
            .count(Mischief::Swap),
        1
    );
    assert_eq!(a.view_for(Seat::Spectator).own_hand, None);
    assert_eq!(
        a.view_for(Seat::Player(Player(7))),
        a.view_for(Seat::Spectator)
    );
}

#[test]
fn a_drawn_card_is_seen_only_by_the_drawer() {
    let mut game = build(table(2));
    let events = play(&mut game, &[Action::Draw]);
    let Event::Drew {
        card: Some(card), ..
    } = events[0]
    else {
        panic!("{events:?}")
    };
    assert_eq!(
        State::redact(&events[0], Seat::Player(RED)),
        Some(Event::Drew {
            player: RED,
            card: Some(card)
        })
    );
    assert_eq!(
        State::redact(&events[0], Seat::Player(BLUE)),
        Some(Event::Drew {
            player: RED,
            card: None
        })
    );
    assert_eq!(
        State::redact(&events[0], Seat::Spectator),
        Some(Event::Drew {
            player: RED,
            card: None
        })
    );
}

#[test]
fn legal_lists_stay_within_the_documented_maximum() {
    // Five players, every pool showing six different faces: the yellow
    // fairy's targets are the largest list.
    let mut game = build(
        table(5)
            .mini_game("Ring Toss", |g| (0..5).fold(g, |g, p| g.die(Player(p), 1)))
            .fairy_pool([1, 2, 3])
            .hand(RED, [Mischief::Flip]),
    );
    play(&mut game, &[Action::Play(Mischief::Flip)]);
    let n = game.legal_actions(RED).len();
    // 5 pools of five faces, 3 Fairy pool faces, 5 placed dice, 6 Fairy dice
    // on Ring Toss and the Gallery.
    assert_eq!(n, 25 + 3 + 5 + 6);
    assert!(n <= MAX_LEGAL_ACTIONS);
}

#[test]
fn setup_errors_are_precise() {
    let ok = Setup::new(3).expect("3 players");
    assert!(State::try_from(ok.clone()).is_ok());
    let check = |f: &dyn Fn(&mut Setup), expected: SetupError| {
        let mut s = ok.clone();
        f(&mut s);
        assert_eq!(State::try_from(s), Err(expected));
    };
    check(
        &|s| s.scores.truncate(2),
        SetupError::SeatCount {
            what: SeatList::Scores,
            got: 2,
            players: 3,
        },
    );
    check(
        &|s| s.removed[0] = MiniGame::RingToss,
        SetupError::DuplicateMiniGame(MiniGame::RingToss),
    );
    check(
        &|s| {
            s.mini_game_deck.pop();
        },
        SetupError::MissingMiniGame(MiniGame::MagicGeodeShy),
    );
    check(
        &|s| {
            s.pools[1].pop();
        },
        SetupError::DiceCount {
            player: BLUE,
            found: 5,
        },
    );
    check(
        &|s| {
            s.fairy_pool.pop();
        },
        SetupError::FairyDiceCount(8),
    );
    check(
        &|s| {
            s.mischief_deck.pop();
        },
        SetupError::MischiefCount {
            card: Mischief::RerollPool,
            found: 4,
            expected: 5,
        },
    );
    check(
        &|s| {
            let cards: Vec<_> = s.mischief_deck.drain(..4).collect();
            s.hands[2].extend(cards);
        },
        SetupError::HandOverLimit(PURPLE),
    );
    check(
        &|s| s.current = Player(3),
        SetupError::NoSuchPlayer(Player(3)),
    );
    check(
        &|s| s.phase = Phase::Discard { player: RED },
        SetupError::NothingToDiscard(RED),
    );
    check(
        &|s| s.config.players = 6,
        SetupError::Config(Config::new(6).unwrap_err()),
    );
    // Scores never go below 0.
    check(
        &|s| s.scores[0] = -7,
        SetupError::NegativeScore {
            player: RED,
            points: -7,
        },
    );
    // Final rolls while three Mini Games are in play and the deck is full.
    check(
        &|s| {
            s.phase = Phase::PrizePit {
                player: RED,
                die: PitDie::Player,
            };
            s.queue.extend([BLUE, PURPLE]);
        },
        SetupError::NotEnding,
    );
    // Tied winners roll the Goblin die clockwise from the player to play,
    // and stay in that order through a steal and its discard.
    check(
        &|s| {
            s.phase = Phase::PrizePit {
                player: PURPLE,
                die: PitDie::Goblin,
            };
            s.queue.push(BLUE);
        },
        SetupError::BadQueue,
    );
    check(
        &|s| {
            s.phase = Phase::Steal { thief: PURPLE };
            s.queue.push(BLUE);
        },
        SetupError::BadQueue,
    );
    check(
        &|s| {
            let cards: Vec<_> = s.mischief_deck.drain(..4).collect();
            s.hands[2].extend(cards);
            s.phase = Phase::Discard { player: PURPLE };
            s.queue.push(BLUE);
        },
        SetupError::BadQueue,
    );
    let mut later = ok.clone();
    later.current = BLUE;
    later.phase = Phase::Steal { thief: PURPLE };
    later.hands[0].push(Mischief::Flip);
    later.mischief_deck.retain(|c| *c != Mischief::Flip);
    later.mischief_deck.extend([Mischief::Flip; 4]);
    later.queue.push(RED);
    assert!(State::try_from(later).is_ok());
    // A deserialized State goes through the same validation.
    let mut bad = ok.clone();
    bad.fairy_pool.pop();
    let text = serde_json::to_string(&bad).expect("serializable");
    assert!(
        serde_json::from_str::<State>(&text)
            .unwrap_err()
            .to_string()
            .contains("Fairy dice")
    );
}

#[test]
fn default_component_data() {
    use fairy_ring::fayre::{CardCounts, GoblinFace, MiniGameCard, STANDARD_GOBLIN_DIE};
    let config = Config::new(4).expect("4 players");
    let cards = &config.mini_games;
    let magic: Vec<u8> = MiniGame::ALL
        .iter()
        .map(|&g| cards.get(g).magic.value())
        .collect();
    assert_eq!(magic, [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6]);
    let fairy: Vec<usize> = MiniGame::ALL
        .iter()
        .map(|&g| cards.get(g).fairy_spaces)
        .collect();
    assert_eq!(fairy, [3, 1, 3, 3, 0, 3, 0, 0, 0, 0, 1, 0]);
    let spaces: Vec<usize> = MiniGame::ALL
        .iter()
        .map(|&g| cards.get(g).player_spaces)
        .collect();
    assert_eq!(spaces, [6, 6, 6, 8, 8, 6, 6, 8, 6, 8, 6, 8]);
    assert_eq!(config.mischief, CardCounts::new([5; 6]).unwrap());
    assert_eq!(config.mischief.total(), 30);
    assert_eq!(config.goblin_die, STANDARD_GOBLIN_DIE);
    assert_eq!(
        STANDARD_GOBLIN_DIE
            .iter()
            .filter(|f| **f == GoblinFace::Goblin)
            .count(),
        1
    );
    let squares: Vec<Score> = config.prize_pit.squares.iter().map(|s| s.points).collect();
    assert_eq!(squares, [1, 2, 3]);
    assert_eq!(
        (
            config.prize_pit.bounce_out,
            config.prize_pit.dragon,
            config.prize_pit.floor
        ),
        (1, 1, 6)
    );
    assert_eq!(config.rolls, RollMode::Simulated);
    assert_eq!(config.move_limit, fairy_ring::fayre::STANDARD_MOVE_LIMIT);
    // Player 1 starts, holding two cards and six dice.
    let game = State::new(&config, &mut rng()).expect("valid");
    assert_eq!(game.current(), RED);
    assert_eq!(game.phase(), Phase::Mischief);
    assert_eq!(game.hand(RED).total(), 2);
    assert_eq!(game.view_for(Seat::Spectator).mini_games_left, 7);
    assert_eq!(game.games_in_play(), 3);
    // A bad card printing is refused.
    let seven = MiniGameCard {
        player_spaces: 7,
        ..config.mini_games.get(MiniGame::TugOfWar)
    };
    let bad = config.with_mini_games(config.mini_games.with(MiniGame::TugOfWar, seven));
    assert!(bad.validate().is_err());
}

#[test]
fn a_prize_square_is_worth_no_negative_points() {
    use fairy_ring::fayre::{PrizePit, PrizeSquare};
    let mut pit = PrizePit::default();
    let added = pit.squares.push(PrizeSquare {
        points: -2,
        weight: 1,
    });
    assert_eq!(added, Ok(()));
    assert!(pit.validate().is_err());
    let config = Config::new(2).unwrap().with_prize_pit(pit);
    let refused =
        fairy_ring::ConfigError::ComponentData("a Prize Pit square is worth negative points");
    assert_eq!(config.validate(), Err(refused));
    assert_eq!(State::new(&config, &mut rng()).map(|_| ()), Err(refused));
    assert_eq!(
        PositionBuilder::new(config).build().map(|_| ()),
        Err(SetupError::Config(refused))
    );
    // 0 points is allowed: a square that only marks the floor.
    pit.squares.last_mut().unwrap().points = 0;
    assert!(pit.validate().is_ok());
}

#[test]
fn tug_of_war_side_rule_applies_to_moves() {
    let mut game = build(
        table(2)
            .mini_game("Tug of War", |g| g.right(BLUE, 2))
            .mini_game("Test Your Strength", |g| g.dice(RED, [1, 2, 3]))
            .mini_game("Pie Throw", |g| g.dice(RED, [4, 5, 6])),
    );
    play(
        &mut game,
        &[
            Action::Draw,
            Action::Pick(DieRef::Placed { booth: 1, space: 0 }),
        ],
    );
    let legal = game.legal_actions(RED);
    assert!(legal.contains(&Action::PlaceOn {
        booth: 0,
        side: Some(fairy_ring::fayre::Side::Left)
    }));
    assert!(!legal.contains(&Action::PlaceOn {
        booth: 0,
        side: Some(fairy_ring::fayre::Side::Right)
    }));
}

/// Ruling "Fayre: which Fairy dice leave the pool": any die is equally likely
/// to be taken, so the faces left in the pool are not skewed. Taking, say,
/// the highest faces first would leave a pool averaging well below 3.5.
#[test]
fn fairy_dice_are_taken_from_the_pool_without_bias() {
    let (mut sum, mut count) = (0u32, 0u32);
    for seed in 0..400 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = State::new(&Config::new(3).expect("3 players"), &mut rng).expect("valid");
        for face in state.fairy_pool() {
            sum += u32::from(face.value());
            count += 1;
        }
    }
    assert!(
        count > 1000,
        "enough dice stay in the pool to measure: {count}"
    );
    let mean = f64::from(sum) / f64::from(count);
    assert!(
        (3.3..=3.7).contains(&mean),
        "mean face left in the pool: {mean}"
    );
}

/// Ruling "Fayre: stealing a card": the thief may also steal nothing.
#[test]
fn the_goblin_face_steal_may_be_declined() {
    let mut game = goblin_scene(&[], &[Mischief::Swap]);
    play(&mut game, &[Action::ReportPrizePit(PitOutcome::Goblin)]);
    assert_eq!(game.phase(), Phase::Steal { thief: RED });
    let hand = |game: &State, p| game.view_for(Seat::Player(p)).own_hand;
    let before = (hand(&game, RED), hand(&game, BLUE));
    let events = play(&mut game, &[Action::DeclineSteal]);
    assert!(events.contains(&Event::StealDeclined { player: RED }));
    assert!(!events.iter().any(|e| matches!(e, Event::Stole { .. })));
    assert_ne!(game.phase(), Phase::Steal { thief: RED });
    assert_eq!((hand(&game, RED), hand(&game, BLUE)), before);
}

/// Where a die comes in a list of dice to pick (module docs, "Order of
/// legal actions"): pools by seat and face, the Fairy pool by face, then
/// card by card, player dice before Fairy dice.
fn die_rank(die: DieRef) -> (u8, u8, u8, u8) {
    match die {
        DieRef::Pool { owner, face } => (0, owner.0, face.value(), 0),
        DieRef::FairyPool { face } => (1, 0, face.value(), 0),
        DieRef::Placed { booth, space } => (2, booth, 0, space),
        DieRef::PlacedFairy { booth, space } => (2, booth, 1, space),
    }
}

fn in_documented_order(legal: &[Action]) -> bool {
    legal.windows(2).all(|pair| match (pair[0], pair[1]) {
        (Action::Pick(a), Action::Pick(b)) => die_rank(a) < die_rank(b),
        (a, b) => a < b,
    })
}

#[test]
fn legal_actions_come_in_the_documented_order() {
    use fairy_ring::{Bot, RandomBot};
    // A concrete list: the yellow fairy's targets.
    let mut game = build(
        table(2)
            .mini_game("Ring Toss", |g| g.fairy([3, 2, 1]).die(BLUE, 4))
            .mini_game("Pie Throw", |g| g.die(RED, 5))
            .mini_game("Dart the Ogre", |g| g)
            .pool(RED, [2, 2, 6, 1, 3])
            .pool(BLUE, [6, 6, 6, 6, 6])
            .fairy_pool([5, 4, 5, 4, 5, 4])
            .hand(RED, ["yellow"]),
    );
    play(&mut game, &[Action::Play(Mischief::Flip)]);
    let pool = |owner, f| {
        Action::Pick(DieRef::Pool {
            owner,
            face: face(f),
        })
    };
    let fairy_pool = |f| Action::Pick(DieRef::FairyPool { face: face(f) });
    let placed = |booth, space| Action::Pick(DieRef::Placed { booth, space });
    let fairy = |booth, space| Action::Pick(DieRef::PlacedFairy { booth, space });
    assert_eq!(
        game.legal_actions(RED).as_slice(),
        [
            pool(RED, 1),
            pool(RED, 2),
            pool(RED, 3),
            pool(RED, 6),
            pool(BLUE, 6),
            fairy_pool(4),
            fairy_pool(5),
            placed(0, 0),
            fairy(0, 0),
            fairy(0, 1),
            fairy(0, 2),
            placed(1, 0),
        ]
    );
    // Every list of whole games, simulated and reported, for 2 to 5 players.
    let mut lists = 0;
    for seed in 0..6u64 {
        let players = 2 + (seed % 4) as usize;
        let rolls = if seed % 2 == 0 {
            RollMode::Simulated
        } else {
            RollMode::Reported
        };
        let config = Config::new(players).unwrap().with_rolls(rolls);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&config, &mut rng).unwrap();
        while let Some(player) = state.to_act().lowest() {
            let decision = state.decision(player);
            assert!(
                in_documented_order(&decision.legal),
                "{:?}: {:?}",
                state.phase(),
                decision.legal
            );
            lists += 1;
            let action = RandomBot.choose(&decision, &mut rng).unwrap();
            state.apply(player, action, &mut rng).unwrap();
        }
    }
    assert!(lists > 1000, "{lists} lists checked");
}

/// "Not your decision now" is the same answer in every game.
#[test]
fn only_the_player_to_act_may_act() {
    let mut game = build(table(3));
    let before = game;
    assert_eq!(
        game.apply(BLUE, Action::Draw, &mut rng()),
        Err(ActionError::NotToAct { player: BLUE })
    );
    assert_eq!(
        game.apply(GREEN, Action::Draw, &mut rng()),
        Err(ActionError::NoSuchPlayer { player: GREEN })
    );
    assert!(game.legal_actions(BLUE).is_empty());
    assert_eq!(game, before);
}

#[test]
fn events_clone_and_redact_to_equal_events() {
    // Every event of a few random games: a clone (written by hand, without
    // ArrayVec's panicking `extend`) equals the original and prints the same,
    // and so does a clone of the spectator's redacted copy.
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let config = Config::new(3 + (seed as usize % 3)).expect("a table");
        let mut state = State::new(&config, &mut rng).expect("a game");
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let action = *fairy_ring::rng::choose(&mut rng, &legal).expect("a move");
            for event in state.apply(player, action, &mut rng).expect("legal") {
                assert_eq!(event.clone(), event);
                assert_eq!(format!("{:?}", event.clone()), format!("{event:?}"));
                let seen = event.redacted(Seat::Spectator);
                assert_eq!(seen.clone(), seen);
            }
        }
    }
}
