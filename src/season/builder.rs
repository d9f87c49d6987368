//! A position in a few lines, in the game's own words.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::cards::{Card, CardKind, DECK_SIZE, ParseCardError, Royal};
use super::config::{CardSet, Config, MAX_AMOUNT, MAX_PLAYERS, MIN_PLAYERS};
use super::score;
use super::setup::{Pile, Setup, SetupError};
use super::state::{Phase, State};
use crate::{ConfigError, Player, PlayerSet};

/// Something that names a card for a [`PositionBuilder`]: a name as players
/// say it (`"Spring 3"`, `"Spring 3 #2"`, `"King"`, `"Robber Goblin"`,
/// `"Trap"`, see [`Card`]'s names), a [`CardKind`], or a [`Card`] itself.
///
/// A kind (or a name without `#n`) means the first copy of that kind not yet
/// placed, so naming `"Spring 3"` twice places both Spring 3s.
pub trait CardName {
    /// The kind named, and the very card if one copy is named.
    fn name_card(&self) -> Result<(CardKind, Option<Card>), ParseCardError>;
}

impl CardName for str {
    fn name_card(&self) -> Result<(CardKind, Option<Card>), ParseCardError> {
        let card: Card = self.parse()?;
        let kind = card.kind();
        // Only a name with "#n" picks one copy.
        let exact = self.contains(['#']).then_some(card);
        Ok((kind, exact))
    }
}

impl CardName for Card {
    fn name_card(&self) -> Result<(CardKind, Option<Card>), ParseCardError> {
        Ok((self.kind(), Some(*self)))
    }
}

impl CardName for CardKind {
    fn name_card(&self) -> Result<(CardKind, Option<Card>), ParseCardError> {
        match *self {
            // A number the game does not print names no card at all.
            CardKind::Season { season, .. } if self.copies() == 0 => {
                Err(ParseCardError::NoSuchNumber { season })
            }
            kind => Ok((kind, None)),
        }
    }
}

/// A name built at run time, e.g. `format!("Summer {n}")`.
#[cfg(feature = "alloc")]
impl CardName for alloc::string::String {
    fn name_card(&self) -> Result<(CardKind, Option<Card>), ParseCardError> {
        self.as_str().name_card()
    }
}

impl<T: CardName + ?Sized> CardName for &T {
    fn name_card(&self) -> Result<(CardKind, Option<Card>), ParseCardError> {
        (**self).name_card()
    }
}

/// Where the cards nobody named go.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Rest {
    /// Into the deck, under the named top cards.
    Deck,
    /// Onto this player's Stash, above the cards named there.
    Stash(Player),
    /// Into this player's hand, after the cards named there.
    Hand(Player),
}

/// What the game waits for, as asked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Wait {
    /// The turn of the player after the last to play (seat 0 on a new Swarm).
    Derived,
    /// The Royal window after this player flunked; the first player asked is
    /// derived.
    RoyalWindow(Player),
    /// The game is over; the winners are derived.
    Over,
    /// Exactly this phase.
    Exactly(Phase),
}

/// Writes a position of Fairy Season in the rulebook's words, naming only
/// what matters; [`build`](PositionBuilder::build) fills in the rest and
/// checks the result through [`Setup`], so a builder never makes an
/// inconsistent state.
///
/// What is not named is filled in so:
///
/// - **Cards** named nowhere are the *rest*, in identity order (Spring 1,
///   Spring 1, Spring 2, ... Trap), or shuffled by
///   [`shuffle`](PositionBuilder::shuffle).
/// - **Hands** hold the cards named with [`hand`](PositionBuilder::hand)
///   (each call adds to the hand, as everywhere in the crate's builders). A
///   hand never named is empty, unless [`deal`](PositionBuilder::deal) deals
///   every such hand some cards from the rest (one card at a time in seat
///   order; `.deal(5)` as at the start of the game);
///   [`empty_hand`](PositionBuilder::empty_hand) empties a hand.
/// - **The deck** holds the cards named by
///   [`top_of_deck`](PositionBuilder::top_of_deck) on top, then the rest of
///   the rest, unless
///   [`rest_to_stash`](PositionBuilder::rest_to_stash) or
///   [`rest_to_hand`](PositionBuilder::rest_to_hand) sends it elsewhere.
/// - **Stashes** not named are empty; scores follow from the Stashes.
/// - **Cards chosen to pass** during a Goblin's pass: none, unless named
///   with [`chosen`](PositionBuilder::chosen).
/// - **The phase**: by default the turn of the player after whoever played
///   the Swarm's top card ([`swarm`](PositionBuilder::swarm)), or of seat 0
///   when the Swarm is empty. [`turn`](PositionBuilder::turn),
///   [`royal_window`](PositionBuilder::royal_window) (the player asked is
///   derived), [`game_over`](PositionBuilder::game_over) (the winners are
///   derived) and [`phase`](PositionBuilder::phase) set it.
///
/// To split the rest over several places, ask which cards are still
/// [`unplaced`](PositionBuilder::unplaced) and name them where they go.
///
/// A mistake (a player count the game does not seat, a name that is no
/// card, a card placed twice, a seat not at the table) is reported by
/// `build`, so the calls chain without `?`.
///
/// ```
/// use fairy_ring::season::{Action, Phase, State};
/// use fairy_ring::{Game, Player};
///
/// // The Swarm is Spring 3, played by player 2 (seat 1); player 3 holds a
/// // Summer 4 and the Robber Goblin; the others are dealt five cards.
/// let state = State::builder(4)
///     .swarm(Player(1), ["Spring 3"])
///     .hand(Player(2), ["Summer 4", "Robber Goblin"])
///     .deal(5)
///     .build()?;
/// assert_eq!(state.phase(), Phase::Turn { player: Player(2) });
/// assert_eq!(state.hand(Player(0)).len(), 5);
/// assert_eq!(state.deck().len(), 90 - 1 - 2 - 3 * 5);
/// let summer_4 = state.hand(Player(2))[0];
/// assert!(state.legal_actions(Player(2)).contains(&Action::Play(summer_4)));
/// # Ok::<(), fairy_ring::season::SetupError>(())
/// ```
#[derive(Clone, Debug)]
#[must_use = "a builder does nothing until `build`"]
pub struct PositionBuilder {
    players: usize,
    cards: CardSet,
    placed: [bool; DECK_SIZE],
    hands: [Pile; MAX_PLAYERS],
    named_hand: [bool; MAX_PLAYERS],
    stashes: [Pile; MAX_PLAYERS],
    swarm: Pile,
    last_played: Option<Player>,
    /// The named top of the deck, bottom first (top card last).
    deck_top: Pile,
    /// Every card in the order the rest is taken (identity or shuffled).
    order: [Card; DECK_SIZE],
    deal: usize,
    /// Cards each player has chosen to pass, as named (the kind, and the
    /// very card if one copy was named).
    chosen: [ArrayVec<(CardKind, Option<Card>), { MAX_AMOUNT as usize }>; MAX_PLAYERS],
    rest: Rest,
    wait: Wait,
    error: Option<SetupError>,
}

impl State {
    /// Starts writing a position for `players` players with the default
    /// card data; see [`PositionBuilder`]. A count outside 3 to 5 is refused
    /// by [`build`](PositionBuilder::build) as [`SetupError::PlayerCount`].
    pub fn builder(players: usize) -> PositionBuilder {
        match Config::new(players) {
            Ok(config) => PositionBuilder::new(config),
            Err(_) => {
                let mut builder = PositionBuilder::new(Config::default());
                builder.fail(SetupError::PlayerCount(players));
                builder
            }
        }
    }
}

impl PositionBuilder {
    /// Starts writing a position for a game with `config` (its player count
    /// and card data); a config the game cannot play is refused by
    /// [`build`](PositionBuilder::build).
    pub fn new(config: Config) -> PositionBuilder {
        let players = usize::from(config.players);
        let mut order = [Card::the_royal(Royal::King); DECK_SIZE];
        for (slot, card) in order.iter_mut().zip(Card::all()) {
            *slot = card;
        }
        let mut builder = PositionBuilder {
            players: players.clamp(MIN_PLAYERS, MAX_PLAYERS),
            cards: config.cards,
            placed: [false; DECK_SIZE],
            hands: Default::default(),
            named_hand: [false; MAX_PLAYERS],
            stashes: Default::default(),
            swarm: Pile::new(),
            last_played: None,
            deck_top: Pile::new(),
            order,
            deal: 0,
            chosen: Default::default(),
            rest: Rest::Deck,
            wait: Wait::Derived,
            error: None,
        };
        if let Err(error) = config.validate() {
            builder.fail(match error {
                ConfigError::PlayerCount { got, .. } => SetupError::PlayerCount(got),
                ConfigError::ComponentData(_) => SetupError::CardData,
            });
        }
        builder
    }

    /// Plays with this card data (abilities and Goblin effects).
    pub fn cards(mut self, cards: CardSet) -> PositionBuilder {
        self.cards = cards;
        self
    }

    /// `player` holds these cards, in this order, after any an earlier call
    /// named; nothing is dealt to them.
    pub fn hand(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = impl CardName>,
    ) -> PositionBuilder {
        if let Some(seat) = self.seat(player) {
            if let Some(named) = self.named_hand.get_mut(seat) {
                *named = true;
            }
            for name in cards {
                if let Some(card) = self.place(name) {
                    push(self.hands.get_mut(seat), card);
                }
            }
        }
        self
    }

    /// `player`'s hand is empty and nothing is dealt to them: cards named
    /// for it before by [`hand`](PositionBuilder::hand) go back to the rest
    /// (the last call wins; a later `hand` adds cards again).
    pub fn empty_hand(mut self, player: Player) -> PositionBuilder {
        if let Some(seat) = self.seat(player) {
            if let Some(named) = self.named_hand.get_mut(seat) {
                *named = true;
            }
            if let Some(hand) = self.hands.get_mut(seat) {
                for card in hand.drain(..) {
                    if let Some(slot) = self.placed.get_mut(card.slot()) {
                        *slot = false;
                    }
                }
            }
        }
        self
    }

    /// While a Goblin's pass is being chosen ([`Phase::Passing`], named with
    /// [`phase`](PositionBuilder::phase)), `player` has already chosen these
    /// cards of their hand to pass (after any named before), in secret: the
    /// others see only how many. A name without `#n` means a copy in their
    /// hand not chosen yet. `build` refuses a card not in their hand, more
    /// cards than the Goblin asks, or a choice outside a pass
    /// ([`SetupError::BadChoice`]).
    pub fn chosen(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = impl CardName>,
    ) -> PositionBuilder {
        let Some(seat) = self.seat(player) else {
            return self;
        };
        for name in cards {
            match name.name_card() {
                Ok(named) => {
                    let full = self
                        .chosen
                        .get_mut(seat)
                        .is_none_or(|list| list.try_push(named).is_err());
                    if full {
                        self.fail(SetupError::BadChoice(player));
                    }
                }
                Err(e) => self.fail(SetupError::UnknownCard(e)),
            }
        }
        self
    }

    /// Hands not named are dealt `cards` each from the rest (none unless
    /// asked; `.deal(5)` as at the start of the game; as many as the rest
    /// holds, so any number above 90 deals every card).
    pub fn deal(mut self, cards: usize) -> PositionBuilder {
        self.deal = cards;
        self
    }

    /// `player`'s Stash holds these cards, bottom first (more may be added on
    /// top by another call).
    pub fn stash(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = impl CardName>,
    ) -> PositionBuilder {
        if let Some(seat) = self.seat(player) {
            for name in cards {
                if let Some(card) = self.place(name) {
                    push(self.stashes.get_mut(seat), card);
                }
            }
        }
        self
    }

    /// The Swarm holds these cards, bottom first, and `player` played the
    /// top one (the last player to play, who wins the Swarm if everyone
    /// flunks). More cards may be added on top by another call.
    pub fn swarm(
        mut self,
        player: Player,
        cards: impl IntoIterator<Item = impl CardName>,
    ) -> PositionBuilder {
        if self.seat(player).is_some() {
            for name in cards {
                if let Some(card) = self.place(name) {
                    push(Some(&mut self.swarm), card);
                    self.last_played = Some(player);
                }
            }
        }
        self
    }

    /// The deck's top cards, listed bottom first like every pile in this
    /// crate: the last one named is drawn first. The rest of the deck lies
    /// under them; a later call lays more cards on top.
    pub fn top_of_deck(
        mut self,
        cards: impl IntoIterator<Item = impl CardName>,
    ) -> PositionBuilder {
        for name in cards {
            if let Some(card) = self.place(name) {
                push(Some(&mut self.deck_top), card);
            }
        }
        self
    }

    /// The cards named nowhere yet, in the order the rest is taken
    /// (identity order, or as [`shuffle`](PositionBuilder::shuffle)d):
    /// those [`build`](PositionBuilder::build) deals and puts into the deck.
    /// Name some of them elsewhere to split the rest over several places.
    ///
    /// ```
    /// use fairy_ring::season::State;
    /// use fairy_ring::Player;
    ///
    /// let builder = State::builder(3).hand(Player(0), ["King", "Trap"]);
    /// let rest: Vec<_> = builder.unplaced().collect();
    /// assert_eq!(rest.len(), 88);
    /// // Half of the rest in player 2's Stash, the other half in the deck.
    /// let (stash, deck) = rest.split_at(44);
    /// let state = builder.stash(Player(1), stash).top_of_deck(deck).build()?;
    /// assert_eq!((state.stash(Player(1)).len(), state.deck().len()), (44, 44));
    /// # Ok::<(), fairy_ring::season::SetupError>(())
    /// ```
    pub fn unplaced(&self) -> impl Iterator<Item = Card> + '_ {
        self.order
            .iter()
            .copied()
            .filter(|c| !self.placed.get(c.slot()).copied().unwrap_or(true))
    }

    /// Shuffles the cards not named before they are dealt and put into the
    /// deck (otherwise they go in identity order).
    pub fn shuffle(mut self, rng: &mut (impl Rng + ?Sized)) -> PositionBuilder {
        crate::rng::shuffle(rng, &mut self.order);
        self
    }

    /// After dealing, the cards nobody named go onto `player`'s Stash instead
    /// of into the deck (so the deck holds only the cards named by
    /// [`top_of_deck`](PositionBuilder::top_of_deck)).
    pub fn rest_to_stash(mut self, player: Player) -> PositionBuilder {
        if self.seat(player).is_some() {
            self.rest = Rest::Stash(player);
        }
        self
    }

    /// After dealing, the cards nobody named go into `player`'s hand instead
    /// of into the deck (so the deck holds only the cards named by
    /// [`top_of_deck`](PositionBuilder::top_of_deck)).
    pub fn rest_to_hand(mut self, player: Player) -> PositionBuilder {
        if self.seat(player).is_some() {
            self.rest = Rest::Hand(player);
        }
        self
    }

    /// It is `player`'s turn to play onto the Swarm or flunk. While a Swarm
    /// lies, only the player after the one who played its top card can have
    /// the turn (`build` refuses others with [`SetupError::OutOfTurn`]).
    pub fn turn(mut self, player: Player) -> PositionBuilder {
        if self.seat(player).is_some() {
            self.wait = Wait::Exactly(Phase::Turn { player });
        }
        self
    }

    /// `flunker` has just flunked: the Royal window is open, asking the first
    /// other player with cards in turn order. While a Swarm lies, only the
    /// player after the one who played its top card can have flunked.
    pub fn royal_window(mut self, flunker: Player) -> PositionBuilder {
        if self.seat(flunker).is_some() {
            self.wait = Wait::RoyalWindow(flunker);
        }
        self
    }

    /// The game is over: the winners follow from the Stashes (a Royal Win, or
    /// most points then most Royals).
    pub fn game_over(mut self) -> PositionBuilder {
        self.wait = Wait::Over;
        self
    }

    /// The game waits for exactly this phase (checked by `build`: e.g. a
    /// card's stash step, the Matching Bonus or a Goblin's choice belongs to
    /// the player who played the Swarm's top card, see
    /// [`swarm`](PositionBuilder::swarm)).
    pub fn phase(mut self, phase: Phase) -> PositionBuilder {
        self.wait = Wait::Exactly(phase);
        self
    }

    /// The position as plain data, not yet checked.
    ///
    /// # Errors
    ///
    /// The first mistake made while naming: [`SetupError::PlayerCount`] or
    /// [`SetupError::CardData`] for a config the game cannot play,
    /// [`SetupError::UnknownCard`], [`SetupError::NoCopyLeft`],
    /// [`SetupError::DuplicateCard`] or [`SetupError::NoSuchPlayer`];
    /// [`SetupError::Stuck`] for a Royal window with nobody to ask;
    /// [`SetupError::BadChoice`] for a card [`chosen`](PositionBuilder::chosen)
    /// that is not in its chooser's hand.
    pub fn setup(mut self) -> Result<Setup, SetupError> {
        if let Some(error) = self.error.take() {
            return Err(error);
        }
        let placed = self.placed;
        let mut rest = self
            .order
            .iter()
            .copied()
            .filter(|c| !placed.get(c.slot()).copied().unwrap_or(true));
        // Deal to the hands not named, one card at a time in seat order (no
        // hand can take more than every card).
        'deal: for _ in 0..self.deal.min(DECK_SIZE) {
            for seat in 0..self.players {
                if self.named_hand.get(seat).copied().unwrap_or(true) {
                    continue;
                }
                let Some(card) = rest.next() else {
                    break 'deal;
                };
                push(self.hands.get_mut(seat), card);
            }
        }
        let mut left = Pile::new();
        rest.for_each(|c| push(Some(&mut left), c));
        let rest = left;
        let mut deck = Pile::new();
        let target = match self.rest {
            Rest::Deck => Some(&mut deck),
            Rest::Stash(p) => self.stashes.get_mut(p.index()),
            Rest::Hand(p) => self.hands.get_mut(p.index()),
        };
        if let Some(target) = target {
            match self.rest {
                // The deck is kept top card last.
                Rest::Deck => rest.iter().rev().for_each(|&c| push(Some(target), c)),
                _ => rest.iter().for_each(|&c| push(Some(target), c)),
            }
        }
        self.deck_top.iter().for_each(|&c| push(Some(&mut deck), c));
        let mut setup = Setup::new(self.players)?;
        setup.cards = self.cards;
        setup.deck = deck;
        // Copied by slices: an `ArrayVec`'s `clone` collects, which could
        // panic (it cannot here: the capacities are equal).
        for (slot, hand) in setup.hands.iter_mut().zip(&self.hands) {
            slot.clear();
            let _ = slot.try_extend_from_slice(hand);
        }
        for (slot, stash) in setup.stashes.iter_mut().zip(&self.stashes) {
            slot.clear();
            let _ = slot.try_extend_from_slice(stash);
        }
        setup.swarm.clear();
        let _ = setup.swarm.try_extend_from_slice(&self.swarm);
        setup.last_played = self.last_played;
        setup.phase = self.derive_phase(&setup)?;
        // The cards chosen to pass, found in their chooser's hand.
        for (seat, (named, (slot, hand))) in self
            .chosen
            .iter()
            .zip(setup.chosen.iter_mut().zip(&setup.hands))
            .enumerate()
        {
            for &(kind, exact) in named {
                let card = hand
                    .iter()
                    .copied()
                    .find(|&c| exact.map_or(c.kind() == kind, |e| e == c) && !slot.contains(&c));
                match card {
                    Some(card) if slot.try_push(card).is_ok() => {}
                    _ => return Err(SetupError::BadChoice(Player(seat as u8))),
                }
            }
        }
        Ok(setup)
    }

    /// Fills in everything not named and checks the position.
    ///
    /// # Errors
    ///
    /// A mistake made while naming (see [`setup`](PositionBuilder::setup)),
    /// or any [`SetupError`] of an inconsistent position (e.g. a phase that
    /// names a seat not at the table, or four Royals in one Stash while the
    /// game goes on).
    pub fn build(self) -> Result<State, SetupError> {
        State::try_from(self.setup()?)
    }

    fn derive_phase(&self, setup: &Setup) -> Result<Phase, SetupError> {
        let n = self.players;
        Ok(match self.wait {
            Wait::Exactly(phase) => phase,
            Wait::Derived => Phase::Turn {
                player: self.last_played.map_or(Player(0), |p| p.left(1, n)),
            },
            Wait::RoyalWindow(flunker) => {
                let asked = (1..n)
                    .map(|step| flunker.left(step, n))
                    .find(|p| setup.hands.get(p.index()).is_some_and(|h| !h.is_empty()))
                    .ok_or(SetupError::Stuck)?;
                Phase::RoyalWindow { flunker, asked }
            }
            Wait::Over => {
                let stashes = setup.stashes.as_slice();
                let royal_winner = stashes
                    .iter()
                    .position(|s| Royal::ALL.iter().all(|&r| s.contains(&Card::the_royal(r))));
                let winners = match royal_winner {
                    Some(i) => PlayerSet::only(Player(i as u8)),
                    None => score::winners(stashes),
                };
                Phase::Over { winners }
            }
        })
    }

    /// The seat of `player`, or a recorded error.
    fn seat(&mut self, player: Player) -> Option<usize> {
        if player.index() < self.players {
            Some(player.index())
        } else {
            self.fail(SetupError::NoSuchPlayer(player));
            None
        }
    }

    /// The card `name` stands for, marked as placed; or a recorded error.
    fn place(&mut self, name: impl CardName) -> Option<Card> {
        let card = match name.name_card() {
            Err(e) => Err(SetupError::UnknownCard(e)),
            Ok((_, Some(card))) => {
                if self.placed.get(card.slot()).copied().unwrap_or(true) {
                    Err(SetupError::DuplicateCard(card))
                } else {
                    Ok(card)
                }
            }
            Ok((kind, None)) => kind
                .cards()
                .find(|c| !self.placed.get(c.slot()).copied().unwrap_or(true))
                .ok_or(SetupError::NoCopyLeft(kind)),
        };
        match card {
            Ok(card) => {
                if let Some(slot) = self.placed.get_mut(card.slot()) {
                    *slot = true;
                }
                Some(card)
            }
            Err(e) => {
                self.fail(e);
                None
            }
        }
    }

    fn fail(&mut self, error: SetupError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }
}

/// Adds a card to a pile (every pile holds all 90 cards, so it always fits).
fn push(pile: Option<&mut Pile>, card: Card) {
    if let Some(pile) = pile {
        let _ = pile.try_push(card);
    }
}
