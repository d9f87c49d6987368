//! Seeded random games with the whole contract checked at every step.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};

use super::check::Checker;
use super::leaks::{TwinFn, leak_walk, twin_fn};
use super::numbers::{Numbers, numbers, track_all};
use super::outcome::{OutcomeFn, RulebookOutcome, compare, outcome_fn};
use super::position::{PositionFn, RulebookPosition, judge, position_fn};
use super::relabel::{Relabel, Relabeller, Relabelling, relabel_walk, relabeller};
use super::reveals::{ShowsNothingFn, Statements, TwinMoveFn, shows_nothing_fn, twin_move_fn};
use super::{Failure, Report, RoundTrip, Twins};
use crate::learning::Learning;
use crate::{Game, Player, Seat};

/// Moves after which the rebuilt copy of a game is made again.
const REBUILD_EVERY: u32 = 16;

/// What to run: how many games, from which seed, with which extra checks.
#[derive(Clone, Debug)]
#[non_exhaustive]
pub struct Conformance<G: Game> {
    /// Number of games to play.
    pub games: u32,
    /// Seed of the first game; game `i` uses `seed + i`.
    pub seed: u64,
    /// Serialization round trip to check at every step, if any. Without one,
    /// serialization is not checked even when the `serde` feature is on.
    pub roundtrip: Option<RoundTrip<G>>,
    /// At most this many unlisted actions are tried per player per step.
    pub probes_per_step: usize,
    /// The game's twin generator, when the leak oracle runs (see
    /// [`Conformance::leaks`]).
    pub twin: Option<TwinFn<G>>,
    /// The game's statement of what each move reveals, when the event
    /// oracle runs with the leak oracle (see [`Conformance::leaks`]).
    pub twin_move: Option<TwinMoveFn<G>>,
    /// The moves the game says show a seat nothing hidden
    /// ([`Twins::shows_nothing`](super::Twins::shows_nothing)), checked
    /// against the walked twin with the leak oracle.
    pub shows_nothing: Option<ShowsNothingFn<G>>,
    /// Moves the leak oracle plays on a state and its twin.
    pub leak_steps: u32,
    /// The game's numbers for learning, when they are checked (see
    /// [`Conformance::learning`]).
    pub numbers: Option<Numbers<G>>,
    /// The game's rulebook scorer, when the outcome oracle runs (see
    /// [`Conformance::outcomes`]).
    pub outcome: Option<OutcomeFn<G>>,
    /// The game's relabelling, when the relabelling oracle runs (see
    /// [`Conformance::relabel`]).
    pub relabel: Option<Relabeller<G>>,
    /// The game's rulebook invariants, when the position oracle runs (see
    /// [`Conformance::positions`]).
    pub position: Option<PositionFn<G>>,
}

impl<G: Game> Conformance<G> {
    /// `games` games from seed 0, no serialization check, 16 probes a step,
    /// no leak oracle.
    pub fn new(games: u32) -> Self {
        Conformance {
            games,
            seed: 0,
            roundtrip: None,
            probes_per_step: 16,
            twin: None,
            twin_move: None,
            shows_nothing: None,
            leak_steps: 0,
            numbers: None,
            outcome: None,
            relabel: None,
            position: None,
        }
    }

    /// Starts from `seed` instead of 0.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Also checks this serialization round trip at every step, and plays
    /// on with a state rebuilt through it.
    pub fn roundtrip(mut self, roundtrip: RoundTrip<G>) -> Self {
        self.roundtrip = Some(roundtrip);
        self
    }

    /// Plays the games with `config` and the RNG type `R`.
    ///
    /// Besides the checks of each position, a copy of the game rebuilt from
    /// its `Setup` (or through the serialization round trip, every other
    /// time) is made every 16 moves and plays the same moves with the same
    /// RNG: both must stay equal and report the same events.
    pub fn run<R: Rng + SeedableRng + Clone>(&self, config: &G::Config) -> Result<Report, Failure> {
        let mut report = Report::default();
        let mut pool: Vec<G::Action> = Vec::new();
        for game in 0..self.games {
            let mut checker = Checker {
                game,
                step: 0,
                probes_per_step: self.probes_per_step,
                roundtrip: self.roundtrip,
                pool_limit: super::check::POOL_LIMIT,
                pool: &mut pool,
                report: &mut report,
            };
            self.play::<R>(&mut checker, config)?;
            report.games += 1;
        }
        Ok(report)
    }

    fn play<R: Rng + SeedableRng + Clone>(
        &self,
        run: &mut Checker<'_, G>,
        config: &G::Config,
    ) -> Result<(), Failure> {
        let mut rng = R::seed_from_u64(self.seed.wrapping_add(u64::from(run.game)));
        let mut state = match G::new(config, &mut rng) {
            Ok(state) => state,
            Err(e) => return run.fail(format!("config refused: {e}")),
        };
        let mut buffer = crate::Events::new();
        let mut rebuilt: Option<G> = None;
        let mut trackers = match &self.numbers {
            Some(numbers) => track_all(numbers, config, &state),
            None => Vec::new(),
        };
        let (mut tensor, mut again) = (Vec::new(), Vec::new());
        if let Some(relabel) = self.relabel {
            Self::check_relabel(run, &state, relabel, &rng)?;
        }
        loop {
            run.check_position(&state, &rng)?;
            if let Some(rulebook) = self.position {
                judge(&state, rulebook).or_else(|reason| {
                    run.fail(format!(
                        "a position reached by listed moves breaks a rule the rulebook \
                         sets for every position: {reason}"
                    ))
                })?;
            }
            if let Some(numbers) = &self.numbers {
                if let Err(message) = (numbers.actions)(config, &state) {
                    return run.fail(message);
                }
                for (_, tracker) in &trackers {
                    let checked = tracker.tensor(&mut tensor).and_then(|()| {
                        tracker.tensor(&mut again)?;
                        if tensor == again {
                            Ok(())
                        } else {
                            Err(String::from("the same information gave two tensors"))
                        }
                    });
                    if let Err(message) = checked {
                        return run.fail(message);
                    }
                }
            }
            if let Some(twin) = self.twin {
                self.check_leaks(run, &state, twin, &rng, config)?;
            }
            let to_act = state.to_act();
            if to_act.is_empty() {
                if let Some(rulebook) = self.outcome {
                    compare(&state, rulebook).or_else(|message| run.fail(message))?;
                }
                break;
            }
            if run.step >= state.max_game_length() {
                return run.fail(format!(
                    "game not over after its documented bound of {} actions",
                    state.max_game_length()
                ));
            }
            if run.step.is_multiple_of(REBUILD_EVERY) {
                rebuilt = Some(self.rebuild(run, &state)?);
            }
            let players: Vec<Player> = to_act.iter().collect();
            let Some(&player) = crate::rng::choose(&mut rng, &players) else {
                return run.fail(String::from("to_act is not empty but yields no player"));
            };
            let legal = state.legal_actions(player);
            let Some(&action) = crate::rng::choose(&mut rng, &legal) else {
                return run.fail(format!("{player} is to act but has no legal action"));
            };
            let mut copy = state.clone();
            let mut copy_rng = rng.clone();
            let rebuilt_rng = rng.clone();
            let mut quiet = state.clone();
            let mut quiet_rng = rng.clone();
            let events = match state.apply(player, action, &mut rng) {
                Ok(events) => events,
                Err(e) => return run.fail(format!("listed action {action:?} refused: {e}")),
            };
            // The copy plays through `apply_into`, into a buffer that still
            // holds the last move's events: both paths must agree exactly.
            match copy.apply_into(player, action, &mut copy_rng, &mut buffer) {
                Ok(()) if buffer == events && copy == state => {}
                _ => return run.fail(format!("replaying {action:?} on a clone diverged")),
            }
            // `play` skips the events but nothing else, randomness included.
            match quiet.play(player, action, &mut quiet_rng) {
                Ok(()) if quiet == state && quiet_rng.next_u64() == rng.clone().next_u64() => {}
                _ => return run.fail(format!("`play` of {action:?} diverged from `apply`")),
            }
            if let Some(other) = rebuilt.as_mut() {
                match other.apply_into(player, action, &mut rebuilt_rng.clone(), &mut buffer) {
                    Ok(()) if buffer == events && *other == state => {}
                    _ => {
                        return run.fail(format!(
                            "a state rebuilt from its Setup (or serialization) plays \
                             {action:?} differently"
                        ));
                    }
                }
            }
            for (seat, tracker) in trackers.iter_mut() {
                tracker.observe(&G::redact_all(&events, *seat), state.view_for(*seat));
            }
            run.check_events(&state, &events)?;
            run.step += 1;
            run.report.actions += 1;
        }
        run.report.longest_game = run.report.longest_game.max(run.step);
        Ok(())
    }

    /// A copy of `state` rebuilt from its `Setup`, or through the
    /// serialization round trip every other time when there is one.
    fn rebuild(&self, run: &Checker<'_, G>, state: &G) -> Result<G, Failure> {
        let through_serde = (run.step / REBUILD_EVERY) % 2 == 1;
        match self.roundtrip {
            Some(roundtrip) if through_serde => roundtrip(state)
                .or_else(|e| run.fail(format!("serialization round trip failed: {e}"))),
            _ => G::from_setup(state.to_setup())
                .or_else(|e| run.fail(format!("own Setup refused: {e}"))),
        }
    }

    /// The relabelling oracle from the start of a game to its end, with the
    /// renumberings the game allows taken in turn from game to game, on an
    /// RNG of its own so the game goes on unchanged.
    fn check_relabel<R: Rng + Clone>(
        run: &mut Checker<'_, G>,
        state: &G,
        relabel: Relabeller<G>,
        rng: &R,
    ) -> Result<(), Failure> {
        let offered = Relabelling::offered(state.num_players(), relabel.symmetry);
        let Some(&seats) = offered.get(run.game as usize % offered.len().max(1)) else {
            return Ok(());
        };
        let mut walk_rng = rng.clone();
        let _ = walk_rng.next_u64();
        let moves = state.max_game_length();
        match relabel_walk(state, seats, relabel, &mut walk_rng, moves, 1) {
            Ok(walk) if walk.finished => Ok(()),
            Ok(_) => run.fail(format!(
                "the relabelling walk ({seats}) did not finish within the game's bound of \
                 {moves} actions"
            )),
            Err(message) => run.fail(message),
        }
    }

    /// The leak oracle for one seat a step, in turn (the spectator after the
    /// last player), on an RNG of its own so the game goes on unchanged.
    fn check_leaks<R: Rng + Clone>(
        &self,
        run: &mut Checker<'_, G>,
        state: &G,
        twin: TwinFn<G>,
        rng: &R,
        config: &G::Config,
    ) -> Result<(), Failure> {
        let n = state.num_players();
        let turn = (run.step as usize) % (n + 1);
        let seat = match u8::try_from(turn) {
            Ok(p) if turn < n => Seat::Player(Player(p)),
            _ => Seat::Spectator,
        };
        let mut leak_rng = rng.clone();
        let _ = leak_rng.next_u64();
        let tensors = self
            .numbers
            .as_ref()
            .map(|numbers| (numbers.tracker, config));
        let statements = Statements {
            twin_move: self.twin_move,
            shows_nothing: self.shows_nothing,
        };
        let twins = (twin, statements);
        match leak_walk(state, seat, twins, &mut leak_rng, self.leak_steps, tensors) {
            Ok(leak) => {
                run.report.leak_checks += 1;
                run.report.twins_differing += u64::from(leak.twin_differs);
                run.report.leak_steps += u64::from(leak.steps);
                Ok(())
            }
            Err(message) => run.fail(message),
        }
    }
}

impl<G: RulebookOutcome> Conformance<G> {
    /// Also runs the outcome oracle ([`check_outcome`](super::check_outcome))
    /// on every finished game: the engine's winners and scores must be the
    /// ones the game's rulebook scorer gives the final position.
    pub fn outcomes(mut self) -> Self {
        self.outcome = Some(outcome_fn::<G>());
        self
    }
}

impl<G: Relabel> Conformance<G> {
    /// Also runs the relabelling oracle ([`check_relabel`](super::check_relabel))
    /// once a game, from its start to its end: the game played again with its
    /// seats renumbered (each renumbering the game allows in turn, from game
    /// to game) must list the same moves and report the same events, players
    /// to act, winners and scores, all renumbered.
    pub fn relabel(mut self) -> Self {
        self.relabel = Some(relabeller::<G>());
        self
    }
}

impl<G: RulebookPosition> Conformance<G> {
    /// Also runs the position oracle ([`check_position`](super::check_position))
    /// at every step: each position reached keeps the invariants the game's
    /// rulebook promises of every reachable position.
    pub fn positions(mut self) -> Self {
        self.position = Some(position_fn::<G>());
        self
    }
}

impl<G: Twins> Conformance<G> {
    /// Also runs the leak oracle ([`check_leaks`](super::check_leaks)) at
    /// every step, for each seat in turn and the spectator, playing up to
    /// `steps` moves on the state and its twin, with the event oracle
    /// ([`check_reveals`](super::check_reveals)) on every move walked.
    pub fn leaks(mut self, steps: u32) -> Self {
        self.twin = Some(twin_fn::<G>());
        self.twin_move = Some(twin_move_fn::<G>());
        self.shows_nothing = Some(shows_nothing_fn::<G>());
        self.leak_steps = steps;
        self
    }
}

impl<G: Learning + 'static> Conformance<G> {
    /// Also checks the game's numbers for learning at every step: every
    /// legal action's index reads back to it
    /// ([`check_actions`](super::check_actions)), and each seat's tensor
    /// (from its information kept move by move since the start) is written
    /// whole, finite and the same twice. With the leak oracle, the seat's
    /// tensors of a position and of its twin must also be the same, now and
    /// while both play on.
    pub fn learning(mut self) -> Self {
        self.numbers = Some(numbers::<G>());
        self
    }
}
