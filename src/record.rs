//! Game records: a game kept as its config, its chance and its moves, that
//! replays to any step (feature `alloc`).
//!
//! A record does not keep an RNG seed, which would tie it to one generator:
//! it keeps every number the engine drew (`u32`s, in order), for the deal and
//! for each move. Replaying feeds them back, so a record replays identically
//! on every platform and whatever generator played it. Each position also
//! leaves a 32-bit check (a hash of the canonical encoding of its plain-data
//! `Setup`, below), so a record made by another version of the rules, or
//! damaged (even into moves that are still legal), is refused with a precise
//! [`RecordError`]. A record of another format is refused when it is read
//! (with `serde`), with an error that says which format it has and what to do.
//!
//! ```
//! use fairy_ring::rand_core::SeedableRng;
//! use fairy_ring::{AnyGame, Bot, Game, GameKind, RandomBot, Recorder, Seat};
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(9);
//! let mut table = Recorder::<AnyGame>::new(GameKind::Season.config(3)?, &mut rng)?;
//! while let Some(player) = table.state().to_act().lowest() {
//!     let action = RandomBot.choose(&table.state().decision(player), &mut rng)?;
//!     table.apply(player, action, &mut rng)?;
//! }
//! let record = table.record();
//! let end = record.state_at(record.len())?;
//! assert_eq!(&end, table.state());
//! // Step 10 as player 2 saw it.
//! let view = record.state_at(10)?.view_for(Seat::Player(fairy_ring::Player(1)));
//! # let _ = view;
//! # Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
//! ```
//!
#![doc = include_str!("record/format.md")]

mod encoding;
mod fairy;
mod fayre;
mod fickle;
mod prank;
mod season;
#[cfg(feature = "serde")]
mod stored;

use alloc::vec::Vec;
use core::convert::Infallible;

use rand_core::{Rng, TryRng};

use crate::{ActionError, AnyGame, ConfigError, Events, Game, Player};

pub use encoding::{Canonical, Encoder, position_check};

/// The version of the rules this library plays. It changes whenever a change
/// of the rules makes the same config, chance and moves play differently;
/// records of another version are refused.
pub const RULES_VERSION: u32 = 1;

/// The format of the records this library writes and reads: how a record
/// is stored and checks its positions (see [`Canonical`]). Apart from
/// [`RULES_VERSION`]: a new format changes no game. A record of another
/// format is refused when it is read.
pub const RECORD_FORMAT: u32 = 2;

/// A whole game: what it takes to replay it to any step. It carries its
/// format ([`RECORD_FORMAT`]: a record of another is never read) and the
/// rules version it was played under.
///
/// With `serde` it is stored as `{"format": 2, "rules", "config", "deal",
/// "check", "moves"}`, `format` first. Reading one refuses, before anything
/// else of it, a record of another format, and one with no `format` (record
/// format 1, written by an earlier 0.2 build) with an error saying so.
///
/// ```
/// use fairy_ring::Record;
///
/// let old = r#"{"rules":1,"config":{"fairy":{"players":3,"variant":"Standard"}}}"#;
/// let told = serde_json::from_str::<Record>(old).unwrap_err().to_string();
/// assert!(told.contains("written by an earlier fairy-ring 0.2 build, in record format 1"));
/// assert!(told.contains("replay it with the fairy-ring build that wrote it"));
/// ```
#[derive(Clone, Debug)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "G::Config: serde::Serialize, G::Action: serde::Serialize"))
)]
pub struct Record<G: Game = AnyGame> {
    /// How the record checks its positions: always [`RECORD_FORMAT`]. Kept
    /// first, so that it is written first.
    format: u32,
    rules: u32,
    config: G::Config,
    deal: Vec<u32>,
    /// The check of the position after the deal.
    check: u32,
    moves: Vec<Move<G>>,
}

/// One recorded move: who played what, and the chance it drew.
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "G::Action: serde::Serialize",
        deserialize = "G::Action: serde::Deserialize<'de>"
    ))
)]
#[non_exhaustive]
pub struct Move<G: Game> {
    /// The player who moved.
    pub player: Player,
    /// What they played.
    pub action: G::Action,
    /// The numbers the engine drew while playing it.
    pub chance: Vec<u32>,
    /// The check of the position after it, in the record's format.
    pub check: u32,
}

/// Why a record cannot be replayed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum RecordError {
    /// The record was made by another version of the rules.
    #[error("the record was made by rules version {record}; this library plays version {library}")]
    RulesVersion {
        /// The record's version.
        record: u32,
        /// [`RULES_VERSION`].
        library: u32,
    },
    /// The record's config cannot be played.
    #[error("the record's config cannot be played: {0}")]
    Config(ConfigError),
    /// The deal drew other chance than the record holds.
    #[error("the deal does not match the record's chance: the record is damaged")]
    DealChance,
    /// A recorded move was refused.
    #[error("move {step} of the record is refused: the record is damaged")]
    Refused {
        /// The move's index, from 0.
        step: usize,
    },
    /// A move drew other chance than the record holds.
    #[error("move {step} does not match the record's chance: the record is damaged")]
    MoveChance {
        /// The move's index, from 0.
        step: usize,
    },
    /// The position after a move (or after the deal, `None`) is not the one
    /// recorded.
    #[error("the position after {} is not the recorded one: the record is damaged", match step { Some(step) => MoveName(*step), None => MoveName(usize::MAX) })]
    Diverged {
        /// The move's index, from 0, or `None` for the deal.
        step: Option<usize>,
    },
    /// There is no such step.
    #[error("step {step} is past the end of a record of {moves} moves")]
    NoSuchStep {
        /// The step asked for.
        step: usize,
        /// Moves in the record.
        moves: usize,
    },
}

impl<G: Game> Record<G> {
    /// The config the game was played with.
    pub fn config(&self) -> &G::Config {
        &self.config
    }

    /// The record's format: [`RECORD_FORMAT`], the only one this library
    /// makes or reads.
    pub fn format(&self) -> u32 {
        self.format
    }

    /// The rules version the record was made with.
    pub fn rules(&self) -> u32 {
        self.rules
    }

    /// The moves, in the order they were played.
    pub fn moves(&self) -> &[Move<G>] {
        &self.moves
    }

    /// The number of moves.
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move was played.
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }
}

impl<G: Game> Record<G>
where
    G::Setup: Canonical,
{
    /// The position after the first `step` moves (`0`: the deal).
    pub fn state_at(&self, step: usize) -> Result<G, RecordError> {
        let mut replay = self.replay()?;
        if step > self.moves.len() {
            return Err(RecordError::NoSuchStep {
                step,
                moves: self.moves.len(),
            });
        }
        while replay.step() < step {
            replay.next_move()?;
        }
        Ok(replay.state)
    }

    /// Replays the record from the deal, one move at a time, verifying each
    /// position against the record's check.
    pub fn replay(&self) -> Result<Replay<'_, G>, RecordError> {
        if self.rules != RULES_VERSION {
            return Err(RecordError::RulesVersion {
                record: self.rules,
                library: RULES_VERSION,
            });
        }
        let mut chance = Replayed::new(&self.deal);
        let state = G::new(&self.config, &mut chance).map_err(RecordError::Config)?;
        if !chance.all_used() {
            return Err(RecordError::DealChance);
        }
        if position_check(&state) != self.check {
            return Err(RecordError::Diverged { step: None });
        }
        Ok(Replay {
            record: self,
            state,
            step: 0,
        })
    }
}

/// A record being replayed: the position after [`step`](Replay::step) moves.
#[derive(Clone, Debug)]
pub struct Replay<'a, G: Game> {
    record: &'a Record<G>,
    state: G,
    step: usize,
}

impl<G: Game> Replay<'_, G> {
    /// The position now.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// How many moves have been replayed.
    pub fn step(&self) -> usize {
        self.step
    }

    /// The next recorded move, if any.
    pub fn peek(&self) -> Option<&Move<G>> {
        self.record.moves.get(self.step)
    }
}

impl<G: Game> Replay<'_, G>
where
    G::Setup: Canonical,
{
    /// Replays the next move and returns its events (unredacted: pass them
    /// through [`Game::redact_all`] for a seat), or `NoSuchStep` at the end.
    /// On an error the replay stays where it was.
    pub fn next_move(&mut self) -> Result<Events<G::Event>, RecordError> {
        let step = self.step;
        let Some(next) = self.record.moves.get(step) else {
            return Err(RecordError::NoSuchStep {
                step: step + 1,
                moves: self.record.moves.len(),
            });
        };
        let mut chance = Replayed::new(&next.chance);
        let mut state = self.state.clone();
        let events = state
            .apply(next.player, next.action, &mut chance)
            .map_err(|_| RecordError::Refused { step })?;
        if !chance.all_used() {
            return Err(RecordError::MoveChance { step });
        }
        if position_check(&state) != next.check {
            return Err(RecordError::Diverged { step: Some(step) });
        }
        self.state = state;
        self.step += 1;
        Ok(events)
    }
}

/// A game in play that records itself: every move goes through
/// [`apply`](Recorder::apply), so the record cannot miss one.
#[derive(Clone, Debug)]
pub struct Recorder<G: Game = AnyGame> {
    state: G,
    record: Record<G>,
}

impl<G: Game> Recorder<G>
where
    G::Setup: Canonical,
{
    /// Deals a new game, recording the chance of the deal.
    pub fn new(config: G::Config, rng: &mut (impl Rng + ?Sized)) -> Result<Self, ConfigError> {
        let mut deal = Vec::new();
        let state = G::new(&config, &mut Recording::new(rng, &mut deal))?;
        Ok(Recorder {
            record: Record {
                format: RECORD_FORMAT,
                rules: RULES_VERSION,
                config,
                deal,
                check: position_check(&state),
                moves: Vec::new(),
            },
            state,
        })
    }

    /// Goes on recording a stored game: replays `record` to its end, so the
    /// next move is recorded after its last.
    pub fn resume(record: Record<G>) -> Result<Self, RecordError> {
        let state = record.state_at(record.len())?;
        Ok(Recorder { state, record })
    }

    /// Plays and records a move. A refused move is not recorded, and changes
    /// nothing.
    pub fn apply(
        &mut self,
        player: Player,
        action: G::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<G::Event>, ActionError<G::Violation>> {
        let mut chance = Vec::new();
        let events = self
            .state
            .apply(player, action, &mut Recording::new(rng, &mut chance))?;
        self.record.moves.push(Move {
            player,
            action,
            chance,
            check: position_check(&self.state),
        });
        Ok(events)
    }
}

impl<G: Game> Recorder<G> {
    /// The position now.
    pub fn state(&self) -> &G {
        &self.state
    }

    /// The record so far.
    pub fn record(&self) -> &Record<G> {
        &self.record
    }

    /// The record, ending the recording.
    pub fn into_record(self) -> Record<G> {
        self.record
    }
}

/// Names a move in an error: "move 3", or "the deal" for `usize::MAX`.
struct MoveName(usize);

impl core::fmt::Display for MoveName {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self.0 {
            usize::MAX => f.write_str("the deal"),
            step => write!(f, "move {step}"),
        }
    }
}

/// An RNG that passes `inner`'s numbers through and writes each one down.
struct Recording<'a, R: ?Sized> {
    inner: &'a mut R,
    draws: &'a mut Vec<u32>,
}

impl<'a, R: Rng + ?Sized> Recording<'a, R> {
    fn new(inner: &'a mut R, draws: &'a mut Vec<u32>) -> Self {
        Recording { inner, draws }
    }
}

impl<R: Rng + ?Sized> TryRng for Recording<'_, R> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        let draw = self.inner.next_u32();
        self.draws.push(draw);
        Ok(draw)
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        rand_core::utils::next_u64_via_u32(self)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u32())
    }
}

/// An RNG that gives back recorded numbers, and notes whether the engine
/// asked for more, or fewer, than were recorded.
struct Replayed<'a> {
    draws: &'a [u32],
    used: usize,
    overrun: bool,
}

impl<'a> Replayed<'a> {
    fn new(draws: &'a [u32]) -> Self {
        Replayed {
            draws,
            used: 0,
            overrun: false,
        }
    }

    fn all_used(&self) -> bool {
        !self.overrun && self.used == self.draws.len()
    }
}

impl TryRng for Replayed<'_> {
    type Error = Infallible;

    fn try_next_u32(&mut self) -> Result<u32, Infallible> {
        match self.draws.get(self.used) {
            Some(&draw) => {
                self.used += 1;
                Ok(draw)
            }
            None => {
                self.overrun = true;
                // Past the record, the engine still needs numbers to finish its
                // move. `u32::MAX` ends every unbiased bounded draw at once (a
                // constant 0 would make rejection sampling retry forever).
                Ok(u32::MAX)
            }
        }
    }

    fn try_next_u64(&mut self) -> Result<u64, Infallible> {
        rand_core::utils::next_u64_via_u32(self)
    }

    fn try_fill_bytes(&mut self, dst: &mut [u8]) -> Result<(), Infallible> {
        rand_core::utils::fill_bytes_via_next_word(dst, || self.try_next_u32())
    }
}
