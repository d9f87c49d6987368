//! The rulebook's worked example and every FAQ answer.

use crate::season_support;

use fairy_ring::season::{Action, Event, Phase, Season, State, Violation, rules};
use fairy_ring::{ActionError, Game, Player};
use season_support::*;

type R = Result<(), Box<dyn std::error::Error>>;

/// 3, 3, 7 Spring; 4, 6 Summer; 2, 7 Autumn; 6 Winter, each legal in turn,
/// and the moves the Season Rules forbid along the way.
#[test]
fn the_season_example_climbs_through_all_four_seasons() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Spring 3", "Summer 4", "Autumn 7"])
        .hand(Player(1), ["Spring 3", "Summer 6", "Winter 6"])
        .hand(Player(2), ["Spring 7", "Autumn 2"])
        .build()?;
    let plan = cards([
        "Spring 3",
        "Spring 3 #2",
        "Spring 7",
        "Summer 4",
        "Summer 6",
        "Autumn 2",
        "Autumn 7",
        "Winter 6",
    ]);
    // Cards that must be refused after each step of the example: a lower
    // number of the same season, an earlier season, a skipped season.
    let refused: [&[&str]; 8] = [
        &["Spring 2", "Autumn 1"],
        &["Spring 2", "Winter 8"],
        &["Spring 6", "Autumn 8"],
        &["Summer 3", "Spring 8", "Winter 1"],
        &["Summer 5", "Spring 8"],
        &["Autumn 1", "Summer 8"],
        &["Autumn 6", "Spring 1"],
        &["Winter 5", "Spring 1", "Autumn 8"],
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
        for bad in refused[i].iter().map(|name| c(name)) {
            assert_eq!(
                rules::check_play(state.swarm(), bad),
                Err(Violation::SeasonRules(bad)),
                "{bad} after {card}"
            );
        }
    }
    assert_eq!(state.swarm(), plan);
    // Winter 8 is the highest Fairy: only another Winter 8 follows it.
    let mut top = state.swarm().to_vec();
    top.push(c("Winter 8"));
    assert!(rules::check_play(&top, c("Winter 8 #2")).is_ok());
    assert!(rules::check_play(&top, c("Spring 1")).is_err());
    Ok(())
}

/// The second Spring 3 matches the first: the Matching Bonus is offered after
/// its own ability (Spring 3 draws two by default), as a draw or a stash.
#[test]
fn matching_bonus_follows_the_ability() -> R {
    let mut state = State::builder(3)
        .hand(Player(0), ["Spring 3"])
        .hand(Player(1), ["Summer 3"])
        .deal(0)
        .build()?;
    play(&mut state, 0, "Spring 3");
    assert_eq!(state.hand(Player(0)).len(), 2, "Spring 3 draws two");
    let events = play(&mut state, 1, "Summer 3");
    let drew = |e: &&Event| matches!(e, Event::Drew { .. });
    assert_eq!(
        events.iter().filter(drew).count(),
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
fn autumn_1_draws_one_then_stashes_one() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Autumn 1", "Winter 2"])
        .build()?;
    let ability = state.config().cards.ability(Season::Autumn, 1);
    assert_eq!(ability.map(|a| (a.draw, a.stash)), Some((1, 1)));
    play(&mut state, 0, "Autumn 1");
    assert_eq!(state.hand(Player(0)).len(), 2);
    assert!(matches!(state.phase(), Phase::Stashing { left: 1, .. }));
    act(&mut state, 0, Action::Stash(c("Winter 2")));
    assert_eq!(state.stash(Player(0)), &[c("Winter 2")]);
    Ok(())
}

/// FAQ: with no cards in hand on your turn you flunk; the Swarm ends unless
/// a Royal continues it; then you draw back up to five.
#[test]
fn faq_empty_hand_flunks_and_draws_back_to_five() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Trap"])
        .empty_hand(Player(1))
        .hand(Player(2), ["Winter 1"])
        .build()?;
    assert_eq!(state.legal_actions(Player(1)).as_slice(), &[Action::Flunk]);
    act(&mut state, 1, Action::Flunk);
    // Player 2 is asked (no Royal, so only Pass), then player 0.
    let window = |asked| Phase::RoyalWindow {
        flunker: Player(1),
        asked: Player(asked),
    };
    assert_eq!(state.phase(), window(2));
    assert_eq!(state.legal_actions(Player(2)).as_slice(), &[Action::Pass]);
    act(&mut state, 2, Action::Pass);
    assert_eq!(state.phase(), window(0));
    let events = act(&mut state, 0, Action::Pass);
    assert!(events.contains(&Event::SwarmWon {
        winner: Some(Player(0)),
        cards: 1
    }));
    assert_eq!(state.stash(Player(0)), &[c("Trap")]);
    assert_eq!(state.hand(Player(1)).len(), 5);
    assert_eq!(state.hand(Player(2)).len(), 5);
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

/// FAQ: the Greedy Goblin takes as many Fairies as there are, up to two, even
/// none, and still counts as a wild card: play goes on.
#[test]
fn faq_greedy_goblin_with_one_or_no_fairy() -> R {
    // One Fairy on the Swarm.
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Winter 8"])
        .hand(Player(1), ["Greedy Goblin"])
        .build()?;
    play(&mut state, 1, "Greedy Goblin");
    assert_eq!(state.stash(Player(1)), &[c("Winter 8")]);
    assert_eq!(state.swarm(), &[c("Greedy Goblin")]);
    assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
    // No Fairy at all: a Goblin on a new Swarm still plays.
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Greedy Goblin"])
        .build()?;
    play(&mut state, 0, "Greedy Goblin");
    assert!(state.stash(Player(0)).is_empty());
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

/// FAQ: once the Fairies are taken, any Season Fairy may be played, as on a
/// new Swarm, but nobody draws up to five.
#[test]
fn faq_any_fairy_after_the_fairies_are_taken() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Winter 8"])
        .hand(Player(1), ["Greedy Goblin"])
        .hand(Player(2), ["Spring 1"])
        .build()?;
    play(&mut state, 1, "Greedy Goblin");
    let sizes: Vec<usize> = (0..3).map(|p| state.hand(Player(p)).len()).collect();
    assert!(
        state
            .legal_actions(Player(2))
            .contains(&Action::Play(c("Spring 1")))
    );
    play(&mut state, 2, "Spring 1");
    // Spring 1 draws two by default; nobody else drew.
    assert_eq!(state.hand(Player(0)).len(), sizes[0]);
    assert_eq!(state.hand(Player(1)).len(), sizes[1]);
    Ok(())
}

/// FAQ: the Stash keeps its order: a won Swarm goes on top in the same order,
/// after anything stashed before.
#[test]
fn faq_stash_order_never_changes() -> R {
    let mut state = State::builder(3)
        .hand(Player(0), ["Winter 1", "Autumn 8"])
        .hand(Player(1), ["Winter 2", "Summer 5"])
        .deal(0)
        .build()?;
    play(&mut state, 0, "Winter 1");
    act(&mut state, 0, Action::Stash(c("Autumn 8")));
    play(&mut state, 1, "Winter 2");
    act(&mut state, 1, Action::Stash(c("Summer 5")));
    // Nobody holds cards, so the window is empty and player 1 wins.
    act(&mut state, 2, Action::Flunk);
    assert_eq!(
        &state.stash(Player(1))[..3],
        cards(["Summer 5", "Winter 1", "Winter 2"])
    );
    assert_eq!(state.stash(Player(0)), &[c("Autumn 8")]);
    Ok(())
}

/// FAQ: you may flunk even when you could play.
#[test]
fn faq_flunking_by_choice() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Spring 1"])
        .hand(Player(1), ["Spring 2"])
        .build()?;
    let legal = state.legal_actions(Player(1));
    assert!(legal.contains(&Action::Play(c("Spring 2"))));
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
fn a_new_swarm_must_be_started() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Trap", "King"])
        .build()?;
    let before = state;
    assert_eq!(
        state.apply(Player(0), Action::Flunk, &mut rng()),
        Err(ActionError::Illegal(Violation::MustStart))
    );
    assert_eq!(state, before);
    assert_eq!(state.legal_actions(Player(0)).len(), 2);
    Ok(())
}
