//! Fairy's actions as numbers and a seat's information as a tensor.

use super::cards::{Card, DECK_SIZE};
use super::config::{Config, Variant};
use super::guess::Guess;
use super::state::{Stage, State};
use crate::learning::{Encoder, Learning, TensorError};
use crate::{Game, Sample, Seat};

/// Scale of scores and counts in the tensor.
const SCALE: f32 = 16.0;

/// Fairy's numbers for learning.
///
/// **Actions**: the four guesses in [`Guess::ALL`] order, 0 to 3 (higher,
/// lower, same suit, catch), for every config.
///
/// **Tensor** for `P` players (`D` = 21 cards), in this order:
///
/// | entries | field |
/// |---|---|
/// | `P` | the seat, one-hot (all 0 for a spectator) |
/// | 2 | the variant, one-hot: standard, fifteen points |
/// | `D` | the top card, one-hot by number |
/// | `D` + 1 | its suit: one-hot (suits past the 21st: none), then the suit's number / 16 |
/// | 1 | whether the top card shows a fairy |
/// | 3 | cards left in the deck, fairies seen, fairies in the deck, each / 16 |
/// | `P` | scores in seat order, / 16 |
/// | `P` | who has guessed this turn |
/// | 4 | the seat's own guess this turn, one-hot (all 0 if none) |
/// | 3 + 2`P` | the stage: one-hot main, play-off, over; then the play-off's players; then the winners |
/// | `D` | memory: each card covered in the pile that the seat saw: 0 if not, `(k + 1) / 21` if it was the `k`-th covered |
impl Learning for State {
    fn action_space(_config: &Config) -> usize {
        Guess::ALL.len()
    }

    fn action_index(_config: &Config, action: &Guess) -> Option<usize> {
        Some(action.index())
    }

    fn action_at(_config: &Config, index: usize) -> Option<Guess> {
        Guess::ALL.get(index).copied()
    }

    fn tensor_len(config: &Config) -> usize {
        let p = usize::from(config.players);
        p + 2 + DECK_SIZE + DECK_SIZE + 1 + 1 + 3 + p + p + 4 + 3 + 2 * p + DECK_SIZE
    }

    fn write_tensor_from(
        config: &Config,
        seat: Seat,
        view: &<State as Game>::View,
        memory: &<State as Sample>::Memory,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        let p = usize::from(config.players);
        if view.scores.len() != p {
            return Err(TensorError::Config(
                "the view has another number of players",
            ));
        }
        let mut e = Encoder::checked(out, Self::tensor_len(config))?;
        e.seat(seat, p);
        e.one_hot(
            Some(match view.variant {
                Variant::Standard => 0,
                Variant::FifteenPoints => 1,
            }),
            2,
        );
        e.one_hot(Some(view.top_card.index()), DECK_SIZE);
        e.one_hot(Some(usize::from(view.top_suit.0)), DECK_SIZE);
        e.number(i64::from(view.top_suit.0), SCALE);
        e.flag(view.top_fairy);
        for count in [view.cards_left, view.fairies_seen, view.fairies_total] {
            e.number(count as i64, SCALE);
        }
        for &score in &view.scores {
            e.number(i64::from(score), SCALE);
        }
        e.players(view.guessed, p);
        e.one_hot(view.own_guess.map(Guess::index), 4);
        let (stage, play_off, winners) = match view.stage {
            Stage::Main => (0, Default::default(), Default::default()),
            Stage::PlayOff(set) => (1, set, Default::default()),
            Stage::Over(set) => (2, Default::default(), set),
        };
        e.one_hot(Some(stage), 3);
        e.players(play_off, p);
        e.players(winners, p);
        e.ordered(memory.covered.iter().map(|c: &Card| c.index()), DECK_SIZE);
        e.finish()
    }
}
