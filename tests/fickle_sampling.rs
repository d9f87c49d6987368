//! Fickle's information-state sampling (`Sample`): the contract at every
//! player count, what the memory keeps, uniformity on a small position, and
//! refusal of views no position gives.

use fairy_ring::fickle::{Config, RecommendedSet, State};
use fairy_ring::testing::check_sampling;
use rand_chacha::ChaCha8Rng;

fn contract(config: &Config, games: u32, seed: u64) {
    let report = check_sampling::<State, ChaCha8Rng>(config, games, seed, 8)
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{report:?}");
    assert_eq!(report.games, games);
    assert!(
        report.samples_differing * 2 > report.samples,
        "samples should mostly differ from the truth: {report:?}"
    );
    assert!(report.walked > report.samples, "{report:?}");
}

#[test]
fn the_contract_holds_at_three_players() {
    contract(&Config::new(3).unwrap(), 12, 1);
    contract(
        &Config::recommended(3, RecommendedSet::ScorchedEarth).unwrap(),
        8,
        2,
    );
}

#[test]
fn the_contract_holds_at_four_players() {
    contract(
        &Config::recommended(4, RecommendedSet::DodgeBall).unwrap(),
        10,
        3,
    );
    contract(
        &Config::recommended(4, RecommendedSet::Turnabout).unwrap(),
        8,
        4,
    );
}

#[test]
fn the_contract_holds_at_five_players() {
    contract(
        &Config::recommended(5, RecommendedSet::PariahHotPotato).unwrap(),
        10,
        5,
    );
    contract(
        &Config::recommended(5, RecommendedSet::RoyalTea).unwrap(),
        8,
        6,
    );
}

/// The Lineup Powers (Blinded, Psychic, Reduced: what owners saw of their
/// stacks, Fairies kept blind) with Transmute, and the Responses (a Fairy
/// used early from its face-down place) with Erase and Scheme.
#[test]
fn the_contract_holds_with_lineup_powers_and_responses() {
    use fairy_ring::fickle::Family::*;
    for (n, families, seed) in [
        (3, [Blinded, Psychic, Reduced, Transmute, Deflect], 7),
        (4, [Blinded, Reduced, Purge, Obfuscate, Dispel], 8),
        (5, [Psychic, Distract, Reflect, Mimic, Erase], 9),
        (4, [Scheme, Switch, Familiar, Illusion, Pariah], 10),
    ] {
        contract(&Config::with_families(n, families).unwrap(), 8, seed);
    }
}

use fairy_ring::fickle::{Area, Card, Phase, Setup, View};
use fairy_ring::{Game, InfoState, List, Player, Sample, Seat};
use rand_core::{Rng, SeedableRng};

/// Plays random moves from `seed` until `stop` holds, keeping `seat`'s
/// information.
fn play_until(
    config: &Config,
    seed: u64,
    seat: Seat,
    stop: impl Fn(&State) -> bool,
) -> (State, InfoState<State>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(config, &mut rng).unwrap();
    let mut info = InfoState::<State>::new(seat, state.view_for(seat));
    while !stop(&state) {
        let player = state.to_act().lowest().expect("the game goes on");
        let legal = state.legal_actions(player);
        let action = legal[rng.next_u32() as usize % legal.len()];
        let events = state.apply(player, action, &mut rng).unwrap();
        info.observe(&State::redact_all(&events, seat), state.view_for(seat));
    }
    (state, info)
}

/// Seat 0's opening dismissal is in the Dismiss pile (only a count in the
/// view) once everyone has committed: the memory keeps it, samples never
/// put it elsewhere, and a position that does disagrees with the memory.
#[test]
fn the_memory_keeps_the_opening_dismissal() {
    let config = Config::new(3).unwrap();
    let seat = Seat::Player(Player(0));
    let (state, info) = play_until(&config, 11, seat, |s| s.round() >= 1);
    let discard = state.to_setup().dismiss[0];
    // The seat's own card, the only one in the pile.
    assert_eq!(state.to_setup().dismiss.len(), 3);
    assert!(info.memory.dismissed.contains(discard));
    assert!(state.agrees(seat, &info.memory));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let forgetful = InfoState::<State>::new(seat, info.view.clone());
    let mut elsewhere = None;
    for _ in 0..300 {
        let sample = info.sample(&config, &mut rng).unwrap();
        assert!(sample.to_setup().dismiss.contains(&discard));
        assert!(sample.agrees(seat, &info.memory));
        let guess = forgetful.sample(&config, &mut rng).unwrap();
        if !guess.to_setup().dismiss.contains(&discard) {
            elsewhere = Some(guess);
        }
    }
    // The view alone allows the card elsewhere; the memory rules it out.
    let elsewhere = elsewhere.expect("without memory the card goes elsewhere");
    assert!(!elsewhere.agrees(seat, &info.memory));
}

/// Alliance Fairies dismissed in public stay known in the Dismiss pile to
/// every seat, the Spectator too.
#[test]
fn public_dismissals_are_remembered_by_every_seat() {
    let config = Config::recommended(4, RecommendedSet::ScorchedEarth).unwrap();
    let mut found = 0;
    for seed in 0..40 {
        let (state, info) = play_until(&config, seed, Seat::Spectator, |s| {
            s.outcome().is_some() || s.round() >= 3
        });
        let setup = state.to_setup();
        found += info.memory.dismissed.len();
        for card in info.memory.dismissed.iter() {
            assert!(setup.dismiss.contains(&card), "{card} not in the pile");
        }
        assert!(state.agrees(Seat::Spectator, &info.memory));
    }
    assert!(found > 0, "some Fairies were dismissed in public");
}

/// A seated player keeps the cards it remembered in the Dismiss pile
/// through a reshuffle and the Lineup deal that follows it (every other
/// hand dealt face down): each is in the deck or with a player dealt from
/// the new deck (or one their stack went to), at most as many out of the
/// deck as were drawn unseen. The real position always agrees.
#[test]
fn a_seated_player_follows_remembered_cards_after_a_reshuffle() {
    let config = Config::recommended(4, RecommendedSet::ScorchedEarth).unwrap();
    let (mut followed, mut out_of_deck) = (0, 0);
    for seed in 0..40u64 {
        let seat = Seat::Player(Player((seed % 4) as u8));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&config, &mut rng).unwrap();
        let mut info = InfoState::<State>::new(seat, state.view_for(seat));
        while state.outcome().is_none() && state.round() < 4 {
            let player = state.to_act().lowest().unwrap();
            let legal = state.legal_actions(player);
            let action = legal[rng.next_u32() as usize % legal.len()];
            let events = state.apply(player, action, &mut rng).unwrap();
            info.observe(&State::redact_all(&events, seat), state.view_for(seat));
            assert!(state.agrees(seat, &info.memory), "seed {seed}");
            if info.memory.drawn_unseen > 0 {
                let setup = state.to_setup();
                followed += info.memory.in_deck.len();
                out_of_deck += info
                    .memory
                    .in_deck
                    .iter()
                    .filter(|c| !setup.deck.contains(c))
                    .count();
            }
        }
    }
    eprintln!("remembered cards followed {followed}, out of the deck {out_of_deck}");
    assert!(followed > 0, "some remembered cards outlive an unseen deal");
    assert!(out_of_deck > 0, "some were dealt face down");
}

/// The reviewer's reproducer: after a reshuffle the remembered cards were in
/// the new deck, so no hand dealt in full before the `Reshuffled` event can
/// hold one; samples never put one there, and a position that does
/// disagrees with the memory.
#[test]
fn remembered_cards_after_a_reshuffle_stay_out_of_hands_dealt_before_it() {
    use fairy_ring::fickle::Event;
    let config = Config::new(4).unwrap();
    let (mut cases, mut swapped) = (0, 0);
    for seed in 0..120u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(&config, &mut rng).unwrap();
        let me = Player((seed % 4) as u8);
        let seat = Seat::Player(me);
        let mut info = InfoState::<State>::new(seat, state.view_for(seat));
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let action = legal[rng.next_u32() as usize % legal.len()];
            let remembered = info.memory.dismissed;
            let events = state.apply(player, action, &mut rng).unwrap();
            info.observe(&State::redact_all(&events, seat), state.view_for(seat));
            let Some(r) = events
                .iter()
                .position(|e| matches!(e, Event::Reshuffled { .. }))
            else {
                continue;
            };
            if remembered.is_empty() || !matches!(state.phase(), Phase::Lineup) {
                continue;
            }
            let before: Vec<Player> = events[..r]
                .iter()
                .filter_map(|e| match e {
                    Event::Dealt { player, .. } if *player != me => Some(*player),
                    _ => None,
                })
                .collect();
            if before.is_empty() {
                continue;
            }
            cases += 1;
            assert!(state.agrees(seat, &info.memory));
            let holds = |s: &Setup| {
                before.iter().any(|p| {
                    s.areas[p.index()]
                        .hand
                        .iter()
                        .any(|c| remembered.contains(*c))
                })
            };
            for _ in 0..60 {
                let sample = info.sample(&config, &mut rng).unwrap();
                assert!(!holds(&sample.to_setup()), "seed {seed}");
                assert!(sample.agrees(seat, &info.memory));
            }
            // Swap a remembered card still in the deck into such a hand.
            let mut setup = state.to_setup();
            let card = remembered.iter().find(|c| setup.deck.contains(c));
            if let Some(card) = card {
                let at = setup.deck.iter().position(|&c| c == card).unwrap();
                let hand = &mut setup.areas[before[0].index()].hand;
                let other = std::mem::replace(&mut hand[0], card);
                setup.deck[at] = other;
                let moved = State::from_setup(setup).unwrap();
                assert!(holds(&moved.to_setup()));
                assert!(!moved.agrees(seat, &info.memory));
                swapped += 1;
            }
            break;
        }
    }
    eprintln!("cases {cases}, swapped {swapped}");
    assert!(cases >= 20 && swapped >= 10, "{cases} {swapped}");
}

/// The reviewer's reproducer: a seat with no memory sees a player in the
/// Fairy Powers phase whose kept Fairy is gone and who is not among those
/// revealed, so it used a Response early: a sample keeps that player in the
/// order still to come.
#[test]
fn an_early_response_stays_in_the_order_without_memory() {
    use fairy_ring::fickle::Family::*;
    let (mut positions, mut dropped) = (0, 0);
    for (n, families) in [
        (4, [Deflect, Noble, Coerce, Dispel, Give]),
        (5, [Distract, Noble, Coerce, Switch, Give]),
        (3, [Deflect, Noble, Coerce, Dispel, Switch]),
    ] {
        let config = Config::with_families(n, families).unwrap();
        for seed in 0..60u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = State::new(&config, &mut rng).unwrap();
            let seat = Seat::Player(Player(0));
            while let Some(player) = state.to_act().lowest() {
                let legal = state.legal_actions(player);
                let action = legal[rng.next_u32() as usize % legal.len()];
                state.apply(player, action, &mut rng).unwrap();
                let truth = state.to_setup();
                let Phase::Powers { order, next, .. } = &truth.phase else {
                    continue;
                };
                let rest = &order[usize::from(*next)..];
                let early: Vec<Player> = rest
                    .iter()
                    .copied()
                    .filter(|p| truth.areas[p.index()].chosen.is_none())
                    .collect();
                if early.is_empty() {
                    continue;
                }
                positions += 1;
                let forgetful = InfoState::<State>::new(seat, state.view_for(seat));
                let sample = forgetful.sample(&config, &mut rng).unwrap().to_setup();
                let Phase::Powers { order: so, .. } = &sample.phase else {
                    panic!("the phase is kept")
                };
                if early.iter().any(|p| !so.contains(p)) {
                    dropped += 1;
                    eprintln!("n={n} seed {seed}: real {order:?}, sample {so:?}");
                }
                assert_eq!(so.len(), order.len(), "n={n} seed {seed}");
            }
        }
    }
    eprintln!("early-reveal positions {positions}, dropped {dropped}");
    assert!(positions > 100);
    assert_eq!(dropped, 0);
}

/// The past cards of the stacks (before their cursors, unseen by the seat)
/// are filled with distinct cards, none twice, even when the Dismiss pile
/// holds too few of them (no memory of a revealed Fairy, a Transmute's
/// reshuffle).
#[test]
fn stack_records_never_share_a_card() {
    use fairy_ring::fickle::Family::*;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut positions = 0;
    for (n, families) in [
        (3, [Blinded, Psychic, Reduced, Transmute, Deflect]),
        (4, [Transmute, Noble, Coerce, Give, Share]),
    ] {
        let config = Config::with_families(n, families).unwrap();
        for _ in 0..6 {
            let mut state = State::new(&config, &mut rng).unwrap();
            while let Some(player) = state.to_act().lowest() {
                let legal = state.legal_actions(player);
                let action = legal[rng.next_u32() as usize % legal.len()];
                state.apply(player, action, &mut rng).unwrap();
                if !matches!(state.phase(), Phase::Powers { .. }) {
                    continue;
                }
                for seat in (0..n as u8)
                    .map(|p| Seat::Player(Player(p)))
                    .chain([Seat::Spectator])
                {
                    let view = state.view_for(seat);
                    let forgetful = InfoState::<State>::new(seat, view.clone());
                    let s = forgetful.sample(&config, &mut rng).unwrap().to_setup();
                    let mut records = Vec::new();
                    for (a, pv) in s.areas.iter().zip(&view.players) {
                        for k in 0..usize::from(a.cursor) {
                            if pv.lineup[k].is_none() && a.chosen != Some(a.lineup[k]) {
                                records.push(a.lineup[k]);
                            }
                        }
                    }
                    let count = records.len();
                    records.sort();
                    records.dedup();
                    assert_eq!(records.len(), count, "{seat:?} {view:?}");
                    positions += 1;
                }
            }
        }
    }
    assert!(positions > 100);
}

/// A Lineup position at round 5 with the deck and the Dismiss pile empty:
/// seat 0 holds 3 cards, players 2 and 3 hold 2 each, 38 Fairies are in
/// Alliances. The 4 hidden cards can lie in 4! = 24 ways (a hand not yet
/// placed has 0 cards placed, its only legal count): every one must come
/// up about equally often.
#[test]
fn samples_are_uniform_on_a_small_position() {
    let config = Config::new(3).unwrap();
    let cards: Vec<Card> = config.families.iter().flat_map(|&f| Card::of(f)).collect();
    let mut areas: List<Area, 5> = List::new();
    let hands = [&cards[0..3], &cards[3..5], &cards[5..7]];
    let alliances = [&cards[7..20], &cards[20..33], &cards[33..45]];
    for (hand, alliance) in hands.iter().zip(alliances) {
        let mut area = Area::default();
        for &c in *hand {
            area.hand.push(c).unwrap();
        }
        for &c in alliance {
            area.alliance
                .push(fairy_ring::fickle::AllianceCard::idle(c))
                .unwrap();
        }
        areas.push(area).unwrap();
    }
    let t = config.direction_tokens;
    let setup = Setup {
        config,
        round: 5,
        directions: [t[0], t[1], t[2], t[3], t[4]],
        court_crier: Player(0),
        deck: List::new(),
        dismiss: List::new(),
        areas,
        last_revealer: None,
        phase: Phase::Lineup,
    };
    let state = State::from_setup(setup).unwrap();
    let seat = Seat::Player(Player(0));
    let info = InfoState::<State>::new(seat, state.view_for(seat));
    let hidden = &cards[3..7];
    let mut counts = std::collections::HashMap::<[Card; 4], u32>::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let draws = 7200u32;
    for _ in 0..draws {
        let s = info.sample(&config, &mut rng).unwrap().to_setup();
        let key = [
            s.areas[1].hand[0],
            s.areas[1].hand[1],
            s.areas[2].hand[0],
            s.areas[2].hand[1],
        ];
        let mut sorted = key;
        sorted.sort();
        assert_eq!(sorted.as_slice(), hidden);
        *counts.entry(key).or_default() += 1;
    }
    assert_eq!(counts.len(), 24, "every assignment occurs");
    let expected = f64::from(draws) / 24.0;
    let chi2: f64 = counts
        .values()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    // Chi-squared with 23 degrees of freedom: 49.728 at the 0.1% level.
    assert!(chi2 < 49.728, "chi-squared {chi2} for {counts:?}");
}

/// After a reshuffle: the seat remembers 2 cards (R) of the Dismiss pile
/// that became the deck; the deck holds 2 cards now, 2 were since dealt
/// unseen to player 1 (whose hand of 3 may hold R), player 2's hand came from
/// the old deck. R lies in the deck's 2 places or player 1's 3 places: both
/// in the deck (2 ways), one (2 * 3 * 2 ways) or both (3 * 2 ways) in the
/// hand, 20 in all, each with the same 6! ways for the other cards. Each
/// must come up about equally often (a sampler drawing how many leave the
/// deck uniformly would give both-in-the-deck 1/3), and R never in player
/// 2's hand.
#[test]
fn samples_after_a_reshuffle_are_uniform_where_the_cards_may_be() {
    let config = Config::new(3).unwrap();
    let cards: Vec<Card> = config.families.iter().flat_map(|&f| Card::of(f)).collect();
    let mut areas: List<Area, 5> = List::new();
    let hands = [&cards[0..3], &cards[3..6], &cards[6..9]];
    let alliances = [&cards[9..21], &cards[21..33], &cards[33..43]];
    for (hand, alliance) in hands.iter().zip(alliances) {
        let mut area = Area::default();
        for &c in *hand {
            area.hand.push(c).unwrap();
        }
        for &c in alliance {
            area.alliance
                .push(fairy_ring::fickle::AllianceCard::idle(c))
                .unwrap();
        }
        areas.push(area).unwrap();
    }
    let t = config.direction_tokens;
    let setup = Setup {
        config,
        round: 5,
        directions: [t[0], t[1], t[2], t[3], t[4]],
        court_crier: Player(0),
        deck: List::from_slice(&cards[43..45]),
        dismiss: List::new(),
        areas,
        last_revealer: None,
        phase: Phase::Lineup,
    };
    let state = State::from_setup(setup).unwrap();
    let seat = Seat::Player(Player(0));
    let mut info = InfoState::<State>::new(seat, state.view_for(seat));
    let remembered = [cards[43], cards[3]];
    for c in remembered {
        info.memory.in_deck.insert(c);
    }
    info.memory.holders.insert(Player(1));
    info.memory.drawn_unseen = 2;
    assert!(state.agrees(seat, &info.memory));
    let mut counts = std::collections::HashMap::<[usize; 2], u32>::new();
    let mut rng = ChaCha8Rng::seed_from_u64(2027);
    let draws = 20 * 400u32;
    for _ in 0..draws {
        let sample = info.sample(&config, &mut rng).unwrap();
        assert!(sample.agrees(seat, &info.memory));
        let s = sample.to_setup();
        let places = [
            s.deck[0],
            s.deck[1],
            s.areas[1].hand[0],
            s.areas[1].hand[1],
            s.areas[1].hand[2],
        ];
        let at = remembered.map(|c| places.iter().position(|&x| x == c).expect("R in place"));
        *counts.entry(at).or_default() += 1;
    }
    assert_eq!(counts.len(), 20, "every placement occurs");
    let expected = f64::from(draws) / 20.0;
    let chi2: f64 = counts
        .values()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    // Chi-squared with 19 degrees of freedom: 43.820 at the 0.1% level.
    assert!(chi2 < 43.820, "chi-squared {chi2} for {counts:?}");
}

/// Views no position gives are errors, never panics.
#[test]
fn impossible_information_is_an_error() {
    let config = Config::new(3).unwrap();
    let seat = Seat::Player(Player(1));
    let (_, info) = play_until(&config, 5, seat, |s| {
        matches!(s.phase(), Phase::Selection) && s.round() >= 2
    });
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert!(info.sample(&config, &mut rng).is_ok());
    let edited = |f: &dyn Fn(&mut View)| {
        let mut bad = info.clone();
        f(&mut bad.view);
        bad
    };
    let bad = [
        edited(&|v| v.deck += 1),
        edited(&|v| v.dismiss = v.dismiss.saturating_sub(1)),
        edited(&|v| {
            let card = v.players[0].alliance[0];
            v.players[2].alliance.push(card);
        }),
        edited(&|v| {
            let card = v.players[0].alliance[0].card;
            v.players[1].lineup[2] = Some(card);
        }),
        edited(&|v| v.seat = Seat::Player(Player(0))),
        edited(&|v| v.round = 6),
    ];
    for info in &bad {
        assert!(info.sample(&config, &mut rng).is_err(), "{:?}", info.view);
    }
    let mut elsewhere = info.clone();
    elsewhere.seat = Seat::Player(Player(4));
    elsewhere.view.seat = elsewhere.seat;
    assert!(elsewhere.sample(&config, &mut rng).is_err());
    assert!(info.sample(&Config::new(4).unwrap(), &mut rng).is_err());
    let other = Config::recommended(3, RecommendedSet::DodgeBall).unwrap();
    assert!(info.sample(&other, &mut rng).is_err());
    let mut memory = info.clone();
    memory
        .memory
        .dismissed
        .insert(info.view.players[0].alliance[0].card);
    assert!(memory.sample(&config, &mut rng).is_err());
}

/// Random edits of views and memories through JSON never panic.
#[test]
fn random_edits_never_panic() {
    let config = Config::new(4).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut refused = 0;
    for seed in 0..12 {
        let seat = Seat::Player(Player((seed % 4) as u8));
        let (_, info) = play_until(&config, seed, seat, |s| {
            s.outcome().is_some() || (s.round() >= 2 && s.to_act().len() == 1)
        });
        let json = serde_json::to_value(&info.view).unwrap();
        for _ in 0..60 {
            let mut value = json.clone();
            edit(&mut value, &mut rng);
            let Ok(view) = serde_json::from_value::<View>(value) else {
                continue;
            };
            let mut bad = info.clone();
            bad.view = view;
            if bad.sample(&config, &mut rng).is_err() {
                refused += 1;
            }
        }
    }
    assert!(refused > 100, "most edits are refused: {refused}");
}

/// Changes one number of `value` somewhere.
fn edit(value: &mut serde_json::Value, rng: &mut ChaCha8Rng) {
    use serde_json::Value;
    match value {
        Value::Array(items) if !items.is_empty() => {
            let i = rng.next_u32() as usize % items.len();
            edit(&mut items[i], rng);
        }
        Value::Object(fields) if !fields.is_empty() => {
            let i = rng.next_u32() as usize % fields.len();
            edit(fields.values_mut().nth(i).unwrap(), rng);
        }
        Value::Number(_) => *value = Value::from(rng.next_u32() % 50),
        Value::Bool(b) => *b = !*b,
        _ => {}
    }
}

/// The Fairy Powers phase of the two tests below (3 players, Families
/// Transmute, Noble, Coerce, Give, Share; the Court Crier at player 3, round
/// direction Left): player 1 has revealed Transmute 5, players 2 and 3 wait
/// face down on Noble 1 and Coerce 2, the deck holds Give 5 and Share 5,
/// the Dismiss pile Noble 3 and Share 1, and every other card is in
/// player 1's Alliance. Returns the config, the state, the Transmute card and
/// the RNG that dealt it.
fn powers_position() -> (Config, State, Card, ChaCha8Rng) {
    use fairy_ring::fickle::{Direction, Family::*, PositionBuilder};
    let config = Config::with_families(3, [Transmute, Noble, Coerce, Give, Share]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let (state, _) = PositionBuilder::new(config)
        .court_crier(Player(2))
        .direction(Direction::Left)
        .kept(Player(0), "Transmute 5")
        .kept(Player(1), "Noble 1")
        .kept(Player(2), "Coerce 2")
        .reveal(&mut rng)
        .unwrap();
    let card = |name: &str| Card::parse(name).unwrap();
    let transmute = state.alliance(Player(0))[0].card;
    let mut setup = state.to_setup();
    let named = [card("Noble 3"), card("Give 5"), card("Share 5")];
    let seen = card("Share 1");
    let mut rest: Vec<Card> = setup
        .deck
        .iter()
        .chain(setup.dismiss.iter())
        .copied()
        .collect();
    rest.retain(|c| !named.contains(c) && *c != seen);
    assert_eq!(rest.len(), 45 - 3 - 4, "the setup holds the named cards");
    setup.deck = List::from_slice(&named[1..]);
    setup.dismiss = List::from_slice(&[named[0], seen]);
    for c in rest {
        setup.areas[0]
            .alliance
            .push(fairy_ring::fickle::AllianceCard::idle(c))
            .unwrap();
    }
    (config, State::from_setup(setup).unwrap(), transmute, rng)
}

/// Draws 100 samples per assignment of [`powers_position`]'s hidden cards
/// (the deck, the Dismiss pile, the two face-down Fairies), each a position
/// the memory agrees with where the Court Crier's Fairy is below Favor 5,
/// and checks that all `assignments` occur, evenly: chi-squared below
/// `critical`.
fn assert_powers_uniform(
    info: &InfoState<State>,
    config: &Config,
    rng: &mut ChaCha8Rng,
    assignments: usize,
    critical: f64,
) {
    let chosen = |s: &Setup, p: usize| s.areas[p].chosen.unwrap();
    let mut counts = std::collections::HashMap::<[Card; 6], u32>::new();
    let draws = 100 * assignments as u32;
    for _ in 0..draws {
        let sample = info.sample(config, rng).unwrap();
        assert!(sample.agrees(Seat::Spectator, &info.memory));
        let s = sample.to_setup();
        let key = [
            s.deck[0],
            s.deck[1],
            s.dismiss[0],
            s.dismiss[1],
            chosen(&s, 1),
            chosen(&s, 2),
        ];
        assert!(config.favor.favor(chosen(&s, 2)) < 5);
        *counts.entry(key).or_default() += 1;
    }
    assert_eq!(counts.len(), assignments, "every assignment occurs");
    let expected = f64::from(draws) / assignments as f64;
    let chi2: f64 = counts
        .values()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    assert!(chi2 < critical, "chi-squared {chi2}");
}

/// The Fairy Powers phase with the Court Crier at player 3, round direction
/// Left: player 1 revealed a Transmute 5 and aims it; player 2 (after the
/// Crier and player 1: may tie Favor 5) and player 3 (the Crier: must be
/// below 5) wait face down. Hidden from the spectator: those two Fairies,
/// the 2-card deck and the 2-card Dismiss pile, whose one card it saw
/// dismissed (memory). Unknown cards: Noble 1, Coerce 2, Noble 3, Give 5,
/// Share 5. Player 3 takes one of the 3 below 5, player 2 one of the 4
/// left, the other 3 fill the deck and the pile's free place in 3! ways,
/// and the remembered card has 2 places: 3 * 4 * 6 * 2 = 144 assignments,
/// each as likely.
#[test]
fn samples_are_uniform_with_memory_and_the_resolve_order() {
    let (config, state, transmute, mut rng) = powers_position();
    let card = |name: &str| Card::parse(name).unwrap();
    let mut info = InfoState::<State>::new(Seat::Spectator, state.view_for(Seat::Spectator));
    info.memory.dismissed.insert(card("Share 1"));
    info.memory.revealed[0] = Some(transmute);
    assert!(state.agrees(Seat::Spectator, &info.memory));
    // Chi-squared with 143 degrees of freedom: 201.00 at the 0.1% level.
    assert_powers_uniform(&info, &config, &mut rng, 144, 201.0);
}

/// A Fairy kept blind (Blinded) is remembered as such: samples keep it
/// unseen by its owner until the Selection ends, and a position where its
/// owner has seen it disagrees with the memory.
#[test]
fn a_fairy_kept_blind_is_remembered() {
    use fairy_ring::fickle::Family::*;
    let config = Config::with_families(4, [Blinded, Noble, Coerce, Give, Share]).unwrap();
    let seat = Seat::Player(Player(0));
    let mut found = 0;
    for seed in 0..60 {
        let (state, info) = play_until(&config, seed, seat, |s| {
            s.outcome().is_some()
                || (matches!(s.phase(), Phase::Selection)
                    && s.to_setup().areas[1..]
                        .iter()
                        .any(|a| a.chosen.is_some() && !a.chosen_seen))
        });
        // (Seat 0's own blind Fairy shows face down in its view, and the
        // stack it built shows where its receiver kept one.)
        let unseen = |p: Player| {
            info.view.players[p.index()]
                .lineup
                .iter()
                .all(Option::is_none)
        };
        let Some(p) = info
            .memory
            .kept_blind
            .iter()
            .find(|&p| p != Player(0) && unseen(p))
        else {
            continue;
        };
        if !matches!(state.phase(), Phase::Selection) {
            continue;
        }
        found += 1;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for _ in 0..20 {
            let s = info.sample(&config, &mut rng).unwrap().to_setup();
            assert!(!s.areas[p.index()].chosen_seen);
        }
        // Without the memory its owner may have seen it: such a position
        // disagrees with the memory.
        let forgetful = InfoState::<State>::new(seat, info.view.clone());
        let guess = forgetful.sample(&config, &mut rng).unwrap();
        assert!(guess.to_setup().areas[p.index()].chosen_seen);
        assert!(!guess.agrees(seat, &info.memory));
    }
    assert!(found > 0, "someone kept a Fairy blind");
}

/// A seat that joins late (its memory empty) still gets samples that give
/// it its view.
#[test]
fn a_seat_with_no_memory_still_gets_samples() {
    use fairy_ring::fickle::Family::*;
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for (n, families) in [
        (3, [Blinded, Psychic, Reduced, Transmute, Deflect]),
        (4, [Noble, Coerce, Give, Dispel, Share]),
        (5, [Obfuscate, Distract, Purge, Mimic, Erase]),
    ] {
        let config = Config::with_families(n, families).unwrap();
        for game in 0..6 {
            let mut state = State::new(&config, &mut rng).unwrap();
            while let Some(player) = state.to_act().lowest() {
                for seat in (0..n as u8)
                    .map(|p| Seat::Player(Player(p)))
                    .chain([Seat::Spectator])
                {
                    let view = state.view_for(seat);
                    let info = InfoState::<State>::new(seat, view.clone());
                    let sample = info
                        .sample(&config, &mut rng)
                        .unwrap_or_else(|e| panic!("game {game} {seat:?}: {e}\n{view:?}"));
                    assert_eq!(sample.view_for(seat), view);
                }
                let legal = state.legal_actions(player);
                let action = legal[rng.next_u32() as usize % legal.len()];
                state.apply(player, action, &mut rng).unwrap();
            }
        }
    }
}

/// The position where `fickle_sampling_stress` failed (config 52, game 1,
/// step 106: "no card fits the resolve order"): the Fairy Powers phase
/// after a reshuffle, where the face-down Fairies still to reveal must come
/// after the last reveal and the cards that fit are mostly ones the seat
/// remembers from the reshuffled pile. Replayed as the stress test plays it;
/// every sample is a valid position giving the seat its view and memory.
#[test]
fn remembered_cards_and_the_resolve_order_fill_the_face_down_fairies_together() {
    let k = 52u64;
    let mut rng = ChaCha8Rng::seed_from_u64(k);
    let config = Config::random(3 + (k % 3) as usize, &mut rng).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(1000 * k + 1);
    let mut state = State::new(&config, &mut rng).unwrap();
    let seats: Vec<Seat> = (0..config.num_players() as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect();
    let mut infos: Vec<InfoState<State>> = seats
        .iter()
        .map(|&seat| InfoState::new(seat, state.view_for(seat)))
        .collect();
    let step = 106;
    for _ in 0..step {
        let players: Vec<Player> = state.to_act().iter().collect();
        let player = *fairy_ring::rng::choose(&mut rng, &players).unwrap();
        let legal = state.legal_actions(player);
        let action = *fairy_ring::rng::choose(&mut rng, &legal).unwrap();
        let events = state.apply(player, action, &mut rng).unwrap();
        for info in &mut infos {
            let seat = info.seat;
            info.observe(&State::redact_all(&events, seat), state.view_for(seat));
        }
    }
    let info = &infos[step % infos.len()];
    assert!(matches!(state.phase(), Phase::Powers { .. }));
    assert!(!info.memory.in_deck.is_empty(), "{:?}", info.memory);
    assert!(info.memory.revealed.iter().any(Option::is_some));
    for seed in 0..200 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        fairy_ring::testing::check_sample(&config, info, &state, &mut rng, 8)
            .unwrap_or_else(|e| panic!("seed {seed}: {e}"));
    }
}

/// The position of `samples_are_uniform_with_memory_and_the_resolve_order`
/// after a reshuffle: the spectator remembers Noble 1 and Share 5 from the
/// reshuffled pile, either of which may have gone to player 2's or player
/// 3's face-down Fairy (both holders), at most one of them out of the deck
/// (one card drawn unseen), and Share 1 in the Dismiss pile. Player 3 (the
/// Court Crier) must hold less than Favor 5, so never Share 5. Counted by
/// how many remembered cards sit in a Fairy: none, 2 (deck order) * 2
/// (player 3: Coerce 2 or Noble 3) * 2 (player 2: one of the two free cards
/// left) = 8; one in player 2's, 2 * 2 * 2 * 2 (the other two free cards in
/// the deck's other place and the pile's) = 16; Noble 1 in player 3's, 2
/// (Share 5 in the deck) * 3 (player 2) * 2 = 12. With Share 1 in either
/// place of the pile: 72 assignments, each as likely.
#[test]
fn samples_are_uniform_with_remembered_cards_and_the_resolve_order() {
    let (config, state, transmute, mut rng) = powers_position();
    let card = |name: &str| Card::parse(name).unwrap();
    let mut info = InfoState::<State>::new(Seat::Spectator, state.view_for(Seat::Spectator));
    info.memory.dismissed.insert(card("Share 1"));
    info.memory.in_deck.insert(card("Noble 1"));
    info.memory.in_deck.insert(card("Share 5"));
    info.memory.holders.insert(Player(1));
    info.memory.holders.insert(Player(2));
    info.memory.drawn_unseen = 1;
    info.memory.revealed[0] = Some(transmute);
    assert!(state.agrees(Seat::Spectator, &info.memory));
    // Chi-squared with 71 degrees of freedom: 113.58 at the 0.1% level.
    assert_powers_uniform(&info, &config, &mut rng, 72, 113.58);
}
