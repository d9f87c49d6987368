//! The rulebook's worked example and every FAQ answer.

mod season_support;

use fairy_ring::season::{Action, Event, Goblin, Phase, Royal, Violation, rules};
use fairy_ring::{ActionError, Game, Player};
use season_support::*;

/// 3, 3, 7 Spring; 4, 6 Summer; 2, 7 Autumn; 6 Winter, each legal in turn,
/// and the moves the Season Rules forbid along the way.
#[test]
fn the_season_example_climbs_through_all_four_seasons() -> Result<(), Box<dyn std::error::Error>> {
    let plan = [
        sf(Spring, 3, 0),
        sf(Spring, 3, 1),
        sf(Spring, 7, 0),
        sf(Summer, 4, 0),
        sf(Summer, 6, 0),
        sf(Autumn, 2, 0),
        sf(Autumn, 7, 0),
        sf(Winter, 6, 0),
    ];
    let hand = |p: usize| -> Vec<_> { plan.iter().copied().skip(p).step_by(3).collect() };
    let (h0, h1, h2) = (hand(0), hand(1), hand(2));
    let mut state = position(&[&h0, &h1, &h2], |_| {})?;
    // Cards that must be refused after each step of the example: a lower
    // number of the same season, an earlier season, a skipped season.
    let refused: [&[_]; 8] = [
        &[sf(Spring, 2, 0), sf(Autumn, 1, 0)],
        &[sf(Spring, 2, 0), sf(Winter, 8, 0)],
        &[sf(Spring, 6, 0), sf(Autumn, 8, 0)],
        &[sf(Summer, 3, 0), sf(Spring, 8, 0), sf(Winter, 1, 0)],
        &[sf(Summer, 5, 0), sf(Spring, 8, 0)],
        &[sf(Autumn, 1, 0), sf(Summer, 8, 0)],
        &[sf(Autumn, 6, 0), sf(Spring, 1, 0)],
        &[sf(Winter, 5, 0), sf(Spring, 1, 0), sf(Autumn, 8, 0)],
    ];
    for (i, &card) in plan.iter().enumerate() {
        let player = (i % 3) as u8;
        assert_eq!(
            state.phase(),
            Phase::Turn {
                player: Player(player)
            }
        );
        act(&mut state, player, Action::Play(card));
        settle(&mut state, &plan);
        for &bad in refused[i] {
            assert_eq!(
                rules::check_play(state.swarm(), bad),
                Err(Violation::SeasonRules(bad)),
                "{bad} after {card}"
            );
        }
    }
    assert_eq!(swarm(&state), plan);
    // Winter 8 is the highest Fairy: only another Winter 8 follows it.
    let mut top = state.swarm().to_vec();
    top.push(sf(Winter, 8, 0));
    assert!(rules::check_play(&top, sf(Winter, 8, 1)).is_ok());
    assert!(rules::check_play(&top, sf(Spring, 1, 0)).is_err());
    Ok(())
}

/// The second Spring 3 matches the first: the Matching Bonus is offered after
/// its own ability (Spring 3 draws two by default), as a draw or a stash.
#[test]
fn matching_bonus_follows_the_ability() -> Result<(), Box<dyn std::error::Error>> {
    let mut state = position(&[&[sf(Spring, 3, 0)], &[sf(Summer, 3, 0)], &[]], |_| {})?;
    act(&mut state, 0, Action::Play(sf(Spring, 3, 0)));
    assert_eq!(state.hand(Player(0)).len(), 2, "Spring 3 draws two");
    let events = act(&mut state, 1, Action::Play(sf(Summer, 3, 0)));
    assert_eq!(
        events
            .iter()
            .filter(|e| matches!(e, Event::Drew { .. }))
            .count(),
        1,
        "Summer 3 draws one first"
    );
    assert_eq!(state.phase(), Phase::Bonus { player: Player(1) });
    let legal = state.legal_actions(Player(1));
    assert!(legal.contains(&Action::BonusDraw) && legal.contains(&Action::SkipBonus));
    let card = state.hand(Player(1))[0];
    act(&mut state, 1, Action::Stash(card));
    assert_eq!(state.stash(Player(1)), &[card]);
    assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
    Ok(())
}

/// Autumn 1 is printed "Draw 1, Stash 1": the default draws, then stashes.
#[test]
fn autumn_1_draws_one_then_stashes_one() -> Result<(), Box<dyn std::error::Error>> {
    let mut state = position(&[&[sf(Autumn, 1, 0), sf(Winter, 2, 0)], &[], &[]], |_| {})?;
    let ability = state.config().cards.ability(Autumn, 1);
    assert_eq!((ability.draw, ability.stash), (1, 1));
    act(&mut state, 0, Action::Play(sf(Autumn, 1, 0)));
    assert_eq!(state.hand(Player(0)).len(), 2);
    assert!(matches!(state.phase(), Phase::Stashing { left: 1, .. }));
    act(&mut state, 0, Action::Stash(sf(Winter, 2, 0)));
    assert_eq!(state.stash(Player(0)), &[sf(Winter, 2, 0)]);
    Ok(())
}

/// FAQ: with no cards in hand on your turn you flunk; the Swarm ends unless
/// a Royal continues it; then you draw back up to five.
#[test]
fn faq_empty_hand_flunks_and_draws_back_to_five() -> Result<(), Box<dyn std::error::Error>> {
    let mut state = position(&[&[trap(0)], &[], &[sf(Winter, 1, 0)]], |_| {})?;
    act(&mut state, 0, Action::Play(trap(0)));
    assert_eq!(state.legal_actions(Player(1)).as_slice(), &[Action::Flunk]);
    act(&mut state, 1, Action::Flunk);
    // Player 2 is asked (no Royal, so only Pass), then player 0.
    assert_eq!(
        state.phase(),
        Phase::RoyalWindow {
            flunker: Player(1),
            asked: Player(2)
        }
    );
    assert_eq!(state.legal_actions(Player(2)).as_slice(), &[Action::Pass]);
    let events = act(&mut state, 2, Action::Pass);
    assert!(events.contains(&Event::SwarmWon {
        winner: Some(Player(0)),
        cards: 1
    }));
    assert_eq!(state.stash(Player(0)), &[trap(0)]);
    assert_eq!(state.hand(Player(1)).len(), 5);
    assert_eq!(state.hand(Player(0)).len(), 5);
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

/// FAQ: the Greedy Goblin takes as many Fairies as there are, up to two, even
/// none, and still counts as a wild card: play goes on.
#[test]
fn faq_greedy_goblin_with_one_or_no_fairy() -> Result<(), Box<dyn std::error::Error>> {
    let greedy = goblin(Goblin::Greedy, 0);
    // One Fairy on the Swarm.
    let mut state = position(
        &[&[sf(Winter, 8, 0)], &[greedy], &[sf(Spring, 1, 0)]],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(sf(Winter, 8, 0)));
    settle(&mut state, &[]);
    act(&mut state, 1, Action::Play(greedy));
    assert_eq!(state.stash(Player(1)), &[sf(Winter, 8, 0)]);
    assert_eq!(swarm(&state), vec![greedy]);
    assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
    // No Fairy at all: a Goblin on a new Swarm still plays.
    let mut state = position(&[&[greedy], &[], &[]], |_| {})?;
    act(&mut state, 0, Action::Play(greedy));
    assert!(state.stash(Player(0)).is_empty());
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

/// FAQ: once the Fairies are taken, any Season Fairy may be played, as on a
/// new Swarm, but nobody draws up to five.
#[test]
fn faq_any_fairy_after_the_fairies_are_taken() -> Result<(), Box<dyn std::error::Error>> {
    let greedy = goblin(Goblin::Greedy, 0);
    let mut state = position(
        &[&[sf(Winter, 8, 0)], &[greedy], &[sf(Spring, 1, 0)]],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(sf(Winter, 8, 0)));
    settle(&mut state, &[]);
    act(&mut state, 1, Action::Play(greedy));
    let sizes: Vec<usize> = (0..3).map(|p| state.hand(Player(p)).len()).collect();
    assert!(
        state
            .legal_actions(Player(2))
            .contains(&Action::Play(sf(Spring, 1, 0)))
    );
    act(&mut state, 2, Action::Play(sf(Spring, 1, 0)));
    // Spring 1 draws two by default; nobody else drew.
    assert_eq!(state.hand(Player(0)).len(), sizes[0]);
    assert_eq!(state.hand(Player(1)).len(), sizes[1]);
    Ok(())
}

/// FAQ: the Stash keeps its order: a won Swarm goes on top in the same order,
/// after anything stashed before.
#[test]
fn faq_stash_order_never_changes() -> Result<(), Box<dyn std::error::Error>> {
    let mut state = position(
        &[
            &[sf(Winter, 1, 0), sf(Autumn, 8, 0)],
            &[sf(Winter, 2, 0), sf(Summer, 5, 0)],
            &[],
        ],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(sf(Winter, 1, 0)));
    act(&mut state, 0, Action::Stash(sf(Autumn, 8, 0)));
    act(&mut state, 1, Action::Play(sf(Winter, 2, 0)));
    let stashed = sf(Summer, 5, 0);
    act(&mut state, 1, Action::Stash(stashed));
    act(&mut state, 2, Action::Flunk);
    // Nobody holds cards, so the window is empty and player 1 wins.
    while let Phase::RoyalWindow { asked, .. } = state.phase() {
        act(&mut state, asked.0, Action::Pass);
    }
    assert_eq!(
        &state.stash(Player(1))[..3],
        &[stashed, sf(Winter, 1, 0), sf(Winter, 2, 0)]
    );
    assert_eq!(state.stash(Player(0)), &[sf(Autumn, 8, 0)]);
    Ok(())
}

/// FAQ: you may flunk even when you could play.
#[test]
fn faq_flunking_by_choice() -> Result<(), Box<dyn std::error::Error>> {
    let mut state = position(&[&[sf(Spring, 1, 0)], &[sf(Spring, 2, 0)], &[]], |_| {})?;
    act(&mut state, 0, Action::Play(sf(Spring, 1, 0)));
    let legal = state.legal_actions(Player(1));
    assert!(legal.contains(&Action::Play(sf(Spring, 2, 0))));
    assert!(legal.contains(&Action::Flunk));
    act(&mut state, 1, Action::Flunk);
    assert!(matches!(
        state.phase(),
        Phase::RoyalWindow {
            flunker: Player(1),
            ..
        }
    ));
    Ok(())
}

/// Starting a Swarm: any card; flunking with cards in hand is refused (there
/// is nothing to follow).
#[test]
fn a_new_swarm_must_be_started() -> Result<(), Box<dyn std::error::Error>> {
    let mut state = position(&[&[trap(0), royal(Royal::King)], &[], &[]], |_| {})?;
    let before = state.clone();
    assert_eq!(
        state.apply(Player(0), Action::Flunk, &mut rng()),
        Err(ActionError::Illegal(Violation::MustStart))
    );
    assert_eq!(state, before);
    assert_eq!(state.legal_actions(Player(0)).len(), 2);
    Ok(())
}
