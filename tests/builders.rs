//! One way to write a position in every game (issue 23): the same builder
//! shape in all five, and the hidden-information positions 0.2's builders
//! could not write, now written and checked by the engine (and refused
//! where the rules refuse them).

use fairy_ring::{Game, Player, PlayerSet, Seat};

fn players(list: &[u8]) -> PlayerSet {
    list.iter().map(|&p| Player(p)).collect()
}

// ------------------------------------------------------------- one shape

/// `State::builder(players)` never fails in any game; a count the game does
/// not seat is reported by `build`, and `Setup::new` fails with the same
/// game's `SetupError`.
#[test]
fn every_builder_reports_a_bad_player_count_at_build() {
    use fairy_ring::ConfigError;
    assert_eq!(
        fairy_ring::fairy::State::builder(11).build(),
        Err(fairy_ring::fairy::SetupError::PlayerCount(11))
    );
    assert_eq!(
        fairy_ring::season::State::builder(2).build(),
        Err(fairy_ring::season::SetupError::PlayerCount(2))
    );
    assert_eq!(
        fairy_ring::fickle::State::builder(6).build(),
        Err(fairy_ring::fickle::SetupError::PlayerCount(6))
    );
    let prank = ConfigError::PlayerCount {
        got: 7,
        min: 2,
        max: 6,
    };
    assert_eq!(
        fairy_ring::prank::State::builder(7).build(),
        Err(fairy_ring::prank::SetupError::Config(prank))
    );
    assert_eq!(
        fairy_ring::prank::Setup::new(7),
        Err(fairy_ring::prank::SetupError::Config(prank))
    );
    let fayre = ConfigError::PlayerCount {
        got: 6,
        min: 2,
        max: 5,
    };
    assert_eq!(
        fairy_ring::fayre::State::builder(6).build().err(),
        Some(fairy_ring::fayre::SetupError::Config(fayre))
    );
    assert!(fairy_ring::fairy::Setup::new(11).is_err());
    assert!(fairy_ring::season::Setup::new(2).is_err());
    assert!(fairy_ring::fayre::Setup::new(6).is_err());
    assert_eq!(
        fairy_ring::fickle::Setup::new(6),
        Err(fairy_ring::fickle::SetupError::PlayerCount(6))
    );
}

/// `PositionBuilder::new(config)` takes any config in every game, and
/// `with_players` changes a config's count.
#[test]
fn every_builder_takes_a_config() -> Result<(), Box<dyn std::error::Error>> {
    use fairy_ring::{fairy, fayre, fickle, prank, season};
    let state = fairy::PositionBuilder::new(fairy::Config::new(2)?.with_players(5)?).build()?;
    assert_eq!(state.num_players(), 5);
    let state = prank::PositionBuilder::new(prank::Config::new(2)?.with_players(4)?).build()?;
    assert_eq!(state.num_players(), 4);
    let state = season::PositionBuilder::new(season::Config::new(3)?.with_players(5)?).build()?;
    assert_eq!(state.num_players(), 5);
    let state = fayre::PositionBuilder::new(fayre::Config::new(2)?.with_players(5)?).build()?;
    assert_eq!(state.num_players(), 5);
    let state = fickle::PositionBuilder::new(fickle::Config::new(3)?.with_players(4)?).build()?;
    assert_eq!(state.num_players(), 4);
    assert!(fickle::Config::new(3)?.with_players(2).is_err());
    Ok(())
}

/// `setup()` is the position as plain data, not yet checked, in every game;
/// `build()` checks it (`State::try_from` of the same data): a position
/// that is named without a mistake but is not a consistent one comes back
/// from `setup()` for the caller to change, and `build()` refuses it.
#[test]
fn setup_is_the_data_build_checks() -> Result<(), Box<dyn std::error::Error>> {
    use fairy_ring::{fairy, fayre, fickle, prank, season};
    // Fairy: a score past the track's end is data, not a position.
    let off_track = fairy::State::builder(3).score(Player(0), 40);
    let setup = off_track.clone().setup()?;
    assert!(fairy::State::try_from(setup.clone()).is_err());
    assert_eq!(off_track.build().err(), fairy::State::try_from(setup).err());
    // Prank: a player named to guess who is not next (the first guess is
    // the Fairy's left-hand neighbour's) is refused by build only.
    let wrong = prank::State::builder(4)
        .in_box(["die", "marble", "rope"])
        .removed(["piece of felt", "diamond"])
        .fairy(Player(1))
        .guessing_from(Player(3));
    assert!(wrong.clone().setup().is_ok());
    let refused = wrong.build().err();
    assert!(
        matches!(refused, Some(prank::SetupError::NotToAct { .. })),
        "{refused:?}"
    );
    // Every game: build is the check of setup's data.
    let state = fairy::State::builder(3).pile_top(7).build()?;
    let again = fairy::State::try_from(fairy::State::builder(3).pile_top(7).setup()?)?;
    assert_eq!(fairy::Setup::from(&state), fairy::Setup::from(&again));
    let state = prank::State::builder(4).build()?;
    let again = prank::State::try_from(prank::State::builder(4).setup()?)?;
    assert_eq!(prank::Setup::from(&state), prank::Setup::from(&again));
    let state = season::State::builder(3).build()?;
    let again = season::State::try_from(season::State::builder(3).setup()?)?;
    assert_eq!(season::Setup::from(&state), season::Setup::from(&again));
    let state = fickle::State::builder(3).build()?;
    let again = fickle::State::try_from(fickle::State::builder(3).setup()?)?;
    assert_eq!(state.to_setup(), again.to_setup());
    let state = fayre::State::builder(3).build()?;
    let again = fayre::State::try_from(fayre::State::builder(3).setup()?)?;
    assert_eq!(fayre::Setup::from(&state), fayre::Setup::from(&again));
    Ok(())
}

/// Piles are listed bottom first in every builder, as in `Setup`: the last
/// card named is on top.
#[test]
fn every_deck_is_named_bottom_first() -> Result<(), Box<dyn std::error::Error>> {
    use fairy_ring::{fairy, fayre, fickle, season};
    let state = fairy::State::builder(2).top_of_deck([3, 11]).build()?;
    let setup = fairy::Setup::from(&state);
    let top: Vec<u8> = setup
        .draw_pile
        .iter()
        .rev()
        .take(2)
        .map(|c| c.number())
        .collect();
    assert_eq!(top, [11, 3]);

    let state = season::State::builder(3)
        .top_of_deck(["Spring 1", "King"])
        .build()?;
    assert_eq!(state.deck().last(), Some(&season::Card::parse("King")?));

    let (give, share) = (
        fickle::Card::parse("Give 1")?,
        fickle::Card::parse("Share 2")?,
    );
    // (A Selection position: a Lineup position deals from the deck.)
    let state = fickle::State::builder(3)
        .kept(Player(0), "Noble 4")
        .top_of_deck([give, share])
        .build()?;
    let deck = state.to_setup().deck;
    assert_eq!(deck.last(), Some(&share));

    let state = fayre::State::builder(2)
        .mini_game_deck(["Pie Throw", "Dart the Ogre"])
        .build()?;
    let deck = fayre::Setup::from(&state).mini_game_deck;
    assert_eq!(deck.last(), Some(&fayre::MiniGame::DartTheOgre));
    Ok(())
}

/// `hand` adds cards in every game that has hands, and a hand never named
/// is empty (Season deals only when asked).
#[test]
fn hand_adds_and_a_hand_not_named_is_empty() -> Result<(), Box<dyn std::error::Error>> {
    use fairy_ring::{fayre, season};
    let state = season::State::builder(3)
        .hand(Player(0), ["Spring 1"])
        .hand(Player(0), ["Summer 2"])
        .build()?;
    assert_eq!(state.hand(Player(0)).len(), 2);
    assert!(state.hand(Player(1)).is_empty());
    let dealt = season::State::builder(3).deal(5).build()?;
    assert_eq!(dealt.hand(Player(2)).len(), 5);

    let state = fayre::State::builder(2)
        .hand(Player(0), ["yellow fairy"])
        .hand(Player(0), ["grey fairy"])
        .build()?;
    assert_eq!(state.hand(Player(0)).total(), 2);
    assert_eq!(state.hand(Player(1)).total(), 0);
    Ok(())
}

// ------------------------------------------------ Fickle's Fairy Selection

mod fickle {
    use super::*;
    use fairy_ring::fickle::{Action, Card, Phase, Setup, SetupError, State};

    fn card(name: &str) -> Card {
        Card::parse(name).expect("a card name")
    }

    /// Player 1 kept a Fairy face down at the first card while players 2
    /// and 3 still decide on their second: written, checked, and hidden.
    #[test]
    fn a_fairy_kept_face_down_while_others_decide() -> Result<(), SetupError> {
        let position = |secret: &str| {
            State::builder(3)
                .kept(Player(0), secret)
                .under(Player(0), ["Give 2", "Share 3"])
                .kept_face_down(Player(0))
                .passed(Player(1), ["Give 1"])
                .kept(Player(1), "Share 2")
                .passed(Player(2), ["Noble 2"])
                .kept(Player(2), "Coerce 3")
                .build()
        };
        let a = position("Noble 4")?;
        let b = position("Dispel 5")?;
        assert!(matches!(a.phase(), Phase::Selection));
        assert_eq!(a.to_act(), players(&[1, 2]));
        assert!(a.legal_actions(Player(0)).is_empty());
        let setup = a.to_setup();
        assert_eq!(setup.areas[0].chosen, Some(card("Noble 4")));
        // The cards under the kept Fairy and the dismissed ones went to the
        // Dismiss pile.
        for name in ["Give 2", "Share 3", "Give 1", "Noble 2"] {
            assert!(setup.dismiss.contains(&card(name)), "{name}");
        }
        assert_eq!(setup.areas[1].lineup[0], card("Give 1"));
        assert_eq!(setup.areas[1].lineup[1], card("Share 2"));
        // Player 2 cannot tell the two positions apart; the owner can, and
        // so can player 3, who stacked the cards and sees which was kept.
        let seat = Seat::Player(Player(1));
        assert_eq!(a.view_for(seat), b.view_for(seat));
        for p in [0, 2] {
            let seat = Seat::Player(Player(p));
            assert_ne!(a.view_for(seat), b.view_for(seat));
        }
        // The game goes on: both keep, and the Fairy Powers phase begins.
        let mut state = a;
        let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(1);
        state
            .apply(Player(1), Action::Keep, &mut rng)
            .map_err(|_| SetupError::Stuck)?;
        state
            .apply(Player(2), Action::Keep, &mut rng)
            .map_err(|_| SetupError::Stuck)?;
        assert!(!matches!(state.phase(), Phase::Selection));
        Ok(())
    }

    /// Everyone still selecting decides at the same step: positions out of
    /// step are refused.
    #[test]
    fn selection_steps_out_of_line_are_refused() {
        // Player 2 dismissed one card, players 1 and 3 none: not the same
        // step.
        assert_eq!(
            State::builder(3)
                .kept(Player(0), "Noble 4")
                .passed(Player(1), ["Give 1"])
                .kept(Player(1), "Share 2")
                .kept(Player(2), "Coerce 3")
                .build()
                .err(),
            Some(SetupError::SelectionStep(Player(1)))
        );
        // Player 1 kept at the second card, but the others are still at it.
        assert_eq!(
            State::builder(3)
                .passed(Player(0), ["Dispel 1"])
                .kept(Player(0), "Noble 4")
                .kept_face_down(Player(0))
                .passed(Player(1), ["Give 1"])
                .kept(Player(1), "Share 2")
                .passed(Player(2), ["Noble 2"])
                .kept(Player(2), "Coerce 3")
                .build()
                .err(),
            Some(SetupError::SelectionStep(Player(0)))
        );
        // A stack holds three cards.
        assert_eq!(
            State::builder(3)
                .passed(Player(0), ["Dispel 1"])
                .kept(Player(0), "Noble 4")
                .under(Player(0), ["Give 1", "Share 1"])
                .build()
                .err(),
            Some(SetupError::Counter(Player(0)))
        );
        // Parts of a stack need a kept Fairy.
        assert_eq!(
            State::builder(3)
                .kept(Player(0), "Noble 4")
                .under(Player(1), ["Give 1"])
                .build()
                .err(),
            Some(SetupError::NoStack(Player(1)))
        );
    }

    /// A decision made in secret while another player still decides; the
    /// decision of a player who has kept already is refused.
    #[test]
    fn a_committed_decision_waits_for_the_others() -> Result<(), SetupError> {
        let position = |decision: Action| {
            State::builder(3)
                .kept(Player(0), "Noble 4")
                .committed(Player(0), decision)
                .kept(Player(1), "Share 2")
                .kept(Player(2), "Coerce 3")
                .build()
        };
        let keep = position(Action::Keep)?;
        let dismiss = position(Action::DismissTop)?;
        assert_eq!(keep.to_act(), players(&[1, 2]));
        // Nobody else knows what player 1 committed.
        let seat = Seat::Player(Player(1));
        assert_eq!(keep.view_for(seat), dismiss.view_for(seat));
        let mut state = keep;
        let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(2);
        for p in [1, 2] {
            state
                .apply(Player(p), Action::DismissTop, &mut rng)
                .map_err(|_| SetupError::Stuck)?;
        }
        assert_eq!(state.to_setup().areas[0].chosen, Some(card("Noble 4")));
        assert_eq!(
            State::builder(3)
                .kept(Player(0), "Noble 4")
                .kept_face_down(Player(0))
                .committed(Player(0), Action::Keep)
                .passed(Player(1), ["Give 1"])
                .kept(Player(1), "Share 2")
                .passed(Player(2), ["Noble 2"])
                .kept(Player(2), "Coerce 3")
                .build()
                .err(),
            Some(SetupError::Counter(Player(0)))
        );
        assert_eq!(
            State::builder(3)
                .kept(Player(0), "Noble 4")
                .committed(Player(0), Action::Pass)
                .build()
                .err(),
            Some(SetupError::Counter(Player(0)))
        );
        Ok(())
    }

    /// A stack's second and third cards, named: dismissing the top shows
    /// the second.
    #[test]
    fn the_cards_under_the_top_of_a_stack() -> Result<(), SetupError> {
        let mut state = State::builder(3)
            .kept(Player(0), "Noble 4")
            .under(Player(0), ["Give 1", "Share 2"])
            .kept(Player(1), "Coerce 3")
            .kept(Player(2), "Dispel 3")
            .build()?;
        let lineup = state.to_setup().areas[0].lineup;
        assert_eq!(
            lineup.as_slice(),
            &[card("Noble 4"), card("Give 1"), card("Share 2")]
        );
        let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(3);
        state
            .apply(Player(0), Action::DismissTop, &mut rng)
            .map_err(|_| SetupError::Stuck)?;
        for p in [1, 2] {
            state
                .apply(Player(p), Action::Keep, &mut rng)
                .map_err(|_| SetupError::Stuck)?;
        }
        let area = state.to_setup().areas[0];
        assert_eq!(
            area.lineup.get(usize::from(area.cursor)),
            Some(&card("Give 1"))
        );
        assert_eq!(area.lineup_seen & 0b010, 0b010);
        Ok(())
    }

    /// The opening deal: named hands, a secret choice made by one player.
    #[test]
    fn the_opening_deal() -> Result<(), SetupError> {
        let position = |secret: &str| {
            State::builder(3)
                .opening()
                .hand(Player(0), ["Noble 4", "Give 1", "Share 2"])
                .dismissing(Player(0), secret)
                .build()
        };
        let a = position("Noble 4")?;
        let b = position("Give 1")?;
        assert!(matches!(a.phase(), Phase::Opening));
        assert_eq!(a.round(), 0);
        assert_eq!(a.to_act(), players(&[1, 2]));
        let seat = Seat::Player(Player(1));
        assert_eq!(a.view_for(seat), b.view_for(seat));
        // The others choose; the two cards left start each Alliance.
        let mut state = a;
        let mut rng = <rand_chacha::ChaCha8Rng as rand_core::SeedableRng>::seed_from_u64(4);
        for p in [1, 2] {
            let action = state.legal_actions(Player(p))[0];
            state
                .apply(Player(p), action, &mut rng)
                .map_err(|_| SetupError::Stuck)?;
        }
        let setup = state.to_setup();
        let alliance: Vec<Card> = setup.areas[0].alliance.iter().map(|a| a.card).collect();
        assert_eq!(alliance, [card("Give 1"), card("Share 2")]);
        // A card not in the hand cannot be the one dismissed.
        assert_eq!(
            State::builder(3)
                .opening()
                .hand(Player(0), ["Noble 4", "Give 1", "Share 2"])
                .dismissing(Player(0), "Dispel 5")
                .build()
                .err(),
            Some(SetupError::Misplaced(card("Dispel 5")))
        );
        // Kept Fairies belong to a round, not to the opening.
        assert_eq!(
            State::builder(3)
                .opening()
                .kept(Player(0), "Noble 4")
                .build()
                .err(),
            Some(SetupError::Misplaced(card("Noble 4")))
        );
        assert_eq!(Setup::new(3)?, State::builder(3).opening().setup()?);
        Ok(())
    }
}

// ------------------------------------------------------------ Fayre dice

mod fayre {
    use super::*;
    use fairy_ring::fayre::{MiniGame, PlacedDie, SetupError, State};

    /// A die on a chosen player space, not only on the first free one.
    #[test]
    fn a_die_on_a_chosen_space() -> Result<(), SetupError> {
        let state = State::builder(2)
            .mini_game("Magic Geode", |g| {
                g.die_on(2, Player(0), 5).die(Player(1), 3)
            })
            .build()?;
        let booth = state.booth(0).ok_or(SetupError::BadQueue)?;
        assert_eq!(booth.game, MiniGame::MagicGeodeShy);
        let face = |n| fairy_ring::fayre::Face::new(n).ok_or(SetupError::BadQueue);
        assert_eq!(
            booth.spaces[2],
            Some(PlacedDie {
                owner: Player(0),
                face: face(5)?
            })
        );
        // The die on the first free space goes to space 0.
        assert_eq!(
            booth.spaces[0],
            Some(PlacedDie {
                owner: Player(1),
                face: face(3)?
            })
        );
        assert!(booth.spaces[1].is_none());
        // A space the card does not have, or one named twice, is refused.
        let space = |first: u8, second: u8| {
            State::builder(2)
                .mini_game("Magic Geode", |g| {
                    g.die_on(first, Player(0), 5).die_on(second, Player(1), 2)
                })
                .build()
                .err()
        };
        let geode = MiniGame::MagicGeodeShy;
        assert_eq!(
            space(1, 1),
            Some(SetupError::NoSuchSpace {
                game: geode,
                space: 1
            })
        );
        assert_eq!(
            space(0, 40),
            Some(SetupError::NoSuchSpace {
                game: geode,
                space: 40
            })
        );
        Ok(())
    }
}

// ------------------------------------------------------ Season's unplaced

mod season {
    use super::*;
    use fairy_ring::season::{Card, SetupError, State};

    /// The cards nobody named, asked for and split over several places.
    #[test]
    fn the_rest_split_over_several_places() -> Result<(), SetupError> {
        let builder = State::builder(4)
            .swarm(Player(0), ["Spring 3"])
            .hand(Player(1), ["King"]);
        let rest: Vec<Card> = builder.unplaced().collect();
        assert_eq!(rest.len(), 88);
        assert!(!rest.contains(&Card::royal(fairy_ring::season::Royal::King)));
        let (stash_1, more) = rest.split_at(20);
        let (stash_2, more) = more.split_at(30);
        let (hand, deck) = more.split_at(8);
        let builder = builder
            .stash(Player(2), stash_1)
            .stash(Player(3), stash_2)
            .hand(Player(0), hand);
        assert_eq!(builder.unplaced().count(), deck.len());
        let state = builder.top_of_deck(deck).build()?;
        assert_eq!(state.stash(Player(2)), stash_1);
        assert_eq!(state.stash(Player(3)), stash_2);
        assert_eq!(state.hand(Player(0)), hand);
        assert_eq!(state.deck(), deck);
        Ok(())
    }
}

mod season_passing {
    use super::*;
    use fairy_ring::season::{Direction, Phase, SetupError, State};

    fn passing(chosen_1: [&str; 2]) -> Result<State, SetupError> {
        State::builder(3)
            .swarm(Player(0), ["Dizzy Goblin"])
            .hand(Player(0), ["Spring 1", "Spring 2", "Summer 5"])
            .hand(Player(1), ["Autumn 1", "Autumn 2", "Winter 3"])
            .hand(Player(2), ["Winter 1", "Winter 2"])
            .phase(Phase::Passing {
                player: Player(0),
                direction: Direction::Left,
                count: 2,
            })
            .chosen(Player(1), chosen_1)
            .build()
    }

    /// A player who has chosen the cards to pass while the others still
    /// choose: written, checked and hidden.
    #[test]
    fn cards_chosen_to_pass_while_others_choose() -> Result<(), SetupError> {
        let a = passing(["Autumn 1", "Winter 3"])?;
        let b = passing(["Autumn 2", "Winter 3"])?;
        assert_ne!(a, b);
        assert_eq!(a.to_act(), players(&[0, 2]));
        for p in [0, 2] {
            let seat = Seat::Player(Player(p));
            assert_eq!(a.view_for(seat), b.view_for(seat));
        }
        let owner = Seat::Player(Player(1));
        assert_ne!(a.view_for(owner), b.view_for(owner));
        // A card not in the hand, or a choice outside a pass, is refused.
        assert_eq!(
            passing(["Autumn 1", "Spring 1"]).err(),
            Some(SetupError::BadChoice(Player(1)))
        );
        assert_eq!(
            State::builder(3)
                .hand(Player(1), ["Autumn 1"])
                .chosen(Player(1), ["Autumn 1"])
                .build()
                .err(),
            Some(SetupError::BadChoice(Player(1)))
        );
        Ok(())
    }
}

mod fayre_mischief {
    use super::*;
    use fairy_ring::fayre::{Mischief, Setup, SetupError, State};

    /// The Mischief draw pile's next cards, named bottom first.
    #[test]
    fn the_top_of_the_mischief_deck() -> Result<(), SetupError> {
        let state = State::builder(2)
            .hand(Player(0), ["grey fairy"])
            .top_of_mischief_deck(["pink fairy", "yellow fairy"])
            .build()?;
        let deck = Setup::from(&state).mischief_deck;
        let top: Vec<Mischief> = deck.iter().rev().take(2).copied().collect();
        assert_eq!(top, [Mischief::Flip, Mischief::RerollDie]);
        // Every card once: the named ones came out of the mix.
        let whole = State::builder(2).build()?;
        assert_eq!(Setup::from(&whole).mischief_deck.len(), deck.len() + 1);
        Ok(())
    }
}

mod fickle_lineup {
    use super::*;
    use fairy_ring::fickle::{SetupError, State};

    fn lineup(order: [&str; 3], placed: usize) -> Result<State, SetupError> {
        State::builder(3)
            .hand(Player(0), order)
            .placed(Player(0), placed)
            .hand(Player(1), ["Dispel 1", "Dispel 2", "Coerce 3"])
            .build()
    }

    /// A stack ordered in secret while the others still order theirs.
    #[test]
    fn a_stack_ordered_while_others_order() -> Result<(), SetupError> {
        let a = lineup(["Noble 4", "Give 1", "Share 2"], 3)?;
        let b = lineup(["Give 1", "Noble 4", "Share 2"], 3)?;
        assert_ne!(a, b);
        assert_eq!(a.to_act(), players(&[1, 2]));
        let seat = Seat::Player(Player(2));
        assert_eq!(a.view_for(seat), b.view_for(seat));
        // Two cards placed order the whole stack; one leaves a decision.
        assert_eq!(lineup(["Noble 4", "Give 1", "Share 2"], 2)?, a);
        let one = lineup(["Noble 4", "Give 1", "Share 2"], 1)?;
        assert_eq!(one.to_act(), players(&[0, 1, 2]));
        assert_eq!(one.to_setup().areas[0].placed, 1);
        // Only a Lineup has cards to place in order.
        assert_eq!(
            State::builder(3)
                .kept(Player(0), "Noble 4")
                .placed(Player(1), 1)
                .build()
                .err(),
            Some(SetupError::Counter(Player(1)))
        );
        Ok(())
    }
}
