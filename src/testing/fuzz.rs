//! Games driven by a fuzzer: cheap checks at every step, the expensive
//! oracles where the input asks for them, and the game always played to its
//! end.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};

use super::check::Checker;
use super::leaks::{TwinFn, leak_walk, twin_fn};
use super::outcome::{OutcomeFn, RulebookOutcome, compare, outcome_fn};
use super::position::{PositionFn, RulebookPosition, judge, position_fn};
use super::relabel::{Relabel, Relabeller, relabel_seeded, relabeller};
use super::reveals::{ShowsNothingFn, Statements, TwinMoveFn, shows_nothing_fn, twin_move_fn};
use super::{Failure, Report, RoundTrip, Twins};
use crate::{Game, Player, Seat};

/// One step of a fuzzed game.
///
/// With the `arbitrary` feature a `Step` is read from fuzzer bytes: one byte
/// picks the kind (most often [`Step::Play`]), then its fields.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum Step<A> {
    /// The player `to_act()[who % len]` plays its listed action
    /// `which % len`.
    Play {
        /// Picks the player among those to act.
        who: u8,
        /// Picks the action among the player's listed ones.
        which: u8,
    },
    /// `player` tries `action`, which may be any value at all: it must be
    /// accepted exactly when listed (then it is played), and otherwise
    /// refused with the right kind of error, changing nothing.
    Try {
        /// Any seat, at the table or not.
        player: Player,
        /// Any action value.
        action: A,
    },
    /// `player` tries an action listed somewhere earlier in the game (or for
    /// another player), as [`Step::Try`] does.
    Replay {
        /// Any seat, at the table or not.
        player: Player,
        /// Picks the action among those seen so far.
        index: u16,
    },
    /// The whole conformance check of this position (every seat, every
    /// listed action on a clone, probes, words, round trips).
    Check,
    /// The leak oracle for seat `seat % (players + 1)` (the last one is the
    /// spectator), with a twin and moves drawn from `seed`.
    Leak {
        /// Picks the seat.
        seat: u8,
        /// Draws the twin and the moves played on both.
        seed: u16,
    },
    /// From here on, a copy rebuilt from the state's `Setup` (or through the
    /// serialization round trip, when `serde` and there is one) plays the
    /// same moves with the same RNG and must stay equal. A rebuild made the
    /// same way as the one before with no move between them is skipped: it
    /// could only repeat that check. (A serialization rebuild past
    /// [`Fuzz::max_expensive`], or without a round trip, is made through
    /// `Setup`, so it is the same way as a `Setup` rebuild.)
    Rebuild {
        /// Rebuilds through the serialization round trip, if there is one.
        serde: bool,
    },
}

/// Runs fuzzed games: what [`Fuzz::run`] checks, and how much.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Fuzz<G: Game> {
    /// The serialization round trip for [`Step::Rebuild`], if any.
    pub roundtrip: Option<RoundTrip<G>>,
    /// The twin generator for [`Step::Leak`]; without one, leak steps are
    /// skipped.
    pub twin: Option<TwinFn<G>>,
    /// The game's statement of what each move reveals: with it, every move
    /// a leak step walks is also checked by the event oracle
    /// ([`check_reveals`](super::check_reveals)).
    pub twin_move: Option<TwinMoveFn<G>>,
    /// The moves the game says show a seat nothing hidden
    /// ([`Twins::shows_nothing`](super::Twins::shows_nothing)), checked
    /// against the walked twin with the leak oracle.
    pub shows_nothing: Option<ShowsNothingFn<G>>,
    /// At most this many [`Step::Check`], [`Step::Leak`] and serialization
    /// [`Step::Rebuild`] steps are run per game (a rebuild past the budget
    /// goes through `Setup` only), so that an input's cost stays near a plain
    /// playout's.
    pub max_expensive: u32,
    /// Moves a leak step plays on a state and its twin.
    pub leak_steps: u32,
    /// After the steps run out, the game is finished with random listed
    /// moves (cheap checks only), so that every input reaches the end.
    pub finish: bool,
    /// The game's rulebook scorer for the outcome oracle, run on the final
    /// position of a finished game; without one, outcomes are not compared.
    pub outcome: Option<OutcomeFn<G>>,
    /// The game's relabelling: with it, once the steps run out, the
    /// relabelling oracle plays the position they reached to its end (see
    /// [`Fuzz::relabel`]).
    pub relabel: Option<Relabeller<G>>,
    /// The game's rulebook invariants for the position oracle, checked at
    /// every [`Step::Rebuild`] and on the final position; without them,
    /// positions are not checked against the rulebook.
    pub position: Option<PositionFn<G>>,
}

impl<G: Game> Default for Fuzz<G> {
    fn default() -> Self {
        Fuzz {
            roundtrip: None,
            twin: None,
            twin_move: None,
            shows_nothing: None,
            max_expensive: 1,
            leak_steps: 32,
            finish: true,
            outcome: None,
            relabel: None,
            position: None,
        }
    }
}

impl<G: Twins> Fuzz<G> {
    /// Runs [`Step::Leak`] steps with the game's twin generator, and the
    /// event oracle on the moves they walk.
    pub fn leaks(mut self) -> Self {
        self.twin = Some(twin_fn::<G>());
        self.twin_move = Some(twin_move_fn::<G>());
        self.shows_nothing = Some(shows_nothing_fn::<G>());
        self
    }
}

impl<G: Relabel> Fuzz<G> {
    /// Runs the relabelling oracle ([`check_relabel`](super::check_relabel))
    /// once, at the position the steps reach: that position, renumbered as
    /// the run's seed picks among the renumberings the game allows, is played
    /// to its end beside the original with the same moves renumbered, and
    /// must list the same moves and report the same events, players to act,
    /// winners and scores, all renumbered, and the whole positions must
    /// agree every 8 moves and at the end (each through `Setup`).
    pub fn relabel(mut self) -> Self {
        self.relabel = Some(relabeller::<G>());
        self
    }
}

impl<G: RulebookOutcome> Fuzz<G> {
    /// Compares every finished game's outcome with the game's rulebook
    /// scorer ([`check_outcome`](super::check_outcome)).
    pub fn outcomes(mut self) -> Self {
        self.outcome = Some(outcome_fn::<G>());
        self
    }
}

impl<G: RulebookPosition> Fuzz<G> {
    /// Checks the position at every [`Step::Rebuild`] and at the end against
    /// the invariants the rulebook promises of every reachable position
    /// ([`check_position`](super::check_position)).
    pub fn positions(mut self) -> Self {
        self.position = Some(position_fn::<G>());
        self
    }
}

impl<G: Game> Fuzz<G> {
    /// Runs at most `count` [`Step::Check`] and [`Step::Leak`] steps per
    /// game.
    pub fn max_expensive(mut self, count: u32) -> Self {
        self.max_expensive = count;
        self
    }

    /// Plays up to `steps` moves on a state and its twin in a leak step.
    pub fn leak_steps(mut self, steps: u32) -> Self {
        self.leak_steps = steps;
        self
    }

    /// Whether the game is finished with random moves after the last step.
    pub fn finish(mut self, finish: bool) -> Self {
        self.finish = finish;
        self
    }

    /// Uses this serialization round trip for [`Step::Rebuild`].
    pub fn roundtrip(mut self, roundtrip: RoundTrip<G>) -> Self {
        self.roundtrip = Some(roundtrip);
        self
    }

    /// Plays `steps` from `state`, with the game's RNG seeded from `seed`.
    ///
    /// At every move it checks, cheaply: the chosen player has a listed
    /// action and it is accepted; `to_act()` is empty exactly when the game
    /// has an outcome; the events fit well inside their capacity; the game
    /// ends within its documented bound; a rebuilt copy, once asked for,
    /// stays equal. The expensive checks run where the steps ask for them.
    /// After the last step the game is played to its end (see
    /// [`Fuzz::finish`]) and its final position checked whole.
    pub fn run<R: Rng + SeedableRng + Clone>(
        &self,
        state: G,
        seed: u64,
        steps: &[Step<G::Action>],
    ) -> Result<Report, Failure> {
        let mut report = Report::default();
        let mut pool = Vec::new();
        let mut run = Checker {
            game: 0,
            step: 0,
            probes_per_step: 4,
            roundtrip: self.roundtrip,
            // Small, so remembering costs little on every move.
            pool_limit: 64,
            pool: &mut pool,
            report: &mut report,
        };
        let mut game = Played {
            state,
            rng: R::seed_from_u64(seed),
            rebuilt: None,
            rebuilt_fresh: false,
            legal: crate::ActionList::new(),
            events: crate::Events::new(),
            rebuilt_events: crate::Events::new(),
        };
        let mut expensive = 0;
        // Where the last rebuild was made (the move count) and how, so that a
        // run of rebuild steps with no move between them, which could only
        // repeat the same check, costs nothing.
        let mut last_rebuild = None;
        for &step in steps {
            if game.state.to_act().is_empty() {
                break;
            }
            match step {
                Step::Play { who, which } => game.play(&mut run, who, which)?,
                Step::Try { player, action } => game.try_action(&mut run, player, action)?,
                Step::Replay { player, index } => {
                    let seen = run.pool.len().max(1);
                    if let Some(&action) = run.pool.get(usize::from(index) % seen) {
                        game.try_action(&mut run, player, action)?;
                    }
                }
                Step::Check if expensive < self.max_expensive => {
                    expensive += 1;
                    run.check_position(&game.state, &game.rng)?;
                }
                Step::Leak { seat, seed } if expensive < self.max_expensive => {
                    if let Some(twin) = self.twin {
                        expensive += 1;
                        let seat = seat_of(&game.state, seat);
                        let mut leak_rng = R::seed_from_u64(u64::from(seed));
                        leak_walk(
                            &game.state,
                            seat,
                            (
                                twin,
                                Statements {
                                    twin_move: self.twin_move,
                                    shows_nothing: self.shows_nothing,
                                },
                            ),
                            &mut leak_rng,
                            self.leak_steps,
                            None,
                        )
                        .map_err(|m| Failure {
                            game: 0,
                            step: run.step,
                            message: m,
                        })?;
                        run.report.leak_checks += 1;
                    }
                }
                Step::Rebuild { serde } => {
                    // Through serialization counts as an expensive step.
                    let serde = serde && expensive < self.max_expensive && self.roundtrip.is_some();
                    if last_rebuild == Some((run.step, serde)) {
                        continue;
                    }
                    last_rebuild = Some((run.step, serde));
                    expensive += u32::from(serde);
                    let rebuilt = match self.roundtrip {
                        Some(roundtrip) if serde => roundtrip(&game.state).or_else(|e| {
                            run.fail(format!("serialization round trip failed: {e}"))
                        })?,
                        _ => G::from_setup(game.state.to_setup()).or_else(|e| {
                            run.fail(format!(
                                "own Setup refused: {e} (a position reached by listed \
                                 moves that the validator refuses: a move broke a rule, or \
                                 an earlier position accepted from a Setup was one the \
                                 validator should have refused)"
                            ))
                        })?,
                    };
                    if rebuilt != game.state {
                        return run.fail(String::from("a rebuilt state is not equal"));
                    }
                    if let Some(rulebook) = self.position {
                        judge(&game.state, rulebook).or_else(|reason| {
                            run.fail(format!(
                                "a position reached by listed moves breaks a rule the \
                                 rulebook sets for every position: {reason}"
                            ))
                        })?;
                    }
                    // The copy it replaces is compared whole first.
                    if game.rebuilt.as_ref().is_some_and(|old| *old != game.state) {
                        return run.fail(String::from("a rebuilt state drifted from the game"));
                    }
                    game.rebuilt = Some(rebuilt);
                    game.rebuilt_fresh = true;
                }
                Step::Check | Step::Leak { .. } => {}
            }
        }
        if let Some(relabel) = self.relabel {
            let mut walk_rng = R::seed_from_u64(seed ^ 0x7e1a_be15_7e1a_be15);
            let moves = game.state.max_game_length();
            relabel_seeded(&game.state, relabel, &mut walk_rng, moves, 8).map_err(|message| {
                Failure {
                    game: 0,
                    step: run.step,
                    message,
                }
            })?;
        }
        if self.finish {
            let mut choices = R::seed_from_u64(seed ^ 0x5eed_f1a1_5eed_f1a1);
            while !game.state.to_act().is_empty() {
                let who = (choices.next_u32() & 0xff) as u8;
                let which = (choices.next_u32() & 0xff) as u8;
                game.play(&mut run, who, which)?;
            }
        }
        if game
            .rebuilt
            .as_ref()
            .is_some_and(|rebuilt| *rebuilt != game.state)
        {
            return run.fail(String::from("a rebuilt state ended apart from the game"));
        }
        // The end, checked whole but for the serialization round trip,
        // which only the steps ask for.
        run.roundtrip = None;
        run.check_position(&game.state, &game.rng)?;
        if let Some(rulebook) = self.position {
            judge(&game.state, rulebook).or_else(|reason| {
                run.fail(format!(
                    "the final position breaks a rule the rulebook sets for every \
                     position: {reason}"
                ))
            })?;
        }
        if let Some(rulebook) = self.outcome {
            compare(&game.state, rulebook).or_else(|message| run.fail(message))?;
        }
        run.report.longest_game = run.step;
        run.report.games = u32::from(game.state.to_act().is_empty());
        Ok(report)
    }
}

/// How often a rebuilt copy is compared whole with the game it follows, and
/// a move is played again through `play`.
const REBUILT_COMPARE_EVERY: u32 = 8;

/// Seat `index % (players + 1)`, the last one being the spectator.
fn seat_of<G: Game>(state: &G, index: u8) -> Seat {
    let n = state.num_players();
    let turn = usize::from(index) % (n + 1);
    match u8::try_from(turn) {
        Ok(p) if turn < n => Seat::Player(Player(p)),
        _ => Seat::Spectator,
    }
}

/// A game being fuzzed, with its buffers.
struct Played<G: Game, R> {
    state: G,
    rng: R,
    rebuilt: Option<G>,
    /// `rebuilt` has not played a move yet.
    rebuilt_fresh: bool,
    legal: crate::ActionList<G::Action>,
    events: crate::Events<G::Event>,
    rebuilt_events: crate::Events<G::Event>,
}

impl<G: Game, R: Rng + Clone> Played<G, R> {
    fn play(&mut self, run: &mut Checker<'_, G>, who: u8, which: u8) -> Result<(), Failure> {
        let to_act = self.state.to_act();
        let count = to_act.len();
        let Some(player) = to_act.iter().nth(usize::from(who) % count.max(1)) else {
            return Ok(());
        };
        self.state.legal_actions_into(player, &mut self.legal);
        let Some(&action) = self.legal.get(usize::from(which) % self.legal.len().max(1)) else {
            return run.fail(format!("{player} is to act but has no legal action"));
        };
        run.remember_recent(action);
        self.apply(run, player, action)
    }

    fn try_action(
        &mut self,
        run: &mut Checker<'_, G>,
        player: Player,
        action: G::Action,
    ) -> Result<(), Failure> {
        self.state.legal_actions_into(player, &mut self.legal);
        let listed = self.legal.contains(&action);
        run.try_action(&self.state, player, action, listed, &self.rng)?;
        if listed {
            self.apply(run, player, action)?;
        }
        Ok(())
    }

    /// Plays a listed action, with the cheap checks.
    fn apply(
        &mut self,
        run: &mut Checker<'_, G>,
        player: Player,
        action: G::Action,
    ) -> Result<(), Failure> {
        let rebuilt_rng = self.rebuilt.as_ref().map(|_| self.rng.clone());
        // Every few moves a copy plays the move through `play`, which must
        // leave the same state and draw the same randomness as `apply`: the
        // rebuilt copy when there is one that has played a move already
        // (then compared whole anyway), else a clone. A fresh copy's first
        // move is played with its events, where a `Setup` that lost
        // something is most likely to show.
        let compare = run.step.is_multiple_of(REBUILT_COMPARE_EVERY);
        let quiet_rebuilt = compare && self.rebuilt.is_some() && !self.rebuilt_fresh;
        let quiet = (compare && !quiet_rebuilt).then(|| (self.state.clone(), self.rng.clone()));
        self.rebuilt_fresh = false;
        if let Err(e) = self
            .state
            .apply_into(player, action, &mut self.rng, &mut self.events)
        {
            return run.fail(format!("listed action {action:?} of {player} refused: {e}"));
        }
        if let Some((mut copy, mut rng)) = quiet {
            match copy.play(player, action, &mut rng) {
                Ok(()) if copy == self.state && rng.next_u64() == self.rng.clone().next_u64() => {}
                _ => return run.fail(format!("`play` of {action:?} diverged from `apply`")),
            }
        }
        if let (Some(rebuilt), Some(mut rng)) = (self.rebuilt.as_mut(), rebuilt_rng) {
            // The events and `to_act` on 7 moves in 8 (the 8th is played
            // through `play`, so without events); the whole states, which
            // cost far more to compare than a move costs to play, every 8
            // moves, before a new copy replaces this one, and at the end. A
            // difference that comes and goes between two compared moves
            // without changing an event is missed, as is one that shows only
            // in the events of a move played through `play`.
            let same = if quiet_rebuilt {
                rebuilt.play(player, action, &mut rng).is_ok()
                    && *rebuilt == self.state
                    && rng.next_u64() == self.rng.clone().next_u64()
            } else {
                rebuilt
                    .apply_into(player, action, &mut rng, &mut self.rebuilt_events)
                    .is_ok()
                    && self.rebuilt_events == self.events
                    && rebuilt.to_act() == self.state.to_act()
                    && (!compare && !self.state.to_act().is_empty() || *rebuilt == self.state)
            };
            if !same {
                return run.fail(format!(
                    "a rebuilt state plays {action:?} of {player} differently (by this move{})",
                    if quiet_rebuilt {
                        ", played through `play`: `play` differs from `apply`, or the copy \
                         drifted"
                    } else {
                        ""
                    }
                ));
            }
        }
        run.step += 1;
        run.report.actions += 1;
        run.report.most_events = run.report.most_events.max(self.events.len());
        if self.events.len() >= crate::MAX_EVENTS {
            return run.fail(String::from(
                "an apply filled the event list: events may have been dropped",
            ));
        }
        if self.state.to_act().is_empty() != self.state.outcome().is_some() {
            return run.fail(String::from("to_act() empty does not match outcome() some"));
        }
        if run.step > self.state.max_game_length() {
            return run.fail(String::from("game longer than its documented bound"));
        }
        Ok(())
    }
}

/// Plays `choices` as a game from `state`, checking the whole contract before
/// every step and once more at the end.
///
/// Bytes are read two at a time: the first picks the acting player among
/// `to_act()`, the second an action among their legal ones. A first byte with
/// the top bit set instead tries an action seen in an earlier position (or
/// another player's) for an arbitrary seat, which must be refused unless it is
/// legal there (then it is played). Stops at the end of the game or of the
/// bytes. For fast fuzzing with the expensive checks only where the input
/// asks, use [`Fuzz`].
pub fn playout<G: Game, R: Rng + SeedableRng + Clone>(
    state: G,
    seed: u64,
    choices: &[u8],
) -> Result<Report, Failure> {
    let seats = u8::try_from(state.num_players() + 1).unwrap_or(u8::MAX);
    let mut steps = Vec::with_capacity(choices.len());
    for pair in choices.chunks_exact(2) {
        let (first, second) = match pair {
            [first, second] => (*first, *second),
            _ => continue,
        };
        steps.push(Step::Check);
        steps.push(if first & 0x80 != 0 {
            Step::Replay {
                player: Player((first & 0x7f) % seats),
                index: u16::from(second),
            }
        } else {
            Step::Play {
                who: first,
                which: second,
            }
        });
    }
    Fuzz::<G>::default()
        .max_expensive(u32::MAX)
        .finish(false)
        .run::<R>(state, seed, &steps)
}

#[cfg(feature = "arbitrary")]
impl<'a, A: arbitrary::Arbitrary<'a>> arbitrary::Arbitrary<'a> for Step<A> {
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        // One byte picks the kind, so that most bytes play moves and a
        // mutation of one byte changes one step.
        let kind = u8::arbitrary(u)?;
        Ok(match kind {
            0..=207 => Step::Play {
                who: kind,
                which: u8::arbitrary(u)?,
            },
            208..=235 => Step::Try {
                player: Player::arbitrary(u)?,
                action: A::arbitrary(u)?,
            },
            236..=249 => Step::Replay {
                player: Player(u8::arbitrary(u)? % 16),
                index: u16::arbitrary(u)?,
            },
            // The expensive ones are rare, so most inputs cost about a
            // plain game and a fuzzer still finds the steps that ask.
            250 => Step::Check,
            251 => Step::Leak {
                seat: u8::arbitrary(u)?,
                seed: u16::arbitrary(u)?,
            },
            _ => Step::Rebuild { serde: kind == 255 },
        })
    }
}

/// A fuzzer's input for one game: a config (custom card data included), the
/// seed of the game's RNG, and the steps.
#[cfg(feature = "arbitrary")]
#[derive(Clone, Debug)]
pub struct Input<G: Game> {
    /// The config the game starts from.
    pub config: G::Config,
    /// Seeds the game's RNG.
    pub seed: u64,
    /// The steps, read until the input ends.
    pub steps: Vec<Step<G::Action>>,
}

#[cfg(feature = "arbitrary")]
impl<'a, G: Game> arbitrary::Arbitrary<'a> for Input<G>
where
    G::Config: arbitrary::Arbitrary<'a>,
    G::Action: arbitrary::Arbitrary<'a>,
{
    fn arbitrary(u: &mut arbitrary::Unstructured<'a>) -> arbitrary::Result<Self> {
        let config = G::Config::arbitrary(u)?;
        let seed = u64::from(u32::arbitrary(u)?);
        let mut steps = Vec::new();
        while !u.is_empty() && steps.len() < MAX_STEPS {
            steps.push(Step::arbitrary(u)?);
        }
        Ok(Input {
            config,
            seed,
            steps,
        })
    }
}

/// Most steps read from one input.
#[cfg(feature = "arbitrary")]
const MAX_STEPS: usize = 8192;

/// What a `*_actions` fuzz target does: reads an [`Input`] from `data`,
/// starts the game (a config that `new` refuses is a failure) and runs it
/// with [`Fuzz`], the leak oracle, the outcome oracle and the position
/// oracle included.
///
/// `roundtrip` is the serialization round trip for [`Step::Rebuild`], if
/// any. Returns `Ok` for bytes that do not make an input.
#[cfg(feature = "arbitrary")]
pub fn fuzz_actions<'a, G, R>(
    data: &'a [u8],
    roundtrip: Option<RoundTrip<G>>,
) -> Result<Report, Failure>
where
    G: Twins + RulebookOutcome + RulebookPosition,
    G::Config: arbitrary::Arbitrary<'a>,
    G::Action: arbitrary::Arbitrary<'a>,
    R: Rng + SeedableRng + Clone,
{
    let mut u = arbitrary::Unstructured::new(data);
    let Ok(input) = <Input<G> as arbitrary::Arbitrary>::arbitrary(&mut u) else {
        return Ok(Report::default());
    };
    let mut rng = R::seed_from_u64(input.seed);
    let state = G::new(&input.config, &mut rng).map_err(|e| Failure {
        game: 0,
        step: 0,
        message: format!("a config made through the public constructors was refused: {e}"),
    })?;
    let mut fuzz = Fuzz::<G>::default().leaks().outcomes().positions();
    fuzz.roundtrip = roundtrip;
    fuzz.run::<R>(state, input.seed, &input.steps)
}
