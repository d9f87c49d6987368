//! What each move of Fairy Season reveals to whom: the game's statement for
//! the event oracle ([`Twins::twin_move`]).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::Action;
use super::cards::{Card, DECK_SIZE};
use super::event::Event;
use super::setup::{Setup, SetupError};
use super::state::State;
use super::twin::redraw_choice;
use crate::testing::Twins;
use crate::{Game, Player, Seat};

/// Where a hidden card lies: a place in the deck, or in a hand.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Slot {
    /// The deck, at this index (top card last).
    Deck(usize),
    /// This player's hand, at this index.
    Hand(usize, usize),
}

/// Where `card` lies in the deck or a hand of `setup`, if it lies there.
fn find(setup: &Setup, card: Card) -> Option<Slot> {
    if let Some(i) = setup.deck.iter().position(|&c| c == card) {
        return Some(Slot::Deck(i));
    }
    setup.hands.iter().enumerate().find_map(|(p, hand)| {
        let i = hand.iter().position(|&c| c == card)?;
        Some(Slot::Hand(p, i))
    })
}

fn at(setup: &mut Setup, slot: Slot) -> Option<&mut Card> {
    match slot {
        Slot::Deck(i) => setup.deck.get_mut(i),
        Slot::Hand(p, i) => setup.hands.get_mut(p).and_then(|hand| hand.get_mut(i)),
    }
}

/// Puts `card` back where it lies in `real`, swapping it with the card the
/// twin has there. Both places are among those the twin redrew (a card the
/// seat knows the place of is in that place in the twin already), so the
/// twin stays a position the seat cannot tell from the real one; a card
/// pinned earlier is never moved again (it is in its own place already).
fn pin(twin: &mut Setup, real: &Setup, card: Card) {
    let (Some(to), Some(from)) = (find(real, card), find(twin, card)) else {
        return;
    };
    if to == from {
        return;
    }
    let Some(displaced) = at(twin, to).map(|slot| core::mem::replace(slot, card)) else {
        return;
    };
    if let Some(slot) = at(twin, from) {
        *slot = displaced;
    }
}

/// The cards `event` shows `seat` under the rules (written from the
/// rulebook and the rulings, not read from the engine's redaction, which is
/// what the oracle checks): a card played, stashed, grabbed, stolen or
/// robbed to everyone; a card drawn or chosen to its player; a card passed
/// to its giver and receiver; a swapped hand to the two players.
fn shown(event: &Event, seat: Seat) -> impl Iterator<Item = Card> {
    let sees = |p: Player| seat == Seat::Player(p);
    let none = [None; Event::SWAPPED_CARDS];
    let (one, swapped) = match *event {
        Event::Played { card, .. }
        | Event::Stashed { card, .. }
        | Event::Grabbed { card, .. }
        | Event::Stole { card, .. }
        | Event::Robbed { card, .. } => (Some(card), none),
        Event::Drew { player, card } | Event::Chose { player, card } if sees(player) => {
            (card, none)
        }
        Event::CardPassed { from, to, card } if sees(from) || sees(to) => (card, none),
        Event::SwappedCards {
            from, to, cards, ..
        } if sees(from) || sees(to) => (None, cards),
        _ => (None, none),
    };
    one.into_iter().chain(swapped.into_iter().flatten())
}

impl State {
    /// The twin of [`Twins::twin_move`], whose doc states what each move
    /// of this game reveals to whom.
    pub(super) fn reveal_twin(
        &self,
        seat: Seat,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Action), SetupError> {
        let seat = seat.at_table(self.players());
        let real = self.to_setup();
        let mut twin = self.twin(seat, rng)?.to_setup();
        let mut after = *self;
        // The real move, to see which cards it moves where. `apply` uses no
        // chance; a move refused here is refused in the twin too, and the
        // oracle reports it.
        let events = after.apply(player, action, rng).unwrap_or_default();
        let mut cards: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
        for card in events.iter().flat_map(|event| shown(event, seat)) {
            let _ = cards.try_push(card);
            pin(&mut twin, &real, card);
        }
        // The giver who passes to the seat keeps its choice; everyone
        // else's is drawn anew among their twin hands.
        let own = seat.player();
        let gives_to_seat = |giver: Player| {
            events.iter().any(|event| {
                matches!(*event, Event::CardPassed { from, to, .. }
                    if from == giver && own == Some(to))
            })
        };
        for (i, (chosen, hand)) in twin.chosen.iter_mut().zip(&twin.hands).enumerate() {
            let other = Player(i as u8);
            if own == Some(other) || chosen.is_empty() {
                continue;
            }
            *chosen = match real.chosen.get(i) {
                Some(kept) if gives_to_seat(other) => kept.clone(),
                _ => redraw_choice(hand, chosen.len(), rng),
            };
        }
        let twin = State::from_setup(twin)?;
        let twin_action = match action {
            Action::Give(card) if !cards.contains(&card) => {
                let legal = twin.legal_actions(player);
                crate::rng::choose(rng, &legal).copied().unwrap_or(action)
            }
            _ => action,
        };
        Ok((twin, twin_action))
    }
}
