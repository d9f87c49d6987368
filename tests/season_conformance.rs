//! The generic contract checks, for every player count and a custom card set.

use fairy_ring::season::{Ability, CardSet, Config, Goblin, GoblinEffect, State};
use fairy_ring::testing::Conformance;
use rand_chacha::ChaCha8Rng;

fn json_roundtrip(state: &State) -> Result<State, String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

fn check(config: &Config, games: u32, seed: u64) {
    let report = Conformance::<State>::new(games)
        .outcomes()
        .seed(seed)
        .roundtrip(json_roundtrip)
        .run::<ChaCha8Rng>(config)
        .unwrap_or_else(|failure| panic!("{failure}"));
    assert_eq!(report.games, games);
    assert!(report.most_legal_actions <= 91, "{report:?}");
    assert!(report.most_events <= 40, "{report:?}");
    assert!(report.refusals > 0);
}

#[test]
fn three_players() -> Result<(), fairy_ring::ConfigError> {
    check(&Config::new(3)?, 8, 0);
    Ok(())
}

#[test]
fn four_players() -> Result<(), fairy_ring::ConfigError> {
    check(&Config::new(4)?, 8, 100);
    Ok(())
}

#[test]
fn five_players() -> Result<(), fairy_ring::ConfigError> {
    check(&Config::new(5)?, 8, 200);
    Ok(())
}

/// A custom printing: every Season Fairy draws one and stashes one, and the
/// Goblins use every primitive at its largest amount.
#[test]
fn custom_card_set() -> Result<(), fairy_ring::ConfigError> {
    let effects = [
        GoblinEffect::PassAround(3),
        GoblinEffect::SwapHands,
        GoblinEffect::StealFromStash(3),
        GoblinEffect::GrabFromSwarm(3),
        GoblinEffect::PlayFromStash,
        GoblinEffect::StashFromHand(3),
        GoblinEffect::Draw(3),
        GoblinEffect::PassAround(1),
    ];
    let cards = Goblin::ALL.into_iter().zip(effects).fold(
        CardSet::default().with_every_ability(Ability::new(1, 1)),
        |cards, (goblin, effect)| cards.with_goblin(goblin, effect),
    );
    check(&Config::new(4)?.with_cards(cards), 8, 300);
    Ok(())
}
