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

/// At most [`at_most`](Limit::at_most) of some remembered cards are in the
/// hands of [`players`](Limit::players): what a pass of cards tells a seat
/// beyond each card's holders.
///
/// A giver passes two cards (or all it has, if fewer) and keeps the rest,
/// so of the remembered cards it may have held, at most that many reached
/// the receiver, and at most the rest stayed. Each pass around the table
/// leaves two limits per giver: one on the receiver, over the cards that can
/// have reached it only from the giver, and one on the giver, over the cards
/// that can be there only because they stayed. A later play of such a card
/// by one of the players uses up one of the count; later swaps and passes
/// carry the limit along (see [`Memory`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Limit {
    /// The hands the limit counts in.
    pub players: PlayerSet,
    /// The most of the cards those hands hold together.
    pub at_most: u8,
    /// The cards, a bit per card identity.
    cards: [u64; 2],
}

impl Limit {
    /// A limit on `cards` in the hands of `players`.
    pub fn new(players: PlayerSet, at_most: u8, cards: impl IntoIterator<Item = Card>) -> Limit {
        let mut limit = Limit {
            players,
            at_most,
            cards: [0; 2],
        };
        for card in cards {
            limit.insert(card);
        }
        limit
    }

    /// Whether `card` is one of the limit's cards.
    pub fn contains(&self, card: Card) -> bool {
        let (word, bit) = (card.slot() / 64, card.slot() % 64);
        self.cards.get(word).is_some_and(|w| w & (1 << bit) != 0)
    }

    /// The limit's cards, in identity order.
    pub fn cards(&self) -> impl Iterator<Item = Card> + '_ {
        Card::all().filter(|c| self.contains(*c))
    }

    /// How many cards the limit counts.
    pub fn len(&self) -> usize {
        self.cards.iter().map(|w| w.count_ones() as usize).sum()
    }

    /// Whether the limit counts no card.
    pub fn is_empty(&self) -> bool {
        self.cards == [0; 2]
    }

    /// Whether the hands that `hand` gives for each player hold at most
    /// [`at_most`](Limit::at_most) of the cards.
    pub fn holds<'a>(&self, hand: impl Fn(Player) -> &'a [Card]) -> bool {
        let held = self
            .players
            .iter()
            .map(|p| hand(p).iter().filter(|c| self.contains(**c)).count())
            .sum::<usize>();
        held <= usize::from(self.at_most)
    }

    fn insert(&mut self, card: Card) {
        let (word, bit) = (card.slot() / 64, card.slot() % 64);
        if let Some(w) = self.cards.get_mut(word) {
            *w |= 1 << bit;
        }
    }

    fn remove(&mut self, card: Card) {
        let (word, bit) = (card.slot() / 64, card.slot() % 64);
        if let Some(w) = self.cards.get_mut(word) {
            *w &= !(1 << bit);
        }
    }

    /// Whether the limit can never be broken: no hand to count in, or fewer
    /// cards than its count.
    fn is_idle(&self) -> bool {
        self.players.is_empty() || self.len() <= usize::from(self.at_most)
    }
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
/// Each card's holders are kept apart; what ties them together (a hand that
/// passed two cards moved at most two of them) is kept as
/// [`Limit`]s, at most [`Memory::LIMITS`] of them (the oldest is dropped
/// first, which only loosens the memory):
///
/// - a pass around the table: of the cards a giver may have held, at most
///   its count reached the receiver and at most the rest of its hand stayed
///   (counted only over the cards that have no other way into that hand);
/// - a remembered card played or stashed by one of a limit's players uses
///   up one of its count (the play shows who held it);
/// - a swap between two other players trades their places in every limit;
///   a swap with the seat drops the rival from them (the seat saw that
///   hand: what of it was remembered is now in view);
/// - a later pass widens a limit to the hands its players passed to, over
///   the cards that cannot have come in from elsewhere;
/// - a limit of zero takes its players out of its cards' holders; a limit
///   that can no longer be broken is dropped.
///
/// The memory is sound (every position the seat's history allows agrees
/// with it) but not exact: a card that may be both with a giver and with its
/// receiver is counted by no limit, so after several passes it can allow a
/// little more than the seat knows (measured in RULINGS "what a seat
/// remembers"). A spectator never holds a card and remembers nothing.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Memory {
    cards: List<Whereabouts, DECK_SIZE>,
    #[cfg_attr(feature = "serde", serde(default))]
    limits: List<Limit, { Memory::LIMITS }>,
}

impl Memory {
    /// The most [`Limit`]s a memory keeps.
    pub const LIMITS: usize = 32;

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

    /// Whether nothing is remembered: no card and no limit.
    pub fn is_empty(&self) -> bool {
        self.cards.is_empty() && self.limits.is_empty()
    }

    /// The limits on how many remembered cards some hands hold together.
    pub fn limits(&self) -> &[Limit] {
        &self.limits
    }

    /// Adds a limit (dropping the oldest if [`Memory::LIMITS`] are kept).
    /// For tools that restore or edit a memory.
    pub fn limit(&mut self, limit: Limit) {
        if self.limits.contains(&limit) {
            return;
        }
        if self.limits.len() >= Memory::LIMITS {
            self.limits.remove(0);
        }
        let _ = self.limits.push(limit);
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

    /// Forgets `card` (in the limits too).
    pub fn forget(&mut self, card: Card) {
        self.cards.retain(|w| w.card != card);
        for limit in self.limits.iter_mut() {
            limit.remove(card);
        }
    }

    /// Whether every remembered card is in the hand of one of its holders
    /// in `state`, and every limit holds.
    pub fn agrees_with(&self, state: &State) -> bool {
        self.cards
            .iter()
            .all(|w| w.holders.iter().any(|p| state.hand(p).contains(&w.card)))
            && self.limits_hold(|p| state.hand(p))
    }

    /// Whether every limit holds for the hands `hand` gives.
    pub(super) fn limits_hold<'a>(&self, hand: impl Fn(Player) -> &'a [Card] + Copy) -> bool {
        self.limits.iter().all(|l| l.holds(hand))
    }

    /// Takes in one `apply` as `seat` saw it (see [`crate::Sample::remember`]).
    pub(super) fn update(&mut self, seat: Seat, before: &View, events: &[Event], after: &View) {
        let Some(me) = seat.player() else {
            return;
        };
        // Plays and swaps, in the order they happened.
        for event in events {
            match *event {
                Event::Played { player, card } | Event::Stashed { player, card }
                    if player != me =>
                {
                    // The card was in `player`'s hand: it used up one of the
                    // count of every limit on that hand.
                    for limit in self.limits.iter_mut() {
                        if limit.contains(card) {
                            limit.remove(card);
                            if limit.players.contains(player) {
                                limit.at_most = limit.at_most.saturating_sub(1);
                            }
                        }
                    }
                }
                Event::HandsSwapped { player, rival } if player == me || rival == me => {
                    // The seat saw the rival's whole hand come to it.
                    let other = if player == me { rival } else { player };
                    self.without(other);
                    for limit in self.limits.iter_mut() {
                        limit.players.remove(other);
                    }
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
        // any remembered card it held, but no more than it gave.
        let mut gave: [Option<(Player, u8)>; MAX_PLAYERS] = [None; MAX_PLAYERS];
        for event in events {
            if let Event::CardPassed { from, .. } = *event
                && let Some(slot) = gave.get_mut(from.index())
            {
                // The receiver is the last one named: one per giver.
                let count = slot.map_or(0, |(_, k)| k).saturating_add(1);
                if let Event::CardPassed { to, .. } = *event {
                    *slot = Some((to, count));
                }
            }
        }
        if gave.iter().any(Option::is_some) {
            self.pass(me, &gave, before);
            for w in self.cards.iter_mut() {
                let mut holders = w.holders;
                for p in w.holders {
                    if let Some(Some((to, _))) = gave.get(p.index()) {
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
        // A hand smaller than the remembered cards it may hold keeps that
        // count: cards leave a hand only in view or through a pass or swap,
        // which carry the limit along.
        for (i, &size) in after.hand_sizes.iter().enumerate() {
            let player = Player(i as u8);
            let held = self.cards.iter().filter(|w| w.holders.contains(player));
            if held.clone().count() > size {
                let at_most = u8::try_from(size).unwrap_or(u8::MAX);
                self.limit(Limit::new(
                    PlayerSet::only(player),
                    at_most,
                    held.map(|w| w.card),
                ));
            }
        }
        self.settle(empty);
    }

    /// Carries the limits through a pass around the table (`gave`: each
    /// giver's receiver and count; `before`: the hand sizes before it) and
    /// adds each giver's two limits. Runs before the holders move.
    fn pass(&mut self, me: Player, gave: &[Option<(Player, u8)>; MAX_PLAYERS], before: &View) {
        let to = |p: Player| gave.get(p.index()).copied().flatten().map(|(r, _)| r);
        // Where a card held by one of `from` may be after the pass.
        let reach = |from: PlayerSet| {
            let mut out = from;
            for p in from {
                if let Some(r) = to(p) {
                    out.insert(r);
                }
            }
            out
        };
        let cards = self.cards;
        for limit in self.limits.iter_mut() {
            let widened = reach(limit.players);
            for w in &cards {
                // A card that may come into the widened hands from outside
                // the limit's is no longer counted.
                let outside = w.holders.iter().filter(|h| !limit.players.contains(*h));
                if limit.contains(w.card) && reach_any(outside, widened, to) {
                    limit.remove(w.card);
                }
            }
            limit.players = widened;
            limit.players.remove(me);
        }
        for (g, given) in gave.iter().enumerate() {
            let giver = Player(g as u8);
            let Some((receiver, count)) = *given else {
                continue;
            };
            if giver == me {
                continue;
            }
            let size = before.hand_sizes.get(g).copied().unwrap_or(0);
            let kept = u8::try_from(size.saturating_sub(usize::from(count))).unwrap_or(u8::MAX);
            let held = cards.iter().filter(|w| w.holders.contains(giver));
            // Into the receiver: cards that can reach it only from the giver.
            let arrived = held.clone().filter(|w| {
                !w.holders
                    .iter()
                    .any(|h| h != giver && (h == receiver || to(h) == Some(receiver)))
            });
            if receiver != me {
                self.limit(Limit::new(
                    PlayerSet::only(receiver),
                    count,
                    arrived.map(|w| w.card),
                ));
            }
            // Kept by the giver: cards that can be there only by staying.
            let stayed =
                held.filter(|w| !w.holders.iter().any(|h| h != giver && to(h) == Some(giver)));
            self.limit(Limit::new(
                PlayerSet::only(giver),
                kept,
                stayed.map(|w| w.card),
            ));
        }
    }

    /// Drops from the limits the cards no longer remembered, the players in
    /// `empty` and limits that can no longer be broken; a limit of zero
    /// takes its players out of its cards' holders.
    fn settle(&mut self, empty: PlayerSet) {
        let cards = self.cards;
        for limit in self.limits.iter_mut() {
            for card in Card::all() {
                if limit.contains(card) {
                    let holders = cards.iter().find(|w| w.card == card).map(|w| w.holders);
                    // Not remembered, or never in the limit's hands.
                    if holders.is_none_or(|h| h.intersection(limit.players).is_empty()) {
                        limit.remove(card);
                    }
                }
            }
            for p in empty {
                limit.players.remove(p);
            }
        }
        for limit in &self.limits {
            if limit.at_most == 0 {
                for w in self.cards.iter_mut() {
                    if limit.contains(w.card) {
                        for p in limit.players {
                            w.holders.remove(p);
                        }
                    }
                }
            }
        }
        self.limits.retain(|l| !l.is_idle() && l.at_most > 0);
    }

    /// Removes `player` from every card's holders.
    fn without(&mut self, player: Player) {
        for w in self.cards.iter_mut() {
            w.holders.remove(player);
        }
    }

    /// `a` and `b` traded hands.
    fn exchange(&mut self, a: Player, b: Player) {
        let trade = |set: &mut PlayerSet| {
            let (has_a, has_b) = (set.contains(a), set.contains(b));
            set.remove(a);
            set.remove(b);
            if has_a {
                set.insert(b);
            }
            if has_b {
                set.insert(a);
            }
        };
        for w in self.cards.iter_mut() {
            trade(&mut w.holders);
        }
        for limit in self.limits.iter_mut() {
            trade(&mut limit.players);
        }
    }
}

/// Whether a card held by one of `holders` may be in `hands` after a pass
/// (`to`: each giver's receiver).
fn reach_any(
    mut holders: impl Iterator<Item = Player>,
    hands: PlayerSet,
    to: impl Fn(Player) -> Option<Player>,
) -> bool {
    holders.any(|h| hands.contains(h) || to(h).is_some_and(|r| hands.contains(r)))
}
