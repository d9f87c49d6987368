//! The outcome oracle's scorer for Fairy, from the rulebook's "Game End".

use super::state::{Stage, State};
use crate::testing::RulebookOutcome;
use crate::testing::highest;
use crate::{Game, Outcome, Score};

/// The last mark of the score track: reaching it wins at once.
const TOP_OF_TRACK: Score = 24;

/// "Whoever has the highest score wins"; reaching the top of the track (24,
/// where scores are held) wins at once, and players tied at the top play on
/// until the tie is broken or share the victory when the deck runs out
/// (rulings "Fairy: scores above the top of the track" and "Fairy: who plays
/// on after a tie"). In every way the game can end, then, the winners are
/// the players with the highest score on the track; the scores are the
/// track's. A tie below the top of the track with cards left in the deck is
/// no end at all: the tied leaders must still be playing off, so the
/// rulebook gives no outcome there (and the oracle reports the engine's).
impl RulebookOutcome for State {
    fn rulebook_outcome(&self) -> Option<Outcome> {
        let setup = self.to_setup();
        if !matches!(setup.stage, Stage::Over(_)) {
            return None;
        }
        let (best, winners) = highest(&setup.scores)?;
        if winners.len() > 1 && best < TOP_OF_TRACK && !setup.draw_pile.is_empty() {
            return None;
        }
        Some(Outcome::new(winners, setup.scores.iter().copied()))
    }
}
