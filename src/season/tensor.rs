//! Fairy Season's actions as numbers and a seat's information as a tensor.

use super::action::Action;
use super::cards::{Card, DECK_SIZE};
use super::config::{Config, Direction};
use super::memory::Memory;
use super::state::{Phase, State};
use crate::learning::{Encoder, Learning, TensorError};
use crate::{Game, Player, PlayerSet, Sample, Seat};

/// Scale of counts and scores in the tensor.
const SCALE: f32 = 16.0;

/// Kinds of phase, in the tensor's order.
const PHASES: usize = 10;

/// Actions numbered before the ones that name a player.
const BEFORE_PLAYERS: usize = 2 * DECK_SIZE + 4;

fn card_at(index: usize) -> Option<Card> {
    u8::try_from(index).ok().and_then(Card::new)
}

fn card(card: Card) -> usize {
    usize::from(card.id())
}

fn direction(direction: Direction) -> usize {
    match direction {
        Direction::Left => 0,
        Direction::Right => 1,
    }
}

/// Fairy Season's numbers for learning.
///
/// **Actions** for `P` players (`D` = 90 cards, numbered by
/// [`Card::id`]): `c` plays card `c`; `D` flunks; `D + 1` passes the Royal
/// window; `D + 2 + c` stashes card `c`; `2D + 2` takes the Matching Bonus
/// as a draw; `2D + 3` skips it; then `P` indices each to rob from, steal
/// from and swap with seat `s` (from `2D + 4`, `2D + 4 + P`,
/// `2D + 4 + 2P`); then passing left and right; then `D` indices to give
/// card `c`. The space has `3D + 3P + 6` indices.
///
/// **Tensor** for `P` players, in this order:
///
/// | entries | field |
/// |---|---|
/// | `P` | the seat, one-hot (all 0 for a spectator) |
/// | `D` | the seat's hand, one entry per card |
/// | `D` | the cards it chose to pass, by card: `(k + 1) / 90` for the `k`-th chosen |
/// | `P` | how many cards each player has chosen to pass, / 16 |
/// | `P` | hand sizes, / 16 |
/// | 1 | cards in the deck, / 16 |
/// | `D` | the Swarm, by card: `(k + 1) / 90` for the `k`-th from the bottom |
/// | `P` × `D` | each Stash in seat order, as the Swarm |
/// | `P` | the last player to play onto the Swarm, one-hot |
/// | `P` | points in each Stash, / 16 |
/// | 10 | the phase, one-hot: turn, stashing, bonus, robbing, stealing, swapping, aiming, passing, Royal window, over |
/// | `P` | the phase's player (who plays, stashes, earned the bonus, played the Goblin) |
/// | 1 | the phase's count (cards left to stash, to steal, to pass), / 16 |
/// | 1 | whether the Matching Bonus follows the stashing |
/// | 2 | the passing direction, one-hot: left, right |
/// | 3`P` | the Royal window's flunker and the player asked, one-hot each; the winners |
/// | `D` | memory: whether the seat remembers where each card is |
/// | `D` × `P` | memory: for each card, the players one of whom holds it |
/// | 32 × (`P` + 1 + `D`) | memory: each limit in order (the players, at most how many / 16, the cards); unused ones all 0 |
///
/// The card data of the table is the config's and is not in the tensor.
/// The order in which the memory first remembered its cards tells nothing
/// about where they are, and is not in the tensor either.
impl Learning for State {
    fn action_space(config: &Config) -> usize {
        BEFORE_PLAYERS + 3 * usize::from(config.players) + 2 + DECK_SIZE
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let p = usize::from(config.players);
        let seat = |player: Player| (player.index() < p).then_some(player.index());
        let d = DECK_SIZE;
        match *action {
            Action::Play(c) => Some(card(c)),
            Action::Flunk => Some(d),
            Action::Pass => Some(d + 1),
            Action::Stash(c) => Some(d + 2 + card(c)),
            Action::BonusDraw => Some(2 * d + 2),
            Action::SkipBonus => Some(2 * d + 3),
            Action::RobFrom(s) => seat(s).map(|s| BEFORE_PLAYERS + s),
            Action::StealFrom(s) => seat(s).map(|s| BEFORE_PLAYERS + p + s),
            Action::SwapWith(s) => seat(s).map(|s| BEFORE_PLAYERS + 2 * p + s),
            Action::PassTo(way) => Some(BEFORE_PLAYERS + 3 * p + direction(way)),
            Action::Give(c) => Some(BEFORE_PLAYERS + 3 * p + 2 + card(c)),
        }
    }

    fn action_at(config: &Config, index: usize) -> Option<Action> {
        let p = usize::from(config.players);
        let d = DECK_SIZE;
        let seat = |i: usize| Player(i as u8);
        let players = BEFORE_PLAYERS;
        Some(match index {
            i if i < d => Action::Play(card_at(i)?),
            i if i == d => Action::Flunk,
            i if i == d + 1 => Action::Pass,
            i if i < 2 * d + 2 => Action::Stash(card_at(i - d - 2)?),
            i if i == 2 * d + 2 => Action::BonusDraw,
            i if i == 2 * d + 3 => Action::SkipBonus,
            i if i < players + p => Action::RobFrom(seat(i - players)),
            i if i < players + 2 * p => Action::StealFrom(seat(i - players - p)),
            i if i < players + 3 * p => Action::SwapWith(seat(i - players - 2 * p)),
            i if i == players + 3 * p => Action::PassTo(Direction::Left),
            i if i == players + 3 * p + 1 => Action::PassTo(Direction::Right),
            i if i < players + 3 * p + 2 + d => Action::Give(card_at(i - players - 3 * p - 2)?),
            _ => return None,
        })
    }

    fn tensor_len(config: &Config) -> usize {
        let p = usize::from(config.players);
        let d = DECK_SIZE;
        p + d
            + d
            + p
            + p
            + 1
            + d
            + p * d
            + p
            + p
            + PHASES
            + p
            + 1
            + 1
            + 2
            + 3 * p
            + d
            + d * p
            + Memory::LIMITS * (p + 1 + d)
    }

    fn write_tensor_from(
        config: &Config,
        seat: Seat,
        view: &<State as Game>::View,
        memory: &<State as Sample>::Memory,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        let p = usize::from(config.players);
        let d = DECK_SIZE;
        if view.hand_sizes.len() != p || view.stashes.len() != p || view.scores.len() != p {
            return Err(TensorError::Config(
                "the view has another number of players",
            ));
        }
        let mut e = Encoder::checked(out, Self::tensor_len(config))?;
        e.seat(seat, p);
        e.set(view.hand.iter().map(|&c| card(c)), d);
        e.ordered(view.chosen.iter().map(|&c| card(c)), d);
        for seat in 0..p {
            e.number(
                view.chosen_counts.get(seat).map_or(0, |&n| i64::from(n)),
                SCALE,
            );
        }
        for &size in &view.hand_sizes {
            e.number(size as i64, SCALE);
        }
        e.number(view.deck_size as i64, SCALE);
        e.ordered(view.swarm.iter().map(|&c| card(c)), d);
        for stash in &view.stashes {
            e.ordered(stash.iter().map(|&c| card(c)), d);
        }
        e.player(view.last_played, p);
        for &score in &view.scores {
            e.number(i64::from(score), SCALE);
        }
        write_phase(&mut e, view.phase, p);
        e.set(memory.cards().iter().map(|w| card(w.card)), d);
        let mut holders = [PlayerSet::EMPTY; DECK_SIZE];
        for w in memory.cards() {
            if let Some(slot) = holders.get_mut(card(w.card)) {
                *slot = w.holders;
            }
        }
        for set in holders {
            e.players(set, p);
        }
        for slot in 0..Memory::LIMITS {
            match memory.limits().get(slot) {
                Some(limit) => {
                    e.players(limit.players, p);
                    e.number(i64::from(limit.at_most), SCALE);
                    e.set(limit.cards().map(card), d);
                }
                None => {
                    e.players(PlayerSet::EMPTY, p);
                    e.number(0, SCALE);
                    e.set([], d);
                }
            }
        }
        e.finish()
    }
}

/// The phase: its kind, then its fields in shared places.
fn write_phase(e: &mut Encoder<'_>, phase: Phase, p: usize) {
    let mut player = None;
    let mut count = 0;
    let mut bonus = false;
    let mut way = None;
    let mut flunker = None;
    let mut asked = None;
    let mut winners = PlayerSet::EMPTY;
    let kind = match phase {
        Phase::Turn { player: who } => {
            player = Some(who);
            0
        }
        Phase::Stashing {
            player: who,
            left,
            bonus: then,
        } => {
            player = Some(who);
            count = left;
            bonus = then;
            1
        }
        Phase::Bonus { player: who } => {
            player = Some(who);
            2
        }
        Phase::Robbing { player: who } => {
            player = Some(who);
            3
        }
        Phase::Stealing {
            player: who,
            count: n,
        } => {
            player = Some(who);
            count = n;
            4
        }
        Phase::Swapping { player: who } => {
            player = Some(who);
            5
        }
        Phase::Aiming {
            player: who,
            count: n,
        } => {
            player = Some(who);
            count = n;
            6
        }
        Phase::Passing {
            player: who,
            direction: d,
            count: n,
        } => {
            player = Some(who);
            count = n;
            way = Some(direction(d));
            7
        }
        Phase::RoyalWindow {
            flunker: f,
            asked: a,
        } => {
            flunker = Some(f);
            asked = Some(a);
            8
        }
        Phase::Over { winners: w } => {
            winners = w;
            9
        }
    };
    e.one_hot(Some(kind), PHASES);
    e.player(player, p);
    e.number(i64::from(count), SCALE);
    e.flag(bonus);
    e.one_hot(way, 2);
    e.player(flunker, p);
    e.player(asked, p);
    e.players(winners, p);
}
