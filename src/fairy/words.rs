//! Fairy in the players' words: `Display` for events, views and stages.

use core::fmt;

use super::config::Variant;
use super::event::Event;
use super::guess::Guess;
use super::score::{FIFTEEN, FLOOR, TOP};
use super::state::Stage;
use super::view::View;
use crate::game::Players;
use crate::{PlayerSet, Score};

/// `n` and the noun, singular for 1 and -1: "1 card", "2 cards", "-1 point".
pub(super) struct Count<'a>(pub(super) i64, pub(super) &'a str);

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(n, noun) = *self;
        let s = if n == 1 || n == -1 { "" } else { "s" };
        write!(f, "{n} {noun}{s}")
    }
}

/// A score in points.
fn points(score: Score) -> Count<'static> {
    Count(i64::from(score), "point")
}

/// English ordinal: 1st, 2nd, 3rd, 4th, 11th, 21st...
struct Ordinal(usize);

impl fmt::Display for Ordinal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.0;
        let suffix = match (n % 10, n % 100) {
            (_, 11..=13) => "th",
            (1, _) => "st",
            (2, _) => "nd",
            (3, _) => "rd",
            _ => "th",
        };
        write!(f, "{n}{suffix}")
    }
}

/// Who won: "player 1 wins", "player 1 and player 3 share the victory".
struct Winners(PlayerSet);

impl fmt::Display for Winners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.len() {
            0 => f.write_str("nobody wins"),
            1 => write!(f, "{} wins", Players::of(self.0)),
            _ => write!(f, "{} share the victory", Players::of(self.0)),
        }
    }
}

/// The stage in words, as in "the position calls for ...": "the main game",
/// "a play-off between player 1 and player 2", "the end of the game
/// (player 1 wins)".
impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Stage::Main => f.write_str("the main game"),
            Stage::PlayOff(tied) => write!(f, "a play-off between {}", Players::of(tied)),
            Stage::Over(winners) => write!(f, "the end of the game ({})", Winners(winners)),
        }
    }
}

/// One line of what happened, as the seat the event was redacted for may
/// see it:
///
/// - `player 2 made a guess` (another player's guess, hidden until the
///   reveal) or `player 1 guessed same suit` (one's own);
/// - `card 11 revealed on top of card 14`;
/// - `player 1 guessed catch and was right: +7, now 7 points`, and with the
///   track's ends `player 2 guessed higher and was wrong: no points lost
///   at -4, still -4 points`, `... right: +1 (the track ends at 24), now 24
///   points`;
/// - `player 1 and player 3 are tied for the lead and play on alone`;
/// - `game over: player 1 wins` or `game over: player 1 and player 3 share
///   the victory`.
///
/// ```
/// use fairy_ring::fairy::{Guess, State};
/// use fairy_ring::{Game, Player, Seat};
///
/// let mut state = State::builder(2).pile_top(14).top_of_deck([11]).build()?;
/// # use rand_core::SeedableRng; let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
/// let events = state.apply(Player(1), Guess::SameSuit, &mut rng)?;
/// let hidden = events[0].redacted(Seat::Player(Player(0)));
/// assert_eq!(hidden.to_string(), "player 2 made a guess");
/// assert_eq!(events[0].to_string(), "player 2 guessed same suit");
/// let events = state.apply(Player(0), Guess::Higher, &mut rng)?;
/// let lines: Vec<String> = events.iter().map(|e| e.to_string()).collect();
/// assert_eq!(lines, [
///     "player 1 guessed higher",
///     "card 11 revealed on top of card 14",
///     "player 1 guessed higher and was wrong: -1, now -1 point",
///     "player 2 guessed same suit and was right: +4, now 4 points",
/// ]);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Guessed {
                player,
                guess: Some(guess),
            } => write!(f, "{player} guessed {guess}"),
            Event::Guessed {
                player,
                guess: None,
            } => write!(f, "{player} made a guess"),
            Event::Revealed { card, previous } => {
                write!(f, "card {card} revealed on top of card {previous}")
            }
            Event::Scored {
                player,
                guess,
                right,
                change,
                score,
            } => {
                let verdict = if right { "right" } else { "wrong" };
                write!(f, "{player} guessed {guess} and was {verdict}: ")?;
                if change == 0 && score <= FLOOR {
                    write!(f, "no points lost at {FLOOR}, still {}", points(score))
                } else if change == 0 {
                    write!(f, "no change, still {}", points(score))
                } else {
                    write!(f, "{change:+}")?;
                    if right && change < guess.points() && score >= TOP {
                        write!(f, " (the track ends at {TOP})")?;
                    }
                    write!(f, ", now {}", points(score))
                }
            }
            Event::PlayOff { players } => write!(
                f,
                "{} are tied for the lead and play on alone",
                Players::of(players)
            ),
            Event::GameOver { winners } => write!(f, "game over: {}", Winners(winners)),
        }
    }
}

/// A few lines for a person at the table: see [`View`].
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let you = self.seat.player();
        let players = self.scores.len();
        let seated = PlayerSet::first(players);

        // The game and how it ends.
        f.write_str("Fairy, ")?;
        match self.variant {
            Variant::Standard if self.fairies_total == 0 => f.write_str(
                "standard game: this deck has no fairies, so it ends when the deck runs out",
            )?,
            Variant::Standard => write!(
                f,
                "standard game: it ends when the {} fairy appears",
                Ordinal(self.fairies_total)
            )?,
            Variant::FifteenPoints => write!(
                f,
                "{FIFTEEN}-point variant: it ends when someone reaches {FIFTEEN} points"
            )?,
        }

        // What is face up.
        let fairy = if self.top_fairy {
            "shows a fairy"
        } else {
            "no fairy"
        };
        write!(
            f,
            "\nTop card: {}, {}, {fairy}",
            self.top_card, self.top_suit
        )?;
        write!(
            f,
            "\nDeck: {} left; ",
            Count(self.cards_left as i64, "card")
        )?;
        if self.fairies_total == 0 {
            f.write_str("no fairies in this deck")?;
        } else {
            write!(
                f,
                "fairies: {} of {} seen, {} to come",
                self.fairies_seen,
                self.fairies_total,
                self.fairies_total.saturating_sub(self.fairies_seen)
            )?;
        }

        // The score track and the scores.
        write!(
            f,
            "\nScore track: {FLOOR} to {TOP} (at {FLOOR} no more points are lost; {TOP} wins at once)"
        )?;
        f.write_str("\nScores: ")?;
        for (player, score) in seated.iter().zip(&self.scores) {
            if player.index() > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{player}")?;
            if Some(player) == you {
                f.write_str(" (you)")?;
            }
            write!(f, ": {score}")?;
        }

        // Who is guessing, and the decision.
        let guessing = match self.stage {
            Stage::Main => seated,
            Stage::PlayOff(tied) => {
                write!(
                    f,
                    "\nPlay-off: {} are tied for the lead and play on alone",
                    Players { set: tied, you }
                )?;
                tied
            }
            Stage::Over(winners) => return write!(f, "\nGame over: {}", Winners(winners)),
        };
        let to_guess: PlayerSet = guessing
            .iter()
            .filter(|&p| !self.guessed.contains(p))
            .collect();
        f.write_str("\n")?;
        if !self.guessed.is_empty() {
            write!(
                f,
                "Already guessed: {}; still to guess: ",
                Players {
                    set: self.guessed,
                    you
                }
            )?;
        } else {
            f.write_str("Still to guess: ")?;
        }
        write!(f, "{}", Players { set: to_guess, you })?;
        match (you, self.own_guess) {
            (_, Some(guess)) => write!(f, "\nYou guessed {guess}"),
            (Some(player), None) if to_guess.contains(player) => {
                f.write_str("\nYour guess: ")?;
                for (i, guess) in Guess::ALL.into_iter().enumerate() {
                    let sep = match i {
                        0 => "",
                        3 => " or ",
                        _ => ", ",
                    };
                    write!(
                        f,
                        "{sep}{guess} ({:+}/{})",
                        guess.points(),
                        super::guess::WRONG_GUESS
                    )?;
                }
                Ok(())
            }
            (Some(_), None) => f.write_str("\nYou sit out this play-off"),
            (None, None) => Ok(()),
        }
    }
}
