//! Positions drawn from what one seat knows: [`Sample`] for [`State`].
//!
//! What a sample redraws, keeps and does not use is told on the impl, where
//! rustdoc shows it (on [`State`]'s page): in short, the split of the round's
//! items between the box and the Fairy's hiding place, uniformly among the
//! splits the seat's view allows; everything else is the view's; no model
//! of the players' choices weights it; the memory is empty ([`Memory`]).

use rand_core::Rng;

use super::config::{Config, Rules};
use super::items::Items;
use super::memory::Memory;
use super::setup::{Setup, SetupError};
use super::sheet::sheet_list;
use super::state::{Phase, State};
use super::view::View;
use crate::{Game, InfoState, Sample, SampleError, Seat};

/// Draws the split of the round's items that `view` hides, uniformly among
/// those it allows.
///
/// Returns `(in_box, removed)`.
fn hidden_split(
    config: &Config,
    view: &View,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(Items, Items), SampleError> {
    let (right, wrong) = (view.guessed_right, view.guessed_wrong);
    let unknown = view.tokens.difference(right.union(wrong));
    match (config.rules(), view.phase) {
        (Rules::TwoPlayer, Phase::Selection | Phase::Guessing { .. }) => {
            // The tokens are every item of the set (checked with the view).
            let count = view.box_count.ok_or(SampleError::Impossible(
                "in 2 players everyone knows how many items are in the box",
            ))?;
            let more = count
                .checked_sub(right.len())
                .filter(|&more| more <= unknown.len())
                .ok_or(SampleError::Impossible(
                    "the box count does not fit the guesses",
                ))?;
            Ok((right.union(some(rng, unknown, more)), Items::EMPTY))
        }
        (Rules::Standard | Rules::Beginner, Phase::Hiding { .. }) => {
            if unknown.is_empty() {
                return Err(SampleError::Impossible("a Hiding phase with no items"));
            }
            let in_box = nonempty_subset(rng, unknown);
            Ok((in_box, unknown.difference(in_box)))
        }
        (Rules::Standard | Rules::Beginner, Phase::Guessing { .. }) => {
            let face_up_in_box = match view.box_count {
                Some(count) => {
                    // At least one face-up token in the box and one out.
                    let more = count
                        .checked_sub(right.len())
                        .filter(|&more| more >= 1 && more < unknown.len())
                        .ok_or(SampleError::Impossible(
                            "the box count does not fit the guesses",
                        ))?;
                    some(rng, unknown, more)
                }
                None => {
                    if unknown.len() < 2 {
                        return Err(SampleError::Impossible(
                            "a Guessing phase that should have ended",
                        ));
                    }
                    proper_subset(rng, unknown)
                }
            };
            Ok((
                right.union(face_up_in_box),
                wrong.union(unknown.difference(face_up_in_box)),
            ))
        }
        _ => Err(SampleError::Impossible(
            "the view hides the box in a phase that hides nothing",
        )),
    }
}

/// `count` items of `items`, every choice equally likely (all of them if
/// `count` is larger): selection sampling, one bounded draw per item looked
/// at.
fn some(rng: &mut (impl Rng + ?Sized), items: Items, count: usize) -> Items {
    let mut chosen = Items::EMPTY;
    let mut needed = count;
    let mut left = items.len();
    for item in items.iter() {
        if needed == 0 {
            break;
        }
        // The item is taken with probability needed / left.
        if (crate::rng::below(rng, left as u32) as usize) < needed {
            chosen.insert(item);
            needed -= 1;
        }
        left -= 1;
    }
    chosen
}

/// The items of `items` picked by the bits of `mask`, in item order.
fn picked(items: Items, mask: u32) -> Items {
    items
        .iter()
        .enumerate()
        .filter(|&(bit, _)| (mask >> bit) & 1 == 1)
        .map(|(_, item)| item)
        .collect()
}

/// How many subsets `items` has (at most 2^16).
fn subsets(items: Items) -> u32 {
    1u32.checked_shl(items.len() as u32).unwrap_or(u32::MAX)
}

/// A subset of `items` with at least one item, every one equally likely.
fn nonempty_subset(rng: &mut (impl Rng + ?Sized), items: Items) -> Items {
    let choices = subsets(items).saturating_sub(1);
    picked(items, 1 + crate::rng::below(rng, choices))
}

/// A subset of `items` neither empty nor all of them, every one equally
/// likely (`items` has two or more).
fn proper_subset(rng: &mut (impl Rng + ?Sized), items: Items) -> Items {
    let choices = subsets(items).saturating_sub(2);
    picked(items, 1 + crate::rng::below(rng, choices))
}

/// Fairy Prank has one secret: how the round's items are split between the
/// box and the Fairy's hiding place (in 2 players: which items the Fairy put
/// in the box). Only the Fairy knows it, until the round ends and the box is
/// opened. Everything else in a position (the round, the starting player,
/// the phase and the Fairy, the tokens in play, the face-down tokens, the
/// sheets, the config) is in every seat's view. A seat's view is its whole
/// information ([`Memory`] is empty), so a sample is the view's position
/// with that split drawn again.
///
/// **Redrawn**, for everyone but the Fairy (a spectator is told what a
/// guesser is told), each consistent split equally likely:
///
/// - **Hiding phase** (3 to 6 players): which of the round's tokens are
///   still in the box and which the Fairy has taken out so far. The others
///   have their eyes closed and receive no event of a removal, so every
///   split with at least one item in the box is possible, from "nothing
///   removed yet" to "all but one removed". This is the only pending
///   secret choice of the game (one player acts at a time): the Fairy's
///   removals so far.
/// - **Guessing phase** (3 to 6 players): which face-up tokens are in the
///   box. Kept: a token guessed right is in the box, one guessed wrong was
///   removed; with [`BoxSound::ItemCount`](super::BoxSound::ItemCount) the
///   number of items in the box; and that the phase goes on, so at least one
///   face-up token is in the box and one was removed.
/// - **2 players**, Selection and Guessing phases: which items the Fairy put
///   in the box, among every item of the set not guessed; their number is
///   known, and so are the items guessed right (a wrong guess ends the game).
///
/// **Kept as the view shows it**: all of the position for the Fairy, and for
/// everyone in a Selection phase of 3 to 6 players (it is played in the open)
/// and once the game is over (the box is opened).
///
/// **Not used**: the order and timing of the other players' choices. The
/// Fairy may have reasons to remove some items rather than others, and a
/// guesser may guess what the box sounds like; a sample does not weight the
/// splits by any model of those choices, it counts every consistent split
/// once. Nothing of earlier rounds is used either: the box is emptied and
/// opened at the end of every round.
///
/// A sample takes a few bounded draws (one per token at most), allocates
/// nothing, and is checked against the view it was drawn from, so a view
/// that no position of the config gives (another item set or table, an
/// edited count, a token in two places) is a [`SampleError`].
///
/// The memory is empty ([`Memory`]), so `remember` does nothing and every
/// position agrees with it. The rulings "Prank: samples count every
/// consistent split once" and "Prank: information no position gives" in
/// `docs/RULINGS.md` record these decisions.
impl Sample for State {
    type Memory = Memory;

    fn remember(_: &mut Memory, _: Seat, _: &View, _: &[Self::Event], _: &View) {}

    fn sample(
        config: &Config,
        info: &InfoState<State>,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<State, SampleError> {
        // `from_setup` validates the config, once the split is drawn.
        let view = &info.view;
        let players = usize::from(config.players);
        let seat = info.seat.at_table(players);
        if view.seat != seat {
            return Err(SampleError::Config("the view belongs to another seat"));
        }
        if view.rules != config.rules() || view.sheets.len() != players {
            return Err(SampleError::Config(
                "the view is of another player count or variant",
            ));
        }
        if view.treasures != config.treasures {
            return Err(SampleError::Config("the view names another item set"));
        }
        let (in_box, removed) = match (view.in_box, view.removed) {
            (Some(in_box), Some(removed)) => (in_box, removed),
            (None, None) => hidden_split(config, view, rng)?,
            _ => {
                return Err(SampleError::Impossible(
                    "the view shows only one of the box and the removed items",
                ));
            }
        };
        let setup = Setup {
            config: *config,
            round: view.round,
            starting_player: view.starting_player,
            phase: view.phase,
            in_box,
            removed,
            guessed_right: view.guessed_right,
            guessed_wrong: view.guessed_wrong,
            sheets: sheet_list(&view.sheets),
        };
        let state = State::from_setup(setup).map_err(|e| match e {
            SetupError::Config(_) => SampleError::Config("the config cannot be played"),
            _ => SampleError::Impossible("the view is not a position of the game"),
        })?;
        if state.view_for(seat) != *view {
            return Err(SampleError::Impossible(
                "no position shows the seat this view",
            ));
        }
        Ok(state)
    }

    /// Always: the memory holds nothing.
    fn agrees(&self, _: Seat, _: &Memory) -> bool {
        true
    }
}
