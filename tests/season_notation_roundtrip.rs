//! Every Fairy Season action that the public API can build reads back from
//! its notation: exhaustively (the actions are finitely many), and for
//! arbitrary actions (`arbitrary::Arbitrary`), also at a table, where a
//! player past its seats is an error naming them.

use fairy_ring::Numeral;
use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::season::{Action, Card, Config, Direction, ParseActionError, State, View};
use fairy_ring::{Game, Player, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Every action value there is: each card-naming action with each of the 90
/// cards, each player-naming action with each of the 256 seats `Player`
/// can name, both directions and the four plain actions.
fn every_action() -> Vec<Action> {
    let mut actions = vec![
        Action::Flunk,
        Action::Pass,
        Action::BonusDraw,
        Action::SkipBonus,
    ];
    for card in Card::all() {
        actions.extend([Action::Play(card), Action::Stash(card), Action::Give(card)]);
    }
    for seat in 0..=u8::MAX {
        let player = Player(seat);
        actions.extend([
            Action::RobFrom(player),
            Action::StealFrom(player),
            Action::SwapWith(player),
        ]);
    }
    actions.extend(Direction::ALL.map(Action::PassTo));
    actions
}

/// The player an action names, if any.
fn named_player(action: Action) -> Option<Player> {
    match action {
        Action::RobFrom(p) | Action::StealFrom(p) | Action::SwapWith(p) => Some(p),
        _ => None,
    }
}

/// A spectator's view of a fresh table of `players`.
fn table(players: usize) -> View {
    let config = Config::new(players).expect("3 to 5 players");
    let state = State::new(&config, &mut ChaCha8Rng::seed_from_u64(1)).expect("valid config");
    state.view_for(Seat::Spectator)
}

/// Reads `action`'s notation at a table of `view`, and checks the answer:
/// the action itself when the table seats its player, otherwise an error
/// that names the player as printed and the table's seats.
fn check_at_table(view: &View, action: Action) -> Result<(), TestCaseError> {
    let players = view.scores.len();
    let text = action.to_string();
    let read = State::read_action(view, &text);
    match named_player(action) {
        Some(player) if player.index() >= players => {
            let number = Numeral::from(u32::from(player.0) + 1);
            prop_assert_eq!(
                read,
                Err(ParseActionError::NotAtTable {
                    number,
                    players: players as u8
                }),
                "{}",
                text
            );
            let words = read.map_err(|e| e.to_string());
            prop_assert_eq!(
                words,
                Err(format!(
                    "there is no {player}: players are numbered 1 to {players}"
                ))
            );
        }
        _ => prop_assert_eq!(read, Ok(action), "{}", text),
    }
    Ok(())
}

#[test]
fn every_action_reads_back_from_its_notation() {
    let actions = every_action();
    assert_eq!(actions.len(), 4 + 3 * 90 + 3 * 256 + 2);
    for action in actions {
        let text = action.to_string();
        assert_eq!(text.parse::<Action>(), Ok(action), "{text:?}");
    }
}

#[test]
fn every_action_reads_back_at_every_table() {
    for players in 3..=5 {
        let view = table(players);
        for action in every_action() {
            check_at_table(&view, action).expect("reads back or names the seats");
        }
    }
}

/// Cards and so card-naming actions past the 90 cards cannot be built:
/// `Card::new` and deserializing refuse them, and so does a deserialized
/// `Numeral` that is not digits.
#[test]
fn invalid_values_cannot_be_built() {
    assert_eq!(Card::new(90), None);
    let last = Action::Play(Card::new(89).expect("the last card"));
    let text = serde_json::to_string(&last).expect("serializes");
    assert_eq!(serde_json::from_str::<Action>(&text).ok(), Some(last));
    assert!(serde_json::from_str::<Action>(r#"{"play":90}"#).is_err());
    assert!(serde_json::from_str::<Action>(r#"{"play":{"trap":true,"copy":99}}"#).is_err());
    let numeral = serde_json::to_string(&Numeral::from(42)).expect("serializes");
    assert_eq!(numeral, r#""42""#);
    assert_eq!(
        serde_json::from_str::<Numeral>(&numeral).ok(),
        Some(Numeral::from(42))
    );
    for not_digits in [r#""4x2""#, r#""""#, r#""-1""#, "42"] {
        assert!(
            serde_json::from_str::<Numeral>(not_digits).is_err(),
            "{not_digits}"
        );
    }
    let long = Numeral::parse(&"9".repeat(40)).expect("digits");
    let text = serde_json::to_string(&long).expect("serializes");
    assert_eq!(serde_json::from_str::<Numeral>(&text).ok(), Some(long));
    let cut_short = format!("\"{}…\"", "9".repeat(31));
    assert!(serde_json::from_str::<Numeral>(&cut_short).is_err());
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(2_000))]

    /// Any arbitrary action prints a text that reads back to it, and at a
    /// table of 3 to 5 reads back or names the table's seats.
    #[test]
    fn arbitrary_actions_read_back(data in prop::collection::vec(any::<u8>(), 0..16), players in 3usize..=5) {
        let mut u = Unstructured::new(&data);
        let action = Action::arbitrary(&mut u).expect("bytes run out into a default");
        let text = action.to_string();
        prop_assert_eq!(text.parse::<Action>(), Ok(action), "{}", text);
        check_at_table(&table(players), action)?;
    }
}
