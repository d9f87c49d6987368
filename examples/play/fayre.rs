//! How A Midsummer Night's Fayre is told at the terminal.

use fairy_ring::fayre::{
    Action, Booth, DieRef, Ending, Event, Phase, PitDie, PitOutcome, Reason, Shift, State, View,
};

fn seat(p: fairy_ring::Player) -> String {
    format!("P{}", p.0 + 1)
}

fn booth_line(i: usize, booth: &Booth) -> String {
    let fairy = if booth.fairy.is_empty() {
        String::new()
    } else {
        let f: Vec<String> = booth.fairy.iter().map(|f| f.to_string()).collect();
        format!(" fairy [{}]", f.join(" "))
    };
    let spaces: Vec<String> = booth
        .spaces
        .iter()
        .map(|s| match s {
            Some(d) => format!("{}:{}", seat(d.owner), d.face),
            None => String::from("__"),
        })
        .collect();
    format!(
        "  #{} {}{fairy}: {}",
        i + 1,
        booth.game.name(),
        spaces.join(" ")
    )
}

fn die(d: &DieRef) -> String {
    match d {
        DieRef::Pool { owner, face } => format!("{face} in {}'s pool", seat(*owner)),
        DieRef::FairyPool { face } => format!("Fairy die {face} in the Fairy pool"),
        DieRef::Placed { booth, space } => {
            format!("player die on game #{} space {}", booth + 1, space + 1)
        }
        DieRef::PlacedFairy { booth, space } => {
            format!("Fairy die {} on game #{}", space + 1, booth + 1)
        }
    }
}

fn outcome(o: &PitOutcome) -> String {
    match o {
        PitOutcome::Number { face, square: None } => format!("shows {face}"),
        PitOutcome::Number {
            face,
            square: Some(s),
        } => {
            format!("shows {face}, touching prize square {}", s + 1)
        }
        PitOutcome::Goblin => String::from("shows the Goblin"),
        PitOutcome::SleepingDragon => String::from("lands on the sleeping dragon"),
        PitOutcome::BouncedOut => String::from("bounces out"),
    }
}

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        let mut lines = vec![format!(
            "Scores {:?}; {} Mini Games face down; Fairy pool {:?}",
            view.scores.as_slice(),
            view.mini_games_left,
            view.fairy_pool.as_slice()
        )];
        for (i, booth) in view.booths.iter().enumerate() {
            if let Some(booth) = booth {
                lines.push(booth_line(i, booth));
            }
        }
        for (p, pool) in view.pools.iter().enumerate() {
            lines.push(format!(
                "  P{} pool {:?}, {} Mischief cards",
                p + 1,
                pool.as_slice(),
                view.hand_sizes.get(p).copied().unwrap_or(0)
            ));
        }
        if let Some(hand) = view.own_hand {
            let cards: Vec<&str> = hand.cards().map(|c| c.name()).collect();
            lines.push(format!("  your hand: {}", cards.join(", ")));
        }
        if view.phase == Phase::Over {
            lines.push(String::from("Game over"));
        }
        lines.join("\n")
    }

    fn show_action(action: &Action) -> String {
        match action {
            Action::Draw => String::from("Draw a Mischief card"),
            Action::Play(card) => format!("Play the {card}"),
            Action::NoMischief => String::from("No Mischief possible: go on"),
            Action::Pick(d) => format!("Pick the {}", die(d)),
            Action::Shift(Shift::Up) => String::from("Up"),
            Action::Shift(Shift::Down) => String::from("Down"),
            Action::ChoosePlayer(p) => format!("Choose {}", seat(*p)),
            Action::PlaceOn { booth, side: None } => format!("Onto game #{}", booth + 1),
            Action::PlaceOn {
                booth,
                side: Some(side),
            } => {
                format!("Onto game #{}, {side:?} side", booth + 1)
            }
            Action::RollPrizePit => String::from("Roll into the Prize Pit"),
            Action::ReportPrizePit(o) => format!("The die {}", outcome(o)),
            Action::Discard(card) => format!("Discard the {card}"),
            Action::DeclineSteal => String::from("Steal nothing"),
        }
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(match event {
            Event::TurnStarted { player } => format!("\n{}'s turn", seat(*player)),
            Event::Drew {
                player,
                card: Some(card),
            } => format!("{} draws the {card}", seat(*player)),
            Event::Drew { player, card: None } => format!("{} draws a card", seat(*player)),
            Event::MischiefReshuffled { cards } => {
                format!("The discards are shuffled into a new pile of {cards}")
            }
            Event::Played { player, card } => format!("{} plays the {card}", seat(*player)),
            Event::NoMischief { player } => format!("{} can make no mischief", seat(*player)),
            Event::FaceChanged { die: d, from, to } => {
                format!("  the {} turns from {from} to {to}", die(d))
            }
            Event::Swapped { first, second } => {
                format!("  the {} and the {} swap", die(first), die(second))
            }
            Event::Rerolled { die: d, face } => format!("  the {} is re-rolled: {face}", die(d)),
            Event::PoolRerolled { owner, faces } => {
                format!(
                    "  {}'s pool is re-rolled: {:?}",
                    seat(*owner),
                    faces.as_slice()
                )
            }
            Event::Placed {
                player,
                face,
                booth,
                ..
            } => {
                format!("{} places a {face} on game #{}", seat(*player), booth + 1)
            }
            Event::Moved {
                player,
                die,
                from,
                to,
                ..
            } => format!(
                "{} moves {}'s {} from game #{} to game #{}",
                seat(*player),
                seat(die.owner),
                die.face,
                from + 1,
                to + 1
            ),
            Event::Revealed { booth, game } => {
                format!("{} is turned up as game #{}", game.name(), booth + 1)
            }
            Event::FairyDiceRolled { booth, faces } => {
                format!(
                    "  Fairy dice on game #{}: {:?}",
                    booth + 1,
                    faces.as_slice()
                )
            }
            Event::Completed { game, .. } => format!("{} is full and scored!", game.name()),
            Event::Ranked { places, .. } => format!("  places {places:?}"),
            Event::Scored {
                player,
                points,
                reason,
                total,
            } => {
                let why = match reason {
                    Reason::MagicNumber => "the magic number",
                    Reason::SecondPlace => "2nd place",
                    Reason::ThirdPlace => "3rd place",
                    Reason::SharedHippocampus => "a shared catch",
                    Reason::Bullseye => "a bullseye",
                    Reason::PrizePit => "the Prize Pit",
                    Reason::FinalRoll => "the final roll",
                    _ => "another reason",
                };
                format!(
                    "  {} scores {points} for {why} (now {total})",
                    seat(*player)
                )
            }
            Event::DiceReturned { .. } | Event::FairyDiceReturned { .. } => return None,
            Event::PrizeRollsDue { players } => {
                let who: Vec<String> = players.iter().map(|p| seat(*p)).collect();
                format!("  1st place: {} to roll the Goblin die", who.join(", "))
            }
            Event::PrizePitRolled {
                player,
                die,
                outcome: o,
            } => {
                let which = match die {
                    PitDie::Goblin => "the Goblin die",
                    PitDie::Player => "a die",
                };
                format!(
                    "  {} rolls {which} into the Prize Pit: it {}",
                    seat(*player),
                    outcome(o)
                )
            }
            Event::StealDeclined { player } => format!("  {} steals nothing", seat(*player)),
            Event::NothingToSteal { player } => {
                format!("  {} finds no card to steal", seat(*player))
            }
            Event::Stole {
                thief,
                victim,
                card,
            } => match card {
                Some(card) => format!(
                    "  {} steals the {card} from {}",
                    seat(*thief),
                    seat(*victim)
                ),
                None => format!("  {} steals a card from {}", seat(*thief), seat(*victim)),
            },
            Event::Discarded { player, card } => format!("  {} discards the {card}", seat(*player)),
            Event::GameEnding { ending } => match ending {
                Ending::OneGameLeft => String::from("\nOnly one Mini Game is left: final rolls!"),
                Ending::MoveLimit => String::from("\nThe move limit is reached: final rolls!"),
                _ => String::from("\nThe game is ending: final rolls!"),
            },
            Event::GameOver { winners } => {
                let who: Vec<String> = winners.iter().map(seat).collect();
                let verb = if who.len() == 1 { "wins" } else { "win" };
                format!("Game over; {} {verb}", who.join(" and "))
            }
            // Events added in later versions are not told.
            _ => return None,
        })
    }
}
