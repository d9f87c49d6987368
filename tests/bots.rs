//! The bots and the table: searches are reproducible and play legal moves,
//! the table reports broken bots, and a search beats random play.

use fairy_ring::bots::{Cheater, RandomBot, TableError, play_game};
use fairy_ring::{Bot, Decision, Game, Player, fairy, prank};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A bot that ends a phase that is not on.
struct Rogue;

impl Bot<prank::State> for Rogue {
    fn choose(&mut self, _: &Decision<prank::State>, _: &mut dyn Rng) -> Option<prank::Action> {
        Some(prank::Action::DoneHiding)
    }
}

/// A bot that never answers.
struct Silent;

impl<G: Game> Bot<G> for Silent {
    fn choose(&mut self, _: &Decision<G>, _: &mut dyn Rng) -> Option<G::Action> {
        None
    }
}

#[test]
fn a_table_of_random_bots_plays_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut state = prank::State::new(&prank::Config::new(3).unwrap(), &mut rng).unwrap();
    let outcome = play_game(&mut state, &mut [RandomBot; 3], &mut rng).unwrap();
    assert_eq!(state.outcome(), Some(outcome));
}

#[test]
fn the_table_names_the_seat_without_a_bot_or_a_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let config = fairy::Config::new(3).unwrap();
    let mut state = fairy::State::new(&config, &mut rng).unwrap();
    let missing = play_game(&mut state, &mut [RandomBot; 2], &mut rng);
    assert!(
        matches!(missing, Err(TableError::NoBot { player: Player(2) })),
        "{missing:?}"
    );
    let mut state = fairy::State::new(&config, &mut rng).unwrap();
    let silent = play_game(&mut state, &mut [Silent, Silent, Silent], &mut rng);
    assert!(
        matches!(silent, Err(TableError::NoChoice { player: Player(0) })),
        "{silent:?}"
    );
}

#[test]
fn the_table_reports_a_refused_move_and_leaves_the_game_as_it_was() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut state = prank::State::new(&prank::Config::new(3).unwrap(), &mut rng).unwrap();
    let before = state;
    let result = play_game(&mut state, &mut [Rogue, Rogue, Rogue], &mut rng);
    assert!(
        matches!(
            result,
            Err(TableError::Refused {
                player: Player(0),
                ..
            })
        ),
        "{result:?}"
    );
    assert_eq!(state, before);
}

#[test]
fn a_cheater_search_is_reproducible_from_its_seed_and_plays_legal_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let state = prank::State::new(&prank::Config::new(3).unwrap(), &mut rng).unwrap();
    let player = state.to_act().lowest().unwrap();
    let pick = |seed| {
        let mut cheater = Cheater::new(200);
        let action = cheater.choose_in(&state, player, &mut ChaCha8Rng::seed_from_u64(seed));
        (action, cheater.last_search())
    };
    let (a, stats) = pick(3);
    assert_eq!(pick(3), (a, stats));
    assert!(a.is_some_and(|a| state.legal_actions(player).contains(&a)));
    assert_eq!(stats.iterations, 200);
    assert_eq!(stats.failed, 0);
    assert!(stats.nodes > 1 && stats.best_visits > 0, "{stats:?}");
}

/// Plays `games` 3-player Prank games, a cheater with `iterations` in seat
/// `g % 3` of game `g`, and returns its wins (ties split).
fn cheater_wins(games: u64, iterations: u32) -> f64 {
    let config = prank::Config::new(3).unwrap();
    let mut wins = 0.0;
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + g);
        let mut state = prank::State::new(&config, &mut rng).unwrap();
        let me = Player((g % 3) as u8);
        let mut cheater = Cheater::new(iterations);
        while let Some(player) = state.to_act().lowest() {
            let action = if player == me {
                cheater.choose_in(&state, player, &mut rng).unwrap()
            } else {
                RandomBot.choose(&state.decision(player), &mut rng).unwrap()
            };
            state.apply(player, action, &mut rng).unwrap();
        }
        let winners = state.outcome().unwrap().winners();
        if winners.contains(me) {
            wins += 1.0 / winners.len() as f64;
        }
    }
    wins
}

#[test]
fn a_search_that_sees_everything_beats_random_play() {
    // The fair share is a third: 40 games with a share under a half would
    // be very unlikely for a working search (and a search that picks at
    // random wins about a third).
    let wins = cheater_wins(40, 150);
    assert!(wins >= 20.0, "the cheater won {wins} of 40");
}
