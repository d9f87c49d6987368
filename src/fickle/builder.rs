//! Positions written in a few lines, in the rulebook's words.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::card::{CARDS_PER_FAMILY, Card, DECK_SIZE};
use super::config::{Config, Direction, MAX_PLAYERS, ROUNDS};
use super::event::Event;
use super::family::{FAMILY_COUNT, LineupEffect};
use super::resolution::Phase;
use super::setup::{AllianceCard, Area, LineupEffects, Setup, SetupError};
use super::state::State;
use super::{Action, ParseError};
use crate::{Events, Game, List, Player};

/// A card as a [`Builder`] takes it: an exact [`Card`], or a name.
///
/// A name ("Noble 4") means a card of that Family with that Favor in the
/// game's [`FavorTable`](super::FavorTable) that is not placed yet, so naming
/// "Noble 4" twice places both Nobles of Favor 4. A name with a prime
/// ("Noble 4'") is the exact card [`Card::parse`] gives.
pub trait CardSpec {
    /// The card this names among the cards not placed yet (`free`).
    #[doc(hidden)]
    fn resolve(&self, config: &Config, free: &Placed) -> Result<Card, SetupError>;
}

impl CardSpec for Card {
    fn resolve(&self, _: &Config, _: &Placed) -> Result<Card, SetupError> {
        Ok(*self)
    }
}

impl CardSpec for &Card {
    fn resolve(&self, _: &Config, _: &Placed) -> Result<Card, SetupError> {
        Ok(**self)
    }
}

impl CardSpec for &str {
    fn resolve(&self, config: &Config, placed: &Placed) -> Result<Card, SetupError> {
        let exact = Card::parse(self).map_err(SetupError::CardName)?;
        if self.trim_end().ends_with('\'') {
            return Ok(exact);
        }
        let favor = exact.default_favor();
        let mut cards = config.favor.cards_with(exact.family, favor).peekable();
        let first = cards.peek().copied();
        cards
            .find(|&c| !placed.contains(c))
            .or(first)
            .ok_or(SetupError::CardName(ParseError::Favor))
    }
}

/// Which cards a [`Builder`] has placed.
#[doc(hidden)]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Placed([u16; FAMILY_COUNT]);

impl Placed {
    fn bit(card: Card) -> u16 {
        1u16.checked_shl(u32::from(card.copy())).unwrap_or(0)
    }

    fn contains(&self, card: Card) -> bool {
        self.0
            .get(card.family.index())
            .is_some_and(|row| row & Self::bit(card) != 0)
    }

    fn insert(&mut self, card: Card) {
        if let Some(row) = self.0.get_mut(card.family.index()) {
            *row |= Self::bit(card);
        }
    }
}

/// Builds a position of Fickle from what matters to you, filling in the rest.
///
/// The position is the start of the **Fairy Selection** of a round (1 by
/// default): each player given a Fairy with [`Builder::kept`] has a Lineup
/// stack with that Fairy on top, and keeping it (one [`Action::Keep`] each,
/// which [`Builder::reveal`] makes) ends the Selection: the Fairy Powers phase
/// reveals the kept Fairies, and the first Power to resolve waits for its
/// decision. Without any kept Fairy the position is the start of the **Fairy
/// Lineup** instead: every player holds three cards to order (from the top of
/// the deck, or named with [`Builder::hand`]).
///
/// Everything not named is derived: the Fairy Deck holds every card not placed
/// (in a fixed order, cards named with [`Builder::deck_top`] on top; the
/// other cards of each kept Fairy's stack come from the bottom), the Dismiss
/// pile is empty unless named, the Direction tokens are the config's first
/// five, the Court Crier is the config's first one. The deal follows the
/// rules:
///
/// - A stack holds 3 cards: the kept Fairy on top, or under the card Reduced
///   dismissed. It is shorter only when no card is left free, and then only
///   if no card is named on top of the deck or in the Dismiss pile (Rule B
///   would have shuffled the Dismiss pile in to deal it;
///   [`SetupError::ShortDeal`] otherwise). The last card of a stack is kept
///   at once (Rule C): a player whose kept Fairy is the last card of their
///   stack has it kept already, as the engine does when they receive it.
/// - A Fairy Lineup deal gives each player 3 cards from the top of the deck,
///   from the Court Crier in round direction; when the deck runs out the
///   Dismiss pile becomes the new deck (Rule B), in a fixed order.
///
/// [`Builder::build`] checks the result like any [`Setup`], so a builder never
/// makes a position the rules cannot hold, but for two liberties it takes on
/// purpose, so that only the Powers you name are in play:
///
/// - A player not given a kept Fairy has no stack this round. The rules deal
///   everyone a stack and leave a player without one only when the Fairy Deck
///   and the Dismiss pile have both run dry; but a stack of unnamed cards
///   would end with an unnamed kept Fairy, whose Power would resolve too.
///   Name a kept Fairy for every player for a position the rules reach
///   exactly.
/// - A Delayed Power named with [`Builder::active`] in rounds 1 to 4 resolves
///   at the start of the next round, like one revealed this round; by the
///   rules one Active during the Lineup or the Selection would already have
///   resolved at the start of this round.
///
/// Card arguments are [`CardSpec`]s: a [`Card`] or a name like `"Noble 4"`.
///
/// ```
/// use fairy_ring::fickle::{Action, Builder, Config, Family::*, Phase, State};
/// use fairy_ring::{Game, Player};
/// # use rand_core::SeedableRng;
/// # let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let config = Config::with_families(3, [Transmute, Noble, Coerce, Give, Share])?;
/// // Player 0's Alliance holds Noble 4 and Share 2; player 0 kept a Transmute
/// // and player 1 a Noble: reveal them.
/// let (state, _events) = Builder::new(config)
///     .alliance(Player(0), ["Noble 4", "Share 2"])
///     .kept(Player(0), "Transmute 5")
///     .kept(Player(1), "Noble 1")
///     .reveal(&mut rng)?;
/// // Transmute is revealed first and waits for its victim.
/// assert!(matches!(state.phase(), Phase::Powers { resolution: Some(_), .. }));
/// assert!(state.legal_actions(Player(0)).contains(&Action::TargetPlayer(Player(1))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "a builder does nothing until `build` or `reveal`"]
pub struct Builder {
    config: Config,
    round: u8,
    directions: [Direction; ROUNDS as usize],
    direction: Option<Direction>,
    court_crier: Player,
    alliances: [ArrayVec<AllianceCard, DECK_SIZE>; MAX_PLAYERS],
    kept: [Option<Card>; MAX_PLAYERS],
    hands: [ArrayVec<Card, 3>; MAX_PLAYERS],
    effects: [LineupEffects; MAX_PLAYERS],
    deck_top: ArrayVec<Card, DECK_SIZE>,
    dismissed: ArrayVec<Card, DECK_SIZE>,
    deck_size: Option<usize>,
    placed: Placed,
    error: Option<SetupError>,
}

impl State {
    /// A [`Builder`] for a position of a game with `config`.
    pub fn builder(config: Config) -> Builder {
        Builder::new(config)
    }
}

impl Builder {
    /// A builder for a game with `config`: round 1, nothing placed yet.
    pub fn new(config: Config) -> Builder {
        let [a, b, c, d, e, ..] = config.direction_tokens;
        Builder {
            config,
            round: 1,
            directions: [a, b, c, d, e],
            direction: None,
            court_crier: config.first_court_crier,
            alliances: Default::default(),
            kept: [None; MAX_PLAYERS],
            hands: Default::default(),
            effects: [LineupEffects::default(); MAX_PLAYERS],
            deck_top: ArrayVec::new(),
            dismissed: ArrayVec::new(),
            deck_size: None,
            placed: Placed::default(),
            error: None,
        }
    }

    fn fail(&mut self, error: SetupError) {
        self.error.get_or_insert(error);
    }

    /// Resolves and marks a card placed.
    fn take(&mut self, spec: impl CardSpec) -> Option<Card> {
        match spec.resolve(&self.config, &self.placed) {
            Ok(card) => {
                if !self.config.has_family(card.family)
                    || usize::from(card.copy()) >= CARDS_PER_FAMILY
                {
                    self.fail(SetupError::CardNotInGame(card));
                    None
                } else if self.placed.contains(card) {
                    self.fail(SetupError::DuplicateCard(card));
                    None
                } else {
                    self.placed.insert(card);
                    Some(card)
                }
            }
            Err(e) => {
                self.fail(e);
                None
            }
        }
    }

    /// The seat index of `player`, if seated.
    fn seat(&mut self, player: Player) -> Option<usize> {
        if player.index() < self.config.num_players() {
            Some(player.index())
        } else {
            self.fail(SetupError::Seat(player));
            None
        }
    }

    /// The round, 1 to 5.
    pub fn round(mut self, round: u8) -> Builder {
        self.round = round;
        self
    }

    /// This round's Direction token: the token of the round set with
    /// [`Builder::round`], whether named before or after it, in place of the
    /// one [`Builder::directions`] (or the config) gives.
    pub fn direction(mut self, direction: Direction) -> Builder {
        self.direction = Some(direction);
        self
    }

    /// All five Direction tokens, in round order (the current round's one
    /// replaced by [`Builder::direction`], if named).
    pub fn directions(mut self, directions: [Direction; ROUNDS as usize]) -> Builder {
        self.directions = directions;
        self
    }

    /// Who holds the Court Crier token.
    pub fn court_crier(mut self, player: Player) -> Builder {
        if self.seat(player).is_some() {
            self.court_crier = player;
        }
        self
    }

    fn ally<C: CardSpec>(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
        active: bool,
    ) -> Builder {
        let Some(seat) = self.seat(player) else {
            return self;
        };
        for spec in cards {
            if let Some(card) = self.take(spec)
                && let Some(alliance) = self.alliances.get_mut(seat)
            {
                let _ = alliance.try_push(AllianceCard {
                    card,
                    active,
                    scoring: None,
                });
            }
        }
        self
    }

    /// Idle Fairies in `player`'s Alliance (after any named before).
    pub fn alliance<C: CardSpec>(
        self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
    ) -> Builder {
        self.ally(player, cards, false)
    }

    /// Active Fairies in `player`'s Alliance: unused Responses, or Delayed
    /// Powers to resolve at the start of the next round (rounds 1 to 4; a
    /// Delayed Power revealed in round 5 is not Active). Any other Fairy, or
    /// a Delayed one in round 5, is refused: [`SetupError::Active`].
    pub fn active<C: CardSpec>(
        self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
    ) -> Builder {
        self.ally(player, cards, true)
    }

    /// The Fairy on top of `player`'s Lineup stack: the one they keep with
    /// [`Action::Keep`] (and [`Builder::reveal`]).
    pub fn kept(mut self, player: Player, card: impl CardSpec) -> Builder {
        if let Some(seat) = self.seat(player)
            && let Some(card) = self.take(card)
            && let Some(slot) = self.kept.get_mut(seat)
            && let Some(old) = slot.replace(card)
        {
            // One kept Fairy per player: the first named is nowhere now.
            self.fail(SetupError::DuplicateCard(old));
        }
        self
    }

    /// A Lineup Delayed Power (Blinded, Psychic, Reduced) acting on `player`
    /// this round. In a Fairy Selection position it acts on their stack
    /// (Reduced has already dismissed the card over the kept one), so they
    /// need a kept Fairy ([`SetupError::NoStack`] otherwise); in a Fairy
    /// Lineup position it acts on the stack they will receive.
    pub fn effect(mut self, player: Player, effect: LineupEffect) -> Builder {
        if let Some(seat) = self.seat(player)
            && let Some(e) = self.effects.get_mut(seat)
        {
            e.set(effect);
        }
        self
    }

    /// A Fairy Lineup position: the three cards `player` holds to order.
    pub fn hand<C: CardSpec>(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
    ) -> Builder {
        let Some(seat) = self.seat(player) else {
            return self;
        };
        for spec in cards {
            if let Some(card) = self.take(spec)
                && let Some(hand) = self.hands.get_mut(seat)
                && hand.try_push(card).is_err()
            {
                self.fail(SetupError::Counter(player));
            }
        }
        self
    }

    /// Cards on top of the Fairy Deck, the first named on top (drawn first).
    pub fn deck_top<C: CardSpec>(mut self, cards: impl IntoIterator<Item = C>) -> Builder {
        for spec in cards {
            if let Some(card) = self.take(spec) {
                let _ = self.deck_top.try_push(card);
            }
        }
        self
    }

    /// Cards in the Dismiss pile, the last named on top.
    pub fn dismissed<C: CardSpec>(mut self, cards: impl IntoIterator<Item = C>) -> Builder {
        for spec in cards {
            if let Some(card) = self.take(spec) {
                let _ = self.dismissed.try_push(card);
            }
        }
        self
    }

    /// The Fairy Deck of the position holds `cards` cards (in a Fairy Lineup
    /// position, the ones left after the deal); the other cards not placed go
    /// to the bottom of the Dismiss pile. It holds more only to keep the
    /// cards named with [`Builder::deck_top`] (those a Lineup deal has not
    /// taken), or when a Lineup deal ran the deck out and took the Dismiss
    /// pile as its new deck (Rule B); fewer only when not enough cards are
    /// free.
    pub fn deck_size(mut self, cards: usize) -> Builder {
        self.deck_size = Some(cards);
        self
    }

    /// The position as plain data, not yet checked (for a change the builder
    /// has no method for; [`State::try_from`] checks it).
    pub fn setup(&self) -> Result<Setup, SetupError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.config.validate().map_err(SetupError::from)?;
        let players = self.config.num_players();
        let selection = self.kept.iter().any(Option::is_some);
        // Every card not placed, bottom of the deck first.
        let free: List<Card, DECK_SIZE> = self
            .config
            .families
            .iter()
            .flat_map(|&f| Card::of(f))
            .filter(|&c| !self.placed.contains(c))
            .collect();
        let mut free_iter = free.into_iter();
        // Rule B would have shuffled these into the deck to deal a stack.
        let dealable = !self.deck_top.is_empty() || !self.dismissed.is_empty();
        let mut dismiss: List<Card, DECK_SIZE> = List::new();
        let mut areas: List<Area, MAX_PLAYERS> = List::new();
        for seat in 0..players {
            let player = Player(seat as u8);
            let mut area = Area {
                alliance: self
                    .alliances
                    .get(seat)
                    .map(|a| List::from_slice(a))
                    .unwrap_or_default(),
                effects: self.effects.get(seat).copied().unwrap_or_default(),
                ..Area::default()
            };
            match self.kept.get(seat).copied().flatten() {
                Some(kept) => {
                    Self::stack(&mut area, kept, &mut free_iter, &mut dismiss, dealable).map_err(
                        |short| {
                            if short {
                                SetupError::ShortDeal(player)
                            } else {
                                SetupError::Misplaced(kept)
                            }
                        },
                    )?;
                }
                // A Lineup effect needs a stack to act on.
                None if selection && area.effects != LineupEffects::default() => {
                    return Err(SetupError::NoStack(player));
                }
                None => {}
            }
            areas
                .push(area)
                .map_err(|_| SetupError::PlayerCount(players))?;
        }
        let free: List<Card, DECK_SIZE> = free_iter.collect();
        // Cards the Lineup deal takes from the deck.
        let dealt: usize = if selection {
            0
        } else {
            self.hands
                .iter()
                .take(players)
                .map(|h| 3usize.saturating_sub(h.len()))
                .sum()
        };
        // The deck, top card last; the cards beyond the size asked for go to
        // the bottom of the Dismiss pile.
        let keep = self.deck_size.map_or(free.len(), |n| {
            n.saturating_add(dealt).saturating_sub(self.deck_top.len())
        });
        let extra = free.len().saturating_sub(keep);
        let (under, rest) = free.split_at_checked(extra).unwrap_or((&[], &free));
        let mut bottom = List::<Card, DECK_SIZE>::from_slice(under);
        bottom.extend(dismiss);
        bottom.extend(self.dismissed.iter().copied());
        let mut deck = List::<Card, DECK_SIZE>::from_slice(rest);
        deck.extend(self.deck_top.iter().rev().copied());
        if !selection {
            // Fairy Lineup: named hands, others dealt from the Court Crier;
            // when the deck runs out the Dismiss pile becomes the new deck
            // (Rule B), in a fixed order.
            let order: super::resolution::Order = (0..players)
                .map(|i| self.direction_now().step(self.court_crier, i, players))
                .collect();
            for p in order {
                let named = self
                    .hands
                    .get(p.index())
                    .map(|h| List::from_slice(h))
                    .unwrap_or_default();
                let Some(area) = areas.get_mut(p.index()) else {
                    continue;
                };
                area.hand = named;
                while area.hand.len() < 3 {
                    if deck.is_empty() {
                        deck = core::mem::take(&mut bottom);
                    }
                    match deck.pop() {
                        Some(card) => {
                            if area.hand.push(card).is_err() {
                                break;
                            }
                        }
                        None => break,
                    }
                }
                if area.hand.len() <= 1 {
                    area.placed = area.hand.len() as u8;
                }
            }
        } else if let Some(&card) = self.hands.iter().find_map(|h| h.first()) {
            // A hand during the Selection: cards are dealt at the Lineup.
            return Err(SetupError::Misplaced(card));
        }
        let mut directions = self.directions;
        if let Some(direction) = self.direction
            && let Some(d) = usize::from(self.round)
                .checked_sub(1)
                .and_then(|i| directions.get_mut(i))
        {
            *d = direction;
        }
        Ok(Setup {
            config: self.config,
            round: self.round,
            directions,
            court_crier: self.court_crier,
            deck,
            dismiss: bottom,
            areas,
            last_revealer: None,
            phase: if selection {
                Phase::Selection
            } else {
                Phase::Lineup
            },
        })
    }

    /// The stack `area`'s player received, with `kept` on top (under the card
    /// Reduced dismissed), filled from `free`, as the engine leaves it: the
    /// top card looked at, and a last card kept at once (Rule C). `Err(true)`
    /// for a short stack while `dealable` cards remained, `Err(false)` when
    /// Reduced would dismiss `kept` itself.
    fn stack(
        area: &mut Area,
        kept: Card,
        free: &mut impl Iterator<Item = Card>,
        dismiss: &mut List<Card, DECK_SIZE>,
        dealable: bool,
    ) -> Result<(), bool> {
        let e = area.effects;
        if e.reduced {
            // The stack as passed: Reduced dismissed its top card unseen.
            let top = free.next().ok_or(dealable)?;
            let _ = area.lineup.push(top);
            area.cursor = 1;
            let _ = dismiss.push(top);
        }
        let _ = area.lineup.push(kept);
        while area.lineup.len() < 3 {
            match free.next() {
                Some(under) => {
                    if area.lineup.push(under).is_err() {
                        break;
                    }
                }
                None if dealable => return Err(true),
                None => break,
            }
        }
        // Psychic shows the top two cards left after Reduced.
        area.lineup_seen = match (e.psychic, e.reduced) {
            (false, _) => 0,
            (true, false) => 0b011,
            (true, true) => 0b110,
        };
        let last = area.lineup.len().saturating_sub(1);
        if usize::from(area.cursor) == last {
            // Rule C: the last card is kept, and seen, at once.
            area.chosen = Some(kept);
            area.chosen_seen = true;
            area.lineup_seen |= 1 << last;
            area.cursor = area.lineup.len() as u8;
        } else if !e.blinded || e.psychic {
            area.lineup_seen |= 1 << area.cursor;
        }
        Ok(())
    }

    fn direction_now(&self) -> Direction {
        self.direction.unwrap_or_else(|| {
            usize::from(self.round)
                .checked_sub(1)
                .and_then(|i| self.directions.get(i))
                .copied()
                .unwrap_or(Direction::Left)
        })
    }

    /// The position, checked like any [`Setup`].
    pub fn build(&self) -> Result<State, SetupError> {
        State::try_from(self.setup()?)
    }

    /// The position after every player still selecting keeps their top card:
    /// the Fairy Powers phase has begun, with the events of the last keep
    /// (the reveals and every Power resolved without a decision). The state
    /// waits for the first decision a Power needs (or has gone on to the next
    /// round, or to the end of the game, if none does). A Fairy Lineup
    /// position has nothing to reveal: [`SetupError::NothingKept`].
    pub fn reveal(
        &self,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Events<Event>), SetupError> {
        let mut state = self.build()?;
        if matches!(state.phase(), Phase::Lineup) {
            return Err(SetupError::NothingKept);
        }
        let mut events = Events::new();
        while matches!(state.phase(), Phase::Selection) {
            let Some(player) = state.to_act().lowest() else {
                break;
            };
            match state.apply(player, Action::Keep, rng) {
                Ok(e) => events = e,
                Err(_) => return Err(SetupError::Stuck),
            }
        }
        Ok((state, events))
    }
}
