//! How Fairy is told at the terminal: all in the crate's own words.

use fairy_ring::fairy::{Event, Guess, State, View};

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        view.to_string()
    }

    fn show_action(guess: &Guess) -> String {
        guess.to_string()
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(event.to_string())
    }
}
