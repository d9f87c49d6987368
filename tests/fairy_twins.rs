//! Fairy: the twin generator of the leak oracle (`testing::Twins`). A twin
//! must look the same to its seat (view, legal actions, who acts, outcome),
//! keep everything the seat knows, and really redraw the rest: the deck
//! order and the other players' guesses.

use fairy_ring::fairy::{Card, CharmDeck, Config, Guess, Setup, State, Suit, Variant};
use fairy_ring::testing::Twins;
use fairy_ring::{Game, Player, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn configs() -> Vec<Config> {
    let custom = CharmDeck::new(|c| Suit(c.number() % 3), |c| c.number() % 5 == 0);
    let mut configs = Vec::new();
    for players in 2..=10 {
        for variant in [Variant::Standard, Variant::FifteenPoints] {
            let config = Config::new(players).expect("2 to 10").with_variant(variant);
            configs.push(config);
            if players % 3 == 0 {
                configs.push(config.with_deck(custom));
            }
        }
    }
    configs
}

/// Every position of seeded random games with every config, in order.
fn positions() -> Vec<State> {
    let mut all = Vec::new();
    for (n, config) in configs().into_iter().enumerate() {
        for game in 0..3u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(n as u64 * 100 + game);
            let mut state = State::new(&config, &mut rng).expect("valid config");
            all.push(state);
            while let Some(player) = state
                .to_act()
                .iter()
                .nth(fairy_ring::rng::index(&mut rng, state.to_act().len()))
            {
                let legal = state.legal_actions(player);
                let action = *fairy_ring::rng::choose(&mut rng, &legal).expect("a guess");
                state.apply(player, action, &mut rng).expect("legal");
                all.push(state);
            }
        }
    }
    all
}

fn seats(state: &State) -> impl Iterator<Item = Seat> {
    (0..state.num_players() as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator, Seat::Player(Player(12))])
}

fn sorted(cards: &[Card]) -> Vec<Card> {
    let mut cards = cards.to_vec();
    cards.sort();
    cards
}

/// What a seat knows of a position, as Setup fields: everything but the
/// deck order and the values of other players' guesses.
fn known(setup: &Setup, seat: Seat) -> impl PartialEq + std::fmt::Debug {
    let own = seat.at_table(setup.scores.len()).player();
    let guesses: Vec<Option<Option<Guess>>> = setup
        .guesses
        .iter()
        .enumerate()
        .map(|(i, g)| match own {
            Some(p) if p.index() == i => Some(*g),
            _ => g.map(|_| None),
        })
        .collect();
    (
        setup.variant,
        setup.deck,
        setup.scores.clone(),
        setup.discard_pile.clone(),
        sorted(&setup.draw_pile),
        setup.stage,
        guesses,
    )
}

#[derive(Default, Debug)]
struct Tally {
    /// Positions with something hidden from the seat.
    hidden: u32,
    /// ... whose twin differs from the state.
    differ: u32,
    /// Positions with two or more cards in the deck, and those whose twin
    /// has another deck order.
    decks: u32,
    decks_differ: u32,
    /// Positions where another player has guessed, and those whose twin
    /// has another guess for one of them.
    guesses: u32,
    guesses_differ: u32,
}

#[test]
fn twins_look_the_same_to_their_seat_and_keep_what_it_knows() {
    let mut tally = Tally::default();
    for (i, state) in positions().into_iter().enumerate() {
        for (s, seat) in seats(&state).enumerate() {
            let seed = (i * 16 + s) as u64;
            let twin = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .unwrap_or_else(|e| panic!("position {i}, {seat:?}: twin refused: {e}"));
            let again = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("twin");
            assert_eq!(twin, again, "the same seed gives the same twin");

            let context = || format!("position {i}, {seat:?}\n{state:?}\n{twin:?}");
            assert_eq!(twin.view_for(seat), state.view_for(seat), "{}", context());
            assert_eq!(twin.to_act(), state.to_act(), "{}", context());
            assert_eq!(twin.outcome(), state.outcome(), "{}", context());
            for p in 0..12 {
                let p = Player(p);
                assert_eq!(
                    twin.legal_actions(p),
                    state.legal_actions(p),
                    "{}",
                    context()
                );
            }
            let (setup, twin_setup) = (state.to_setup(), twin.to_setup());
            assert_eq!(
                known(&twin_setup, seat),
                known(&setup, seat),
                "{}",
                context()
            );

            let own = seat.at_table(state.num_players()).player();
            let others_guessed = setup
                .guesses
                .iter()
                .enumerate()
                .any(|(i, g)| g.is_some() && own.is_none_or(|p| p.index() != i));
            let deck = setup.draw_pile.len() >= 2;
            if deck || others_guessed {
                tally.hidden += 1;
                tally.differ += u32::from(twin != state);
            }
            if deck {
                tally.decks += 1;
                tally.decks_differ += u32::from(twin_setup.draw_pile != setup.draw_pile);
            }
            if others_guessed {
                tally.guesses += 1;
                tally.guesses_differ += u32::from(twin_setup.guesses != setup.guesses);
            }
        }
    }
    println!("{tally:?}");
    assert!(tally.hidden > 10_000, "{tally:?}");
    // Nearly every deck order differs; a redrawn guess is the same one time
    // in four (less when several players guessed).
    assert!(tally.differ * 10 >= tally.hidden * 9, "{tally:?}");
    assert!(tally.decks_differ * 10 >= tally.decks * 9, "{tally:?}");
    assert!(tally.guesses > 1_000, "{tally:?}");
    assert!(tally.guesses_differ * 2 >= tally.guesses, "{tally:?}");
}

#[test]
fn a_players_twin_keeps_its_own_guess_and_redraws_the_others() {
    let state = State::builder(3).pile_top(7).build().expect("a position");
    let mut state = state;
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    state
        .apply(Player(0), Guess::Catch, &mut rng)
        .expect("legal");
    state
        .apply(Player(1), Guess::Catch, &mut rng)
        .expect("legal");
    let mut seen = [[false; 4]; 2];
    for seed in 0..200 {
        let twin = state
            .twin(
                Seat::Player(Player(0)),
                &mut ChaCha8Rng::seed_from_u64(seed),
            )
            .expect("twin");
        assert_eq!(twin.guess(Player(0)), Some(Guess::Catch));
        assert_eq!(twin.guess(Player(2)), None);
        let other = twin.guess(Player(1)).expect("player 2 has guessed");
        seen[0][other.index()] = true;
        let spectators = state
            .twin(Seat::Spectator, &mut ChaCha8Rng::seed_from_u64(seed))
            .expect("twin");
        let first = spectators.guess(Player(0)).expect("player 1 has guessed");
        seen[1][first.index()] = true;
    }
    assert_eq!(seen, [[true; 4]; 2], "every guess of another player occurs");
}

/// Plays `state` and `twin` forward with the same actions (random legal ones
/// of the state) while `seat`'s redacted events agree, comparing its views:
/// a leak may show only in a later view. Returns the steps played alike.
fn play_alike(mut state: State, mut twin: State, seat: Seat, seed: u64) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut steps = 0;
    while let Some(player) = state.to_act().lowest() {
        let legal = state.legal_actions(player);
        let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
            break;
        };
        let (a, b) = (
            state.apply(player, action, &mut rng.clone()),
            twin.apply(player, action, &mut rng.clone()),
        );
        let (Ok(a), Ok(b)) = (a, b) else { break };
        if State::redact_all(&a, seat) != State::redact_all(&b, seat) {
            break;
        }
        steps += 1;
        assert_eq!(twin.view_for(seat), state.view_for(seat), "{seat:?}");
        assert_eq!(twin.to_act(), state.to_act(), "{seat:?}");
        if let Some(p) = seat.player() {
            assert_eq!(twin.legal_actions(p), state.legal_actions(p), "{seat:?}");
        }
    }
    steps
}

#[test]
fn twins_stay_alike_until_the_seat_can_tell_them_apart() {
    let mut steps = 0;
    for (i, state) in positions().into_iter().enumerate().step_by(7) {
        for (s, seat) in seats(&state).enumerate() {
            let seed = (i * 16 + s) as u64;
            let twin = state
                .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                .expect("twin");
            steps += play_alike(state, twin, seat, seed);
        }
    }
    assert!(steps > 10_000, "{steps} steps played alike");
}
