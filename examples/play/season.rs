//! How Fairy Season is told at the terminal: all in the crate's own words.

use fairy_ring::season::{Action, Event, State, View};

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
