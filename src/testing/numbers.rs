//! The numbers for learning under test: action indices and tensors, checked
//! on every position of the conformance games and compared between twins.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use crate::learning::Learning;
use crate::{Game, InfoState, Player, Seat};

/// One seat's information kept up to date move by move, and its tensor: the
/// harness's handle on a game's [`Learning`] without a bound on the game.
pub trait Tracker<G: Game> {
    /// Takes in one `apply`: the events as redacted for the seat and its
    /// view after it.
    fn observe(&mut self, events: &[G::Event], view: G::View);

    /// The seat's tensor now, into `out` (resized to the tensor's length),
    /// or what is wrong with it: an error, or a number that is not finite.
    fn tensor(&self, out: &mut Vec<f32>) -> Result<(), String>;
}

/// Starts a [`Tracker`] for a seat with its view at the start, in a game
/// played with the config.
pub type TrackerFn<G> = fn(&<G as Game>::Config, Seat, <G as Game>::View) -> Box<dyn Tracker<G>>;

/// Checks the action numbers of one position: every legal action of every
/// player to act has an index in the space that reads back to it.
pub type ActionsFn<G> = fn(&<G as Game>::Config, &G) -> Result<(), String>;

/// What the harness needs to check a game's numbers for learning.
#[derive(Clone, Copy, Debug)]
pub struct Numbers<G: Game> {
    /// Starts the information of a seat.
    pub tracker: TrackerFn<G>,
    /// Checks the action numbers of a position.
    pub actions: ActionsFn<G>,
}

/// The [`Numbers`] of a game that implements [`Learning`].
pub fn numbers<G: Learning + 'static>() -> Numbers<G> {
    Numbers {
        tracker: |config, seat, view| {
            Box::new(Tracked::<G> {
                config: config.clone(),
                info: InfoState::new(seat, view),
            })
        },
        actions: check_actions::<G>,
    }
}

struct Tracked<G: Learning> {
    config: G::Config,
    info: InfoState<G>,
}

impl<G: Learning> Tracker<G> for Tracked<G> {
    fn observe(&mut self, events: &[G::Event], view: G::View) {
        self.info.observe(events, view);
    }

    fn tensor(&self, out: &mut Vec<f32>) -> Result<(), String> {
        let len = G::tensor_len(&self.config);
        out.clear();
        out.resize(len, f32::NAN);
        G::write_tensor(&self.config, &self.info, out)
            .map_err(|e| format!("the tensor of {:?} was refused: {e}", self.info.seat))?;
        if let Some(i) = out.iter().position(|x| !x.is_finite()) {
            return Err(format!(
                "entry {i} of the tensor of {:?} is not a finite number",
                self.info.seat
            ));
        }
        Ok(())
    }
}

/// Every legal action of every player to act has an index below the space,
/// reads back from it, and no two share one; the mask marks exactly them.
pub fn check_actions<G: Learning>(config: &G::Config, state: &G) -> Result<(), String> {
    let space = G::action_space(config);
    for player in state.to_act() {
        let legal = state.legal_actions(player);
        let mut seen: Vec<usize> = Vec::new();
        for action in &legal {
            let Some(index) = G::action_index(config, action) else {
                return Err(format!("legal action {action:?} of {player} has no index"));
            };
            if index >= space {
                return Err(format!(
                    "legal action {action:?} has index {index}, past the space of {space}"
                ));
            }
            if G::action_at(config, index).as_ref() != Some(action) {
                return Err(format!(
                    "index {index} of {action:?} reads back as {:?}",
                    G::action_at(config, index)
                ));
            }
            if seen.contains(&index) {
                return Err(format!("two legal actions of {player} share index {index}"));
            }
            seen.push(index);
        }
        let mut mask = alloc::vec![false; space];
        G::legal_mask(config, &legal, &mut mask);
        if mask.iter().filter(|&&on| on).count() != legal.len() {
            return Err(format!(
                "the legal mask of {player} does not mark its actions"
            ));
        }
    }
    Ok(())
}

/// Every index of the space either is no action or reads back to itself,
/// and the space ends where it says.
pub fn check_action_space<G: Learning>(config: &G::Config) -> Result<(), String> {
    let space = G::action_space(config);
    for index in 0..space + 8 {
        match G::action_at(config, index) {
            Some(action) if index >= space => {
                return Err(format!("index {index} past the space reads as {action:?}"));
            }
            Some(action) if G::action_index(config, &action) != Some(index) => {
                return Err(format!(
                    "index {index} reads as {action:?}, whose index is {:?}",
                    G::action_index(config, &action)
                ));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The trackers of every seat and the spectator at a table of `players`.
pub(super) fn track_all<G: Game>(
    numbers: &Numbers<G>,
    config: &G::Config,
    state: &G,
) -> Vec<(Seat, Box<dyn Tracker<G>>)> {
    (0..state.num_players())
        .map(|p| Seat::Player(Player(p as u8)))
        .chain([Seat::Spectator])
        .map(|seat| (seat, (numbers.tracker)(config, seat, state.view_for(seat))))
        .collect()
}
