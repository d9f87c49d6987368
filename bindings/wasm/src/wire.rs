//! The binding's own shapes around the crate's: a choice with its words, an
//! event with its words, and the letter a seat is sent. Each is generic over
//! the crate's type it carries so `tests/types.rs` can trace it with one
//! game's types and name the `Any` ones in TypeScript.

use fairy_ring::bots::SearchStats;
use fairy_ring::{AnyAction, AnyEvent, AnyGame, AnyView, Message};
use serde::{Deserialize, Serialize};

/// One of a player's choices.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Choice<A = AnyAction> {
    /// Its place among the player's legal actions, from 0.
    pub index: usize,
    /// The action.
    pub action: A,
    /// The action in the game's notation (what `play` reads back).
    pub notation: String,
    /// The action in the player's words ("place the 2 in your pool on
    /// Magic Geode Shy").
    pub words: String,
}

/// One event as a seat may know it, with its words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Said<E = AnyEvent> {
    /// The event, redacted for the seat.
    pub event: E,
    /// The event in the seat's words.
    pub words: String,
}

/// What one seat is sent after a move (or at the opening): the crate's
/// message, and its events and choices in the seat's words.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct Letter<M = Message<AnyGame>, S = Said, C = Choice> {
    /// The crate's message: seat, redacted events, view, legal actions.
    pub message: M,
    /// The message's events, each with its words.
    pub said: Vec<S>,
    /// The message's legal actions, each with its notation and words.
    pub choices: Vec<C>,
    /// The view in words.
    pub view_text: String,
}

/// What a search saw at the root of its last decision.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Search {
    /// Iterations run.
    pub iterations: u32,
    /// Iterations whose position could not be drawn.
    pub failed: u32,
    /// Nodes in the tree.
    pub nodes: u32,
    /// Visits of the chosen move.
    pub best_visits: u32,
    /// Mean reward of the chosen move, from 0 to 1.
    pub best_value: f64,
}

impl From<SearchStats> for Search {
    fn from(stats: SearchStats) -> Search {
        Search {
            iterations: stats.iterations,
            failed: stats.failed,
            nodes: stats.nodes,
            best_visits: stats.best_visits,
            best_value: stats.best_value,
        }
    }
}

/// The choices of `legal` as the seat of `view` is shown them.
pub fn choices(view: &AnyView, legal: &[AnyAction]) -> Vec<Choice> {
    legal
        .iter()
        .enumerate()
        .map(|(index, action)| Choice {
            index,
            action: *action,
            notation: action.to_string(),
            words: crate::words_of(view, action),
        })
        .collect()
}

/// The events as the seat of `view` is told them.
pub fn said(view: &AnyView, events: &[AnyEvent]) -> Vec<Said> {
    events
        .iter()
        .map(|event| Said {
            event: event.clone(),
            words: crate::event_words(view, event),
        })
        .collect()
}

/// The letter of a message.
pub fn letter(message: &Message<AnyGame>) -> Letter {
    Letter {
        said: said(&message.view, &message.events),
        choices: choices(&message.view, &message.legal),
        view_text: message.view.to_string(),
        message: message.clone(),
    }
}

/// One of the five games, for a menu.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameEntry {
    /// Its short name.
    pub game: fairy_ring::GameKind,
    /// Its name, as printed.
    pub name: String,
    /// The fewest players it seats.
    pub min_players: usize,
    /// The most players it seats.
    pub max_players: usize,
}
