//! A Midsummer Night's Fayre: Mini Games and Mischief cards are written and
//! parsed by the names the players use.

use fairy_ring::fayre::{MiniGame, Mischief, NameError};
use proptest::prelude::*;

#[test]
fn every_mini_game_round_trips_through_its_printed_name() {
    for (i, game) in MiniGame::ALL.into_iter().enumerate() {
        assert_eq!(game.index(), i);
        assert_eq!(game.to_string(), game.name());
        assert_eq!(game.to_string().parse(), Ok(game), "{game:?}");
        assert_eq!(MiniGame::find(game.name()), Some(game));
        assert_eq!(MiniGame::try_from(game.name()), Ok(game));
        // The Rust name reads as the same words.
        assert_eq!(format!("{game:?}").parse(), Ok(game), "{game:?}");
    }
}

#[test]
fn every_mischief_card_round_trips_through_its_name() {
    for (i, card) in Mischief::ALL.into_iter().enumerate() {
        assert_eq!(card.index(), i);
        assert_eq!(card.to_string(), card.name());
        assert_eq!(card.to_string().parse(), Ok(card), "{card:?}");
        assert_eq!(card.fairy().parse(), Ok(card), "{card:?}");
        assert_eq!(Mischief::find(card.fairy()), Some(card));
        assert_eq!(Mischief::try_from(card.name()), Ok(card));
        assert_eq!(format!("{card:?}").parse(), Ok(card), "{card:?}");
    }
}

#[test]
fn names_as_players_say_them() {
    let games = [
        ("Magic Geode", MiniGame::MagicGeodeShy),
        ("magic geode shy", MiniGame::MagicGeodeShy),
        ("Find the pearl", MiniGame::FindThePearl),
        ("Hook a Hippocampus", MiniGame::HookAHippocampus),
        ("hook", MiniGame::HookAHippocampus),
        ("TUG-OF-WAR", MiniGame::TugOfWar),
        ("  Test   Your Strength ", MiniGame::TestYourStrength),
        ("Splat", MiniGame::SplatTheButterflyRat),
        // Any punctuation is ignored, not only spaces and hyphens.
        ("Dart, the Ogre!", MiniGame::DartTheOgre),
        ("find-the-pearl.", MiniGame::FindThePearl),
    ];
    for (name, game) in games {
        assert_eq!(name.parse(), Ok(game), "{name}");
    }
    let cards = [
        ("yellow", Mischief::Flip),
        ("Blue Fairy", Mischief::NudgeOne),
        ("red", Mischief::NudgeTwo),
        ("gray fairy", Mischief::Swap),
        ("grey", Mischief::Swap),
        ("pink fairy", Mischief::RerollDie),
        ("Re-roll a dice pool", Mischief::RerollPool),
        // The rulebook's own words for the card, with or without the aside.
        (
            "Re-roll any player's dice pool (including your own)",
            Mischief::RerollPool,
        ),
        ("re-roll any player's dice pool", Mischief::RerollPool),
        ("reroll pool", Mischief::RerollPool),
    ];
    for (name, card) in cards {
        assert_eq!(name.parse(), Ok(card), "{name}");
    }
}

#[test]
fn unknown_names_are_precise_errors() {
    // Only whole leading words: "Magic Geo" is no card, nor is a word from
    // the middle of a name.
    for name in [
        "",
        "   ",
        "Magic Geo",
        "Geode",
        "Bumper Cars",
        "Ring Toss Deluxe",
    ] {
        assert_eq!(
            name.parse::<MiniGame>(),
            Err(NameError::NotAMiniGame),
            "{name:?}"
        );
    }
    for name in [
        "",
        "fairy",
        "green fairy",
        "yellow fairy flip",
        "flip a die",
    ] {
        assert_eq!(
            name.parse::<Mischief>(),
            Err(NameError::NotAMischief),
            "{name:?}"
        );
    }
    let error: &dyn core::error::Error = &NameError::NotAMiniGame;
    assert!(error.to_string().starts_with("no Mini Game is called that"));
}

/// Writes `name` as a player might type it: any case, and spaces or
/// hyphens between words doubled, swapped or dropped.
fn retyped(name: &str, upper: &[bool], seps: &[u8]) -> String {
    let mut out = String::new();
    let mut sep = seps.iter().cycle();
    for (i, c) in name.chars().enumerate() {
        if c == ' ' || c == '-' {
            out.push_str(match sep.next() {
                Some(0) => "",
                Some(1) => "-",
                Some(2) => "  ",
                _ => " ",
            });
        } else if upper.get(i % upper.len().max(1)) == Some(&true) {
            out.extend(c.to_uppercase());
        } else {
            out.extend(c.to_lowercase());
        }
    }
    out
}

proptest! {
    #[test]
    fn names_parse_whatever_the_case_and_spacing(
        game in 0usize..12,
        card in 0usize..6,
        upper in prop::collection::vec(any::<bool>(), 1..8),
        seps in prop::collection::vec(0u8..4, 1..4),
    ) {
        let game = MiniGame::ALL[game];
        prop_assert_eq!(retyped(game.name(), &upper, &seps).parse(), Ok(game));
        let card = Mischief::ALL[card];
        prop_assert_eq!(retyped(card.name(), &upper, &seps).parse(), Ok(card));
        prop_assert_eq!(retyped(card.fairy(), &upper, &seps).parse(), Ok(card));
    }

    #[test]
    fn any_text_parses_without_panicking(text in ".{0,40}") {
        if let Ok(game) = text.parse::<MiniGame>() {
            prop_assert!(names_leading_words(&text, game), "{:?} parsed as {:?}", text, game);
        }
        let _ = text.parse::<Mischief>();
    }

    /// A name cut anywhere, retyped, with or without stray punctuation:
    /// it names a Mini Game exactly when it is a whole number of the name's
    /// leading words, and then the game it is cut from.
    #[test]
    fn only_a_names_leading_words_name_it(
        game in 0usize..12,
        cut in 0usize..30,
        upper in prop::collection::vec(any::<bool>(), 1..8),
        seps in prop::collection::vec(0u8..4, 1..4),
        junk in prop::sample::select(vec!["", "!", "'", " (", ".", "x"]),
    ) {
        let game = MiniGame::ALL[game];
        let name = game.name();
        let cut = cut.min(name.len());
        let text = format!("{}{junk}", retyped(&name[..cut], &upper, &seps));
        match text.parse::<MiniGame>() {
            Ok(found) => {
                prop_assert!(names_leading_words(&text, found), "{:?} parsed as {:?}", text, found);
                if names_leading_words(&text, game) {
                    prop_assert_eq!(found, game);
                }
            }
            Err(e) => {
                prop_assert_eq!(e, NameError::NotAMiniGame);
                prop_assert!(
                    !names_leading_words(&text, game),
                    "{:?} is leading words of {:?} but did not parse",
                    text,
                    game
                );
            }
        }
    }
}

/// The letters and digits of `text`, lower case.
fn letters(text: &str) -> String {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
        .collect()
}

/// Whether `text`, ignoring case and punctuation, is one or more whole
/// leading words of `game`'s printed name (words end at a space or hyphen).
fn names_leading_words(text: &str, game: MiniGame) -> bool {
    let text = letters(text);
    let name = game.name();
    let mut prefixes = name
        .char_indices()
        .filter(|&(_, c)| c == ' ' || c == '-')
        .map(|(i, _)| &name[..i])
        .chain([name]);
    !text.is_empty() && prefixes.any(|prefix| letters(prefix) == text)
}
