//! Fairy Prank in words: the action notation round-trips (by number and by
//! name), events and views read in words for every seat, and a few texts
//! are pinned.

use std::collections::HashSet;

use fairy_ring::prank::{
    Action, Config, Event, GuessingEnd, Item, Items, ParseActionError, Phase, SetupError, State,
    Treasures, Variant, View, Violation,
};
use fairy_ring::{Bot, Game, Numeral, Player, PlayerSet, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

type Result<T = ()> = core::result::Result<T, Box<dyn std::error::Error>>;

/// A custom set whose names test the notation's edges: a name that reads
/// like an item number, one ending like `put`'s ending, one made of a verb.
fn tricky() -> Treasures {
    Treasures::new([
        "spoon",
        "item nine",
        "cat in the box",
        "the box",
        "Grandma's ring",
        "guess",
    ])
    .expect("a valid set")
}

/// The configs the random games are played with.
fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for players in 2..=6 {
        let config = Config::new(players).expect("2 to 6 players");
        configs.push(config);
        configs.push(config.with_treasures(tricky()));
        if players >= 3 {
            configs.push(config.with_variant(Variant::Beginner));
        }
    }
    configs
}

/// Every seat of a `players`-player game and the spectator.
fn seats(players: usize) -> Vec<Seat> {
    (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect()
}

/// One step of a random game: the state before and the events.
struct Step {
    before: State,
    events: Vec<Event>,
}

/// Plays one random game to its end; the last step is the final state.
fn random_game(config: &Config, seed: u64) -> Vec<Step> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(config, &mut rng).expect("valid config");
    let mut steps = Vec::new();
    let mut bot = RandomBot;
    while !state.is_over() {
        let player = state.to_act().lowest().expect("someone is to act");
        let action = bot
            .choose(&state.decision(player), &mut rng)
            .expect("a legal action");
        let before = state;
        let events = state.apply(player, action, &mut rng).expect("legal");
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

/// Checks that every legal action of `state` round-trips through both
/// notations and that no two share a text. Returns how many were checked.
fn check_legal_actions(state: &State) -> usize {
    let treasures = &state.config().treasures;
    let mut checked = 0;
    for player in state.to_act().iter() {
        let legal = state.legal_actions(player);
        let mut plain = HashSet::new();
        let mut named = HashSet::new();
        for &action in &legal {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
            let name = action.named(treasures).to_string();
            assert_eq!(
                Action::parse_named(&name, treasures),
                Ok(action),
                "{name:?}"
            );
            assert!(plain.insert(text.clone()), "two actions print {text:?}");
            assert!(named.insert(name.clone()), "two actions print {name:?}");
            checked += 1;
        }
    }
    checked
}

#[test]
fn every_legal_action_of_random_games_round_trips_and_is_unique() {
    let mut checked = 0;
    for config in configs() {
        for seed in 0..12 {
            for step in random_game(&config, seed) {
                checked += check_legal_actions(&step.before);
            }
        }
    }
    println!("{checked} legal actions round-tripped");
    assert!(checked > 10_000, "only {checked} actions checked");
}

/// Every `Action` value: 256 items for each of the three item actions, and
/// the two without an item.
fn every_action() -> Vec<Action> {
    let mut all = vec![Action::EndSelection, Action::DoneHiding];
    for i in 0..=u8::MAX {
        all.extend([
            Action::Select(Item(i)),
            Action::Remove(Item(i)),
            Action::Guess(Item(i)),
        ]);
    }
    all
}

#[test]
fn the_whole_action_space_round_trips() {
    let all = every_action();
    assert_eq!(all.len(), 770);
    let kitchen = Treasures::new(["spoon", "cork", "coin", "cat in the box", "the box"]).unwrap();
    for treasures in [Treasures::default(), kitchen] {
        let mut plain = HashSet::new();
        let mut named = HashSet::new();
        for &action in &all {
            let text = action.to_string();
            assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
            assert_eq!(
                Action::parse_named(&text, &treasures),
                Ok(action),
                "{text:?}"
            );
            let name = action.named(&treasures).to_string();
            assert_eq!(
                Action::parse_named(&name, &treasures),
                Ok(action),
                "{name:?}"
            );
            assert!(plain.insert(text));
            assert!(named.insert(name));
        }
    }
}

#[test]
fn names_win_over_item_numbers_and_odd_names_round_trip() {
    let set = tricky();
    assert_eq!(
        Action::parse_named("guess item nine", &set),
        Ok(Action::Guess(Item(1)))
    );
    // A name that reads as an item number is refused (see the ruling
    // "Prank: an item may not be named like an item's number"), so
    // "item 9" is always the ninth item.
    assert!(Treasures::new(["spoon", "item 9", "cat"]).is_err());
    assert_eq!(
        Action::parse_named("guess item 9", &set),
        Ok(Action::Guess(Item(8)))
    );
    assert_eq!("guess item 9".parse::<Action>(), Ok(Action::Guess(Item(8))));
    let cat = Action::Select(Item(2));
    assert_eq!(cat.named(&set).to_string(), "put cat in the box in the box");
    assert_eq!(
        Action::parse_named("put the box in the box", &set),
        Ok(Action::Select(Item(3)))
    );
    assert_eq!(
        Action::parse_named("guess guess", &set),
        Ok(Action::Guess(Item(5)))
    );
    assert_eq!(
        Action::parse_named("select  GRANDMA'S   ring", &set),
        Ok(Action::Select(Item(4)))
    );
}

#[test]
fn parse_errors_say_what_was_wrong() {
    use ParseActionError::*;
    let printed = Treasures::default();
    let cases: &[(&str, ParseActionError)] = &[
        ("", Empty),
        ("   \t ", Empty),
        ("shake the box", UnknownVerb { at: 0 }),
        ("  guess", MissingItem { at: 7 }),
        ("put", MissingItem { at: 3 }),
        ("put   ", MissingItem { at: 3 }),
        ("put marble", MissingInTheBox { at: 10 }),
        ("put item 3 in a box", MissingInTheBox { at: 19 }),
        ("guess item 3 now", UnknownItem { at: 6 }),
        ("guess item three", UnknownItem { at: 6 }),
        (
            "hide item 0",
            ItemOutOfRange {
                at: 5,
                number: Numeral::from(0),
            },
        ),
        (
            "hide item 257",
            ItemOutOfRange {
                at: 5,
                number: Numeral::from(257),
            },
        ),
        (
            "hide item 99999999999999999999999",
            ItemOutOfRange {
                at: 5,
                number: Numeral::parse("99999999999999999999999").expect("digits"),
            },
        ),
        ("end selection now", TrailingText { at: 14 }),
        ("end the", Incomplete { at: 7 }),
        ("close the  ", Incomplete { at: 9 }),
        ("end the box", TrailingText { at: 8 }),
        ("close the door", TrailingText { at: 10 }),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<Action>(), Err(*error), "{text:?}");
    }
    assert_eq!(
        Action::parse_named("guess crown", &printed),
        Err(UnknownItemName { at: 6, items: 10 })
    );
    // What a person reads: no byte offsets, no Rust names, numbers as typed.
    let texts: &[(ParseActionError, &str)] = &[
        (
            Empty,
            "no action given: write put, select, end, hide, close or guess",
        ),
        (
            UnknownVerb { at: 0 },
            "an action starts with put, select, end, hide, close or guess",
        ),
        (
            MissingItem { at: 7 },
            "the action needs an item after its first word, such as \"guess item 3\"",
        ),
        (
            UnknownItem { at: 6 },
            "that names no item: write \"item\" and its number, such as \"guess item 3\" (names are read at a table)",
        ),
        (
            UnknownItemName { at: 6, items: 10 },
            "that names no item of this game: write an item's name, or \"item\" and its number, 1 to 10",
        ),
        (
            ItemOutOfRange {
                at: 5,
                number: Numeral::parse("4294967296").expect("digits"),
            },
            "there is no item 4294967296: item numbers run from 1 to 256",
        ),
        (
            ItemOutOfRange {
                at: 5,
                number: Numeral::parse("99999999999999999999999").expect("digits"),
            },
            "there is no item 99999999999999999999999: item numbers run from 1 to 256",
        ),
        (
            NoSuchItem {
                at: 6,
                number: Numeral::from(11),
                items: 10,
            },
            "there is no item 11 in this game: its items are numbered 1 to 10",
        ),
        (
            MissingInTheBox { at: 10 },
            "\"put\" and its item must end with \"in the box\" (\"select\" needs no ending)",
        ),
        (
            Incomplete { at: 7 },
            "the action stops short: write \"end selection\" or \"close the box\"",
        ),
        (
            TrailingText { at: 14 },
            "there is more after the action: give exactly one action",
        ),
    ];
    for (error, text) in texts {
        assert_eq!(error.to_string(), *text);
    }
    for (text, _) in cases {
        let message = text.parse::<Action>().unwrap_err().to_string();
        for rust in ["byte", "::", "`", "parse_named"] {
            assert!(!message.contains(rust), "{text:?}: {message}");
        }
    }
    assert_eq!(
        Action::parse_named("guess item 256", &printed),
        Ok(Action::Guess(Item(255)))
    );
}

/// Whether `text` is free of Debug names and odd plurals.
fn assert_words(text: &str) {
    for debug in ["Some(", "None", "Player(", "{", "}", "Item(", "Items(", "["] {
        assert!(!text.contains(debug), "{debug:?} in {text:?}");
    }
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let camel = word
            .chars()
            .zip(word.chars().skip(1))
            .any(|(a, b)| a.is_lowercase() && b.is_uppercase());
        assert!(!camel, "CamelCase {word:?} in {text:?}");
    }
    for variant in [
        "EndSelection",
        "DoneHiding",
        "PutInSecret",
        "RoundStarted",
        "AllRemovedGuessed",
        "AllInBoxGuessed",
        "TwoPlayer",
        "Spectator",
        "true",
        "false",
    ] {
        assert!(!text.contains(variant), "{variant:?} in {text:?}");
    }
    for noun in ["item", "mark", "point", "player", "score sheet"] {
        assert!(!text.contains(&format!(" 1 {noun}s")), "plural in {text:?}");
        assert!(
            !text.starts_with(&format!("1 {noun}s")),
            "plural in {text:?}"
        );
    }
}

#[test]
fn every_event_and_view_reads_in_words_for_every_seat() {
    let mut events = 0;
    let mut views = 0;
    let mut kinds = HashSet::new();
    for config in configs() {
        let treasures = config.treasures;
        for seed in 0..crate::scale::size(6u64) {
            for step in random_game(&config, seed) {
                let players = step.before.num_players();
                for seat in seats(players) {
                    let view = step.before.view_for(seat);
                    assert_words(&view.to_string());
                    assert_words(&view.named(&treasures).to_string());
                    views += 1;
                    for event in State::redact_all(&step.events, seat) {
                        let plain = event.to_string();
                        let named = event.named(&treasures).to_string();
                        assert_words(&plain);
                        assert_words(&named);
                        assert!(!plain.contains('\n') && !named.contains('\n'));
                        kinds.insert(std::mem::discriminant(&event));
                        if let Event::PutInSecret { item: None, .. } = event {
                            assert!(plain.contains("an item"), "{plain}");
                        }
                        events += 1;
                    }
                }
            }
        }
    }
    println!("{events} events and {views} views read");
    // All ten kinds of event were seen, redacted ones included.
    assert_eq!(kinds.len(), 10);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_fails_or_round_trips(text in ".{0,40}") {
        let printed = Treasures::default();
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        if let Ok(action) = Action::parse_named(&text, &printed) {
            let again = action.named(&printed).to_string();
            prop_assert_eq!(Action::parse_named(&again, &printed), Ok(action));
        }
    }

    #[test]
    fn texts_of_notation_words_fail_or_round_trip(
        words in prop::collection::vec(
            prop::sample::select(vec![
                "put", "select", "hide", "remove", "guess", "end", "close", "the", "box",
                "in", "selection", "item", "3", "0", "257", "marble", "Metal", "ring",
                "cat", "GUESS", "spoon", "item 9", "\t", "",
            ]),
            0..7,
        )
    ) {
        let text = words.join(" ");
        let set = tricky();
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
        if let Ok(action) = Action::parse_named(&text, &set) {
            // No name reads as an item number, so every action, of the set's
            // items or past them, round-trips.
            let again = action.named(&set).to_string();
            prop_assert_eq!(Action::parse_named(&again, &set), Ok(action));
        }
    }
}

#[test]
fn pinned_action_texts() {
    let printed = Treasures::default();
    let cases = [
        (
            Action::Select(Item(2)),
            "put item 3 in the box",
            "put marble in the box",
        ),
        (Action::EndSelection, "end selection", "end selection"),
        (Action::Remove(Item(3)), "hide item 4", "hide piece of felt"),
        (Action::DoneHiding, "close the box", "close the box"),
        (Action::Guess(Item(9)), "guess item 10", "guess metal ring"),
        (Action::Guess(Item(12)), "guess item 13", "guess item 13"),
    ];
    for (action, plain, named) in cases {
        assert_eq!(action.to_string(), plain);
        assert_eq!(action.named(&printed).to_string(), named);
    }
}

#[test]
fn pinned_event_texts() {
    let printed = Treasures::default();
    let two: Items = [Item(1), Item(2)].into_iter().collect();
    let rope: Items = [Item(5)].into_iter().collect();
    let cases = [
        (
            Event::RoundStarted {
                round: 2,
                starting_player: Player(1),
                phase: Phase::Selection,
            },
            "round 2 begins, player 2 starting: Selection phase",
        ),
        (
            Event::RoundStarted {
                round: 3,
                starting_player: Player(2),
                phase: Phase::Hiding { fairy: Player(2) },
            },
            "round 3 begins, player 3 starting: Hiding phase, player 3 is the Fairy",
        ),
        (
            Event::Selected {
                player: Player(0),
                item: Item(2),
            },
            "player 1 puts marble in the box",
        ),
        (
            Event::PutInSecret {
                fairy: Player(0),
                item: None,
            },
            "player 1, the Fairy, secretly puts an item in the box",
        ),
        (
            Event::PutInSecret {
                fairy: Player(0),
                item: Some(Item(1)),
            },
            "player 1, the Fairy, secretly puts die in the box",
        ),
        (
            Event::SelectionEnded { fairy: Player(3) },
            "the Selection phase ends: player 4 is the Fairy",
        ),
        (
            Event::Removed {
                fairy: Player(3),
                item: Item(5),
            },
            "player 4, the Fairy, takes rope out of the box and hides it",
        ),
        (
            Event::HidingDone {
                fairy: Player(3),
                box_count: Some(1),
            },
            "player 4 closes the box; it holds 1 item",
        ),
        (
            Event::HidingDone {
                fairy: Player(3),
                box_count: None,
            },
            "player 4 closes the box",
        ),
        (
            Event::Guessed {
                player: Player(0),
                item: Item(5),
                right: false,
            },
            "player 1 guesses rope: wrong, it is not in the box",
        ),
        (
            Event::Marked {
                player: Player(3),
                item: Item(5),
                marks: 1,
            },
            "player 4 scores a point: rope has 1 mark on their sheet",
        ),
        (
            Event::GuessingEnded {
                reason: GuessingEnd::AllRemovedGuessed,
                in_box: two,
                removed: rope,
            },
            "the Guessing phase ends, every hidden item was guessed: the box held die and marble; hidden away: rope",
        ),
        (
            Event::GameOver {
                winners: PlayerSet::first(2),
                in_box: two,
                removed: Items::EMPTY,
            },
            "game over, player 1 and player 2 share the win: the box held die and marble",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(event.named(&printed).to_string(), text);
    }
    let guess = Event::Guessed {
        player: Player(1),
        item: Item(2),
        right: true,
    };
    assert_eq!(
        guess.to_string(),
        "player 2 guesses item 3: right, it is in the box"
    );
}

#[test]
fn pinned_view_texts() -> Result {
    let state = State::builder(4)
        .in_box(["die", "marble", "rope"])
        .removed(["piece of felt", "diamond"])
        .fairy(Player(1))
        .guessed(["marble", "diamond"])
        .marks(Player(0), [("rope", 2)])
        .build()?;
    let treasures = &state.config().treasures;
    let guesser: View = state.view_for(Seat::Player(Player(0)));
    assert_eq!(
        guesser.named(treasures).to_string(),
        "Round 1 (full rules), Guessing phase; player 1 (you) holds the starting player token; \
         player 2 is the Fairy\n\
         You are player 1.\n\
         Tokens face up: die, piece of felt and rope\n\
         Guessed right: marble; guessed wrong: diamond\n\
         The box holds 3 items; only the Fairy knows which\n\
         Score sheets (a sheet wins with 3 marks on one item or 6 different items marked):\n  \
         player 1 (you): 2 points (2 marks on rope)\n  \
         player 2: 1 point (1 mark on diamond)\n  \
         player 3: 1 point (1 mark on marble)\n  \
         player 4: 0 points\n\
         player 1 (you) to guess an item in the box"
    );
    let fairy = state.view_for(Seat::Player(Player(1))).to_string();
    assert!(fairy.contains("; player 2 (you) is the Fairy\nYou are player 2.\n"));
    // A view's own text names the items from the table's set.
    assert!(
        fairy.contains("In the box: die, marble and rope (3 items)\n"),
        "{fairy}"
    );
    assert!(
        fairy.contains("Hidden away by the Fairy: piece of felt and diamond\n"),
        "{fairy}"
    );
    assert_eq!(
        fairy,
        state
            .view_for(Seat::Player(Player(1)))
            .named(treasures)
            .to_string()
    );
    // 2 players: the starting player is the Fairy; the last round draws.
    let duel = State::builder(2).round(9).build()?;
    let text = duel
        .view_for(Seat::Player(Player(0)))
        .named(treasures)
        .to_string();
    assert!(
        text.starts_with(
            "Round 9 (2-player rules), Selection phase; player 1 (you) holds the starting player \
             token and is the Fairy\n"
        ),
        "{text}"
    );
    assert!(
        text.contains("guessing every item in the box draws the game\n"),
        "{text}"
    );
    assert!(text.ends_with("player 1 (you) to put items in the box in secret (0 of 10 in)"));
    let plain = duel.view_for(Seat::Spectator).to_string();
    assert!(plain.contains("You are watching.\n"), "{plain}");
    assert!(!plain.contains("item 1"), "{plain}");
    // Knowing the set has 10 items, the view tells that round 9 is the last.
    assert!(
        plain.contains("guessing every item in the box draws the game\n"),
        "{plain}"
    );
    assert!(
        plain.contains("Tokens face up: wooden stick, die, marble,"),
        "{plain}"
    );
    Ok(())
}

#[test]
fn violations_and_setup_errors_read_in_words() -> Result {
    let printed = Treasures::default();
    let broken = Violation::NotInPlay(Item(4));
    assert_eq!(
        broken.to_string(),
        "the token of item 5 is not in play this round"
    );
    assert_eq!(
        broken.named(&printed).to_string(),
        "the token of diamond is not in play this round"
    );
    assert_eq!(
        Violation::TooFewItems.named(&printed).to_string(),
        "the Selection phase ends only with at least 3 items in the box"
    );
    let missing: Items = [Item(0), Item(3)].into_iter().collect();
    assert_eq!(
        SetupError::ItemsMissing(missing).to_string(),
        "in the beginner game every item is in play; missing item 1 and item 4"
    );
    assert_eq!(
        SetupError::TooFewSelected(1).to_string(),
        "a Selection phase ended with 1 item"
    );
    assert_eq!(
        SetupError::SheetCount {
            sheets: 1,
            players: 3
        }
        .to_string(),
        "1 score sheet for 3 players"
    );
    assert_eq!(
        SetupError::BoxSize {
            expected: 2,
            found: 1
        }
        .to_string(),
        "the box holds 1 item; this round calls for 2"
    );
    assert_eq!(
        SetupError::FairyNotStarting(Player(0)).to_string(),
        "the Fairy must be the starting player, player 1"
    );
    Ok(())
}
