//! The position oracle's invariants for Fairy Prank, from the rulebook's
//! "Components", "Game Setup", the three phases of "How to Play", "End of
//! the Guessing Phase", "End of Game" and "Special Rules for 2 players"
//! (and the rulings on the beginner game and the 2-player draw).

use alloc::format;
use alloc::string::String;

use super::config::Variant;
use super::items::{Item, Items};
use super::setup::Setup;
use super::state::{Phase, State};
use crate::testing::RulebookPosition;
use crate::{Player, PlayerSet};

/// "2 to 6 players".
const SEATS: core::ops::RangeInclusive<usize> = 2..=6;
/// "If there are at least 3 items in the treasure box, you may choose to
/// end Selection Phase."
const LEAST_SELECTED: usize = 3;
/// "Marked a single item thrice".
const THRICE: u8 = 3;
/// "Or 6 different items".
const DIFFERENT_ITEMS: usize = 6;

impl RulebookPosition for State {
    fn rulebook_position(setup: &Setup) -> Result<(), String> {
        let players = usize::from(setup.config.players);
        if !SEATS.contains(&players) {
            return Err(format!("{players} players at a table of 2 to 6"));
        }
        if setup.sheets.len() != players {
            return Err(format!(
                "{} score sheets for {players} players",
                setup.sheets.len()
            ));
        }
        seats(setup, players)?;
        items(setup)?;
        sheets(setup, players)?;
        if players == 2 {
            duel(setup)
        } else {
            round(setup, players)
        }
    }
}

/// The starting player, the Fairy and the winners sit at the table.
fn seats(setup: &Setup, players: usize) -> Result<(), String> {
    let mut named = alloc::vec![setup.starting_player];
    match setup.phase {
        Phase::Hiding { fairy } | Phase::Guessing { fairy } => named.push(fairy),
        Phase::Over { winners } => named.extend(winners.iter()),
        Phase::Selection => {}
    }
    match named.into_iter().find(|p| p.index() >= players) {
        Some(p) => Err(format!("{p} is named but not at the table")),
        None => Ok(()),
    }
}

/// Each item of the set is in one place: in the box, or removed by the
/// Fairy (or out of play); a token flipped for a right guess is of an item
/// in the box, one flipped for a wrong guess of an item not in it: with 3
/// to 6 players one the Fairy removed ("use only tokens set aside in this
/// Selection Phase"), with 2 any other item ("all item tokens remain in the
/// centre").
fn items(setup: &Setup) -> Result<(), String> {
    let set = setup.config.treasures.all();
    let named = setup
        .in_box
        .union(setup.removed)
        .union(setup.guessed_right)
        .union(setup.guessed_wrong);
    if let Some(item) = first(named.difference(set)) {
        return Err(format!("item {} is not in the item set", item.index()));
    }
    if let Some(item) = first(setup.in_box.intersection(setup.removed)) {
        return Err(format!(
            "item {} is both in the box and removed from it",
            item.index()
        ));
    }
    if let Some(item) = first(setup.guessed_right.difference(setup.in_box)) {
        return Err(format!(
            "item {} was guessed right but is not in the box",
            item.index()
        ));
    }
    let out = if setup.config.players == 2 {
        set.difference(setup.in_box)
    } else {
        setup.removed
    };
    if let Some(item) = first(setup.guessed_wrong.difference(out)) {
        return Err(format!(
            "item {} was guessed wrong but is in the box",
            item.index()
        ));
    }
    Ok(())
}

fn first(items: Items) -> Option<Item> {
    items.iter().next()
}

/// A sheet marks items of the set, each up to three times; "do not use
/// score sheet" with 2 players.
fn sheets(setup: &Setup, players: usize) -> Result<(), String> {
    let set = setup.config.treasures.all();
    for (player, sheet) in (0u8..).map(Player).zip(&setup.sheets) {
        for (item, &marks) in (0u8..).map(Item).zip(&sheet.marks) {
            if marks > THRICE || (marks > 0 && !set.contains(item)) {
                return Err(format!(
                    "{player}'s sheet has {marks} marks on item {}",
                    item.index()
                ));
            }
            if marks > 0 && players == 2 {
                return Err(format!("{player} marked a sheet in a 2-player game"));
            }
        }
    }
    Ok(())
}

/// Whether `sheet` wins: an item thrice, or six different items.
fn wins(marks: &[u8]) -> bool {
    marks.iter().any(|&m| m >= THRICE)
        || marks.iter().filter(|&&m| m > 0).count() >= DIFFERENT_ITEMS
}

/// A round of 3 to 6 players.
fn round(setup: &Setup, players: usize) -> Result<(), String> {
    let beginner = setup.config.variant == Variant::Beginner;
    let set = setup.config.treasures.all();
    let flipped = setup.guessed_right.union(setup.guessed_wrong);
    let selected = setup.in_box.union(setup.removed);
    // The beginner game plays only Hiding and Guessing, with every item in
    // the box, and the starting player is the Fairy.
    let fairy = match setup.phase {
        Phase::Selection if beginner => {
            return Err(String::from("the beginner game has no Selection phase"));
        }
        Phase::Selection => {
            if !setup.removed.is_empty() {
                return Err(String::from("items removed before the Hiding phase"));
            }
            None
        }
        Phase::Hiding { fairy } | Phase::Guessing { fairy } => Some(fairy),
        Phase::Over { .. } => None,
    };
    if beginner && fairy.is_some_and(|f| f != setup.starting_player) {
        return Err(String::from(
            "in the beginner game the starting player is the Fairy",
        ));
    }
    let guessing = matches!(setup.phase, Phase::Guessing { .. } | Phase::Over { .. });
    if !guessing && !flipped.is_empty() {
        return Err(String::from("tokens flipped before the Guessing phase"));
    }
    if setup.phase != Phase::Selection {
        if beginner && selected != set {
            return Err(String::from("in the beginner game every item is in play"));
        }
        if selected.len() < LEAST_SELECTED {
            return Err(format!(
                "the Selection phase ended with {} items (at least 3)",
                selected.len()
            ));
        }
        if setup.in_box.is_empty() {
            return Err(String::from(
                "no item left in the box (there must be at least 1)",
            ));
        }
    }
    if guessing && setup.removed.is_empty() {
        return Err(String::from(
            "the Fairy removed nothing (one or more items)",
        ));
    }
    let winning: PlayerSet = (0u8..)
        .map(Player)
        .zip(&setup.sheets)
        .filter(|(_, sheet)| wins(&sheet.marks))
        .map(|(p, _)| p)
        .collect();
    let ended =
        setup.removed.is_subset(setup.guessed_wrong) || setup.in_box.is_subset(setup.guessed_right);
    match setup.phase {
        Phase::Over { winners }
            if winners.len() != 1 || winners != winning || flipped.is_empty() =>
        {
            return Err(String::from(
                "the winner is not the one player whose sheet wins by a guess",
            ));
        }
        Phase::Over { .. } => {}
        _ if !winning.is_empty() => {
            return Err(String::from("a sheet wins but the game is not over"));
        }
        Phase::Guessing { .. } if ended => {
            return Err(String::from(
                "every removed item was guessed wrong, or every item in the box right, \
                 but the Guessing phase goes on",
            ));
        }
        _ => {}
    }
    let _ = players;
    // Every guess fills one space on a sheet, and every round before this
    // one had at least one guess.
    let marks: u32 = setup
        .sheets
        .iter()
        .flat_map(|sheet| sheet.marks.iter())
        .map(|&m| u32::from(m))
        .sum();
    let guesses = flipped.len() as u32;
    let earlier = u32::from(setup.round).checked_sub(1);
    match earlier {
        Some(earlier) if earlier + guesses <= marks => Ok(()),
        _ => Err(format!(
            "round {} with {marks} marks on the sheets cannot have been reached",
            setup.round
        )),
    }
}

/// A 2-player game: the starting player is the Fairy and puts round + 1
/// items in the box; no Hiding phase; the first wrong guess loses; a box
/// with every item guessed right ends drawn.
fn duel(setup: &Setup) -> Result<(), String> {
    let items = setup.config.treasures.len();
    let round = usize::from(setup.round);
    if round == 0 || round + 1 > items {
        return Err(format!("round {round} with {items} items in 2 players"));
    }
    let box_size = round + 1;
    let fairy = setup.starting_player;
    let found = setup.in_box.len();
    let flipped = setup.guessed_right.union(setup.guessed_wrong);
    if !setup.removed.is_empty() {
        return Err(String::from(
            "items removed in 2 players, which skip the Hiding phase",
        ));
    }
    let wrong_size = || format!("the box holds {found} items in round {round} (round + 1)");
    match setup.phase {
        Phase::Hiding { .. } => Err(String::from("2 players skip the Hiding phase")),
        Phase::Selection if !flipped.is_empty() => {
            Err(String::from("tokens flipped before the Guessing phase"))
        }
        Phase::Selection if found >= box_size => Err(wrong_size()),
        Phase::Selection => Ok(()),
        _ if found != box_size => Err(wrong_size()),
        Phase::Guessing { fairy: named } if named != fairy => Err(String::from(
            "in 2 players the starting player is the Fairy",
        )),
        Phase::Guessing { .. } if !setup.guessed_wrong.is_empty() => Err(String::from(
            "a wrong guess loses at once, but the game goes on",
        )),
        Phase::Guessing { .. } if setup.in_box.is_subset(setup.guessed_right) => {
            Err(String::from("every item was guessed but the round goes on"))
        }
        Phase::Guessing { .. } => Ok(()),
        Phase::Over { winners } => {
            let lost = winners == PlayerSet::only(fairy) && setup.guessed_wrong.len() == 1;
            let drawn = winners == PlayerSet::first(2)
                && setup.guessed_wrong.is_empty()
                && setup.guessed_right == setup.in_box
                && found == items;
            if lost || drawn {
                Ok(())
            } else {
                Err(String::from(
                    "the winners are neither the Fairy after one wrong guess nor both \
                     players after every item was found",
                ))
            }
        }
    }
}
