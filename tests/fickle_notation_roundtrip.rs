//! Every Fickle action that can be built reads back from its words: an
//! arbitrary action (any variant, any field value the public API lets one
//! build) prints a text that parses to the same action, and a card that
//! would not (a copy past its Family's nine) cannot be built at all, nor
//! deserialized.

use fairy_ring::Player;
use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::fickle::{Action, Card, FaceDown, Family};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// The action the bytes make, if they make one.
fn arbitrary_action(data: &[u8]) -> Option<Action> {
    Action::arbitrary(&mut Unstructured::new(data)).ok()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4000))]

    /// Any action the `arbitrary` feature builds reads back from its text.
    #[test]
    fn arbitrary_actions_read_back(data in prop::collection::vec(any::<u8>(), 0..24)) {
        if let Some(action) = arbitrary_action(&data) {
            prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action), "{}", action);
        }
    }

    /// Every player value (all 256 seats, not only the 3 to 5 of a table)
    /// reads back: the notation counts players like `Player`'s words do.
    #[test]
    fn every_player_reads_back(seat in any::<u8>()) {
        let action = Action::TargetPlayer(Player(seat));
        prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }

    /// Every card of every Family, in every card-carrying variant.
    #[test]
    fn every_card_reads_back(family in 0..Family::ALL.len(), copy in 0u8..9, variant in 0..5usize) {
        let card = Card::new(Family::ALL[family], copy).expect("copies 0 to 8 exist");
        let action = [Action::Dismiss, Action::Place, Action::Target, Action::Respond, Action::Pair][variant](card);
        prop_assert_eq!(action.to_string().parse::<Action>(), Ok(action));
    }
}

#[test]
fn the_fieldless_and_family_actions_read_back() {
    let mut actions = vec![
        Action::Keep,
        Action::DismissTop,
        Action::Pass,
        Action::LeaveUnpaired,
        Action::Pick(FaceDown::First),
        Action::Pick(FaceDown::Second),
    ];
    actions.extend(Family::ALL.iter().map(|&f| Action::ScoreAs(f)));
    for action in actions {
        assert_eq!(action.to_string().parse::<Action>(), Ok(action), "{action}");
    }
}

/// Arbitrary actions reach every card of every Family, and never one past
/// the ninth.
#[test]
fn arbitrary_cards_are_always_cards_of_the_deck() {
    let mut seen = std::collections::BTreeSet::new();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    for _ in 0..20_000 {
        let mut data = [0u8; 8];
        rng.fill_bytes(&mut data);
        let Ok(card) = Card::arbitrary(&mut Unstructured::new(&data)) else {
            continue;
        };
        assert!(card.copy() < 9, "{card:?}");
        seen.insert(card);
    }
    assert_eq!(seen.len(), 22 * 9, "every card of every Family");
}

#[test]
fn a_card_past_the_ninth_copy_does_not_deserialize() {
    let ok: Card = serde_json::from_str(r#"{"family":"noble","copy":8}"#).expect("Noble 5");
    assert_eq!(ok.to_string(), "Noble 5");
    assert_eq!(
        serde_json::to_string(&ok).expect("json"),
        r#"{"family":"noble","copy":8}"#
    );
    for copy in [9, 250, 255] {
        let text = format!(r#"{{"family":"share","copy":{copy}}}"#);
        let error = serde_json::from_str::<Card>(&text).expect_err("no such card");
        assert!(
            error
                .to_string()
                .contains(&format!("Share has no card {copy}")),
            "{error}"
        );
    }
}
