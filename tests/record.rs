//! Game records replay every game exactly, step by step, through serde, and
//! refuse a damaged record, one of other rules or one of another format.

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    AnyEvent, AnyGame, Bot, Canonical, Encoder, Events, Game, GameKind, RECORD_FORMAT,
    RULES_VERSION, RandomBot, Record, RecordError, Recorder, Seat, fairy, fayre, fickle,
    position_check, prank, season,
};
use rand_chacha::ChaCha8Rng;

/// A recorded game of random bots, every position it went through and the
/// events of every move.
fn recorded(
    kind: GameKind,
    players: usize,
    seed: u64,
) -> (Record, Vec<AnyGame>, Vec<Events<AnyEvent>>) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let config = kind.config(players).expect("a seated count");
    let mut table = Recorder::<AnyGame>::new(config, &mut rng).expect("deal");
    let mut states = vec![table.state().clone()];
    let mut events = Vec::new();
    while let Some(player) = table.state().to_act().lowest() {
        let action = RandomBot
            .choose(&table.state().decision(player), &mut rng)
            .expect("a move");
        events.push(table.apply(player, action, &mut rng).expect("legal"));
        states.push(table.state().clone());
    }
    (table.into_record(), states, events)
}

#[test]
fn every_game_replays_to_every_step_and_through_json() {
    for kind in GameKind::ALL {
        let (record, states, events) = recorded(kind, 3, 21);
        assert_eq!(record.len() + 1, states.len(), "{kind}");
        assert_eq!(record.rules(), RULES_VERSION);
        assert_eq!(record.format(), RECORD_FORMAT);
        let text = serde_json::to_string(&record).expect("serializable");
        let value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        assert_eq!(
            value["format"], RECORD_FORMAT,
            "{kind}: the format is stored"
        );
        let back: Record = serde_json::from_str(&text).expect("its own text");
        assert_eq!(back.format(), RECORD_FORMAT);
        // `state_at` replays from the deal: try a few steps, the end included.
        let last = states.len() - 1;
        for step in [0, 1, last / 3, last / 2, last] {
            assert_eq!(
                back.state_at(step).as_ref(),
                Ok(&states[step]),
                "{kind} step {step}"
            );
        }
        // Step by step, with events a seat may see.
        let mut replay = back.replay().expect("replays");
        for (step, expected) in events.iter().enumerate() {
            let mover = replay.peek().map(|m| m.player).expect("a move");
            let replayed = replay.next_move().expect("replays");
            assert_eq!(&replayed, expected, "{kind} step {step}");
            let seat = Seat::Player(mover);
            assert_eq!(
                AnyGame::redact_all(&replayed, seat),
                AnyGame::redact_all(expected, seat)
            );
            assert_eq!(replay.state(), &states[step + 1]);
        }
        assert_eq!(
            replay.next_move().map(|_| ()),
            Err(RecordError::NoSuchStep {
                step: record.len() + 1,
                moves: record.len()
            })
        );
    }
}

fn damaged(record: &Record, edit: impl Fn(&mut serde_json::Value)) -> Record {
    let mut value = serde_json::to_value(record).expect("serializable");
    edit(&mut value);
    serde_json::from_value(value).expect("still a record")
}

#[test]
fn a_damaged_record_or_one_of_other_rules_is_refused_precisely() {
    let (record, _, _) = recorded(GameKind::Fayre, 4, 5);
    let moves = record.len();
    assert_eq!(
        record.state_at(moves + 1).map(|_| ()),
        Err(RecordError::NoSuchStep {
            step: moves + 1,
            moves
        })
    );
    let other_rules = damaged(&record, |v| v["rules"] = (RULES_VERSION + 1).into());
    assert_eq!(
        other_rules.state_at(0).map(|_| ()),
        Err(RecordError::RulesVersion {
            record: RULES_VERSION + 1,
            library: RULES_VERSION
        })
    );
    let short_deal = damaged(&record, |v| {
        v["deal"].as_array_mut().expect("a list").pop();
    });
    assert_eq!(
        short_deal.state_at(0).map(|_| ()),
        Err(RecordError::DealChance)
    );
    let long_deal = damaged(&record, |v| {
        v["deal"].as_array_mut().expect("a list").push(7.into());
    });
    assert_eq!(
        long_deal.state_at(0).map(|_| ()),
        Err(RecordError::DealChance)
    );
    // A move played by the wrong player.
    let wrong_player = damaged(&record, |v| {
        let player = &mut v["moves"][3]["player"];
        *player = ((player.as_u64().expect("a seat") + 1) % 4).into();
    });
    assert!(wrong_player.state_at(3).is_ok());
    assert_eq!(
        wrong_player.state_at(4).map(|_| ()),
        Err(RecordError::Refused { step: 3 })
    );
    // A move that drew chance with an extra number recorded.
    let drawing = record
        .moves()
        .iter()
        .position(|m| !m.chance.is_empty())
        .expect("some move rolls a die");
    let extra_chance = damaged(&record, |v| {
        v["moves"][drawing]["chance"]
            .as_array_mut()
            .expect("a list")
            .push(1.into());
    });
    assert_eq!(
        extra_chance.state_at(moves).map(|_| ()),
        Err(RecordError::MoveChance { step: drawing })
    );
    let missing_chance = damaged(&record, |v| {
        v["moves"][drawing]["chance"] = serde_json::Value::Array(Vec::new());
    });
    assert_eq!(
        missing_chance.state_at(moves).map(|_| ()),
        Err(RecordError::MoveChance { step: drawing })
    );
    // A check that does not match the position: the deal's, then a move's.
    let deal_check = damaged(&record, |v| {
        v["check"] = (v["check"].as_u64().expect("a check") ^ 1).into()
    });
    assert_eq!(
        deal_check.state_at(0).map(|_| ()),
        Err(RecordError::Diverged { step: None })
    );
    let move_check = damaged(&record, |v| {
        let check = &mut v["moves"][5]["check"];
        *check = (check.as_u64().expect("a check") ^ 1).into();
    });
    assert!(move_check.state_at(5).is_ok());
    assert_eq!(
        move_check.state_at(6).map(|_| ()),
        Err(RecordError::Diverged { step: Some(5) })
    );
    // Another rules version is the first thing said, whatever the step.
    assert_eq!(
        other_rules.state_at(moves + 7).map(|_| ()),
        Err(RecordError::RulesVersion {
            record: RULES_VERSION + 1,
            library: RULES_VERSION
        })
    );
    assert!(serde_json::from_str::<Record>("{\"rules\":1}").is_err());
}

/// A damaged number of chance never replays into another game: either the
/// game is the same (the number did not matter) or the record is refused.
#[test]
fn damaged_chance_never_replays_into_another_game() {
    let (record, states, _) = recorded(GameKind::Fayre, 3, 4);
    let end = states.last().expect("an end");
    let mut refused = 0;
    for (step, played) in record.moves().iter().enumerate() {
        if played.chance.is_empty() {
            continue;
        }
        let flipped = damaged(&record, |v| {
            let draw = &mut v["moves"][step]["chance"][0];
            *draw = (draw.as_u64().expect("a draw") ^ (1 << 31)).into();
        });
        match flipped.state_at(record.len()) {
            Ok(state) => assert_eq!(&state, end, "move {step} replayed into another game"),
            Err(_) => refused += 1,
        }
    }
    assert!(refused > 0);
}

/// A stored game goes on being recorded where it stopped.
#[test]
fn a_recorder_resumes_a_stored_game() {
    let (record, states, _) = recorded(GameKind::Fickle, 3, 2);
    let half = record.len() / 2;
    let mut text = serde_json::to_value(&record).expect("serializable");
    text["moves"].as_array_mut().expect("a list").truncate(half);
    let stored: Record = serde_json::from_value(text).expect("a record");
    let mut table = Recorder::resume(stored).expect("replays");
    assert_eq!(table.state(), &states[half]);
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let player = table.state().to_act().lowest().expect("mid-game");
    let action = RandomBot
        .choose(&table.state().decision(player), &mut rng)
        .expect("a move");
    table.apply(player, action, &mut rng).expect("legal");
    assert_eq!(table.record().len(), half + 1);
    assert_eq!(
        table.record().state_at(half + 1).as_ref(),
        Ok(table.state())
    );
}

/// The stored record of `kind` (`<game>.json`, format 2) and its stored
/// outcome.
fn stored(kind: GameKind) -> (String, String) {
    let path = format!("{}/tests/records/{}", env!("CARGO_MANIFEST_DIR"), kind.id());
    let text = read(&format!("{path}.json"));
    let outcome = read(&format!("{path}.outcome"));
    (text, outcome.trim_end().to_string())
}

/// The record of `kind` as an earlier 0.2 build wrote it
/// (`<game>.format1.json`: no `format` field, checks of `Debug` text, the
/// configs and actions in their earlier JSON shapes), byte for byte.
fn format_1(kind: GameKind) -> String {
    read(&format!(
        "{}/tests/records/{}.format1.json",
        env!("CARGO_MANIFEST_DIR"),
        kind.id()
    ))
}

fn read(file: &str) -> String {
    std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{file}: {e}"))
}

/// Records stored by an earlier build replay to the same end: the rules
/// have not changed under `RULES_VERSION` (if one does on purpose, bump the
/// version and store new records), and replay is the same on every
/// platform.
#[test]
fn stored_records_replay_to_their_stored_outcome() {
    for kind in GameKind::ALL {
        let (text, outcome) = stored(kind);
        assert!(text.starts_with("{\"format\":2,"), "{kind}");
        let record: Record = serde_json::from_str(&text).expect("a record");
        assert_eq!(record.format(), RECORD_FORMAT, "{kind}");
        let end = record
            .state_at(record.len())
            .expect("replays under these rules");
        assert_eq!(end.kind(), kind);
        let told = end
            .outcome()
            .map(|o| o.to_string())
            .expect("a finished game");
        assert_eq!(told, outcome, "{kind}");
        // Written back, it is the same text: `format` first.
        assert_eq!(
            serde_json::to_string(&record).expect("text"),
            text,
            "{kind}"
        );
    }
}

/// What every refused record of format 1 is told.
fn assert_told_format_1(error: &serde_json::Error, what: &str) {
    let told = error.to_string();
    for words in [
        "written by an earlier fairy-ring 0.2 build",
        "record format 1",
        "no \"format\" field",
        "this version of fairy-ring reads record format 2",
        "replay it with the fairy-ring build that wrote it",
    ] {
        assert!(told.contains(words), "{what}: {told:?} lacks {words:?}");
    }
}

/// Every record an earlier 0.2 build wrote (format 1, old JSON shapes) is
/// refused with an error that says so and what to do, never the raw error
/// of the first old shape met ("unknown variant `Standard`").
#[test]
fn a_record_of_format_1_is_refused_with_a_clear_error() {
    for kind in GameKind::ALL {
        let text = format_1(kind);
        assert!(!text.contains("\"format\""), "{kind}: a format-1 original");
        let error = serde_json::from_str::<Record>(&text).expect_err("format 1");
        assert_told_format_1(&error, kind.id());
        assert!(!error.to_string().contains("unknown variant"), "{error}");
    }
}

/// Without a `format` field a record is of format 1 and refused, even when
/// its body would read in the current shapes, whatever the order of its
/// fields, and even when the old shape that fails is a move's.
#[test]
fn a_record_without_a_format_is_refused_whatever_its_body() {
    for kind in GameKind::ALL {
        let (text, _) = stored(kind);
        let mut value: serde_json::Value = serde_json::from_str(&text).expect("JSON");
        value.as_object_mut().expect("an object").remove("format");
        let error = serde_json::from_value::<Record>(value.clone()).expect_err("no format");
        assert_told_format_1(&error, kind.id());
        // The moves first, with an action in no shape this version reads.
        let object = value.as_object().expect("an object");
        let mut moves = object["moves"].clone();
        moves[0]["action"] = serde_json::json!({ kind.id(): {"Old": 0} });
        let mut reordered = format!("{{\"moves\":{moves}");
        for (key, field) in object.iter().filter(|(key, _)| *key != "moves") {
            reordered += &format!(",\"{key}\":{field}");
        }
        reordered += "}";
        let error = serde_json::from_str::<Record>(&reordered).expect_err("no format");
        assert_told_format_1(&error, &reordered);
    }
    // Text that is no record at all is not told it is an old one.
    let error = serde_json::from_str::<Record>("{}").expect_err("no record");
    assert!(
        error.to_string().contains("missing field `format`"),
        "{error}"
    );
}

/// A record of a format this library does not know is refused when read,
/// with the format it has and the one read, before anything else of it
/// (here a rules version this library does not play, and a config in no
/// shape it reads), wherever its `format` stands.
#[test]
fn a_record_of_an_unknown_format_is_refused() {
    let (record, _, _) = recorded(GameKind::Prank, 3, 8);
    for format in [0, 1, RECORD_FORMAT + 1, u32::MAX] {
        let text = serde_json::to_string(&record).expect("text");
        let body = text
            .strip_prefix(&format!(
                "{{\"format\":{RECORD_FORMAT},\"rules\":{RULES_VERSION},"
            ))
            .expect("format, then rules");
        let rules = RULES_VERSION + 1;
        let first = format!("{{\"format\":{format},\"rules\":{rules},{body}");
        let body = body.strip_suffix('}').expect("an object");
        let last = format!("{{\"rules\":{rules},{body},\"format\":{format}}}");
        let old_config = first.replacen("\"standard\"", "\"Standard\"", 1);
        assert_ne!(old_config, first);
        for text in [first, last, old_config] {
            let error = serde_json::from_str::<Record>(&text).expect_err("unknown format");
            let told = error.to_string();
            assert!(
                told.contains(&format!("record format {format}, which this version of fairy-ring does not read (it reads record format {RECORD_FORMAT})")),
                "{told}"
            );
        }
    }
}

/// The format is checked in a record stored as a list of its fields too
/// (how a format without field names, like bincode, stores it).
#[test]
fn a_record_stored_as_a_list_reads_and_checks_its_format() {
    let (record, _, _) = recorded(GameKind::Fairy, 2, 3);
    let value = serde_json::to_value(&record).expect("serializable");
    let fields = ["format", "rules", "config", "deal", "check", "moves"];
    let list: Vec<_> = fields.iter().map(|field| value[field].clone()).collect();
    let back: Record = serde_json::from_value(list.clone().into()).expect("a record");
    assert_eq!(serde_json::to_value(&back).expect("serializable"), value);
    let mut other = list.clone();
    other[0] = (RECORD_FORMAT + 1).into();
    let error = serde_json::from_value::<Record>(other.into()).expect_err("unknown format");
    assert!(error.to_string().contains("does not read"), "{error}");
    assert!(serde_json::from_value::<Record>(list[..5].to_vec().into()).is_err());
}

/// 32-bit FNV-1a of the checks' little-endian bytes: one number for every
/// position of a game.
fn digest(checks: impl IntoIterator<Item = u32>) -> u32 {
    checks
        .into_iter()
        .flat_map(u32::to_le_bytes)
        .fold(0x811c_9dc5, |hash, byte| {
            (hash ^ u32::from(byte)).wrapping_mul(0x0100_0193)
        })
}

/// The check of a position in the game's own type, through its setup.
fn own_check(state: &AnyGame) -> u32 {
    match state.to_setup() {
        fairy_ring::AnySetup::Fairy(s) => {
            position_check(&fairy::State::try_from(s).expect("valid"))
        }
        fairy_ring::AnySetup::Prank(s) => {
            position_check(&prank::State::try_from(s).expect("valid"))
        }
        fairy_ring::AnySetup::Season(s) => {
            position_check(&season::State::try_from(s).expect("valid"))
        }
        fairy_ring::AnySetup::Fickle(s) => {
            position_check(&fickle::State::try_from(s).expect("valid"))
        }
        fairy_ring::AnySetup::Fayre(s) => {
            position_check(&fayre::State::try_from(s).expect("valid"))
        }
        _ => unreachable!("five games"),
    }
}

/// Golden values: the check of fixed positions of every game (after the
/// stored record's deal, at its end, and all its positions in one digest).
/// They change only when the canonical encoding does: then this test
/// changes with it, on purpose, and `RECORD_FORMAT` goes up. Nothing here
/// goes through `Debug`, a derived `Hash` or the platform's byte order.
#[test]
fn every_game_pins_the_check_of_fixed_positions() {
    let golden: [(GameKind, u32, u32, u32); 5] = [
        (GameKind::Fairy, 0x0bfb_bb99, 0xa2ba_90f9, 0x89c9_55f8),
        (GameKind::Prank, 0xff14_263b, 0xa9e2_48a4, 0xb8c1_df2b),
        (GameKind::Season, 0xa7bc_98ea, 0xdbea_696b, 0xb3d8_f8ac),
        (GameKind::Fickle, 0xc79f_8490, 0x8e55_2fb4, 0x7968_063f),
        (GameKind::Fayre, 0xf83a_d88d, 0xff84_e40c, 0x7c8b_238c),
    ];
    let mut seen = Vec::new();
    for (kind, _, _, _) in golden {
        let record: Record = serde_json::from_str(&stored(kind).0).expect("a record");
        let mut replay = record.replay().expect("replays");
        let mut checks = vec![position_check(replay.state())];
        assert_eq!(
            own_check(replay.state()),
            checks[0],
            "{kind}: AnyGame = own"
        );
        while replay.peek().is_some() {
            replay.next_move().expect("replays");
            checks.push(position_check(replay.state()));
        }
        assert_eq!(own_check(replay.state()), position_check(replay.state()));
        let deal = checks[0];
        seen.push((kind, deal, position_check(replay.state()), digest(checks)));
    }
    assert_eq!(seen, golden);
}

/// Golden values for positions written by hand (no deal, no rules engine
/// between the setup and its check).
#[test]
fn positions_written_by_hand_have_pinned_checks() {
    let mut fairy = fairy::Setup::new(2).expect("2 players");
    fairy.discard_pile = [fairy::Card::new(7)].into_iter().flatten().collect();
    fairy.draw_pile = (1..=21)
        .filter(|&n| n != 7)
        .filter_map(fairy::Card::new)
        .collect();
    let fairy = fairy::State::try_from(fairy).expect("valid");
    let prank = prank::State::try_from(prank::Setup::new(4).expect("4 players")).expect("valid");
    let mut season = season::Setup::new(3).expect("3 players");
    season.fill_deck();
    let season = season::State::try_from(season).expect("valid");
    let fayre = fayre::State::try_from(fayre::Setup::new(2).expect("2 players")).expect("valid");
    let seen = [
        position_check(&fairy),
        position_check(&prank),
        position_check(&season),
        position_check(&fayre),
    ];
    assert_eq!(seen, [0x2282_ddb9, 0x923a_4af9, 0xb840_b3e2, 0x194c_177a]);
}

/// The check of any canonically encoded value.
fn check_of(value: &impl Canonical) -> u32 {
    let mut encoder = Encoder::new();
    value.encode(&mut encoder);
    encoder.finish()
}

/// Card data a game keeps behind accessors is encoded whole: two setups that
/// differ only in the last Season Fairy's ability, a Goblin's effect, the
/// last Mini Game's card, the Mischief mix or an item's name have different
/// checks.
#[test]
fn card_data_behind_accessors_is_in_the_check() {
    let differ = |one: &dyn Fn() -> u32, other: &dyn Fn() -> u32, what: &str| {
        assert_ne!(one(), other(), "{what}");
    };
    let season_with = |ability: season::Ability, effect: season::GoblinEffect| {
        let mut setup = season::Setup::new(3).expect("3 players");
        setup.cards = setup
            .cards
            .with_ability(season::Season::Winter, 8, ability)
            .expect("Winter 8")
            .with_goblin(season::Goblin::Sneaky, effect);
        check_of(&setup)
    };
    let ability = |draw| season::Ability { draw, stash: 0 };
    let draw = season::GoblinEffect::Draw(1);
    differ(
        &|| season_with(ability(1), draw),
        &|| season_with(ability(2), draw),
        "Winter 8's ability",
    );
    differ(
        &|| season_with(ability(1), draw),
        &|| season_with(ability(1), season::GoblinEffect::Draw(2)),
        "the last Goblin's effect",
    );
    let fayre_with = |magic: u8, counts: [usize; 6]| {
        let mut setup = fayre::Setup::new(2).expect("2 players");
        let game = fayre::MiniGame::TugOfWar;
        let mut card = setup.config.mini_games.get(game);
        card.magic = fayre::Face::new(magic).expect("a face");
        setup.config.mini_games.set(game, card);
        setup.config.mischief = fayre::CardCounts::new(counts).expect("counts");
        check_of(&setup)
    };
    differ(
        &|| fayre_with(1, [1; 6]),
        &|| fayre_with(2, [1; 6]),
        "the last Mini Game's card",
    );
    differ(
        &|| fayre_with(1, [1; 6]),
        &|| fayre_with(1, [1, 1, 1, 1, 1, 2]),
        "the Mischief mix",
    );
    let prank_with = |last: &str| {
        let names = ["a", "b", "c", "d", "e", "f", "g", last];
        let treasures = prank::Treasures::new(names).expect("names");
        let config = prank::Config::new(3)
            .expect("3 players")
            .with_treasures(treasures);
        check_of(&prank::Setup::with_config(config).expect("a config"))
    };
    differ(
        &|| prank_with("h"),
        &|| prank_with("i"),
        "the last item's name",
    );
}
