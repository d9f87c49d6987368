//! How Fairy Prank is told at the terminal: all in the crate's own words,
//! items by their names in the item set the example plays (the printed
//! one; a table with a custom set passes `state.config().treasures`).

use fairy_ring::prank::{Action, Event, State, Treasures, View};

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        view.named(&Treasures::default()).to_string()
    }

    fn show_action(action: &Action) -> String {
        action.named(&Treasures::default()).to_string()
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(event.named(&Treasures::default()).to_string())
    }
}
