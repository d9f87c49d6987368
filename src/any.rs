//! Any of the five games behind one type: [`AnyGame`].
//!
//! A server that hosts tables of every game stores, dispatches and serializes
//! them the same way: [`AnyGame`] implements [`Game`] with [`AnyConfig`],
//! [`AnyAction`], [`AnyView`], [`AnyEvent`] and [`AnySetup`], each one enum
//! with a variant per [`GameKind`]. Generic code written for `G: Game` works
//! on it unchanged.
//!
//! With `serde`, each is tagged by its game's short name ([`GameKind::id`]) as
//! the one key of an object: `{"fairy": "higher"}`, `{"season": {...view...}}`.
//! (A `{"game": ..., "data": ...}` shape would need an allocator to read back,
//! which the crate does not require; a web client reads this one with
//! `const [game, data] = Object.entries(value)[0]`.) Every shape is in
//! `docs/JSON.md`.
//!
//! ```
//! use fairy_ring::rand_core::SeedableRng;
//! use fairy_ring::{AnyGame, Bot, Game, GameKind, RandomBot};
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! for kind in GameKind::ALL {
//!     let mut table = AnyGame::new(&kind.config(4)?, &mut rng)?;
//!     while let Some(player) = table.to_act().lowest() {
//!         let action = RandomBot.choose(&table.decision(player), &mut rng)?;
//!         table.apply(player, action, &mut rng)?;
//!     }
//!     assert_eq!(table.kind(), kind);
//!     assert!(table.outcome().is_some());
//! }
//! # Ok::<(), Box<dyn std::error::Error + Send + Sync>>(())
//! ```

use core::str::FromStr;

use rand_core::Rng;

use crate::game::push_event;
use crate::learning::{Learning, TensorError};
use crate::{
    ActionError, ActionList, ConfigError, Events, Game, GameConfig, GameKind, InfoState, Outcome,
    Player, PlayerSet, Sample, SampleError, Seat, fairy, fayre, fickle, prank, season,
};

/// Runs `$body` on the value inside any of the five variants of `$enum`, with
/// `$g` naming that variant's game `State` type.
macro_rules! on_each {
    ($enum:ident, $value:expr, |$inner:ident, $g:ident| $body:expr) => {
        match $value {
            $enum::Fairy($inner) => {
                type $g = fairy::State;
                $body
            }
            $enum::Prank($inner) => {
                type $g = prank::State;
                $body
            }
            $enum::Season($inner) => {
                type $g = season::State;
                $body
            }
            $enum::Fickle($inner) => {
                type $g = fickle::State;
                $body
            }
            $enum::Fayre($inner) => {
                type $g = fayre::State;
                $body
            }
        }
    };
}

/// Declares an enum with one variant per game, holding that game's `$ty`.
macro_rules! any_enum {
    ($(#[$meta:meta])* $name:ident, $ty:ident) => {
        $(#[$meta])*
        #[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
        #[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
        #[non_exhaustive]
        // Boxing the larger games would allocate; every state stays inline.
        #[allow(clippy::large_enum_variant)]
        pub enum $name {
            /// Of [Fairy](crate::fairy).
            Fairy(fairy::$ty),
            /// Of [Fairy Prank](crate::prank).
            Prank(prank::$ty),
            /// Of [Fairy Season](crate::season).
            Season(season::$ty),
            /// Of [Fickle](crate::fickle).
            Fickle(fickle::$ty),
            /// Of [A Midsummer Night's Fayre](crate::fayre).
            Fayre(fayre::$ty),
        }

        impl $name {
            /// Which game this belongs to.
            pub const fn kind(&self) -> GameKind {
                match self {
                    $name::Fairy(_) => GameKind::Fairy,
                    $name::Prank(_) => GameKind::Prank,
                    $name::Season(_) => GameKind::Season,
                    $name::Fickle(_) => GameKind::Fickle,
                    $name::Fayre(_) => GameKind::Fayre,
                }
            }
        }
    };
}

any_enum!(
    /// A table of any game: one of the five game states.
    #[derive(Clone, Debug, PartialEq, Eq)]
    AnyGame,
    State
);

any_enum!(
    /// The config of any game. Make one with [`GameKind::config`].
    ///
    /// As a [`GameConfig`], which cannot be told the game, `for_players` and
    /// `default` make a game of Fairy (the only game that seats every count
    /// from 2 to 10).
    #[derive(Clone, Debug, PartialEq)]
    AnyConfig,
    Config
);

any_enum!(
    /// An action of any game. Ordered by game (in [`GameKind::ALL`] order),
    /// then as the game orders its actions.
    #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
    AnyAction,
    Action
);

any_enum!(
    /// A view of any game.
    #[derive(Clone, Debug, PartialEq, Eq)]
    AnyView,
    View
);

any_enum!(
    /// An event of any game.
    #[derive(Clone, Debug, PartialEq, Eq)]
    AnyEvent,
    Event
);

any_enum!(
    /// A position of any game, as plain data.
    #[derive(Clone, Debug, PartialEq)]
    AnySetup,
    Setup
);

/// Why an action was refused at a table of any game.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum AnyViolation {
    /// A rule of Fairy.
    #[error(transparent)]
    Fairy(fairy::Violation),
    /// A rule of Fairy Prank.
    #[error(transparent)]
    Prank(prank::Violation),
    /// A rule of Fairy Season.
    #[error(transparent)]
    Season(season::Violation),
    /// A rule of Fickle.
    #[error(transparent)]
    Fickle(fickle::Violation),
    /// A rule of A Midsummer Night's Fayre.
    #[error(transparent)]
    Fayre(fayre::Violation),
    /// The action belongs to another game than the table's.
    #[error("this table plays {table}; an action of {action} cannot be played at it")]
    WrongGame {
        /// The table's game.
        table: GameKind,
        /// The action's game.
        action: GameKind,
    },
}

/// Why an [`AnySetup`] is not a consistent position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum AnySetupError {
    /// A position of Fairy.
    #[error(transparent)]
    Fairy(fairy::SetupError),
    /// A position of Fairy Prank.
    #[error(transparent)]
    Prank(prank::SetupError),
    /// A position of Fairy Season.
    #[error(transparent)]
    Season(season::SetupError),
    /// A position of Fickle.
    #[error(transparent)]
    Fickle(fickle::SetupError),
    /// A position of A Midsummer Night's Fayre.
    #[error(transparent)]
    Fayre(fayre::SetupError),
}

/// How one game's types go into and out of the `Any` enums.
trait Member: Game {
    fn into_any(self) -> AnyGame;
    fn action(action: Self::Action) -> AnyAction;
    fn own_action(action: AnyAction) -> Option<Self::Action>;
    fn view(view: Self::View) -> AnyView;
    fn event(event: Self::Event) -> AnyEvent;
    fn own_event(event: &AnyEvent) -> Option<&Self::Event>;
    fn setup(setup: Self::Setup) -> AnySetup;
    fn violation(violation: Self::Violation) -> AnyViolation;
    fn setup_error(error: Self::SetupError) -> AnySetupError;
}

macro_rules! member {
    ($module:ident, $variant:ident) => {
        impl Member for $module::State {
            fn into_any(self) -> AnyGame {
                AnyGame::$variant(self)
            }
            fn action(action: $module::Action) -> AnyAction {
                AnyAction::$variant(action)
            }
            fn own_action(action: AnyAction) -> Option<$module::Action> {
                match action {
                    AnyAction::$variant(action) => Some(action),
                    _ => None,
                }
            }
            fn view(view: $module::View) -> AnyView {
                AnyView::$variant(view)
            }
            fn event(event: $module::Event) -> AnyEvent {
                AnyEvent::$variant(event)
            }
            fn own_event(event: &AnyEvent) -> Option<&$module::Event> {
                match event {
                    AnyEvent::$variant(event) => Some(event),
                    _ => None,
                }
            }
            fn setup(setup: $module::Setup) -> AnySetup {
                AnySetup::$variant(setup)
            }
            fn violation(violation: $module::Violation) -> AnyViolation {
                AnyViolation::$variant(violation)
            }
            fn setup_error(error: $module::SetupError) -> AnySetupError {
                AnySetupError::$variant(error)
            }
        }
    };
}

member!(fairy, Fairy);
member!(prank, Prank);
member!(season, Season);
member!(fickle, Fickle);
member!(fayre, Fayre);

impl<V> ActionError<V> {
    /// The same refusal with the rule broken turned into another type.
    pub fn map_violation<W>(self, f: impl FnOnce(V) -> W) -> ActionError<W> {
        match self {
            ActionError::GameOver => ActionError::GameOver,
            ActionError::NoSuchPlayer { player } => ActionError::NoSuchPlayer { player },
            ActionError::NotToAct { player } => ActionError::NotToAct { player },
            ActionError::Illegal(violation) => ActionError::Illegal(f(violation)),
        }
    }
}

fn lift_events<G: Member>(events: &[G::Event]) -> Events<AnyEvent> {
    let mut lifted = Events::new();
    for event in events {
        push_event(&mut lifted, G::event(event.clone()));
    }
    lifted
}

/// The refusal of an action of another game, in the order every game
/// refuses: the end first, then the seat, then the turn.
fn wrong_game<G: Member>(
    state: &G,
    player: Player,
    table: GameKind,
    action: GameKind,
) -> ActionError<AnyViolation> {
    if state.is_over() {
        ActionError::GameOver
    } else if player.index() >= state.num_players() {
        ActionError::NoSuchPlayer { player }
    } else if !state.to_act().contains(player) {
        ActionError::NotToAct { player }
    } else {
        ActionError::Illegal(AnyViolation::WrongGame { table, action })
    }
}

impl Default for AnyConfig {
    /// A standard game of Fairy for 4 players.
    fn default() -> AnyConfig {
        AnyConfig::Fairy(fairy::Config::default())
    }
}

impl GameConfig for AnyConfig {
    /// A standard game of Fairy; use [`GameKind::config`] for another game.
    fn for_players(players: usize) -> Result<AnyConfig, ConfigError> {
        GameKind::Fairy.config(players)
    }

    fn players(&self) -> usize {
        on_each!(AnyConfig, self, |config, _G| config.players())
    }
}

impl Game for AnyGame {
    type Config = AnyConfig;
    type Action = AnyAction;
    type View = AnyView;
    type Event = AnyEvent;
    type Setup = AnySetup;
    type Violation = AnyViolation;
    type SetupError = AnySetupError;

    const NAME: &'static str = "any game";
    const MIN_PLAYERS: usize = 2;
    const MAX_PLAYERS: usize = crate::MAX_PLAYERS;

    fn new(config: &AnyConfig, rng: &mut (impl Rng + ?Sized)) -> Result<AnyGame, ConfigError> {
        on_each!(AnyConfig, config, |config, G| G::new(config, rng)
            .map(G::into_any))
    }

    fn num_players(&self) -> usize {
        on_each!(AnyGame, self, |state, _G| state.num_players())
    }

    fn to_act(&self) -> PlayerSet {
        on_each!(AnyGame, self, |state, _G| state.to_act())
    }

    fn legal_actions(&self, player: Player) -> ActionList<AnyAction> {
        on_each!(AnyGame, self, |state, G| {
            let mut lifted = ActionList::new();
            for &action in &state.legal_actions(player) {
                // Same capacity on both sides: nothing is ever dropped.
                let _ = lifted.try_push(G::action(action));
            }
            lifted
        })
    }

    fn apply(
        &mut self,
        player: Player,
        action: AnyAction,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<AnyEvent>, ActionError<AnyViolation>> {
        let table = self.kind();
        on_each!(AnyGame, self, |state, G| match G::own_action(action) {
            Some(action) => state
                .apply(player, action, rng)
                .map(|events| lift_events::<G>(&events))
                .map_err(|refusal| refusal.map_violation(G::violation)),
            None => Err(wrong_game(&*state, player, table, action.kind())),
        })
    }

    fn play(
        &mut self,
        player: Player,
        action: AnyAction,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<AnyViolation>> {
        let table = self.kind();
        on_each!(AnyGame, self, |state, G| match G::own_action(action) {
            Some(action) => state
                .play(player, action, rng)
                .map_err(|refusal| refusal.map_violation(G::violation)),
            None => Err(wrong_game(&*state, player, table, action.kind())),
        })
    }

    /// In the inner game's words when the view is of the same game.
    fn write_action(
        view: &AnyView,
        action: &AnyAction,
        f: &mut core::fmt::Formatter<'_>,
    ) -> core::fmt::Result {
        on_each!(AnyView, view, |view, G| match G::own_action(*action) {
            Some(action) => G::write_action(view, &action, f),
            None => core::fmt::Display::fmt(action, f),
        })
    }

    /// In the inner game's words when the view is of the same game.
    fn write_event(
        view: &AnyView,
        event: &AnyEvent,
        f: &mut core::fmt::Formatter<'_>,
    ) -> core::fmt::Result {
        on_each!(AnyView, view, |view, G| match G::own_event(event) {
            Some(event) => G::write_event(view, event, f),
            None => core::fmt::Display::fmt(event, f),
        })
    }

    fn view_for(&self, seat: Seat) -> AnyView {
        on_each!(AnyGame, self, |state, G| G::view(state.view_for(seat)))
    }

    fn redact(event: &AnyEvent, seat: Seat) -> Option<AnyEvent> {
        on_each!(AnyEvent, event, |event, G| G::redact(event, seat)
            .map(G::event))
    }

    fn outcome(&self) -> Option<Outcome> {
        on_each!(AnyGame, self, |state, _G| state.outcome())
    }

    fn max_game_length(&self) -> u32 {
        on_each!(AnyGame, self, |state, _G| state.max_game_length())
    }

    fn to_setup(&self) -> AnySetup {
        on_each!(AnyGame, self, |state, G| G::setup(state.to_setup()))
    }

    /// Reads a move in the notation of this table's game; the game may be
    /// named first (`"fairy: higher"`), but must be this one.
    fn parse_action(&self, text: &str) -> Result<AnyAction, AnyParseError> {
        let table = self.kind();
        // No game's notation has a colon: one names the game.
        let rest = match split_game(text) {
            Some((game, rest)) => match game.parse::<GameKind>()? {
                named if named == table => rest,
                named => return Err(AnyParseError::WrongGame { table, named }),
            },
            None => text,
        };
        // Each game reads in its table's context (Prank: its item names).
        Ok(match self {
            AnyGame::Fairy(state) => {
                AnyAction::Fairy(state.parse_action(rest).map_err(AnyParseError::Fairy)?)
            }
            AnyGame::Prank(state) => {
                AnyAction::Prank(state.parse_action(rest).map_err(AnyParseError::Prank)?)
            }
            AnyGame::Season(state) => {
                AnyAction::Season(state.parse_action(rest).map_err(AnyParseError::Season)?)
            }
            AnyGame::Fickle(state) => {
                AnyAction::Fickle(state.parse_action(rest).map_err(AnyParseError::Fickle)?)
            }
            AnyGame::Fayre(state) => {
                AnyAction::Fayre(state.parse_action(rest).map_err(AnyParseError::Fayre)?)
            }
        })
    }

    /// Reads a move in the words of the view's game (see
    /// [`parse_action`](Game::parse_action)), with that game's own context.
    fn read_action(view: &AnyView, text: &str) -> Result<AnyAction, AnyParseError> {
        let table = view.kind();
        let rest = match split_game(text) {
            Some((game, rest)) => match game.parse::<GameKind>()? {
                named if named == table => rest.trim(),
                named => return Err(AnyParseError::WrongGame { table, named }),
            },
            None => text,
        };
        Ok(match view {
            AnyView::Fairy(view) => AnyAction::Fairy(
                fairy::State::read_action(view, rest).map_err(AnyParseError::Fairy)?,
            ),
            AnyView::Prank(view) => AnyAction::Prank(
                prank::State::read_action(view, rest).map_err(AnyParseError::Prank)?,
            ),
            AnyView::Season(view) => AnyAction::Season(
                season::State::read_action(view, rest).map_err(AnyParseError::Season)?,
            ),
            AnyView::Fickle(view) => AnyAction::Fickle(
                fickle::State::read_action(view, rest).map_err(AnyParseError::Fickle)?,
            ),
            AnyView::Fayre(view) => AnyAction::Fayre(
                fayre::State::read_action(view, rest).map_err(AnyParseError::Fayre)?,
            ),
        })
    }

    fn from_setup(setup: AnySetup) -> Result<AnyGame, AnySetupError> {
        on_each!(AnySetup, setup, |setup, G| G::from_setup(setup)
            .map(G::into_any)
            .map_err(G::setup_error))
    }
}

macro_rules! from_game {
    ($($module:ident => $variant:ident),*) => {$(
        impl From<$module::State> for AnyGame {
            fn from(state: $module::State) -> AnyGame {
                AnyGame::$variant(state)
            }
        }

        impl From<$module::Config> for AnyConfig {
            fn from(config: $module::Config) -> AnyConfig {
                AnyConfig::$variant(config)
            }
        }
    )*};
}

from_game!(fairy => Fairy, prank => Prank, season => Season, fickle => Fickle, fayre => Fayre);

macro_rules! display_inner {
    ($($name:ident),*) => {$(
        /// The game's own text for it.
        impl core::fmt::Display for $name {
            fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
                on_each!($name, self, |inner, _G| core::fmt::Display::fmt(inner, f))
            }
        }
    )*};
}

display_inner!(AnyAction, AnyView, AnyEvent);

/// Why a text is not an action of a game. The byte offsets inside a game's
/// own error count from the start of the move, after any `"<game>:"`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum AnyParseError {
    /// Out of a table's context, the text must name its game first.
    #[error("name the game first, as in \"fairy: higher\"")]
    NoGame,
    /// The text names no game of this crate.
    #[error(transparent)]
    UnknownGame(#[from] crate::UnknownGame),
    /// The text names another game than the table's.
    #[error("this table plays {table}, not {named}")]
    WrongGame {
        /// The table's game.
        table: GameKind,
        /// The game the text named.
        named: GameKind,
    },
    /// Not a move of Fairy.
    #[error(transparent)]
    Fairy(<fairy::Action as FromStr>::Err),
    /// Not a move of Fairy Prank.
    #[error(transparent)]
    Prank(<prank::Action as FromStr>::Err),
    /// Not a move of Fairy Season.
    #[error(transparent)]
    Season(<season::Action as FromStr>::Err),
    /// Not a move of Fickle.
    #[error(transparent)]
    Fickle(<fickle::Action as FromStr>::Err),
    /// Not a move of A Midsummer Night's Fayre.
    #[error(transparent)]
    Fayre(<fayre::Action as FromStr>::Err),
}

/// `"no_game"`, `"unknown_game"`, `{"wrong_game": {"table": "fairy",
/// "named": "season"}}`, or the game's short name with the game's own error
/// text, `{"fairy": "..."}` (a client shows the text; the games' parse
/// errors are not part of the JSON format).
#[cfg(feature = "serde")]
impl serde::Serialize for AnyParseError {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        /// The serialized shape, borrowing the game's error as its text.
        #[derive(serde::Serialize)]
        #[serde(rename = "AnyParseError", rename_all = "snake_case")]
        enum Shape<'a> {
            NoGame,
            UnknownGame,
            WrongGame { table: GameKind, named: GameKind },
            Fairy(Text<'a>),
            Prank(Text<'a>),
            Season(Text<'a>),
            Fickle(Text<'a>),
            Fayre(Text<'a>),
        }

        /// An error as its `Display` text.
        struct Text<'a>(&'a dyn core::fmt::Display);

        impl serde::Serialize for Text<'_> {
            fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
                serializer.collect_str(self.0)
            }
        }

        match self {
            AnyParseError::NoGame => Shape::NoGame,
            AnyParseError::UnknownGame(_) => Shape::UnknownGame,
            AnyParseError::WrongGame { table, named } => Shape::WrongGame {
                table: *table,
                named: *named,
            },
            AnyParseError::Fairy(error) => Shape::Fairy(Text(error)),
            AnyParseError::Prank(error) => Shape::Prank(Text(error)),
            AnyParseError::Season(error) => Shape::Season(Text(error)),
            AnyParseError::Fickle(error) => Shape::Fickle(Text(error)),
            AnyParseError::Fayre(error) => Shape::Fayre(Text(error)),
        }
        .serialize(serializer)
    }
}

/// Reads `text` in the notation of `kind`.
fn parse_as(kind: GameKind, text: &str) -> Result<AnyAction, AnyParseError> {
    Ok(match kind {
        GameKind::Fairy => AnyAction::Fairy(text.parse().map_err(AnyParseError::Fairy)?),
        GameKind::Prank => AnyAction::Prank(text.parse().map_err(AnyParseError::Prank)?),
        GameKind::Season => AnyAction::Season(text.parse().map_err(AnyParseError::Season)?),
        GameKind::Fickle => AnyAction::Fickle(text.parse().map_err(AnyParseError::Fickle)?),
        GameKind::Fayre => AnyAction::Fayre(text.parse().map_err(AnyParseError::Fayre)?),
    })
}

/// Splits `"fairy: higher"` into the game and the rest.
fn split_game(text: &str) -> Option<(&str, &str)> {
    text.split_once([':'])
        .map(|(game, rest)| (game.trim(), rest))
}

/// Reads `"<game>: <move>"`: the game's short name or its name, a colon,
/// then the move in that game's notation (what [`AnyAction::tagged`] prints).
impl FromStr for AnyAction {
    type Err = AnyParseError;

    fn from_str(text: &str) -> Result<AnyAction, AnyParseError> {
        let (game, rest) = split_game(text).ok_or(AnyParseError::NoGame)?;
        parse_as(game.parse()?, rest)
    }
}

impl AnyAction {
    /// The action with its game named first, `"fairy: higher"`: a text that
    /// needs no table to be read back ([`FromStr`]).
    pub fn tagged(&self) -> impl core::fmt::Display + '_ {
        Tagged(self)
    }
}

struct Tagged<'a>(&'a AnyAction);

impl core::fmt::Display for Tagged<'_> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}: {}", self.0.kind().id(), self.0)
    }
}

/// What a seat of any game remembers beyond its view: nothing yet, or one
/// game's [`Memory`](Sample::Memory).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
// Boxing the larger memories would allocate; every memory stays inline.
#[allow(clippy::large_enum_variant)]
pub enum AnyMemory {
    /// Nothing remembered yet: the start of any game.
    #[default]
    Nothing,
    /// Of [Fairy](crate::fairy).
    Fairy(fairy::Memory),
    /// Of [Fairy Prank](crate::prank).
    Prank(prank::Memory),
    /// Of [Fairy Season](crate::season).
    Season(season::Memory),
    /// Of [Fickle](crate::fickle).
    Fickle(fickle::Memory),
    /// Of [A Midsummer Night's Fayre](crate::fayre).
    Fayre(fayre::Memory),
}

/// The parts of the information of one game inside the enums of any game.
trait Informed: Member + Sample {
    fn memory(memory: Self::Memory) -> AnyMemory;
    fn own_memory(memory: &AnyMemory) -> Option<&Self::Memory>;
    fn own_memory_mut(memory: &mut AnyMemory) -> Option<&mut Self::Memory>;
    fn own_view(view: &AnyView) -> Option<&Self::View>;
    fn own_config(config: &AnyConfig) -> Option<&Self::Config>;
}

macro_rules! informed {
    ($($module:ident => $variant:ident),*) => {$(
        impl Informed for $module::State {
            fn memory(memory: $module::Memory) -> AnyMemory {
                AnyMemory::$variant(memory)
            }
            fn own_memory(memory: &AnyMemory) -> Option<&$module::Memory> {
                match memory {
                    AnyMemory::$variant(memory) => Some(memory),
                    _ => None,
                }
            }
            fn own_memory_mut(memory: &mut AnyMemory) -> Option<&mut $module::Memory> {
                match memory {
                    AnyMemory::$variant(memory) => Some(memory),
                    _ => None,
                }
            }
            fn own_view(view: &AnyView) -> Option<&$module::View> {
                match view {
                    AnyView::$variant(view) => Some(view),
                    _ => None,
                }
            }
            fn own_config(config: &AnyConfig) -> Option<&$module::Config> {
                match config {
                    AnyConfig::$variant(config) => Some(config),
                    _ => None,
                }
            }
        }
    )*};
}

informed!(fairy => Fairy, prank => Prank, season => Season, fickle => Fickle, fayre => Fayre);

/// `memory` of game `G` after one `apply`; a memory or a view of another
/// game is started afresh.
fn remember_in<G: Informed>(
    memory: &mut AnyMemory,
    seat: Seat,
    before: &AnyView,
    events: &[AnyEvent],
    after: &G::View,
) {
    let Some(before) = G::own_view(before) else {
        *memory = G::memory(G::Memory::default());
        return;
    };
    let mut own: Events<G::Event> = Events::new();
    for event in events.iter().filter_map(G::own_event) {
        push_event(&mut own, event.clone());
    }
    // In place, so a memory is never cloned (nor can a clone fail).
    if G::own_memory_mut(memory).is_none() {
        *memory = G::memory(G::Memory::default());
    }
    if let Some(inner) = G::own_memory_mut(memory) {
        G::remember(inner, seat, before, &own, after);
    }
}

/// A position of game `G` drawn from information held in the enums of any
/// game.
fn sample_in<G: Informed>(
    config: &AnyConfig,
    info: &InfoState<AnyGame>,
    view: &G::View,
    rng: &mut (impl Rng + ?Sized),
) -> Result<AnyGame, SampleError> {
    let config = G::own_config(config).ok_or(SampleError::Config(
        "the view is of another game than the config",
    ))?;
    let memory = match &info.memory {
        AnyMemory::Nothing => G::Memory::default(),
        memory => G::own_memory(memory).cloned().ok_or(SampleError::Config(
            "the memory is of another game than the view",
        ))?,
    };
    let inner = InfoState::<G> {
        seat: info.seat,
        view: view.clone(),
        memory,
    };
    G::sample(config, &inner, rng).map(G::into_any)
}

/// Each game's sampling, through the enums. The view and memory are cloned
/// into the game's own [`InfoState`] for each sample; a search that samples
/// many times is faster on the game's own type.
impl Sample for AnyGame {
    type Memory = AnyMemory;

    fn remember(
        memory: &mut AnyMemory,
        seat: Seat,
        before: &AnyView,
        events: &[AnyEvent],
        after: &AnyView,
    ) {
        on_each!(AnyView, after, |after, G| remember_in::<G>(
            memory, seat, before, events, after
        ))
    }

    fn sample(
        config: &AnyConfig,
        info: &InfoState<AnyGame>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<AnyGame, SampleError> {
        on_each!(AnyView, &info.view, |view, G| sample_in::<G>(
            config, info, view, rng
        ))
    }

    fn agrees(&self, seat: Seat, memory: &AnyMemory) -> bool {
        on_each!(AnyGame, self, |state, G| match memory {
            AnyMemory::Nothing => state.agrees(seat, &<G as Sample>::Memory::default()),
            memory => G::own_memory(memory).is_some_and(|m| state.agrees(seat, m)),
        })
    }
}

/// A seat's tensor in game `G`, from its view and the memory held in the
/// enums of any game (borrowed, not copied).
fn tensor_in<G: Informed + Learning>(
    config: &AnyConfig,
    seat: Seat,
    view: &G::View,
    memory: &AnyMemory,
    out: &mut [f32],
) -> Result<(), TensorError> {
    let config = G::own_config(config).ok_or(TensorError::Config(
        "the view is of another game than the config",
    ))?;
    let nothing;
    let memory = match memory {
        AnyMemory::Nothing => {
            nothing = G::Memory::default();
            &nothing
        }
        memory => G::own_memory(memory).ok_or(TensorError::Config(
            "the memory is of another game than the view",
        ))?,
    };
    G::write_tensor_from(config, seat, view, memory, out)
}

/// Each game's numbers, through the enums: the action space and the tensor
/// of the config's game (an action of another game has no index).
impl Learning for AnyGame {
    fn action_space(config: &AnyConfig) -> usize {
        on_each!(AnyConfig, config, |config, G| G::action_space(config))
    }

    fn action_index(config: &AnyConfig, action: &AnyAction) -> Option<usize> {
        on_each!(AnyConfig, config, |config, G| G::own_action(*action)
            .and_then(|action| G::action_index(config, &action)))
    }

    fn action_at(config: &AnyConfig, index: usize) -> Option<AnyAction> {
        on_each!(AnyConfig, config, |config, G| G::action_at(config, index)
            .map(G::action))
    }

    fn tensor_len(config: &AnyConfig) -> usize {
        on_each!(AnyConfig, config, |config, G| G::tensor_len(config))
    }

    fn write_tensor_from(
        config: &AnyConfig,
        seat: Seat,
        view: &AnyView,
        memory: &AnyMemory,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        on_each!(AnyView, view, |view, G| tensor_in::<G>(
            config, seat, view, memory, out
        ))
    }
}
