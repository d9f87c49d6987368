//! A Midsummer Night's Fayre: each Mischief card, what it may do and every
//! use it must refuse; drawing and the hand limit.

use crate::fayre_common;

use fairy_ring::fayre::{Action, DieRef, Event, Mischief, Phase, Shift, State, Violation};
use fairy_ring::{ActionError, Game};
use fayre_common::*;

/// Two players; RED to play holding `cards`; Ring Toss (Fairy 1, 2, 3) at
/// position 0 with RED's 4 and BLUE's 6; Test Your Strength at position 1
/// with BLUE's 2; Shooting Star Gallery at position 2; RED's pool 1 2 3 5 6;
/// BLUE's 1 1 1 1.
fn scene(cards: &[Mischief]) -> State {
    build(
        table(2)
            .mini_game("Ring Toss", |g| g.fairy([1, 2, 3]).die(RED, 4).die(BLUE, 6))
            .mini_game("Test Your Strength", |g| g.die(BLUE, 2))
            .mini_game("Shooting Star Gallery", |g| g)
            .pool(RED, [1, 2, 3, 5, 6])
            .pool(BLUE, [1, 1, 1, 1])
            .hand(RED, cards.iter().copied()),
    )
}

/// No die on any card: only Mini Games without Fairy dice in play.
fn bare_table(cards: &[Mischief]) -> State {
    build(
        table(2)
            .mini_games(["Test Your Strength", "Pie Throw", "Dart the Ogre"])
            .hand(RED, cards.iter().copied()),
    )
}

const RED_ON_RING: DieRef = DieRef::Placed { booth: 0, space: 0 };
const BLUE_ON_RING: DieRef = DieRef::Placed { booth: 0, space: 1 };
const BLUE_ON_TYS: DieRef = DieRef::Placed { booth: 1, space: 0 };
const RING_FAIRY: DieRef = DieRef::PlacedFairy { booth: 0, space: 0 };

fn refused(game: &State, action: Action, violation: Violation) {
    let mut copy = *game;
    let player = game.to_act().lowest().expect("someone acts");
    assert_eq!(
        copy.apply(player, action, &mut rng()),
        Err(ActionError::Illegal(violation)),
        "{action:?}"
    );
    assert_eq!(&copy, game, "a refused action leaves the state unchanged");
    assert!(!game.legal_actions(player).contains(&action));
}

#[test]
fn yellow_fairy_flips_any_fairy_or_player_die() {
    let mut game = scene(&[Mischief::Flip]);
    play(&mut game, &[Action::Play(Mischief::Flip)]);
    let legal = game.legal_actions(RED);
    for die in [RED_ON_RING, BLUE_ON_RING, RING_FAIRY] {
        assert!(legal.contains(&Action::Pick(die)), "{die:?}");
    }
    assert!(legal.contains(&Action::Pick(DieRef::Pool {
        owner: BLUE,
        face: face(1)
    })));
    assert!(legal.contains(&Action::Pick(DieRef::FairyPool { face: face(1) })));
    refused(
        &game,
        Action::Pick(DieRef::Pool {
            owner: BLUE,
            face: face(6),
        }),
        Violation::NotPermitted,
    );
    let events = play(&mut game, &[Action::Pick(RING_FAIRY)]);
    assert!(events.contains(&Event::FaceChanged {
        die: RING_FAIRY,
        from: face(1),
        to: face(6)
    }));
    assert_eq!(game.booth(0).unwrap().fairy[0], face(6));
    assert_eq!(game.phase(), Phase::Dice);
    assert_eq!(game.hand(RED).count(Mischief::Flip), 0);
}

#[test]
fn blue_fairy_adds_or_subtracts_one_within_the_die() {
    let mut game = scene(&[Mischief::NudgeOne, Mischief::NudgeOne]);
    play(
        &mut game,
        &[
            Action::Play(Mischief::NudgeOne),
            Action::Pick(DieRef::Pool {
                owner: BLUE,
                face: face(1),
            }),
        ],
    );
    assert_eq!(
        game.legal_actions(RED).as_slice(),
        &[Action::Shift(Shift::Up)]
    );
    refused(&game, Action::Shift(Shift::Down), Violation::OffTheDie);
    play(&mut game, &[Action::Shift(Shift::Up)]);
    assert_eq!(game.pool(BLUE), faces(&[1, 1, 1, 2]).as_slice());
    // A 6 may only go down.
    let mut game = scene(&[Mischief::NudgeOne]);
    play(
        &mut game,
        &[Action::Play(Mischief::NudgeOne), Action::Pick(BLUE_ON_RING)],
    );
    assert_eq!(
        game.legal_actions(RED).as_slice(),
        &[Action::Shift(Shift::Down)]
    );
    play(&mut game, &[Action::Shift(Shift::Down)]);
    assert_eq!(game.booth(0).unwrap().spaces[1].unwrap().face, face(5));
}

#[test]
fn red_fairy_adds_or_subtracts_two_within_the_die() {
    let mut game = scene(&[Mischief::NudgeTwo]);
    play(
        &mut game,
        &[Action::Play(Mischief::NudgeTwo), Action::Pick(BLUE_ON_TYS)],
    );
    // 2 - 2 = 0 is off the die.
    assert_eq!(
        game.legal_actions(RED).as_slice(),
        &[Action::Shift(Shift::Up)]
    );
    refused(&game, Action::Shift(Shift::Down), Violation::OffTheDie);
    play(&mut game, &[Action::Shift(Shift::Up)]);
    assert_eq!(game.booth(1).unwrap().spaces[0].unwrap().face, face(4));
    // A 4 may go either way.
    let mut game = scene(&[Mischief::NudgeTwo]);
    play(
        &mut game,
        &[Action::Play(Mischief::NudgeTwo), Action::Pick(RED_ON_RING)],
    );
    assert_eq!(game.legal_actions(RED).len(), 2);
}

#[test]
fn grey_fairy_swaps_player_dice_between_games() {
    let mut game = scene(&[Mischief::Swap]);
    play(
        &mut game,
        &[Action::Play(Mischief::Swap), Action::Pick(RED_ON_RING)],
    );
    let legal = game.legal_actions(RED);
    assert!(legal.contains(&Action::Pick(BLUE_ON_TYS)), "another game");
    assert!(
        legal.contains(&Action::Pick(DieRef::Pool {
            owner: RED,
            face: face(5)
        })),
        "own pool"
    );
    refused(&game, Action::Pick(BLUE_ON_RING), Violation::ForbiddenSwap); // same game
    refused(
        &game,
        Action::Pick(DieRef::Pool {
            owner: BLUE,
            face: face(1),
        }),
        Violation::ForbiddenSwap,
    ); // other colour into a pool
    refused(&game, Action::Pick(RING_FAIRY), Violation::ForbiddenSwap); // fairy with player die
    refused(
        &game,
        Action::Pick(DieRef::FairyPool { face: face(1) }),
        Violation::ForbiddenSwap,
    );
    let events = play(&mut game, &[Action::Pick(BLUE_ON_TYS)]);
    assert!(events.contains(&Event::Swapped {
        first: RED_ON_RING,
        second: BLUE_ON_TYS
    }));
    let ring = game.booth(0).unwrap().spaces[0].unwrap();
    let tys = game.booth(1).unwrap().spaces[0].unwrap();
    assert_eq!((ring.owner, ring.face), (BLUE, face(2)));
    assert_eq!((tys.owner, tys.face), (RED, face(4)));
}

#[test]
fn grey_fairy_swaps_a_placed_die_with_its_owners_pool() {
    let mut game = scene(&[Mischief::Swap]);
    play(
        &mut game,
        &[
            Action::Play(Mischief::Swap),
            Action::Pick(DieRef::Pool {
                owner: RED,
                face: face(6),
            }),
        ],
    );
    let legal = game.legal_actions(RED);
    assert_eq!(
        legal.as_slice(),
        &[Action::Pick(RED_ON_RING)],
        "only RED's own die on a card"
    );
    play(&mut game, &[Action::Pick(RED_ON_RING)]);
    assert_eq!(game.booth(0).unwrap().spaces[0].unwrap().face, face(6));
    assert_eq!(game.pool(RED), faces(&[1, 2, 3, 4, 5]).as_slice());
    assert_eq!(game.dice_in_play(), 2 * 6 + 9);
}

#[test]
fn grey_fairy_swaps_fairy_dice_only_with_fairy_dice() {
    let mut game = scene(&[Mischief::Swap]);
    play(
        &mut game,
        &[Action::Play(Mischief::Swap), Action::Pick(RING_FAIRY)],
    );
    let legal = game.legal_actions(RED);
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::Pick(DieRef::FairyPool { .. } | DieRef::PlacedFairy { .. })
    )));
    assert!(
        legal
            .iter()
            .any(|a| matches!(a, Action::Pick(DieRef::FairyPool { .. })))
    );
    // Fairy dice on the same card are not "two places".
    refused(
        &game,
        Action::Pick(DieRef::PlacedFairy { booth: 0, space: 1 }),
        Violation::ForbiddenSwap,
    );
    refused(&game, Action::Pick(RED_ON_RING), Violation::ForbiddenSwap);
    let pool_face = game.fairy_pool()[0];
    play(
        &mut game,
        &[Action::Pick(DieRef::FairyPool { face: pool_face })],
    );
    assert_eq!(game.booth(0).unwrap().fairy[0], pool_face);
    assert!(game.fairy_pool().contains(&face(1)));
}

#[test]
fn pink_fairy_rerolls_only_a_die_on_a_mini_game() {
    let mut game = scene(&[Mischief::RerollDie]);
    play(&mut game, &[Action::Play(Mischief::RerollDie)]);
    let legal = game.legal_actions(RED);
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::Pick(DieRef::Placed { .. } | DieRef::PlacedFairy { .. })
    )));
    assert_eq!(
        legal.len(),
        3 + 3 + 3,
        "three player dice, the Fairy dice of Ring Toss and the Gallery"
    );
    refused(
        &game,
        Action::Pick(DieRef::Pool {
            owner: RED,
            face: face(1),
        }),
        Violation::NotPermitted,
    );
    refused(
        &game,
        Action::Pick(DieRef::FairyPool { face: face(1) }),
        Violation::NotPermitted,
    );
    let events = play(&mut game, &[Action::Pick(BLUE_ON_TYS)]);
    let rolled = events.iter().find_map(|e| match e {
        Event::Rerolled { die, face } if *die == BLUE_ON_TYS => Some(*face),
        _ => None,
    });
    assert_eq!(rolled, Some(game.booth(1).unwrap().spaces[0].unwrap().face));
}

#[test]
fn pink_fairy_cannot_be_played_with_no_die_on_a_card() {
    let game = bare_table(&[Mischief::RerollDie]);
    assert!(
        !game
            .legal_actions(RED)
            .contains(&Action::Play(Mischief::RerollDie))
    );
    refused(
        &game,
        Action::Play(Mischief::RerollDie),
        Violation::NoTarget,
    );
}

#[test]
fn pool_reroll_targets_any_players_non_empty_pool() {
    let mut game = scene(&[Mischief::RerollPool]);
    play(&mut game, &[Action::Play(Mischief::RerollPool)]);
    assert_eq!(
        game.legal_actions(RED).as_slice(),
        &[Action::ChoosePlayer(RED), Action::ChoosePlayer(BLUE)]
    );
    let events = play(&mut game, &[Action::ChoosePlayer(BLUE)]);
    let new: Vec<_> = events
        .iter()
        .find_map(|e| match e {
            Event::PoolRerolled { owner, faces } if *owner == BLUE => Some(faces.to_vec()),
            _ => None,
        })
        .expect("rerolled");
    assert_eq!(new.as_slice(), game.pool(BLUE));
    assert_eq!(new.len(), 4);
    // An empty pool cannot be chosen.
    let mut game = build(
        table(2)
            .mini_game("Ring Toss", |g| g.die(RED, 4).die(BLUE, 6))
            .mini_game("Test Your Strength", |g| g.dice(BLUE, [2, 1, 1, 1, 1]))
            .hand(RED, [Mischief::RerollPool]),
    );
    play(&mut game, &[Action::Play(Mischief::RerollPool)]);
    refused(&game, Action::ChoosePlayer(BLUE), Violation::NotPermitted);
}

#[test]
fn cards_not_in_hand_cannot_be_played() {
    let game = scene(&[Mischief::Flip]);
    refused(&game, Action::Play(Mischief::Swap), Violation::NotInHand);
}

#[test]
fn drawing_needs_fewer_than_three_cards() {
    let game = scene(&[Mischief::Flip, Mischief::Flip, Mischief::Swap]);
    refused(&game, Action::Draw, Violation::HandFull);
    refused(&game, Action::NoMischief, Violation::MischiefPossible);
    let mut game = scene(&[Mischief::Flip]);
    let events = play(&mut game, &[Action::Draw]);
    assert_eq!(game.hand(RED).total(), 2);
    assert!(matches!(events[0], Event::Drew { player, card: Some(_) } if player == RED));
}

#[test]
fn an_empty_draw_pile_is_refilled_from_the_discard_pile() {
    let mut game = build(table(2).empty_draw_pile());
    let events = play(&mut game, &[Action::Draw]);
    assert!(events.contains(&Event::MischiefReshuffled { cards: 30 }));
    assert_eq!(game.hand(RED).total(), 1);
    assert_eq!(game.view_for(RED.into()).mischief_draw_pile, 29);
}

#[test]
fn no_mischief_only_when_nothing_is_possible() {
    // RED holds three pink fairies with no die on a card, and may not draw.
    let mut game = bare_table(&["pink fairy".parse().unwrap(); 3]);
    assert_eq!(game.legal_actions(RED).as_slice(), &[Action::NoMischief]);
    play(&mut game, &[Action::NoMischief]);
    assert_eq!(game.phase(), Phase::Dice);
}
