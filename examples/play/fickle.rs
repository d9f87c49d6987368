//! How Fickle is told at the terminal: through the crate's `Display` impls.

use fairy_ring::fickle::{Action, Event, State, View};

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        view.to_string()
    }

    fn show_action(action: &Action) -> String {
        action.to_string()
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(event.to_string())
    }
}
