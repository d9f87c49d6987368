//! Positions drawn from what one seat knows: [`Sample`] for [`State`]
//! (what is redrawn, kept and not used is on the impl).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::config::{Config, MAX_PLAYERS};
use super::event::Event;
use super::memory::Memory;
use super::mini_game::{MINI_GAMES, MiniGame, REMOVED};
use super::mischief::{CardCounts, MISCHIEF_CARDS, Mischief};
use super::setup::Setup;
use super::state::{State, array_vec};
use super::view::View;
use crate::{Game, InfoState, Player, Sample, SampleError, Seat};

/// Kinds of Mischief cards.
const KINDS: usize = Mischief::ALL.len();

/// Positions drawn from what one seat of A Midsummer Night's Fayre knows.
///
/// **Redrawn**, uniformly among the arrangements the seat's view and
/// [`Memory`] allow:
///
/// - the **Mini Game deck and the box**: the games neither in play nor
///   scored are shuffled and dealt into a deck of the size the view shows
///   and a box of two (nobody ever sees either);
/// - the **other players' Mischief hands and the draw pile**, contents and
///   order: the cards of the config's mix that are neither face up in the
///   discard pile nor in the seat's own hand. First each card the memory
///   says a player holds is put in that hand; then the cards of the pile
///   and, after a reshuffle, those the memory says the others drew from it
///   and still hold are drawn from the rest, only among the reshuffled
///   cards the memory says they can be; they are shuffled into the pile
///   and those hands; the other cards are dealt into the hands at the sizes
///   the view shows. Uniform means each
///   arrangement of the individual cards is equally likely (two cards of a
///   kind are two cards; a card the memory places is that card, and the
///   others are arranged around it).
///
/// **Kept** from the view: every die, the cards in play and scored, the
/// scores, the phase and Prize Pit queue, the discard pile, the hand and
/// pile sizes, and the seat's own hand (a spectator has none, and all hands
/// are redrawn). Fayre has no secret choices pending (every decision is
/// made by one player in the open), so there is nothing else to draw.
///
/// **Not used**: the choices players made. A sample is not weighted by what
/// an opponent played or kept (a player who keeps a full hand for many turns
/// may well hold cards without a target, but that is not counted). What a
/// player could not do is used where the memory keeps it: an
/// [`Action::NoMischief`](super::Action::NoMischief) holding cards when
/// only one kind had no target pins the whole hand; when several kinds had
/// none, the memory does not keep it and the hand is dealt freely (see the
/// ruling "Fayre: what a sample does not use").
impl Sample for State {
    type Memory = Memory;

    fn remember(memory: &mut Memory, seat: Seat, before: &View, events: &[Event], after: &View) {
        memory.remember(seat, before, events, after);
    }

    /// The Mini Game deck and box, the other hands and the Mischief draw
    /// pile are redrawn (see the impl's docs); everything else comes from
    /// the view. Information that does not fit `config`, or that no
    /// position gives, is a [`SampleError`].
    fn sample(
        config: &Config,
        info: &InfoState<State>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<State, SampleError> {
        let setup = sample_setup(config, info, rng)?;
        let state = State::from_setup(setup)
            .map_err(|_| SampleError::Impossible("the view shows no valid position"))?;
        if state.view_for(info.seat) != info.view {
            return Err(SampleError::Impossible(
                "the view is not one the game shows for this position",
            ));
        }
        if !state.agrees(info.seat, &info.memory) {
            return Err(SampleError::Impossible("the memory does not fit the view"));
        }
        Ok(state)
    }

    /// Every card the memory says a player holds is in that hand, and the
    /// draw pile holds no card the memory says it cannot.
    fn agrees(&self, seat: Seat, memory: &Memory) -> bool {
        let players = self.players();
        let me = seat.at_table(players).player();
        let hands_agree = (0..MAX_PLAYERS).all(|p| {
            let player = Player(p as u8);
            let known = memory.known_hand(player);
            if p >= players || Some(player) == me {
                return known.is_empty() && memory.drawn_by(player) == 0;
            }
            let hand = self.hand(player);
            Mischief::ALL
                .into_iter()
                .all(|kind| hand.count(kind) >= known.count(kind))
        });
        let pile_agrees = match memory.draw_pile_from {
            Some(from) => self.reshuffled_cards_fit(me, memory, from),
            None => memory.drawn.iter().all(|&n| n == 0),
        };
        hands_agree && pile_agrees
    }
}

impl State {
    /// Whether the draw pile and, in each other hand, as many cards as the
    /// memory says its holder drew from the pile can all be cards of `from`:
    /// a flow of each hand's drawn cards to kinds, within what each hand
    /// holds (less its known cards) and what `from` has left beside the
    /// pile, found by augmenting paths.
    fn reshuffled_cards_fit(&self, me: Option<Player>, memory: &Memory, from: CardCounts) -> bool {
        let players = self.players();
        let pile: CardCounts = self.mischief_deck.iter().copied().collect();
        let mut room = [0u8; KINDS];
        for (slot, kind) in room.iter_mut().zip(Mischief::ALL) {
            let Some(left) = from.count(kind).checked_sub(pile.count(kind)) else {
                return false;
            };
            *slot = u8::try_from(left).unwrap_or(u8::MAX);
        }
        let mut flow = Flow {
            spare: [[0; KINDS]; MAX_PLAYERS],
            flow: [[0; KINDS]; MAX_PLAYERS],
            room,
        };
        for (p, spare) in flow.spare.iter_mut().enumerate().take(players) {
            let player = Player(p as u8);
            let hand = self.hand(player);
            let known = memory.known_hand(player);
            for (slot, kind) in spare.iter_mut().zip(Mischief::ALL) {
                let n = hand.count(kind).saturating_sub(known.count(kind));
                *slot = u8::try_from(n).unwrap_or(u8::MAX);
            }
        }
        (0..players).all(|p| {
            let player = Player(p as u8);
            Some(player) == me || (0..memory.drawn_by(player)).all(|_| flow.augment(p, &mut 0))
        })
    }
}

/// Cards drawn from a reshuffled pile, assigned to kinds: `spare[p][k]`
/// cards of kind `k` in hand `p` may be drawn ones, `room[k]` drawn cards
/// of kind `k` fit beside the pile.
struct Flow {
    spare: [[u8; KINDS]; MAX_PLAYERS],
    flow: [[u8; KINDS]; MAX_PLAYERS],
    room: [u8; KINDS],
}

impl Flow {
    /// Assigns one more drawn card of hand `p` to a kind, moving other
    /// hands' cards to other kinds if needed; `false` if none fits.
    /// `visited` marks the kinds tried on this path (at most six deep).
    fn augment(&mut self, p: usize, visited: &mut u8) -> bool {
        for k in 0..KINDS {
            let bit = 1u8 << k;
            let spare = self
                .spare
                .get(p)
                .and_then(|r| r.get(k))
                .copied()
                .unwrap_or(0);
            let used = self
                .flow
                .get(p)
                .and_then(|r| r.get(k))
                .copied()
                .unwrap_or(0);
            if *visited & bit != 0 || spare <= used {
                continue;
            }
            *visited |= bit;
            let taken: u8 = self.flow.iter().filter_map(|r| r.get(k)).sum();
            let moved = taken < self.room.get(k).copied().unwrap_or(0)
                || (0..MAX_PLAYERS).any(|q| {
                    let holds = self
                        .flow
                        .get(q)
                        .and_then(|r| r.get(k))
                        .copied()
                        .unwrap_or(0);
                    if q == p || holds == 0 || !self.augment(q, visited) {
                        return false;
                    }
                    if let Some(n) = self.flow.get_mut(q).and_then(|r| r.get_mut(k)) {
                        *n -= 1;
                    }
                    true
                });
            if moved {
                if let Some(n) = self.flow.get_mut(p).and_then(|r| r.get_mut(k)) {
                    *n += 1;
                }
                return true;
            }
        }
        false
    }
}

/// The sampled position as a [`Setup`], before validation.
fn sample_setup(
    config: &Config,
    info: &InfoState<State>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Setup, SampleError> {
    config
        .validate()
        .map_err(|_| SampleError::Config("the config cannot be played"))?;
    let view = &info.view;
    let memory = &info.memory;
    let players = config.num_players();
    if view.scores.len() != players
        || view.pools.len() != players
        || view.hand_sizes.len() != players
    {
        return Err(SampleError::Config("the view is for another player count"));
    }
    let me = match info.seat {
        Seat::Player(p) if p.index() < players => Some(p),
        Seat::Player(_) => return Err(SampleError::Config("the seat is not at the table")),
        Seat::Spectator => None,
    };
    if view.seat != info.seat {
        return Err(SampleError::Config("the view is another seat's"));
    }
    if view.move_limit != config.move_limit {
        return Err(SampleError::Config("the view has another move limit"));
    }
    for (booth, magic) in view.booths.iter().zip(&view.magic_numbers) {
        if booth.map(|b| config.mini_games.get(b.game).magic) != *magic {
            return Err(SampleError::Config(
                "the view has other Mini Game card data",
            ));
        }
    }
    let mischief = deal_mischief(config, view, memory, me, rng)?;
    let (deck, removed) = deal_mini_games(view, rng)?;
    Ok(Setup {
        config: *config,
        current: view.current,
        phase: view.phase,
        queue: array_vec(view.queue.iter().copied()),
        scores: array_vec(view.scores.iter().copied()),
        pools: array_vec(view.pools.iter().map(|p| array_vec(p.iter().copied()))),
        hands: mischief.hands,
        fairy_pool: array_vec(view.fairy_pool.iter().copied()),
        booths: view.booths,
        mini_game_deck: deck,
        removed,
        finished: array_vec(view.finished.iter().copied()),
        mischief_deck: mischief.pile,
        mischief_discard: array_vec(view.mischief_discard.cards()),
        moves_since_scoring: view.moves_since_scoring,
    })
}

/// The hands and the draw pile of a sample.
struct Dealt {
    hands: ArrayVec<ArrayVec<Mischief, 4>, MAX_PLAYERS>,
    pile: ArrayVec<Mischief, MISCHIEF_CARDS>,
}

/// `a - b` kind by kind, if `b` fits in `a`.
fn minus(a: CardCounts, b: CardCounts) -> Option<CardCounts> {
    let mut out = [0usize; KINDS];
    for (slot, kind) in out.iter_mut().zip(Mischief::ALL) {
        *slot = a.count(kind).checked_sub(b.count(kind))?;
    }
    CardCounts::new(out)
}

/// Deals the hidden Mischief cards: the memory's known cards into their
/// hands, the pile's contents among the cards it can hold, the rest into the
/// other hands.
fn deal_mischief(
    config: &Config,
    view: &View,
    memory: &Memory,
    me: Option<Player>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Dealt, SampleError> {
    let impossible = SampleError::Impossible;
    let players = config.num_players();
    let own = match (me, view.own_hand) {
        (Some(p), Some(hand)) if hand.total() == view.hand_size(p) => hand,
        (None, None) => CardCounts::default(),
        _ => return Err(impossible("the seat's own hand does not fit the view")),
    };
    let unseen = minus(config.mischief, view.mischief_discard)
        .and_then(|rest| minus(rest, own))
        .ok_or(impossible("more Mischief cards are seen than the mix has"))?;
    let mut pinned = CardCounts::default();
    let mut sizes = [0usize; MAX_PLAYERS];
    // The pile and the cards the others drew from it and still hold.
    let mut block_size = view.mischief_draw_pile;
    for (p, size) in sizes.iter_mut().enumerate() {
        let player = Player(p as u8);
        let known = memory.known_hand(player);
        let drawn = memory.drawn_by(player);
        if p >= players || Some(player) == me {
            if !known.is_empty() || drawn > 0 {
                return Err(impossible("the memory knows a hand the view shows"));
            }
            continue;
        }
        *size = view.hand_size(player);
        if *size > 4 || known.total().saturating_add(drawn) > *size {
            return Err(impossible("a hand is too large"));
        }
        if drawn > 0 && memory.draw_pile_from.is_none() {
            return Err(impossible("the memory knows cards drawn from no pile"));
        }
        block_size = block_size
            .checked_add(drawn)
            .ok_or(impossible("too many Mischief cards"))?;
        for card in known.cards() {
            pinned.add(card);
        }
    }
    let free = minus(unseen, pinned).ok_or(impossible("the memory knows too many cards"))?;
    let pile_size = view.mischief_draw_pile;
    let hand_total: usize = sizes.iter().sum();
    if Some(free.total() + pinned.total()) != hand_total.checked_add(pile_size) {
        return Err(impossible(
            "the hidden Mischief cards do not fill the hands and the pile",
        ));
    }
    let caps = memory.draw_pile_from.unwrap_or(free);
    let mut block: ArrayVec<Mischief, MISCHIEF_CARDS> = ArrayVec::new();
    let mut rest: ArrayVec<Mischief, MISCHIEF_CARDS> = ArrayVec::new();
    let too_many = |_| impossible("too many Mischief cards");
    match draw_pile_counts(free, caps, block_size, rng)? {
        // Any card may be anywhere: shuffle them all, the block takes the
        // last ones.
        None => {
            rest = array_vec(free.cards());
            crate::rng::shuffle(rng, &mut rest);
            for _ in 0..block_size {
                let card = rest.pop().ok_or(impossible("too few Mischief cards"))?;
                block.try_push(card).map_err(too_many)?;
            }
        }
        Some(counts) => {
            for (kind, &in_block) in Mischief::ALL.into_iter().zip(&counts) {
                for i in 0..free.count(kind) {
                    let to = if i < in_block { &mut block } else { &mut rest };
                    to.try_push(kind).map_err(too_many)?;
                }
            }
            crate::rng::shuffle(rng, &mut block);
            crate::rng::shuffle(rng, &mut rest);
        }
    }
    let mut pile: ArrayVec<Mischief, MISCHIEF_CARDS> = ArrayVec::new();
    for _ in 0..pile_size {
        let card = block.pop().ok_or(impossible("too few Mischief cards"))?;
        pile.try_push(card).map_err(too_many)?;
    }
    let mut block = block.into_iter();
    let mut rest = rest.into_iter();
    let mut hands: ArrayVec<ArrayVec<Mischief, 4>, MAX_PLAYERS> = ArrayVec::new();
    let too_large = |_| impossible("a hand is too large");
    for (p, &size) in sizes.iter().enumerate().take(players) {
        let player = Player(p as u8);
        let mut hand: ArrayVec<Mischief, 4> = ArrayVec::new();
        if Some(player) == me {
            for card in own.cards() {
                hand.try_push(card).map_err(too_large)?;
            }
        } else {
            for card in memory.known_hand(player).cards() {
                hand.try_push(card).map_err(too_large)?;
            }
            for _ in 0..memory.drawn_by(player) {
                let card = block.next().ok_or(impossible("too few Mischief cards"))?;
                hand.try_push(card).map_err(too_large)?;
            }
            while hand.len() < size {
                let card = rest.next().ok_or(impossible("too few Mischief cards"))?;
                hand.try_push(card).map_err(too_large)?;
            }
        }
        hands
            .try_push(hand)
            .map_err(|_| impossible("too many hands"))?;
    }
    Ok(Dealt { hands, pile })
}

/// How many cards of each kind the draw pile holds: `size` cards of `free`,
/// at most `caps` of each kind, each choice of the individual cards equally
/// likely (a choice of `c` cards of a kind out of its `n` counts C(n, c)
/// times). `None` when the caps bind no kind: then any `size` cards will do.
fn draw_pile_counts(
    free: CardCounts,
    caps: CardCounts,
    size: usize,
    rng: &mut (impl Rng + ?Sized),
) -> Result<Option<[usize; KINDS]>, SampleError> {
    let impossible = SampleError::Impossible("the draw pile cannot hold what the memory says");
    if size > MISCHIEF_CARDS {
        return Err(impossible);
    }
    let mut n = [0usize; KINDS];
    let mut cap = [0usize; KINDS];
    for ((n, cap), kind) in n.iter_mut().zip(cap.iter_mut()).zip(Mischief::ALL) {
        *n = free.count(kind);
        *cap = caps.count(kind).min(*n);
    }
    if n == cap {
        return Ok(None);
    }
    // binomial[i][c] = C(n[i], c) for c up to cap[i] (at most C(30, 15),
    // well within `u64`; each step is exact).
    let mut binomial = [[0u64; MISCHIEF_CARDS + 1]; KINDS];
    for (row, (&n, &cap)) in binomial.iter_mut().zip(n.iter().zip(&cap)) {
        let mut value: u64 = 1;
        for (c, slot) in row.iter_mut().enumerate().take(cap + 1) {
            *slot = value;
            value = value.saturating_mul(n.saturating_sub(c) as u64) / (c as u64 + 1);
        }
    }
    let ways_of = |i: usize, c: usize| binomial.get(i).and_then(|row| row.get(c)).copied();
    // ways[i][s]: choices of s cards from the kinds i.. within their caps.
    let mut ways = [[0u64; MISCHIEF_CARDS + 1]; KINDS + 1];
    if let Some(first) = ways.get_mut(KINDS).and_then(|row| row.first_mut()) {
        *first = 1;
    }
    for i in (0..KINDS).rev() {
        let (done, todo) = ways.split_at_mut(i + 1);
        let (Some(row), Some(after)) = (done.last_mut(), todo.first()) else {
            continue;
        };
        let cap_i = cap.get(i).copied().unwrap_or(0);
        for (s, slot) in row.iter_mut().enumerate().take(size + 1) {
            let mut total: u64 = 0;
            for c in 0..=cap_i.min(s) {
                let w = ways_of(i, c).unwrap_or(0);
                let rest = after.get(s - c).copied().unwrap_or(0);
                total = total.saturating_add(w.saturating_mul(rest));
            }
            *slot = total;
        }
    }
    let all = ways
        .first()
        .and_then(|row| row.get(size))
        .copied()
        .unwrap_or(0);
    let all = u32::try_from(all).map_err(|_| impossible)?;
    if all == 0 {
        return Err(impossible);
    }
    let mut pick = u64::from(crate::rng::below(rng, all));
    let mut counts = [0usize; KINDS];
    let mut left = size;
    for (i, slot) in counts.iter_mut().enumerate() {
        let cap_i = cap.get(i).copied().unwrap_or(0);
        for c in 0..=cap_i.min(left) {
            let rest = ways
                .get(i + 1)
                .and_then(|row| row.get(left - c))
                .copied()
                .unwrap_or(0);
            let w = ways_of(i, c).unwrap_or(0).saturating_mul(rest);
            if pick < w {
                // `pick` is uniform below C(n, c) * rest: its remainder is
                // uniform below `rest`, for the kinds that follow.
                pick = pick.checked_rem(rest).unwrap_or(0);
                *slot = c;
                left -= c;
                break;
            }
            pick -= w;
        }
    }
    if left != 0 {
        return Err(impossible);
    }
    Ok(Some(counts))
}

/// The games neither in play nor scored, shuffled into a deck of the size
/// the view shows and a box of two.
fn deal_mini_games(
    view: &View,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(ArrayVec<MiniGame, MINI_GAMES>, ArrayVec<MiniGame, REMOVED>), SampleError> {
    let mut seen = [false; MINI_GAMES];
    let in_play = view.booths.iter().flatten().map(|b| b.game);
    for game in in_play.chain(view.finished.iter().copied()) {
        match seen.get_mut(game.index()) {
            Some(slot) if !*slot => *slot = true,
            _ => return Err(SampleError::Impossible("a Mini Game is in two places")),
        }
    }
    let mut unseen: ArrayVec<MiniGame, MINI_GAMES> = array_vec(
        MiniGame::ALL
            .into_iter()
            .filter(|g| seen.get(g.index()) == Some(&false)),
    );
    if Some(unseen.len()) != view.mini_games_left.checked_add(REMOVED) {
        return Err(SampleError::Impossible(
            "the Mini Games left do not fill the deck and the box",
        ));
    }
    crate::rng::shuffle(rng, &mut unseen);
    let mut deck: ArrayVec<MiniGame, MINI_GAMES> = ArrayVec::new();
    let mut removed: ArrayVec<MiniGame, REMOVED> = ArrayVec::new();
    for (i, game) in unseen.into_iter().enumerate() {
        let full = if i < REMOVED {
            removed.try_push(game).is_err()
        } else {
            deck.try_push(game).is_err()
        };
        if full {
            return Err(SampleError::Impossible("too many Mini Games"));
        }
    }
    Ok((deck, removed))
}
