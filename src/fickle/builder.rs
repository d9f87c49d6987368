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
use crate::{Events, Game, Player};

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
        1u16.checked_shl(u32::from(card.copy)).unwrap_or(0)
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
/// two cards under each kept Fairy in its stack come from the bottom), the
/// Dismiss pile is empty unless named, the Direction tokens are the config's
/// first five, the Court Crier is the config's first one, and a player not
/// given a kept Fairy has no stack this round (as when the deck runs dry).
/// [`Builder::build`] checks the result like any [`Setup`], so a builder
/// never makes a position the rules cannot hold.
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
                    || usize::from(card.copy) >= CARDS_PER_FAMILY
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

    /// This round's Direction token.
    pub fn direction(mut self, direction: Direction) -> Builder {
        let round = usize::from(self.round).saturating_sub(1);
        if let Some(d) = self.directions.get_mut(round) {
            *d = direction;
        }
        self
    }

    /// All five Direction tokens, in round order.
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
    /// Powers to resolve at the start of the next round.
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
    /// this round. Reduced has already dismissed the card over the kept one.
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

    /// Leaves only `cards` cards in the Fairy Deck (at least the ones named
    /// with [`Builder::deck_top`]); the other cards not placed go to the
    /// bottom of the Dismiss pile.
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
        // Every card not placed, bottom of the deck first.
        let mut free: ArrayVec<Card, DECK_SIZE> = self
            .config
            .families
            .iter()
            .flat_map(|&f| Card::of(f))
            .filter(|&c| !self.placed.contains(c))
            .collect();
        let mut free_iter = core::mem::take(&mut free).into_iter();
        let mut dismiss: ArrayVec<Card, DECK_SIZE> = ArrayVec::new();
        let mut areas: ArrayVec<Area, MAX_PLAYERS> = ArrayVec::new();
        for seat in 0..players {
            let mut area = Area {
                alliance: self.alliances.get(seat).cloned().unwrap_or_default(),
                effects: self.effects.get(seat).copied().unwrap_or_default(),
                ..Area::default()
            };
            if let Some(&Some(kept)) = self.kept.get(seat) {
                // The stack as passed: Reduced dismissed its top card unseen.
                let e = area.effects;
                if e.reduced
                    && let Some(top) = free_iter.next()
                {
                    area.lineup.push(top);
                    area.cursor = 1;
                    let _ = dismiss.try_push(top);
                }
                area.lineup.push(kept);
                if let Some(under) = free_iter.next() {
                    area.lineup.push(under);
                }
                if !e.reduced
                    && let Some(under) = free_iter.next()
                {
                    area.lineup.push(under);
                }
                area.lineup_seen = if e.psychic { 0b11 } else { 0 };
                if !e.blinded || e.psychic {
                    area.lineup_seen |= 1 << area.cursor;
                }
            }
            areas
                .try_push(area)
                .map_err(|_| SetupError::PlayerCount(players))?;
        }
        free.extend(free_iter);
        let selection = self.kept.iter().any(Option::is_some);
        // The deck, top card last.
        let keep = self
            .deck_size
            .map_or(free.len(), |n| n.saturating_sub(self.deck_top.len()));
        let extra = free.len().saturating_sub(keep);
        let mut bottom: ArrayVec<Card, DECK_SIZE> = free.drain(..extra).collect();
        bottom.extend(dismiss);
        bottom.extend(self.dismissed.iter().copied());
        let mut deck = free;
        deck.extend(self.deck_top.iter().rev().copied());
        if !selection {
            // Fairy Lineup: named hands, others dealt from the Court Crier.
            let order: ArrayVec<Player, MAX_PLAYERS> = (0..players)
                .map(|i| self.direction_now().step(self.court_crier, i, players))
                .collect();
            for p in order {
                let named = self.hands.get(p.index()).cloned().unwrap_or_default();
                let Some(area) = areas.get_mut(p.index()) else {
                    continue;
                };
                area.hand = named;
                while area.hand.len() < 3 {
                    match deck.pop() {
                        Some(card) => area.hand.push(card),
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
        Ok(Setup {
            config: self.config,
            round: self.round,
            directions: self.directions,
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

    fn direction_now(&self) -> Direction {
        usize::from(self.round)
            .checked_sub(1)
            .and_then(|i| self.directions.get(i))
            .copied()
            .unwrap_or(Direction::Left)
    }

    /// The position, checked like any [`Setup`].
    pub fn build(&self) -> Result<State, SetupError> {
        State::try_from(self.setup()?)
    }

    /// The position after every player still selecting keeps their top card:
    /// the Fairy Powers phase has begun, with the events of the last keep
    /// (the reveals and every Power resolved without a decision). The state
    /// waits for the first decision a Power needs (or has gone on to the next
    /// round, or to the end of the game, if none does).
    pub fn reveal(
        &self,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Events<Event>), SetupError> {
        let mut state = self.build()?;
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
