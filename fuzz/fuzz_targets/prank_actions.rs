//! Bytes pick a table of Fairy Prank (players, variant, box sound, item set)
//! and a seed, then a whole game: the contract is checked before and after
//! every step, with illegal actions mixed in. The same bytes, read as text,
//! are parsed as an action in the notation: either an error or an action
//! that reads back from what it displays, by number and by name.
#![no_main]

use fairy_ring::prank::{Action, BoxSound, Config, State, Treasures, Variant};
use libfuzzer_sys::fuzz_target;

const NAMES: [&str; 16] = [
    "a", "b", "c", "d", "e", "f", "g", "h", "i", "j", "k", "l", "m", "n", "o", "p",
];

/// Parsing `text` never panics, and what parses reads back from its text.
fn notation(text: &str) {
    if let Ok(action) = text.parse::<Action>() {
        assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
    let printed = Treasures::default();
    if let Ok(action) = Action::parse_named(text, &printed) {
        let again = action.named(&printed).to_string();
        assert_eq!(Action::parse_named(&again, &printed), Ok(action));
    }
}

fuzz_target!(|data: &[u8]| {
    if let Ok(text) = core::str::from_utf8(data) {
        notation(text);
    }
    let [players, shape, items, s0, s1, s2, s3, rest @ ..] = data else {
        return;
    };
    let players = 2 + usize::from(*players % 5);
    let variant = if shape & 1 != 0 && players >= 3 {
        Variant::Beginner
    } else {
        Variant::Standard
    };
    let box_sound = if shape & 2 != 0 {
        BoxSound::Silent
    } else {
        BoxSound::ItemCount
    };
    let seed = u64::from(u32::from_le_bytes([*s0, *s1, *s2, *s3]));
    let Ok(mut config) = Config::new(players) else {
        panic!("a valid player count was refused");
    };
    if shape & 4 != 0 {
        let count = 3 + usize::from(*items % 14);
        let Ok(treasures) = Treasures::new(NAMES.iter().copied().take(count)) else {
            panic!("a valid item set was refused");
        };
        config = config.with_treasures(treasures);
    }
    let config = config.with_variant(variant).with_box_sound(box_sound);
    fairy_ring_fuzz::actions_target::<State>(&config, seed, rest);
});
