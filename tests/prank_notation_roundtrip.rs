//! Fairy Prank's notation reads back for every action value, and a seat's
//! text is read in the context of its table: item names from the view's
//! set, item numbers checked against it, errors that speak of that table.

use arbitrary::{Arbitrary, Unstructured};
use fairy_ring::prank::{Action, Config, Item, ParseActionError, State, Treasures};
use fairy_ring::{ActionInView, AnyAction, AnyGame, Bot, Game, Player, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Every action value: each variant with every item number a `u8` holds.
fn any_action() -> impl Strategy<Value = Action> {
    prop_oneof![
        any::<u8>().prop_map(|n| Action::Select(Item(n))),
        Just(Action::EndSelection),
        any::<u8>().prop_map(|n| Action::Remove(Item(n))),
        Just(Action::DoneHiding),
        any::<u8>().prop_map(|n| Action::Guess(Item(n))),
    ]
}

/// A custom set of four, so "the table's items" is not the printed ten.
fn four() -> Treasures {
    Treasures::new(["acorn", "feather", "thimble", "button"]).expect("a valid set")
}

proptest! {
    /// Whatever action the public API builds prints a text that parses back
    /// to it: by number (`FromStr`), by name (`Action::parse_named`), and
    /// through a Prank table of `AnyGame`.
    #[test]
    fn every_action_reads_back(action in any_action()) {
        prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
        for treasures in [Treasures::default(), four()] {
            let named = action.named(&treasures).to_string();
            prop_assert_eq!(Action::parse_named(&named, &treasures), Ok(action), "{}", named);
        }
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let state = State::new(&Config::new(3).expect("3 players"), &mut rng).expect("a game");
        let table = AnyGame::Prank(state);
        let text = ActionInView::<State>::new(&state.view_for(Seat::Spectator), &action).to_string();
        prop_assert_eq!(table.parse_action(&text), Ok(AnyAction::Prank(action)), "{}", text);
        prop_assert_eq!(table.parse_action(&action.to_string()), Ok(AnyAction::Prank(action)));
    }

    /// The same through `arbitrary` (the fuzzers' actions): any bytes give an
    /// action that reads back.
    #[test]
    fn every_arbitrary_action_reads_back(bytes in proptest::collection::vec(any::<u8>(), 0..8)) {
        let Ok(action) = Action::arbitrary(&mut Unstructured::new(&bytes)) else {
            return Ok(());
        };
        prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
}

/// Plays random games and, before every move, reads each legal action's
/// words (as the seat is shown them) and its notation in the seat's view:
/// both read back, and through `AnyGame::parse_action` too (the notation
/// parser used to refuse "put wooden stick in the box").
#[test]
fn a_seat_reads_its_words_and_the_notation_in_context() {
    for (players, treasures) in [
        (2, Treasures::default()),
        (3, Treasures::default()),
        (4, four()),
    ] {
        let config = Config::new(players)
            .expect("players")
            .with_treasures(treasures);
        let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
        let mut state = State::new(&config, &mut rng).expect("a game");
        let mut bot = RandomBot;
        let mut read = 0;
        while let Some(player) = state.to_act().iter().next() {
            let view = state.view_for(Seat::Player(player));
            let table = AnyGame::Prank(state);
            for action in state.legal_actions(player) {
                let words = ActionInView::<State>::new(&view, &action).to_string();
                assert_eq!(State::read_action(&view, &words), Ok(action), "{words}");
                assert_eq!(State::read_action(&view, &action.to_string()), Ok(action));
                assert_eq!(
                    table.parse_action(&words),
                    Ok(AnyAction::Prank(action)),
                    "{words}"
                );
                read += 1;
            }
            let decision = state.decision(player);
            let action = bot.choose(&decision, &mut rng).expect("a choice");
            state
                .apply(player, action, &mut rng)
                .expect("a legal action");
        }
        assert!(read > 20, "{players} players: {read} texts read");
    }
}

/// An item number past the table's items is refused when reading at the
/// table, with the table's count; without a table, the notation's range.
#[test]
fn item_numbers_are_checked_against_the_table() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for (treasures, count) in [(Treasures::default(), 10), (four(), 4)] {
        let config = Config::new(3).expect("3 players").with_treasures(treasures);
        let state = State::new(&config, &mut rng).expect("a game");
        let view = state.view_for(Seat::Player(Player(0)));
        let past = count + 1;
        let error = State::read_action(&view, &format!("put item {past} in the box"));
        assert_eq!(
            error,
            Err(ParseActionError::NoSuchItem {
                at: 4,
                number: fairy_ring::Numeral::from(past as u32),
                items: count
            })
        );
        assert_eq!(
            error.map_err(|e| e.to_string()),
            Err(format!(
                "there is no item {past} in this game: its items are numbered 1 to {count}"
            ))
        );
        // A huge number is named as typed, not wrapped or clamped.
        let huge =
            State::read_action(&view, "guess item 18446744073709551615").map_err(|e| e.to_string());
        assert_eq!(
            huge,
            Err(format!(
                "there is no item 18446744073709551615 in this game: its items are numbered 1 to {count}"
            ))
        );
        let zero = State::read_action(&view, "guess item 0").map_err(|e| e.to_string());
        assert_eq!(
            zero,
            Err(format!(
                "there is no item 0 in this game: its items are numbered 1 to {count}"
            ))
        );
        let crown = State::read_action(&view, "guess crown").map_err(|e| e.to_string());
        assert_eq!(
            crown,
            Err(format!(
                "that names no item of this game: write an item's name, or \"item\" and its number, 1 to {count}"
            ))
        );
        // The last item reads by number, and a name wins over a number.
        assert_eq!(
            State::read_action(&view, &format!("guess item {count}")),
            Ok(Action::Guess(Item(count as u8 - 1)))
        );
    }
    // A set may not name an item "item 9": one text would name two items.
    assert!(Treasures::new(["acorn", "feather", "thimble", "item 9"]).is_err());
    // Without a table the notation reads any item number from 1 to 256.
    assert_eq!("guess item 11".parse(), Ok(Action::Guess(Item(10))));
    assert_eq!(
        "guess item 300"
            .parse::<Action>()
            .map_err(|e| e.to_string()),
        Err("there is no item 300: item numbers run from 1 to 256".to_string())
    );
}

/// `Decision::read` reads what a seat typed at its table: a bare item name
/// when one choice fits, and an item number past the table's set is an
/// error that names the table's count.
#[test]
fn a_decision_reads_names_and_speaks_of_the_table() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let state = State::new(&Config::new(3).expect("3 players"), &mut rng).expect("a game");
    let decision = state.decision(Player(0));
    assert_eq!(
        decision.read("put  Wooden STICK in the box"),
        Ok(Action::Select(Item(0)))
    );
    assert_eq!(decision.read("select marble"), Ok(Action::Select(Item(2))));
    assert_eq!(decision.read("marble"), Ok(Action::Select(Item(2))));
    assert_eq!(
        decision
            .read("put item 12 in the box")
            .map_err(|e| e.to_string()),
        Err("there is no item 12 in this game: its items are numbered 1 to 10".to_string())
    );
}
