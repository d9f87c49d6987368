//! Fickle in words: `Display` for actions, events, views, zones and Powers,
//! and the action notation ([`FromStr`] for [`Action`]).

use core::fmt;
use core::str::FromStr;

use super::action::{Action, FaceDown};
use super::card::{Card, FavorTable, ParseError};
use super::event::{Event, Zone};
use super::family::{Family, LineupEffect, PowerType};
use super::resolution::{ChainStep, Phase, Resolution, Step};
use super::score::alliance_score;
use super::setup::{AllianceCard, ScoringChoice};
use super::view::{PlayerView, Slot, View};
use crate::{Numeral, Player};

/// Writes `n` and the noun, singular for 1 ("1 card", "2 cards").
fn count(f: &mut impl fmt::Write, n: usize, one: &str, many: &str) -> fmt::Result {
    write!(f, "{n} {}", if n == 1 { one } else { many })
}

/// Writes the items as "A", "A and B", "A, B and C".
fn and_list<T: fmt::Display>(f: &mut impl fmt::Write, items: &[T]) -> fmt::Result {
    let last = items.len().saturating_sub(1);
    for (i, item) in items.iter().enumerate() {
        if i > 0 {
            f.write_str(if i == last { " and " } else { ", " })?;
        }
        write!(f, "{item}")?;
    }
    Ok(())
}

impl Family {
    /// What the Family's Power does, in a sentence for players (the Power's
    /// type is [`Family::power_type`]).
    ///
    /// ```
    /// use fairy_ring::fickle::Family;
    /// assert!(Family::Dispel.power_text().contains("Dismiss pile"));
    /// ```
    pub const fn power_text(self) -> &'static str {
        match self {
            Family::Blinded => {
                "next round, you keep or dismiss the top card of your stack without looking at it"
            }
            Family::Coerce => "move a Fairy from an opponent's Alliance into yours",
            Family::Deflect => {
                "when a Direct Power is aimed at you, send it to another opponent; or sit out a Chain Power"
            }
            Family::Dispel => {
                "put a Fairy from any Alliance (this one included) into the Dismiss pile"
            }
            Family::Distract => {
                "when a Direct Power targets a Fairy, make this Fairy the target instead"
            }
            Family::Erase => {
                "next round, put the Fairy of highest Favor of an Alliance you choose into the Dismiss pile"
            }
            Family::Familiar => {
                "at the end, pair it with another of your Fairies to add its Favor to that Fairy; it never scores as a Family"
            }
            Family::Give => "move a Fairy from your Alliance into an opponent's",
            Family::Illusion => {
                "at the end, each Illusion scores as a Fairy of another Family in the game, or as an Illusion"
            }
            Family::Mimic => {
                "copy a Direct Power found in any Alliance and use it on that same Alliance"
            }
            Family::Noble => {
                "at the end, your highest Noble always scores its Favor, however many Nobles you hold"
            }
            Family::Obfuscate => {
                "when one of your Fairies is targeted, hide it face down with another of yours; the attacker takes one blind"
            }
            Family::Pariah => {
                "at the end, only your most negative Pariah counts; five or more add up as positive Favor (revealed last)"
            }
            Family::Prestige => "swap a Fairy of yours for an opponent's Fairy of the same Family",
            Family::Psychic => {
                "next round, you see the top two cards of your stack before choosing"
            }
            Family::Purge => {
                "every player puts the Fairy of highest Favor in their Alliance into the Dismiss pile"
            }
            Family::Reduced => "next round, the top card of your stack is dismissed unseen",
            Family::Reflect => {
                "after an opponent uses a Direct Power on you, use that same Power yourself"
            }
            Family::Scheme => {
                "next round, move the Fairy of highest Favor of an opponent's Alliance into yours"
            }
            Family::Share => {
                "every player passes the Fairy of lowest Favor in their Alliance to the next player in round direction"
            }
            Family::Switch => "swap a Fairy of yours for an opponent's Fairy of equal Favor",
            Family::Transmute => {
                "a player's unrevealed kept Fairy is dismissed and the top card of the deck joins their Alliance, Idle"
            }
        }
    }
}

/// "Direct", "Chain", "Response", "Delayed" or "Score".
impl fmt::Display for PowerType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            PowerType::Direct => "Direct",
            PowerType::Chain => "Chain",
            PowerType::Response => "Response",
            PowerType::Delayed => "Delayed",
            PowerType::Score => "Score",
        })
    }
}

/// "Blinded", "Psychic" or "Reduced".
impl fmt::Display for LineupEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            LineupEffect::Blinded => "Blinded",
            LineupEffect::Psychic => "Psychic",
            LineupEffect::Reduced => "Reduced",
        })
    }
}

/// "first" or "second".
impl fmt::Display for FaceDown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FaceDown::First => "first",
            FaceDown::Second => "second",
        })
    }
}

/// "the Fairy Deck", "the Dismiss pile", "player 2's Alliance", "player 2's
/// kept Fairy", "player 2's stack", "player 2's hand".
impl fmt::Display for Zone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Zone::Deck => f.write_str("the Fairy Deck"),
            Zone::Dismiss => f.write_str("the Dismiss pile"),
            Zone::Alliance(p) => write!(f, "{p}'s Alliance"),
            Zone::Chosen(p) => write!(f, "{p}'s kept Fairy"),
            Zone::Lineup(p) => write!(f, "{p}'s stack"),
            Zone::Hand(p) => write!(f, "{p}'s hand"),
        }
    }
}

/// The move as a player says it, in the notation [`FromStr`] reads back (see
/// the module docs, "Notation"): "dismiss Noble 4", "place Give 2'", "keep
/// the top card", "dismiss the top card", "choose Dispel 3'", "choose player
/// 2", "use Deflect 1", "pass", "take the first face-down Fairy", "pair the
/// Familiar with Noble 4", "leave the Familiar unpaired", "score the Illusion
/// as Noble". Cards are named as [`Card`] writes them, so two different
/// actions never read the same; [`View::describe`] adds where the card is.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Action::Dismiss(c) => write!(f, "dismiss {c}"),
            Action::Place(c) => write!(f, "place {c}"),
            Action::Keep => f.write_str("keep the top card"),
            Action::DismissTop => f.write_str("dismiss the top card"),
            Action::Target(c) => write!(f, "choose {c}"),
            Action::TargetPlayer(p) => write!(f, "choose {p}"),
            Action::Respond(c) => write!(f, "use {c}"),
            Action::Pass => f.write_str("pass"),
            Action::Pick(which) => write!(f, "take the {which} face-down Fairy"),
            Action::Pair(c) => write!(f, "pair the Familiar with {c}"),
            Action::LeaveUnpaired => f.write_str("leave the Familiar unpaired"),
            Action::ScoreAs(family) => write!(f, "score the Illusion as {family}"),
        }
    }
}

/// Why a text is not an [`Action`] in the notation (see the module docs,
/// "Notation"). The `Display` text says what is wrong and how to write it;
/// `at` fields are byte offsets into the text, for programs (the text does
/// not show them).
///
/// ```
/// use fairy_ring::fickle::{Action, Expected, ParseActionError};
/// use fairy_ring::Numeral;
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert_eq!(
///     "jump".parse::<Action>(),
///     Err(ParseActionError::UnknownWord { at: 0, expected: Expected::Action })
/// );
/// assert_eq!(
///     "choose player 300".parse::<Action>(),
///     Err(ParseActionError::NoSuchPlayer { at: 14, number: Numeral::from(300) })
/// );
/// assert_eq!(
///     "choose player 99999999999999999999".parse::<Action>().unwrap_err().to_string(),
///     "there is no player 99999999999999999999"
/// );
/// assert_eq!("pass now".parse::<Action>(), Err(ParseActionError::TrailingText { at: 5 }));
/// assert_eq!(
///     "pass now".parse::<Action>().unwrap_err().to_string(),
///     "more words after a complete action"
/// );
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ParseActionError {
    /// The text has no words.
    #[error("no action given")]
    Empty,
    /// A word that is not part of the notation there.
    #[error("{}", Unknown(*expected))]
    UnknownWord {
        /// Where the word starts.
        at: usize,
        /// What the notation reads there.
        expected: Expected,
    },
    /// The text stops before the action is complete (a card, player or
    /// Family is missing, or the rest of a phrase).
    #[error("the action stops too soon: {expected}")]
    Incomplete {
        /// Where the missing word should be (the end of the text).
        at: usize,
        /// What the notation reads there.
        expected: Expected,
    },
    /// Not a card name of the form "Noble 4", "Noble 4'" or "Pariah -2".
    #[error("not a card name: {error}")]
    Card {
        /// Where the card name starts.
        at: usize,
        /// What is wrong with it.
        error: ParseError,
    },
    /// Not the name of a Family.
    #[error("not the name of a Fickle Family: write it like \"score the Illusion as Noble\"")]
    Family {
        /// Where the word starts.
        at: usize,
    },
    /// Not a number after "player": a word that is not all digits.
    #[error("not a player number: write the player's number, like \"choose player 2\"")]
    PlayerNumber {
        /// Where the word starts.
        at: usize,
    },
    /// A player number no seat has: 0, or past 256 (the notation counts
    /// players from 1, as [`Player`]'s words do).
    #[error(
        "there is no player {number}{}",
        if number.value() == Some(0) { ": players are numbered from 1" } else { "" }
    )]
    NoSuchPlayer {
        /// Where the number starts.
        at: usize,
        /// The number as written, however large.
        number: Numeral,
    },
    /// Read in a seat's view ([`Game::read_action`](crate::Game::read_action)):
    /// a player number not seated at this table.
    #[error("there is no player {number} at this table: players are numbered 1 to {players}")]
    NotAtTable {
        /// Where the number starts.
        at: usize,
        /// The number as written, however large.
        number: Numeral,
        /// How many players the table has.
        players: u8,
    },
    /// Read in a seat's view ([`Game::read_action`](crate::Game::read_action)):
    /// a card of a Family this game does not use, or such a Family named
    /// for the Illusion to score as.
    #[error(
        "{family} is not in this game: its Families are {}",
        Families(families)
    )]
    NotInGame {
        /// Where the card name starts.
        at: usize,
        /// The Family named.
        family: Family,
        /// The game's Families.
        families: [Family; 5],
    },
    /// Words after a complete action.
    #[error("more words after a complete action")]
    TrailingText {
        /// Where the extra text starts.
        at: usize,
    },
}

/// What the notation reads where a text went wrong
/// ([`ParseActionError::UnknownWord`], [`ParseActionError::Incomplete`]):
/// its `Display` says how to write it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Expected {
    /// The first word of an action.
    Action,
    /// A card name ("Noble 4").
    Card,
    /// A player number ("choose player 2").
    Player,
    /// A Family name ("score as Noble").
    Family,
    /// The rest of "keep the top card" or "dismiss the top card".
    TopCard,
    /// The rest of "take the first face-down Fairy" or "take the second
    /// face-down Fairy".
    FaceDown,
    /// The rest of "pair the Familiar with CARD" or "leave the Familiar
    /// unpaired".
    Familiar,
    /// The rest of "score the Illusion as FAMILY".
    Illusion,
}

/// How to write what is expected: "name a card, like \"Noble 4\" or
/// \"Pariah -2\"".
impl fmt::Display for Expected {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Expected::Action => {
                "an action starts with dismiss, place, keep, choose, use, pass, take, first, second, pair, leave, unpaired or score"
            }
            Expected::Card => "name a card, like \"Noble 4\" or \"Pariah -2\"",
            Expected::Player => "write the player's number, like \"choose player 2\"",
            Expected::Family => "name a Family, like \"score the Illusion as Noble\"",
            Expected::TopCard => "write \"keep the top card\" or \"dismiss the top card\"",
            Expected::FaceDown => {
                "write \"take the first face-down Fairy\" or \"take the second face-down Fairy\""
            }
            Expected::Familiar => {
                "write \"pair the Familiar with\" a card, like \"pair the Familiar with Noble 4\", or \"leave the Familiar unpaired\""
            }
            Expected::Illusion => {
                "write \"score the Illusion as\" a Family, like \"score the Illusion as Noble\""
            }
        })
    }
}

/// An unknown word's text: the list of first words, or how to write the
/// phrase it is in.
struct Unknown(Expected);

impl fmt::Display for Unknown {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Expected::Action => write!(f, "{}", self.0),
            other => write!(f, "not the words of an action: {other}"),
        }
    }
}

/// "Noble, Coerce, Give, Dispel and Share".
struct Families<'a>(&'a [Family; 5]);

impl fmt::Display for Families<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        and_list(f, self.0)
    }
}

/// The words of a text with their byte offsets, read at a table when one is
/// known.
struct Words<'a> {
    text: &'a str,
    pos: usize,
    table: Option<&'a View>,
}

impl<'a> Words<'a> {
    fn next(&mut self) -> Option<(usize, &'a str)> {
        let rest = self.text.get(self.pos..)?;
        let start = self.pos + (rest.len() - rest.trim_start().len());
        let word = self.text.get(start..)?;
        let len = word.find(char::is_whitespace).unwrap_or(word.len());
        self.pos = start + len;
        let word = word.get(..len)?;
        (!word.is_empty()).then_some((start, word))
    }

    fn peek(&self) -> Option<&'a str> {
        let mut copy = Words { ..*self };
        copy.next().map(|(_, w)| w)
    }

    /// The text ends where `expected` should be.
    fn incomplete(&self, expected: Expected) -> ParseActionError {
        ParseActionError::Incomplete {
            at: self.text.len(),
            expected,
        }
    }

    /// The next word, which must be `expected` (any case), in a phrase of
    /// the kind `phrase`.
    fn expect(&mut self, expected: &str, phrase: Expected) -> Result<(), ParseActionError> {
        match self.next() {
            Some((_, w)) if w.eq_ignore_ascii_case(expected) => Ok(()),
            Some((at, _)) => Err(ParseActionError::UnknownWord {
                at,
                expected: phrase,
            }),
            None => Err(self.incomplete(phrase)),
        }
    }

    /// The next words, which must be `words` (any case), in a phrase of the
    /// kind `phrase`.
    fn expect_all(&mut self, words: &[&str], phrase: Expected) -> Result<(), ParseActionError> {
        words.iter().try_for_each(|w| self.expect(w, phrase))
    }

    /// A card name: a Family and a Favor ("Noble 4'"); at a table, of one
    /// of its Families.
    fn card(&mut self) -> Result<Card, ParseActionError> {
        let (at, family) = self.next().ok_or(self.incomplete(Expected::Card))?;
        let family: Family = family
            .parse()
            .map_err(|error| ParseActionError::Card { at, error })?;
        let (_, favor) = self.next().ok_or(self.incomplete(Expected::Card))?;
        let card = Card::from_favor_text(family, favor)
            .map_err(|error| ParseActionError::Card { at, error })?;
        match self.table {
            Some(view) if !view.families.contains(&family) => Err(ParseActionError::NotInGame {
                at,
                family,
                families: view.families,
            }),
            _ => Ok(card),
        }
    }

    /// A Family name.
    fn family(&mut self) -> Result<Family, ParseActionError> {
        let (at, word) = self.next().ok_or(self.incomplete(Expected::Family))?;
        let family: Family = word.parse().map_err(|_| ParseActionError::Family { at })?;
        match self.table {
            Some(view) if !view.families.contains(&family) => Err(ParseActionError::NotInGame {
                at,
                family,
                families: view.families,
            }),
            _ => Ok(family),
        }
    }

    /// A player number counted from 1 ("2" is `Player(1)`), as [`Player`]
    /// writes it: 1 to 256, or at a table 1 to its player count.
    fn player_number(&mut self) -> Result<Player, ParseActionError> {
        let (at, word) = self.next().ok_or(self.incomplete(Expected::Player))?;
        let number = Numeral::parse(word).ok_or(ParseActionError::PlayerNumber { at })?;
        let seat = number
            .value()
            .and_then(|n| n.checked_sub(1))
            .and_then(|seat| u8::try_from(seat).ok());
        match (self.table, seat) {
            (Some(view), seat) if seat.is_none_or(|s| usize::from(s) >= view.players.len()) => {
                Err(ParseActionError::NotAtTable {
                    at,
                    number,
                    players: u8::try_from(view.players.len()).unwrap_or(u8::MAX),
                })
            }
            (_, Some(seat)) => Ok(Player(seat)),
            (_, None) => Err(ParseActionError::NoSuchPlayer { at, number }),
        }
    }
}

fn is(word: Option<&str>, expected: &str) -> bool {
    word.is_some_and(|w| w.eq_ignore_ascii_case(expected))
}

/// Reads the notation [`Display`](fmt::Display) writes, ignoring case and
/// extra whitespace, with the short forms listed in the module docs
/// ("Notation"). A note in parentheses at the end, as [`View::describe`]
/// writes ("choose Dispel 3 (in player 2's Alliance)"), is ignored.
impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        parse(text, None)
    }
}

impl View {
    /// Reads an action in the notation as this seat would write it (see
    /// [`Game::read_action`](crate::Game::read_action)): the texts
    /// [`FromStr`] reads, with errors that speak of this table: a player
    /// number not seated here ("players are numbered 1 to 3"), a card of a
    /// Family the game does not use.
    ///
    /// ```
    /// use fairy_ring::fickle::{Action, Config, State};
    /// use fairy_ring::{Game, Player, Seat};
    /// # use fairy_ring::rand_core::SeedableRng;
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let view = State::new(&Config::new(3)?, &mut rng)?.view_for(Seat::Player(Player(0)));
    /// assert_eq!(view.read("choose player 3"), Ok(Action::TargetPlayer(Player(2))));
    /// assert_eq!(
    ///     view.read("choose player 9").unwrap_err().to_string(),
    ///     "there is no player 9 at this table: players are numbered 1 to 3"
    /// );
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn read(&self, text: &str) -> Result<Action, ParseActionError> {
        parse(text, Some(self))
    }
}

/// The notation, read at `table` when one is given.
fn parse(text: &str, table: Option<&View>) -> Result<Action, ParseActionError> {
    let trimmed = text.trim_end();
    let text = match trimmed.strip_suffix(')').and_then(|t| t.rfind(['('])) {
        Some(open) => trimmed.get(..open).unwrap_or(trimmed),
        None => text,
    };
    let mut words = Words {
        text,
        pos: 0,
        table,
    };
    let (at, first) = words.next().ok_or(ParseActionError::Empty)?;
    let word = |w: &str| first.eq_ignore_ascii_case(w);
    let action = if word("keep") {
        if is(words.peek(), "the") {
            words.expect_all(&["the", "top", "card"], Expected::TopCard)?;
        }
        Action::Keep
    } else if word("dismiss") {
        if is(words.peek(), "the") {
            words.expect_all(&["the", "top", "card"], Expected::TopCard)?;
            Action::DismissTop
        } else if is(words.peek(), "top") {
            words.expect("top", Expected::TopCard)?;
            Action::DismissTop
        } else {
            Action::Dismiss(words.card()?)
        }
    } else if word("place") {
        Action::Place(words.card()?)
    } else if word("choose") {
        if is(words.peek(), "player") {
            words.expect("player", Expected::Player)?;
            Action::TargetPlayer(words.player_number()?)
        } else {
            Action::Target(words.card()?)
        }
    } else if word("use") {
        Action::Respond(words.card()?)
    } else if word("pass") {
        Action::Pass
    } else if word("take") {
        words.expect("the", Expected::FaceDown)?;
        let pick = pick(&mut words)?;
        words.expect_all(&["face-down", "fairy"], Expected::FaceDown)?;
        Action::Pick(pick)
    } else if word("first") {
        Action::Pick(FaceDown::First)
    } else if word("second") {
        Action::Pick(FaceDown::Second)
    } else if word("pair") {
        if is(words.peek(), "the") {
            words.expect_all(&["the", "familiar", "with"], Expected::Familiar)?;
        }
        Action::Pair(words.card()?)
    } else if word("leave") {
        words.expect_all(&["the", "familiar", "unpaired"], Expected::Familiar)?;
        Action::LeaveUnpaired
    } else if word("unpaired") {
        Action::LeaveUnpaired
    } else if word("score") {
        if is(words.peek(), "the") {
            words.expect_all(&["the", "illusion"], Expected::Illusion)?;
        }
        words.expect("as", Expected::Illusion)?;
        Action::ScoreAs(words.family()?)
    } else {
        return Err(ParseActionError::UnknownWord {
            at,
            expected: Expected::Action,
        });
    };
    match words.next() {
        Some((at, _)) => Err(ParseActionError::TrailingText { at }),
        None => Ok(action),
    }
}

fn pick(words: &mut Words<'_>) -> Result<FaceDown, ParseActionError> {
    match words.next() {
        Some((_, w)) if w.eq_ignore_ascii_case("first") => Ok(FaceDown::First),
        Some((_, w)) if w.eq_ignore_ascii_case("second") => Ok(FaceDown::Second),
        Some((at, _)) => Err(ParseActionError::UnknownWord {
            at,
            expected: Expected::FaceDown,
        }),
        None => Err(words.incomplete(Expected::FaceDown)),
    }
}

/// What happened, in one line; the hidden parts of a redacted event read as
/// "a card" or "3 cards": "player 2 was dealt 3 cards", "Noble 4 moved from
/// player 1's Alliance to the Dismiss pile", "player 3 wins the Queen's
/// Crown".
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Event::Dealt { player, cards, .. } => {
                write!(f, "{player} was dealt ")?;
                let mut known: arrayvec::ArrayVec<Card, 3> = arrayvec::ArrayVec::new();
                for &c in cards.iter().flatten() {
                    let _ = known.try_push(c);
                }
                if known.len() == cards.len() && !known.is_empty() {
                    and_list(f, &known)
                } else {
                    count(f, cards.len(), "card", "cards")
                }
            }
            Event::Reshuffled { cards } => {
                f.write_str("the Dismiss pile was shuffled to become the Fairy Deck (")?;
                count(f, usize::from(*cards), "card", "cards")?;
                f.write_str(")")
            }
            Event::Committed { player } => write!(f, "{player} made their choice in secret"),
            Event::AllianceFounded { player, cards } => {
                write!(f, "{player} starts their Alliance with ")?;
                and_list(f, cards)
            }
            Event::RoundStarted { round, direction } => {
                write!(f, "round {round} begins: play to the {direction}")
            }
            Event::StacksPassed { direction } => {
                write!(f, "everyone passes their stack to the {direction}")
            }
            Event::Moved { card, from, to, .. } => match card {
                Some(c) => write!(f, "{c} moved from {from} to {to}"),
                None => write!(f, "a card moved from {from} to {to}"),
            },
            Event::Looked {
                player,
                card,
                at,
                position,
            } => {
                match at {
                    Zone::Chosen(_) => write!(f, "{player} looks at their kept Fairy")?,
                    _ => write!(
                        f,
                        "{player} looks at card {} of their stack",
                        u16::from(*position) + 1
                    )?,
                }
                match card {
                    Some(c) => write!(f, ": {c}"),
                    None => Ok(()),
                }
            }
            Event::Revealed {
                player,
                card,
                active,
            } => {
                write!(f, "{player} reveals {card}")?;
                if *active {
                    f.write_str("; its Power stays Active")?;
                }
                Ok(())
            }
            Event::PowerUsed {
                player,
                card,
                power,
            } => {
                if card.family == *power {
                    write!(f, "{player} uses the Power of {card}")
                } else {
                    write!(f, "{player} uses the {power} Power with {card}")
                }
            }
            Event::NoEffect { card } => write!(f, "{card} has no valid target and does nothing"),
            Event::Aimed { player, target } => write!(f, "{player} targets {target}"),
            Event::Responded { player, card } => write!(f, "{player} responds with {card}"),
            Event::Redirected { to } => write!(f, "the Power is deflected to {to}"),
            Event::Concealed { cards: [a, b] } => {
                write!(f, "{a} and {b} are turned face down and shuffled")
            }
            Event::Picked { pick, card } => {
                write!(f, "the {pick} face-down Fairy is taken: it is {card}")
            }
            Event::Avoided { player } => write!(f, "{player} avoids the Chain Power"),
            Event::LineupChanged { player, effect } => match effect {
                LineupEffect::Blinded => write!(
                    f,
                    "{player} is Blinded: they decide on their top card without seeing it"
                ),
                LineupEffect::Psychic => {
                    write!(
                        f,
                        "{player} is Psychic: they see the top 2 cards of their stack"
                    )
                }
                LineupEffect::Reduced => {
                    write!(f, "{player} is Reduced: their top card is dismissed unseen")
                }
            },
            Event::CourtCrier { player } => write!(f, "{player} is the Court Crier"),
            Event::ScoringChoice {
                player,
                card,
                paired,
                family,
            } => match (paired, family) {
                (Some(partner), _) => write!(f, "{player} pairs {card} with {partner}"),
                (None, Some(family)) => write!(f, "{player} scores {card} as {family}"),
                (None, None) if card.family == Family::Familiar => {
                    write!(f, "{player} leaves {card} unpaired")
                }
                (None, None) => write!(f, "{player} scores {card} as it is"),
            },
            Event::Scored { player, favor } => write!(f, "{player} scores {favor} Favor"),
            Event::GameOver { winner } => write!(f, "{winner} wins the Queen's Crown"),
        }
    }
}

/// A card's name, with its Favor in this game when that differs from the
/// Favor its name shows ("Give 1 (Favor 2)").
struct Named<'a>(Card, &'a FavorTable);

impl fmt::Display for Named<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Named(card, table) = *self;
        write!(f, "{card}")?;
        let favor = table.favor(card);
        if favor != card.default_favor() {
            write!(f, " (Favor {favor})")?;
        }
        Ok(())
    }
}

/// A Fairy in an Alliance: name, Favor, Active flag, scoring choice.
struct InAlliance<'a>(&'a AllianceCard, &'a FavorTable);

impl fmt::Display for InAlliance<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let InAlliance(ac, table) = *self;
        write!(f, "{}", Named(ac.card, table))?;
        if ac.active {
            f.write_str(" [Active]")?;
        }
        match ac.scoring {
            Some(ScoringChoice::Paired(Some(c))) => write!(f, " [paired with {c}]"),
            Some(ScoringChoice::Paired(None)) => f.write_str(" [unpaired]"),
            Some(ScoringChoice::As(family)) => write!(f, " [scores as {family}]"),
            None => Ok(()),
        }
    }
}

/// A Family and what its Power does: "Dispel (Direct): put a Fairy ...".
struct PowerHelp(Family);

impl fmt::Display for PowerHelp {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let family = self.0;
        write!(
            f,
            "{family} ({}): {}",
            family.power_type(),
            family.power_text()
        )
    }
}

impl View {
    /// Where `card` is as this seat sees it, if it sees it anywhere.
    pub fn place_of(&self, card: Card) -> Option<Zone> {
        self.players.iter().enumerate().find_map(|(i, p)| {
            let player = Player(i as u8);
            if p.alliance.iter().any(|ac| ac.card == card) {
                Some(Zone::Alliance(player))
            } else if p.chosen == Slot::Known(card) {
                Some(Zone::Chosen(player))
            } else if p.hand.contains(&Some(card)) {
                Some(Zone::Hand(player))
            } else if p
                .lineup
                .iter()
                .skip(usize::from(p.cursor))
                .any(|&c| c == Some(card))
            {
                Some(Zone::Lineup(player))
            } else {
                None
            }
        })
    }

    /// `action` with where its card is, for a menu: "choose Dispel 3' (in
    /// player 2's Alliance)". [`Action`]'s [`FromStr`] reads this text back
    /// (it ignores the note in parentheses).
    ///
    /// ```
    /// use fairy_ring::fickle::{Action, Card, Config, State};
    /// use fairy_ring::{Game, Player, Seat};
    /// # use rand_core::SeedableRng;
    /// let state = State::builder(3)
    ///     .alliance(Player(1), ["Dispel 3", "Noble 4"])
    ///     .build()?;
    /// let view = state.view_for(Seat::Player(Player(0)));
    /// let choose = Action::Target(Card::parse("Dispel 3")?);
    /// let text = view.describe(choose).to_string();
    /// assert_eq!(text, "choose Dispel 3 (in player 2's Alliance)");
    /// assert_eq!(text.parse(), Ok(choose));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn describe(&self, action: Action) -> impl fmt::Display + '_ {
        Described(self, action)
    }
}

struct Described<'a>(&'a View, Action);

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Described(view, action) = *self;
        write!(f, "{action}")?;
        let card = match action {
            Action::Dismiss(c)
            | Action::Place(c)
            | Action::Target(c)
            | Action::Respond(c)
            | Action::Pair(c) => c,
            _ => return Ok(()),
        };
        let me = view.seat.player();
        match view.place_of(card) {
            Some(Zone::Alliance(p)) if Some(p) == me => f.write_str(" (in your Alliance)"),
            Some(Zone::Chosen(p)) if Some(p) == me => f.write_str(" (your kept Fairy)"),
            Some(Zone::Hand(p)) if Some(p) == me => f.write_str(" (in your hand)"),
            Some(zone @ (Zone::Alliance(_) | Zone::Hand(_) | Zone::Lineup(_))) => {
                write!(f, " (in {zone})")
            }
            Some(zone) => write!(f, " ({zone})"),
            None => Ok(()),
        }
    }
}

/// What the seat may know and needs to decide, in a few lines: the round and
/// direction, the Court Crier, the deck and Dismiss pile, every Alliance
/// (with Favor from this game's table where a name's default differs, Active
/// Powers, current Favor), the seat's own hand, stack and kept Fairy, the
/// decision awaited with a help text for the Power being resolved, and who
/// must act; and, when it names a card with a prime ("Noble 4'"), a last
/// line saying what the prime means.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut spotter = PrimeSpotter {
            out: f,
            before: [' '; 2],
            pending: None,
            found: None,
        };
        self.body(&mut spotter)?;
        match spotter.finish() {
            Some(favor) => write!(
                f,
                "\nA prime (') after a card's number marks the second of a Family's two cards with that number: {favor}' is the second card numbered {favor}"
            ),
            None => Ok(()),
        }
    }
}

/// Passes text on, noting the Favor of the first card name written with a
/// prime ("Noble 4'", "Pariah -2'"): a digit followed by `'` that does not
/// start "'s" ("player 2's").
struct PrimeSpotter<'a, W> {
    out: &'a mut W,
    /// The last two characters written.
    before: [char; 2],
    /// A digit and `'` just written (the Favor), waiting for the next
    /// character to tell a prime from "'s".
    pending: Option<i8>,
    /// The Favor of the first prime.
    found: Option<i8>,
}

impl<W: fmt::Write> fmt::Write for PrimeSpotter<'_, W> {
    fn write_str(&mut self, s: &str) -> fmt::Result {
        for c in s.chars() {
            if let Some(favor) = self.pending.take()
                && c != 's'
            {
                self.found = self.found.or(Some(favor));
            }
            if let (true, [sign, digit]) = (c == '\'', self.before)
                && let Some(d) = digit.to_digit(10)
            {
                let d = d as i8;
                self.pending = Some(if sign == '-' { -d } else { d });
            }
            self.before = [self.before[1], c];
        }
        self.out.write_str(s)
    }
}

impl<W> PrimeSpotter<'_, W> {
    /// The Favor of the first prime written, if any.
    fn finish(self) -> Option<i8> {
        self.found.or(self.pending)
    }
}

impl View {
    /// The view's lines (see its `Display`).
    fn body(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let me = self.seat.player();
        if self.round == 0 {
            f.write_str("Fickle, opening deal")?;
        } else {
            write!(f, "Fickle, round {} of 5", self.round)?;
            if let Some(d) = self.directions.last() {
                write!(f, ", play to the {d}")?;
            }
        }
        write!(f, "; Court Crier: {}", self.court_crier)?;
        if let Some(me) = me {
            write!(f, "; you are {me}")?;
        }
        f.write_str("\nFamilies: ")?;
        and_list(f, &self.families)?;
        f.write_str("\nFairy Deck: ")?;
        count(f, usize::from(self.deck), "card", "cards")?;
        f.write_str("; Dismiss pile: ")?;
        count(f, usize::from(self.dismiss), "card", "cards")?;
        for (i, p) in self.players.iter().enumerate() {
            self.player_lines(f, Player(i as u8), p)?;
        }
        f.write_str("\n")?;
        self.decision(f)?;
        if !self.to_act.is_empty() {
            f.write_str("\nTo act: ")?;
            let players: arrayvec::ArrayVec<Player, 5> = super::view::bounded(self.to_act.iter());
            and_list(f, &players)?;
        }
        Ok(())
    }
}

impl View {
    fn player_lines(&self, f: &mut impl fmt::Write, player: Player, p: &PlayerView) -> fmt::Result {
        let own = self.seat.player() == Some(player);
        let table = &self.favor;
        write!(f, "\n{player}")?;
        if own {
            f.write_str(" (you)")?;
        }
        f.write_str(": Alliance ")?;
        if p.alliance.is_empty() {
            f.write_str("empty")?;
        }
        for (i, ac) in p.alliance.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", InAlliance(ac, table))?;
        }
        let label = if matches!(self.phase, Phase::Over { .. }) {
            "final Favor"
        } else {
            "Favor now"
        };
        write!(f, "; {label} {}", alliance_score(&p.alliance, table))?;
        for (on, effect) in [
            (p.effects.blinded, LineupEffect::Blinded),
            (p.effects.psychic, LineupEffect::Psychic),
            (p.effects.reduced, LineupEffect::Reduced),
        ] {
            if on {
                write!(f, "; {effect} this round")?;
            }
        }
        match p.chosen {
            Slot::Known(c) => write!(f, "; kept Fairy {}", Named(c, table))?,
            Slot::FaceDown => f.write_str("; kept Fairy face down")?,
            Slot::Empty => {}
        }
        let simultaneous = matches!(
            self.phase,
            Phase::Opening | Phase::Lineup | Phase::Selection
        );
        if simultaneous && self.to_act.contains(player) {
            f.write_str("; choosing")?;
        } else if simultaneous && p.ready && !own {
            f.write_str("; ready")?;
        }
        // Hands and stacks.
        match self.phase {
            Phase::Opening if own => {
                f.write_str("\n  your dealt cards: ")?;
                self.cards(f, p.hand.iter().flatten().copied())?;
                if let Some(d) = p.discard {
                    write!(f, "; you dismiss {d}")?;
                }
            }
            Phase::Lineup if own && !p.hand.is_empty() => {
                let placed = usize::from(p.placed).min(p.hand.len());
                let (stack, rest) = p.hand.split_at(placed);
                f.write_str("\n  your stack so far (top first): ")?;
                if stack.is_empty() {
                    f.write_str("nothing placed yet")?;
                } else {
                    self.cards(f, stack.iter().flatten().copied())?;
                }
                if !rest.is_empty() {
                    f.write_str("; still to place: ")?;
                    self.cards(f, rest.iter().flatten().copied())?;
                }
            }
            Phase::Selection => {
                let left: &[Option<Card>] = p.lineup.get(usize::from(p.cursor)..).unwrap_or(&[]);
                if let Some((top, below)) = left.split_first() {
                    if own {
                        f.write_str("\n  top card of your stack: ")?;
                        match top {
                            Some(c) => write!(f, "{}", Named(*c, table))?,
                            None => f.write_str("face down, unseen")?,
                        }
                        let seen: arrayvec::ArrayVec<Card, 3> =
                            super::view::bounded(below.iter().flatten().copied());
                        if !seen.is_empty() {
                            f.write_str("; below it: ")?;
                            self.cards(f, seen.into_iter())?;
                        }
                        f.write_str("; ")?;
                        count(f, left.len(), "card", "cards")?;
                        f.write_str(" left")?;
                        match p.pending {
                            Some(true) => f.write_str("; you keep it")?,
                            Some(false) => f.write_str("; you dismiss it")?,
                            None => {}
                        }
                    } else {
                        write!(f, "\n  {player}'s stack: ")?;
                        count(f, left.len(), "card", "cards")?;
                        f.write_str(" left")?;
                        let known: arrayvec::ArrayVec<Card, 3> =
                            super::view::bounded(left.iter().flatten().copied());
                        if !known.is_empty() {
                            f.write_str(" (you passed these: ")?;
                            for (i, c) in left.iter().enumerate() {
                                if i > 0 {
                                    f.write_str(", ")?;
                                }
                                match c {
                                    Some(c) => write!(f, "{}", Named(*c, table))?,
                                    None => f.write_str("a card")?,
                                }
                            }
                            f.write_str(", top first)")?;
                        }
                    }
                }
            }
            _ => {}
        }
        Ok(())
    }

    fn cards(&self, f: &mut impl fmt::Write, cards: impl Iterator<Item = Card>) -> fmt::Result {
        for (i, c) in cards.enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}", Named(c, &self.favor))?;
        }
        Ok(())
    }

    fn decision(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let me = self.seat.player();
        let you = |p: Player| me == Some(p);
        match &self.phase {
            Phase::Opening => f.write_str(
                "Opening deal: everyone dismisses one of their 3 cards; the other 2 start their Alliance",
            ),
            Phase::StartRound { seize: Some(s), .. } => write!(
                f,
                "Start Round: {} resolves {}: choose the Fairy it takes\n  {}",
                s.user,
                s.source,
                PowerHelp(s.source.family)
            ),
            Phase::StartRound { .. } => f.write_str("Start Round: Delayed Powers resolve"),
            Phase::Lineup => f.write_str(
                "Fairy Lineup: place your 3 cards one at a time (the first placed ends on top) to pass the stack on",
            ),
            Phase::Selection => f.write_str(
                "Fairy Selection: keep the top card of your stack, or dismiss it to see the next (the last card is kept)",
            ),
            Phase::Powers {
                resolution: Some(Resolution::Direct(d)),
                ..
            } => {
                write!(f, "Fairy Powers: {} resolves ", d.user)?;
                if d.source.family == d.power {
                    write!(f, "{}", d.source)?;
                } else {
                    write!(f, "the {} Power with {}", d.power, d.source)?;
                }
                if let Some(own) = d.own {
                    write!(f, "; their own Fairy: {own}")?;
                }
                if let Some(target) = d.target {
                    write!(f, "; target: {target}")?;
                }
                f.write_str("\n  ")?;
                match d.step {
                    Step::Copy => write!(f, "{} chooses a Direct Power to copy", d.user)?,
                    Step::Own => write!(f, "{} chooses a Fairy of their own Alliance", d.user)?,
                    Step::Aim => {
                        write!(f, "{} chooses the target", d.user)?;
                        if let Some(aim) = d.aim {
                            write!(f, " in {aim}'s Alliance")?;
                        }
                    }
                    Step::Window { responder, .. } => {
                        write!(f, "{responder} may use a Response or pass")?
                    }
                    Step::Redirect { deflector } => {
                        write!(f, "{deflector} chooses the opponent the Power is deflected to")?
                    }
                    Step::Conceal { holder } => write!(
                        f,
                        "{holder} chooses a second Fairy to hide face down with the target"
                    )?,
                    Step::Guess => write!(
                        f,
                        "{} takes one of the 2 face-down Fairies, unseen",
                        d.user
                    )?,
                    Step::Reflect { player } => {
                        write!(f, "{player} may Reflect the Power or pass")?
                    }
                }
                write!(f, "\n  {}", PowerHelp(d.power))?;
                if matches!(d.step, Step::Window { .. } | Step::Reflect { .. }) {
                    self.response_help(f)?;
                }
                Ok(())
            }
            Phase::Powers {
                resolution: Some(Resolution::Chain(c)),
                ..
            } => {
                write!(f, "Fairy Powers: {} resolves {}\n  ", c.user, c.source)?;
                match c.step {
                    ChainStep::Avoid { responder, .. } => {
                        write!(f, "{responder} may avoid the Chain Power with a Deflect, or pass")?
                    }
                    ChainStep::Pick => {
                        f.write_str("players with tied Fairies choose which one the Power takes")?;
                        if let Some(pick) = me.and_then(|p| c.pick(p)) {
                            write!(f, "; you chose {pick}")?;
                        }
                    }
                }
                write!(f, "\n  {}", PowerHelp(c.source.family))?;
                if matches!(c.step, ChainStep::Avoid { .. }) {
                    self.response_help(f)?;
                }
                Ok(())
            }
            Phase::Powers { .. } => f.write_str("Fairy Powers"),
            Phase::Scoring => {
                f.write_str(
                    "End of game: pair each Familiar with a Fairy and choose a Family for each Illusion",
                )?;
                let own = me.and_then(|p| self.players.get(p.index()));
                let pending = |family: Family| {
                    own.and_then(|p| {
                        p.alliance
                            .iter()
                            .find(|ac| ac.card.family == family && ac.scoring.is_none())
                    })
                };
                if let Some(ac) = pending(Family::Familiar).or_else(|| pending(Family::Illusion)) {
                    write!(
                        f,
                        "\n  you choose for {}\n  {}",
                        ac.card,
                        PowerHelp(ac.card.family)
                    )?;
                }
                Ok(())
            }
            Phase::Over { winner } if you(*winner) => {
                f.write_str("Game over: you win the Queen's Crown")
            }
            Phase::Over { winner } => write!(f, "Game over: {winner} wins the Queen's Crown"),
        }
    }

    /// The help text of the seat's Active Response Fairies.
    fn response_help(&self, f: &mut impl fmt::Write) -> fmt::Result {
        let Some(me) = self.seat.player() else {
            return Ok(());
        };
        let mut shown = [false; super::family::FAMILY_COUNT];
        let Some(area) = self.players.get(me.index()) else {
            return Ok(());
        };
        let kept = match area.chosen {
            Slot::Known(c) => Some(c),
            _ => None,
        };
        let active = area
            .alliance
            .iter()
            .filter(|ac| ac.active)
            .map(|ac| ac.card);
        for card in active.chain(kept) {
            let family = card.family;
            if family.power_type() == PowerType::Response
                && shown.get(family.index()) == Some(&false)
            {
                if let Some(s) = shown.get_mut(family.index()) {
                    *s = true;
                }
                write!(f, "\n  your {}", PowerHelp(family))?;
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The Favor of the first prime `text` shows, as the view's note names it.
    fn spotted(text: &str) -> Option<i8> {
        let mut out = arrayvec::ArrayString::<64>::new();
        let mut spotter = PrimeSpotter {
            out: &mut out,
            before: [' '; 2],
            pending: None,
            found: None,
        };
        fmt::Write::write_str(&mut spotter, text).expect("room");
        spotter.finish()
    }

    #[test]
    fn a_prime_is_a_digit_and_a_quote_that_does_not_start_s() {
        assert_eq!(spotted("player 2's stack"), None);
        assert_eq!(spotted("player 2's stack: Noble 4"), None);
        assert_eq!(spotted("Noble 4', Give 2"), Some(4));
        assert_eq!(spotted("player 2's Noble 1, Pariah -3'"), Some(-3));
        assert_eq!(spotted("Dispel 3' and Give 2'"), Some(3));
        assert_eq!(spotted("it's"), None);
    }
}
