//! The twin generator for the leak oracle ([`Twins`]).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::mischief::{MISCHIEF_CARDS, Mischief};
use super::setup::{Setup, SetupError};
use super::state::{Phase, State};
use crate::testing::Twins;
use crate::{Game, Seat};

/// The twin generator for the leak oracle: what it redraws and keeps,
/// by the rulebook.
///
/// Redrawn (uniformly, with the crate's RNG helpers):
///
/// - **The Mini Game deck and the box**: the cards not yet turned up and the
///   two put back in the box unseen,
///   pooled and dealt again into a deck of the same size and a box of two,
///   in a new order. Nobody ever sees either, so always.
/// - **The Mischief draw pile's order**: it is face down and shuffled, and a
///   drawn card is seen by its drawer only. Always.
/// - **Other players' Mischief hands and the draw pile's contents**, pooled
///   (for a player seat, everything but its own hand; for the spectator,
///   every hand) and dealt again keeping every hand size and the pile's size,
///   but only where the state proves the seat knows nothing more than that
///   pool (below). Hands are face down; played and discarded cards are face
///   up (public, kept).
///
/// Kept: every die, every card in play and scored, the scores, the phase and
/// Prize Pit queue, the discard pile, the config, hand sizes, pile sizes,
/// and a player seat's own hand.
///
/// A seat can know more about the hidden Mischief cards than their pool, and
/// the state does not record it, so the twin keeps all hands and the draw
/// pile's contents (only its order is redrawn) unless all of these hold:
///
/// - **No steal yet**: no Mini Game has been scored (`finished` is empty),
///   so no Goblin has been rolled. A robbed player knows the card the thief
///   now holds.
/// - **No reshuffle yet**: the turns begun so far (each draws at most one
///   card) are at most the draw pile's size after the deal. After a
///   reshuffle of the face-up discard pile everyone knows what the new pile
///   holds, and so what the hands hold.
/// - **No forced pass with cards**: every pool still has a die. Before the
///   first scoring dice never leave the cards and pools only shrink, so
///   then every card could always be played by a player who had placed a
///   die (the yellow, blue and red fairies always can; the pink fairy once
///   a die is on a card; the pool re-roll while a pool has a die; the grey
///   fairy swaps a player's placed die with their pool), and a player with
///   fewer than 3 cards could draw (no reshuffle means the pile was never
///   empty). So [`Action::NoMischief`](super::Action::NoMischief) never
///   told anyone that a hand holds only cards without a target.
///
/// These hold for positions played from [`Game::new`]; for a position
/// loaded with [`Game::from_setup`] the twin assumes the seat knew only what
/// the loaded position shows.
impl Twins for State {
    // Placeholder until this game states what each move reveals (issue 20).
    fn twin_move(
        &self,
        _seat: Seat,
        _player: crate::Player,
        action: super::action::Action,
        _rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, super::action::Action), SetupError> {
        Ok((*self, action))
    }

    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<State, SetupError> {
        let mut setup = self.to_setup();
        redraw_mini_games(&mut setup, rng);
        if self.hands_unknown() {
            let own = seat.player().filter(|p| p.index() < self.players());
            redraw_hands(&mut setup, own, rng);
        }
        crate::rng::shuffle(rng, &mut setup.mischief_deck);
        State::from_setup(setup)
    }
}

impl State {
    /// Whether every seat knows no more about the hidden Mischief cards than
    /// which cards they are (see the module docs).
    fn hands_unknown(&self) -> bool {
        if !self.finished.is_empty() {
            return false;
        }
        if self
            .seats()
            .any(|p| self.pools.get(p.index()).is_none_or(|pool| pool.is_empty()))
        {
            return false;
        }
        let placed: usize = self
            .booths
            .iter()
            .flatten()
            .map(|booth| booth.dice().count())
            .sum();
        let under_way = !matches!(self.phase, Phase::Mischief | Phase::PrizePit { .. });
        let turns = placed + self.moves + usize::from(under_way);
        let dealt = self
            .config
            .mischief
            .total()
            .saturating_sub(2 * self.players());
        turns <= dealt
    }
}

/// Pools the Mini Game deck and the box, shuffles, and deals them back in
/// the same sizes.
fn redraw_mini_games(setup: &mut Setup, rng: &mut (impl Rng + ?Sized)) {
    let mut unseen: ArrayVec<_, { super::MINI_GAMES }> = ArrayVec::new();
    for game in setup.mini_game_deck.iter().chain(setup.removed.iter()) {
        let _ = unseen.try_push(*game);
    }
    crate::rng::shuffle(rng, &mut unseen);
    let deck = setup.mini_game_deck.len();
    let mut cards = unseen.into_iter();
    for slot in setup.mini_game_deck.iter_mut().take(deck) {
        if let Some(game) = cards.next() {
            *slot = game;
        }
    }
    for slot in setup.removed.iter_mut() {
        if let Some(game) = cards.next() {
            *slot = game;
        }
    }
}

/// Pools every hand but `own` with the draw pile, shuffles, and deals them
/// back in the same sizes.
fn redraw_hands(setup: &mut Setup, own: Option<crate::Player>, rng: &mut (impl Rng + ?Sized)) {
    let mut hidden: ArrayVec<Mischief, MISCHIEF_CARDS> = ArrayVec::new();
    let others = |i: usize| own.is_none_or(|p| p.index() != i);
    for (i, hand) in setup.hands.iter().enumerate() {
        if others(i) {
            for card in hand {
                let _ = hidden.try_push(*card);
            }
        }
    }
    for card in &setup.mischief_deck {
        let _ = hidden.try_push(*card);
    }
    crate::rng::shuffle(rng, &mut hidden);
    let mut cards = hidden.into_iter();
    for (i, hand) in setup.hands.iter_mut().enumerate() {
        if others(i) {
            for slot in hand.iter_mut() {
                if let Some(card) = cards.next() {
                    *slot = card;
                }
            }
        }
    }
    for slot in setup.mischief_deck.iter_mut() {
        if let Some(card) = cards.next() {
            *slot = card;
        }
    }
}
