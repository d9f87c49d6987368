//! The position oracle's invariants for A Midsummer Night's Fayre, from the
//! rulebook's "Components", "Setup", "Fairy Mischief", "Dice", "Scoring a
//! Mini Game", "The Prize Pit" and "End of the Game" (and the rulings on
//! the Mini Game card data, Fairy dice timing and the move limit).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::dice::DieRef;
use super::mini_game::{FairyTiming, MiniGame};
use super::mischief::Mischief;
use super::prize_pit::PitDie;
use super::setup::Setup;
use super::state::{Phase, State};
use crate::Player;
use crate::testing::RulebookPosition;

/// "2-5 players".
const SEATS: core::ops::RangeInclusive<usize> = 2..=5;
/// "Each player rolls their 6 dice."
const PLAYER_DICE: usize = 6;
/// "9 Fairy Dice".
const FAIRY_DICE: usize = 9;
/// "Randomly remove 2 without looking and put them back in the box."
const BOXED: usize = 2;
/// "You may never hold more than 3 cards in your hand" (a steal may give a
/// fourth, which its taker discards at once).
const HAND: usize = 3;

impl RulebookPosition for State {
    fn rulebook_position(setup: &Setup) -> Result<(), String> {
        let players = usize::from(setup.config.players);
        if !SEATS.contains(&players) {
            return Err(format!("{players} players at a table of 2 to 5"));
        }
        for (what, got) in [
            ("scores", setup.scores.len()),
            ("dice pools", setup.pools.len()),
            ("hands", setup.hands.len()),
        ] {
            if got != players {
                return Err(format!("{got} {what} for {players} players"));
            }
        }
        seats(setup, players)?;
        if let Some((player, points)) = (0u8..)
            .map(Player)
            .zip(&setup.scores)
            .find(|(_, points)| **points < 0)
        {
            return Err(format!(
                "{player} has {points} points (points are only won)"
            ));
        }
        mini_games(setup)?;
        dice(setup)?;
        mischief(setup)?;
        pending(setup)?;
        turn(setup, players)
    }
}

/// A decision pending on a die names a die that is there: in a pool, in
/// the Fairy pool, or on a space of a Mini Game on the table; a card
/// shifting a die is a Nudge card.
fn pending(setup: &Setup) -> Result<(), String> {
    let die = match setup.phase {
        Phase::SwapWith { first } => first,
        Phase::Destination { die } => {
            // A player moves their own dice (or Fairy dice), never another
            // player's from their pool.
            if let DieRef::Pool { owner, .. } = die
                && owner != setup.current
            {
                return Err(format!("{} moves a die from {owner}'s pool", setup.current));
            }
            die
        }
        Phase::Shift { card, die } => {
            if !matches!(card, Mischief::NudgeOne | Mischief::NudgeTwo) {
                return Err(format!("{card} shifts a die, but only a Nudge card does"));
            }
            die
        }
        _ => return Ok(()),
    };
    let booth = |i: u8| setup.booths.get(usize::from(i)).and_then(Option::as_ref);
    let there = match die {
        DieRef::Pool { owner, face } => setup
            .pools
            .get(owner.index())
            .is_some_and(|pool| pool.contains(&face)),
        DieRef::FairyPool { face } => setup.fairy_pool.contains(&face),
        DieRef::Placed { booth: b, space } => booth(b)
            .and_then(|b| b.spaces.get(usize::from(space)))
            .is_some_and(Option::is_some),
        DieRef::PlacedFairy { booth: b, space } => {
            booth(b).is_some_and(|b| usize::from(space) < b.fairy.len())
        }
    };
    if there {
        Ok(())
    } else {
        Err(String::from(
            "the pending decision names a die that is not there",
        ))
    }
}

/// The player whose turn it is, the one deciding and everyone queued to
/// roll sit at the table; nobody is queued twice.
fn seats(setup: &Setup, players: usize) -> Result<(), String> {
    let mut named = alloc::vec![setup.current];
    named.extend(roller(setup));
    named.extend(setup.queue.iter().copied());
    for booth in setup.booths.iter().flatten() {
        named.extend(booth.dice().map(|(_, die)| die.owner));
    }
    if let Some(p) = named.into_iter().find(|p| p.index() >= players) {
        return Err(format!("{p} is named but not at the table"));
    }
    for (i, p) in setup.queue.iter().enumerate() {
        if setup.queue.iter().take(i).any(|q| q == p) || roller(setup) == Some(*p) {
            return Err(format!("{p} is queued twice to roll into the Prize Pit"));
        }
    }
    Ok(())
}

/// Who rolls into the Prize Pit, steals or discards now.
fn roller(setup: &Setup) -> Option<Player> {
    match setup.phase {
        Phase::PrizePit { player, .. }
        | Phase::Steal { thief: player }
        | Phase::Discard { player } => Some(player),
        _ => None,
    }
}

/// Every Mini Game card once: in the draw pile, on the table, in the box
/// (two of them) or scored; a table position is empty only once the draw
/// pile is; a card on the table has its printed spaces (Fairy dice on it
/// from when its timing puts them there), and is not full (a full one is
/// scored at once).
fn mini_games(setup: &Setup) -> Result<(), String> {
    if setup.removed.len() != BOXED {
        return Err(format!(
            "{} Mini Games in the box instead of 2",
            setup.removed.len()
        ));
    }
    let placed: Vec<MiniGame> = setup
        .mini_game_deck
        .iter()
        .copied()
        .chain(setup.booths.iter().flatten().map(|b| b.game))
        .chain(setup.removed.iter().copied())
        .chain(setup.finished.iter().copied())
        .collect();
    let counts: Vec<(MiniGame, usize)> = MiniGame::ALL
        .iter()
        .map(|&game| (game, placed.iter().filter(|&&g| g == game).count()))
        .collect();
    if let Some((game, n)) = counts.iter().find(|(_, n)| *n > 1) {
        return Err(format!("{game} is in {n} places"));
    }
    if let Some((game, _)) = counts.iter().find(|(_, n)| *n == 0) {
        return Err(format!("{game} is nowhere"));
    }
    for (position, booth) in setup.booths.iter().enumerate() {
        let Some(booth) = booth else {
            if !setup.mini_game_deck.is_empty() {
                return Err(format!(
                    "table position {position} is empty with Mini Games left to turn up"
                ));
            }
            continue;
        };
        let card = setup.config.mini_games.get(booth.game);
        let fairy = match booth.game.fairy_timing() {
            FairyTiming::OnReveal | FairyTiming::BeforePlacement => card.fairy_spaces,
            FairyTiming::Never | FairyTiming::BeforeScoring => 0,
        };
        if booth.spaces.len() != card.player_spaces || booth.fairy.len() != fairy {
            return Err(format!("{} does not have its printed spaces", booth.game));
        }
        if booth.spaces.iter().all(Option::is_some) {
            return Err(format!("{} is full but was not scored", booth.game));
        }
    }
    Ok(())
}

/// Each player's 6 dice are in their pool or on the Mini Games; the 9
/// Fairy dice in the Fairy pool or on the Mini Games.
fn dice(setup: &Setup) -> Result<(), String> {
    for (player, pool) in (0u8..).map(Player).zip(&setup.pools) {
        let placed = setup
            .booths
            .iter()
            .flatten()
            .flat_map(|b| b.dice())
            .filter(|(_, die)| die.owner == player)
            .count();
        let found = pool.len() + placed;
        if found != PLAYER_DICE {
            return Err(format!("{player} has {found} dice instead of 6"));
        }
    }
    let fairy = setup.fairy_pool.len()
        + setup
            .booths
            .iter()
            .flatten()
            .map(|b| b.fairy.len())
            .sum::<usize>();
    if fairy != FAIRY_DICE {
        return Err(format!("{fairy} Fairy dice instead of 9"));
    }
    Ok(())
}

/// The config's Mischief cards, each in a hand, the draw pile or the
/// discard pile; at most 3 in a hand, 4 only for the player discarding
/// (who then holds exactly 4).
fn mischief(setup: &Setup) -> Result<(), String> {
    for card in Mischief::ALL {
        let found = setup
            .hands
            .iter()
            .flatten()
            .chain(&setup.mischief_deck)
            .chain(&setup.mischief_discard)
            .filter(|&&c| c == card)
            .count();
        let expected = setup.config.mischief.count(card);
        if found != expected {
            return Err(format!("{found} {card} cards instead of {expected}"));
        }
    }
    let discarding = match setup.phase {
        Phase::Discard { player } => Some(player),
        _ => None,
    };
    for (player, hand) in (0u8..).map(Player).zip(&setup.hands) {
        if discarding == Some(player) {
            if hand.len() != HAND + 1 {
                return Err(format!("{player} discards holding {} cards", hand.len()));
            }
        } else if hand.len() > HAND {
            return Err(format!(
                "{player} holds {} Mischief cards (3 at most)",
                hand.len()
            ));
        }
    }
    Ok(())
}

/// "The game ends when there is only one incomplete mini game left on the
/// table" (or at the move limit): no turn is taken then, and the final
/// Prize Pit rolls come only then. Rolls are queued only in the Prize Pit.
fn turn(setup: &Setup, players: usize) -> Result<(), String> {
    let limit = setup.config.move_limit;
    let moves = setup.moves_since_scoring;
    if moves > limit {
        return Err(format!(
            "{moves} moves since a scoring, past the limit of {limit}"
        ));
    }
    let left = setup.booths.iter().flatten().count();
    let ending = left <= 1 || moves >= limit;
    let rolling = roller(setup).is_some();
    if !rolling && !setup.queue.is_empty() {
        return Err(String::from("players queued to roll outside the Prize Pit"));
    }
    if !rolling && setup.phase != Phase::Over && ending {
        return Err(String::from(
            "a turn is under way though the game is ending (one Mini Game left, or the move \
             limit)",
        ));
    }
    let final_rolls = matches!(
        setup.phase,
        Phase::PrizePit {
            die: PitDie::Player,
            ..
        }
    );
    if final_rolls && !ending {
        return Err(String::from(
            "the final Prize Pit rolls though the game is not ending",
        ));
    }
    // The final rolls go to everyone once, clockwise from the player whose
    // turn it was: those left follow the roller in seat order to the end of
    // the round.
    if final_rolls && let Some(first) = roller(setup) {
        let from_current =
            |p: Player| (p.index() + players - setup.current.index() % players) % players;
        let mut last = from_current(first);
        for &p in &setup.queue {
            let next = from_current(p);
            if next != last + 1 {
                return Err(String::from(
                    "the final rolls skip a player or go out of order",
                ));
            }
            last = next;
        }
        if last + 1 != players {
            return Err(String::from("the final rolls leave a player out"));
        }
    }
    Ok(())
}
