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
    /// The twin of [`Twins::twin_move`], whose doc states what each move
    /// of this game reveals to whom.
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
