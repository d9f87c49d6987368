//! A Midsummer Night's Fayre in words: `Display` for actions, events, views
//! and errors, and the action notation that parses back what `Display`
//! prints.

use std::collections::HashSet;

use fairy_ring::fayre::{
    Action, Config, DieRef, Event, Face, MiniGame, Mischief, Numbered, ParseActionError, Phase,
    PitDie, PitOutcome, Reason, RollMode, SetupError, Shift, Side, State, Typed, Violation,
};
use fairy_ring::{Bot, Game, Player, PlayerSet, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// One step of a random game: the state before and what happened.
struct Step {
    before: State,
    events: Vec<Event>,
}

/// Plays one random game to its end (or `cap` actions) and returns every
/// step, the final position last with no events.
fn random_game(players: usize, rolls: RollMode, seed: u64, cap: usize) -> Vec<Step> {
    let config = Config::new(players)
        .expect("2 to 5 players")
        .with_rolls(rolls);
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = State::new(&config, &mut rng).expect("valid config");
    let mut steps = Vec::new();
    let mut bot = RandomBot;
    while let Some(player) = state.to_act().lowest() {
        if steps.len() >= cap {
            break;
        }
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

/// Random games: every player count, both roll modes, a few seeds.
fn games() -> impl Iterator<Item = (usize, RollMode, u64, Vec<Step>)> {
    (2..=5usize).flat_map(|players| {
        [RollMode::Simulated, RollMode::Reported]
            .into_iter()
            .flat_map(move |rolls| {
                (0..3u64).map(move |seed| {
                    let seed = seed * 37 + players as u64;
                    (
                        players,
                        rolls,
                        seed,
                        random_game(players, rolls, seed, 3_000),
                    )
                })
            })
    })
}

/// Every seat of a `players`-player game and the spectator.
fn seats(players: usize) -> Vec<Seat> {
    (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .collect()
}

/// Panics if `text` shows a Debug name or anything that is not words.
fn assert_words(text: &str, what: &str) {
    for debug in [
        "Some(",
        "None",
        "Player(",
        "Seat",
        "Spectator",
        "{",
        "}",
        "[",
        "]",
        "P1",
        "P2",
    ] {
        assert!(!text.contains(debug), "{what}: {debug:?} in {text:?}");
    }
    for name in [
        "Flip",
        "Swap",
        "Placed",
        "Pool {",
        "Target",
        "Destination",
        "Left",
        "Right",
        "Up",
        "Down",
        "Number",
        "Simulated",
        "Reported",
        "Goblin {",
        "Over",
    ] {
        assert!(!text.contains(name), "{what}: {name:?} in {text:?}");
    }
    // No CamelCase word: a capital letter never follows a small letter.
    for word in text.split(|c: char| !c.is_alphanumeric()) {
        let chars: Vec<char> = word.chars().collect();
        let camel = chars
            .windows(2)
            .any(|w| w[0].is_lowercase() && w[1].is_uppercase());
        assert!(!camel, "{what}: CamelCase {word:?} in {text:?}");
    }
    // Plurals agree with their numbers.
    for bad in [" 1 cards", " 1 points", " 1 dice", "dies", "(1 cards"] {
        assert!(!text.contains(bad), "{what}: {bad:?} in {text:?}");
    }
    assert!(!text.trim().is_empty(), "{what}: empty text");
}

// ---------------------------------------------------------------------------
// The notation.

#[test]
fn every_legal_action_of_random_games_round_trips_and_reads_uniquely() {
    let mut checked = 0;
    let mut kinds = HashSet::new();
    for (players, rolls, seed, steps) in games() {
        for step in &steps {
            for player in (0..players as u8).map(Player) {
                let legal = step.before.legal_actions(player);
                let view = step.before.view_for(Seat::Player(player));
                let mut texts = HashSet::new();
                let mut described = HashSet::new();
                for &action in &legal {
                    let text = action.to_string();
                    assert_eq!(
                        text.parse::<Action>(),
                        Ok(action),
                        "{players} players, {rolls:?}, seed {seed}: {text:?}"
                    );
                    assert!(
                        texts.insert(text.clone()),
                        "{players} players, seed {seed}: two actions read {text:?}"
                    );
                    let told = view.describe(action).to_string();
                    assert_words(&told, "described action");
                    assert!(
                        described.insert(told.clone()),
                        "{players} players, seed {seed}: two actions described {told:?}"
                    );
                    kinds.insert(core::mem::discriminant(&action));
                    checked += 1;
                }
            }
        }
    }
    eprintln!("{checked} legal actions round-tripped");
    assert!(checked > 30_000, "only {checked} actions checked");
    // Every kind of action was met.
    assert_eq!(kinds.len(), 11, "kinds of action seen");
}

/// Every action value there is (every `u8` of a player, table position,
/// space or prize square).
fn all_actions() -> Vec<Action> {
    let mut all = vec![
        Action::Draw,
        Action::NoMischief,
        Action::RollPrizePit,
        Action::DeclineSteal,
        Action::Shift(Shift::Up),
        Action::Shift(Shift::Down),
        Action::ReportPrizePit(PitOutcome::Goblin),
        Action::ReportPrizePit(PitOutcome::SleepingDragon),
        Action::ReportPrizePit(PitOutcome::BouncedOut),
    ];
    for card in Mischief::ALL {
        all.push(Action::Play(card));
        all.push(Action::Discard(card));
    }
    for n in 0..=u8::MAX {
        all.push(Action::ChoosePlayer(Player(n)));
        for side in [None, Some(Side::Left), Some(Side::Right)] {
            all.push(Action::PlaceOn { booth: n, side });
        }
        for face in Face::ALL {
            all.push(Action::Pick(DieRef::Pool {
                owner: Player(n),
                face,
            }));
            all.push(Action::ReportPrizePit(PitOutcome::Number {
                face,
                square: Some(n),
            }));
        }
        for space in 0..=u8::MAX {
            all.push(Action::Pick(DieRef::Placed { booth: n, space }));
            all.push(Action::Pick(DieRef::PlacedFairy { booth: n, space }));
        }
    }
    for face in Face::ALL {
        all.push(Action::Pick(DieRef::FairyPool { face }));
        all.push(Action::ReportPrizePit(PitOutcome::Number {
            face,
            square: None,
        }));
    }
    all
}

#[test]
fn the_whole_action_space_round_trips_and_no_two_actions_read_alike() {
    let all = all_actions();
    let mut texts = HashSet::new();
    for (i, action) in all.iter().enumerate() {
        let text = action.to_string();
        assert_eq!(text.parse::<Action>(), Ok(*action), "{text:?}");
        assert!(texts.insert(text.clone()), "two actions read {text:?}");
        // Other spellings of the same text, for a sample.
        if i % 97 == 0 {
            for other in [
                text.to_uppercase(),
                text.to_lowercase(),
                format!("  {}\t", text.replace(' ', "  \n ")),
                text.replace(',', ""),
                text.replace('\'', "\u{2019}"),
            ] {
                assert_eq!(other.parse::<Action>(), Ok(*action), "{other:?}");
            }
        }
    }
    eprintln!("{} action values round-tripped", all.len());
    assert!(all.len() > 130_000);
}

#[test]
fn short_forms_parse() {
    let cases = [
        ("draw", Action::Draw),
        ("up", Action::Shift(Shift::Up)),
        ("DOWN", Action::Shift(Shift::Down)),
        ("roll", Action::RollPrizePit),
        ("play blue", Action::Play(Mischief::NudgeOne)),
        ("play the pink fairy", Action::Play(Mischief::RerollDie)),
        ("discard grey", Action::Discard(Mischief::Swap)),
        (
            "play re-roll a dice pool",
            Action::Play(Mischief::RerollPool),
        ),
        (
            "pick 4 in the fairy pool",
            Action::Pick(DieRef::FairyPool { face: Face::ALL[3] }),
        ),
        (
            "place it on game 2 right",
            Action::PlaceOn {
                booth: 1,
                side: Some(Side::Right),
            },
        ),
    ];
    for (text, action) in cases {
        assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
    }
}

#[test]
fn wrong_texts_say_what_is_wrong() {
    use ParseActionError as E;
    let t = Typed::new;
    let cases: [(&str, ParseActionError); 13] = [
        ("", E::Empty),
        (" \t ", E::Empty),
        (
            "jump",
            E::UnknownWord {
                at: 0,
                word: t("jump"),
            },
        ),
        (
            "  jump!",
            E::UnknownWord {
                at: 2,
                word: t("jump!"),
            },
        ),
        (
            "choose 2",
            E::Expected {
                at: 7,
                expected: "player",
                found: Some(t("2")),
            },
        ),
        (
            "choose player two",
            E::Expected {
                at: 14,
                expected: "a number",
                found: Some(t("two")),
            },
        ),
        (
            "choose player 0",
            E::OutOfRange {
                at: 14,
                number: t("0"),
                what: Numbered::Player,
                min: 1,
                max: 256,
            },
        ),
        (
            "choose player 257",
            E::OutOfRange {
                at: 14,
                number: t("257"),
                what: Numbered::Player,
                min: 1,
                max: 256,
            },
        ),
        (
            "pick the 0 in player 1's pool",
            E::OutOfRange {
                at: 9,
                number: t("0"),
                what: Numbered::Face,
                min: 1,
                max: 6,
            },
        ),
        (
            "pick the 3 in player 1 pool",
            E::Expected {
                at: 23,
                expected: "'s",
                found: Some(t("pool")),
            },
        ),
        (
            "discard the purple fairy",
            E::NotAMischief {
                at: 12,
                name: t("purple fairy"),
            },
        ),
        (
            "draw draw",
            E::TrailingText {
                at: 5,
                extra: t("draw"),
            },
        ),
        (
            "place it on Tug of War",
            E::GameByName {
                at: 12,
                game: MiniGame::TugOfWar,
            },
        ),
    ];
    for (text, error) in cases {
        assert_eq!(text.parse::<Action>(), Err(error), "{text:?}");
        assert_words(&error.to_string().replace("'s", ""), "parse error");
    }
}

/// Words of the notation, for texts that come close to actions.
const VOCABULARY: &[&str] = &[
    "draw",
    "a",
    "Mischief",
    "card",
    "take",
    "no",
    "action",
    "play",
    "the",
    "yellow",
    "fairy",
    "pick",
    "in",
    "player",
    "'s",
    "pool",
    "Fairy",
    "die",
    "on",
    "game",
    "space",
    "move",
    "up",
    "down",
    "choose",
    "place",
    "it",
    "left",
    "right",
    "side",
    ",",
    "roll",
    "into",
    "Prize",
    "Pit",
    "report",
    "prize",
    "square",
    "Goblin",
    "sleeping",
    "dragon",
    "bounced",
    "out",
    "discard",
    "steal",
    "nothing",
    "0",
    "1",
    "2",
    "3",
    "6",
    "7",
    "256",
    "257",
    "99999999999",
    "’s",
    "2's",
];

proptest! {
    #[test]
    fn any_text_parses_to_an_action_that_round_trips_or_fails(text in "\\PC{0,40}") {
        if let Ok(action) = text.parse::<Action>() {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        }
    }

    #[test]
    fn texts_near_the_notation_parse_or_fail_cleanly(
        words in prop::collection::vec(prop::sample::select(VOCABULARY), 0..10),
    ) {
        let text = words.join(" ");
        match text.parse::<Action>() {
            Ok(action) => prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action)),
            Err(error) => {
                // The error points into the text.
                prop_assert!(error.at() <= text.len());
            }
        }
    }

    #[test]
    fn every_action_round_trips(index in 0usize..140_000) {
        let all = all_actions_cached();
        let action = all[index % all.len()];
        prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
}

/// [`all_actions`], built once.
fn all_actions_cached() -> &'static [Action] {
    static ALL: std::sync::OnceLock<Vec<Action>> = std::sync::OnceLock::new();
    ALL.get_or_init(all_actions)
}

// ---------------------------------------------------------------------------
// Events and views.

#[test]
fn every_event_and_view_of_random_games_reads_in_words_for_every_seat() {
    let mut events = 0;
    let mut views = 0;
    let mut kinds = HashSet::new();
    for (players, _rolls, _seed, steps) in games() {
        let seats = seats(players);
        for (i, step) in steps.iter().enumerate() {
            for &seat in &seats {
                if i % 50 == 0 || step.events.is_empty() {
                    let view = step.before.view_for(seat);
                    let text = view.to_string();
                    assert_words(&text, "view");
                    views += 1;
                }
                let before = step.before.view_for(seat);
                for event in &step.events {
                    let redacted = event.redacted(seat);
                    let text = redacted.to_string();
                    assert_words(&text, "event");
                    assert!(!text.contains('\n'), "one line: {text:?}");
                    let told = before.describe_event(&redacted).to_string();
                    assert_words(&told, "described event");
                    assert!(!told.contains('\n'), "one line: {told:?}");
                    if let Event::Placed { booth, .. } = redacted {
                        let game = before.booths[usize::from(booth)]
                            .as_ref()
                            .expect("a die is placed on a Mini Game in play")
                            .game;
                        assert!(told.contains(game.name()), "{told:?} names {game}");
                    }
                    kinds.insert(core::mem::discriminant(event));
                    events += 1;
                }
            }
        }
    }
    eprintln!(
        "{events} redacted events, {views} views read in words; {} kinds of event",
        kinds.len()
    );
    assert!(events > 20_000, "only {events} events");
    assert!(kinds.len() >= 20, "only {} kinds of event met", kinds.len());
}

#[test]
fn hidden_cards_stay_hidden_in_the_text() {
    let drew = Event::Drew {
        player: Player(1),
        card: Some(Mischief::Flip),
    };
    assert_eq!(
        drew.redacted(Seat::Player(Player(1))).to_string(),
        "player 2 drew the yellow fairy (flip a die)"
    );
    for seat in [Seat::Player(Player(0)), Seat::Spectator] {
        assert_eq!(
            drew.redacted(seat).to_string(),
            "player 2 drew a Mischief card"
        );
    }
    let stole = Event::Stole {
        thief: Player(0),
        victim: Player(2),
        card: Some(Mischief::RerollPool),
    };
    assert_eq!(
        stole.redacted(Seat::Player(Player(2))).to_string(),
        "player 1 stole re-roll a dice pool from player 3"
    );
    assert_eq!(
        stole.redacted(Seat::Player(Player(1))).to_string(),
        "player 1 stole a Mischief card from player 3"
    );
}

// ---------------------------------------------------------------------------
// Pinned texts.

#[test]
fn pinned_action_texts() {
    let four = Face::ALL[3];
    let cases = [
        (Action::Draw, "draw a Mischief card"),
        (Action::NoMischief, "take no Mischief action"),
        (
            Action::Play(Mischief::NudgeTwo),
            "play the red fairy (+/-2)",
        ),
        (
            Action::Play(Mischief::RerollPool),
            "play re-roll a dice pool",
        ),
        (
            Action::Pick(DieRef::Pool {
                owner: Player(0),
                face: four,
            }),
            "pick the 4 in player 1's pool",
        ),
        (
            Action::Pick(DieRef::FairyPool { face: four }),
            "pick the 4 in the Fairy pool",
        ),
        (
            Action::Pick(DieRef::Placed { booth: 1, space: 0 }),
            "pick the player die on game 2, space 1",
        ),
        (
            Action::Pick(DieRef::PlacedFairy { booth: 2, space: 1 }),
            "pick the Fairy die on game 3, Fairy space 2",
        ),
        (Action::Shift(Shift::Down), "move the die down"),
        (Action::ChoosePlayer(Player(4)), "choose player 5"),
        (
            Action::PlaceOn {
                booth: 0,
                side: None,
            },
            "place it on game 1",
        ),
        (
            Action::PlaceOn {
                booth: 1,
                side: Some(Side::Right),
            },
            "place it on game 2, right side",
        ),
        (Action::RollPrizePit, "roll into the Prize Pit"),
        (
            Action::ReportPrizePit(PitOutcome::Number {
                face: four,
                square: Some(1),
            }),
            "report 4 on prize square 2",
        ),
        (
            Action::ReportPrizePit(PitOutcome::SleepingDragon),
            "report the sleeping dragon",
        ),
        (
            Action::Discard(Mischief::Swap),
            "discard the grey fairy (swap two dice)",
        ),
        (Action::DeclineSteal, "steal nothing"),
    ];
    for (action, text) in cases {
        assert_eq!(action.to_string(), text);
    }
}

#[test]
fn pinned_event_texts() {
    let f = |n: usize| Face::ALL[n - 1];
    let cases = [
        (Event::TurnStarted { player: Player(0) }, "player 1's turn"),
        (
            Event::MischiefReshuffled { cards: 1 },
            "the Mischief discard pile was shuffled into a new draw pile of 1 card",
        ),
        (
            Event::Placed {
                player: Player(1),
                face: f(4),
                booth: 2,
                space: 1,
            },
            "player 2 placed a 4 on game 3, space 2",
        ),
        (
            Event::FaceChanged {
                die: DieRef::Placed { booth: 0, space: 3 },
                from: f(2),
                to: f(5),
            },
            "the player die on game 1, space 4 turned from 2 to 5",
        ),
        (
            Event::Swapped {
                first: DieRef::Pool {
                    owner: Player(0),
                    face: f(6),
                },
                second: DieRef::Placed { booth: 1, space: 0 },
            },
            "the 6 in player 1's pool and the player die on game 2, space 1 swapped places",
        ),
        (
            Event::FairyDiceRolled {
                booth: 0,
                faces: [f(1)].into_iter().collect(),
            },
            "1 Fairy die rolled onto game 1: 1",
        ),
        (
            Event::Scored {
                player: Player(2),
                points: 1,
                reason: Reason::MagicNumber,
                total: 1,
            },
            "player 3 scored 1 point for the magic number (total 1 point)",
        ),
        (
            Event::Scored {
                player: Player(0),
                points: 3,
                reason: Reason::SecondPlace,
                total: 7,
            },
            "player 1 scored 3 points for 2nd place (total 7 points)",
        ),
        (
            Event::PrizePitRolled {
                player: Player(1),
                die: PitDie::Goblin,
                outcome: PitOutcome::Number {
                    face: f(5),
                    square: Some(0),
                },
            },
            "player 2 rolled the Goblin die into the Prize Pit: it shows 5 and touches prize square 1",
        ),
        (
            Event::DiceReturned {
                owner: Player(0),
                faces: [f(3)].into_iter().collect(),
            },
            "player 1 took back 1 die, re-rolled: 3",
        ),
        (
            Event::GameOver {
                winners: [Player(0), Player(2)].into_iter().collect::<PlayerSet>(),
            },
            "the game is over: player 1 and player 3 share the victory",
        ),
    ];
    for (event, text) in cases {
        assert_eq!(event.to_string(), text);
    }
}

#[test]
fn pinned_view_and_description() -> Result<(), Box<dyn std::error::Error>> {
    let state = State::builder(2)
        .mini_game("Ring Toss", |g| g.fairy([4, 2, 4]).die(Player(1), 3))
        .mini_game("Tug of War", |g| g.left(Player(0), 6))
        .mini_game("Dart the Ogre", |g| g)
        .pool(Player(0), [1, 2, 5, 5, 6])
        .hand(Player(0), ["yellow fairy", "grey fairy"])
        .hand(Player(1), ["blue fairy"])
        .score(Player(1), 1)
        .build()?;
    let view = state.view_for(Seat::Player(Player(0)));
    let text = view.to_string();
    eprintln!("{text}");
    assert_words(&text, "view");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(
        lines[0],
        "player 1's turn; now: the Fairy Mischief action: draw or play a card"
    );
    assert_eq!(
        lines[1],
        "Scores: player 1 (you) 0 points, player 2 1 point"
    );
    assert!(
        lines[2].starts_with(
            "game 1: Ring Toss (magic number 1); Fairy dice 4, 2, 4; spaces: 1=player 2's 3 2=empty"
        ),
        "{}",
        lines[2]
    );
    assert!(
        lines[3].starts_with("game 2: Tug of War (magic number 6); spaces: left 1=your 6"),
        "{}",
        lines[3]
    );
    assert!(text.contains("player 1 (you): pool 1, 2, 5, 5, 6; 2 Mischief cards in hand"));
    assert!(text.contains("player 2: pool"));
    assert!(text.ends_with("Dice moves since the last scoring: 0 of 60 allowed"));
    assert!(text.contains("; 1 Mischief card in hand"));
    assert!(text.contains("Your hand: yellow fairy (flip a die), grey fairy (swap two dice)"));
    let spectator = state.view_for(Seat::Spectator).to_string();
    assert!(!spectator.contains("Your hand"));
    assert!(!spectator.contains("(you)"));

    // Described with names, as the player means it.
    let swap = state
        .clone()
        .apply(
            Player(0),
            Action::Play(Mischief::Swap),
            &mut ChaCha8Rng::seed_from_u64(0),
        )
        .map(|_| ());
    assert!(swap.is_ok());
    let mut playing = state;
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    playing.apply(Player(0), Action::Play(Mischief::Swap), &mut rng)?;
    let first = Action::Pick(DieRef::Placed { booth: 0, space: 0 });
    let view = playing.view_for(Seat::Player(Player(0)));
    assert_eq!(
        view.describe(first).to_string(),
        "swap player 2's 3 on Ring Toss, space 1"
    );
    playing.apply(Player(0), first, &mut rng)?;
    let view = playing.view_for(Seat::Player(Player(0)));
    let five = Action::Pick(DieRef::Pool {
        owner: Player(0),
        face: Face::ALL[4],
    });
    assert_eq!(
        view.describe(five).to_string(),
        "swap player 2's 3 on Ring Toss, space 1 with the 5 in your pool"
    );
    assert_eq!(five.to_string(), "pick the 5 in player 1's pool");
    assert_eq!(
        view.to_string().lines().next(),
        Some("player 1's turn; now: the die to swap with player 2's 3 on Ring Toss, space 1")
    );
    assert_eq!(
        view.phase.to_string(),
        "the die to swap with the player die on game 1, space 1"
    );
    Ok(())
}

#[test]
fn phases_violations_and_setup_errors_read_in_words() {
    let phase = Phase::PrizePit {
        player: Player(2),
        die: PitDie::Goblin,
    };
    assert_eq!(
        phase.to_string(),
        "player 3 rolls the Goblin die into the Prize Pit"
    );
    assert_words(&phase.to_string(), "phase");
    for violation in [
        Violation::WrongStep,
        Violation::OffTheDie,
        Violation::WrongSide,
        Violation::NoCardToSteal,
    ] {
        assert_words(&violation.to_string(), "violation");
    }
    let errors = [
        SetupError::DuplicateMiniGame(fairy_ring::fayre::MiniGame::RingToss),
        SetupError::BoothFull(fairy_ring::fayre::MiniGame::TugOfWar),
        SetupError::MischiefCount {
            card: Mischief::Flip,
            found: 3,
            expected: 5,
        },
        SetupError::BadPhase(Phase::Discard { player: Player(0) }),
        SetupError::EmptyTablePosition(1),
    ];
    for error in &errors {
        assert_words(&error.to_string(), "setup error");
    }
    assert_eq!(errors[0].to_string(), "Ring Toss is in two places");
    assert_eq!(
        errors[3].to_string(),
        "the pending decision (which card player 1 discards) does not fit the position"
    );
}

#[test]
fn parse_errors_read_as_a_person_says_them() {
    for (text, error) in [
        (
            "jump",
            "\"jump\" starts no action: an action starts with draw, play, take, pick, move, up, \
             down, choose, place, roll, report, discard, steal, turn, swap or re-roll",
        ),
        ("choose 2", "expected \"player\" but found \"2\""),
        ("play", "expected a Mischief card but the text ends"),
        ("re-roll", "expected a die but the text ends"),
        (
            "roll the dragon",
            "expected \"Goblin\" but found \"dragon\"",
        ),
        (
            "roll one of the dice",
            "expected \"their\", \"your\" or \"player N's\" but found \"the\"",
        ),
        (
            "pick the 4 in your pool",
            "\"your\" names nobody without a seat: say whose, like \"player 1's\"",
        ),
        ("choose player", "expected a number but the text ends"),
        (
            "choose player 99999999999999999999999",
            "there is no player 99999999999999999999999: players are numbered 1 to 256",
        ),
        (
            "choose player 0",
            "there is no player 0: players are numbered 1 to 256",
        ),
        (
            "pick the 7 in the Fairy pool",
            "a die has no face 7: its faces are 1 to 6",
        ),
        (
            "pick the 3 in player 1 pool",
            "expected \"'s\" but found \"pool\"",
        ),
        (
            "place it on game 0",
            "there is no game 0: games are numbered 1 to 256",
        ),
        (
            "play the green fairy",
            "no Mischief card is called \"green fairy\": the cards are the yellow, blue, red, \
             grey and pink fairies and re-roll a dice pool",
        ),
        (
            "steal nothing now",
            "\"now\" follows a whole action: give exactly one action",
        ),
        (
            "place it on Ring Toss",
            "name a Mini Game by its table position here, game 1 to 3 (Ring Toss is named only \
             in a seat's view)",
        ),
    ] {
        let said = text
            .parse::<Action>()
            .map(|a| a.to_string())
            .map_err(|e| e.to_string());
        assert_eq!(said, Err(error.to_string()), "{text:?}");
        for rust in ["byte", "`", "::", "Action"] {
            assert!(!error.contains(rust), "{error}");
        }
    }
    // A number too long to keep is cut, and says so.
    let long = format!("choose player {}", "9".repeat(60));
    let said = long.parse::<Action>().map_err(|e| e.to_string());
    assert_eq!(
        said,
        Err(format!(
            "there is no player {}…: players are numbered 1 to 256",
            "9".repeat(40)
        ))
    );
}
