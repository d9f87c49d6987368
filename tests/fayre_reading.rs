//! A Midsummer Night's Fayre read in a seat's context: `Game::read_action`
//! reads the words a seat is shown (Mini Games by their printed names,
//! "your" dice, what each decision does to a die), in any decision of the
//! same turn, and its errors speak of that table.

use fairy_ring::fayre::{Action, Config, ParseActionError, RollMode, State, View};
use fairy_ring::{Bot, Game, Player, RandomBot, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// A text a seat was shown for one of its choices, and the choice.
struct Shown {
    text: String,
    action: Action,
}

/// Random games at every table size and both roll modes: every choice's
/// words read back in their own decision, and in every later decision of the
/// same player's turn they read to the same action or to an error, never to
/// another move: where the same action is a choice again, it is shown in the
/// same words (an error where the words no longer fit: "swap the 2 in the
/// Fairy pool" once the Dice action asks which die to place, or where a Mini
/// Game the text names has left the table).
#[test]
fn shown_words_read_back_in_their_decision_and_later_in_the_turn() {
    let (mut own, mut later, mut refused) = (0, 0, 0);
    for players in 2..=5usize {
        for rolls in [RollMode::Simulated, RollMode::Reported] {
            for seed in 0..3u64 {
                let config = Config::new(players).expect("a table").with_rolls(rolls);
                let mut rng = ChaCha8Rng::seed_from_u64(seed * 11 + players as u64);
                let mut state = State::new(&config, &mut rng).expect("a game");
                let mut turn: Option<(Player, Player)> = None;
                let mut earlier: Vec<Shown> = Vec::new();
                while let Some(player) = state.to_act().lowest() {
                    if turn != Some((state.current(), player)) {
                        turn = Some((state.current(), player));
                        earlier.clear();
                    }
                    let decision = state.decision(player);
                    let view = &decision.view;
                    for shown in &earlier {
                        match State::read_action(view, &shown.text) {
                            Ok(action) => {
                                assert_eq!(
                                    action, shown.action,
                                    "{:?} shown earlier in the turn, read at {}",
                                    shown.text, view.phase
                                );
                                // The same value may mean another move now
                                // (a `Pick` of the same die for another
                                // card): if it is a choice now, its words
                                // now are the words read.
                                if decision.legal.contains(&action) {
                                    assert_eq!(
                                        view.describe(action).to_string(),
                                        shown.text,
                                        "{:?} shown earlier in the turn is a choice at {} with other words",
                                        shown.text,
                                        view.phase
                                    );
                                }
                                later += 1;
                            }
                            Err(_) => refused += 1,
                        }
                    }
                    for action in &decision.legal {
                        let text = view.describe(*action).to_string();
                        assert_eq!(
                            State::read_action(view, &text),
                            Ok(*action),
                            "{text:?} shown at {}",
                            view.phase
                        );
                        own += 1;
                        earlier.push(Shown {
                            text,
                            action: *action,
                        });
                    }
                    let action = RandomBot.choose(&decision, &mut rng).expect("a choice");
                    state.apply(player, action, &mut rng).expect("legal");
                }
            }
        }
    }
    eprintln!("{own} texts read in their decision, {later} later in the turn, {refused} refused");
    assert!(
        own > 20_000 && later > 10_000 && refused > 1_000,
        "{own} {later} {refused}"
    );
}

/// A 3-player table with Ring Toss, Tug of War and Magic Geode Shy in play.
fn table() -> State {
    State::builder(3)
        .mini_game("Ring Toss", |g| g.die(Player(1), 3))
        .mini_game("Tug of War", |g| g)
        .mini_game("Magic Geode Shy", |g| g)
        .pool(Player(0), [1, 2, 4, 4, 5, 6])
        .build()
        .expect("a position")
}

fn read(view: &View, text: &str) -> Result<Action, String> {
    State::read_action(view, text).map_err(|e| e.to_string())
}

#[test]
fn errors_in_context_speak_of_the_table() {
    let state = table();
    let view = state.view_for(Seat::Player(Player(0)));
    for (text, error) in [
        (
            "choose player 9",
            "there is no player 9: players are numbered 1 to 3",
        ),
        (
            "pick the 4 in player 4's pool",
            "there is no player 4: players are numbered 1 to 3",
        ),
        (
            "place it on game 4",
            "there is no game 4: games are numbered 1 to 3",
        ),
        (
            "pick the player die on game 1, space 9",
            "there is no space 9 on Ring Toss: its spaces are numbered 1 to 6",
        ),
        ("place it on Pie Throw", "Pie Throw is not in play"),
        (
            "pick your dice pool",
            "expected a die but found \"your dice pool\"",
        ),
    ] {
        assert_eq!(read(&view, text), Err(error.to_string()), "{text:?}");
    }
    // Without the context, the notation's own range.
    assert_eq!(
        "choose player 300"
            .parse::<Action>()
            .map_err(|e| e.to_string()),
        Err("there is no player 300: players are numbered 1 to 256".to_string())
    );
    assert_eq!(
        "choose player 9".parse::<Action>(),
        Ok(Action::ChoosePlayer(Player(8)))
    );
    // A spectator has no dice of their own.
    let spectator = state.view_for(Seat::Spectator);
    assert_eq!(
        read(&spectator, "pick the 4 in your pool"),
        Err("\"your\" names nobody without a seat: say whose, like \"player 1's\"".to_string())
    );
    assert!(matches!(
        State::read_action(&view, "choose player 9"),
        Err(ParseActionError::OutOfRange { max: 3, .. })
    ));
}

#[test]
fn the_shown_forms_read_in_context() {
    use fairy_ring::fayre::{DieRef, Face, Side};
    let state = table();
    let view = state.view_for(Seat::Player(Player(0)));
    let four = DieRef::Pool {
        owner: Player(0),
        face: Face::ALL[3],
    };
    let placed = DieRef::Placed { booth: 0, space: 0 };
    for (text, action) in [
        ("place the 4 in your pool", Action::Pick(four)),
        (
            "place the 4 in your pool on Tug of War, left side",
            Action::PlaceOn {
                booth: 1,
                side: Some(Side::Left),
            },
        ),
        (
            "place it on magic geode shy",
            Action::PlaceOn {
                booth: 2,
                side: None,
            },
        ),
        (
            "turn over player 2's 3 on Ring Toss, space 1",
            Action::Pick(placed),
        ),
        (
            "re-roll player 2's 3 on Ring Toss, space 1",
            Action::Pick(placed),
        ),
        (
            "swap player 2's 3 on Ring Toss, space 1 with the 4 in your pool",
            Action::Pick(four),
        ),
        (
            "move the 4 in your pool up by 2",
            Action::Shift(fairy_ring::fayre::Shift::Up),
        ),
        ("re-roll your dice pool", Action::ChoosePlayer(Player(0))),
        (
            "re-roll player 3's dice pool",
            Action::ChoosePlayer(Player(2)),
        ),
        (
            "steal a Mischief card from player 2",
            Action::ChoosePlayer(Player(1)),
        ),
        (
            "roll the Goblin die into the Prize Pit",
            Action::RollPrizePit,
        ),
        (
            "roll one of your dice into the Prize Pit",
            Action::RollPrizePit,
        ),
        (
            "move player 2's 3 on Ring Toss, space 1 to Magic Geode Shy",
            Action::PlaceOn {
                booth: 2,
                side: None,
            },
        ),
    ] {
        assert_eq!(read(&view, text), Ok(action), "{text:?}");
    }
}

#[test]
fn fayre_grammar_in_the_prize_pit_texts() {
    use fairy_ring::fayre::PitDie;
    // The game is ending: player 1 rolls now, then player 2 (and player 3).
    let ending = |to_play: Player, queue: &[Player]| {
        State::builder(3)
            .to_play(to_play)
            .no_mini_game()
            .no_mini_game()
            .mini_games(["Pie Throw"])
            .empty_deck()
            .final_rolls([Player(0)].into_iter().chain(queue.iter().copied()))
            .build()
            .expect("a position")
    };
    let one = ending(Player(2), &[Player(1)]);
    let roller = one.view_for(Seat::Player(Player(0)));
    assert!(
        roller
            .to_string()
            .contains("(then player 2 rolls into the Prize Pit)"),
        "{roller}"
    );
    assert_eq!(
        roller.describe(Action::RollPrizePit).to_string(),
        "roll one of your dice into the Prize Pit"
    );
    let other = one.view_for(Seat::Player(Player(1)));
    assert_eq!(
        other.describe(Action::RollPrizePit).to_string(),
        "roll one of player 1's dice into the Prize Pit"
    );
    let two = ending(Player(0), &[Player(1), Player(2)]);
    assert!(
        two.view_for(Seat::Spectator)
            .to_string()
            .contains("(then player 2 and player 3 roll into the Prize Pit)")
    );
    assert_eq!(
        two.phase().to_string(),
        "player 1 rolls one of their dice into the Prize Pit"
    );
    let _ = PitDie::Player;
}

#[test]
fn a_decision_reads_names_and_says_what_the_table_has() {
    let state = table();
    let decision = state.decision(Player(0));
    let error = decision.read("choose player 7").map_err(|e| e.to_string());
    assert_eq!(
        error,
        Err("there is no player 7: players are numbered 1 to 3".to_string())
    );
    assert_eq!(decision.read("draw"), Ok(Action::Draw));
}

/// In a seat's context the words must fit the decision: a die on a card is
/// the one its owner and face say, the die a decision is about is the one
/// the words name, and the verb is the decision's. Each text here read as
/// another legal action before (the die by its place alone, the named die
/// dropped, the verb ignored).
#[test]
fn words_that_do_not_fit_the_decision_are_refused() {
    use fairy_ring::fayre::{DieRef, Face, Mischief, Phase};
    let four = DieRef::Pool {
        owner: Player(0),
        face: Face::ALL[3],
    };
    let at = |phase: Phase| {
        let state = State::builder(3)
            .mini_game("Ring Toss", |g| g.fairy([2, 2, 3]).die(Player(1), 3))
            .mini_game("Tug of War", |g| g)
            .mini_game("Magic Geode Shy", |g| g)
            .pool(Player(0), [1, 2, 4, 4, 5, 6])
            .phase(phase)
            .build()
            .expect("a position");
        state.view_for(Seat::Player(Player(0)))
    };
    let refused = |view: &View, text: &str| match State::read_action(view, text) {
        Ok(action) => panic!("{text:?} read as {action:?} at {}", view.phase),
        Err(error) => error,
    };
    // The owner and face of a die on a card are checked against the table.
    let flip = at(Phase::Target {
        card: Mischief::Flip,
    });
    for text in [
        "turn over your 3 on Ring Toss, space 1",
        "turn over player 2's 4 on Ring Toss, space 1",
        "turn over the Fairy 5 on Ring Toss, Fairy space 1",
    ] {
        assert!(
            matches!(
                refused(&flip, text),
                ParseActionError::NotThere { at: 10, .. }
            ),
            "{text:?}"
        );
    }
    assert_eq!(
        refused(&flip, "turn over your 3 on Ring Toss, space 1").to_string(),
        "no die at this table is \"your 3 on Ring Toss, space 1\": look at that space again"
    );
    assert_eq!(
        State::read_action(&flip, "turn over player 2's 3 on Ring Toss, space 1"),
        Ok(Action::Pick(DieRef::Placed { booth: 0, space: 0 }))
    );
    // The verb is the card's (or "pick").
    let error = refused(&flip, "swap player 2's 3 on Ring Toss, space 1");
    assert_eq!(
        error.to_string(),
        "\"swap\" does not fit this decision: say \"turn over\" or \"pick\""
    );
    assert!(State::read_action(&flip, "pick player 2's 3 on Ring Toss, space 1").is_ok());
    // The blue and red fairies change a die ("move" is the Dice action's).
    let nudge = at(Phase::Target {
        card: Mischief::NudgeTwo,
    });
    assert_eq!(
        State::read_action(&nudge, "change the 4 in your pool"),
        Ok(Action::Pick(four))
    );
    assert!(matches!(
        refused(&nudge, "move the 4 in your pool"),
        ParseActionError::DoesNotFit { .. }
    ));
    // The Dice action places or moves a die; it flips nothing.
    let dice = at(Phase::Dice);
    assert!(matches!(
        refused(&dice, "turn over the 4 in your pool"),
        ParseActionError::DoesNotFit { .. }
    ));
    assert!(matches!(
        refused(&dice, "swap the 4 in your pool"),
        ParseActionError::DoesNotFit { .. }
    ));
    assert_eq!(
        State::read_action(&dice, "place the 4 in your pool"),
        Ok(Action::Pick(four))
    );
    // ... a pool die is placed, a die on a card moved; a blue fairy's die
    // is changed, and a swap is no Dice action.
    for text in [
        "move the 4 in your pool",
        "change the 4 in your pool",
        "place player 2's 3 on Ring Toss, space 1",
        "swap player 2's 3 on Ring Toss, space 1 with the 4 in your pool",
    ] {
        assert!(
            matches!(refused(&dice, text), ParseActionError::DoesNotFit { .. }),
            "{text:?}"
        );
    }
    // The die being placed is the one the words name.
    let placing = at(Phase::Destination { die: four });
    let error = refused(
        &placing,
        "place the 2 in your pool on Tug of War, left side",
    );
    assert_eq!(
        error.to_string(),
        "\"the 2 in your pool\" is not the die being placed"
    );
    assert_eq!(
        State::read_action(
            &placing,
            "place the 4 in your pool on Tug of War, left side"
        ),
        Ok(Action::PlaceOn {
            booth: 1,
            side: Some(fairy_ring::fayre::Side::Left)
        })
    );
    // The second die of a swap follows the first one picked; before it,
    // the dice are picked one at a time.
    let ring_toss = DieRef::Placed { booth: 0, space: 0 };
    let swapping = at(Phase::SwapWith { first: ring_toss });
    assert!(matches!(
        refused(&swapping, "swap the 2 in your pool with the 4 in your pool"),
        ParseActionError::NotTheDie {
            doing: "swapped",
            ..
        }
    ));
    assert_eq!(
        State::read_action(
            &swapping,
            "swap player 2's 3 on Ring Toss, space 1 with the 4 in your pool"
        ),
        Ok(Action::Pick(four))
    );
    // A die named alone at the second pick would be a first pick's words.
    assert!(matches!(
        refused(&swapping, "swap the 4 in your pool"),
        ParseActionError::DoesNotFit { .. }
    ));
    assert_eq!(
        State::read_action(&swapping, "pick the 4 in your pool"),
        Ok(Action::Pick(four))
    );
    let swap = at(Phase::Target {
        card: Mischief::Swap,
    });
    assert!(matches!(
        refused(
            &swap,
            "swap the 4 in your pool with player 2's 3 on Ring Toss, space 1"
        ),
        ParseActionError::OneAtATime { at: 0 }
    ));
    // The die moved up or down is the card's die, by the card's steps.
    let shifting = at(Phase::Shift {
        card: Mischief::NudgeOne,
        die: four,
    });
    assert!(matches!(
        refused(&shifting, "move the 5 in your pool up by 1"),
        ParseActionError::NotTheDie { doing: "moved", .. }
    ));
    assert_eq!(
        refused(&shifting, "move the 4 in your pool up by 2").to_string(),
        "this fairy moves a die by 1, not 2"
    );
    assert_eq!(
        State::read_action(&shifting, "move the 4 in your pool up by 1"),
        Ok(Action::Shift(fairy_ring::fayre::Shift::Up))
    );
    // Choosing a player: a pool to re-roll is not a rival to rob.
    let steal = at(Phase::Steal { thief: Player(0) });
    assert!(matches!(
        refused(&steal, "re-roll player 2's dice pool"),
        ParseActionError::DoesNotFit { .. }
    ));
    assert_eq!(
        State::read_action(&steal, "steal a Mischief card from player 2"),
        Ok(Action::ChoosePlayer(Player(1)))
    );
    let reroll = at(Phase::Target {
        card: Mischief::RerollPool,
    });
    assert!(matches!(
        refused(&reroll, "steal a Mischief card from player 2"),
        ParseActionError::DoesNotFit { .. }
    ));
    // The Prize Pit roll names the die it waits for, of its roller.
    use fairy_ring::fayre::PitDie;
    let goblin_roll = at(Phase::PrizePit {
        player: Player(0),
        die: PitDie::Goblin,
    });
    assert_eq!(
        State::read_action(&goblin_roll, "roll the Goblin die into the Prize Pit"),
        Ok(Action::RollPrizePit)
    );
    assert!(matches!(
        refused(&goblin_roll, "roll one of your dice into the Prize Pit"),
        ParseActionError::DoesNotFit { .. }
    ));
    // The bare notation knows no decision: it reads the words as before.
    assert_eq!(
        "swap the 4 in player 1's pool with the 2 in player 1's pool".parse::<Action>(),
        Ok(Action::Pick(DieRef::Pool {
            owner: Player(0),
            face: Face::ALL[1]
        }))
    );
}
