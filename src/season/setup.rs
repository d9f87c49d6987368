//! A position as plain data, and its validation.

use arrayvec::ArrayVec;

use super::cards::{Card, CardKind, DECK_SIZE, ParseCardError, Royal};
use super::config::{CardSet, Config, MAX_AMOUNT, MAX_PLAYERS, MIN_PLAYERS};
use super::score;
use super::state::{self, Phase, State};
use super::words::{Plural, Winners};
use crate::{Game, Player, PlayerSet};

/// A hand, a Stash, the Swarm or the deck of a [`Setup`]: at most all 90 cards.
pub(super) type Pile = ArrayVec<Card, DECK_SIZE>;
/// Cards a player has chosen to pass, in a [`Setup`].
pub(super) type Chosen = ArrayVec<Card, { MAX_AMOUNT as usize }>;

/// `players` empty lists (at most `MAX_PLAYERS`).
fn empty<const N: usize>(players: usize) -> ArrayVec<ArrayVec<Card, N>, MAX_PLAYERS> {
    let mut lists = ArrayVec::new();
    for _ in 0..players {
        let _ = lists.try_push(ArrayVec::new());
    }
    lists
}

/// `cards` as a [`Setup`]'s list (all of them: the capacities are equal).
fn to_setup<const N: usize>(cards: &[Card]) -> ArrayVec<Card, N> {
    let mut list = ArrayVec::new();
    let _ = list.try_extend_from_slice(cards);
    list
}

/// Any position of Fairy Season, as plain data; [`State::try_from`] checks
/// it. [`State::builder`] writes a position in fewer words; a `Setup` is for
/// storing positions and for editing one field by field.
///
/// ```
/// use fairy_ring::season::{Card, Phase, Season, Setup, State};
/// use fairy_ring::{Game, Player};
///
/// let mut setup = Setup::new(3)?;
/// setup.hands[0].extend(Card::season(Season::Spring, 3, 0));
/// setup.fill_deck();
/// let state = State::try_from(setup)?;
/// assert_eq!(state.phase(), Phase::Turn { player: Player(0) });
/// assert_eq!(state.deck().len(), 89);
/// # Ok::<(), fairy_ring::season::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Setup {
    /// The printed card data.
    pub cards: CardSet,
    /// The face-down deck, top card last.
    pub deck: Pile,
    /// Hands in seat order; the number of hands is the player count.
    pub hands: ArrayVec<Pile, MAX_PLAYERS>,
    /// Stashes in seat order, bottom first (one per player).
    pub stashes: ArrayVec<Pile, MAX_PLAYERS>,
    /// Cards each player has chosen to pass (one list per player; non-empty
    /// only while passing).
    pub chosen: ArrayVec<Chosen, MAX_PLAYERS>,
    /// The Swarm, bottom first.
    pub swarm: Pile,
    /// The last player to play onto the Swarm (`Some` exactly when the Swarm
    /// is not empty).
    pub last_played: Option<Player>,
    /// What the game is waiting for.
    pub phase: Phase,
}

impl Setup {
    /// `players` (3 to 5) with empty hands, Stashes, Swarm and deck; seat 0
    /// to start a Swarm. Fill in the cards, then [`fill_deck`](Setup::fill_deck).
    ///
    /// # Errors
    ///
    /// [`SetupError::PlayerCount`] for fewer than 3 or more than 5 players.
    pub fn new(players: usize) -> Result<Setup, SetupError> {
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::PlayerCount(players));
        }
        Ok(Setup {
            cards: CardSet::default(),
            deck: Pile::new(),
            hands: empty(players),
            stashes: empty(players),
            chosen: empty(players),
            swarm: Pile::new(),
            last_played: None,
            phase: Phase::Turn { player: Player(0) },
        })
    }

    /// Puts every card not yet placed at the bottom of the deck, in identity
    /// order from the top down (under any cards already in the deck).
    pub fn fill_deck(&mut self) {
        let mut placed = [false; DECK_SIZE];
        for card in self.all_cards() {
            if let Some(slot) = placed.get_mut(card.slot()) {
                *slot = true;
            }
        }
        let missing = Card::all()
            .rev()
            .filter(|c| !placed.get(c.slot()).copied().unwrap_or(true));
        let mut deck = Pile::new();
        for card in missing.chain(self.deck.iter().copied()) {
            let _ = deck.try_push(card);
        }
        self.deck = deck;
    }

    fn all_cards(&self) -> impl Iterator<Item = Card> + '_ {
        self.deck
            .iter()
            .chain(self.hands.iter().flatten())
            .chain(self.stashes.iter().flatten())
            .chain(self.swarm.iter())
            .copied()
    }
}

/// Why a [`Setup`] (or a [`PositionBuilder`](super::PositionBuilder)) is
/// not a consistent position.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SetupError {
    /// Fairy Season seats 3 to 5 players.
    #[error("Fairy Season is for 3 to 5 players, not {0}")]
    PlayerCount(usize),
    /// `stashes` and `chosen` need one entry per hand.
    #[error(
        "{} and {} for {}: give one of each per player",
        Plural(*stashes, "Stash", "Stashes"),
        Plural(*chosen, "list of chosen cards", "lists of chosen cards"),
        Plural(*players, "player", "players")
    )]
    Slots {
        /// Length of `stashes`.
        stashes: usize,
        /// Length of `chosen`.
        chosen: usize,
        /// Length of `hands`.
        players: usize,
    },
    /// The card data is out of range.
    #[error("an ability or Goblin effect names more than 3 cards")]
    CardData,
    /// A card is in two places.
    #[error("{0:#} is in two places")]
    DuplicateCard(Card),
    /// A card is nowhere.
    #[error("{0:#} is missing")]
    MissingCard(Card),
    /// A player named by the phase or `last_played` is not seated.
    #[error("{0} is not at the table")]
    NoSuchPlayer(Player),
    /// `last_played` must be set exactly when the Swarm has cards.
    #[error("the last player to play must be known exactly when the Swarm has cards")]
    LastPlayed,
    /// A chosen card is not in its chooser's hand, or cards are chosen
    /// outside a passing phase, or more than the Goblin asks.
    #[error("{0} has chosen cards to pass that do not fit the position")]
    BadChoice(Player),
    /// An amount in the phase is 0 or above 3.
    #[error("an amount in the phase is 0 or above 3")]
    Amount,
    /// The Royal window is never offered to the flunker.
    #[error("the flunker cannot be asked in the Royal window")]
    FlunkerAsked,
    /// Someone holds all four Royals in their Stash: the game is over and
    /// they have won.
    #[error("{0} has all four Royal Fairies in their Stash and has won")]
    RoyalWinMissed(Player),
    /// The game is over, but the winners are not these.
    #[error("the Stashes call for other winners: {}", Winners(*expected))]
    WrongWinners {
        /// The winners the Stashes call for.
        expected: PlayerSet,
    },
    /// The phase's player is resolving a card (stashing, the Matching Bonus
    /// or a Goblin's choice) but is not the last player to play onto the
    /// Swarm: only the player of a card resolves it.
    #[error("{0} is resolving a card they did not play (they are not the last to play)")]
    NotLastPlayed(Player),
    /// The Matching Bonus is due only after a Season Fairy: the Swarm's top
    /// card must be one.
    #[error("the Matching Bonus is due only with a Season Fairy on top of the Swarm")]
    NoBonusFairy,
    /// While a Swarm lies, the turn belongs to the player after the last to
    /// play onto it, and only that player can have flunked.
    #[error(
        "{player} cannot have the turn or have flunked: it is {expected}'s turn, after the last to play"
    )]
    OutOfTurn {
        /// Who has the turn (or flunked) in the phase.
        player: Player,
        /// The player after the last to play.
        expected: Player,
    },
    /// The game is over with cards in the Swarm, but not by a Royal Win of
    /// the last player to play onto it: otherwise the game ends when the
    /// final Swarm is won, leaving it empty.
    #[error(
        "the game cannot be over with cards in the Swarm, except by a Royal Win of the last to play onto it"
    )]
    SwarmNotWon,
    /// The game can only end by scoring once the deck is empty.
    #[error("the game cannot be over while cards remain in the deck")]
    DeckNotEmpty,
    /// The game is not over, yet nobody can act (or a pass is being aimed
    /// while nobody holds a card, so nobody could pass).
    #[error("nobody can act in this position")]
    Stuck,
    /// A builder was given a name that is not a card.
    #[error("{0}")]
    UnknownCard(#[from] ParseCardError),
    /// A builder was asked for one more card of a kind than the game has
    /// (both Spring 3s, the one King or all six Traps are already placed).
    #[error("every {0} is already placed")]
    NoCopyLeft(CardKind),
}

impl From<&State> for Setup {
    fn from(state: &State) -> Setup {
        let n = state.players();
        let mut setup = Setup {
            cards: state.config.cards,
            deck: to_setup(&state.deck),
            hands: ArrayVec::new(),
            stashes: ArrayVec::new(),
            chosen: ArrayVec::new(),
            swarm: to_setup(&state.swarm),
            last_played: state.last_played,
            phase: state.phase,
        };
        for ((hand, stash), chosen) in state
            .hands
            .iter()
            .zip(&state.stashes)
            .zip(&state.chosen)
            .take(n)
        {
            let _ = setup.hands.try_push(to_setup(hand));
            let _ = setup.stashes.try_push(to_setup(stash));
            let _ = setup.chosen.try_push(to_setup(chosen));
        }
        setup
    }
}

impl From<State> for Setup {
    fn from(state: State) -> Setup {
        Setup::from(&state)
    }
}

impl TryFrom<Setup> for State {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<State, SetupError> {
        let players = setup.hands.len();
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(SetupError::PlayerCount(players));
        }
        if setup.stashes.len() != players || setup.chosen.len() != players {
            return Err(SetupError::Slots {
                stashes: setup.stashes.len(),
                chosen: setup.chosen.len(),
                players,
            });
        }
        setup.cards.validate().map_err(|_| SetupError::CardData)?;
        check_cards(&setup)?;
        let seat = |p: Player| {
            if p.index() < players {
                Ok(p)
            } else {
                Err(SetupError::NoSuchPlayer(p))
            }
        };
        if let Some(p) = setup.last_played {
            seat(p)?;
        }
        if setup.last_played.is_some() == setup.swarm.is_empty() {
            return Err(SetupError::LastPlayed);
        }
        check_phase(&setup, players)?;
        let mut hands = [state::Pile::new(); MAX_PLAYERS];
        let mut stashes = [state::Pile::new(); MAX_PLAYERS];
        let mut chosen = [state::Chosen::new(); MAX_PLAYERS];
        for (slot, hand) in hands.iter_mut().zip(&setup.hands) {
            *slot = state::Pile::from_slice(hand);
        }
        for (slot, stash) in stashes.iter_mut().zip(&setup.stashes) {
            *slot = state::Pile::from_slice(stash);
        }
        for (slot, picks) in chosen.iter_mut().zip(&setup.chosen) {
            *slot = state::Chosen::from_slice(picks);
        }
        let mut state = State {
            config: Config {
                players: players as u8,
                cards: setup.cards,
            },
            deck: state::Pile::from_slice(&setup.deck),
            hands,
            stashes,
            chosen,
            swarm: state::Pile::from_slice(&setup.swarm),
            top: super::rules::topmost_season(&setup.swarm),
            playable: super::rules::playable(&setup.swarm),
            last_played: setup.last_played,
            phase: setup.phase,
            acting: PlayerSet::EMPTY,
        };
        state.acting = state.compute_acting();
        check_flow(&state)?;
        Ok(state)
    }
}

/// Every card exactly once across deck, hands, Stashes and Swarm.
fn check_cards(setup: &Setup) -> Result<(), SetupError> {
    let mut seen = [false; DECK_SIZE];
    for card in setup.all_cards() {
        match seen.get_mut(card.slot()) {
            Some(slot) if *slot => return Err(SetupError::DuplicateCard(card)),
            Some(slot) => *slot = true,
            None => return Err(SetupError::MissingCard(card)),
        }
    }
    match Card::all().find(|c| !seen.get(c.slot()).copied().unwrap_or(false)) {
        Some(card) => Err(SetupError::MissingCard(card)),
        None => Ok(()),
    }
}

fn check_phase(setup: &Setup, players: usize) -> Result<(), SetupError> {
    let seat = |p: Player| {
        if p.index() < players {
            Ok(())
        } else {
            Err(SetupError::NoSuchPlayer(p))
        }
    };
    let amount = |n: u8| {
        if (1..=MAX_AMOUNT).contains(&n) {
            Ok(())
        } else {
            Err(SetupError::Amount)
        }
    };
    let mut passing = None;
    match setup.phase {
        Phase::Turn { player }
        | Phase::Bonus { player }
        | Phase::Robbing { player }
        | Phase::Swapping { player } => seat(player)?,
        Phase::Stashing { player, left, .. } => {
            seat(player)?;
            amount(left)?;
        }
        Phase::Stealing { player, count } | Phase::Aiming { player, count } => {
            seat(player)?;
            amount(count)?;
        }
        Phase::Passing { player, count, .. } => {
            seat(player)?;
            amount(count)?;
            passing = Some(count);
        }
        Phase::RoyalWindow { flunker, asked } => {
            seat(flunker)?;
            seat(asked)?;
            if flunker == asked {
                return Err(SetupError::FlunkerAsked);
            }
        }
        Phase::Over { winners } => {
            for p in winners {
                seat(p)?;
            }
        }
    }
    for (i, (picks, hand)) in setup.chosen.iter().zip(&setup.hands).enumerate() {
        let player = Player(i as u8);
        if !chosen_fit(picks, hand, passing) {
            return Err(SetupError::BadChoice(player));
        }
    }
    check_last_played(setup, players)
}

/// The phase fits who played last, as the engine reaches it: only the player
/// of a card resolves it (the Matching Bonus after a Season Fairy), and while
/// a Swarm lies the turn, and so a flunk, is the next player's.
fn check_last_played(setup: &Setup, players: usize) -> Result<(), SetupError> {
    let last = setup.last_played;
    let resolver = |player: Player| {
        if last == Some(player) {
            Ok(())
        } else {
            Err(SetupError::NotLastPlayed(player))
        }
    };
    let bonus_fairy = || {
        if setup
            .swarm
            .last()
            .is_some_and(|c| c.season_number().is_some())
        {
            Ok(())
        } else {
            Err(SetupError::NoBonusFairy)
        }
    };
    let in_turn = |player: Player| match last {
        Some(q) if player != q.left(1, players) => Err(SetupError::OutOfTurn {
            player,
            expected: q.left(1, players),
        }),
        _ => Ok(()),
    };
    match setup.phase {
        Phase::Turn { player } => in_turn(player),
        Phase::RoyalWindow { flunker, .. } => in_turn(flunker),
        Phase::Stashing { player, bonus, .. } => {
            resolver(player)?;
            if bonus { bonus_fairy() } else { Ok(()) }
        }
        Phase::Bonus { player } => {
            resolver(player)?;
            bonus_fairy()
        }
        Phase::Robbing { player }
        | Phase::Stealing { player, .. }
        | Phase::Swapping { player }
        | Phase::Aiming { player, .. }
        | Phase::Passing { player, .. } => resolver(player),
        Phase::Over { .. } => Ok(()),
    }
}

/// The phase agrees with the Stashes and someone can act.
fn check_flow(state: &State) -> Result<(), SetupError> {
    let n = state.players();
    let royal_winner = (0..n).map(|i| Player(i as u8)).find(|&p| {
        Royal::ALL
            .iter()
            .all(|&r| state.stash(p).contains(&Card::the_royal(r)))
    });
    match (state.phase, royal_winner) {
        (Phase::Over { winners }, Some(p)) if winners != PlayerSet::only(p) => {
            Err(SetupError::WrongWinners {
                expected: PlayerSet::only(p),
            })
        }
        // A Royal Win in the middle of a Swarm is made by its last player
        // (stashing, grabbing or stealing); any other ends with it won.
        (Phase::Over { .. }, Some(p)) if state.last_played.is_some_and(|q| q != p) => {
            Err(SetupError::SwarmNotWon)
        }
        (Phase::Over { .. }, Some(_)) => Ok(()),
        (_, Some(p)) => Err(SetupError::RoyalWinMissed(p)),
        (Phase::Over { winners }, None) => {
            let expected = score::winners(state.stashes.get(..n).unwrap_or(&[]));
            if !state.deck.is_empty() {
                Err(SetupError::DeckNotEmpty)
            } else if !state.swarm.is_empty() {
                Err(SetupError::SwarmNotWon)
            } else if winners != expected {
                Err(SetupError::WrongWinners { expected })
            } else {
                Ok(())
            }
        }
        (_, None) => {
            let to_act = state.to_act();
            // Aiming a pass while nobody holds a card leads to a passing
            // nobody can make (the engine skips a pass of no cards).
            let nothing_to_pass = matches!(state.phase, Phase::Aiming { .. })
                && state.hands.iter().take(n).all(|hand| hand.is_empty());
            if nothing_to_pass
                || to_act.is_empty()
                || to_act.iter().any(|p| state.legal_actions(p).is_empty())
            {
                Err(SetupError::Stuck)
            } else {
                Ok(())
            }
        }
    }
}

/// Whether a player's chosen cards fit: none outside passing; while a Goblin
/// asks for `count`, at most that many (and at most the hand), distinct
/// cards of the hand.
pub(super) fn chosen_fit(picks: &[Card], hand: &[Card], passing: Option<u8>) -> bool {
    match passing {
        None => picks.is_empty(),
        Some(count) => {
            picks.len() <= usize::from(count).min(hand.len())
                && picks.iter().enumerate().all(|(j, c)| {
                    hand.contains(c) && !picks.get(..j).is_some_and(|s| s.contains(c))
                })
        }
    }
}
