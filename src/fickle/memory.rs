//! What a seat remembers of a game of Fickle beyond its view.

use super::card::{CARDS_PER_FAMILY, Card};
use super::config::MAX_PLAYERS;
use super::event::{Event, Zone};
use super::family::{FAMILY_COUNT, Family};
use super::view::View;
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
        let i = card.family.index() * CARDS_PER_FAMILY + usize::from(card.copy);
        (usize::from(card.copy) < CARDS_PER_FAMILY && i < WORDS * 64)
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
/// - where those went when the Dismiss pile was shuffled into a new Fairy
///   Deck (`in_deck`), for as long as every card drawn since was shown to the
///   seat (a card dealt face down to another player may be one of them, and
///   the seat forgets the lot: see `docs/RULINGS.md`);
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
    /// Cards known to lie in the Fairy Deck (from the Dismiss pile, after a
    /// reshuffle).
    pub in_deck: CardSet,
    /// This round: players who kept their Fairy unseen (Blinded).
    pub kept_blind: PlayerSet,
    /// This round: the Fairy each player revealed, by seat.
    pub revealed: [Option<Card>; MAX_PLAYERS],
}

impl Memory {
    /// Takes in one `apply`, as [`Sample::remember`](crate::Sample::remember).
    pub(super) fn remember(&mut self, seat: Seat, before: &View, events: &[Event]) {
        let me = seat.player();
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
                    to: Zone::Dismiss,
                    ..
                } => {
                    self.in_deck.remove(*card);
                    self.dismissed.insert(*card);
                }
                Event::Moved {
                    from: Zone::Lineup(p),
                    to: Zone::Chosen(q),
                    knows: Some(knows),
                    ..
                } if p == q && !knows.contains(*p) => self.kept_blind.insert(*p),
                Event::Moved {
                    card,
                    from: Zone::Deck,
                    ..
                } => match card {
                    Some(card) => self.in_deck.remove(*card),
                    None => self.in_deck = CardSet::EMPTY,
                },
                Event::Reshuffled { .. } => {
                    // The deck was empty: the pile is the whole new deck.
                    self.in_deck = self.dismissed;
                    self.dismissed = CardSet::EMPTY;
                }
                Event::Dealt { cards, .. } => {
                    if cards.iter().all(Option::is_some) {
                        for card in cards.iter().flatten() {
                            self.in_deck.remove(*card);
                        }
                    } else {
                        // Cards drawn unseen may be any of the known ones.
                        self.in_deck = CardSet::EMPTY;
                    }
                }
                Event::RoundStarted { .. } => {
                    self.kept_blind = PlayerSet::EMPTY;
                    self.revealed = [None; MAX_PLAYERS];
                }
                Event::Revealed { player, card, .. } => {
                    if let Some(slot) = self.revealed.get_mut(player.index()) {
                        *slot = Some(*card);
                    }
                }
                _ => {}
            }
        }
    }

    /// The Fairy `player` revealed this round, if remembered.
    pub(super) fn revealed_by(&self, player: Player) -> Option<Card> {
        self.revealed.get(player.index()).copied().flatten()
    }
}
