//! `arbitrary::Arbitrary` for Fairy's configs, actions and setups (feature
//! `arbitrary`), for structure-aware fuzzing.
//!
//! [`Guess`](super::Guess) (the [`Action`](super::Action)), [`Setup`],
//! [`Stage`], [`Variant`], [`CharmDeck`] and [`Suit`] derive it: any variant,
//! any field value, so fuzzers reach setups that
//! [`State::from_setup`](crate::Game::from_setup) must refuse. [`Card`] keeps
//! its invariant (a card is numbered 1 to 21), and [`Config`] is built
//! through its public constructors, so every generated config is valid.
//!
//! [`Setup`]: super::Setup
//! [`Stage`]: super::Stage
//! [`Variant`]: super::Variant
//! [`Suit`]: super::Suit

use arbitrary::{Arbitrary, Result, Unstructured};
use arrayvec::ArrayVec;

use super::cards::{Card, CharmDeck, DECK_SIZE};
use super::config::{Config, MAX_PLAYERS, MIN_PLAYERS, Variant};
use crate::PlayerSet;

/// Any of the 21 cards.
impl<'a> Arbitrary<'a> for Card {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Card> {
        let index = u.choose_index(DECK_SIZE)?;
        Ok(Card::ALL.get(index).copied().unwrap_or(Card::MIN))
    }

    fn size_hint(depth: usize) -> (usize, Option<usize>) {
        u8::size_hint(depth)
    }
}

/// A valid config: 2 to 10 players (4 once the bytes run out), either
/// variant, and half the time a custom deck printing (any suits, any
/// fairies, none included).
impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Config> {
        if u.is_empty() {
            return Ok(Config::default());
        }
        let players = u.int_in_range(MIN_PLAYERS..=MAX_PLAYERS)?;
        let variant = Variant::arbitrary(u)?;
        let deck = if bool::arbitrary(u)? {
            CharmDeck::arbitrary(u)?
        } else {
            CharmDeck::default()
        };
        let config = Config::new(players).unwrap_or_default();
        Ok(config.with_variant(variant).with_deck(deck))
    }
}

/// Up to `N` arbitrary values, for the `ArrayVec` fields of a [`Setup`](super::Setup).
pub(super) fn array_vec<'a, T: Arbitrary<'a>, const N: usize>(
    u: &mut Unstructured<'a>,
) -> Result<ArrayVec<T, N>> {
    let len = u.arbitrary_len::<T>()?.min(N);
    let mut list = ArrayVec::new();
    for _ in 0..len {
        // At most N: never refused.
        let _ = list.try_push(T::arbitrary(u)?);
    }
    Ok(list)
}

/// Any set of seats 0 to 15.
pub(super) fn player_set(u: &mut Unstructured<'_>) -> Result<PlayerSet> {
    Ok(PlayerSet::from_bits(u16::arbitrary(u)?))
}
