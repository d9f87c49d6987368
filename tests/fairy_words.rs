//! Fairy in words: `Display` for actions, events, views and errors, and the
//! action notation that parses back what `Display` prints.

use std::collections::HashSet;

use fairy_ring::fairy::{
    Action, CharmDeck, Config, Event, Guess, ParseActionError, SetupError, Stage, State, Suit,
    Variant, View,
};
use fairy_ring::{Bot, Game, Player, PlayerSet, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

type Result<T = ()> = core::result::Result<T, Box<dyn std::error::Error>>;

/// Every seat of a `players`-player game and the spectator.
fn seats(players: usize) -> Vec<Seat> {
    (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect()
}

/// What one step of a random game shows: the state before, who acted, what
/// they did and what happened.
struct Step {
    before: State,
    events: Vec<Event>,
}

/// Plays one random game to its end and returns every step.
fn random_game(players: usize, variant: Variant, seed: u64) -> Vec<Step> {
    let config = Config::new(players)
        .expect("2 to 10 players")
        .with_variant(variant);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(&config, &mut rng).expect("valid config");
    let mut steps = Vec::new();
    let mut bot = RandomBot;
    while !state.is_over() {
        // Any player still to guess may go next: pick one at random.
        let to_act: Vec<Player> = state.to_act().iter().collect();
        let pick = (seed as usize + steps.len() * 7) % to_act.len();
        let player = to_act[pick];
        let action = bot
            .choose(&state.decision(player), &mut rng)
            .expect("a player to act has a legal action");
        let before = state;
        let events = state
            .apply(player, action, &mut rng)
            .expect("a legal action applies");
        steps.push(Step {
            before,
            events: events.to_vec(),
        });
    }
    steps.push(Step {
        before: state,
        events: Vec::new(),
    });
    steps
}

/// The games the tests below read: several player counts, both endings,
/// several seeds.
fn games() -> impl Iterator<Item = (usize, Variant, u64, Vec<Step>)> {
    [2, 3, 5, 10].into_iter().flat_map(|players| {
        [Variant::Standard, Variant::FifteenPoints]
            .into_iter()
            .flat_map(move |variant| {
                (0..6).map(move |seed| {
                    let seed = seed * 101 + players as u64;
                    (players, variant, seed, random_game(players, variant, seed))
                })
            })
    })
}

/// Panics if `text` shows a Debug name or anything that is not words.
fn assert_words(text: &str, what: &str) {
    for debug in [
        "Some(",
        "None",
        "Player(",
        "Card(",
        "Suit(",
        "Seat",
        "Spectator",
        "{",
        "}",
        "[",
    ] {
        assert!(!text.contains(debug), "{what}: {debug:?} in {text:?}");
    }
    for name in [
        "SameSuit",
        "Higher",
        "Lower",
        "Catch",
        "Guessed",
        "Revealed",
        "Scored",
        "PlayOff",
        "GameOver",
        "FifteenPoints",
        "Standard",
        "Main",
        "Over(",
    ] {
        assert!(!text.contains(name), "{what}: {name:?} in {text:?}");
    }
    // No CamelCase word: a capital letter only starts a word.
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let inner_capital = word.chars().skip(1).any(|c| c.is_uppercase());
        assert!(!inner_capital, "{what}: CamelCase {word:?} in {text:?}");
    }
    assert!(!text.trim().is_empty(), "{what}: empty text");
}

// ---------------------------------------------------------------------------
// The notation.

#[test]
fn every_legal_action_of_random_games_round_trips_and_reads_uniquely() {
    let mut checked = 0;
    for (players, variant, seed, steps) in games() {
        for step in &steps {
            for player in (0..players as u8).map(Player) {
                let legal = step.before.legal_actions(player);
                let mut texts = HashSet::new();
                for &action in &legal {
                    let text = action.to_string();
                    assert_eq!(
                        text.parse::<Action>(),
                        Ok(action),
                        "{players} players, {variant:?}, seed {seed}: {text:?}"
                    );
                    assert!(
                        texts.insert(text.clone()),
                        "{players} players, seed {seed}: two actions read {text:?}"
                    );
                    checked += 1;
                }
            }
        }
    }
    eprintln!("{checked} legal actions round-tripped");
    assert!(checked > 4_000, "only {checked} actions checked");
}

#[test]
fn the_whole_action_space_round_trips_in_every_spelling() {
    // Fairy's action space is the four guesses.
    let texts: Vec<String> = Guess::ALL.iter().map(Guess::to_string).collect();
    assert_eq!(texts, ["higher", "lower", "same suit", "catch"]);
    for (guess, short) in Guess::ALL.into_iter().zip(["h", "l", "s", "c"]) {
        let full = guess.to_string();
        for text in [
            full.clone(),
            full.to_uppercase(),
            format!("  {}\t", full.replace(' ', "   ")),
            format!("guess {full}"),
            format!("GUESS\n{full}"),
            short.to_string(),
            short.to_uppercase(),
            format!(" guess {short} "),
        ] {
            assert_eq!(text.parse::<Action>(), Ok(guess), "{text:?}");
        }
    }
}

#[test]
fn wrong_texts_say_what_is_wrong() {
    let cases: [(&str, ParseActionError); 10] = [
        ("", ParseActionError::Empty),
        ("   ", ParseActionError::Empty),
        ("guess", ParseActionError::Empty),
        ("up", ParseActionError::UnknownWord { at: 0 }),
        ("guess fairy", ParseActionError::UnknownWord { at: 6 }),
        ("samesuit", ParseActionError::UnknownWord { at: 0 }),
        ("same", ParseActionError::MissingSuit { at: 4 }),
        ("same colour", ParseActionError::MissingSuit { at: 5 }),
        ("higher lower", ParseActionError::TrailingText { at: 7 }),
        ("same suit suit", ParseActionError::TrailingText { at: 10 }),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<Action>(), Err(error), "{text:?}");
    }
    // What a person reads: no byte offsets, no backticks, plain words.
    assert_eq!(
        ParseActionError::UnknownWord { at: 6 }.to_string(),
        "that is not a guess: a guess is higher (h), lower (l), same suit (s) or catch (c)"
    );
    assert_eq!(
        ParseActionError::MissingSuit { at: 4 }.to_string(),
        "\"same\" must be followed by \"suit\": the guess is \"same suit\" (or \"s\")"
    );
    assert_eq!(
        ParseActionError::TrailingText { at: 7 }.to_string(),
        "give exactly one guess, with nothing after it"
    );
    for (text, _) in cases {
        let Err(error) = text.parse::<Action>() else {
            panic!("{text:?} parsed");
        };
        let message = error.to_string();
        assert!(
            !message.contains("byte") && !message.contains('`') && !message.contains("::"),
            "{text:?}: {message}"
        );
    }
    fn is_error<E: std::error::Error + Clone + Eq + Send + Sync + 'static>(_: &E) {}
    is_error(&ParseActionError::Empty);
}

proptest! {
    /// Every action the public API builds (a `Guess` has no fields: its
    /// four values, and whatever `arbitrary` makes of any bytes, as the
    /// fuzzers do) prints a text that reads back: by `FromStr`, by the
    /// seat's `read_action`, and through a Fairy table of `AnyGame`.
    #[test]
    fn every_action_reads_back(
        guess in prop::sample::select(Guess::ALL.to_vec()),
        bytes in proptest::collection::vec(any::<u8>(), 0..16),
    ) {
        use arbitrary::{Arbitrary, Unstructured};
        let mut rng = ChaCha8Rng::seed_from_u64(5);
        let state = State::new(&Config::new(3).expect("3 players"), &mut rng).expect("a game");
        let view = state.view_for(Seat::Player(Player(1)));
        let table = fairy_ring::AnyGame::Fairy(state);
        let arbitrary = Action::arbitrary(&mut Unstructured::new(&bytes)).ok();
        for action in [Some(guess), arbitrary].into_iter().flatten() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
            let words = fairy_ring::ActionInView::<State>::new(&view, &action).to_string();
            prop_assert_eq!(State::read_action(&view, &words), Ok(action));
            prop_assert_eq!(table.parse_action(&words), Ok(fairy_ring::AnyAction::Fairy(action)));
        }
    }

    /// Any text: parsing never panics; what parses prints back to a text
    /// that parses to the same action.
    #[test]
    fn any_text_parses_to_an_action_that_round_trips_or_fails(text in "\\PC{0,24}") {
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
    }

    /// Texts made of the notation's own words, in any case and spacing,
    /// often parse; when they do, they round-trip.
    #[test]
    fn texts_of_the_notations_words_round_trip(
        words in prop::collection::vec(
            prop::sample::select(vec![
                "guess", "higher", "h", "lower", "l", "same", "suit", "s", "catch", "c",
                "HIGHER", "Same", "SUIT", "x",
            ]),
            0..4,
        ),
        gap in "[ \t\n]{1,3}",
    ) {
        let text = words.join(&gap);
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
    }
}

// ---------------------------------------------------------------------------
// Events and views in words.

#[test]
fn every_event_of_random_games_reads_in_words_for_every_seat() {
    let mut lines = 0;
    for (players, variant, seed, steps) in games() {
        for step in &steps {
            for seat in seats(players) {
                for event in &step.events {
                    let seen = State::redact(event, seat).expect("Fairy redacts, never drops");
                    let text = seen.to_string();
                    let what = format!("{players} players, {variant:?}, seed {seed}, {seat:?}");
                    assert_words(&text, &what);
                    assert!(
                        text.starts_with("player ")
                            || text.starts_with("card ")
                            || text.starts_with("game over"),
                        "{what}: {text:?}"
                    );
                    // A hidden guess names no guess.
                    if let Event::Guessed { guess: None, .. } = seen {
                        for guess in Guess::ALL {
                            assert!(!text.contains(guess.name()), "{what}: {text:?}");
                        }
                    }
                    lines += 1;
                }
            }
        }
    }
    eprintln!("{lines} redacted event texts checked");
    assert!(lines > 10_000, "only {lines} event texts checked");
}

#[test]
fn every_view_of_random_games_reads_in_words_for_every_seat() {
    let mut views = 0;
    for (players, variant, seed, steps) in games() {
        for step in &steps {
            for seat in seats(players) {
                let view = step.before.view_for(seat);
                let text = view.to_string();
                let what = format!("{players} players, {variant:?}, seed {seed}, {seat:?}");
                assert_words(&text, &what);
                // The top card, its suit, its fairy, the track's limits.
                assert!(
                    text.contains(&format!("Top card: {}, {}", view.top_card, view.top_suit)),
                    "{what}: {text}"
                );
                assert!(text.contains("-4 to 24"), "{what}: {text}");
                assert!(
                    text.contains(&format!("of {} seen", view.fairies_total)),
                    "{what}: {text}"
                );
                // The decision is offered exactly to a player still to guess.
                let deciding = seat
                    .player()
                    .is_some_and(|p| step.before.to_act().contains(p));
                assert_eq!(text.contains("Your guess: "), deciding, "{what}: {text}");
                views += 1;
            }
        }
    }
    eprintln!("{views} view texts checked");
    assert!(views > 5_000, "only {views} views checked");
}

#[test]
fn the_view_shows_the_top_cards_suit_and_fairy_from_the_deck_played() {
    // A custom printing: 14 in the third suit and showing a fairy, 2 fairies in all.
    let deck = CharmDeck::default()
        .with_suit(fairy_ring::fairy::Card::new(14).expect("a card"), Suit(2))
        .with_fairy(fairy_ring::fairy::Card::new(14).expect("a card"), true)
        .with_fairy(fairy_ring::fairy::Card::new(4).expect("a card"), false)
        .with_fairy(fairy_ring::fairy::Card::new(11).expect("a card"), false);
    let state = State::builder(2).deck(deck).pile_top(14).build();
    let view = state.expect("a position").view_for(Seat::Spectator);
    assert_eq!((view.top_suit, view.top_fairy), (Suit(2), true));
    assert_eq!((view.fairies_seen, view.fairies_total), (1, 2));
    let text = view.to_string();
    assert!(
        text.contains("it ends when the 2nd fairy appears"),
        "{text}"
    );
    assert!(
        text.contains("Top card: 14, third suit, shows a fairy"),
        "{text}"
    );
    assert!(text.contains("fairies: 1 of 2 seen, 1 to come"), "{text}");
}

// ---------------------------------------------------------------------------
// Pinned texts.

#[test]
fn the_rulebook_examples_read_as_events() -> Result {
    // 14 is on the pile and 11 is drawn.
    let mut state = State::builder(4).pile_top(14).top_of_deck([11]).build()?;
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let mut lines = Vec::new();
    for (seat, guess) in Guess::ALL.into_iter().enumerate() {
        let events = state.apply(Player(seat as u8), guess, &mut rng)?;
        let seen = State::redact_all(&events, Seat::Player(Player(0)));
        lines.extend(seen.iter().map(Event::to_string));
    }
    assert_eq!(
        lines,
        [
            "player 1 guessed higher",
            "player 2 made a guess",
            "player 3 made a guess",
            "player 4 made a guess",
            "card 11 revealed on top of card 14",
            "player 1 guessed higher and was wrong: -1, now -1 point",
            "player 2 guessed lower and was right: +2, now 2 points",
            "player 3 guessed same suit and was right: +4, now 4 points",
            "player 4 guessed catch and was right: +7, now 7 points",
        ]
    );
    Ok(())
}

#[test]
fn the_ends_of_the_track_read_in_events() -> Result {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    // 7 on the pile, 19 drawn: catch is wrong; player 1 is at the floor and
    // player 2 goes over the top with higher.
    let mut state = State::builder(2)
        .pile_top(7)
        .top_of_deck([19])
        .scores([-4, 23])
        .build()?;
    state.apply(Player(0), Guess::Catch, &mut rng)?;
    let events = state.apply(Player(1), Guess::Higher, &mut rng)?;
    let lines: Vec<String> = events.iter().map(Event::to_string).collect();
    assert_eq!(
        lines,
        [
            "player 2 guessed higher",
            "card 19 revealed on top of card 7",
            "player 1 guessed catch and was wrong: no points lost at -4, still -4 points",
            "player 2 guessed higher and was right: +1 (the track ends at 24), now 24 points",
            "game over: player 2 wins",
        ]
    );
    Ok(())
}

#[test]
fn play_offs_and_shared_victories_read_in_events() {
    let players = PlayerSet::from_iter([Player(0), Player(2)]);
    assert_eq!(
        Event::PlayOff { players }.to_string(),
        "player 1 and player 3 are tied for the lead and play on alone"
    );
    assert_eq!(
        Event::GameOver { winners: players }.to_string(),
        "game over: player 1 and player 3 share the victory"
    );
    let three = PlayerSet::first(3);
    assert_eq!(
        Event::GameOver { winners: three }.to_string(),
        "game over: player 1, player 2 and player 3 share the victory"
    );
}

#[test]
fn a_view_in_the_middle_of_a_turn() -> Result {
    let state = State::builder(3)
        .pile_top(5)
        .scores([1, 0, -2])
        .guessed(Player(1), Guess::SameSuit)
        .build()?;
    let own = state.view_for(Seat::Player(Player(1))).to_string();
    assert_eq!(
        own,
        "Fairy, standard game: it ends when the 3rd fairy appears\n\
         Top card: 5, first suit, no fairy\n\
         Deck: 20 cards left; fairies: 0 of 3 seen, 3 to come\n\
         Score track: -4 to 24 (at -4 no more points are lost; 24 wins at once)\n\
         Scores: player 1: 1, player 2 (you): 0, player 3: -2\n\
         Already guessed: player 2 (you); still to guess: player 1 and player 3\n\
         You guessed same suit"
    );
    let spectator = state.view_for(Seat::Spectator).to_string();
    assert_eq!(
        spectator.lines().skip(4).collect::<Vec<_>>(),
        [
            "Scores: player 1: 1, player 2: 0, player 3: -2",
            "Already guessed: player 2; still to guess: player 1 and player 3",
        ]
    );
    let deciding = state.view_for(Seat::Player(Player(2))).to_string();
    assert!(
        deciding.ends_with(
            "Your guess: higher (+2/-1), lower (+2/-1), same suit (+4/-1) or catch (+7/-1)"
        ),
        "{deciding}"
    );
    Ok(())
}

#[test]
fn a_view_of_a_play_off_and_of_the_end() -> Result {
    // All three fairies are out and players 1 and 2 are tied on 5.
    let state = State::builder(3)
        .pile_top(18)
        .covered((2..=17).chain([19, 20, 21]))
        .top_of_deck([1])
        .scores([5, 5, 2])
        .build()?;
    assert_eq!(state.stage(), Stage::PlayOff(PlayerSet::first(2)));
    let out = state.view_for(Seat::Player(Player(2))).to_string();
    assert_eq!(
        out.lines().skip(1).collect::<Vec<_>>(),
        [
            "Top card: 18, third suit, shows a fairy",
            "Deck: 1 card left; fairies: 3 of 3 seen, 0 to come",
            "Score track: -4 to 24 (at -4 no more points are lost; 24 wins at once)",
            "Scores: player 1: 5, player 2: 5, player 3 (you): 2",
            "Play-off: player 1 and player 2 are tied for the lead and play on alone",
            "Still to guess: player 1 and player 2",
            "You sit out this play-off",
        ]
    );
    let mut state = state;
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    state.apply(Player(0), Guess::Lower, &mut rng)?;
    state.apply(Player(1), Guess::Higher, &mut rng)?;
    let end = state.view_for(Seat::Spectator).to_string();
    assert!(end.ends_with("\nGame over: player 1 wins"), "{end}");
    assert!(end.contains("Deck: 0 cards left"), "{end}");
    Ok(())
}

#[test]
fn the_fifteen_point_variant_says_how_it_ends() -> Result {
    let state = State::builder(2)
        .variant(Variant::FifteenPoints)
        .pile_top(4)
        .build()?;
    let text = state.view_for(Seat::Spectator).to_string();
    assert_eq!(
        text.lines().next(),
        Some("Fairy, 15-point variant: it ends when someone reaches 15 points")
    );
    assert!(
        text.contains("Top card: 4, first suit, shows a fairy"),
        "{text}"
    );
    Ok(())
}

#[test]
fn stages_and_setup_errors_read_in_words() {
    assert_eq!(Stage::Main.to_string(), "the main game");
    assert_eq!(
        Stage::PlayOff(PlayerSet::first(2)).to_string(),
        "a play-off between player 1 and player 2"
    );
    assert_eq!(
        Stage::Over(PlayerSet::first(1)).to_string(),
        "the end of the game (player 1 wins)"
    );
    let errors = [
        (
            SetupError::PlayerCount(11),
            "Fairy is for 2 to 10 players, not 11",
        ),
        (
            SetupError::ScoreCount {
                scores: 1,
                players: 2,
            },
            "1 score for 2 players: give one per player",
        ),
        (
            SetupError::GuessSlots {
                guesses: 3,
                players: 1,
            },
            "3 guess slots for 1 player: give one per player",
        ),
        (
            SetupError::WrongStage {
                expected: Stage::Main,
            },
            "the stage does not follow from the position, which calls for the main game",
        ),
        (
            SetupError::NoSuchPlayer(Player(4)),
            "player 5 is not at the table",
        ),
    ];
    for (error, text) in errors {
        assert_eq!(error.to_string(), text);
        assert_words(&error.to_string().replace("Fairy", "fairy"), "setup error");
    }
    // Every variant, with any data, reads without Debug names.
    let card = fairy_ring::fairy::Card::MIN;
    for error in [
        SetupError::EmptyPile,
        SetupError::DuplicateCard(card),
        SetupError::MissingCard(card),
        SetupError::ScoreOffTrack {
            player: Player(0),
            score: 30,
        },
        SetupError::GuessOutOfTurn(Player(1)),
        SetupError::TurnNotRevealed,
        SetupError::PlayOffNotTied,
        SetupError::NotACard(22),
        SetupError::BadWinners,
        SetupError::WrongStage {
            expected: Stage::PlayOff(PlayerSet::first(3)),
        },
        SetupError::WrongStage {
            expected: Stage::Over(PlayerSet::first(2)),
        },
    ] {
        assert_words(&error.to_string(), "setup error");
    }
}

/// `View` is `Display` (a compile-time check, for the generic play example).
#[test]
fn views_actions_and_events_are_display() {
    fn display<T: std::fmt::Display>() {}
    display::<View>();
    display::<Action>();
    display::<Event>();
    display::<fairy_ring::fairy::Violation>();
    display::<SetupError>();
}
