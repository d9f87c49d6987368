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
///   from this seat is in the thief's hand; and when another player takes
///   no Mischief action holding cards while exactly one kind of card has no
///   target (in practice: every pool is empty, so the pool re-roll has
///   none), their whole hand is of that kind. The fact wears off as the holder
///   gives cards away: one fewer of a kind for each card of that kind the
///   holder plays or discards (face up), or that this seat steals from them;
///   one fewer of every kind when someone else steals an unseen card from
///   them.
/// - **Where the reshuffled cards are** ([`Memory::draw_pile_from`] and
///   [`Memory::drawn`]): after a reshuffle of the face-up discard pile, the
///   new draw pile holds exactly those cards; each card this seat draws
///   from it leaves it, and each card another player draws from it goes to
///   that player's hand. So the pile, together with the cards the others
///   drew from it and still hold, are cards of the reshuffled pile (less
///   this seat's draws). A drawer is certain to still hold as many of them
///   as it drew, less one for each card it has given away since (played,
///   discarded or stolen: it may have been one of them), unless the card
///   was seen and its kind is not among the reshuffled cards. A second
///   reshuffle starts afresh: the counts go back to 0, although drawers
///   may still hold cards of the first one (that fact is dropped).
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
    /// After a reshuffle this seat watched: the cards that the Mischief draw
    /// pile and the cards counted in [`drawn`](Memory::drawn) are among (the
    /// reshuffled discard pile, less the cards this seat drew from it).
    /// `None` before any reshuffle, and once the pile is empty and no card
    /// drawn from it is certainly held.
    pub draw_pile_from: Option<CardCounts>,
    /// By seat: cards the player drew from the pile since the reshuffle in
    /// [`draw_pile_from`](Memory::draw_pile_from) and is certain to still
    /// hold (0 for this seat, whose hand its view shows).
    pub drawn: [u8; MAX_PLAYERS],
}

impl Memory {
    /// The cards `seat` knows `player` holds (none for an unseated player).
    pub fn known_hand(&self, player: Player) -> CardCounts {
        self.known.get(player.index()).copied().unwrap_or_default()
    }

    /// How many cards drawn from the reshuffled pile `seat` knows `player`
    /// still holds (0 for an unseated player).
    pub fn drawn_by(&self, player: Player) -> usize {
        self.drawn
            .get(player.index())
            .map_or(0, |&n| usize::from(n))
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
                    self.drawn = [0; MAX_PLAYERS];
                    discard = CardCounts::default();
                }
                Event::Drew { player, card } => match self.draw_pile_from.as_mut() {
                    Some(pile) if Some(player) == me => {
                        if let Some(card) = card {
                            pile.remove(card);
                        }
                    }
                    Some(_) => {
                        if let Some(n) = self.drawn.get_mut(player.index()) {
                            *n = n.saturating_add(1);
                        }
                    }
                    None => {}
                },
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
                Event::NoMischief { player } if Some(player) != me => {
                    self.passed(player, before);
                }
                _ => {}
            }
        }
        if after.mischief_draw_pile == 0 && self.drawn.iter().all(|&n| n == 0) {
            self.draw_pile_from = None;
        }
    }

    /// `player` took no Mischief action in the position `before` shows:
    /// every card in their hand had no target there. When only one kind of
    /// card has no target, the whole hand is known; the cards they drew from
    /// the reshuffled pile are then of that kind, so they leave
    /// [`draw_pile_from`](Memory::draw_pile_from) as if seen.
    fn passed(&mut self, player: Player, before: &View) {
        let size = before.hand_size(player);
        let without = !before.playable_kinds() & ((1 << Mischief::ALL.len()) - 1);
        if size == 0 || without.count_ones() != 1 {
            return;
        }
        let Some(kind) = Mischief::ALL
            .into_iter()
            .find(|k| without & (1 << k.index()) != 0)
        else {
            return;
        };
        let (Some(hand), Some(drawn)) = (
            self.known.get_mut(player.index()),
            self.drawn.get_mut(player.index()),
        ) else {
            return;
        };
        let mut counts = [0; Mischief::ALL.len()];
        if let Some(n) = counts.get_mut(kind.index()) {
            *n = size;
        }
        if let Some(whole) = CardCounts::new(counts) {
            *hand = whole;
        }
        if let Some(from) = self.draw_pile_from.as_mut() {
            for _ in 0..*drawn {
                from.remove(kind);
            }
        }
        *drawn = 0;
    }

    /// `player` gave away a card: `card` if this seat saw which, otherwise
    /// any one of its cards. A seen card of a kind the reshuffled cards do
    /// not include was certainly not drawn from them, and leaves the count
    /// of drawn cards alone.
    fn gives_away(&mut self, player: Player, card: Option<Mischief>) {
        let maybe_drawn = match (card, self.draw_pile_from) {
            (Some(card), Some(from)) => from.count(card) > 0,
            _ => true,
        };
        if let Some(n) = self.drawn.get_mut(player.index()).filter(|_| maybe_drawn) {
            *n = n.saturating_sub(1);
        }
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
