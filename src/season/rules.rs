//! The Rules of the Hunt: what may be played on what, the Season Rules and the
//! Matching Bonus.

use super::action::Violation;
use super::cards::{
    Card, CardKind, DECK_SIZE, GOBLINS as GOBLINS_N, ROYALS as ROYALS_N, SEASON_FAIRIES, Season,
};

/// The topmost Season Fairy of the Swarm (bottom first), if any.
#[inline]
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

/// The cards that may be played onto a Swarm, as a set of card identities:
/// [`check_play`] for every card at once, from one look at the Swarm.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Playable(u128);

impl Playable {
    /// Whether `card` may be played.
    pub fn allows(self, card: Card) -> bool {
        self.0.checked_shr(u32::from(card.id())).unwrap_or(0) & 1 == 1
    }
}

/// Bits `from..to` (card identities) of a card set.
const fn ids(from: u8, to: u8) -> u128 {
    let high = match 1u128.checked_shl(to as u32) {
        Some(bit) => bit,
        None => 0,
    };
    let low = match 1u128.checked_shl(from as u32) {
        Some(bit) => bit,
        None => 0,
    };
    high.wrapping_sub(low)
}

const SEASONS: u128 = ids(0, SEASON_FAIRIES as u8);
const ROYALS: u128 = ids(SEASON_FAIRIES as u8, (SEASON_FAIRIES + ROYALS_N) as u8);
const GOBLINS: u128 = ids(
    (SEASON_FAIRIES + ROYALS_N) as u8,
    (SEASON_FAIRIES + ROYALS_N + GOBLINS_N) as u8,
);
const TRAPS: u128 = ids(
    (SEASON_FAIRIES + ROYALS_N + GOBLINS_N) as u8,
    DECK_SIZE as u8,
);

/// Which cards [`check_play`] accepts on `swarm`. Season Fairies are numbered
/// in season order, then number, so those that follow the Season Rules are
/// one run of identities: from the lowest copy of the topmost season and
/// number to the end of the next season.
#[inline]
pub fn playable(swarm: &[Card]) -> Playable {
    playable_under(swarm, topmost_season(swarm))
}

/// [`playable`] when the Swarm's topmost Season Fairy `top` is already
/// known (so the Swarm is not searched again).
#[inline]
pub fn playable_under(swarm: &[Card], top: Option<(Season, u8)>) -> Playable {
    let seasons = || match top {
        None => SEASONS,
        Some((season, number)) => {
            let from = Card::season(season, number, 0).map_or(0, Card::id);
            let to = match season.next() {
                Some(next) => Card::season(next, 8, 1).map_or(0, Card::id) + 1,
                None => Card::season(season, 8, 1).map_or(0, Card::id) + 1,
            };
            ids(from, to)
        }
    };
    Playable(match swarm.last().map(|c| c.kind()) {
        Some(CardKind::Royal(_)) => ROYALS | seasons(),
        Some(CardKind::Trap) => ROYALS | TRAPS,
        _ => ROYALS | TRAPS | GOBLINS | seasons(),
    })
}

/// Whether playing `card` earns the Matching Bonus: it is a Season Fairy with
/// the same number as the topmost Season Fairy already on the Swarm.
#[inline]
pub fn is_match(swarm: &[Card], card: Card) -> bool {
    matches_top(topmost_season(swarm), card)
}

/// [`is_match`] when the Swarm's topmost Season Fairy `top` is known.
#[inline]
pub fn matches_top(top: Option<(Season, u8)>, card: Card) -> bool {
    match (card.season_number(), top) {
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

    /// [`playable`] agrees with [`check_play`] for every card on a Swarm of
    /// every top card over every topmost Season Fairy (or none).
    #[test]
    fn playable_is_check_play_for_every_card() {
        let check = |swarm: &[Card]| {
            let set = playable(swarm);
            for card in Card::all() {
                assert_eq!(
                    set.allows(card),
                    check_play(swarm, card).is_ok(),
                    "{card:?} on {swarm:?}"
                );
            }
        };
        check(&[]);
        let trap = Card::trap(0).unwrap_or(Card::the_royal(Royal::King));
        for top in Card::all() {
            check(&[top]);
            for under in Card::all().filter(|c| c.season_number().is_some() && *c != top) {
                check(&[under, top]);
                check(&[under, trap, top]);
            }
        }
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
