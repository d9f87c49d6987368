//! Numbers for learning: every game's actions as indices of a fixed action
//! space, and what one seat knows as a fixed-length tensor of `f32`.
//!
//! Reinforcement-learning tools (OpenSpiel, PettingZoo, RLlib) want two
//! things from a game: a fixed action space `0..N`, so that the legal
//! actions of a decision are a mask over it, and an observation of fixed
//! shape. [`Learning`] gives both for every game, from a config alone:
//!
//! - [`action_space`](Learning::action_space) is `N`;
//!   [`action_index`](Learning::action_index) numbers an action and
//!   [`action_at`](Learning::action_at) reads a number back, refusing a
//!   number that is no action of that config;
//! - [`tensor_len`](Learning::tensor_len) is the length of a seat's tensor,
//!   and [`write_tensor`](Learning::write_tensor) fills a buffer the caller
//!   owns with what an [`InfoState`] holds (its view and its memory), with no
//!   allocation. Each game's `State` documents its layout field by field
//!   on its impl of [`Learning`].
//!
//! The tensor is made from the information state alone, so it can tell a
//! seat nothing its information does not hold; the testing harness checks
//! that twins a seat cannot tell apart give it the same tensor, and each
//! game's tests check that information states differing in any one field
//! encode differently.
//!
//! ```
//! use fairy_ring::learning::Learning;
//! use fairy_ring::rand_core::SeedableRng;
//! use fairy_ring::{Game, InfoState, Player, Seat, fairy};
//!
//! let config = fairy::Config::new(3)?;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let state = fairy::State::new(&config, &mut rng)?;
//! let seat = Seat::Player(Player(0));
//! let info = InfoState::<fairy::State>::new(seat, state.view_for(seat));
//!
//! let mut tensor = vec![0.0; fairy::State::tensor_len(&config)];
//! fairy::State::write_tensor(&config, &info, &mut tensor)?;
//!
//! let mut mask = vec![false; fairy::State::action_space(&config)];
//! for action in state.legal_actions(Player(0)) {
//!     if let Some(index) = fairy::State::action_index(&config, &action) {
//!         mask[index] = true;
//!     }
//! }
//! assert_eq!(mask, [true; 4]);
//! assert_eq!(fairy::State::action_at(&config, 4), None);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod encoder;

pub(crate) use encoder::Encoder;

use crate::{InfoState, Sample, Seat};

/// A game's actions as numbers and a seat's information as a tensor, for
/// a given config (see the [module docs](self)).
///
/// The promises, checked for every game by the testing harness:
///
/// - every action the game lists as legal for a config has an index below
///   [`action_space`](Learning::action_space), and
///   [`action_at`](Learning::action_at) of that index gives it back;
///   `action_at` gives `None` for every index that is no action (and every
///   index past the space); two actions never share an index;
/// - [`write_tensor`](Learning::write_tensor) writes exactly
///   [`tensor_len`](Learning::tensor_len) finite numbers, the same for the
///   same information, and nothing else is read.
pub trait Learning: Sample {
    /// How many action indices a game with `config` has: every action of
    /// such a game is numbered below it.
    fn action_space(config: &Self::Config) -> usize;

    /// The index of `action` in the action space of `config`, or `None` for
    /// an action that no game with this config can hold (a seat or item
    /// past the table's).
    fn action_index(config: &Self::Config, action: &Self::Action) -> Option<usize>;

    /// The action numbered `index` for `config`, or `None` when the index is
    /// no action of that config.
    fn action_at(config: &Self::Config, index: usize) -> Option<Self::Action>;

    /// Length of a seat's tensor in a game with `config`.
    fn tensor_len(config: &Self::Config) -> usize;

    /// Writes what `info` holds (its seat, view and memory) into `out`, which
    /// must be exactly [`tensor_len`](Learning::tensor_len) long. Nothing is
    /// allocated. An error leaves `out` in an unspecified state.
    fn write_tensor(
        config: &Self::Config,
        info: &InfoState<Self>,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        Self::write_tensor_from(config, info.seat, &info.view, &info.memory, out)
    }

    /// [`write_tensor`](Learning::write_tensor) from the parts of an
    /// information state, for a caller that holds them apart (nothing is
    /// copied into an [`InfoState`]). Each game documents its layout here.
    fn write_tensor_from(
        config: &Self::Config,
        seat: Seat,
        view: &Self::View,
        memory: &Self::Memory,
        out: &mut [f32],
    ) -> Result<(), TensorError>;

    /// Writes the legal-action mask of `legal` into `mask` (one entry per
    /// index of the action space, `true` where an action of `legal` has that
    /// index). Entries beyond the space are left `false`; an action without
    /// an index is skipped.
    fn legal_mask(config: &Self::Config, legal: &[Self::Action], mask: &mut [bool]) {
        mask.fill(false);
        for action in legal {
            if let Some(slot) = Self::action_index(config, action).and_then(|i| mask.get_mut(i)) {
                *slot = true;
            }
        }
    }
}

/// Why a tensor could not be written.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum TensorError {
    /// The buffer is not as long as the config's tensor.
    #[error("the buffer holds {got} numbers but a tensor of this game has {expected}")]
    Length {
        /// The config's [`Learning::tensor_len`].
        expected: usize,
        /// The buffer's length.
        got: usize,
    },
    /// The information was not made by a game with this config (another
    /// player count, or a seat the table does not have).
    #[error("the information does not fit the config: {0}")]
    Config(&'static str),
}
