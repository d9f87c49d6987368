//! How Fairy Season is told at the terminal.

use fairy_ring::season::{Action, Card, Event, Phase, State, View};

fn cards(cards: &[Card]) -> String {
    if cards.is_empty() {
        return String::from("nothing");
    }
    cards
        .iter()
        .map(Card::to_string)
        .collect::<Vec<_>>()
        .join(", ")
}

fn phase(phase: &Phase) -> String {
    match *phase {
        Phase::Turn { player } => format!("{player} to play or flunk"),
        Phase::Stashing { player, left, .. } => format!("{player} stashes {left} more"),
        Phase::Bonus { player } => format!("{player} takes the Matching Bonus"),
        Phase::Robbing { player } => format!("{player} picks a Stash to rob"),
        Phase::Stealing { player, count } => format!("{player} steals {count} from a Stash"),
        Phase::Swapping { player } => format!("{player} picks a hand to swap with"),
        Phase::Aiming { player, count } => format!("{player} sends {count} cards left or right"),
        Phase::Passing { count, .. } => format!("everyone chooses {count} cards to pass"),
        Phase::RoyalWindow { flunker, asked } => {
            format!("{flunker} flunked; {asked} may play a Royal Fairy")
        }
        Phase::Over { winners } => format!("game over, winners {winners}"),
    }
}

impl super::Narrate for State {
    fn show_view(view: &View) -> String {
        let mut lines = vec![
            format!("Swarm: {}", cards(&view.swarm)),
            format!(
                "Deck {} cards; hands {:?}; points {:?}",
                view.deck_size, view.hand_sizes, view.scores
            ),
        ];
        for (seat, stash) in view.stashes.iter().enumerate() {
            let top = stash.last().map_or(String::from("empty"), Card::to_string);
            lines.push(format!(
                "  player {} Stash: {} cards, top {top}",
                seat + 1,
                stash.len()
            ));
        }
        if view.seat.player().is_some() {
            lines.push(format!("Your hand: {}", cards(&view.hand)));
        }
        lines.push(phase(&view.phase));
        lines.join("\n")
    }

    fn show_action(action: &Action) -> String {
        match action {
            Action::Play(card) => format!("Play {card}"),
            Action::Flunk => String::from("Flunk"),
            Action::Pass => String::from("Pass (no Royal)"),
            Action::Stash(card) => format!("Stash {card}"),
            Action::BonusDraw => String::from("Bonus: draw a card"),
            Action::SkipBonus => String::from("No bonus"),
            Action::RobFrom(p) => format!("Rob the Stash of {p}"),
            Action::StealFrom(p) => format!("Steal from {p}"),
            Action::SwapWith(p) => format!("Swap hands with {p}"),
            Action::PassTo(direction) => format!("Everyone passes {direction}"),
            Action::Give(card) => format!("Pass on {card}"),
        }
    }

    fn show_event(event: &Event) -> Option<String> {
        Some(match *event {
            Event::Played { player, card } => format!("{player} plays {card}"),
            Event::Flunked { player } => format!("{player} flunks"),
            Event::Passed { player } => format!("  {player} plays no Royal"),
            Event::Drew { player, card } => match card {
                Some(card) => format!("  {player} draws {card}"),
                None => format!("  {player} draws a card"),
            },
            Event::DeckEmpty => String::from("The deck is empty: this is the final Swarm"),
            Event::Stashed { player, card } => format!("  {player} stashes {card}"),
            Event::BonusSkipped { .. } => return None,
            Event::Grabbed { player, card } => format!("  {player} grabs {card} from the Swarm"),
            Event::Stole { player, from, card } => {
                format!("  {player} steals {card} from {from}")
            }
            Event::Robbed { player, from, card } => {
                format!("  {player} plays {card} from the Stash of {from}")
            }
            Event::HandsSwapped { player, rival } => {
                format!("  {player} swaps hands with {rival}")
            }
            Event::DirectionChosen { player, direction } => {
                format!("  {player}: everyone passes {direction}")
            }
            Event::Chose { .. } => return None,
            Event::CardPassed { from, to, card } => match card {
                Some(card) => format!("  {from} passes {card} to {to}"),
                None => format!("  {from} passes a card to {to}"),
            },
            Event::SwarmWon {
                winner: Some(winner),
                cards,
            } => format!("{winner} wins the Swarm ({cards} cards)\n"),
            Event::SwarmWon { winner: None, .. } => String::from("The empty Swarm ends\n"),
            Event::RoyalWin { player } => format!("{player} holds all four Royals!"),
            Event::GameOver { winners } => format!("Game over; winners {winners}"),
            _ => return None,
        })
    }
}
