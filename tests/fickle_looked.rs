//! Every card a seat comes to see is named to it by an event of the move
//! that shows it (issue 11; contract promise 6): the top card of its stack,
//! the cards Psychic shows, the Fairy it kept while Blinded once the Fairy
//! Powers phase begins ([`Event::Looked`]).

use crate::fickle_support;

use fairy_ring::fickle::{
    Card, Config, Event, Family, LineupEffect, Phase, RecommendedSet, Slot, State, View, Zone,
};
use fairy_ring::{Game, Player, Seat};
use fickle_support::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

use Family::*;

/// The face-down cards a view shows its seat (hands, stacks, kept Fairies).
fn shown(view: &View) -> Vec<Card> {
    let mut out = Vec::new();
    for pv in &view.players {
        out.extend(pv.hand.iter().flatten());
        out.extend(pv.lineup.iter().flatten());
        if let Slot::Known(c) = pv.chosen {
            out.push(c);
        }
    }
    out
}

/// The cards `events` name to `seat`.
fn named(events: &[Event], seat: Seat) -> Vec<Card> {
    let mut out = Vec::new();
    for e in events.iter().filter_map(|e| State::redact(e, seat)) {
        match e {
            Event::Dealt { cards, .. } => out.extend(cards.iter().flatten()),
            Event::Moved { card, .. } | Event::Looked { card, .. } => out.extend(card),
            Event::Revealed { card, .. } | Event::Picked { card, .. } => out.push(card),
            _ => {}
        }
    }
    out
}

/// Plays random games; after every move, each card a seat's view shows
/// that it did not show before the move is named in the seat's events of
/// that move. Returns how many such cards were checked.
fn check_games(config: &Config, games: u64, seed: u64) -> usize {
    let players = config.num_players();
    let seats: Vec<Seat> = (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect();
    let mut checked = 0;
    for game in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed + game);
        let mut state = State::new(config, &mut rng).expect("new game");
        let mut before: Vec<Vec<Card>> = seats.iter().map(|&s| shown(&state.view_for(s))).collect();
        for step in 0.. {
            let Some(player) = state.to_act().iter().nth(fairy_ring::rng::index(
                &mut rng,
                state.to_act().len().max(1),
            )) else {
                break;
            };
            let legal = state.legal_actions(player);
            let action = legal[fairy_ring::rng::index(&mut rng, legal.len())];
            let events = state.apply(player, action, &mut rng).expect("legal");
            for (i, &seat) in seats.iter().enumerate() {
                let now = shown(&state.view_for(seat));
                let told = named(&events, seat);
                for c in now.iter().filter(|c| !before[i].contains(c)) {
                    checked += 1;
                    assert!(
                        told.contains(c),
                        "game {game} step {step}: {seat:?} sees {c} after {action} by \
                         {player:?}, named by none of its events {events:?}"
                    );
                }
                before[i] = now;
            }
        }
    }
    checked
}

#[test]
fn every_card_a_seat_comes_to_see_is_named_to_it() {
    let mut checked = 0;
    for players in 3..=5 {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        for config in [
            Config::with_families(players, [Psychic, Reduced, Blinded, Noble, Coerce]),
            Config::with_families(players, [Blinded, Psychic, Transmute, Obfuscate, Give]),
            Config::recommended(players, RecommendedSet::Turnabout),
            Config::random(players, &mut rng),
        ] {
            checked += check_games(&config.expect("config"), 3, 10 * players as u64);
        }
    }
    assert!(checked > 1000, "{checked}");
}

/// Every player is Blinded and keeps the top card of their stack unseen; once
/// the Selection is over each is told their kept Fairy, and nobody else is.
#[test]
fn a_fairy_kept_blind_is_named_to_its_owner_when_the_powers_begin() {
    let mut b = pos(3, [Noble, Blinded, Give, Coerce, Dispel])
        .kept(Player(0), "Noble 1")
        .kept(Player(1), "Give 2")
        .kept(Player(2), "Coerce 2");
    for p in 0..3 {
        b = b.effect(Player(p), LineupEffect::Blinded);
    }
    let state = b.build().expect("a Selection position");
    for p in 0..3 {
        let view = state.view_for(Seat::Player(Player(p)));
        assert_eq!(
            view.players[usize::from(p)].lineup[0],
            None,
            "decided blind"
        );
    }
    let (state, events) = keep_all(state);
    assert!(matches!(state.phase(), Phase::Powers { .. }));
    for (p, name) in [(0u8, "Noble 1"), (1, "Give 2"), (2, "Coerce 2")] {
        let looked = events
            .iter()
            .find(|e| matches!(e, Event::Looked { player, .. } if *player == Player(p)))
            .expect("a Looked event");
        assert_eq!(
            looked,
            &Event::Looked {
                player: Player(p),
                card: Some(card(name)),
                at: Zone::Chosen(Player(p)),
                position: 0,
            }
        );
        for seat in 0..3u8 {
            let seen = State::redact(looked, Seat::Player(Player(seat)));
            let told = matches!(seen, Some(Event::Looked { card: Some(_), .. }));
            assert_eq!(told, seat == p, "{looked:?} to {seat}");
        }
        assert!(matches!(
            State::redact(looked, Seat::Spectator),
            Some(Event::Looked { card: None, .. })
        ));
    }
}

/// Psychic shows the top two cards of the stack at once: one event each, to
/// the player under it only; the card Reduced dismisses is not among them.
#[test]
fn psychic_names_the_two_cards_it_shows() {
    for reduced in [false, true] {
        let mut b = pos(3, [Noble, Psychic, Reduced, Coerce, Dispel])
            .effect(Player(0), LineupEffect::Psychic);
        if reduced {
            b = b.effect(Player(0), LineupEffect::Reduced);
        }
        let mut s = b.build().expect("a Lineup position");
        let mut events = Vec::new();
        while matches!(s.phase(), Phase::Lineup) {
            let p = s.to_act().lowest().expect("someone orders");
            let a = legal(&s, p.0)[0];
            events.extend(play(&mut s, p.0, a));
        }
        let stack = s.to_setup().areas[0].lineup;
        let looked: Vec<&Event> = events
            .iter()
            .filter(|e| {
                matches!(
                    e,
                    Event::Looked {
                        player: Player(0),
                        ..
                    }
                )
            })
            .collect();
        let first = usize::from(reduced);
        let expected: Vec<Event> = (first..first + 2)
            .map(|i| Event::Looked {
                player: Player(0),
                card: Some(stack[i]),
                at: Zone::Lineup(Player(0)),
                position: i as u8,
            })
            .collect();
        assert_eq!(
            looked,
            expected.iter().collect::<Vec<_>>(),
            "reduced {reduced}"
        );
        let view = s.view_for(Seat::Player(Player(0)));
        let seen: Vec<bool> = view.players[0].lineup.iter().map(Option::is_some).collect();
        assert_eq!(seen, [!reduced, true, reduced]);
    }
}

/// The words of the new event, whole and redacted.
#[test]
fn looked_reads_as_words() {
    let e = Event::Looked {
        player: Player(0),
        card: Some(card("Noble 4")),
        at: Zone::Lineup(Player(0)),
        position: 1,
    };
    assert_eq!(
        e.to_string(),
        "player 1 looks at card 2 of their stack: Noble 4"
    );
    assert_eq!(
        e.redacted(Seat::Player(Player(1))).to_string(),
        "player 1 looks at card 2 of their stack"
    );
    let kept = Event::Looked {
        player: Player(2),
        card: Some(card("Give 2")),
        at: Zone::Chosen(Player(2)),
        position: 0,
    };
    assert_eq!(
        kept.to_string(),
        "player 3 looks at their kept Fairy: Give 2"
    );
    assert_eq!(
        kept.redacted(Seat::Spectator).to_string(),
        "player 3 looks at their kept Fairy"
    );
}
