//! Where the hidden cards a seat's memory speaks of lie in a sample: every
//! placement the memory allows is counted by its weight, and one is drawn
//! by those counts (no deal is drawn and thrown away).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::cards::{Card, DECK_SIZE};
use super::config::MAX_PLAYERS;
use super::memory::Memory;
use crate::SampleError;

/// The places a hidden card can be: each player's hand (by player index),
/// and the deck.
pub(super) const PLACES: usize = MAX_PLAYERS + 1;
/// The deck's index among the [`PLACES`].
pub(super) const DECK: usize = MAX_PLAYERS;
/// What a partial placement keeps count of: the cards put in each place,
/// and the cards counted by each limit.
const DIMS: usize = PLACES + Memory::LIMITS;
/// Room for the count tables of one sample, every kind's together (16
/// bytes an entry, on the stack): the memories of 1,500 pass- and
/// swap-heavy games needed 504 at most (tests/season_sampling_stress.rs).
const ENTRIES: usize = 4096;

fn impossible(why: &'static str) -> SampleError {
    SampleError::Impossible(why)
}

/// Cards alike for every rule of the placement: the same places they may
/// be in, counted by the same limits.
#[derive(Clone, Copy)]
struct Kind {
    /// The places, a bit per place.
    places: u8,
    /// The limits that count them, a bit per limit.
    limits: u32,
    /// How many cards.
    count: u8,
}

/// One limit as the placement uses it.
#[derive(Clone, Copy, Default)]
struct Rule {
    /// The hands it counts in, a bit per place.
    places: u8,
    /// The most of its cards those hands may hold (less those the seat
    /// holds itself).
    at_most: u8,
}

/// The cards to place and the rules they keep: built with
/// [`Placement::card`], then drawn with [`Placement::draw`].
pub(super) struct Placement {
    /// Each place's size.
    room: [u8; PLACES],
    rules: [Rule; Memory::LIMITS],
    /// The limits that count each place, a bit per limit.
    counting: [u32; PLACES],
    kinds: ArrayVec<Kind, DECK_SIZE>,
    /// Each card and its kind.
    cards: ArrayVec<(Card, u8), DECK_SIZE>,
}

impl Placement {
    /// No card and no limit yet, places of the sizes given (0 for the
    /// seat's own hand and seats not at the table).
    pub(super) fn new(room: [u8; PLACES]) -> Placement {
        Placement {
            room,
            rules: [Rule::default(); Memory::LIMITS],
            counting: [0; PLACES],
            kinds: ArrayVec::new(),
            cards: ArrayVec::new(),
        }
    }

    /// Takes the memory's limits, less `held` (how many of each limit's
    /// cards the seat itself holds, if it is one of the limit's players).
    pub(super) fn limits(
        &mut self,
        memory: &Memory,
        held: impl Fn(usize) -> usize,
    ) -> Result<(), SampleError> {
        for (i, (limit, rule)) in memory
            .limits()
            .iter()
            .zip(self.rules.iter_mut())
            .enumerate()
        {
            let mut places = 0u8;
            for p in limit.players {
                if p.index() < MAX_PLAYERS {
                    places |= 1 << p.index();
                }
            }
            let at_most = usize::from(limit.at_most)
                .checked_sub(held(i))
                .ok_or(impossible(
                    "the seat holds more of some cards than a pass allows",
                ))?;
            *rule = Rule {
                places,
                at_most: u8::try_from(at_most).unwrap_or(u8::MAX),
            };
            for (p, bits) in self.counting.iter_mut().enumerate() {
                if places & (1 << p) != 0 {
                    *bits |= 1 << i;
                }
            }
        }
        Ok(())
    }

    /// Adds `card`, to lie in one of `places` (a bit per place), counted by
    /// the limits of `limits` (a bit per limit) when it is in one of their
    /// hands.
    pub(super) fn card(&mut self, card: Card, places: u8, limits: u32) -> Result<(), SampleError> {
        let places = places & ((1 << PLACES) - 1);
        if places == 0 {
            return Err(impossible("a remembered card has nowhere to be"));
        }
        // Only the limits the card can count for.
        let mut counted = 0u32;
        for (l, rule) in self.rules.iter().enumerate() {
            if limits & (1 << l) != 0 && rule.places & places != 0 {
                counted |= 1 << l;
            }
        }
        let kind = match self
            .kinds
            .iter()
            .position(|k| k.places == places && k.limits == counted)
        {
            Some(k) => k,
            None => {
                self.kinds
                    .try_push(Kind {
                        places,
                        limits: counted,
                        count: 0,
                    })
                    .map_err(|_| impossible("too many hidden cards"))?;
                self.kinds.len() - 1
            }
        };
        if let Some(k) = self.kinds.get_mut(kind) {
            k.count = k.count.saturating_add(1);
        }
        self.cards
            .try_push((card, kind as u8))
            .map_err(|_| impossible("too many hidden cards"))
    }

    /// Draws where each card lies, uniformly among the placements that keep
    /// every card in its places, every place within its size and every
    /// limit, each weighted by the ways to put the cards into their places'
    /// slots: `put(card, place)` for each card, the cards of one kind in a
    /// random order.
    pub(super) fn draw(
        &mut self,
        rng: &mut (impl Rng + ?Sized),
        mut put: impl FnMut(Card, usize) -> Result<(), SampleError>,
    ) -> Result<(), SampleError> {
        if self.kinds.is_empty() {
            return Ok(());
        }
        self.drop_idle_limits();
        self.order_kinds();
        let mut tables = Tables {
            entries: ArrayVec::new(),
            ends: ArrayVec::new(),
            open: ArrayVec::new(),
        };
        tables.count(self)?;
        let splits = tables.draw(self, rng)?;
        for (k, split) in splits.iter().enumerate() {
            let mut cards: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
            for &(card, kind) in &self.cards {
                if usize::from(kind) == k {
                    let _ = cards.try_push(card);
                }
            }
            crate::rng::shuffle(rng, cards.as_mut_slice());
            let mut cards = cards.into_iter();
            for (place, &count) in split.iter().enumerate() {
                for _ in 0..count {
                    let card = cards.next().ok_or(impossible("a split does not fit"))?;
                    put(card, place)?;
                }
            }
        }
        Ok(())
    }

    /// Forgets the limits the cards cannot break (no more of their cards
    /// can be in their hands than they allow): they need no counting.
    fn drop_idle_limits(&mut self) {
        for (l, rule) in self.rules.iter().enumerate() {
            let most: usize = self
                .kinds
                .iter()
                .filter(|k| k.limits & (1 << l) != 0)
                .map(|k| usize::from(k.count))
                .sum();
            if most <= usize::from(rule.at_most) {
                for kind in self.kinds.iter_mut() {
                    kind.limits &= !(1 << l);
                }
            }
        }
    }

    /// Orders the kinds so that few counts are open at a time: each next
    /// kind is the one that leaves the smallest table after it.
    fn order_kinds(&mut self) {
        let n = self.kinds.len();
        let mut order: ArrayVec<u8, DECK_SIZE> = ArrayVec::new();
        let mut taken = [false; DECK_SIZE];
        let mut seen = 0u64;
        for _ in 0..n {
            let mut best: Option<(u64, usize, u64)> = None;
            for (k, kind) in self.kinds.iter().enumerate() {
                if taken.get(k).copied().unwrap_or(true) {
                    continue;
                }
                let now = seen | self.touches(kind);
                let later = self
                    .kinds
                    .iter()
                    .enumerate()
                    .filter(|(j, _)| *j != k && !taken.get(*j).copied().unwrap_or(true))
                    .fold(0, |acc, (_, kind)| acc | self.touches(kind));
                let mut size = 1u64;
                for d in dims(now & later) {
                    size = size.saturating_mul(u64::from(self.top(d)) + 1);
                }
                if best.is_none_or(|(b, _, _)| size < b) {
                    best = Some((size, k, now));
                }
            }
            let Some((_, k, now)) = best else {
                break;
            };
            if let Some(t) = taken.get_mut(k) {
                *t = true;
            }
            seen = now;
            let _ = order.try_push(k as u8);
        }
        // Kind `order[i]` becomes kind `i`.
        let mut kinds: ArrayVec<Kind, DECK_SIZE> = ArrayVec::new();
        let mut new_index = [0u8; DECK_SIZE];
        for (i, &k) in order.iter().enumerate() {
            if let Some(&kind) = self.kinds.get(usize::from(k)) {
                let _ = kinds.try_push(kind);
            }
            if let Some(slot) = new_index.get_mut(usize::from(k)) {
                *slot = i as u8;
            }
        }
        if kinds.len() == n {
            self.kinds = kinds;
            for (_, kind) in self.cards.iter_mut() {
                *kind = new_index.get(usize::from(*kind)).copied().unwrap_or(*kind);
            }
        }
    }

    /// The most dimension `d` counts: a place's size or a limit's count.
    fn top(&self, d: usize) -> u8 {
        match d.checked_sub(PLACES) {
            None => self.room.get(d).copied().unwrap_or(0),
            Some(l) => self.rules.get(l).map_or(0, |r| r.at_most),
        }
    }

    /// The dimensions kind `k` changes, a bit per dimension.
    fn touches(&self, kind: &Kind) -> u64 {
        u64::from(kind.places) | (u64::from(kind.limits) << PLACES)
    }
}

/// How many cards of one kind go to each place.
type Split = [u8; PLACES];

/// A partial placement: what each dimension counts so far.
type Counts = [u8; DIMS];

/// The weighted count of the placements of the first kinds, by what the
/// rest of the kinds still need to know of them (the dimensions still
/// open), every kind's table in one list.
struct Tables {
    /// Each table's keys and weights, the table before the first kind (the
    /// one entry 0) first.
    entries: ArrayVec<(u64, f64), ENTRIES>,
    /// Where the table after each kind ends.
    ends: ArrayVec<usize, DECK_SIZE>,
    /// The dimensions open after each kind: touched by it or before, and
    /// by a later one.
    open: ArrayVec<u64, DECK_SIZE>,
}

impl Tables {
    /// Counts every kind's table (built in place: the tables are large).
    fn count(&mut self, placement: &Placement) -> Result<(), SampleError> {
        let kinds = &placement.kinds;
        let tables = self;
        let mut seen = 0u64;
        for (k, kind) in kinds.iter().enumerate() {
            seen |= placement.touches(kind);
            let later = kinds
                .iter()
                .skip(k + 1)
                .fold(0, |acc, kind| acc | placement.touches(kind));
            let open = seen & later;
            // Every table's keys must fit: far beyond any game's memory.
            let mut size = 1u64;
            for d in dims(open) {
                size = size
                    .checked_mul(u64::from(placement.top(d)) + 1)
                    .ok_or(impossible("the remembered cards split too many ways"))?;
            }
            let _ = tables.open.try_push(open);
        }
        let _ = tables.entries.try_push((0, 1.0));
        for (k, kind) in kinds.iter().enumerate() {
            let (start, end) = tables.range(k.checked_sub(1));
            let before = tables.open_after(k.checked_sub(1));
            let after = tables.open_after(Some(k));
            for e in start..end {
                let Some(&(key, weight)) = tables.entries.get(e) else {
                    break;
                };
                let counts = decode(placement, before, key);
                let mut full = false;
                let entries = &mut tables.entries;
                each_split(placement, kind, &counts, &mut |_, factor, next| {
                    let key = encode(placement, after, next);
                    let found = entries
                        .get_mut(end..)
                        .and_then(|table| table.iter_mut().find(|e| e.0 == key));
                    if let Some(entry) = found {
                        entry.1 += weight * factor;
                    } else if entries.try_push((key, weight * factor)).is_err() {
                        full = true;
                    }
                });
                if full {
                    return Err(impossible("the remembered cards split too many ways"));
                }
            }
            let _ = tables.ends.try_push(tables.entries.len());
        }
        Ok(())
    }

    /// Where the table after kind `k` lies in the entries (`None`: the one
    /// before the first kind).
    fn range(&self, k: Option<usize>) -> (usize, usize) {
        match k {
            None => (0, 1),
            Some(k) => {
                let start = match k.checked_sub(1) {
                    None => 1,
                    Some(j) => self.ends.get(j).copied().unwrap_or(1),
                };
                (start, self.ends.get(k).copied().unwrap_or(start))
            }
        }
    }

    /// The dimensions open after kind `k` (`None`: before the first).
    fn open_after(&self, k: Option<usize>) -> u64 {
        k.and_then(|k| self.open.get(k).copied()).unwrap_or(0)
    }

    /// Draws each kind's split, last kind first: each by the weight of the
    /// placements of the earlier kinds that lead to the one drawn after it.
    fn draw(
        &self,
        placement: &Placement,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<ArrayVec<Split, DECK_SIZE>, SampleError> {
        let kinds = &placement.kinds;
        let mut splits: ArrayVec<Split, DECK_SIZE> = ArrayVec::new();
        for _ in kinds {
            let _ = splits.try_push([0; PLACES]);
        }
        // After the last kind nothing is open: one entry, every placement.
        let mut key = 0u64;
        for (k, kind) in kinds.iter().enumerate().rev() {
            let (start, end) = self.range(k.checked_sub(1));
            let before = self.open_after(k.checked_sub(1));
            let after = self.open_after(Some(k));
            // Every way to reach `key` from the table before, with its
            // weight: `visit` returns whether to stop.
            let walk = |visit: &mut dyn FnMut(u64, &Split, f64) -> bool| {
                for e in start..end {
                    let Some(&(from, weight)) = self.entries.get(e) else {
                        break;
                    };
                    let counts = decode(placement, before, from);
                    let mut stop = false;
                    each_split(placement, kind, &counts, &mut |split, factor, next| {
                        if !stop && encode(placement, after, next) == key {
                            stop = visit(from, split, weight * factor);
                        }
                    });
                    if stop {
                        return;
                    }
                }
            };
            let mut total = 0.0;
            walk(&mut |_, _, w| {
                total += w;
                false
            });
            if !(total > 0.0 && total.is_finite()) {
                return Err(impossible("the remembered passes allow no deal"));
            }
            let mut target = unit(rng) * total;
            let mut picked = None;
            walk(&mut |from, split, w| {
                if w > 0.0 {
                    picked = Some((from, *split));
                }
                target -= w;
                target < 0.0
            });
            let (from, split) = picked.ok_or(impossible("the remembered passes allow no deal"))?;
            if let Some(slot) = splits.get_mut(k) {
                *slot = split;
            }
            key = from;
        }
        Ok(splits)
    }
}

/// A uniform number in [0, 1), from 53 random bits.
fn unit(rng: &mut (impl Rng + ?Sized)) -> f64 {
    (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64
}

/// The dimensions of `mask`, lowest first.
fn dims(mut mask: u64) -> impl Iterator<Item = usize> {
    core::iter::from_fn(move || {
        let d = mask.trailing_zeros();
        mask &= mask.wrapping_sub(1);
        (d < 64).then_some(d as usize)
    })
}

/// The key of `counts` in a table whose open dimensions are `open`.
fn encode(placement: &Placement, open: u64, counts: &Counts) -> u64 {
    let mut key = 0u64;
    let mut scale = 1u64;
    for d in dims(open) {
        let radix = u64::from(placement.top(d)) + 1;
        key = key.wrapping_add(scale.wrapping_mul(u64::from(counts.get(d).copied().unwrap_or(0))));
        scale = scale.wrapping_mul(radix);
    }
    key
}

/// The counts of `key` in a table whose open dimensions are `open` (the
/// others 0).
fn decode(placement: &Placement, open: u64, mut key: u64) -> Counts {
    let mut counts = [0u8; DIMS];
    for d in dims(open) {
        let radix = u64::from(placement.top(d)) + 1;
        if let Some(c) = counts.get_mut(d) {
            *c = (key % radix) as u8;
        }
        key /= radix;
    }
    counts
}

/// Visits every split of `kind`'s cards over its places that fits `counts`
/// (each place's room, each limit's count): the split, its weight (the ways
/// to choose which cards go where and to put them into free slots, over
/// the kind's count factorial) and the counts after it.
fn each_split(
    placement: &Placement,
    kind: &Kind,
    counts: &Counts,
    visit: &mut impl FnMut(&Split, f64, &Counts),
) {
    let mut places: ArrayVec<usize, PLACES> = ArrayVec::new();
    for p in 0..PLACES {
        if kind.places & (1 << p) != 0 {
            let _ = places.try_push(p);
        }
    }
    let mut split = [0u8; PLACES];
    walk(
        placement, kind, &places, kind.count, 1.0, *counts, &mut split, visit,
    );
}

/// [`each_split`] from the first of `places`, `left` cards still to place.
#[allow(clippy::too_many_arguments)]
fn walk(
    placement: &Placement,
    kind: &Kind,
    places: &[usize],
    left: u8,
    weight: f64,
    counts: Counts,
    split: &mut Split,
    visit: &mut impl FnMut(&Split, f64, &Counts),
) {
    let Some((&p, rest)) = places.split_first() else {
        if left == 0 {
            visit(split, weight, &counts);
        }
        return;
    };
    let room = placement
        .top(p)
        .saturating_sub(counts.get(p).copied().unwrap_or(0));
    let lowest = if rest.is_empty() { left } else { 0 };
    let counted =
        u64::from(kind.limits & placement.counting.get(p).copied().unwrap_or(0)) << PLACES;
    let mut w = weight;
    let mut next = counts;
    for k in 0..=left.min(room) {
        if k > 0 {
            // One more card into the place's free slots, over k! for the
            // order within the kind.
            w *= f64::from(room - (k - 1)) / f64::from(k);
            if let Some(c) = next.get_mut(p) {
                *c += 1;
            }
            // Every limit that counts this place and this kind.
            let mut broken = false;
            for d in dims(counted) {
                if let Some(c) = next.get_mut(d) {
                    *c += 1;
                    broken |= *c > placement.top(d);
                }
            }
            if broken {
                break;
            }
        }
        if k < lowest {
            continue;
        }
        if let Some(s) = split.get_mut(p) {
            *s = k;
        }
        walk(placement, kind, rest, left - k, w, next, split, visit);
        if let Some(s) = split.get_mut(p) {
            *s = 0;
        }
    }
}
