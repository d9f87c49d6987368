//! The leak oracle: a state and its twin, which one seat cannot tell apart,
//! must look the same to that seat now and for as long as the seat learns
//! nothing that tells them apart.

use alloc::boxed::Box;
use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};

use super::numbers::{Tracker, TrackerFn};
use super::reveals::{Statements, reveal_check};
use super::{Failure, Twins};
use crate::{Game, Player, Seat};

/// [`Twins::twin`] as a plain function, so that harness types can hold it
/// without a `Twins` bound on the game.
pub type TwinFn<G> = fn(&G, Seat, &mut dyn Rng) -> Result<G, <G as Game>::SetupError>;

/// The [`TwinFn`] of a game that implements [`Twins`].
pub fn twin_fn<G: Twins>() -> TwinFn<G> {
    |state, seat, rng| state.twin(seat, rng)
}

/// What a passing leak check compared.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct LeakReport {
    /// The twin was a different position (when it is equal, nothing was
    /// hidden from the seat, or the generator kept everything).
    pub twin_differs: bool,
    /// Moves played on both twins while the seat could not tell them apart.
    pub steps: u32,
}

/// Checks that `seat` cannot tell `state` from a twin drawn from `seed`, now
/// and for up to `steps` moves played on both.
///
/// The twin ([`Twins::twin`]) differs from `state` only in what the seat
/// cannot know. The seat must get the same view, `to_act()`, outcome, legal
/// actions, and the same answer (accepted, or refused for the same reason)
/// to each of its own actions and to each action listed for anyone. Then random
/// legal moves (drawn from `seed`) are played on both with the same RNG, and
/// the seat's views are compared after every move, for as long as the events
/// the seat is shown agree: a leak can show only in a later view. The walk
/// stops early, without failing, when the events shown to the seat differ
/// (it now learns what tells the twins apart) or when a move of another
/// player is refused in the twin (its hidden options differ). Every move
/// walked is also checked by the event oracle ([`check_reveals`](super::check_reveals)):
/// the events it shows the seat must be only what the rules let it learn.
///
/// ```
/// use fairy_ring::{Game, Player, Seat, fairy, testing};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let state = fairy::State::new(&fairy::Config::new(3)?, &mut ChaCha8Rng::seed_from_u64(1))?;
/// let report = testing::check_leaks::<_, ChaCha8Rng>(&state, Seat::Player(Player(0)), 7, 20)?;
/// assert!(report.twin_differs);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_leaks<G: Twins, R: Rng + SeedableRng + Clone>(
    state: &G,
    seat: Seat,
    seed: u64,
    steps: u32,
) -> Result<LeakReport, Failure> {
    let mut rng = R::seed_from_u64(seed);
    let twins = (twin_fn::<G>(), Statements::of());
    leak_walk(state, seat, twins, &mut rng, steps, None).map_err(|message| Failure {
        game: 0,
        step: 0,
        message,
    })
}

/// The oracle behind [`check_leaks`], for any twin function and RNG.
pub(super) fn leak_walk<G: Game, R: Rng + Clone>(
    state: &G,
    seat: Seat,
    (twin, statements): (TwinFn<G>, Statements<G>),
    rng: &mut R,
    steps: u32,
    tensors: Option<(TrackerFn<G>, &G::Config)>,
) -> Result<LeakReport, String> {
    let b = match twin(state, seat, rng) {
        Ok(b) => b,
        Err(e) => {
            return Err(format!("the twin for {seat} is not a valid position: {e}"));
        }
    };
    walk_twins(state, b, seat, rng, steps, tensors, statements)
}

/// Checks that `seat` cannot tell `state` from `twin`, a position given by
/// the caller, now and for up to `steps` moves played on both (drawn from
/// `seed`), as [`check_leaks`] does with a twin of the game's own: the views
/// and answers must agree, and every move walked is checked by the event
/// oracle.
///
/// A position drawn from the seat's information ([`InfoState::sample`](crate::InfoState::sample))
/// makes a twin that varies what a hand-written [`Twins::twin`] must keep
/// because a position does not record what a seat has learned; the moves
/// the game says show the seat nothing ([`Twins::shows_nothing`]) must then
/// show it the same events in both.
///
/// ```
/// use fairy_ring::{Game, InfoState, Player, Seat, fairy, testing};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let config = fairy::Config::new(3)?;
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// let state = fairy::State::new(&config, &mut rng)?;
/// let seat = Seat::Player(Player(0));
/// let info = InfoState::<fairy::State>::new(seat, state.view_for(seat));
/// let sample = info.sample(&config, &mut rng)?;
/// testing::check_leaks_against::<_, ChaCha8Rng>(&state, sample, seat, 7, 20)?;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_leaks_against<G: Twins, R: Rng + SeedableRng + Clone>(
    state: &G,
    twin: G,
    seat: Seat,
    seed: u64,
    steps: u32,
) -> Result<LeakReport, Failure> {
    let mut rng = R::seed_from_u64(seed);
    walk_twins(state, twin, seat, &mut rng, steps, None, Statements::of()).map_err(|message| {
        Failure {
            game: 0,
            step: 0,
            message,
        }
    })
}

/// Compares `state` and `b`, which `seat` must not tell apart, now and for up
/// to `steps` random moves played on both (see [`check_leaks`]). With
/// `tensors`, the seat's information is also kept on both sides from the
/// views and the events it is shown, and its tensors must be the same at
/// every step. With the game's `statements`, every move walked is also
/// checked by the event oracle ([`check_reveals`](super::check_reveals)) for
/// the seat, and a move that the game says shows the seat nothing must show
/// it the same events on both sides.
pub(super) fn walk_twins<G: Game, R: Rng + Clone>(
    state: &G,
    mut b: G,
    seat: Seat,
    rng: &mut R,
    steps: u32,
    tensors: Option<(TrackerFn<G>, &G::Config)>,
    statements: Statements<G>,
) -> Result<LeakReport, String> {
    let mut trackers: Option<TwinTrackers<G>> = tensors.map(|(start, config)| {
        (
            start(config, seat, state.view_for(seat)),
            start(config, seat, b.view_for(seat)),
        )
    });
    same_tensors(trackers.as_ref())
        .map_err(|m| format!("{seat} tells a position from its twin: {m}"))?;
    let mut a = state.clone();
    let mut report = LeakReport {
        twin_differs: a != b,
        steps: 0,
    };
    same_to(&a, &b, seat, rng)
        .map_err(|m| format!("{seat} tells a position from its twin: {m}"))?;
    let mut players: Vec<Player> = Vec::new();
    while report.steps < steps {
        players.clear();
        players.extend(a.to_act().iter());
        let Some(&player) = crate::rng::choose(rng, &players) else {
            break;
        };
        let legal = a.legal_actions(player);
        let Some(&action) = crate::rng::choose(rng, &legal) else {
            return Err(format!("{player} is to act but has no legal action"));
        };
        if let Some(twin_move) = statements.twin_move {
            // On an RNG of its own, so that the walk goes on the same.
            let mut reveal_rng = rng.clone();
            let _ = reveal_rng.next_u64();
            reveal_check(&a, seat, player, action, twin_move, &mut reveal_rng)?;
        }
        let shows_nothing = statements
            .shows_nothing
            .is_some_and(|shows_nothing| shows_nothing(&a, seat, player, action));
        let mut rng_b = rng.clone();
        let shown_a = match a.apply(player, action, rng) {
            Ok(events) => G::redact_all(&events, seat),
            Err(e) => return Err(format!("listed action {action:?} of {player} refused: {e}")),
        };
        let shown_b = match b.apply(player, action, &mut rng_b) {
            Ok(events) => G::redact_all(&events, seat),
            Err(e) if seat == Seat::Player(player) || shows_nothing => {
                return Err(format!(
                    "listed action {action:?} of {player} is refused in a twin {seat} cannot \
                     tell from the position: {e}"
                ));
            }
            // Another player's hidden options differ: the walk ends here.
            Err(_) => break,
        };
        report.steps += 1;
        if shown_a != shown_b {
            if shows_nothing {
                return Err(format!(
                    "an event shows {seat} what the rules keep from it: {player} playing \
                     {action:?}, which shows it nothing hidden, shows it {shown_a:?}, but \
                     {shown_b:?} in a position it cannot tell from this one"
                ));
            }
            break;
        }
        if let Some((ta, tb)) = trackers.as_mut() {
            ta.observe(&shown_a, a.view_for(seat));
            tb.observe(&shown_b, b.view_for(seat));
        }
        same_tensors(trackers.as_ref()).map_err(|m| {
            format!(
                "{seat} tells a position from its twin {} moves after they were drawn: {m}",
                report.steps
            )
        })?;
        same_to(&a, &b, seat, rng).map_err(|m| {
            format!(
                "{seat} tells a position from its twin {} moves after they were drawn, \
                 the last {action:?} of {player}: {m}",
                report.steps
            )
        })?;
    }
    Ok(report)
}

/// The seat's information kept on a position and on its twin.
type TwinTrackers<G> = (Box<dyn Tracker<G>>, Box<dyn Tracker<G>>);

/// The seat's tensors on both sides are the same (when they are kept).
fn same_tensors<G: Game>(trackers: Option<&TwinTrackers<G>>) -> Result<(), String> {
    let Some((ta, tb)) = trackers else {
        return Ok(());
    };
    let (mut x, mut y) = (Vec::new(), Vec::new());
    ta.tensor(&mut x)?;
    tb.tensor(&mut y)?;
    match x
        .iter()
        .zip(&y)
        .position(|(u, v)| u.to_bits() != v.to_bits())
    {
        Some(i) => Err(format!(
            "its tensors differ at entry {i}: {} / {}",
            x[i], y[i]
        )),
        None if x.len() != y.len() => Err(String::from("its tensors differ in length")),
        None => Ok(()),
    }
}

/// Everything `seat` is told about `a` and `b` is the same.
fn same_to<G: Game, R: Rng + Clone>(a: &G, b: &G, seat: Seat, rng: &R) -> Result<(), String> {
    let view = a.view_for(seat);
    let twin_view = b.view_for(seat);
    if view != twin_view {
        return Err(format!("its views differ:\n{view:?}\n{twin_view:?}"));
    }
    if a.to_act() != b.to_act() {
        return Err(format!(
            "to_act differs: {:?} / {:?}",
            a.to_act(),
            b.to_act()
        ));
    }
    if a.outcome() != b.outcome() {
        return Err(String::from("the outcomes differ"));
    }
    let Seat::Player(me) = seat else {
        return Ok(());
    };
    if me.index() >= a.num_players() {
        return Ok(());
    }
    let mine = a.legal_actions(me);
    if b.legal_actions(me) != mine {
        return Err(format!("{me}'s legal actions differ"));
    }
    // The seat's answer to everything it could try: its own actions, and
    // every action listed for anyone (refused, with the same reason). What
    // an accepted action shows may differ (the seat may draw a card the
    // twin has elsewhere): the walk compares that, move by move.
    let mut tries: Vec<G::Action> = mine.iter().copied().collect();
    for other in a.to_act().iter().chain(b.to_act().iter()) {
        for source in [a, b] {
            for &action in source.legal_actions(other).iter() {
                if !tries.contains(&action) {
                    tries.push(action);
                }
            }
        }
    }
    for action in tries {
        let answer_a = a.clone().apply(me, action, &mut rng.clone()).map(|_| ());
        let answer_b = b.clone().apply(me, action, &mut rng.clone()).map(|_| ());
        if answer_a != answer_b {
            return Err(format!(
                "{me} trying {action:?} is told {answer_a:?} / {answer_b:?}"
            ));
        }
    }
    Ok(())
}
