//! `arbitrary::Arbitrary` for Fickle (feature `arbitrary`): configs built
//! through the public constructors, and the pieces of a [`Setup`](super::Setup)
//! the derives cannot reach.
//!
//! Actions and setups derive `Arbitrary` field by field (any variant, any
//! value, seats no table has included); a [`Card`] is any card of any Family
//! (never a copy past the ninth, which cannot be built); a [`Config`] is always
//! valid: any player count from 3 to 5, a Recommended Set or any five
//! different Families, optionally a custom Favor table, custom Direction
//! tokens and any seated first Court Crier. When the bytes run out the
//! choices fall back to the standard ones (the First Game set, default
//! Favor, four tokens of each direction, seat 0).

use ::arbitrary::{Arbitrary, Result, Unstructured};

use super::card::{Card, FavorTable};
use super::config::{Config, DIRECTION_TOKENS, Direction, MAX_PLAYERS, MIN_PLAYERS};
use super::family::{FAMILIES_PER_GAME, Family, RecommendedSet};
use super::resolution::Order;
use crate::{List, Player, PlayerSet};

impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Config> {
        let players = u.int_in_range(MIN_PLAYERS..=MAX_PLAYERS)?;
        // 0 (also when the bytes run out): the First Game set; 1 to 6 a
        // Recommended Set; above, any five Families.
        let families = match u.int_in_range(0u8..=9)? {
            0 => RecommendedSet::FirstGame.families(),
            k @ 1..=6 => RecommendedSet::ALL
                .get(usize::from(k - 1))
                .map_or(RecommendedSet::FirstGame.families(), |s| s.families()),
            _ => {
                let mut all = Family::ALL;
                // A partial Fisher-Yates driven by the bytes: five different
                // Families.
                for i in 0..FAMILIES_PER_GAME {
                    let j = u.int_in_range(i..=all.len() - 1)?;
                    all.swap(i, j);
                }
                let [a, b, c, d, e, ..] = all;
                [a, b, c, d, e]
            }
        };
        let config = Config::with_families(players, families).or_else(|_| Config::new(players));
        let Ok(mut config) = config else {
            return Ok(Config::default());
        };
        if u.arbitrary::<bool>()? {
            let mut favor = FavorTable::default();
            for family in Family::ALL {
                for card in Card::of(family) {
                    let value = u.int_in_range(1i8..=5)?;
                    let value = if family == Family::Pariah {
                        -value
                    } else {
                        value
                    };
                    favor.set(card, value);
                }
            }
            config = config.with_favor(favor);
        }
        if u.arbitrary::<bool>()? {
            let mut tokens = [Direction::Left; DIRECTION_TOKENS];
            for t in &mut tokens {
                *t = Direction::arbitrary(u)?;
            }
            config = config.with_direction_tokens(tokens);
        }
        let crier = u.int_in_range(0..=players - 1)?;
        config = config.with_first_court_crier(Player(crier as u8));
        Ok(config)
    }
}

/// Any players, at most five (duplicates and unseated ones included).
impl<'a> Arbitrary<'a> for Order {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Order> {
        let len = u.int_in_range(0..=MAX_PLAYERS)?;
        let mut order = Order::new();
        for _ in 0..len {
            let _ = order.push(Player::arbitrary(u)?);
        }
        Ok(order)
    }
}

/// A [`List`] of any length up to its capacity, for the derives.
pub(super) fn list<'a, T, const N: usize>(u: &mut Unstructured<'a>) -> Result<List<T, N>>
where
    T: Arbitrary<'a> + Copy + Default,
{
    let len = u.int_in_range(0..=N)?;
    let mut list = List::new();
    for _ in 0..len {
        let _ = list.push(T::arbitrary(u)?);
    }
    Ok(list)
}

/// Any set of seats (unseated ones included), for the derives.
pub(super) fn player_set(u: &mut Unstructured<'_>) -> Result<PlayerSet> {
    Ok(PlayerSet::from_bits(u.arbitrary()?))
}
