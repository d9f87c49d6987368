//! Tournaments between bots (feature `std`): many games on all cores, seats
//! rotated, and standings with 95% intervals.
//!
//! An [`Arena`] plays a field of [`Entrant`]s: any [`Bot`](crate::Bot), a
//! user's own included, the library's search bots, and the
//! [`Cheater`](crate::bots::Cheater) as a ceiling. Every game is played by
//! the library's one table, [`play_game`](crate::bots::play_game). The
//! seats rotate from game to game ([`Schedule`]); each game's chance comes
//! from an RNG seeded with the tournament's seed plus the game's index, so a
//! tournament is reproducible whatever the number of threads. The
//! [`Standings`] give each entrant's share of the victories with its 95%
//! interval ([`wilson`]), its mean score and its time per decision.
//!
//! The library prints nothing: [`Arena::run_with`] reports [`Progress`]
//! through a callback.
//!
//! ```
//! use fairy_ring::arena::{Arena, Entrant};
//! use fairy_ring::{Bot, BotError, Decision, Game, fairy};
//! use rand_chacha::ChaCha8Rng;
//! use rand_core::Rng;
//!
//! /// My own bot: always the first legal action.
//! struct First;
//!
//! impl<G: Game> Bot<G> for First {
//!     fn choose(&mut self, decision: &Decision<G>, _: &mut dyn Rng) -> Result<G::Action, BotError> {
//!         decision.legal.first().copied().ok_or(BotError::NoChoice)
//!     }
//! }
//!
//! let standings = Arena::<fairy::State>::new(fairy::Config::new(3)?)
//!     .entrant(Entrant::new("first", |_| Box::new(First)))
//!     .entrant(Entrant::ismcts(20))
//!     .entrant(Entrant::random())
//!     .games(6)
//!     .seed(1)
//!     .run::<ChaCha8Rng>()?;
//! assert_eq!(standings.entrants[0].name, "first");
//! assert_eq!(standings.entrants[0].games, 6);
//! let shares: f64 = standings.entrants.iter().map(|e| e.wins).sum();
//! assert!((shares - 6.0).abs() < 1e-9, "one victory a game, shared or not");
//! println!("{standings}");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::vec::Vec;
use core::sync::atomic::{AtomicUsize, Ordering};
use std::thread;
use std::time::{Duration, Instant};

use rand_core::{Rng, SeedableRng};

use crate::{Game, GameConfig};

mod clock;
mod entrant;
mod error;
mod open;
mod parallel;
mod play;
mod schedule;
mod seat;
mod standings;

pub use entrant::Entrant;
pub use error::ArenaError;
pub use schedule::Schedule;
pub use standings::{Standing, Standings, wilson};

use standings::Tally;

/// The seed of game `game` of a tournament seeded with `seed`: the two
/// mixed (SplitMix64's finalizer), so that games of nearby seeds or
/// indices are unrelated. Replay one game of a tournament by seeding its
/// RNG with it.
///
/// ```
/// use fairy_ring::arena::game_seed;
///
/// assert_ne!(game_seed(1, 1), game_seed(2, 0));
/// assert_eq!(game_seed(7, 3), game_seed(7, 3));
/// ```
pub fn game_seed(seed: u64, game: usize) -> u64 {
    use crate::rng::{GOLDEN_GAMMA, mix};
    mix(seed.wrapping_add(mix((game as u64).wrapping_add(GOLDEN_GAMMA))))
}

/// How far a tournament has come, as told to [`Arena::run_with`]'s callback.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// Games finished.
    pub done: usize,
    /// Games in the tournament.
    pub total: usize,
    /// Time since the tournament started.
    pub elapsed: Duration,
}

/// A tournament: a config, a field of entrants, a number of games and a
/// seed. See the [module](self) for an example.
///
/// With fewer entrants than players, the last entrant fills the remaining
/// seats.
#[derive(Debug)]
pub struct Arena<G: Game> {
    config: G::Config,
    entrants: Vec<Entrant<G>>,
    games: usize,
    seed: u64,
    threads: Option<usize>,
}

impl<G: Game + 'static> Arena<G> {
    /// A tournament of games played with `config`: no entrants yet, 100
    /// games, seed 1, on every core.
    pub fn new(config: G::Config) -> Self {
        Arena {
            config,
            entrants: Vec::new(),
            games: 100,
            seed: 1,
            threads: None,
        }
    }

    /// Enters `entrant`; the standings list entrants in the order entered.
    pub fn entrant(mut self, entrant: Entrant<G>) -> Self {
        self.entrants.push(entrant);
        self
    }

    /// Plays `games` games. Seats are balanced over every `players` games
    /// and neighbours over every `players!` (see [`Schedule`]): choose a
    /// multiple of the player count (6 at 3 players balances both).
    pub fn games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }

    /// Seeds the tournament: game `i` draws its chance from an RNG seeded
    /// with [`game_seed`]`(seed, i)`, so tournaments of two seeds share no
    /// game.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Plays on `threads` threads (0 or none set: one per core, as
    /// [`std::thread::available_parallelism`] says). The standings do not
    /// depend on it, only the time they take.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = (threads > 0).then_some(threads);
        self
    }

    /// The entrants, in the order entered.
    pub fn entrants(&self) -> &[Entrant<G>] {
        &self.entrants
    }

    /// The seating of every game.
    pub fn schedule(&self) -> Schedule {
        Schedule::new(self.entrants.len(), self.config.players())
    }

    /// The threads a run uses.
    pub fn thread_count(&self) -> usize {
        self.threads.unwrap_or_else(|| {
            thread::available_parallelism().map_or(1, core::num::NonZeroUsize::get)
        })
    }

    /// Plays the tournament, each game's chance drawn from an `R` (e.g.
    /// `rand_pcg::Pcg64Mcg` or `rand_chacha::ChaCha8Rng`).
    ///
    /// Returns the standings, or the first game (by index) a bot broke: it
    /// chose nothing, chose an action the game refused, or panicked.
    pub fn run<R: SeedableRng + Rng>(&self) -> Result<Standings, ArenaError<G::Violation>>
    where
        G::Config: Sync,
    {
        self.run_with::<R>(|_| {})
    }

    /// [`run`](Arena::run), telling `progress` after every game how many are
    /// done. It is called from the threads that play, so two calls may come
    /// out of order.
    pub fn run_with<R: SeedableRng + Rng>(
        &self,
        progress: impl Fn(Progress) + Sync,
    ) -> Result<Standings, ArenaError<G::Violation>>
    where
        G::Config: Sync,
    {
        let players = self.config.players();
        if self.entrants.is_empty() || self.entrants.len() > players {
            return Err(ArenaError::Field {
                entrants: self.entrants.len(),
                players,
            });
        }
        // The standings name entrants: two of one name could not be told apart.
        if let Some((_, entrant)) = self
            .entrants
            .iter()
            .enumerate()
            .find(|(i, e)| self.entrants.iter().take(*i).any(|o| o.name == e.name))
        {
            return Err(ArenaError::SameName {
                name: entrant.name.clone(),
            });
        }
        let schedule = self.schedule();
        let threads = self.thread_count().clamp(1, self.games.max(1));
        let start = Instant::now();
        let done = AtomicUsize::new(0);
        let played = parallel::play_all(
            self.games,
            threads,
            &|game| {
                play::play_one::<G, R>(&self.config, &self.entrants, &schedule, self.seed, game)
            },
            &|panic| ArenaError::Panicked {
                game: panic.game,
                message: panic.message,
            },
            &|_| {
                let done = done.fetch_add(1, Ordering::Relaxed).saturating_add(1);
                progress(Progress {
                    done,
                    total: self.games,
                    elapsed: start.elapsed(),
                });
            },
        )?;
        let elapsed = start.elapsed();

        // Summed in game order: the same sums whatever thread played what.
        let mut totals = alloc::vec![Tally::default(); self.entrants.len()];
        let mut moves = 0u64;
        for game in &played {
            moves = moves.saturating_add(game.moves);
            for (total, tally) in totals.iter_mut().zip(&game.tallies) {
                total.add(tally);
            }
        }
        let entrants = self
            .entrants
            .iter()
            .zip(&totals)
            .enumerate()
            .map(|(index, (entrant, total))| {
                Standing::new(entrant.name.clone(), schedule.seats_of(index), total)
            })
            .collect();
        Ok(Standings {
            entrants,
            players,
            games: played.len(),
            moves,
            elapsed,
            threads,
        })
    }
}
