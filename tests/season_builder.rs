//! The position builder: what is named is where it was named, what is not
//! named is filled in as documented, and mistakes are reported precisely.

use crate::season_support;

use fairy_ring::season::{
    Card, CardKind, DECK_SIZE, ParseCardError, Phase, PositionBuilder, Season, Setup, SetupError,
    State,
};
use fairy_ring::{Game, Player, PlayerSet};
use proptest::prelude::*;
use rand_core::SeedableRng;
use season_support::*;

/// Every one of the 90 cards exactly once in the state.
fn all_cards_once(state: &State) -> bool {
    let mut seen = [0u8; DECK_SIZE];
    let players = (0..state.num_players()).map(|p| Player(p as u8));
    for card in players
        .flat_map(|p| state.hand(p).iter().chain(state.stash(p)))
        .chain(state.deck())
        .chain(state.swarm())
    {
        seen[usize::from(card.id())] += 1;
    }
    seen.iter().all(|&n| n == 1)
}

#[test]
fn the_issue_example_swarm_and_one_hand() -> Result<(), SetupError> {
    let state = State::builder(4)
        .deal(5)
        .swarm(Player(1), ["Spring 3"])
        .hand(Player(2), ["Summer 4", "Robber Goblin"])
        .build()?;
    assert_eq!(state.swarm(), &[c("Spring 3")]);
    assert_eq!(state.last_played(), Some(Player(1)));
    assert_eq!(state.hand(Player(2)), cards(["Summer 4", "Robber Goblin"]));
    // The player after the one who played the Swarm is to play.
    assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
    // The other hands are dealt five, one at a time in seat order, from the
    // cards not named in identity order; the deck holds the rest, lowest
    // identity on top.
    assert_eq!(
        state.hand(Player(0)),
        cards([
            "Spring 1",
            "Spring 2 #2",
            "Spring 4 #2",
            "Spring 6",
            "Spring 7 #2"
        ])
    );
    assert_eq!(
        state.hand(Player(1)),
        cards([
            "Spring 1 #2",
            "Spring 3 #2",
            "Spring 5",
            "Spring 6 #2",
            "Spring 8"
        ])
    );
    assert_eq!(
        state.hand(Player(3)),
        cards([
            "Spring 2",
            "Spring 4",
            "Spring 5 #2",
            "Spring 7",
            "Spring 8 #2"
        ])
    );
    assert_eq!(state.deck().len(), 90 - 1 - 2 - 15);
    assert_eq!(state.deck().last(), Some(&c("Summer 1")));
    assert!(all_cards_once(&state));
    assert!(state.scores().iter().all(|&s| s == 0));
    Ok(())
}

#[test]
fn a_kind_named_twice_is_both_copies_and_an_exact_copy_is_that_card() -> Result<(), SetupError> {
    let state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Spring 3", "Spring 3"])
        .hand(Player(1), ["Winter 8 #2"])
        .stash(
            Player(2),
            [CardKind::Season {
                season: Season::Winter,
                number: 8,
            }],
        )
        .build()?;
    assert_eq!(state.hand(Player(0)), cards(["Spring 3 #1", "Spring 3 #2"]));
    assert_eq!(state.hand(Player(1)), &[c("Winter 8 #2")]);
    assert_eq!(state.stash(Player(2)), &[c("Winter 8 #1")]);
    assert_eq!(state.score(Player(2)), 1);
    Ok(())
}

#[test]
fn the_deck_top_is_drawn_first_and_the_rest_can_go_elsewhere() -> Result<(), SetupError> {
    let state = State::builder(3)
        .deal(0)
        .top_of_deck(["Trap #3", "King"])
        .build()?;
    assert_eq!(state.deck().len(), 90);
    assert_eq!(state.deck()[88..], cards(["Trap #3", "King"]));
    let state = State::builder(5)
        .hand(Player(4), ["Spring 1"])
        .top_of_deck(["Queen"])
        .deal(2)
        .rest_to_stash(Player(3))
        .build()?;
    assert_eq!(state.deck(), &[c("Queen")]);
    assert_eq!(state.hand(Player(0)).len(), 2);
    assert_eq!(state.stash(Player(3)).len(), 90 - 1 - 1 - 8);
    assert!(all_cards_once(&state));
    Ok(())
}

#[test]
fn the_royal_window_asks_the_next_player_with_cards() -> Result<(), SetupError> {
    let state = State::builder(4)
        .deal(5)
        .swarm(Player(0), ["Trap"])
        .empty_hand(Player(2))
        .royal_window(Player(1))
        .build()?;
    assert_eq!(
        state.phase(),
        Phase::RoyalWindow {
            flunker: Player(1),
            asked: Player(3)
        }
    );
    // Nobody to ask: no window can be open.
    let nobody = State::builder(3)
        .swarm(Player(0), ["Trap"])
        .deal(0)
        .royal_window(Player(1))
        .build();
    assert_eq!(nobody, Err(SetupError::Stuck));
    Ok(())
}

#[test]
fn game_over_derives_the_winners() -> Result<(), SetupError> {
    let state = State::builder(3)
        .stash(Player(1), ["King"])
        .stash(Player(2), ["Spring 1"])
        .deal(0)
        .rest_to_hand(Player(0))
        .game_over()
        .build()?;
    let outcome = state.outcome().ok_or(SetupError::Stuck)?;
    assert_eq!(outcome.winners(), PlayerSet::only(Player(1)));
    let royal = State::builder(3)
        .deal(5)
        .stash(Player(2), ["King", "Queen", "Prince", "Princess"])
        .game_over()
        .build()?;
    assert_eq!(
        royal.phase(),
        Phase::Over {
            winners: PlayerSet::only(Player(2))
        }
    );
    Ok(())
}

#[test]
fn turn_and_phase_are_checked() -> Result<(), SetupError> {
    let state = State::builder(3).deal(5).turn(Player(2)).build()?;
    assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
    // Player 2 matched the Spring 3 on the Swarm: the Matching Bonus.
    let bonus = State::builder(3)
        .deal(5)
        .swarm(Player(0), ["Spring 3"])
        .swarm(Player(1), ["Spring 3"])
        .phase(Phase::Bonus { player: Player(1) })
        .build()?;
    assert_eq!(bonus.phase(), Phase::Bonus { player: Player(1) });
    // A game over with cards left in the deck is refused by the Setup check.
    assert_eq!(
        State::builder(3).deal(5).game_over().build(),
        Err(SetupError::DeckNotEmpty)
    );
    Ok(())
}

#[test]
fn mistakes_are_reported_by_build() {
    let spring_3 = CardKind::Season {
        season: Season::Spring,
        number: 3,
    };
    let build = |b: PositionBuilder| b.build();
    assert_eq!(
        State::builder(2).deal(5).build().err(),
        Some(SetupError::PlayerCount(2))
    );
    assert_eq!(
        State::builder(6).deal(5).build().err(),
        Some(SetupError::PlayerCount(6))
    );
    assert_eq!(
        build(State::builder(3).deal(5).hand(Player(0), ["Spring 9"])),
        Err(SetupError::UnknownCard(ParseCardError::NoSuchNumber {
            season: Season::Spring
        }))
    );
    assert_eq!(
        build(State::builder(3).deal(5).hand(Player(0), ["Jester"])),
        Err(SetupError::UnknownCard(ParseCardError::Unknown))
    );
    assert_eq!(
        build(
            State::builder(3)
                .deal(5)
                .hand(Player(0), ["Spring 3", "Spring 3"])
                .stash(Player(1), ["Spring 3"])
        ),
        Err(SetupError::NoCopyLeft(spring_3))
    );
    assert_eq!(
        build(
            State::builder(3)
                .deal(5)
                .hand(Player(0), ["King"])
                .swarm(Player(1), ["King"])
        ),
        Err(SetupError::NoCopyLeft(CardKind::Royal(
            fairy_ring::season::Royal::King
        )))
    );
    assert_eq!(
        build(
            State::builder(3)
                .deal(5)
                .hand(Player(0), ["Spring 3"])
                .hand(Player(1), ["Spring 3 #1"])
        ),
        Err(SetupError::DuplicateCard(c("Spring 3")))
    );
    assert_eq!(
        build(State::builder(3).deal(5).hand(Player(3), ["King"])),
        Err(SetupError::NoSuchPlayer(Player(3)))
    );
    // The first mistake is the one reported.
    assert_eq!(
        build(
            State::builder(3)
                .deal(5)
                .hand(Player(7), ["Jester"])
                .hand(Player(0), ["Jester"])
        ),
        Err(SetupError::NoSuchPlayer(Player(7)))
    );
    // Four Royals in one Stash while the game goes on.
    assert_eq!(
        build(
            State::builder(3)
                .deal(5)
                .stash(Player(1), ["King", "Queen", "Prince", "Princess"])
        ),
        Err(SetupError::RoyalWinMissed(Player(1)))
    );
}

/// The builder makes the same state as the plain-data `Setup` written by
/// hand, field by field.
#[test]
fn the_builder_agrees_with_a_hand_written_setup() -> Result<(), SetupError> {
    let built = State::builder(3)
        .deal(5)
        .hand(Player(0), ["Spring 3", "Trap"])
        .empty_hand(Player(1))
        .hand(Player(2), ["Queen"])
        .stash(Player(1), ["Winter 2"])
        .swarm(Player(1), ["Summer 5", "Hungry Goblin"])
        .top_of_deck(["Autumn 8"])
        .build()?;
    let mut setup = Setup::new(3)?;
    setup.hands[0].extend(cards(["Spring 3", "Trap"]));
    setup.hands[2].push(c("Queen"));
    setup.stashes[1].push(c("Winter 2"));
    setup.swarm.extend(cards(["Summer 5", "Hungry Goblin"]));
    setup.deck.push(c("Autumn 8"));
    setup.last_played = Some(Player(1));
    setup.phase = Phase::Turn { player: Player(2) };
    setup.fill_deck();
    assert_eq!(built, State::try_from(setup)?);
    Ok(())
}

#[test]
fn shuffle_changes_only_the_cards_not_named() -> Result<(), SetupError> {
    let shuffled = |seed| {
        State::builder(3)
            .deal(5)
            .hand(Player(0), ["King"])
            .shuffle(&mut rand_chacha::ChaCha8Rng::seed_from_u64(seed))
            .build()
    };
    let (a, b) = (shuffled(1)?, shuffled(2)?);
    assert_eq!(a, shuffled(1)?, "the same seed, the same position");
    assert_ne!(a.deck(), b.deck());
    assert_eq!(a.hand(Player(0)), b.hand(Player(0)));
    assert_eq!(a.hand(Player(1)).len(), 5);
    assert!(all_cards_once(&a) && all_cards_once(&b));
    Ok(())
}

/// Where a random card name goes.
#[derive(Clone, Copy, Debug)]
enum Place {
    Hand(u8),
    Stash(u8),
    Swarm,
    Deck,
}

fn place() -> impl Strategy<Value = Place> {
    prop_oneof![
        (0u8..5).prop_map(Place::Hand),
        (0u8..5).prop_map(Place::Stash),
        Just(Place::Swarm),
        Just(Place::Deck),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(200))]

    /// Random cards named in random places: the builder either makes a state
    /// holding every card once, each named card where it was named, or
    /// reports why not; it never panics.
    #[test]
    fn random_positions_are_consistent_or_refused(
        players in 3usize..=5,
        ids in Just((0u8..90).collect::<Vec<_>>()).prop_shuffle(),
        how in proptest::collection::vec((any::<bool>(), place()), 0..40),
        deal in 0usize..7,
    ) {
        let picks: Vec<(u8, bool, Place)> = ids.iter().zip(&how).map(|(&id, &(k, p))| (id, k, p)).collect();
        let mut builder = State::builder(players).deal(deal);
        let mut expected: Vec<(Place, Card)> = Vec::new();
        for &(id, by_kind, place) in &picks {
            let card = Card::new(id).ok_or_else(|| TestCaseError::fail("id"))?;
            let name = if by_kind { card.to_string() } else { format!("{card:#}") };
            builder = match place {
                Place::Hand(p) => builder.hand(Player(p), [name]),
                Place::Stash(p) => builder.stash(Player(p), [name]),
                Place::Swarm => builder.swarm(Player(0), [name]),
                Place::Deck => builder.top_of_deck([name]),
            };
            expected.push((place, card));
        }
        let kinds = |place: fn(&Place) -> bool| -> Vec<CardKind> {
            expected.iter().filter(|(pl, _)| place(pl)).map(|(_, c)| c.kind()).collect()
        };
        let of = |cards: &[Card]| cards.iter().map(|c| c.kind()).collect::<Vec<_>>();
        match builder.build() {
            Ok(state) => {
                prop_assert!(all_cards_once(&state));
                for p in 0..players {
                    let player = Player(p as u8);
                    let in_hand = expected.iter().filter(|(pl, _)| matches!(pl, Place::Hand(q) if usize::from(*q) == p));
                    let named: Vec<CardKind> = in_hand.map(|(_, c)| c.kind()).collect();
                    if named.is_empty() {
                        prop_assert_eq!(state.hand(player).len(), deal);
                    } else {
                        prop_assert_eq!(of(state.hand(player)), named);
                    }
                    let stashed: Vec<CardKind> = expected.iter().filter(|(pl, _)| matches!(pl, Place::Stash(q) if usize::from(*q) == p)).map(|(_, c)| c.kind()).collect();
                    prop_assert_eq!(of(state.stash(player)), stashed);
                }
                prop_assert_eq!(of(state.swarm()), kinds(|pl| matches!(pl, Place::Swarm)));
                let top = kinds(|pl| matches!(pl, Place::Deck));
                // Named bottom first, like the deck itself (top card last).
                let deck_top: Vec<CardKind> = state.deck()[state.deck().len() - top.len()..].iter().map(|c| c.kind()).collect();
                prop_assert_eq!(deck_top, top);
            }
            Err(e) => prop_assert!(matches!(
                e,
                SetupError::NoSuchPlayer(_)
                    | SetupError::DuplicateCard(_)
                    | SetupError::NoCopyLeft(_)
                    | SetupError::RoyalWinMissed(_)
            ), "{e:?}"),
        }
    }
}

/// Phases the engine can never reach are refused: a card's effect is
/// resolved by the player who played it, the Matching Bonus follows a Season
/// Fairy, the turn (and a flunk) passes to the player after the last to play,
/// and a game without a Royal Win ends with the final Swarm won.
#[test]
fn impossible_phases_are_refused() -> Result<(), SetupError> {
    // The Matching Bonus with an empty Swarm: nobody played anything.
    assert_eq!(
        State::builder(3)
            .deal(5)
            .phase(Phase::Bonus { player: Player(1) })
            .build(),
        Err(SetupError::NotLastPlayed(Player(1)))
    );
    // Player 3 robs, but player 2 played the Robber Goblin.
    let robber = State::builder(3)
        .deal(5)
        .swarm(Player(1), ["Spring 1", "Robber Goblin"])
        .stash(Player(0), ["Spring 3"]);
    assert_eq!(
        robber
            .clone()
            .phase(Phase::Robbing { player: Player(2) })
            .build(),
        Err(SetupError::NotLastPlayed(Player(2)))
    );
    assert!(
        robber
            .phase(Phase::Robbing { player: Player(1) })
            .build()
            .is_ok()
    );
    // Every phase of a card's effect belongs to the player who played it.
    let goblin = || State::builder(3).deal(5).swarm(Player(0), ["Dizzy Goblin"]);
    for phase in [
        Phase::Stashing {
            player: Player(1),
            left: 1,
            bonus: false,
        },
        Phase::Stealing {
            player: Player(1),
            count: 1,
        },
        Phase::Swapping { player: Player(1) },
        Phase::Aiming {
            player: Player(1),
            count: 1,
        },
        Phase::Passing {
            player: Player(1),
            direction: fairy_ring::season::Direction::Left,
            count: 1,
        },
    ] {
        assert_eq!(
            goblin().stash(Player(2), ["Spring 1"]).phase(phase).build(),
            Err(SetupError::NotLastPlayed(Player(1))),
            "{phase:?}"
        );
    }
    // The Matching Bonus needs a Season Fairy on top of the Swarm.
    assert_eq!(
        State::builder(3)
            .deal(5)
            .swarm(Player(0), ["Spring 1", "Trap"])
            .phase(Phase::Bonus { player: Player(0) })
            .build(),
        Err(SetupError::NoBonusFairy)
    );
    assert_eq!(
        State::builder(3)
            .deal(5)
            .swarm(Player(0), ["Trap"])
            .phase(Phase::Stashing {
                player: Player(0),
                left: 1,
                bonus: true,
            })
            .build(),
        Err(SetupError::NoBonusFairy)
    );
    // The turn never goes back to the player who played the top card.
    assert_eq!(
        State::builder(3)
            .deal(5)
            .swarm(Player(0), ["Spring 3"])
            .turn(Player(0))
            .build(),
        Err(SetupError::OutOfTurn {
            player: Player(0),
            expected: Player(1)
        })
    );
    // Nor does it skip a player while a Swarm lies.
    assert_eq!(
        State::builder(3)
            .deal(5)
            .swarm(Player(0), ["Spring 3"])
            .turn(Player(2))
            .build(),
        Err(SetupError::OutOfTurn {
            player: Player(2),
            expected: Player(1)
        })
    );
    // Nobody flunks on their own card.
    assert_eq!(
        State::builder(3)
            .deal(5)
            .swarm(Player(0), ["Trap"])
            .royal_window(Player(0))
            .build(),
        Err(SetupError::OutOfTurn {
            player: Player(0),
            expected: Player(1)
        })
    );
    // The game ends when the final Swarm is won: not with cards in it.
    assert_eq!(
        State::builder(3)
            .swarm(Player(0), ["Spring 1", "Summer 2"])
            .deal(0)
            .rest_to_stash(Player(1))
            .game_over()
            .build(),
        Err(SetupError::SwarmNotWon)
    );
    // (Player 2 holds all four Royals there, but did not play last.) A
    // Royal Win ends the game in the middle of a Swarm only for the player
    // who played last, stashing, grabbing or stealing the fourth Royal.
    let royals = ["King", "Queen", "Prince", "Princess"];
    let royal_win = |p| {
        State::builder(3)
            .deal(5)
            .swarm(Player(0), ["Spring 1"])
            .stash(Player(p), royals)
            .game_over()
            .build()
    };
    assert!(royal_win(0).is_ok());
    assert_eq!(royal_win(1), Err(SetupError::SwarmNotWon));
    Ok(())
}

/// With every hand named there is nothing to deal: a huge `deal` returns at
/// once.
#[test]
fn deal_stops_when_no_hand_is_left_to_deal_to() -> Result<(), SetupError> {
    let start = std::time::Instant::now();
    let state = State::builder(3)
        .hand(Player(0), ["King"])
        .hand(Player(1), ["Queen"])
        .hand(Player(2), ["Prince"])
        .deal(usize::MAX)
        .build()?;
    assert_eq!(state.deck().len(), 87);
    // Hands not named take as many as the rest holds, and no more.
    let all = State::builder(3)
        .hand(Player(0), ["King"])
        .deal(usize::MAX)
        .build()?;
    assert_eq!(all.hand(Player(1)).len() + all.hand(Player(2)).len(), 89);
    assert!(all.deck().is_empty());
    assert!(start.elapsed() < std::time::Duration::from_secs(5));
    Ok(())
}

/// `empty_hand` empties a hand named before: the last call wins.
#[test]
fn empty_hand_clears_cards_named_before() -> Result<(), SetupError> {
    let state = State::builder(3)
        .deal(5)
        .hand(Player(0), ["King"])
        .empty_hand(Player(0))
        .build()?;
    assert!(state.hand(Player(0)).is_empty());
    // The King is not lost: it goes with the rest into the deck.
    assert!(state.deck().contains(&c("King")));
    assert!(all_cards_once(&state));
    // A hand named after `empty_hand` holds those cards.
    let refilled = State::builder(3)
        .deal(5)
        .empty_hand(Player(0))
        .hand(Player(0), ["Queen"])
        .build()?;
    assert_eq!(refilled.hand(Player(0)), &[c("Queen")]);
    Ok(())
}

/// A kind with a number the game does not print is no card, not a card
/// with no copy left.
#[test]
fn a_kind_with_no_such_number_is_an_unknown_card() -> Result<(), SetupError> {
    let spring_200 = CardKind::Season {
        season: Season::Spring,
        number: 200,
    };
    assert_eq!(
        State::builder(3)
            .deal(5)
            .hand(Player(0), [spring_200])
            .build(),
        Err(SetupError::UnknownCard(ParseCardError::NoSuchNumber {
            season: Season::Spring
        }))
    );
    Ok(())
}
