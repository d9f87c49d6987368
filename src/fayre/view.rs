//! What one seat may know.

use arrayvec::ArrayVec;

use super::config::{Config, MAX_PLAYERS};
use super::dice::{DICE_PER_PLAYER, FAIRY_DICE, Face};
use super::mini_game::{Booth, IN_PLAY, MINI_GAMES, MiniGame};
use super::mischief::{CardCounts, Mischief};
use super::pool::Pool;
use super::state::{Faces, Phase, Queue, Spaces, State, array_vec};
use crate::{Player, Score, Seat};

/// A seat's view of the game: every die, card in play, score, the discard
/// pile and each hand's size are public; a player also sees their own
/// Mischief hand. Nobody sees another hand, the order (or contents) of the
/// two draw piles, or which two Mini Games went back in the box.
///
/// The [`Config`](super::Config) is public too (everyone agreed on it before
/// the game); a view repeats only what a player needs to decide from it: the
/// magic numbers of the Mini Games in play and the move limit.
///
/// Its `Debug` leaves out those two config values (it prints the position,
/// as it did before they were added); its `Display` shows them.
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// Whose turn it is.
    pub current: Player,
    /// The decision being waited for.
    pub phase: Phase,
    /// Players still to roll into the Prize Pit after the one rolling now.
    pub queue: ArrayVec<Player, MAX_PLAYERS>,
    /// Scores in seat order.
    pub scores: ArrayVec<Score, MAX_PLAYERS>,
    /// Dice pools in seat order, faces ascending.
    pub pools: ArrayVec<ArrayVec<Face, DICE_PER_PLAYER>, MAX_PLAYERS>,
    /// The Fairy dice pool, faces ascending.
    pub fairy_pool: ArrayVec<Face, FAIRY_DICE>,
    /// Mini Games in play by table position.
    pub booths: [Option<Booth>; IN_PLAY],
    /// Mischief cards in each hand, in seat order.
    pub hand_sizes: ArrayVec<usize, MAX_PLAYERS>,
    /// This seat's own hand (`None` for a spectator).
    pub own_hand: Option<CardCounts>,
    /// Face-down Mischief cards left.
    pub mischief_draw_pile: usize,
    /// The face-up Mischief discard pile.
    pub mischief_discard: CardCounts,
    /// Face-down Mini Game cards left.
    pub mini_games_left: usize,
    /// Scored Mini Games, in order.
    pub finished: ArrayVec<MiniGame, MINI_GAMES>,
    /// Dice moves since a Mini Game was last scored.
    pub moves_since_scoring: usize,
    /// The magic number of the Mini Game at each table position (from the
    /// config's card data), `None` where no game is in play.
    #[cfg_attr(feature = "serde", serde(default))]
    pub magic_numbers: [Option<Face>; IN_PLAY],
    /// Dice moves allowed without a scoring ([`Config::move_limit`](super::Config::move_limit)).
    #[cfg_attr(feature = "serde", serde(default))]
    pub move_limit: usize,
}

impl core::fmt::Debug for View {
    /// The position, without the config values repeated in the view.
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("View")
            .field("seat", &self.seat)
            .field("current", &self.current)
            .field("phase", &self.phase)
            .field("queue", &self.queue)
            .field("scores", &self.scores)
            .field("pools", &self.pools)
            .field("fairy_pool", &self.fairy_pool)
            .field("booths", &self.booths)
            .field("hand_sizes", &self.hand_sizes)
            .field("own_hand", &self.own_hand)
            .field("mischief_draw_pile", &self.mischief_draw_pile)
            .field("mischief_discard", &self.mischief_discard)
            .field("mini_games_left", &self.mini_games_left)
            .field("finished", &self.finished)
            .field("moves_since_scoring", &self.moves_since_scoring)
            .finish()
    }
}

impl View {
    /// `player`'s score (0 for an unseated player).
    pub fn score(&self, player: Player) -> Score {
        self.scores.get(player.index()).copied().unwrap_or(0)
    }

    /// `player`'s dice pool, faces ascending (empty for an unseated player).
    pub fn pool(&self, player: Player) -> &[Face] {
        self.pools.get(player.index()).map_or(&[], |p| p.as_slice())
    }

    /// How many Mischief cards `player` holds (0 for an unseated player).
    pub fn hand_size(&self, player: Player) -> usize {
        self.hand_sizes.get(player.index()).copied().unwrap_or(0)
    }

    /// The kinds of Mischief card that have a target among the dice this
    /// view shows (bit [`Mischief::index`]): the engine's own check
    /// ([`State::playable`]) on a position with these dice, since a card's
    /// targets depend on the dice alone.
    pub(super) fn playable_kinds(&self) -> u8 {
        let players = self.pools.len().min(MAX_PLAYERS);
        let mut pools = [Pool::EMPTY; MAX_PLAYERS];
        for (slot, pool) in pools.iter_mut().zip(&self.pools) {
            *slot = Pool::of(pool);
        }
        let mut dice = State {
            config: Config {
                players: players as u8,
                ..Config::default()
            },
            current: self.current,
            phase: Phase::Mischief,
            queue: Queue::EMPTY,
            scores: [0; MAX_PLAYERS],
            pools,
            hands: [CardCounts::default(); MAX_PLAYERS],
            fairy_pool: self.fairy_pool.iter().copied().collect(),
            booths: self.booths,
            deck: crate::List::new(),
            removed: crate::List::new(),
            finished: crate::List::new(),
            mischief_deck: crate::List::new(),
            mischief_discard: CardCounts::default(),
            moves: 0,
            spaces: Spaces::of(&self.booths),
            actor: Some(self.current),
            faces: Faces::default(),
        };
        dice.faces = Faces::of(&dice.pools, &dice.fairy_pool);
        let every_kind = Mischief::ALL.into_iter().collect();
        dice.playable(&every_kind)
    }

    pub(super) fn of(state: &State, seat: Seat) -> View {
        let players = state.config.num_players();
        View {
            seat,
            current: state.current,
            phase: state.phase,
            queue: array_vec(state.queue.iter().copied()),
            scores: state.scores().iter().copied().collect(),
            pools: array_vec(
                (state.pools.iter().take(players)).map(|p| array_vec(p.iter().copied())),
            ),
            fairy_pool: array_vec(state.fairy_pool),
            booths: state.booths,
            hand_sizes: state
                .hands
                .iter()
                .take(players)
                .map(CardCounts::total)
                .collect(),
            own_hand: seat.player().map(|p| state.hand(p)),
            mischief_draw_pile: state.mischief_deck.len(),
            mischief_discard: state.mischief_discard,
            mini_games_left: state.deck.len(),
            finished: array_vec(state.finished),
            moves_since_scoring: state.moves,
            magic_numbers: state
                .booths
                .map(|booth| booth.map(|booth| state.config.mini_games.get(booth.game).magic)),
            move_limit: state.config.move_limit,
        }
    }
}
