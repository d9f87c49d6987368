//! The event oracle: what a move shows a seat must be what the rules let it
//! learn from that move, and nothing more.

use alloc::format;
use alloc::string::String;

use rand_core::{Rng, SeedableRng};

use super::{Failure, Twins};
use crate::{Game, Player, Seat};

/// [`Twins::twin_move`] as a plain function, so that harness types can hold
/// it without a `Twins` bound on the game.
pub type TwinMoveFn<G> = fn(
    &G,
    Seat,
    Player,
    <G as Game>::Action,
    &mut dyn Rng,
) -> Result<(G, <G as Game>::Action), <G as Game>::SetupError>;

/// The [`TwinMoveFn`] of a game that implements [`Twins`].
pub fn twin_move_fn<G: Twins>() -> TwinMoveFn<G> {
    |state, seat, player, action, rng| state.twin_move(seat, player, action, rng)
}

/// [`Twins::shows_nothing`] as a plain function.
pub type ShowsNothingFn<G> = fn(&G, Seat, Player, <G as Game>::Action) -> bool;

/// The [`ShowsNothingFn`] of a game that implements [`Twins`].
pub fn shows_nothing_fn<G: Twins>() -> ShowsNothingFn<G> {
    |state, seat, player, action| state.shows_nothing(seat, player, action)
}

/// The game's statements of what moves reveal, for the leak oracle's walk.
#[derive(Clone, Copy)]
pub(super) struct Statements<G: Game> {
    /// What each move reveals, as a twin of the position and the move.
    pub(super) twin_move: Option<TwinMoveFn<G>>,
    /// The moves that show a seat nothing hidden.
    pub(super) shows_nothing: Option<ShowsNothingFn<G>>,
}

impl<G: Game> Statements<G> {
    /// No statement: the walk compares views only.
    pub(super) const NONE: Statements<G> = Statements {
        twin_move: None,
        shows_nothing: None,
    };
}

impl<G: Twins> Statements<G> {
    /// The game's own statements.
    pub(super) fn of() -> Statements<G> {
        Statements {
            twin_move: Some(twin_move_fn::<G>()),
            shows_nothing: Some(shows_nothing_fn::<G>()),
        }
    }
}

/// Checks that `player` playing `action` in `state` shows `seat` only what
/// the rules let it learn from that move.
///
/// The game's [`Twins::twin_move`] draws a position and a move that the seat
/// cannot tell from these, before the move nor by what the rules show it of
/// the move: it keeps what the move reveals (a card played face up, a card
/// the seat draws, the guesses turned over together) and redraws the rest
/// (another player's face-down choice, the card someone else draws). Both
/// moves are played with the same RNG, and the seat must be shown the same
/// events and the same view after them. An event that shows the seat
/// something the rules keep from it, even one every seat is shown, differs
/// between the two and is reported as such.
///
/// `action` must be one of `player`'s listed actions.
///
/// ```
/// use fairy_ring::{Game, Player, Seat, fairy, testing};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let state = fairy::State::new(&fairy::Config::new(3)?, &mut ChaCha8Rng::seed_from_u64(1))?;
/// let guess = state.legal_actions(Player(1))[0];
/// testing::check_reveals::<_, ChaCha8Rng>(&state, Seat::Player(Player(0)), Player(1), guess, 7)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_reveals<G: Twins, R: Rng + SeedableRng + Clone>(
    state: &G,
    seat: Seat,
    player: Player,
    action: G::Action,
    seed: u64,
) -> Result<(), Failure> {
    let mut rng = R::seed_from_u64(seed);
    reveal_check(state, seat, player, action, twin_move_fn::<G>(), &mut rng).map_err(|message| {
        Failure {
            game: 0,
            step: 0,
            message,
        }
    })
}

/// The oracle behind [`check_reveals`], for any twin function and RNG.
pub(super) fn reveal_check<G: Game, R: Rng + Clone>(
    state: &G,
    seat: Seat,
    player: Player,
    action: G::Action,
    twin_move: TwinMoveFn<G>,
    rng: &mut R,
) -> Result<(), String> {
    let (mut twin, twin_action) = twin_move(state, seat, player, action, rng).map_err(|e| {
        format!("the twin of {action:?} of {player} for {seat} is not a valid position: {e}")
    })?;
    let view = state.view_for(seat);
    if twin.view_for(seat) != view {
        return Err(format!(
            "{seat} tells a position from the twin of {action:?} of {player}: its views \
             differ before the move"
        ));
    }
    let mut a = state.clone();
    let mut rng_b = rng.clone();
    let shown = match a.apply(player, action, rng) {
        Ok(events) => G::redact_all(&events, seat),
        Err(e) => return Err(format!("listed action {action:?} of {player} refused: {e}")),
    };
    let twin_shown = match twin.apply(player, twin_action, &mut rng_b) {
        Ok(events) => G::redact_all(&events, seat),
        Err(e) => {
            return Err(format!(
                "the twin move {twin_action:?} of {player} (for {action:?}, seen by \
                 {seat}) is refused in its twin: {e}"
            ));
        }
    };
    if shown != twin_shown {
        return Err(format!(
            "an event shows {seat} what the rules keep from it: {player} playing \
             {action:?} shows it {shown:?}, but {twin_shown:?} in a position and move it \
             cannot tell from these by the rules"
        ));
    }
    let after = a.view_for(seat);
    let twin_after = twin.view_for(seat);
    if after != twin_after {
        return Err(format!(
            "{seat} tells the position after {player} plays {action:?} from one the \
             move's rules keep it from telling apart: its views differ:\n{after:?}\n{twin_after:?}"
        ));
    }
    Ok(())
}
