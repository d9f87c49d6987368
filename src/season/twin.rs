//! Twins: positions one seat cannot tell apart, for the leak oracle
//! ([`Twins`]).
//!
//! A twin is built as data: the state's [`Setup`], with the hidden parts
//! redrawn uniformly, through [`State::from_setup`](crate::Game::from_setup).
//!
//! **Kept**, for every seat:
//! - the card data, the Swarm, every Stash, `last_played` and the phase (all
//!   face up: "Your Stash is always a single pile, and always face-up"; the
//!   Swarm is played face up);
//! - the size of every hand and of the deck (cards are counted as they are
//!   dealt, drawn, played, stashed and passed);
//! - how many cards each player has chosen to pass while passing (who is
//!   still choosing is public, and each choice is a public action whose card
//!   only the chooser sees, RULINGS "passing cards all at once").
//!
//! Also kept, for a player seat:
//! - its own hand, in its order, and the cards it has chosen to pass ("Deal
//!   five cards to each player (which they may look at)");
//! - when other hands may hold cards the seat has seen, the *contents* of
//!   every other hand. A seat knows the cards it passed with a Dizzy-style
//!   Goblin (RULINGS "passing cards all at once": a passed card is seen by
//!   giver and receiver) and its old hand after a Trickster-style swap, and
//!   the deck never takes a card back, so it knows none of those is in the
//!   deck. The state does not record which cards those were, so once a
//!   passing or swapping Goblin may have acted (one lies in the Swarm or a
//!   Stash, other than the one whose choice is being made now; a played
//!   Goblin never leaves them), no card moves between the deck and a hand.
//!   Before that, the seat has held only cards now in its hand or face up.
//!   A position loaded from a [`Setup`] is taken to have been played from a
//!   deal.
//!
//! **Redrawn:**
//! - for a player seat: the cards of the deck and of the other hands, dealt
//!   anew in the same sizes (or, once a passing or swapping Goblin may have
//!   acted, the deck's order and the order within each other hand, which
//!   nobody else sees: "at a table a hand can be rearranged at will",
//!   RULINGS "a swapped hand's order");
//! - for [`Seat::Spectator`]: the cards of the deck and of every hand, always
//!   (a spectator never held a card);
//! - which cards the others have chosen to pass (the same number, among the
//!   cards of their hand in the twin, in any order).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::Action;
use super::cards::{Card, CardKind, DECK_SIZE};
use super::config::{CardSet, GoblinEffect};
use super::setup::{Chosen, Setup, SetupError};
use super::state::{Phase, State};
use crate::testing::Twins;
use crate::{Game, Player, Seat};

/// Whether `card` is a Goblin that passes cards around or swaps hands under
/// `cards` (so that after it acts, another hand may hold cards a player saw).
fn moves_hands(cards: &CardSet, card: Card) -> bool {
    match card.kind() {
        CardKind::Goblin(goblin) => {
            matches!(
                cards.goblin(goblin),
                GoblinEffect::PassAround(n) if n > 0
            ) || cards.goblin(goblin) == GoblinEffect::SwapHands
        }
        _ => false,
    }
}

/// Whether a Goblin that passes cards or swaps hands may have acted before
/// this position: one lies in the Swarm or a Stash, not counting the
/// Swarm's top card while its own choice (aiming, passing, swapping) is
/// still open.
fn hands_may_have_moved(setup: &Setup) -> bool {
    let deciding = matches!(
        setup.phase,
        Phase::Aiming { .. } | Phase::Passing { .. } | Phase::Swapping { .. }
    );
    let below_top = if deciding {
        setup.swarm.len().saturating_sub(1)
    } else {
        setup.swarm.len()
    };
    let swarm = setup.swarm.get(..below_top).unwrap_or(&[]);
    swarm
        .iter()
        .chain(setup.stashes.iter().flatten())
        .any(|&card| moves_hands(&setup.cards, card))
}

/// A uniformly drawn `count` distinct cards of `hand`, in random order.
pub(super) fn redraw_choice(hand: &[Card], count: usize, rng: &mut (impl Rng + ?Sized)) -> Chosen {
    let mut cards: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
    let _ = cards.try_extend_from_slice(hand);
    let mut chosen = Chosen::new();
    // A partial Fisher-Yates: the first `count` places.
    for i in 0..count.min(cards.len()) {
        let j = i + crate::rng::index(rng, cards.len() - i);
        cards.swap(i, j);
        if let Some(&card) = cards.get(i) {
            let _ = chosen.try_push(card);
        }
    }
    chosen
}

impl Twins for State {
    /// What each move reveals to whom: a twin of this position and of
    /// `player`'s `action` in it that `seat` cannot tell from them, before
    /// the move nor by what the move shows it.
    ///
    /// Fairy Season hides the deck, the hands and the cards chosen to pass
    /// (see [`Twins::twin`]); `apply` uses no chance. What a move shows, by
    /// action kind:
    ///
    /// - **`Play`** (`Played`), **`Stash`** (`Stashed`), and a Goblin's
    ///   **`RobFrom`**, **`StealFrom`** (`Robbed`, `Stole`) and the Swarm it
    ///   grabs from (`Grabbed`): the card to everyone, face up.
    /// - **Draws** (a Fairy's ability, a drawing Goblin, **`BonusDraw`**, the
    ///   refill after a Swarm is won by **`Flunk`** or **`Pass`**): each card
    ///   to its drawer only (`Drew`); the others learn how many.
    /// - **`Give`** (`Chose`): the card to its chooser only; the others learn
    ///   that one more card was chosen. The last choice moves every chosen
    ///   card (`CardPassed`): each to its giver and its receiver only.
    /// - **`SwapWith`** (`HandsSwapped`, `SwappedCards`): both hands to the
    ///   two players; the others learn how many cards each holds.
    /// - **`Flunk`**, **`Pass`**, **`SkipBonus`**, **`PassTo`**: no card.
    ///
    /// So the twin is [`Twins::twin`] of the position with every card the
    /// move shows the seat by these rules put back where it lies now: a card
    /// played or stashed stays in its player's hand, a card the seat draws
    /// stays at its place in the deck, a card passed to the seat stays in its
    /// giver's hand, and the giver's chosen cards stay chosen, in order; a
    /// swapped hand stays as it is for the two players. The rest is redrawn
    /// as `twin` redraws it, and the others' choices to pass anew among
    /// their twin hands. The twin's move is `action`, but for a `Give` whose
    /// card the seat is not shown: then it is any card the chooser may give
    /// in the twin. Which cards a seat is shown is read from this list, not
    /// from the engine's redaction ([`Event::redacted`](super::Event::redacted)), which is what the
    /// oracle checks.
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Action), SetupError> {
        self.reveal_twin(seat, player, action, rng)
    }

    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<State, SetupError> {
        let mut setup = self.to_setup();
        let me = seat.at_table(self.players()).player();
        let is_other = |i: usize| me.is_none_or(|p| p.index() != i);
        if me.is_some() && hands_may_have_moved(&setup) {
            crate::rng::shuffle(rng, setup.deck.as_mut_slice());
            for (i, hand) in setup.hands.iter_mut().enumerate() {
                if is_other(i) {
                    crate::rng::shuffle(rng, hand.as_mut_slice());
                }
            }
        } else {
            let mut pool: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
            let _ = pool.try_extend_from_slice(&setup.deck);
            for (i, hand) in setup.hands.iter().enumerate() {
                if is_other(i) {
                    let _ = pool.try_extend_from_slice(hand);
                }
            }
            crate::rng::shuffle(rng, pool.as_mut_slice());
            let mut cards = pool.into_iter();
            for slot in setup.deck.iter_mut() {
                if let Some(card) = cards.next() {
                    *slot = card;
                }
            }
            for (i, hand) in setup.hands.iter_mut().enumerate() {
                if is_other(i) {
                    for slot in hand.iter_mut() {
                        if let Some(card) = cards.next() {
                            *slot = card;
                        }
                    }
                }
            }
        }
        for (i, (chosen, hand)) in setup.chosen.iter_mut().zip(&setup.hands).enumerate() {
            if is_other(i) && !chosen.is_empty() {
                *chosen = redraw_choice(hand, chosen.len(), rng);
            }
        }
        State::from_setup(setup)
    }
}
