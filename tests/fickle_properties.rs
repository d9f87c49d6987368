//! Properties over random games, hidden information, and a playthrough
//! snapshot.

use std::collections::BTreeSet;

use fairy_ring::fickle::{Config, Event, Family, Phase, RecommendedSet, Setup, State};
use fairy_ring::{Bot, Game, Player, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Test cases per property: `default`, or `FICKLE_CASES` for a longer hunt.
fn cases(default: u32) -> u32 {
    std::env::var("FICKLE_CASES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(crate::scale::size(default))
}

fn config_for(players: usize, pick: u64) -> Config {
    let mut rng = ChaCha8Rng::seed_from_u64(pick);
    match pick % 8 {
        0..=5 => Config::recommended(players, RecommendedSet::ALL[(pick % 6) as usize]).unwrap(),
        _ => Config::random(players, &mut rng).unwrap(),
    }
}

/// Plays a random game, calling `each` on every position.
fn random_game(config: &Config, seed: u64, mut each: impl FnMut(&State)) -> (State, Vec<Event>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(config, &mut rng).unwrap();
    let mut all = Vec::new();
    let mut steps = 0u32;
    while let Some(p) = {
        each(&state);
        fairy_ring::rng::choose(&mut rng, &state.to_act().iter().collect::<Vec<_>>()).copied()
    } {
        let action = RandomBot.choose(&state.decision(p), &mut rng).unwrap();
        all.extend(state.apply(p, action, &mut rng).unwrap());
        steps += 1;
        assert!(steps <= state.max_game_length());
    }
    (state, all)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    #[test]
    fn every_card_is_in_exactly_one_place(players in 3usize..=5, pick in 0u64..1000, seed: u64) {
        let config = config_for(players, pick);
        random_game(&config, seed, |state| {
            // Setup validation counts every card of the five Families once.
            assert_eq!(State::try_from(state.to_setup()).as_ref(), Ok(state));
        });
    }

    #[test]
    fn the_game_ends_after_round_five(players in 3usize..=5, pick in 0u64..1000, seed: u64) {
        let config = config_for(players, pick);
        let mut rounds = BTreeSet::new();
        let (state, events) = random_game(&config, seed, |s| { rounds.insert(s.round()); });
        prop_assert_eq!(rounds.into_iter().collect::<Vec<_>>(), vec![0, 1, 2, 3, 4, 5]);
        let over = matches!(state.phase(), Phase::Over { .. });
        prop_assert!(over);
        let starts = events.iter().filter(|e| matches!(e, Event::RoundStarted { .. })).count();
        prop_assert_eq!(starts, 5);
        let outcome = state.outcome().unwrap();
        prop_assert_eq!(outcome.winners().len(), 1);
        let best = outcome.scores().iter().max().copied();
        prop_assert_eq!(outcome.winners().lowest().and_then(|w| outcome.score(w)), best);
    }

    #[test]
    fn views_ignore_what_a_seat_cannot_know(players in 3usize..=5, pick in 0u64..1000, seed: u64) {
        let config = config_for(players, pick);
        random_game(&config, seed, |state| {
            let setup = state.to_setup();
            // Reorder the deck: nobody may see a difference.
            if setup.deck.len() >= 2 {
                let mut other = setup;
                other.deck.swap(0, 1);
                compare(state, other, &all_seats(players));
            }
            // Reorder the Dismiss pile: it lies face down.
            if setup.dismiss.len() >= 2 {
                let mut other = setup;
                other.dismiss.swap(0, 1);
                compare(state, other, &all_seats(players));
            }
            // Swap a card of player 1's hand with the deck: only they differ.
            if let (Some(&h), Some(&d)) = (setup.areas[0].hand.first(), setup.deck.first()) {
                let mut other = setup;
                other.areas[0].hand[0] = d;
                other.deck[0] = h;
                if other.areas[0].discard == Some(h) {
                    other.areas[0].discard = Some(d);
                }
                let seats: Vec<Seat> = all_seats(players)
                    .into_iter()
                    .filter(|&s| s != Seat::Player(Player(0)))
                    .collect();
                compare(state, other, &seats);
            }
        });
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    /// A face-down card a seat has not seen (a Lineup card or a kept Fairy)
    /// swapped with a deck card changes neither that seat's view nor, for a
    /// player, their legal actions.
    #[test]
    fn unseen_stack_and_chosen_cards_change_no_view_or_choice(
        players in 3usize..=5,
        pick in 0u64..1000,
        seed: u64,
    ) {
        let config = config_for(players, pick);
        random_game(&config, seed, |state| {
            let setup = state.to_setup();
            let Some(&d) = setup.deck.first() else {
                return;
            };
            for owner in 0..players {
                let area = &setup.areas[owner];
                // Slots of the owner's face-down cards: the kept Fairy, then
                // every card still in the stack.
                let mut slots: Vec<Option<usize>> = Vec::new();
                if area.chosen.is_some() {
                    slots.push(None);
                }
                slots.extend((usize::from(area.cursor)..area.lineup.len()).map(Some));
                for slot in slots {
                    let mut other = setup;
                    let card = match slot {
                        None => other.areas[owner].chosen.replace(d),
                        Some(i) => Some(core::mem::replace(&mut other.areas[owner].lineup[i], d)),
                    };
                    let Some(card) = card else { continue };
                    other.deck[0] = card;
                    let Ok(other) = State::try_from(other) else {
                        continue;
                    };
                    // What the seat knows, from the position itself: the
                    // owner the cards they have seen, the passer the stack.
                    let passer = setup.directions[usize::from(setup.round).max(1) - 1]
                        .step(Player(owner as u8), players - 1, players);
                    let seen = match slot {
                        None => area.chosen_seen,
                        Some(i) => area.lineup_seen & (1 << i) != 0,
                    };
                    for seat in all_seats(players) {
                        let view = state.view_for(seat);
                        let knows = seat == Seat::Player(passer)
                            || (seat == Seat::Player(Player(owner as u8)) && seen);
                        if knows {
                            continue;
                        }
                        assert_eq!(view, other.view_for(seat), "{seat:?} sees {card} of {owner}");
                        if let Seat::Player(p) = seat {
                            assert_eq!(
                                state.legal_actions(p),
                                other.legal_actions(p),
                                "{p:?}'s choices give away {card} of {owner}"
                            );
                        }
                    }
                }
            }
        });
    }
}

fn all_seats(players: usize) -> Vec<Seat> {
    (0..players)
        .map(|p| Seat::Player(Player(p as u8)))
        .chain([Seat::Spectator])
        .collect()
}

fn compare(state: &State, other: Setup, seats: &[Seat]) {
    let Ok(other) = State::try_from(other) else {
        return;
    };
    for &seat in seats {
        assert_eq!(
            state.view_for(seat),
            other.view_for(seat),
            "{seat:?} sees hidden cards"
        );
    }
}

fn tally(
    events: Vec<Event>,
    used: &mut BTreeSet<Family>,
    responses: &mut BTreeSet<Family>,
    kinds: &mut BTreeSet<&'static str>,
) {
    for e in events {
        match e {
            Event::PowerUsed { power, card, .. } => {
                used.insert(power);
                used.insert(card.family);
            }
            Event::Responded { card, .. } => {
                responses.insert(card.family);
            }
            Event::ScoringChoice { card, .. } => {
                used.insert(card.family);
            }
            Event::Redirected { .. } => {
                kinds.insert("redirect");
            }
            Event::Concealed { .. } => {
                kinds.insert("conceal");
            }
            Event::Picked { .. } => {
                kinds.insert("pick");
            }
            Event::Avoided { .. } => {
                kinds.insert("avoid");
            }
            Event::Reshuffled { .. } => {
                kinds.insert("reshuffle");
            }
            Event::LineupChanged { .. } => {
                kinds.insert("lineup");
            }
            _ => {}
        }
    }
}

/// Random games reach every Power's resolver: each Family's Power is used
/// (or, for Score Families, scored) somewhere.
#[test]
fn random_games_exercise_every_family() {
    let mut used = BTreeSet::new();
    let mut responses = BTreeSet::new();
    let mut kinds = BTreeSet::new();
    for (i, chunk) in Family::ALL.chunks(5).enumerate() {
        for offset in 0..4u64 {
            let mut families = [
                Family::Noble,
                Family::Give,
                Family::Coerce,
                Family::Dispel,
                Family::Share,
            ];
            for (slot, f) in families.iter_mut().zip(chunk) {
                *slot = *f;
            }
            let mut distinct = Vec::new();
            for f in families.iter().chain(&Family::ALL) {
                if !distinct.contains(f) {
                    distinct.push(*f);
                }
            }
            let families: [Family; 5] = distinct[..5].try_into().unwrap();
            for seed in 0..6u64 {
                let config = Config::with_families(3 + (seed % 3) as usize, families).unwrap();
                let (_, events) = random_game(&config, seed * 31 + offset * 7 + i as u64, |_| {});
                tally(events, &mut used, &mut responses, &mut kinds);
            }
        }
    }
    for (i, set) in RecommendedSet::ALL.into_iter().enumerate() {
        for seed in 0..8u64 {
            let config = Config::recommended(3 + (seed % 3) as usize, set).unwrap();
            let (_, events) = random_game(&config, 1000 + seed + 10 * i as u64, |_| {});
            tally(events, &mut used, &mut responses, &mut kinds);
        }
    }
    let missing: Vec<_> = Family::ALL
        .iter()
        .filter(|f| {
            !used.contains(f)
                && !matches!(f, Family::Noble | Family::Pariah)
                && f.power_type() != fairy_ring::fickle::PowerType::Response
        })
        .collect();
    assert!(missing.is_empty(), "never used: {missing:?}");
    for r in [
        Family::Deflect,
        Family::Distract,
        Family::Obfuscate,
        Family::Reflect,
    ] {
        assert!(responses.contains(&r), "{r:?} never used");
    }
    for k in ["redirect", "conceal", "pick", "avoid", "lineup"] {
        assert!(kinds.contains(k), "{k} never happened");
    }
}

#[test]
fn playthrough_snapshot() -> Result<(), fairy_ring::testing::Failure> {
    let config = Config::new(3).unwrap();
    insta::assert_snapshot!(fairy_ring::testing::playthrough::<State, ChaCha8Rng>(
        &config, 7
    )?);
    Ok(())
}

/// Applies one small corruption to a position.
fn mutate(setup: &mut Setup, kind: u8, a: u8, b: u8) {
    use fairy_ring::fickle::{Resolution, Step, Target};
    let n = setup.areas.len();
    let area = usize::from(a) % n.max(1);
    match kind % 12 {
        0 => setup.areas[area].cursor = b % 5,
        1 => setup.areas[area].placed = b % 5,
        2 => setup.court_crier = Player(b % 7),
        3 => {
            if setup.areas[area].chosen.is_none()
                && let Some(card) = setup.deck.pop()
            {
                setup.areas[area].chosen = Some(card);
            }
        }
        4 => {
            let len = setup.areas[area].alliance.len();
            if len > 0 {
                let ac = &mut setup.areas[area].alliance[usize::from(b) % len];
                ac.active = !ac.active;
            }
        }
        5 => setup.round = b % 7,
        6 => setup.last_revealer = Some(Player(b % 7)),
        7 => {
            let len = setup.areas[area].alliance.len();
            if len > 0
                && let Some(ac) = setup.areas[area].alliance.remove(usize::from(b) % len)
            {
                let _ = setup.dismiss.push(ac.card);
            }
        }
        k => {
            if let Phase::Powers {
                resolution: Some(Resolution::Direct(d)),
                ..
            } = &mut setup.phase
            {
                match k {
                    8 => {
                        d.step = Step::Window {
                            responder: Player(b % 6),
                            passed: fairy_ring::PlayerSet::EMPTY,
                        }
                    }
                    9 => d.target = Some(Target::Player(Player(b % 6))),
                    10 => d.power = Family::ALL[usize::from(b) % Family::ALL.len()],
                    _ => {
                        d.step = Step::Reflect {
                            player: Player(b % 6),
                        }
                    }
                }
            }
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    #[test]
    fn corrupted_positions_are_refused_or_keep_the_contract(
        players in 3usize..=5,
        pick in 0u64..1000,
        seed: u64,
        stop in 0usize..300,
        mutations in proptest::collection::vec((any::<u8>(), any::<u8>(), any::<u8>()), 1..4),
        bytes in proptest::collection::vec(any::<u8>(), 0..80),
    ) {
        let config = config_for(players, pick);
        let mut positions = Vec::new();
        random_game(&config, seed, |s| positions.push(s.to_setup()));
        let mut setup = positions[stop % positions.len()];
        for (k, a, b) in mutations {
            mutate(&mut setup, k, a, b);
        }
        let json = serde_json::to_string(&setup).unwrap();
        let _ = serde_json::from_str::<State>(&json);
        if let Ok(state) = State::try_from(setup) {
            let report = fairy_ring::testing::playout::<State, ChaCha8Rng>(state, seed, &bytes);
            prop_assert!(report.is_ok(), "{:?}", report.err());
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(48)))]

    /// What the `fickle_actions` fuzz target does, on random bytes.
    #[test]
    fn playouts_from_random_bytes_keep_the_contract(
        players in 3usize..=5,
        pick in 0u64..1000,
        seed: u64,
        bytes in proptest::collection::vec(any::<u8>(), 0..1200),
    ) {
        let config = config_for(players, pick);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = State::new(&config, &mut rng).unwrap();
        let report = fairy_ring::testing::playout::<State, ChaCha8Rng>(state, seed, &bytes);
        prop_assert!(report.is_ok(), "{:?}", report.err());
    }

    /// What the `fickle_setup` fuzz target does, on JSON with one value changed.
    #[test]
    fn edited_json_never_panics(
        players in 3usize..=5,
        pick in 0u64..1000,
        seed: u64,
        stop in 0usize..300,
        at in any::<usize>(),
        digit in 0u8..10,
    ) {
        let config = config_for(players, pick);
        let mut positions = Vec::new();
        random_game(&config, seed, |s| positions.push(s.to_setup()));
        let setup = &positions[stop % positions.len()];
        let mut json = serde_json::to_string(setup).unwrap().into_bytes();
        let digits: Vec<usize> = json
            .iter()
            .enumerate()
            .filter(|(_, b)| b.is_ascii_digit())
            .map(|(i, _)| i)
            .collect();
        if let Some(&i) = digits.get(at % digits.len().max(1)) {
            json[i] = b'0' + digit;
        }
        let _ = serde_json::from_slice::<State>(&json);
        if let Ok(state) = serde_json::from_slice::<Setup>(&json).map(State::try_from)
            && let Ok(state) = state
        {
            let bytes: Vec<u8> = json.iter().rev().take(64).copied().collect();
            let report = fairy_ring::testing::playout::<State, ChaCha8Rng>(state, 0, &bytes);
            prop_assert!(report.is_ok(), "{:?}", report.err());
        }
    }
}

/// Every card a seat may know from its view.
fn visible(view: &fairy_ring::fickle::View) -> BTreeSet<fairy_ring::fickle::Card> {
    use fairy_ring::fickle::Slot;
    let mut cards = BTreeSet::new();
    for p in &view.players {
        cards.extend(p.alliance.iter().map(|ac| ac.card));
        cards.extend(p.hand.iter().flatten());
        cards.extend(p.lineup.iter().flatten());
        if let Slot::Known(c) = p.chosen {
            cards.insert(c);
        }
        cards.extend(p.discard);
    }
    cards
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(cases(24)))]

    /// A card shown to a seat in a redacted event is one its view showed just
    /// before or just after the move: events leak nothing the views hide.
    #[test]
    fn redacted_events_show_only_cards_the_views_show(
        players in 3usize..=5,
        pick in 0u64..1000,
        seed: u64,
    ) {
        let config = config_for(players, pick);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&config, &mut rng).unwrap();
        let seats = all_seats(players);
        while let Some(&p) =
            fairy_ring::rng::choose(&mut rng, &state.to_act().iter().collect::<Vec<_>>())
        {
            let before: Vec<_> = seats.iter().map(|&s| visible(&state.view_for(s))).collect();
            let legal = state.legal_actions(p);
            let action = *fairy_ring::rng::choose(&mut rng, &legal).unwrap();
            let events = state.apply(p, action, &mut rng).unwrap();
            for (i, &seat) in seats.iter().enumerate() {
                let mut known = visible(&state.view_for(seat));
                known.extend(before[i].iter().copied());
                let redacted = State::redact_all(&events, seat);
                // Cards shown face up to everyone during the move.
                for event in &redacted {
                    match *event {
                        Event::Revealed { card, .. }
                        | Event::Responded { card, .. }
                        | Event::Moved {
                            card: Some(card),
                            knows: None,
                            ..
                        } => {
                            known.insert(card);
                        }
                        Event::Aimed {
                            target: fairy_ring::fickle::Target::Card(card),
                            ..
                        } => {
                            known.insert(card);
                        }
                        _ => {}
                    }
                }
                for event in &redacted {
                    let shown: Vec<_> = match event {
                        Event::Dealt { cards, .. } => cards.iter().flatten().copied().collect(),
                        Event::Moved { card, .. } => card.iter().copied().collect(),
                        _ => Vec::new(),
                    };
                    for card in shown {
                        prop_assert!(known.contains(&card), "{seat:?} learns {card} from {event:?}");
                    }
                }
            }
        }
    }
}
