//! A Midsummer Night's Fayre: every Mini Game's winning rule, the rulebook's
//! examples and tie cases, and scoring a full card through the public API.

use crate::fayre_common;

use fairy_ring::fayre::score::{self, Place, placings};
use fairy_ring::fayre::{
    Action, Booth, DieRef, Event, MiniGame, Phase, PitDie, PitOutcome, PlacedDie, PositionBuilder,
    Reason, RollMode, Side, Violation,
};
use fairy_ring::{Game, Player};
use fayre_common::*;

const FIRST: Option<Place> = Some(Place::First);
const SECOND: Option<Place> = Some(Place::Second);
const THIRD: Option<Place> = Some(Place::Third);

/// A full card of `game` with these Fairy dice and these dice per player.
fn booth(game: MiniGame, fairy: &[u8], dice: &[(Player, &[u8])]) -> Booth {
    let total: usize = dice.iter().map(|(_, f)| f.len()).sum();
    let mut b = Booth::empty(game, total);
    b.fairy = fairy.iter().map(|&f| face(f)).collect();
    let mut space = 0;
    for &(owner, fs) in dice {
        for &f in fs {
            b.spaces[space] = Some(PlacedDie {
                owner,
                face: face(f),
            });
            space += 1;
        }
    }
    b
}

fn places(b: &Booth, players: usize) -> Vec<Option<Place>> {
    placings(b)[..players].to_vec()
}

#[test]
fn ring_toss_most_dice_matching_no_fairy_die_wins() {
    let b = booth(
        MiniGame::RingToss,
        &[1, 2, 3],
        &[(RED, &[4, 5, 6]), (BLUE, &[1, 4, 5]), (PURPLE, &[1, 2, 6])],
    );
    assert_eq!(places(&b, 3), [FIRST, SECOND, THIRD]);
    // Every die matched: no place at all (a tie with zero is not a win).
    let b = booth(
        MiniGame::RingToss,
        &[1, 2, 3],
        &[(RED, &[4]), (BLUE, &[1, 2])],
    );
    assert_eq!(places(&b, 2), [FIRST, None]);
}

#[test]
fn magic_geode_shy_rulebook_example() {
    // PURPLE wins with three matching dice, RED is 2nd with two, BLUE 3rd with one.
    let b = booth(
        MiniGame::MagicGeodeShy,
        &[2, 4, 6],
        &[(RED, &[2, 2, 1]), (BLUE, &[6, 1]), (PURPLE, &[4, 4, 2])],
    );
    assert_eq!(places(&b, 3), [SECOND, THIRD, FIRST]);
}

#[test]
fn magic_geode_shy_ties_share_places() {
    let b = booth(
        MiniGame::MagicGeodeShy,
        &[3, 3, 5],
        &[(RED, &[3, 5]), (BLUE, &[5, 3]), (PURPLE, &[3])],
    );
    assert_eq!(places(&b, 3), [FIRST, FIRST, SECOND]);
}

#[test]
fn find_the_pearl_rulebook_example() {
    // YELLOW three 4s, RED two 5s, BLUE one 1.
    let b = booth(
        MiniGame::FindThePearl,
        &[],
        &[(RED, &[5, 5]), (BLUE, &[1]), (YELLOW, &[4, 4, 4])],
    );
    assert_eq!(places(&b, 5), [SECOND, THIRD, None, None, FIRST]);
}

#[test]
fn find_the_pearl_tie() {
    let b = booth(
        MiniGame::FindThePearl,
        &[],
        &[(RED, &[2, 2, 3]), (BLUE, &[6, 6])],
    );
    assert_eq!(places(&b, 2), [FIRST, FIRST]);
}

#[test]
fn test_your_strength_rulebook_example() {
    // RED 9, PURPLE 7, GREEN and YELLOW both 3rd.
    let b = booth(
        MiniGame::TestYourStrength,
        &[],
        &[
            (RED, &[6, 3]),
            (PURPLE, &[4, 3]),
            (GREEN, &[5]),
            (YELLOW, &[2, 3]),
        ],
    );
    assert_eq!(places(&b, 5), [FIRST, None, SECOND, THIRD, THIRD]);
}

#[test]
fn tin_can_volley_rulebook_example() {
    // RED a run of three, BLUE two, PURPLE no run: PURPLE does not score.
    let b = booth(
        MiniGame::TinCanVolley,
        &[],
        &[(RED, &[4, 2, 3]), (BLUE, &[6, 5]), (PURPLE, &[1, 3])],
    );
    assert_eq!(places(&b, 3), [FIRST, SECOND, None]);
    assert_eq!(score::longest_run(&faces(&[1, 2, 2, 3, 5])), 3);
}

#[test]
fn tin_can_volley_tie() {
    let b = booth(
        MiniGame::TinCanVolley,
        &[],
        &[(RED, &[1, 2]), (BLUE, &[5, 6, 6])],
    );
    assert_eq!(places(&b, 2), [FIRST, FIRST]);
}

#[test]
fn shooting_star_gallery_closest_to_the_bullseye() {
    // Bullseye 4 + 5 + 6 = 15.
    let b = booth(
        MiniGame::ShootingStarGallery,
        &[4, 5, 6],
        &[
            (RED, &[6, 6, 3]),
            (BLUE, &[6, 6, 4]),
            (PURPLE, &[6, 6, 2]),
            (GREEN, &[1]),
        ],
    );
    // RED hits 15 exactly; BLUE (16) and PURPLE (14) tie one away; GREEN 14 away.
    assert_eq!(places(&b, 4), [FIRST, SECOND, SECOND, THIRD]);
    assert_eq!(score::bullseye(&b).iter().collect::<Vec<_>>(), [RED]);
}

#[test]
fn dragon_hoard_hunt_busts_over_the_total() {
    // Hoard 2 + 3 + 4 = 9.
    let b = booth(
        MiniGame::DragonHoardHunt,
        &[2, 3, 4],
        &[
            (RED, &[6, 4]),
            (BLUE, &[5, 3]),
            (PURPLE, &[6]),
            (GREEN, &[1, 1]),
        ],
    );
    // RED 10 busts; BLUE 8 wins; PURPLE 6 2nd; GREEN 2 3rd.
    assert_eq!(places(&b, 4), [None, FIRST, SECOND, THIRD]);
    // Exactly the total is not over.
    let b = booth(
        MiniGame::DragonHoardHunt,
        &[2, 3, 4],
        &[(RED, &[5, 4]), (BLUE, &[6, 2])],
    );
    assert_eq!(places(&b, 2), [FIRST, SECOND]);
}

#[test]
fn dart_the_ogre_most_odd_dice() {
    let b = booth(
        MiniGame::DartTheOgre,
        &[],
        &[
            (RED, &[1, 3, 2]),
            (BLUE, &[5, 5, 5]),
            (PURPLE, &[2, 4, 6]),
            (GREEN, &[3]),
        ],
    );
    assert_eq!(places(&b, 4), [SECOND, FIRST, None, THIRD]);
}

#[test]
fn pie_throw_most_different_numbers() {
    let b = booth(
        MiniGame::PieThrow,
        &[],
        &[
            (RED, &[1, 1, 1, 1]),
            (BLUE, &[1, 2, 2]),
            (PURPLE, &[3, 4, 5]),
        ],
    );
    assert_eq!(places(&b, 3), [THIRD, SECOND, FIRST]);
}

#[test]
fn splat_the_butterfly_rat_most_dice_matching_the_fairy_die() {
    let b = booth(
        MiniGame::SplatTheButterflyRat,
        &[4],
        &[(RED, &[4, 4]), (BLUE, &[4, 1]), (PURPLE, &[1, 2, 3])],
    );
    assert_eq!(places(&b, 3), [FIRST, SECOND, None]);
}

#[test]
fn hook_a_hippocampus_ranks_matches_of_its_fairy_die() {
    let b = booth(
        MiniGame::HookAHippocampus,
        &[3],
        &[
            (RED, &[3, 3, 3]),
            (BLUE, &[3, 3]),
            (PURPLE, &[3, 1]),
            (GREEN, &[2]),
        ],
    );
    assert_eq!(places(&b, 4), [FIRST, SECOND, THIRD, None]);
    assert_eq!(score::hippocampus_first_place(1), None);
    assert_eq!(score::hippocampus_first_place(2), Some(3));
    assert_eq!(score::hippocampus_first_place(3), Some(1));
    assert_eq!(score::hippocampus_first_place(5), Some(1));
}

fn tug(left: &[(Player, u8)], right: &[(Player, u8)]) -> Booth {
    let n = left.len().max(right.len());
    let mut b = Booth::empty(MiniGame::TugOfWar, 2 * n);
    for (i, &(owner, f)) in left.iter().enumerate() {
        b.spaces[i] = Some(PlacedDie {
            owner,
            face: face(f),
        });
    }
    for (i, &(owner, f)) in right.iter().enumerate() {
        b.spaces[n + i] = Some(PlacedDie {
            owner,
            face: face(f),
        });
    }
    b
}

#[test]
fn tug_of_war_winning_side_then_ranking_on_it() {
    // Left 6+5+2 = 13 beats right 6+6 = 12 (with a 1 of PURPLE's, 13? no: 12+1).
    let b = tug(
        &[(RED, 6), (BLUE, 5), (PURPLE, 2)],
        &[(GREEN, 6), (GREEN, 5), (PURPLE, 1)],
    );
    // Right has 12, left 13: left wins; RED 6, BLUE 5, PURPLE 2 on it.
    assert_eq!(places(&b, 4), [FIRST, SECOND, THIRD, None]);
    assert_eq!(b.side_of(0), Side::Left);
    assert_eq!(b.side_of(3), Side::Right);
}

#[test]
fn tug_of_war_sides_tie_and_a_player_ties_themself() {
    // 4 + 3 = 7 on each side: both sides win; RED tops both and places once.
    let b = tug(&[(RED, 4), (BLUE, 3)], &[(RED, 5), (PURPLE, 2)]);
    assert_eq!(places(&b, 3), [FIRST, SECOND, SECOND]);
}

#[test]
fn magic_number_point_for_any_die_showing_it() {
    let b = booth(
        MiniGame::PieThrow,
        &[],
        &[(RED, &[2, 2]), (BLUE, &[1]), (PURPLE, &[2])],
    );
    let got: Vec<_> = score::magic_number(&b, face(2)).iter().collect();
    assert_eq!(got, [RED, PURPLE]);
}

// Scoring through the public API.

/// Three players; `game` at table position 0 holding these dice.
fn nearly_full(game: MiniGame, dice: &[(Player, &[u8])]) -> PositionBuilder {
    table(3).mini_game(game, |g| {
        dice.iter()
            .fold(g, |g, &(owner, fs)| g.dice(owner, fs.iter().copied()))
    })
}

#[test]
fn a_full_card_is_scored_at_once_and_the_table_resets() {
    // Test Your Strength, 6 spaces: RED 6+6, BLUE 5+4, PURPLE 1; RED adds a 3.
    let mut game = build(
        nearly_full(
            MiniGame::TestYourStrength,
            &[(RED, &[6, 6]), (BLUE, &[5, 4]), (PURPLE, &[1])],
        )
        .pool(RED, [3; 4]),
    );
    let magic = game
        .config()
        .mini_games
        .get(MiniGame::TestYourStrength)
        .magic;
    let events = place_turn(&mut game, 3, 0, None);
    assert!(events.contains(&Event::Completed {
        booth: 0,
        game: MiniGame::TestYourStrength
    }));
    // RED 15 first; BLUE 9 second (3 points); PURPLE 1 third (1 point).
    let mut expected = vec![0, 3, 1];
    for (p, fs) in [(0, &[6, 6, 3][..]), (1, &[5, 4][..]), (2, &[1][..])] {
        if fs.contains(&magic.value()) {
            expected[p] += 1;
        }
    }
    assert_eq!(points(&events, 3), expected);
    assert_eq!(game.scores(), expected.as_slice());
    // RED rolls the Goblin die into the Prize Pit before BLUE's turn.
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: RED,
            die: PitDie::Goblin
        }
    );
    // The dice went home: every pool is full again, the next card is up.
    for p in 0..3 {
        assert_eq!(game.pool(Player(p)).len(), 6);
    }
    assert_eq!(
        game.booth(0).map(|b| b.game),
        Some(MiniGame::ShootingStarGallery)
    );
    assert_eq!(
        game.booth(0).map(|b| b.fairy.len()),
        Some(3),
        "the Gallery's Fairy dice rolled"
    );
    assert_eq!(
        game.fairy_pool().len(),
        9 - 3 - 3,
        "Ring Toss and the Gallery hold 3 each"
    );
    assert_eq!(game.dice_in_play(), 3 * 6 + 9);
    assert!(events.iter().any(
        |e| matches!(e, Event::DiceReturned { owner, faces } if *owner == RED && faces.len() == 3)
    ));
}

#[test]
fn tied_first_places_all_roll_from_the_current_player() {
    let mut game = build(
        nearly_full(
            MiniGame::TestYourStrength,
            &[(RED, &[4]), (BLUE, &[6, 2]), (PURPLE, &[6, 1])],
        )
        .pool(RED, [4; 5]),
    );
    // RED 4 + 4 = 8 ties BLUE's 8; PURPLE 7 is 2nd.
    let events = place_turn(&mut game, 4, 0, None);
    assert!(events.iter().any(
        |e| matches!(e, Event::PrizeRollsDue { players } if players.as_slice() == [RED, BLUE])
    ));
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: RED,
            die: PitDie::Goblin
        }
    );
    play(&mut game, &[Action::RollPrizePit]);
    assert!(
        matches!(game.phase(), Phase::PrizePit { player, .. } | Phase::Steal { thief: player } if player == RED || player == BLUE)
    );
}

#[test]
fn hook_a_hippocampus_shared_first_place_scores_points_instead() {
    // Every die shows 6 and each player has two: if the Fairy die rolled
    // before scoring shows 6, all three share 1st (1 point each, no roll);
    // otherwise nobody places.
    let mut game = build(
        nearly_full(
            MiniGame::HookAHippocampus,
            &[(RED, &[6]), (BLUE, &[6, 6]), (PURPLE, &[6, 6])],
        )
        .pool(RED, [6; 5]),
    );
    let events = place_turn(&mut game, 6, 0, None);
    let rolled = events
        .iter()
        .find_map(|e| match e {
            Event::FairyDiceRolled { booth: 0, faces } if faces.len() == 1 => Some(faces[0]),
            _ => None,
        })
        .expect("the Fairy die is rolled before scoring");
    let shared: Vec<_> = events
        .iter()
        .filter(|e| {
            matches!(
                e,
                Event::Scored {
                    reason: Reason::SharedHippocampus,
                    ..
                }
            )
        })
        .collect();
    if rolled == face(6) {
        // Three players tie with two matches each: 1 point each, no roll.
        assert_eq!(shared.len(), 3);
        assert!(
            shared
                .iter()
                .all(|e| matches!(e, Event::Scored { points: 1, .. }))
        );
    } else {
        assert!(shared.is_empty());
    }
    assert_ne!(
        game.phase(),
        Phase::PrizePit {
            player: RED,
            die: PitDie::Goblin
        }
    );
}

#[test]
fn hook_a_hippocampus_tie_table_through_the_api() {
    // Try seeds until the Fairy die shows 2; then RED and BLUE share the
    // most 2s (two each) and score 3 each, PURPLE (one 2) is 2nd.
    for seed in 0..64u64 {
        let mut game = build(
            nearly_full(
                MiniGame::HookAHippocampus,
                &[(RED, &[2]), (BLUE, &[2, 2]), (PURPLE, &[2, 5])],
            )
            .pool(RED, [2; 5]),
        );
        let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(seed);
        let mut events = Vec::new();
        for action in [
            Action::Draw,
            Action::Pick(DieRef::Pool {
                owner: RED,
                face: face(2),
            }),
            Action::PlaceOn {
                booth: 0,
                side: None,
            },
        ] {
            events.extend(game.apply(RED, action, &mut rng).expect("legal"));
        }
        let rolled = events.iter().find_map(|e| match e {
            Event::FairyDiceRolled { booth: 0, faces } if faces.len() == 1 => Some(faces[0]),
            _ => None,
        });
        if rolled != Some(face(2)) {
            continue;
        }
        let shared: Vec<_> = events
            .iter()
            .filter_map(|e| match e {
                Event::Scored {
                    player,
                    points,
                    reason: Reason::SharedHippocampus,
                    ..
                } => Some((*player, *points)),
                _ => None,
            })
            .collect();
        assert_eq!(shared, [(RED, 3), (BLUE, 3)]);
        assert!(events.contains(&Event::Scored {
            player: PURPLE,
            points: 3,
            reason: Reason::SecondPlace,
            total: game.scores()[2]
        }));
        assert!(
            !events
                .iter()
                .any(|e| matches!(e, Event::PrizeRollsDue { .. }))
        );
        return;
    }
    panic!("no seed rolled a 2");
}

#[test]
fn shooting_star_gallery_bullseye_bonus_through_the_api() {
    // Bullseye 1 + 2 + 3 = 6: RED 6 exactly (bonus), BLUE 5.
    let mut game = build(
        table(3)
            .mini_game("Shooting Star Gallery", |g| {
                g.fairy([1, 2, 3])
                    .die(RED, 4)
                    .dice(BLUE, [1, 4])
                    .dice(PURPLE, [6, 6])
            })
            .pool(RED, [2; 5]),
    );
    let events = place_turn(&mut game, 2, 0, None);
    assert!(events.iter().any(|e| matches!(e, Event::Scored { player, reason: Reason::Bullseye, points: 1, .. } if *player == RED)));
    assert!(!events.iter().any(
        |e| matches!(e, Event::Scored { player, reason: Reason::Bullseye, .. } if *player != RED)
    ));
}

#[test]
fn the_prize_pit_number_plus_square_scores_8() {
    // The rulebook's picture: a 5 touching a 3-point square scores 8.
    let mut game = build(
        nearly_full(
            MiniGame::TestYourStrength,
            &[(RED, &[6, 6]), (BLUE, &[1, 1]), (PURPLE, &[1])],
        )
        .rolls(RollMode::Reported)
        .pool(RED, [6; 4]),
    );
    place_turn(&mut game, 6, 0, None);
    let before = game.scores()[0];
    let three = game
        .config()
        .prize_pit
        .squares
        .iter()
        .position(|s| s.points == 3)
        .expect("a 3 square") as u8;
    let outcome = PitOutcome::Number {
        face: face(5),
        square: Some(three),
    };
    let events = play(&mut game, &[Action::ReportPrizePit(outcome)]);
    assert_eq!(game.scores()[0], before + 8);
    assert!(events.contains(&Event::Scored {
        player: RED,
        points: 8,
        reason: Reason::PrizePit,
        total: before + 8
    }));
    assert_eq!(game.phase(), Phase::Mischief);
    assert_eq!(game.current(), BLUE);
}

#[test]
fn tug_of_war_placing_must_even_the_sides() {
    let mut game = build(table(2).mini_game("Tug of War", |g| g.left(BLUE, 3)));
    play(
        &mut game,
        &[
            Action::Draw,
            Action::Pick(DieRef::Pool {
                owner: RED,
                face: face(5),
            }),
        ],
    );
    let legal = game.legal_actions(RED);
    assert!(legal.contains(&Action::PlaceOn {
        booth: 0,
        side: Some(Side::Right)
    }));
    assert!(!legal.contains(&Action::PlaceOn {
        booth: 0,
        side: Some(Side::Left)
    }));
    assert!(!legal.contains(&Action::PlaceOn {
        booth: 0,
        side: None
    }));
    let mut refused = game;
    assert_eq!(
        refused.apply(
            RED,
            Action::PlaceOn {
                booth: 0,
                side: Some(Side::Left)
            },
            &mut rng()
        ),
        Err(fairy_ring::ActionError::Illegal(Violation::WrongSide))
    );
    assert_eq!(refused, game);
    // With the sides even, either side is open.
    play(
        &mut game,
        &[Action::PlaceOn {
            booth: 0,
            side: Some(Side::Right),
        }],
    );
    play(
        &mut game,
        &[
            Action::Draw,
            Action::Pick(DieRef::Pool {
                owner: BLUE,
                face: face(1),
            }),
        ],
    );
    let legal = game.legal_actions(BLUE);
    assert!(legal.contains(&Action::PlaceOn {
        booth: 0,
        side: Some(Side::Left)
    }));
    assert!(legal.contains(&Action::PlaceOn {
        booth: 0,
        side: Some(Side::Right)
    }));
}

#[test]
fn dragon_hoard_hunt_a_bust_scores_nothing_not_even_the_magic_number() {
    // "Anyone who goes over busts and cannot score anything for the game."
    // Hoard 1 + 1 + 2 = 4. The magic number (the default data) is 6.
    let mut game = build(
        table(3)
            .mini_game("Dragon Hoard Hunt", |g| {
                g.fairy([1, 1, 2])
                    .die(RED, 6)
                    .dice(BLUE, [2, 1])
                    .dice(PURPLE, [3, 1])
            })
            .pool(RED, [6; 5]),
    );
    let magic = game
        .config()
        .mini_games
        .get(MiniGame::DragonHoardHunt)
        .magic;
    assert_eq!(magic, face(6), "the scenario needs the default magic 6");
    let events = place_turn(&mut game, 6, 0, None);
    assert!(events.contains(&Event::Completed {
        booth: 0,
        game: MiniGame::DragonHoardHunt
    }));
    // RED 12 busts (and holds the magic 6s); PURPLE 4 wins; BLUE 3 is 2nd.
    assert_eq!(points(&events, 3), [0, 3, 0]);
    assert!(!events.iter().any(|e| matches!(
        e,
        Event::Scored {
            reason: Reason::MagicNumber,
            ..
        }
    )));
    assert_eq!(
        game.phase(),
        Phase::PrizePit {
            player: PURPLE,
            die: PitDie::Goblin
        }
    );
    // A player who does not bust still scores the magic number point.
    let b = booth(
        MiniGame::DragonHoardHunt,
        &[1, 1, 2],
        &[(RED, &[6]), (BLUE, &[1, 1])],
    );
    let scorers: Vec<_> = score::magic_number(&b, face(1)).iter().collect();
    assert_eq!(scorers, [BLUE]);
    let scorers: Vec<_> = score::magic_number(&b, face(6)).iter().collect();
    assert!(scorers.is_empty(), "RED busts: {scorers:?}");
}
