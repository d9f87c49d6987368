//! Fairy Season in words: `Display` for actions, events, phases, views and
//! errors, and the action notation that parses back what `Display` prints.

use crate::season_support;

use std::collections::HashSet;

use fairy_ring::Numeral;
use fairy_ring::season::{
    Ability, Action, Card, CardKind, Config, Direction, Event, Goblin, GoblinEffect,
    ParseActionError, ParseCardError, Phase, SetupError, State, View, Violation,
};
use fairy_ring::{ActionInView, Bot, Game, Player, PlayerSet, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;
use season_support::{act, c, play, rng};

type Result<T = ()> = core::result::Result<T, Box<dyn std::error::Error>>;

/// Every seat of a `players`-player game and the spectator.
fn seats(players: usize) -> Vec<Seat> {
    (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect()
}

/// One step of a random game: the state before and what happened.
struct Step {
    before: State,
    events: Vec<Event>,
}

/// Plays one random game to its end and returns every step (the last one is
/// the final state, with no events).
fn random_game(players: usize, seed: u64) -> Vec<Step> {
    let config = Config::new(players).expect("3 to 5 players");
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(&config, &mut rng).expect("valid config");
    let mut steps = Vec::new();
    let mut bot = RandomBot;
    while !state.is_over() {
        // While passing, several players choose: pick one by the step.
        let to_act: Vec<Player> = state.to_act().iter().collect();
        let player = to_act[(seed as usize + steps.len()) % to_act.len()];
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

/// The games the tests read: 3, 4 and 5 players, several seeds.
fn games() -> impl Iterator<Item = (usize, u64, Vec<Step>)> {
    [3, 4, 5].into_iter().flat_map(|players| {
        (0..6).map(move |seed| {
            let seed = seed * 97 + players as u64;
            (players, seed, random_game(players, seed))
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
        "Seat",
        "Spectator",
        "{",
        "}",
        "[",
        "]",
    ] {
        assert!(!text.contains(debug), "{what}: {debug:?} in {text:?}");
    }
    // No CamelCase word (`RoyalWindow`, `SwarmWon`, `BonusDraw`...): a
    // capital letter only starts a word.
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let inner_capital = word.chars().skip(1).any(|c| c.is_uppercase());
        assert!(!inner_capital, "{what}: CamelCase {word:?} in {text:?}");
    }
    // Plurals: never "1 cards", "1 points"...
    let padded = format!(" {text}");
    for noun in [
        "cards",
        "more cards",
        "points",
        "Royals",
        "Stashes",
        "players",
        "lists",
    ] {
        assert!(
            !padded.contains(&format!(" 1 {noun}")),
            "{what}: plural after 1 in {text:?}"
        );
    }
    assert!(!text.trim().is_empty(), "{what}: empty text");
}

/// Every action the notation can express: plays, stashes and gifts of every
/// card, every target seat, both directions and the plain words.
fn action_space() -> Vec<Action> {
    let mut all = vec![
        Action::Flunk,
        Action::Pass,
        Action::BonusDraw,
        Action::SkipBonus,
    ];
    for card in Card::all() {
        all.extend([Action::Play(card), Action::Stash(card), Action::Give(card)]);
    }
    for seat in 0..=u8::MAX {
        let p = Player(seat);
        all.extend([
            Action::RobFrom(p),
            Action::StealFrom(p),
            Action::SwapWith(p),
        ]);
    }
    all.extend(Direction::ALL.map(Action::PassTo));
    all
}

// ---------------------------------------------------------------------------
// The notation.

#[test]
fn every_legal_action_of_random_games_round_trips_and_reads_uniquely() {
    let mut checked = 0;
    let mut copies_apart = 0;
    for (players, seed, steps) in games() {
        for step in &steps {
            for player in (0..players as u8).map(Player) {
                let legal = step.before.legal_actions(player);
                let mut texts = HashSet::new();
                let mut kinds = HashSet::new();
                for &action in &legal {
                    let text = action.to_string();
                    assert_eq!(
                        text.parse::<Action>(),
                        Ok(action),
                        "{players} players, seed {seed}: {text:?}"
                    );
                    assert_words(&text, &format!("{players} players, seed {seed}"));
                    assert!(
                        texts.insert(text.to_lowercase()),
                        "{players} players, seed {seed}: two actions read {text:?}"
                    );
                    if let Action::Play(card) | Action::Stash(card) | Action::Give(card) = action
                        && !kinds.insert((core::mem::discriminant(&action), card.kind()))
                    {
                        copies_apart += 1;
                    }
                    checked += 1;
                }
            }
        }
    }
    eprintln!("{checked} legal actions round-tripped; {copies_apart} times two copies were apart");
    assert!(checked > 5_000, "only {checked} actions checked");
    assert!(copies_apart > 0, "no hand held two copies of a card");
}

#[test]
fn both_copies_in_one_hand_are_two_actions_with_two_texts() -> Result {
    let state = State::builder(3)
        .deal(5)
        .hand(
            Player(0),
            ["Spring 3", "Spring 3 #2", "Trap", "Trap #4", "King"],
        )
        .build()?;
    let legal: Vec<String> = state
        .legal_actions(Player(0))
        .iter()
        .map(Action::to_string)
        .collect();
    assert_eq!(
        legal,
        [
            "play Spring 3 #1",
            "play Spring 3 #2",
            "play Trap #1",
            "play Trap #4",
            "play King",
        ]
    );
    Ok(())
}

#[test]
fn the_whole_action_space_round_trips_in_every_spelling() {
    let all = action_space();
    assert_eq!(all.len(), 4 + 90 * 3 + 256 * 3 + 2);
    let mut texts = HashSet::new();
    for action in all {
        let text = action.to_string();
        assert!(texts.insert(text.to_lowercase()), "{text:?} twice");
        for spelling in [
            text.clone(),
            text.to_uppercase(),
            text.to_lowercase(),
            format!("  {}\t", text.replace(' ', " \n  ")),
        ] {
            assert_eq!(spelling.parse::<Action>(), Ok(action), "{spelling:?}");
        }
    }
}

#[test]
fn short_forms_read_as_documented() -> Result {
    let cases = [
        ("play spring 3", Action::Play(c("Spring 3 #1"))),
        ("play 3 spring #2", Action::Play(c("Spring 3 #2"))),
        ("PLAY robber", Action::Play(c("Robber Goblin"))),
        ("stash winter 8 #2", Action::Stash(c("Winter 8 #2"))),
        ("give trap #6", Action::Give(c("Trap #6"))),
        ("draw", Action::BonusDraw),
        ("draw bonus", Action::BonusDraw),
        ("skip", Action::SkipBonus),
        ("skip bonus", Action::SkipBonus),
        ("rob player 2", Action::RobFrom(Player(1))),
        ("rob 2", Action::RobFrom(Player(1))),
        ("steal 3", Action::StealFrom(Player(2))),
        ("steal from 3", Action::StealFrom(Player(2))),
        ("swap 1", Action::SwapWith(Player(0))),
        ("swap with player 4", Action::SwapWith(Player(3))),
        ("pass left", Action::PassTo(Direction::Left)),
        ("RIGHT", Action::PassTo(Direction::Right)),
        (" pass ", Action::Pass),
    ];
    for (text, action) in cases {
        assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
    }
    Ok(())
}

#[test]
fn wrong_texts_say_what_is_wrong() {
    let cases: [(&str, ParseActionError); 14] = [
        ("", ParseActionError::Empty),
        (" \t ", ParseActionError::Empty),
        ("hop", ParseActionError::UnknownWord { at: 0 }),
        (
            "play",
            ParseActionError::Expected {
                at: 4,
                expected: "a card",
            },
        ),
        (
            "play Spring 9",
            ParseActionError::Card {
                at: 5,
                error: ParseCardError::NoSuchNumber {
                    season: fairy_ring::season::Season::Spring,
                },
            },
        ),
        (
            "play King #2",
            ParseActionError::Card {
                at: 5,
                error: ParseCardError::NoSuchCopy {
                    kind: CardKind::Royal(fairy_ring::season::Royal::King),
                    number: Numeral::from(2),
                },
            },
        ),
        (
            "give Mushroom",
            ParseActionError::Card {
                at: 5,
                error: ParseCardError::Unknown,
            },
        ),
        ("steal from", ParseActionError::NotAPlayer { at: 10 }),
        (
            "steal from player x",
            ParseActionError::NotAPlayer { at: 11 },
        ),
        (
            "rob player 0",
            ParseActionError::PlayerOutOfRange {
                number: Numeral::from(0),
            },
        ),
        (
            "swap player 257",
            ParseActionError::PlayerOutOfRange {
                number: Numeral::from(257),
            },
        ),
        ("pass cards up", ParseActionError::NotADirection { at: 11 }),
        ("flunk now", ParseActionError::TrailingText { at: 6 }),
        (
            "rob the player 2",
            ParseActionError::Expected {
                at: 8,
                expected: "stash",
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<Action>(), Err(error), "{text:?}");
    }
    assert_eq!(
        "pass now".parse::<Action>(),
        Err(ParseActionError::TrailingText { at: 5 })
    );
    fn is_error<E: std::error::Error + Clone + Eq + Send + Sync + 'static>(_: &E) {}
    is_error(&ParseActionError::Empty);
}

/// Before a card is played, the seat's words for the play tell what it
/// does, from the table's card data (which a config may change); the words
/// read back through `Decision::read`, and so do the notation and a bare
/// card name.
#[test]
fn a_play_tells_what_the_card_does_before_it_is_played() -> Result {
    let hand = [
        "Spring 3",
        "Autumn 2",
        "Winter 8 #2",
        "Greedy Goblin",
        "Robber Goblin #2",
        "Trap",
        "King",
    ];
    let words_of = |state: &State| {
        let decision = state.decision(Player(0));
        let words: Vec<String> = decision
            .legal
            .iter()
            .map(|action| ActionInView::<State>::new(&decision.view, action).to_string())
            .collect();
        for (action, text) in decision.legal.iter().zip(&words) {
            assert_eq!(decision.read(text), Ok(*action), "{text:?}");
            assert_eq!(decision.read(&action.to_string()), Ok(*action), "{action}");
        }
        words
    };
    let state = State::builder(3).deal(5).hand(Player(0), hand).build()?;
    assert_eq!(
        words_of(&state),
        [
            "play Spring 3 #1 (ability: draws 2 cards)",
            "play Autumn 2 #1 (ability: draws 1 card, then stashes 1 card from hand)",
            "play Winter 8 #2 (ability: stashes 2 cards from hand)",
            "play Greedy Goblin #1 (Goblin: takes the top 2 Fairies of the Swarm as points)",
            "play Robber Goblin #2 (Goblin: plays the top card of any points pile onto the Swarm, if it is a Season Fairy that may follow)",
            "play Trap #1",
            "play King",
        ]
    );
    let decision = state.decision(Player(0));
    assert_eq!(
        decision.read("Winter 8"),
        Ok(Action::Play(c("Winter 8 #2")))
    );
    assert_eq!(
        decision.read("robber"),
        Ok(Action::Play(c("Robber Goblin #2")))
    );
    // Other card data, other words.
    let cards = fairy_ring::season::CardSet::default()
        .with_ability(fairy_ring::season::Season::Spring, 3, Ability::new(0, 0))?
        .with_ability(fairy_ring::season::Season::Autumn, 2, Ability::new(0, 3))?
        .with_goblin(Goblin::Greedy, GoblinEffect::GrabFromSwarm(1))
        .with_goblin(Goblin::Robber, GoblinEffect::SwapHands);
    let state = State::builder(3)
        .deal(5)
        .cards(cards)
        .hand(Player(0), hand)
        .build()?;
    let words = words_of(&state);
    assert_eq!(
        words.get(..5),
        Some(
            &[
                "play Spring 3 #1 (ability: does nothing)".to_string(),
                "play Autumn 2 #1 (ability: stashes 3 cards from hand)".into(),
                "play Winter 8 #2 (ability: stashes 2 cards from hand)".into(),
                "play Greedy Goblin #1 (Goblin: takes the top Fairy of the Swarm as points)".into(),
                "play Robber Goblin #2 (Goblin: swaps hands with a rival)".into(),
            ][..]
        )
    );
    Ok(())
}

/// With any card data (arbitrary configs), every choice's words read back
/// through `Decision::read`, all along random games.
#[test]
fn every_choice_reads_back_with_any_card_data() {
    use fairy_ring::arbitrary::{Arbitrary, Unstructured};
    use rand_core::Rng;
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    let (mut custom, mut read) = (0, 0);
    for _ in 0..30 {
        let mut data = vec![0u8; 64];
        rng.fill_bytes(&mut data);
        let config = Config::arbitrary(&mut Unstructured::new(&data)).expect("a config");
        custom += usize::from(config.cards != fairy_ring::season::CardSet::default());
        let mut state = State::new(&config, &mut rng).expect("a valid config");
        for _ in 0..120 {
            let Some(player) = state.to_act().iter().next() else {
                break;
            };
            let decision = state.decision(player);
            for action in &decision.legal {
                let words = ActionInView::<State>::new(&decision.view, action).to_string();
                assert_eq!(decision.read(&words), Ok(*action), "{words:?}");
                read += 1;
            }
            let action = RandomBot
                .choose(&decision, &mut rng)
                .expect("a legal action");
            state.apply(player, action, &mut rng).expect("legal");
        }
    }
    assert!(custom > 5 && read > 5_000, "{custom} {read}");
}

/// A verb of the notation typed alone, where no action of that verb is a
/// choice, is not read as the play of the one card whose words hold it
/// ("stash" is not "play Hoarder Goblin #1 (Goblin: ...)").
#[test]
fn a_verb_alone_is_not_read_as_a_play_whose_words_hold_it() -> Result {
    let cards = ["Spring 1", "Autumn 1", "Winter 8"]
        .into_iter()
        .map(String::from)
        .chain(Goblin::ALL.iter().map(|g| format!("{g} Goblin")));
    for card in cards {
        let state = State::builder(3)
            .deal(5)
            .hand(Player(0), [card.as_str()])
            .build()?;
        let decision = state.decision(Player(0));
        for verb in [
            "draw", "stash", "swap", "steal", "rob", "give", "skip", "pass", "left", "right",
        ] {
            assert!(
                decision.read(verb).is_err(),
                "{verb:?} read as {:?} with {card} in hand",
                decision.read(verb)
            );
        }
    }
    Ok(())
}

/// A view carries the table's card data: its Debug shows it only when it is
/// not the default, and a view serialized before it had the field reads
/// back with the default.
#[test]
fn a_view_carries_the_card_data() -> Result {
    let cards =
        fairy_ring::season::CardSet::default().with_goblin(Goblin::Robber, GoblinEffect::SwapHands);
    let custom = State::builder(3).deal(5).cards(cards).build()?;
    let view = custom.view_for(Seat::Player(Player(0)));
    assert_eq!(view.cards, cards);
    assert!(format!("{view:?}").contains("cards: CardSet"));
    let plain = State::builder(3).deal(5).build()?.view_for(Seat::Spectator);
    assert!(!format!("{plain:?}").contains("cards"));
    let mut json: serde_json::Value = serde_json::to_value(&plain)?;
    json.as_object_mut().map(|fields| fields.remove("cards"));
    assert_eq!(serde_json::from_value::<View>(json)?, plain);
    Ok(())
}

/// Every Goblin effect and ability in words.
#[test]
fn goblin_effects_and_abilities_in_words() {
    let cases = [
        (GoblinEffect::Draw(1), "draws 1 card"),
        (GoblinEffect::StashFromHand(2), "stashes 2 cards from hand"),
        (
            GoblinEffect::GrabFromSwarm(3),
            "takes the top 3 Fairies of the Swarm as points",
        ),
        (
            GoblinEffect::StealFromStash(1),
            "steals the top card of a rival's points pile",
        ),
        (
            GoblinEffect::StealFromStash(2),
            "steals the top 2 cards of a rival's points pile",
        ),
        // Custom data may name no card: the Goblin does nothing (the engine
        // ends the turn without asking for a rival or a side).
        (GoblinEffect::Draw(0), "does nothing"),
        (GoblinEffect::StealFromStash(0), "does nothing"),
        (GoblinEffect::PassAround(0), "does nothing"),
        (
            GoblinEffect::PassAround(1),
            "everyone passes 1 card to a side you choose",
        ),
    ];
    for (effect, words) in cases {
        assert_eq!(effect.to_string(), words);
    }
    assert_eq!(Ability::new(3, 0).to_string(), "draws 3 cards");
    assert_eq!(Ability::new(0, 1).to_string(), "stashes 1 card from hand");
}

/// Read at a table, a player number past its seats is an error naming
/// them, however the number was written; the notation alone knows no table.
#[test]
fn a_player_past_the_table_is_told_the_seats() -> Result {
    let state = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Spring 3", "Trickster Goblin"])
        .hand(Player(0), ["Sneaky Goblin"])
        .phase(Phase::Swapping { player: Player(0) })
        .build()?;
    let decision = state.decision(Player(0));
    let read = |text: &str| State::read_action(&decision.view, text).map_err(|e| e.to_string());
    let seats = |n: &str| {
        Err(format!(
            "there is no player {n}: players are numbered 1 to 3"
        ))
    };
    assert_eq!(read("swap hands with player 9"), seats("9"));
    assert_eq!(read("steal from 4"), seats("4"));
    assert_eq!(read("rob player 0"), seats("0"));
    assert_eq!(read("rob player 300"), seats("300"));
    assert_eq!(read("rob player 99999999999"), seats("99999999999"));
    assert_eq!(read("swap with player 2"), Ok(Action::SwapWith(Player(1))));
    assert_eq!(
        decision
            .read("swap hands with player 9")
            .map_err(|e| e.to_string()),
        seats("9")
    );
    assert_eq!(decision.read("swap 2"), Ok(Action::SwapWith(Player(1))));
    // Without a table: the notation seats up to 256.
    assert_eq!(
        "swap hands with player 9".parse::<Action>(),
        Ok(Action::SwapWith(Player(8)))
    );
    assert_eq!(
        "rob player 300"
            .parse::<Action>()
            .map_err(|e| e.to_string()),
        Err("there is no player 300".to_string())
    );
    Ok(())
}

/// Every error a person reads, in plain words: no byte offsets, no Rust
/// names, numbers as typed.
#[test]
fn wrong_texts_are_told_in_plain_words() {
    let cases = [
        ("", "no action given"),
        (
            "hop",
            "an action starts with play, flunk, pass, stash, draw, skip, rob, steal, swap, pass cards or give",
        ),
        ("play", "the action needs a card next"),
        (
            "rob the player 2",
            "the action needs the word \"stash\" next",
        ),
        (
            "swap hands player 2",
            "the action needs the word \"with\" next",
        ),
        (
            "give Mushroom",
            "not a card of Fairy Season: name one like Spring 3, King, Robber Goblin or Trap",
        ),
        ("play Spring 9", "Spring Fairies are numbered 1 to 8"),
        (
            "play Spring 3 #4294967296",
            "there is no copy #4294967296 of Spring 3 (its copies are #1 and #2)",
        ),
        (
            "stash Trap #99999999999999999999",
            "there is no copy #99999999999999999999 of Trap (its copies are #1 to #6)",
        ),
        ("steal from", "say which player, like \"player 2\""),
        ("steal from player x", "say which player, like \"player 2\""),
        (
            "rob player 0",
            "there is no player 0: players are numbered from 1",
        ),
        ("swap player 257", "there is no player 257"),
        (
            "swap player 99999999999999999999",
            "there is no player 99999999999999999999",
        ),
        ("pass cards up", "say which way: left or right"),
        (
            "flunk now",
            "the action is complete before the end: leave out the words after it",
        ),
    ];
    for (text, words) in cases {
        let error = text.parse::<Action>().map_err(|e| e.to_string());
        assert_eq!(error, Err(words.to_string()), "{text:?}");
    }
}

proptest! {
    /// Any text: parsing never panics; what parses prints back to a text
    /// that parses to the same action.
    #[test]
    fn any_text_parses_to_an_action_that_round_trips_or_fails(text in "\\PC{0,32}") {
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
                "play", "flunk", "pass", "stash", "give", "draw", "a", "bonus", "card", "skip",
                "the", "rob", "stash", "of", "steal", "from", "swap", "hands", "with", "player",
                "cards", "left", "right", "Spring", "winter", "3", "8", "#2", "#1", "King",
                "Robber", "Goblin", "Trap", "#6", "0", "17", "256", "x", "é",
            ]),
            0..6,
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
// Events, phases and views in words.

#[test]
fn every_event_of_random_games_reads_in_words_for_every_seat() {
    let mut lines = 0;
    let mut hidden = 0;
    let mut swaps = 0;
    for (players, seed, steps) in games() {
        for step in &steps {
            for seat in seats(players) {
                for event in &step.events {
                    let seen = State::redact(event, seat).expect("Season redacts, never drops");
                    let text = seen.to_string();
                    let what = format!("{players} players, seed {seed}, {seat:?}");
                    assert_words(&text, &what);
                    assert!(
                        text.starts_with("player ")
                            || text.starts_with("the ")
                            || text.starts_with("game over"),
                        "{what}: {text:?}"
                    );
                    // A hidden card is "a card", and names no card.
                    let hidden_swap = matches!(
                        seen,
                        Event::SwappedCards { cards, .. } if cards.iter().all(Option::is_none)
                    );
                    if hidden_swap {
                        assert!(
                            text.contains("a card") || text.contains(" cards "),
                            "{what}: {text:?}"
                        );
                        for kind in CardKind::all() {
                            assert!(!text.contains(&kind.to_string()), "{what}: {text:?}");
                        }
                        swaps += 1;
                    }
                    if let Event::Drew { card: None, .. }
                    | Event::Chose { card: None, .. }
                    | Event::CardPassed { card: None, .. } = seen
                    {
                        assert!(text.contains("a card"), "{what}: {text:?}");
                        for kind in CardKind::all() {
                            assert!(!text.contains(&kind.to_string()), "{what}: {text:?}");
                        }
                        hidden += 1;
                    }
                    lines += 1;
                }
            }
        }
    }
    eprintln!(
        "{lines} redacted event texts checked, {hidden} hidden, {swaps} swapped cards hidden"
    );
    assert!(lines > 10_000, "only {lines} event texts checked");
    assert!(hidden > 1_000, "only {hidden} hidden event texts checked");
    assert!(swaps > 10, "only {swaps} hidden swapped cards checked");
}

#[test]
fn every_view_of_random_games_reads_in_words_for_every_seat() {
    let mut views = 0;
    for (players, seed, steps) in games() {
        for step in steps.iter().step_by(3) {
            for seat in seats(players) {
                let view = step.before.view_for(seat);
                let text = view.to_string();
                let what = format!("{players} players, seed {seed}, {seat:?}");
                assert_words(&text, &what);
                // Every player's line, the deck, the decision.
                for p in 0..players {
                    assert!(
                        text.contains(&format!("\nplayer {}", p + 1)),
                        "{what}: {text}"
                    );
                }
                assert!(text.contains("\nDeck: "), "{what}: {text}");
                assert!(text.contains("\nNow: "), "{what}: {text}");
                // The seat's own hand names every card with its copy.
                if seat.player().is_some() {
                    for card in &view.hand {
                        assert!(text.contains(&format!("{card:#}")), "{what}: {text}");
                    }
                } else {
                    assert!(!text.contains("Your hand"), "{what}: {text}");
                }
                views += 1;
            }
        }
    }
    eprintln!("{views} view texts checked");
    assert!(views > 3_000, "only {views} views checked");
}

#[test]
fn every_phase_reads_in_words() {
    let p = Player(1);
    for phase in [
        Phase::Turn { player: p },
        Phase::Stashing {
            player: p,
            left: 1,
            bonus: true,
        },
        Phase::Bonus { player: p },
        Phase::Robbing { player: p },
        Phase::Stealing {
            player: p,
            count: 1,
        },
        Phase::Swapping { player: p },
        Phase::Aiming {
            player: p,
            count: 2,
        },
        Phase::Passing {
            player: p,
            direction: Direction::Right,
            count: 1,
        },
        Phase::RoyalWindow {
            flunker: p,
            asked: Player(2),
        },
        Phase::Over {
            winners: PlayerSet::first(2),
        },
    ] {
        assert_words(&phase.to_string(), "phase");
    }
    assert_eq!(
        Phase::RoyalWindow {
            flunker: Player(0),
            asked: Player(2)
        }
        .to_string(),
        "player 1 flunked; player 3 may play a Royal or pass"
    );
    assert_eq!(
        Phase::Stashing {
            player: p,
            left: 1,
            bonus: false
        }
        .to_string(),
        "player 2 to stash 1 more card from hand"
    );
}

// ---------------------------------------------------------------------------
// Pinned texts.

#[test]
fn actions_read_as_players_say_them() {
    let texts: Vec<String> = [
        Action::Play(c("Spring 3 #2")),
        Action::Play(c("Queen")),
        Action::Flunk,
        Action::Pass,
        Action::Stash(c("Winter 8")),
        Action::BonusDraw,
        Action::SkipBonus,
        Action::RobFrom(Player(1)),
        Action::StealFrom(Player(2)),
        Action::SwapWith(Player(0)),
        Action::PassTo(Direction::Left),
        Action::Give(c("Robber Goblin #2")),
    ]
    .iter()
    .map(Action::to_string)
    .collect();
    assert_eq!(
        texts,
        [
            "play Spring 3 #2",
            "play Queen",
            "flunk",
            "pass",
            "stash Winter 8 #1",
            "draw a bonus card",
            "skip the bonus",
            "rob the Stash of player 2",
            "steal from player 3",
            "swap hands with player 1",
            "pass cards left",
            "give Robber Goblin #2",
        ]
    );
}

#[test]
fn a_swarm_with_a_match_a_flunk_and_a_royal_window_reads_as_events() -> Result {
    let mut state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Spring 3", "Summer 1"])
        .hand(Player(1), ["Spring 3 #2", "Autumn 1"])
        .hand(Player(2), ["Spring 1"])
        .top_of_deck([
            "King", "Winter 6", "Winter 5", "Summer 8", "Summer 7", "Summer 6",
        ])
        .rest_to_stash(Player(2))
        .build()?;
    let mut lines = Vec::new();
    let mut see = |events: fairy_ring::Events<Event>| {
        let seen = State::redact_all(&events, Seat::Player(Player(1)));
        lines.extend(seen.iter().map(Event::to_string));
    };
    see(play(&mut state, 0, "Spring 3"));
    see(play(&mut state, 1, "Spring 3 #2"));
    see(act(&mut state, 1, Action::SkipBonus));
    see(act(&mut state, 2, Action::Flunk));
    see(act(&mut state, 0, Action::Pass));
    see(act(&mut state, 1, Action::Pass));
    assert_eq!(
        lines,
        [
            "player 1 played Spring 3",
            "player 1 drew a card",
            "player 1 drew a card",
            "player 2 played Spring 3",
            "player 2 drew Summer 8",
            "player 2 drew Winter 5",
            "player 2 skipped the Matching Bonus",
            "player 3 flunked",
            "player 1 played no Royal",
            "player 2 played no Royal",
            "player 2 won the Swarm (2 cards)",
            "player 3 drew a card",
            "player 3 drew a card",
            "the deck is empty: this is the final Swarm",
        ]
    );
    Ok(())
}

#[test]
fn goblin_and_trap_events_read_in_words() {
    let (p1, p2, p3) = (Player(0), Player(1), Player(2));
    let cases = [
        (
            Event::Played {
                player: p1,
                card: c("Greedy Goblin"),
            },
            "player 1 played a Greedy Goblin",
        ),
        (
            Event::Played {
                player: p2,
                card: c("Trap #3"),
            },
            "player 2 played a Trap",
        ),
        (
            Event::Played {
                player: p3,
                card: c("King"),
            },
            "player 3 played the King",
        ),
        (
            Event::Grabbed {
                player: p1,
                card: c("Summer 5"),
            },
            "player 1 took Summer 5 from the Swarm onto their Stash",
        ),
        (
            Event::Stole {
                player: p1,
                from: p2,
                card: c("Queen"),
            },
            "player 1 stole the Queen from the Stash of player 2",
        ),
        (
            Event::Robbed {
                player: p1,
                from: p3,
                card: c("Autumn 2"),
            },
            "player 1 played Autumn 2 from the Stash of player 3 onto the Swarm",
        ),
        (
            Event::Robbed {
                player: p1,
                from: p1,
                card: c("Autumn 2"),
            },
            "player 1 played Autumn 2 from their own Stash onto the Swarm",
        ),
        (
            Event::HandsSwapped {
                player: p2,
                rival: p3,
            },
            "player 2 swapped hands with player 3",
        ),
        (
            Event::SwappedCards {
                from: p3,
                to: p2,
                count: 3,
                cards: [Some(c("Spring 3")), Some(c("King")), Some(c("Trap")), None],
            },
            "player 2 got Spring 3, the King and a Trap from player 3",
        ),
        (
            Event::SwappedCards {
                from: p3,
                to: p2,
                count: 1,
                cards: [Some(c("Dizzy Goblin")), None, None, None],
            },
            "player 2 got a Dizzy Goblin from player 3",
        ),
        (
            Event::SwappedCards {
                from: p3,
                to: p2,
                count: 2,
                cards: [Some(c("Summer 8")), Some(c("Queen")), None, None],
            },
            "player 2 got Summer 8 and the Queen from player 3",
        ),
        (
            Event::SwappedCards {
                from: p2,
                to: p3,
                count: 4,
                cards: [None; 4],
            },
            "player 3 got 4 cards from player 2",
        ),
        (
            Event::SwappedCards {
                from: p2,
                to: p3,
                count: 1,
                cards: [None; 4],
            },
            "player 3 got a card from player 2",
        ),
        (
            Event::DirectionChosen {
                player: p1,
                direction: Direction::Right,
            },
            "player 1 chose: everyone passes cards right",
        ),
        (
            Event::Chose {
                player: p2,
                card: None,
            },
            "player 2 chose a card to pass",
        ),
        (
            Event::Chose {
                player: p2,
                card: Some(c("Winter 1")),
            },
            "player 2 chose Winter 1 to pass",
        ),
        (
            Event::CardPassed {
                from: p2,
                to: p3,
                card: None,
            },
            "player 2 passed a card to player 3",
        ),
        (
            Event::CardPassed {
                from: p2,
                to: p3,
                card: Some(c("Trap")),
            },
            "player 2 passed a Trap to player 3",
        ),
        (
            Event::Stashed {
                player: p1,
                card: c("Winter 2"),
            },
            "player 1 stashed Winter 2 from hand",
        ),
        (
            Event::SwarmWon {
                winner: Some(p2),
                cards: 7,
            },
            "player 2 won the Swarm (7 cards)",
        ),
        (
            Event::SwarmWon {
                winner: Some(p2),
                cards: 1,
            },
            "player 2 won the Swarm (1 card)",
        ),
        (
            Event::SwarmWon {
                winner: None,
                cards: 0,
            },
            "the Swarm ended with no cards to win",
        ),
        (
            Event::RoyalWin { player: p3 },
            "player 3 has all four Royal Fairies in their Stash and wins at once",
        ),
        (
            Event::GameOver {
                winners: PlayerSet::only(p1),
            },
            "game over: player 1 wins",
        ),
        (
            Event::GameOver {
                winners: [p1, p2, p3].into_iter().collect(),
            },
            "game over: player 1, player 2 and player 3 share the victory",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(event.to_string(), text);
    }
}

#[test]
fn a_view_in_the_middle_of_a_swarm() -> Result {
    let state = State::builder(3)
        .deal(5)
        .swarm(Player(1), ["Spring 3", "Robber Goblin"])
        .hand(Player(2), ["Summer 4", "Spring 3 #2", "Trap"])
        .stash(Player(0), ["Winter 1", "King"])
        .build()?;
    let own = state.view_for(Seat::Player(Player(2))).to_string();
    let deck = state.deck().len();
    assert_eq!(
        own,
        format!(
            "Fairy Season, 3 players: Season Fairy 1 point, Royal 2, Goblin and Trap 0; all four Royals in one Stash win at once\n\
             Deck: {deck} cards left; once it is empty, the Swarm in play is the final one\n\
             Swarm (bottom to top): Spring 3, Robber Goblin, last played by player 2\n\
             To follow: Season Fairies: Spring 3 or higher, or any Summer\n\
             player 1: 5 cards in hand; Stash 2 cards, 3 points, 1 Royal, top King\n\
             player 2: 5 cards in hand; Stash 0 cards, 0 points\n\
             player 3 (you): 3 cards in hand; Stash 0 cards, 0 points\n\
             Your hand: Summer 4 #1, Spring 3 #2, Trap #1\n\
             Now: player 3 (you) to play a card or flunk"
        )
    );
    let spectator = state.view_for(Seat::Spectator).to_string();
    assert!(!spectator.contains("Your hand"), "{spectator}");
    assert!(
        spectator.contains("\nplayer 3: 3 cards in hand"),
        "{spectator}"
    );
    Ok(())
}

#[test]
fn views_say_what_may_follow_and_the_end() -> Result {
    let start = State::builder(3).deal(5).build()?;
    let text = start.view_for(Seat::Player(Player(0))).to_string();
    assert!(
        text.contains("\nSwarm: empty\nTo follow: any card may start the Swarm\n"),
        "{text}"
    );
    assert!(
        text.ends_with("\nNow: player 1 (you) to start a new Swarm"),
        "{text}"
    );
    let on_trap = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Winter 8", "Trap"])
        .build()?;
    let text = on_trap.view_for(Seat::Spectator).to_string();
    assert!(
        text.contains("\nTo follow: only a Trap or a Royal may go on a Trap\n"),
        "{text}"
    );
    let on_winter_8 = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Winter 8", "Queen"])
        .build()?;
    let text = on_winter_8.view_for(Seat::Spectator).to_string();
    assert!(
        text.contains(
            "\nTo follow: only a Season or Royal Fairy may go on a Royal; Season Fairies: Winter 8\n"
        ),
        "{text}"
    );
    let window = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Spring 1"])
        .hand(Player(2), ["Prince"])
        .royal_window(Player(1))
        .build()?;
    let text = window.view_for(Seat::Player(Player(2))).to_string();
    assert!(
        text.ends_with("Now: player 2 flunked; player 3 (you) may play a Royal or pass"),
        "{text}"
    );
    assert_eq!(
        window
            .legal_actions(Player(2))
            .iter()
            .map(Action::to_string)
            .collect::<Vec<_>>(),
        ["play Prince", "pass"]
    );
    let over = State::builder(3)
        .deal(5)
        .stash(Player(1), ["Spring 1"])
        .rest_to_hand(Player(0))
        .game_over()
        .build()?;
    let text = over.view_for(Seat::Spectator).to_string();
    assert!(text.contains("\nDeck: empty\n"), "{text}");
    assert!(text.ends_with("\nNow: game over: player 2 wins"), "{text}");
    Ok(())
}

#[test]
fn setup_errors_and_violations_read_in_words() {
    let errors = [
        (
            SetupError::PlayerCount(1),
            "Fairy Season is for 3 to 5 players, not 1",
        ),
        (
            SetupError::Slots {
                stashes: 1,
                chosen: 2,
                players: 3,
            },
            "1 Stash and 2 lists of chosen cards for 3 players: give one of each per player",
        ),
        (
            SetupError::WrongWinners {
                expected: [Player(0), Player(2)].into_iter().collect(),
            },
            "the Stashes call for other winners: player 1 and player 3 share the victory",
        ),
        (
            SetupError::NoSuchPlayer(Player(6)),
            "player 7 is not at the table",
        ),
    ];
    for (error, text) in errors {
        assert_eq!(error.to_string(), text);
    }
    let card = c("Spring 1");
    for error in [
        SetupError::CardData,
        SetupError::DuplicateCard(card),
        SetupError::MissingCard(card),
        SetupError::LastPlayed,
        SetupError::BadChoice(Player(0)),
        SetupError::Amount,
        SetupError::FlunkerAsked,
        SetupError::RoyalWinMissed(Player(1)),
        SetupError::DeckNotEmpty,
        SetupError::Stuck,
        SetupError::UnknownCard(ParseCardError::Unknown),
        SetupError::NoCopyLeft(CardKind::Trap),
        SetupError::NotLastPlayed(Player(1)),
        SetupError::NoBonusFairy,
        SetupError::OutOfTurn {
            player: Player(0),
            expected: Player(1),
        },
        SetupError::SwarmNotWon,
        SetupError::WrongWinners {
            expected: PlayerSet::only(Player(1)),
        },
    ] {
        assert_words(&error.to_string(), "setup error");
    }
    for violation in [
        Violation::WrongPhase,
        Violation::NotInHand(card),
        Violation::SeasonRules(card),
        Violation::OnTrap,
        Violation::OnRoyal,
        Violation::NotRoyal,
        Violation::MustStart,
        Violation::NoBonus,
        Violation::BadTarget(Player(2)),
    ] {
        assert_words(&violation.to_string(), "violation");
    }
    assert_eq!(
        Violation::BadTarget(Player(2)).to_string(),
        "player 3 is not a valid target"
    );
}

/// Setup errors and violations about one card name its copy, since the
/// other copy may be right where it should be.
#[test]
fn errors_about_a_card_name_its_copy() {
    let second = c("Spring 3 #2");
    assert_eq!(
        SetupError::DuplicateCard(second).to_string(),
        "Spring 3 #2 is in two places"
    );
    assert_eq!(
        SetupError::MissingCard(second).to_string(),
        "Spring 3 #2 is missing"
    );
    assert_eq!(
        Violation::NotInHand(second).to_string(),
        "Spring 3 #2 is not in hand"
    );
    // A Royal has one copy and no number.
    assert_eq!(
        Violation::NotInHand(c("King")).to_string(),
        "King is not in hand"
    );
}

/// The types a generic UI prints are `Display` (a compile-time check).
#[test]
fn views_actions_events_and_errors_are_display() {
    fn display<T: std::fmt::Display>() {}
    display::<View>();
    display::<Action>();
    display::<Event>();
    display::<Phase>();
    display::<Violation>();
    display::<SetupError>();
    let _ = rng();
}
