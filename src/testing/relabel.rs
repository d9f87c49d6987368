//! The relabelling oracle: the same game played with the seats renumbered
//! (rotated, or mirrored where the rules allow) must go the same way, with
//! every seat renumbered: the same moves listed, the same events, the same
//! players to act, the same winners and scores.
//!
//! It needs no second engine: a tie broken by seat number, a rule that reads
//! `player.index()` where it means "the player to the left", a redaction that
//! looks at a seat's number, all make the relabelled game differ from the
//! original one renumbered.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;

use rand_core::{Rng, SeedableRng};

use super::Failure;
use crate::{Events, Game, Outcome, Player, PlayerSet, Seat};

/// A renumbering of the seats of a table: a rotation, or a mirror followed by
/// a rotation. Seats are numbered clockwise from 0, so a rotation keeps who
/// sits to whose left, and a mirror (seat `i` to seat `n - 1 - i`) turns
/// every "to the left" into "to the right".
///
/// ```
/// use fairy_ring::Player;
/// use fairy_ring::testing::Relabelling;
///
/// let rotation = Relabelling::rotation(4, 1);
/// assert_eq!(rotation.player(Player(3)), Player(0));
/// let mirror = Relabelling::mirror(4, 0);
/// assert_eq!(mirror.player(Player(0)), Player(3));
/// assert!(mirror.reverses_directions());
/// assert_eq!(rotation.in_seat_order(&[10, 11, 12, 13]).collect::<Vec<_>>(), [13, 10, 11, 12]);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Relabelling {
    players: u8,
    steps: u8,
    turn: Turn,
}

/// Whether a relabelling keeps the seats' clockwise order or reverses it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Turn {
    /// Seat `i` to seat `i + steps`.
    Rotated,
    /// Seat `i` to seat `n - 1 - i + steps`.
    Mirrored,
}

/// Which renumberings of the seats keep a game the same game, by its rules.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub enum Symmetry {
    /// Only rotations: the rules speak of "the player to the left" (or
    /// clockwise order), and the game has no direction token a mirror could
    /// turn over.
    Rotations,
    /// Rotations and mirrors: either no rule depends on who sits where, or
    /// every direction the rules use is on a token or in a choice that a
    /// mirror turns over (Left for Right).
    RotationsAndMirrors,
}

impl Relabelling {
    /// Seat `i` becomes seat `i + steps` (modulo `players`).
    pub fn rotation(players: usize, steps: usize) -> Relabelling {
        let players = u8::try_from(players).unwrap_or(u8::MAX);
        Relabelling {
            players,
            steps: (steps % usize::from(players.max(1))) as u8,
            turn: Turn::Rotated,
        }
    }

    /// Seat `i` becomes seat `players - 1 - i + steps` (modulo `players`):
    /// the table seen in a mirror, then rotated.
    pub fn mirror(players: usize, steps: usize) -> Relabelling {
        Relabelling {
            turn: Turn::Mirrored,
            ..Relabelling::rotation(players, steps)
        }
    }

    /// Every relabelling but the identity that `symmetry` allows at a table
    /// of `players`: the rotations, then (when allowed) the mirrors.
    pub fn offered(players: usize, symmetry: Symmetry) -> Vec<Relabelling> {
        let mut all: Vec<Relabelling> = (1..players)
            .map(|steps| Relabelling::rotation(players, steps))
            .collect();
        if symmetry == Symmetry::RotationsAndMirrors {
            all.extend((0..players).map(|steps| Relabelling::mirror(players, steps)));
        }
        all
    }

    /// The number of seats.
    pub fn players(self) -> usize {
        usize::from(self.players)
    }

    /// Whether this is a mirror, which turns "to the left" into "to the
    /// right": a game with directions swaps them.
    pub fn reverses_directions(self) -> bool {
        self.turn == Turn::Mirrored
    }

    /// The new number of seat `index` (an index past the table is kept).
    pub fn index(self, index: usize) -> usize {
        let n = self.players();
        if index >= n {
            return index;
        }
        let from = match self.turn {
            Turn::Rotated => index,
            Turn::Mirrored => n - 1 - index,
        };
        (from + usize::from(self.steps)) % n
    }

    /// The relabelling that undoes this one.
    pub fn inverse(self) -> Relabelling {
        match self.turn {
            Turn::Rotated => {
                Relabelling::rotation(self.players(), self.players() - usize::from(self.steps))
            }
            // A mirror then a rotation is its own inverse.
            Turn::Mirrored => self,
        }
    }

    /// The new seat of `player` (a player not at the table is kept).
    pub fn player(self, player: Player) -> Player {
        Player(u8::try_from(self.index(player.index())).unwrap_or(player.0))
    }

    /// The new seats of `players`.
    pub fn set(self, players: PlayerSet) -> PlayerSet {
        players.iter().map(|p| self.player(p)).collect()
    }

    /// The new seat of `seat`; the spectator stays the spectator.
    pub fn seat(self, seat: Seat) -> Seat {
        match seat {
            Seat::Player(p) => Seat::Player(self.player(p)),
            Seat::Spectator => Seat::Spectator,
        }
    }

    /// `items`, one per seat in seat order, put in the new seat order: the
    /// item of seat `i` comes out at position `self.index(i)`. Items past
    /// the table (or a list of another length) keep their places.
    pub fn in_seat_order<T: Clone>(self, items: &[T]) -> impl Iterator<Item = T> {
        let back = self.inverse();
        let whole = items.len() == self.players();
        (0..items.len()).filter_map(move |new| {
            let old = if whole { back.index(new) } else { new };
            items.get(old).cloned()
        })
    }

    /// Relabels an outcome: winners and scores move with their seats.
    pub fn outcome(self, outcome: &Outcome) -> Outcome {
        Outcome::new(
            self.set(outcome.winners()),
            self.in_seat_order(outcome.scores()),
        )
    }
}

impl fmt::Display for Relabelling {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.turn {
            Turn::Rotated => write!(
                f,
                "the seats of {} players rotated by {} (player 1 is now {})",
                self.players,
                self.steps,
                self.player(Player(0))
            ),
            Turn::Mirrored => write!(
                f,
                "the seats of {} players mirrored, left for right, then rotated by {} \
                 (player 1 is now {})",
                self.players,
                self.steps,
                self.player(Player(0))
            ),
        }
    }
}

/// A position, an action and an event with the seats renumbered: what the
/// relabelling oracle needs from a game.
///
/// Each game implements it from its rulebook: which renumberings keep the
/// game the same game ([`Relabel::SYMMETRY`]: a game whose rules say "to
/// the left" with no direction token to turn over allows only rotations),
/// and every place a seat number or a direction appears in its `Setup`,
/// actions and events.
pub trait Relabel: Game {
    /// The renumberings under which the rules are the same.
    const SYMMETRY: Symmetry;

    /// `setup` with every seat renumbered (and, for a mirror, every
    /// direction turned over). The oracle rebuilds it with
    /// [`Game::from_setup`], so a relabelled position the validator refuses
    /// is reported.
    fn relabel_setup(setup: &Self::Setup, seats: Relabelling) -> Self::Setup;

    /// `action` with its seats (and directions) renumbered.
    fn relabel_action(action: Self::Action, seats: Relabelling) -> Self::Action;

    /// `event` with its seats (and directions) renumbered.
    fn relabel_event(event: &Self::Event, seats: Relabelling) -> Self::Event;

    /// The events of one move in the relabelled game: each relabelled, in
    /// the order the relabelled game reports them. By default the same
    /// order; a game that reports simultaneous things (everyone's score of a
    /// turn) in seat order puts those runs in the new seat order, and only
    /// those.
    fn relabel_events(events: &[Self::Event], seats: Relabelling) -> Events<Self::Event> {
        let mut out = Events::new();
        for event in events {
            crate::game::push_event(&mut out, Self::relabel_event(event, seats));
        }
        out
    }

    /// This position with the seats renumbered, through its `Setup`.
    fn relabelled(&self, seats: Relabelling) -> Result<Self, Self::SetupError> {
        Self::from_setup(Self::relabel_setup(&self.to_setup(), seats))
    }
}

/// Sorts, in place, every run of consecutive events for which `seat_of`
/// names a seat, by that seat (stable): for a game's
/// [`Relabel::relabel_events`], where it reports simultaneous things one per
/// seat in seat order.
pub fn seat_ordered_runs<E>(events: &mut [E], seat_of: impl Fn(&E) -> Option<Player>) {
    let mut start = 0;
    while start < events.len() {
        let run = events.get(start..).map_or(0, |rest| {
            rest.iter().take_while(|e| seat_of(e).is_some()).count()
        });
        if let Some(slice) = events.get_mut(start..start + run) {
            slice.sort_by_key(|e| seat_of(e));
        }
        start += run.max(1);
    }
}

/// [`Relabel::relabel_events`] as a plain function.
pub type RelabelEventsFn<G> = fn(&[<G as Game>::Event], Relabelling) -> Events<<G as Game>::Event>;

/// The game's relabelling as plain functions, so that harness types can hold
/// it without a `Relabel` bound on the game.
#[derive(Debug)]
pub struct Relabeller<G: Game> {
    /// [`Relabel::SYMMETRY`].
    pub symmetry: Symmetry,
    /// [`Relabel::relabelled`].
    pub state: fn(&G, Relabelling) -> Result<G, G::SetupError>,
    /// [`Relabel::relabel_action`].
    pub action: fn(G::Action, Relabelling) -> G::Action,
    /// [`Relabel::relabel_events`].
    pub events: RelabelEventsFn<G>,
}

impl<G: Game> Clone for Relabeller<G> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<G: Game> Copy for Relabeller<G> {}

/// The [`Relabeller`] of a game that implements [`Relabel`].
pub fn relabeller<G: Relabel>() -> Relabeller<G> {
    Relabeller {
        symmetry: G::SYMMETRY,
        state: |state, seats| state.relabelled(seats),
        action: G::relabel_action,
        events: G::relabel_events,
    }
}

/// What a passing relabelling check played.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct RelabelReport {
    /// The renumbering used.
    pub seats: Relabelling,
    /// Moves played on both games.
    pub moves: u32,
    /// Both games ended (and their outcomes were compared).
    pub finished: bool,
}

/// Checks that `state` played on with its seats renumbered goes the same
/// way, for up to `moves` random moves.
///
/// `seed` picks the renumbering among those the game's rules allow
/// ([`Relabel::SYMMETRY`]: every rotation, and the mirrors where the rules
/// allow them) and seeds the RNG. The relabelled position is built through
/// the game's `Setup` (a position the validator refuses is reported). Then
/// random listed moves are played on the original, and the same moves,
/// relabelled, on the relabelled copy, with the same RNG; at every move:
///
/// - the relabelled player's listed actions are the original's, relabelled;
/// - the events are the original's, relabelled, and so are the events as
///   each seat (and the spectator) is shown them;
/// - `to_act()` and the outcome (winners and scores) are the relabelled ones;
/// - the relabelled copy is the original position relabelled.
///
/// A game with one seat has nothing to relabel: `Ok` with no moves.
///
/// ```
/// use fairy_ring::{Game, fairy, testing};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let state = fairy::State::new(&fairy::Config::new(4)?, &mut ChaCha8Rng::seed_from_u64(1))?;
/// let report = testing::check_relabel::<_, ChaCha8Rng>(&state, 7, 500)?;
/// assert!(report.finished);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_relabel<G: Relabel, R: Rng + SeedableRng + Clone>(
    state: &G,
    seed: u64,
    moves: u32,
) -> Result<RelabelReport, Failure> {
    let mut rng = R::seed_from_u64(seed);
    relabel_seeded(state, relabeller::<G>(), &mut rng, moves).map_err(|message| Failure {
        game: 0,
        step: 0,
        message,
    })
}

/// [`check_relabel`] with the renumbering given.
pub fn check_relabelling<G: Relabel, R: Rng + SeedableRng + Clone>(
    state: &G,
    seats: Relabelling,
    seed: u64,
    moves: u32,
) -> Result<RelabelReport, Failure> {
    let mut rng = R::seed_from_u64(seed);
    relabel_walk(state, seats, relabeller::<G>(), &mut rng, moves).map_err(|message| Failure {
        game: 0,
        step: 0,
        message,
    })
}

/// The renumbering drawn from `rng` among those the game offers, then the
/// walk.
pub(super) fn relabel_seeded<G: Game, R: Rng + Clone>(
    state: &G,
    relabel: Relabeller<G>,
    rng: &mut R,
    moves: u32,
) -> Result<RelabelReport, String> {
    let offered = Relabelling::offered(state.num_players(), relabel.symmetry);
    let Some(&seats) = crate::rng::choose(rng, &offered) else {
        return Ok(RelabelReport {
            seats: Relabelling::rotation(state.num_players(), 0),
            moves: 0,
            finished: state.is_over(),
        });
    };
    relabel_walk(state, seats, relabel, rng, moves)
}

/// The oracle behind [`check_relabel`], for any relabeller and RNG.
pub(super) fn relabel_walk<G: Game, R: Rng + Clone>(
    state: &G,
    seats: Relabelling,
    relabel: Relabeller<G>,
    rng: &mut R,
    moves: u32,
) -> Result<RelabelReport, String> {
    let mut a = state.clone();
    let mut b = (relabel.state)(state, seats)
        .map_err(|e| format!("relabelling ({seats}): the relabelled position is refused: {e}"))?;
    let mut report = RelabelReport {
        seats,
        moves: 0,
        finished: false,
    };
    same_after(&a, &b, seats, relabel, "at the start")?;
    let mut players: Vec<Player> = Vec::new();
    while report.moves < moves {
        players.clear();
        players.extend(a.to_act().iter());
        let Some(&player) = crate::rng::choose(rng, &players) else {
            break;
        };
        let legal = a.legal_actions(player);
        let Some(&action) = crate::rng::choose(rng, &legal) else {
            return Err(format!("{player} is to act but has no legal action"));
        };
        let other = seats.player(player);
        let other_legal = b.legal_actions(other);
        let missing = legal
            .iter()
            .map(|&action| (action, (relabel.action)(action, seats)))
            .find(|(_, mapped)| !other_legal.contains(mapped));
        if let Some((action, mapped)) = missing {
            return Err(format!(
                "relabelling ({seats}) changes the game: {player} may play {action:?}, but \
                 {other} is not offered {mapped:?} in the relabelled game"
            ));
        }
        if other_legal.len() != legal.len() {
            return Err(format!(
                "relabelling ({seats}) changes the game: {player} has {} listed actions, \
                 {other} has {} in the relabelled game",
                legal.len(),
                other_legal.len()
            ));
        }
        let mapped = (relabel.action)(action, seats);
        let mut rng_b = rng.clone();
        let events = match a.apply(player, action, rng) {
            Ok(events) => events,
            Err(e) => return Err(format!("listed action {action:?} of {player} refused: {e}")),
        };
        let other_events = match b.apply(other, mapped, &mut rng_b) {
            Ok(events) => events,
            Err(e) => {
                return Err(format!(
                    "relabelling ({seats}) changes the game: {other}'s listed {mapped:?} is \
                     refused in the relabelled game: {e}"
                ));
            }
        };
        report.moves += 1;
        let when = format!(
            "after {player} plays {action:?} (move {} of the walk; {other} plays {mapped:?} \
             in the relabelled game)",
            report.moves
        );
        let expected = (relabel.events)(&events, seats);
        if expected != other_events {
            return Err(format!(
                "relabelling ({seats}) changes the game: the events {when} are not the \
                 original's relabelled: expected {expected:?}, the relabelled game says \
                 {other_events:?}"
            ));
        }
        let seats_shown = (0..a.num_players())
            .filter_map(|p| u8::try_from(p).ok())
            .map(|p| Seat::Player(Player(p)))
            .chain([Seat::Spectator]);
        for seat in seats_shown {
            let shown = (relabel.events)(&G::redact_all(&events, seat), seats);
            let other_seat = seats.seat(seat);
            let other_shown = G::redact_all(&other_events, other_seat);
            if shown != other_shown {
                return Err(format!(
                    "relabelling ({seats}) changes what a seat is shown: the events {when} \
                     as {seat:?} sees them, relabelled, are {shown:?}, but {other_seat:?} \
                     is shown {other_shown:?} in the relabelled game"
                ));
            }
        }
        same_after(&a, &b, seats, relabel, &when)?;
    }
    report.finished = a.is_over();
    Ok(report)
}

/// `b` is `a` relabelled: `to_act()`, the outcome and the whole position.
fn same_after<G: Game>(
    a: &G,
    b: &G,
    seats: Relabelling,
    relabel: Relabeller<G>,
    when: &str,
) -> Result<(), String> {
    let to_act = seats.set(a.to_act());
    if b.to_act() != to_act {
        return Err(format!(
            "relabelling ({seats}) changes the game: {when}, the players to act should be \
             {to_act:?} (the original's {:?} relabelled), but are {:?}",
            a.to_act(),
            b.to_act()
        ));
    }
    let outcome = a.outcome().map(|outcome| seats.outcome(&outcome));
    let other = b.outcome();
    if other != outcome {
        let say = |o: &Option<Outcome>| match o {
            Some(o) => format!("{o}"),
            None => String::from("not over"),
        };
        return Err(format!(
            "relabelling ({seats}) changes the outcome: {when}, the original relabelled is \
             \"{}\", but the relabelled game says \"{}\" (winners or scores that depend on \
             seat numbers: a tie broken by seat?)",
            say(&outcome),
            say(&other)
        ));
    }
    match (relabel.state)(a, seats) {
        Ok(expected) if expected == *b => Ok(()),
        Ok(expected) => Err(format!(
            "relabelling ({seats}) changes the game: {when}, the relabelled game is not the \
             original position relabelled:\n{expected:?}\n{b:?}"
        )),
        Err(e) => Err(format!(
            "relabelling ({seats}): {when}, the original position relabelled is refused: {e}"
        )),
    }
}
