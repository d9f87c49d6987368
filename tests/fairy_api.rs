//! Fairy's public API for 0.2: the position builder, the words for cards,
//! guesses and suits, the order of legal actions, and one vocabulary for
//! "not your decision now".

use fairy_ring::fairy::{
    Card, CharmDeck, Event, Guess, ParseCardError, ParseGuessError, ParseSuitError, Setup,
    SetupError, Stage, State, Suit, Variant, Violation,
};
use fairy_ring::{ActionError, Game, MAX_PLAYERS, Player, PlayerSet, Score, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

type Check = Result<(), Box<dyn std::error::Error>>;

fn card(n: u8) -> Card {
    Card::new(n).expect("test cards are 1 to 21")
}

fn numbers(cards: impl IntoIterator<Item = Card>) -> Vec<u8> {
    cards.into_iter().map(Card::number).collect()
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

// ---------------------------------------------------------------- builder

/// The example from the issue: the pile shows 14, the next cards are 11 then
/// 3, the scores are 22 and 5; every other card lies below, highest first.
#[test]
fn the_builder_places_named_cards_and_fills_in_the_rest() -> Check {
    let state = State::builder(2)
        .pile_top(14)
        .top_of_deck([3, 11])
        .scores([22, 5])
        .build()?;
    let setup = state.to_setup();
    assert_eq!(numbers(setup.discard_pile.iter().copied()), [14]);
    let from_the_top = numbers(setup.draw_pile.iter().rev().copied());
    let mut expected = vec![11, 3];
    expected.extend((1..=21).rev().filter(|n| ![14, 11, 3].contains(n)));
    assert_eq!(from_the_top, expected);
    assert_eq!(state.scores(), &[22, 5]);
    assert_eq!(state.stage(), Stage::Main);
    assert_eq!(state.config().variant, Variant::Standard);
    assert_eq!(state.config().deck, CharmDeck::default());
    assert_eq!(state.to_act(), PlayerSet::first(2));
    Ok(())
}

#[test]
fn without_a_named_top_the_lowest_unnamed_card_starts_the_pile() -> Check {
    let state = State::builder(3).top_of_deck([2, 1]).build()?;
    assert_eq!(state.top_card(), card(3));
    assert_eq!(state.cards_left(), 20);
    assert_eq!(state.scores(), &[0, 0, 0]);
    // Nothing named at all is still a whole, consistent deck.
    let plain = State::builder(2).build()?;
    assert_eq!(plain.top_card(), card(1));
    assert_eq!(plain.cards_left(), 20);
    Ok(())
}

#[test]
fn covered_cards_lie_under_the_top_in_the_order_revealed() -> Check {
    let state = State::builder(2).covered([4, 9]).pile_top(11).build()?;
    let setup = state.to_setup();
    assert_eq!(numbers(setup.discard_pile.iter().copied()), [4, 9, 11]);
    assert_eq!(state.fairies_seen(), 2);
    assert_eq!(state.cards_left(), 18);
    Ok(())
}

#[test]
fn named_cards_may_be_cards_or_numbers() -> Check {
    let by_number = State::builder(2).pile_top(7).top_of_deck([2, 19]).build()?;
    let by_card = State::builder(2)
        .pile_top(card(7))
        .top_of_deck([card(2), card(19)])
        .build()?;
    assert_eq!(by_number, by_card);
    Ok(())
}

#[test]
fn the_builder_derives_the_stage_from_the_position() -> Check {
    // Every fairy is out: tied leaders play off, a single leader has won.
    let tied = State::builder(3)
        .covered([4, 11, 18])
        .scores([6, 6, 2])
        .build()?;
    let leaders: PlayerSet = [Player(0), Player(1)].into_iter().collect();
    assert_eq!(tied.stage(), Stage::PlayOff(leaders));
    assert_eq!(tied.to_act(), leaders);
    let won = State::builder(3)
        .covered([4, 11, 18])
        .scores([6, 7, 2])
        .build()?;
    assert_eq!(won.stage(), Stage::Over(PlayerSet::only(Player(1))));
    // Someone at the top has won at once, fairies or not.
    let top = State::builder(2).scores([24, 3]).build()?;
    assert_eq!(top.stage(), Stage::Over(PlayerSet::only(Player(0))));
    // 15 ends only the 15-point variant.
    let fifteen = State::builder(2).scores([15, 3]);
    assert_eq!(fifteen.clone().build()?.stage(), Stage::Main);
    let variant = fifteen.variant(Variant::FifteenPoints).build()?;
    assert_eq!(variant.stage(), Stage::Over(PlayerSet::only(Player(0))));
    Ok(())
}

#[test]
fn a_named_stage_is_checked_not_replaced() -> Check {
    let early = State::builder(2)
        .scores([3, 3])
        .play_off(PlayerSet::first(2));
    assert_eq!(
        early.build(),
        Err(SetupError::WrongStage {
            expected: Stage::Main
        })
    );
    // Every fairy is out and players 0 and 1 lead: the position calls for
    // their play-off. Another stage named is checked against the position,
    // never replaced by the play-off.
    let leaders: PlayerSet = [Player(0), Player(1)].into_iter().collect();
    let after_the_fairies = State::builder(3).covered([4, 11, 18]).scores([6, 6, 2]);
    assert_eq!(
        after_the_fairies.clone().stage(Stage::Main).build(),
        Err(SetupError::WrongStage {
            expected: Stage::PlayOff(leaders)
        })
    );
    assert_eq!(
        after_the_fairies
            .clone()
            .play_off([Player(0), Player(2)])
            .build(),
        Err(SetupError::PlayOffNotTied)
    );
    // A game already over with the leaders sharing the win is a valid stage
    // for this position too: named, it is kept.
    let shared = after_the_fairies
        .clone()
        .stage(Stage::Over(leaders))
        .build()?;
    assert_eq!(shared.stage(), Stage::Over(leaders));
    assert_eq!(shared.to_act(), PlayerSet::EMPTY);
    // Named nowhere, the stage is the play-off; player 2 sits it out.
    assert_eq!(
        after_the_fairies.clone().build()?.stage(),
        Stage::PlayOff(leaders)
    );
    let sitting_out = after_the_fairies.guessed(Player(2), Guess::Catch);
    assert_eq!(
        sitting_out.build(),
        Err(SetupError::GuessOutOfTurn(Player(2)))
    );
    Ok(())
}

#[test]
fn guesses_already_committed_are_hidden_and_leave_the_others_to_act() -> Check {
    let state = State::builder(3)
        .pile_top(7)
        .top_of_deck([19])
        .guessed(Player(1), Guess::Catch)
        .build()?;
    assert_eq!(state.guess(Player(1)), Some(Guess::Catch));
    let to_act: PlayerSet = [Player(0), Player(2)].into_iter().collect();
    assert_eq!(state.to_act(), to_act);
    let view = state.view_for(Seat::Player(Player(0)));
    assert_eq!(view.guessed, PlayerSet::only(Player(1)));
    assert_eq!(view.own_guess, None);
    let everyone = State::builder(2)
        .guessed(Player(0), Guess::Higher)
        .guessed(Player(1), Guess::Lower);
    assert_eq!(everyone.build(), Err(SetupError::TurnNotRevealed));
    Ok(())
}

#[test]
fn builder_mistakes_are_precise_errors_and_the_first_one_wins() -> Check {
    assert_eq!(
        State::builder(1).build().err(),
        Some(SetupError::PlayerCount(1))
    );
    assert_eq!(
        State::builder(11).build().err(),
        Some(SetupError::PlayerCount(11))
    );
    let two = State::builder(2);
    assert_eq!(
        two.clone().pile_top(22).build(),
        Err(SetupError::NotACard(22))
    );
    assert_eq!(
        two.clone().top_of_deck([0, 3]).build(),
        Err(SetupError::NotACard(0))
    );
    assert_eq!(
        two.clone().pile_top(7).top_of_deck([7]).build(),
        Err(SetupError::DuplicateCard(card(7)))
    );
    assert_eq!(
        two.clone().covered([5, 5]).build(),
        Err(SetupError::DuplicateCard(card(5)))
    );
    assert_eq!(
        two.clone().scores([1]).build(),
        Err(SetupError::ScoreCount {
            scores: 1,
            players: 2
        })
    );
    assert_eq!(
        two.clone().scores(core::iter::repeat(0)).build(),
        Err(SetupError::ScoreCount {
            scores: 3,
            players: 2
        })
    );
    assert_eq!(
        two.clone().score(Player(2), 1).build(),
        Err(SetupError::NoSuchPlayer(Player(2)))
    );
    assert_eq!(
        two.clone().guessed(Player(9), Guess::Catch).build(),
        Err(SetupError::NoSuchPlayer(Player(9)))
    );
    assert_eq!(
        two.clone().scores([0, 25]).build(),
        Err(SetupError::ScoreOffTrack {
            player: Player(1),
            score: 25
        })
    );
    assert_eq!(
        two.clone().top_of_deck(1..=21).build(),
        Err(SetupError::EmptyPile)
    );
    assert_eq!(
        two.pile_top(30).top_of_deck([0]).scores([]).build(),
        Err(SetupError::NotACard(30))
    );
    Ok(())
}

#[test]
fn the_setup_of_a_builder_is_the_setup_of_its_state() -> Check {
    let builder = State::builder(4).pile_top(14).top_of_deck([11]);
    let setup: Setup = builder.clone().setup()?;
    assert_eq!(State::try_from(setup)?, builder.build()?);
    Ok(())
}

proptest! {
    /// Whatever is named, a built position holds every card exactly once,
    /// with the named cards where they were named.
    #[test]
    fn built_positions_place_every_card_once(
        players in 2usize..=10,
        picks in proptest::sample::subsequence((1..=21u8).collect::<Vec<_>>(), 0..=21)
            .prop_shuffle(),
        split in (any::<usize>(), any::<usize>()),
        scores in proptest::collection::vec(-4..=23 as Score, 10),
    ) {
        // The picks in any order, split into covered, top and next.
        let len = picks.len();
        let covered_len = if len == 0 { 0 } else { split.0 % (len + 1) };
        let (covered, rest) = picks.split_at(covered_len);
        let top = rest.first().copied();
        let next: Vec<u8> = rest.iter().skip(1).take(split.1 % 22).copied().collect();
        let mut builder = State::builder(players)
            .covered(covered.iter().copied())
            .top_of_deck(next.iter().copied())
            .scores(scores.iter().copied().take(players));
        if let Some(top) = top {
            builder = builder.pile_top(top);
        }
        match builder.build() {
            Ok(state) => {
                let setup = state.to_setup();
                let mut all = numbers(setup.draw_pile.iter().chain(&setup.discard_pile).copied());
                all.sort_unstable();
                prop_assert_eq!(all, (1..=21).collect::<Vec<u8>>());
                let pile = numbers(setup.discard_pile.iter().copied());
                prop_assert_eq!(&pile[..covered.len()], covered);
                if let Some(top) = top {
                    prop_assert_eq!(state.top_card().number(), top);
                }
                // The named top of the deck, bottom first like the pile.
                let deck = numbers(setup.draw_pile.iter().copied());
                prop_assert_eq!(&deck[deck.len() - next.len()..], &next[..]);
                let coming = numbers(setup.draw_pile.iter().rev().copied());
                // What follows the named cards is every other card, highest first.
                prop_assert!(coming[next.len()..].windows(2).all(|w| w[0] > w[1]));
                prop_assert_eq!(state.scores(), &scores[..players]);
                prop_assert_eq!(State::try_from(setup), Ok(state));
            }
            // Only an empty pile (every card named as coming) can fail here.
            Err(error) => prop_assert_eq!(error, SetupError::EmptyPile),
        }
    }
}

// ------------------------------------------------------------------ words

#[test]
fn every_card_round_trips_through_its_number() {
    assert_eq!(Card::ALL.len(), 21);
    for (i, card) in Card::ALL.into_iter().enumerate() {
        assert_eq!(card.index(), i);
        assert_eq!(usize::from(card.number()), i + 1);
        assert_eq!(card.to_string(), (i + 1).to_string());
        assert_eq!(card.to_string().parse(), Ok(card));
        assert_eq!(Card::new(card.number()), Some(card));
    }
    assert_eq!(Card::all().collect::<Vec<_>>(), Card::ALL.to_vec());
}

#[test]
fn text_that_is_not_a_card_is_refused_precisely() {
    for text in ["", "x", "-1", "+5", " 5", "5 ", "1.0", "fourteen"] {
        assert_eq!(
            text.parse::<Card>(),
            Err(ParseCardError::NotANumber),
            "{text:?}"
        );
    }
    for (text, number) in [("0", 0), ("22", 22), ("255", 255), ("256", 256)] {
        assert_eq!(
            text.parse::<Card>(),
            Err(ParseCardError::NotACard(number)),
            "{text:?}"
        );
    }
    assert_eq!(
        "99999999999999999999".parse::<Card>(),
        Err(ParseCardError::TooLarge)
    );
    assert_eq!("07".parse::<Card>(), Ok(card(7)));
}

#[test]
fn every_guess_round_trips_in_the_score_cards_words() {
    let words = ["higher", "lower", "same suit", "catch"];
    for (i, (guess, word)) in Guess::ALL.into_iter().zip(words).enumerate() {
        assert_eq!(guess.index(), i);
        assert_eq!(guess.to_string(), word);
        assert_eq!(guess.to_string().parse(), Ok(guess));
        assert_eq!(word.to_uppercase().parse(), Ok(guess));
    }
    assert_eq!(" higher ".parse(), Ok(Guess::Higher));
    for text in ["", "same-suit", "samesuit", "up", "fairy", "same", "h l"] {
        assert!(text.parse::<Guess>().is_err(), "{text:?}");
    }
    assert_eq!("".parse::<Guess>(), Err(ParseGuessError::Empty));
}

#[test]
fn every_suit_round_trips() {
    for number in 0..=u8::MAX {
        let suit = Suit(number);
        assert_eq!(suit.number(), number);
        assert_eq!(suit.place(), u16::from(number) + 1);
        assert_eq!(suit.to_string().parse(), Ok(suit), "{suit}");
        // The ordinal in digits reads for every suit.
        let place = suit.place();
        let suffix = match (place % 10, place % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        assert_eq!(format!("{place}{suffix} suit").parse(), Ok(suit));
    }
    // Suits are named by their place, counted from 1 (not "suit 0").
    let names: Vec<String> = [0, 1, 2, 9, 10, 11, 12, 20, 21, 22, 100, 110, 255]
        .map(|n| Suit(n).to_string())
        .into();
    assert_eq!(
        names,
        [
            "first suit",
            "second suit",
            "third suit",
            "tenth suit",
            "11th suit",
            "12th suit",
            "13th suit",
            "21st suit",
            "22nd suit",
            "23rd suit",
            "101st suit",
            "111th suit",
            "256th suit",
        ]
    );
    assert_eq!("  Third   SUIT ".parse(), Ok(Suit(2)));
    assert_eq!("3RD suit".parse(), Ok(Suit(2)));
    for text in [
        "",
        "suit",
        "suit 2",
        "suit 0",
        "third",
        "third suit suit",
        "0th suit",
        "257th suit",
        "3th suit",
        "1nd suit",
        "eleventh suit",
        "-1st suit",
        "third colour",
        "3",
    ] {
        assert_eq!(text.parse::<Suit>(), Err(ParseSuitError), "{text:?}");
    }
    assert_eq!(
        ParseSuitError.to_string(),
        "a suit is named by its place: \"first suit\", \"second suit\", \"third suit\", or in digits, \"12th suit\" (up to the 256th)"
    );
}

proptest! {
    /// Any text: parsing never panics, and whatever parses prints back to
    /// text that parses to the same value.
    #[test]
    fn parsing_any_text_round_trips_what_it_accepts(text in "\\PC{0,12}") {
        if let Ok(card) = text.parse::<Card>() {
            prop_assert_eq!(card.to_string().parse::<Card>(), Ok(card));
            prop_assert_eq!(text.trim_start_matches('0'), card.to_string());
        }
        if let Ok(guess) = text.parse::<Guess>() {
            prop_assert_eq!(guess.to_string().parse::<Guess>(), Ok(guess));
            let words: Vec<String> = text.split_whitespace().map(str::to_lowercase).collect();
            let words = words.strip_prefix(&["guess".to_string()]).unwrap_or(&words).join(" ");
            let short = &guess.name()[..1];
            prop_assert!(words == guess.name() || words == short, "{:?}", text);
        }
        if let Ok(suit) = text.parse::<Suit>() {
            prop_assert_eq!(suit.to_string().parse::<Suit>(), Ok(suit));
        }
    }

    #[test]
    fn numbers_parse_as_cards_exactly_from_1_to_21(number in any::<u32>()) {
        let parsed = number.to_string().parse::<Card>();
        if (1..=21).contains(&number) {
            prop_assert_eq!(parsed.map(Card::number), Ok(number as u8));
        } else {
            prop_assert_eq!(parsed, Err(ParseCardError::NotACard(number)));
        }
    }
}

#[test]
fn parse_errors_are_errors_with_words() {
    fn error<E: std::error::Error + Send + Sync + 'static>(e: E) -> String {
        e.to_string()
    }
    assert!(error(ParseCardError::NotACard(22)).contains("22 is not"));
    assert!(error(ParseCardError::TooLarge).contains("1 to 21"));
    assert!(error(ParseGuessError::Empty).contains("same suit"));
    assert!(error(ParseSuitError).contains("suit"));
    assert!(error(SetupError::NotACard(30)).contains("30"));
}

#[test]
fn a_charm_deck_is_read_and_built_by_card() {
    let deck = CharmDeck::default();
    assert_eq!(numbers(deck.fairy_cards()), [4, 11, 18]);
    for (suit, first) in Suit::PRINTED.into_iter().zip([1, 8, 15]) {
        assert_eq!(
            numbers(deck.cards_of(suit)),
            (first..first + 7).collect::<Vec<u8>>()
        );
    }
    let custom = deck
        .with_fairy(card(4), false)
        .with_fairy(card(21), true)
        .with_suit(card(21), Suit(7));
    assert_eq!(numbers(custom.fairy_cards()), [11, 18, 21]);
    assert_eq!(custom.suit(card(21)), Suit(7));
    assert_eq!(numbers(custom.cards_of(Suit(2))), [15, 16, 17, 18, 19, 20]);
    let rebuilt = CharmDeck::new(|c| deck.suit(c), |c| deck.has_fairy(c));
    assert_eq!(rebuilt, deck);
}

// ------------------------------------------------------ actions and turns

/// The documented order: the four guesses in score-card order.
#[test]
fn legal_actions_are_the_four_guesses_in_score_card_order() -> Check {
    let state = State::builder(3).build()?;
    let order = [Guess::Higher, Guess::Lower, Guess::SameSuit, Guess::Catch];
    assert_eq!(Guess::ALL, order);
    for p in 0..3 {
        assert_eq!(state.legal_actions(Player(p)).as_slice(), &order);
    }
    Ok(())
}

/// A seated player outside `to_act` is `NotToAct`, an unseated one
/// `NoSuchPlayer`, whatever the reason for not acting.
#[test]
fn not_your_decision_now_is_not_to_act_for_every_seat() -> Check {
    // A play-off between players 0 and 1 of 4, where player 0 has guessed.
    let mut state = State::builder(4)
        .covered([4, 11, 18])
        .scores([6, 6, 2, 1])
        .guessed(Player(0), Guess::Lower)
        .build()?;
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
    let before = state;
    for seat in 0..=u8::MAX {
        let player = Player(seat);
        if seat == 1 {
            continue;
        }
        let result = state.apply(player, Guess::Higher, &mut rng());
        let expected: ActionError<Violation> = if usize::from(seat) < 4 {
            ActionError::NotToAct { player }
        } else {
            ActionError::NoSuchPlayer { player }
        };
        assert_eq!(result, Err(expected), "seat {seat}");
        assert!(state.legal_actions(player).is_empty());
        assert_eq!(state, before);
    }
    Ok(())
}

#[test]
fn setups_refuse_player_counts_out_of_range() {
    for players in [0, 1, 11, MAX_PLAYERS + 1, usize::MAX] {
        assert_eq!(Setup::new(players), Err(SetupError::PlayerCount(players)));
    }
    for players in 2..=10 {
        let setup = Setup::new(players).expect("2 to 10 players");
        assert_eq!(setup.scores.len(), players);
        assert_eq!(setup.guesses.len(), players);
    }
}

#[test]
fn scores_are_the_crates_score_type_everywhere() -> Check {
    let mut state = State::builder(2).pile_top(14).top_of_deck([11]).build()?;
    let _: &[Score] = state.scores();
    let view = state.view_for(Seat::Spectator);
    let _: &[Score] = view.scores.as_slice();
    let _: usize = view.cards_left + view.fairies_seen;
    state.apply(Player(0), Guess::Catch, &mut rng())?;
    let events = state.apply(Player(1), Guess::SameSuit, &mut rng())?;
    let changes: Vec<(Score, Score)> = events
        .iter()
        .filter_map(|e| match *e {
            Event::Scored { change, score, .. } => Some((change, score)),
            _ => None,
        })
        .collect();
    assert_eq!(changes, [(7, 7), (4, 4)]);
    // A game that ends: 22 + 2 for a fairy reaches the top of the track.
    let mut ending = State::builder(2)
        .pile_top(14)
        .top_of_deck([11])
        .scores([22, 5])
        .build()?;
    assert_eq!(ending.outcome(), None);
    ending.apply(Player(0), Guess::Lower, &mut rng())?;
    ending.apply(Player(1), Guess::Catch, &mut rng())?;
    let outcome = ending.outcome().ok_or("the game is over")?;
    let outcome_scores: &[Score] = outcome.scores();
    assert_eq!(outcome_scores, [24, 12]);
    assert_eq!(outcome.score(Player(1)), Some(12));
    assert_eq!(outcome.winners(), PlayerSet::only(Player(0)));
    Ok(())
}

// ------------------------------------------------- review fixes (builder)

/// Every leader named for a play-off is checked against the table, like
/// `score` and `guessed`: a seat not at it is `NoSuchPlayer`, whether it
/// fits in a `PlayerSet` or not.
#[test]
fn play_off_reports_a_seat_not_at_the_table() -> Check {
    let three = State::builder(3).covered([4, 11, 18]).scores([9, 9, 8]);
    for seat in [3, 5, 15, 16, 20, u8::MAX] {
        assert_eq!(
            three
                .clone()
                .play_off([Player(0), Player(1), Player(seat)])
                .build(),
            Err(SetupError::NoSuchPlayer(Player(seat))),
            "seat {seat}"
        );
    }
    let leaders: PlayerSet = [Player(0), Player(1)].into_iter().collect();
    assert_eq!(
        three.play_off([Player(1), Player(0)]).build()?.stage(),
        Stage::PlayOff(leaders)
    );
    Ok(())
}

/// Like every other setter, a second `pile_top` replaces the first, and the
/// first card goes back among the unnamed ones.
#[test]
fn a_second_pile_top_replaces_the_first() -> Check {
    let twice = State::builder(2).pile_top(14).pile_top(7).build()?;
    assert_eq!(twice, State::builder(2).pile_top(7).build()?);
    assert_eq!(twice.top_card(), card(7));
    // The same card again is no mistake; a card named elsewhere still is.
    let again = State::builder(2).pile_top(7).pile_top(7).build()?;
    assert_eq!(again, twice);
    assert_eq!(
        State::builder(2)
            .pile_top(14)
            .top_of_deck([7])
            .pile_top(7)
            .build(),
        Err(SetupError::DuplicateCard(card(7)))
    );
    // The card let go of may be named again elsewhere.
    let moved = State::builder(2)
        .pile_top(14)
        .pile_top(7)
        .top_of_deck([14])
        .build()?;
    assert_eq!(
        moved,
        State::builder(2).pile_top(7).top_of_deck([14]).build()?
    );
    Ok(())
}

/// Endless lists of cards are read only up to the first mistake (at the
/// latest one card past the whole deck), even after an earlier mistake.
#[test]
fn endless_card_lists_stop_at_the_first_mistake() -> Check {
    let two = State::builder(2);
    assert_eq!(
        two.clone().top_of_deck(1u8..).build(),
        Err(SetupError::NotACard(22))
    );
    assert_eq!(
        two.clone().covered(core::iter::repeat(5)).build(),
        Err(SetupError::DuplicateCard(card(5)))
    );
    assert_eq!(
        two.clone().top_of_deck(core::iter::repeat(card(9))).build(),
        Err(SetupError::DuplicateCard(card(9)))
    );
    assert_eq!(
        two.clone()
            .pile_top(30)
            .covered(core::iter::repeat(5))
            .top_of_deck(1u8..)
            .build(),
        Err(SetupError::NotACard(30))
    );
    // Counting: the list stops at the mistake, not one item later.
    let mut read = 0;
    let counted = two.covered([3, 3, 8].into_iter().inspect(|_| read += 1));
    assert_eq!(counted.build(), Err(SetupError::DuplicateCard(card(3))));
    assert_eq!(read, 2);
    Ok(())
}

/// The stage the builder works out comes first, so the error is the one
/// about the position's own stage: here player 2 sits out the play-off.
#[test]
fn a_derived_stage_reports_the_precise_error() -> Check {
    let all_guessed = State::builder(3)
        .covered([4, 11, 18])
        .scores([9, 9, 8])
        .guessed(Player(0), Guess::Higher)
        .guessed(Player(1), Guess::Lower)
        .guessed(Player(2), Guess::Catch);
    assert_eq!(
        all_guessed.build(),
        Err(SetupError::GuessOutOfTurn(Player(2)))
    );
    // Both leaders guessed: that turn should have been revealed.
    let leaders_guessed = State::builder(3)
        .covered([4, 11, 18])
        .scores([9, 9, 8])
        .guessed(Player(0), Guess::Higher)
        .guessed(Player(1), Guess::Lower);
    assert_eq!(leaders_guessed.build(), Err(SetupError::TurnNotRevealed));
    // A finished game takes no guesses at all.
    let over = State::builder(2)
        .scores([24, 3])
        .guessed(Player(0), Guess::Higher)
        .guessed(Player(1), Guess::Lower);
    assert_eq!(over.build(), Err(SetupError::GuessOutOfTurn(Player(0))));
    Ok(())
}

// --------------------------------------------------- review fixes (words)

/// The number that is not a card is named in the error and its text.
#[test]
fn a_number_that_is_not_a_card_is_named_in_the_error() {
    for number in [0u32, 22, 255, 256, 70_000, u32::MAX] {
        let error = number.to_string().parse::<Card>();
        assert_eq!(error, Err(ParseCardError::NotACard(number)), "{number}");
        let text = error.map(|_| ()).unwrap_err().to_string();
        assert!(text.contains(&number.to_string()), "{text}");
        assert!(text.contains("1 to 21"), "{text}");
    }
    assert_eq!(
        "22".parse::<Card>().map_err(|e| e.to_string()),
        Err("22 is not a charm card (cards are numbered 1 to 21)".to_string())
    );
    assert_eq!("0022".parse::<Card>(), Err(ParseCardError::NotACard(22)));
    // Beyond any number worth naming: too large, still no panic.
    let huge = "99999999999999999999".parse::<Card>();
    assert_eq!(huge, Err(ParseCardError::TooLarge));
    assert!(huge.unwrap_err().to_string().contains("1 to 21"));
}

// ---------------------------------------------------------------- speed

/// A state is plain data: copying one is a `memcpy`, and a copy plays on
/// exactly like the original, down to the counters `apply` keeps (fairies
/// seen, who is still to guess), which a setup round trip recomputes.
#[test]
fn a_state_is_copy_and_its_counters_follow_the_position() -> Check {
    fn copy<T: Copy>(value: &T) -> T {
        *value
    }
    let mut state = State::builder(3)
        .pile_top(4)
        .top_of_deck([2, 18, 11])
        .covered([1])
        .build()?;
    assert_eq!(state.fairies_seen(), 1);
    let start = copy(&state);
    for turn in 0..2 {
        for seat in 0..3 {
            assert_eq!(state.to_act().len(), 3 - seat);
            let guess = if seat == 0 {
                Guess::Catch
            } else {
                Guess::Lower
            };
            state.apply(Player(seat as u8), guess, &mut rng())?;
        }
        assert_eq!(state.fairies_seen(), 2 + turn);
        assert_eq!(State::from_setup(state.to_setup())?, state);
    }
    // The third fairy ends the game, won by the only one to catch them.
    assert!(state.to_act().is_empty());
    assert_eq!(state.stage(), Stage::Over(PlayerSet::only(Player(0))));
    assert_eq!(state.scores(), &[14, -2, -2]);
    assert_ne!(start, state);
    assert_eq!(start.fairies_seen(), 1);
    Ok(())
}
