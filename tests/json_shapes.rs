//! The JSON a client reads (`docs/JSON.md`), pinned: a representative turn of
//! every game as pretty JSON (its decision, the move, its events for the
//! mover and for a spectator, and the position after it), the shapes every
//! game shares, one naming convention across games, and readers that refuse
//! what is not a player set, an item set or a card.

use std::collections::{BTreeSet, HashSet};

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    ActionError, AnyAction, AnyGame, AnyParseError, AnyViolation, Bot, BotError, ConfigError, Game,
    GameKind, InfoState, Outcome, Player, PlayerSet, RandomBot, Recorder, SampleError, Seat, fairy,
    fayre, fickle, prank, season,
};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use serde_json::{Value, json};

/// Named parts, each as pretty JSON in the order its fields serialize (a
/// `serde_json::Value` would sort the keys).
fn sections(parts: &[(&str, String)]) -> String {
    parts
        .iter()
        .map(|(name, json)| format!("// {name}\n{json}\n"))
        .collect::<Vec<_>>()
        .join("\n")
}

fn pretty(value: &impl Serialize) -> String {
    serde_json::to_string_pretty(value).expect("serializable")
}

/// The first move, after the first few, that reports at least two events
/// while its player had a real choice: a turn that shows the most shapes.
fn representative_turn<G>(config: &G::Config, seed: u64) -> String
where
    G: Game,
    G::View: Serialize,
    G::Action: Serialize,
    G::Event: Serialize,
    G::Setup: Serialize,
{
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = G::new(config, &mut rng).expect("a seated count");
    let mut step = 0;
    while let Some(player) = state.to_act().lowest() {
        let decision = state.decision(player);
        let action = RandomBot.choose(&decision, &mut rng).expect("a move");
        let events = state.apply(player, action, &mut rng).expect("legal");
        step += 1;
        if step > 4 && events.len() >= 2 && decision.legal.len() >= 2 {
            return sections(&[
                ("move", step.to_string()),
                ("decision (view and legal actions)", pretty(&decision)),
                ("action", pretty(&action)),
                (
                    "events for the player",
                    pretty(&G::redact_all(&events, Seat::Player(player))),
                ),
                (
                    "events for a spectator",
                    pretty(&G::redact_all(&events, Seat::Spectator)),
                ),
                ("setup after the move", pretty(&state.to_setup())),
            ]);
        }
    }
    panic!("no representative turn in a whole game of {}", G::NAME)
}

#[test]
fn fairy_turn() {
    let config = fairy::Config::new(3).expect("3 players");
    let text = representative_turn::<fairy::State>(&config, 1);
    insta::assert_snapshot!(text);
}

#[test]
fn prank_turn() {
    let config = prank::Config::new(3).expect("3 players");
    let text = representative_turn::<prank::State>(&config, 1);
    insta::assert_snapshot!(text);
}

#[test]
fn season_turn() {
    let config = season::Config::new(3).expect("3 players");
    let text = representative_turn::<season::State>(&config, 1);
    insta::assert_snapshot!(text);
}

#[test]
fn fickle_turn() {
    let config = fickle::Config::new(3).expect("3 players");
    let text = representative_turn::<fickle::State>(&config, 1);
    insta::assert_snapshot!(text);
}

#[test]
fn fayre_turn() {
    let config = fayre::Config::new(3).expect("3 players");
    let text = representative_turn::<fayre::State>(&config, 1);
    insta::assert_snapshot!(text);
}

/// The config of every game as a client first meets it, inside `AnyConfig`.
#[test]
fn configs() {
    let configs: Vec<_> = GameKind::ALL
        .iter()
        .map(|kind| kind.config(3).expect("3 players"))
        .collect();
    let text = pretty(&configs);
    insta::assert_snapshot!(text);
}

/// What every game shares: seats, player sets, outcomes, refusals, the
/// `Any*` wrappers, a seat's information and a record's outer shape.
#[test]
fn shared_shapes() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut table =
        Recorder::<AnyGame>::new(GameKind::Fairy.config(2).expect("2 players"), &mut rng)
            .expect("deal");
    let seat = Seat::Player(Player(1));
    let mut info = InfoState::<AnyGame>::new(seat, table.state().view_for(seat));
    for _ in 0..2 {
        let player = table.state().to_act().lowest().expect("mid-game");
        let action = RandomBot
            .choose(&table.state().decision(player), &mut rng)
            .expect("a move");
        let events = table.apply(player, action, &mut rng).expect("legal");
        info.observe(
            &AnyGame::redact_all(&events, seat),
            table.state().view_for(seat),
        );
    }
    let refusals: Vec<ActionError<AnyViolation>> = vec![
        ActionError::GameOver,
        ActionError::NoSuchPlayer { player: Player(7) },
        ActionError::NotToAct { player: Player(1) },
        ActionError::Illegal(AnyViolation::WrongGame {
            table: GameKind::Season,
            action: GameKind::Fairy,
        }),
        ActionError::Illegal(AnyViolation::Season(season::Violation::NotInHand(
            season::Card::season(season::Season::Spring, 3, 1).expect("a card"),
        ))),
    ];
    // A game's own parse error is its text (the texts are the games' words,
    // pinned by their own tests).
    let game_error = "fairy: jump".parse::<AnyAction>().expect_err("not a move");
    assert_eq!(
        serde_json::to_value(&game_error).expect("json"),
        json!({ "fairy": game_error.to_string() })
    );
    let parse_errors: Vec<AnyParseError> = vec![
        "higher".parse::<AnyAction>().expect_err("no game named"),
        "chess: e4".parse::<AnyAction>().expect_err("no such game"),
        AnyParseError::WrongGame {
            table: GameKind::Fairy,
            named: GameKind::Season,
        },
    ];
    // A seat's information reads back, to sample from later.
    let text = serde_json::to_string(&info).expect("json");
    assert_eq!(
        serde_json::from_str::<InfoState<AnyGame>>(&text).ok(),
        Some(info.clone())
    );
    let two: PlayerSet = [Player(0), Player(2)].into_iter().collect();
    let text = sections(&[
        ("seats", pretty(&[Seat::Player(Player(0)), Seat::Spectator])),
        ("player sets", pretty(&[PlayerSet::EMPTY, two])),
        ("outcome", pretty(&Outcome::new(two, [7, 1, 7]))),
        ("refusals", pretty(&refusals)),
        (
            "config errors",
            pretty(&[
                ConfigError::PlayerCount {
                    got: 1,
                    min: 2,
                    max: 10,
                },
                ConfigError::ComponentData("a suit with no cards"),
            ]),
        ),
        ("parse errors", pretty(&parse_errors)),
        (
            "bot errors",
            pretty(&[
                BotError::NoChoice,
                BotError::Sampling(SampleError::Impossible(
                    "the remembered cards are more than the deck holds",
                )),
                BotError::Other("the person left the table"),
            ]),
        ),
        (
            "any actions",
            pretty(&[
                AnyAction::Fairy(fairy::Guess::SameSuit),
                AnyAction::Prank(prank::Action::Select(prank::Item(3))),
            ]),
        ),
        ("info state", pretty(&info)),
        ("record", pretty(table.record())),
    ]);
    insta::assert_snapshot!(text);
}

/// Every key and every word-like string of the JSON of whole random games of
/// every game is `snake_case`: one convention for fields and variant tags.
/// Text meant for people (Prank's item names, error texts) is the exception.
#[test]
fn every_game_speaks_snake_case() {
    fn check(value: &Value, path: &str, bad: &mut BTreeSet<String>) {
        let snake = |s: &str| {
            s.starts_with(|c: char| c.is_ascii_lowercase())
                && s.chars()
                    .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit() || c == '_')
        };
        match value {
            Value::Object(fields) => {
                for (key, inner) in fields {
                    if !snake(key) {
                        bad.insert(format!("key {key:?} at {path}"));
                    }
                    // Item names are the players' own words.
                    if key != "treasures" {
                        check(inner, &format!("{path}.{key}"), bad);
                    }
                }
            }
            Value::Array(items) => items
                .iter()
                .for_each(|v| check(v, &format!("{path}[]"), bad)),
            Value::String(text) if !snake(text) => {
                bad.insert(format!("value {text:?} at {path}"));
            }
            _ => {}
        }
    }
    let mut bad = BTreeSet::new();
    for kind in GameKind::ALL {
        for seed in 0..3 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let config = kind.config(3).expect("3 players");
            check(&json!(config), "config", &mut bad);
            let mut table = AnyGame::new(&config, &mut rng).expect("deal");
            while let Some(player) = table.to_act().lowest() {
                let decision = table.decision(player);
                check(&json!(decision), "decision", &mut bad);
                let action = RandomBot.choose(&decision, &mut rng).expect("a move");
                let events = table.apply(player, action, &mut rng).expect("legal");
                check(&json!(events), "events", &mut bad);
                check(&json!(table.to_setup()), "setup", &mut bad);
                check(
                    &json!(table.view_for(Seat::Spectator)),
                    "spectator",
                    &mut bad,
                );
            }
            check(&json!(table.outcome()), "outcome", &mut bad);
        }
    }
    assert!(bad.is_empty(), "not snake_case:\n{bad:#?}");
}

#[test]
fn a_player_set_is_a_list_of_distinct_seats_below_16() {
    let set: PlayerSet = [Player(3), Player(0), Player(15)].into_iter().collect();
    assert_eq!(serde_json::to_string(&set).expect("json"), "[0,3,15]");
    assert_eq!(
        serde_json::from_str::<PlayerSet>("[15,0,3]").ok(),
        Some(set)
    );
    assert_eq!(
        serde_json::from_str::<PlayerSet>("[]").ok(),
        Some(PlayerSet::EMPTY)
    );
    let error = |text: &str| {
        serde_json::from_str::<PlayerSet>(text)
            .expect_err(text)
            .to_string()
    };
    assert!(
        error("[16]").contains("seat 16 cannot be in a set of players"),
        "{}",
        error("[16]")
    );
    assert!(
        error("[2,1,2]").contains("seat 2 is listed twice"),
        "{}",
        error("[2,1,2]")
    );
    assert!(
        error("[256]").contains("invalid value"),
        "{}",
        error("[256]")
    );
    // The old bit mask is not read as a set any more.
    assert!(serde_json::from_str::<PlayerSet>("5").is_err());
}

#[test]
fn a_prank_item_set_is_a_list_of_distinct_items_below_16() {
    use prank::{Item, Items};
    let set: Items = [Item(9), Item(0)].into_iter().collect();
    assert_eq!(serde_json::to_string(&set).expect("json"), "[0,9]");
    assert_eq!(serde_json::from_str::<Items>("[9,0]").ok(), Some(set));
    let error = |text: &str| {
        serde_json::from_str::<Items>(text)
            .expect_err(text)
            .to_string()
    };
    assert!(
        error("[16]").contains("item 16 cannot be in a set of items"),
        "{}",
        error("[16]")
    );
    assert!(
        error("[4,4]").contains("item 4 is listed twice"),
        "{}",
        error("[4,4]")
    );
    assert!(serde_json::from_str::<Items>("513").is_err());
}

#[test]
fn every_season_card_reads_back_and_an_unknown_one_is_refused() {
    use season::Card;
    let mut texts = HashSet::new();
    for card in Card::all() {
        let text = serde_json::to_string(&card).expect("json");
        assert_eq!(
            serde_json::from_str::<Card>(&text).ok(),
            Some(card),
            "{text}"
        );
        assert!(texts.insert(text.clone()), "two cards write {text}");
    }
    assert_eq!(texts.len(), season::DECK_SIZE);
    let error = |text: &str| {
        serde_json::from_str::<Card>(text)
            .expect_err(text)
            .to_string()
    };
    for (text, says) in [
        (
            r#"{"season":"spring","number":9,"copy":0}"#,
            "Spring Fairies are numbered 1 to 8, not 9",
        ),
        (
            r#"{"season":"spring","number":3,"copy":2}"#,
            "there is no copy 2 of Spring 3",
        ),
        (r#"{"royal":"king","copy":1}"#, "there is no copy 1 of King"),
        (
            r#"{"goblin":"robber","copy":2}"#,
            "there is no copy 2 of Robber Goblin",
        ),
        (r#"{"trap":true,"copy":6}"#, "there is no copy 6 of Trap"),
        (r#"{"trap":false,"copy":0}"#, "not a card of Fairy Season"),
        (
            r#"{"season":"spring","copy":0}"#,
            "not a card of Fairy Season",
        ),
        (
            r#"{"season":"spring","number":3,"royal":"king","copy":0}"#,
            "not a card of Fairy Season",
        ),
        (r#"{"season":"spring","number":3}"#, "missing field `copy`"),
        (
            r#"{"season":"spring","number":3,"copy":0,"name":"x"}"#,
            "unknown field `name`",
        ),
        (
            r#"{"season":"Spring","number":3,"copy":0}"#,
            "unknown variant `Spring`",
        ),
        ("78", "invalid type"),
    ] {
        assert!(error(text).contains(says), "{text}: {}", error(text));
    }
}

#[test]
fn every_fairy_card_reads_back_and_an_unknown_one_is_refused() {
    for card in fairy::Card::all() {
        let text = serde_json::to_string(&card).expect("json");
        assert_eq!(text, format!("{{\"number\":{}}}", card.number()));
        assert_eq!(serde_json::from_str::<fairy::Card>(&text).ok(), Some(card));
    }
    for text in [
        r#"{"number":0}"#,
        r#"{"number":22}"#,
        "14",
        r#"{"number":3,"suit":0}"#,
    ] {
        assert!(serde_json::from_str::<fairy::Card>(text).is_err(), "{text}");
    }
}

#[test]
fn fayre_card_counts_are_named_by_kind() {
    use fayre::{CardCounts, Mischief};
    let counts = CardCounts::new([0, 2, 0, 1, 0, 4]).expect("small counts");
    let text = serde_json::to_string(&counts).expect("json");
    assert_eq!(
        text,
        r#"{"flip":0,"nudge_one":2,"nudge_two":0,"swap":1,"reroll_die":0,"reroll_pool":4}"#
    );
    // Each key is the kind's own serialized name.
    for kind in Mischief::ALL {
        let name = serde_json::to_value(kind).expect("json");
        let key = name.as_str().expect("a unit variant");
        assert_eq!(
            serde_json::to_value(counts).expect("json")[key],
            json!(counts.count(kind))
        );
    }
    assert_eq!(serde_json::from_str::<CardCounts>(&text).ok(), Some(counts));
    let missing = r#"{"flip":0,"nudge_one":2,"nudge_two":0,"swap":1,"reroll_die":0}"#;
    assert!(serde_json::from_str::<CardCounts>(missing).is_err());
}

/// `AnyAction` sorts and hashes as every game's action does, and `AnyGame`
/// is `Eq` as every game's state is.
#[test]
fn any_action_orders_and_hashes_and_any_game_is_eq() {
    fn eq<T: Eq>(_: &T) {}
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut seen = BTreeSet::new();
    let mut hashed = HashSet::new();
    for kind in GameKind::ALL.into_iter().rev() {
        let table = AnyGame::new(&kind.config(3).expect("3"), &mut rng).expect("deal");
        eq(&table);
        let player = table.to_act().lowest().expect("a new game has a player");
        for action in table.legal_actions(player) {
            seen.insert(action);
            hashed.insert(action);
        }
    }
    assert_eq!(seen.len(), hashed.len());
    let kinds: Vec<GameKind> = seen.iter().map(AnyAction::kind).collect();
    assert!(kinds.is_sorted(), "ordered by game first: {kinds:?}");
}
