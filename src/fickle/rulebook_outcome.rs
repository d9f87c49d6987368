//! The outcome oracle's scorer for Fickle, from the rulebook's "Score", the
//! Score Effects of the Familiar, Illusion, Noble and Pariah Families, and
//! "Breaking Ties".

use alloc::vec::Vec;

use super::config::{Direction, ROUNDS};
use super::family::Family;
use super::resolution::Phase;
use super::setup::{AllianceCard, ScoringChoice, Setup};
use super::state::State;
use crate::testing::RulebookOutcome;
use crate::{Game, Outcome, Player, PlayerSet, Score};

/// Fairies of one Family that Shoot the Moon.
const MOON: usize = 5;

/// Each player's Favor, from their Alliance and the config's Favor table
/// (custom card data included); the highest Favor wins, and a tie goes to
/// the first tied player from the Court Crier (who went to the last player
/// to resolve) in the direction of the last Direction Token: nobody shares
/// the Crown (ruling "Fickle: the winner").
impl RulebookOutcome for State {
    fn rulebook_outcome(&self) -> Option<Outcome> {
        let setup = self.to_setup();
        if !matches!(setup.phase, Phase::Over { .. }) {
            return None;
        }
        let scores: Vec<Score> = setup
            .areas
            .iter()
            .map(|area| favor(&setup, &area.alliance))
            .collect();
        let best = scores.iter().copied().max()?;
        let players = scores.len();
        // The token has gone to the last player to resolve before the final
        // scoring, so the final Court Crier is the token's holder.
        let crier = setup.court_crier;
        let last = setup
            .directions
            .get(usize::from(ROUNDS) - 1)
            .copied()
            .unwrap_or(Direction::Left);
        let winner = (0..players)
            .map(|step| match last {
                Direction::Left => (crier.index() + step) % players,
                Direction::Right => (crier.index() + players * 2 - step) % players,
            })
            .find(|&seat| scores.get(seat) == Some(&best))
            .and_then(|seat| u8::try_from(seat).ok())?;
        Some(Outcome::new(PlayerSet::only(Player(winner)), scores))
    }
}

/// One Alliance's Favor.
///
/// - Each Familiar paired with a Fairy adds its Favor to that Fairy, which
///   then scores as one card of its Family; an unpaired Familiar scores
///   nothing, and Familiars never score as a Family.
/// - Each Illusion scores in the Family chosen for it (its own by default).
/// - Per Family: one card scores its Favor, two score 0, three or four score
///   minus the highest; Nobles below five score their highest; Pariahs below
///   five score the most negative.
/// - Five or more of a Family Shoot the Moon: only that Family scores, the
///   sum of its values (a Pariah Moon as a positive value); with two such
///   Families, the better one (ruling "Fickle: Shoot the Moon").
fn favor(setup: &Setup, alliance: &[AllianceCard]) -> Score {
    let value = |card| Score::from(setup.config.favor.favor(card));
    // (Family, value) of every Fairy that scores.
    let scoring: Vec<(Family, Score)> = alliance
        .iter()
        .filter(|fairy| fairy.card.family != Family::Familiar)
        .map(|fairy| {
            let boost: Score = alliance
                .iter()
                .filter(|f| f.card.family == Family::Familiar)
                .filter(|f| f.scoring == Some(ScoringChoice::Paired(Some(fairy.card))))
                .map(|f| value(f.card))
                .sum();
            let family = match (fairy.card.family, fairy.scoring) {
                (Family::Illusion, Some(ScoringChoice::As(chosen))) => chosen,
                (own, _) => own,
            };
            (family, value(fairy.card) + boost)
        })
        .collect();
    let mut total = 0;
    let mut moon: Option<Score> = None;
    for family in Family::ALL {
        let set: Vec<Score> = scoring
            .iter()
            .filter(|(f, _)| *f == family)
            .map(|(_, v)| *v)
            .collect();
        let (Some(&high), Some(&low)) = (set.iter().max(), set.iter().min()) else {
            continue;
        };
        let sum: Score = set.iter().sum();
        if set.len() >= MOON {
            let shot = if family == Family::Pariah { -sum } else { sum };
            moon = Some(moon.map_or(shot, |m| m.max(shot)));
            continue;
        }
        total += match (family, set.len()) {
            (Family::Pariah, _) => low,
            (Family::Noble, _) => high,
            (_, 1) => high,
            (_, 2) => 0,
            _ => -high,
        };
    }
    moon.unwrap_or(total)
}
