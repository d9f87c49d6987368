//! Game records replay every game exactly, step by step, through serde, and
//! refuse a damaged record or one of other rules.

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    AnyEvent, AnyGame, Bot, Events, Game, GameKind, RULES_VERSION, RandomBot, Record, RecordError,
    Recorder, Seat,
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
        let text = serde_json::to_string(&record).expect("serializable");
        let back: Record = serde_json::from_str(&text).expect("its own text");
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

/// Records stored by an earlier build replay to the same end: the rules have
/// not changed under `RULES_VERSION` (if one does on purpose, bump the
/// version and store new records), and replay is the same on every platform.
#[test]
fn stored_records_replay_to_their_stored_outcome() {
    for kind in GameKind::ALL {
        let path = format!("{}/tests/records/{}", env!("CARGO_MANIFEST_DIR"), kind.id());
        let text = std::fs::read_to_string(format!("{path}.json")).expect("a stored record");
        let outcome = std::fs::read_to_string(format!("{path}.outcome")).expect("its outcome");
        let record: Record = serde_json::from_str(&text).expect("a record");
        let end = record
            .state_at(record.len())
            .expect("replays under these rules");
        assert_eq!(end.kind(), kind);
        let told = end
            .outcome()
            .map(|o| o.to_string())
            .expect("a finished game");
        assert_eq!(told, outcome.trim_end(), "{kind}");
    }
}
