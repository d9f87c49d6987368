//! The outcome oracle's scorer for Fairy Season, from the rulebook's "End
//! Game Scoring" and "Royal Win".

use super::cards::CardKind;
use super::state::{Phase, State};
use crate::testing::{RulebookOutcome, highest};
use crate::{Game, Outcome, Player, PlayerSet, Score};

/// Royal Fairies in the game: King, Queen, Prince and Princess.
const ROYALS: usize = 4;

/// Each Season Fairy in a Stash is worth 1 point, each Royal Fairy 2,
/// Goblins and Traps nothing; cards in hand do not count. "If at any time
/// you have all four Royal Fairies in your Stash, you immediately win";
/// otherwise the most points wins, ties go to the most Royal Fairies in the
/// Stash, and players still tied share the victory (ruling "Season: ties and
/// the Royal Win"). Scores are the Stash points either way.
impl RulebookOutcome for State {
    fn rulebook_outcome(&self) -> Option<Outcome> {
        let setup = self.to_setup();
        if !matches!(setup.phase, Phase::Over { .. }) {
            return None;
        }
        // (points, royals) per seat.
        let tally: alloc::vec::Vec<(Score, usize)> = setup
            .stashes
            .iter()
            .map(|stash| {
                stash
                    .iter()
                    .fold((0, 0), |(points, royals), card| match card.kind() {
                        CardKind::Season { .. } => (points + 1, royals),
                        CardKind::Royal(_) => (points + 2, royals + 1),
                        CardKind::Goblin(_) | CardKind::Trap => (points, royals),
                    })
            })
            .collect();
        let seat = |i: usize| u8::try_from(i).ok().map(Player);
        let royal_win: PlayerSet = (0..tally.len())
            .filter(|&i| tally.get(i).is_some_and(|t| t.1 >= ROYALS))
            .filter_map(seat)
            .collect();
        // Most points, then most Royals: the order of the (points, royals)
        // pairs.
        let winners = if royal_win.is_empty() {
            highest(&tally)?.1
        } else {
            royal_win
        };
        Some(Outcome::new(winners, tally.iter().map(|t| t.0)))
    }
}
