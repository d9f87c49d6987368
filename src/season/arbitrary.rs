//! `arbitrary::Arbitrary` for what a fuzzer feeds Fairy Season (feature
//! `arbitrary`).
//!
//! - [`Config`]: built through the public constructors, so always valid: any
//!   player count from 3 to 5 and, about half the time, custom card data
//!   (any Season Fairy's ability, any Goblin's effect, each amount 0 to
//!   [`MAX_AMOUNT`]). When the bytes run out, the rest is the default.
//! - [`CardSet`]: valid custom data like a `Config`'s, and now and then an
//!   amount out of range (see its impl).
//! - [`Action`](super::Action) and the types in it and in a [`Phase`]:
//!   derived, so any variant and any field value occurs (seats far off the
//!   table, cards in nobody's hand, amounts out of range).
//! - [`Setup`]: mostly the 90 cards shuffled by the bytes and cut into the
//!   Swarm, the Stashes, the hands and the deck in arbitrary sizes, with a
//!   phase, a last player and choices that mostly fit the table, so that
//!   `from_setup`'s checks past the card accounting are reached and a fair
//!   share is accepted; about one in eight is fully structural (any piles,
//!   which lose or repeat cards, any phase). See its impl.
//! - [`Card`]: any of the 90 cards. A `Card` outside them cannot be made
//!   through the public API (`Card::new` and deserializing refuse one), so
//!   none is generated.

use arbitrary::{Arbitrary, Result, Unstructured};
use arrayvec::ArrayVec;

use super::cards::{Card, DECK_SIZE, Goblin, Season};
use super::config::{Ability, CardSet, Config, GoblinEffect, MAX_AMOUNT, MAX_PLAYERS, MIN_PLAYERS};
use super::setup::{Pile, Setup};
use super::state::Phase;
use crate::{Player, PlayerSet};

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

/// Any pile of at most `N` cards.
fn cards<'a, const N: usize>(u: &mut Unstructured<'a>) -> Result<ArrayVec<Card, N>> {
    list_of(u, Card::arbitrary)
}

/// At most `M` piles of at most `N` cards.
fn piles<'a, const N: usize, const M: usize>(
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

/// Any setup, field by field: piles that may lose or repeat cards, any
/// number of hands, any phase.
fn structural(u: &mut Unstructured<'_>) -> Result<Setup> {
    Ok(Setup {
        cards: CardSet::arbitrary(u)?,
        deck: cards(u)?,
        hands: piles(u)?,
        stashes: piles(u)?,
        chosen: piles(u)?,
        swarm: cards(u)?,
        last_played: u.arbitrary()?,
        phase: u.arbitrary()?,
    })
}

/// The next `len` cards of `dealt` (fewer when they run out).
fn cut(dealt: &mut impl Iterator<Item = Card>, len: usize) -> Pile {
    dealt.take(len).collect()
}

/// A seat at a table of `players`: mostly seated, now and then any seat.
fn seat(u: &mut Unstructured<'_>, players: usize) -> Result<Player> {
    if u.int_in_range(0u8..=15)? == 15 {
        return u.arbitrary();
    }
    Ok(Player(u.int_in_range(0..=players as u8 - 1)?))
}

/// `phase` made to fit a table of `players` whose last player to play is
/// `last`, as the engine reaches positions: every seat at the table, every
/// amount 1 to [`MAX_AMOUNT`], the turn (or the flunk) after the last
/// player, a card resolved by its player, another player asked in the Royal
/// window (now and then another seat); the winners of a game over among
/// the seated.
fn fitted(
    u: &mut Unstructured<'_>,
    phase: Phase,
    players: usize,
    last: Option<Player>,
) -> Result<Phase> {
    // Now and then any seat instead, for the checks of who acts.
    let odd = u.int_in_range(0u8..=7)? == 7;
    let after = match last {
        Some(q) if !odd => q.left(1, players),
        _ => seat(u, players)?,
    };
    let resolver = match last {
        Some(q) if !odd => q,
        _ => seat(u, players)?,
    };
    let amount = |n: u8| n % MAX_AMOUNT + 1;
    Ok(match phase {
        Phase::Turn { .. } => Phase::Turn { player: after },
        Phase::RoyalWindow { .. } => {
            let flunker = after;
            let steps = u.int_in_range(1..=players - 1)?;
            Phase::RoyalWindow {
                flunker,
                asked: flunker.left(steps, players),
            }
        }
        Phase::Stashing { left, bonus, .. } => Phase::Stashing {
            player: resolver,
            left: amount(left),
            bonus,
        },
        Phase::Bonus { .. } => Phase::Bonus { player: resolver },
        Phase::Robbing { .. } => Phase::Robbing { player: resolver },
        Phase::Stealing { count, .. } => Phase::Stealing {
            player: resolver,
            count: amount(count),
        },
        Phase::Swapping { .. } => Phase::Swapping { player: resolver },
        Phase::Aiming { count, .. } => Phase::Aiming {
            player: resolver,
            count: amount(count),
        },
        Phase::Passing {
            direction, count, ..
        } => Phase::Passing {
            player: resolver,
            direction,
            count: amount(count),
        },
        Phase::Over { winners } => Phase::Over {
            winners: winners.intersection(PlayerSet::first(players)),
        },
    })
}

/// Mostly a deal: the 90 cards shuffled by the bytes (a Fisher-Yates
/// shuffle, one byte a card) and cut into the Swarm, each Stash, each hand
/// and the deck (the rest), in sizes read from the bytes (now and then any
/// size, so a hand may hold most of the cards; now and then a card lost or
/// dealt twice); `last_played` set exactly
/// when the Swarm has cards (now and then any); the phase derived, then
/// mostly fitted to the table; while passing, each player has
/// chosen some of the first cards of their hand. Any card data
/// ([`CardSet`]'s impl, mostly valid). `from_setup` accepts a fair share of
/// these (the tests measure it), and refuses the rest past the card
/// accounting. About one in eight is fully structural instead,
/// so cards lost or repeated and any number of hands occur too. When the
/// bytes run out, the rest is the first choice of each (a valid deal).
impl<'a> Arbitrary<'a> for Setup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Setup> {
        if u.int_in_range(0u8..=7)? == 7 {
            return structural(u);
        }
        let cards = CardSet::arbitrary(u)?;
        let players = u.int_in_range(MIN_PLAYERS..=MAX_PLAYERS)?;
        let mut all: ArrayVec<Card, DECK_SIZE> = Card::all().collect();
        for i in (1..all.len()).rev() {
            let j = u.int_in_range(0..=i)?;
            all.swap(i, j);
        }
        let any_size = u.int_in_range(0u8..=7)? == 7;
        let mut left = all.len();
        let mut size = |u: &mut Unstructured<'a>, most: usize| -> Result<usize> {
            let most = if any_size { left } else { most.min(left) };
            let len = u.int_in_range(0..=most)?;
            left -= len;
            Ok(len)
        };
        let mut dealt = all.into_iter();
        let swarm_len = size(u, 10)?;
        let swarm = cut(&mut dealt, swarm_len);
        let mut stashes = ArrayVec::new();
        for _ in 0..players {
            let len = size(u, 24)?;
            let _ = stashes.try_push(cut(&mut dealt, len));
        }
        let mut hands = ArrayVec::new();
        for _ in 0..players {
            let len = size(u, 10)?;
            let _ = hands.try_push(cut(&mut dealt, len));
        }
        let mut deck: Pile = dealt.collect();
        // Now and then a misdeal: a card lost, or one dealt twice.
        match u.int_in_range(0u8..=15)? {
            14 => {
                deck.pop();
            }
            15 => {
                let twice = deck.first().or(swarm.first()).copied();
                let _ = deck.try_push(twice.unwrap_or_default());
            }
            _ => {}
        }
        let last_played = if u.int_in_range(0u8..=15)? == 15 {
            u.arbitrary()?
        } else if swarm.is_empty() {
            None
        } else {
            Some(seat(u, players)?)
        };
        let mut phase = Phase::arbitrary(u)?;
        if u.int_in_range(0u8..=7)? != 7 {
            phase = fitted(u, phase, players, last_played)?;
        }
        let mut chosen = ArrayVec::new();
        for hand in &hands {
            let mut picks = ArrayVec::new();
            if let Phase::Passing { count, .. } = phase {
                let most = usize::from(count).min(hand.len());
                let len = u.int_in_range(0..=most)?;
                let _ = picks.try_extend_from_slice(hand.get(..len).unwrap_or(&[]));
            }
            let _ = chosen.try_push(picks);
        }
        Ok(Setup {
            cards,
            deck,
            hands,
            stashes,
            chosen,
            swarm,
            last_played,
            phase,
        })
    }
}
