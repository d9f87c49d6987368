//! What happened during a move, for animating it without diffing states.

use super::cards::Card;
use super::config::Direction;
use crate::game::push_event;
use crate::{Events, Player, PlayerSet, Seat};

/// Something that happened in a game of Fairy Season.
///
/// Cards drawn and cards chosen to pass are seen only by their owner; cards
/// passed by a Goblin, and the cards of hands swapped by a Goblin, only by
/// the giver and the receiver. Everything else is public (the Swarm and
/// every Stash are face up). Every card a player comes to see during
/// `apply` is named to them in an event (the opening deal is the view's).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// A card went from a hand onto the Swarm.
    Played {
        /// Who played it (out of turn for a Royal in the window).
        player: Player,
        /// The card.
        card: Card,
    },
    /// A player did not follow.
    Flunked {
        /// Who flunked.
        player: Player,
    },
    /// A player let the Royal window go by.
    Passed {
        /// Who passed.
        player: Player,
    },
    /// A player drew a card; `card` is `None` for everyone but the drawer.
    Drew {
        /// Who drew.
        player: Player,
        /// The card, for the drawer only.
        card: Option<Card>,
    },
    /// The last card of the deck was drawn: this is the final Swarm.
    DeckEmpty,
    /// A card went from a hand onto its owner's Stash.
    Stashed {
        /// Whose hand and Stash.
        player: Player,
        /// The card.
        card: Card,
    },
    /// The Matching Bonus was declined.
    BonusSkipped {
        /// Who declined it.
        player: Player,
    },
    /// A Goblin put a Fairy from the Swarm onto a Stash.
    Grabbed {
        /// Whose Stash.
        player: Player,
        /// The Fairy.
        card: Card,
    },
    /// A Goblin moved the top card of a rival's Stash onto the player's.
    Stole {
        /// The thief.
        player: Player,
        /// The rival robbed.
        from: Player,
        /// The card.
        card: Card,
    },
    /// A Goblin played the top Fairy of a Stash onto the Swarm.
    Robbed {
        /// Who played the Goblin.
        player: Player,
        /// Whose Stash it came from.
        from: Player,
        /// The Fairy.
        card: Card,
    },
    /// Two players exchanged hands; the cards follow as
    /// [`SwappedCards`](Event::SwappedCards), first those `player` got, then
    /// those `rival` got.
    HandsSwapped {
        /// Who played the Goblin.
        player: Player,
        /// The rival.
        rival: Player,
    },
    /// Up to [`SWAPPED_CARDS`](Event::SWAPPED_CARDS) cards of a swapped hand
    /// reached their new owner, after [`HandsSwapped`](Event::HandsSwapped),
    /// in the order of the new hand (card-identity order). The cards are
    /// named only to the two players; everyone else sees how many.
    SwappedCards {
        /// The former owner.
        from: Player,
        /// The new owner.
        to: Player,
        /// How many cards (1 to [`SWAPPED_CARDS`](Event::SWAPPED_CARDS)).
        count: u8,
        /// The cards, the first `count` places, for the two players only;
        /// `None` past `count` and for everyone else.
        cards: [Option<Card>; Event::SWAPPED_CARDS],
    },
    /// Everyone is about to pass cards this way.
    DirectionChosen {
        /// Who chose.
        player: Player,
        /// Which way.
        direction: Direction,
    },
    /// A player chose a card to pass; the card is shown only to them.
    Chose {
        /// Who chose.
        player: Player,
        /// The card, for that player only.
        card: Option<Card>,
    },
    /// A card changed hands; shown only to the two players involved.
    CardPassed {
        /// The giver.
        from: Player,
        /// The receiver.
        to: Player,
        /// The card, for the giver and receiver only.
        card: Option<Card>,
    },
    /// The Swarm ended; its cards went onto the winner's Stash in order.
    SwarmWon {
        /// The last player to play, or `None` if the Swarm was empty.
        winner: Option<Player>,
        /// How many cards it held.
        cards: usize,
    },
    /// A player has all four Royal Fairies in their Stash and wins at once.
    RoyalWin {
        /// The winner.
        player: Player,
    },
    /// The game is over.
    GameOver {
        /// Who shares the victory.
        winners: PlayerSet,
    },
}

impl Event {
    /// The most cards one [`SwappedCards`](Event::SwappedCards) names: a
    /// swapped hand comes in as few events as it takes (at most 23 for both
    /// hands of a swap), and an `Event` stays small.
    pub const SWAPPED_CARDS: usize = 4;

    /// The event as `seat` may see it.
    pub fn redacted(&self, seat: Seat) -> Event {
        let sees = |p: Player| seat == Seat::Player(p);
        match *self {
            Event::Drew { player, card } => Event::Drew {
                player,
                card: card.filter(|_| sees(player)),
            },
            Event::Chose { player, card } => Event::Chose {
                player,
                card: card.filter(|_| sees(player)),
            },
            Event::CardPassed { from, to, card } => Event::CardPassed {
                from,
                to,
                card: card.filter(|_| sees(from) || sees(to)),
            },
            Event::SwappedCards {
                from,
                to,
                count,
                cards,
            } => Event::SwappedCards {
                from,
                to,
                count,
                cards: if sees(from) || sees(to) {
                    cards
                } else {
                    [None; Event::SWAPPED_CARDS]
                },
            },
            other => other,
        }
    }
}

/// Names the cards of `hand`, just swapped from `from` to `to`, in
/// [`Event::SwappedCards`] events of up to [`Event::SWAPPED_CARDS`] each.
pub(super) fn push_swapped(from: Player, to: Player, hand: &[Card], events: &mut Events<Event>) {
    for chunk in hand.chunks(Event::SWAPPED_CARDS) {
        let mut cards = [None; Event::SWAPPED_CARDS];
        for (slot, &card) in cards.iter_mut().zip(chunk) {
            *slot = Some(card);
        }
        let count = chunk.len() as u8;
        push_event(
            events,
            Event::SwappedCards {
                from,
                to,
                count,
                cards,
            },
        );
    }
}
