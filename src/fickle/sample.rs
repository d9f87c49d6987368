//! Positions drawn from what one seat knows ([`crate::Sample`] for Fickle).
//!
//! A sample is built as data: a [`Setup`] made from the seat's [`View`] and
//! [`Memory`], then [`State::from_setup`], and the sample's view compared
//! with the seat's: a view edited into one no game gives is an error.
//! Nothing of the real position is used.
//!
//! **Kept** as the view shows it: everything public (Alliances with their
//! Active flags and scoring choices, the round, the revealed Direction
//! tokens, the Court Crier, the count of every pile, hand and stack, who is
//! ready, the phase and the Power being resolved, the resolve order so far),
//! the seat's own hand, opening dismissal, Lineup progress, committed step and
//! Chain pick, every card of a stack it knows (the one it built, the cards of
//! its own it has seen) and a kept Fairy it knows.
//!
//! **Redrawn**, uniformly among the assignments the view and memory allow:
//! - the Direction tokens of rounds not started, from the tokens not
//!   revealed (Setup 2);
//! - every face-down card the seat does not know, over the places that hold
//!   one: the Fairy Deck (in order), the Dismiss pile, other players' dealt
//!   cards, the cards still in a stack, the face-down kept Fairies. The cards
//!   the memory places in the Dismiss pile go to random places of it; the
//!   cards it follows from a reshuffle go uniformly among the placements
//!   that keep each in the deck or a place it may have reached, at most
//!   `drawn_unseen` out of the deck; in the Fairy Powers phase a Fairy
//!   still face down only gets a card that comes after the last reveal in
//!   the resolve order (Favor 5 down, ties from the Court Crier), and after
//!   a reshuffle those Fairies are drawn first, together with the
//!   remembered cards they may hold; every other unknown card is shuffled
//!   into the places left;
//! - in the Fairy Powers phase, the order still to come: from the sampled
//!   face-down Fairies, the remembered early reveals, and (a player whose
//!   kept Fairy is gone, not revealed in turn nor Transmuted: a Response used
//!   early, unknown without memory) one of that player's Alliance Response
//!   Fairies that comes after the last reveal;
//! - other players' pending secret choices, uniformly among their legal
//!   ones: the opening dismissal of a player who committed (one of their
//!   three cards), how many cards an unfinished Lineup has placed (any count
//!   short of done), a committed Selection step (keep or dismiss), a Chain
//!   pick among their tied Fairies; and the order of an Obfuscate's
//!   face-down pair.
//!
//! **Not used**: the choices opponents made. A sample is not weighted by how
//! likely an opponent was to keep, dismiss or stack a card (a player who
//! dismissed a Noble 5 is as likely to hold any card as before). The cards a
//! stack the seat did not see had before its cursor (dismissed or kept
//! unseen by the seat) are a record nobody looks at again: they are filled
//! with distinct cards of the sampled Dismiss pile (then, when it holds too
//! few, of the deck or the Alliances: never one card twice), and the position of a kept Fairy
//! in another player's stack is its last card unless the memory says it was
//! kept blind (then its first).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::card::{Card, DECK_SIZE};
use super::config::{Config, DIRECTION_TOKENS, Direction, MAX_PLAYERS, ROUNDS};
use super::family::{Extreme, Power, PowerType};
use super::memory::{CardSet, Memory};
use super::resolution::{ChainStep, Phase, Resolution};
use super::setup::{Area, Setup};
use super::state::State;
use super::view::{Slot, View};
use crate::rng::{below, index, shuffle};
use crate::{Game, InfoState, List, Player, Sample, SampleError, Seat};

impl Sample for State {
    type Memory = Memory;

    fn remember(
        memory: &mut Memory,
        seat: Seat,
        before: &View,
        events: &[super::Event],
        after: &View,
    ) {
        memory.remember(seat, before, events, after);
    }

    fn sample(
        config: &Config,
        info: &InfoState<State>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<State, SampleError> {
        draw(config, &info.view, &info.memory, info.seat, rng)
    }

    fn agrees(&self, seat: Seat, memory: &Memory) -> bool {
        agrees(self, seat, memory)
    }
}

/// A face-down place to fill.
#[derive(Clone, Copy)]
enum Hole {
    Deck(usize),
    Dismiss(usize),
    Hand(usize, usize),
    Stack(usize, usize),
    Chosen(usize),
}

fn put(setup: &mut Setup, hole: Hole, card: Card) {
    let slot = match hole {
        Hole::Deck(i) => setup.deck.get_mut(i),
        Hole::Dismiss(i) => setup.dismiss.get_mut(i),
        Hole::Hand(p, i) => setup.areas.get_mut(p).and_then(|a| a.hand.get_mut(i)),
        Hole::Stack(p, i) => setup.areas.get_mut(p).and_then(|a| a.lineup.get_mut(i)),
        Hole::Chosen(p) => setup.areas.get_mut(p).and_then(|a| a.chosen.as_mut()),
    };
    if let Some(slot) = slot {
        *slot = card;
    }
}

const IMPOSSIBLE_CARDS: SampleError =
    SampleError::Impossible("the cards shown and remembered do not fit the game's deck");

/// Marks `card` as placed by the view: a card of the game, seen once.
fn mark(used: &mut CardSet, game: &CardSet, card: Card) -> Result<(), SampleError> {
    if !game.contains(card) || used.contains(card) {
        return Err(IMPOSSIBLE_CARDS);
    }
    used.insert(card);
    Ok(())
}

/// The sort key of the resolve order: Favor 5 down, then the place from the
/// Court Crier in round direction.
type Key = (core::cmp::Reverse<i8>, usize);

struct Order {
    config: Config,
    crier: Player,
    direction: Direction,
}

impl Order {
    fn place(&self, p: Player) -> usize {
        let n = self.config.num_players();
        (0..n)
            .position(|k| self.direction.step(self.crier, k, n) == p)
            .unwrap_or(n)
    }

    fn key(&self, p: Player, card: Card) -> Key {
        (
            core::cmp::Reverse(self.config.favor.favor(card)),
            self.place(p),
        )
    }
}

fn draw(
    config: &Config,
    view: &View,
    memory: &Memory,
    seat: Seat,
    rng: &mut (impl Rng + ?Sized),
) -> Result<State, SampleError> {
    use SampleError::{Config as Cfg, Impossible};
    // The rest of the config is checked with the position (`from_setup`).
    let n = config.num_players();
    if !(super::MIN_PLAYERS..=super::MAX_PLAYERS).contains(&n) {
        return Err(Cfg("the config seats too few or too many players"));
    }
    if view.seat != seat {
        return Err(Cfg("the view is another seat's"));
    }
    let me = match seat {
        Seat::Player(p) if p.index() < n => Some(p),
        Seat::Player(_) => return Err(Cfg("the seat is not at the table")),
        Seat::Spectator => None,
    };
    if view.families != config.families || view.favor != config.favor {
        return Err(Cfg("the view has other Families or Favor values"));
    }
    if view.players.len() != n {
        return Err(Cfg("the view has another player count"));
    }
    let round = view.round;
    if round > ROUNDS || view.directions.len() != usize::from(round) {
        return Err(Impossible(
            "the revealed Direction tokens do not fit the round",
        ));
    }
    let directions = draw_directions(config, view, rng)?;
    let mut game = CardSet::EMPTY;
    for family in config.families {
        for card in Card::of(family) {
            game.insert(card);
        }
    }
    let mut used = CardSet::EMPTY;
    let mut holes: ArrayVec<Hole, DECK_SIZE> = ArrayVec::new();
    let mut hole = |h: Hole| holes.try_push(h).map_err(|_| IMPOSSIBLE_CARDS);
    let mut setup = Setup {
        config: *config,
        round,
        directions,
        court_crier: view.court_crier,
        deck: List::new(),
        dismiss: List::new(),
        areas: List::new(),
        last_revealer: view.last_revealer,
        phase: view.phase,
    };
    let filler = Card::default();
    let selection = matches!(view.phase, Phase::Selection);
    let powers = matches!(view.phase, Phase::Powers { .. });
    // Record places (before a stack's cursor) nobody shown knows.
    let mut records: ArrayVec<(usize, usize), { 3 * MAX_PLAYERS }> = ArrayVec::new();
    for (seat_index, pv) in view.players.iter().enumerate() {
        let own = me.map(Player::index) == Some(seat_index);
        let mut area = Area {
            cursor: pv.cursor,
            effects: pv.effects,
            ..Area::default()
        };
        for ac in &pv.alliance {
            mark(&mut used, &game, ac.card)?;
            area.alliance.push(*ac).map_err(|_| IMPOSSIBLE_CARDS)?;
        }
        for (i, &card) in pv.hand.iter().enumerate() {
            match card {
                Some(c) => mark(&mut used, &game, c)?,
                None => hole(Hole::Hand(seat_index, i))?,
            }
            area.hand
                .push(card.unwrap_or(filler))
                .map_err(|_| IMPOSSIBLE_CARDS)?;
        }
        let cursor = usize::from(pv.cursor);
        if cursor > pv.lineup.len() {
            return Err(Impossible("a stack's cursor is past its end"));
        }
        for (i, &card) in pv.lineup.iter().enumerate() {
            match card {
                Some(c) if i >= cursor => mark(&mut used, &game, c)?,
                Some(c) if !game.contains(c) => return Err(IMPOSSIBLE_CARDS),
                Some(_) => {}
                None if i >= cursor => hole(Hole::Stack(seat_index, i))?,
                None => records
                    .try_push((seat_index, i))
                    .map_err(|_| IMPOSSIBLE_CARDS)?,
            }
            area.lineup
                .push(card.unwrap_or(filler))
                .map_err(|_| IMPOSSIBLE_CARDS)?;
        }
        area.chosen = match pv.chosen {
            Slot::Empty => None,
            Slot::Known(c) => {
                mark(&mut used, &game, c)?;
                Some(c)
            }
            Slot::FaceDown => {
                hole(Hole::Chosen(seat_index))?;
                Some(filler)
            }
        };
        if own {
            area.placed = pv.placed;
            area.pending = pv.pending;
            area.discard = pv.discard;
        }
        setup.areas.push(area).map_err(|_| IMPOSSIBLE_CARDS)?;
    }
    // The piles: cards the memory places in the Dismiss pile go to random
    // places of it; every place of the deck is open.
    let (dismissed, reshuffled) = (memory.dismissed, memory.in_deck);
    for card in dismissed.iter().chain(reshuffled.iter()) {
        if !game.contains(card)
            || used.contains(card)
            || (dismissed.contains(card) && reshuffled.contains(card))
        {
            return Err(Impossible("a remembered card is shown elsewhere"));
        }
    }
    let mut dismiss_places: ArrayVec<Option<Card>, DECK_SIZE> = ArrayVec::new();
    for card in dismissed.iter() {
        dismiss_places
            .try_push(Some(card))
            .map_err(|_| IMPOSSIBLE_CARDS)?;
    }
    if dismiss_places.len() > usize::from(view.dismiss) {
        return Err(Impossible("more cards remembered in a pile than it holds"));
    }
    while dismiss_places.len() < usize::from(view.dismiss) {
        dismiss_places
            .try_push(None)
            .map_err(|_| IMPOSSIBLE_CARDS)?;
    }
    shuffle(rng, &mut dismiss_places);
    for i in 0..usize::from(view.deck) {
        hole(Hole::Deck(i))?;
        setup.deck.push(filler).map_err(|_| IMPOSSIBLE_CARDS)?;
    }
    for (i, card) in dismiss_places.iter().enumerate() {
        if card.is_none() {
            hole(Hole::Dismiss(i))?;
        }
        setup
            .dismiss
            .push(card.unwrap_or(filler))
            .map_err(|_| IMPOSSIBLE_CARDS)?;
    }
    // The unknown cards.
    let mut free: List<Card, DECK_SIZE> = List::new();
    for family in config.families {
        for card in Card::of(family) {
            if !used.contains(card) && !dismissed.contains(card) && !reshuffled.contains(card) {
                free.push(card).map_err(|_| IMPOSSIBLE_CARDS)?;
            }
        }
    }
    if free.len() + reshuffled.len() != holes.len() {
        return Err(Impossible("the counts of hidden cards do not fit the deck"));
    }
    // Fairy Powers: a face-down Fairy comes after the last reveal.
    let order = Order {
        config: *config,
        crier: view.court_crier,
        direction: usize::from(round)
            .checked_sub(1)
            .and_then(|i| view.directions.get(i))
            .copied()
            .unwrap_or(Direction::Left),
    };
    let bound = match &view.phase {
        Phase::Powers { order: o, next, .. } => o
            .get(..usize::from(*next))
            .and_then(<[Player]>::last)
            .and_then(|&last| Some(order.key(last, memory.revealed_by(last)?))),
        _ => None,
    };
    let mut filled = [false; DECK_SIZE];
    // Cards of a reshuffle already put in a face-down Fairy.
    let mut placed = CardSet::EMPTY;
    if let Some(bound) = bound
        && !reshuffled.is_empty()
    {
        // Remembered cards and the resolve order together: the face-down
        // Fairies first, weighted by the ways to complete each choice.
        place_face_down(
            &mut setup,
            &holes,
            &mut filled,
            &mut free,
            &mut placed,
            memory,
            |p, c| order.key(p, c) > bound,
            rng,
        )?;
    }
    place_reshuffled(&mut setup, &holes, &mut filled, memory, placed, rng)?;
    if let Some(bound) = bound {
        // Players who may not tie the last Favor first: their cards are a
        // subset of the others', so every assignment is equally likely.
        for lenient in [false, true] {
            for (h, &place) in holes.iter().enumerate() {
                let Hole::Chosen(p) = place else { continue };
                let p = Player(p as u8);
                if (order.place(p) > bound.1) != lenient || filled.get(h).copied().unwrap_or(true) {
                    continue;
                }
                let fits = |c: &Card| order.key(p, *c) > bound;
                let count = free.iter().filter(|c| fits(c)).count();
                if count == 0 {
                    return Err(Impossible("no card fits the resolve order"));
                }
                let k = index(rng, count);
                let Some(i) = free
                    .iter()
                    .enumerate()
                    .filter(|(_, c)| fits(c))
                    .nth(k)
                    .map(|(i, _)| i)
                else {
                    return Err(Impossible("no card fits the resolve order"));
                };
                let card = free.remove(i).ok_or(IMPOSSIBLE_CARDS)?;
                put(&mut setup, place, card);
                if let Some(f) = filled.get_mut(h) {
                    *f = true;
                }
            }
        }
    }
    shuffle(rng, &mut free);
    let open = holes
        .iter()
        .enumerate()
        .filter(|(h, _)| !filled.get(*h).copied().unwrap_or(true))
        .map(|(_, &place)| place);
    for (place, &card) in open.zip(free.iter()) {
        put(&mut setup, place, card);
    }
    // Stack records, what their owners saw, and others' secret choices.
    // A past card of a stack went to the Dismiss pile, or (when the pile
    // was since shuffled into the deck, or the Fairy revealed is not
    // remembered) to the deck or an Alliance: the pile's cards come first,
    // then those, each card used once.
    // Drawn one at a time, uniformly without replacement, and only when a
    // record needs them: the pile's cards first, then the others.
    let (mut first, mut later): (List<Card, DECK_SIZE>, List<Card, DECK_SIZE>) =
        (List::new(), List::new());
    if !records.is_empty() {
        let revealed = |c: Card| memory.revealed.contains(&Some(c));
        let others = setup
            .deck
            .iter()
            .copied()
            .chain(dismissed.iter())
            .chain(
                setup
                    .areas
                    .iter()
                    .flat_map(|a| a.alliance.iter().map(|ac| ac.card)),
            )
            .filter(|&c| !revealed(c));
        for card in others {
            later.push(card).map_err(|_| IMPOSSIBLE_CARDS)?;
        }
        for card in setup.dismiss.iter().copied() {
            if !dismissed.contains(card) {
                first.push(card).map_err(|_| IMPOSSIBLE_CARDS)?;
            }
        }
    }
    let mut spare = |rng: &mut _| {
        let list = if first.is_empty() {
            &mut later
        } else {
            &mut first
        };
        take_any(list, rng)
    };
    for (seat_index, pv) in view.players.iter().enumerate() {
        let p = Player(seat_index as u8);
        let own = me == Some(p);
        let Some(area) = setup.areas.get_mut(seat_index) else {
            continue;
        };
        let len = area.lineup.len();
        let first = usize::from(area.effects.reduced && len > 0);
        let kept_card = area
            .chosen
            .or(if powers { memory.revealed_by(p) } else { None });
        let unknown = |i: &usize| records.contains(&(seat_index, *i));
        let mut kept = None;
        if let Some(c) = kept_card {
            kept = pv
                .lineup
                .iter()
                .take(usize::from(area.cursor))
                .position(|&x| x == Some(c));
            if kept.is_none() {
                let at = if memory.kept_blind.contains(p) {
                    Some(first).filter(unknown)
                } else {
                    (0..usize::from(area.cursor)).rev().find(unknown)
                };
                if let (Some(k), Some(slot)) = (at, at.and_then(|k| area.lineup.get_mut(k))) {
                    *slot = c;
                    kept = Some(k);
                }
            }
        }
        for i in 0..len {
            if unknown(&i)
                && kept != Some(i)
                && let Some(slot) = area.lineup.get_mut(i)
            {
                // A card of the pile not in another record: never one card
                // in two places.
                *slot = spare(&mut *rng).ok_or(Impossible(
                    "a stack's past cards do not fit in the Dismiss pile",
                ))?;
            }
        }
        // What the owner has seen of their stack.
        let bit = |i: usize| if i < 8 { 1u8 << i } else { 0 };
        if own {
            area.lineup_seen = pv
                .lineup
                .iter()
                .enumerate()
                .filter(|(_, c)| c.is_some())
                .fold(0, |m, (i, _)| m | bit(i));
            area.chosen_seen = matches!(pv.chosen, Slot::Known(_));
        } else if selection || powers {
            let e = area.effects;
            let mut seen = 0u8;
            if e.psychic {
                seen |= if e.reduced { 0b110 } else { 0b011 };
            }
            let blind_first = e.blinded && !e.psychic && first + 1 != len;
            let cursor = usize::from(area.cursor);
            let top = match kept {
                Some(k) => Some(k),
                None if cursor < len => Some(cursor),
                None => len.checked_sub(1),
            };
            if let Some(top) = top {
                for i in first..=top {
                    if !(blind_first && i == first) {
                        seen |= bit(i);
                    }
                }
            }
            area.lineup_seen = seen;
            // Kept blind: the first card decided on while Blinded (the
            // memory says so, or the stack the seat built shows it).
            area.chosen_seen =
                area.chosen.is_some() && (powers || !(blind_first && kept == Some(first)));
        }
        if own {
            continue;
        }
        match view.phase {
            Phase::Opening if pv.ready => {
                area.discard = crate::rng::choose(rng, &area.hand).copied();
            }
            Phase::Lineup => {
                let len = area.hand.len();
                area.placed = if pv.ready || len < 2 {
                    len as u8
                } else {
                    below(rng, len as u32 - 1) as u8
                };
            }
            Phase::Selection if pv.ready => area.pending = Some(below(rng, 2) == 1),
            _ => {}
        }
    }
    fix_phase(&mut setup, view, memory, me, &order, bound, rng);
    finish(setup, view, seat)
}

/// The position of a sampled `setup`, checked as any position is: a view
/// edited into one no game gives is an error, never a position the
/// validator refuses.
fn finish(setup: Setup, view: &View, seat: Seat) -> Result<State, SampleError> {
    let state = State::from_setup(setup)
        .map_err(|_| SampleError::Impossible("no valid position gives this view"))?;
    if state.view_for(seat) != *view {
        return Err(SampleError::Impossible(
            "no position gives exactly this view",
        ));
    }
    Ok(state)
}

/// Takes a uniformly drawn card out of `list`.
fn take_any(list: &mut List<Card, DECK_SIZE>, rng: &mut (impl Rng + ?Sized)) -> Option<Card> {
    let i = index(rng, list.len());
    let card = *list.get(i)?;
    let last = list.pop()?;
    // The last card takes the place of the one drawn (none if it was it).
    if let Some(slot) = list.get_mut(i) {
        *slot = last;
    }
    Some(card)
}

const NO_ROOM: SampleError =
    SampleError::Impossible("the remembered cards do not fit where they can be");

/// Places the cards the memory follows from a reshuffle
/// ([`Memory::in_deck`]), less those already `placed` (in a face-down
/// Fairy, [`place_face_down`]): uniformly among the placements that put each
/// in the deck or an open place it may have gone to, at most
/// [`Memory::drawn_unseen`] of them (with those placed) out of the deck. The
/// other unknown cards are shuffled into the places left, so every full
/// assignment is equally likely: `j` cards out of the deck is drawn with
/// weight C(r, j) H!/(H-j)! D!/(D-r+j)! (r cards, H places they may have
/// gone to, D deck places).
fn place_reshuffled(
    setup: &mut Setup,
    holes: &[Hole],
    filled: &mut [bool; DECK_SIZE],
    memory: &Memory,
    placed: CardSet,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(), SampleError> {
    let mut cards: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
    for card in memory.in_deck.iter().filter(|&c| !placed.contains(c)) {
        cards.try_push(card).map_err(|_| IMPOSSIBLE_CARDS)?;
    }
    let r = cards.len();
    if r == 0 {
        return Ok(());
    }
    let (mut deck, mut held) = reach(holes, filled, memory)?;
    let (d, h) = (deck.len(), held.len());
    let cap = usize::from(memory.drawn_unseen)
        .checked_sub(placed.len())
        .ok_or(NO_ROOM)?;
    let lo = r.saturating_sub(d);
    let hi = r.min(h).min(cap);
    if lo > hi {
        return Err(NO_ROOM);
    }
    let mut weights: ArrayVec<f64, { DECK_SIZE + 1 }> = ArrayVec::new();
    let mut w = 1.0f64;
    for j in lo..=hi {
        weights.try_push(w).map_err(|_| NO_ROOM)?;
        let num = ((r - j) * h.saturating_sub(j)) as f64;
        let den = ((j + 1) * (d + j + 1 - r)) as f64;
        w = w * num / den;
        if w > 1e200 {
            weights.iter_mut().for_each(|x| *x *= 1e-200);
            w *= 1e-200;
        }
    }
    let total: f64 = weights.iter().sum();
    let mut u = f64::from(below(rng, 1 << 30)) / f64::from(1u32 << 30) * total;
    let mut j = hi;
    for (k, w) in weights.iter().enumerate() {
        if u < *w {
            j = lo + k;
            break;
        }
        u -= w;
    }
    shuffle(rng, &mut cards);
    shuffle(rng, &mut held);
    shuffle(rng, &mut deck);
    let targets = held
        .get(..j)
        .unwrap_or(&[])
        .iter()
        .chain(deck.get(..r - j).unwrap_or(&[]));
    for (&c, &t) in cards.iter().zip(targets) {
        if let Some(&place) = holes.get(t) {
            put(setup, place, c);
        }
        if let Some(f) = filled.get_mut(t) {
            *f = true;
        }
    }
    Ok(())
}

/// Indices of holes: the deck's, and the other open places a card of a
/// reshuffle may have gone to.
type Reach = (ArrayVec<usize, DECK_SIZE>, ArrayVec<usize, DECK_SIZE>);

/// The open (not `filled`) holes a card of a reshuffle may lie in: the
/// deck's places, and the places of [`Memory::holders`] (and of the Dismiss
/// pile if [`Memory::in_dismiss`]).
fn reach(
    holes: &[Hole],
    filled: &[bool; DECK_SIZE],
    memory: &Memory,
) -> Result<Reach, SampleError> {
    let mut deck: ArrayVec<usize, DECK_SIZE> = ArrayVec::new();
    let mut held: ArrayVec<usize, DECK_SIZE> = ArrayVec::new();
    for (h, place) in holes.iter().enumerate() {
        if filled.get(h).copied().unwrap_or(true) {
            continue;
        }
        let to = match *place {
            Hole::Deck(_) => &mut deck,
            Hole::Dismiss(_) if memory.in_dismiss => &mut held,
            Hole::Hand(p, _) | Hole::Stack(p, _) | Hole::Chosen(p) if holder(memory, p) => {
                &mut held
            }
            _ => continue,
        };
        to.try_push(h).map_err(|_| IMPOSSIBLE_CARDS)?;
    }
    Ok((deck, held))
}

/// Whether the hidden cards of the player at `seat_index` may hold cards
/// of a reshuffle.
fn holder(memory: &Memory, seat_index: usize) -> bool {
    u8::try_from(seat_index).is_ok_and(|p| memory.holders.contains(Player(p)))
}

/// `n!/(n-k)!` as a float (0 when `k > n`).
fn falling(n: usize, k: usize) -> f64 {
    if k > n {
        return 0.0;
    }
    (n - k + 1..=n).fold(1.0, |acc, x| acc * x as f64)
}

/// At most this many ways to fill the face-down Fairies are weighed: the
/// cards fall in at most four kinds, and with a Fairy revealed (there is a
/// bound) at most four of the five wait face down, so 4^4.
const MAX_CHOICES: usize = 256;

/// In the Fairy Powers phase after a reshuffle: fills every face-down
/// Fairy (a `Chosen` hole) with a card that `fit`s the resolve order, from
/// the unknown cards `free` and the remembered cards of
/// [`Memory::in_deck`] (those only in the Fairy of a holder), uniformly
/// among the full assignments the view and memory allow.
///
/// The cards fall in a few kinds, alike for every constraint: the
/// face-down Fairies each card fits (the Fairies that may not tie the last
/// Favor take a subset of the others' cards) and whether it is remembered.
/// Each way to give every Fairy a kind is weighed by the ways to pick its
/// cards, times the ways to complete the rest when it uses `k` remembered
/// cards: F! times the sum over j of C(s, j) H!/(H-j)! D!/(D-s+j)!, with
/// s = r - k remembered cards left, at most `drawn_unseen` - k of them (j)
/// among the H other places they may reach, the rest in the D deck places,
/// and F unknown cards for the places they leave. One way is drawn by
/// weight, then its cards uniformly; [`place_reshuffled`] and the shuffle of
/// `free` complete the rest, each uniformly: every full assignment is
/// equally likely.
#[allow(clippy::too_many_arguments)]
fn place_face_down(
    setup: &mut Setup,
    holes: &[Hole],
    filled: &mut [bool; DECK_SIZE],
    free: &mut List<Card, DECK_SIZE>,
    placed: &mut CardSet,
    memory: &Memory,
    fit: impl Fn(Player, Card) -> bool,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(), SampleError> {
    const NO_FIT: SampleError = SampleError::Impossible("no card fits the resolve order");
    // The face-down Fairies: hole index and player.
    let mut fairies: ArrayVec<(usize, usize), MAX_PLAYERS> = ArrayVec::new();
    for (h, place) in holes.iter().enumerate() {
        if let Hole::Chosen(p) = *place
            && !filled.get(h).copied().unwrap_or(true)
        {
            fairies.try_push((h, p)).map_err(|_| NO_FIT)?;
        }
    }
    let m = fairies.len();
    if m == 0 {
        return Ok(());
    }
    // The kinds (the Fairies a card may go to, as a bit per Fairy;
    // remembered) and how many cards each has; the cards with their kind.
    let mut kinds: ArrayVec<(u8, bool, usize), DECK_SIZE> = ArrayVec::new();
    let mut pool: ArrayVec<(Card, usize), DECK_SIZE> = ArrayVec::new();
    let cards = free
        .iter()
        .map(|&c| (c, false))
        .chain(memory.in_deck.iter().map(|c| (c, true)));
    for (card, remembered) in cards {
        let mut mask = 0u8;
        for (bit, &(_, p)) in fairies.iter().enumerate() {
            if fit(Player(p as u8), card) && (!remembered || holder(memory, p)) {
                mask |= 1 << bit;
            }
        }
        if mask == 0 {
            continue;
        }
        let kind = match kinds
            .iter()
            .position(|&(k, r, _)| k == mask && r == remembered)
        {
            Some(kind) => kind,
            None => {
                kinds.try_push((mask, remembered, 0)).map_err(|_| NO_FIT)?;
                kinds.len() - 1
            }
        };
        if let Some((_, _, count)) = kinds.get_mut(kind) {
            *count += 1;
        }
        pool.try_push((card, kind)).map_err(|_| NO_FIT)?;
    }
    let kn = kinds.len();
    let choices = (0..m).try_fold(1usize, |acc, _| {
        acc.checked_mul(kn).filter(|&c| c <= MAX_CHOICES)
    });
    if choices.is_none() {
        return Err(SampleError::Impossible(
            "more face-down Fairies than a position with one revealed has",
        ));
    }
    if kn == 0 {
        return Err(NO_FIT);
    }
    // The ways to complete the rest with k remembered cards in the Fairies.
    let r = memory.in_deck.len();
    let (deck, held) = reach(holes, filled, memory)?;
    let fairies_held = fairies.iter().filter(|&&(_, p)| holder(memory, p)).count();
    let d = deck.len();
    let h = held.len().saturating_sub(fairies_held);
    // The open places left once the Fairies are filled.
    let open = filled
        .iter()
        .take(holes.len())
        .filter(|&&f| !f)
        .count()
        .saturating_sub(m);
    let mut complete = [0.0f64; MAX_PLAYERS + 1];
    for (k, slot) in complete.iter_mut().enumerate().take(m.min(r) + 1) {
        let rest = r - k;
        let (Some(cap), Some(unknown_left)) = (
            usize::from(memory.drawn_unseen).checked_sub(k),
            open.checked_sub(rest),
        ) else {
            continue;
        };
        let mut ways = 0.0;
        for j in rest.saturating_sub(d)..=rest.min(h).min(cap) {
            ways += falling(rest, j) / falling(j, j) * falling(h, j) * falling(d, rest - j);
        }
        *slot = ways * falling(unknown_left, unknown_left);
    }
    // A choice gives each Fairy a kind (digit `bit` of a number in base
    // `kn`); its weight counts the assignments it stands for.
    let weight = |digits: &[usize; MAX_PLAYERS]| {
        let mut used = [0usize; DECK_SIZE];
        for (bit, &kind) in digits.iter().enumerate().take(m) {
            match (kinds.get(kind), used.get_mut(kind)) {
                (Some(&(mask, _, _)), Some(u)) if mask & (1 << bit) != 0 => *u += 1,
                _ => return 0.0,
            }
        }
        let mut w = 1.0;
        let mut from_memory = 0;
        for (&(_, remembered, count), &u) in kinds.iter().zip(used.iter()) {
            w *= falling(count, u);
            if remembered {
                from_memory += u;
            }
        }
        w * complete.get(from_memory).copied().unwrap_or(0.0)
    };
    let next = |digits: &mut [usize; MAX_PLAYERS]| {
        for digit in digits.iter_mut().take(m) {
            *digit += 1;
            if *digit < kn {
                return true;
            }
            *digit = 0;
        }
        false
    };
    let mut digits = [0usize; MAX_PLAYERS];
    let mut total = 0.0;
    loop {
        total += weight(&digits);
        if !next(&mut digits) {
            break;
        }
    }
    if total <= 0.0 {
        return Err(NO_FIT);
    }
    let mut u = f64::from(below(rng, 1 << 30)) / f64::from(1u32 << 30) * total;
    let mut digits = [0usize; MAX_PLAYERS];
    let mut chosen = None;
    loop {
        let w = weight(&digits);
        if w > 0.0 {
            chosen = Some(digits);
            if u < w {
                break;
            }
            u -= w;
        }
        if !next(&mut digits) {
            break;
        }
    }
    let chosen = chosen.ok_or(NO_FIT)?;
    // Its cards, uniformly.
    for (&(h, p), &kind) in fairies.iter().zip(chosen.iter()) {
        let count = pool.iter().filter(|&&(_, k)| k == kind).count();
        let nth = index(rng, count);
        let (i, card) = pool
            .iter()
            .enumerate()
            .filter(|&(_, &(_, k))| k == kind)
            .nth(nth)
            .map(|(i, &(c, _))| (i, c))
            .ok_or(NO_FIT)?;
        pool.swap_pop(i);
        if memory.in_deck.contains(card) {
            placed.insert(card);
        } else if let Some(at) = free.iter().position(|&c| c == card) {
            free.remove(at).ok_or(NO_FIT)?;
        }
        put(setup, Hole::Chosen(p), card);
        if let Some(f) = filled.get_mut(h) {
            *f = true;
        }
    }
    Ok(())
}

/// The Direction tokens of rounds not started: the tokens not revealed, in
/// random order.
fn draw_directions(
    config: &Config,
    view: &View,
    rng: &mut (impl Rng + ?Sized),
) -> Result<[Direction; ROUNDS as usize], SampleError> {
    let mut pool: [Option<Direction>; DIRECTION_TOKENS] = config.direction_tokens.map(Some);
    for d in &view.directions {
        match pool.iter_mut().find(|t| **t == Some(*d)) {
            Some(slot) => *slot = None,
            None => {
                return Err(SampleError::Impossible(
                    "a revealed Direction token is not one of the game's",
                ));
            }
        }
    }
    let mut left: ArrayVec<Direction, DIRECTION_TOKENS> = ArrayVec::new();
    for d in pool.into_iter().flatten() {
        // `collect` would carry a capacity panic path; the pool has this capacity.
        let _ = left.try_push(d);
    }
    shuffle(rng, &mut left);
    let mut out = [Direction::Left; ROUNDS as usize];
    for (slot, d) in out
        .iter_mut()
        .zip(view.directions.iter().chain(left.iter()))
    {
        *slot = *d;
    }
    Ok(out)
}

/// The parts of the phase the view hides: the resolve order still to come,
/// other players' Chain picks, the order of Obfuscate's face-down pair.
fn fix_phase(
    setup: &mut Setup,
    view: &View,
    memory: &Memory,
    me: Option<Player>,
    order: &Order,
    bound: Option<Key>,
    rng: &mut (impl Rng + ?Sized),
) {
    let n = setup.config.num_players();
    let areas = &setup.areas;
    let Phase::Powers {
        order: o,
        next,
        resolution,
    } = &mut setup.phase
    else {
        return;
    };
    // The players still to reveal (with a face-down Fairy, or who revealed
    // early), sorted by their Fairies.
    let done = usize::from(*next);
    let mut rest: ArrayVec<(Key, Player), MAX_PLAYERS> = ArrayVec::new();
    for (i, area) in areas.iter().enumerate() {
        let p = Player(i as u8);
        if o.get(..done).is_some_and(|d| d.contains(&p)) {
            continue;
        }
        let mut card = area.chosen.or(memory.revealed_by(p));
        // A kept Fairy gone but not revealed in turn (nor Transmuted): a
        // Response used early. Without the memory of it, one of the
        // Alliance's Response Fairies coming after the last reveal.
        if card.is_none()
            && !memory.transmuted.contains(p)
            && view
                .players
                .get(i)
                .is_some_and(|pv| matches!(pv.chosen, Slot::Empty) && !pv.lineup.is_empty())
        {
            let response = |c: &Card| c.family.power_type() == PowerType::Response;
            let after = |c: &Card| bound.is_none_or(|b| order.key(p, *c) > b);
            let mut pool: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
            for ac in &area.alliance {
                if response(&ac.card) && after(&ac.card) {
                    let _ = pool.try_push(ac.card);
                }
            }
            if pool.is_empty() {
                // The Fairy has left the Alliance since (Switch, Dispel...):
                // any Response Fairy of the game.
                let game = setup.config.families.iter().flat_map(|&f| Card::of(f));
                for c in game.filter(|c| response(c) && after(c)) {
                    let _ = pool.try_push(c);
                }
            }
            card = crate::rng::choose(rng, &pool).copied();
        }
        if let Some(card) = card {
            let _ = rest.try_push((order.key(p, card), p));
        }
    }
    crate::list::sort_small(&mut rest);
    for &(_, p) in &rest {
        let _ = o.push(p);
    }
    match resolution {
        Some(Resolution::Direct(d)) => {
            if let Some(pair) = d.concealed.as_mut()
                && below(rng, 2) == 1
            {
                pair.swap(0, 1);
            }
        }
        Some(Resolution::Chain(c)) if c.step == ChainStep::Pick => {
            let highest = matches!(
                c.source.family.power(),
                Power::Chain {
                    pick: Extreme::Highest,
                    ..
                }
            );
            let favor = |card: Card| setup.config.favor.favor(card);
            for (i, pick) in c.picks.iter_mut().enumerate() {
                let p = Player(i as u8);
                if me == Some(p) || i >= n || c.avoided.contains(p) {
                    continue;
                }
                let Some(area) = areas.get(i) else { continue };
                let values = area.alliance.iter().map(|ac| favor(ac.card));
                let best = if highest { values.max() } else { values.min() };
                let mut tied: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
                for ac in &area.alliance {
                    if Some(favor(ac.card)) == best {
                        let _ = tied.try_push(ac.card);
                    }
                }
                *pick = match tied.len() {
                    0 => None,
                    1 => tied.first().copied(),
                    _ if view.to_act.contains(p) => None,
                    len => tied.get(index(rng, len)).copied(),
                };
            }
        }
        _ => {}
    }
}

/// Whether `state` agrees with everything `memory` says, seen from `seat`.
fn agrees(state: &State, _seat: Seat, memory: &Memory) -> bool {
    let pos = &state.pos;
    if memory.dismissed.iter().any(|c| !pos.dismiss.contains(&c)) {
        return false;
    }
    // The cards of a reshuffle: in the deck or where they may have gone, at
    // most as many out of the deck as were drawn unseen.
    let mut out = 0usize;
    for card in memory.in_deck.iter() {
        if pos.deck.contains(&card) {
            continue;
        }
        out += 1;
        let may = if pos.dismiss.contains(&card) {
            memory.in_dismiss
        } else {
            pos.areas.iter().enumerate().any(|(i, a)| {
                let live = a.lineup.get(usize::from(a.cursor)..).unwrap_or(&[]);
                (a.hand.contains(&card) || live.contains(&card) || a.chosen == Some(card))
                    && memory.holders.contains(Player(i as u8))
            })
        };
        if !may {
            return false;
        }
    }
    if out > usize::from(memory.drawn_unseen) {
        return false;
    }
    if matches!(pos.phase, Phase::Selection) {
        for p in memory.kept_blind.iter() {
            if pos
                .areas
                .get(p.index())
                .is_some_and(|a| a.chosen.is_some() && a.chosen_seen)
            {
                return false;
            }
        }
    }
    if let Phase::Powers { order: o, next, .. } = &pos.phase
        && let Some(&last) = o.get(..usize::from(*next)).and_then(<[Player]>::last)
        && let Some(card) = memory.revealed_by(last)
    {
        let order = Order {
            config: pos.config,
            crier: pos.court_crier,
            direction: state.direction(),
        };
        let bound = order.key(last, card);
        for &p in o.get(usize::from(*next)..).unwrap_or(&[]) {
            if let Some(c) = pos.areas.get(p.index()).and_then(|a| a.chosen)
                && order.key(p, c) <= bound
            {
                return false;
            }
        }
    }
    true
}
