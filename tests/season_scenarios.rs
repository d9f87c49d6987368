//! Scenario tests: every Goblin, Traps, Royals out of turn, the Royal Win,
//! the final Swarm, hidden information and setup validation.

mod season_support;

use fairy_ring::season::{
    Ability, Action, CardSet, Direction, Event, Goblin, GoblinEffect, Phase, Royal, Setup,
    SetupError, State, Violation,
};
use fairy_ring::{ActionError, Game, Player, PlayerSet, Seat};
use season_support::*;

type R = Result<(), Box<dyn std::error::Error>>;

#[test]
fn robber_goblin_plays_the_top_fairy_of_a_stash() -> R {
    let robber = goblin(Goblin::Robber, 0);
    let mut state = position(&[&[sf(Spring, 4, 0)], &[robber], &[]], |s| {
        s.stashes[2].push(sf(Spring, 6, 0));
        s.stashes[0].push(sf(Spring, 2, 0)); // lower than Spring 4: not playable
    })?;
    act(&mut state, 0, Action::Play(sf(Spring, 4, 0)));
    act(&mut state, 1, Action::Play(robber));
    assert_eq!(state.phase(), Phase::Robbing { player: Player(1) });
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        &[Action::RobFrom(Player(2))]
    );
    let events = act(&mut state, 1, Action::RobFrom(Player(2)));
    assert!(events.contains(&Event::Robbed {
        player: Player(1),
        from: Player(2),
        card: sf(Spring, 6, 0)
    }));
    assert_eq!(
        swarm(&state),
        vec![sf(Spring, 4, 0), robber, sf(Spring, 6, 0)]
    );
    assert!(state.stash(Player(2)).is_empty());
    assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
    Ok(())
}

#[test]
fn robber_goblin_without_a_target_is_a_wild_card() -> R {
    let robber = goblin(Goblin::Robber, 1);
    let mut state = position(&[&[robber], &[], &[]], |_| {})?;
    act(&mut state, 0, Action::Play(robber));
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

#[test]
fn greedy_goblin_takes_the_top_two_fairies_past_other_cards() -> R {
    let greedy = goblin(Goblin::Greedy, 1);
    let mut state = position(&[&[greedy], &[], &[]], |s| {
        s.swarm.extend([
            sf(Spring, 1, 0),
            sf(Spring, 2, 0),
            royal(Royal::Queen),
            trap(0),
        ]);
        s.swarm.pop(); // a Goblin cannot go on a Trap: leave the Queen... on top
        s.stashes[1].push(trap(0));
        s.swarm.push(goblin(Goblin::Hungry, 0));
        s.last_played = Some(Player(2));
    })?;
    act(&mut state, 0, Action::Play(greedy));
    assert_eq!(
        state.stash(Player(0)),
        &[royal(Royal::Queen), sf(Spring, 2, 0)]
    );
    assert_eq!(
        swarm(&state),
        vec![sf(Spring, 1, 0), goblin(Goblin::Hungry, 0), greedy]
    );
    Ok(())
}

#[test]
fn dizzy_goblin_passes_two_cards_seen_only_by_giver_and_receiver() -> R {
    let dizzy = goblin(Goblin::Dizzy, 0);
    let h0 = [dizzy, sf(Spring, 1, 0), sf(Spring, 2, 0)];
    let h1 = [sf(Summer, 1, 0), sf(Summer, 2, 0), sf(Summer, 3, 0)];
    let h2 = [sf(Autumn, 1, 0)];
    let mut state = position(&[&h0, &h1, &h2], |_| {})?;
    act(&mut state, 0, Action::Play(dizzy));
    assert_eq!(
        state.phase(),
        Phase::Aiming {
            player: Player(0),
            count: 2
        }
    );
    act(&mut state, 0, Action::PassTo(Direction::Right));
    assert_eq!(state.to_act(), PlayerSet::first(3));
    act(&mut state, 1, Action::Give(sf(Summer, 3, 0)));
    assert!(
        !state
            .legal_actions(Player(1))
            .contains(&Action::Give(sf(Summer, 3, 0)))
    );
    // The choice is hidden from the others.
    assert_eq!(
        state.view_for(Seat::Player(Player(1))).chosen.as_slice(),
        &[sf(Summer, 3, 0)]
    );
    assert!(state.view_for(Seat::Player(Player(0))).chosen.is_empty());
    act(&mut state, 1, Action::Give(sf(Summer, 1, 0)));
    act(&mut state, 2, Action::Give(sf(Autumn, 1, 0)));
    assert_eq!(state.to_act(), PlayerSet::only(Player(0)));
    act(&mut state, 0, Action::Give(sf(Spring, 1, 0)));
    let events = act(&mut state, 0, Action::Give(sf(Spring, 2, 0)));
    // Right: 0 -> 2, 1 -> 0, 2 -> 1.
    assert_eq!(state.hand(Player(0)), &[sf(Summer, 3, 0), sf(Summer, 1, 0)]);
    assert_eq!(state.hand(Player(1)), &[sf(Summer, 2, 0), sf(Autumn, 1, 0)]);
    assert_eq!(state.hand(Player(2)), &[sf(Spring, 1, 0), sf(Spring, 2, 0)]);
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    let passed = |seat: Seat| -> Vec<_> {
        State::redact_all(&events, seat)
            .iter()
            .filter_map(|e| match e {
                Event::CardPassed { from, card, .. } if *from == Player(1) => Some(*card),
                _ => None,
            })
            .collect()
    };
    let shown = vec![Some(sf(Summer, 3, 0)), Some(sf(Summer, 1, 0))];
    assert_eq!(passed(Seat::Player(Player(1))), shown);
    assert_eq!(passed(Seat::Player(Player(0))), shown);
    assert_eq!(passed(Seat::Player(Player(2))), vec![None, None]);
    assert_eq!(passed(Seat::Spectator), vec![None, None]);
    Ok(())
}

#[test]
fn thief_goblin_steals_the_top_of_a_rivals_stash() -> R {
    let thief = goblin(Goblin::Thief, 0);
    let mut state = position(&[&[thief], &[], &[]], |s| {
        s.stashes[2].extend([sf(Spring, 1, 0), royal(Royal::King)]);
    })?;
    act(&mut state, 0, Action::Play(thief));
    assert_eq!(
        state.legal_actions(Player(0)).as_slice(),
        &[Action::StealFrom(Player(2))]
    );
    act(&mut state, 0, Action::StealFrom(Player(2)));
    assert_eq!(state.stash(Player(0)), &[royal(Royal::King)]);
    assert_eq!(state.stash(Player(2)), &[sf(Spring, 1, 0)]);
    Ok(())
}

#[test]
fn trickster_goblin_swaps_hands() -> R {
    let trickster = goblin(Goblin::Trickster, 0);
    let mut state = position(
        &[
            &[trickster, sf(Spring, 1, 0)],
            &[sf(Summer, 1, 0), sf(Summer, 2, 0)],
            &[],
        ],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(trickster));
    let legal = state.legal_actions(Player(0));
    assert_eq!(
        legal.as_slice(),
        &[Action::SwapWith(Player(1)), Action::SwapWith(Player(2))]
    );
    act(&mut state, 0, Action::SwapWith(Player(1)));
    assert_eq!(state.hand(Player(0)), &[sf(Summer, 1, 0), sf(Summer, 2, 0)]);
    assert_eq!(state.hand(Player(1)), &[sf(Spring, 1, 0)]);
    Ok(())
}

#[test]
fn hoarder_goblin_stashes_two_from_hand() -> R {
    let hoarder = goblin(Goblin::Hoarder, 0);
    let mut state = position(
        &[
            &[
                hoarder,
                sf(Spring, 1, 0),
                sf(Spring, 2, 0),
                sf(Spring, 3, 0),
            ],
            &[],
            &[],
        ],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(hoarder));
    act(&mut state, 0, Action::Stash(sf(Spring, 2, 0)));
    act(&mut state, 0, Action::Stash(sf(Spring, 3, 0)));
    assert_eq!(
        state.stash(Player(0)),
        &[sf(Spring, 2, 0), sf(Spring, 3, 0)]
    );
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

#[test]
fn hungry_goblin_draws_two_seen_only_by_the_drawer() -> R {
    let hungry = goblin(Goblin::Hungry, 1);
    let mut state = position(&[&[hungry], &[], &[]], |_| {})?;
    let top = *state.deck().last().ok_or("deck")?;
    let events = act(&mut state, 0, Action::Play(hungry));
    assert_eq!(state.hand(Player(0)).len(), 2);
    assert!(
        State::redact_all(&events, Seat::Player(Player(0))).contains(&Event::Drew {
            player: Player(0),
            card: Some(top)
        })
    );
    assert!(
        !State::redact_all(&events, Seat::Player(Player(1)))
            .iter()
            .any(|e| matches!(e, Event::Drew { card: Some(_), .. }))
    );
    Ok(())
}

#[test]
fn sneaky_goblin_grabs_one_fairy() -> R {
    let sneaky = goblin(Goblin::Sneaky, 0);
    let mut state = position(&[&[sf(Spring, 1, 0)], &[sneaky], &[]], |_| {})?;
    act(&mut state, 0, Action::Play(sf(Spring, 1, 0)));
    act(&mut state, 1, Action::Play(sneaky));
    assert_eq!(state.stash(Player(1)), &[sf(Spring, 1, 0)]);
    Ok(())
}

#[test]
fn traps_go_on_traps_and_only_traps_or_royals_follow() -> R {
    let mut state = position(
        &[
            &[trap(0)],
            &[trap(1), sf(Spring, 1, 0), goblin(Goblin::Hungry, 0)],
            &[],
        ],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(trap(0)));
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        &[Action::Play(trap(1)), Action::Flunk]
    );
    let before = state.clone();
    assert_eq!(
        state.apply(Player(1), Action::Play(sf(Spring, 1, 0)), &mut rng()),
        Err(ActionError::Illegal(Violation::OnTrap))
    );
    assert_eq!(state, before);
    act(&mut state, 1, Action::Play(trap(1)));
    assert_eq!(swarm(&state), vec![trap(0), trap(1)]);
    Ok(())
}

#[test]
fn nothing_but_fairies_on_a_royal() -> R {
    let king = royal(Royal::King);
    let mut state = position(
        &[
            &[king],
            &[
                trap(0),
                goblin(Goblin::Hungry, 0),
                sf(Winter, 1, 0),
                royal(Royal::Queen),
            ],
            &[],
        ],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(king));
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        &[
            Action::Play(sf(Winter, 1, 0)),
            Action::Play(royal(Royal::Queen)),
            Action::Flunk
        ]
    );
    assert_eq!(
        state.apply(Player(1), Action::Play(trap(0)), &mut rng()),
        Err(ActionError::Illegal(Violation::OnRoyal))
    );
    Ok(())
}

/// After a Trap and a flunk, the window goes around in turn order; a Royal
/// continues play from its player, and the flunker plays again in turn.
#[test]
fn royal_out_of_turn_after_a_trap() -> R {
    let queen = royal(Royal::Queen);
    let mut state = position(
        &[
            &[trap(0), sf(Spring, 5, 0)],
            &[sf(Spring, 1, 0)],
            &[sf(Spring, 2, 0)],
            &[queen, sf(Spring, 3, 0)],
        ],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(trap(0)));
    act(&mut state, 1, Action::Flunk);
    let window = |asked| Phase::RoyalWindow {
        flunker: Player(1),
        asked: Player(asked),
    };
    assert_eq!(state.phase(), window(2));
    act(&mut state, 2, Action::Pass);
    assert_eq!(state.phase(), window(3));
    assert_eq!(
        state.legal_actions(Player(3)).as_slice(),
        &[Action::Play(queen), Action::Pass]
    );
    assert_eq!(
        state.apply(Player(3), Action::Play(sf(Spring, 3, 0)), &mut rng()),
        Err(ActionError::Illegal(Violation::NotRoyal))
    );
    act(&mut state, 3, Action::Play(queen));
    assert_eq!(state.last_played(), Some(Player(3)));
    assert_eq!(state.phase(), Phase::Turn { player: Player(0) });
    act(&mut state, 0, Action::Play(sf(Spring, 5, 0)));
    settle(&mut state, &[]);
    // The flunker is back in the Swarm.
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

/// When every other player passes, the last player to play wins; everyone
/// draws up to five in turn order from the flunker, who starts next.
#[test]
fn swarm_won_then_refill_in_turn_order_from_the_flunker() -> R {
    let mut state = position(
        &[
            &[sf(Winter, 5, 0)],
            &[sf(Spring, 1, 0)],
            &[sf(Spring, 2, 0)],
        ],
        |_| {},
    )?;
    act(&mut state, 0, Action::Play(sf(Winter, 5, 0)));
    act(&mut state, 1, Action::Flunk);
    let deck_top: Vec<_> = state.deck().iter().rev().take(13).copied().collect();
    // Player 0 has no cards left, so player 2 is the last one asked.
    let events = act(&mut state, 2, Action::Pass);
    assert_eq!(state.stash(Player(0)), &[sf(Winter, 5, 0)]);
    let order: Vec<Player> = events
        .iter()
        .filter_map(|e| match e {
            Event::Drew { player, .. } => Some(*player),
            _ => None,
        })
        .collect();
    let expected: Vec<Player> = [1, 1, 1, 1, 2, 2, 2, 2, 0, 0, 0, 0, 0].map(Player).to_vec();
    assert_eq!(order, expected);
    assert_eq!(state.hand(Player(1))[1..], deck_top[..4]);
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    assert!(state.swarm().is_empty());
    Ok(())
}

#[test]
fn four_royals_in_a_stash_win_at_once() -> R {
    let mut state = position(
        &[&[royal(Royal::Princess)], &[sf(Spring, 1, 0)], &[]],
        |s| {
            s.stashes[0].extend([
                royal(Royal::King),
                royal(Royal::Queen),
                royal(Royal::Prince),
            ]);
            s.stashes[1].extend((1..=8).flat_map(|n| [sf(Summer, n, 0), sf(Summer, n, 1)]));
        },
    )?;
    act(&mut state, 0, Action::Play(royal(Royal::Princess)));
    // Nobody else holds cards: no window, the Swarm ends at the flunk.
    let events = act(&mut state, 1, Action::Flunk);
    assert!(events.contains(&Event::RoyalWin { player: Player(0) }));
    let outcome = state.outcome().ok_or("over")?;
    assert_eq!(outcome.winners(), PlayerSet::only(Player(0)));
    assert_eq!(outcome.scores(), &[8, 16, 0]);
    assert!(
        !state.deck().is_empty(),
        "the game ended before the deck ran out"
    );
    Ok(())
}

/// The deck runs out mid-Swarm: this is the final Swarm, and winning it ends
/// the game; a tie on points goes to the player with more Royals.
#[test]
fn the_final_swarm_ends_the_game_and_royals_break_ties() -> R {
    let mut setup = Setup::new(3);
    setup.hands[0].push(sf(Spring, 1, 0)); // draws the last two cards
    setup.hands[1].push(sf(Spring, 2, 0));
    setup.stashes[1].extend([royal(Royal::King)]);
    setup.stashes[2].extend([sf(Winter, 1, 0), sf(Winter, 2, 0), sf(Winter, 3, 0)]);
    let placed: Vec<_> = setup
        .hands
        .iter()
        .flatten()
        .chain(setup.stashes.iter().flatten())
        .copied()
        .collect();
    let rest: Vec<_> = fairy_ring::season::Card::all()
        .filter(|c| !placed.contains(c))
        .collect();
    // Everything else is already stashed by player 0, except two deck cards.
    let (deck, stashed) = rest.split_at(2);
    setup.deck.extend(deck.iter().copied());
    setup.stashes[0].extend(stashed.iter().copied());
    let mut state = State::try_from(setup)?;
    let events = act(&mut state, 0, Action::Play(sf(Spring, 1, 0)));
    assert!(events.contains(&Event::DeckEmpty));
    assert!(state.deck().is_empty());
    act(&mut state, 1, Action::Flunk);
    while let Phase::RoyalWindow { asked, .. } = state.phase() {
        act(&mut state, asked.0, Action::Pass);
    }
    let outcome = state.outcome().ok_or("the final Swarm ends the game")?;
    assert_eq!(outcome.winners(), PlayerSet::only(Player(0)));

    // A tie on points: 3 each; player 1 has a Royal and wins.
    let mut setup = Setup::new(3);
    setup.hands[0].push(sf(Spring, 1, 0));
    setup.stashes[0].extend([sf(Winter, 4, 0), sf(Winter, 5, 0)]);
    setup.stashes[1].extend([royal(Royal::King), sf(Winter, 6, 0)]);
    setup.stashes[2].extend([sf(Winter, 1, 0), sf(Winter, 2, 0), sf(Winter, 3, 0)]);
    let placed: Vec<_> = setup
        .hands
        .iter()
        .flatten()
        .chain(setup.stashes.iter().flatten())
        .copied()
        .collect();
    setup
        .swarm
        .extend(fairy_ring::season::Card::all().filter(|c| !placed.contains(c) && c.points() == 0));
    setup
        .swarm
        .retain(|c| c.kind() == fairy_ring::season::CardKind::Trap);
    let placed: Vec<_> = placed
        .into_iter()
        .chain(setup.swarm.iter().copied())
        .collect();
    setup.hands[2].extend(fairy_ring::season::Card::all().filter(|c| !placed.contains(c)));
    setup.last_played = Some(Player(2));
    setup.phase = Phase::RoyalWindow {
        flunker: Player(0),
        asked: Player(2),
    };
    // Player 2 holds every other card, Royals included, and passes.
    let mut state = State::try_from(setup)?;
    act(&mut state, 2, Action::Pass);
    let outcome = state.outcome().ok_or("over")?;
    assert_eq!(outcome.scores(), &[2, 3, 3]);
    assert_eq!(outcome.winners(), PlayerSet::only(Player(1)));
    Ok(())
}

/// Two states that differ only in hidden information (another hand, the deck
/// order) look the same to a player who cannot see it, and to a spectator.
#[test]
fn views_hide_hands_and_deck() -> R {
    let a = position(&[&[sf(Spring, 1, 0)], &[sf(Summer, 1, 0)], &[]], |_| {})?;
    let b = position(&[&[sf(Spring, 1, 0)], &[sf(Autumn, 7, 1)], &[]], |s| {
        s.deck.push(sf(Summer, 1, 0));
        s.deck.push(sf(Winter, 8, 1));
    })?;
    assert_ne!(a, b);
    assert_eq!(
        a.view_for(Seat::Player(Player(0))),
        b.view_for(Seat::Player(Player(0)))
    );
    assert_eq!(
        a.view_for(Seat::Player(Player(2))),
        b.view_for(Seat::Player(Player(2)))
    );
    assert_eq!(a.view_for(Seat::Spectator), b.view_for(Seat::Spectator));
    assert_ne!(
        a.view_for(Seat::Player(Player(1))),
        b.view_for(Seat::Player(Player(1)))
    );
    assert!(a.view_for(Seat::Spectator).hand.is_empty());
    assert_eq!(
        a.view_for(Seat::Player(Player(9))),
        a.view_for(Seat::Spectator)
    );
    Ok(())
}

#[test]
fn setup_errors_are_precise() {
    let mut setup = Setup::new(3);
    setup.fill_deck();
    assert!(State::try_from(setup.clone()).is_ok());
    let mut twice = setup.clone();
    twice.hands[0].push(sf(Spring, 1, 0));
    assert_eq!(
        State::try_from(twice),
        Err(SetupError::DuplicateCard(sf(Spring, 1, 0)))
    );
    let mut missing = setup.clone();
    missing.deck.retain(|c| *c != trap(3));
    assert_eq!(
        State::try_from(missing),
        Err(SetupError::MissingCard(trap(3)))
    );
    assert_eq!(
        State::try_from(Setup::new(2)),
        Err(SetupError::PlayerCount(2))
    );
    let mut royal_win = setup.clone();
    royal_win.deck.retain(|c| !c.is_royal());
    royal_win.stashes[1].extend(Royal::ALL.map(royal));
    assert_eq!(
        State::try_from(royal_win),
        Err(SetupError::RoyalWinMissed(Player(1)))
    );
    let mut stray = setup.clone();
    stray.last_played = Some(Player(1));
    assert_eq!(State::try_from(stray), Err(SetupError::LastPlayed));
    let mut asked = setup;
    asked.phase = Phase::RoyalWindow {
        flunker: Player(1),
        asked: Player(1),
    };
    assert_eq!(State::try_from(asked), Err(SetupError::FlunkerAsked));
}

/// A user's own printing: Spring 1 stashes three, Greedy grabs only one.
#[test]
fn a_custom_card_set_changes_abilities_without_code() -> R {
    let mut cards = CardSet::default();
    cards.seasons[0][0] = Ability::new(0, 3);
    cards.goblins[Goblin::Greedy.index()] = GoblinEffect::GrabFromSwarm(1);
    let hand = [
        sf(Spring, 1, 0),
        sf(Winter, 1, 0),
        sf(Winter, 2, 0),
        sf(Winter, 3, 0),
    ];
    let mut state = position(&[&hand, &[goblin(Goblin::Greedy, 0)], &[]], |s| {
        s.cards = cards
    })?;
    act(&mut state, 0, Action::Play(sf(Spring, 1, 0)));
    for card in &hand[1..] {
        act(&mut state, 0, Action::Stash(*card));
    }
    assert_eq!(state.stash(Player(0)), &hand[1..]);
    assert_eq!(state.hand(Player(0)).len(), 0, "no draw in this printing");
    act(&mut state, 1, Action::Play(goblin(Goblin::Greedy, 0)));
    assert_eq!(state.stash(Player(1)), &[sf(Spring, 1, 0)]);
    Ok(())
}

/// A swapped hand must not tell its new owner in which order the old owner
/// got its cards (which were drawn last, which were dealt): two positions that
/// differ only in the order of player 1's hand look the same to player 0 after
/// the swap, and the same holds the other way round.
#[test]
fn swapped_hands_do_not_reveal_the_order_cards_were_got() -> R {
    let trickster = goblin(Goblin::Trickster, 0);
    let h0 = [sf(Autumn, 4, 0), trickster, sf(Spring, 6, 1)];
    let h1 = [sf(Summer, 7, 0), royal(Royal::King), sf(Spring, 2, 0)];
    let h1_reordered = [sf(Spring, 2, 0), sf(Summer, 7, 0), royal(Royal::King)];
    let h0_reordered = [sf(Spring, 6, 1), sf(Autumn, 4, 0), trickster];
    let swap = |h0: &[_], h1: &[_]| -> Result<State, Box<dyn std::error::Error>> {
        let mut state = position(&[h0, h1, &[]], |_| {})?;
        act(&mut state, 0, Action::Play(trickster));
        act(&mut state, 0, Action::SwapWith(Player(1)));
        Ok(state)
    };
    let a = swap(&h0, &h1)?;
    let b = swap(&h0, &h1_reordered)?;
    let c = swap(&h0_reordered, &h1)?;
    let seat = |p| Seat::Player(Player(p));
    assert_eq!(a.view_for(seat(0)), b.view_for(seat(0)));
    assert_eq!(a.view_for(seat(1)), c.view_for(seat(1)));
    let mut got: Vec<_> = h1.to_vec();
    got.sort();
    assert_eq!(a.hand(Player(0)), got.as_slice());
    Ok(())
}
