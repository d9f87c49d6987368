//! The position oracle's invariants for Fairy Season, from the rulebook's
//! "Components", "Setup", "How to Play", "The Rules of the Hunt", the
//! Goblin and Trap cards, "Royal Win" and "End of the Game" (and the rulings
//! on the Royal window, passing and the final Swarm).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::cards::Card;
use super::setup::Setup;
use super::state::{Phase, State};
use crate::testing::RulebookPosition;
use crate::{Player, PlayerSet};

/// "3-5 players".
const SEATS: core::ops::RangeInclusive<usize> = 3..=5;
/// Abilities and Goblins name 1 to 3 cards.
const AMOUNTS: core::ops::RangeInclusive<u8> = 1..=3;
/// The four Royal Fairies (King, Queen, Prince, Princess).
const ROYALS: usize = 4;

impl RulebookPosition for State {
    fn rulebook_position(setup: &Setup) -> Result<(), String> {
        let players = setup.hands.len();
        if !SEATS.contains(&players) {
            return Err(format!("{players} players at a table of 3 to 5"));
        }
        if setup.stashes.len() != players || setup.chosen.len() != players {
            return Err(format!(
                "{} Stashes and {} lists of chosen cards for {players} players",
                setup.stashes.len(),
                setup.chosen.len()
            ));
        }
        deck(setup)?;
        seats(setup, players)?;
        swarm(setup, players)?;
        passing(setup)?;
        ending(setup)
    }
}

/// Every card of the deck exactly once: in the deck, a hand, a Stash or the
/// Swarm.
fn deck(setup: &Setup) -> Result<(), String> {
    let placed: Vec<Card> = setup
        .deck
        .iter()
        .chain(setup.hands.iter().flatten())
        .chain(setup.stashes.iter().flatten())
        .chain(setup.swarm.iter())
        .copied()
        .collect();
    // A card in two places first (it leaves another card nowhere).
    let counts: Vec<(Card, usize)> = Card::all()
        .map(|card| (card, placed.iter().filter(|&&c| c == card).count()))
        .collect();
    if let Some((card, n)) = counts.iter().find(|(_, n)| *n > 1) {
        return Err(format!("{card:#} is in {n} places"));
    }
    if let Some((card, _)) = counts.iter().find(|(_, n)| *n == 0) {
        return Err(format!("{card:#} is nowhere"));
    }
    let total = Card::all().count();
    if placed.len() != total {
        return Err(format!(
            "{} cards placed of a deck of {total}",
            placed.len()
        ));
    }
    Ok(())
}

/// Everyone the phase names sits at the table; amounts are 1 to 3; the
/// Royal window is offered to others than the flunker.
fn seats(setup: &Setup, players: usize) -> Result<(), String> {
    let mut named: Vec<Player> = setup.last_played.into_iter().collect();
    let mut amount = None;
    match setup.phase {
        Phase::Turn { player }
        | Phase::Bonus { player }
        | Phase::Robbing { player }
        | Phase::Swapping { player } => named.push(player),
        Phase::Stashing { player, left, .. } => {
            named.push(player);
            amount = Some(left);
        }
        Phase::Stealing { player, count }
        | Phase::Aiming { player, count }
        | Phase::Passing { player, count, .. } => {
            named.push(player);
            amount = Some(count);
        }
        Phase::RoyalWindow { flunker, asked } => {
            named.extend([flunker, asked]);
            if flunker == asked {
                return Err(String::from("the flunker is asked in the Royal window"));
            }
        }
        Phase::Over { winners } => named.extend(winners.iter()),
    }
    if let Some(p) = named.into_iter().find(|p| p.index() >= players) {
        return Err(format!("{p} is named but not at the table"));
    }
    match amount {
        Some(n) if !AMOUNTS.contains(&n) => Err(format!("an amount of {n} cards (1 to 3)")),
        _ => Ok(()),
    }
}

/// "Then play passes to the left": while a Swarm lies, the last player to
/// play onto it is known, the turn (and a flunk) is the next player's, and
/// only the player of a card resolves it (a Matching Bonus only after a
/// Season Fairy).
fn swarm(setup: &Setup, players: usize) -> Result<(), String> {
    let last = setup.last_played;
    if last.is_some() == setup.swarm.is_empty() {
        return Err(String::from(
            "the last player to play is known exactly when a Swarm lies",
        ));
    }
    let next = last.map(|q| q.left(1, players));
    let in_turn = |p: Player| match next {
        Some(n) if n != p => Err(format!(
            "{p} has the turn, but it is {n}'s after the last to play"
        )),
        _ => Ok(()),
    };
    let resolver = |p: Player| {
        if last == Some(p) {
            Ok(())
        } else {
            Err(format!("{p} resolves a card they did not play"))
        }
    };
    let bonus = || {
        let top = setup.swarm.last().and_then(|c| c.season_number());
        if top.is_some() {
            Ok(())
        } else {
            Err(String::from(
                "a Matching Bonus without a Season Fairy on top of the Swarm",
            ))
        }
    };
    match setup.phase {
        Phase::Turn { player } => in_turn(player),
        Phase::RoyalWindow { flunker, .. } => in_turn(flunker),
        Phase::Stashing {
            player, bonus: b, ..
        } => {
            resolver(player)?;
            if b { bonus() } else { Ok(()) }
        }
        Phase::Bonus { player } => {
            resolver(player)?;
            bonus()
        }
        Phase::Robbing { player }
        | Phase::Stealing { player, .. }
        | Phase::Swapping { player }
        | Phase::Aiming { player, .. }
        | Phase::Passing { player, .. } => resolver(player),
        Phase::Over { .. } => Ok(()),
    }
}

/// Cards chosen to pass: only while a Goblin asks everyone to pass, at most
/// the number it asks (and the hand), each a different card of the hand.
fn passing(setup: &Setup) -> Result<(), String> {
    let asked = match setup.phase {
        Phase::Passing { count, .. } => Some(usize::from(count)),
        _ => None,
    };
    for ((player, picks), hand) in (0u8..).map(Player).zip(&setup.chosen).zip(&setup.hands) {
        let fits = match asked {
            None => picks.is_empty(),
            Some(count) => {
                picks.len() <= count.min(hand.len())
                    && picks.iter().enumerate().all(|(i, card)| {
                        hand.contains(card) && !picks.iter().take(i).any(|c| c == card)
                    })
            }
        };
        if !fits {
            return Err(format!("{player} has chosen cards to pass that do not fit"));
        }
    }
    Ok(())
}

/// "Royal Win": whoever holds all four Royal Fairies in their Stash wins
/// at once (in the middle of a Swarm only as its last player); otherwise
/// the game ends when the final Swarm is won after the deck is exhausted.
/// (Who wins by points is the outcome oracle's to check.)
fn ending(setup: &Setup) -> Result<(), String> {
    let royal = (0u8..)
        .map(Player)
        .zip(&setup.stashes)
        .find(|(_, stash)| stash.iter().filter(|c| c.is_royal()).count() == ROYALS)
        .map(|(p, _)| p);
    match (setup.phase, royal) {
        (Phase::Over { winners }, Some(p)) => {
            if winners != PlayerSet::only(p) {
                return Err(format!("{p} has a Royal Win but the winners are others"));
            }
            if setup.last_played.is_some_and(|q| q != p) {
                return Err(String::from(
                    "a Royal Win in the middle of a Swarm by another than its last player",
                ));
            }
            Ok(())
        }
        (_, Some(p)) => Err(format!(
            "{p} holds all four Royal Fairies but the game goes on"
        )),
        (Phase::Over { .. }, None) => {
            if !setup.deck.is_empty() {
                Err(String::from("the game is over with cards left in the deck"))
            } else if !setup.swarm.is_empty() {
                Err(String::from(
                    "the game is over before the final Swarm was won",
                ))
            } else {
                Ok(())
            }
        }
        (_, None) => Ok(()),
    }
}
