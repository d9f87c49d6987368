//! Scenario tests: every Goblin, Traps, Royals out of turn, the Royal Win,
//! the final Swarm, hidden information and setup validation.

use crate::season_support;

use fairy_ring::season::{
    Ability, Action, Card, CardSet, Direction, Event, Goblin, GoblinEffect, Phase, Season, Setup,
    SetupError, State, Violation,
};
use fairy_ring::{ActionError, Game, Player, PlayerSet, Seat};
use season_support::*;

type R = Result<(), Box<dyn std::error::Error>>;

#[test]
fn robber_goblin_plays_the_top_fairy_of_a_stash() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Spring 4"])
        .hand(Player(1), ["Robber Goblin"])
        .stash(Player(2), ["Spring 6"])
        .stash(Player(0), ["Spring 2"]) // lower than Spring 4: not playable
        .build()?;
    play(&mut state, 1, "Robber Goblin");
    assert_eq!(state.phase(), Phase::Robbing { player: Player(1) });
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        &[Action::RobFrom(Player(2))]
    );
    let events = act(&mut state, 1, Action::RobFrom(Player(2)));
    assert!(events.contains(&Event::Robbed {
        player: Player(1),
        from: Player(2),
        card: c("Spring 6")
    }));
    assert_eq!(
        state.swarm(),
        cards(["Spring 4", "Robber Goblin", "Spring 6"])
    );
    assert!(state.stash(Player(2)).is_empty());
    assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
    Ok(())
}

#[test]
fn robber_goblin_without_a_target_is_a_wild_card() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Robber Goblin"])
        .build()?;
    play(&mut state, 0, "Robber Goblin");
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

#[test]
fn greedy_goblin_takes_the_top_two_fairies_past_other_cards() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(
            Player(2),
            ["Spring 1", "Spring 2", "Queen", "Hungry Goblin"],
        )
        .hand(Player(0), ["Greedy Goblin"])
        .build()?;
    play(&mut state, 0, "Greedy Goblin");
    assert_eq!(state.stash(Player(0)), cards(["Queen", "Spring 2"]));
    assert_eq!(
        state.swarm(),
        cards(["Spring 1", "Hungry Goblin", "Greedy Goblin"])
    );
    Ok(())
}

#[test]
fn dizzy_goblin_passes_two_cards_seen_only_by_giver_and_receiver() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Dizzy Goblin", "Spring 1", "Spring 2"])
        .hand(Player(1), ["Summer 1", "Summer 2", "Summer 3"])
        .hand(Player(2), ["Autumn 1"])
        .build()?;
    play(&mut state, 0, "Dizzy Goblin");
    assert_eq!(
        state.phase(),
        Phase::Aiming {
            player: Player(0),
            count: 2
        }
    );
    act(&mut state, 0, Action::PassTo(Direction::Right));
    assert_eq!(state.to_act(), PlayerSet::first(3));
    act(&mut state, 1, Action::Give(c("Summer 3")));
    assert!(
        !state
            .legal_actions(Player(1))
            .contains(&Action::Give(c("Summer 3")))
    );
    // The choice is hidden from the others.
    assert_eq!(
        state.view_for(Seat::Player(Player(1))).chosen.as_slice(),
        &[c("Summer 3")]
    );
    assert!(state.view_for(Seat::Player(Player(0))).chosen.is_empty());
    act(&mut state, 1, Action::Give(c("Summer 1")));
    act(&mut state, 2, Action::Give(c("Autumn 1")));
    assert_eq!(state.to_act(), PlayerSet::only(Player(0)));
    act(&mut state, 0, Action::Give(c("Spring 1")));
    let events = act(&mut state, 0, Action::Give(c("Spring 2")));
    // Right: 0 -> 2, 1 -> 0, 2 -> 1.
    assert_eq!(state.hand(Player(0)), cards(["Summer 3", "Summer 1"]));
    assert_eq!(state.hand(Player(1)), cards(["Summer 2", "Autumn 1"]));
    assert_eq!(state.hand(Player(2)), cards(["Spring 1", "Spring 2"]));
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
    let shown = vec![Some(c("Summer 3")), Some(c("Summer 1"))];
    assert_eq!(passed(Seat::Player(Player(1))), shown);
    assert_eq!(passed(Seat::Player(Player(0))), shown);
    assert_eq!(passed(Seat::Player(Player(2))), vec![None, None]);
    assert_eq!(passed(Seat::Spectator), vec![None, None]);
    Ok(())
}

#[test]
fn thief_goblin_steals_the_top_of_a_rivals_stash() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Thief Goblin"])
        .stash(Player(2), ["Spring 1", "King"])
        .build()?;
    play(&mut state, 0, "Thief Goblin");
    assert_eq!(
        state.legal_actions(Player(0)).as_slice(),
        &[Action::StealFrom(Player(2))]
    );
    act(&mut state, 0, Action::StealFrom(Player(2)));
    assert_eq!(state.stash(Player(0)), &[c("King")]);
    assert_eq!(state.stash(Player(2)), &[c("Spring 1")]);
    Ok(())
}

#[test]
fn trickster_goblin_swaps_hands() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Trickster Goblin", "Spring 1"])
        .hand(Player(1), ["Summer 1", "Summer 2"])
        .build()?;
    play(&mut state, 0, "Trickster Goblin");
    assert_eq!(
        state.legal_actions(Player(0)).as_slice(),
        &[Action::SwapWith(Player(1)), Action::SwapWith(Player(2))]
    );
    act(&mut state, 0, Action::SwapWith(Player(1)));
    assert_eq!(state.hand(Player(0)), cards(["Summer 1", "Summer 2"]));
    assert_eq!(state.hand(Player(1)), &[c("Spring 1")]);
    Ok(())
}

#[test]
fn a_swapped_hand_is_named_to_both_players_and_counted_to_the_others() -> R {
    let mut state = State::builder(4)
        .deal(5)
        .hand(
            Player(0),
            ["Trickster Goblin", "Winter 1", "Spring 1", "King", "Trap"],
        )
        .hand(
            Player(2),
            [
                "Summer 2",
                "Summer 1",
                "Queen",
                "Autumn 5",
                "Autumn 6",
                "Hungry Goblin",
            ],
        )
        .build()?;
    play(&mut state, 0, "Trickster Goblin");
    let events = act(&mut state, 0, Action::SwapWith(Player(2)));
    let got = |to: Player| -> Vec<Card> {
        let mut hand = state.hand(to).to_vec();
        hand.sort_unstable();
        hand
    };
    let (mine, theirs) = (got(Player(0)), got(Player(2)));
    assert_eq!(state.hand(Player(0)), mine, "identity order");
    let some = |cards: &[Card]| -> [Option<Card>; 4] {
        let mut slots = [None; 4];
        for (slot, &card) in slots.iter_mut().zip(cards) {
            *slot = Some(card);
        }
        slots
    };
    let swapped = |from: u8, to: u8, cards: &[Card]| Event::SwappedCards {
        from: Player(from),
        to: Player(to),
        count: cards.len() as u8,
        cards: some(cards),
    };
    let named = vec![
        Event::HandsSwapped {
            player: Player(0),
            rival: Player(2),
        },
        swapped(2, 0, &mine[..4]),
        swapped(2, 0, &mine[4..]),
        swapped(0, 2, &theirs),
    ];
    assert_eq!(events.as_slice(), named.as_slice());
    for p in [0, 2] {
        assert_eq!(
            State::redact_all(&events, Seat::Player(Player(p))).as_slice(),
            named
        );
    }
    let counted = |from: u8, to: u8, count: u8| Event::SwappedCards {
        from: Player(from),
        to: Player(to),
        count,
        cards: [None; 4],
    };
    let hidden = vec![
        named[0],
        counted(2, 0, 4),
        counted(2, 0, 2),
        counted(0, 2, 4),
    ];
    for seat in [
        Seat::Player(Player(1)),
        Seat::Player(Player(3)),
        Seat::Spectator,
    ] {
        assert_eq!(State::redact_all(&events, seat).as_slice(), hidden);
    }
    assert_eq!(
        named[3].to_string(),
        "player 3 got Spring 1, Winter 1, the King and a Trap from player 1"
    );
    assert_eq!(hidden[2].to_string(), "player 1 got 2 cards from player 3");
    Ok(())
}

/// The Limits in the module docs: the most events one `apply` gives is 28
/// (ending a Swarm), and a swap of hands holding 89 cards gives 24; both
/// within the documented 40 and `MAX_EVENTS`.
#[test]
fn the_largest_applies_stay_within_the_documented_events() -> R {
    // A swap: player 1 holds the Trickster and 45 cards, player 2 holds 44.
    let mut setup = Setup::new(3)?;
    let trickster = c("Trickster Goblin");
    let rest: Vec<Card> = Card::all().filter(|&card| card != trickster).collect();
    setup.hands[0].push(trickster);
    setup.hands[0].extend(rest[..45].iter().copied());
    setup.hands[1].extend(rest[45..].iter().copied());
    let mut state = State::from_setup(setup)?;
    play(&mut state, 0, "Trickster Goblin");
    let events = act(&mut state, 0, Action::SwapWith(Player(1)));
    assert_eq!(events.len(), 24);
    // Ending a Swarm: 5 empty hands drawn up to five from a deck of 25.
    let mut setup = Setup::new(5)?;
    let all: Vec<Card> = Card::all().collect();
    setup.deck.extend(all[..25].iter().copied());
    setup.swarm.push(all[25]);
    for (i, &card) in all[26..].iter().enumerate() {
        setup.stashes[i % 5].push(card);
    }
    setup.last_played = Some(Player(0));
    setup.phase = Phase::Turn { player: Player(1) };
    let mut state = State::from_setup(setup)?;
    let events = act(&mut state, 1, Action::Flunk);
    assert_eq!(events.len(), 28, "{events:?}");
    assert_eq!(events.last(), Some(&Event::DeckEmpty));
    assert!(events.len() <= 40 && 40 < fairy_ring::MAX_EVENTS);
    Ok(())
}

/// Found by the `season_setup` fuzz target: `from_setup` accepted a pass
/// being aimed while every hand is empty, after which nobody could act (the
/// engine skips a pass when nobody holds a card).
#[test]
fn aiming_a_pass_while_nobody_holds_a_card_is_refused() -> R {
    let mut setup = Setup::new(3)?;
    setup.swarm.push(c("Dizzy Goblin"));
    setup.last_played = Some(Player(0));
    setup.phase = Phase::Aiming {
        player: Player(0),
        count: 2,
    };
    let mut empty = setup.clone();
    empty.fill_deck();
    assert_eq!(State::from_setup(empty), Err(SetupError::Stuck));
    setup.hands[2].push(c("Spring 1"));
    setup.fill_deck();
    let mut state = State::from_setup(setup)?;
    act(&mut state, 0, Action::PassTo(Direction::Left));
    assert_eq!(state.to_act(), PlayerSet::only(Player(2)));
    Ok(())
}

/// An `Event` stays small (two machine words): `apply` fills a list of
/// them, so their size is on the hot path.
#[test]
fn an_event_is_two_words() {
    assert!(std::mem::size_of::<Event>() <= 16);
}

#[test]
fn hoarder_goblin_stashes_two_from_hand() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(
            Player(0),
            ["Hoarder Goblin", "Spring 1", "Spring 2", "Spring 3"],
        )
        .build()?;
    play(&mut state, 0, "Hoarder Goblin");
    act(&mut state, 0, Action::Stash(c("Spring 2")));
    act(&mut state, 0, Action::Stash(c("Spring 3")));
    assert_eq!(state.stash(Player(0)), cards(["Spring 2", "Spring 3"]));
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

#[test]
fn hungry_goblin_draws_two_seen_only_by_the_drawer() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Hungry Goblin #2"])
        .top_of_deck(["Queen", "Winter 8"])
        .build()?;
    let events = play(&mut state, 0, "Hungry Goblin #2");
    assert_eq!(state.hand(Player(0)), cards(["Winter 8", "Queen"]));
    assert!(
        State::redact_all(&events, Seat::Player(Player(0))).contains(&Event::Drew {
            player: Player(0),
            card: Some(c("Winter 8"))
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
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Spring 1"])
        .hand(Player(1), ["Sneaky Goblin"])
        .build()?;
    play(&mut state, 1, "Sneaky Goblin");
    assert_eq!(state.stash(Player(1)), &[c("Spring 1")]);
    Ok(())
}

#[test]
fn traps_go_on_traps_and_only_traps_or_royals_follow() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Trap"])
        .hand(Player(1), ["Trap", "Spring 1", "Hungry Goblin"])
        .build()?;
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        &[Action::Play(c("Trap #2")), Action::Flunk]
    );
    let before = state;
    assert_eq!(
        state.apply(Player(1), Action::Play(c("Spring 1")), &mut rng()),
        Err(ActionError::Illegal(Violation::OnTrap))
    );
    assert_eq!(state, before);
    play(&mut state, 1, "Trap #2");
    assert_eq!(state.swarm(), cards(["Trap", "Trap #2"]));
    Ok(())
}

#[test]
fn nothing_but_fairies_on_a_royal() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["King"])
        .hand(Player(1), ["Trap", "Hungry Goblin", "Winter 1", "Queen"])
        .build()?;
    assert_eq!(
        state.legal_actions(Player(1)).as_slice(),
        &[
            Action::Play(c("Winter 1")),
            Action::Play(c("Queen")),
            Action::Flunk
        ]
    );
    assert_eq!(
        state.apply(Player(1), Action::Play(c("Trap")), &mut rng()),
        Err(ActionError::Illegal(Violation::OnRoyal))
    );
    Ok(())
}

/// After a Trap and a flunk, the window goes around in turn order; a Royal
/// continues play from its player, and the flunker plays again in turn.
#[test]
fn royal_out_of_turn_after_a_trap() -> R {
    let mut state = State::builder(4)
        .deal(5)
        .swarm(Player(0), ["Trap"])
        .royal_window(Player(1))
        .hand(Player(0), ["Spring 5"])
        .hand(Player(1), ["Spring 1"])
        .hand(Player(2), ["Spring 2"])
        .hand(Player(3), ["Queen", "Spring 3"])
        .build()?;
    let window = |asked| Phase::RoyalWindow {
        flunker: Player(1),
        asked: Player(asked),
    };
    assert_eq!(state.phase(), window(2));
    act(&mut state, 2, Action::Pass);
    assert_eq!(state.phase(), window(3));
    assert_eq!(
        state.legal_actions(Player(3)).as_slice(),
        &[Action::Play(c("Queen")), Action::Pass]
    );
    assert_eq!(
        state.apply(Player(3), Action::Play(c("Spring 3")), &mut rng()),
        Err(ActionError::Illegal(Violation::NotRoyal))
    );
    play(&mut state, 3, "Queen");
    assert_eq!(state.last_played(), Some(Player(3)));
    assert_eq!(state.phase(), Phase::Turn { player: Player(0) });
    play(&mut state, 0, "Spring 5");
    settle(&mut state, &[]);
    // The flunker is back in the Swarm.
    assert_eq!(state.phase(), Phase::Turn { player: Player(1) });
    Ok(())
}

/// When every other player passes, the last player to play wins; everyone
/// draws up to five in turn order from the flunker, who starts next.
#[test]
fn swarm_won_then_refill_in_turn_order_from_the_flunker() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Winter 5"])
        .royal_window(Player(1))
        .empty_hand(Player(0))
        .hand(Player(1), ["Spring 1"])
        .hand(Player(2), ["Spring 2"])
        .build()?;
    let deck_top: Vec<_> = state.deck().iter().rev().take(13).copied().collect();
    // Player 0 has no cards left, so player 2 is the only one asked.
    assert_eq!(
        state.phase(),
        Phase::RoyalWindow {
            flunker: Player(1),
            asked: Player(2)
        }
    );
    let events = act(&mut state, 2, Action::Pass);
    assert_eq!(state.stash(Player(0)), &[c("Winter 5")]);
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
    let mut state = State::builder(3)
        .swarm(Player(0), ["Princess"])
        .stash(Player(0), ["King", "Queen", "Prince"])
        .stash(Player(1), (0..16).map(|i| format!("Summer {}", 1 + i / 2)))
        .hand(Player(1), ["Spring 1"])
        .deal(0)
        .build()?;
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
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Spring 1"]) // draws the last two cards
        .hand(Player(1), ["Spring 2"])
        .empty_hand(Player(2))
        .stash(Player(1), ["King"])
        .stash(Player(2), ["Winter 1", "Winter 2", "Winter 3"])
        .top_of_deck(["Summer 2", "Summer 1"])
        .rest_to_stash(Player(0))
        .build()?;
    let events = play(&mut state, 0, "Spring 1");
    assert!(events.contains(&Event::DeckEmpty));
    assert!(state.deck().is_empty());
    act(&mut state, 1, Action::Flunk);
    close_window(&mut state);
    let outcome = state.outcome().ok_or("the final Swarm ends the game")?;
    assert_eq!(outcome.winners(), PlayerSet::only(Player(0)));

    // A tie on points: 3 each; player 1 has a Royal and wins. Player 2 holds
    // every other card, Royals included, and passes.
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Spring 1"])
        .stash(Player(0), ["Winter 4", "Winter 5"])
        .stash(Player(1), ["King", "Winter 6"])
        .stash(Player(2), ["Winter 1", "Winter 2", "Winter 3"])
        .swarm(Player(2), ["Trap"; 6])
        .royal_window(Player(0))
        .deal(0)
        .rest_to_hand(Player(2))
        .build()?;
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
    let position = |hand_1: &str, deck: [&str; 2]| {
        State::builder(3)
            .deal(5)
            .hand(Player(0), ["Spring 1"])
            .hand(Player(1), [hand_1])
            .empty_hand(Player(2))
            .top_of_deck(deck)
            .build()
    };
    let a = position("Summer 1", ["Autumn 7 #2", "Winter 8 #2"])?;
    let b = position("Autumn 7 #2", ["Summer 1", "Winter 8 #2"])?;
    assert_ne!(a, b);
    let view = |state: &State, p| state.view_for(Seat::Player(Player(p)));
    assert_eq!(view(&a, 0), view(&b, 0));
    assert_eq!(view(&a, 2), view(&b, 2));
    assert_eq!(a.view_for(Seat::Spectator), b.view_for(Seat::Spectator));
    assert_ne!(view(&a, 1), view(&b, 1));
    assert!(a.view_for(Seat::Spectator).hand.is_empty());
    assert_eq!(view(&a, 9), a.view_for(Seat::Spectator));
    Ok(())
}

#[test]
fn setup_errors_are_precise() -> R {
    let mut setup = Setup::new(3)?;
    setup.fill_deck();
    assert!(State::try_from(setup.clone()).is_ok());
    let mut twice = setup.clone();
    twice.hands[0].push(c("Spring 1"));
    assert_eq!(
        State::try_from(twice),
        Err(SetupError::DuplicateCard(c("Spring 1")))
    );
    let mut missing = setup.clone();
    missing.deck.retain(|card| *card != c("Trap #4"));
    assert_eq!(
        State::try_from(missing),
        Err(SetupError::MissingCard(c("Trap #4")))
    );
    assert_eq!(Setup::new(2), Err(SetupError::PlayerCount(2)));
    assert_eq!(Setup::new(6), Err(SetupError::PlayerCount(6)));
    let mut royal_win = setup.clone();
    royal_win.deck.retain(|c| !c.is_royal());
    royal_win.stashes[1].extend(cards(["King", "Queen", "Prince", "Princess"]));
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
    Ok(())
}

/// A user's own printing: Spring 1 stashes three, Greedy grabs only one.
#[test]
fn a_custom_card_set_changes_abilities_without_code() -> R {
    let printing = CardSet::default()
        .with_ability(Season::Spring, 1, Ability::new(0, 3))?
        .with_goblin(Goblin::Greedy, GoblinEffect::GrabFromSwarm(1));
    let hand = cards(["Spring 1", "Winter 1", "Winter 2", "Winter 3"]);
    let mut state = State::builder(3)
        .deal(5)
        .cards(printing)
        .hand(Player(0), hand)
        .hand(Player(1), ["Greedy Goblin"])
        .build()?;
    play(&mut state, 0, "Spring 1");
    for card in &hand[1..] {
        act(&mut state, 0, Action::Stash(*card));
    }
    assert_eq!(state.stash(Player(0)), &hand[1..]);
    assert_eq!(state.hand(Player(0)).len(), 0, "no draw in this printing");
    play(&mut state, 1, "Greedy Goblin");
    assert_eq!(state.stash(Player(1)), &[c("Spring 1")]);
    Ok(())
}

/// A swapped hand must not tell its new owner in which order the old owner
/// got its cards (which were drawn last, which were dealt): two positions that
/// differ only in the order of player 1's hand look the same to player 0 after
/// the swap, and the same holds the other way round.
#[test]
fn swapped_hands_do_not_reveal_the_order_cards_were_got() -> R {
    let h0 = ["Autumn 4", "Trickster Goblin", "Spring 6 #2"];
    let h1 = ["Summer 7", "King", "Spring 2"];
    let h1_reordered = ["Spring 2", "Summer 7", "King"];
    let h0_reordered = ["Spring 6 #2", "Autumn 4", "Trickster Goblin"];
    let swap = |h0: [&str; 3], h1: [&str; 3]| -> Result<State, Box<dyn std::error::Error>> {
        let mut state = State::builder(3)
            .deal(5)
            .hand(Player(0), h0)
            .hand(Player(1), h1)
            .build()?;
        play(&mut state, 0, "Trickster Goblin");
        act(&mut state, 0, Action::SwapWith(Player(1)));
        Ok(state)
    };
    let a = swap(h0, h1)?;
    let b = swap(h0, h1_reordered)?;
    let c = swap(h0_reordered, h1)?;
    let seat = |p| Seat::Player(Player(p));
    assert_eq!(a.view_for(seat(0)), b.view_for(seat(0)));
    assert_eq!(a.view_for(seat(1)), c.view_for(seat(1)));
    let mut got: Vec<Card> = cards(h1).to_vec();
    got.sort();
    assert_eq!(a.hand(Player(0)), got.as_slice());
    Ok(())
}

/// The order of `legal_actions` documented in the module docs: cards in hand
/// order, then the fixed actions; players in seat order.
#[test]
fn legal_actions_come_in_the_documented_order() -> R {
    use Action::*;
    // A turn: plays in hand order (not identity order), then Flunk.
    let state = State::builder(3)
        .deal(5)
        .swarm(Player(2), ["Spring 2"])
        .hand(Player(0), ["Summer 1", "Spring 1", "King", "Spring 5"])
        .build()?;
    let legal = state.legal_actions(Player(0));
    assert_eq!(
        legal.as_slice(),
        &[
            Play(c("Summer 1")),
            Play(c("King")),
            Play(c("Spring 5")),
            Flunk
        ]
    );
    // The Matching Bonus: draw, each card in hand order, skip.
    let state = State::builder(3)
        .deal(5)
        .swarm(Player(2), ["Spring 2"])
        .swarm(Player(0), ["Summer 2"])
        .hand(Player(0), ["Trap", "Spring 1"])
        .phase(Phase::Bonus { player: Player(0) })
        .build()?;
    assert_eq!(
        state.legal_actions(Player(0)).as_slice(),
        &[BonusDraw, Stash(c("Trap")), Stash(c("Spring 1")), SkipBonus]
    );
    // A card's stash step: each card in hand order.
    let state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Hoarder Goblin"])
        .hand(Player(0), ["Winter 8", "Trap", "Spring 1"])
        .phase(Phase::Stashing {
            player: Player(0),
            left: 2,
            bonus: false,
        })
        .build()?;
    assert_eq!(
        state.legal_actions(Player(0)).as_slice(),
        &[Stash(c("Winter 8")), Stash(c("Trap")), Stash(c("Spring 1"))]
    );
    // Targets in seat order, from the player who played the Goblin.
    let stashes = State::builder(4)
        .deal(5)
        .swarm(Player(1), ["Spring 1"])
        .swarm(Player(2), ["Robber Goblin"])
        .stash(Player(3), ["Spring 4"])
        .stash(Player(0), ["Spring 3"])
        .stash(Player(2), ["Spring 2"]);
    let phase = |phase| stashes.clone().phase(phase).build();
    let robbing = phase(Phase::Robbing { player: Player(2) })?;
    assert_eq!(
        robbing.legal_actions(Player(2)).as_slice(),
        [0, 2, 3].map(|p| RobFrom(Player(p)))
    );
    let stealing = phase(Phase::Stealing {
        player: Player(2),
        count: 1,
    })?;
    assert_eq!(
        stealing.legal_actions(Player(2)).as_slice(),
        [0, 3].map(|p| StealFrom(Player(p)))
    );
    let swapping = phase(Phase::Swapping { player: Player(2) })?;
    assert_eq!(
        swapping.legal_actions(Player(2)).as_slice(),
        [0, 1, 3].map(|p| SwapWith(Player(p)))
    );
    let aiming = phase(Phase::Aiming {
        player: Player(2),
        count: 2,
    })?;
    assert_eq!(
        aiming.legal_actions(Player(2)).as_slice(),
        &[PassTo(Direction::Left), PassTo(Direction::Right)]
    );
    // Passing: the cards not yet chosen, in hand order.
    let mut passing = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Dizzy Goblin"])
        .hand(Player(1), ["Winter 3", "Spring 7", "Queen"])
        .phase(Phase::Passing {
            player: Player(0),
            direction: Direction::Left,
            count: 2,
        })
        .build()?;
    act(&mut passing, 1, Give(c("Spring 7")));
    assert_eq!(
        passing.legal_actions(Player(1)).as_slice(),
        &[Give(c("Winter 3")), Give(c("Queen"))]
    );
    // The Royal window: each Royal in hand order, then Pass.
    let window = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Trap"])
        .hand(Player(2), ["Prince", "Spring 1", "King"])
        .royal_window(Player(1))
        .build()?;
    assert_eq!(
        window.legal_actions(Player(2)).as_slice(),
        &[Play(c("Prince")), Play(c("King")), Pass]
    );
    // Game over: nothing, for every seat.
    let over = State::builder(3)
        .hand(Player(0), ["Spring 1"])
        .stash(Player(1), ["King"])
        .deal(0)
        .rest_to_hand(Player(2))
        .game_over()
        .build()?;
    assert!(over.outcome().is_some());
    for p in 0..3 {
        assert!(over.legal_actions(Player(p)).is_empty(), "player {}", p + 1);
    }
    Ok(())
}

/// "Not your decision now" is `NotToAct` for a seated player and
/// `NoSuchPlayer` for a seat not at the table, in every phase; only the
/// player asked gets a `Violation`.
#[test]
fn acting_out_of_turn_is_not_to_act() -> R {
    let mut state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Trap"])
        .build()?;
    let before = state;
    assert_eq!(
        state.apply(Player(2), Action::Flunk, &mut rng()),
        Err(ActionError::NotToAct { player: Player(2) })
    );
    assert_eq!(
        state.apply(Player(3), Action::Flunk, &mut rng()),
        Err(ActionError::NoSuchPlayer { player: Player(3) })
    );
    act(&mut state, 1, Action::Flunk);
    // In the Royal window only the player asked may act, even with a Royal.
    assert_eq!(
        state.apply(Player(0), Action::Pass, &mut rng()),
        Err(ActionError::NotToAct { player: Player(0) })
    );
    assert_eq!(
        state.apply(Player(1), Action::Pass, &mut rng()),
        Err(ActionError::NotToAct { player: Player(1) })
    );
    assert_ne!(state, before);
    Ok(())
}
