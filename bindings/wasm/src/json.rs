//! Values across the boundary: the JSON of `docs/JSON.md`, as plain
//! JavaScript objects.

use serde::Serialize;
use serde::de::DeserializeOwned;
use wasm_bindgen::JsValue;

use crate::error::{ErrorKind, Failure};

/// Reads a JavaScript value as the JSON of a `T`; `what` names it in the
/// error ("not a valid setup: ...").
pub fn from_js<T: DeserializeOwned>(value: &JsValue, what: &str) -> Result<T, Failure> {
    let text = js_sys::JSON::stringify(value)
        .ok()
        .and_then(|text| text.as_string())
        .ok_or_else(|| {
            Failure::new(
                ErrorKind::BadJson,
                format_args!("no {what} was given (a JSON value is needed)"),
            )
        })?;
    from_text(&text, what)
}

/// Reads JSON text as a `T`, with an error in plain words (no line or
/// column: the text was not typed by the user).
pub fn from_text<T: DeserializeOwned>(text: &str, what: &str) -> Result<T, Failure> {
    serde_json::from_str(text).map_err(|error| {
        let words = error.to_string();
        let words = match words.rfind(" at line ") {
            Some(cut) => &words[..cut],
            None => &words,
        };
        Failure::new(
            ErrorKind::BadJson,
            format_args!("not a valid {what}: {words}"),
        )
    })
}

/// A value as a plain JavaScript object of its JSON.
pub fn to_js<T: Serialize + ?Sized>(value: &T) -> JsValue {
    serde_json::to_string(value)
        .ok()
        .and_then(|text| js_sys::JSON::parse(&text).ok())
        .unwrap_or(JsValue::NULL)
}
