//! A position in a game of Fickle, the round structure and the `Game` contract.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::{Action, Violation};
use super::card::{Card, DECK_SIZE};
use super::config::{Config, DIRECTION_TOKENS, Direction, ROUNDS};
use super::event::{Event, Zone};
use super::family::{Family, Power, PowerType, ScoreRule};
use super::resolution::{Phase, Seize};
use super::score;
use super::setup::{AllianceCard, Area, ScoringChoice, Setup, SetupError};
use super::view::View;
use crate::{
    ActionError, ActionList, ConfigError, Events, Game, List, Outcome, Player, PlayerSet, Score,
    Seat,
};

/// Players in seat order, at most five.
pub(super) type Seats = super::resolution::Order;

/// A game of Fickle in progress, including every hidden card.
///
/// A `State` is a validated [`Setup`]; it (de)serializes through it.
///
/// Randomness is consumed by [`Game::new`] (Direction tokens, the deck, the
/// opening deal), by any action after which the Fairy Deck runs out and the
/// Dismiss pile is shuffled into a new deck (dealing a Lineup, a Transmute),
/// and by the Obfuscate choice of the second Fairy (the two are shuffled).
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct State {
    pub(super) pos: Setup,
    /// Who has a decision ([`Game::to_act`]), worked out from `pos` after
    /// every change ([`State::of`], `apply`), so it is a pure function of
    /// `pos`.
    to_act: PlayerSet,
    /// Who holds each card in their Alliance (seat + 1; 0 for nobody), at
    /// [`slot`]: kept by every change of an Alliance, worked out by
    /// [`State::of`], so a pure function of `pos`.
    owners: [u8; OWNER_SLOTS],
    /// Where each card held in an Alliance is in it (0 for a card nobody
    /// holds), at [`slot`]: kept with `owners`, so a pure function of
    /// `pos` too.
    places: [u8; OWNER_SLOTS],
    /// Who acts once the action being applied is done, when the step that
    /// decided it knew (set during `apply`, taken by `update_to_act`, so
    /// always `None` between actions).
    next: Option<PlayerSet>,
    /// The game's Families, a bit per [`Family::index`]: worked out from
    /// the config by [`State::of`] and `new`.
    families: u32,
}

// A bit per Family in a `u32`: `& 31` never folds two Families together.
const _: () = assert!(super::family::FAMILY_COUNT <= 32);

/// The bit of each of `families`.
fn family_bits(families: &[Family]) -> u32 {
    families
        .iter()
        .fold(0, |bits, f| bits | 1 << (f.index() & 31))
}

/// Every card there could be.
const OWNER_SLOTS: usize = super::family::FAMILY_COUNT * super::card::CARDS_PER_FAMILY;

/// Where `card`'s owner is kept in [`State::owners`].
#[inline]
fn slot(card: Card) -> usize {
    card.family.index() * super::card::CARDS_PER_FAMILY + usize::from(card.copy())
}

impl core::fmt::Debug for State {
    /// Only the position: `to_act` follows from it.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("State").field("pos", &self.pos).finish()
    }
}

/// `set` without `player`.
fn without(mut set: PlayerSet, player: Player) -> PlayerSet {
    set.remove(player);
    set
}

use crate::game::NoEvents;

/// The event sink this game's engine writes to ([`crate::game::EventSink`]
/// for its events).
pub(super) trait Sink: crate::game::EventSink<Event> {}

impl<T: crate::game::EventSink<Event>> Sink for T {}

/// Writes `event` into `events`.
#[inline(always)]
pub(super) fn push(events: &mut impl Sink, event: Event) {
    crate::game::EventSink::record(events, event);
}

/// `list.remove(i)` for the short lists of a position, shifting the rest
/// down one by one (`List::remove` rotates, which costs more for a few items).
fn remove<T: Copy + Default, const N: usize>(list: &mut List<T, N>, i: usize) -> Option<T> {
    let tail = list.as_mut_slice().get_mut(i..)?;
    let item = tail.first().copied()?;
    for k in 1..tail.len() {
        if let Some(&next) = tail.get(k)
            && let Some(slot) = tail.get_mut(k - 1)
        {
            *slot = next;
        }
    }
    let _ = list.pop();
    Some(item)
}

impl State {
    /// The state of position `pos`, with who acts worked out.
    pub(super) fn of(pos: Setup) -> State {
        let mut state = State {
            pos,
            to_act: PlayerSet::EMPTY,
            owners: [0; OWNER_SLOTS],
            places: [0; OWNER_SLOTS],
            next: None,
            families: 0,
        };
        state.families = family_bits(&state.pos.config.families);
        // The first holder and place, as `find_owner` finds them.
        for (seat, area) in state.pos.areas.iter().enumerate().rev() {
            for (i, ac) in area.alliance.iter().enumerate().rev() {
                let at = slot(ac.card);
                if let (Some(owner), Some(place)) =
                    (state.owners.get_mut(at), state.places.get_mut(at))
                {
                    *owner = seat as u8 + 1;
                    *place = i as u8;
                }
            }
        }
        state.to_act = state.find_to_act();
        state
    }

    /// Who has a decision, worked out from the position.
    fn find_to_act(&self) -> PlayerSet {
        let mut set = PlayerSet::EMPTY;
        let mut add = |seat: usize, acts: bool| {
            if acts {
                set.insert(Player(seat as u8));
            }
        };
        let areas = self.pos.areas.iter().enumerate();
        // The simultaneous phases first, as `acts` decides them.
        match &self.pos.phase {
            Phase::Opening => {
                areas.for_each(|(i, a)| add(i, a.discard.is_none() && !a.hand.is_empty()))
            }
            Phase::Lineup => areas.for_each(|(i, a)| add(i, !Self::lineup_done(a))),
            Phase::Selection => {
                areas.for_each(|(i, a)| add(i, !Self::selection_done(a) && a.pending.is_none()))
            }
            _ => match self.sole_candidate() {
                Some(Some(p)) if self.acts(p) => add(p.index(), true),
                Some(_) => {}
                None => {
                    for p in self.seats() {
                        add(p.index(), self.acts(p));
                    }
                }
            },
        }
        debug_assert_eq!(
            set,
            self.seats()
                .into_iter()
                .filter(|&p| !self.actions_for(p).is_empty())
                .collect::<PlayerSet>()
        );
        set
    }

    /// Who acts after `player` acted in a phase of kind `before`. While a
    /// simultaneous phase goes on and only `player`'s area changed (the
    /// Opening or Lineup is still on; a Selection decision still waits for
    /// others), only `player` may leave the set; otherwise it is worked out
    /// again.
    #[inline]
    fn update_to_act(&mut self, player: Player, before: core::mem::Discriminant<Phase>) {
        if let Some(next) = self.next.take() {
            self.to_act = next;
            debug_assert_eq!(self.to_act, self.find_to_act());
            return;
        }
        let same = core::mem::discriminant(&self.pos.phase) == before;
        let still = match (&self.pos.phase, self.area(player)) {
            (Phase::Opening, Some(_)) if same => Some(false),
            (Phase::Lineup, Some(area)) if same => Some(!Self::lineup_done(area)),
            (Phase::Selection, Some(area)) if same && area.pending.is_some() => Some(false),
            _ => None,
        };
        match still {
            Some(true) => {}
            Some(false) => self.to_act.remove(player),
            None => self.to_act = self.next_to_act(),
        }
        debug_assert_eq!(self.to_act, self.find_to_act());
    }

    /// `find_to_act` right after an `apply`: a decision the step machine
    /// has just set names a player who has it (the step that set it checked:
    /// an Erase/Scheme choice only with a Fairy to take, a Direct Power's
    /// first step only with a valid target, a window only for a player it
    /// is offered to, a Deflect only with a third player to redirect to, an
    /// Obfuscate only with a second Fairy to hide), so that player acts
    /// without being asked again. Chain picks and the simultaneous phases
    /// are worked out.
    fn next_to_act(&self) -> PlayerSet {
        use super::resolution::{ChainStep, Resolution, Step};
        let sole = match &self.pos.phase {
            Phase::StartRound {
                seize: Some(seize), ..
            } => seize.user,
            Phase::Powers {
                resolution: Some(Resolution::Direct(d)),
                ..
            } => match d.step {
                Step::Copy | Step::Own | Step::Aim | Step::Guess => d.user,
                Step::Window { responder, .. } => responder,
                Step::Redirect { deflector } => deflector,
                Step::Conceal { holder } => holder,
                Step::Reflect { player } => player,
            },
            Phase::Powers {
                resolution:
                    Some(Resolution::Chain(super::resolution::Chain {
                        step: ChainStep::Avoid { responder, .. },
                        ..
                    })),
                ..
            } => *responder,
            _ => return self.find_to_act(),
        };
        PlayerSet::only(sole)
    }

    /// Who has a decision before the action being applied ([`Game::to_act`]
    /// without its check, as the position is changing).
    pub(super) fn acting(&self) -> PlayerSet {
        self.to_act
    }

    /// Hands `apply` who acts next, worked out by the step that decided it.
    /// Only for the last step of an action (one that waits for a decision).
    pub(super) fn set_next_to_act(&mut self, players: PlayerSet) {
        self.next = Some(players);
    }

    /// Whether the game has `family`'s cards (every card in play is of one
    /// of the game's Families).
    #[inline]
    pub(super) fn in_game(&self, family: Family) -> bool {
        let has = self.families & 1 << (family.index() & 31) != 0;
        debug_assert_eq!(has, self.pos.config.has_family(family));
        has
    }

    /// The game's config.
    pub fn config(&self) -> &Config {
        &self.pos.config
    }

    /// The phase, including any Power being resolved.
    pub fn phase(&self) -> &Phase {
        &self.pos.phase
    }

    /// The round, 1 to 5 (0 during the opening deal).
    pub fn round(&self) -> u8 {
        self.pos.round
    }

    /// Who holds the Court Crier token.
    pub fn court_crier(&self) -> Player {
        self.pos.court_crier
    }

    /// A player's Alliance (empty for a seat not at the table).
    #[inline]
    pub fn alliance(&self, player: Player) -> &[AllianceCard] {
        self.area(player).map_or(&[], |a| a.alliance.as_slice())
    }

    /// Every player's final Favor as the Alliances stand now.
    pub fn scores(&self) -> ArrayVec<Score, { super::config::MAX_PLAYERS }> {
        let mut scores = ArrayVec::new();
        for p in self.seats() {
            let _ = scores.try_push(score::alliance_score(
                self.alliance(p),
                &self.pos.config.favor,
            ));
        }
        scores
    }

    /// The Favor value of `card` in this game.
    #[inline]
    pub fn favor(&self, card: Card) -> i8 {
        self.pos.config.favor.favor(card)
    }

    #[inline]
    pub(super) fn players(&self) -> usize {
        self.pos.config.num_players()
    }

    #[inline]
    pub(super) fn area(&self, player: Player) -> Option<&Area> {
        self.pos.areas.get(player.index())
    }

    #[inline]
    pub(super) fn area_mut(&mut self, player: Player) -> Option<&mut Area> {
        self.pos.areas.get_mut(player.index())
    }

    /// Seats in order 0, 1, ...
    #[inline]
    pub(super) fn seats(&self) -> Seats {
        Seats::first(self.players())
    }

    /// This round's direction (Left before the first round).
    #[inline]
    pub(super) fn direction(&self) -> Direction {
        usize::from(self.pos.round)
            .checked_sub(1)
            .and_then(|i| self.pos.directions.get(i))
            .copied()
            .unwrap_or(Direction::Left)
    }

    /// Every player, starting with `start` and going in round direction.
    #[inline]
    pub(super) fn seats_from(&self, start: Player) -> Seats {
        let n = self.players();
        let left = self.direction() == Direction::Left;
        // `dir.step(start, i, n)` for i in 0..n, from a table.
        let p = match start.index() {
            p if p < n => p,
            p => p % n.max(1),
        };
        let seats = super::resolution::RINGS
            .get(usize::from(left))
            .and_then(|t| t.get(n))
            .and_then(|t| t.get(p))
            .copied()
            .unwrap_or_default();
        debug_assert!(
            seats
                .iter()
                .enumerate()
                .all(|(i, &p)| p == self.direction().step(start, i, n))
        );
        seats
    }

    /// The neighbour of `player` in round direction.
    #[inline]
    pub(super) fn next_seat(&self, player: Player) -> Player {
        self.neighbour(player, self.direction() == Direction::Left)
    }

    /// The seat after `player` going left (`left`) or right: `step(player,
    /// 1, n)` in that direction, without a modulo. Inlined, like
    /// `knows_lineup`, so that `play` drops it when only an event needs it.
    #[inline]
    fn neighbour(&self, player: Player, left: bool) -> Player {
        let n = self.players();
        let p = match player.index() {
            p if p < n => p,
            p => p % n.max(1),
        };
        let next = match (left, p) {
            (true, p) if p + 1 >= n => 0,
            (true, p) => p + 1,
            (false, 0) => n.saturating_sub(1),
            (false, p) => p - 1,
        };
        debug_assert_eq!(
            Player(next as u8),
            if left {
                Direction::Left
            } else {
                Direction::Right
            }
            .step(player, 1, n)
        );
        Player(next as u8)
    }

    /// Who owns `card` in their Alliance, and where: looked up in `owners`.
    #[inline]
    pub(super) fn owner(&self, card: Card) -> Option<(Player, usize)> {
        let found = match self.owners.get(slot(card)) {
            Some(&0) => None,
            Some(&seat) => {
                let p = Player(seat - 1);
                let alliance = self.alliance(p);
                let place = self.places.get(slot(card)).map_or(0, |&i| usize::from(i));
                match alliance.get(place) {
                    Some(ac) if ac.card == card => Some((p, place)),
                    _ => alliance
                        .iter()
                        .position(|ac| ac.card == card)
                        .map(|i| (p, i)),
                }
            }
            None => self.find_owner(card),
        };
        debug_assert_eq!(found, self.find_owner(card));
        found
    }

    /// Who holds `card` in their Alliance: `owner` without its place, read
    /// from `owners` alone.
    #[inline]
    pub(super) fn holder(&self, card: Card) -> Option<Player> {
        let found = match self.owners.get(slot(card)) {
            Some(&0) => None,
            Some(&seat) => Some(Player(seat - 1)),
            None => self.find_owner(card).map(|(p, _)| p),
        };
        debug_assert_eq!(found, self.owner(card).map(|(p, _)| p));
        found
    }

    /// `owner`, found by looking through every Alliance.
    fn find_owner(&self, card: Card) -> Option<(Player, usize)> {
        self.pos.areas.iter().enumerate().find_map(|(seat, a)| {
            a.alliance
                .iter()
                .position(|ac| ac.card == card)
                .map(|i| (Player(seat as u8), i))
        })
    }

    #[inline]
    pub(super) fn alliance_card(&self, card: Card) -> Option<AllianceCard> {
        let (p, i) = self.owner(card)?;
        self.area(p)?.alliance.get(i).copied()
    }

    /// Removes `card` from whatever Alliance holds it.
    #[inline]
    pub(super) fn take(&mut self, card: Card) -> Option<(Player, AllianceCard)> {
        // `owner(card)`, with the Alliance found once.
        let at = slot(card);
        let Some(&seat) = self.owners.get(at) else {
            return self.take_found(card);
        };
        debug_assert_eq!(self.find_owner(card).map_or(0, |(p, _)| p.0 + 1), seat);
        let seat = seat.checked_sub(1)?;
        let place = self.places.get(at).map_or(0, |&i| usize::from(i));
        let area = self.pos.areas.get_mut(usize::from(seat))?;
        let i = match area.alliance.get(place) {
            Some(ac) if ac.card == card => place,
            _ => area.alliance.iter().position(|ac| ac.card == card)?,
        };
        // `remove(alliance, i)`, with the place of every Fairy after it
        // moved down one.
        let tail = area.alliance.as_mut_slice().get_mut(i..)?;
        let ac = tail.first().copied()?;
        for k in 1..tail.len() {
            if let Some(&next) = tail.get(k) {
                if let Some(slot) = tail.get_mut(k - 1) {
                    *slot = next;
                }
                if let Some(place) = self.places.get_mut(slot(next.card)) {
                    *place = (i + k - 1) as u8;
                }
            }
        }
        let _ = area.alliance.pop();
        if let (Some(owner), Some(place)) = (self.owners.get_mut(at), self.places.get_mut(at)) {
            *owner = 0;
            *place = 0;
        }
        Some((Player(seat), ac))
    }

    /// `take` for a card `owners` has no slot for (none in a valid game).
    #[inline(never)]
    fn take_found(&mut self, card: Card) -> Option<(Player, AllianceCard)> {
        let (p, i) = self.find_owner(card)?;
        let area = self.area_mut(p)?;
        remove(&mut area.alliance, i).map(|ac| (p, ac))
    }

    /// Adds `ac` to `player`'s Alliance.
    #[inline]
    pub(super) fn put(&mut self, player: Player, ac: AllianceCard) {
        if let Some(area) = self.pos.areas.get_mut(player.index())
            && area.alliance.push(ac).is_ok()
        {
            let place = area.alliance.len().saturating_sub(1);
            self.hold(ac.card, player, place);
        }
    }

    /// Records that `player` holds `card` at `place` in their Alliance.
    #[inline]
    fn hold(&mut self, card: Card, player: Player, place: usize) {
        let at = slot(card);
        if let (Some(owner), Some(i)) = (self.owners.get_mut(at), self.places.get_mut(at)) {
            *owner = player.0 + 1;
            *i = place as u8;
        }
    }

    /// Puts `card` on the Dismiss pile. (A Selection's leaving cards go
    /// there directly, in `select`: bookkeeping added here must go there
    /// too.)
    pub(super) fn discard(&mut self, card: Card) {
        let _ = self.pos.dismiss.push(card);
    }

    /// Moves an Alliance Fairy to another Alliance, keeping it Active if it was.
    pub(super) fn move_to(&mut self, card: Card, to: Player, events: &mut impl Sink) {
        if let Some((from, ac)) = self.take(card) {
            self.put(to, ac);
            push(
                events,
                Event::Moved {
                    card: Some(card),
                    from: Zone::Alliance(from),
                    to: Zone::Alliance(to),
                    knows: None,
                },
            );
        }
    }

    /// Moves an Alliance Fairy to the Dismiss pile.
    pub(super) fn dismiss_from_alliance(&mut self, card: Card, events: &mut impl Sink) {
        if let Some((from, _)) = self.take(card) {
            self.discard(card);
            push(
                events,
                Event::Moved {
                    card: Some(card),
                    from: Zone::Alliance(from),
                    to: Zone::Dismiss,
                    knows: None,
                },
            );
        }
    }

    /// Sets an Alliance Fairy Idle.
    #[inline]
    pub(super) fn set_idle(&mut self, card: Card) {
        if let Some((p, i)) = self.owner(card)
            && let Some(ac) = self.area_mut(p).and_then(|a| a.alliance.get_mut(i))
        {
            ac.active = false;
        }
    }

    /// Draws the top card, shuffling the Dismiss pile into a new deck when the
    /// deck is empty.
    pub(super) fn draw(
        &mut self,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) -> Option<Card> {
        if self.pos.deck.is_empty() && !self.pos.dismiss.is_empty() {
            let mut cards = core::mem::take(&mut self.pos.dismiss);
            crate::rng::shuffle(rng, &mut cards);
            push(
                events,
                Event::Reshuffled {
                    cards: cards.len() as u8,
                },
            );
            self.pos.deck = cards;
        }
        self.pos.deck.pop()
    }

    /// The Fairies of `player`'s Alliance with the highest (or lowest) Favor.
    pub(super) fn extremes(&self, player: Player, highest: bool) -> List<Card, DECK_SIZE> {
        let alliance = self.alliance(player);
        let values = alliance.iter().map(|ac| self.favor(ac.card));
        let best = if highest { values.max() } else { values.min() };
        alliance
            .iter()
            .filter(|ac| Some(self.favor(ac.card)) == best)
            .map(|ac| ac.card)
            .collect()
    }

    /// How many Fairies of `player`'s Alliance have the highest (or lowest)
    /// Favor, and the first of them: `extremes` without the list.
    #[inline]
    pub(super) fn extreme_count(&self, player: Player, highest: bool) -> (usize, Option<Card>) {
        // Lowest is highest of the negated values (in i16: -(-128) fits).
        let table = &self.pos.config.favor;
        let sign: i16 = if highest { 1 } else { -1 };
        let mut best = i16::MIN;
        let mut count = 0;
        let mut first = None;
        // Written to compile without branches on the values (a new best is
        // unpredictable); the compiler decides.
        for ac in self.alliance(player) {
            let v = sign * i16::from(table.favor(ac.card));
            let better = v > best;
            count = if better {
                1
            } else {
                count + usize::from(v == best)
            };
            first = if better { Some(ac.card) } else { first };
            best = best.max(v);
        }
        (count, first)
    }

    // ---- Setup and rounds ----

    fn deal_opening(&mut self) {
        // Pushed into each hand in place (as in `deal_lineup`): one area per
        // player, in seat order.
        debug_assert_eq!(self.pos.areas.len(), self.players());
        let pos = &mut self.pos;
        for area in pos.areas.iter_mut() {
            area.hand.clear();
            for _ in 0..3 {
                if let Some(card) = pos.deck.pop() {
                    let _ = area.hand.push(card);
                }
            }
        }
    }

    fn opening_dismiss(&mut self, player: Player, card: Card, events: &mut impl Sink) {
        if let Some(area) = self.area_mut(player) {
            area.discard = Some(card);
        }
        push(events, Event::Committed { player });
        if self.pos.areas.iter().any(|a| a.discard.is_none()) {
            return;
        }
        for seat in self.seats() {
            let Some(area) = self.pos.areas.get_mut(seat.index()) else {
                continue;
            };
            let discard = area.discard.take();
            let hand = core::mem::take(&mut area.hand);
            let kept: List<Card, 3> = hand
                .iter()
                .copied()
                .filter(|&c| Some(c) != discard)
                .collect();
            for &c in &kept {
                if area.alliance.push(AllianceCard::idle(c)).is_ok() {
                    let place = area.alliance.len().saturating_sub(1);
                    let at = slot(c);
                    if let (Some(owner), Some(i)) =
                        (self.owners.get_mut(at), self.places.get_mut(at))
                    {
                        *owner = seat.0 + 1;
                        *i = place as u8;
                    }
                }
            }
            if let Some(d) = discard {
                self.discard(d);
            }
            if let [a, b] = kept.as_slice() {
                push(
                    events,
                    Event::AllianceFounded {
                        player: seat,
                        cards: [*a, *b],
                    },
                );
            }
        }
        push(
            events,
            Event::CourtCrier {
                player: self.pos.court_crier,
            },
        );
        self.start_round(1, events);
    }

    /// Start Round: reveal the Direction token and queue the Delayed Powers.
    pub(super) fn start_round(&mut self, round: u8, events: &mut impl Sink) {
        self.pos.round = round;
        self.pos.last_revealer = None;
        push(
            events,
            Event::RoundStarted {
                round,
                direction: self.direction(),
            },
        );
        let mut queue = List::new();
        // Only a Delayed card queues (every card is of the game's Families).
        let delayed = self
            .pos
            .config
            .families
            .iter()
            .any(|f| f.power_type() == PowerType::Delayed);
        if delayed {
            for p in self.seats_from(self.pos.court_crier) {
                for ac in self.alliance(p) {
                    if ac.active && ac.card.family.power_type() == PowerType::Delayed {
                        let _ = queue.push(ac.card);
                    }
                }
            }
        }
        self.pos.phase = Phase::StartRound { queue, seize: None };
    }

    /// Fairy Lineup: deal three cards to every player, from the Court Crier.
    fn deal_lineup(&mut self, rng: &mut (impl Rng + ?Sized), events: &mut impl Sink) {
        for p in self.seats_from(self.pos.court_crier) {
            // The three draws kept in registers and pushed into the Area's
            // hand in place: a hand built on the stack and copied as one
            // 16-byte word stalls on its 2-byte stores.
            let a = self.draw(rng, events);
            let b = self.draw(rng, events);
            let c = self.draw(rng, events);
            if let Some(area) = self.area_mut(p) {
                area.hand.clear();
                for card in [a, b, c].into_iter().flatten() {
                    let _ = area.hand.push(card);
                }
                let n = area.hand.len();
                area.placed = if n <= 1 { n as u8 } else { 0 };
                push(
                    events,
                    Event::Dealt {
                        player: p,
                        cards: area.hand.iter().map(|&c| Some(c)).collect(),
                        knows: PlayerSet::only(p),
                    },
                );
            }
        }
        self.pos.phase = Phase::Lineup;
    }

    #[inline]
    fn lineup_done(area: &Area) -> bool {
        usize::from(area.placed) >= area.hand.len()
    }

    fn place(&mut self, player: Player, card: Card, events: &mut impl Sink) {
        if let Some(area) = self.area_mut(player) {
            let at = usize::from(area.placed);
            if let Some(i) = area.hand.iter().position(|&c| c == card)
                && i >= at
            {
                area.hand.swap(at, i);
                area.placed += 1;
                if usize::from(area.placed) + 1 >= area.hand.len() {
                    area.placed = area.hand.len() as u8;
                    push(events, Event::Committed { player });
                }
            }
        }
    }

    /// Every stack goes face down to the neighbour in round direction.
    fn pass_stacks(&mut self, events: &mut impl Sink) {
        // Every hand is taken first (a fixed array, in seat order), then
        // each goes to its receiver.
        let mut stacks = [(Player(0), List::<Card, 3>::new()); super::config::MAX_PLAYERS];
        let mut count = 0;
        let n = self.players();
        let left = self.direction() == Direction::Left;
        for (seat, (area, slot)) in self.pos.areas.iter_mut().zip(&mut stacks).enumerate() {
            // `next_seat(seat)`, without a modulo.
            let to = match (left, seat) {
                (true, s) if s + 1 >= n => 0,
                (true, s) => s + 1,
                (false, 0) => n.saturating_sub(1),
                (false, s) => s - 1,
            };
            debug_assert_eq!(
                Player(to as u8),
                if left {
                    Direction::Left
                } else {
                    Direction::Right
                }
                .step(Player(seat as u8), 1, n)
            );
            *slot = (Player(to as u8), core::mem::take(&mut area.hand));
            count += 1;
        }
        let stacks = stacks.get(..count).unwrap_or(&[]);
        push(
            events,
            Event::StacksPassed {
                direction: self.direction(),
            },
        );
        for &(to, stack) in stacks {
            let reduced = self.area(to).is_some_and(|a| a.effects.reduced);
            let mut dismissed = None;
            if let Some(area) = self.area_mut(to) {
                area.placed = 0;
                area.lineup = stack;
                area.cursor = 0;
                area.chosen = None;
                area.chosen_seen = false;
                // Reduced acts first: the top card leaves unseen, and
                // Psychic then shows the top two of the cards left.
                if reduced && let Some(&top) = area.lineup.first() {
                    area.cursor = 1;
                    dismissed = Some(top);
                }
                area.lineup_seen = match (area.effects.psychic, dismissed.is_some()) {
                    (false, _) => 0,
                    (true, false) => 0b011,
                    (true, true) => 0b110,
                };
            }
            if let Some(top) = dismissed {
                self.discard(top);
                let knows = self.knows_lineup(to);
                push(
                    events,
                    Event::Moved {
                        card: Some(top),
                        from: Zone::Lineup(to),
                        to: Zone::Dismiss,
                        knows: Some(without(knows, to)),
                    },
                );
            }
            // Psychic shows its cards at once.
            if let Some(area) = self.area(to) {
                let seen = area.lineup_seen;
                for (i, &card) in area.lineup.iter().enumerate() {
                    if seen & (1 << i.min(7)) != 0 {
                        push(events, Self::looked_in_stack(to, card, i));
                    }
                }
            }
            self.keep_last(to, events);
            self.look(to, events);
        }
        self.pos.phase = Phase::Selection;
    }

    /// `player` looks at `card`, at `position` in their stack.
    fn looked_in_stack(player: Player, card: Card, position: usize) -> Event {
        Event::Looked {
            player,
            card: Some(card),
            at: Zone::Lineup(player),
            position: position as u8,
        }
    }

    /// The player looks at the card now on top of their stack (unless
    /// Blinded), told by an [`Event::Looked`] unless already seen.
    fn look(&mut self, player: Player, events: &mut impl Sink) {
        // The area looked up once, for the blindness and the look.
        if let Some(area) = self.area_mut(player)
            && !Self::selection_done(area)
            && !Self::blind_in(area)
        {
            let at = usize::from(area.cursor);
            let bit = 1 << at.min(7);
            if area.lineup_seen & bit == 0 {
                area.lineup_seen |= bit;
                if let Some(&card) = area.lineup.get(at) {
                    push(events, Self::looked_in_stack(player, card, at));
                }
            }
        }
    }

    /// The last card of a stack must be kept.
    fn keep_last(&mut self, player: Player, events: &mut impl Sink) {
        let Some(area) = self.area_mut(player) else {
            return;
        };
        if area.chosen.is_none() && usize::from(area.cursor) + 1 == area.lineup.len() {
            area.chosen = area.lineup.last().copied();
            area.chosen_seen = true;
            area.lineup_seen |= 1 << (area.lineup.len() - 1).min(7);
            area.cursor = area.lineup.len() as u8;
            push(
                events,
                Event::Moved {
                    card: area.chosen,
                    from: Zone::Lineup(player),
                    to: Zone::Chosen(player),
                    knows: Some(self.knows_lineup(player)),
                },
            );
        }
    }

    /// The receiver and the passer of `player`'s stack. Inlined, so that
    /// `play` (whose events go nowhere) does not work it out.
    #[inline]
    pub(super) fn knows_lineup(&self, player: Player) -> PlayerSet {
        // `step(player, n - 1, n)`: one seat back.
        let passer = self.neighbour(player, self.direction() != Direction::Left);
        debug_assert_eq!(
            passer,
            self.direction()
                .step(player, self.players() - 1, self.players())
        );
        let mut set = PlayerSet::only(player);
        set.insert(passer);
        set
    }

    #[inline]
    pub(super) fn selection_done(area: &Area) -> bool {
        area.chosen.is_some() || usize::from(area.cursor) >= area.lineup.len()
    }

    /// Whether the player of `area` must decide on the card at the cursor
    /// without seeing it.
    #[inline]
    fn blind_in(area: &Area) -> bool {
        // Reduced dismissed the top card: the first decision is on the next.
        let first = u8::from(area.effects.reduced);
        area.effects.blinded && area.cursor == first && !area.effects.psychic
    }

    /// Fairy Selection is simultaneous: each player still selecting commits
    /// keep or dismiss for the current card in secret; when the last one has
    /// committed, every decision is carried out at once.
    fn commit_selection(&mut self, player: Player, keep: bool, events: &mut impl Sink) {
        if let Some(area) = self.area_mut(player) {
            area.pending = Some(keep);
        }
        push(events, Event::Committed { player });
        // Who still has to commit: the others to act (`to_act` is everyone
        // still selecting who has not committed).
        let waiting = !without(self.to_act, player).is_empty();
        debug_assert_eq!(
            waiting,
            self.pos
                .areas
                .iter()
                .any(|a| !Self::selection_done(a) && a.pending.is_none())
        );
        if waiting {
            return;
        }
        // Everyone still selecting after this step decides the next one.
        let mut next = PlayerSet::EMPTY;
        for p in self.seats() {
            if let Some(keep) = self.area_mut(p).and_then(|a| a.pending.take()) {
                self.select(p, keep, events);
            }
            if self.area(p).is_some_and(|a| !Self::selection_done(a)) {
                next.insert(p);
            }
        }
        // With nobody left, the Fairy Powers phase begins instead.
        if !next.is_empty() {
            self.next = Some(next);
        }
    }

    fn select(&mut self, player: Player, keep: bool, events: &mut impl Sink) {
        let knows = self.knows_lineup(player);
        let sees = |seen: bool| if seen { knows } else { without(knows, player) };
        // The leaving cards go straight to the Dismiss pile (no list of them
        // on the stack to copy and read back).
        let pos = &mut self.pos;
        let Some(area) = pos.areas.get_mut(player.index()) else {
            return;
        };
        let blind = Self::blind_in(area);
        let at = usize::from(area.cursor);
        let Some(&card) = area.lineup.get(at) else {
            return;
        };
        if keep {
            area.chosen = Some(card);
            area.chosen_seen = !blind;
            push(
                events,
                Event::Moved {
                    card: Some(card),
                    from: Zone::Lineup(player),
                    to: Zone::Chosen(player),
                    knows: Some(sees(!blind)),
                },
            );
            // The cards under it, with whether the owner has seen them.
            for (i, &c) in area.lineup.iter().enumerate().skip(at + 1) {
                let seen = area.lineup_seen & (1 << i.min(7)) != 0;
                let _ = pos.dismiss.push(c);
                push(
                    events,
                    Event::Moved {
                        card: Some(c),
                        from: Zone::Lineup(player),
                        to: Zone::Dismiss,
                        knows: Some(sees(seen)),
                    },
                );
            }
            area.cursor = area.lineup.len() as u8;
        } else {
            area.cursor += 1;
            let _ = pos.dismiss.push(card);
            push(
                events,
                Event::Moved {
                    card: Some(card),
                    from: Zone::Lineup(player),
                    to: Zone::Dismiss,
                    knows: Some(sees(!blind)),
                },
            );
        }
        self.keep_last(player, events);
        self.look(player, events);
    }

    /// Fairy Powers: the resolve order, Favor 5 down to Pariah -5, ties from
    /// the Court Crier in round direction.
    fn start_powers(&mut self, events: &mut impl Sink) {
        // Blinded only hides the card "during Fairy Selection": once it is
        // over, everyone may look at their own face-down Fairy (which they may
        // use early if it is a Response).
        for (seat, area) in self.pos.areas.iter_mut().enumerate() {
            if let Some(card) = area.chosen
                && !area.chosen_seen
            {
                area.chosen_seen = true;
                let player = Player(seat as u8);
                push(
                    events,
                    Event::Looked {
                        player,
                        card: Some(card),
                        at: Zone::Chosen(player),
                        position: 0,
                    },
                );
            }
        }
        // (Favor, place from the Court Crier in round direction, player).
        let mut keyed = ArrayVec::<(core::cmp::Reverse<i8>, usize, Player), 5>::new();
        for (place, p) in self
            .seats_from(self.pos.court_crier)
            .into_iter()
            .enumerate()
        {
            if let Some(card) = self.area(p).and_then(|a| a.chosen) {
                let _ = keyed.try_push((core::cmp::Reverse(self.favor(card)), place, p));
            }
        }
        crate::list::sort_small(&mut keyed);
        self.pos.phase = Phase::Powers {
            order: keyed.into_iter().map(|(_, _, p)| p).collect(),
            next: 0,
            resolution: None,
        };
    }

    /// Reveals `player`'s chosen Fairy into their Alliance.
    pub(super) fn reveal(&mut self, player: Player, events: &mut impl Sink) -> Option<Card> {
        let round = self.pos.round;
        let area = self.area_mut(player)?;
        let card = area.chosen.take()?;
        area.chosen_seen = false;
        let active = match card.family.power_type() {
            PowerType::Response => true,
            PowerType::Delayed => round < ROUNDS,
            _ => false,
        };
        if area
            .alliance
            .push(AllianceCard {
                card,
                active,
                scoring: None,
            })
            .is_ok()
        {
            let place = area.alliance.len().saturating_sub(1);
            self.hold(card, player, place);
        }
        self.pos.last_revealer = Some(player);
        push(
            events,
            Event::Revealed {
                player,
                card,
                active,
            },
        );
        Some(card)
    }

    /// End Round: the Court Crier goes to the last player to reveal.
    fn end_round(&mut self, events: &mut impl Sink) {
        if let Some(p) = self.pos.last_revealer {
            self.pos.court_crier = p;
            push(events, Event::CourtCrier { player: p });
        }
        for area in self.pos.areas.iter_mut() {
            area.lineup.clear();
            area.cursor = 0;
            area.effects = Default::default();
            area.chosen_seen = false;
            area.lineup_seen = 0;
        }
        if self.pos.round >= ROUNDS {
            self.pos.phase = Phase::Scoring;
        } else {
            self.start_round(self.pos.round + 1, events);
        }
    }

    /// Runs every step that needs no decision, until one does or the game ends.
    pub(super) fn advance(&mut self, rng: &mut (impl Rng + ?Sized), events: &mut impl Sink) {
        for _ in 0..10_000 {
            match &mut self.pos.phase {
                Phase::Opening => return,
                Phase::StartRound { queue, seize } => {
                    if seize.is_some() {
                        return;
                    }
                    if queue.is_empty() {
                        self.deal_lineup(rng, events);
                        continue;
                    }
                    if let Some(card) = remove(queue, 0) {
                        self.start_delayed(card, events);
                    }
                }
                Phase::Lineup => {
                    if self.pos.areas.iter().all(Self::lineup_done) {
                        self.pass_stacks(events);
                    } else {
                        return;
                    }
                }
                Phase::Selection => {
                    if self.pos.areas.iter().all(Self::selection_done) {
                        self.start_powers(events);
                    } else {
                        return;
                    }
                }
                Phase::Powers {
                    order,
                    next,
                    resolution,
                } => {
                    if resolution.is_some() {
                        return;
                    }
                    let Some(&player) = order.get(usize::from(*next)) else {
                        self.end_round(events);
                        continue;
                    };
                    *next += 1;
                    if let Some(card) = self.reveal(player, events) {
                        self.begin_power(player, card, events);
                    }
                }
                Phase::Scoring => {
                    if !self.scoring_waits() {
                        self.finish(events);
                    }
                    return;
                }
                Phase::Over { .. } => return,
            }
        }
    }

    /// A Delayed card of the queue resolves for its current owner.
    fn start_delayed(&mut self, card: Card, events: &mut impl Sink) {
        let Some((user, ac)) = self.owner(card).and_then(|(p, i)| {
            let ac = self.area(p)?.alliance.get(i).copied()?;
            Some((p, ac))
        }) else {
            return;
        };
        if !ac.active {
            return;
        }
        match card.family.power() {
            Power::Lineup(effect) => {
                self.set_idle(card);
                if let Some(area) = self.area_mut(user) {
                    area.effects.set(effect);
                }
                push(
                    events,
                    Event::PowerUsed {
                        player: user,
                        card,
                        power: card.family,
                    },
                );
                push(
                    events,
                    Event::LineupChanged {
                        player: user,
                        effect,
                    },
                );
            }
            Power::Seize { .. } => {
                push(
                    events,
                    Event::PowerUsed {
                        player: user,
                        card,
                        power: card.family,
                    },
                );
                let seize = Seize { user, source: card };
                if self.seize_options(seize).is_empty() {
                    self.set_idle(card);
                    push(events, Event::NoEffect { card });
                } else if let Phase::StartRound { seize: slot, .. } = &mut self.pos.phase {
                    *slot = Some(seize);
                }
            }
            _ => self.set_idle(card),
        }
    }

    /// Erase/Scheme: the highest Fairies of every Alliance the Power reaches.
    pub(super) fn seize_options(&self, seize: Seize) -> List<Card, DECK_SIZE> {
        let Power::Seize { from, .. } = seize.source.family.power() else {
            return List::new();
        };
        let mut out = List::new();
        for p in self.seats_from(seize.user) {
            if from == super::family::Reach::Opponent && p == seize.user {
                continue;
            }
            out.extend(self.extremes(p, true));
        }
        out
    }

    fn resolve_seize(&mut self, seize: Seize, card: Card, events: &mut impl Sink) {
        self.set_idle(seize.source);
        if let Phase::StartRound { seize: slot, .. } = &mut self.pos.phase {
            *slot = None;
        }
        push(
            events,
            Event::Aimed {
                player: seize.user,
                target: super::resolution::Target::Card(card),
            },
        );
        match seize.source.family.power() {
            Power::Seize {
                to: super::family::Destination::Own,
                ..
            } => self.move_to(card, seize.user, events),
            _ => self.dismiss_from_alliance(card, events),
        }
    }

    // ---- Scoring ----

    /// Players with a Familiar or Illusion still to pair or assign.
    pub(super) fn scoring_pending(&self) -> PlayerSet {
        self.seats()
            .into_iter()
            .filter(|&p| self.next_scoring_card(p).is_some())
            .collect()
    }

    /// Whether a Familiar or Illusion still waits for its choice
    /// (`scoring_pending` is not empty): never in a game without them
    /// (every card is of the game's Families), else one look at each
    /// Alliance.
    fn scoring_waits(&self) -> bool {
        let waits = (self.in_game(Family::Familiar) || self.in_game(Family::Illusion))
            && self.seats().iter().any(|&p| {
                self.alliance(p).iter().any(|ac| {
                    matches!(ac.card.family, Family::Familiar | Family::Illusion)
                        && ac.scoring.is_none()
                })
            });
        debug_assert_eq!(waits, !self.scoring_pending().is_empty());
        waits
    }

    /// The first Familiar (then Illusion) of `player` without a choice.
    pub(super) fn next_scoring_card(&self, player: Player) -> Option<Card> {
        let alliance = self.alliance(player);
        let pending = |f: Family| {
            alliance
                .iter()
                .find(|ac| ac.card.family == f && ac.scoring.is_none())
                .map(|ac| ac.card)
        };
        pending(Family::Familiar).or_else(|| pending(Family::Illusion))
    }

    #[inline(never)]
    fn scoring_actions(&self, player: Player, list: &mut ActionList<Action>) {
        let Some(card) = self.next_scoring_card(player) else {
            return;
        };
        let alliance = self.alliance(player);
        match card.family.power() {
            Power::Score(ScoreRule::Familiar) => {
                for ac in alliance {
                    let taken = alliance
                        .iter()
                        .any(|f| f.scoring == Some(ScoringChoice::Paired(Some(ac.card))));
                    if ac.card.family != Family::Familiar && !taken {
                        let _ = list.try_push(Action::Pair(ac.card));
                    }
                }
                let _ = list.try_push(Action::LeaveUnpaired);
            }
            _ => {
                for f in self.pos.config.families {
                    if f != Family::Familiar {
                        let _ = list.try_push(Action::ScoreAs(f));
                    }
                }
            }
        }
    }

    fn choose_scoring(&mut self, player: Player, action: Action, events: &mut impl Sink) {
        let Some(card) = self.next_scoring_card(player) else {
            return;
        };
        let (choice, paired, family) = match action {
            Action::Pair(c) => (ScoringChoice::Paired(Some(c)), Some(c), None),
            Action::LeaveUnpaired => (ScoringChoice::Paired(None), None, None),
            Action::ScoreAs(f) => (ScoringChoice::As(f), None, Some(f)),
            _ => return,
        };
        if let Some(ac) = self
            .area_mut(player)
            .and_then(|a| a.alliance.iter_mut().find(|ac| ac.card == card))
        {
            ac.scoring = Some(choice);
        }
        push(
            events,
            Event::ScoringChoice {
                player,
                card,
                paired,
                family,
            },
        );
    }

    /// The winner: highest score, ties from the Court Crier in the last
    /// round's direction.
    pub(super) fn winner(&self) -> Player {
        self.winner_of(&self.scores())
    }

    /// The winner given every player's `scores`.
    fn winner_of(&self, scores: &[Score]) -> Player {
        let best = scores.iter().copied().max().unwrap_or(0);
        self.seats_from(self.pos.court_crier)
            .into_iter()
            .find(|p| scores.get(p.index()) == Some(&best))
            .unwrap_or(self.pos.court_crier)
    }

    fn finish(&mut self, events: &mut impl Sink) {
        let scores = self.scores();
        for (seat, &favor) in scores.iter().enumerate() {
            push(
                events,
                Event::Scored {
                    player: Player(seat as u8),
                    favor,
                },
            );
        }
        let winner = self.winner_of(&scores);
        self.pos.phase = Phase::Over { winner };
        push(events, Event::GameOver { winner });
    }

    // ---- Decisions ----

    fn actions_for(&self, player: Player) -> ActionList<Action> {
        // Filled in place: one return, so the list is not copied out.
        let mut list = ActionList::new();
        self.fill_actions(player, &mut list);
        list
    }

    /// Out of line, like the other rare decisions, so that the common ones
    /// stay cheap to call.
    #[inline(never)]
    fn seize_actions(&self, seize: Seize, list: &mut ActionList<Action>) {
        for c in self.seize_options(seize) {
            let _ = list.try_push(Action::Target(c));
        }
    }

    #[inline(never)]
    fn seize_allows(&self, seize: Seize, player: Player, card: Card) -> bool {
        seize.user == player && self.seize_options(seize).contains(&card)
    }

    #[inline(never)]
    fn scoring_allows(&self, player: Player, action: Action) -> bool {
        self.actions_for(player).contains(&action)
    }

    fn fill_actions(&self, player: Player, list: &mut ActionList<Action>) {
        let Some(area) = self.area(player) else {
            return;
        };
        match &self.pos.phase {
            Phase::Opening => {
                if area.discard.is_none() {
                    for &c in area.hand.iter() {
                        let _ = list.try_push(Action::Dismiss(c));
                    }
                }
            }
            Phase::StartRound {
                seize: Some(seize), ..
            } if seize.user == player => self.seize_actions(*seize, list),
            Phase::StartRound { .. } => {}
            Phase::Lineup => {
                if !Self::lineup_done(area) {
                    let rest = area.hand.get(usize::from(area.placed)..).unwrap_or(&[]);
                    for &c in rest {
                        let _ = list.try_push(Action::Place(c));
                    }
                }
            }
            Phase::Selection => {
                if !Self::selection_done(area) && area.pending.is_none() {
                    let _ = list.try_push(Action::Keep);
                    let _ = list.try_push(Action::DismissTop);
                }
            }
            Phase::Powers {
                resolution: Some(r),
                ..
            } => self.resolution_actions(r, player, list),
            Phase::Powers { .. } => {}
            Phase::Scoring => self.scoring_actions(player, list),
            Phase::Over { .. } => {}
        }
    }

    /// When the phase waits on one player at most: `Some(None)` for nobody,
    /// `Some(Some(p))` when only `p` may act ([`acts`](State::acts) still
    /// decides whether they do); `None` when several may.
    fn sole_candidate(&self) -> Option<Option<Player>> {
        use super::resolution::{ChainStep, Resolution, Step};
        match &self.pos.phase {
            Phase::StartRound { seize, .. } => Some(seize.map(|s| s.user)),
            Phase::Powers { resolution, .. } => match resolution {
                None => Some(None),
                Some(Resolution::Direct(d)) => Some(Some(match d.step {
                    Step::Copy | Step::Own | Step::Aim | Step::Guess => d.user,
                    Step::Window { responder, .. } => responder,
                    Step::Redirect { deflector } => deflector,
                    Step::Conceal { holder } => holder,
                    Step::Reflect { player } => player,
                })),
                Some(Resolution::Chain(c)) => match c.step {
                    ChainStep::Avoid { responder, .. } => Some(Some(responder)),
                    ChainStep::Pick => None,
                },
            },
            Phase::Over { .. } => Some(None),
            Phase::Opening | Phase::Lineup | Phase::Selection | Phase::Scoring => None,
        }
    }

    /// Whether `player` has a decision: `actions_for(player)` is not empty,
    /// found without building the list.
    pub(super) fn acts(&self, player: Player) -> bool {
        let Some(area) = self.area(player) else {
            return false;
        };
        let acts = match &self.pos.phase {
            Phase::Opening => area.discard.is_none() && !area.hand.is_empty(),
            Phase::StartRound {
                seize: Some(seize), ..
            } => seize.user == player && !self.seize_options(*seize).is_empty(),
            Phase::StartRound { .. } => false,
            // The cards not placed yet are `hand[placed..]`.
            Phase::Lineup => !Self::lineup_done(area),
            Phase::Selection => !Self::selection_done(area) && area.pending.is_none(),
            Phase::Powers {
                resolution: Some(r),
                ..
            } => self.resolution_acts(r, player),
            Phase::Powers { .. } => false,
            Phase::Scoring => !self.actions_for(player).is_empty(),
            Phase::Over { .. } => false,
        };
        debug_assert_eq!(acts, !self.actions_for(player).is_empty());
        acts
    }

    /// Whether `action` is one of `player`'s legal actions
    /// (`actions_for(player).contains(&action)`), checked by the rule of the
    /// decision awaited without building the list. Only for a `player` who
    /// [`acts`](State::acts).
    #[inline]
    pub(super) fn allows(&self, player: Player, action: Action) -> bool {
        let Some(area) = self.area(player) else {
            return false;
        };
        let allows = match (&self.pos.phase, action) {
            (Phase::Opening, Action::Dismiss(c)) => area.hand.contains(&c),
            (Phase::StartRound { seize: Some(s), .. }, Action::Target(c)) => {
                self.seize_allows(*s, player, c)
            }
            (Phase::Lineup, Action::Place(c)) => area
                .hand
                .get(usize::from(area.placed)..)
                .is_some_and(|rest| rest.contains(&c)),
            (Phase::Selection, Action::Keep | Action::DismissTop) => true,
            (
                Phase::Powers {
                    resolution: Some(r),
                    ..
                },
                _,
            ) => self.resolution_allows(r, player, action),
            (Phase::Scoring, _) => self.scoring_allows(player, action),
            _ => false,
        };
        debug_assert_eq!(allows, self.actions_for(player).contains(&action));
        allows
    }

    /// Checks `action` and plays it, writing its events into `events`.
    fn play_into(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) -> Result<(), ActionError<Violation>> {
        if let Phase::Over { .. } = self.pos.phase {
            return Err(ActionError::GameOver);
        }
        if player.index() >= self.players() {
            return Err(ActionError::NoSuchPlayer { player });
        }
        if !self.to_act.contains(player) {
            return Err(ActionError::NotToAct { player });
        }
        debug_assert!(self.next.is_none(), "`next` is taken by every apply");
        // Most decisions of a game are a Lineup placement or a Selection
        // step: played here with what they change, without going through
        // `allows`, `perform`, `advance` and `update_to_act`, which each
        // look at the phase again.
        match (&self.pos.phase, action) {
            (Phase::Lineup, Action::Place(card)) => {
                return self.place_checked(player, card, rng, events);
            }
            (Phase::Selection, Action::Keep | Action::DismissTop)
                if !without(self.to_act, player).is_empty() =>
            {
                self.commit_waiting(player, action == Action::Keep, events);
                return Ok(());
            }
            _ => {}
        }
        if !self.allows(player, action) {
            return Err(self.refusal(player, action));
        }
        let before = core::mem::discriminant(&self.pos.phase);
        self.perform(player, action, rng, events);
        self.update_to_act(player, before);
        Ok(())
    }

    /// `play_into` of a Lineup placement by `player`, who acts: `allows`,
    /// `place`, and what `advance` and `update_to_act` do after it. Only
    /// the placement that ends the Lineup (everyone done) moves the game on.
    #[inline(always)]
    fn place_checked(
        &mut self,
        player: Player,
        card: Card,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) -> Result<(), ActionError<Violation>> {
        // One look at the hand (three cards at most), without a branch per
        // card, as the card's place is random: whether the card is among
        // those not placed yet (`allows`) and where it first is (`place`).
        let mut first = None;
        let mut allowed = false;
        if let Some(area) = self.area(player) {
            let at = usize::from(area.placed);
            for (i, &c) in area.hand.iter().enumerate().rev() {
                let here = c == card;
                first = if here { Some(i) } else { first };
                allowed |= here & (i >= at);
            }
        }
        debug_assert_eq!(allowed, self.allows(player, Action::Place(card)));
        if !allowed {
            return Err(self.refusal(player, Action::Place(card)));
        }
        let before = core::mem::discriminant(&self.pos.phase);
        // `place`, with the card found.
        if let Some(area) = self.pos.areas.get_mut(player.index()) {
            let at = usize::from(area.placed);
            if let Some(i) = first
                && i >= at
            {
                let hand = area.hand.as_mut_slice();
                if let (Some(&x), Some(&y)) = (hand.get(at), hand.get(i)) {
                    if let Some(slot) = hand.get_mut(at) {
                        *slot = y;
                    }
                    if let Some(slot) = hand.get_mut(i) {
                        *slot = x;
                    }
                }
                area.placed += 1;
                if usize::from(area.placed) + 1 >= area.hand.len() {
                    area.placed = area.hand.len() as u8;
                    push(events, Event::Committed { player });
                }
            }
        }
        // `update_to_act` in the Lineup: the player still acts while cards
        // are left to place, and leaves the set once done.
        if !self.area(player).is_none_or(Self::lineup_done) {
            debug_assert_eq!(self.to_act, self.find_to_act());
            return Ok(());
        }
        if !self.pos.areas.iter().all(Self::lineup_done) {
            self.to_act.remove(player);
            debug_assert_eq!(self.to_act, self.find_to_act());
            return Ok(());
        }
        self.advance(rng, events);
        self.update_to_act(player, before);
        Ok(())
    }

    /// `play_into` of a Selection step by `player` while others still
    /// decide theirs (`to_act` has another player): `commit_selection`
    /// records it and waits, `advance` has nothing to do, and the player
    /// leaves the set (`update_to_act`).
    #[inline(always)]
    fn commit_waiting(&mut self, player: Player, keep: bool, events: &mut impl Sink) {
        debug_assert!(self.allows(player, Action::Keep));
        if let Some(area) = self.area_mut(player) {
            area.pending = Some(keep);
        }
        push(events, Event::Committed { player });
        self.to_act.remove(player);
        debug_assert_eq!(self.to_act, self.find_to_act());
    }

    /// Why `action` is refused for `player`, who acts: out of line, as it
    /// builds the legal list.
    #[inline(never)]
    fn refusal(&self, player: Player, action: Action) -> ActionError<Violation> {
        let legal = self.actions_for(player);
        ActionError::Illegal(self.violation(player, action, &legal))
    }

    fn perform(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) {
        match (&self.pos.phase, action) {
            (Phase::Opening, Action::Dismiss(card)) => self.opening_dismiss(player, card, events),
            (Phase::StartRound { seize: Some(s), .. }, Action::Target(card)) => {
                let s = *s;
                self.resolve_seize(s, card, events);
            }
            (Phase::Lineup, Action::Place(card)) => self.place(player, card, events),
            (Phase::Selection, Action::Keep) => self.commit_selection(player, true, events),
            (Phase::Selection, Action::DismissTop) => self.commit_selection(player, false, events),
            (Phase::Powers { .. }, _) => self.resolve_action(player, action, rng, events),
            (Phase::Scoring, _) => self.choose_scoring(player, action, events),
            _ => {}
        }
        self.advance(rng, events);
    }
}

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Setup = Setup;
    type Violation = Violation;
    type SetupError = SetupError;

    const NAME: &'static str = "Fickle";
    const MIN_PLAYERS: usize = super::config::MIN_PLAYERS;
    const MAX_PLAYERS: usize = super::config::MAX_PLAYERS;

    /// Says whose card an action names ([`View::describe`]).
    fn write_action(
        view: &View,
        action: &Action,
        f: &mut core::fmt::Formatter<'_>,
    ) -> core::fmt::Result {
        write!(f, "{}", view.describe(*action))
    }

    /// Reads the notation at the view's table ([`View::read`]): a player
    /// number not seated there, or a card of a Family the game does not use,
    /// is an error that says so.
    fn read_action(view: &View, text: &str) -> Result<Action, super::ParseActionError> {
        view.read(text)
    }

    /// Shuffles the Direction tokens (five go on the board), shuffles the 45
    /// Fairies and deals 3 to each player.
    fn new(config: &Config, rng: &mut (impl Rng + ?Sized)) -> Result<State, ConfigError> {
        config.validate()?;
        let mut tokens: [Direction; DIRECTION_TOKENS] = config.direction_tokens;
        crate::rng::shuffle(rng, &mut tokens);
        let [a, b, c, d, e, ..] = tokens;
        let mut deck: List<Card, DECK_SIZE> = List::new();
        for f in config.families {
            deck.extend(Card::of(f));
        }
        crate::rng::shuffle(rng, &mut deck);
        // Built in place: no Alliance holds a card yet, and who acts is
        // worked out once the cards are dealt.
        let mut state = State {
            pos: Setup {
                config: *config,
                round: 0,
                directions: [a, b, c, d, e],
                court_crier: config.first_court_crier,
                deck,
                dismiss: List::new(),
                // Every area written once, in place.
                areas: List::repeat(Area::default(), config.num_players()),
                last_revealer: None,
                phase: Phase::Opening,
            },
            to_act: PlayerSet::EMPTY,
            owners: [0; OWNER_SLOTS],
            places: [0; OWNER_SLOTS],
            next: None,
            families: family_bits(&config.families),
        };
        state.deal_opening();
        state.to_act = state.find_to_act();
        Ok(state)
    }

    #[inline]
    fn num_players(&self) -> usize {
        self.players()
    }

    /// Kept up to date by `apply`: O(1).
    #[inline]
    fn to_act(&self) -> PlayerSet {
        debug_assert_eq!(self.to_act, self.find_to_act());
        self.to_act
    }

    fn legal_actions(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        self.legal_actions_into(player, &mut list);
        list
    }

    #[inline]
    fn legal_actions_into(&self, player: Player, list: &mut ActionList<Action>) {
        list.clear();
        self.fill_actions(player, list);
    }

    fn apply(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<Event>, ActionError<Violation>> {
        let mut events = Events::new();
        self.apply_into(player, action, rng, &mut events)?;
        Ok(events)
    }

    fn apply_into(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut Events<Event>,
    ) -> Result<(), ActionError<Violation>> {
        events.clear();
        self.play_into(player, action, rng, events)
    }

    /// `apply` without building its events: the same checks, state changes
    /// and random draws, with the events written nowhere.
    fn play(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<Violation>> {
        self.play_into(player, action, rng, &mut NoEvents)
    }

    fn view_for(&self, seat: Seat) -> View {
        View::of(self, seat.at_table(self.players()))
    }

    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        Some(event.redacted(seat))
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.pos.phase {
            Phase::Over { winner } => Some(Outcome::new(PlayerSet::only(winner), self.scores())),
            _ => None,
        }
    }

    /// Twice the bound `25n² + 76n + 45` for `n` players, counted as:
    /// the opening (n); per round a Lineup and a Selection (4n); Erase and
    /// Scheme choices (at most one per reveal, 5n); Powers: at most 5n
    /// reveals, and every Response use turns an Active card (activated only by
    /// a reveal) Idle, so uses U ≤ 5n and resolutions R ≤ 5n + U ≤ 10n; a
    /// resolution takes at most 3 choices, n - 1 passes, one Reflect offer and
    /// n Chain picks (2n + 3); a Response use at most 3 more choices, 2 for
    /// Obfuscate and a new round of n - 1 passes (n + 4); end-of-game
    /// pairings at most 45.
    fn max_game_length(&self) -> u32 {
        let n = self.players() as u32;
        2 * (25 * n * n + 76 * n + 45)
    }

    fn to_setup(&self) -> Setup {
        Setup::from(self)
    }

    fn from_setup(setup: Setup) -> Result<State, SetupError> {
        State::try_from(setup)
    }
}
