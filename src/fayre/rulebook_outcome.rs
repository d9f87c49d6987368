//! The outcome oracle's scorer for A Midsummer Night's Fayre, from the
//! rulebook's "Game End".

use super::state::{Phase, State};
use crate::testing::RulebookOutcome;
use crate::testing::highest;
use crate::{Game, Outcome};

/// After the final rolls into the Prize Pit "the player with the most points
/// wins the game"; tied leaders share the victory (ruling "Fayre: the final
/// rolls and the winner"). Scores are the points on the score track.
impl RulebookOutcome for State {
    fn rulebook_outcome(&self) -> Option<Outcome> {
        let setup = self.to_setup();
        if setup.phase != Phase::Over {
            return None;
        }
        let (_, winners) = highest(&setup.scores)?;
        Some(Outcome::new(winners, setup.scores.iter().copied()))
    }
}
