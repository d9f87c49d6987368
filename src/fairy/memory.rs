//! What a seat remembers of the pile: the cards it saw revealed and then
//! covered.

use arrayvec::ArrayVec;

use super::cards::{Card, DECK_SIZE};
use super::event::Event;
use super::view::View;

/// Most cards a pile can hold under its face-up card: the whole deck but the
/// top card.
pub(super) const MAX_COVERED: usize = DECK_SIZE - 1;

/// What a seat of Fairy remembers beyond its [`View`](super::View): the
/// covered cards of the pile that it saw revealed.
///
/// The rules let a player look only at the top card of the pile, so the view
/// shows only that card (see `docs/RULINGS.md`, "Fairy: what a player sees
/// of the pile"). But every card was flipped face up in front of the whole
/// table before it was covered, and a player may remember what it saw: those
/// cards are not in the deck. This memory keeps them, for the sampler and
/// for bots; a user interface shows the view and need not display it.
///
/// It is built from the [`Event::Revealed`] events the seat received (every
/// seat, the spectator included, receives them unredacted): each reveal
/// covers its `previous` card. A seat that watched from the start remembers
/// the whole covered pile; one that joined late (starting from
/// `Memory::default()`) remembers only the cards covered since, which are
/// the top of the covered pile. A seat that missed an `apply` (its views
/// before and after the next one it receives do not follow from its reveals)
/// forgets the covered pile and goes on as a late seat, rather than keep a
/// pile with a hole in it.
///
/// Nothing else a seat saw constrains a hidden place in Fairy: the scores,
/// the fairies seen and who has guessed are in the view, and the other
/// players' guesses of past turns were scored in the open and constrain no
/// card still hidden.
///
/// ```
/// use fairy_ring::fairy::State;
/// use fairy_ring::{Game, InfoState, Player, Seat};
/// # use rand_core::SeedableRng;
///
/// let mut state = State::builder(2).pile_top(7).top_of_deck([19]).build()?;
/// let seat = Seat::Player(Player(0));
/// let mut info = InfoState::<State>::new(seat, state.view_for(seat));
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
/// for player in [Player(0), Player(1)] {
///     let events = state.apply(player, "higher".parse()?, &mut rng)?;
///     info.observe(&State::redact_all(&events, seat), state.view_for(seat));
/// }
/// // 19 is face up and covers 7: the view no longer shows 7, the memory does.
/// assert_eq!(info.view.top_card.number(), 19);
/// let covered: Vec<u8> = info.memory.covered.iter().map(|c| c.number()).collect();
/// assert_eq!(covered, [7]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Memory {
    /// The covered cards the seat saw, in the order they were covered (the
    /// lowest first). They lie just under the face-up card: the last one is
    /// the card right under it, and any covered card the seat did not see
    /// lies below the first.
    pub covered: ArrayVec<Card, MAX_COVERED>,
}

/// Copies card by card: `ArrayVec`'s own `clone` collects, and its capacity
/// check is a panic path the optimizer keeps.
impl Clone for Memory {
    fn clone(&self) -> Memory {
        let mut covered = ArrayVec::new();
        for &card in &self.covered {
            if covered.try_push(card).is_err() {
                break;
            }
        }
        Memory { covered }
    }
}

impl Memory {
    /// Takes in the events of one `apply`, as redacted for the seat, with
    /// the seat's views before and after it.
    ///
    /// The reveals must continue the pile the seat last saw: each covers the
    /// card face up before it (`before`'s top card for the first), and the
    /// pile ends at `after`'s top card; with no reveal, `before` and `after`
    /// show the same top card and deck. Anything else means the seat missed
    /// an `apply` (a dropped message) and the cards covered meanwhile are
    /// unknown: the memory forgets the pile below the gap and keeps only
    /// what the seat saw from then on, as a seat that joined late does.
    /// That is sound: a late seat's samples redraw the covered cards it did
    /// not see.
    pub(super) fn observe(&mut self, before: &View, events: &[Event], after: &View) {
        let mut top = before.top_card;
        let mut revealed = false;
        for event in events {
            if let Event::Revealed { card, previous } = *event {
                if previous != top {
                    self.covered.clear();
                }
                // A pile covers at most 20 cards, and each reveal covers one
                // more: a full memory means events from another game, and is
                // forgotten rather than kept wrong.
                if self.covered.try_push(previous).is_err() {
                    self.covered.clear();
                }
                top = card;
                revealed = true;
            }
        }
        let continues = top == after.top_card
            && (revealed || before.cards_left == after.cards_left)
            && self.covered.len() <= MAX_COVERED.saturating_sub(after.cards_left);
        if !continues {
            self.covered.clear();
        }
    }
}
