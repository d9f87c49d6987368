//! Words that read back: every text a seat is shown for one of its choices
//! reads back, through `Decision::read`, to that very choice, in every game,
//! at every table size; the notation does too; and a seat's text that fits
//! several choices is an error naming them.

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    ActionInView, AnyGame, Decision, Game, GameKind, Player, ReadError, prank, season,
};
use rand_chacha::ChaCha8Rng;

/// Random games of `kind` at `players`, every legal action of every decision
/// written in its seat's words and in the notation, and read back.
fn every_choice_reads_back(kind: GameKind, players: usize, games: u64) -> Result<usize, String> {
    let config = kind.config(players).map_err(|e| e.to_string())?;
    let mut checked = 0;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = AnyGame::new(&config, &mut rng).map_err(|e| e.to_string())?;
        while let Some(mover) = game.to_act().lowest() {
            for player in game.to_act() {
                let decision = game.decision(player);
                for action in &decision.legal {
                    let words = ActionInView::<AnyGame>::new(&decision.view, action).to_string();
                    let notation = action.to_string();
                    for text in [&words, &notation] {
                        match decision.read(text) {
                            Ok(read) if read == *action => checked += 1,
                            other => {
                                return Err(format!(
                                    "{kind} {players}p seed {seed}: {player} shown \"{text}\" for \
                                     {action:?} reads back as {other:?}"
                                ));
                            }
                        }
                    }
                }
            }
            let legal = game.legal_actions(mover);
            let action = *fairy_ring::rng::choose(&mut rng, &legal).ok_or("a move")?;
            game.apply(mover, action, &mut rng)
                .map_err(|e| e.to_string())?;
        }
    }
    Ok(checked)
}

#[test]
fn every_choice_shown_to_a_seat_reads_back_to_it_in_every_game() {
    for kind in GameKind::ALL {
        for players in [*kind.players().start(), 4, *kind.players().end()] {
            match every_choice_reads_back(kind, players, 3) {
                Ok(checked) => assert!(checked > 100, "{kind} {players}p: only {checked} texts"),
                Err(failure) => panic!("{failure}"),
            }
        }
    }
}

/// The README's own example: "play Spring 3" when the seat holds only the
/// second copy of Spring 3 is that copy, not a refusal.
#[test]
fn a_bare_card_name_resolves_against_the_seats_choices() {
    let config = season::Config::new(3).expect("3 players");
    let mut found = false;
    for seed in 0..400 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = season::State::new(&config, &mut rng).expect("deal");
        let Some(player) = state.to_act().lowest() else {
            continue;
        };
        let decision: Decision<season::State> = state.decision(player);
        for action in &decision.legal {
            let notation = action.to_string();
            // A second copy: its notation ends in "#2"; without the mark the
            // notation means the first copy, which this seat does not hold.
            let Some(bare) = notation.strip_suffix(" #2") else {
                continue;
            };
            if decision.legal.iter().any(|a| a.to_string() == bare) {
                continue;
            }
            assert_eq!(decision.read(bare), Ok(*action), "{bare}");
            found = true;
        }
        if found {
            return;
        }
    }
    panic!("no deal put a lone second copy in the first player's hand");
}

#[test]
fn a_text_that_fits_several_choices_names_them_all() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let state =
        AnyGame::new(&GameKind::Fairy.config(3).expect("3 players"), &mut rng).expect("deal");
    let decision = state.decision(Player(0));
    assert!(decision.legal.len() > 1);
    // Every Fairy gesture is a word of its own: an empty text is no choice,
    // and a nonsense one is the game's own error.
    assert_eq!(decision.read("   "), Err(ReadError::Empty));
    assert!(matches!(
        decision.read("jump"),
        Err(ReadError::Unreadable(_))
    ));

    // Season: "play" alone fits every card in the hand.
    let config = season::Config::new(3).expect("3 players");
    let state = season::State::new(&config, &mut rng).expect("deal");
    let player = state.to_act().lowest().expect("someone acts");
    let decision = state.decision(player);
    let plays = decision
        .legal
        .iter()
        .filter(|a| a.to_string().starts_with("play "))
        .count();
    assert!(plays > 1, "a fresh hand has several cards to play");
    match decision.read("play") {
        Err(error @ ReadError::Ambiguous { .. }) => {
            assert_eq!(error.candidates().len(), plays);
            let text = error.to_string();
            for candidate in error.candidates() {
                let words = ActionInView::<season::State>::new(&decision.view, candidate);
                assert!(text.contains(&words.to_string()), "{text}");
            }
        }
        other => panic!("\"play\" is ambiguous, not {other:?}"),
    }
}

#[test]
fn an_action_that_is_not_a_choice_now_is_named_as_such() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut state =
        AnyGame::new(&GameKind::Fairy.config(2).expect("2 players"), &mut rng).expect("deal");
    let first = state.decision(Player(0));
    let action = first.read("higher").expect("a guess");
    state.apply(Player(0), action, &mut rng).expect("legal");
    // Player 1 has guessed: nothing more is theirs to choose.
    let after = state.decision(Player(0));
    match after.read("higher") {
        Err(error @ ReadError::NotAChoice { .. }) => {
            assert!(
                error.to_string().contains("not one of your choices"),
                "{error}"
            );
        }
        other => panic!("{other:?}"),
    }
}

/// Random decisions of every game: `f` is given each one.
fn each_decision(games: u64, mut f: impl FnMut(GameKind, &Decision<AnyGame>)) {
    for kind in GameKind::ALL {
        let config = kind
            .config(*kind.players().start())
            .expect("a seated count");
        for seed in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = AnyGame::new(&config, &mut rng).expect("deal");
            while let Some(player) = game.to_act().lowest() {
                let decision = game.decision(player);
                f(kind, &decision);
                let action = *fairy_ring::rng::choose(&mut rng, &decision.legal).expect("a move");
                game.apply(player, action, &mut rng).expect("legal");
            }
        }
    }
}

/// "the", "a" or a sign alone name nothing: never a move, however few
/// choices fit them (the reviewer's "the" read as "move ... to FIND the
/// Pearl" in the Fayre, "a" as "draw a Mischief card").
#[test]
fn a_text_that_names_nothing_is_never_a_move() {
    let mut tried = 0;
    each_decision(2, |kind, decision| {
        for filler in ["the", "a", "your", "+1", "-1", "to the"] {
            assert!(
                decision.read(filler).is_err(),
                "{kind}: {filler:?} read as a move"
            );
            tried += 1;
        }
    });
    assert!(tried > 1000);
}

/// A number alone is the choice of that number, counted from 1, as a menu
/// shows them; past the choices it is an error that says how many there are.
#[test]
fn a_number_alone_is_the_choice_of_that_number() {
    each_decision(1, |kind, decision| {
        for (i, action) in decision.legal.iter().enumerate() {
            assert_eq!(decision.read(&(i + 1).to_string()), Ok(*action), "{kind}");
        }
        let past = decision.legal.len() + 1;
        match decision.read(&past.to_string()) {
            Err(error @ ReadError::NoSuchChoice { .. }) => {
                let text = error.to_string();
                assert!(text.contains(&format!("from 1 to {}", past - 1)), "{text}");
            }
            other => panic!("{kind}: choice {past} of {}: {other:?}", past - 1),
        }
        assert!(matches!(
            decision.read("0"),
            Err(ReadError::NoSuchChoice { .. })
        ));
    });
}

/// The prime of a Fickle card typed with a word processor's apostrophe
/// (’) or a prime (′) is still a prime: "Dispel 3’" is not "Dispel 3".
#[test]
fn a_typographic_apostrophe_is_a_prime() {
    let mut primes = 0;
    each_decision(3, |kind, decision| {
        if kind != GameKind::Fickle {
            return;
        }
        for action in &decision.legal {
            let words = ActionInView::<AnyGame>::new(&decision.view, action).to_string();
            if !words.contains('\'') {
                continue;
            }
            for mark in ['\u{2019}', '\u{2032}'] {
                let typed = words.replace('\'', &mark.to_string());
                assert_eq!(decision.read(&typed), Ok(*action), "{typed}");
            }
            primes += 1;
        }
    });
    assert!(primes > 50, "{primes} choices with a prime");
}

#[test]
fn a_text_far_too_long_is_said_to_be() {
    each_decision(1, |_, decision| {
        assert_eq!(decision.read(&"play ".repeat(100)), Err(ReadError::TooLong));
    });
}

/// Two Prank items whose names differ only in punctuation ("key-ring",
/// "key ring") would read alike: such a set is refused, so every text a
/// Prank seat is shown names one item.
#[test]
fn names_that_differ_only_in_punctuation_are_refused() {
    let alike = prank::Treasures::new(["key-ring", "key ring", "marble", "felt"]);
    assert!(alike.is_err());
    let named_like_a_number = prank::Treasures::new(["marble", "felt", "Item_2"]);
    assert!(named_like_a_number.is_err());
}

/// The notation of an action a seat may not take now is never read as
/// another of its choices (the reviewer's "play Winter 2", not playable,
/// read as the play of Winter 6, whose ability "stashes 2 cards" holds a
/// 2): it is that action, refused, in every game.
#[test]
fn an_action_that_is_not_a_choice_never_reads_as_another() {
    for kind in GameKind::ALL {
        let config = kind
            .config(*kind.players().start())
            .expect("a seated count");
        let mut checked = 0;
        for seed in 0..crate::scale::size(10u64) {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut game = AnyGame::new(&config, &mut rng).expect("deal");
            let mut seen: Vec<fairy_ring::AnyAction> = Vec::new();
            while let Some(player) = game.to_act().lowest() {
                let decision = game.decision(player);
                // A dozen of them a decision, a different dozen each time.
                let others: Vec<_> = seen
                    .iter()
                    .filter(|a| !decision.legal.contains(a))
                    .collect();
                let from = checked % others.len().max(1);
                for action in others.iter().cycle().skip(from).take(12.min(others.len())) {
                    let text = action.to_string();
                    if let Ok(read) = decision.read(&text) {
                        // Only a form that names this very action is read,
                        // and only as the one choice whose notation holds it.
                        assert!(
                            read.to_string().contains(&text) || text.contains(&read.to_string()),
                            "{kind} seed {seed}: \"{text}\" (not a choice) read as \"{read}\""
                        );
                    }
                    checked += 1;
                }
                for action in &decision.legal {
                    if !seen.contains(action) {
                        seen.push(*action);
                    }
                }
                let action = *fairy_ring::rng::choose(&mut rng, &decision.legal).expect("a move");
                game.apply(player, action, &mut rng).expect("legal");
            }
        }
        // Every Fairy guess is always a choice: there is nothing to check.
        assert!(
            kind == GameKind::Fairy || checked > crate::scale::size(100),
            "{kind}: {checked}"
        );
    }
}

/// A Season card named bare ("Summer 1") is the play of the one copy of it
/// the seat may play, whatever the abilities the other choices show.
#[test]
fn a_bare_season_card_name_is_its_play() {
    let config = season::Config::new(3).expect("3 players");
    let mut checked = 0;
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = season::State::new(&config, &mut rng).expect("deal");
        while let Some(player) = game.to_act().lowest() {
            let decision = game.decision(player);
            for action in &decision.legal {
                let season::Action::Play(card) = action else {
                    continue;
                };
                let same_kind = decision
                    .legal
                    .iter()
                    .filter(|a| matches!(a, season::Action::Play(c) if c.kind() == card.kind()))
                    .count();
                if same_kind == 1 {
                    let name = card.kind().to_string();
                    assert_eq!(decision.read(&name), Ok(*action), "{name}");
                    checked += 1;
                }
            }
            // A card the seat may not play, named bare: never another card's
            // play (the reviewer's "play Winter 2" read as Winter 6, whose
            // ability "stashes 2 cards" holds a 2).
            for card in (0..90).filter_map(season::Card::new) {
                let play = season::Action::Play(card);
                if decision.legal.contains(&play) {
                    continue;
                }
                if let Ok(season::Action::Play(read)) =
                    decision.read(&format!("play {}", card.kind()))
                {
                    assert_eq!(
                        read.kind(),
                        card.kind(),
                        "play {} read as {read}",
                        card.kind()
                    );
                }
            }
            let action = *fairy_ring::rng::choose(&mut rng, &decision.legal).expect("a move");
            game.apply(player, action, &mut rng).expect("legal");
        }
    }
    assert!(checked > 100, "{checked}");
}

/// An item's name that is the start of another's ("die", "red die"): once
/// the die is in the box, "put die in the box" is that move refused, not
/// the red die's.
#[test]
fn a_name_inside_another_name_is_not_read_as_the_other() {
    let treasures = prank::Treasures::new(["die", "red die", "marble", "felt", "stick"])
        .expect("a valid item set");
    let config = prank::Config::new(3)
        .expect("3 players")
        .with_treasures(treasures);
    let mut checked = 0;
    for seed in 0..10 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut game = prank::State::new(&config, &mut rng).expect("deal");
        while let Some(player) = game.to_act().lowest() {
            let decision = game.decision(player);
            let die = prank::Action::Select(prank::Item(0));
            let red_die = prank::Action::Select(prank::Item(1));
            if decision.legal.contains(&red_die) && !decision.legal.contains(&die) {
                match decision.read("put die in the box") {
                    Err(ReadError::NotAChoice { action, .. }) => assert_eq!(action, die),
                    other => panic!("seed {seed}: {other:?}"),
                }
                checked += 1;
            }
            let action = *fairy_ring::rng::choose(&mut rng, &decision.legal).expect("a move");
            game.apply(player, action, &mut rng).expect("legal");
        }
    }
    assert!(checked > 3, "{checked}");
}
