//! Items by name: `Treasures::find` and `Item::named` round-trip for every
//! item of every valid set, whatever the case and spacing; `Item` parses
//! back what it displays.

use fairy_ring::prank::{
    Item, Items, MAX_ITEMS, ParseItemError, STANDARD_ITEMS, Treasures, UnknownItem,
};
use proptest::prelude::*;

/// `name` with the case of some letters flipped and extra spaces around
/// and between its words, as `pattern` decides.
fn mangled(name: &str, pattern: u64) -> String {
    let mut out = String::new();
    let mut bits = pattern;
    let mut next = || {
        bits = bits.rotate_left(1) ^ 0x9e37_79b9_7f4a_7c15;
        bits & 1 == 1
    };
    if next() {
        out.push_str(" \t");
    }
    for c in name.chars() {
        if c.is_whitespace() {
            out.push(if next() { '\t' } else { ' ' });
            if next() {
                out.push(' ');
            }
        } else if next() {
            out.extend(c.to_uppercase());
        } else {
            out.push(c);
        }
    }
    if next() {
        out.push_str("  \n");
    }
    out
}

#[test]
fn every_printed_item_is_found_by_its_name() {
    let printed = Treasures::default();
    for (index, name) in STANDARD_ITEMS.iter().enumerate() {
        let item = printed.item(index).unwrap();
        assert_eq!(item.index(), index);
        assert_eq!(printed.find(name), Some(item));
        assert_eq!(item.named(&printed).to_string(), *name);
        assert_eq!(printed.name(item), Some(*name));
    }
    assert_eq!(printed.find("Metal Ring"), Some(Item(9)));
    assert_eq!(printed.find("metal  ring "), Some(Item(9)));
    assert_eq!(printed.find("metalring"), None);
    assert_eq!(printed.find("crown"), None);
    assert_eq!(
        printed.iter().map(|(item, _)| item).collect::<Items>(),
        printed.all()
    );
    assert_eq!(printed.names().collect::<Vec<_>>(), STANDARD_ITEMS);
}

#[test]
fn item_sets_show_as_lists_of_names() {
    let printed = Treasures::default();
    let set: Items = [Item(9), Item(0), Item(3)].into_iter().collect();
    assert_eq!(
        set.named(&printed).to_string(),
        "wooden stick, piece of felt, metal ring"
    );
    assert_eq!(Items::EMPTY.named(&printed).to_string(), "nothing");
    assert_eq!(Item(15).named(&printed).to_string(), "item 16");
}

#[test]
fn names_alike_but_for_case_or_spaces_are_one_name() {
    assert!(Treasures::new(["Spoon", "spoon", "cork"]).is_err());
    assert!(Treasures::new(["tea spoon", "tea  spoon", "cork"]).is_err());
    assert!(Treasures::new(["tea spoon", "teaspoon", "cork"]).is_ok());
    assert!(Treasures::new(["   ", "spoon", "cork"]).is_err());
}

#[test]
fn item_numbers_parse_precisely() {
    assert_eq!("item 1".parse(), Ok(Item(0)));
    assert_eq!("ITEM 16".parse(), Ok(Item(15)));
    assert_eq!("item 0".parse::<Item>(), Err(ParseItemError::OutOfRange));
    assert_eq!("item 17".parse::<Item>(), Err(ParseItemError::OutOfRange));
    assert_eq!("item 200".parse::<Item>(), Err(ParseItemError::OutOfRange));
    assert_eq!("item 256".parse::<Item>(), Err(ParseItemError::OutOfRange));
    assert_eq!(
        "item 99999999999".parse::<Item>(),
        Err(ParseItemError::OutOfRange)
    );
    for text in [
        "", "item", "item +3", "item 3 4", "die", "3", "items 3", "item -1",
    ] {
        assert_eq!(
            text.parse::<Item>(),
            Err(ParseItemError::NotAnItem),
            "{text:?}"
        );
    }
}

/// Review finding: "item 200" parsed as `Item(199)`, which
/// `Item::from_index` refuses (an item set holds 16 items at most).
#[test]
fn parsing_agrees_with_from_index() {
    for number in 0..=300usize {
        let parsed = format!("item {number}").parse::<Item>().ok();
        let indexed = number.checked_sub(1).and_then(Item::from_index);
        assert_eq!(parsed, indexed, "item {number}");
    }
    assert_eq!(
        ParseItemError::OutOfRange.to_string(),
        "an item number is between 1 and 16"
    );
}

/// A name is not an `Item`: the error says how an item is written, in
/// words a person reads (no Rust names).
#[test]
fn parsing_a_name_says_how_an_item_is_written() {
    let error = "marble".parse::<Item>().unwrap_err();
    assert_eq!(error, ParseItemError::NotAnItem);
    assert_eq!(
        error.to_string(),
        "an item is written \"item\" and its number, such as \"item 3\" (names are read against the table's item set)"
    );
}

#[test]
fn errors_are_errors() {
    fn error<E: core::error::Error + Send + Sync + 'static>(_: &E) {}
    error(&ParseItemError::NotAnItem);
    let unknown: UnknownItem = Treasures::default().parse("crown").unwrap_err();
    error(&unknown);
    assert_eq!(unknown.asked(), "crown");
}

proptest! {
    /// Every item a set can hold displays as "item N" and parses back;
    /// beyond them, what `Item` displays does not parse, as `from_index`
    /// refuses the index.
    #[test]
    fn every_item_number_round_trips(index in any::<u8>()) {
        let item = Item(index);
        let parsed = item.to_string().parse::<Item>().ok();
        prop_assert_eq!(parsed, Item::from_index(item.index()));
        if item.index() < MAX_ITEMS {
            prop_assert_eq!(parsed, Some(item));
        }
    }

    #[test]
    fn every_item_of_a_set_round_trips_through_its_name(
        names in proptest::collection::vec("[a-zA-Zé ]{1,10}", 3..=16),
        pattern in any::<u64>(),
    ) {
        let names: Vec<&str> = names.iter().map(String::as_str).collect();
        let Ok(set) = Treasures::new(names.iter().copied()) else {
            return Ok(());
        };
        for (item, name) in set.iter() {
            prop_assert_eq!(set.find(&item.named(&set).to_string()), Some(item));
            prop_assert_eq!(set.find(&mangled(name, pattern)), Some(item));
            prop_assert_eq!(set.parse(name), Ok(item));
        }
        let unknown = set.parse("no such item!");
        prop_assert!(unknown.is_err());
    }

    #[test]
    fn the_printed_items_survive_any_case_and_spacing(pattern in any::<u64>()) {
        let printed = Treasures::default();
        for (item, name) in printed.iter() {
            prop_assert_eq!(printed.find(&mangled(name, pattern)), Some(item));
        }
    }
}

/// The ruling "Prank: item names" is a breaking change: a state saved by
/// 0.1 whose item set has two names alike but for case or spacing no longer
/// loads, and a config or setup with such a set is refused when played.
#[test]
fn a_saved_state_with_names_alike_no_longer_loads() {
    use fairy_ring::Game;
    use fairy_ring::prank::{Config, Setup, State};
    use rand_core::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
    let kitchen = Treasures::new(["Cork", "spoon", "coin"]).unwrap();
    let config = Config::new(3).unwrap().with_treasures(kitchen);
    let state = State::new(&config, &mut rng).unwrap();
    let saved = serde_json::to_string(&state).unwrap();
    assert!(saved.contains(r#"["Cork","spoon","coin"]"#), "{saved}");
    // What 0.1 could save: "Cork" and "cork" as two items.
    let saved_by_0_1 = saved.replace(r#""spoon""#, r#""cork""#);
    let loaded = serde_json::from_str::<State>(&saved_by_0_1);
    let error = loaded.unwrap_err().to_string();
    assert!(error.contains("two items share a name"), "{error}");
    // A config or setup still deserializes, but cannot be played.
    let setup: Setup = serde_json::from_str(&saved_by_0_1).unwrap();
    assert!(State::new(&setup.config, &mut rng).is_err());
    assert!(State::try_from(setup).is_err());
}
