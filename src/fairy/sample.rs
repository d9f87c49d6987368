//! Positions drawn from what one seat knows: [`Sample`] for [`State`],
//! documented on the impl (shown on `State`'s page).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::cards::{Card, DECK_SIZE};
use super::config::MAX_PLAYERS;
use super::guess::Guess;
use super::memory::{MAX_COVERED, Memory};
use super::state::State;
use super::view::View;
use crate::{Game, InfoState, Player, PlayerSet, Sample, SampleError, Seat};

/// Positions drawn from what one seat of Fairy knows.
///
/// What a seat of Fairy knows is its [`View`](super::View) (the face-up card,
/// how many cards are left and how many fairies have appeared, the scores,
/// who has guessed, its own guess, the stage) and its [`Memory`] (the covered
/// cards it saw revealed, in order). A sample keeps all of that and redraws
/// the rest:
///
/// - **The face-down deck**: the cards that are neither face up nor
///   remembered, in a uniformly random order.
/// - **Covered cards the seat did not see** (only for a seat that joined
///   late, whose memory is shorter than the covered pile): they lie below the
///   remembered ones, and are drawn from the same unplaced cards, with
///   exactly as many fairies as the view's fairy count leaves for them.
///   Each way to fill these places and the deck is equally likely: the
///   fairies for the covered places are a uniform choice among the unplaced
///   fairies, the other covered cards a uniform choice among the unplaced
///   cards without a fairy, and both piles are shuffled.
/// - **The other players' guesses this turn**, for exactly the players who
///   have guessed: each uniformly among the four gestures (all four are
///   always legal). A player seat keeps its own guess; the spectator's
///   sample redraws every guess.
///
/// What is not used: the scores and the guesses scored in earlier turns.
/// They are public and kept as they are, but they are not used to weight the
/// sample (no guess is taken as a hint of what a player expected), and for a
/// late seat they are not used to rule out covered cards that the past
/// scores would make unlikely or impossible: the sample is uniform among
/// positions, not among histories (see `docs/RULINGS.md`, "Fairy: what a
/// sample keeps and redraws").
///
/// So **a late seat's samples can contradict what the scores prove.** In a
/// game started by [`State::new`](crate::Game::new) the scores are the
/// history of the covered cards (a +4 proves two cards shared a suit), and a
/// sample may put other cards in the covered places the seat did not see.
/// Such a sample still shows the seat's view and agrees with its memory. A
/// seat that saw every reveal remembers the whole covered pile and is free
/// of this. The scores are left out by design: positions made with
/// [`State::builder`] or a [`Setup`](super::Setup) have scores no history
/// explains. A seat that missed an `apply` forgets the covered pile (see
/// [`Memory`]) and so becomes such a late seat.
///
/// The sample is built directly as a position: every card is placed once by
/// construction, and the scores, stage and guesses go through the checks
/// `from_setup` makes; then its view is compared with the one it was drawn
/// from. Anything the checks miss (an edited stage, score or guess) is a
/// [`SampleError::Impossible`], never a panic. No heap is used.
impl Sample for State {
    type Memory = Memory;

    fn remember(
        memory: &mut Memory,
        _seat: Seat,
        before: &View,
        events: &[super::Event],
        after: &View,
    ) {
        memory.observe(before, events, after);
    }

    fn sample(
        config: &super::Config,
        info: &InfoState<State>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<State, SampleError> {
        let state = draw(config, info, rng)?;
        if state.view_for(info.seat) != info.view {
            return Err(SampleError::Impossible(
                "the view does not follow from any position",
            ));
        }
        Ok(state)
    }

    /// Whether the covered cards just under the face-up card are the ones
    /// `memory` holds, in the same order. Every seat sees the same reveals,
    /// so `seat` makes no difference.
    fn agrees(&self, _seat: Seat, memory: &Memory) -> bool {
        let covered = self
            .face_up()
            .split_last()
            .map_or(&[][..], |(_, rest)| rest);
        covered.ends_with(&memory.covered)
    }
}

/// Cards of one kind not yet placed: a pile of at most the whole deck.
type Pool = ArrayVec<Card, DECK_SIZE>;

/// The sample, after checking that the view and memory fit `config` and
/// each other, before its view is compared.
fn draw(
    config: &super::Config,
    info: &InfoState<State>,
    rng: &mut (impl Rng + ?Sized),
) -> Result<State, SampleError> {
    let view = &info.view;
    let seat = info.seat;
    config
        .validate()
        .map_err(|_| SampleError::Config("the config seats no game of Fairy"))?;
    let players = usize::from(config.players);
    if seat.at_table(players) != seat {
        return Err(SampleError::Config("the seat is not at the table"));
    }
    if view.seat != seat {
        return Err(SampleError::Config("the view belongs to another seat"));
    }
    if view.variant != config.variant {
        return Err(SampleError::Config("the view is of another variant"));
    }
    if view.scores.len() != players {
        return Err(SampleError::Config(
            "the view has scores for another number of players",
        ));
    }
    let deck = &config.deck;
    if view.fairies_total != deck.fairy_count()
        || view.top_suit != deck.suit(view.top_card)
        || view.top_fairy != deck.has_fairy(view.top_card)
    {
        return Err(SampleError::Config(
            "the view's cards are printed otherwise",
        ));
    }

    // The pile: unseen covered cards, the remembered ones, the face-up card.
    let covered = MAX_COVERED
        .checked_sub(view.cards_left)
        .ok_or(SampleError::Impossible(
            "more cards left than the deck holds",
        ))?;
    let remembered = &info.memory.covered;
    let unseen = covered
        .checked_sub(remembered.len())
        .ok_or(SampleError::Impossible(
            "more cards remembered than the pile covers",
        ))?;
    let mut placed = [false; DECK_SIZE];
    let mut known_fairies = 0;
    for &card in remembered.iter().chain([&view.top_card]) {
        match placed.get_mut(card.index()) {
            Some(slot) if !*slot => *slot = true,
            _ => return Err(SampleError::Impossible("a card is in the pile twice")),
        }
        known_fairies += usize::from(deck.has_fairy(card));
    }
    let unseen_fairies =
        view.fairies_seen
            .checked_sub(known_fairies)
            .ok_or(SampleError::Impossible(
                "the pile shows more fairies than have appeared",
            ))?;

    // The cards still to place, with and without a fairy.
    let mut fairies = Pool::new();
    let mut plain = Pool::new();
    for (card, placed) in Card::ALL.into_iter().zip(placed) {
        if !placed {
            let pool = if deck.has_fairy(card) {
                &mut fairies
            } else {
                &mut plain
            };
            // At most the whole deck: never refused.
            let _ = pool.try_push(card);
        }
    }
    let unseen_plain = unseen
        .checked_sub(unseen_fairies)
        .filter(|&n| unseen_fairies <= fairies.len() && n <= plain.len())
        .ok_or(SampleError::Impossible(
            "no covered cards fit the fairies that have appeared",
        ))?;

    // A uniform choice of the unseen covered cards of each kind, shuffled
    // together below the remembered ones; the rest is the deck, shuffled.
    choose_front(rng, &mut fairies, unseen_fairies);
    choose_front(rng, &mut plain, unseen_plain);
    let (bottom_fairies, deck_fairies) = fairies.split_at(unseen_fairies.min(fairies.len()));
    let (bottom_plain, deck_plain) = plain.split_at(unseen_plain.min(plain.len()));
    // The cards in the order they are flipped, as `State` keeps them. Every
    // card goes in once: 21 in all, never refused.
    let mut flipped = Pool::new();
    let _ = flipped.try_extend_from_slice(bottom_fairies);
    let _ = flipped.try_extend_from_slice(bottom_plain);
    if let Some(bottom) = flipped.get_mut(..unseen) {
        shuffle(rng, bottom);
    }
    let _ = flipped.try_extend_from_slice(remembered);
    let _ = flipped.try_push(view.top_card);
    let _ = flipped.try_extend_from_slice(deck_fairies);
    let _ = flipped.try_extend_from_slice(deck_plain);
    if let Some(face_down) = flipped.get_mut(covered + 1..) {
        shuffle(rng, face_down);
    }
    let cards = flipped
        .into_inner()
        .map_err(|_| SampleError::Impossible("the cards do not make a whole deck"))?;

    // Guesses: the seat's own as its view shows it, the others' redrawn.
    let own = seat.player();
    let mut guesses = [None; MAX_PLAYERS];
    for (index, slot) in (0..config.players).zip(&mut guesses) {
        let player = Player(index);
        *slot = if !view.guessed.contains(player) {
            None
        } else if own == Some(player) {
            Some(view.own_guess.ok_or(SampleError::Impossible(
                "the seat has guessed but its view shows no guess",
            ))?)
        } else {
            crate::rng::choose(rng, &Guess::ALL).copied()
        };
    }
    let mut scores = [0; MAX_PLAYERS];
    for (slot, &score) in scores.iter_mut().zip(&view.scores) {
        *slot = score;
    }

    // The fairies on the pile are the view's count, by the choice above.
    let state = State {
        config: *config,
        cards,
        top: covered as u8,
        scores,
        guesses,
        waiting: PlayerSet::EMPTY,
        fairies_seen: view.fairies_seen as u8,
        fairies_total: deck.fairy_count() as u8,
        stage: view.stage,
    };
    state
        .validated()
        .map_err(|_| SampleError::Impossible("the scores, guesses and stage are no position"))
}

/// Shuffles `items`: every order equally likely (a whole Fisher-Yates
/// shuffle, with no index that could panic).
///
/// Not [`crate::rng::shuffle`]: that one runs from the back and gives other
/// orders for the same generator state (the same draws, differently placed),
/// so using it would change every sample, and the search bots' play, for a
/// given seed. This one shares its steps with [`choose_front`], which the
/// partial choice of the unseen covered cards needs anyway.
fn shuffle<T>(rng: &mut (impl Rng + ?Sized), items: &mut [T]) {
    choose_front(rng, items, items.len());
}

/// Moves a uniform choice of `count` items of `items` to its front, in a
/// uniform order (the first `count` steps of a Fisher-Yates shuffle).
fn choose_front<T>(rng: &mut (impl Rng + ?Sized), items: &mut [T], count: usize) {
    for i in 0..count {
        let Some((first, rest)) = items.get_mut(i..).and_then(<[T]>::split_first_mut) else {
            return;
        };
        // 0 keeps `first` in place; 1.. swaps it with one of the rest.
        let j = crate::rng::index(rng, rest.len() + 1);
        if let Some(other) = j.checked_sub(1).and_then(|k| rest.get_mut(k)) {
            core::mem::swap(first, other);
        }
    }
}
