//! What a seat remembers of a game of Fickle beyond its view.

use super::card::{CARDS_PER_FAMILY, Card};
use super::config::MAX_PLAYERS;
use super::event::{Event, Zone};
use super::family::{FAMILY_COUNT, Family};
use super::view::{Slot, View};
use crate::{Player, PlayerSet, Seat};

/// Words of a [`CardSet`]: one bit per card of the 22 Families.
const WORDS: usize = (FAMILY_COUNT * CARDS_PER_FAMILY).div_ceil(64);

/// A set of Fairy cards (any of the 22 Families), as a fixed bit set.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CardSet([u64; WORDS]);

impl CardSet {
    /// No cards.
    pub const EMPTY: CardSet = CardSet([0; WORDS]);

    fn bit(card: Card) -> Option<(usize, u64)> {
        let i = card.family.index() * CARDS_PER_FAMILY + usize::from(card.copy());
        (usize::from(card.copy()) < CARDS_PER_FAMILY && i < WORDS * 64)
            .then(|| (i / 64, 1 << (i % 64)))
    }

    /// Adds `card`.
    pub fn insert(&mut self, card: Card) {
        if let Some((w, b)) = Self::bit(card)
            && let Some(word) = self.0.get_mut(w)
        {
            *word |= b;
        }
    }

    /// Takes `card` out.
    pub fn remove(&mut self, card: Card) {
        if let Some((w, b)) = Self::bit(card)
            && let Some(word) = self.0.get_mut(w)
        {
            *word &= !b;
        }
    }

    /// Whether `card` is in the set.
    pub fn contains(&self, card: Card) -> bool {
        Self::bit(card).is_some_and(|(w, b)| self.0.get(w).is_some_and(|word| word & b != 0))
    }

    /// How many cards.
    pub fn len(&self) -> usize {
        self.0.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the set is empty.
    pub fn is_empty(&self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// The cards, Family by Family in [`Family::ALL`] order.
    pub fn iter(&self) -> impl Iterator<Item = Card> + '_ {
        self.0.iter().enumerate().flat_map(|(w, &word)| {
            let mut bits = word;
            core::iter::from_fn(move || {
                let b = bits.trailing_zeros() as usize;
                if b >= 64 {
                    return None;
                }
                bits &= bits - 1;
                let i = w * 64 + b;
                let family = Family::ALL.get(i / CARDS_PER_FAMILY)?;
                Card::new(*family, (i % CARDS_PER_FAMILY) as u8)
            })
        })
    }
}

impl FromIterator<Card> for CardSet {
    fn from_iter<I: IntoIterator<Item = Card>>(iter: I) -> CardSet {
        let mut set = CardSet::EMPTY;
        for card in iter {
            set.insert(card);
        }
        set
    }
}

/// What one seat saw of a game of Fickle that still tells hidden places
/// apart and that its [`View`] no longer shows; the seat's
/// [`InfoState`](crate::InfoState) is the view plus this. Built only from the
/// views and redacted events the seat was given
/// ([`Sample::remember`](crate::Sample::remember)); a user interface need not
/// show it.
///
/// The view forgets, and this keeps:
/// - cards the seat knows lie in the Dismiss pile (`dismissed`): its own
///   opening dismissal once everyone has committed, the cards of its Lineup
///   it dismissed or passed (and saw dismissed) once the round is over, the
///   Alliance Fairies dismissed in public by Dispel, Purge or Erase, and any
///   other card it saw go to the pile (Rule B: the pile is a count);
/// - after the Dismiss pile was shuffled into a new Fairy Deck, the cards
///   it remembered there (`in_deck`): each is still in the deck or went
///   face down to a place it could not see, and it keeps which (`holders`:
///   the players dealt unseen cards from the new deck, and those their
///   stacks were passed to; `in_dismiss`: whether one of those went unseen
///   to the Dismiss pile), and how many cards were drawn unseen since
///   (`drawn_unseen`), the most of them that can have left the deck. A card
///   it sees again leaves `in_deck` (the view or `dismissed` shows it);
/// - this round, the players whose face-down Fairy Transmute dismissed
///   (`transmuted`), who are out of the resolve order;
/// - this round, the players who kept a Fairy without seeing it while
///   Blinded (`kept_blind`), and the Fairy each player revealed
///   (`revealed`), which bound the Favor of the Fairies still face down in
///   the resolve order and place the players who revealed early (a Response
///   used from the kept Fairy).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Memory {
    /// Cards known to lie in the Dismiss pile.
    pub dismissed: CardSet,
    /// Cards the seat knew in the Dismiss pile when it became the Fairy
    /// Deck, not seen since: each lies in the deck or in a place of
    /// `holders` or (if `in_dismiss`) the Dismiss pile, and at most
    /// `drawn_unseen` of them out of the deck.
    pub in_deck: CardSet,
    /// Players whose hidden cards (dealt cards, stack, face-down Fairy) may
    /// hold cards of `in_deck`.
    pub holders: PlayerSet,
    /// Whether the Dismiss pile may hold cards of `in_deck` (a card that
    /// may be one went there unseen).
    pub in_dismiss: bool,
    /// Cards drawn from the new deck that the seat did not see.
    pub drawn_unseen: u8,
    /// This round: players whose face-down Fairy Transmute dismissed.
    pub transmuted: PlayerSet,
    /// This round: players who kept their Fairy unseen (Blinded).
    pub kept_blind: PlayerSet,
    /// This round: the Fairy each player revealed, by seat.
    pub revealed: [Option<Card>; MAX_PLAYERS],
}

impl Memory {
    /// Takes in one `apply`, as [`Sample::remember`](crate::Sample::remember).
    pub(super) fn remember(&mut self, seat: Seat, before: &View, events: &[Event], after: &View) {
        let me = seat.player();
        let n = before.players.len();
        for event in events {
            match event {
                Event::AllianceFounded { player, cards } if Some(*player) == me => {
                    // The dealt card not founding the Alliance was dismissed.
                    if let Some(area) = before.players.get(player.index()) {
                        for &card in area.hand.iter().flatten() {
                            if !cards.contains(&card) {
                                self.dismissed.insert(card);
                            }
                        }
                    }
                }
                Event::Moved {
                    card: Some(card),
                    to,
                    from,
                    ..
                } => {
                    self.in_deck.remove(*card);
                    if *to == Zone::Dismiss {
                        self.dismissed.insert(*card);
                        if let Zone::Chosen(p) = from {
                            self.transmuted.insert(*p);
                        }
                    }
                }
                Event::Moved {
                    card: None,
                    from,
                    to,
                    knows,
                } => {
                    if let (Zone::Lineup(p), Zone::Chosen(q), Some(knows)) = (from, to, knows)
                        && p == q
                        && !knows.contains(*p)
                    {
                        self.kept_blind.insert(*p);
                    }
                    if let (Zone::Chosen(p), Zone::Dismiss) = (from, to) {
                        self.transmuted.insert(*p);
                    }
                    let from_new = match from {
                        Zone::Deck => {
                            self.drawn_unseen = self.drawn_unseen.saturating_add(1);
                            true
                        }
                        Zone::Dismiss => self.in_dismiss,
                        Zone::Hand(p) | Zone::Lineup(p) | Zone::Chosen(p) => {
                            self.holders.contains(*p)
                        }
                        Zone::Alliance(_) => false,
                    };
                    if from_new {
                        match to {
                            Zone::Dismiss => self.in_dismiss = true,
                            Zone::Hand(q) | Zone::Lineup(q) | Zone::Chosen(q) => {
                                self.holders.insert(*q);
                            }
                            Zone::Deck | Zone::Alliance(_) => {}
                        }
                    }
                }
                Event::Reshuffled { .. } => {
                    // The deck was empty: the pile is the whole new deck.
                    self.in_deck = self.dismissed;
                    self.dismissed = CardSet::EMPTY;
                    self.holders = PlayerSet::EMPTY;
                    self.in_dismiss = false;
                    self.drawn_unseen = 0;
                }
                Event::Dealt { player, cards, .. } => {
                    let unseen = cards.iter().filter(|c| c.is_none()).count();
                    for card in cards.iter().flatten() {
                        self.in_deck.remove(*card);
                    }
                    if unseen > 0 {
                        // Dealt after the reshuffle (or while it happened):
                        // the hand may hold remembered cards.
                        self.holders.insert(*player);
                        self.drawn_unseen = self.drawn_unseen.saturating_add(unseen as u8);
                    }
                }
                Event::StacksPassed { direction } => {
                    for p in self.holders.iter() {
                        self.holders.insert(direction.step(p, 1, n));
                    }
                }
                Event::RoundStarted { .. } => {
                    self.kept_blind = PlayerSet::EMPTY;
                    self.transmuted = PlayerSet::EMPTY;
                    self.revealed = [None; MAX_PLAYERS];
                }
                Event::Revealed { player, card, .. } => {
                    self.in_deck.remove(*card);
                    if let Some(slot) = self.revealed.get_mut(player.index()) {
                        *slot = Some(*card);
                    }
                }
                _ => {}
            }
        }
        // A card the view shows is not hidden anywhere.
        for pv in &after.players {
            for ac in &pv.alliance {
                self.in_deck.remove(ac.card);
            }
            for card in pv.hand.iter().chain(pv.lineup.iter()).flatten() {
                self.in_deck.remove(*card);
            }
            if let Slot::Known(card) = pv.chosen {
                self.in_deck.remove(card);
            }
        }
    }

    /// The Fairy `player` revealed this round, if remembered.
    pub(super) fn revealed_by(&self, player: Player) -> Option<Card> {
        self.revealed.get(player.index()).copied().flatten()
    }
}
