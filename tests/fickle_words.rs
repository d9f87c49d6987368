//! Fickle in words: `Display` for actions, events, views and errors, and the
//! action notation that parses back what `Display` prints.

use std::collections::HashSet;

use fairy_ring::fickle::{
    Action, Card, Config, Event, FaceDown, Family, FavorTable, ParseActionError, PositionBuilder,
    RecommendedSet, SetupError, State, Violation, Zone,
};
use fairy_ring::{Bot, Game, Numeral, Player, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Every seat of a `players`-player game and the spectator.
fn seats(players: usize) -> Vec<Seat> {
    (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect()
}

/// One step of a random game: the state before and the events of the move.
struct Step {
    before: State,
    events: Vec<Event>,
}

/// Plays one random game of `config` to its end.
fn random_game(config: &Config, seed: u64) -> Vec<Step> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(config, &mut rng).expect("valid config");
    let mut steps = Vec::new();
    while !state.is_over() {
        let to_act: Vec<Player> = state.to_act().iter().collect();
        let player = to_act[(seed as usize + steps.len() * 7) % to_act.len()];
        let action = RandomBot
            .choose(&state.decision(player), &mut rng)
            .expect("a player to act has a legal action");
        let before = state.clone();
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

/// A Favor table unlike the default (every non-Pariah card one more, capped).
fn custom_favor() -> FavorTable {
    let mut table = FavorTable::default();
    for family in Family::ALL {
        for card in Card::of(family) {
            let v = table.favor(card);
            let v = if family == Family::Pariah {
                v
            } else {
                (v + 1).min(5)
            };
            table.set(card, v);
        }
    }
    table
}

/// The games the tests read: 3 to 5 players, every Recommended Set, random
/// Families (covering every Power), a custom Favor table.
fn games() -> impl Iterator<Item = (String, Vec<Step>)> {
    let mut configs = Vec::new();
    for players in 3..=5 {
        for set in RecommendedSet::ALL {
            configs.push((
                format!("{players} players, {set}"),
                Config::recommended(players, set).expect("3 to 5 players"),
            ));
        }
        for seed in 0..crate::scale::size(8u64) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed * 31 + players as u64);
            let config = Config::random(players, &mut rng).expect("3 to 5 players");
            let config = if seed % 2 == 0 {
                config.with_favor(custom_favor())
            } else {
                config
            };
            configs.push((format!("{players} players, random {seed}"), config));
        }
    }
    configs.into_iter().enumerate().map(|(i, (name, config))| {
        let seed = i as u64 * 7919 + 1;
        (format!("{name}, seed {seed}"), random_game(&config, seed))
    })
}

/// Panics if `text` shows a Debug name or anything that is not words.
fn assert_words(text: &str, what: &str) {
    for debug in [
        "Some(",
        "None",
        "Player(",
        "Card(",
        "Seat",
        "Spectator",
        "{",
        "}",
        "[Some",
        "Direct(",
        "Chain(",
        "copy:",
        "family:",
    ] {
        assert!(!text.contains(debug), "{what}: {debug:?} in {text:?}");
    }
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let inner_capital = word.chars().skip(1).any(|c| c.is_uppercase());
        assert!(!inner_capital, "{what}: CamelCase {word:?} in {text:?}");
    }
    let words: Vec<&str> = text
        .split_whitespace()
        .map(|w| w.trim_matches(|c: char| !c.is_alphanumeric() && c != '-'))
        .collect();
    for (i, pair) in words.windows(2).enumerate() {
        // A card name ("Share 1") is not a count.
        if i > 0 && words[i - 1].parse::<Family>().is_ok() {
            continue;
        }
        let plural = ["cards", "players", "areas", "Fairies", "rounds"].contains(&pair[1]);
        let singular_noun = ["card", "area", "round"].contains(&pair[1]);
        if pair[0] == "1" || pair[0] == "-1" {
            assert!(!plural, "{what}: plural after 1 in {text:?}");
        } else if pair[0].parse::<i64>().is_ok() {
            assert!(
                !singular_noun,
                "{what}: singular after {} in {text:?}",
                pair[0]
            );
        }
    }
    assert!(!text.contains("(s)"), "{what}: (s) in {text:?}");
    assert!(!text.trim().is_empty(), "{what}: empty text");
}

// ---------------------------------------------------------------------------
// The notation.

#[test]
fn every_legal_action_of_random_games_round_trips_and_reads_uniquely() {
    let mut checked = 0;
    let mut decisions = 0;
    for (name, steps) in games() {
        for step in &steps {
            let players = step.before.config().players;
            for player in (0..players).map(Player) {
                let legal = step.before.legal_actions(player);
                if legal.is_empty() {
                    continue;
                }
                decisions += 1;
                let view = step.before.view_for(Seat::Player(player));
                let mut texts = HashSet::new();
                let mut described = HashSet::new();
                for &action in &legal {
                    let text = action.to_string();
                    assert_eq!(text.parse::<Action>(), Ok(action), "{name}: {text:?}");
                    assert!(
                        texts.insert(text.clone()),
                        "{name}: two actions read {text:?}"
                    );
                    let long = view.describe(action).to_string();
                    assert_eq!(long.parse::<Action>(), Ok(action), "{name}: {long:?}");
                    assert!(described.insert(long.clone()), "{name}: twice {long:?}");
                    assert_words(&long, &name);
                    checked += 1;
                }
            }
        }
    }
    println!("{checked} legal actions in {decisions} decisions round-tripped");
    assert!(checked > 10_000, "only {checked} actions checked");
}

/// Every action with a valid card, player or Family.
fn all_actions() -> Vec<Action> {
    let cards: Vec<Card> = Family::ALL.into_iter().flat_map(Card::of).collect();
    let mut all = vec![
        Action::Keep,
        Action::DismissTop,
        Action::Pass,
        Action::Pick(FaceDown::First),
        Action::Pick(FaceDown::Second),
        Action::LeaveUnpaired,
    ];
    for &c in &cards {
        all.extend([
            Action::Dismiss(c),
            Action::Place(c),
            Action::Target(c),
            Action::Respond(c),
            Action::Pair(c),
        ]);
    }
    all.extend((0..5).map(|p| Action::TargetPlayer(Player(p))));
    all.extend(Family::ALL.map(Action::ScoreAs));
    all
}

#[test]
fn the_whole_action_space_round_trips_in_any_case_and_spacing() {
    let all = all_actions();
    assert_eq!(all.len(), 6 + 5 * 22 * 9 + 5 + 22);
    let mut texts = HashSet::new();
    for &action in &all {
        let text = action.to_string();
        assert!(texts.insert(text.clone()), "two actions read {text:?}");
        assert_words(&text, "action");
        assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
        let shouted = text.to_uppercase();
        assert_eq!(shouted.parse::<Action>(), Ok(action), "{shouted:?}");
        let spaced = format!("  {}\t", text.replace(' ', "   "));
        assert_eq!(spaced.parse::<Action>(), Ok(action), "{spaced:?}");
    }
}

#[test]
fn short_forms_parse() {
    let card = |name: &str| Card::parse(name).expect("a card name");
    for (text, action) in [
        ("keep", Action::Keep),
        ("dismiss top", Action::DismissTop),
        ("first", Action::Pick(FaceDown::First)),
        ("second", Action::Pick(FaceDown::Second)),
        ("pair noble 4'", Action::Pair(card("Noble 4'"))),
        ("unpaired", Action::LeaveUnpaired),
        ("score as noble", Action::ScoreAs(Family::Noble)),
        ("choose obsfuscate 2", Action::Target(card("Obfuscate 2"))),
        (
            "choose Dispel 3' (in player 2's Alliance)",
            Action::Target(card("Dispel 3'")),
        ),
    ] {
        assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
    }
}

#[test]
fn parse_errors_say_what_is_wrong() {
    use ParseActionError as E;
    use fairy_ring::fickle::{Expected, ParseError as Name};
    let noble = Family::Noble;
    for (text, error, words) in [
        ("", E::Empty, "no action given"),
        ("   ", E::Empty, "no action given"),
        (
            "fly",
            E::UnknownWord {
                at: 0,
                expected: Expected::Action,
            },
            "an action starts with dismiss, place, keep, choose, use, pass, take, first, second, pair, leave, unpaired or score",
        ),
        (
            "choose",
            E::Incomplete {
                at: 6,
                expected: Expected::Card,
            },
            "the action stops too soon: name a card, like \"Noble 4\" or \"Pariah -2\"",
        ),
        (
            "choose Noble",
            E::Incomplete {
                at: 12,
                expected: Expected::Card,
            },
            "the action stops too soon: name a card, like \"Noble 4\" or \"Pariah -2\"",
        ),
        (
            "choose Goblin 4",
            E::Card {
                at: 7,
                error: Name::Family,
            },
            "not a card name: not the name of a Fickle Family",
        ),
        (
            "place Noble 6",
            E::Card {
                at: 6,
                error: Name::NoCard {
                    family: noble,
                    favor: 6,
                },
            },
            "not a card name: there is no Noble 6: a Noble's Favor is 1 to 5",
        ),
        (
            "place Pariah 2",
            E::Card {
                at: 6,
                error: Name::NoCard {
                    family: Family::Pariah,
                    favor: 2,
                },
            },
            "not a card name: there is no Pariah 2: a Pariah's Favor is -1 to -5",
        ),
        (
            "place Noble 99999999999999",
            E::Card {
                at: 6,
                error: Name::NoCard {
                    family: noble,
                    favor: 99999999999999,
                },
            },
            "not a card name: there is no Noble 99999999999999: a Noble's Favor is 1 to 5",
        ),
        (
            "use Noble 5'",
            E::Card {
                at: 4,
                error: Name::Prime {
                    family: noble,
                    favor: 5,
                },
            },
            "not a card name: there is only one Noble 5, so no Noble 5': a prime (') marks the second of a Family's two cards of the same Favor, and only Favor 1 to 4 come in twos",
        ),
        (
            "use Noble 4''",
            E::Card {
                at: 4,
                error: Name::Format,
            },
            "not a card name: a card is named by its Family and Favor, like \"Noble 4\", with a prime (') for the second card of that Favor: \"Noble 4'\"",
        ),
        (
            "choose player 0",
            E::NoSuchPlayer {
                at: 14,
                number: Numeral::from(0),
            },
            "there is no player 0: players are numbered from 1",
        ),
        (
            "choose player 300",
            E::NoSuchPlayer {
                at: 14,
                number: Numeral::from(300),
            },
            "there is no player 300",
        ),
        (
            "choose player 18446744073709551615",
            E::NoSuchPlayer {
                at: 14,
                number: Numeral::parse("18446744073709551615").expect("digits"),
            },
            "there is no player 18446744073709551615",
        ),
        (
            "choose player 99999999999999999999999",
            E::NoSuchPlayer {
                at: 14,
                number: Numeral::parse("99999999999999999999999").expect("digits"),
            },
            "there is no player 99999999999999999999999",
        ),
        (
            "choose player two",
            E::PlayerNumber { at: 14 },
            "not a player number: write the player's number, like \"choose player 2\"",
        ),
        (
            "score as Goblin",
            E::Family { at: 9 },
            "not the name of a Fickle Family: write it like \"score the Illusion as Noble\"",
        ),
        (
            "keep the top card now",
            E::TrailingText { at: 18 },
            "more words after a complete action",
        ),
        (
            "keep the bottom card",
            E::UnknownWord {
                at: 9,
                expected: Expected::TopCard,
            },
            "not the words of an action: write \"keep the top card\" or \"dismiss the top card\"",
        ),
        (
            "take the third face-down Fairy",
            E::UnknownWord {
                at: 9,
                expected: Expected::FaceDown,
            },
            "not the words of an action: write \"take the first face-down Fairy\" or \"take the second face-down Fairy\"",
        ),
        (
            "pair the Fool with Noble 4",
            E::UnknownWord {
                at: 9,
                expected: Expected::Familiar,
            },
            "not the words of an action: write \"pair the Familiar with\" a card, like \"pair the Familiar with Noble 4\", or \"leave the Familiar unpaired\"",
        ),
        (
            "score the Illusion",
            E::Incomplete {
                at: 18,
                expected: Expected::Illusion,
            },
            "the action stops too soon: write \"score the Illusion as\" a Family, like \"score the Illusion as Noble\"",
        ),
    ] {
        assert_eq!(text.parse::<Action>(), Err(error), "{text:?}");
        assert_eq!(error.to_string(), words, "{text:?}");
        assert_words(&error.to_string(), text);
        assert_plain(&error.to_string());
    }
}

/// Panics if an error text a person reads shows a byte offset or a Rust name.
fn assert_plain(text: &str) {
    for rust in ["byte", "position", "`", "::", "parse_", "Err", "Ok("] {
        assert!(!text.contains(rust), "{rust:?} in {text:?}");
    }
}

/// A 3-player game at its opening deal.
fn three_player_game() -> State {
    State::new(
        &Config::new(3).expect("3 players"),
        &mut ChaCha8Rng::seed_from_u64(1),
    )
    .expect("a game")
}

/// A 3-player table: the first seat's view.
fn three_player_view() -> fairy_ring::fickle::View {
    three_player_game().view_for(Seat::Player(Player(0)))
}

/// In a seat's context a player number speaks of that table.
#[test]
fn read_in_a_view_players_are_numbered_from_1_to_the_table_size() {
    use ParseActionError as E;
    let view = three_player_view();
    for (text, error, words) in [
        (
            "choose player 9",
            E::NotAtTable {
                at: 14,
                number: Numeral::from(9),
                players: 3,
            },
            "there is no player 9 at this table: players are numbered 1 to 3",
        ),
        (
            "choose player 4",
            E::NotAtTable {
                at: 14,
                number: Numeral::from(4),
                players: 3,
            },
            "there is no player 4 at this table: players are numbered 1 to 3",
        ),
        (
            "choose player 0",
            E::NotAtTable {
                at: 14,
                number: Numeral::from(0),
                players: 3,
            },
            "there is no player 0 at this table: players are numbered 1 to 3",
        ),
        (
            "choose player 4000",
            E::NotAtTable {
                at: 14,
                number: Numeral::from(4000),
                players: 3,
            },
            "there is no player 4000 at this table: players are numbered 1 to 3",
        ),
    ] {
        assert_eq!(State::read_action(&view, text), Err(error), "{text:?}");
        assert_eq!(error.to_string(), words);
        assert_plain(&error.to_string());
    }
    // Without a table, "player 9" is a player (seats go up to 256).
    assert_eq!(
        "choose player 9".parse(),
        Ok(Action::TargetPlayer(Player(8)))
    );
    for n in 1..=3u8 {
        assert_eq!(
            State::read_action(&view, &format!("choose player {n}")),
            Ok(Action::TargetPlayer(Player(n - 1)))
        );
    }
    // A seat's text read against its decision gives the same reason.
    let decision = three_player_game().decision(Player(0));
    let error = decision.read("choose player 9").expect_err("no player 9");
    assert_eq!(
        error.to_string(),
        "there is no player 9 at this table: players are numbered 1 to 3"
    );
}

/// In a seat's context a card of a Family the game does not use is named
/// as such, with the game's Families.
#[test]
fn read_in_a_view_a_card_of_another_family_names_the_games_families() {
    let view = three_player_view();
    let error = State::read_action(&view, "choose Mimic 3").expect_err("no Mimic");
    assert_eq!(
        error,
        ParseActionError::NotInGame {
            at: 7,
            family: Family::Mimic,
            families: view.families
        }
    );
    assert_eq!(
        error.to_string(),
        "Mimic is not in this game: its Families are Noble, Coerce, Give, Dispel and Share"
    );
    assert_eq!(
        State::read_action(&view, "choose Noble 3"),
        "choose Noble 3".parse()
    );
    // Outside a table, the card is a card.
    assert!("choose Mimic 3".parse::<Action>().is_ok());
}

/// Words the notation uses, to build near-miss texts.
const VOCABULARY: &[&str] = &[
    "keep",
    "dismiss",
    "the",
    "top",
    "card",
    "place",
    "choose",
    "player",
    "use",
    "pass",
    "take",
    "first",
    "second",
    "face-down",
    "Fairy",
    "pair",
    "Familiar",
    "with",
    "leave",
    "unpaired",
    "score",
    "Illusion",
    "as",
    "Noble",
    "Pariah",
    "Obsfuscate",
    "4",
    "4'",
    "5'",
    "-2",
    "0",
    "9",
    "1",
    "(",
    ")",
    "(in",
    "Alliance)",
    "é",
    "",
];

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2000))]

    #[test]
    fn any_text_fails_or_round_trips(text in ".{0,40}") {
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
    }

    #[test]
    fn near_miss_texts_fail_or_round_trip(words in prop::collection::vec(0..VOCABULARY.len(), 0..7)) {
        let text: Vec<&str> = words.iter().map(|&i| VOCABULARY[i]).collect();
        let text = text.join(" ");
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
    }
}

// ---------------------------------------------------------------------------
// Events and views.

#[test]
fn every_event_and_view_reads_in_words_for_every_seat() {
    let mut events = 0;
    let mut views = 0;
    for (name, steps) in games() {
        let players = usize::from(steps[0].before.config().players);
        for step in &steps {
            for seat in seats(players) {
                for event in &step.events {
                    let text = event.redacted(seat).to_string();
                    assert_words(&text, &name);
                    assert!(!text.contains('\n'), "{name}: {text:?} is not one line");
                    events += 1;
                }
                let view = step.before.view_for(seat).to_string();
                assert_words(&view, &name);
                views += 1;
            }
        }
    }
    println!("{events} events and {views} views read in words");
    assert!(events > 10_000);
}

#[test]
fn a_seat_sees_its_top_card_and_its_hand_shrink() {
    let config = Config::new(3).expect("3 players");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut state = State::new(&config, &mut rng).expect("valid config");
    let me = Player(0);
    let mut saw_place = false;
    let mut saw_top = false;
    while !state.is_over() && state.round() < 2 {
        let view = state.view_for(Seat::Player(me));
        let text = view.to_string();
        let legal = state.legal_actions(me);
        if let Some(&Action::Place(card)) = legal.first() {
            saw_place = true;
            let placed = usize::from(view.players[0].placed);
            let rest = text
                .split("still to place: ")
                .nth(1)
                .expect("the hand left to place is shown");
            let shown = rest.lines().next().unwrap_or("").split(", ").count();
            assert_eq!(shown, 3 - placed, "{text}");
            assert!(rest.contains(&card.to_string()), "{text}");
        }
        if legal.contains(&Action::Keep) {
            saw_top = true;
            let p = &view.players[0];
            let top = p.lineup[usize::from(p.cursor)].expect("the seat saw its top card");
            assert!(
                text.contains(&format!("top card of your stack: {top}")),
                "{text}"
            );
        }
        let player = state.to_act().lowest().expect("someone acts");
        let action = RandomBot
            .choose(&state.decision(player), &mut rng)
            .expect("a legal action");
        state.apply(player, action, &mut rng).expect("legal");
    }
    assert!(saw_place && saw_top);
}

#[test]
fn favor_in_views_comes_from_the_game_table() {
    let mut table = FavorTable::default();
    let give1 = Card::parse("Give 1").expect("a card");
    table.set(give1, 2);
    let config = Config::new(3).expect("3 players").with_favor(table);
    let state = PositionBuilder::new(config)
        .alliance(Player(1), [give1])
        .build()
        .expect("a position");
    let view = state.view_for(Seat::Spectator);
    assert_eq!(view.favor.favor(give1), 2);
    let text = view.to_string();
    assert!(text.contains("Give 1 (Favor 2)"), "{text}");
    assert!(text.contains("Favor now 2"), "{text}");
}

// ---------------------------------------------------------------------------
// Pinned texts.

#[test]
fn pinned_action_texts() {
    let card = |name: &str| Card::parse(name).expect("a card name");
    for (action, text) in [
        (Action::Dismiss(card("Noble 4")), "dismiss Noble 4"),
        (Action::Place(card("Give 2'")), "place Give 2'"),
        (Action::Keep, "keep the top card"),
        (Action::DismissTop, "dismiss the top card"),
        (Action::Target(card("Dispel 3'")), "choose Dispel 3'"),
        (Action::TargetPlayer(Player(1)), "choose player 2"),
        (Action::Respond(card("Deflect 1")), "use Deflect 1"),
        (Action::Pass, "pass"),
        (
            Action::Pick(FaceDown::Second),
            "take the second face-down Fairy",
        ),
        (
            Action::Pair(card("Pariah -2")),
            "pair the Familiar with Pariah -2",
        ),
        (Action::LeaveUnpaired, "leave the Familiar unpaired"),
        (
            Action::ScoreAs(Family::Noble),
            "score the Illusion as Noble",
        ),
    ] {
        assert_eq!(action.to_string(), text);
    }
}

#[test]
fn pinned_event_texts() {
    let card = |name: &str| Card::parse(name).expect("a card name");
    let noble4 = card("Noble 4");
    let moved = Event::Moved {
        card: Some(noble4),
        from: Zone::Alliance(Player(0)),
        to: Zone::Dismiss,
        knows: Some(fairy_ring::PlayerSet::only(Player(0))),
    };
    assert_eq!(
        moved.to_string(),
        "Noble 4 moved from player 1's Alliance to the Dismiss pile"
    );
    assert_eq!(
        moved.redacted(Seat::Player(Player(1))).to_string(),
        "a card moved from player 1's Alliance to the Dismiss pile"
    );
    assert_eq!(
        Event::Reshuffled { cards: 1 }.to_string(),
        "the Dismiss pile was shuffled to become the Fairy Deck (1 card)"
    );
    assert_eq!(
        Event::GameOver { winner: Player(2) }.to_string(),
        "player 3 wins the Queen's Crown"
    );
    assert_eq!(
        Event::Revealed {
            player: Player(1),
            card: card("Deflect 2"),
            active: true
        }
        .to_string(),
        "player 2 reveals Deflect 2; its Power stays Active"
    );
    assert_eq!(
        Event::PowerUsed {
            player: Player(0),
            card: card("Mimic 3"),
            power: Family::Dispel
        }
        .to_string(),
        "player 1 uses the Dispel Power with Mimic 3"
    );
}

#[test]
fn pinned_view_of_a_dispel_target() {
    let config = Config::new(3).expect("3 players");
    let (state, _) = PositionBuilder::new(config)
        .alliance(Player(0), ["Noble 4", "Dispel 3'"])
        .alliance(Player(1), ["Dispel 3", "Give 2"])
        .alliance(Player(2), ["Share 1"])
        .kept(Player(0), "Dispel 5")
        .reveal(&mut ChaCha8Rng::seed_from_u64(1))
        .expect("a position");
    let view = state.view_for(Seat::Player(Player(0)));
    let text = view.to_string();
    assert!(
        text.contains(
            "Fairy Powers: player 1 resolves Dispel 5\n  player 1 chooses the target\n  \
             Dispel (Direct): put a Fairy from any Alliance (this one included) into the Dismiss pile"
        ),
        "{text}"
    );
    let legal = state.legal_actions(Player(0));
    let menu: Vec<String> = legal
        .iter()
        .map(|&a| view.describe(a).to_string())
        .collect();
    assert!(
        menu.contains(&"choose Dispel 3 (in player 2's Alliance)".to_string()),
        "{menu:?}"
    );
    assert!(
        menu.contains(&"choose Dispel 3' (in your Alliance)".to_string()),
        "{menu:?}"
    );
}

#[test]
fn violations_and_setup_errors_read_in_words() {
    let card = Card::parse("Noble 4").expect("a card");
    for text in [
        Violation::WrongDecision.to_string(),
        Violation::NotInHand(card).to_string(),
        Violation::NotATarget(fairy_ring::fickle::Target::Player(Player(3))).to_string(),
        SetupError::PlayerCount(1).to_string(),
        SetupError::AreaCount {
            areas: 1,
            players: 3,
        }
        .to_string(),
        SetupError::Seat(Player(6)).to_string(),
        SetupError::LastCard(Player(0)).to_string(),
    ] {
        assert_words(&text, "error");
    }
    assert_eq!(
        SetupError::PlayerCount(1).to_string(),
        "1 player cannot play Fickle (3 to 5)"
    );
}

#[test]
fn pinned_whole_view() {
    let config = Config::new(3).expect("3 players");
    let (state, _) = PositionBuilder::new(config)
        .alliance(Player(0), ["Noble 4", "Dispel 3'"])
        .alliance(Player(1), ["Dispel 3", "Give 2"])
        .alliance(Player(2), ["Share 1"])
        .kept(Player(0), "Dispel 5")
        .reveal(&mut ChaCha8Rng::seed_from_u64(1))
        .expect("a position");
    let text = state.view_for(Seat::Player(Player(1))).to_string();
    assert_eq!(
        text,
        "Fickle, round 1 of 5, play to the Left; Court Crier: player 1; you are player 2\n\
         Families: Noble, Coerce, Give, Dispel and Share\n\
         Fairy Deck: 37 cards; Dismiss pile: 2 cards\n\
         player 1: Alliance Noble 4, Dispel 3', Dispel 5; Favor now 4\n\
         player 2 (you): Alliance Dispel 3, Give 2; Favor now 5\n\
         player 3: Alliance Share 1; Favor now 1\n\
         Fairy Powers: player 1 resolves Dispel 5\n  \
         player 1 chooses the target\n  \
         Dispel (Direct): put a Fairy from any Alliance (this one included) into the Dismiss pile\n\
         To act: player 1\n\
         A prime (') after a card's number marks the second of a Family's two cards with that number: 3' is the second card numbered 3"
    );
}

/// The prime is explained where a view shows one (Pariah's too), and
/// only there.
#[test]
fn a_view_explains_the_prime_only_when_it_shows_one() {
    let note = "A prime (') after a card's number marks the second";
    let view = |alliance: [&str; 2]| {
        PositionBuilder::new(
            Config::with_families(
                3,
                [
                    Family::Noble,
                    Family::Pariah,
                    Family::Give,
                    Family::Dispel,
                    Family::Share,
                ],
            )
            .expect("a config"),
        )
        .alliance(Player(1), alliance)
        .build()
        .expect("a position")
        .view_for(Seat::Spectator)
        .to_string()
    };
    let plain = view(["Noble 4", "Give 2"]);
    assert!(!plain.contains(note), "{plain}");
    let primed = view(["Noble 4", "Pariah -2'"]);
    assert!(
        primed.ends_with(&format!(
            "{note} of a Family's two cards with that number: -2' is the second card numbered -2"
        )),
        "{primed}"
    );
}

/// A seat's words read as typed on any keyboard: a typographic apostrophe
/// or a prime mark is a card's prime, as the straight one is. And at a
/// table, the Illusion scores only as a Family of the game.
#[test]
fn primes_of_any_keyboard_and_the_illusion_s_families() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let state = State::new(&Config::new(3).expect("3 players"), &mut rng).expect("a game");
    let view = state.view_for(Seat::Player(Player(0)));
    let used = view.families[0];
    let second = Card::parse(&format!("{used} 3'")).expect("a second copy");
    for prime in ['\'', '\u{2019}', '\u{2032}'] {
        let text = format!("choose {used} 3{prime}");
        assert_eq!(view.read(&text), Ok(Action::Target(second)), "{text:?}");
        assert_eq!(
            text.parse::<Action>(),
            Ok(Action::Target(second)),
            "{text:?}"
        );
    }
    let unused = Family::ALL
        .into_iter()
        .find(|family| !view.families.contains(family))
        .expect("a game uses 5 of the Families");
    let text = format!("score the Illusion as {unused}");
    assert!(
        matches!(
            view.read(&text),
            Err(ParseActionError::NotInGame { family, .. }) if family == unused
        ),
        "{text:?}"
    );
    // The bare notation knows no table.
    assert_eq!(text.parse::<Action>(), Ok(Action::ScoreAs(unused)));
    assert_eq!(
        view.read(&format!("score the Illusion as {used}")),
        Ok(Action::ScoreAs(used))
    );
}
