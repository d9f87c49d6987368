//! The position oracle: a position that `from_setup` accepts must keep every
//! promise the rulebook makes of the positions play can reach, checked a
//! second time from the rulebook alone.

use alloc::format;
use alloc::string::String;

use crate::Game;

/// The invariants of every position reachable under a game's rules, written
/// from its rulebook alone: what the position oracle compares with the
/// engine's validator ([`Game::from_setup`]).
///
/// Each game implements it from the components, setup and play sections of
/// its rulebook (and the rulings on what they leave open), reading only a
/// `Setup` (with the config and any custom card data it carries),
/// never the engine's own validator or rules: every card, item or die
/// exactly once across its places, counts and limits (hand limits, scores on
/// the track, dice per player), who may have acted or be committed in the
/// current phase, winners only once the game is over. A check the validator
/// lost (a planted bug, a refactor that drops a line) then lets through a
/// position that this one refuses.
pub trait RulebookPosition: Game {
    /// `Ok` when the rules can reach the position `setup` describes;
    /// otherwise the first rule it breaks, in plain words. It takes a
    /// `Setup`, not a state, so that it also judges positions the engine
    /// refuses (a test can then check that the two agree).
    ///
    /// Where a position does not record something the rules depend on (a
    /// play-off's leaders who fell below the trigger score, what a seat
    /// saw before), the check accepts every value play could have left: it
    /// may check less, never refuse a reachable position.
    fn rulebook_position(setup: &Self::Setup) -> Result<(), String>;
}

/// [`RulebookPosition::rulebook_position`] as a plain function, so that
/// harness types can hold it without a `RulebookPosition` bound on the game.
pub type PositionFn<G> = fn(&<G as Game>::Setup) -> Result<(), String>;

/// The [`PositionFn`] of a game that implements [`RulebookPosition`].
pub fn position_fn<G: RulebookPosition>() -> PositionFn<G> {
    |setup| G::rulebook_position(setup)
}

/// Checks a position that `from_setup` accepted (or that listed moves
/// reached) against the rulebook's invariants (see [`RulebookPosition`]),
/// and that a game not over awaits a decision someone can make.
///
/// The message names the broken promise.
///
/// ```
/// use fairy_ring::{Game, fairy, testing};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(3);
/// let mut state = fairy::State::new(&fairy::Config::new(3)?, &mut rng)?;
/// while let Some(player) = state.to_act().lowest() {
///     testing::check_position(&state)?;
///     let action = state.legal_actions(player)[0];
///     state.apply(player, action, &mut rng)?;
/// }
/// testing::check_position(&state)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_position<G: RulebookPosition>(state: &G) -> Result<(), String> {
    judge(state, position_fn::<G>())
}

/// [`check_position`] with the rulebook's invariants given as a function.
pub(super) fn judge<G: Game>(state: &G, rulebook: PositionFn<G>) -> Result<(), String> {
    rulebook(&state.to_setup())?;
    if state.outcome().is_none() {
        let to_act = state.to_act();
        if to_act.is_empty() {
            return Err(String::from(
                "the game is not over but nobody is to act: the position awaits a decision \
                 nobody can make",
            ));
        }
        if let Some(player) = to_act.iter().find(|&p| state.legal_actions(p).is_empty()) {
            return Err(format!("{player} is to act but has no legal action"));
        }
    }
    Ok(())
}
