//! The rulebook's setup, its strategy note and its announcements, as tests.

use fairy_ring::prank::{
    Action, Config, Event, GuessingEnd, Item, Items, Phase, STANDARD_ITEMS, State, Variant,
};
use fairy_ring::{Game, Player, PlayerSet, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(1)
}

fn guess(state: &mut State, player: u8, name: &str) {
    let item = state.config().treasures.find(name).unwrap();
    state
        .apply(Player(player), Action::Guess(item), &mut rng())
        .unwrap();
}

/// Game Setup: a blank sheet each, the ten items and their tokens in the
/// supply, and the starting player token with the youngest (seat 0).
#[test]
fn game_setup() {
    let config = Config::new(5).unwrap();
    assert_eq!(config.treasures.len(), 10);
    for (i, name) in STANDARD_ITEMS.iter().enumerate() {
        assert_eq!(config.treasures.name(Item(i as u8)), Some(*name));
    }
    let state = State::new(&config, &mut rng()).unwrap();
    assert_eq!(state.sheets().len(), 5);
    assert!(state.sheets().iter().all(|s| s.total() == 0));
    assert_eq!(state.starting_player(), Player(0));
    assert_eq!(state.in_box(), Items::EMPTY);
    assert_eq!(state.phase(), Phase::Selection);
    assert_eq!(
        state.legal_actions(Player(0)).len(),
        10,
        "every item is in the supply"
    );
}

/// The strategy note: a Fairy who removes only one item can score only one
/// point in the round.
#[test]
fn one_removed_item_scores_the_fairy_at_most_one_point() {
    let mut state = State::builder(3)
        .in_box(["die", "marble", "piece of felt", "diamond"])
        .removed(["rope"])
        .fairy(Player(0))
        .build()
        .unwrap();
    guess(&mut state, 1, "rope");
    assert_eq!(state.sheets()[0].total(), 1);
    assert_eq!(
        state.round(),
        2,
        "the only removed item was found: the round is over"
    );
}

/// The strategy note, the other way: more removed items can score more.
#[test]
fn more_removed_items_can_score_the_fairy_more() {
    let mut state = State::builder(3)
        .in_box(["die", "marble"])
        .removed(["rope", "eraser", "spring"])
        .fairy(Player(0))
        .build()
        .unwrap();
    for (seat, name) in [(1, "rope"), (2, "eraser"), (1, "spring")] {
        guess(&mut state, seat, name);
    }
    assert_eq!(state.sheets()[0].total(), 3);
}

/// "Use only tokens set aside in this Selection Phase."
#[test]
fn only_this_selections_tokens_are_used() {
    let state = State::builder(4)
        .in_box(["die", "marble"])
        .removed(["piece of felt"])
        .guessing_from(Player(1))
        .build()
        .unwrap();
    let guessable: Items = state
        .legal_actions(Player(1))
        .iter()
        .filter_map(|a| match a {
            Action::Guess(item) => Some(*item),
            _ => None,
        })
        .collect();
    assert_eq!(guessable, state.tokens());
    assert_eq!(guessable.len(), 3);
}

/// "The Fairy must announce to everyone" the end of the Guessing phase.
#[test]
fn the_end_of_the_guessing_is_announced_to_everyone() {
    let mut state = State::builder(3)
        .in_box(["die"])
        .removed(["marble", "piece of felt"])
        .guessing_from(Player(1))
        .build()
        .unwrap();
    let die = Action::Guess(Item(1));
    let events = state.apply(Player(1), die, &mut rng()).unwrap();
    for seat in [Seat::Player(Player(2)), Seat::Spectator] {
        assert!(State::redact_all(&events, seat).iter().any(|e| matches!(
            e,
            Event::GuessingEnded {
                reason: GuessingEnd::AllInBoxGuessed,
                ..
            }
        )));
    }
}

/// The beginner suggestion: all ten items in the box, no Selection phase,
/// the starting player token passed clockwise, until someone wins.
#[test]
fn beginner_game_plays_to_a_winner() {
    let config = Config::new(4).unwrap().with_variant(Variant::Beginner);
    let mut rng = rng();
    let mut state = State::new(&config, &mut rng).unwrap();
    let mut fairies = Vec::new();
    while let Some(player) = state.to_act().lowest() {
        if let Phase::Hiding { fairy } = state.phase()
            && fairies.last() != Some(&fairy.0)
        {
            fairies.push(fairy.0);
            assert_eq!(state.in_box(), Items::first(10));
        }
        let legal = state.legal_actions(player);
        let pick = fairy_ring::rng::index(&mut rng, legal.len());
        state.apply(player, legal[pick], &mut rng).unwrap();
    }
    for (round, fairy) in fairies.iter().enumerate() {
        assert_eq!(usize::from(*fairy), round % 4);
    }
    let winners = state.outcome().unwrap().winners();
    assert_eq!(winners.len(), 1);
    let winner = winners.lowest().unwrap();
    assert!(state.sheets()[winner.index()].wins());
}

/// 2 players: the tokens stay in the centre (every item may be named) and
/// no score sheet is used.
#[test]
fn two_players_name_any_item_and_use_no_sheets() {
    let mut rng = rng();
    let mut state = State::new(&Config::new(2).unwrap(), &mut rng).unwrap();
    state
        .apply(Player(0), Action::Select(Item(0)), &mut rng)
        .unwrap();
    state
        .apply(Player(0), Action::Select(Item(9)), &mut rng)
        .unwrap();
    assert_eq!(state.legal_actions(Player(1)).len(), 10);
    state
        .apply(Player(1), Action::Guess(Item(9)), &mut rng)
        .unwrap();
    state
        .apply(Player(1), Action::Guess(Item(0)), &mut rng)
        .unwrap();
    assert!(state.sheets().iter().all(|s| s.total() == 0));
    assert_eq!(state.to_act(), PlayerSet::only(Player(1)), "roles swapped");
}
