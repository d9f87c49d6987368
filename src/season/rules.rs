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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Playable(u128);

impl Playable {
    /// Whether `card` may be played.
    #[inline]
    pub fn allows(self, card: Card) -> bool {
        // One 64-bit half and one shift: identities are below 128.
        let id = card.id();
        let half = if id < 64 {
            self.0 as u64
        } else {
            (self.0 >> 64) as u64
        };
        id < 128 && (half >> (id & 63)) & 1 == 1
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
const FIRST_ROYAL: u8 = SEASON_FAIRIES as u8;
const FIRST_GOBLIN: u8 = (SEASON_FAIRIES + ROYALS_N) as u8;
const FIRST_TRAP: u8 = (SEASON_FAIRIES + ROYALS_N + GOBLINS_N) as u8;
const TRAPS: u128 = ids(
    (SEASON_FAIRIES + ROYALS_N + GOBLINS_N) as u8,
    DECK_SIZE as u8,
);

/// The Season Fairies that follow the Season Rules, by the topmost Season
/// Fairy (`season * 8 + number - 1`; 32 for none). Identities are `season *
/// 16 + (number - 1) * 2 + copy`, so each is one run: from the lowest copy
/// of the topmost card to the end of the next season (of Winter after
/// Winter).
const RUNS: [u128; 33] = {
    let mut runs = [SEASONS; 33];
    let mut i = 0;
    while i < 32 {
        let base = (i / 8) as u8 * 16;
        let from = base + (i % 8) as u8 * 2;
        let to = if base + 32 < SEASON_FAIRIES as u8 {
            base + 32
        } else {
            SEASON_FAIRIES as u8
        };
        runs[i] = ids(from, to);
        i += 1;
    }
    runs
};

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
    let seasons = RUNS
        .get(top.map_or(32, |(season, number)| {
            season.index() * 8 + usize::from(number.saturating_sub(1))
        }))
        .copied()
        .unwrap_or(SEASONS);
    // The class of the top card, from its identity alone.
    let last = swarm.last().map_or(0, |c| c.id());
    Playable(if last >= FIRST_TRAP {
        ROYALS | TRAPS
    } else if (FIRST_ROYAL..FIRST_GOBLIN).contains(&last) {
        ROYALS | seasons
    } else {
        ROYALS | TRAPS | GOBLINS | seasons
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
    // From the identity (`season * 16 + (number - 1) * 2 + copy` for a
    // Season Fairy), without branching on the card's kind: no number is 0.
    let id = card.id();
    let number = (id % 16) / 2 + 1;
    let top = top.map_or(0, |(_, number)| number);
    (id < SEASON_FAIRIES as u8) & (number == top)
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
