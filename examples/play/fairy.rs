//! How Fairy is told at the terminal.

use fairy_ring::fairy::{Event, Guess, Stage, State, View};

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        let stage = match view.stage {
            Stage::Main => String::new(),
            Stage::PlayOff(tied) => format!(", play-off between {tied}"),
            Stage::Over(_) => String::from(", game over"),
        };
        format!(
            "Pile shows {}; {} cards left; {} fairies seen; scores {:?}{stage}",
            view.top_card, view.cards_left, view.fairies_seen, view.scores
        )
    }

    fn show_action(guess: &Guess) -> String {
        match guess {
            Guess::Higher => "Higher (+2/-1)",
            Guess::Lower => "Lower (+2/-1)",
            Guess::SameSuit => "Same suit (+4/-1)",
            Guess::Catch => "Catch a fairy (+7/-1)",
        }
        .to_string()
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(match event {
            Event::Guessed { .. } => return None,
            Event::Revealed { card, previous } => format!("\n{previous} -> {card} revealed"),
            Event::Scored {
                player,
                guess,
                right,
                change,
                score,
            } => format!(
                "  {player} guessed {guess}: {} ({change:+}) now {score}",
                if *right { "right" } else { "wrong" }
            ),
            Event::PlayOff { players } => format!("Tied leaders {players} play on"),
            Event::GameOver { winners } => format!("Game over; winners {winners}"),
            _ => return None,
        })
    }
}
