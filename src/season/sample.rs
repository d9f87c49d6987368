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
use super::placement::{DECK, PLACES, Placement};
use super::rules;
use super::score;
use super::state::{Chosen as StateChosen, Pile as StatePile};
use super::state::{Phase, State};
use super::view::View;
use crate::{Game, InfoState, Player, PlayerSet, Sample, SampleError, Seat};

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
/// the deck and of the other hands. The cards the memory speaks of are
/// placed first, exactly: every way to put them into their possible hands
/// within the hand sizes and the limits is counted with its weight (the
/// ways to fill the rest of the hidden places after it), by dynamic
/// programming over the cards grouped by their holders and limits, and one
/// is drawn by those counts; then the other hidden cards are shuffled into
/// the places left. No deal is drawn and thrown away, so a position that
/// agrees with the memory always gives a sample. While passing, the cards
/// the others have chosen are drawn uniformly among those of their hand in
/// the sample, as many as the view says.
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
/// with no hand to be in, limits no deal keeps, a seat not at the table) is
/// a [`SampleError`]. So is an edited memory so tangled that its counts do
/// not fit the sampler's fixed tables (4,096 entries, 64 KB of stack; the
/// memories of 1,500 pass- and swap-heavy games needed 504 at most).
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
    deal(info, &seen, &free, others, &mut state, me, rng)?;
    debug_assert!(
        info.memory
            .limits_hold(|p| state.hands.get(p.index()).map_or(&[][..], |h| h.as_slice())),
        "a deal that breaks a limit"
    );
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

/// Deals the hidden cards into `state`'s other hands and deck, uniformly
/// among the deals the view and memory allow (`seen`: the cards in view;
/// `sizes`: each other hand's size; `others`: the players whose hands are
/// hidden and not empty).
///
/// The cards the memory speaks of (the remembered ones, and any other
/// hidden card a limit counts) are placed first, exactly by weight
/// ([`Placement`]); every other hidden card is then shuffled into the
/// places left: a hand of those cards alone is already in a uniform order;
/// a place that holds cards placed first is shuffled.
fn deal(
    info: &InfoState<State>,
    seen: &Cards,
    sizes: &[u8; MAX_PLAYERS],
    others: PlayerSet,
    state: &mut State,
    me: Option<Player>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(), SampleError> {
    let view = &info.view;
    let memory = &info.memory;
    let mut room = [0u8; PLACES];
    for (slot, &size) in room.iter_mut().zip(sizes) {
        *slot = size;
    }
    if let Some(deck) = room.get_mut(DECK) {
        *deck = u8::try_from(view.deck_size).map_err(|_| impossible("the deck is too big"))?;
    }
    let mut other_places = 0u8;
    for p in others {
        other_places |= 1 << p.index();
    }
    // What the seat's own hand counts toward each limit it is one of.
    let held = |l: usize| match (me, memory.limits().get(l)) {
        (Some(p), Some(limit)) if limit.players.contains(p) => {
            view.hand.iter().filter(|c| limit.contains(**c)).count()
        }
        _ => 0,
    };
    let mut placement = Placement::new(room);
    placement.limits(memory, held)?;
    let limits_of = |card: Card| {
        let mut mask = 0u32;
        for (l, limit) in memory.limits().iter().enumerate() {
            if limit.contains(card) {
                mask |= 1 << l;
            }
        }
        mask
    };
    let mut placed = *seen;
    for w in memory.cards() {
        if !placed.insert(w.card) {
            return Err(impossible("a remembered card is shown or remembered twice"));
        }
        let mut places = 0u8;
        for p in w.holders.intersection(others) {
            places |= 1 << p.index();
        }
        placement.card(w.card, places, limits_of(w.card))?;
    }
    // A hidden card a limit counts but the memory does not place may be in
    // any hidden place.
    for limit in memory.limits() {
        if limit.players.intersection(others).is_empty() {
            continue;
        }
        for card in limit.cards() {
            if placed.insert(card) {
                placement.card(card, other_places | 1 << DECK, limits_of(card))?;
            }
        }
    }
    let mine = |i: usize| me.is_some_and(|p| p.index() == i);
    for (i, hand) in state.hands.iter_mut().enumerate() {
        if !mine(i) {
            hand.clear();
        }
    }
    state.deck.clear();
    let mut first = [false; PLACES];
    placement.draw(rng, |card, place| {
        let pile = match place {
            DECK => &mut state.deck,
            p => state
                .hands
                .get_mut(p)
                .ok_or(impossible("a holder is not at the table"))?,
        };
        if let Some(f) = first.get_mut(place) {
            *f = true;
        }
        pile.push(card).map_err(|_| impossible("a hand is too big"))
    })?;
    // Every other hidden card, shuffled into the places left.
    let mut pool = StatePile::new();
    for (card, &placed) in Card::all().zip(&placed.0) {
        if !placed {
            pool.push(card)
                .map_err(|_| impossible("too many hidden cards"))?;
        }
    }
    crate::rng::shuffle(rng, pool.as_mut_slice());
    let mut rest = pool.as_slice();
    for (i, hand) in state.hands.iter_mut().enumerate() {
        if mine(i) {
            continue;
        }
        let size = usize::from(sizes.get(i).copied().unwrap_or(0));
        let k = size
            .checked_sub(hand.len())
            .ok_or(impossible("a hand is too big"))?;
        let (cards, after) = rest
            .split_at_checked(k)
            .ok_or(impossible("too few hidden cards"))?;
        rest = after;
        if hand.extend_from_slice(cards) != k {
            return Err(impossible("a hand is too big"));
        }
        if first.get(i).copied().unwrap_or(false) {
            crate::rng::shuffle(rng, hand.as_mut_slice());
        }
    }
    if state.deck.extend_from_slice(rest) != rest.len() {
        return Err(impossible("the deck is too big"));
    }
    if first.get(DECK).copied().unwrap_or(false) {
        crate::rng::shuffle(rng, state.deck.as_mut_slice());
    }
    Ok(())
}
