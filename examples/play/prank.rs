//! How Fairy Prank is told at the terminal.

use fairy_ring::prank::{Action, Event, GuessingEnd, Item, Items, Phase, State, Treasures, View};

/// An item by its printed name (the example plays the default item set).
fn name(item: Item) -> String {
    item.named(&Treasures::default()).to_string()
}

/// Items by their printed names, or "nothing".
fn names(items: Items) -> String {
    items.named(&Treasures::default()).to_string()
}

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        let phase = match view.phase {
            Phase::Selection => String::from("Selection"),
            Phase::Hiding { fairy } => format!("Hiding (Fairy: {fairy})"),
            Phase::Guessing { fairy } => format!("Guessing (Fairy: {fairy})"),
            Phase::Over { winners } => format!("game over, winners {winners}"),
        };
        let mut lines = vec![format!(
            "Round {}, {phase}; starting player {}",
            view.round, view.starting_player
        )];
        lines.push(format!("  tokens in play: {}", names(view.tokens)));
        if !view.guessed_right.is_empty() || !view.guessed_wrong.is_empty() {
            lines.push(format!(
                "  guessed right: {}; guessed wrong: {}",
                names(view.guessed_right),
                names(view.guessed_wrong)
            ));
        }
        match (view.in_box, view.box_count) {
            (Some(in_box), _) => lines.push(format!("  in the box: {}", names(in_box))),
            (None, Some(count)) => lines.push(format!("  the box rattles with {count} items")),
            (None, None) => {}
        }
        if let Some(removed) = view.removed.filter(|r| !r.is_empty()) {
            lines.push(format!("  hidden away: {}", names(removed)));
        }
        let points: Vec<fairy_ring::Score> = view.sheets.iter().map(|s| s.total()).collect();
        if points.iter().any(|&p| p > 0) {
            lines.push(format!("  points: {points:?}"));
        }
        lines.join("\n")
    }

    fn show_action(action: &Action) -> String {
        match action {
            Action::Select(item) => format!("Put the {} in the box", name(*item)),
            Action::EndSelection => String::from("End the Selection and become the Fairy"),
            Action::Remove(item) => format!("Hide the {}", name(*item)),
            Action::DoneHiding => String::from("Close the box"),
            Action::Guess(item) => format!("Guess the {}", name(*item)),
        }
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(match event {
            Event::RoundStarted {
                round,
                starting_player,
                ..
            } => format!("\nRound {round} begins with {starting_player}"),
            Event::Selected { player, item } => format!("{player} puts the {} in", name(*item)),
            Event::PutInSecret { fairy, item } => match item {
                Some(item) => format!("{fairy} secretly puts the {} in", name(*item)),
                None => format!("{fairy} secretly puts an item in"),
            },
            Event::SelectionEnded { fairy } => format!("{fairy} is the Fairy"),
            Event::Removed { item, .. } => format!("You hide the {}", name(*item)),
            Event::HidingDone { fairy, box_count } => match box_count {
                Some(n) => format!("{fairy} closes the box; it rattles with {n} items"),
                None => format!("{fairy} closes the box"),
            },
            Event::Guessed {
                player,
                item,
                right,
            } => format!(
                "{player} guesses the {}: {}",
                name(*item),
                if *right { "right" } else { "wrong" }
            ),
            Event::Marked { .. } => return None,
            Event::GuessingEnded {
                reason, removed, ..
            } => match reason {
                GuessingEnd::AllRemovedGuessed => {
                    format!("Every hidden item was named ({})", names(*removed))
                }
                GuessingEnd::AllInBoxGuessed => format!(
                    "Everything in the box was found; hidden were: {}",
                    names(*removed)
                ),
            },
            Event::GameOver {
                winners, in_box, ..
            } => {
                format!(
                    "Game over, winners {winners}; the box held {}",
                    names(*in_box)
                )
            }
            other => format!("{other:?}"),
        })
    }
}
