//! The information-set search bot.

use rand_core::Rng;

use super::search::{Search, SearchStats};
use super::{Bot, BotError};
use crate::{Decision, InfoState, Message, Sample, Seat};

/// Single-observer information-set Monte Carlo tree search with UCT
/// (Cowling, Powley and Whitehouse, 2012), for any game that can
/// [`Sample`].
///
/// Each iteration draws a position from what the bot's seat knows (its
/// [`InfoState`]: the view, and the memory it keeps from what it was shown),
/// walks one tree of moves shared by all those positions, and plays the
/// rest of the game at random. A move's value counts only the iterations in
/// which it was legal. The move chosen is the most visited. The bot sees
/// nothing a player could not: its positions come from its own view and the
/// events redacted for it ([`Bot::observe`]).
///
/// The result depends only on the information, the legal actions and the
/// RNG. The tree and buffers are kept between decisions, so an iteration
/// allocates at most the one node it adds.
///
/// ```
/// use fairy_ring::bots::{Ismcts, RandomBot, play_game};
/// use fairy_ring::{Bot, Game, fairy};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let config = fairy::Config::new(3)?;
/// let mut rng = ChaCha8Rng::seed_from_u64(11);
/// let mut state = fairy::State::new(&config, &mut rng)?;
/// let mut bots: Vec<Box<dyn Bot<fairy::State>>> = vec![
///     Box::new(Ismcts::new(config.clone(), 200)),
///     Box::new(RandomBot),
///     Box::new(RandomBot),
/// ];
/// let outcome = play_game(&mut state, &mut bots, &mut rng)?;
/// assert_eq!(outcome.scores().len(), 3);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct Ismcts<G: Sample> {
    config: G::Config,
    iterations: u32,
    info: Option<InfoState<G>>,
    search: Search<G>,
    last: SearchStats,
}

impl<G: Sample> Ismcts<G> {
    /// A bot for games played with `config`, running `iterations` iterations
    /// per decision.
    pub fn new(config: G::Config, iterations: u32) -> Self {
        Ismcts {
            config,
            iterations,
            info: None,
            search: Search::default(),
            last: SearchStats::default(),
        }
    }

    /// Sets the UCT exploration constant (0.7 by default; rewards are a
    /// share of the victory, in `[0, 1]`).
    pub fn exploration(mut self, constant: f64) -> Self {
        self.search.exploration = constant;
        self
    }

    /// Iterations per decision.
    pub fn iterations(&self) -> u32 {
        self.iterations
    }

    /// What the last search saw.
    pub fn last_search(&self) -> SearchStats {
        self.last
    }

    /// The information the bot holds now, if it was shown any.
    pub fn info(&self) -> Option<&InfoState<G>> {
        self.info.as_ref()
    }

    /// Searches from `info` for its seat's best move among `legal`: the same
    /// search as [`Bot::choose`], from information kept elsewhere.
    ///
    /// Iterations whose position cannot be drawn are skipped and counted
    /// ([`SearchStats::failed`]); when not one could be drawn the bot says
    /// so with [`BotError::Sampling`] rather than pick a move blindly.
    pub fn choose_from(
        &mut self,
        info: &InfoState<G>,
        legal: &[G::Action],
        rng: &mut dyn Rng,
    ) -> Result<G::Action, BotError> {
        if legal.len() <= 1 {
            return legal.first().copied().ok_or(BotError::NoChoice);
        }
        let Seat::Player(me) = info.seat else {
            return Err(BotError::Other("a spectator has no decision to search"));
        };
        if self.iterations == 0 {
            return Err(BotError::Other(
                "a search of 0 iterations cannot choose among several moves",
            ));
        }
        let config = &self.config;
        let mut refusal = None;
        let mut draw = |rng: &mut dyn Rng| match info.sample(config, rng) {
            Ok(position) => Some(position),
            Err(error) => {
                refusal = Some(error);
                None
            }
        };
        let (action, stats) = self.search.run(me, legal, self.iterations, &mut draw, rng);
        self.last = stats;
        match refusal {
            Some(error) if stats.failed == stats.iterations => Err(BotError::Sampling(error)),
            _ => action.ok_or(BotError::NoChoice),
        }
    }
}

impl<G: Sample> Bot<G> for Ismcts<G> {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Result<G::Action, BotError> {
        let seat = Seat::Player(decision.player);
        // Information that does not end in this view was not kept up to date
        // (the table sent no messages): search from the view alone.
        let info = match self.info.take() {
            Some(info) if info.seat == seat && info.view == decision.view => info,
            _ => InfoState::new(seat, decision.view.clone()),
        };
        let action = self.choose_from(&info, &decision.legal, rng);
        self.info = Some(info);
        action
    }

    /// Forgets the last game: a new game starts from an empty memory.
    fn start(&mut self, opening: &Message<G>) {
        // The tree is rebuilt at every decision; only the memory carries over.
        self.info = Some(InfoState::new(opening.seat, opening.view.clone()));
    }

    fn observe(&mut self, message: &Message<G>) {
        let received = self.info.as_mut().map(|info| info.receive(message));
        // No information yet, or a message of another seat: start afresh.
        if !matches!(received, Some(Ok(()))) {
            self.info = Some(InfoState::new(message.seat, message.view.clone()));
        }
    }
}
