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

/// A card as a [`PositionBuilder`] takes it: an exact [`Card`], or a name.
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

/// Which cards a [`PositionBuilder`] has placed.
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
/// The position is a **Fairy Selection** of a round (1 by default): each
/// player given a Fairy with [`PositionBuilder::kept`] has a Lineup stack
/// with that Fairy on top, and keeping it (one [`Action::Keep`] each, which
/// [`PositionBuilder::reveal`] makes) ends the Selection: the Fairy Powers
/// phase reveals the kept Fairies, and the first Power to resolve waits for
/// its decision. How far each player's Selection has gone is named too: the
/// cards already dismissed ([`PositionBuilder::passed`]), the cards under the
/// kept Fairy ([`PositionBuilder::under`]), a Fairy kept face down at an
/// earlier step ([`PositionBuilder::kept_face_down`]) and this step's secret
/// decision ([`PositionBuilder::committed`]). Without any kept Fairy the
/// position is the start of the **Fairy Lineup** instead: every player holds
/// three cards to order (from the top of the deck, or named with
/// [`PositionBuilder::hand`]); with [`PositionBuilder::opening`] it is the
/// **opening deal** (round 0).
///
/// Everything not named is derived: the Fairy Deck holds every card not placed
/// (in a fixed order, cards named with [`PositionBuilder::top_of_deck`] on
/// top, listed bottom first like every pile in the crate; the
/// other cards of each kept Fairy's stack come from the bottom), the Dismiss
/// pile is empty unless named, the Direction tokens are the config's first
/// five, the Court Crier is the config's first one. The deal follows the
/// rules:
///
/// - A stack holds 3 cards, top first: the card Reduced dismissed (if
///   Reduced acts), the cards [`passed`](PositionBuilder::passed), the kept
///   Fairy, the cards [`under`](PositionBuilder::under) it, and cards not
///   placed to make up three. A stack is listed top first, in the order its
///   owner looks at it, as [`Area::lineup`](super::Area::lineup) is. It is shorter only when no card is left free, and then only
///   if no card is named on top of the deck or in the Dismiss pile (Rule B
///   would have shuffled the Dismiss pile in to deal it;
///   [`SetupError::ShortDeal`] otherwise). The last card of a stack is kept
///   at once (Rule C): a player whose kept Fairy is the last card of their
///   stack has it kept already, as the engine does when they receive it.
/// - A Fairy Lineup deal gives each player 3 cards from the top of the deck,
///   from the Court Crier in round direction; when the deck runs out the
///   Dismiss pile becomes the new deck (Rule B), in a fixed order.
///
/// [`PositionBuilder::build`] checks the result like any [`Setup`], so a builder never
/// makes a position the rules cannot hold, but for two liberties it takes on
/// purpose, so that only the Powers you name are in play:
///
/// - A player not given a kept Fairy has no stack this round. The rules deal
///   everyone a stack and leave a player without one only when the Fairy Deck
///   and the Dismiss pile have both run dry; but a stack of unnamed cards
///   would end with an unnamed kept Fairy, whose Power would resolve too.
///   Name a kept Fairy for every player for a position the rules reach
///   exactly.
/// - A Delayed Power named with [`PositionBuilder::active`] in rounds 1 to 4 resolves
///   at the start of the next round, like one revealed this round; by the
///   rules one Active during the Lineup or the Selection would already have
///   resolved at the start of this round.
///
/// Card arguments are [`CardSpec`]s: a [`Card`] or a name like `"Noble 4"`.
///
/// ```
/// use fairy_ring::fickle::{Action, PositionBuilder, Config, Family::*, Phase, State};
/// use fairy_ring::{Game, Player};
/// # use rand_core::SeedableRng;
/// # let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let config = Config::with_families(3, [Transmute, Noble, Coerce, Give, Share])?;
/// // Player 0's Alliance holds Noble 4 and Share 2; player 0 kept a Transmute
/// // and player 1 a Noble: reveal them.
/// let (state, _events) = PositionBuilder::new(config)
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
pub struct PositionBuilder {
    config: Config,
    round: u8,
    directions: [Direction; ROUNDS as usize],
    direction: Option<Direction>,
    court_crier: Player,
    alliances: [ArrayVec<AllianceCard, DECK_SIZE>; MAX_PLAYERS],
    kept: [Option<Card>; MAX_PLAYERS],
    /// The stack around each kept Fairy, as named.
    stacks: [Stack; MAX_PLAYERS],
    hands: [ArrayVec<Card, 3>; MAX_PLAYERS],
    /// How many cards of each hand are placed in order, at the Lineup.
    in_order: [Option<usize>; MAX_PLAYERS],
    /// The card each player chose to dismiss at the opening deal.
    discards: [Option<Card>; MAX_PLAYERS],
    /// The opening deal (round 0) was named.
    opening: bool,
    effects: [LineupEffects; MAX_PLAYERS],
    /// The named top of the deck, bottom first.
    deck_top: ArrayVec<Card, DECK_SIZE>,
    dismissed: ArrayVec<Card, DECK_SIZE>,
    deck_size: Option<usize>,
    placed: Placed,
    error: Option<SetupError>,
}

impl State {
    /// A [`PositionBuilder`] for a First Game of `players` players with the
    /// default component data ([`Config::new`]). A count outside 3 to 5 is
    /// refused by [`build`](PositionBuilder::build) as
    /// [`SetupError::PlayerCount`]; [`PositionBuilder::new`] takes any
    /// config.
    pub fn builder(players: usize) -> PositionBuilder {
        match Config::new(players) {
            Ok(config) => PositionBuilder::new(config),
            Err(error) => {
                let mut builder = PositionBuilder::new(Config::default());
                builder.fail(error.into());
                builder
            }
        }
    }
}

/// Why a named stack cannot be dealt.
enum Short {
    /// Fewer than three cards while Rule B had more to deal.
    Deal,
    /// No card for Reduced to dismiss over the kept Fairy.
    Reduced,
    /// More than three cards named.
    TooMany,
}

impl Setup {
    /// The opening deal of a First Game of `players` players with no chance
    /// involved: the Fairy Deck in a fixed order, three cards dealt to each
    /// player from its top in seat order, nobody's choice made yet (what
    /// `State::builder(players).opening().setup()` gives). Refuses a player
    /// count outside 3 to 5 ([`SetupError::PlayerCount`]), like every
    /// game's `Setup::new`.
    ///
    /// ```
    /// use fairy_ring::fickle::{Phase, Setup, SetupError, State};
    /// let setup = Setup::new(3)?;
    /// assert_eq!(setup.phase, Phase::Opening);
    /// assert!(setup.areas.iter().all(|area| area.hand.len() == 3));
    /// assert!(State::try_from(setup).is_ok());
    /// assert_eq!(Setup::new(6), Err(SetupError::PlayerCount(6)));
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn new(players: usize) -> Result<Setup, SetupError> {
        State::builder(players).opening().setup()
    }
}

/// How far a player's Fairy Selection has gone, as named.
#[derive(Clone, Debug, Default)]
struct Stack {
    /// Cards dismissed from the stack before the kept Fairy came on top,
    /// top first.
    passed: ArrayVec<Card, 3>,
    /// Cards under the kept Fairy, top first.
    under: ArrayVec<Card, 3>,
    /// The kept Fairy is already face down in front of the player.
    kept_face_down: bool,
    /// This step's secret decision, made while others still decide.
    committed: Option<bool>,
}

impl PositionBuilder {
    /// A builder for a game with `config`: round 1, nothing placed yet.
    pub fn new(config: Config) -> PositionBuilder {
        let [a, b, c, d, e, ..] = config.direction_tokens;
        PositionBuilder {
            config,
            round: 1,
            directions: [a, b, c, d, e],
            direction: None,
            court_crier: config.first_court_crier,
            alliances: Default::default(),
            kept: [None; MAX_PLAYERS],
            stacks: Default::default(),
            hands: Default::default(),
            in_order: [None; MAX_PLAYERS],
            discards: [None; MAX_PLAYERS],
            opening: false,
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
    pub fn round(mut self, round: u8) -> PositionBuilder {
        self.round = round;
        self
    }

    /// This round's Direction token: the token of the round set with
    /// [`PositionBuilder::round`], whether named before or after it, in place of the
    /// one [`PositionBuilder::directions`] (or the config) gives.
    pub fn direction(mut self, direction: Direction) -> PositionBuilder {
        self.direction = Some(direction);
        self
    }

    /// All five Direction tokens, in round order (the current round's one
    /// replaced by [`PositionBuilder::direction`], if named).
    pub fn directions(mut self, directions: [Direction; ROUNDS as usize]) -> PositionBuilder {
        self.directions = directions;
        self
    }

    /// Who holds the Court Crier token.
    pub fn court_crier(mut self, player: Player) -> PositionBuilder {
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
    ) -> PositionBuilder {
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
    ) -> PositionBuilder {
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
    ) -> PositionBuilder {
        self.ally(player, cards, true)
    }

    /// The Fairy `player` keeps this round: in a Fairy Selection position,
    /// the card now on top of their Lineup stack, which they keep with
    /// [`Action::Keep`] (or [`reveal`](Self::reveal)), unless
    /// [`kept_face_down`](Self::kept_face_down) says they have kept it
    /// already. The cards dismissed before it and the cards under it are
    /// named with [`passed`](Self::passed) and [`under`](Self::under); the
    /// rest of the stack is filled from the cards not placed.
    pub fn kept(mut self, player: Player, card: impl CardSpec) -> PositionBuilder {
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

    /// The cards `player` already dismissed from their Lineup stack in this
    /// Fairy Selection, in the order they came on top (after the card
    /// Reduced dismissed, if Reduced acts on them): the
    /// [`kept`](Self::kept) Fairy came on top after them. Each dismissed
    /// card was one step of the Selection, taken by everyone still
    /// selecting at the same time.
    pub fn passed<C: CardSpec>(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
    ) -> PositionBuilder {
        self.stack_cards(player, cards, |stack| &mut stack.passed);
        self
    }

    /// The cards under `player`'s [`kept`](Self::kept) Fairy in their
    /// Lineup stack, top first (with nothing [`passed`](Self::passed), the
    /// stack's 2nd and 3rd cards). Cards not named come from the cards not
    /// placed.
    pub fn under<C: CardSpec>(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
    ) -> PositionBuilder {
        self.stack_cards(player, cards, |stack| &mut stack.under);
        self
    }

    /// `player` has already kept their [`kept`](Self::kept) Fairy: it lies
    /// face down in front of them, and the cards under it went to the
    /// Dismiss pile, while the players still selecting decide on a later
    /// card. They kept it at an earlier step than the one the others are at
    /// (`build` refuses it otherwise, [`SetupError::SelectionStep`]).
    pub fn kept_face_down(mut self, player: Player) -> PositionBuilder {
        if let Some(seat) = self.seat(player)
            && let Some(stack) = self.stacks.get_mut(seat)
        {
            stack.kept_face_down = true;
        }
        self
    }

    /// `player` has already made this step's secret decision of the Fairy
    /// Selection ([`Action::Keep`] or [`Action::DismissTop`]) while others
    /// still decide; it is carried out when the last one has decided. Any
    /// other action is refused by `build` ([`SetupError::Counter`]).
    pub fn committed(mut self, player: Player, decision: Action) -> PositionBuilder {
        let decision = match decision {
            Action::Keep => Some(true),
            Action::DismissTop => Some(false),
            _ => None,
        };
        if let Some(seat) = self.seat(player) {
            match (decision, self.stacks.get_mut(seat)) {
                (Some(keep), Some(stack)) => stack.committed = Some(keep),
                _ => self.fail(SetupError::Counter(player)),
            }
        }
        self
    }

    /// Places `cards` into the part of `player`'s stack `part` picks; at
    /// most three cards fit a stack.
    fn stack_cards<C: CardSpec>(
        &mut self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
        part: fn(&mut Stack) -> &mut ArrayVec<Card, 3>,
    ) {
        let Some(seat) = self.seat(player) else {
            return;
        };
        for spec in cards {
            if let Some(card) = self.take(spec)
                && let Some(stack) = self.stacks.get_mut(seat)
                && part(stack).try_push(card).is_err()
            {
                self.fail(SetupError::Counter(player));
            }
        }
    }

    /// The opening deal (round 0): every player holds three cards, named
    /// with [`hand`](Self::hand) or dealt from the top of the Fairy Deck in
    /// seat order, and chooses one to dismiss, in secret
    /// ([`dismissing`](Self::dismissing)); the other two start their
    /// Alliance.
    pub fn opening(mut self) -> PositionBuilder {
        self.opening = true;
        self
    }

    /// At the [`opening`](Self::opening) deal, `player` has already chosen
    /// `card` of their hand to dismiss (face down, unseen by the others). A
    /// card not in their hand is refused by `build`
    /// ([`SetupError::Misplaced`]).
    pub fn dismissing(mut self, player: Player, card: impl CardSpec) -> PositionBuilder {
        let card = match card.resolve(&self.config, &Placed::default()) {
            Ok(card) => card,
            Err(e) => {
                self.fail(e);
                return self;
            }
        };
        if let Some(seat) = self.seat(player)
            && let Some(slot) = self.discards.get_mut(seat)
        {
            *slot = Some(card);
        }
        self
    }

    /// A Lineup Delayed Power (Blinded, Psychic, Reduced) acting on `player`
    /// this round. In a Fairy Selection position it acts on their stack
    /// (Reduced has already dismissed the card over the kept one), so they
    /// need a kept Fairy ([`SetupError::NoStack`] otherwise); in a Fairy
    /// Lineup position it acts on the stack they will receive.
    pub fn effect(mut self, player: Player, effect: LineupEffect) -> PositionBuilder {
        if let Some(seat) = self.seat(player)
            && let Some(e) = self.effects.get_mut(seat)
        {
            e.set(effect);
        }
        self
    }

    /// The cards `player` holds (after any named before): the three to
    /// order in a Fairy Lineup position, or the three dealt at the
    /// [`opening`](Self::opening). Cards not named are dealt from the top of
    /// the Fairy Deck.
    pub fn hand<C: CardSpec>(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = C>,
    ) -> PositionBuilder {
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

    /// At the Fairy Lineup, `player` has already put the first `count` cards
    /// of their [`hand`](Self::hand) in order, top first, in secret: with
    /// one card left to place (or none) the whole stack is ordered and they
    /// wait for the others. Refused outside a Lineup position
    /// ([`SetupError::Counter`]).
    pub fn placed(mut self, player: Player, count: usize) -> PositionBuilder {
        if let Some(seat) = self.seat(player)
            && let Some(slot) = self.in_order.get_mut(seat)
        {
            *slot = Some(count);
        }
        self
    }

    /// Cards on top of the Fairy Deck, listed bottom first like every pile in
    /// this crate: the last one named is on top (drawn first). A later call
    /// lays more cards on top.
    pub fn top_of_deck<C: CardSpec>(
        mut self,
        cards: impl IntoIterator<Item = C>,
    ) -> PositionBuilder {
        for spec in cards {
            if let Some(card) = self.take(spec) {
                let _ = self.deck_top.try_push(card);
            }
        }
        self
    }

    /// Cards in the Dismiss pile, the last named on top.
    pub fn dismissed<C: CardSpec>(mut self, cards: impl IntoIterator<Item = C>) -> PositionBuilder {
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
    /// cards named with [`PositionBuilder::top_of_deck`] (those a Lineup deal has not
    /// taken), or when a Lineup deal ran the deck out and took the Dismiss
    /// pile as its new deck (Rule B); fewer only when not enough cards are
    /// free.
    pub fn deck_size(mut self, cards: usize) -> PositionBuilder {
        self.deck_size = Some(cards);
        self
    }

    /// The position as plain data, not yet checked (for a change the builder
    /// has no method for; [`State::try_from`] checks it).
    pub fn setup(self) -> Result<Setup, SetupError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        self.config.validate().map_err(SetupError::from)?;
        let players = self.config.num_players();
        let selection = !self.opening && self.kept.iter().any(Option::is_some);
        self.check_steps(selection)?;
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
            let named = self.stacks.get(seat).cloned().unwrap_or_default();
            match self.kept.get(seat).copied().flatten() {
                Some(kept) if self.opening => return Err(SetupError::Misplaced(kept)),
                Some(kept) => {
                    Self::stack(
                        &mut area,
                        kept,
                        &named,
                        &mut free_iter,
                        &mut dismiss,
                        dealable,
                    )
                    .map_err(|short| match short {
                        Short::Deal => SetupError::ShortDeal(player),
                        Short::Reduced => SetupError::Misplaced(kept),
                        Short::TooMany => SetupError::Counter(player),
                    })?;
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
        deck.extend(self.deck_top.iter().copied());
        if self.opening {
            // The opening deal: named hands, others dealt from the top of
            // the deck in seat order, as the engine deals.
            for (seat, area) in areas.iter_mut().enumerate() {
                area.hand = self
                    .hands
                    .get(seat)
                    .map(|h| List::from_slice(h))
                    .unwrap_or_default();
                while area.hand.len() < 3 {
                    let Some(card) = deck.pop() else { break };
                    if area.hand.push(card).is_err() {
                        break;
                    }
                }
                if let Some(chosen) = self.discards.get(seat).copied().flatten() {
                    // A name means a card of that Family and Favor in hand.
                    let favor = self.config.favor.favor(chosen);
                    let held = area
                        .hand
                        .iter()
                        .copied()
                        .find(|&c| c == chosen)
                        .or_else(|| {
                            area.hand.iter().copied().find(|&c| {
                                c.family == chosen.family && self.config.favor.favor(c) == favor
                            })
                        });
                    area.discard = Some(held.ok_or(SetupError::Misplaced(chosen))?);
                }
            }
        } else if !selection {
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
                let named = self.in_order.get(p.index()).copied().flatten();
                let placed = named.unwrap_or(0).min(area.hand.len());
                // The last card of a hand follows the others at once.
                area.placed = if placed + 1 >= area.hand.len() {
                    area.hand.len() as u8
                } else {
                    placed as u8
                };
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
        // Cards are placed in order only at the Lineup.
        if (self.opening || selection)
            && let Some(seat) = self.in_order.iter().position(Option::is_some)
        {
            return Err(SetupError::Counter(Player(seat as u8)));
        }
        if !self.opening
            && let Some(&card) = self.discards.iter().flatten().next()
        {
            // A card chosen to dismiss belongs to the opening deal.
            return Err(SetupError::Misplaced(card));
        }
        Ok(Setup {
            config: self.config,
            round: if self.opening { 0 } else { self.round },
            directions,
            court_crier: self.court_crier,
            deck,
            dismiss: bottom,
            areas,
            last_revealer: None,
            phase: match (self.opening, selection) {
                (true, _) => Phase::Opening,
                (false, true) => Phase::Selection,
                (false, false) => Phase::Lineup,
            },
        })
    }

    /// The stack `area`'s player received, as named in `named` around
    /// `kept` (under the card Reduced dismissed and the cards `passed`),
    /// filled from `free`, as the engine leaves it: the cards that left the
    /// stack in `dismiss`, the cards that came on top looked at, and a last
    /// card kept at once (Rule C); or why the stack cannot be.
    fn stack(
        area: &mut Area,
        kept: Card,
        named: &Stack,
        free: &mut impl Iterator<Item = Card>,
        dismiss: &mut List<Card, DECK_SIZE>,
        dealable: bool,
    ) -> Result<(), Short> {
        let e = area.effects;
        if e.reduced {
            // The stack as passed: Reduced dismissed its top card unseen
            // (with no card over the kept one, it would dismiss that one).
            let top = free.next().ok_or(if dealable {
                Short::Deal
            } else {
                Short::Reduced
            })?;
            let _ = area.lineup.push(top);
            let _ = dismiss.push(top);
        }
        let first = area.lineup.len();
        for &card in named.passed.iter().chain([kept].iter()).chain(&named.under) {
            area.lineup.push(card).map_err(|_| Short::TooMany)?;
        }
        while area.lineup.len() < 3 {
            match free.next() {
                Some(under) => {
                    if area.lineup.push(under).is_err() {
                        break;
                    }
                }
                None if dealable => return Err(Short::Deal),
                None => break,
            }
        }
        let at = first + named.passed.len();
        let last = area.lineup.len().saturating_sub(1);
        // The cards dismissed before the kept one came on top.
        for &card in &named.passed {
            let _ = dismiss.push(card);
        }
        // Psychic shows the top two cards left after Reduced; every card
        // that came on top is seen, but the first one decided on Blinded.
        let bit = |i: usize| if i < 8 { 1u8 << i } else { 0 };
        if e.psychic {
            area.lineup_seen = bit(first) | bit(first + 1);
        }
        for i in first..=at {
            if !(e.blinded && !e.psychic && i == first && i != last) {
                area.lineup_seen |= bit(i);
            }
        }
        if at == last || named.kept_face_down {
            // Kept: the cards under it leave the stack (Rule C keeps the
            // last card, seen, at once).
            area.chosen = Some(kept);
            area.chosen_seen = area.lineup_seen & bit(at) != 0;
            for &card in area.lineup.get(at + 1..).unwrap_or(&[]) {
                let _ = dismiss.push(card);
            }
            area.cursor = area.lineup.len() as u8;
        } else {
            area.cursor = at as u8;
            area.pending = named.committed;
        }
        Ok(())
    }

    /// The Fairy Selection is taken in steps by everyone still selecting at
    /// once: those still deciding have dismissed as many cards, and those
    /// who kept already (or got their last card) finished at an earlier
    /// step. Parts of a stack need a kept Fairy.
    fn check_steps(&self, selection: bool) -> Result<(), SetupError> {
        let players = self.config.num_players();
        let mut step = None;
        let mut finished: ArrayVec<(Player, usize), MAX_PLAYERS> = ArrayVec::new();
        for (seat, named) in self.stacks.iter().enumerate().take(players) {
            let player = Player(seat as u8);
            let kept = self.kept.get(seat).copied().flatten();
            let named_any = !named.passed.is_empty()
                || !named.under.is_empty()
                || named.kept_face_down
                || named.committed.is_some();
            if kept.is_none() || !selection {
                if named_any {
                    return Err(SetupError::NoStack(player));
                }
                continue;
            }
            let reduced = self.effects.get(seat).is_some_and(|e| e.reduced);
            let above = usize::from(reduced) + named.passed.len();
            let size = above + 1 + named.under.len();
            // Rule C: a kept Fairy with nothing under it in a full stack is
            // the last card, kept at once after the last dismissal.
            let last = size >= 3 && above == 2;
            let decisions = named.passed.len();
            // Only a player still deciding has a decision to commit.
            if named.committed.is_some() && (named.kept_face_down || last) {
                return Err(SetupError::Counter(player));
            }
            if named.kept_face_down {
                let _ = finished.try_push((player, decisions + 1));
            } else if last {
                let _ = finished.try_push((player, decisions));
            } else if *step.get_or_insert(decisions) != decisions {
                return Err(SetupError::SelectionStep(player));
            }
        }
        // Nobody deciding: the Selection is over (`reveal` goes on).
        let step = step.unwrap_or(usize::MAX);
        match finished.iter().find(|&&(_, done)| done > step) {
            Some(&(player, _)) => Err(SetupError::SelectionStep(player)),
            None => Ok(()),
        }
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
    pub fn build(self) -> Result<State, SetupError> {
        State::try_from(self.setup()?)
    }

    /// The position after every player still selecting keeps their top card:
    /// the Fairy Powers phase has begun, with the events of the last keep
    /// (the reveals and every Power resolved without a decision). The state
    /// waits for the first decision a Power needs (or has gone on to the next
    /// round, or to the end of the game, if none does). A Fairy Lineup
    /// position has nothing to reveal: [`SetupError::NothingKept`].
    pub fn reveal(
        self,
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
