//! The twin generator for the leak oracle ([`crate::testing::Twins`]).

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::Action;
use super::config::{BoxSound, Rules};
use super::items::{Item, Items, MAX_ITEMS};
use super::setup::{Setup, SetupError};
use super::state::{Phase, State};
use crate::testing::Twins;
use crate::{Game, Player, Seat};

/// The twin generator for the leak oracle: what it redraws and keeps.
///
/// Fairy Prank has no chance; its only secret is how the round's items are
/// split between the box and the Fairy's hiding place, and only the Fairy
/// knows it (the ruling "Prank: what everyone sees"). So a twin is the same
/// position with that split redrawn, uniformly among the splits the seat
/// cannot rule out, and is the position itself for the Fairy and whenever
/// nothing is hidden.
///
/// Redrawn, for everyone but the Fairy (a spectator sees what a guesser sees):
///
/// - **Hiding phase** (3 to 6 players): the split of the selected items into
///   the box and the removed ones. The others have their eyes closed while
///   the Fairy takes out one or more items, so any split with at least
///   one item in the box may be the one so far, however many were removed;
///   not even the count is told (the ruling "Prank: the hiding is a sequence
///   of single removals").
/// - **Guessing phase** (3 to 6 players): which face-up tokens are in the
///   box. Kept: the face-down tokens, right ones in the box and wrong ones
///   removed (the Fairy answers every guess aloud); with
///   [`BoxSound::ItemCount`] the number of items in the box (the ruling
///   "Prank: listening to the box"); and that the phase goes on, so at least
///   one face-up token is in the box and one is removed.
/// - **2 players**, Selection and Guessing: which items the Fairy put in the
///   box in secret, among every item of the set; their number is known (one
///   `PutInSecret` each, and the rules fix it), and so are the right
///   guesses.
///
/// Kept for every seat: the config, round, starting player, phase (and so the
/// Fairy), the sheets, the tokens in play (items put in the box in the open
/// Selection phase, which is entirely public), the face-down tokens, and the
/// whole position once the game is over (the box is opened).
impl Twins for State {
    /// What each move reveals to whom: a twin of this position and of
    /// `player`'s `action` in it that `seat` cannot tell from them, before
    /// the move nor by what the move shows it.
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
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Action), SetupError> {
        self.reveal_twin(seat, player, action, rng)
    }

    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<State, SetupError> {
        let mut setup: Setup = self.to_setup();
        let seat = seat.at_table(self.players());
        if self
            .fairy()
            .is_some_and(|fairy| seat == Seat::Player(fairy))
        {
            return State::from_setup(setup);
        }
        match self.phase {
            Phase::Hiding { .. } => {
                let selected = self.in_box.union(self.removed);
                let in_box = nonempty_subset(rng, selected);
                setup.in_box = in_box;
                setup.removed = selected.difference(in_box);
            }
            Phase::Guessing { .. } => {
                (setup.in_box, setup.removed) = self.guessing_split(self.right, self.wrong, rng);
            }
            Phase::Selection if self.rules() == Rules::TwoPlayer => {
                (setup.in_box, setup.removed) = self.guessing_split(self.right, self.wrong, rng);
            }
            // The open Selection phase and the end of the game hide nothing.
            Phase::Selection | Phase::Over { .. } => {}
        }
        State::from_setup(setup)
    }
}

impl State {
    /// The box and the removed items redrawn for a seat that is not the
    /// Fairy, once the tokens `right` and `wrong` are face down (the ones of
    /// the position, or those and the token a guess turns over): the right
    /// ones stay in the box and the wrong ones out, and the face-up tokens
    /// are split anew, keeping what the seat knows of the split.
    ///
    /// - **3 to 6 players**, Guessing: the face-up tokens in play go in the
    ///   box or out; with [`BoxSound::ItemCount`] as many in the box as now,
    ///   and silent at least one each way (the phase goes on).
    /// - **2 players**, Selection and Guessing: every item of the set may be
    ///   in the box but those named wrongly (none while the game goes on);
    ///   their number is known (one `PutInSecret` each, and the rules fix
    ///   it).
    pub(super) fn guessing_split(
        &self,
        right: Items,
        wrong: Items,
        rng: &mut (impl Rng + ?Sized),
    ) -> (Items, Items) {
        let face_up_in_box = self.in_box.difference(right).len();
        if self.rules() == Rules::TwoPlayer {
            let unknown = self.config.treasures.all().difference(right.union(wrong));
            return (
                right.union(some(rng, unknown, face_up_in_box)),
                self.removed,
            );
        }
        let selected = self.in_box.union(self.removed);
        let unknown = selected.difference(right.union(wrong));
        let in_box = match self.config.box_sound {
            BoxSound::ItemCount => some(rng, unknown, face_up_in_box),
            BoxSound::Silent => proper_subset(rng, unknown),
        };
        let in_box = right.union(in_box);
        (in_box, selected.difference(in_box))
    }
}

/// `count` items of `items`, every choice equally likely.
pub(super) fn some(rng: &mut (impl Rng + ?Sized), items: Items, count: usize) -> Items {
    let mut list: ArrayVec<Item, MAX_ITEMS> = items.iter().collect();
    crate::rng::shuffle(rng, &mut list);
    list.into_iter().take(count).collect()
}

/// The items of `items` picked by the bits of `mask`, in item order.
fn picked(items: Items, mask: u32) -> Items {
    items
        .iter()
        .enumerate()
        .filter(|&(bit, _)| mask & (1 << bit) != 0)
        .map(|(_, item)| item)
        .collect()
}

/// A subset of `items` with at least one item, every one equally likely.
pub(super) fn nonempty_subset(rng: &mut (impl Rng + ?Sized), items: Items) -> Items {
    // At most 16 items: 2^16 - 1 non-empty subsets.
    let subsets = (1u32 << items.len()) - 1;
    picked(items, 1 + crate::rng::below(rng, subsets))
}

/// A subset of `items` neither empty nor all of them, every one equally
/// likely (`items` itself if it has fewer than two items, which a
/// consistent position never gives).
pub(super) fn proper_subset(rng: &mut (impl Rng + ?Sized), items: Items) -> Items {
    let subsets = (1u32 << items.len()).saturating_sub(2);
    if subsets == 0 {
        return items;
    }
    picked(items, 1 + crate::rng::below(rng, subsets))
}
