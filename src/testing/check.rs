//! The checks of one position, one step and one refusal, shared by the
//! conformance runs, the fuzz runner and the leak oracle.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use rand_core::Rng;

use super::{Failure, Report, RoundTrip};
use crate::{ActionError, Game, Player, Seat};

/// Most distinct actions a conformance run remembers for probing.
pub(super) const POOL_LIMIT: usize = 1024;

/// Checks positions of one game, remembering the actions it saw so that it
/// can try them where they are not listed.
pub(super) struct Checker<'a, G: Game> {
    pub(super) game: u32,
    pub(super) step: u32,
    pub(super) probes_per_step: usize,
    pub(super) roundtrip: Option<RoundTrip<G>>,
    /// Most actions remembered in `pool`.
    pub(super) pool_limit: usize,
    pub(super) pool: &'a mut Vec<G::Action>,
    pub(super) report: &'a mut Report,
}

impl<G: Game> Checker<'_, G> {
    pub(super) fn fail<T>(&self, message: String) -> Result<T, Failure> {
        Err(Failure {
            game: self.game,
            step: self.step,
            message,
        })
    }

    /// The whole contract at one position (expensive: every seat, every
    /// listed action on a clone, probes, words, round trips).
    pub(super) fn check_position<R: Rng + Clone>(
        &mut self,
        state: &G,
        rng: &R,
    ) -> Result<(), Failure> {
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
        if let Some(roundtrip) = self.roundtrip {
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
                self.remember(*a);
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
            .take(self.probes_per_step)
            .copied()
            .collect::<Vec<_>>();
        for action in probes {
            self.try_action(state, player, action, false, rng)?;
        }
        Ok(())
    }

    /// `player` tries `action` on a clone of `state`: it must be accepted
    /// exactly when `listed`, refused with the kind of error that fits the
    /// player's situation, and a refusal must leave the state as it was.
    pub(super) fn try_action<R: Rng + Clone>(
        &mut self,
        state: &G,
        player: Player,
        action: G::Action,
        listed: bool,
        rng: &R,
    ) -> Result<(), Failure> {
        let seated = player.index() < state.num_players();
        let over = state.to_act().is_empty();
        let may_act = state.to_act().contains(player);
        let mut clone = state.clone();
        let refusal = match clone.apply(player, action, &mut rng.clone()) {
            Ok(_) if listed => return Ok(()),
            Ok(_) => {
                return self.fail(format!("unlisted action {action:?} of {player} accepted"));
            }
            Err(_) if listed => {
                return self.fail(format!("listed action {action:?} of {player} refused"));
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
        if clone.play(player, action, &mut rng.clone()) != Err(refusal.clone()) {
            return self.fail(format!(
                "`play` of {action:?} by {player} is not refused as `apply` is"
            ));
        }
        // One comparison for both refusals: a state is large to compare.
        if clone != *state {
            return self.fail(format!(
                "refused action {action:?} of {player} changed the state \
                 (through `apply` or `play`)"
            ));
        }
        self.report.refusals += 1;
        Ok(())
    }

    /// Remembers `action` for later probes elsewhere.
    pub(super) fn remember(&mut self, action: G::Action) {
        if self.pool.len() < self.pool_limit && !self.pool.contains(&action) {
            self.pool.push(action);
        }
    }

    /// Remembers `action` cheaply for a fuzzed game: the first half of the
    /// pool keeps the first distinct actions of the game (so actions of
    /// earlier phases stay to probe with), the second half is a ring of
    /// recent ones, repeats and all, written by move number without a scan.
    pub(super) fn remember_recent(&mut self, action: G::Action) {
        let half = self.pool_limit / 2;
        if self.pool.len() < half {
            if !self.pool.contains(&action) {
                self.pool.push(action);
            }
        } else if self.pool.len() < self.pool_limit {
            self.pool.push(action);
        } else if let Some(slot) = self
            .pool
            .get_mut(half + self.step as usize % (self.pool_limit - half).max(1))
        {
            *slot = action;
        }
    }

    pub(super) fn check_events(&mut self, state: &G, events: &[G::Event]) -> Result<(), Failure> {
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
