//! A game played face up for some seats: how a [`Cheater`](crate::bots::Cheater)
//! sits at the library's one table ([`play_game`](crate::bots::play_game)),
//! which shows a bot nothing but its seat's view.
//!
//! [`Open`] is the game itself with one change: the view of a seat in
//! `open` carries the whole position too. Every rule, event, refusal and
//! chance draw is the inner game's, so a game played through it is the game
//! played directly, move for move.

use core::fmt;

use rand_core::Rng;

use crate::{ActionError, ActionList, ConfigError, Events, Game, Outcome, Player, PlayerSet, Seat};

/// `G`, with the seats of `open` shown the whole position.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Open<G: Game> {
    pub(super) state: G,
    pub(super) open: PlayerSet,
}

/// A seat's view of an [`Open`] game: its own view, and the whole position
/// if the seat is open.
pub(super) struct OpenView<G: Game> {
    pub(super) view: G::View,
    pub(super) state: Option<G>,
}

impl<G: Game> Clone for OpenView<G> {
    fn clone(&self) -> Self {
        OpenView {
            view: self.view.clone(),
            state: self.state.clone(),
        }
    }
}

impl<G: Game> PartialEq for OpenView<G> {
    fn eq(&self, other: &Self) -> bool {
        self.view == other.view && self.state == other.state
    }
}

/// States compare as plain data (this crate's derive `PartialEq` from fields
/// that are all `Eq`), so the view's equality is an equivalence too.
impl<G: Game> Eq for OpenView<G> {}

impl<G: Game> fmt::Debug for OpenView<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("OpenView")
            .field("view", &self.view)
            .field("state", &self.state)
            .finish()
    }
}

/// The seat's own view: what a person at the table would be told.
impl<G: Game> fmt::Display for OpenView<G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.view, f)
    }
}

impl<G: Game + 'static> Game for Open<G> {
    type Config = G::Config;
    type Action = G::Action;
    type View = OpenView<G>;
    type Event = G::Event;
    type Setup = G::Setup;
    type Violation = G::Violation;
    type SetupError = G::SetupError;

    const NAME: &'static str = G::NAME;
    const MIN_PLAYERS: usize = G::MIN_PLAYERS;
    const MAX_PLAYERS: usize = G::MAX_PLAYERS;

    fn new(config: &Self::Config, rng: &mut (impl Rng + ?Sized)) -> Result<Self, ConfigError> {
        Ok(Open {
            state: G::new(config, rng)?,
            open: PlayerSet::EMPTY,
        })
    }

    fn num_players(&self) -> usize {
        self.state.num_players()
    }

    fn to_act(&self) -> PlayerSet {
        self.state.to_act()
    }

    fn legal_actions(&self, player: Player) -> ActionList<Self::Action> {
        self.state.legal_actions(player)
    }

    fn legal_actions_into(&self, player: Player, list: &mut ActionList<Self::Action>) {
        self.state.legal_actions_into(player, list);
    }

    fn apply_into(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut Events<Self::Event>,
    ) -> Result<(), ActionError<Self::Violation>> {
        self.state.apply_into(player, action, rng, events)
    }

    fn play(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<Self::Violation>> {
        self.state.play(player, action, rng)
    }

    fn apply(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<Self::Event>, ActionError<Self::Violation>> {
        self.state.apply(player, action, rng)
    }

    fn view_for(&self, seat: Seat) -> Self::View {
        let open = seat.player().is_some_and(|p| self.open.contains(p));
        OpenView {
            view: self.state.view_for(seat),
            state: open.then(|| self.state.clone()),
        }
    }

    fn redact(event: &Self::Event, seat: Seat) -> Option<Self::Event> {
        G::redact(event, seat)
    }

    fn redact_all(events: &[Self::Event], seat: Seat) -> Events<Self::Event> {
        G::redact_all(events, seat)
    }

    fn outcome(&self) -> Option<Outcome> {
        self.state.outcome()
    }

    fn max_game_length(&self) -> u32 {
        self.state.max_game_length()
    }

    fn to_setup(&self) -> Self::Setup {
        self.state.to_setup()
    }

    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError> {
        Ok(Open {
            state: G::from_setup(setup)?,
            open: PlayerSet::EMPTY,
        })
    }

    fn is_over(&self) -> bool {
        self.state.is_over()
    }

    fn write_action(
        view: &Self::View,
        action: &Self::Action,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        G::write_action(&view.view, action, f)
    }

    fn write_event(
        view: &Self::View,
        event: &Self::Event,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        G::write_event(&view.view, event, f)
    }

    fn parse_action(
        &self,
        text: &str,
    ) -> Result<Self::Action, <Self::Action as core::str::FromStr>::Err> {
        self.state.parse_action(text)
    }

    fn read_action(
        view: &Self::View,
        text: &str,
    ) -> Result<Self::Action, <Self::Action as core::str::FromStr>::Err> {
        G::read_action(&view.view, text)
    }
}
