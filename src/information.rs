//! What one seat knows, and positions drawn from it: the information state
//! that search bots and the sampling contract work on.
//!
//! A [`View`](Game::View) shows what a seat may look at now. Some games let a
//! player remember more than the table shows: the cards it passed face down,
//! a card revealed and then covered, the hand it had before a swap. That
//! knowledge is kept in the game's [`Memory`](Sample::Memory), built only from
//! the views and redacted events the seat was given, so a client that holds
//! nothing but its own messages from a server can keep it. The view plus the
//! memory is the seat's [`InfoState`]; a user interface shows the view, and
//! may ignore the memory.
//!
//! [`Sample::sample`] turns an information state into a full position that
//! the seat cannot tell from the real one, drawn uniformly among those the
//! information allows. Each game documents on its impl what it redraws, what
//! it keeps, and what it does not use (no game weights a sample by the
//! choices opponents made).

use core::fmt;

use rand_core::Rng;

use crate::{Game, Message, Seat};

/// A game whose hidden information can be redrawn from what one seat knows.
///
/// The contract, checked for every game by
/// `testing::check_sampling` (feature `testing`):
///
/// - the sample gives the seat exactly the view it was drawn from, the same
///   `to_act()` and the same legal actions;
/// - it agrees with the seat's memory ([`agrees`](Sample::agrees)), and so
///   does every real position the information came from;
/// - it is a valid position: its `Setup` is accepted by `from_setup`;
/// - every position the information allows is equally likely (each game
///   tests this with a chi-squared test on a position where the assignments
///   can be counted);
/// - information that no position can produce is a [`SampleError`], never a
///   panic.
pub trait Sample: Game {
    /// What the seat saw earlier that still tells hidden places apart and
    /// that its view does not show. `Default` is the memory at the start of
    /// a game (or of a seat that joined late and saw nothing).
    type Memory: Clone + Eq + fmt::Debug + Default;

    /// Updates `memory` with one `apply`: the seat's view before it, the
    /// events as redacted for the seat, and its view after it.
    fn remember(
        memory: &mut Self::Memory,
        seat: Seat,
        before: &Self::View,
        events: &[Self::Event],
        after: &Self::View,
    );

    /// A position drawn uniformly among those that give `info`'s seat the
    /// view and memory it holds, in a game played with `config`.
    fn sample(
        config: &Self::Config,
        info: &InfoState<Self>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Self, SampleError>;

    /// Whether this position agrees with everything `memory` says about
    /// hidden places, as seen from `seat`.
    fn agrees(&self, seat: Seat, memory: &Self::Memory) -> bool;
}

/// Everything one seat knows: its latest view, and what it remembers.
///
/// Start it from the seat's view at the beginning of a game, then either
/// [`receive`](InfoState::receive) every [`Message`] the seat is sent (what
/// a client of a server holds) or [`observe`](InfoState::observe) every
/// `apply` (every one, not only the seat's own turns) with the events
/// redacted for the seat: a move that sends the seat no message changes
/// nothing it knows, so both end in the same information.
///
/// ```
/// use fairy_ring::{Game, InfoState, Player, Sample, Seat, fairy};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(3);
/// let config = fairy::Config::new(3)?;
/// let mut state = fairy::State::new(&config, &mut rng)?;
/// let seat = Seat::Player(Player(0));
/// let mut info = InfoState::<fairy::State>::new(seat, state.view_for(seat));
/// while !state.is_over() {
///     let player = state.to_act().lowest().expect("someone acts");
///     let action = state.legal_actions(player)[0];
///     let events = state.apply(player, action, &mut rng)?;
///     info.observe(&fairy::State::redact_all(&events, seat), state.view_for(seat));
///     // A position the seat cannot tell from the real one.
///     let guess = info.sample(&config, &mut rng)?;
///     assert_eq!(guess.view_for(seat), state.view_for(seat));
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With `serde`, `{"seat": ..., "view": ..., "memory": ...}`; a deserialized
/// one is checked when it is sampled from ([`SampleError`]).
#[derive(Clone, Debug, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "G::View: serde::Serialize, G::Memory: serde::Serialize",
        deserialize = "G::View: serde::Deserialize<'de>, G::Memory: serde::Deserialize<'de>"
    ))
)]
pub struct InfoState<G: Sample> {
    /// Whose information this is.
    pub seat: Seat,
    /// The seat's latest view.
    pub view: G::View,
    /// What the seat remembers beyond the view.
    pub memory: G::Memory,
}

impl<G: Sample> InfoState<G> {
    /// The information of `seat` when its view is `view` and it remembers
    /// nothing else: at the start of a game, or when joining one.
    pub fn new(seat: Seat, view: G::View) -> Self {
        InfoState {
            seat,
            view,
            memory: G::Memory::default(),
        }
    }

    /// Takes in one `apply`: `events` as redacted for the seat (see
    /// [`Game::redact_all`]) and the seat's view after it.
    pub fn observe(&mut self, events: &[G::Event], view: G::View) {
        G::remember(&mut self.memory, self.seat, &self.view, events, &view);
        self.view = view;
    }

    /// Takes in one [`Message`] the seat was sent after a move: the same as
    /// [`observe`](InfoState::observe) with its events and view. Fed only
    /// the messages a table sends by the rule of [`Message`], an information
    /// state ends exactly where one fed every move does.
    ///
    /// A message for another seat is refused and changes nothing.
    pub fn receive(&mut self, message: &Message<G>) -> Result<(), OtherSeat> {
        if message.seat != self.seat {
            return Err(OtherSeat {
                holder: self.seat,
                addressee: message.seat,
            });
        }
        self.observe(&message.events, message.view.clone());
        Ok(())
    }

    /// A position drawn uniformly among those this information allows
    /// ([`Sample::sample`]).
    pub fn sample(
        &self,
        config: &G::Config,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<G, SampleError> {
        G::sample(config, self, rng)
    }
}

/// A [`Message`] handed to the information of another seat
/// ([`InfoState::receive`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[error("a message for {addressee} cannot inform {holder}")]
pub struct OtherSeat {
    /// Whose information it was handed to.
    pub holder: Seat,
    /// Whom the message is for.
    pub addressee: Seat,
}

/// Information that no position can give: a view or memory that was not
/// made by the game with this config, or was edited.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SampleError {
    /// The view belongs to another seat, player count or card set than the
    /// config describes.
    #[error("the view does not fit the config: {0}")]
    Config(&'static str),
    /// No position gives this view and memory.
    #[error("no position fits this information: {0}")]
    Impossible(&'static str),
}
