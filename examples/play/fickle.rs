//! How Fickle is told at the terminal.

use fairy_ring::fickle::{
    Action, Card, ChainStep, Event, FaceDown, Phase, Resolution, Slot, State, Step, Target, View,
    Zone,
};

fn card(card: &Card) -> String {
    card.to_string()
}

fn cards<'a>(list: impl Iterator<Item = &'a Card>) -> String {
    let names: Vec<String> = list.map(card).collect();
    if names.is_empty() {
        String::from("nothing")
    } else {
        names.join(", ")
    }
}

fn target(t: &Target) -> String {
    match t {
        Target::Card(c) => card(c),
        Target::Player(p) => p.to_string(),
    }
}

fn zone(z: &Zone) -> String {
    match z {
        Zone::Deck => String::from("the deck"),
        Zone::Dismiss => String::from("the Dismiss pile"),
        Zone::Alliance(p) => format!("{p}'s Alliance"),
        Zone::Chosen(p) => format!("{p}'s chosen Fairy"),
        Zone::Lineup(p) => format!("{p}'s stack"),
        Zone::Hand(p) => format!("{p}'s hand"),
    }
}

fn phase(phase: &Phase) -> String {
    match phase {
        Phase::Opening => String::from("opening deal: everyone dismisses one of three"),
        Phase::StartRound { seize: Some(s), .. } => {
            format!("{} resolves {}", s.user, card(&s.source))
        }
        Phase::StartRound { .. } => String::from("start of round"),
        Phase::Lineup => String::from("Fairy Lineup: order your stack"),
        Phase::Selection => String::from("Fairy Selection: keep or dismiss"),
        Phase::Powers {
            resolution: Some(Resolution::Direct(d)),
            ..
        } => {
            let step = match d.step {
                Step::Copy => String::from("picks a Power to copy"),
                Step::Own => String::from("picks their own Fairy"),
                Step::Aim => String::from("picks a target"),
                Step::Window { responder, .. } => format!("{responder} may respond"),
                Step::Redirect { deflector } => format!("{deflector} deflects"),
                Step::Conceal { holder } => format!("{holder} obfuscates"),
                Step::Guess => String::from("picks a face-down Fairy"),
                Step::Reflect { player } => format!("{player} may reflect"),
            };
            format!("{} uses {} ({}): {step}", d.user, d.power, card(&d.source))
        }
        Phase::Powers {
            resolution: Some(Resolution::Chain(c)),
            ..
        } => match c.step {
            ChainStep::Avoid { responder, .. } => {
                format!(
                    "{} chains {}: {responder} may deflect",
                    c.user,
                    card(&c.source)
                )
            }
            ChainStep::Pick => format!("{} chains {}: tied players pick", c.user, card(&c.source)),
        },
        Phase::Powers { .. } => String::from("Fairy Powers"),
        Phase::Scoring => String::from("scoring: pair Familiars, name Illusions"),
        Phase::Over { winner } => format!("game over, {winner} wins"),
    }
}

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        let mut lines = vec![format!(
            "Round {} ({:?}); Court Crier {}; deck {}, dismissed {}; {}",
            view.round,
            view.directions.last(),
            view.court_crier,
            view.deck,
            view.dismiss,
            phase(&view.phase)
        )];
        for (seat, p) in view.players.iter().enumerate() {
            let mut line = format!(
                "  player {}: {}",
                seat + 1,
                cards(p.alliance.iter().map(|ac| &ac.card))
            );
            let known: Vec<&Card> = p.hand.iter().flatten().collect();
            if !known.is_empty() {
                line.push_str(&format!("; hand {}", cards(known.into_iter())));
            }
            if let Slot::Known(c) = p.chosen {
                line.push_str(&format!("; chosen {}", card(&c)));
            }
            lines.push(line);
        }
        lines.join("\n")
    }

    fn show_action(action: &Action) -> String {
        match action {
            Action::Dismiss(c) => format!("Dismiss {}", card(c)),
            Action::Place(c) => format!("Place {} next on the stack", card(c)),
            Action::Keep => String::from("Keep the top card"),
            Action::DismissTop => String::from("Dismiss the top card"),
            Action::Target(c) => format!("Choose {}", card(c)),
            Action::TargetPlayer(p) => format!("Choose {p}"),
            Action::Respond(c) => format!("Use {}", card(c)),
            Action::Pass => String::from("Pass"),
            Action::Pick(FaceDown::First) => String::from("Take the first face-down Fairy"),
            Action::Pick(FaceDown::Second) => String::from("Take the second face-down Fairy"),
            Action::Pair(c) => format!("Pair the Familiar with {}", card(c)),
            Action::LeaveUnpaired => String::from("Leave the Familiar unpaired"),
            Action::ScoreAs(f) => format!("Score the Illusion as {f}"),
        }
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(match event {
            Event::RoundStarted { round, direction } => {
                format!("\nRound {round} passes {direction}")
            }
            Event::AllianceFounded { player, cards: c } => {
                format!("{player} starts with {}", cards(c.iter()))
            }
            Event::Revealed {
                player, card: c, ..
            } => format!("{player} reveals {}", card(c)),
            Event::PowerUsed { player, power, .. } => format!("  {player} uses {power}"),
            Event::NoEffect { .. } => String::from("  ...no valid target"),
            Event::Aimed { player, target: t } => format!("  {player} aims at {}", target(t)),
            Event::Responded { player, card: c } => format!("  {player} responds with {}", card(c)),
            Event::Redirected { to } => format!("  deflected to {to}"),
            Event::Concealed { cards: c } => format!("  {} hidden face down", cards(c.iter())),
            Event::Picked { card: c, .. } => format!("  the pick is {}", card(c)),
            Event::Avoided { player } => format!("  {player} avoids the chain"),
            Event::LineupChanged { player, effect } => format!("  {player} is {effect:?}"),
            Event::Moved {
                card: Some(c),
                from,
                to,
                ..
            } => format!("  {} from {} to {}", card(c), zone(from), zone(to)),
            Event::CourtCrier { player } => format!("{player} is Court Crier"),
            Event::Scored { player, favor } => format!("{player} scores {favor}"),
            Event::GameOver { winner } => format!("{winner} wins the Queen's Crown"),
            Event::ScoringChoice {
                player, card: c, ..
            } => {
                format!("{player} decides how {} scores", card(c))
            }
            _ => return None,
        })
    }
}
