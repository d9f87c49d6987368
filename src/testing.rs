//! A conformance harness that checks the [`Game`] contract on seeded random
//! games, for any game and any config (including a downstream crate's custom
//! card data).
//!
//! Modelled on OpenSpiel's `RandomSimTest` and the `board-game` crate's generic
//! tests. At every step of every game it checks:
//!
//! - `to_act()` is empty exactly when `outcome()` is some;
//! - legal lists are empty for players not in `to_act()` (including seats the
//!   game does not have), hold no duplicates and come out the same twice;
//! - every listed action is accepted by a clone of the state;
//! - actions not listed for a player (other players' actions and actions seen
//!   in other positions) are refused, and the refused state stays `==`; the
//!   refusal is `NoSuchPlayer` for a seat the game does not have, `GameOver`
//!   once it is over, `NotToAct` for a seated player outside `to_act()`, and
//!   `Illegal` (naming the rule) only for a player who may act;
//! - applying the same action with the same RNG to a clone gives an equal
//!   state and equal events;
//! - the state round-trips through its `Setup` (and through serialization,
//!   when a round-trip function is given), and the rebuilt states give the
//!   same legal lists and views;
//! - every seat's view can be built, is deterministic, and an unseated player
//!   sees exactly the spectator's view; events redact consistently;
//! - words: every legal action reads back through the game's notation
//!   ([`Game::parse_action`]), and no two choices of a player read alike
//!   (plainly or in the words of their view). (Whether a text holds `Debug`
//!   output is checked by each game's own tests on the printed components: a
//!   custom config may name an item anything, "Some(" included.)
//! - the game ends within [`Game::max_game_length`] actions.
//!
//! ```
//! use fairy_ring::{fairy, testing::Conformance};
//! use rand_chacha::ChaCha8Rng;
//!
//! let report = Conformance::<fairy::State>::new(5)
//!     .run::<ChaCha8Rng>(&fairy::Config::new(3)?)
//!     .map_err(|failure| failure.to_string())?;
//! assert_eq!(report.games, 5);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};

use crate::{ActionError, Game, Player, Seat};

/// Positions that one seat cannot tell apart: what the leak oracle needs
/// from a game.
///
/// Each game implements it from its rulebook, not from its views, so that a
/// view or an event that shows too much is caught by comparing the seat's
/// view of a state and of its twin.
pub trait Twins: Game {
    /// Another position that `seat` cannot tell apart from `self`, drawn with
    /// `rng`.
    ///
    /// The twin keeps everything `seat` may know under the rules: all public
    /// information, the seat's own secrets, and what it saw earlier and still
    /// knows (cards it passed on, items it hid, ...). Everything else is
    /// redrawn among the values consistent with that: the draw order, other
    /// players' hands, face-down cards, choices others committed but did not
    /// reveal. Where a state does not record whether the seat knows
    /// something, the twin keeps it: a twin may keep too much (the oracle then
    /// checks less), never change what the seat knows. For
    /// [`Seat::Spectator`] only public information is kept.
    ///
    /// The twin is built through [`Game::from_setup`]; an error means the
    /// game's twin generator made an impossible position, which is a bug.
    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<Self, Self::SetupError>;
}

/// A serialization round trip for the harness to check, e.g. through
/// `serde_json`.
pub type RoundTrip<G> = fn(&G) -> Result<G, String>;

/// What to run: how many games, from which seed, with which extra checks.
#[derive(Clone, Debug)]
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
}

/// What a passing run saw.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played to the end.
    pub games: u32,
    /// Actions applied in all games.
    pub actions: u64,
    /// Actions in the longest game.
    pub longest_game: u32,
    /// Longest legal action list seen.
    pub most_legal_actions: usize,
    /// Most events reported by one `apply`.
    pub most_events: usize,
    /// Illegal actions tried and correctly refused.
    pub refusals: u64,
}

/// The first broken promise found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Failure {
    /// Index of the game (its seed is `seed + game`).
    pub game: u32,
    /// Actions applied in that game before the failure.
    pub step: u32,
    /// What went wrong.
    pub message: String,
}

impl core::fmt::Display for Failure {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "game {} step {}: {}", self.game, self.step, self.message)
    }
}

impl core::error::Error for Failure {}

impl<G: Game> Conformance<G> {
    /// `games` games from seed 0, no serialization check, 16 probes a step.
    pub fn new(games: u32) -> Self {
        Conformance {
            games,
            seed: 0,
            roundtrip: None,
            probes_per_step: 16,
        }
    }

    /// Starts from `seed` instead of 0.
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// Also checks this serialization round trip at every step.
    pub fn roundtrip(mut self, roundtrip: RoundTrip<G>) -> Self {
        self.roundtrip = Some(roundtrip);
        self
    }

    /// Plays the games with `config` and the RNG type `R`.
    pub fn run<R: Rng + SeedableRng + Clone>(&self, config: &G::Config) -> Result<Report, Failure> {
        let mut report = Report::default();
        let mut pool: Vec<G::Action> = Vec::new();
        for game in 0..self.games {
            let mut run = Run {
                options: self,
                game,
                step: 0,
                pool: &mut pool,
                report: &mut report,
                buffer: crate::Events::new(),
            };
            run.play::<R>(config)?;
            report.games += 1;
        }
        Ok(report)
    }
}

/// Plays `choices` as a game from `state`, checking the whole contract before
/// and after every step: the engine of the `*_actions` fuzz targets.
///
/// Bytes are read two at a time: the first picks the acting player among
/// `to_act()`, the second an action among their legal ones. A first byte with
/// the top bit set instead tries an action seen in an earlier position (or
/// another player's) for an arbitrary seat, which must be refused unless it is
/// legal there. Stops at the end of the game or of the bytes.
pub fn playout<G: Game, R: Rng + SeedableRng + Clone>(
    state: G,
    seed: u64,
    choices: &[u8],
) -> Result<Report, Failure> {
    let options = Conformance::<G>::new(1);
    let mut report = Report::default();
    let mut pool = Vec::new();
    let mut run = Run {
        options: &options,
        game: 0,
        step: 0,
        pool: &mut pool,
        report: &mut report,
        buffer: crate::Events::new(),
    };
    let mut rng = R::seed_from_u64(seed);
    let mut state = state;
    for pair in choices.chunks_exact(2) {
        run.check_position(&state, &rng)?;
        let (first, second) = (pair[0], pair[1]);
        let to_act: Vec<Player> = state.to_act().iter().collect();
        if to_act.is_empty() {
            break;
        }
        if first & 0x80 != 0 {
            let seat = usize::from(first & 0x7f) % (state.num_players() + 1);
            let player = Player(u8::try_from(seat).unwrap_or(u8::MAX));
            let legal = state.legal_actions(player);
            let Some(&action) = run.pool.get(usize::from(second) % run.pool.len().max(1)) else {
                continue;
            };
            let mut clone = state.clone();
            let result = clone.apply(player, action, &mut rng.clone());
            if result.is_ok() != legal.contains(&action) {
                return run.fail(format!(
                    "{action:?} of {player}: acceptance disagrees with the legal list"
                ));
            }
            if result.is_err() && clone != state {
                return run.fail(format!("refused {action:?} of {player} changed the state"));
            }
            continue;
        }
        let player = to_act[usize::from(first) % to_act.len()];
        let legal = state.legal_actions(player);
        let Some(&action) = legal.get(usize::from(second) % legal.len().max(1)) else {
            return run.fail(format!("{player} is to act but has no legal action"));
        };
        match state.apply(player, action, &mut rng) {
            Ok(events) => run.check_events(&state, &events)?,
            Err(e) => return run.fail(format!("listed action {action:?} refused: {e}")),
        }
        run.step += 1;
        run.report.actions += 1;
        if run.step > state.max_game_length() {
            return run.fail(String::from("game longer than its documented bound"));
        }
    }
    run.check_position(&state, &rng)?;
    Ok(report)
}

/// A readable record of one seeded random game: at every step, the action
/// played, the events as every seat (and a spectator) saw them, and every
/// seat's view. Meant for snapshot tests, so a leak of hidden information
/// shows up in a review of the diff (OpenSpiel's playthrough files).
pub fn playthrough<G: Game, R: Rng + SeedableRng + Clone>(
    config: &G::Config,
    seed: u64,
) -> Result<String, Failure> {
    use core::fmt::Write;
    let fail = |step: u32, message: String| Failure {
        game: 0,
        step,
        message,
    };
    let mut rng = R::seed_from_u64(seed);
    let mut state = G::new(config, &mut rng).map_err(|e| fail(0, format!("{e}")))?;
    let seats: Vec<Seat> = (0..state.num_players())
        .map(|p| Seat::Player(Player(p as u8)))
        .chain([Seat::Spectator])
        .collect();
    let mut out = String::new();
    let mut step = 0u32;
    let _ = writeln!(
        out,
        "{} with {} players, seed {seed}",
        G::NAME,
        state.num_players()
    );
    loop {
        let _ = writeln!(out, "\n## step {step}");
        for &seat in &seats {
            let _ = writeln!(out, "view {seat:?}: {:?}", state.view_for(seat));
        }
        let to_act: Vec<Player> = state.to_act().iter().collect();
        let Some(&player) = crate::rng::choose(&mut rng, &to_act) else {
            break;
        };
        let legal = state.legal_actions(player);
        let Some(&action) = crate::rng::choose(&mut rng, &legal) else {
            return Err(fail(
                step,
                format!("{player} is to act but has no legal action"),
            ));
        };
        let _ = writeln!(out, "{player} plays {action:?} (of {} legal)", legal.len());
        let events = state
            .apply(player, action, &mut rng)
            .map_err(|e| fail(step, format!("{e}")))?;
        for &seat in &seats {
            let _ = writeln!(
                out,
                "events for {seat:?}: {:?}",
                G::redact_all(&events, seat).as_slice()
            );
        }
        step += 1;
        if step > state.max_game_length() {
            return Err(fail(
                step,
                String::from("game longer than its documented bound"),
            ));
        }
    }
    let _ = writeln!(out, "outcome: {:?}", state.outcome());
    Ok(out)
}

/// Most distinct actions remembered for probing.
const POOL_LIMIT: usize = 1024;

struct Run<'a, G: Game> {
    options: &'a Conformance<G>,
    game: u32,
    step: u32,
    pool: &'a mut Vec<G::Action>,
    report: &'a mut Report,
    /// The events buffer `apply_into` writes into, kept across steps.
    buffer: crate::Events<G::Event>,
}

impl<G: Game> Run<'_, G> {
    fn fail<T>(&self, message: String) -> Result<T, Failure> {
        Err(Failure {
            game: self.game,
            step: self.step,
            message,
        })
    }

    fn play<R: Rng + SeedableRng + Clone>(&mut self, config: &G::Config) -> Result<(), Failure> {
        let mut rng = R::seed_from_u64(self.options.seed.wrapping_add(u64::from(self.game)));
        let mut state = match G::new(config, &mut rng) {
            Ok(state) => state,
            Err(e) => return self.fail(format!("config refused: {e}")),
        };
        loop {
            self.check_position(&state, &rng)?;
            let to_act = state.to_act();
            if to_act.is_empty() {
                break;
            }
            if self.step >= state.max_game_length() {
                return self.fail(format!(
                    "game not over after its documented bound of {} actions",
                    state.max_game_length()
                ));
            }
            let players: Vec<Player> = to_act.iter().collect();
            let Some(&player) = crate::rng::choose(&mut rng, &players) else {
                return self.fail(String::from("to_act is not empty but yields no player"));
            };
            let legal = state.legal_actions(player);
            let Some(&action) = crate::rng::choose(&mut rng, &legal) else {
                return self.fail(format!("{player} is to act but has no legal action"));
            };
            let mut twin = state.clone();
            let mut twin_rng = rng.clone();
            let events = match state.apply(player, action, &mut rng) {
                Ok(events) => events,
                Err(e) => return self.fail(format!("listed action {action:?} refused: {e}")),
            };
            // The twin plays through `apply_into`, into a buffer that still
            // holds the last move's events: both paths must agree exactly.
            match twin.apply_into(player, action, &mut twin_rng, &mut self.buffer) {
                Ok(()) if self.buffer == events && twin == state => {}
                _ => return self.fail(format!("replaying {action:?} on a clone diverged")),
            }
            self.check_events(&state, &events)?;
            self.step += 1;
            self.report.actions += 1;
        }
        self.report.longest_game = self.report.longest_game.max(self.step);
        Ok(())
    }

    fn check_position<R: Rng + Clone>(&mut self, state: &G, rng: &R) -> Result<(), Failure> {
        let to_act = state.to_act();
        if to_act.is_empty() != state.outcome().is_some() {
            return self.fail(String::from("to_act() empty does not match outcome() some"));
        }
        if let Some(outcome) = state.outcome() {
            if outcome.winners().is_empty() {
                return self.fail(String::from("a finished game has no winner"));
            }
            if outcome.scores().len() != state.num_players() {
                return self.fail(String::from("outcome scores do not match the player count"));
            }
        }
        let n = state.num_players();
        if to_act.iter().any(|p| p.index() >= n) {
            return self.fail(String::from("to_act names a seat that is not at the table"));
        }
        // An equal state built independently (from its Setup, and through
        // serialization when asked) must answer every question the same way.
        let rebuilt = match G::from_setup(state.to_setup()) {
            Ok(back) if back == *state => back,
            Ok(_) => return self.fail(String::from("Setup round trip changed the state")),
            Err(e) => return self.fail(format!("own Setup refused: {e}")),
        };
        let mut twins = Vec::from([rebuilt]);
        if let Some(roundtrip) = self.options.roundtrip {
            match roundtrip(state) {
                Ok(back) if back == *state => twins.push(back),
                Ok(_) => return self.fail(String::from("serialization changed the state")),
                Err(e) => return self.fail(format!("serialization round trip failed: {e}")),
            }
        }
        // Seats past the table, and one far away, must get nothing.
        let seats = (0..=n.min(254))
            .map(|i| Player(i as u8))
            .chain([Player(u8::MAX)]);
        let mut filled = crate::ActionList::new();
        for player in seats {
            let legal = state.legal_actions(player);
            if twins.iter().any(|t| t.legal_actions(player) != legal) {
                return self.fail(format!("legal actions of {player} are not stable"));
            }
            // Filled into a buffer that held another seat's list.
            state.legal_actions_into(player, &mut filled);
            if filled != legal {
                return self.fail(format!(
                    "legal_actions_into of {player} differs from legal_actions"
                ));
            }
            if !to_act.contains(player) && !legal.is_empty() {
                return self.fail(format!("{player} is not to act but has legal actions"));
            }
            for (i, a) in legal.iter().enumerate() {
                if legal[..i].contains(a) {
                    return self.fail(format!("duplicate legal action {a:?} for {player}"));
                }
                let mut clone = state.clone();
                if let Err(e) = clone.apply(player, *a, &mut rng.clone()) {
                    return self.fail(format!("listed action {a:?} of {player} refused: {e}"));
                }
                if self.pool.len() < POOL_LIMIT && !self.pool.contains(a) {
                    self.pool.push(*a);
                }
            }
            self.report.most_legal_actions = self.report.most_legal_actions.max(legal.len());
            self.check_words(state, player, &legal)?;
            self.probe_unlisted(state, player, &legal, rng)?;
        }
        let spectator = state.view_for(Seat::Spectator);
        if twins
            .iter()
            .any(|t| t.view_for(Seat::Spectator) != spectator)
        {
            return self.fail(String::from("the spectator's view is not deterministic"));
        }
        if state.view_for(Seat::Player(Player(n.min(255) as u8))) != spectator {
            return self.fail(String::from(
                "an unseated player sees more than a spectator",
            ));
        }
        for p in 0..n {
            let seat = Seat::Player(Player(p as u8));
            let view = state.view_for(seat);
            if twins.iter().any(|t| t.view_for(seat) != view) {
                return self.fail(format!("view of {seat:?} is not deterministic"));
            }
        }
        Ok(())
    }

    /// Every legal action reads back through the notation, and no two of one
    /// player's choices read alike, plainly or in the player's own words.
    fn check_words(&self, state: &G, player: Player, legal: &[G::Action]) -> Result<(), Failure> {
        let view = state.view_for(Seat::Player(player));
        let mut plain = Vec::new();
        let mut said = Vec::new();
        for action in legal {
            let text = format!("{action}");
            match state.parse_action(&text) {
                Ok(back) if back == *action => {}
                _ => {
                    return self.fail(format!(
                        "{action:?} prints {text:?}, which does not read back"
                    ));
                }
            }
            let words = format!("{}", crate::ActionInView::<G>::new(&view, action));
            if plain.contains(&text) || said.contains(&words) {
                return self.fail(format!(
                    "two choices of {player} read alike: {text:?} / {words:?}"
                ));
            }
            plain.push(text);
            said.push(words);
        }
        Ok(())
    }

    fn probe_unlisted<R: Rng + Clone>(
        &mut self,
        state: &G,
        player: Player,
        legal: &[G::Action],
        rng: &R,
    ) -> Result<(), Failure> {
        if self.pool.is_empty() {
            return Ok(());
        }
        // A rotating start, so probing never draws from the game's RNG.
        let start = (self.step as usize)
            .wrapping_mul(31)
            .wrapping_add(player.index())
            % self.pool.len();
        let probes = self
            .pool
            .iter()
            .cycle()
            .skip(start)
            .take(self.pool.len())
            .filter(|a| !legal.contains(a))
            .take(self.options.probes_per_step)
            .copied()
            .collect::<Vec<_>>();
        let seated = player.index() < state.num_players();
        let over = state.to_act().is_empty();
        let may_act = state.to_act().contains(player);
        for action in probes {
            let mut clone = state.clone();
            let refusal = match clone.apply(player, action, &mut rng.clone()) {
                Ok(_) => {
                    return self.fail(format!("unlisted action {action:?} of {player} accepted"));
                }
                Err(refusal) => refusal,
            };
            // One vocabulary in every game: only a player with a decision to
            // make hears which rule broke.
            let fitting = match refusal {
                ActionError::NoSuchPlayer { player: named } => !seated && named == player,
                ActionError::GameOver => over,
                ActionError::NotToAct { player: named } => {
                    seated && !over && !may_act && named == player
                }
                ActionError::Illegal(_) => may_act,
            };
            if !fitting {
                return self.fail(format!(
                    "{player} (seated: {seated}, game over: {over}, to act: {may_act}) \
                     was refused {action:?} with the wrong kind of error: {refusal:?}"
                ));
            }
            if clone != *state {
                return self.fail(format!(
                    "refused action {action:?} of {player} changed the state"
                ));
            }
            self.report.refusals += 1;
        }
        Ok(())
    }

    fn check_events(&mut self, state: &G, events: &[G::Event]) -> Result<(), Failure> {
        self.report.most_events = self.report.most_events.max(events.len());
        if events.len() >= crate::MAX_EVENTS {
            return self.fail(String::from(
                "an apply filled the event list: events may have been dropped",
            ));
        }
        let unseated = Seat::Player(Player(u8::try_from(state.num_players()).unwrap_or(u8::MAX)));
        if G::redact_all(events, unseated) != G::redact_all(events, Seat::Spectator) {
            return self.fail(String::from(
                "an unseated player learns more from events than a spectator",
            ));
        }
        let seats = (0..state.num_players())
            .map(|p| Seat::Player(Player(p as u8)))
            .chain([Seat::Spectator]);
        for seat in seats {
            let once = G::redact_all(events, seat);
            if G::redact_all(&once, seat) != once {
                return self.fail(format!("redacting events twice for {seat:?} changes them"));
            }
            let spectator = G::redact_all(&once, Seat::Spectator);
            if spectator != G::redact_all(events, Seat::Spectator) {
                return self.fail(format!(
                    "events redacted for {seat:?} then for a spectator differ from the spectator's"
                ));
            }
        }
        Ok(())
    }
}
