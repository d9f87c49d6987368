//! The Rules of the Hunt: what may be played on what, the Season Rules and the
//! Matching Bonus.

use super::action::Violation;
use super::cards::{Card, CardKind, Season};

/// The topmost Season Fairy of the Swarm (bottom first), if any.
pub fn topmost_season(swarm: &[Card]) -> Option<(Season, u8)> {
    swarm.iter().rev().find_map(|c| c.season_number())
}

/// Whether a Season Fairy `season` `number` follows the Season Rules on this
/// Swarm: anything when it has no Season Fairy; otherwise the same season
/// with an equal or higher number, or any number of the next season.
pub fn follows_seasons(swarm: &[Card], season: Season, number: u8) -> bool {
    match topmost_season(swarm) {
        None => true,
        Some((top, top_number)) => {
            (season == top && number >= top_number) || top.next() == Some(season)
        }
    }
}

/// Whether `card` may be played onto the Swarm now, and if not, why.
pub fn check_play(swarm: &[Card], card: Card) -> Result<(), Violation> {
    let top = swarm.last().map(|c| c.kind());
    match card.kind() {
        CardKind::Royal(_) => Ok(()),
        CardKind::Trap => match top {
            Some(CardKind::Royal(_)) => Err(Violation::OnRoyal),
            _ => Ok(()),
        },
        CardKind::Goblin(_) => match top {
            Some(CardKind::Royal(_)) => Err(Violation::OnRoyal),
            Some(CardKind::Trap) => Err(Violation::OnTrap),
            _ => Ok(()),
        },
        CardKind::Season { season, number } => match top {
            Some(CardKind::Trap) => Err(Violation::OnTrap),
            _ if follows_seasons(swarm, season, number) => Ok(()),
            _ => Err(Violation::SeasonRules(card)),
        },
    }
}

/// Whether playing `card` earns the Matching Bonus: it is a Season Fairy with
/// the same number as the topmost Season Fairy already on the Swarm.
pub fn is_match(swarm: &[Card], card: Card) -> bool {
    match (card.season_number(), topmost_season(swarm)) {
        (Some((_, number)), Some((_, top))) => number == top,
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::season::{Goblin, Royal};

    fn s(season: Season, number: u8) -> Card {
        Card::season(season, number, 0).unwrap_or(Card::the_royal(Royal::King))
    }

    #[test]
    fn winter_8_takes_only_winter_8() {
        let swarm = [s(Season::Winter, 8)];
        assert!(check_play(&swarm, s(Season::Winter, 8)).is_ok());
        assert!(check_play(&swarm, s(Season::Spring, 1)).is_err());
        assert!(check_play(&swarm, s(Season::Winter, 7)).is_err());
    }

    #[test]
    fn goblins_never_go_on_traps_or_royals() {
        let goblin = Card::goblin(Goblin::Greedy, 0).unwrap_or(Card::the_royal(Royal::King));
        let trap = Card::trap(0).unwrap_or(Card::the_royal(Royal::King));
        assert_eq!(check_play(&[trap], goblin), Err(Violation::OnTrap));
        assert_eq!(
            check_play(&[Card::the_royal(Royal::Queen)], goblin),
            Err(Violation::OnRoyal)
        );
        assert!(check_play(&[s(Season::Spring, 1)], goblin).is_ok());
    }
}
