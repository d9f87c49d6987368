//! What each move shows to whom, for the event oracle
//! ([`Twins::twin_move`](crate::testing::Twins::twin_move)): the twin of a
//! position and of a move that a seat cannot tell from the real ones.
//!
//! Every action of the Fayre is announced whole (the card played, the die
//! picked, the player chosen...), so the twin's move is always the move
//! itself; what varies is the hidden part of the position that the move
//! touches. The statement, per action, is on `twin_move` in `twin.rs`; this
//! file works it out.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::Action;
use super::dice::DICE_PER_PLAYER;
use super::mischief::{HAND_LIMIT, MISCHIEF_CARDS, Mischief};
use super::setup::Setup;
use super::state::{Phase, State};
use super::twin::Keep;
use crate::{Player, Seat};

impl State {
    /// The twin of `player` playing `action`, as `seat` sees it, as a
    /// [`Setup`] (the move itself is the twin's move).
    pub(super) fn twin_of_move(
        &self,
        seat: Seat,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Setup {
        let me = seat.at_table(self.players()).player();
        let keep = match (self.phase, action) {
            (Phase::Mischief, Action::Draw) => Keep {
                top_mischief: me == Some(player),
                ..Keep::NOTHING
            },
            (_, Action::Play(card) | Action::Discard(card)) => Keep {
                card: Some((player, card)),
                ..Keep::NOTHING
            },
            (_, Action::NoMischief) => Keep {
                hand: Some(player),
                ..Keep::NOTHING
            },
            (Phase::Destination { .. }, Action::PlaceOn { booth, .. })
                if self.spaces.open(usize::from(booth)).count_ones() == 1 =>
            {
                Keep {
                    top_mini_game: true,
                    ..Keep::NOTHING
                }
            }
            _ => Keep::NOTHING,
        };
        let mut setup = self.twin_setup(seat, keep, rng);
        if let (Phase::Steal { thief }, Action::ChoosePlayer(victim)) = (self.phase, action)
            && me != Some(thief)
            && me != Some(victim)
            && self.steal_unseen(thief, victim)
        {
            redraw_hand(&mut setup, victim, rng);
        }
        setup
    }

    /// Whether every seat but the thief's and the victim's provably knows no
    /// more of `victim`'s hand than which cards it and the draw pile hold
    /// together, when `thief` steals from it. The state keeps no record of
    /// what a seat saw, so this holds only where the position itself proves
    /// it; it needs all of:
    ///
    /// - **The first scoring's rolls**: one Mini Game scored, so no Goblin
    ///   was rolled before these rolls.
    /// - **The victim has not rolled yet**: the rollers roll clockwise from
    ///   the current player, and the victim comes after the thief, so the
    ///   victim stole nothing (nobody saw a card go into its hand).
    /// - **No reshuffle can have happened**: drawing more cards than were
    ///   left after the deal takes at least `2 × left − players + 1` turns
    ///   before the first scoring (every turn draws or plays at most one
    ///   card, and hands hold at most 3, so plays keep up with draws but for
    ///   `players` cards); that stretch has at most `6 × players` turns that
    ///   place a die and `move_limit` that move one. A reshuffle would have
    ///   shown everyone what the new pile holds.
    /// - **No pass with cards can have happened**: a player holding cards
    ///   and taking no Mischief action shows they have no target. Before the
    ///   first scoring dice only go onto cards, so the pools were never all
    ///   empty if the dice on the cards now plus the scored card's spaces
    ///   are fewer than `6 × players`; then the pool re-roll always had a
    ///   target, and so had every card of a player who has placed a die and
    ///   still has one in the pool (the grey fairy swaps the two), which is
    ///   every player holding 3 cards (they drew on an earlier turn and
    ///   placed after it; a pool emptied only after 6 turns, by which time
    ///   every other pool is empty too). A player with fewer cards could
    ///   draw: the pile and the discard pile are never both empty when the
    ///   mix has more than 3 cards a player.
    ///
    /// For a position loaded with [`Game::from_setup`](crate::Game::from_setup),
    /// as for [`Twins::twin`](crate::testing::Twins::twin), the seat is
    /// taken to know only what the position shows.
    pub(super) fn steal_unseen(&self, thief: Player, victim: Player) -> bool {
        let players = self.players();
        let [scored] = self.finished.as_slice() else {
            return false;
        };
        let current = self.current.index();
        let clockwise = |p: Player| {
            if p.index() >= current {
                p.index() - current
            } else {
                p.index() + players - current
            }
        };
        if clockwise(victim) <= clockwise(thief) {
            return false;
        }
        let mix = self.config.mischief.total();
        let left = mix.saturating_sub(2 * players);
        let turns = (DICE_PER_PLAYER * players).saturating_add(self.config.move_limit);
        if turns.saturating_add(players) >= (2 * left).saturating_add(1) {
            return false;
        }
        if mix <= HAND_LIMIT * players {
            return false;
        }
        let on_cards: usize = self
            .booths
            .iter()
            .flatten()
            .map(|booth| booth.dice().count())
            .sum();
        let spaces = self.config.mini_games.get(*scored).player_spaces;
        on_cards.saturating_add(spaces) < DICE_PER_PLAYER * players
    }
}

/// Pools `player`'s hand with the draw pile, shuffles, and deals them back
/// in the same sizes.
fn redraw_hand(setup: &mut Setup, player: Player, rng: &mut (impl Rng + ?Sized)) {
    let Some(hand) = setup.hands.get_mut(player.index()) else {
        return;
    };
    let mut hidden: ArrayVec<Mischief, MISCHIEF_CARDS> = ArrayVec::new();
    for card in hand.iter().chain(&setup.mischief_deck) {
        let _ = hidden.try_push(*card);
    }
    crate::rng::shuffle(rng, &mut hidden);
    let mut cards = hidden.into_iter();
    for slot in hand.iter_mut().chain(setup.mischief_deck.iter_mut()) {
        if let Some(card) = cards.next() {
            *slot = card;
        }
    }
}
