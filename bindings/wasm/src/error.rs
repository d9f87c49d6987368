//! Failures as JavaScript `Error`s: the crate's words as the message, and a
//! machine-readable `kind`.

use core::fmt;

use fairy_ring::{ActionError, AnyGame, AnyViolation, ReadError};
use serde::{Deserialize, Serialize};
use wasm_bindgen::JsValue;

use crate::json;

/// Which failure an `Error` thrown by the package is: its `kind` property.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
#[non_exhaustive]
pub enum ErrorKind {
    /// A plain argument is out of range: a seed, a player number, a game's name.
    BadInput,
    /// A value is not the JSON of what was asked for (a malformed setup,
    /// config, action, seat or message).
    BadJson,
    /// The config cannot be played (a player count the game does not seat).
    Config,
    /// The setup is not a consistent position.
    Setup,
    /// The record cannot be replayed.
    Record,
    /// The seat is not at this table.
    NotSeated,
    /// The game is over.
    GameOver,
    /// The player is not seated.
    NoSuchPlayer,
    /// The player may not act now.
    NotToAct,
    /// The action breaks a rule of the game (`detail` says which).
    Illegal,
    /// The text is empty.
    Empty,
    /// The text is far longer than any move.
    TooLong,
    /// There is no choice of that number.
    NoSuchChoice,
    /// The text names no move of the game.
    Unreadable,
    /// The text names a move that is not one of the player's choices now.
    NotAChoice,
    /// The text fits several choices (`detail` lists them).
    Ambiguous,
    /// A message for another seat was handed to an information state.
    OtherSeat,
    /// No position could be drawn from the information.
    Sampling,
    /// The bot could not choose.
    Bot,
}

/// A failure on its way to JavaScript.
#[derive(Debug)]
pub struct Failure {
    kind: ErrorKind,
    message: String,
    detail: Option<serde_json::Value>,
}

impl Failure {
    /// A failure of `kind` with the words of `message`.
    pub fn new(kind: ErrorKind, message: impl fmt::Display) -> Failure {
        Failure {
            kind,
            message: message.to_string(),
            detail: None,
        }
    }

    /// The same failure with a value that says more (its JSON).
    pub fn with_detail(mut self, detail: impl Serialize) -> Failure {
        self.detail = serde_json::to_value(detail).ok();
        self
    }

    /// Its kind.
    pub fn kind(&self) -> ErrorKind {
        self.kind
    }

    /// Its words.
    pub fn message(&self) -> &str {
        &self.message
    }
}

impl From<Failure> for JsValue {
    fn from(failure: Failure) -> JsValue {
        let error = js_sys::Error::new(&failure.message);
        error.set_name("FairyRingError");
        let target: &JsValue = error.as_ref();
        let _ = js_sys::Reflect::set(target, &"kind".into(), &json::to_js(&failure.kind));
        if let Some(detail) = &failure.detail {
            let _ = js_sys::Reflect::set(target, &"detail".into(), &json::to_js(detail));
        }
        error.into()
    }
}

/// A refused action.
pub fn action_error(error: ActionError<AnyViolation>) -> Failure {
    let kind = match &error {
        ActionError::GameOver => ErrorKind::GameOver,
        ActionError::NoSuchPlayer { .. } => ErrorKind::NoSuchPlayer,
        ActionError::NotToAct { .. } => ErrorKind::NotToAct,
        _ => ErrorKind::Illegal,
    };
    let failure = Failure::new(kind, &error);
    match error {
        ActionError::Illegal(violation) => failure.with_detail(violation),
        _ => failure,
    }
}

/// A text that is not one of a player's choices.
pub fn read_error(error: &ReadError<AnyGame>) -> Failure {
    let kind = match error {
        ReadError::Empty => ErrorKind::Empty,
        ReadError::TooLong => ErrorKind::TooLong,
        ReadError::NoSuchChoice { .. } => ErrorKind::NoSuchChoice,
        ReadError::Unreadable(_) => ErrorKind::Unreadable,
        ReadError::NotAChoice { .. } => ErrorKind::NotAChoice,
        _ => ErrorKind::Ambiguous,
    };
    let failure = Failure::new(kind, error);
    match error {
        ReadError::Ambiguous { candidates, .. } => failure.with_detail(candidates.as_slice()),
        _ => failure,
    }
}
