//! `AnyGame`: every kind passes the conformance harness behind the one type,
//! refuses actions of another game, and serializes tagged by its game.

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::testing::Conformance;
use fairy_ring::{
    ActionError, AnyAction, AnyGame, AnyViolation, Game, GameKind, Player, fairy, season,
};
use rand_chacha::ChaCha8Rng;

fn json_roundtrip(state: &AnyGame) -> Result<AnyGame, String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

#[test]
fn every_kind_passes_the_conformance_harness_behind_any_game() {
    for kind in GameKind::ALL {
        for players in [*kind.players().start(), 4] {
            let config = kind.config(players).expect("a seated count");
            let report = Conformance::<AnyGame>::new(3)
                .roundtrip(json_roundtrip)
                .run::<ChaCha8Rng>(&config)
                .unwrap_or_else(|failure| panic!("{kind} {players}p: {failure}"));
            assert_eq!(report.games, 3, "{kind}");
        }
    }
}

/// The same seed and choices give the same game behind `AnyGame` as played
/// directly: the wrapper adds nothing and loses nothing.
#[test]
fn any_game_plays_exactly_like_the_game_inside() {
    let config = season::Config::new(4).expect("4 players");
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut direct = season::State::new(&config, &mut rng).expect("deal");
    let mut any_rng = ChaCha8Rng::seed_from_u64(11);
    let mut any = AnyGame::new(&config.into(), &mut any_rng).expect("deal");
    let mut picks = ChaCha8Rng::seed_from_u64(3);
    while let Some(player) = direct.to_act().lowest() {
        let legal = direct.legal_actions(player);
        let wrapped: Vec<AnyAction> = legal.iter().map(|&a| AnyAction::Season(a)).collect();
        assert_eq!(any.legal_actions(player).as_slice(), wrapped.as_slice());
        let action = *fairy_ring::rng::choose(&mut picks, &legal).expect("a move");
        let events = direct.apply(player, action, &mut rng).expect("legal");
        let any_events = any
            .apply(player, AnyAction::Season(action), &mut any_rng)
            .expect("legal");
        assert_eq!(any_events.len(), events.len());
        assert_eq!(
            any.view_for(player.into()),
            fairy_ring::AnyView::Season(direct.view_for(player.into()))
        );
    }
    assert_eq!(any.outcome(), direct.outcome());
    assert_eq!(any, AnyGame::Season(direct));
}

#[test]
fn an_action_of_another_game_is_refused_and_changes_nothing() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut table = AnyGame::new(&GameKind::Season.config(3).expect("3"), &mut rng).expect("deal");
    let before = table.clone();
    let player = table.to_act().lowest().expect("someone to act");
    let refused = table.apply(player, AnyAction::Fairy(fairy::Guess::Higher), &mut rng);
    assert_eq!(
        refused.map(|_| ()),
        Err(ActionError::Illegal(AnyViolation::WrongGame {
            table: GameKind::Season,
            action: GameKind::Fairy,
        }))
    );
    assert_eq!(table, before);
    let waiting = (0..3)
        .map(Player)
        .find(|p| !table.to_act().contains(*p))
        .expect("a waiting player");
    let refused = table.apply(waiting, AnyAction::Fairy(fairy::Guess::Higher), &mut rng);
    assert_eq!(
        refused.map(|_| ()),
        Err(ActionError::NotToAct { player: waiting })
    );
    let refused = table.apply(Player(7), AnyAction::Fairy(fairy::Guess::Higher), &mut rng);
    assert_eq!(
        refused.clone().map(|_| ()),
        Err(ActionError::NoSuchPlayer { player: Player(7) })
    );
    assert!(refused.err().is_some_and(|e| !e.to_string().is_empty()));
}

#[test]
fn serde_tags_each_value_with_its_game() {
    let action = AnyAction::Fairy(fairy::Guess::SameSuit);
    let text = serde_json::to_string(&action).expect("serializable");
    assert!(text.starts_with("{\"fairy\":"), "{text}");
    assert_eq!(serde_json::from_str::<AnyAction>(&text).ok(), Some(action));
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let table = AnyGame::new(&GameKind::Fickle.config(3).expect("3"), &mut rng).expect("deal");
    let text = serde_json::to_string(&table).expect("serializable");
    assert!(text.starts_with("{\"fickle\":"), "{}", &text[..20]);
    let back: AnyGame = serde_json::from_str(&text).expect("its own text");
    assert_eq!(back, table);
    assert!(serde_json::from_str::<AnyGame>(&text.replacen("fickle", "fayre", 1)).is_err());
}

/// Every legal action of every game reads back through the table's notation
/// and through the tagged form, and no two of one player's choices read alike
/// in the seat's words.
#[test]
fn every_action_reads_back_at_its_table_and_tagged() {
    use fairy_ring::{ActionInView, AnyParseError};
    use std::collections::HashSet;
    for kind in GameKind::ALL {
        let mut rng = ChaCha8Rng::seed_from_u64(8);
        let mut table = AnyGame::new(&kind.config(3).expect("3"), &mut rng).expect("deal");
        let mut checked = 0;
        while let Some(player) = table.to_act().lowest() {
            let decision = table.decision(player);
            let mut words = HashSet::new();
            for action in &decision.legal {
                assert_eq!(
                    table.parse_action(&action.to_string()),
                    Ok(*action),
                    "{kind}"
                );
                let tagged = action.tagged().to_string();
                assert!(tagged.starts_with(kind.id()), "{tagged}");
                assert_eq!(tagged.parse::<AnyAction>(), Ok(*action), "{kind}");
                assert_eq!(table.parse_action(&tagged), Ok(*action), "{kind}");
                let said = ActionInView::<AnyGame>::new(&decision.view, action).to_string();
                assert!(
                    words.insert(said.clone()),
                    "{kind}: two choices read {said}"
                );
                checked += 1;
            }
            let action = *fairy_ring::rng::choose(&mut rng, &decision.legal).expect("a move");
            table.apply(player, action, &mut rng).expect("legal");
        }
        assert!(checked > 20, "{kind}: {checked}");
        let other = GameKind::ALL
            .into_iter()
            .find(|k| *k != kind)
            .expect("another game");
        assert_eq!(
            table.parse_action(&format!("{}: pass", other.id())),
            Err(AnyParseError::WrongGame {
                table: kind,
                named: other
            })
        );
    }
    assert_eq!("higher".parse::<AnyAction>(), Err(AnyParseError::NoGame));
    let mut rng = ChaCha8Rng::seed_from_u64(8);
    let fairy_table = AnyGame::new(&GameKind::Fairy.config(2).expect("2"), &mut rng).expect("deal");
    assert!(matches!(
        fairy_table.parse_action("chess: higher"),
        Err(AnyParseError::UnknownGame(_))
    ));
    assert!(matches!(
        "chess: e4".parse::<AnyAction>(),
        Err(AnyParseError::UnknownGame(_))
    ));
    assert!(matches!(
        "fairy: sideways".parse::<AnyAction>(),
        Err(AnyParseError::Fairy(_))
    ));
}
