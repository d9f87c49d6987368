//! A Midsummer Night's Fayre: positions drawn from what one seat knows
//! (`Sample`). The contract through random games, the memory (a card stolen
//! from the seat, a reshuffled draw pile), uniformity, and information no
//! position can give.

use crate::fayre_common;

use std::collections::HashMap;

use fairy_ring::fayre::{
    Action, CardCounts, Config, DieRef, Face, Memory, Mischief, PitOutcome, PositionBuilder,
    RollMode, State,
};
use fairy_ring::{Game, InfoState, Player, Sample, SampleError, Seat, testing};
use fayre_common::{BLUE, PURPLE, RED, build, table};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A uniform number below `n` (a test's slight modulo bias is harmless).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    rng.next_u32() as usize % n
}

fn counts(cards: &[Mischief]) -> CardCounts {
    cards.iter().copied().collect()
}

/// Every seat's information (the players', then the spectator's), from the
/// position `state` is in now.
fn infos(state: &State) -> Vec<InfoState<State>> {
    (0..state.num_players() as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .map(|seat| InfoState::new(seat, state.view_for(seat)))
        .collect()
}

/// Plays `actions` for whoever is to act, every seat observing.
fn play(state: &mut State, infos: &mut [InfoState<State>], actions: &[Action]) {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for &action in actions {
        let player = state.to_act().lowest().expect("someone is to act");
        let events = state
            .apply(player, action, &mut rng)
            .unwrap_or_else(|e| panic!("{action:?} by {player}: {e}"));
        for info in infos.iter_mut() {
            let seat = info.seat;
            info.observe(&State::redact_all(&events, seat), state.view_for(seat));
        }
    }
}

fn info_of(infos: &[InfoState<State>], seat: Seat) -> InfoState<State> {
    infos
        .iter()
        .find(|i| i.seat == seat)
        .cloned()
        .expect("every seat has information")
}

fn pile(state: &State) -> Vec<Mischief> {
    state.to_setup().mischief_deck.to_vec()
}

/// The contract at every step of random games, for every seat and the
/// spectator, at every player count; samples really differ from the truth.
#[test]
fn sampling_contract_at_every_player_count() {
    for players in 2..=5 {
        let config = Config::new(players).expect("2 to 5 players");
        let report =
            testing::check_sampling::<State, ChaCha8Rng>(&config, 10, 100 * players as u64, 8)
                .unwrap_or_else(|f| panic!("{players} players: {f}"));
        assert!(report.samples_differing > report.samples / 2, "{report:?}");
        assert!(report.walked > 0, "{report:?}");
    }
}

/// Random games reach steals and reshuffles, so the memory is used: where
/// it knows something, the contract still holds and every sample agrees.
#[test]
fn random_games_fill_the_memory_and_samples_keep_it() {
    let config = Config::new(3).expect("3 players");
    let (mut stolen, mut reshuffled) = (0, 0);
    for game in 0..40u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let mut state = State::new(&config, &mut rng).expect("a game");
        let mut infos = infos(&state);
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let action = legal[below(&mut rng, legal.len())];
            let events = state.apply(player, action, &mut rng).expect("legal");
            for info in infos.iter_mut() {
                let seat = info.seat;
                info.observe(&State::redact_all(&events, seat), state.view_for(seat));
                let knows_hand = info.memory.known.iter().any(|h| !h.is_empty());
                let knows_pile = info.memory.draw_pile_from.is_some();
                if knows_hand || (knows_pile && below(&mut rng, 20) == 0) {
                    stolen += u32::from(knows_hand);
                    reshuffled += u32::from(knows_pile);
                    let mut sample_rng = ChaCha8Rng::seed_from_u64(rng.next_u64());
                    testing::check_sample(&config, info, &state, &mut sample_rng, 4)
                        .unwrap_or_else(|m| panic!("game {game}: {m}"));
                }
            }
        }
    }
    assert!(stolen > 20, "{stolen} positions with a known card");
    assert!(
        reshuffled > 20,
        "{reshuffled} positions with a reshuffled pile"
    );
}

/// RED rolls the Goblin and steals BLUE's only card, a grey fairy.
fn steal_scene() -> (State, Vec<InfoState<State>>) {
    let mut state = build(
        table(3)
            .rolls(RollMode::Reported)
            .hand(RED, [Mischief::Flip])
            .hand(BLUE, [Mischief::Swap])
            .hand(PURPLE, [Mischief::Flip, Mischief::NudgeOne])
            .goblin_rolls([RED]),
    );
    let mut infos = infos(&state);
    play(
        &mut state,
        &mut infos,
        &[
            Action::ReportPrizePit(PitOutcome::Goblin),
            Action::ChoosePlayer(BLUE),
        ],
    );
    assert_eq!(state.hand(RED), counts(&[Mischief::Flip, Mischief::Swap]));
    (state, infos)
}

/// BLUE saw its grey fairy go to RED: every sample for BLUE leaves it
/// there, although RED's view-only hand could be any two hidden cards; a
/// position where RED lacks it disagrees with BLUE's memory.
#[test]
fn a_card_stolen_from_the_seat_stays_in_the_thiefs_hand() {
    let (state, infos) = steal_scene();
    let blue = info_of(&infos, Seat::Player(BLUE));
    assert_eq!(blue.memory.known_hand(RED), counts(&[Mischief::Swap]));
    // Nobody else saw the card.
    for seat in [Seat::Player(PURPLE), Seat::Spectator] {
        assert_eq!(info_of(&infos, seat).memory, Memory::default());
    }
    assert!(state.agrees(Seat::Player(BLUE), &blue.memory));
    let config = *state.config();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..500 {
        let sample = blue.sample(&config, &mut rng).expect("a sample");
        assert!(sample.hand(RED).count(Mischief::Swap) >= 1);
    }
    // From the view alone, RED may lack the grey fairy.
    let forgetful = InfoState::<State>::new(Seat::Player(BLUE), blue.view.clone());
    let wrong = (0..500)
        .map(|_| forgetful.sample(&config, &mut rng).expect("a sample"))
        .find(|s| s.hand(RED).count(Mischief::Swap) == 0)
        .expect("the view alone lets RED hold other cards");
    assert!(!wrong.agrees(Seat::Player(BLUE), &blue.memory));
    assert!(wrong.agrees(Seat::Player(BLUE), &forgetful.memory));
}

/// What the thief is known to hold wears off as it gives cards away: a
/// played grey fairy may have been the stolen one.
#[test]
fn a_known_card_is_forgotten_once_its_kind_is_played() {
    let (mut state, mut infos) = steal_scene();
    // BLUE's turn (after RED's): draw and place; then PURPLE; then RED plays
    // the grey fairy.
    while !(state.current() == RED
        && state
            .legal_actions(RED)
            .contains(&Action::Play(Mischief::Swap)))
    {
        let player = state.to_act().lowest().expect("someone acts");
        let legal = state.legal_actions(player);
        let action = legal
            .iter()
            .copied()
            .find(|a| !matches!(a, Action::Play(_)))
            .unwrap_or(legal[0]);
        play(&mut state, &mut infos, &[action]);
        assert!(!state.is_over(), "RED never could play the grey fairy");
    }
    play(&mut state, &mut infos, &[Action::Play(Mischief::Swap)]);
    let blue = info_of(&infos, Seat::Player(BLUE));
    assert_eq!(blue.memory.known_hand(RED), CardCounts::default());
}

/// RED draws from an empty pile: the discard pile (every card not in a
/// hand) is reshuffled into the new pile, and RED takes one.
fn reshuffle_scene() -> (State, Vec<InfoState<State>>) {
    let mut state = build(
        table(3)
            .hand(RED, [Mischief::RerollPool])
            .hand(BLUE, [Mischief::Flip, Mischief::Flip, Mischief::Flip])
            .hand(PURPLE, [Mischief::RerollDie])
            .empty_draw_pile()
            .to_play(RED),
    );
    let mut infos = infos(&state);
    play(&mut state, &mut infos, &[Action::Draw]);
    (state, infos)
}

/// PURPLE watched the discard pile become the draw pile: samples for it
/// put only those cards in the pile, although its view would allow any
/// hidden card there; a pile holding another card disagrees with its
/// memory.
#[test]
fn a_reshuffled_pile_holds_only_the_cards_that_were_discarded() {
    let (state, infos) = reshuffle_scene();
    let purple = info_of(&infos, Seat::Player(PURPLE));
    let from = purple
        .memory
        .draw_pile_from
        .expect("PURPLE watched the reshuffle");
    assert!(state.agrees(Seat::Player(PURPLE), &purple.memory));
    let fits = |s: &State| {
        let pile = counts(&pile(s));
        Mischief::ALL
            .into_iter()
            .all(|k| pile.count(k) <= from.count(k))
    };
    let config = *state.config();
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    for _ in 0..500 {
        let sample = purple.sample(&config, &mut rng).expect("a sample");
        assert!(fits(&sample), "{:?} outside {from:?}", pile(&sample));
    }
    // RED saw its own card leave the pile: its memory is one card smaller.
    let red = info_of(&infos, Seat::Player(RED));
    let drawn = red.memory.draw_pile_from.expect("RED watched it too");
    assert_eq!(drawn.total() + 1, from.total());
    let forgetful = InfoState::<State>::new(Seat::Player(PURPLE), purple.view.clone());
    let wrong = (0..500)
        .map(|_| forgetful.sample(&config, &mut rng).expect("a sample"))
        .find(|s| !fits(s))
        .expect("the view alone lets the pile hold other cards");
    assert!(!wrong.agrees(Seat::Player(PURPLE), &purple.memory));
}

/// PURPLE also saw RED draw one of the reshuffled cards: the pile and RED's
/// hand hold every one of them (the pile holds all but one), in every
/// sample; knowing only what the pile can hold allows other hands.
#[test]
fn a_card_drawn_from_a_reshuffled_pile_stays_with_the_drawer() {
    let (state, infos) = reshuffle_scene();
    let purple = info_of(&infos, Seat::Player(PURPLE));
    assert_eq!(purple.memory.drawn_by(RED), 1);
    assert_eq!(purple.memory.drawn_by(BLUE), 0);
    let from = purple
        .memory
        .draw_pile_from
        .expect("PURPLE watched the reshuffle");
    let holds_all = |s: &State| {
        let mut both = counts(&pile(s));
        for card in s.hand(RED).cards() {
            both.add(card);
        }
        Mischief::ALL
            .into_iter()
            .all(|k| both.count(k) >= from.count(k))
    };
    assert!(holds_all(&state));
    let config = *state.config();
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    for _ in 0..500 {
        let sample = purple.sample(&config, &mut rng).expect("a sample");
        assert!(holds_all(&sample), "{:?}", sample.hand(RED));
    }
    let mut pile_only = purple.clone();
    pile_only.memory.drawn = [0; 5];
    let wrong = (0..500)
        .map(|_| pile_only.sample(&config, &mut rng).expect("a sample"))
        .find(|s| !holds_all(s))
        .expect("the pile alone lets RED hold other cards");
    assert!(!wrong.agrees(Seat::Player(PURPLE), &purple.memory));
    assert!(wrong.agrees(Seat::Player(PURPLE), &pile_only.memory));
}

/// The key of a sample for the uniformity tests: the other hands (sorted)
/// and the draw pile (in order).
type Key = (Vec<Vec<Mischief>>, Vec<Mischief>);

fn key(state: &State, seat: Seat) -> Key {
    let setup = state.to_setup();
    let hands = (0..state.num_players())
        .filter(|&p| seat != Seat::Player(Player(p as u8)))
        .map(|p| {
            let mut hand = setup.hands[p].to_vec();
            hand.sort();
            hand
        })
        .collect();
    (hands, setup.mischief_deck.to_vec())
}

/// Every permutation of `items` (all of them, duplicates included).
fn permutations(items: &[Mischief]) -> Vec<Vec<Mischief>> {
    if items.len() <= 1 {
        return vec![items.to_vec()];
    }
    let mut out = Vec::new();
    for i in 0..items.len() {
        let mut rest = items.to_vec();
        let first = rest.remove(i);
        for mut tail in permutations(&rest) {
            tail.insert(0, first);
            out.push(tail);
        }
    }
    out
}

/// The probability of each key when every arrangement of the individual
/// hidden cards that the information allows is equally likely. A card the
/// memory places in a hand is that card, so it is left out; each other hand
/// has first a place for each card the memory says it drew from the
/// reshuffled pile, then its other places. Every permutation of the
/// remaining cards over those places and the pile is counted if the pile
/// and the drawn places hold only cards the memory allows, and its position
/// gives the seat this view and agrees with its memory.
fn expected(truth: &State, info: &InfoState<State>) -> HashMap<Key, f64> {
    let seat = info.seat;
    let memory = &info.memory;
    let setup = truth.to_setup();
    let others: Vec<usize> = (0..truth.num_players())
        .filter(|&p| seat != Seat::Player(Player(p as u8)))
        .collect();
    let mut free: Vec<Mischief> = setup.mischief_deck.to_vec();
    for &p in &others {
        let mut hand = setup.hands[p].to_vec();
        for known in memory.known_hand(Player(p as u8)).cards() {
            let at = hand
                .iter()
                .position(|&c| c == known)
                .expect("known card held");
            hand.remove(at);
        }
        free.extend(hand);
    }
    let pile_size = setup.mischief_deck.len();
    let mut found: HashMap<Key, f64> = HashMap::new();
    let mut total = 0.0;
    for perm in permutations(&free) {
        let mut s = setup.clone();
        let mut cards = perm.into_iter();
        let pile: Vec<Mischief> = cards.by_ref().take(pile_size).collect();
        let mut block = counts(&pile);
        for &p in &others {
            let player = Player(p as u8);
            let mut hand: Vec<Mischief> = memory.known_hand(player).cards().collect();
            let drawn: Vec<Mischief> = cards.by_ref().take(memory.drawn_by(player)).collect();
            block = drawn.iter().copied().chain(block.cards()).collect();
            hand.extend(drawn);
            let others = setup.hands[p].len() - hand.len();
            hand.extend(cards.by_ref().take(others));
            s.hands[p] = hand.into_iter().collect();
        }
        if let Some(from) = memory.draw_pile_from
            && Mischief::ALL
                .iter()
                .any(|&k| block.count(k) > from.count(k))
        {
            continue;
        }
        s.mischief_deck = pile.into_iter().collect();
        let state = State::from_setup(s).expect("a valid arrangement");
        if state.view_for(seat) == info.view && state.agrees(seat, memory) {
            *found.entry(key(&state, seat)).or_default() += 1.0;
            total += 1.0;
        }
    }
    for p in found.values_mut() {
        *p /= total;
    }
    found
}

/// Draws `n` samples and tests them against [`expected`]: every key
/// occurs, none outside it, and the chi-squared statistic is below
/// `critical` for `outcomes - 1` degrees of freedom.
fn assert_uniform(truth: &State, info: &InfoState<State>, outcomes: usize, critical: f64) {
    let expected = expected(truth, info);
    assert_eq!(expected.len(), outcomes, "{expected:?}");
    let config = *truth.config();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let n = 200 * outcomes;
    let mut seen: HashMap<Key, f64> = HashMap::new();
    for _ in 0..n {
        let sample = info.sample(&config, &mut rng).expect("a sample");
        let k = key(&sample, info.seat);
        assert!(
            expected.contains_key(&k),
            "sample outside the allowed: {k:?}"
        );
        *seen.entry(k).or_default() += 1.0;
    }
    assert_eq!(seen.len(), outcomes, "every arrangement occurs");
    let chi2: f64 = expected
        .iter()
        .map(|(k, p)| {
            let e = p * n as f64;
            let o = seen.get(k).copied().unwrap_or(0.0);
            (o - e) * (o - e) / e
        })
        .sum();
    assert!(chi2 < critical, "chi-squared {chi2} over {critical}");
}

/// No memory, one card of each kind, three players: five hidden cards, two
/// in BLUE's hand, one in PURPLE's and two in the pile: C(5, 2) × 3 × 2! =
/// 60 arrangements, all equally likely.
#[test]
fn samples_are_uniform_over_the_hidden_cards() {
    let config = Config::new(3)
        .expect("3 players")
        .with_mischief(CardCounts::new([1; 6]).expect("counts"));
    let state = build(
        PositionBuilder::new(config)
            .hand(RED, [Mischief::Flip])
            .hand(BLUE, [Mischief::NudgeOne, Mischief::NudgeTwo])
            .hand(PURPLE, [Mischief::Swap]),
    );
    let info = InfoState::<State>::new(Seat::Player(RED), state.view_for(Seat::Player(RED)));
    // 0.1% critical value of chi-squared with 59 degrees of freedom.
    assert_uniform(&state, &info, 60, 98.324);
}

/// The reshuffled pile, with cards of a kind alike: BLUE draws one of the
/// five discarded cards; RED knows the pile's four come from them, so at
/// most one of the two blue fairies hidden is in the pile. The
/// arrangements of the individual cards are counted (`expected`), and the
/// distinct results are weighted by how many arrangements give them.
#[test]
fn samples_after_a_reshuffle_are_uniform_over_what_the_pile_can_hold() {
    let config = Config::new(2)
        .expect("2 players")
        .with_mischief(CardCounts::new([2, 2, 2, 1, 0, 0]).expect("counts"));
    let mut state = build(
        PositionBuilder::new(config)
            .hand(RED, [Mischief::Flip])
            .hand(BLUE, [Mischief::NudgeOne])
            .empty_draw_pile()
            .to_play(BLUE),
    );
    let mut infos = infos(&state);
    play(&mut state, &mut infos, &[Action::Draw]);
    let red = info_of(&infos, Seat::Player(RED));
    assert!(red.memory.draw_pile_from.is_some());
    // 60 distinct results, 0.1% critical value of chi-squared with 59
    // degrees of freedom.
    assert_uniform(&state, &red, 60, 98.324);
}

/// A stolen card is pinned in the thief's hand and the other cards are
/// shuffled around it.
#[test]
fn samples_after_a_steal_are_uniform_around_the_pinned_card() {
    let config = Config::new(2)
        .expect("2 players")
        .with_mischief(CardCounts::new([2, 1, 1, 1, 0, 0]).expect("counts"))
        .with_rolls(RollMode::Reported);
    let mut state = build(
        PositionBuilder::new(config)
            .hand(RED, [Mischief::Flip])
            .hand(BLUE, [Mischief::NudgeOne])
            .to_play(BLUE)
            .goblin_rolls([BLUE]),
    );
    let mut infos = infos(&state);
    play(
        &mut state,
        &mut infos,
        &[
            Action::ReportPrizePit(PitOutcome::Goblin),
            Action::ChoosePlayer(RED),
        ],
    );
    let red = info_of(&infos, Seat::Player(RED));
    assert_eq!(red.memory.known_hand(BLUE), counts(&[Mischief::Flip]));
    // 0.1% critical value of chi-squared with 23 degrees of freedom.
    assert_uniform(&state, &red, 24, 49.728);
}

/// Information no position gives: an error, never a panic.
#[test]
fn impossible_information_is_an_error() {
    let (state, infos) = steal_scene();
    let config = *state.config();
    let blue = info_of(&infos, Seat::Player(BLUE));
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let refused = |info: &InfoState<State>, config: &Config| {
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        info.sample(config, &mut rng).map(|_| ())
    };
    assert!(blue.sample(&config, &mut rng).is_ok());
    // Another config: player count, move limit, card mix.
    for other in [
        Config::new(4).expect("4 players"),
        config.with_move_limit(7),
        config.with_mischief(CardCounts::new([5, 5, 5, 5, 5, 4]).expect("counts")),
    ] {
        assert!(matches!(
            refused(&blue, &other),
            Err(SampleError::Config(_)) | Err(SampleError::Impossible(_))
        ));
    }
    // A seat not at the table, or another seat's view.
    let mut away = blue.clone();
    away.seat = Seat::Player(Player(4));
    assert!(matches!(
        refused(&away, &config),
        Err(SampleError::Config(_))
    ));
    let mut other = blue.clone();
    other.seat = Seat::Player(PURPLE);
    assert!(refused(&other, &config).is_err());
    // A card twice: one more grey fairy in the own hand.
    let mut twice = blue.clone();
    let mut hand = twice.view.own_hand.expect("a hand");
    hand.add(Mischief::Swap);
    twice.view.own_hand = Some(hand);
    twice.view.hand_sizes[BLUE.index()] += 1;
    assert!(refused(&twice, &config).is_err());
    // Wrong counts: a hand or the pile one card larger or smaller.
    for (p, delta) in [(0usize, 1isize), (2, -1), (1, 1)] {
        let mut wrong = blue.clone();
        let size = &mut wrong.view.hand_sizes[p];
        *size = size.checked_add_signed(delta).expect("a size");
        assert!(refused(&wrong, &config).is_err(), "hand {p} {delta}");
    }
    let mut pile = blue.clone();
    pile.view.mischief_draw_pile += 1;
    assert!(refused(&pile, &config).is_err());
    // A Mini Game in play and scored.
    let mut game = blue.clone();
    let in_play = game
        .view
        .booths
        .iter()
        .flatten()
        .next()
        .expect("a game")
        .game;
    game.view.finished.push(in_play);
    assert!(refused(&game, &config).is_err());
    // A memory that knows more cards than a hand holds, or knows its own.
    let mut memory = blue.clone();
    memory.memory.known[RED.index()].add(Mischief::Flip);
    memory.memory.known[RED.index()].add(Mischief::Flip);
    assert!(refused(&memory, &config).is_err());
    let mut own = blue.clone();
    own.memory.known[BLUE.index()].add(Mischief::Swap);
    assert!(refused(&own, &config).is_err());
    // A pile said to hold nothing that is hidden.
    let mut pile_from = blue.clone();
    pile_from.memory.draw_pile_from = Some(CardCounts::default());
    assert!(refused(&pile_from, &config).is_err());
}

/// Random edits of a seat's view and memory through JSON: each gives an
/// error or a sample that shows exactly the edited view, never a panic.
#[test]
fn random_edits_never_panic() {
    use serde_json::Value;
    let config = Config::new(3).expect("3 players");
    let (mut tried, mut accepted) = (0, 0);
    for game in 0..4 {
        let mut rng = ChaCha8Rng::seed_from_u64(60 + game);
        let mut state = State::new(&config, &mut rng).expect("a game");
        let mut infos = infos(&state);
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let action = legal[below(&mut rng, legal.len())];
            let events = state.apply(player, action, &mut rng).expect("legal");
            for info in infos.iter_mut() {
                let seat = info.seat;
                info.observe(&State::redact_all(&events, seat), state.view_for(seat));
            }
            let info = &infos[below(&mut rng, infos.len())];
            let mut json = serde_json::json!({
                "view": serde_json::to_value(&info.view).expect("json"),
                "memory": serde_json::to_value(&info.memory).expect("json"),
            });
            for _ in 0..1 + below(&mut rng, 3) {
                edit(&mut json, &mut rng);
            }
            let (Ok(view), Ok(memory)) = (
                serde_json::from_value(json["view"].clone()),
                serde_json::from_value::<Memory>(json["memory"].clone()),
            ) else {
                continue;
            };
            tried += 1;
            let edited = InfoState::<State> {
                seat: info.seat,
                view,
                memory,
            };
            if let Ok(sample) = edited.sample(&config, &mut rng) {
                accepted += 1;
                assert_eq!(sample.view_for(edited.seat), edited.view);
                assert!(sample.agrees(edited.seat, &edited.memory));
            }
        }
    }
    assert!(tried > 300, "{tried} edits tried");
    assert!(accepted < tried, "{accepted} of {tried} accepted");

    /// Changes one number, or drops or doubles one list item, somewhere.
    fn edit(value: &mut Value, rng: &mut ChaCha8Rng) {
        match value {
            Value::Number(_) => {
                *value = match below(rng, 12) {
                    8 => Value::from(u64::MAX),
                    9 => Value::from(usize::MAX as u64 - 1),
                    10 => Value::from(u64::from(u32::MAX)),
                    11 => Value::from(255),
                    n => Value::from(n as u64),
                }
            }
            Value::Array(items) if !items.is_empty() => {
                let i = below(rng, items.len());
                match below(rng, 4) {
                    0 => {
                        items.remove(i);
                    }
                    1 => {
                        let item = items[i].clone();
                        items.push(item);
                    }
                    _ => edit(&mut items[i], rng),
                }
            }
            Value::Object(fields) if !fields.is_empty() => {
                let i = below(rng, fields.len());
                if let Some((_, field)) = fields.iter_mut().nth(i) {
                    edit(field, rng);
                }
            }
            _ => {}
        }
    }
}

/// Two players, every die of both on two cards (none in a pool), RED
/// holding three pool re-rolls (`hand`) and to play: only the pool re-roll
/// has no target, and RED may not draw.
fn no_pool_dice(hand: [Mischief; 3]) -> State {
    build(
        table(2)
            .mini_game("Pie Throw", |g| {
                g.dice(RED, [1, 2, 3, 4]).dice(BLUE, [1, 2, 3])
            })
            .mini_game("Tin Can Volley", |g| {
                g.dice(RED, [5, 6]).dice(BLUE, [4, 5, 6])
            })
            .mini_game("FIND the Pearl", |g| g)
            .pool(RED, [])
            .pool(BLUE, [])
            .hand(RED, hand)
            .hand(BLUE, [Mischief::Flip])
            .to_play(RED),
    )
}

/// RED takes no Mischief action holding three cards, when only the pool
/// re-roll has no target: every other seat knows RED holds three pool
/// re-rolls, and samples for them always deal RED exactly that; a sample
/// from the view alone deals other cards and disagrees with the memory.
#[test]
fn a_pass_with_a_full_hand_shows_the_hand_when_one_kind_has_no_target() {
    let mut state = no_pool_dice([Mischief::RerollPool; 3]);
    assert_eq!(state.legal_actions(RED).as_slice(), &[Action::NoMischief]);
    let mut infos = infos(&state);
    play(&mut state, &mut infos, &[Action::NoMischief]);
    let three = counts(&[Mischief::RerollPool; 3]);
    let config = *state.config();
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for seat in [Seat::Player(BLUE), Seat::Spectator] {
        let info = info_of(&infos, seat);
        assert_eq!(info.memory.known_hand(RED), three, "{seat:?}");
        for _ in 0..300 {
            let sample = info.sample(&config, &mut rng).expect("a sample");
            assert_eq!(sample.hand(RED), three, "{seat:?}");
        }
        let forgetful = InfoState::<State>::new(seat, info.view.clone());
        let wrong = (0..300)
            .map(|_| forgetful.sample(&config, &mut rng).expect("a sample"))
            .find(|s| s.hand(RED) != three)
            .expect("the view alone allows other hands");
        assert!(!wrong.agrees(seat, &info.memory));
    }
    // RED's own memory learns nothing of its own hand.
    assert_eq!(info_of(&infos, Seat::Player(RED)).memory, Memory::default());
}

/// In random games, samples for every other seat right after a pass with
/// cards never give the passer a card that had a target (when one kind
/// lacked one).
#[test]
fn samples_after_a_pass_never_give_the_passer_a_playable_card() {
    let (mut passes, mut several, mut tried) = (0, 0, 0);
    for players in [2usize, 3] {
        let config = Config::new(players).expect("players");
        for game in 0..30u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(game);
            let mut state = State::new(&config, &mut rng).expect("a game");
            let mut infos = infos(&state);
            while let Some(player) = state.to_act().lowest() {
                let legal = state.legal_actions(player);
                let action = legal[below(&mut rng, legal.len())];
                let before = state;
                let events = state.apply(player, action, &mut rng).expect("legal");
                for info in infos.iter_mut() {
                    let seat = info.seat;
                    info.observe(&State::redact_all(&events, seat), state.view_for(seat));
                }
                if action != Action::NoMischief || state.hand(player).is_empty() {
                    continue;
                }
                let no_target: Vec<Mischief> = Mischief::ALL
                    .into_iter()
                    .filter(|&k| !has_target(&before, k))
                    .collect();
                if no_target.len() != 1 {
                    several += 1;
                    continue;
                }
                passes += 1;
                for info in infos.iter().filter(|i| i.seat != Seat::Player(player)) {
                    for _ in 0..10 {
                        let sample = info.sample(&config, &mut rng).expect("a sample");
                        tried += 1;
                        assert!(
                            sample.hand(player).cards().all(|c| c == no_target[0]),
                            "{:?} for a pass with only {:?} unplayable",
                            sample.hand(player),
                            no_target
                        );
                    }
                }
            }
        }
    }
    // Passes when several kinds had no target are not kept (see the ruling
    // "Fayre: what a sample does not use"); they are counted to show it.
    println!("passes with cards: {passes} with one kind without a target, {several} with several");
    assert!(passes > 5, "{passes} passes with cards");
    assert!(tried > 100);
}

/// Whether `card` has a target in `state`, asked of the public API die by
/// die (the pool re-roll: a non-empty pool).
fn has_target(state: &State, card: Mischief) -> bool {
    let players = state.num_players() as u8;
    if card == Mischief::RerollPool {
        return (0..players).any(|p| !state.pool(Player(p)).is_empty());
    }
    let pools = (0..players).flat_map(|p| {
        Face::ALL.map(move |face| DieRef::Pool {
            owner: Player(p),
            face,
        })
    });
    let fairy = Face::ALL.map(|face| DieRef::FairyPool { face });
    let placed = (0..3u8).flat_map(|booth| {
        (0..8u8)
            .map(move |space| DieRef::Placed { booth, space })
            .chain((0..3u8).map(move |space| DieRef::PlacedFairy { booth, space }))
    });
    pools
        .chain(fairy)
        .chain(placed)
        .any(|die| state.may_target(card, die))
}

/// Plays the current player's turn to its end with the first legal action
/// each time.
fn finish_turn(state: &mut State, infos: &mut [InfoState<State>]) {
    let current = state.current();
    while state.current() == current && !state.is_over() {
        let player = state.to_act().lowest().expect("someone is to act");
        let action = state.legal_actions(player)[0];
        play(state, infos, &[action]);
    }
}

/// RED draws one of the two reshuffled cards (a red fairy or a grey one),
/// then plays its yellow fairy, a kind that was not reshuffled: that card
/// was not the drawn one, so PURPLE still knows RED holds it, and samples
/// never give RED a blue fairy (the kind every other hidden card is).
#[test]
fn giving_away_a_card_the_pile_never_held_keeps_the_drawn_count() {
    let config = Config::new(3)
        .expect("3 players")
        .with_mischief(CardCounts::new([1, 6, 1, 1, 0, 0]).expect("a mix"));
    let mut state = build(
        PositionBuilder::new(config)
            .hand(RED, [Mischief::Flip])
            .hand(BLUE, [Mischief::NudgeOne; 3])
            .hand(PURPLE, [Mischief::NudgeOne; 3])
            .empty_draw_pile()
            .to_play(RED),
    );
    let mut infos = infos(&state);
    play(&mut state, &mut infos, &[Action::Draw]);
    finish_turn(&mut state, &mut infos); // RED places
    finish_turn(&mut state, &mut infos); // BLUE
    finish_turn(&mut state, &mut infos); // PURPLE
    play(&mut state, &mut infos, &[Action::Play(Mischief::Flip)]);
    finish_turn(&mut state, &mut infos);
    let purple = info_of(&infos, Seat::Player(PURPLE));
    assert_eq!(state.hand(RED).total(), 1);
    assert_eq!(purple.memory.drawn_by(RED), 1);
    assert!(state.agrees(Seat::Player(PURPLE), &purple.memory));
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..300 {
        let sample = purple.sample(&config, &mut rng).expect("a sample");
        assert_eq!(sample.hand(RED).count(Mischief::NudgeOne), 0);
    }
}

/// The pile-count weights (binomials) when the reshuffled cards are more
/// than the block they fill: RED saw {yellow, blue, red, red, grey}
/// reshuffled and BLUE draw one; with BLUE's drawn count dropped, the pile
/// of 4 is any 4 of the 6 hidden cards {yellow, blue, blue, red, red, grey}
/// within those caps (one blue at most). Counting the choices of individual
/// cards: {yellow, blue, red, red} 2/9, {yellow, blue, red, grey} 4/9,
/// {blue, red, red, grey} 2/9, {yellow, red, red, grey} 1/9.
#[test]
fn binomial_weights_match_enumeration() {
    let config = Config::new(2)
        .expect("2 players")
        .with_mischief(CardCounts::new([2, 2, 2, 1, 0, 0]).expect("a mix"));
    let mut state = build(
        PositionBuilder::new(config)
            .hand(RED, [Mischief::Flip])
            .hand(BLUE, [Mischief::NudgeOne])
            .empty_draw_pile()
            .to_play(BLUE),
    );
    let mut infos = infos(&state);
    play(&mut state, &mut infos, &[Action::Draw]);
    let mut red = info_of(&infos, Seat::Player(RED));
    red.memory.drawn = [0; 5];
    use Mischief::{Flip as Y, NudgeOne as B, NudgeTwo as R, Swap as G};
    let mut expected: HashMap<Vec<Mischief>, f64> = HashMap::new();
    for (pile, p) in [
        (vec![Y, B, R, R], 2.0),
        (vec![Y, B, R, G], 4.0),
        (vec![B, R, R, G], 2.0),
        (vec![Y, R, R, G], 1.0),
    ] {
        expected.insert(pile, p / 9.0);
    }
    let n = 18_000;
    let mut seen: HashMap<Vec<Mischief>, usize> = HashMap::new();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    for _ in 0..n {
        let sample = red.sample(&config, &mut rng).expect("a sample");
        let mut pile = pile(&sample);
        pile.sort();
        *seen.entry(pile).or_default() += 1;
    }
    let mut chi2 = 0.0;
    for (pile, count) in &seen {
        let p = *expected
            .get(pile)
            .unwrap_or_else(|| panic!("pile {pile:?} cannot be"));
        let e = p * n as f64;
        chi2 += (*count as f64 - e).powi(2) / e;
    }
    assert_eq!(seen.len(), expected.len(), "{seen:?}");
    // Chi-squared, 3 degrees of freedom: 16.266 at the 0.1% level.
    assert!(chi2 < 16.266, "chi2 {chi2}: {seen:?}");
}

/// A second reshuffle starts the memory of the pile afresh: the drawn
/// counts go back to 0 although the drawers may still hold cards from the
/// first (the ruling "Fayre: what a seat remembers" says why).
#[test]
fn a_second_reshuffle_forgets_the_cards_drawn_from_the_first() {
    let config = Config::new(3)
        .expect("3 players")
        .with_mischief(CardCounts::new([3, 1, 0, 0, 0, 2]).expect("a mix"));
    let mut state = build(
        PositionBuilder::new(config)
            .hand(RED, [Mischief::Flip, Mischief::RerollPool])
            .hand(BLUE, [Mischief::Flip, Mischief::RerollPool])
            .hand(PURPLE, [Mischief::Flip])
            .discard_pile([Mischief::NudgeOne])
            .empty_draw_pile()
            .to_play(RED),
    );
    let mut infos = infos(&state);
    play(&mut state, &mut infos, &[Action::Draw]);
    let spectator = info_of(&infos, Seat::Spectator);
    assert_eq!(spectator.memory.drawn_by(RED), 1);
    finish_turn(&mut state, &mut infos); // RED places
    play(&mut state, &mut infos, &[Action::Play(Mischief::Flip)]);
    finish_turn(&mut state, &mut infos); // BLUE
    // PURPLE draws: the yellow fairy BLUE played is reshuffled.
    play(&mut state, &mut infos, &[Action::Draw]);
    let spectator = info_of(&infos, Seat::Spectator);
    assert_eq!(state.hand(RED).count(Mischief::NudgeOne), 1);
    assert_eq!(spectator.memory.drawn_by(RED), 0);
    assert_eq!(spectator.memory.drawn_by(PURPLE), 1);
}

/// Huge counts in an edited view are errors, not overflow panics.
#[test]
fn huge_counts_are_errors() {
    let state = build(
        table(3)
            .hand(RED, [Mischief::Flip])
            .hand(BLUE, [Mischief::Swap]),
    );
    let config = *state.config();
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let fresh = || InfoState::<State>::new(Seat::Player(RED), state.view_for(Seat::Player(RED)));
    let mut pile = fresh();
    pile.view.mischief_draw_pile = usize::MAX;
    let mut games = fresh();
    games.view.mini_games_left = usize::MAX;
    let mut drawn = fresh();
    drawn.view.mischief_draw_pile = usize::MAX;
    drawn.memory.draw_pile_from = Some(config.mischief);
    drawn.memory.drawn = [0, 1, 0, 0, 0];
    for info in [pile, games, drawn] {
        assert!(matches!(
            info.sample(&config, &mut rng),
            Err(SampleError::Impossible(_))
        ));
    }
}
