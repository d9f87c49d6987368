//! The outcome oracle: a finished game's winners and scores, worked out a
//! second time from the rulebook's scoring section, must be the engine's.

use alloc::format;
use alloc::string::String;

use crate::{Game, Outcome, Player, PlayerSet};

/// An end-of-game scorer written from a game's rulebook alone: what the
/// outcome oracle compares with [`Game::outcome`].
///
/// Each game implements it from the scoring and end-of-game sections of its
/// rulebook (and the rulings on what they leave open), reading only what the
/// finished position shows through the public API (its `Setup`, its config
/// with any custom card data), never the engine's own scoring or winner
/// functions. So a scoring rule or a tie-break that the engine gets wrong is
/// caught by comparing the two, without a second engine. The scorers take
/// the engine's word that the game is over, except where the rulebook's
/// scoring says it cannot be (Fairy: a tie below the top of the track with
/// cards left, which the tied leaders play off): when a game ends is not
/// checked otherwise.
pub trait RulebookOutcome: Game {
    /// The winners and scores the rulebook gives this position, when the
    /// game is over by the rulebook (`None` while it is not).
    fn rulebook_outcome(&self) -> Option<Outcome>;
}

/// [`RulebookOutcome::rulebook_outcome`] as a plain function, so that
/// harness types can hold it without a `RulebookOutcome` bound on the game.
pub type OutcomeFn<G> = fn(&G) -> Option<Outcome>;

/// The [`OutcomeFn`] of a game that implements [`RulebookOutcome`].
pub fn outcome_fn<G: RulebookOutcome>() -> OutcomeFn<G> {
    |state| state.rulebook_outcome()
}

/// Compares the engine's outcome of a finished `state` with the rulebook's
/// (see [`RulebookOutcome`]); `Ok` while the game is not over.
///
/// The message names the broken promise: the winners, or the scores, differ
/// from the rulebook's scoring.
///
/// ```
/// use fairy_ring::{Game, fairy, testing};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(3);
/// let mut state = fairy::State::new(&fairy::Config::new(3)?, &mut rng)?;
/// while let Some(player) = state.to_act().lowest() {
///     let action = state.legal_actions(player)[0];
///     state.apply(player, action, &mut rng)?;
/// }
/// testing::check_outcome(&state)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_outcome<G: RulebookOutcome>(state: &G) -> Result<(), String> {
    compare(state, outcome_fn::<G>())
}

/// [`check_outcome`] with the scorer given as a function.
pub(super) fn compare<G: Game>(state: &G, rulebook: OutcomeFn<G>) -> Result<(), String> {
    let Some(engine) = state.outcome() else {
        return Ok(());
    };
    let Some(rules) = rulebook(state) else {
        return Err(format!(
            "the game is over ({engine}) but by the rulebook's scoring it is not over yet"
        ));
    };
    if engine.winners() != rules.winners() {
        return Err(format!(
            "the winners differ from the rulebook's scoring: engine says {engine}, \
             rulebook scoring says {rules}"
        ));
    }
    if engine.scores() != rules.scores() {
        return Err(format!(
            "the scores differ from the rulebook's scoring: engine says {engine}, \
             rulebook scoring says {rules}"
        ));
    }
    Ok(())
}

/// The highest of `values`, one per seat, and every seat that holds it (the
/// rulebooks' "most points wins", ties shared); `None` for no seats. The
/// scorers' own reading, so that none of them needs the engine's.
pub(crate) fn highest<T: Ord + Copy>(values: &[T]) -> Option<(T, PlayerSet)> {
    let best = values.iter().copied().max()?;
    let seats = values
        .iter()
        .zip(0u8..)
        .filter(|&(&value, _)| value == best)
        .map(|(_, seat)| Player(seat))
        .collect();
    Some((best, seats))
}
