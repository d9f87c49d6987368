//! `legal_actions` (written from the rules) and `apply` (which checks the
//! one action it is given) agree on every action of every seat, at every
//! step of random games: the listed actions are exactly the accepted ones.

use fairy_ring::prank::{Action, BoxSound, Config, Item, State, Treasures, Variant};
use fairy_ring::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Every action over items 0 to 17 (past the largest item set).
fn universe() -> Vec<Action> {
    let mut all = vec![Action::EndSelection, Action::DoneHiding];
    for i in 0..18 {
        let item = Item(i);
        all.extend([
            Action::Select(item),
            Action::Remove(item),
            Action::Guess(item),
        ]);
    }
    all
}

fn check_games(config: &Config, games: u64) {
    let universe = universe();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(config, &mut rng).unwrap();
        loop {
            for seat in 0..7u8 {
                let player = Player(seat);
                let legal = state.legal_actions(player);
                for &action in &universe {
                    let mut copy = state;
                    let accepted = copy.apply(player, action, &mut rng).is_ok();
                    assert_eq!(
                        accepted,
                        legal.contains(&action),
                        "{action:?} of {player:?} in {state:?}"
                    );
                    if !accepted {
                        assert_eq!(copy, state);
                    }
                }
            }
            let Some(player) = state.to_act().lowest() else {
                break;
            };
            let legal = state.legal_actions(player);
            let pick = fairy_ring::rng::index(&mut rng, legal.len());
            state.apply(player, legal[pick], &mut rng).unwrap();
        }
    }
}

#[test]
fn every_player_count_and_variant() {
    for players in 2..=6 {
        check_games(&Config::new(players).unwrap(), 8);
        if players >= 3 {
            let beginner = Config::new(players)
                .unwrap()
                .with_variant(Variant::Beginner);
            check_games(&beginner, 8);
        }
    }
}

#[test]
fn small_and_largest_item_sets() {
    let small = Treasures::new(["spoon", "cork", "coin"]).unwrap();
    let names = [
        "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
    ];
    let large = Treasures::new(names).unwrap();
    for treasures in [small, large] {
        for players in 2..=4 {
            let config = Config::new(players)
                .unwrap()
                .with_treasures(treasures)
                .with_box_sound(BoxSound::Silent);
            check_games(&config, 3);
        }
    }
}

/// Names are compared once normalized (case, spaces); the quick key used to
/// skip most comparisons must not hide a clash, ASCII or not.
#[test]
fn item_name_clashes_are_found_whatever_the_script() {
    // The Kelvin sign lowers to an ASCII "k".
    assert!(Treasures::new(["key", "cork", "\u{212A}ey"]).is_err());
    assert!(Treasures::new(["\u{212A}EY", "cork", " key "]).is_err());
    assert!(Treasures::new(["red  key", "cork", "RED\u{0B}KEY"]).is_err());
    assert!(Treasures::new(["red key", "cork", "RED\u{A0}KEY"]).is_err());
    assert!(Treasures::new(["red key", "cork", "redkey"]).is_ok());
    assert!(Treasures::new(["Éclair", "cork", "éCLAIR"]).is_err());
    assert!(Treasures::new(["éclair", "cork", "eclair"]).is_ok());
    // Equal lengths and first letters, different names.
    assert!(Treasures::new(["long spoon one", "long spoon two", "cork"]).is_ok());
    assert!(Treasures::new(["long spoon one", "cork", "LONG  spoon ONE"]).is_err());
    // A name of only whitespace, ASCII or not, is empty.
    for blank in ["", " ", "\t\u{0B}\n", "\u{A0}", " \u{3000} "] {
        let error = Treasures::new(["spoon", "cork", blank]).unwrap_err();
        assert!(
            error.to_string().contains("empty name"),
            "{blank:?}: {error}"
        );
    }
    // U+001F is not whitespace: a name of its own.
    assert!(Treasures::new(["spoon", "cork", "\u{1F}"]).is_ok());
}
