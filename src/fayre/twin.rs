//! The twin generator for the leak oracle ([`Twins`]).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::mischief::{MISCHIEF_CARDS, Mischief};
use super::setup::{Setup, SetupError};
use super::state::{Phase, State};
use crate::testing::Twins;
use crate::{Game, Player, Seat};

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
    /// What each move reveals to whom (the per-game statement of the event
    /// oracle). Every Fayre action is announced whole, so the twin's move
    /// is always `action` itself; the twin is [`Twins::twin`]'s, keeping in
    /// addition what the move shows:
    ///
    /// - **Draw**: the drawer sees the card, so for the drawer's seat the
    ///   top card of the draw pile stays on top (the rest of the pile is
    ///   still reordered). Every other seat sees only that a card was drawn:
    ///   its twin's pile is reordered (and the other hands redrawn where
    ///   [`Twins::twin`] redraws them), so the card drawn differs. An empty pile is
    ///   first refilled from the face-up discard pile, which every twin
    ///   keeps, shuffled with the shared randomness: that card is the same
    ///   in the twin, and only its drawer sees it.
    /// - **Play a card** and **discard a card**: the card is shown face up,
    ///   so one card of that kind stays in the player's hand when the hands
    ///   are redrawn.
    /// - **No Mischief action**: shows that no card in the hand has a target
    ///   (and that the player cannot draw); the player's hand is kept whole.
    /// - **Pick a die, up or down, the pool to re-roll, roll or report a
    ///   Prize Pit roll, decline a steal**: dice, scores and the Prize Pit
    ///   are public and every roll is the same with the shared randomness;
    ///   nothing more is kept.
    /// - **Place a die on a card's last space**: the card is scored and the
    ///   next Mini Game is turned up, so the top card of the Mini Game deck
    ///   stays on top (the rest of the deck and the box are still redrawn).
    ///   Any other placement or move keeps nothing more.
    /// - **Steal from a player**: the thief and the victim see the card
    ///   taken; for them every hand is kept (a scoring has happened, see
    ///   below), so the same card is taken. For every other seat the card
    ///   is hidden, and the twin redraws the victim's hand together with the
    ///   draw pile, but only where the position proves that seat knows
    ///   nothing more of that hand than which cards it and the pile hold
    ///   (during the first scoring's rolls, before the victim's own roll,
    ///   when neither a reshuffle nor a pass with cards can have happened
    ///   before: see `steal_unseen` in `reveals.rs`).
    ///   Otherwise the hands are kept, as [`Twins::twin`] keeps them once a
    ///   Mini Game is scored: the state does not record what a seat saw (a
    ///   card stolen from it, a reshuffled pile, a pass), so the steal is
    ///   then not checked. With the standard move limit a reshuffle before
    ///   the first scoring cannot be ruled out from the position, so that
    ///   check needs a lower move limit (at most 5 for 5 players, 38 for 2).
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: super::action::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, super::action::Action), SetupError> {
        Ok((
            State::from_setup(self.twin_of_move(seat, player, action, rng))?,
            action,
        ))
    }

    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<State, SetupError> {
        State::from_setup(self.twin_setup(seat, Keep::NOTHING, rng))
    }

    /// Another player's draw, and a steal the seat neither makes nor
    /// suffers: the seat sees only that a card moved, and whether the move
    /// may be made hangs on public counts (hand sizes, the piles' sizes).
    /// So a twin drawn from the seat's information, which varies the hands
    /// [`Twins::twin`] keeps after a scoring, checks the stolen card's
    /// redaction at every steal.
    fn shows_nothing(&self, seat: Seat, player: Player, action: super::action::Action) -> bool {
        let me = seat.at_table(self.players()).player();
        match (self.phase, action) {
            (Phase::Mischief, super::action::Action::Draw) => me != Some(player),
            (Phase::Steal { thief }, super::action::Action::ChoosePlayer(victim)) => {
                me != Some(thief) && me != Some(victim)
            }
            _ => false,
        }
    }
}

/// What a twin keeps besides what [`Twins::twin`] keeps: what a move shows
/// (see [`super::reveals`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Keep {
    /// The top card of the Mischief draw pile stays on top (its drawer sees
    /// it).
    pub(super) top_mischief: bool,
    /// The top card of the Mini Game deck stays on top (it is turned up).
    pub(super) top_mini_game: bool,
    /// A card that stays in its player's hand (it is shown face up).
    pub(super) card: Option<(Player, Mischief)>,
    /// A hand kept whole (the rules show something of every card in it).
    pub(super) hand: Option<Player>,
}

impl Keep {
    /// Nothing more than [`Twins::twin`] keeps.
    pub(super) const NOTHING: Keep = Keep {
        top_mischief: false,
        top_mini_game: false,
        card: None,
        hand: None,
    };
}

impl State {
    /// The twin of [`Twins::twin`] as a [`Setup`], keeping `keep` as well:
    /// a kept top card is set aside before the redraw and put back on top,
    /// a kept card is taken out of its hand before the hands are pooled and
    /// put back after, a kept hand is left out of the pool.
    pub(super) fn twin_setup(
        &self,
        seat: Seat,
        keep: Keep,
        rng: &mut (impl Rng + ?Sized),
    ) -> Setup {
        let mut setup = self.to_setup();
        let top_game = keep
            .top_mini_game
            .then(|| setup.mini_game_deck.pop())
            .flatten();
        redraw_mini_games(&mut setup, rng);
        if let Some(game) = top_game {
            let _ = setup.mini_game_deck.try_push(game);
        }
        let top_card = keep
            .top_mischief
            .then(|| setup.mischief_deck.pop())
            .flatten();
        let shown = keep.card.and_then(|(player, card)| {
            let hand = setup.hands.get_mut(player.index())?;
            let at = hand.iter().position(|c| *c == card)?;
            hand.pop_at(at).map(|card| (player, card))
        });
        if self.hands_unknown() {
            let own = seat.player().filter(|p| p.index() < self.players());
            redraw_hands(&mut setup, &[own, keep.hand], rng);
        }
        crate::rng::shuffle(rng, &mut setup.mischief_deck);
        if let Some(card) = top_card {
            let _ = setup.mischief_deck.try_push(card);
        }
        if let Some((player, card)) = shown
            && let Some(hand) = setup.hands.get_mut(player.index())
        {
            let _ = hand.try_push(card);
        }
        setup
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

/// Pools every hand but the `kept` ones with the draw pile, shuffles, and
/// deals them back in the same sizes.
fn redraw_hands(setup: &mut Setup, kept: &[Option<Player>], rng: &mut (impl Rng + ?Sized)) {
    let mut hidden: ArrayVec<Mischief, MISCHIEF_CARDS> = ArrayVec::new();
    let others = |i: usize| !kept.iter().flatten().any(|p| p.index() == i);
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
