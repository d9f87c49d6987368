//! One game of a tournament, at the library's one table.

use alloc::string::String;
use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};

use super::entrant::Entrant;
use super::error::ArenaError;
use super::open::Open;
use super::schedule::Schedule;
use super::seat::Seated;
use super::standings::Tally;
use crate::bots::{TableError, play_game};
use crate::{Game, Player, PlayerSet};

/// What one game gave each entrant, and its length.
pub(super) struct Played {
    pub(super) tallies: Vec<Tally>,
    pub(super) moves: u64,
}

/// Plays game `game` of the tournament: its seating from `schedule`, its
/// chance (deal and bots alike) from an `R` seeded with
/// [`game_seed`](super::game_seed)`(seed, game)`.
pub(super) fn play_one<G, R>(
    config: &G::Config,
    entrants: &[Entrant<G>],
    schedule: &Schedule,
    seed: u64,
    game: usize,
) -> Result<Played, ArenaError<G::Violation>>
where
    G: Game + 'static,
    R: SeedableRng + Rng,
{
    let mut rng = R::seed_from_u64(super::game_seed(seed, game));
    let seating = schedule.seating(game);
    let mut seats = Vec::with_capacity(seating.len());
    let mut open = PlayerSet::EMPTY;
    for (seat, entrant) in seating.iter().filter_map(|&e| entrants.get(e)).enumerate() {
        if entrant.sees_everything() {
            open.insert(Player(u8::try_from(seat).unwrap_or(u8::MAX)));
        }
        seats.push(Seated::new(entrant, config));
    }
    let state = G::new(config, &mut rng).map_err(|error| ArenaError::Config { game, error })?;
    let mut table = Open { state, open };
    let outcome = play_game(&mut table, &mut seats, &mut rng).map_err(|error| {
        let player = match &error {
            TableError::NoBot { player }
            | TableError::NoChoice { player, .. }
            | TableError::Refused { player, .. } => Some(*player),
            _ => None,
        };
        let entrant = player
            .and_then(|p| seating.get(p.index()))
            .and_then(|&e| entrants.get(e))
            .map_or_else(|| String::from("the game"), |e| e.name.clone());
        ArenaError::Table {
            game,
            entrant,
            error,
        }
    })?;

    let mut tallies = alloc::vec![Tally::default(); entrants.len()];
    let mut moves = 0u64;
    let winners = outcome.winners();
    for (index, (&entrant, seated)) in seating.iter().zip(&seats).enumerate() {
        moves = moves.saturating_add(seated.clock.decisions);
        let Some(tally) = tallies.get_mut(entrant) else {
            continue;
        };
        let player = Player(u8::try_from(index).unwrap_or(u8::MAX));
        let share = if winners.contains(player) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
        tally.add(&Tally {
            games: 1,
            wins: share,
            score: i64::from(outcome.score(player).unwrap_or(0)),
            clock: seated.clock,
        });
    }
    Ok(Played { tallies, moves })
}
