//! The position oracle's invariants for Fairy, from the rulebook's
//! "Components", "Setup", "Keeping Score", "Game Turns" and "Game End" (and
//! the rulings on ties, the top of the track and the 15-point variant).

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::cards::Card;
use super::config::Variant;
use super::setup::Setup;
use super::state::{Stage, State};
use crate::testing::RulebookPosition;
use crate::{Player, PlayerSet, Score};

/// "10 player score cards"; a guessing game needs two.
const SEATS: core::ops::RangeInclusive<usize> = 2..=10;
/// "21 charm cards", numbered 1 through 21.
const CHARM_CARDS: u8 = 21;
/// "You start at 0 points, but can go as low as -4."
const BOTTOM_OF_TRACK: Score = -4;
/// "If a player reaches or goes over the top of the score track (24 points),
/// they immediately win" (scores are held there).
const TOP_OF_TRACK: Score = 24;
/// The 15-point variant's end: "when someone reaches 15 points".
const FIFTEEN: Score = 15;

impl RulebookPosition for State {
    fn rulebook_position(setup: &Setup) -> Result<(), String> {
        seats(setup)?;
        charm_cards(setup)?;
        score_track(setup)?;
        let players = setup.scores.len();
        let (best, leaders) = leaders(&setup.scores);
        let at_top = best >= TOP_OF_TRACK;
        let deck_out = setup.draw_pile.is_empty();
        // Whether the ending has come, as far as the position shows: in the
        // 15-point variant the tied leaders may have fallen below 15 in a
        // play-off, so only the main game is held to it.
        let trigger = end_trigger(setup, best);
        let may_have_ended = trigger || setup.variant == Variant::FifteenPoints;
        // Who guesses this turn.
        let guessing = match setup.stage {
            Stage::Main => {
                if at_top || deck_out || trigger {
                    return Err(String::from(
                        "the main game goes on after its end came (the top of the track \
                         reached, the deck run out, or the ending's trigger)",
                    ));
                }
                PlayerSet::first(players)
            }
            Stage::PlayOff(tied) => {
                if !may_have_ended || at_top || deck_out {
                    return Err(String::from(
                        "a play-off without the ending's trigger, or after the top of the \
                         track is reached or the deck ran out",
                    ));
                }
                if tied != leaders || tied.len() < 2 {
                    return Err(String::from(
                        "the play-off is not exactly the two or more players tied for the \
                         highest score",
                    ));
                }
                tied
            }
            Stage::Over(winners) => {
                if winners != leaders {
                    return Err(String::from(
                        "the winners are not the players with the highest score",
                    ));
                }
                if !(at_top || deck_out || (may_have_ended && leaders.len() == 1)) {
                    return Err(String::from(
                        "the game is over before its end: nobody reached the top of the \
                         track, cards are left, and the ending did not come with one leader",
                    ));
                }
                PlayerSet::EMPTY
            }
        };
        // "Each player chooses one of the 4 allowed guesses", all at once; the
        // card is flipped when every gesture is shown.
        let mut guessed = PlayerSet::EMPTY;
        for (player, guess) in (0u8..).map(Player).zip(&setup.guesses) {
            if guess.is_some() {
                if !guessing.contains(player) {
                    return Err(format!("{player} guessed but does not guess this turn"));
                }
                guessed.insert(player);
            }
        }
        if !guessing.is_empty() && guessed == guessing {
            return Err(String::from(
                "every player guessing has guessed but the next card was not flipped",
            ));
        }
        Ok(())
    }
}

/// Two to ten players, each with one guess slot.
fn seats(setup: &Setup) -> Result<(), String> {
    let players = setup.scores.len();
    if !SEATS.contains(&players) {
        return Err(format!("{players} players at a table of 2 to 10"));
    }
    if setup.guesses.len() != players {
        return Err(format!(
            "{} guess slots for {players} players",
            setup.guesses.len()
        ));
    }
    Ok(())
}

/// Every charm card once, in the deck or the pile, and a face-up card on
/// the pile ("Flip the top card to start a discard pile").
fn charm_cards(setup: &Setup) -> Result<(), String> {
    if setup.discard_pile.is_empty() {
        return Err(String::from("no face-up card on the pile"));
    }
    let places = |number: u8| {
        setup
            .draw_pile
            .iter()
            .chain(&setup.discard_pile)
            .filter(|card| card.number() == number)
            .count()
    };
    // A card in two places first (it leaves another card nowhere).
    if let Some(number) = (1..=CHARM_CARDS).find(|&n| places(n) > 1) {
        return Err(format!(
            "charm card {number} is in {} places",
            places(number)
        ));
    }
    if let Some(number) = (1..=CHARM_CARDS).find(|&n| places(n) == 0) {
        return Err(format!("charm card {number} is nowhere"));
    }
    let total = setup.draw_pile.len() + setup.discard_pile.len();
    if total != usize::from(CHARM_CARDS) {
        return Err(format!("{total} cards in a deck of 21"));
    }
    Ok(())
}

/// Every score on the track, -4 to 24.
fn score_track(setup: &Setup) -> Result<(), String> {
    for (player, &score) in (0u8..).map(Player).zip(&setup.scores) {
        if !(BOTTOM_OF_TRACK..=TOP_OF_TRACK).contains(&score) {
            return Err(format!(
                "{player} has {score} points, off the -4 to 24 track"
            ));
        }
    }
    Ok(())
}

/// The highest score and the players who hold it.
fn leaders(scores: &[Score]) -> (Score, PlayerSet) {
    let best = scores.iter().copied().max().unwrap_or(0);
    let holders = (0u8..)
        .map(Player)
        .zip(scores)
        .filter(|&(_, &score)| score == best)
        .map(|(player, _)| player)
        .collect();
    (best, holders)
}

/// Whether the variant's ending has come: the last fairy of the deck
/// revealed (the starting card counts; a deck without fairies never ends
/// this way), or someone at 15 points in the 15-point variant.
fn end_trigger(setup: &Setup, best: Score) -> bool {
    match setup.variant {
        Variant::Standard => {
            let fairies: Vec<Card> = (1..=CHARM_CARDS)
                .filter_map(Card::new)
                .filter(|&card| setup.deck.has_fairy(card))
                .collect();
            !fairies.is_empty() && fairies.iter().all(|card| setup.discard_pile.contains(card))
        }
        Variant::FifteenPoints => best >= FIFTEEN,
    }
}
