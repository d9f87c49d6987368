//! What each move of Fairy Prank reveals to whom: the game's statement for
//! the event oracle ([`Twins::twin_move`](crate::testing::Twins::twin_move)).

use rand_core::Rng;

use super::action::Action;
use super::config::{BoxSound, Rules};
use super::setup::SetupError;
use super::state::{Phase, State};
use super::twin::{nonempty_subset, proper_subset, some};
use crate::testing::Twins;
use crate::{Game, Player, Seat};

impl State {
    /// A twin of this position and of `player`'s `action` in it that `seat`
    /// cannot tell from them, before the move nor by what the move shows it.
    ///
    /// The only secret of Fairy Prank is how the round's items are split
    /// between the box and the Fairy's hiding place (see [`Twins::twin`]);
    /// the Fairy knows it all along, so for the Fairy the twin is the
    /// position and the move themselves. For everyone else (players and
    /// spectators alike), per action kind:
    ///
    /// - **`Select` in the open** (3 to 6 players) and **`EndSelection`**:
    ///   seen whole by everyone; the position hides nothing either. Kept.
    /// - **`Select` in 2 players** (`PutInSecret`): the others learn that an
    ///   item went in, not which one, and whether the box is now full (it
    ///   is when it holds the round's number of items). The twin's box is
    ///   redrawn as [`Twins::twin`] does (as many items, any of the set), and
    ///   its move puts in any item not in that box.
    /// - **`Remove`** (`Removed`, shown to the Fairy only): the others, eyes
    ///   closed, learn nothing, not even that an item was taken out; the
    ///   Hiding phase goes on. The twin removes some item of the round's
    ///   selection, and after it any non-empty part of the selection may be
    ///   left in the box.
    /// - **`DoneHiding`** (`HidingDone`): everyone learns that the box is
    ///   closed and, with [`BoxSound::ItemCount`], how many items are in it.
    ///   The twin's split is redrawn with at least one item each way, and as
    ///   many in the box with `ItemCount`.
    /// - **`Guess`** (`Guessed`, `Marked`): everyone learns the item and
    ///   whether it is in the box. The twin keeps that item where it is and
    ///   redraws the split of the tokens still face up as [`Twins::twin`]
    ///   does with this token face down (so the phase goes on in the twin
    ///   too). A guess that ends the round (`GuessingEnded`) or the game
    ///   (`GameOver`, also a wrong guess in 2 players) opens the box for
    ///   everyone: the twin is the position itself.
    pub(super) fn reveal_twin(
        &self,
        seat: Seat,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Action), SetupError> {
        let seat = seat.at_table(self.players());
        let fairy = self
            .fairy()
            .is_some_and(|fairy| seat == Seat::Player(fairy));
        let mut setup = self.to_setup();
        if fairy {
            return Ok((State::from_setup(setup)?, action));
        }
        match (self.phase, action) {
            (Phase::Selection, Action::Select(_)) if self.rules() == Rules::TwoPlayer => {
                let twin = self.twin(seat, rng)?;
                let legal = twin.legal_actions(player);
                let put = crate::rng::choose(rng, &legal).copied().unwrap_or(action);
                Ok((twin, put))
            }
            (Phase::Hiding { .. }, Action::Remove(_)) => {
                let selected = self.in_box.union(self.removed);
                let taken = some(rng, selected, 1);
                let rest = selected.difference(taken);
                let left = nonempty_subset(rng, rest);
                setup.in_box = left.union(taken);
                setup.removed = rest.difference(left);
                let twin_action = taken.iter().next().map_or(action, Action::Remove);
                Ok((State::from_setup(setup)?, twin_action))
            }
            (Phase::Hiding { .. }, Action::DoneHiding) => {
                let selected = self.in_box.union(self.removed);
                setup.in_box = match self.config.box_sound {
                    BoxSound::ItemCount => some(rng, selected, self.in_box.len()),
                    BoxSound::Silent => proper_subset(rng, selected),
                };
                setup.removed = selected.difference(setup.in_box);
                Ok((State::from_setup(setup)?, action))
            }
            (Phase::Guessing { .. }, Action::Guess(item)) => {
                let mut after = *self;
                let opens_the_box = match after.apply(player, action, rng) {
                    Ok(_) => after.round != self.round || after.outcome().is_some(),
                    // Not a listed action: the oracle reports the refusal.
                    Err(_) => true,
                };
                if !opens_the_box {
                    let (mut right, mut wrong) = (self.right, self.wrong);
                    if self.in_box.contains(item) {
                        right.insert(item);
                    } else {
                        wrong.insert(item);
                    }
                    let (in_box, removed) = self.guessing_split(right, wrong, rng);
                    setup.in_box = in_box;
                    setup.removed = removed;
                }
                Ok((State::from_setup(setup)?, action))
            }
            // Everything else is seen whole, in a position that hides
            // nothing from the seat.
            _ => Ok((self.twin(seat, rng)?, action)),
        }
    }
}
