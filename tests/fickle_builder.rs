//! `fickle::Builder`: positions named in a few lines, the rest derived.

mod fickle_support;

use fairy_ring::fickle::{
    Action, Builder, Card, Config, DECK_SIZE, Direction, Family, LineupEffect, ParseError, Phase,
    Resolution, SetupError, State, Step,
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
    let s = Builder::new(config)
        .alliance(Player(0), ["Give 1"])
        .kept(Player(2), "Noble 1")
        .build()
        .unwrap();
    assert_eq!(cards_of(&s, 0), vec![card("Give 1'")]);
    assert_eq!(s.favor(card("Give 1'")), 1);
}

#[test]
fn mistakes_are_reported_by_build() {
    let kept = |b: Builder| b.kept(Player(2), "Noble 1").build();
    assert_eq!(
        kept(pos(3, FIRST).alliance(Player(0), ["Goblin 4"])),
        Err(SetupError::CardName(ParseError::Family))
    );
    assert_eq!(
        kept(pos(3, FIRST).alliance(Player(0), ["Noble 6"])),
        Err(SetupError::CardName(ParseError::Favor))
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
        Builder::new(config).build(),
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
        .deck_top(["Give 5", "Share 5"])
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
    let a = State::builder(config).kept(Player(0), "Noble 1").build();
    let b = Builder::new(config).kept(Player(0), "Noble 1").build();
    assert_eq!(a, b);
    assert!(a.is_ok());
}

static BUILT: std::sync::atomic::AtomicUsize = std::sync::atomic::AtomicUsize::new(0);

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig::with_cases(200))]

    /// Whatever is named, the builder gives a valid position or an error
    /// (never a panic), and a valid Selection position reveals.
    #[test]
    fn any_builder_gives_a_valid_position_or_an_error(
        players in 3usize..=5,
        set in 0usize..6,
        picks in proptest::collection::vec((0u8..6, 0usize..5, 0u8..9, 0u8..4), 0..20),
        round in 1u8..=5,
        deck_size in proptest::option::of(0usize..45),
    ) {
        let families = fairy_ring::fickle::RecommendedSet::ALL[set].families();
        let mut b = Builder::new(Config::with_families(players, families).unwrap()).round(round);
        for (seat, family, copy, kind) in picks {
            let card = Card::new(families[family], copy).unwrap();
            let p = Player(seat);
            b = match kind {
                0 => b.alliance(p, [card]),
                1 => b.active(p, [card]),
                2 => b.kept(p, card),
                _ => b.deck_top([card]),
            };
        }
        if let Some(n) = deck_size {
            b = b.deck_size(n);
        }
        if let Ok(state) = b.build() {
            proptest::prop_assert!(!state.to_act().is_empty());
            let revealed = b.reveal(&mut rng());
            proptest::prop_assert!(revealed.is_ok());
            BUILT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        }
    }
}

#[test]
fn the_property_builds_valid_positions_often() {
    any_builder_gives_a_valid_position_or_an_error();
    let built = BUILT.load(std::sync::atomic::Ordering::Relaxed);
    assert!(built >= 20, "{built} valid positions");
}
