//! End-game scoring: Season Fairy 1, Royal Fairy 2, Goblin and Trap 0; ties
//! broken by Royal Fairies in the Stash.

use super::cards::Card;
use crate::{Player, PlayerSet, Score};

/// Points of a Stash.
pub fn points(stash: &[Card]) -> Score {
    stash.iter().map(|c| c.points()).sum()
}

/// Royal Fairies in a Stash.
pub fn royals(stash: &[Card]) -> usize {
    stash.iter().filter(|c| c.is_royal()).count()
}

/// The winners by end-game scoring: most points, then most Royal Fairies;
/// players still tied share the victory.
pub fn winners<S: core::ops::Deref<Target = [Card]>>(stashes: &[S]) -> PlayerSet {
    let mut best = None;
    let mut winners = PlayerSet::EMPTY;
    for (i, stash) in stashes.iter().enumerate() {
        let key = Some((points(stash), royals(stash)));
        if key > best {
            best = key;
            winners = PlayerSet::EMPTY;
        }
        if key == best {
            winners.insert(Player(i as u8));
        }
    }
    winners
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::season::{Goblin, Royal, Season};

    fn fairy(n: u8) -> Card {
        Card::season(Season::Spring, n, 0).unwrap_or(Card::the_royal(Royal::King))
    }

    #[test]
    fn season_1_royal_2_goblin_and_trap_0() {
        let goblin = Card::goblin(Goblin::Robber, 0).unwrap_or(Card::the_royal(Royal::King));
        let trap = Card::trap(0).unwrap_or(Card::the_royal(Royal::King));
        assert_eq!(
            points(&[fairy(1), Card::the_royal(Royal::Queen), goblin, trap]),
            3
        );
    }

    #[test]
    fn ties_go_to_more_royals_then_are_shared() {
        let a = [fairy(1), fairy(2)];
        let b = [Card::the_royal(Royal::Queen)];
        let c = [fairy(3)];
        assert_eq!(
            winners(&[&a[..], &b[..], &c[..]]),
            PlayerSet::only(Player(1))
        );
        let d = [fairy(4), fairy(5)];
        assert_eq!(
            winners(&[&a[..], &d[..], &c[..]]),
            [Player(0), Player(1)].into_iter().collect()
        );
    }
}
