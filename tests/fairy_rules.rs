//! Fairy: the rulebook's examples, every ruling in docs/RULINGS.md, and
//! scenarios built with `State::builder`.

use fairy_ring::fairy::{
    Card, CharmDeck, Event, Guess, Setup, SetupError, Stage, State, Suit, Variant,
};
use fairy_ring::{ActionError, Game, Player, PlayerSet, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// A test that builds positions with `?`.
type Check = Result<(), Box<dyn std::error::Error>>;

fn card(n: u8) -> Card {
    Card::new(n).expect("test cards are 1 to 21")
}

fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(0)
}

/// Every player in `guesses` order guesses; returns all events.
fn turn(state: &mut State, guesses: &[Guess]) -> Vec<Event> {
    let mut events = Vec::new();
    for (seat, &guess) in guesses.iter().enumerate() {
        let player = Player(seat as u8);
        if state.to_act().contains(player) {
            events.extend(state.apply(player, guess, &mut rng()).expect("legal guess"));
        }
    }
    events
}

#[test]
fn rulebook_example_7_then_19() -> Check {
    let mut game = State::builder(4).pile_top(7).top_of_deck([19]).build()?;
    turn(&mut game, &Guess::ALL);
    assert_eq!(game.scores(), &[2, -1, -1, -1]);
    assert_eq!(game.top_card(), card(19));
    Ok(())
}

#[test]
fn rulebook_example_14_then_11() -> Check {
    let mut game = State::builder(4).pile_top(14).top_of_deck([11]).build()?;
    turn(&mut game, &Guess::ALL);
    assert_eq!(game.scores(), &[-1, 2, 4, 7]);
    Ok(())
}

#[test]
fn default_suits_fit_both_rulebook_examples() {
    let deck = CharmDeck::default();
    assert_eq!(deck.suit(card(14)), deck.suit(card(11)));
    assert_ne!(deck.suit(card(7)), deck.suit(card(19)));
}

#[test]
fn a_score_at_minus_four_loses_no_more() -> Check {
    let mut game = State::builder(2)
        .pile_top(10)
        .top_of_deck([12])
        .score(Player(0), -4)
        .build()?;
    turn(&mut game, &[Guess::Lower, Guess::Higher]);
    assert_eq!(game.scores(), &[-4, 2]);
    Ok(())
}

#[test]
fn reaching_24_wins_at_once_and_caps_the_score() -> Check {
    let mut game = State::builder(3)
        .pile_top(10)
        .top_of_deck([11])
        .scores([20, 23, 0])
        .build()?;
    let events = turn(&mut game, &[Guess::Catch, Guess::Lower, Guess::Catch]);
    assert_eq!(game.scores(), &[24, 22, 7]);
    let winners = PlayerSet::only(Player(0));
    assert_eq!(game.stage(), Stage::Over(winners));
    assert!(events.contains(&Event::GameOver { winners }));
    assert!(game.to_act().is_empty());
    assert_eq!(
        game.clone().apply(Player(1), Guess::Higher, &mut rng()),
        Err(ActionError::GameOver)
    );
    Ok(())
}

/// Ruling "Fairy: scores above the top of the track" (several reach 24 at once).
#[test]
fn ruling_everyone_reaching_24_together_shares_the_win() -> Check {
    let mut game = State::builder(3)
        .pile_top(10)
        .top_of_deck([11])
        .scores([20, 22, 23])
        .build()?;
    turn(&mut game, &[Guess::Catch, Guess::Higher, Guess::Lower]);
    assert_eq!(game.scores(), &[24, 24, 22]);
    let outcome = game.outcome().expect("over");
    assert_eq!(
        outcome.winners(),
        [Player(0), Player(1)].into_iter().collect()
    );
    assert_eq!(outcome.scores(), &[24, 24, 22]);
    Ok(())
}

#[test]
fn the_game_ends_at_the_end_of_the_turn_revealing_the_third_fairy() -> Check {
    // 4 and 11 already appeared; 18 comes next, and the Catch still scores.
    let mut game = State::builder(2)
        .covered([4])
        .pile_top(11)
        .top_of_deck([18])
        .build()?;
    turn(&mut game, &[Guess::Catch, Guess::Lower]);
    assert_eq!(game.scores(), &[7, -1]);
    assert_eq!(game.stage(), Stage::Over(PlayerSet::only(Player(0))));
    Ok(())
}

/// Ruling "Fairy: the starting card counts among the fairies".
#[test]
fn ruling_a_fairy_as_starting_card_counts() -> Check {
    // 18 starts the pile; 11 then 4 come up: the game ends after the 4.
    let mut game = State::builder(2)
        .pile_top(18)
        .top_of_deck([4, 2, 11])
        .build()?;
    assert_eq!(game.fairies_seen(), 1);
    turn(&mut game, &[Guess::Catch, Guess::Lower]);
    assert_eq!(game.stage(), Stage::Main);
    turn(&mut game, &[Guess::Lower, Guess::Higher]);
    assert_eq!(game.stage(), Stage::Main);
    turn(&mut game, &[Guess::Catch, Guess::Lower]);
    assert_eq!(game.fairies_seen(), 3);
    assert_eq!(game.scores(), &[7 + 2 + 7, 2 - 1 - 1]);
    assert!(matches!(game.stage(), Stage::Over(w) if w == PlayerSet::only(Player(0))));
    Ok(())
}

/// Ruling "Fairy: who plays on after a tie".
#[test]
fn ruling_only_the_tied_leaders_play_on() -> Check {
    let mut game = State::builder(3)
        .covered([4])
        .pile_top(11)
        .top_of_deck([1, 20, 18])
        .scores([5, 5, 4])
        .build()?;
    // The third fairy: both leaders guess Catch and stay tied at 12.
    let events = turn(&mut game, &[Guess::Catch, Guess::Catch, Guess::Catch]);
    let tied: PlayerSet = [Player(0), Player(1)].into_iter().collect();
    assert_eq!(game.stage(), Stage::PlayOff(tied));
    assert!(events.contains(&Event::PlayOff { players: tied }));
    assert_eq!(game.to_act(), tied);
    assert!(game.legal_actions(Player(2)).is_empty());
    let before = game;
    assert_eq!(
        game.apply(Player(2), Guess::Higher, &mut rng()),
        Err(ActionError::NotToAct { player: Player(2) })
    );
    assert_eq!(game, before);
    // 20 after 18: both say Higher, still tied; 1 after 20: Lower breaks it.
    turn(&mut game, &[Guess::Higher, Guess::Higher]);
    assert_eq!(game.stage(), Stage::PlayOff(tied));
    turn(&mut game, &[Guess::Lower, Guess::Higher]);
    assert_eq!(game.scores(), &[16, 13, 11]);
    assert_eq!(game.stage(), Stage::Over(PlayerSet::only(Player(0))));
    Ok(())
}

/// Ruling "Fairy: who plays on after a tie" (a player sitting out may end
/// level with a leader without joining the play-off).
#[test]
fn ruling_a_player_sitting_out_rejoins_when_the_leaders_fall_to_their_score() -> Check {
    // A play-off comes after the last fairy: all three lie under the 12.
    let mut game = State::builder(3)
        .covered([4, 11, 18])
        .pile_top(12)
        .top_of_deck([2, 14, 13])
        .scores([9, 9, 8])
        .play_off([Player(0), Player(1)])
        .build()?;
    let events = turn(&mut game, &[Guess::Lower, Guess::Lower]);
    assert_eq!(game.scores(), &[8, 8, 8]);
    assert_eq!(game.stage(), Stage::PlayOff(PlayerSet::first(3)));
    assert!(events.contains(&Event::PlayOff {
        players: PlayerSet::first(3)
    }));
    assert_eq!(game.to_act(), PlayerSet::first(3));
    turn(&mut game, &[Guess::Higher, Guess::Lower, Guess::Higher]);
    assert_eq!(game.scores(), &[10, 7, 10]);
    let tied: PlayerSet = [Player(0), Player(2)].into_iter().collect();
    assert_eq!(game.stage(), Stage::PlayOff(tied));
    turn(&mut game, &[Guess::Lower, Guess::Higher, Guess::Higher]);
    assert_eq!(game.scores(), &[12, 7, 9]);
    assert_eq!(game.stage(), Stage::Over(PlayerSet::only(Player(0))));
    Ok(())
}

#[test]
fn tied_leaders_share_the_victory_when_the_deck_runs_out() -> Check {
    // Only 21 is left in the deck; every fairy is out, so the tie plays off.
    let mut game = State::builder(2)
        .covered(1..=19)
        .pile_top(20)
        .scores([3, 3])
        .build()?;
    assert_eq!(game.stage(), Stage::PlayOff(PlayerSet::first(2)));
    turn(&mut game, &[Guess::Higher, Guess::Higher]);
    let outcome = game.outcome().expect("the deck is empty");
    assert_eq!(outcome.winners(), PlayerSet::first(2));
    Ok(())
}

/// Ruling "Fairy: the 15-point variant".
#[test]
fn fifteen_point_variant_ignores_fairies_and_ends_at_15() -> Check {
    let mut game = State::builder(2)
        .variant(Variant::FifteenPoints)
        .pile_top(3)
        .top_of_deck([19, 18, 11, 4])
        .build()?;
    turn(&mut game, &[Guess::Catch, Guess::Higher]);
    turn(&mut game, &[Guess::Catch, Guess::Higher]);
    turn(&mut game, &[Guess::Lower, Guess::Higher]);
    // Three fairies have appeared but nobody has 15: play goes on.
    assert_eq!(game.fairies_seen(), 3);
    assert_eq!(game.scores(), &[13, 6]);
    assert_eq!(game.stage(), Stage::Main);
    turn(&mut game, &[Guess::Higher, Guess::Lower]);
    assert_eq!(game.scores(), &[15, 5]);
    assert_eq!(game.stage(), Stage::Over(PlayerSet::only(Player(0))));
    Ok(())
}

/// Ruling "Fairy: the 15-point variant" (two reach 15 together, tied).
#[test]
fn fifteen_point_variant_tie_at_the_top_plays_off() -> Check {
    let mut game = State::builder(3)
        .variant(Variant::FifteenPoints)
        .pile_top(3)
        .top_of_deck([12, 4])
        .scores([8, 11, 14])
        .build()?;
    turn(&mut game, &[Guess::Catch, Guess::SameSuit, Guess::Lower]);
    assert_eq!(game.scores(), &[15, 15, 13]);
    let tied: PlayerSet = [Player(0), Player(1)].into_iter().collect();
    assert_eq!(game.stage(), Stage::PlayOff(tied));
    Ok(())
}

/// Ruling "Fairy: the 15-point variant" (the deck runs out first).
#[test]
fn fifteen_point_variant_with_an_exhausted_deck_goes_to_the_leader() -> Check {
    let mut game = State::builder(3)
        .variant(Variant::FifteenPoints)
        .covered(1..=19)
        .pile_top(20)
        .scores([3, 5, 4])
        .build()?;
    assert_eq!(game.stage(), Stage::Main);
    turn(&mut game, &[Guess::Higher, Guess::Lower, Guess::Higher]);
    assert_eq!(game.scores(), &[5, 4, 6]);
    assert_eq!(game.stage(), Stage::Over(PlayerSet::only(Player(2))));
    Ok(())
}

#[test]
fn guesses_are_hidden_until_the_reveal() -> Check {
    let start = State::builder(3).pile_top(7).top_of_deck([19]).build()?;
    let mut game = start;
    let events = game
        .apply(Player(0), Guess::Catch, &mut rng())
        .expect("legal");
    let mine = State::redact_all(&events, Seat::Player(Player(0)));
    let theirs = State::redact_all(&events, Seat::Player(Player(1)));
    let watching = State::redact_all(&events, Seat::Spectator);
    assert_eq!(
        mine.as_slice(),
        &[Event::Guessed {
            player: Player(0),
            guess: Some(Guess::Catch)
        }]
    );
    assert_eq!(
        theirs.as_slice(),
        &[Event::Guessed {
            player: Player(0),
            guess: None
        }]
    );
    assert_eq!(watching, theirs);
    assert_eq!(
        game.view_for(Player(0).into()).own_guess,
        Some(Guess::Catch)
    );
    let other = game.view_for(Player(1).into());
    assert_eq!(other.own_guess, None);
    assert_eq!(other.guessed, PlayerSet::only(Player(0)));
    // A different secret guess gives player 1 exactly the same view.
    let mut twin = start;
    twin.apply(Player(0), Guess::Lower, &mut rng())
        .expect("legal");
    assert_ne!(twin, game);
    assert_eq!(twin.view_for(Player(1).into()), other);
    assert_eq!(
        twin.view_for(Seat::Spectator),
        game.view_for(Seat::Spectator)
    );
    Ok(())
}

#[test]
fn views_do_not_depend_on_the_deck_order() -> Check {
    let a = State::builder(4)
        .pile_top(9)
        .top_of_deck([3, 2, 1])
        .build()?;
    let b = State::builder(4)
        .pile_top(9)
        .top_of_deck([5, 20, 21])
        .build()?;
    assert_ne!(a, b);
    for p in 0..4 {
        assert_eq!(a.view_for(Player(p).into()), b.view_for(Player(p).into()));
    }
    assert_eq!(a.view_for(Seat::Spectator), b.view_for(Seat::Spectator));
    Ok(())
}

#[test]
fn a_second_guess_in_one_turn_is_refused_without_change() -> Check {
    let mut game = State::builder(2).pile_top(7).top_of_deck([19]).build()?;
    game.apply(Player(0), Guess::Higher, &mut rng())
        .expect("legal");
    let before = game;
    assert_eq!(
        game.apply(Player(0), Guess::Lower, &mut rng()),
        Err(ActionError::NotToAct { player: Player(0) })
    );
    assert_eq!(
        game.apply(Player(7), Guess::Lower, &mut rng()),
        Err(ActionError::NoSuchPlayer { player: Player(7) })
    );
    assert_eq!(game, before);
    Ok(())
}

#[test]
fn inconsistent_setups_are_precise_errors() -> Check {
    let good = State::builder(2).pile_top(7).top_of_deck([19]).setup()?;
    assert!(State::try_from(good.clone()).is_ok());

    let mut twice = good.clone();
    twice.draw_pile.push(card(7));
    assert_eq!(
        State::try_from(twice),
        Err(SetupError::DuplicateCard(card(7)))
    );

    let mut missing = good.clone();
    missing.draw_pile.retain(|c| *c != card(5));
    assert_eq!(
        State::try_from(missing),
        Err(SetupError::MissingCard(card(5)))
    );

    let mut off = good.clone();
    off.scores[1] = 25;
    assert_eq!(
        State::try_from(off),
        Err(SetupError::ScoreOffTrack {
            player: Player(1),
            score: 25
        })
    );

    assert_eq!(Setup::new(1), Err(SetupError::PlayerCount(1)));

    let mut empty = good.clone();
    empty.draw_pile.push(card(7));
    empty.discard_pile.clear();
    assert_eq!(State::try_from(empty), Err(SetupError::EmptyPile));

    let mut all_in = good.clone();
    all_in.guesses = [Some(Guess::Higher), Some(Guess::Lower)]
        .into_iter()
        .collect();
    assert_eq!(State::try_from(all_in), Err(SetupError::TurnNotRevealed));

    let mut untied = good.clone();
    untied.scores = [1, 2].into_iter().collect();
    untied.stage = Stage::PlayOff(PlayerSet::first(2));
    assert_eq!(State::try_from(untied), Err(SetupError::PlayOffNotTied));

    let mut over = good.clone();
    over.stage = Stage::Over(PlayerSet::EMPTY);
    assert_eq!(State::try_from(over), Err(SetupError::BadWinners));

    // The deck is empty and player 2 leads: player 1 cannot be the winner.
    let wrong_winner = State::builder(2)
        .covered(1..=20)
        .pile_top(21)
        .scores([3, 5])
        .stage(Stage::Over(PlayerSet::only(Player(0))));
    assert_eq!(
        wrong_winner.build(),
        Err(SetupError::WrongStage {
            expected: Stage::Over(PlayerSet::only(Player(1)))
        })
    );

    // Three fairies are face up but the game claims to be running.
    let late = State::builder(2).covered([4, 11]).pile_top(18);
    assert_eq!(
        late.stage(Stage::Main).build(),
        Err(SetupError::WrongStage {
            expected: Stage::PlayOff(PlayerSet::first(2))
        })
    );
    Ok(())
}

#[test]
fn a_custom_deck_changes_suits_and_fairies() -> Check {
    // One suit of all 21 cards and a fairy on every odd number.
    let deck = CharmDeck::new(|_| Suit(0), |card| card.number() % 2 == 1);
    let mut game = State::builder(2)
        .deck(deck)
        .pile_top(7)
        .top_of_deck([2, 19])
        .build()?;
    turn(&mut game, &[Guess::SameSuit, Guess::Catch]);
    assert_eq!(game.scores(), &[4, 7]);
    assert_eq!(game.stage(), Stage::Main, "11 of 12 fairies seen? not yet");
    Ok(())
}

/// A play-off or a finished game needs the end to have come: in the standard
/// game every fairy has appeared, the deck is empty, or someone reached 24.
#[test]
fn a_play_off_or_an_end_before_the_last_fairy_is_refused() -> Check {
    let early = State::builder(2).pile_top(7).top_of_deck([19]);
    let main = Err(SetupError::WrongStage {
        expected: Stage::Main,
    });
    let over = Stage::Over(PlayerSet::only(Player(0)));
    assert_eq!(early.clone().scores([0, 10]).stage(over).build(), main);
    let tied = early.scores([3, 3]).play_off(PlayerSet::first(2));
    assert_eq!(tied.clone().build(), main);
    // Once the third fairy is face up, both stages are possible.
    let late = tied.covered([18, 11, 4]);
    assert!(late.clone().build().is_ok());
    assert!(late.stage(Stage::Over(PlayerSet::first(2))).build().is_ok());
    Ok(())
}

/// Ruling "Fairy: a custom deck without fairies".
#[test]
fn ruling_a_custom_deck_without_fairies_plays_until_the_deck_runs_out() {
    let deck = CharmDeck {
        fairies: [false; 21],
        ..CharmDeck::default()
    };
    let config = fairy_ring::fairy::Config::new(3)
        .expect("3 players")
        .with_deck(deck);
    let mut game = State::new(&config, &mut rng()).expect("valid config");
    assert_eq!(game.stage(), Stage::Main);
    assert_eq!(game.to_act(), PlayerSet::first(3));
    // Exactly one of Higher and Lower is right: someone leads, play goes on.
    turn(&mut game, &[Guess::Higher, Guess::Lower, Guess::Catch]);
    assert_ne!(game.scores()[0], game.scores()[1]);
    assert_eq!(game.stage(), Stage::Main);
    let mut reveals = 1;
    while game.outcome().is_none() {
        turn(&mut game, &[Guess::Catch, Guess::Catch, Guess::Catch]);
        reveals += 1;
    }
    assert_eq!(reveals, 20, "every card of the deck was revealed");
}

/// Ruling "Fairy: who plays on after a tie": the tied leaders may fall below
/// a player sitting out and still decide the game among themselves.
#[test]
fn ruling_a_player_sitting_out_wins_if_the_leaders_fall_below_them() -> Check {
    let mut game = State::builder(3)
        .covered([4, 11, 18])
        .pile_top(10)
        .scores([9, 9, 7])
        .play_off([Player(0), Player(1)])
        .build()?;
    // Every fairy is out, so Catch is always wrong: both leaders sink together.
    turn(&mut game, &[Guess::Catch, Guess::Catch]);
    assert_eq!(game.stage(), Stage::PlayOff(PlayerSet::first(2)));
    turn(&mut game, &[Guess::Catch, Guess::Catch]);
    assert_eq!(game.scores(), &[7, 7, 7]);
    assert_eq!(game.stage(), Stage::PlayOff(PlayerSet::first(3)));
    // Now all three guess; player 3 alone is right.
    turn(&mut game, &[Guess::Catch, Guess::Catch, Guess::SameSuit]);
    let outcome = game.outcome().expect("the tie is broken");
    assert_eq!(outcome.winners(), PlayerSet::only(Player(2)));
    assert!(outcome.scores()[2] > outcome.scores()[0]);
    Ok(())
}
