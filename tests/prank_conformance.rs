//! The generic contract checks for every player count and variant of Fairy
//! Prank, with a serialization round trip at every step.

use fairy_ring::Game;
use fairy_ring::prank::{BoxSound, Config, State, Treasures, Variant};
use fairy_ring::testing::{Conformance, Report};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn json_roundtrip(state: &State) -> Result<State, String> {
    let text = serde_json::to_string(state).map_err(|e| e.to_string())?;
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

fn run(config: &Config, games: u32) -> Report {
    match Conformance::<State>::new(games)
        .outcomes()
        .roundtrip(json_roundtrip)
        .run::<ChaCha8Rng>(config)
    {
        Ok(report) => report,
        Err(failure) => panic!("{config:?}: {failure}"),
    }
}

#[test]
fn two_players() {
    let report = run(&Config::new(2).unwrap(), 60);
    assert_eq!(report.games, 60);
    assert!(report.most_legal_actions <= 10);
    assert!(report.most_events <= 4, "{report:?}");
}

#[test]
fn three_to_six_players_full_rules() {
    for players in 3..=6 {
        let report = run(&Config::new(players).unwrap(), 12);
        assert_eq!(report.games, 12);
        assert!(report.most_legal_actions <= 10, "{report:?}");
        assert!(report.most_events <= 4, "{report:?}");
    }
}

#[test]
fn three_to_six_players_beginner() {
    for players in 3..=6 {
        let config = Config::new(players)
            .unwrap()
            .with_variant(Variant::Beginner);
        let report = run(&config, 12);
        assert_eq!(report.games, 12);
    }
}

#[test]
fn silent_box_and_a_custom_item_set() {
    let treasures = Treasures::new(["spoon", "cork", "coin", "button"]).unwrap();
    for players in 2..=6 {
        let config = Config::new(players)
            .unwrap()
            .with_treasures(treasures)
            .with_box_sound(BoxSound::Silent);
        run(&config, 5);
    }
}

#[test]
fn sixteen_items_give_the_largest_action_list() {
    let names = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
    ];
    for variant in [Variant::Standard, Variant::Beginner] {
        let config = Config::new(3)
            .unwrap()
            .with_variant(variant)
            .with_treasures(Treasures::new(names).unwrap());
        let report = run(&config, 3);
        assert_eq!(report.most_legal_actions, 16, "{variant:?}");
        let state = State::new(&config, &mut ChaCha8Rng::seed_from_u64(0)).unwrap();
        assert!(state.max_game_length() > report.longest_game);
    }
}

/// Found by the `prank_setup` fuzz target: item names are the player's own
/// text, so one may read like notation ("hide item 4e") or like Debug output
/// ("metSome(ng"); the harness's words checks must hold for them too.
#[test]
fn item_names_that_look_like_notation_or_debug_text() {
    // "item 1" would be the notation of the first item: refused (see the
    // ruling "Prank: an item may not be named like an item's number"), as is
    // any "item N"; a number in words is a name like any other.
    let clash = [
        "wooden stick",
        "hide item 4e",
        "piece of felt",
        "metSome(ng",
        "item 1",
    ];
    assert!(Treasures::new(clash).is_err());
    let names = [
        "wooden stick",
        "hide item 4e",
        "piece of felt",
        "metSome(ng",
        "item six",
    ];
    let treasures = Treasures::new(names).unwrap();
    for players in [2, 4] {
        let config = Config::new(players).unwrap().with_treasures(treasures);
        let report = run(&config, 3);
        assert_eq!(report.games, 3);
    }
}
