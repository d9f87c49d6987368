//! The search that sees everything: a ceiling for the fair bots.

use rand_core::Rng;

use super::search::{Search, SearchStats};
use crate::{Game, Player};

/// Monte Carlo tree search with UCT on the real position, hidden cards and
/// all: the same search as [`Ismcts`](super::Ismcts), without the need to
/// guess. It reads the full state, which no player may, so it is not a
/// [`Bot`](super::Bot); it measures how much a game's hidden information
/// costs a fair bot.
///
/// ```
/// use fairy_ring::bots::Cheater;
/// use fairy_ring::{Game, Player, fairy};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(2);
/// let state = fairy::State::new(&fairy::Config::new(3)?, &mut rng)?;
/// let mut cheater = Cheater::new(100);
/// let player = state.to_act().lowest().expect("someone acts");
/// let action = cheater.choose_in(&state, player, &mut rng);
/// assert!(action.is_some_and(|a| state.legal_actions(player).contains(&a)));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Cheater<G: Game> {
    iterations: u32,
    search: Search<G>,
    last: SearchStats,
}

impl<G: Game> Cheater<G> {
    /// A cheater running `iterations` iterations per decision.
    pub fn new(iterations: u32) -> Self {
        Cheater {
            iterations,
            search: Search::default(),
            last: SearchStats::default(),
        }
    }

    /// Sets the UCT exploration constant (0.7 by default).
    pub fn exploration(mut self, constant: f64) -> Self {
        self.search.exploration = constant;
        self
    }

    /// What the last search saw.
    pub fn last_search(&self) -> SearchStats {
        self.last
    }

    /// The best move for `player` in `state` by the search, or `None` when
    /// the player has no legal move.
    pub fn choose_in(&mut self, state: &G, player: Player, rng: &mut dyn Rng) -> Option<G::Action> {
        let legal = state.legal_actions(player);
        if legal.len() <= 1 {
            return legal.first().copied();
        }
        let mut draw = |_: &mut dyn Rng| Some(state.clone());
        let (action, stats) = self
            .search
            .run(player, &legal, self.iterations, &mut draw, rng);
        self.last = stats;
        action
    }
}
