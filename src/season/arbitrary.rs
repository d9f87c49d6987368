//! `arbitrary::Arbitrary` for what a fuzzer feeds Fairy Season (feature
//! `arbitrary`).
//!
//! - [`Config`]: built through the public constructors, so always valid: any
//!   player count from 3 to 5 and, about half the time, custom card data
//!   (any Season Fairy's ability, any Goblin's effect, each amount 0 to
//!   [`MAX_AMOUNT`]). When the bytes run out, the rest is the default.
//! - [`CardSet`]: valid custom data like a `Config`'s, and now and then an
//!   amount out of range (see its impl).
//! - [`Action`](super::Action), [`Setup`](super::Setup) and the other types
//!   in them: derived, so any variant and any field value occurs (seats far
//!   off the table, cards in nobody's hand, amounts out of range, piles
//!   that lose or repeat cards); `from_setup` refuses the impossible setups.
//! - [`Card`]: any of the 90 cards. A `Card` outside them cannot be made
//!   through the public API (`Card::new` and deserializing refuse one), so
//!   none is generated.

use arbitrary::{Arbitrary, Result, Unstructured};
use arrayvec::ArrayVec;

use super::cards::{Card, DECK_SIZE, Goblin, Season};
use super::config::{Ability, CardSet, Config, GoblinEffect, MAX_AMOUNT, MAX_PLAYERS, MIN_PLAYERS};
use crate::PlayerSet;

impl<'a> Arbitrary<'a> for Card {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Card> {
        let id = u.int_in_range(0..=(DECK_SIZE - 1) as u8)?;
        Ok(Card::new(id).unwrap_or_default())
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

/// A list of at most `N` items made by `item`.
fn list_of<'a, T, const N: usize>(
    u: &mut Unstructured<'a>,
    mut item: impl FnMut(&mut Unstructured<'a>) -> Result<T>,
) -> Result<ArrayVec<T, N>> {
    let len = u.int_in_range(0..=N)?;
    let mut list = ArrayVec::new();
    for _ in 0..len {
        if u.is_empty() {
            break;
        }
        let _ = list.try_push(item(u)?);
    }
    Ok(list)
}

/// Any pile of at most `N` cards (for the derived `Setup`).
pub(super) fn cards<'a, const N: usize>(u: &mut Unstructured<'a>) -> Result<ArrayVec<Card, N>> {
    list_of(u, Card::arbitrary)
}

/// At most `M` piles of at most `N` cards (for the derived `Setup`).
pub(super) fn piles<'a, const N: usize, const M: usize>(
    u: &mut Unstructured<'a>,
) -> Result<ArrayVec<ArrayVec<Card, N>, M>> {
    list_of(u, cards::<N>)
}

/// Any set of the 16 seats a `PlayerSet` can hold (for the derived `Phase`).
pub(super) fn player_set(u: &mut Unstructured<'_>) -> Result<PlayerSet> {
    Ok(PlayerSet::from_bits(u.arbitrary()?))
}

/// An amount a valid card set may print: 0 to [`MAX_AMOUNT`].
fn amount(u: &mut Unstructured<'_>) -> Result<u8> {
    u.int_in_range(0..=MAX_AMOUNT)
}

fn ability(u: &mut Unstructured<'_>) -> Result<Ability> {
    Ok(Ability::new(amount(u)?, amount(u)?))
}

/// Any kind of effect ([`GoblinEffect::ALL`], so a new kind is generated
/// too) with a valid amount.
fn goblin_effect(u: &mut Unstructured<'_>) -> Result<GoblinEffect> {
    let effect = *u.choose(&GoblinEffect::ALL)?;
    Ok(match effect.amount() {
        Some(_) => effect.with_amount(amount(u)?),
        None => effect,
    })
}

/// Valid custom card data (each choice reads 0, "no change", when the
/// bytes have run out): maybe one ability for every Season Fairy, then
/// any Season Fairy's ability and any Goblin's effect changed.
fn card_set(u: &mut Unstructured<'_>) -> Result<CardSet> {
    let mut cards = CardSet::default();
    if u.arbitrary::<bool>()? {
        cards = cards.with_every_ability(ability(u)?);
    }
    for season in Season::ALL {
        for number in 1..=8 {
            if u.int_in_range(0u8..=3)? == 3 {
                let changed = ability(u)?;
                cards = cards.with_ability(season, number, changed).unwrap_or(cards);
            }
        }
    }
    for goblin in Goblin::ALL {
        if u.int_in_range(0u8..=2)? == 2 {
            cards = cards.with_goblin(goblin, goblin_effect(u)?);
        }
    }
    Ok(cards)
}

/// The default card data, or (about half the time) valid custom data.
fn valid_card_set(u: &mut Unstructured<'_>) -> Result<CardSet> {
    if u.arbitrary::<bool>()? {
        card_set(u)
    } else {
        Ok(CardSet::default())
    }
}

impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Config> {
        let players = u.int_in_range(MIN_PLAYERS..=MAX_PLAYERS)?;
        let cards = valid_card_set(u)?;
        Ok(Config::new(players).map_or(Config::default(), |config| config.with_cards(cards)))
    }
}

/// Mostly valid card data, so that a [`Setup`](super::Setup) gets past the
/// card data check to the rest of `from_setup` (40 amounts drawn from all of
/// `u8` would almost never all be valid); about one in eight has one
/// ability and one Goblin amount drawn from all of `u8`, which `from_setup`
/// refuses unless they happen to be at most [`MAX_AMOUNT`].
impl<'a> Arbitrary<'a> for CardSet {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<CardSet> {
        let mut cards = valid_card_set(u)?;
        if u.int_in_range(0u8..=7)? == 7 {
            let season = *u.choose(&Season::ALL)?;
            let number = u.int_in_range(1..=8)?;
            let any = Ability::arbitrary(u)?;
            cards = cards.with_ability(season, number, any).unwrap_or(cards);
            let goblin = *u.choose(&Goblin::ALL)?;
            cards = cards.with_goblin(goblin, GoblinEffect::arbitrary(u)?);
        }
        Ok(cards)
    }
}
