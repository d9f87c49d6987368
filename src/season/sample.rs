//! Positions drawn from what one seat knows: [`Sample`] for [`State`]
//! (documented on the impl).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::cards::Royal;
use super::cards::{Card, DECK_SIZE};
use super::config::MAX_AMOUNT;
use super::config::{Config, MAX_PLAYERS};
use super::event::Event;
use super::memory::Memory;
use super::rules;
use super::score;
use super::state::{Chosen as StateChosen, Pile as StatePile};
use super::state::{Phase, State};
use super::view::View;
use crate::{Game, InfoState, Player, PlayerSet, Sample, SampleError, Seat};

/// Distinct sets of two or more possible holders: at most 26 among five
/// players.
const GROUPS: usize = 32;
/// The most steps of the walks over the splits of remembered cards among
/// their holders, for one sample (all its deals together): far above any
/// game's (a few dozen a deal), a bound on an edited memory's cost.
const MAX_STEPS: u32 = 2_000_000;

/// The most deals drawn for one sample before the limits of the memory
/// are given up on: a game's positions keep about half of the deals.
const MAX_TRIES: u32 = 1_000;

type Counts = [[u8; MAX_PLAYERS]; GROUPS];

/// A set of cards, a flag per identity.
#[derive(Clone, Copy)]
struct Cards([bool; DECK_SIZE]);

impl Default for Cards {
    fn default() -> Cards {
        Cards([false; DECK_SIZE])
    }
}

impl Cards {
    /// Adds `card`; whether it was not in the set already.
    fn insert(&mut self, card: Card) -> bool {
        match self.0.get_mut(card.slot()) {
            Some(slot) if !*slot => {
                *slot = true;
                true
            }
            _ => false,
        }
    }

    fn len(&self) -> usize {
        self.0.iter().filter(|s| **s).count()
    }
}

/// Fairy Season's information states: a position drawn from a seat's view
/// and [`Memory`].
///
/// A sample is built as the engine keeps a position, without allocating:
/// every card is placed once by construction, and the rest of what
/// [`State::from_setup`](crate::Game::from_setup) checks (the phase, the
/// last player to play, the chosen cards, the Stashes, someone able to act)
/// is checked on the sample; debug builds also assert that `from_setup`
/// rebuilds it unchanged.
///
/// **Kept**, from the view: the card data (the config's), the Swarm, every
/// Stash, `last_played`, the phase, the size of every hand and of the deck,
/// how many cards each player has chosen to pass, and, for a player seat,
/// its own hand in its order and the cards it has chosen to pass.
///
/// **Kept**, from the memory: each card the seat passed or swapped away
/// stays in the hand of one of the players the memory names for it, and
/// every [`Limit`](super::Limit) holds (no hand gets more of the cards than
/// a pass can have carried there).
///
/// **Drawn**, uniformly among the positions the view and memory allow (each
/// placement of the hidden cards into the deck and the other hands equally
/// likely, and each order of the deck and of each other hand): the cards of
/// the deck and of the other hands. The remembered cards are placed first:
/// those with one possible holder go to it; those with several are split
/// among their holders with the exact weight of each split (the number of
/// ways to fill the rest of the hidden places after it); then the other
/// hidden cards are shuffled into the places left. While passing, the cards
/// the others have chosen are drawn uniformly among those of their hand in
/// the sample, as many as the view says. A deal that breaks a limit is
/// drawn again: the deals are uniform among those the holders allow, so the
/// one kept is uniform among those the whole memory allows (game positions
/// keep about half of them). After 1,000 deals the sample is a
/// [`SampleError`].
///
/// **Not used:** the choices opponents made (what they played, passed or
/// kept says something about their hands to a person, but a sample is not
/// weighted by it). The memory is not exact (see [`Memory`]): rarely, after
/// several passes, a sample is one the seat could rule out. A spectator's
/// sample redraws every hand and the deck; a spectator remembers nothing,
/// and a spectator's memory that is not empty is a [`SampleError`].
///
/// Information that no position fits (another config, counts that do not
/// add up to the 90 cards, a card shown twice, a remembered card in view or
/// with no hand to be in, a seat not at the table) is a [`SampleError`].
impl Sample for State {
    type Memory = Memory;

    fn remember(memory: &mut Memory, seat: Seat, before: &View, events: &[Event], after: &View) {
        memory.update(seat, before, events, after);
    }

    fn sample(
        config: &Config,
        info: &InfoState<State>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<State, SampleError> {
        sample(config, info, rng)
    }

    fn agrees(&self, _seat: Seat, memory: &Memory) -> bool {
        memory.agrees_with(self)
    }
}

fn impossible(why: &'static str) -> SampleError {
    SampleError::Impossible(why)
}

fn sample(
    config: &Config,
    info: &InfoState<State>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<State, SampleError> {
    let view = &info.view;
    config
        .validate()
        .map_err(|_| SampleError::Config("the config is not valid"))?;
    let n = usize::from(config.players);
    if view.hand_sizes.len() != n
        || view.stashes.len() != n
        || view.scores.len() != n
        || view.chosen_counts.len() != n
    {
        return Err(SampleError::Config("the view is of another player count"));
    }
    if view.seat != info.seat {
        return Err(SampleError::Config("the view is of another seat"));
    }
    // The view shows the table's card data; a sample has the config's.
    if view.cards != config.cards {
        return Err(SampleError::Config("the view is of other card data"));
    }
    let me = match info.seat {
        Seat::Player(p) if p.index() < n => Some(p),
        Seat::Player(_) => return Err(SampleError::Config("the seat is not at the table")),
        Seat::Spectator => None,
    };
    for (stash, &points) in view.stashes.iter().zip(&view.scores) {
        if score::points(stash) != points {
            return Err(impossible("a score is not its Stash's points"));
        }
    }
    match me {
        Some(p) if view.hand.len() != view.hand_size(p) => {
            return Err(impossible("the seat's hand is not its hand size"));
        }
        Some(p) if view.chosen.len() != view.chosen_count(p) => {
            return Err(impossible("the seat's chosen cards are not its count"));
        }
        None if !(view.hand.is_empty() && view.chosen.is_empty()) => {
            return Err(impossible("a spectator holds no cards"));
        }
        None if !info.memory.is_empty() => {
            return Err(impossible("a spectator remembers nothing"));
        }
        _ => {}
    }

    // The hidden cards: every card the view does not show.
    let mut seen = Cards::default();
    let shown = view
        .hand
        .iter()
        .chain(&view.swarm)
        .chain(view.stashes.iter().flatten());
    for &card in shown {
        if !seen.insert(card) {
            return Err(impossible("a card is shown twice"));
        }
    }
    let mine = |i: usize| me.is_some_and(|p| p.index() == i);
    let mut free = [0u8; MAX_PLAYERS];
    let mut others = PlayerSet::EMPTY;
    let mut hidden_in_hands = 0usize;
    for (i, &size) in view.hand_sizes.iter().enumerate() {
        if !mine(i) {
            let slot = free.get_mut(i).ok_or(impossible("too many hands"))?;
            *slot = u8::try_from(size).map_err(|_| impossible("a hand is too big"))?;
            hidden_in_hands += size;
            if size > 0 {
                others.insert(Player(i as u8));
            }
        }
    }
    let hidden = DECK_SIZE.saturating_sub(seen.len());
    if hidden_in_hands.checked_add(view.deck_size) != Some(hidden) {
        return Err(impossible(
            "the hidden cards do not fill the deck and hands",
        ));
    }

    // Where the remembered cards may be, and the other hidden cards (the
    // pool), worked out once for every deal.
    let mut plan = plan(info, &seen, &free, others)?;
    // The position is built as the engine keeps it: every card once by
    // construction, the rest checked below (as `from_setup` would).
    let mut state = State {
        config: *config,
        deck: StatePile::new(),
        hands: [StatePile::new(); MAX_PLAYERS],
        stashes: [StatePile::new(); MAX_PLAYERS],
        chosen: [StateChosen::new(); MAX_PLAYERS],
        swarm: StatePile::from_slice(&view.swarm),
        top: rules::topmost_season(&view.swarm),
        playable: rules::playable(&view.swarm),
        last_played: view.last_played,
        phase: view.phase,
        acting: PlayerSet::EMPTY,
    };
    if let Some(p) = me {
        let hand = state
            .hands
            .get_mut(p.index())
            .ok_or(impossible("a hand is too big"))?;
        if hand.extend_from_slice(&view.hand) != view.hand.len() {
            return Err(impossible("a hand is too big"));
        }
    }
    // Deals until one keeps every limit of the memory: the deals are
    // uniform among those each card's holders allow, so the kept one is
    // uniform among those the whole memory allows.
    let mut pool = core::mem::take(&mut plan.pool);
    let mut tries = 0;
    let mut budget = MAX_STEPS;
    loop {
        deal(&plan, &mut pool, &mut state, me, &mut budget, rng)?;
        let hand = |p: Player| state.hands.get(p.index()).map_or(&[][..], |h| h.as_slice());
        if info.memory.limits_hold(hand) {
            break;
        }
        tries += 1;
        if tries >= MAX_TRIES {
            return Err(impossible("the remembered passes allow too few deals"));
        }
    }
    if state.deck.len() != view.deck_size {
        return Err(impossible("the deck is not its size"));
    }
    let passing = matches!(view.phase, Phase::Passing { .. });
    for (i, ((hand, stash), chosen)) in state
        .hands
        .iter()
        .zip(state.stashes.iter_mut())
        .zip(state.chosen.iter_mut())
        .enumerate()
        .take(n)
    {
        if let Some(cards) = view.stashes.get(i) {
            // Every card once: the Stashes hold 90 cards at most.
            let _ = stash.extend_from_slice(cards);
        }
        let count = view.chosen_count(Player(i as u8));
        if mine(i) {
            if chosen.extend_from_slice(&view.chosen) != view.chosen.len() {
                return Err(impossible("more cards chosen than a Goblin asks"));
            }
        } else if count > 0 {
            if !passing {
                return Err(impossible("cards are chosen outside passing"));
            }
            *chosen = choose_cards(hand, count, rng)?;
        }
    }
    state.acting = state.compute_acting();
    check_position(&state)?;
    debug_assert_eq!(
        State::from_setup(state.to_setup()).as_ref(),
        Ok(&state),
        "a sample the checks let through"
    );
    debug_assert!(
        state.view_for(info.seat) == *view,
        "a sample that does not give the seat its view"
    );
    Ok(state)
}

/// What [`State::from_setup`] checks that the construction of a sample does
/// not already make sure of (every card once, another player's chosen cards
/// distinct cards of their hand): the phase, the last player to play, the
/// chosen cards, the Stashes and that someone can act. It mirrors
/// `setup.rs` (debug builds check every sample against `from_setup`).
fn check_position(state: &State) -> Result<(), SampleError> {
    let no = Err(impossible("the view is no position of this game"));
    let n = state.players();
    let seated = |p: Player| p.index() < n;
    let amount = |a: u8| (1..=MAX_AMOUNT).contains(&a);
    if state.last_played.is_some_and(|p| !seated(p))
        || state.last_played.is_some() == state.swarm.is_empty()
    {
        return no;
    }
    let mut passing = None;
    let fits = match state.phase {
        Phase::Turn { player }
        | Phase::Bonus { player }
        | Phase::Robbing { player }
        | Phase::Swapping { player } => seated(player),
        Phase::Stashing { player, left, .. } => seated(player) && amount(left),
        Phase::Stealing { player, count } | Phase::Aiming { player, count } => {
            seated(player) && amount(count)
        }
        Phase::Passing { player, count, .. } => {
            passing = Some(count);
            seated(player) && amount(count)
        }
        Phase::RoyalWindow { flunker, asked } => {
            seated(flunker) && seated(asked) && flunker != asked
        }
        Phase::Over { winners } => winners.iter().all(seated),
    };
    if !fits {
        return no;
    }
    for (picks, hand) in state.chosen.iter().zip(&state.hands).take(n) {
        if !super::setup::chosen_fit(picks, hand, passing) {
            return no;
        }
    }
    // The phase fits who played last (`check_last_played`).
    let last = state.last_played;
    let bonus_fairy = state
        .swarm
        .last()
        .is_some_and(|c| c.season_number().is_some());
    let in_turn = |p: Player| last.is_none_or(|q| p == q.left(1, n));
    let fits = match state.phase {
        Phase::Turn { player } => in_turn(player),
        Phase::RoyalWindow { flunker, .. } => in_turn(flunker),
        Phase::Stashing { player, bonus, .. } => last == Some(player) && (!bonus || bonus_fairy),
        Phase::Bonus { player } => last == Some(player) && bonus_fairy,
        Phase::Robbing { player }
        | Phase::Stealing { player, .. }
        | Phase::Swapping { player }
        | Phase::Aiming { player, .. }
        | Phase::Passing { player, .. } => last == Some(player),
        Phase::Over { .. } => true,
    };
    if !fits {
        return no;
    }
    // The phase agrees with the Stashes and someone can act (`check_flow`).
    let royal_winner = (0..n).map(|i| Player(i as u8)).find(|&p| {
        Royal::ALL
            .iter()
            .all(|&r| state.stash(p).contains(&Card::the_royal(r)))
    });
    let fits = match (state.phase, royal_winner) {
        (Phase::Over { winners }, Some(p)) => {
            winners == PlayerSet::only(p) && state.last_played.is_none_or(|q| q == p)
        }
        (_, Some(_)) => false,
        (Phase::Over { winners }, None) => {
            state.deck.is_empty()
                && state.swarm.is_empty()
                && winners == score::winners(state.stashes.get(..n).unwrap_or(&[]))
        }
        (_, None) => {
            let nothing_to_pass = matches!(state.phase, Phase::Aiming { .. })
                && state.hands.iter().take(n).all(|hand| hand.is_empty());
            !nothing_to_pass
                && !state.acting.is_empty()
                && state
                    .acting
                    .iter()
                    .all(|p| !state.legal_actions(p).is_empty())
        }
    };
    if fits { Ok(()) } else { no }
}

/// `count` distinct cards of `hand`, uniformly, in random order.
fn choose_cards(
    hand: &[Card],
    count: usize,
    rng: &mut (impl Rng + ?Sized),
) -> Result<StateChosen, SampleError> {
    let mut cards: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
    let _ = cards.try_extend_from_slice(hand);
    let mut chosen = StateChosen::new();
    if count > cards.len() {
        return Err(impossible("more cards chosen than held"));
    }
    // A partial Fisher-Yates: the first `count` places.
    for i in 0..count {
        let j = i + crate::rng::index(rng, cards.len() - i);
        // Without `swap`'s bounds checks (a panic path): `i <= j < len`.
        if let Some((head, tail)) = cards.split_at_mut_checked(j)
            && let (Some(a), Some(b)) = (head.get_mut(i), tail.first_mut())
        {
            core::mem::swap(a, b);
        }
        if let Some(&card) = cards.get(i) {
            chosen
                .push(card)
                .map_err(|_| impossible("more cards chosen than a Goblin asks"))?;
        }
    }
    Ok(chosen)
}

/// The walk over every split of the grouped cards among their holders.
struct Splits<'a> {
    groups: &'a [(PlayerSet, u8)],
    free: [u8; MAX_PLAYERS],
    counts: Counts,
    used: [u8; MAX_PLAYERS],
    steps: u32,
    budget: u32,
}

impl Splits<'_> {
    /// Visits every split from group `g` on, `left` cards of it still to
    /// place on holders from seat `from` on; `weight` so far. `visit`
    /// returns whether to stop. Whether the walk stopped (or went over
    /// its budget).
    fn walk(
        &mut self,
        g: usize,
        from: usize,
        left: u8,
        weight: f64,
        visit: &mut impl FnMut(&Counts, f64) -> bool,
    ) -> bool {
        self.steps += 1;
        if self.steps > self.budget {
            return true;
        }
        let Some(&(holders, _)) = self.groups.get(g) else {
            return visit(&self.counts, weight);
        };
        let next = holders.iter().find(|p| p.index() >= from);
        let Some(p) = next else {
            // Every holder of this group is given its cards: the next group.
            if left > 0 {
                return false;
            }
            let following = self.groups.get(g + 1).map_or(0, |g| g.1);
            return self.walk(g + 1, 0, following, weight * factorial(following), visit);
        };
        let x = p.index();
        let last = holders.iter().all(|q| q.index() <= x);
        let room = self
            .free
            .get(x)
            .copied()
            .unwrap_or(0)
            .saturating_sub(self.used.get(x).copied().unwrap_or(0));
        let lowest = if last { left } else { 0 };
        let mut w = weight;
        for k in 0..=left.min(room) {
            if k > 0 {
                // One more card into the hand's free places, over k! for the
                // order within the group.
                w *= f64::from(room - (k - 1)) / f64::from(k);
            }
            if k < lowest {
                continue;
            }
            if let (Some(row), Some(used)) = (self.counts.get_mut(g), self.used.get_mut(x)) {
                if let Some(c) = row.get_mut(x) {
                    *c = k;
                }
                *used += k;
            }
            let stop = self.walk(g, x + 1, left - k, w, visit);
            if let (Some(row), Some(used)) = (self.counts.get_mut(g), self.used.get_mut(x)) {
                if let Some(c) = row.get_mut(x) {
                    *c = 0;
                }
                *used -= k;
            }
            if stop {
                return true;
            }
        }
        false
    }
}

fn factorial(n: u8) -> f64 {
    (1..=n).map(f64::from).product()
}

/// A split of the grouped cards among their holders (how many of each group
/// go to each hand), drawn with the weight of each: the ways to assign the
/// group's cards to those hands, times the ways to put them into the hands'
/// free places.
fn choose_split(
    groups: &[(PlayerSet, u8)],
    free: &[u8; MAX_PLAYERS],
    budget: &mut u32,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Counts, SampleError> {
    let first = groups.first().map_or(0, |g| g.1);
    let mut splits = Splits {
        groups,
        free: *free,
        counts: [[0; MAX_PLAYERS]; GROUPS],
        used: [0; MAX_PLAYERS],
        steps: 0,
        budget: *budget,
    };
    let mut total = 0.0;
    splits.walk(0, 0, first, factorial(first), &mut |_, w| {
        total += w;
        false
    });
    // The second walk takes no more steps than the first.
    let cost = splits.steps.saturating_mul(2);
    if cost > *budget {
        return Err(impossible("the remembered cards split too many ways"));
    }
    *budget -= cost;
    splits.budget = u32::MAX;
    if !total.is_finite() {
        return Err(impossible("too many remembered cards to weigh"));
    }
    if total <= 0.0 {
        return Err(impossible("the remembered cards do not fit their holders"));
    }
    // A uniform number in [0, total), from 53 random bits.
    let unit = (rng.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
    let mut target = unit * total;
    let mut picked = None;
    splits.steps = 0;
    splits.walk(0, 0, first, factorial(first), &mut |counts, w| {
        if w > 0.0 {
            picked = Some(*counts);
        }
        target -= w;
        target < 0.0
    });
    picked.ok_or(impossible("the remembered cards do not fit their holders"))
}

/// What every deal of one sample shares: where the remembered cards may be
/// and the hidden cards left for the rest.
struct Plan {
    /// Remembered cards with one possible holder, and that holder.
    singles: ArrayVec<(Card, Player), DECK_SIZE>,
    /// The sets of two or more possible holders, and how many remembered
    /// cards have each.
    groups: ArrayVec<(PlayerSet, u8), GROUPS>,
    /// Remembered cards with several possible holders, and their group.
    grouped: ArrayVec<(Card, u8), DECK_SIZE>,
    /// Each other hand's places left after its single cards.
    free: [u8; MAX_PLAYERS],
    /// Each other hand's size.
    sizes: [u8; MAX_PLAYERS],
    /// Every hidden card no memory places, in identity order.
    pool: StatePile,
}

/// Sorts the remembered cards by their possible holders, and collects the
/// other hidden cards.
fn plan(
    info: &InfoState<State>,
    seen: &Cards,
    sizes: &[u8; MAX_PLAYERS],
    others: PlayerSet,
) -> Result<Plan, SampleError> {
    let mut plan = Plan {
        singles: ArrayVec::new(),
        groups: ArrayVec::new(),
        grouped: ArrayVec::new(),
        free: *sizes,
        sizes: *sizes,
        pool: StatePile::new(),
    };
    let mut placed = *seen;
    for w in info.memory.cards() {
        if !placed.insert(w.card) {
            return Err(impossible("a remembered card is shown or remembered twice"));
        }
        let holders = w.holders.intersection(others);
        let mut iter = holders.iter();
        match (iter.next(), iter.next()) {
            (None, _) => return Err(impossible("a remembered card has nowhere to be")),
            (Some(p), None) => {
                let slot = plan
                    .free
                    .get_mut(p.index())
                    .ok_or(impossible("a holder is not at the table"))?;
                *slot = slot.checked_sub(1).ok_or(impossible(
                    "a hand holds more remembered cards than its size",
                ))?;
                plan.singles
                    .try_push((w.card, p))
                    .map_err(|_| impossible("too many remembered cards"))?;
            }
            _ => {
                let group = match plan.groups.iter().position(|g| g.0 == holders) {
                    Some(g) => g,
                    None => {
                        plan.groups
                            .try_push((holders, 0))
                            .map_err(|_| impossible("too many groups of holders"))?;
                        plan.groups.len() - 1
                    }
                };
                if let Some(g) = plan.groups.get_mut(group) {
                    g.1 = g.1.saturating_add(1);
                }
                plan.grouped
                    .try_push((w.card, group as u8))
                    .map_err(|_| impossible("too many remembered cards"))?;
            }
        }
    }
    for (card, &placed) in Card::all().zip(&placed.0) {
        if !placed {
            let _ = plan.pool.push(card);
        }
    }
    Ok(plan)
}

/// One deal of the hidden cards into `state`'s other hands and deck,
/// uniform among those the view and each remembered card's holders allow.
/// `pool` holds the plan's pool in any order.
fn deal(
    plan: &Plan,
    pool: &mut StatePile,
    state: &mut State,
    me: Option<Player>,
    budget: &mut u32,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(), SampleError> {
    let mine = |i: usize| me.is_some_and(|p| p.index() == i);
    for (i, hand) in state.hands.iter_mut().enumerate() {
        if !mine(i) {
            hand.clear();
        }
    }
    // The remembered cards: those with one holder go to it.
    for &(card, p) in &plan.singles {
        state
            .hands
            .get_mut(p.index())
            .ok_or(impossible("a holder is not at the table"))?
            .push(card)
            .map_err(|_| impossible("a hand is too big"))?;
    }
    // Split the grouped cards among their holders, each split weighted by
    // the ways to place the cards after it.
    let mut free = plan.free;
    if !plan.groups.is_empty() {
        let counts = choose_split(&plan.groups, &free, budget, rng)?;
        for (g, row) in counts.iter().enumerate().take(plan.groups.len()) {
            let mut cards: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
            for &(card, group) in &plan.grouped {
                if usize::from(group) == g {
                    let _ = cards.try_push(card);
                }
            }
            crate::rng::shuffle(rng, cards.as_mut_slice());
            let mut cards = cards.into_iter();
            for (i, &k) in row.iter().enumerate() {
                for _ in 0..k {
                    let (Some(card), Some(hand), Some(slot)) =
                        (cards.next(), state.hands.get_mut(i), free.get_mut(i))
                    else {
                        return Err(impossible("a split does not fit"));
                    };
                    *slot = slot
                        .checked_sub(1)
                        .ok_or(impossible("a split does not fit"))?;
                    hand.push(card)
                        .map_err(|_| impossible("a hand is too big"))?;
                }
            }
        }
    }
    // Every other hidden card, shuffled into the places left: a hand of
    // pool cards alone is already in a uniform order; one that holds
    // remembered cards (placed first) is shuffled.
    crate::rng::shuffle(rng, pool.as_mut_slice());
    let mut rest = pool.as_slice();
    for (i, hand) in state.hands.iter_mut().enumerate() {
        if mine(i) {
            continue;
        }
        let k = usize::from(free.get(i).copied().unwrap_or(0));
        let (cards, after) = rest
            .split_at_checked(k)
            .ok_or(impossible("too few hidden cards"))?;
        rest = after;
        if hand.extend_from_slice(cards) != k {
            return Err(impossible("a hand is too big"));
        }
        if k != usize::from(plan.sizes.get(i).copied().unwrap_or(0)) {
            crate::rng::shuffle(rng, hand.as_mut_slice());
        }
    }
    state.deck.clear();
    if state.deck.extend_from_slice(rest) != rest.len() {
        return Err(impossible("the deck is too big"));
    }
    Ok(())
}
