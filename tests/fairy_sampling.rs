//! Fairy: positions drawn from a seat's information (`Sample`). A sample
//! must give the seat its view, keep the covered cards it remembers, redraw
//! the deck order and the other players' pending guesses uniformly, and
//! refuse information no position can give.

use std::collections::HashMap;

use fairy_ring::fairy::{Card, CharmDeck, Config, Guess, Memory, State, Suit, Variant};
use fairy_ring::{Game, InfoState, Player, Sample, SampleError, Seat, testing};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

fn cards(numbers: impl IntoIterator<Item = u8>) -> Vec<Card> {
    numbers.into_iter().filter_map(Card::new).collect()
}

/// The covered cards of a position (its pile without the face-up card),
/// lowest first.
fn covered(state: &State) -> Vec<Card> {
    let mut pile = state.to_setup().discard_pile.to_vec();
    pile.pop();
    pile
}

/// The face-down deck of a position, next card first.
fn deck(state: &State) -> Vec<Card> {
    let mut deck = state.to_setup().draw_pile.to_vec();
    deck.reverse();
    deck
}

/// Plays `moves` random guesses from a seeded new game, keeping `seat`'s
/// information; returns the position and that information.
fn played(config: &Config, seed: u64, seat: Seat, moves: usize) -> (State, InfoState<State>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(config, &mut rng).expect("valid config");
    let mut info = InfoState::new(seat, state.view_for(seat));
    for _ in 0..moves {
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let legal = state.legal_actions(player);
        let guess = *fairy_ring::rng::choose(&mut rng, &legal).expect("a guess");
        let events = state.apply(player, guess, &mut rng).expect("legal");
        info.observe(&State::redact_all(&events, seat), state.view_for(seat));
    }
    (state, info)
}

// ---------------------------------------------------------------------------
// The contract over whole games.

#[test]
fn the_sampling_contract_holds_at_every_player_count() {
    for players in 2..=10 {
        let config = Config::new(players).expect("2 to 10");
        let games = if players <= 4 { 40 } else { 20 };
        let report = testing::check_sampling::<State, ChaCha8Rng>(&config, games, 100, 8)
            .unwrap_or_else(|f| panic!("{players} players: {f:?}"));
        assert_eq!(report.games, games);
        assert!(report.samples > 0);
        assert!(
            report.samples_differing * 10 > report.samples * 9,
            "{players} players: only {} of {} samples differ from the truth",
            report.samples_differing,
            report.samples
        );
        assert!(report.walked > 0, "{players} players: no sample was walked");
    }
}

#[test]
fn the_sampling_contract_holds_for_the_variant_and_a_custom_deck() {
    let custom = CharmDeck::new(|c| Suit(c.number() % 3), |c| c.number() % 5 == 0);
    let configs = [
        Config::new(2)
            .expect("2")
            .with_variant(Variant::FifteenPoints),
        Config::new(3).expect("3").with_deck(custom),
        Config::new(5)
            .expect("5")
            .with_variant(Variant::FifteenPoints)
            .with_deck(custom),
    ];
    for config in configs {
        let report = testing::check_sampling::<State, ChaCha8Rng>(&config, 6, 7, 8)
            .unwrap_or_else(|f| panic!("{config:?}: {f:?}"));
        assert!(report.samples_differing > 0, "{config:?}");
    }
}

// ---------------------------------------------------------------------------
// Memory.

#[test]
fn memory_is_the_covered_cards_in_the_order_they_were_covered() {
    let config = Config::new(3).expect("3");
    for seat in [Seat::Player(Player(1)), Seat::Spectator] {
        let (state, info) = played(&config, 5, seat, 3 * 7);
        assert_eq!(state.cards_left(), 13);
        assert_eq!(info.memory.covered.to_vec(), covered(&state));
        assert!(state.agrees(seat, &info.memory));
    }
}

/// A covered card the seat saw is never drawn into the deck, though the view
/// alone allows it; a position with it in the deck does not agree with the
/// memory.
#[test]
fn samples_never_put_a_remembered_card_back_in_the_deck() {
    let config = Config::new(2).expect("2");
    let seat = Seat::Player(Player(0));
    let (truth, info) = played(&config, 11, seat, 2 * 6);
    let seen = covered(&truth);
    assert_eq!(seen.len(), 6);
    assert_eq!(info.memory.covered.to_vec(), seen);

    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let forgetful = InfoState::<State>::new(seat, info.view.clone());
    let mut forgetful_put_one_in_the_deck = false;
    let mut next_cards = std::collections::HashSet::new();
    for _ in 0..500 {
        let sample = info.sample(&config, &mut rng).expect("real information");
        next_cards.insert(deck(&sample)[0]);
        assert_eq!(covered(&sample), seen, "the remembered pile is kept");
        assert!(deck(&sample).iter().all(|card| !seen.contains(card)));
        assert_eq!(sample.view_for(seat), info.view);
        // Without the memory the same view lets a seen card into the deck.
        let loose = forgetful.sample(&config, &mut rng).expect("view only");
        assert_eq!(loose.view_for(seat), info.view);
        forgetful_put_one_in_the_deck |= deck(&loose).iter().any(|card| seen.contains(card));
    }
    assert!(forgetful_put_one_in_the_deck);
    // Every card of the deck comes next in some sample.
    assert_eq!(next_cards.len(), truth.cards_left());

    // The same position with a remembered card swapped into the deck: same
    // view, but it contradicts the memory.
    let mut setup = truth.to_setup();
    let fairy = |card: &Card| config.deck.has_fairy(*card);
    let (at, card) = seen
        .iter()
        .enumerate()
        .find(|(_, card)| !fairy(card))
        .map(|(at, &card)| (at, card))
        .expect("a covered card without a fairy");
    let below = setup
        .draw_pile
        .iter()
        .position(|other| !fairy(other))
        .expect("a deck card without a fairy");
    let other = setup.draw_pile[below];
    setup.discard_pile[at] = other;
    setup.draw_pile[below] = card;
    let swapped = State::from_setup(setup).expect("still a position");
    assert_eq!(swapped.view_for(seat), info.view);
    assert!(!swapped.agrees(seat, &info.memory));
    assert!(truth.agrees(seat, &info.memory));
}

/// A seat that joined late remembers only the cards covered since: the
/// covered cards below them are redrawn, with the fairies the view counts.
#[test]
fn a_late_seat_remembers_the_top_of_the_covered_pile() {
    let config = Config::new(2).expect("2");
    let seat = Seat::Player(Player(1));
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut state, _) = played(&config, 4, seat, 2 * 5);
    let mut info = InfoState::<State>::new(seat, state.view_for(seat));
    for _ in 0..2 * 3 {
        let player = state.to_act().lowest().expect("someone acts");
        let events = state.apply(player, Guess::Catch, &mut rng).expect("legal");
        info.observe(&State::redact_all(&events, seat), state.view_for(seat));
    }
    let truth = covered(&state);
    assert_eq!(truth.len(), 8);
    assert_eq!(info.memory.covered.as_slice(), &truth[5..]);
    assert!(state.agrees(seat, &info.memory));
    let mut bottoms = std::collections::HashSet::new();
    for _ in 0..200 {
        let sample = info.sample(&config, &mut rng).expect("real information");
        let pile = covered(&sample);
        assert_eq!(&pile[5..], &truth[5..]);
        let fairies = |cards: &[Card]| cards.iter().filter(|c| config.deck.has_fairy(**c)).count();
        assert_eq!(fairies(&pile[..5]), fairies(&truth[..5]));
        bottoms.insert(pile[..5].to_vec());
    }
    assert!(bottoms.len() > 100, "the unseen covered cards are redrawn");
    // The whole contract (view, memory, Setup, the walk beside the truth).
    for _ in 0..20 {
        testing::check_sample(&config, &info, &state, &mut rng, 8).expect("the contract");
    }
}

// ---------------------------------------------------------------------------
// Uniformity.

/// 0.1% critical value of the chi-squared distribution with 3 degrees of
/// freedom (4 cells).
const CHI2_3_P001: f64 = 16.266;
/// 0.1% critical value of the chi-squared distribution with 5 degrees of
/// freedom (6 cells).
const CHI2_5_P001: f64 = 20.515;
/// 0.1% critical value of the chi-squared distribution with 15 degrees of
/// freedom (16 cells).
const CHI2_15_P001: f64 = 37.697;
/// 0.1% critical value of the chi-squared distribution with 63 degrees of
/// freedom (64 cells).
const CHI2_63_P001: f64 = 103.442;

/// Three players, two cards left (4, a fairy, and 6), 5 covered at the
/// bottom of the pile where a late seat did not see it. The seat remembers
/// the 17 cards above it and sees 21 on top; 11 and 18 are among them and
/// two fairies have appeared, so the unseen covered card has no fairy: it is
/// 5 or 6. Player 1 guessed lower, player 2 higher, player 3 has not
/// guessed.
fn small_position() -> (State, Memory) {
    let remembered = cards([1, 2, 3].into_iter().chain(7..=20));
    let state = State::builder(3)
        .covered(cards([5]).into_iter().chain(remembered.iter().copied()))
        .pile_top(21)
        .top_of_deck([6, 4])
        .guessed(Player(0), Guess::Lower)
        .guessed(Player(1), Guess::Higher)
        .build()
        .expect("a position");
    let mut memory = Memory::default();
    memory.covered.extend(remembered);
    (state, memory)
}

/// What a sample drew: the bottom cards of the pile (lowest first), the
/// deck (next card first) and the guesses.
type Drawn = (Vec<Card>, Vec<Card>, Vec<Option<Guess>>);

/// Draws `draws` samples from `seat`'s information in `state` and returns
/// the count of each (the `unseen` covered cards at the bottom of the pile,
/// deck, guesses).
fn tally(
    state: &State,
    memory: &Memory,
    seat: Seat,
    unseen: usize,
    draws: usize,
) -> HashMap<Drawn, usize> {
    let info = InfoState::<State> {
        seat,
        view: state.view_for(seat),
        memory: memory.clone(),
    };
    assert!(state.agrees(seat, memory));
    let mut rng = ChaCha8Rng::seed_from_u64(2026);
    let mut counts = HashMap::new();
    for _ in 0..draws {
        let sample = info
            .sample(state.config(), &mut rng)
            .expect("real information");
        let setup = sample.to_setup();
        let bottom = setup.discard_pile[..unseen].to_vec();
        let key = (bottom, deck(&sample), setup.guesses.to_vec());
        *counts.entry(key).or_insert(0) += 1;
    }
    counts
}

fn chi_squared(
    counts: &HashMap<impl Eq + std::hash::Hash, usize>,
    cells: usize,
    draws: usize,
) -> f64 {
    let expected = draws as f64 / cells as f64;
    counts
        .values()
        .map(|&n| (n as f64 - expected).powi(2) / expected)
        .sum()
}

#[test]
fn samples_are_uniform_for_a_player() {
    let (state, memory) = small_position();
    // 2 unseen covered cards x 2 deck orders x 4 guesses of player 2 = 16.
    let draws = 16_000;
    let counts = tally(&state, &memory, Seat::Player(Player(0)), 1, draws);
    assert_eq!(counts.len(), 16, "every assignment occurs");
    for (bottom, deck, guesses) in counts.keys() {
        assert!([5, 6].contains(&bottom[0].number()));
        assert_eq!(deck.len(), 2);
        assert_eq!(guesses[0], Some(Guess::Lower));
        assert!(guesses[1].is_some());
        assert_eq!(guesses[2], None);
    }
    let chi2 = chi_squared(&counts, 16, draws);
    eprintln!("chi-squared {chi2}");
    assert!(
        chi2 < CHI2_15_P001,
        "chi-squared {chi2} over 15 df: {counts:?}"
    );
}

#[test]
fn samples_are_uniform_for_the_spectator() {
    let (state, memory) = small_position();
    // 2 x 2 x 4 guesses of player 1 x 4 of player 2 = 64.
    let draws = 32_000;
    let counts = tally(&state, &memory, Seat::Spectator, 1, draws);
    assert_eq!(counts.len(), 64, "every assignment occurs");
    let chi2 = chi_squared(&counts, 64, draws);
    eprintln!("chi-squared {chi2}");
    assert!(chi2 < CHI2_63_P001, "chi-squared {chi2} over 63 df");
}

/// Two players who saw every card but 4, 5 and 6, still in the deck: the
/// six orders of the deck are the only thing to draw.
#[test]
fn the_deck_order_is_uniform() {
    let state = State::builder(2)
        .covered(cards([1, 2, 3].into_iter().chain(7..=20)))
        .pile_top(21)
        .top_of_deck([6, 4, 5])
        .build()
        .expect("a position");
    let mut memory = Memory::default();
    memory.covered.extend(covered(&state));
    let draws = 12_000;
    let counts = tally(&state, &memory, Seat::Player(Player(1)), 0, draws);
    assert_eq!(counts.len(), 6, "every order occurs");
    let chi2 = chi_squared(&counts, 6, draws);
    eprintln!("chi-squared {chi2}");
    assert!(
        chi2 < CHI2_5_P001,
        "chi-squared {chi2} over 5 df: {counts:?}"
    );
}

/// Two players; 4, 11 and 6 are unplaced for a late seat: one lies covered
/// at the bottom of the pile, unseen, the others are the deck. The seat
/// remembers the 17 cards above the bottom one (18 among them) and two
/// fairies have appeared, so the bottom card is 4 or 11: four assignments.
#[test]
fn unseen_covered_fairies_are_uniform() {
    let remembered = cards([1, 2, 3, 5].into_iter().chain(7..=10).chain(12..=20));
    let state = State::builder(2)
        .covered(cards([4]).into_iter().chain(remembered.iter().copied()))
        .pile_top(21)
        .top_of_deck([6, 11])
        .build()
        .expect("a position");
    let mut memory = Memory::default();
    memory.covered.extend(remembered);
    let draws = 8_000;
    let counts = tally(&state, &memory, Seat::Player(Player(0)), 1, draws);
    assert_eq!(counts.len(), 4, "every assignment occurs: {counts:?}");
    assert!(
        counts
            .keys()
            .all(|(bottom, ..)| [4, 11].contains(&bottom[0].number()))
    );
    let chi2 = chi_squared(&counts, 4, draws);
    eprintln!("chi-squared {chi2}");
    assert!(
        chi2 < CHI2_3_P001,
        "chi-squared {chi2} over 3 df: {counts:?}"
    );
}

/// Two players; 4, 5, 11 and 6 are unplaced for a late seat: two lie covered
/// at the bottom of the pile, unseen, the others are the deck. The seat
/// remembers the 16 cards above them (18 among them) under the face-up 21,
/// and two fairies have appeared, so the two unseen covered cards are one of
/// 4 and 11 and one of 5 and 6, in either order: 2 x 2 x 2 x 2 deck orders =
/// 16 assignments. A sampler that always put the unseen covered fairy at the
/// bottom would draw only 8 of them.
#[test]
fn the_order_of_unseen_covered_cards_is_uniform() {
    let remembered = cards([1, 2, 3].into_iter().chain(7..=10).chain(12..=20));
    let state = State::builder(2)
        .covered(cards([4, 5]).into_iter().chain(remembered.iter().copied()))
        .pile_top(21)
        .top_of_deck([6, 11])
        .build()
        .expect("a position");
    let mut memory = Memory::default();
    memory.covered.extend(remembered);
    let draws = 16_000;
    let counts = tally(&state, &memory, Seat::Player(Player(0)), 2, draws);
    assert_eq!(counts.len(), 16, "every assignment occurs: {counts:?}");
    for (bottom, deck, _) in counts.keys() {
        let fairies = bottom
            .iter()
            .filter(|c| [4, 11].contains(&c.number()))
            .count();
        assert_eq!(fairies, 1, "{bottom:?} under {deck:?}");
    }
    let fairy_lowest = counts
        .iter()
        .filter(|((bottom, ..), _)| [4, 11].contains(&bottom[0].number()))
        .map(|(_, n)| n)
        .sum::<usize>();
    assert!(
        (7_000..9_000).contains(&fairy_lowest),
        "{fairy_lowest} of {draws} samples have the fairy lowest"
    );
    let chi2 = chi_squared(&counts, 16, draws);
    eprintln!("chi-squared {chi2}");
    assert!(
        chi2 < CHI2_15_P001,
        "chi-squared {chi2} over 15 df: {counts:?}"
    );
}

/// The reviewer's play-off probe: a standard game after the third fairy,
/// players 1 and 2 tied on 5 playing off, player 1 has guessed. For player
/// 3 (sitting out) player 1's guess is any of the four gestures, equally
/// likely, player 2 has none, and every sample meets the whole contract.
#[test]
fn a_play_off_guess_is_uniform_for_a_player_sitting_out() {
    let state = State::builder(3)
        .covered(cards([4, 11, 2, 9]))
        .pile_top(18)
        .scores([5, 5, 2])
        .play_off([Player(0), Player(1)])
        .guessed(Player(0), Guess::SameSuit)
        .build()
        .expect("a position");
    assert_eq!(state.fairies_seen(), 3);
    let seat = Seat::Player(Player(2));
    let mut memory = Memory::default();
    memory.covered.extend(cards([4, 11, 2, 9]));
    let draws = 8_000;
    let mut counts: HashMap<Option<Guess>, usize> = HashMap::new();
    for ((_, _, guesses), n) in tally(&state, &memory, seat, 0, draws) {
        assert_eq!(guesses[1..], [None, None], "{guesses:?}");
        *counts.entry(guesses[0]).or_insert(0) += n;
    }
    assert_eq!(counts.len(), 4, "every gesture occurs: {counts:?}");
    assert!(counts.keys().all(Option::is_some));
    let chi2 = chi_squared(&counts, 4, draws);
    eprintln!("chi-squared {chi2}");
    assert!(
        chi2 < CHI2_3_P001,
        "chi-squared {chi2} over 3 df: {counts:?}"
    );
    // The whole contract, for a seat that watched and for one that did not.
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for memory in [memory, Memory::default()] {
        let info = InfoState::<State> {
            seat,
            view: state.view_for(seat),
            memory,
        };
        for _ in 0..50 {
            testing::check_sample(state.config(), &info, &state, &mut rng, 8)
                .expect("the contract");
        }
    }
}

// ---------------------------------------------------------------------------
// A seat that misses an `apply`.

/// Plays a seeded 3-player game of random guesses; `seat` observes every
/// `apply` but those at `missed` (counted from 0). At every step after an
/// observed `apply` the real position agrees with the memory and samples meet
/// the whole contract; returns the length of the memory after each `apply`
/// and the covered pile's.
fn play_missing(seat: Seat, missed: std::ops::Range<usize>, seed: u64) -> Vec<(usize, usize)> {
    let config = Config::new(3).expect("3");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(&config, &mut rng).expect("valid config");
    let mut info = InfoState::<State>::new(seat, state.view_for(seat));
    let mut lengths = Vec::new();
    for step in 0.. {
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let legal = state.legal_actions(player);
        let guess = *fairy_ring::rng::choose(&mut rng, &legal).expect("a guess");
        let events = state.apply(player, guess, &mut rng).expect("legal");
        if missed.contains(&step) {
            continue;
        }
        info.observe(&State::redact_all(&events, seat), state.view_for(seat));
        assert!(
            state.agrees(seat, &info.memory),
            "missed {missed:?}, step {step}: {:?} is not the top of {:?}",
            info.memory.covered,
            covered(&state)
        );
        lengths.push((info.memory.covered.len(), covered(&state).len()));
        if step < missed.end + 6 {
            testing::check_sample(&config, &info, &state, &mut rng, 8)
                .unwrap_or_else(|e| panic!("missed {missed:?}, step {step}: {e}"));
        }
    }
    lengths
}

/// A seat that misses one `apply` (a dropped message) must not keep a pile
/// with a hole in it: missing a reveal makes it forget the pile, as a late
/// seat; missing a guess costs nothing. The real position keeps agreeing
/// with the memory and samples stay valid.
#[test]
fn a_seat_that_misses_an_apply_forgets_the_pile_below_the_gap() {
    for (n, seat) in [
        Seat::Player(Player(0)),
        Seat::Player(Player(2)),
        Seat::Spectator,
    ]
    .into_iter()
    .enumerate()
    {
        // 3 players: each turn is two guesses, then a guess that reveals.
        for missed in 0..12 {
            let lengths = play_missing(seat, missed..missed + 1, 40 + n as u64);
            let (memory, pile) = *lengths.last().expect("a game");
            if missed % 3 == 2 {
                assert!(memory < pile, "missed reveal {missed}: {memory} of {pile}");
            } else {
                assert_eq!(memory, pile, "missed guess {missed}");
            }
        }
    }
    // Missing a whole turn and then seeing a reveal: the memory restarts with
    // the card that reveal covered.
    let lengths = play_missing(Seat::Player(Player(1)), 3..6 + 2, 7);
    assert_eq!(lengths[3], (1, 3), "{lengths:?}");
}

// ---------------------------------------------------------------------------
// Information no position gives.

fn refused(config: &Config, info: &InfoState<State>, what: &str) {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    match info.sample(config, &mut rng) {
        Err(e @ (SampleError::Config(_) | SampleError::Impossible(_))) => eprintln!("{what}: {e}"),
        Err(other) => panic!("{what}: unexpected error {other:?}"),
        Ok(sample) => panic!("{what}: sampled {sample:?}"),
    }
}

#[test]
fn edited_information_is_an_error() {
    let config = Config::new(3).expect("3");
    let seat = Seat::Player(Player(2));
    let (_, info) = played(&config, 9, seat, 3 * 4 + 1);
    assert_eq!(info.memory.covered.len(), 4);
    let edit = |change: &dyn Fn(&mut InfoState<State>)| {
        let mut edited = info.clone();
        change(&mut edited);
        edited
    };
    let cases: Vec<(&str, InfoState<State>)> = vec![
        (
            "more cards left than the deck",
            edit(&|i| i.view.cards_left = 25),
        ),
        (
            "cards left not matching the pile",
            edit(&|i| i.view.cards_left += 1),
        ),
        (
            "more fairies seen than exist",
            edit(&|i| i.view.fairies_seen = 5),
        ),
        (
            "fairies of another deck",
            edit(&|i| i.view.fairies_total = 4),
        ),
        (
            "a score too few",
            edit(&|i| {
                i.view.scores.pop();
            }),
        ),
        ("a score off the track", edit(&|i| i.view.scores[0] = 30)),
        (
            "a card twice in memory",
            edit(&|i| {
                let card = i.memory.covered[0];
                i.memory.covered[1] = card;
            }),
        ),
        (
            "the top card in memory",
            edit(&|i| i.memory.covered[3] = i.view.top_card),
        ),
        (
            "more remembered than covered",
            edit(&|i| {
                let extra = Card::all()
                    .find(|c| *c != i.view.top_card && !i.memory.covered.contains(c))
                    .expect("a card");
                i.memory.covered.push(extra);
            }),
        ),
        (
            "a seat not at the table",
            edit(&|i| {
                i.seat = Seat::Player(Player(7));
                i.view.seat = i.seat;
            }),
        ),
        (
            "another seat's view",
            edit(&|i| i.seat = Seat::Player(Player(0))),
        ),
        (
            "the wrong suit on top",
            edit(&|i| i.view.top_suit = Suit(9)),
        ),
        (
            "a fairy printed on top",
            edit(&|i| i.view.top_fairy = !i.view.top_fairy),
        ),
        (
            "a guess without a guesser",
            edit(&|i| i.view.own_guess = Some(Guess::Catch)),
        ),
        (
            "a guesser without a guess",
            edit(&|i| {
                i.view.guessed.insert(Player(2));
                i.view.own_guess = None;
            }),
        ),
        (
            "a guesser not at the table",
            edit(&|i| i.view.guessed.insert(Player(5))),
        ),
        (
            "everyone guessed, not revealed",
            edit(&|i| {
                i.view.guessed.insert(Player(1));
                i.view.guessed.insert(Player(2));
                i.view.own_guess = Some(Guess::Lower);
            }),
        ),
        (
            "a play-off that is no tie",
            edit(&|i| {
                i.view.stage =
                    fairy_ring::fairy::Stage::PlayOff([Player(0), Player(1)].into_iter().collect());
                i.view.scores[0] = 3;
                i.view.scores[1] = 4;
            }),
        ),
    ];
    // The unedited information samples.
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    info.sample(&config, &mut rng).expect("real information");
    for (what, edited) in &cases {
        refused(&config, edited, what);
    }
    // A view of another config.
    refused(&Config::new(4).expect("4"), &info, "another player count");
    let other = config.with_variant(Variant::FifteenPoints);
    refused(&other, &info, "another variant");
    let deck = config
        .deck
        .with_fairy(info.view.top_card, !info.view.top_fairy);
    refused(&config.with_deck(deck), &info, "another deck");
}

/// Random edits of a view and memory through their JSON form: every edit
/// either fails to load, is refused, or gives a sample with exactly the
/// edited view that agrees with the edited memory. Nothing panics.
#[test]
fn random_json_edits_never_panic() {
    let config = Config::new(3).expect("3");
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let (mut loaded, mut sampled, mut refused) = (0, 0, 0);
    for round in 0..400u64 {
        let seat = match round % 4 {
            3 => Seat::Spectator,
            p => Seat::Player(Player(p as u8)),
        };
        let moves = (round as usize * 7) % 40;
        let (_, info) = played(&config, round, seat, moves);
        let mut view = serde_json::to_value(&info.view).expect("to JSON");
        let mut memory = serde_json::to_value(&info.memory).expect("to JSON");
        for _ in 0..1 + rng.next_u32() % 3 {
            let target = if rng.next_u32().is_multiple_of(3) {
                &mut memory
            } else {
                &mut view
            };
            mutate(target, &mut rng);
        }
        let (Ok(view), Ok(memory)) = (
            serde_json::from_value::<fairy_ring::fairy::View>(view),
            serde_json::from_value::<Memory>(memory),
        ) else {
            continue;
        };
        loaded += 1;
        let edited = InfoState::<State> { seat, view, memory };
        match edited.sample(&config, &mut rng) {
            Ok(sample) => {
                sampled += 1;
                assert_eq!(sample.view_for(seat), edited.view);
                assert!(sample.agrees(seat, &edited.memory));
            }
            Err(_) => refused += 1,
        }
    }
    eprintln!("{loaded} loaded, {sampled} sampled, {refused} refused");
    assert!(
        loaded > 100 && sampled > 10 && refused > 50,
        "{loaded} {sampled} {refused}"
    );
}

/// Changes one number, flag or list of `value` at random.
fn mutate(value: &mut serde_json::Value, rng: &mut ChaCha8Rng) {
    fn count(value: &serde_json::Value) -> usize {
        1 + match value {
            serde_json::Value::Array(items) => items.iter().map(count).sum(),
            serde_json::Value::Object(fields) => fields.values().map(count).sum(),
            _ => 0,
        }
    }
    let index = rng.next_u32() as usize % count(value);
    edit_nth(value, index, &mut 0, rng);
}

fn edit_nth(
    value: &mut serde_json::Value,
    index: usize,
    n: &mut usize,
    rng: &mut ChaCha8Rng,
) -> bool {
    use serde_json::Value;
    if *n == index {
        match value {
            Value::Number(_) => {
                *value = Value::from(i64::from(rng.next_u32() % 26) - 4);
            }
            Value::Bool(b) => *b = !*b,
            Value::Array(items) if !items.is_empty() && rng.next_u32().is_multiple_of(2) => {
                items.remove(rng.next_u32() as usize % items.len());
            }
            Value::Array(items) if !items.is_empty() => {
                let copy = items[rng.next_u32() as usize % items.len()].clone();
                items.push(copy);
            }
            Value::Null => *value = Value::from(rng.next_u32() % 4),
            other => *other = Value::from(rng.next_u32() % 22),
        }
        return true;
    }
    *n += 1;
    match value {
        Value::Array(items) => items.iter_mut().any(|v| edit_nth(v, index, n, rng)),
        Value::Object(fields) => fields.values_mut().any(|v| edit_nth(v, index, n, rng)),
        _ => false,
    }
}
