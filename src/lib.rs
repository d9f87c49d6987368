//! Exact, embeddable rules engines for five fairy-themed tabletop games.
//!
//! Every game lives in its own module and implements the one [`Game`] trait, so
//! bots, the conformance harness, fuzzers, benchmarks and user interfaces are
//! written once and work for all of them:
//!
//! | module | game | players |
//! |---|---|---|
//! | [`fairy`] | Fairy: guess the next charm card with simultaneous gestures | 2-10 |
//! | [`prank`] | Fairy Prank: hide items from the treasure box, guess what is still inside | 2-6 |
//! | [`season`] | Fairy Season: climb the seasons onto the Swarm; Goblins, Traps and Royals out of turn | 3-5 |
//! | [`fickle`] | Fickle: five rounds of Lineup, Selection and Powers; 22 Families with Direct, Chain, Response, Delayed and Score Powers | 3-5 |
//! | [`fayre`] | A Midsummer Night's Fayre: place dice on carnival Mini Games, Fairy Mischief, the Goblin's Prize Pit | 2-5 |
//!
//! Each game module exports the same vocabulary: `Config` (player count, variant
//! and card data), `State` (a position, implementing [`Game`]), `Action`,
//! `View` (what one [`Seat`] may know), `Event` (what happened, redactable per
//! seat), `Setup` (a position as plain data) and a `PositionBuilder` that
//! writes a position in the game's own words.
//!
//! Around the contract:
//!
//! - **Words.** Actions, views, events, rules broken and outcomes have
//!   `Display` texts in the players' words; each game has a short notation for
//!   actions that `FromStr` and [`Game::parse_action`] read back.
//! - **Any game behind one type.** [`GameKind`] names the five games;
//!   [`AnyGame`] implements [`Game`] over all of them, for servers.
//! - **Records** (feature `alloc`). [`Recorder`] plays and records a game;
//!   a [`Record`] replays it to any step, on any platform.
//! - **The [`guide`]** (feature `alloc`) for authors of user interfaces and
//!   servers: what to send each client, and what never to.
//!
//! Numbers: scores are [`Score`] (`i32`) in every game; seats are [`Player`]
//! (a `u8` index) and a config's player count is a `u8` like it; counts of
//! cards, dice and lists are `usize`. Indices count from 0 (`Player(0)`, a
//! card's copy, a Mini Game's space) and printed numbers and names from 1
//! (`Player(0)` is "player 1", Spring 3's copies are "#1" and "#2", Season
//! abilities are set by card number 1 to 8).
//!
//! # Writing a position
//!
//! The `PositionBuilder` has one shape in all five games:
//!
//! - `State::builder(players)` starts one for the standard game and never
//!   fails; `PositionBuilder::new(config)` takes any config. Every mistake
//!   (a player count the game does not seat, a name that is no card, a card
//!   named twice, a position the rules cannot reach) is reported by
//!   `build()` (or `setup()`, the plain data) as the game's `SetupError`,
//!   the error `Setup::new` and `State::try_from` give too.
//! - A call that puts things somewhere (`hand`, `stash`, `top_of_deck`,
//!   `pool`, `in_box`, ...) adds them to what earlier calls put there.
//! - Piles and decks are listed **bottom first, the top card last**, in the
//!   builders as in every `Setup` (`top_of_deck([a, b])`: `b` comes first).
//! - What is not named is empty (a hand, a Stash, a pool's named faces),
//!   unless the rules fix it (a Fickle hand always holds three cards, a
//!   Fayre pool every die not on a card), or the builder is asked to deal
//!   (Season's `deal`).
//!
//! Each game's module docs show the same ten-line hidden position.
//!
//! # Example
//!
//! A complete game of Fairy between four random bots:
//!
//! ```
//! use fairy_ring::{Bot, Game, Player, RandomBot, fairy};
//! use rand_chacha::ChaCha8Rng;
//! use rand_core::SeedableRng;
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(7);
//! let config = fairy::Config::new(4)?;
//! let mut state = fairy::State::new(&config, &mut rng)?;
//! let mut bot = RandomBot;
//! while state.outcome().is_none() {
//!     for player in state.to_act() {
//!         let action = bot
//!             .choose(&state.decision(player), &mut rng)
//!             .expect("a player to act has a move");
//!         state.apply(player, action, &mut rng)?;
//!     }
//! }
//! let outcome = state.outcome().expect("the loop ends only when the game is over");
//! assert!(!outcome.winners().is_empty());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Features
//!
//! - `alloc` (default): conveniences that need an allocator: game records,
//!   the guide, and `Box<dyn Bot<G>>` as a [`Bot`]; the engines never allocate.
//! - `std`: `fairy_ring::arena`, tournaments between bots (a
//!   user's own included) on all cores, with seat rotation, standings with
//!   95% intervals and time per decision; implies `alloc`.
//! - `serde`: `Serialize`/`Deserialize` for every config, setup, state, action,
//!   view and event. A deserialized `State` is validated through its `Setup`.
//!   The JSON shapes are in `docs/JSON.md` (and the guide's "Serialized
//!   shapes").
//! - `testing`: the generic conformance harness in `fairy_ring::testing`,
//!   with the leak oracle.
//! - `arbitrary`: `arbitrary::Arbitrary` for configs (custom card data
//!   included), actions (any variant, any field value) and setups, for
//!   structure-aware fuzzing; needs the standard library.
//!
//! With `default-features = false` the crate is `#![no_std]` and builds for
//! bare-metal targets such as `thumbv7em-none-eabihf`.
#![no_std]
#![forbid(unsafe_code)]
#![warn(missing_docs)]
#![cfg_attr(docsrs, feature(doc_cfg))]

#[cfg(feature = "alloc")]
extern crate alloc;
// `std` and `arbitrary` need the standard library (the derive of `arbitrary`
// names `std`).
#[cfg(any(feature = "std", feature = "arbitrary"))]
extern crate std;

mod any;
#[cfg(feature = "std")]
pub mod arena;
pub mod bots;
pub mod fairy;
pub mod fayre;
pub mod fickle;
mod game;
#[cfg(feature = "alloc")]
pub mod guide;
mod information;
mod kind;
pub mod learning;
mod list;
mod message;
mod numeral;
pub mod prank;
#[cfg(fairy_ring_panic_probe)]
#[doc(hidden)]
pub mod probe;
mod reading;
#[cfg(feature = "alloc")]
mod record;
pub mod rng;
pub mod season;
#[cfg(feature = "testing")]
pub mod testing;

/// The README's code, compiled and run as a doc test.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;

pub use any::{
    AnyAction, AnyConfig, AnyEvent, AnyGame, AnyMemory, AnyParseError, AnySetup, AnySetupError,
    AnyView, AnyViolation,
};
pub use bots::{Bot, BotError, RandomBot};
pub use game::{
    ActionError, ActionInView, ActionList, ConfigError, Decision, EventInView, Events, Game,
    GameConfig, MAX_ACTIONS, MAX_EVENTS, MAX_PLAYERS, NotSeated, Outcome, Player, PlayerSet,
    PlayerSetIter, Score, Seat,
};
pub use information::{InfoState, OtherSeat, Sample, SampleError};
pub use kind::{GameKind, UnknownGame};
pub use list::List;
pub use message::Message;
pub use numeral::Numeral;
pub use reading::ReadError;
#[cfg(feature = "alloc")]
pub use record::{
    Canonical, Encoder, Move, RECORD_FORMAT, RULES_VERSION, Record, RecordError, Recorder, Replay,
    position_check,
};

/// The `arbitrary` crate whose `Arbitrary` trait the configs, actions and
/// setups implement with the `arbitrary` feature.
#[cfg(feature = "arbitrary")]
pub use arbitrary;
/// The fixed-capacity vector crate behind [`ActionList`], [`Events`] and every
/// list in states, views and events, re-exported so its version always
/// matches this crate's.
pub use arrayvec;
/// The RNG traits every `new` and `apply` takes, re-exported so its version
/// always matches this crate's. Any `rand_core` 0.10 generator works, e.g.
/// `rand_chacha::ChaCha8Rng` or `rand_pcg::Pcg64Mcg`.
pub use rand_core;
