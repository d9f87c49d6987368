//! `fickle::PositionBuilder`: positions named in a few lines, the rest derived.

use crate::fickle_support;

use fairy_ring::fickle::{
    Action, Card, Config, DECK_SIZE, Direction, Family, LineupEffect, ParseError, Phase,
    PositionBuilder, PowerType, Resolution, SetupError, State, Step,
};
use fairy_ring::{Game, Player, PlayerSet};
use fickle_support::*;

use Family::*;

const FIRST: [Family; 5] = [Noble, Coerce, Give, Dispel, Share];

/// Cards in the deck, the Dismiss pile, Alliances, hands, stacks and kept
/// Fairies: each of the 45 once (what `State::try_from` checks, counted here
/// independently).
fn all_cards(s: &State) -> Vec<Card> {
    let setup = s.to_setup();
    let mut cards: Vec<Card> = setup.deck.iter().chain(&setup.dismiss).copied().collect();
    for a in &setup.areas {
        cards.extend(a.alliance.iter().map(|ac| ac.card));
        cards.extend(a.hand.iter().copied());
        cards.extend(a.lineup.iter().skip(usize::from(a.cursor)).copied());
        cards.extend(a.chosen);
    }
    cards.sort();
    cards
}

#[test]
fn the_issue_example_alliance_and_reveal_order_next() {
    // Player 0's Alliance holds Noble 4 and Share 2; the reveal comes next.
    let s = pos(3, FIRST)
        .alliance(Player(0), ["Noble 4", "Share 2"])
        .kept(Player(0), "Coerce 3")
        .kept(Player(1), "Give 1")
        .build()
        .unwrap();
    assert_eq!(cards_of(&s, 0), vec![card("Noble 4"), card("Share 2")]);
    assert!(matches!(s.phase(), Phase::Selection));
    assert_eq!(s.to_act(), [Player(0), Player(1)].into_iter().collect());
    assert_eq!(legal(&s, 0), vec![Action::Keep, Action::DismissTop]);
    // Everything else derived: round 1, the config's Court Crier and first
    // five Direction tokens, every card once.
    let setup = s.to_setup();
    assert_eq!(s.round(), 1);
    assert_eq!(s.court_crier(), Player(0));
    assert_eq!(
        setup.directions,
        [
            Direction::Left,
            Direction::Left,
            Direction::Left,
            Direction::Left,
            Direction::Right
        ]
    );
    let mut every: Vec<Card> = FIRST.iter().flat_map(|&f| Card::of(f)).collect();
    every.sort();
    assert_eq!(all_cards(&s), every);
    // Each kept Fairy tops a full stack of three from the deck's bottom.
    for (p, kept) in [(0, "Coerce 3"), (1, "Give 1")] {
        let area = &setup.areas[p];
        assert_eq!(area.lineup.len(), 3);
        assert_eq!(area.lineup[0], card(kept));
        assert_eq!(area.cursor, 0);
    }
    assert!(setup.areas[2].lineup.is_empty(), "player 3 has no stack");
    assert_eq!(setup.deck.len(), DECK_SIZE - 2 - 6);
    assert!(setup.dismiss.is_empty());
}

#[test]
fn a_single_power_is_set_up_in_a_few_lines() {
    let (s, events) = pos(3, [Transmute, Noble, Coerce, Give, Dispel])
        .kept(Player(0), "Transmute 5")
        .kept(Player(1), "Noble 4")
        .reveal(&mut rng())
        .unwrap();
    let Phase::Powers {
        resolution: Some(Resolution::Direct(d)),
        ..
    } = s.phase()
    else {
        panic!("Transmute waits for its victim: {:?}", s.phase());
    };
    assert_eq!((d.user, d.power, d.step), (Player(0), Transmute, Step::Aim));
    assert_eq!(s.to_act(), PlayerSet::only(Player(0)));
    assert!(events.iter().any(|e| matches!(
        e,
        fairy_ring::fickle::Event::Revealed {
            player: Player(0),
            ..
        }
    )));
}

#[test]
fn a_name_means_a_free_card_of_that_favor() {
    let s = pos(3, FIRST)
        .alliance(Player(0), ["Noble 4", "Noble 4"])
        .alliance(Player(1), [card("Noble 2'")])
        .alliance(Player(1), ["Noble 2"])
        .kept(Player(2), "Noble 1")
        .build()
        .unwrap();
    assert_eq!(cards_of(&s, 0), vec![card("Noble 4"), card("Noble 4'")]);
    assert_eq!(cards_of(&s, 1), vec![card("Noble 2'"), card("Noble 2")]);
    let three = pos(3, FIRST)
        .alliance(Player(0), ["Noble 4", "Noble 4", "Noble 4"])
        .kept(Player(2), "Noble 1")
        .build();
    assert_eq!(three, Err(SetupError::DuplicateCard(card("Noble 4"))));
}

#[test]
fn a_name_follows_the_games_favor_table() {
    let mut config = Config::with_families(3, FIRST).unwrap();
    // This copy's first two Gives are printed 2 and 1.
    config.favor.set(card("Give 1"), 2);
    config.favor.set(card("Give 2"), 1);
    let s = PositionBuilder::new(config)
        .alliance(Player(0), ["Give 1"])
        .kept(Player(2), "Noble 1")
        .build()
        .unwrap();
    assert_eq!(cards_of(&s, 0), vec![card("Give 1'")]);
    assert_eq!(s.favor(card("Give 1'")), 1);
}

#[test]
fn mistakes_are_reported_by_build() {
    let kept = |b: PositionBuilder| b.kept(Player(2), "Noble 1").build();
    assert_eq!(
        kept(pos(3, FIRST).alliance(Player(0), ["Goblin 4"])),
        Err(SetupError::CardName(ParseError::Family))
    );
    assert_eq!(
        kept(pos(3, FIRST).alliance(Player(0), ["Noble 6"])),
        Err(SetupError::CardName(ParseError::NoCard {
            family: fairy_ring::fickle::Family::Noble,
            favor: 6
        }))
    );
    assert_eq!(
        kept(pos(3, FIRST).alliance(Player(0), ["Noble"])),
        Err(SetupError::CardName(ParseError::Format))
    );
    assert_eq!(
        kept(pos(3, FIRST).alliance(Player(0), ["Pariah -2"])),
        Err(SetupError::CardNotInGame(card("Pariah -2")))
    );
    assert_eq!(
        kept(pos(3, FIRST).alliance(Player(3), ["Noble 2"])),
        Err(SetupError::Seat(Player(3)))
    );
    assert_eq!(kept(pos(3, FIRST).round(0)), Err(SetupError::Round(0)));
    assert_eq!(kept(pos(3, FIRST).round(6)), Err(SetupError::Round(6)));
    let mut config = Config::new(3).unwrap();
    config.players = 9;
    assert_eq!(
        PositionBuilder::new(config).build(),
        Err(SetupError::PlayerCount(9))
    );
    // A hand is dealt at the Lineup, not during the Selection.
    assert_eq!(
        kept(pos(3, FIRST).hand(Player(0), ["Noble 2"])),
        Err(SetupError::Misplaced(card("Noble 2")))
    );
}

#[test]
fn deck_top_is_drawn_first_and_deck_size_fills_the_dismiss_pile() {
    let s = pos(3, FIRST)
        .kept(Player(0), "Noble 1")
        .top_of_deck(["Share 5", "Give 5"])
        .dismissed(["Dispel 5"])
        .deck_size(5)
        .build()
        .unwrap();
    let setup = s.to_setup();
    assert_eq!(setup.deck.len(), 5);
    assert_eq!(
        setup.deck.last(),
        Some(&card("Give 5")),
        "first named on top"
    );
    assert_eq!(setup.deck[3], card("Share 5"));
    assert_eq!(setup.dismiss.last(), Some(&card("Dispel 5")));
    assert_eq!(setup.dismiss.len(), DECK_SIZE - 3 - 5);
}

#[test]
fn without_a_kept_fairy_the_position_is_the_lineup() {
    let s = pos(4, FIRST)
        .round(3)
        .court_crier(Player(2))
        .hand(Player(1), ["Noble 1", "Give 2", "Share 3"])
        .build()
        .unwrap();
    assert!(matches!(s.phase(), Phase::Lineup));
    assert_eq!(s.round(), 3);
    assert_eq!(s.court_crier(), Player(2));
    assert_eq!(s.to_act(), PlayerSet::first(4));
    let setup = s.to_setup();
    assert_eq!(
        setup.areas[1].hand.as_slice(),
        &[card("Noble 1"), card("Give 2"), card("Share 3")]
    );
    assert!(setup.areas.iter().all(|a| a.hand.len() == 3));
    assert_eq!(setup.deck.len(), DECK_SIZE - 12);
}

#[test]
fn lineup_effects_shape_the_stack() {
    // Reduced: the top card was dismissed unseen; the kept Fairy is next.
    let s = pos(3, FIRST)
        .kept(Player(0), "Noble 4")
        .effect(Player(0), LineupEffect::Reduced)
        .build()
        .unwrap();
    let setup = s.to_setup();
    let area = &setup.areas[0];
    assert_eq!((area.lineup.len(), area.cursor), (3, 1));
    assert_eq!(area.lineup[1], card("Noble 4"));
    assert_eq!(setup.dismiss.as_slice(), &[area.lineup[0]]);
    // Blinded: the kept Fairy is decided on unseen.
    let s = pos(3, FIRST)
        .kept(Player(0), "Noble 4")
        .effect(Player(0), LineupEffect::Blinded)
        .build()
        .unwrap();
    let view = s.view_for(fairy_ring::Seat::Player(Player(0)));
    assert_eq!(view.players[0].lineup[0], None);
    let (s, _) = pos(3, FIRST)
        .kept(Player(0), "Noble 4")
        .effect(Player(0), LineupEffect::Blinded)
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(cards_of(&s, 0), vec![card("Noble 4")]);
}

#[test]
fn reveal_in_round_five_ends_the_game() {
    let (s, _) = pos(3, FIRST)
        .round(5)
        .alliance(Player(1), ["Noble 5"])
        .kept(Player(0), "Noble 4")
        .reveal(&mut rng())
        .unwrap();
    let outcome = s.outcome().expect("over");
    assert_eq!(outcome.winners(), PlayerSet::only(Player(1)));
    assert!(s.to_act().is_empty());
}

#[test]
fn state_builder_is_the_same_builder() {
    let config = Config::new(3).unwrap();
    let a = PositionBuilder::new(config)
        .kept(Player(0), "Noble 1")
        .build();
    let b = PositionBuilder::new(config)
        .kept(Player(0), "Noble 1")
        .build();
    assert_eq!(a, b);
    assert!(a.is_ok());
}

static BUILT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static BUILT_LINEUP: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);
static BUILT_SHORT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

fn dir(right: bool) -> Direction {
    if right {
        Direction::Right
    } else {
        Direction::Left
    }
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(300))]

    /// Whatever is named, the builder gives a valid position or an error
    /// (never a panic): every card once, someone to act and with a choice,
    /// no last card of a stack offered for dismissal, hands short only when
    /// nothing is left to deal, the deck the size asked for, the Direction
    /// tokens named; a Selection position reveals, a Lineup one refuses to.
    #[test]
    fn any_builder_gives_a_valid_position_or_an_error(
        players in 3usize..=5,
        set in 0usize..6,
        picks in proptest::collection::vec((0u8..200, 0usize..5, 0u8..9, 0u8..12), 0..20),
        effects in proptest::collection::vec((0u8..5, 0usize..3), 0..4),
        bulk in proptest::option::weighted(0.4, 36usize..=45),
        bulk_to_pile in proptest::bool::weighted(0.3),
        round in 1u8..=5,
        deck_size in proptest::option::of(0usize..50),
        directions in proptest::option::of(proptest::array::uniform5(proptest::bool::ANY)),
        direction in proptest::option::of(proptest::bool::ANY),
    ) {
        let families = fairy_ring::fickle::RecommendedSet::ALL[set].families();
        let mut b = PositionBuilder::new(Config::with_families(players, families).unwrap()).round(round);
        if let Some(d) = direction {
            b = b.direction(dir(d));
        }
        if let Some(ds) = directions {
            b = b.directions(ds.map(dir));
        }
        let mut named = std::collections::HashSet::new();
        let (mut tops, mut piled, mut kept) = (0, 0, Vec::new());
        for (seat, family, copy, kind) in picks {
            let card = Card::new(families[family], copy).unwrap();
            if !named.insert(card) {
                continue;
            }
            // Seated players (one seat past the table at times).
            let p = Player(if seat == 199 { players as u8 } else { seat % players as u8 });
            b = match kind {
                0 | 1 => b.alliance(p, [card]),
                // Active only what can be (mostly).
                2 if match card.family.power_type() {
                    PowerType::Response => true,
                    PowerType::Delayed => round < 5,
                    _ => false,
                } => b.active(p, [card]),
                2 => b.alliance(p, [card]),
                9 if copy == 0 => b.active(p, [card]),
                9 => b.alliance(p, [card]),
                3 | 4 | 10 | 11 if !kept.contains(&p) => { kept.push(p); b.kept(p, card) }
                3 | 4 | 10 | 11 => b.alliance(p, [card]),
                5 => { tops += 1; b.top_of_deck([card]) }
                7 if kept.is_empty() => b.hand(p, [card]),
                6 | 7 => { piled += 1; b.dismissed([card]) }
                _ => b.court_crier(p),
            };
        }
        // Effects mostly on players with a stack (or a Lineup to come).
        for (i, e) in effects {
            let e = [LineupEffect::Blinded, LineupEffect::Psychic, LineupEffect::Reduced][e];
            let p = if kept.is_empty() { Player(i) } else { kept[usize::from(i) % kept.len()] };
            b = b.effect(p, e);
        }
        // Nearly every card named: few or no free cards left.
        let rest: Vec<Card> = families
            .iter()
            .flat_map(|&f| Card::of(f))
            .filter(|c| !named.contains(c))
            .take(bulk.unwrap_or(0))
            .collect();
        if bulk_to_pile {
            piled += rest.len();
            b = b.dismissed(rest);
        } else {
            b = b.alliance(Player(0), rest);
        }
        if let Some(n) = deck_size {
            b = b.deck_size(n);
        }
        let Ok(state) = b.clone().build() else {
            return Ok(());
        };
        let setup = state.to_setup();
        let mut every: Vec<Card> = families.iter().flat_map(|&f| Card::of(f)).collect();
        every.sort();
        proptest::prop_assert_eq!(all_cards(&state), every);
        proptest::prop_assert!(!state.to_act().is_empty());
        for p in state.to_act() {
            proptest::prop_assert!(!state.legal_actions(p).is_empty());
        }
        let mut tokens = directions.map_or(setup.directions, |ds| ds.map(dir));
        if let Some(d) = direction {
            tokens[usize::from(round) - 1] = dir(d);
        }
        proptest::prop_assert_eq!(setup.directions, tokens);
        let mut short = false;
        for (i, a) in setup.areas.iter().enumerate() {
            let waiting = a.lineup.len() - usize::from(a.cursor);
            // Rule C: the last card is never offered for dismissal.
            if state.legal_actions(Player(i as u8)).contains(&Action::DismissTop) {
                proptest::prop_assert!(waiting >= 2);
            }
            proptest::prop_assert!(a.chosen.is_some() || waiting != 1);
            // Psychic: the top two cards left after Reduced are seen, and
            // the card Reduced dismissed never is.
            if a.effects.psychic && !a.lineup.is_empty() {
                let top_two = if a.effects.reduced { 0b110 } else { 0b011 };
                proptest::prop_assert_eq!(a.lineup_seen & top_two, top_two);
            }
            if a.effects.reduced {
                proptest::prop_assert_eq!(a.lineup_seen & 1, 0);
            }
            short |= (1..3).contains(&a.lineup.len());
        }
        let lineup = matches!(state.phase(), Phase::Lineup);
        if lineup {
            // Rule B: a short hand only once the deck and pile are empty.
            for a in &setup.areas {
                if a.hand.len() < 3 {
                    short = true;
                    proptest::prop_assert!(setup.deck.is_empty() && setup.dismiss.is_empty());
                }
            }
            BUILT_LINEUP.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        if short {
            BUILT_SHORT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
        if let Some(n) = deck_size {
            let deck = setup.deck.len();
            // More than asked only for cards named on top, or when the
            // Lineup deal shuffled the Dismiss pile in (Rule B); fewer only
            // when no free card went to the Dismiss pile.
            let reshuffled = lineup && setup.dismiss.is_empty();
            proptest::prop_assert!(deck <= n || deck <= tops || reshuffled, "{} > {}", deck, n);
            if deck < n {
                proptest::prop_assert!(setup.dismiss.len() <= piled + players);
            }
        }
        let revealed = b.reveal(&mut rng());
        if lineup {
            proptest::prop_assert_eq!(revealed.map(|_| ()), Err(SetupError::NothingKept));
        } else {
            proptest::prop_assert!(revealed.is_ok());
            let (after, _) = revealed.unwrap();
            proptest::prop_assert!(!matches!(after.phase(), Phase::Selection));
        }
        BUILT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    }
}

#[test]
fn the_property_builds_valid_positions_often() {
    any_builder_gives_a_valid_position_or_an_error();
    let load = |a: &std::sync::atomic::AtomicUsize| a.load(std::sync::atomic::Ordering::Relaxed);
    let (built, lineup, short) = (load(&BUILT), load(&BUILT_LINEUP), load(&BUILT_SHORT));
    println!("{built} valid positions, {lineup} Lineups, {short} short");
    assert!(built >= 30, "{built} valid positions");
    assert!(
        lineup >= 10 && built - lineup >= 10,
        "{lineup} Lineups of {built}"
    );
    assert!(short >= 3, "{short} with short hands or stacks");
}

/// The first `n` cards of `families` other than `except`.
fn others(families: [Family; 5], except: &[&str], n: usize) -> Vec<Card> {
    let except: Vec<Card> = except.iter().map(|&c| card(c)).collect();
    families
        .iter()
        .flat_map(|&f| Card::of(f))
        .filter(|c| !except.contains(c))
        .take(n)
        .collect()
}

#[test]
fn a_stack_of_one_card_is_kept_at_once() {
    // 40 Fairies in player 2's Alliance leave 2 free cards: the stacks are
    // [3, 1, 1], and the last card of a stack is kept (Rule C).
    let kept = ["Noble 1", "Give 1", "Share 1"];
    let s = pos(3, FIRST)
        .alliance(Player(2), others(FIRST, &kept, 40))
        .kept(Player(0), "Noble 1")
        .kept(Player(1), "Give 1")
        .kept(Player(2), "Share 1")
        .build()
        .unwrap();
    let setup = s.to_setup();
    let stacks: Vec<usize> = setup.areas.iter().map(|a| a.lineup.len()).collect();
    assert_eq!(stacks, vec![3, 1, 1]);
    assert_eq!(s.to_act(), PlayerSet::only(Player(0)));
    assert!(legal(&s, 1).is_empty());
    assert_eq!(setup.areas[1].chosen, Some(card("Give 1")));
    assert_eq!(setup.areas[2].chosen, Some(card("Share 1")));
    assert!(setup.areas[1].chosen_seen);
    let (s, _) = pos(3, FIRST)
        .alliance(Player(2), others(FIRST, &kept, 40))
        .kept(Player(0), "Noble 1")
        .kept(Player(1), "Give 1")
        .kept(Player(2), "Share 1")
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(cards_of(&s, 1), vec![card("Give 1")]);
    // Reduced: the one card over the kept Fairy is dismissed, the kept Fairy
    // is the last one left.
    let kept = ["Noble 1", "Give 1"];
    let s = pos(3, FIRST)
        .alliance(Player(2), others(FIRST, &kept, 40))
        .kept(Player(0), "Noble 1")
        .kept(Player(1), "Give 1")
        .effect(Player(1), LineupEffect::Reduced)
        .build()
        .unwrap();
    let setup = s.to_setup();
    assert_eq!(setup.areas[1].lineup.len(), 2);
    assert_eq!(setup.areas[1].chosen, Some(card("Give 1")));
    assert!(legal(&s, 1).is_empty());
    assert_eq!(setup.dismiss.as_slice(), &[setup.areas[1].lineup[0]]);
    // Every stack of one card: nobody has a decision left.
    let kept = ["Noble 1", "Give 1", "Share 1"];
    assert_eq!(
        pos(3, FIRST)
            .alliance(Player(2), others(FIRST, &kept, 42))
            .kept(Player(0), "Noble 1")
            .kept(Player(1), "Give 1")
            .kept(Player(2), "Share 1")
            .build(),
        Err(SetupError::Stuck)
    );
    // Reduced with no card at all over the kept Fairy would dismiss it.
    let kept = ["Noble 1", "Give 1"];
    assert_eq!(
        pos(3, FIRST)
            .alliance(Player(2), others(FIRST, &kept, 42))
            .kept(Player(0), "Noble 1")
            .kept(Player(1), "Give 1")
            .effect(Player(1), LineupEffect::Reduced)
            .build(),
        Err(SetupError::Misplaced(card("Give 1")))
    );
}

#[test]
fn a_short_stack_while_cards_are_left_to_deal_is_refused() {
    // The reviewer's positions: 40 (or 43) cards in the Dismiss pile would
    // have been shuffled in to deal full stacks (Rule B).
    let kept = ["Noble 1", "Give 1", "Share 1"];
    assert_eq!(
        pos(3, FIRST)
            .dismissed(others(FIRST, &kept, 40))
            .kept(Player(0), "Noble 1")
            .kept(Player(1), "Give 1")
            .kept(Player(2), "Share 1")
            .build(),
        Err(SetupError::ShortDeal(Player(1)))
    );
    assert_eq!(
        pos(3, FIRST)
            .dismissed(others(FIRST, &["Noble 1"], 43))
            .kept(Player(0), "Noble 1")
            .effect(Player(0), LineupEffect::Reduced)
            .build(),
        Err(SetupError::ShortDeal(Player(0)))
    );
    // Cards named on top of the deck would have been dealt too.
    let kept = ["Noble 1", "Give 1"];
    assert_eq!(
        pos(3, FIRST)
            .alliance(Player(2), others(FIRST, &kept, 40))
            .kept(Player(0), "Noble 1")
            .kept(Player(1), "Give 1")
            .top_of_deck(others(FIRST, &kept, 43).split_off(40))
            .build(),
        Err(SetupError::ShortDeal(Player(0)))
    );
}

#[test]
fn setup_refuses_a_last_card_not_kept() {
    let s = pos(3, FIRST)
        .kept(Player(0), "Noble 1")
        .kept(Player(1), "Give 1")
        .build()
        .unwrap();
    let mut setup = s.to_setup();
    // Player 1 dismissed two cards: the third is theirs.
    let area = &mut setup.areas[1];
    area.cursor = 2;
    let gone = [area.lineup[0], area.lineup[1]];
    setup.dismiss.extend(gone);
    assert_eq!(State::try_from(setup), Err(SetupError::LastCard(Player(1))));
}

#[test]
fn setup_refuses_a_short_stack_or_hand_while_cards_are_left() {
    // Selection: a stack of 2 with the deck not empty.
    let s = pos(3, FIRST)
        .kept(Player(0), "Noble 1")
        .kept(Player(1), "Give 1")
        .build()
        .unwrap();
    let mut setup = s.to_setup();
    let under = setup.areas[0].lineup.pop().unwrap();
    setup.deck.push(under).unwrap();
    assert_eq!(
        State::try_from(setup),
        Err(SetupError::ShortDeal(Player(0)))
    );
    // Lineup: a hand of 2 with cards in the deck, or in the Dismiss pile.
    let s = pos(3, FIRST).build().unwrap();
    let mut setup = s.to_setup();
    let last = setup.areas[2].hand.pop().unwrap();
    setup.deck.push(last).unwrap();
    assert_eq!(
        State::try_from(setup),
        Err(SetupError::ShortDeal(Player(2)))
    );
    let mut dismissed = setup;
    let moved: Vec<Card> = dismissed.deck.to_vec();
    dismissed.deck.clear();
    dismissed.dismiss.extend(moved);
    assert_eq!(
        State::try_from(dismissed),
        Err(SetupError::ShortDeal(Player(2)))
    );
}

#[test]
fn a_lineup_is_dealt_by_rule_b_and_deck_size_is_what_is_left() {
    let every = |s: &State| {
        let mut every: Vec<Card> = FIRST.iter().flat_map(|&f| Card::of(f)).collect();
        every.sort();
        assert_eq!(all_cards(s), every);
    };
    for n in [0, 2, 20, 36] {
        let s = pos(3, FIRST).deck_size(n).build().unwrap();
        let setup = s.to_setup();
        assert!(setup.areas.iter().all(|a| a.hand.len() == 3), "{n}");
        assert_eq!(setup.deck.len(), n);
        assert_eq!(setup.dismiss.len(), DECK_SIZE - 9 - n);
        every(&s);
    }
    // More than the free cards: all of them.
    let s = pos(3, FIRST).deck_size(40).build().unwrap();
    assert_eq!(s.to_setup().deck.len(), DECK_SIZE - 9);
    // Named hands take nothing from the deck.
    let s = pos(3, FIRST)
        .hand(Player(1), ["Noble 1", "Give 2", "Share 3"])
        .deck_size(5)
        .build()
        .unwrap();
    assert_eq!(s.to_setup().deck.len(), 5);
    // A Selection position: the deck after the stacks.
    let s = pos(3, FIRST)
        .kept(Player(0), "Noble 1")
        .deck_size(20)
        .build()
        .unwrap();
    assert_eq!(s.to_setup().deck.len(), 20);
    // 40 cards in the Dismiss pile: the deck runs out during the deal and
    // the Dismiss pile becomes the new deck (Rule B).
    let s = pos(3, FIRST)
        .dismissed(others(FIRST, &[], 40))
        .build()
        .unwrap();
    let setup = s.to_setup();
    assert!(setup.areas.iter().all(|a| a.hand.len() == 3));
    assert_eq!((setup.deck.len(), setup.dismiss.len()), (36, 0));
    every(&s);
    // Only the cards in Alliances are out of reach: short hands then.
    let s = pos(3, FIRST)
        .alliance(Player(0), others(FIRST, &[], 40))
        .build()
        .unwrap();
    let hands: Vec<usize> = s.to_setup().areas.iter().map(|a| a.hand.len()).collect();
    assert_eq!(hands, vec![3, 2, 0]);
}

#[test]
fn only_unused_responses_and_delayed_powers_to_resolve_are_active() {
    let fam = [Scheme, Deflect, Noble, Give, Coerce];
    let kept = |b: PositionBuilder| b.kept(Player(1), "Noble 1").build();
    // A Delayed Power in round 5 would never resolve.
    assert_eq!(
        kept(pos(3, fam).round(5).active(Player(0), ["Scheme 5"])),
        Err(SetupError::Active(card("Scheme 5")))
    );
    // A Fairy with no Response or Delayed Power is never Active.
    for name in ["Noble 3", "Give 2", "Coerce 4"] {
        assert_eq!(
            kept(pos(3, fam).active(Player(0), [name])),
            Err(SetupError::Active(card(name))),
            "{name}"
        );
    }
    // A Response may stay Active to the end of the game.
    assert!(kept(pos(3, fam).round(5).active(Player(0), ["Deflect 2"])).is_ok());
    assert!(kept(pos(3, fam).round(4).active(Player(0), ["Scheme 5"])).is_ok());
    // The same check on a plain Setup: the game over with Scheme Active.
    let (s, _) = pos(3, fam)
        .round(5)
        .alliance(Player(0), ["Scheme 5"])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    assert!(s.outcome().is_some());
    let mut setup = s.to_setup();
    setup.areas[0].alliance[0].active = true;
    assert_eq!(
        State::try_from(setup),
        Err(SetupError::Active(card("Scheme 5")))
    );
}

#[test]
fn direction_names_the_rounds_token_in_any_order() {
    let a = pos(3, FIRST).direction(Direction::Right).round(3).build();
    let b = pos(3, FIRST).round(3).direction(Direction::Right).build();
    assert_eq!(a, b);
    let setup = a.unwrap().to_setup();
    assert_eq!(setup.directions[2], Direction::Right);
    assert_eq!(setup.directions[0], Direction::Left);
    // `direction` wins over `directions` for its round, in any order.
    let all = [Direction::Left; 5];
    let c = pos(3, FIRST)
        .round(3)
        .direction(Direction::Right)
        .directions(all)
        .build();
    assert_eq!(c.unwrap().to_setup().directions[2], Direction::Right);
}

#[test]
fn named_things_are_never_silently_ignored() {
    // A Lineup effect on a player with no stack in a Selection position.
    assert_eq!(
        pos(3, FIRST)
            .kept(Player(0), "Noble 1")
            .effect(Player(1), LineupEffect::Blinded)
            .build(),
        Err(SetupError::NoStack(Player(1)))
    );
    // In a Lineup position it acts on the stack the player will receive.
    let s = pos(3, FIRST)
        .effect(Player(1), LineupEffect::Reduced)
        .build()
        .unwrap();
    assert!(s.to_setup().areas[1].effects.reduced);
    // Nothing to reveal in a Lineup position.
    assert_eq!(
        pos(3, FIRST).reveal(&mut rng()).map(|(s, _)| s),
        Err(SetupError::NothingKept)
    );
}
