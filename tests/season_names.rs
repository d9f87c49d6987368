//! Names of cards and components: `Display` in the players' words and
//! `FromStr` round-trip over every value, and the errors are precise.

use fairy_ring::Numeral;
use fairy_ring::season::{Card, CardKind, Direction, Goblin, ParseCardError, Royal, Season};
use proptest::prelude::*;

#[test]
fn every_kind_round_trips_through_its_name() {
    let mut kinds = 0;
    for kind in CardKind::all() {
        assert_eq!(kind.to_string().parse::<CardKind>(), Ok(kind), "{kind}");
        assert_eq!(CardKind::parse(&kind.to_string().to_lowercase()), Ok(kind));
        kinds += 1;
    }
    assert_eq!(kinds, 45);
}

#[test]
fn every_card_round_trips_through_its_full_name() {
    let mut names = std::collections::HashSet::new();
    for card in Card::all() {
        let full = format!("{card:#}");
        assert_eq!(full.parse::<Card>(), Ok(card), "{full}");
        assert_eq!(Card::parse(&full), Ok(card));
        assert!(names.insert(full), "two cards share a name");
        // The short name is the kind, and reads as the first copy.
        assert_eq!(card.to_string(), card.kind().to_string());
        let first = card.kind().card(0);
        assert_eq!(card.to_string().parse::<Card>().ok(), first);
    }
    assert_eq!(names.len(), 90);
}

#[test]
fn component_names_round_trip() {
    for season in Season::ALL {
        assert_eq!(season.to_string().parse(), Ok(season));
    }
    for royal in Royal::ALL {
        assert_eq!(royal.to_string().parse(), Ok(royal));
    }
    for goblin in Goblin::ALL {
        assert_eq!(goblin.to_string().parse(), Ok(goblin));
        assert_eq!(Goblin::ALL.get(goblin.index()), Some(&goblin));
    }
    for direction in Direction::ALL {
        assert_eq!(direction.to_string().parse(), Ok(direction));
    }
}

#[test]
fn names_as_players_say_them() -> Result<(), ParseCardError> {
    let spring_3 = Card::season(Season::Spring, 3, 0);
    assert_eq!(Some(Card::parse("Spring 3")?), spring_3);
    assert_eq!(Some(Card::parse("  3   spring ")?), spring_3);
    assert_eq!(
        Some(Card::parse("Spring 3 #2")?),
        Card::season(Season::Spring, 3, 1)
    );
    assert_eq!(Card::parse("Princess")?, Card::royal(Royal::Princess));
    let robber = Card::goblin(Goblin::Robber, 0);
    assert_eq!(Some(Card::parse("Robber Goblin")?), robber);
    assert_eq!(Some(Card::parse("goblin robber")?), robber);
    assert_eq!(Some(Card::parse("Robber")?), robber);
    assert_eq!(Some(Card::parse("Trap #6")?), Card::trap(5));
    assert_eq!(
        Some(format!("{:#}", Card::royal(Royal::King))),
        Some("King".into())
    );
    Ok(())
}

#[test]
fn parse_errors_are_precise() {
    let spring_3 = CardKind::Season {
        season: Season::Spring,
        number: 3,
    };
    assert_eq!(
        Card::parse("Spring 9"),
        Err(ParseCardError::NoSuchNumber {
            season: Season::Spring
        })
    );
    assert_eq!(
        Card::parse("Winter 0"),
        Err(ParseCardError::NoSuchNumber {
            season: Season::Winter
        })
    );
    assert_eq!(
        Card::parse("Spring 3 #3"),
        Err(ParseCardError::NoSuchCopy {
            kind: spring_3,
            number: Numeral::from(3)
        })
    );
    assert_eq!(
        Card::parse("King #2"),
        Err(ParseCardError::NoSuchCopy {
            kind: CardKind::Royal(Royal::King),
            number: Numeral::from(2)
        })
    );
    assert_eq!(
        Card::parse("Trap #7").map_err(|e| e.to_string()),
        Err("there is no copy #7 of Trap (its copies are #1 to #6)".into())
    );
    for bad in [
        "",
        "Spring",
        "Jester",
        "Spring Summer",
        "Spring 3 4",
        "Robber Troll",
        "Trap #x",
        "#2",
        "King Queen",
    ] {
        assert_eq!(Card::parse(bad), Err(ParseCardError::Unknown), "{bad:?}");
    }
    // The copy number is reported as written, however large or small.
    for (text, number) in [
        ("Spring 3 #0", 0),
        ("Spring 3 #1000", 1000),
        ("Trap #256", 256),
    ] {
        let error = Card::parse(text);
        let kind = CardKind::parse(text.split(" #").next().unwrap_or(""));
        assert_eq!(
            error,
            Err(ParseCardError::NoSuchCopy {
                kind: kind.unwrap_or(CardKind::Trap),
                number: Numeral::from(number)
            }),
            "{text}"
        );
    }
    assert_eq!(
        Card::parse("Spring 3 #0").map_err(|e| e.to_string()),
        Err("there is no copy #0 of Spring 3 (its copies are #1 and #2)".into())
    );
    assert_eq!(
        Card::parse("Spring 3 #1000").map_err(|e| e.to_string()),
        Err("there is no copy #1000 of Spring 3 (its copies are #1 and #2)".into())
    );
    // However large, as written (not wrapped or clamped to a u32).
    assert_eq!(
        Card::parse("Spring 3 #99999999999").map_err(|e| e.to_string()),
        Err("there is no copy #99999999999 of Spring 3 (its copies are #1 and #2)".into())
    );
    assert_eq!(
        Card::parse("Trap #4294967296").map_err(|e| e.to_string()),
        Err("there is no copy #4294967296 of Trap (its copies are #1 to #6)".into())
    );
    assert_eq!(
        Card::parse("King #007").map_err(|e| e.to_string()),
        Err("there is no copy #007 of King (there is one King, named without a number)".into())
    );
    assert_eq!(
        Card::parse("Mushroom 3").map_err(|e| e.to_string()),
        Err(
            "not a card of Fairy Season: name one like Spring 3, King, Robber Goblin or Trap"
                .into()
        )
    );
    // A kind takes no copy number, though the name is a card's.
    assert_eq!(
        CardKind::parse("Spring 3 #2"),
        Err(ParseCardError::CopyOfKind {
            kind: spring_3,
            number: Numeral::from(2)
        })
    );
    assert_eq!(
        CardKind::parse("Spring 3 #2").map_err(|e| e.to_string()),
        Err("Spring 3 is a kind of card, which takes no copy number (#2)".into())
    );
    // Seasons, Royals, Goblin kinds and directions are not cards.
    assert_eq!("Fall".parse::<Season>(), Err(ParseCardError::NotASeason));
    assert_eq!("Jester".parse::<Royal>(), Err(ParseCardError::NotARoyal));
    assert_eq!("Troll".parse::<Goblin>(), Err(ParseCardError::NotAGoblin));
    assert_eq!(
        "up".parse::<Direction>(),
        Err(ParseCardError::NotADirection)
    );
    for (error, text) in [
        (
            ParseCardError::NotASeason,
            "not a season: Spring, Summer, Autumn or Winter",
        ),
        (
            ParseCardError::NotARoyal,
            "not a Royal Fairy: King, Queen, Prince or Princess",
        ),
        (
            ParseCardError::NotAGoblin,
            "not a Goblin: Robber, Greedy, Dizzy, Thief, Trickster, Hoarder, Hungry or Sneaky",
        ),
        (
            ParseCardError::NotADirection,
            "not a direction: left or right",
        ),
    ] {
        assert_eq!(error.to_string(), text);
    }
    // A Goblin kind reads with or without the word Goblin, as a card does.
    for text in [
        "Robber",
        "Robber Goblin",
        "goblin robber",
        " ROBBER  goblin ",
    ] {
        assert_eq!(text.parse::<Goblin>(), Ok(Goblin::Robber), "{text:?}");
    }
    assert_eq!(
        "Robber Troll".parse::<Goblin>(),
        Err(ParseCardError::NotAGoblin)
    );
    assert_eq!("Goblin".parse::<Goblin>(), Err(ParseCardError::NotAGoblin));
}

proptest! {
    /// Any text either names a card whose full name reads back as it, or is
    /// refused; nothing panics.
    #[test]
    fn any_text_parses_to_a_card_that_round_trips_or_is_refused(text in "\\PC{0,24}") {
        if let Ok(card) = Card::parse(&text) {
            prop_assert_eq!(format!("{card:#}").parse::<Card>(), Ok(card));
        }
    }

    /// Names with any case and spacing read as the same card.
    #[test]
    fn case_and_spacing_do_not_matter(id in 0u8..90, upper in any::<bool>(), pad in 1usize..4) {
        let card = Card::new(id).ok_or_else(|| TestCaseError::fail("id"))?;
        let full = format!("{card:#}");
        let text = full.split(' ').collect::<Vec<_>>().join(&" ".repeat(pad));
        let text = if upper { text.to_uppercase() } else { text.to_lowercase() };
        prop_assert_eq!(Card::parse(&format!(" {text} ")), Ok(card));
    }
}
