//! The outcome oracle's scorer for Fairy Prank, from the rulebook's "End of
//! Game" and "Special Rules for 2 players".

use super::config::Rules;
use super::items::Item;
use super::state::{Phase, State};
use crate::testing::RulebookOutcome;
use crate::{Game, Outcome, Player, PlayerSet, Score};

/// Marks on one item that win.
const SAME_ITEM_MARKS: u8 = 3;
/// Different items marked that win.
const DIFFERENT_ITEMS: usize = 6;

/// With 3 to 6 players, "when any player has marked a single item thrice OR
/// 6 different items on his/her score sheet, that player immediately wins";
/// a player's score is the marks on their sheet (ruling "Prank: the win is
/// checked after every mark, for anyone"). With 2 players "the first player
/// who guesses wrongly loses the game" (the guesser is the one who is not
/// the Fairy, and the Fairy holds the starting player token), and a guesser
/// who finds every item of a box holding the whole set draws (ruling "Prank:
/// the end of a 2-player game when no more items can be added"); scores are
/// 1 for a winner, 0 otherwise.
impl RulebookOutcome for State {
    fn rulebook_outcome(&self) -> Option<Outcome> {
        let setup = self.to_setup();
        if !matches!(setup.phase, Phase::Over { .. }) {
            return None;
        }
        let players = usize::from(setup.config.players);
        let seats = (0..players).filter_map(|seat| u8::try_from(seat).ok().map(Player));
        if setup.config.rules() == Rules::TwoPlayer {
            let winners = if setup.guessed_wrong.is_empty() {
                PlayerSet::first(players)
            } else {
                PlayerSet::only(setup.starting_player)
            };
            let scores = seats.map(|p| Score::from(winners.contains(p)));
            return Some(Outcome::new(winners, scores));
        }
        let items = setup.config.treasures.len();
        let mut winners = PlayerSet::EMPTY;
        let mut scores = alloc::vec::Vec::with_capacity(players);
        for player in seats {
            let sheet = setup.sheets.get(player.index())?;
            let marks = (0..items)
                .filter_map(|i| u8::try_from(i).ok())
                .map(|i| sheet.marks_on(Item(i)));
            let (total, most, different) = marks.fold((0, 0, 0), |(t, m, d), k| {
                (t + Score::from(k), m.max(k), d + usize::from(k > 0))
            });
            if most >= SAME_ITEM_MARKS || different >= DIFFERENT_ITEMS {
                winners.insert(player);
            }
            scores.push(total);
        }
        Some(Outcome::new(winners, scores))
    }
}
