//! Who enters a tournament: a name and a way to seat a fresh bot.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use core::fmt;

use crate::bots::{Ismcts, RandomBot};
use crate::{Bot, Game, Sample};

/// Builds one fresh bot for one seat of one game, for the table's config.
type Factory<G> = dyn Fn(&<G as Game>::Config) -> Box<dyn Bot<G>> + Send + Sync;

/// One entry of a tournament: a name for the standings and how to seat it.
///
/// A fair entrant is any [`Bot`], built afresh for every seat it takes (so a
/// bot may keep memory within a game, never across games). The factory is
/// called on the thread that plays the game, so the bot itself need not be
/// `Send`.
///
/// ```
/// use fairy_ring::arena::Entrant;
/// use fairy_ring::bots::RandomBot;
/// use fairy_ring::fairy;
///
/// let mine = Entrant::<fairy::State>::new("mine", |_config| Box::new(RandomBot));
/// assert_eq!(mine.name(), "mine");
/// assert_eq!(Entrant::<fairy::State>::cheater(50).name(), "cheater:50");
/// ```
pub struct Entrant<G: Game> {
    pub(super) name: String,
    pub(super) kind: Kind<G>,
}

/// How an entrant sits at the table.
pub(super) enum Kind<G: Game> {
    /// A bot that sees what its seat sees.
    Fair(Box<Factory<G>>),
    /// [`Cheater`](crate::bots::Cheater) with this many iterations: it reads the whole position.
    Cheater(u32),
}

impl<G: Game + 'static> Entrant<G> {
    /// An entrant named `name` whose bots `bot` builds, one per seat and
    /// game, for the tournament's config.
    pub fn new(
        name: impl Into<String>,
        bot: impl Fn(&G::Config) -> Box<dyn Bot<G>> + Send + Sync + 'static,
    ) -> Self {
        Entrant {
            name: name.into(),
            kind: Kind::Fair(Box::new(bot)),
        }
    }

    /// [`RandomBot`], named `random`.
    pub fn random() -> Self {
        Entrant::new("random", |_| Box::new(RandomBot))
    }

    /// [`Cheater`](crate::bots::Cheater) running `iterations` per decision, named
    /// `cheater:ITERATIONS`. It reads the whole position, hidden cards and
    /// all, so it is no [`Bot`]: the arena shows its seat the real state.
    pub fn cheater(iterations: u32) -> Self {
        Entrant {
            name: format!("cheater:{iterations}"),
            kind: Kind::Cheater(iterations),
        }
    }
}

impl<G: Sample + 'static> Entrant<G> {
    /// [`Ismcts`] running `iterations` per decision, named
    /// `ismcts:ITERATIONS`.
    pub fn ismcts(iterations: u32) -> Self {
        Entrant::new(format!("ismcts:{iterations}"), move |config: &G::Config| {
            Box::new(Ismcts::new(config.clone(), iterations))
        })
    }
}

impl<G: Game> Entrant<G> {
    /// The name the standings give it.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// Renames it, e.g. to tell two entrants of the same kind apart.
    pub fn named(mut self, name: impl Into<String>) -> Self {
        self.name = name.into();
        self
    }

    /// Whether it reads the whole position (a [`Cheater`]).
    pub(super) fn sees_everything(&self) -> bool {
        matches!(self.kind, Kind::Cheater(_))
    }
}

impl<G: Game> fmt::Debug for Entrant<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Entrant").field("name", &self.name).finish()
    }
}
