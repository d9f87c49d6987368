//! Regression tests for the Fickle findings of issue 11 (leaks, impossible
//! positions accepted by `from_setup`, the events bound).

mod fickle_support;

use fairy_ring::fickle::{Action, Event, Family, LineupEffect, Phase, State, Zone};
use fairy_ring::{Game, Player, Seat};
use fickle_support::*;

use Family::*;

const DELAYED: [Family; 5] = [Noble, Blinded, Psychic, Reduced, Erase];

/// Everyone places their cards until the stacks are passed; the events.
fn through_lineup(s: &mut State) -> Vec<Event> {
    let mut events = Vec::new();
    while matches!(s.phase(), Phase::Lineup) {
        let p = s.to_act().lowest().expect("someone orders");
        let a = legal(s, p.0)[0];
        events.extend(play(s, p.0, a));
    }
    events
}

fn lineup_seen(s: &State, seat: u8, of: usize) -> Vec<bool> {
    s.view_for(Seat::Player(Player(seat))).players[of]
        .lineup
        .iter()
        .map(Option::is_some)
        .collect()
}

// ---- 1. Psychic and Reduced together ----

#[test]
fn psychic_and_reduced_see_the_two_cards_kept_not_the_dismissed_one() {
    let mut s = pos(3, DELAYED)
        .effect(Player(0), LineupEffect::Psychic)
        .effect(Player(0), LineupEffect::Reduced)
        .build()
        .unwrap();
    assert!(matches!(s.phase(), Phase::Lineup));
    let events = through_lineup(&mut s);
    assert!(matches!(s.phase(), Phase::Selection));
    assert_eq!(s.to_setup().areas[0].cursor, 1, "Reduced dismissed the top card");
    assert_eq!(
        lineup_seen(&s, 0, 0),
        vec![false, true, true],
        "Psychic sees the top two of the cards left, never the one Reduced dismissed"
    );
    // Player 2 passed player 0's stack (round 1 goes left) and knows it all.
    assert_eq!(lineup_seen(&s, 2, 0), vec![true, true, true]);
    assert_eq!(lineup_seen(&s, 1, 0), vec![false, false, false]);
    let dismissed: Vec<&Event> = events
        .iter()
        .filter(|e| {
            matches!(e, Event::Moved { from: Zone::Lineup(Player(0)), to: Zone::Dismiss, .. })
        })
        .collect();
    assert_eq!(dismissed.len(), 1);
    let shown = |seat: u8| {
        matches!(
            State::redact(dismissed[0], Seat::Player(Player(seat))),
            Some(Event::Moved { card: Some(_), .. })
        )
    };
    assert!(!shown(0), "the dismissed card stays unseen by its receiver");
    assert!(!shown(1));
    assert!(shown(2), "its passer knows it");
    // Psychic overrides Blinded for the top two: nothing blind here, and the
    // decision on the second card is made seeing it.
    assert!(kept_seen_by_its_owner(&mut s));
}

/// Player 0 keeps the top card, the others too: whether player 0 saw it.
fn kept_seen_by_its_owner(s: &mut State) -> bool {
    let mut events = play(s, 0, Action::Keep);
    events.extend(others_keep(s, 0));
    let kept = events
        .iter()
        .find(|e| matches!(e, Event::Moved { to: Zone::Chosen(Player(0)), .. }))
        .expect("player 0 kept a Fairy");
    matches!(
        State::redact(kept, Seat::Player(Player(0))),
        Some(Event::Moved { card: Some(_), .. })
    )
}

#[test]
fn psychic_and_reduced_built_in_the_selection_match_the_engine() {
    let s = pos(3, DELAYED)
        .effect(Player(0), LineupEffect::Psychic)
        .effect(Player(0), LineupEffect::Reduced)
        .kept(Player(0), "Noble 1")
        .kept(Player(1), "Noble 2")
        .kept(Player(2), "Noble 3")
        .build()
        .unwrap();
    assert_eq!(lineup_seen(&s, 0, 0), vec![false, true, true]);
}

#[test]
fn blinded_psychic_and_reduced_decide_seeing_the_card() {
    let mut s = pos(3, DELAYED)
        .effect(Player(0), LineupEffect::Psychic)
        .effect(Player(0), LineupEffect::Reduced)
        .effect(Player(0), LineupEffect::Blinded)
        .build()
        .unwrap();
    through_lineup(&mut s);
    assert_eq!(lineup_seen(&s, 0, 0), vec![false, true, true]);
    assert!(kept_seen_by_its_owner(&mut s), "Psychic overrides Blinded");
}
