//! What a seat remembers of the hidden Mischief cards beyond its view.

use super::config::MAX_PLAYERS;
use super::event::Event;
use super::mischief::{CardCounts, Mischief};
use super::view::View;
use crate::{Player, Seat};

/// What one seat saw of the hidden Mischief cards that its [`View`] no
/// longer shows, and that still tells hidden places apart. Nothing here is
/// shown at the table; a user interface may ignore it.
///
/// Two things, both kept as facts that are certainly true (where a fact
/// would turn into an "either this or that", it is weakened to what stays
/// certain; see the ruling "Fayre: what a seat remembers"):
///
/// - **Cards a player is known to hold** ([`Memory::known`]): a card stolen
///   from this seat is in the thief's hand. The fact wears off as the holder
///   gives cards away: one fewer of a kind for each card of that kind the
///   holder plays or discards (face up), or that this seat steals from them;
///   one fewer of every kind when someone else steals an unseen card from
///   them.
/// - **What the draw pile can still hold** ([`Memory::draw_pile_from`]):
///   after a reshuffle of the face-up discard pile, the new draw pile holds
///   exactly those cards; each card this seat draws from it leaves it. A
///   card another player draws is not known, so the pile holds some of
///   these cards (as many as its size says), and no other.
///
/// Built only from the seat's views and the events as redacted for it
/// ([`Sample::remember`](crate::Sample::remember)); the default is the
/// memory at the start of a game.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Memory {
    /// By seat: Mischief cards this seat knows that player holds (never
    /// its own hand, which its view shows).
    pub known: [CardCounts; MAX_PLAYERS],
    /// After a reshuffle this seat watched: the cards the Mischief draw
    /// pile may hold (the reshuffled discard pile, less the cards this seat
    /// drew from it). `None` before any reshuffle, and while the pile is
    /// empty.
    pub draw_pile_from: Option<CardCounts>,
}

impl Memory {
    /// The cards `seat` knows `player` holds (none for an unseated player).
    pub fn known_hand(&self, player: Player) -> CardCounts {
        self.known.get(player.index()).copied().unwrap_or_default()
    }

    /// Takes in one `apply`, as `seat` saw it (see
    /// [`Sample::remember`](crate::Sample::remember)).
    pub(super) fn remember(&mut self, seat: Seat, before: &View, events: &[Event], after: &View) {
        let me = seat.at_table(after.scores.len()).player();
        let mut discard = before.mischief_discard;
        for event in events {
            match *event {
                Event::Played { player, card } | Event::Discarded { player, card } => {
                    discard.add(card);
                    self.gives_away(player, Some(card));
                }
                Event::MischiefReshuffled { .. } => {
                    self.draw_pile_from = Some(discard);
                    discard = CardCounts::default();
                }
                Event::Drew {
                    player,
                    card: Some(card),
                } if Some(player) == me => {
                    if let Some(pile) = self.draw_pile_from.as_mut() {
                        pile.remove(card);
                    }
                }
                Event::Stole {
                    thief,
                    victim,
                    card,
                } => {
                    if Some(victim) == me {
                        if let (Some(card), Some(hand)) = (card, self.known.get_mut(thief.index()))
                        {
                            hand.add(card);
                        }
                    } else {
                        self.gives_away(victim, card);
                    }
                }
                _ => {}
            }
        }
        if after.mischief_draw_pile == 0 {
            self.draw_pile_from = None;
        }
    }

    /// `player` gave away a card: `card` if this seat saw which, otherwise
    /// any one of its cards.
    fn gives_away(&mut self, player: Player, card: Option<Mischief>) {
        let Some(hand) = self.known.get_mut(player.index()) else {
            return;
        };
        match card {
            Some(card) => {
                hand.remove(card);
            }
            None => {
                for kind in Mischief::ALL {
                    hand.remove(kind);
                }
            }
        }
    }
}
