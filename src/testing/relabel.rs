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

    /// Every relabelling but the identity rotation that `symmetry` allows at
    /// a table of `players`: the rotations, then (when allowed) the mirrors.
    /// (At 2 players one mirror keeps every seat and only turns the
    /// directions over.)
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
    /// the table keep their places, and a list shorter than the table is
    /// left as it is.
    pub fn in_seat_order<T: Clone>(self, items: &[T]) -> impl Iterator<Item = T> {
        let back = self.inverse();
        let whole = items.len() >= self.players();
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

    /// The events of one move, each relabelled, in the order the oracle
    /// compares them. By default the same order; a game that reports
    /// simultaneous things (everyone's score of a turn) one per seat puts
    /// those runs in seat order, and only those. The oracle passes the
    /// relabelled game's own events through this too (with the identity
    /// relabelling), so both sides are compared in the same order.
    fn relabel_events(events: &[Self::Event], seats: Relabelling) -> Events<Self::Event> {
        let mut out = Events::new();
        for event in events {
            crate::game::push_event(&mut out, Self::relabel_event(event, seats));
        }
        out
    }

    /// Puts in one fixed order what the engine keeps in seat order where
    /// the rules leave the order open and nobody can see it: cards
    /// discarded face down at once onto one pile (Fickle's Dismiss pile).
    /// The relabelled game records those in its own seat order, so after
    /// each move the oracle compares the two positions through this; when
    /// they differ only there, the relabelled copy takes the original's
    /// order, relabelled, so that a later shuffle of that pile with the same
    /// RNG deals the same cards in both games. By default nothing is
    /// reordered.
    fn forget_seat_order(setup: &mut Self::Setup) {
        let _ = setup;
    }

    /// Whether `event` starts draws from the RNG whose order depends on seat
    /// numbers where the rules leave the order open: Fickle's `Reshuffled`
    /// (the Dismiss pile, stacked in seat order, is shuffled into the deck),
    /// the Fayre's `DiceReturned` (the dice of a scored Mini Game are rolled
    /// back into their owners' pools seat by seat). The same RNG then gives
    /// the relabelled game other cards or faces, as a table seated
    /// differently would get: the oracle compares that move's events before
    /// this one (when both games report one), and the relabelled copy goes
    /// on from the original position relabelled. By default no event is.
    fn draws_from_seat_order(event: &Self::Event) -> bool {
        let _ = event;
        false
    }

    /// This position with the seats renumbered, through its `Setup`.
    fn relabelled(&self, seats: Relabelling) -> Result<Self, Self::SetupError> {
        Self::from_setup(Self::relabel_setup(&self.to_setup(), seats))
    }

    /// This position through [`Relabel::forget_seat_order`].
    fn settled(&self) -> Result<Self, Self::SetupError> {
        let mut setup = self.to_setup();
        Self::forget_seat_order(&mut setup);
        Self::from_setup(setup)
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
    /// [`Relabel::settled`].
    pub settled: fn(&G) -> Result<G, G::SetupError>,
    /// [`Relabel::draws_from_seat_order`].
    pub draws_from_seat_order: fn(&G::Event) -> bool,
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
        settled: |state| state.settled(),
        draws_from_seat_order: G::draws_from_seat_order,
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
    /// Moves after which the relabelled copy took the original's order of
    /// what the rules leave unordered ([`Relabel::forget_seat_order`]).
    pub reordered: u32,
    /// Moves compared only up to a draw from a shuffle of such a pile
    /// ([`Relabel::draws_from_seat_order`]), after which the relabelled copy
    /// went on from the original position relabelled.
    pub redrawn: u32,
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
    relabel_seeded(state, relabeller::<G>(), &mut rng, moves, 1).map_err(|message| Failure {
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
    relabel_walk(state, seats, relabeller::<G>(), &mut rng, moves, 1).map_err(|message| Failure {
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
    positions_every: u32,
) -> Result<RelabelReport, String> {
    let offered = Relabelling::offered(state.num_players(), relabel.symmetry);
    let Some(&seats) = crate::rng::choose(rng, &offered) else {
        return Ok(RelabelReport {
            seats: Relabelling::rotation(state.num_players(), 0),
            moves: 0,
            finished: state.is_over(),
            reordered: 0,
            redrawn: 0,
        });
    };
    relabel_walk(state, seats, relabel, rng, moves, positions_every)
}

/// The oracle behind [`check_relabel`], for any relabeller and RNG. The
/// whole positions are compared every `positions_every` moves (1: every
/// move) and once the game is over; the rest at every move.
pub(super) fn relabel_walk<G: Game, R: Rng + Clone>(
    state: &G,
    seats: Relabelling,
    relabel: Relabeller<G>,
    rng: &mut R,
    moves: u32,
    positions_every: u32,
) -> Result<RelabelReport, String> {
    let mut a = state.clone();
    let mut b = (relabel.state)(state, seats)
        .map_err(|e| format!("relabelling ({seats}): the relabelled position is refused: {e}"))?;
    let mut report = RelabelReport {
        seats,
        moves: 0,
        finished: false,
        reordered: 0,
        redrawn: 0,
    };
    same_after(&a, &mut b, seats, relabel, true, || {
        String::from("at the start")
    })?;
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
        let step = report.moves;
        // Written only for a message.
        let when = || {
            format!(
                "after {player} plays {action:?} (move {step} of the walk; {other} plays \
                 {mapped:?} in the relabelled game)"
            )
        };
        // Up to a draw that depends on seat order, if any.
        let end = |list: &[G::Event]| list.iter().position(relabel.draws_from_seat_order);
        let cut = end(&events);
        let redrawn = cut.is_some();
        let (events, other_events) = match (cut, end(&other_events)) {
            (Some(i), Some(j)) => (
                events.get(..i).unwrap_or(&events).to_vec(),
                other_events.get(..j).unwrap_or(&other_events).to_vec(),
            ),
            _ => (events.to_vec(), other_events.to_vec()),
        };
        // Both sides through the game's relabelling, so that runs it puts
        // in seat order are in seat order on both.
        let same = Relabelling::rotation(b.num_players(), 0);
        let expected = (relabel.events)(&events, seats);
        let other_events = (relabel.events)(&other_events, same);
        if expected != other_events {
            return Err(format!(
                "relabelling ({seats}) changes the game: the events {} are not the \
                 original's relabelled: expected {expected:?}, the relabelled game says \
                 {other_events:?}",
                when()
            ));
        }
        let seats_shown = (0..a.num_players())
            .filter_map(|p| u8::try_from(p).ok())
            .map(|p| Seat::Player(Player(p)))
            .chain([Seat::Spectator]);
        for seat in seats_shown {
            let shown = (relabel.events)(&G::redact_all(&events, seat), seats);
            let other_seat = seats.seat(seat);
            let other_shown = (relabel.events)(&G::redact_all(&other_events, other_seat), same);
            if shown != other_shown {
                return Err(format!(
                    "relabelling ({seats}) changes what a seat is shown: the events {} \
                     as {seat:?} sees them, relabelled, are {shown:?}, but {other_seat:?} \
                     is shown {other_shown:?} in the relabelled game",
                    when()
                ));
            }
        }
        if redrawn {
            report.redrawn += 1;
            b = (relabel.state)(&a, seats).map_err(|e| {
                format!(
                    "relabelling ({seats}): {}, the original position relabelled is \
                     refused: {e}",
                    when()
                )
            })?;
        } else if same_after(
            &a,
            &mut b,
            seats,
            relabel,
            step.is_multiple_of(positions_every.max(1)) || a.is_over(),
            when,
        )? {
            report.reordered += 1;
        }
    }
    report.finished = a.is_over();
    Ok(report)
}

/// `b` is `a` relabelled: `to_act()`, the outcome and, when `whole`, the
/// whole position, up to the order of what the rules leave unordered.
/// Returns whether `b` then took `a`'s order of it.
fn same_after<G: Game>(
    a: &G,
    b: &mut G,
    seats: Relabelling,
    relabel: Relabeller<G>,
    whole: bool,
    when: impl Fn() -> String,
) -> Result<bool, String> {
    let to_act = seats.set(a.to_act());
    if b.to_act() != to_act {
        return Err(format!(
            "relabelling ({seats}) changes the game: {}, the players to act should be \
             {to_act:?} (the original's {:?} relabelled), but are {:?}",
            when(),
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
            "relabelling ({seats}) changes the outcome: {}, the original relabelled is \
             \"{}\", but the relabelled game says \"{}\" (winners or scores that depend on \
             seat numbers: a tie broken by seat?)",
            when(),
            say(&outcome),
            say(&other)
        ));
    }
    if !whole {
        return Ok(false);
    }
    let expected = (relabel.state)(a, seats).map_err(|e| {
        format!(
            "relabelling ({seats}): {}, the original position relabelled is refused: {e}",
            when()
        )
    })?;
    if expected == *b {
        return Ok(false);
    }
    let settled = |state: &G| {
        (relabel.settled)(state).map_err(|e| {
            format!(
                "relabelling ({seats}): {}, a position put in a fixed order is refused: {e}",
                when()
            )
        })
    };
    let (x, y) = (settled(&expected)?, settled(b)?);
    if x == y {
        *b = expected;
        return Ok(true);
    }
    Err(format!(
        "relabelling ({seats}) changes the game: {}, the relabelled game is not the \
         original position relabelled: {}",
        when(),
        difference(
            &format!("{:?}", x.to_setup()),
            &format!("{:?}", y.to_setup())
        )
    ))
}

/// Where two texts first differ, with some of what comes before.
fn difference(expected: &str, found: &str) -> String {
    let at = expected
        .char_indices()
        .zip(found.chars())
        .find(|((_, x), y)| x != y)
        .map_or(expected.len().min(found.len()), |((i, _), _)| i);
    let from = at.saturating_sub(160);
    let part = |text: &str| -> String { text.chars().skip(from).take(400).collect() };
    format!(
        "the positions first differ at character {at}; expected ...{}..., found ...{}...",
        part(expected),
        part(found)
    )
}
