//! Fairy Prank's actions as numbers and a seat's information as a tensor.

use super::action::Action;
use super::config::{Config, Rules};
use super::items::{Item, Items};
use super::state::{Phase, State};
use crate::learning::{Encoder, Learning, TensorError};
use crate::{Game, Sample, Seat};

/// Scale of counts in the tensor.
const SCALE: f32 = 16.0;

/// Writes a set of items: one entry per item of the table's `n`.
fn items(e: &mut Encoder<'_>, set: Items, n: usize) {
    e.set(set.iter().map(Item::index), n);
}

/// Fairy Prank's numbers for learning.
///
/// **Actions** for a table of `n` items (10 in the printed game): 0 to
/// `n - 1` select item `i`; `n` ends the Selection phase; `n + 1 + i`
/// removes item `i`; `2n + 1` is "done hiding"; `2n + 2 + i` guesses item
/// `i`. The space has `3n + 2` indices.
///
/// **Tensor** for `P` players and `n` items, in this order (a seat
/// remembers nothing its view does not show, so the memory adds nothing):
///
/// | entries | field |
/// |---|---|
/// | `P` | the seat, one-hot (all 0 for a spectator) |
/// | 3 | the rules, one-hot: standard, beginner, two-player |
/// | 1 | the round / 16 |
/// | `P` | the starting player, one-hot |
/// | 4 + 2`P` | the phase, one-hot: selection, hiding, guessing, over; then the Fairy (hiding or guessing), one-hot; then the winners |
/// | `P` | who is to act, one-hot |
/// | `n` | the tokens in play |
/// | `n` | the tokens turned face down after a right guess |
/// | `n` | the tokens turned face down after a wrong guess |
/// | 1 + `n` | whether the seat knows what is in the box, then its content |
/// | 1 + `n` | whether the seat knows what the Fairy removed, then those items |
/// | 2 | whether the seat knows how many items are in the box, then that count / 16 |
/// | `P` × `n` | each player's score sheet in seat order, the marks on each item / 16 |
///
/// The items' names are the config's, the same for every seat of a table,
/// and not in the tensor.
impl Learning for State {
    fn action_space(config: &Config) -> usize {
        3 * config.treasures.len() + 2
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let n = config.treasures.len();
        let item = |item: Item| (item.index() < n).then_some(item.index());
        match *action {
            Action::Select(i) => item(i),
            Action::EndSelection => Some(n),
            Action::Remove(i) => item(i).map(|i| n + 1 + i),
            Action::DoneHiding => Some(2 * n + 1),
            Action::Guess(i) => item(i).map(|i| 2 * n + 2 + i),
        }
    }

    fn action_at(config: &Config, index: usize) -> Option<Action> {
        let n = config.treasures.len();
        let item = |i: usize| config.treasures.item(i);
        match index {
            i if i < n => item(i).map(Action::Select),
            i if i == n => Some(Action::EndSelection),
            i if i <= 2 * n => item(i - n - 1).map(Action::Remove),
            i if i == 2 * n + 1 => Some(Action::DoneHiding),
            i if i < 3 * n + 2 => item(i - 2 * n - 2).map(Action::Guess),
            _ => None,
        }
    }

    fn tensor_len(config: &Config) -> usize {
        let p = usize::from(config.players);
        let n = config.treasures.len();
        p + 3 + 1 + p + 4 + 2 * p + p + 3 * n + 2 * (1 + n) + 2 + p * n
    }

    fn write_tensor_from(
        config: &Config,
        seat: Seat,
        view: &<State as Game>::View,
        _memory: &<State as Sample>::Memory,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        let p = usize::from(config.players);
        let n = config.treasures.len();
        if view.sheets.len() != p {
            return Err(TensorError::Config(
                "the view has another number of players",
            ));
        }
        let mut e = Encoder::checked(out, Self::tensor_len(config))?;
        e.seat(seat, p);
        e.one_hot(
            Some(match view.rules {
                Rules::Standard => 0,
                Rules::Beginner => 1,
                Rules::TwoPlayer => 2,
            }),
            3,
        );
        e.number(i64::from(view.round), SCALE);
        e.player(Some(view.starting_player), p);
        let (phase, fairy, winners) = match view.phase {
            Phase::Selection => (0, None, Default::default()),
            Phase::Hiding { fairy } => (1, Some(fairy), Default::default()),
            Phase::Guessing { fairy } => (2, Some(fairy), Default::default()),
            Phase::Over { winners } => (3, None, winners),
        };
        e.one_hot(Some(phase), 4);
        e.player(fairy, p);
        e.players(winners, p);
        e.player(view.to_act, p);
        items(&mut e, view.tokens, n);
        items(&mut e, view.guessed_right, n);
        items(&mut e, view.guessed_wrong, n);
        for known in [view.in_box, view.removed] {
            e.flag(known.is_some());
            items(&mut e, known.unwrap_or_default(), n);
        }
        e.flag(view.box_count.is_some());
        e.number(view.box_count.unwrap_or(0) as i64, SCALE);
        for sheet in &view.sheets {
            for &marks in sheet.marks.iter().take(n) {
                e.number(i64::from(marks), SCALE);
            }
        }
        e.finish()
    }
}
