//! Cards, Families, Recommended Sets and Directions are named in the
//! players' words and parsed back.

use fairy_ring::fickle::{
    CARDS_PER_FAMILY, Card, DEFAULT_FAVOR, Direction, Family, FavorTable, ParseError,
    RecommendedSet,
};

#[test]
fn every_card_name_round_trips() {
    let mut names = std::collections::BTreeSet::new();
    for family in Family::ALL {
        for card in Card::of(family) {
            let name = card.to_string();
            assert_eq!(name.parse::<Card>(), Ok(card), "{name}");
            assert_eq!(Card::parse(&name), Ok(card));
            assert!(names.insert(name), "names are unique");
        }
    }
    assert_eq!(names.len(), 22 * CARDS_PER_FAMILY);
}

#[test]
fn a_card_is_named_by_family_and_default_favor() {
    let noble = |copy| Card::new(Family::Noble, copy).unwrap();
    assert_eq!(noble(0).to_string(), "Noble 1");
    assert_eq!(noble(1).to_string(), "Noble 1'");
    assert_eq!(noble(7).to_string(), "Noble 4'");
    assert_eq!(noble(8).to_string(), "Noble 5");
    let pariah = Card::new(Family::Pariah, 3).unwrap();
    assert_eq!(pariah.to_string(), "Pariah -2'");
    for family in Family::ALL {
        for card in Card::of(family) {
            let v = DEFAULT_FAVOR[usize::from(card.copy())];
            let v = if family == Family::Pariah { -v } else { v };
            assert_eq!(card.default_favor(), v);
            assert_eq!(card.default_favor(), FavorTable::default().favor(card));
        }
        for favor in 1..=5i8 {
            let favor = if family == Family::Pariah {
                -favor
            } else {
                favor
            };
            let card = Card::with_favor(family, favor).unwrap();
            assert_eq!(card.default_favor(), favor);
            assert_eq!(card.to_string(), format!("{family} {favor}"));
        }
    }
    assert_eq!(Card::new(Family::Noble, 9), None);
    assert_eq!(Card::with_favor(Family::Noble, 0), None);
    assert_eq!(Card::with_favor(Family::Noble, 6), None);
    assert_eq!(Card::with_favor(Family::Pariah, 3), None);
}

#[test]
fn card_names_are_parsed_precisely() {
    assert_eq!(
        Card::parse(" noble 4 "),
        Ok(Card::new(Family::Noble, 6).unwrap())
    );
    assert_eq!(Card::parse("Goblin 4"), Err(ParseError::Family));
    let no = |family, favor| Err(ParseError::NoCard { family, favor });
    assert_eq!(Card::parse("Noble 6"), no(Family::Noble, 6));
    assert_eq!(Card::parse("Noble -4"), no(Family::Noble, -4));
    assert_eq!(Card::parse("Pariah 4"), no(Family::Pariah, 4));
    assert_eq!(
        Card::parse("Noble 300"),
        no(Family::Noble, 300),
        "named as written"
    );
    assert_eq!(
        Card::parse("Noble 99999999999999999999999"),
        Err(ParseError::Favor),
        "past any number: no Favor named"
    );
    let prime = |family, favor| Err(ParseError::Prime { family, favor });
    assert_eq!(Card::parse("Noble 5'"), prime(Family::Noble, 5), "one 5");
    assert_eq!(
        Card::parse("Pariah -5'"),
        prime(Family::Pariah, -5),
        "one -5"
    );
    assert_eq!(Card::parse("Noble 4''"), Err(ParseError::Format));
    assert_eq!(Card::parse("Noble --4"), Err(ParseError::Format));
    assert_eq!(Card::parse("Noble"), Err(ParseError::Format));
    assert_eq!(Card::parse("Noble four"), Err(ParseError::Format));
    assert_eq!(Card::parse(""), Err(ParseError::Format));
}

#[test]
fn families_sets_and_directions_round_trip() {
    for (i, family) in Family::ALL.into_iter().enumerate() {
        assert_eq!(family.index(), i);
        assert_eq!(family.to_string().parse(), Ok(family));
        assert_eq!(family.to_string().to_uppercase().parse(), Ok(family));
    }
    assert_eq!("Goblin".parse::<Family>(), Err(ParseError::Family));
    for (i, set) in RecommendedSet::ALL.into_iter().enumerate() {
        assert_eq!(set.index(), i);
        assert_eq!(set.to_string().parse(), Ok(set));
    }
    assert_eq!(
        RecommendedSet::PariahHotPotato.to_string(),
        "Pariah Hot Potato"
    );
    assert_eq!("Tea".parse::<RecommendedSet>(), Err(ParseError::Set));
    for d in Direction::ALL {
        assert_eq!(d.to_string().parse(), Ok(d));
    }
    assert_eq!("Up".parse::<Direction>(), Err(ParseError::Direction));
}

#[test]
fn the_favor_table_has_accessors() {
    let mut table = FavorTable::default();
    assert_eq!(table.family(Family::Give), DEFAULT_FAVOR);
    assert_eq!(table.family(Family::Pariah), DEFAULT_FAVOR.map(|v| -v));
    let give1 = Card::parse("Give 1").unwrap();
    table.set(give1, 3);
    assert_eq!(table.favor(give1), 3);
    assert_eq!(
        table.cards_with(Family::Give, 3).collect::<Vec<_>>(),
        vec![
            give1,
            Card::parse("Give 3").unwrap(),
            Card::parse("Give 3'").unwrap()
        ]
    );
    assert!(table.is_valid());
    table.set(give1, 0);
    assert!(!table.is_valid());
}

#[test]
fn every_favor_value_is_checked_against_its_familys_range() {
    // 1 to 5, and -1 to -5 for Pariah, for every card of every Family: the
    // edges pass, one step past them fails.
    for family in Family::ALL {
        let (low, high) = if family == Family::Pariah {
            (-5, -1)
        } else {
            (1, 5)
        };
        for copy in 0..9 {
            let card = Card::of(family).nth(copy).unwrap();
            for (value, valid) in [
                (low, true),
                (high, true),
                (low - 1, false),
                (high + 1, false),
                (-low, false),
                (i8::MIN, false),
                (i8::MAX, false),
            ] {
                let mut table = FavorTable::default();
                table.set(card, value);
                assert_eq!(table.is_valid(), valid, "{card} at {value}");
            }
        }
    }
}

#[test]
fn errors_say_what_is_wrong() {
    assert_eq!(
        ParseError::Family.to_string(),
        "not the name of a Fickle Family"
    );
    let _: &dyn core::error::Error = &ParseError::Favor;
}

#[test]
fn the_rulebooks_spelling_obsfuscate_is_read_as_obfuscate() {
    // The rulebook spells the Family "Obsfuscate" in its contents and as the
    // Family's heading (and "Obfuscate" in the Power's text).
    assert_eq!("Obsfuscate".parse(), Ok(Family::Obfuscate));
    assert_eq!(" obsFUSCATE ".parse(), Ok(Family::Obfuscate));
    assert_eq!(Family::Obfuscate.to_string(), "Obfuscate");
    let card = Card::parse("Obsfuscate 4'").unwrap();
    assert_eq!(card, Card::parse("Obfuscate 4'").unwrap());
    assert_eq!(card.to_string(), "Obfuscate 4'");
    assert_eq!("Obsfucate".parse::<Family>(), Err(ParseError::Family));
}
