//! What a seat remembers of Fairy Season beyond its view.

use super::cards::{Card, DECK_SIZE};
use super::config::MAX_PLAYERS;
use super::event::Event;
use super::state::State;
use super::view::View;
use crate::{List, Player, PlayerSet, Seat};

/// One card a seat has held that now lies in a hand it cannot see.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Whereabouts {
    /// The card.
    pub card: Card,
    /// The players one of whom holds it in hand.
    pub holders: PlayerSet,
}

/// What a seat of Fairy Season remembers that its [`View`] does not show:
/// the cards it has held that went, face down, into other players' hands.
///
/// A seat sees every card it holds. A card leaves its hand face up (played,
/// stashed: the Swarm and every Stash are public) or face down into a
/// rival's hand: passed with a Dizzy-style Goblin, or as the seat's old hand
/// given away in a Trickster-style swap. The deck never takes a card back,
/// so such a card stays in some hand until it is played or stashed. The
/// memory keeps, for each of those cards, the hands it may be in now:
///
/// - a card the seat passed, or its old hand after a swap: the receiver's;
/// - after a swap between two other players, their hands trade places;
/// - after a swap the seat took part in, the seat saw the rival's whole old
///   hand, so a remembered card that did not come to the seat was not there;
/// - after a pass of cards around the table, a remembered card may have
///   moved on with each hand that passed: its holders gain the receivers
///   of their passes (not the seat: what it receives it sees);
/// - a card that comes into view (the seat's hand, the Swarm, a Stash) is
///   forgotten; a player with an empty hand holds none.
///
/// The memory does not keep how many remembered cards a pass could carry
/// together (a hand that passed two cards moved at most two of them): each
/// card's holders are kept apart (RULINGS "what a seat remembers"). A
/// spectator never holds a card and remembers nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Memory {
    cards: List<Whereabouts, DECK_SIZE>,
}

impl Memory {
    /// No remembered card: the memory at the start of a game.
    pub fn new() -> Memory {
        Memory::default()
    }

    /// The players one of whom holds `card`, if the seat remembers it.
    pub fn holders(&self, card: Card) -> Option<PlayerSet> {
        self.cards
            .iter()
            .find(|w| w.card == card)
            .map(|w| w.holders)
    }

    /// Every remembered card, in the order they were first remembered.
    pub fn cards(&self) -> &[Whereabouts] {
        &self.cards
    }

    /// How many cards are remembered.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// Whether no card is remembered.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty()
    }

    /// Remembers that one of `holders` holds `card` in hand (replacing what
    /// was remembered of it). For tools that restore or edit a memory.
    pub fn insert(&mut self, card: Card, holders: PlayerSet) {
        if let Some(w) = self.cards.iter_mut().find(|w| w.card == card) {
            w.holders = holders;
        } else {
            // At most 90 distinct cards: a full list holds every card.
            let _ = self.cards.push(Whereabouts { card, holders });
        }
    }

    /// Forgets `card`.
    pub fn forget(&mut self, card: Card) {
        self.cards.retain(|w| w.card != card);
    }

    /// Whether every remembered card is in the hand of one of its holders
    /// in `state`.
    pub fn agrees_with(&self, state: &State) -> bool {
        self.cards
            .iter()
            .all(|w| w.holders.iter().any(|p| state.hand(p).contains(&w.card)))
    }

    /// Takes in one `apply` as `seat` saw it (see [`crate::Sample::remember`]).
    pub(super) fn update(&mut self, seat: Seat, before: &View, events: &[Event], after: &View) {
        let _ = before;
        let Some(me) = seat.player() else {
            return;
        };
        // Swaps: named cards, in the order they happened.
        for event in events {
            match *event {
                Event::HandsSwapped { player, rival } if player == me || rival == me => {
                    // The seat saw the rival's whole hand come to it.
                    let other = if player == me { rival } else { player };
                    self.without(other);
                }
                Event::HandsSwapped { player, rival } => self.exchange(player, rival),
                Event::SwappedCards {
                    from, to, cards, ..
                } if from == me => {
                    for card in cards.iter().flatten() {
                        self.insert(*card, PlayerSet::only(to));
                    }
                }
                _ => {}
            }
        }
        // A pass around the table: each hand that gave cards may have given
        // any remembered card it held.
        let mut gave: [Option<Player>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        for event in events {
            if let Event::CardPassed { from, to, .. } = *event
                && let Some(slot) = gave.get_mut(from.index())
            {
                *slot = Some(to);
            }
        }
        if gave.iter().any(Option::is_some) {
            for w in self.cards.iter_mut() {
                let mut holders = w.holders;
                for p in w.holders {
                    if let Some(Some(to)) = gave.get(p.index()) {
                        holders.insert(*to);
                    }
                }
                w.holders = holders;
            }
            for event in events {
                if let Event::CardPassed {
                    from,
                    to,
                    card: Some(card),
                } = *event
                    && from == me
                {
                    self.insert(card, PlayerSet::only(to));
                }
            }
        }
        // What the seat sees is not hidden; empty hands hold nothing.
        let mut empty = PlayerSet::only(me);
        for (i, &size) in after.hand_sizes.iter().enumerate() {
            if size == 0 {
                empty.insert(Player(i as u8));
            }
        }
        for w in self.cards.iter_mut() {
            for p in empty {
                w.holders.remove(p);
            }
        }
        let visible = |card: &Card| {
            after.hand.contains(card)
                || after.swarm.contains(card)
                || after.stashes.iter().any(|s| s.contains(card))
        };
        self.cards.retain(|w| !visible(&w.card));
    }

    /// Removes `player` from every card's holders.
    fn without(&mut self, player: Player) {
        for w in self.cards.iter_mut() {
            w.holders.remove(player);
        }
    }

    /// `a` and `b` traded hands.
    fn exchange(&mut self, a: Player, b: Player) {
        for w in self.cards.iter_mut() {
            let (has_a, has_b) = (w.holders.contains(a), w.holders.contains(b));
            w.holders.remove(a);
            w.holders.remove(b);
            if has_a {
                w.holders.insert(b);
            }
            if has_b {
                w.holders.insert(a);
            }
        }
    }
}
