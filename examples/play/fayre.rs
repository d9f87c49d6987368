//! How A Midsummer Night's Fayre is told at the terminal: the crate's own
//! `Display` impls (a Mini Game in an action is its table position, as the
//! view lists it: "game 1: Ring Toss").

use fairy_ring::fayre::{Action, Event, State, View};

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
