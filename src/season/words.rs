//! Fairy Season in the players' words: `Display` for actions, events, phases
//! and views, and the action notation (`FromStr` for [`Action`]).

use core::fmt;

use super::action::Action;
use super::cards::{Card, CardKind, ParseCardError};
use super::config::{Ability, Direction, GoblinEffect};
use super::event::Event;
use super::rules;
use super::state::Phase;
use super::view::View;
use crate::Numeral;
use crate::{Player, PlayerSet};

/// `n` and the noun, singular for 1: "1 card", "2 cards".
struct Count<'a>(usize, &'a str);

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(n, noun) = *self;
        let s = if n == 1 { "" } else { "s" };
        write!(f, "{n} {noun}{s}")
    }
}

/// `n` and the singular or plural noun: "1 Stash", "2 Stashes".
pub(super) struct Plural<'a>(pub(super) usize, pub(super) &'a str, pub(super) &'a str);

impl fmt::Display for Plural<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Plural(n, one, many) = *self;
        write!(f, "{n} {}", if n == 1 { one } else { many })
    }
}

/// A card in a sentence: "Spring 3", "the King", "a Robber Goblin", "a Trap".
struct Named(Card);

impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.kind() {
            CardKind::Season { .. } => write!(f, "{}", self.0),
            CardKind::Royal(_) => write!(f, "the {}", self.0),
            CardKind::Goblin(_) | CardKind::Trap => write!(f, "a {}", self.0),
        }
    }
}

/// Players in words: "player 1", "player 1 and player 3", "player 1,
/// player 2 and player 3"; "nobody" for none.
struct Players(PlayerSet);

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.0.len();
        if count == 0 {
            return f.write_str("nobody");
        }
        for (i, player) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == count { " and " } else { ", " })?;
            }
            write!(f, "{player}")?;
        }
        Ok(())
    }
}

/// Who won: "player 1 wins", "player 1 and player 3 share the victory".
pub(super) struct Winners(pub(super) PlayerSet);

impl fmt::Display for Winners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0.len() {
            0 => f.write_str("nobody wins"),
            1 => write!(f, "{} wins", Players(self.0)),
            _ => write!(f, "{} share the victory", Players(self.0)),
        }
    }
}

/// Cards in a list: "Spring 3, a Trap" ... as plain names, or "nothing".
struct Cards<'a>(&'a [Card], bool);

impl fmt::Display for Cards<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Cards(cards, copies) = *self;
        if cards.is_empty() {
            return f.write_str("nothing");
        }
        for (i, card) in cards.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if copies {
                write!(f, "{card:#}")?;
            } else {
                write!(f, "{card}")?;
            }
        }
        Ok(())
    }
}

/// The action in the [notation](super#notation): `play Spring 3 #2`,
/// `flunk`, `pass`, `stash Winter 8 #1`, `draw a bonus card`, `skip the
/// bonus`, `rob the Stash of player 2`, `steal from player 2`, `swap hands
/// with player 3`, `pass cards left`, `give Trap #4`.
///
/// A card is named with its copy (`{:#}`, e.g. `Spring 3 #2`), so the two
/// copies of a card in one hand are two different texts; a Royal, of which
/// there is one, is just `King`.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Action::Play(card) => write!(f, "play {card:#}"),
            Action::Flunk => f.write_str("flunk"),
            Action::Pass => f.write_str("pass"),
            Action::Stash(card) => write!(f, "stash {card:#}"),
            Action::BonusDraw => f.write_str("draw a bonus card"),
            Action::SkipBonus => f.write_str("skip the bonus"),
            Action::RobFrom(player) => write!(f, "rob the Stash of {player}"),
            Action::StealFrom(player) => write!(f, "steal from {player}"),
            Action::SwapWith(player) => write!(f, "swap hands with {player}"),
            Action::PassTo(direction) => write!(f, "pass cards {direction}"),
            Action::Give(card) => write!(f, "give {card:#}"),
        }
    }
}

/// Why a text is not an action in the [notation](super#notation).
///
/// `Display` says what is wrong in plain words. The byte offsets (`at`),
/// counted from the start of the text, are for programs that point at the
/// place; the words do not mention them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// The text has no words.
    #[error("no action given")]
    Empty,
    /// The first word is not an action.
    #[error(
        "an action starts with play, flunk, pass, stash, draw, skip, rob, steal, swap, pass cards or give"
    )]
    UnknownWord {
        /// Where the word starts.
        at: usize,
    },
    /// A word the action needs is missing or is another word, e.g. `steal`
    /// without `from`.
    #[error("the action needs {} next", Needed(expected))]
    Expected {
        /// Where the missing word should be.
        at: usize,
        /// The word expected there ("a card" where a card's name is).
        expected: &'static str,
    },
    /// The action names a card, and the text from byte `at` is not one.
    #[error("{error}")]
    Card {
        /// Where the card's name starts.
        at: usize,
        /// What is wrong with it.
        error: ParseCardError,
    },
    /// The action names a player, and the text at byte `at` is not `player`
    /// with a number.
    #[error("say which player, like \"player 2\"")]
    NotAPlayer {
        /// Where the player should be.
        at: usize,
    },
    /// A player number the notation has no seat for: 0, or past 256 (the
    /// notation's seats; a table has 3 to 5, see
    /// [`NotAtTable`](ParseActionError::NotAtTable)).
    #[error("there is no player {number}{}", FromOne(*number))]
    PlayerOutOfRange {
        /// The number as written, however large.
        number: Numeral,
    },
    /// Read at a table ([`Game::read_action`](crate::Game::read_action)): a
    /// player number that no seat at this table has.
    #[error("there is no player {number}: players are numbered 1 to {players}")]
    NotAtTable {
        /// The number as written, however large.
        number: Numeral,
        /// How many players the table has.
        players: u8,
    },
    /// A direction other than `left` or `right`.
    #[error("say which way: left or right")]
    NotADirection {
        /// Where the direction should be.
        at: usize,
    },
    /// Words after a complete action.
    #[error("the action is complete before the end: leave out the words after it")]
    TrailingText {
        /// Where the extra text starts.
        at: usize,
    },
}

/// A needed word in quotes ("the word \"with\""); a description as it is
/// ("a card").
struct Needed<'a>(&'a str);

impl fmt::Display for Needed<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.contains([' ']) {
            f.write_str(self.0)
        } else {
            write!(f, "the word \"{}\"", self.0)
        }
    }
}

/// After "there is no player 0": players count from 1.
struct FromOne(Numeral);

impl fmt::Display for FromOne {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.value() == Some(0) {
            f.write_str(": players are numbered from 1")
        } else {
            Ok(())
        }
    }
}

/// The words of a text with their byte offsets.
struct Words<'a> {
    text: &'a str,
    pos: usize,
}

impl<'a> Words<'a> {
    fn new(text: &'a str) -> Words<'a> {
        Words { text, pos: 0 }
    }

    /// The offset of the next word (or the end of the text).
    fn here(&self) -> usize {
        let rest = self.text.get(self.pos..).unwrap_or("");
        self.pos + (rest.len() - rest.trim_start().len())
    }

    /// The next word and its offset.
    fn next(&mut self) -> Option<(usize, &'a str)> {
        let at = self.here();
        let rest = self.text.get(at..).unwrap_or("");
        let len = rest.find(|c: char| c.is_whitespace()).unwrap_or(rest.len());
        if len == 0 {
            return None;
        }
        self.pos = at + len;
        rest.get(..len).map(|word| (at, word))
    }

    /// The next word, if it is `word` (ignoring case); consumes it then.
    fn take(&mut self, word: &str) -> bool {
        let saved = self.pos;
        match self.next() {
            Some((_, w)) if w.eq_ignore_ascii_case(word) => true,
            _ => {
                self.pos = saved;
                false
            }
        }
    }

    /// Requires the next word to be `word`.
    fn expect(&mut self, word: &'static str) -> Result<(), ParseActionError> {
        let at = self.here();
        if self.take(word) {
            Ok(())
        } else {
            Err(ParseActionError::Expected { at, expected: word })
        }
    }

    /// The rest of the text, as a card name.
    fn card(&mut self) -> Result<Card, ParseActionError> {
        let at = self.here();
        let rest = self.text.get(at..).unwrap_or("");
        self.pos = self.text.len();
        if rest.trim().is_empty() {
            return Err(ParseActionError::Expected {
                at,
                expected: "a card",
            });
        }
        rest.parse()
            .map_err(|error| ParseActionError::Card { at, error })
    }

    /// `player N` (or just `N`), N from 1 to 256.
    fn player(&mut self) -> Result<Player, ParseActionError> {
        let at = self.here();
        self.take("player");
        let Some((_, number)) = self.next() else {
            return Err(ParseActionError::NotAPlayer { at });
        };
        let Some(numeral) = Numeral::parse(number) else {
            return Err(ParseActionError::NotAPlayer { at });
        };
        numeral
            .value()
            .and_then(|n| n.checked_sub(1))
            .and_then(|seat| u8::try_from(seat).ok())
            .map(Player)
            .ok_or(ParseActionError::PlayerOutOfRange { number: numeral })
    }

    /// `left` or `right`.
    fn direction(&mut self) -> Result<Direction, ParseActionError> {
        let at = self.here();
        self.next()
            .and_then(|(_, word)| word.parse().ok())
            .ok_or(ParseActionError::NotADirection { at })
    }

    /// Requires the end of the text.
    fn end(&mut self) -> Result<(), ParseActionError> {
        match self.next() {
            None => Ok(()),
            Some((at, _)) => Err(ParseActionError::TrailingText { at }),
        }
    }
}

/// Reads the [notation](super#notation): exactly what `Display` prints, in
/// any ASCII case and spacing, and the short forms listed there.
impl core::str::FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        let mut words = Words::new(text);
        let Some((at, verb)) = words.next() else {
            return Err(ParseActionError::Empty);
        };
        let is = |name: &str| verb.eq_ignore_ascii_case(name);
        let action = if is("play") {
            return words.card().map(Action::Play);
        } else if is("stash") {
            return words.card().map(Action::Stash);
        } else if is("give") {
            return words.card().map(Action::Give);
        } else if is("flunk") {
            Action::Flunk
        } else if is("pass") {
            if words.take("cards") {
                Action::PassTo(words.direction()?)
            } else if words.here() < text.len() {
                let at = words.here();
                match words.direction() {
                    Ok(direction) => Action::PassTo(direction),
                    Err(_) => return Err(ParseActionError::TrailingText { at }),
                }
            } else {
                Action::Pass
            }
        } else if is("left") || is("right") {
            Action::PassTo(
                verb.parse()
                    .map_err(|_| ParseActionError::UnknownWord { at })?,
            )
        } else if is("draw") {
            words.take("a");
            words.take("bonus");
            words.take("card");
            Action::BonusDraw
        } else if is("skip") {
            if words.take("the") {
                words.expect("bonus")?;
            } else {
                words.take("bonus");
            }
            Action::SkipBonus
        } else if is("rob") {
            if words.take("the") {
                words.expect("stash")?;
                words.expect("of")?;
            }
            Action::RobFrom(words.player()?)
        } else if is("steal") {
            words.take("from");
            Action::StealFrom(words.player()?)
        } else if is("swap") {
            if words.take("hands") {
                words.expect("with")?;
            } else {
                words.take("with");
            }
            Action::SwapWith(words.player()?)
        } else {
            return Err(ParseActionError::UnknownWord { at });
        };
        words.end()?;
        Ok(action)
    }
}

/// An action as the seat is shown it ([`Game::write_action`](crate::Game::write_action)):
/// the notation, and for a play, what the card does by the table's card
/// data: `play Spring 3 #1 (ability: draws 2 cards)`, `play Trickster
/// Goblin #1 (Goblin: swaps hands with a rival)`. Royals and Traps
/// do what the rulebook says, the same at every table, so they get nothing.
pub(super) fn write_in_view(
    view: &View,
    action: &Action,
    f: &mut fmt::Formatter<'_>,
) -> fmt::Result {
    write!(f, "{action}")?;
    let Action::Play(card) = *action else {
        return Ok(());
    };
    match card.kind() {
        CardKind::Season { .. } => write!(f, " (ability: {})", view.cards.ability_of(card)),
        CardKind::Goblin(goblin) => write!(f, " (Goblin: {})", view.cards.goblin(goblin)),
        CardKind::Royal(_) | CardKind::Trap => Ok(()),
    }
}

/// Reads the notation at the table of `view`
/// ([`Game::read_action`](crate::Game::read_action)): a player number
/// outside its seats is [`ParseActionError::NotAtTable`], naming them.
pub(super) fn read_at_table(view: &View, text: &str) -> Result<Action, ParseActionError> {
    let players = view.scores.len();
    let not_at_table = |number| ParseActionError::NotAtTable {
        number,
        players: u8::try_from(players).unwrap_or(u8::MAX),
    };
    match text.parse::<Action>() {
        Ok(Action::RobFrom(player) | Action::StealFrom(player) | Action::SwapWith(player))
            if player.index() >= players =>
        {
            Err(not_at_table(Numeral::from(u32::from(player.0) + 1)))
        }
        Err(ParseActionError::PlayerOutOfRange { number }) => Err(not_at_table(number)),
        read => read,
    }
}

/// What a Season Fairy's ability does, said of the card: `draws 2 cards`,
/// `stashes 1 card from hand`, `draws 1 card, then stashes 1 card from
/// hand`, `does nothing`.
///
/// ```
/// use fairy_ring::season::Ability;
///
/// assert_eq!(Ability::new(1, 1).to_string(), "draws 1 card, then stashes 1 card from hand");
/// assert_eq!(Ability::new(0, 0).to_string(), "does nothing");
/// ```
impl fmt::Display for Ability {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let draw = Count(usize::from(self.draw), "card");
        let stash = Count(usize::from(self.stash), "card");
        match (self.draw, self.stash) {
            (0, 0) => f.write_str("does nothing"),
            (_, 0) => write!(f, "draws {draw}"),
            (0, _) => write!(f, "stashes {stash} from hand"),
            _ => write!(f, "draws {draw}, then stashes {stash} from hand"),
        }
    }
}

/// What a Goblin does when played, said of the card: `takes the top 2
/// Fairies of the Swarm as points`, `swaps hands with a rival`, ...
///
/// The words use no verb of the [notation](super#notation) ("draws", not
/// "draw"; a Stash is a "points pile"), so that a person who types a verb
/// alone is not read as playing the one card whose text holds it.
///
/// ```
/// use fairy_ring::season::GoblinEffect;
///
/// assert_eq!(GoblinEffect::SwapHands.to_string(), "swaps hands with a rival");
/// assert_eq!(
///     GoblinEffect::PassAround(2).to_string(),
///     "everyone passes 2 cards to a side you choose"
/// );
/// ```
impl fmt::Display for GoblinEffect {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cards = |n: u8| Count(usize::from(n), "card");
        match *self {
            // Custom data may name 0 cards: the Goblin is played for nothing.
            GoblinEffect::Draw(0)
            | GoblinEffect::StashFromHand(0)
            | GoblinEffect::GrabFromSwarm(0)
            | GoblinEffect::StealFromStash(0)
            | GoblinEffect::PassAround(0) => f.write_str("does nothing"),
            GoblinEffect::Draw(n) => write!(f, "draws {}", cards(n)),
            GoblinEffect::StashFromHand(n) => write!(f, "stashes {} from hand", cards(n)),
            GoblinEffect::GrabFromSwarm(1) => f.write_str("takes the top Fairy of the Swarm as points"),
            GoblinEffect::GrabFromSwarm(n) => write!(
                f,
                "takes the top {} of the Swarm as points",
                Plural(usize::from(n), "Fairy", "Fairies")
            ),
            GoblinEffect::StealFromStash(1) => {
                f.write_str("steals the top card of a rival's points pile")
            }
            GoblinEffect::StealFromStash(n) => write!(
                f,
                "steals the top {} of a rival's points pile",
                cards(n)
            ),
            GoblinEffect::PlayFromStash => f.write_str(
                "plays the top card of any points pile onto the Swarm, if it is a Season Fairy that may follow",
            ),
            GoblinEffect::PassAround(n) => {
                write!(f, "everyone passes {} to a side you choose", cards(n))
            }
            GoblinEffect::SwapHands => f.write_str("swaps hands with a rival"),
        }
    }
}

/// One line of what happened, as the seat the event was redacted for may
/// see it: `player 2 played Spring 3`, `player 3 played the King`, `player
/// 1 drew a card` (hidden) or `player 1 drew Summer 5` (one's own),
/// `player 2 won the Swarm (7 cards)`, `player 1 took Spring 3 from the
/// Swarm onto their Stash`, `player 2 passed a card to player 3`, `player
/// 1 got Spring 3 and the King from player 2` (a swapped hand, to the two
/// players) or `player 1 got 2 cards from player 2`, `game over: player 1
/// wins`.
///
/// ```
/// use fairy_ring::season::{Card, Event};
/// use fairy_ring::Player;
///
/// let card = Card::parse("Spring 3 #2")?;
/// let played = Event::Played { player: Player(1), card };
/// assert_eq!(played.to_string(), "player 2 played Spring 3");
/// let won = Event::SwarmWon { winner: Some(Player(1)), cards: 1 };
/// assert_eq!(won.to_string(), "player 2 won the Swarm (1 card)");
/// # Ok::<(), fairy_ring::season::ParseCardError>(())
/// ```
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Event::Played { player, card } => write!(f, "{player} played {}", Named(card)),
            Event::Flunked { player } => write!(f, "{player} flunked"),
            Event::Passed { player } => write!(f, "{player} played no Royal"),
            Event::Drew {
                player,
                card: Some(card),
            } => write!(f, "{player} drew {}", Named(card)),
            Event::Drew { player, card: None } => write!(f, "{player} drew a card"),
            Event::DeckEmpty => f.write_str("the deck is empty: this is the final Swarm"),
            Event::Stashed { player, card } => {
                write!(f, "{player} stashed {} from hand", Named(card))
            }
            Event::BonusSkipped { player } => write!(f, "{player} skipped the Matching Bonus"),
            Event::Grabbed { player, card } => write!(
                f,
                "{player} took {} from the Swarm onto their Stash",
                Named(card)
            ),
            Event::Stole { player, from, card } => {
                write!(f, "{player} stole {} from the Stash of {from}", Named(card))
            }
            Event::Robbed { player, from, card } if player == from => write!(
                f,
                "{player} played {} from their own Stash onto the Swarm",
                Named(card)
            ),
            Event::Robbed { player, from, card } => write!(
                f,
                "{player} played {} from the Stash of {from} onto the Swarm",
                Named(card)
            ),
            Event::HandsSwapped { player, rival } => {
                write!(f, "{player} swapped hands with {rival}")
            }
            Event::SwappedCards {
                from, to, cards, ..
            } if cards.iter().any(Option::is_some) => {
                write!(f, "{to} got ")?;
                let named = cards.iter().flatten().count();
                for (i, &card) in cards.iter().flatten().enumerate() {
                    if i > 0 {
                        f.write_str(if i + 1 == named { " and " } else { ", " })?;
                    }
                    write!(f, "{}", Named(card))?;
                }
                write!(f, " from {from}")
            }
            Event::SwappedCards {
                from, to, count: 1, ..
            } => write!(f, "{to} got a card from {from}"),
            Event::SwappedCards {
                from, to, count, ..
            } => write!(
                f,
                "{to} got {} from {from}",
                Count(usize::from(count), "card")
            ),
            Event::DirectionChosen { player, direction } => {
                write!(f, "{player} chose: everyone passes cards {direction}")
            }
            Event::Chose {
                player,
                card: Some(card),
            } => write!(f, "{player} chose {} to pass", Named(card)),
            Event::Chose { player, card: None } => write!(f, "{player} chose a card to pass"),
            Event::CardPassed {
                from,
                to,
                card: Some(card),
            } => write!(f, "{from} passed {} to {to}", Named(card)),
            Event::CardPassed {
                from,
                to,
                card: None,
            } => write!(f, "{from} passed a card to {to}"),
            Event::SwarmWon {
                winner: Some(winner),
                cards,
            } => write!(f, "{winner} won the Swarm ({})", Count(cards, "card")),
            Event::SwarmWon { winner: None, .. } => {
                f.write_str("the Swarm ended with no cards to win")
            }
            Event::RoyalWin { player } => write!(
                f,
                "{player} has all four Royal Fairies in their Stash and wins at once"
            ),
            Event::GameOver { winners } => write!(f, "game over: {}", Winners(winners)),
        }
    }
}

/// A player, with "(you)" after the seat's own.
struct Who(Player, Option<Player>);

impl fmt::Display for Who {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)?;
        if Some(self.0) == self.1 {
            f.write_str(" (you)")?;
        }
        Ok(())
    }
}

/// A phase in words, with "(you)" after the seat's own player.
struct PhaseIn(Phase, Option<Player>);

impl fmt::Display for PhaseIn {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let who = |player| Who(player, self.1);
        match self.0 {
            Phase::Turn { player } => write!(f, "{} to play a card or flunk", who(player)),
            Phase::Stashing { player, left, .. } => write!(
                f,
                "{} to stash {} from hand",
                who(player),
                Count(usize::from(left), "more card")
            ),
            Phase::Bonus { player } => write!(
                f,
                "{} to take the Matching Bonus: draw a card, stash a card from hand, or skip it",
                who(player)
            ),
            Phase::Robbing { player } => write!(
                f,
                "{} to choose a Stash whose top Fairy goes onto the Swarm",
                who(player)
            ),
            Phase::Stealing { player, count } => write!(
                f,
                "{} to choose a rival's Stash to steal {} from",
                who(player),
                Count(usize::from(count), "card")
            ),
            Phase::Swapping { player } => {
                write!(f, "{} to choose a rival to swap hands with", who(player))
            }
            Phase::Aiming { player, count } => write!(
                f,
                "{} to choose which way everyone passes {}: left or right",
                who(player),
                Count(usize::from(count), "card")
            ),
            Phase::Passing {
                direction, count, ..
            } => write!(
                f,
                "everyone with cards chooses {} to pass {direction}",
                Count(usize::from(count), "card")
            ),
            Phase::RoyalWindow { flunker, asked } => write!(
                f,
                "{} flunked; {} may play a Royal or pass",
                who(flunker),
                who(asked)
            ),
            Phase::Over { winners } => write!(f, "game over: {}", Winners(winners)),
        }
    }
}

/// What the game waits for, in words: `player 2 to play a card or flunk`,
/// `player 1 flunked; player 3 may play a Royal or pass`, `game over:
/// player 1 wins`.
impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", PhaseIn(*self, None))
    }
}

/// What may follow on the Swarm, by the Rules of the Hunt.
struct Follow<'a>(&'a [Card]);

impl fmt::Display for Follow<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let swarm = self.0;
        match swarm.last().map(|c| c.kind()) {
            None => return f.write_str("any card may start the Swarm"),
            Some(CardKind::Trap) => return f.write_str("only a Trap or a Royal may go on a Trap"),
            Some(CardKind::Royal(_)) => {
                f.write_str("only a Season or Royal Fairy may go on a Royal; ")?
            }
            _ => {}
        }
        match rules::topmost_season(swarm) {
            None => f.write_str("any Season Fairy may be played"),
            Some((season, number)) => {
                write!(f, "Season Fairies: {season} {number}")?;
                if number < 8 {
                    f.write_str(" or higher")?;
                }
                if let Some(next) = season.next() {
                    write!(f, ", or any {next}")?;
                }
                Ok(())
            }
        }
    }
}

/// A few lines for a person at the table: the scoring, the deck, the Swarm
/// and what may follow on it, every player's hand size, Stash and points,
/// the seat's own hand (cards with their copy, as actions name them) and
/// what the game waits for.
///
/// ```
/// use fairy_ring::season::State;
/// use fairy_ring::{Game, Player, Seat};
///
/// let state = State::builder(3).deal(5)
///     .swarm(Player(1), ["Spring 3"])
///     .hand(Player(2), ["Summer 4", "Robber Goblin"])
///     .build()?;
/// let text = state.view_for(Seat::Player(Player(2))).to_string();
/// assert!(text.contains("Swarm (bottom to top): Spring 3, last played by player 2"));
/// assert!(text.contains("Your hand: Summer 4 #1, Robber Goblin #1"));
/// assert!(text.ends_with("Now: player 3 (you) to play a card or flunk"));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let you = self.seat.player();
        let players = self.scores.len();
        write!(
            f,
            "Fairy Season, {players} players: Season Fairy 1 point, Royal 2, Goblin and Trap 0; \
             all four Royals in one Stash win at once"
        )?;
        if self.deck_size == 0 && matches!(self.phase, Phase::Over { .. }) {
            f.write_str("\nDeck: empty")?;
        } else if self.deck_size == 0 {
            f.write_str("\nDeck: empty, this is the final Swarm")?;
        } else {
            write!(
                f,
                "\nDeck: {} left; once it is empty, the Swarm in play is the final one",
                Count(self.deck_size, "card")
            )?;
        }
        if self.swarm.is_empty() {
            f.write_str("\nSwarm: empty")?;
        } else {
            write!(f, "\nSwarm (bottom to top): {}", Cards(&self.swarm, false))?;
            if let Some(last) = self.last_played {
                write!(f, ", last played by {last}")?;
            }
        }
        if !matches!(self.phase, Phase::Over { .. }) {
            write!(f, "\nTo follow: {}", Follow(&self.swarm))?;
        }
        for (i, stash) in self.stashes.iter().enumerate() {
            let player = Player(i as u8);
            write!(
                f,
                "\n{}: {} in hand; Stash {}, {}",
                Who(player, you),
                Count(self.hand_size(player), "card"),
                Count(stash.len(), "card"),
                Count(usize::try_from(self.score(player)).unwrap_or(0), "point")
            )?;
            let royals = super::score::royals(stash);
            if royals > 0 {
                write!(f, ", {}", Count(royals, "Royal"))?;
            }
            if let Some(&top) = stash.last() {
                write!(f, ", top {top}")?;
            }
        }
        if you.is_some() {
            write!(f, "\nYour hand: {}", Cards(&self.hand, true))?;
            if !self.chosen.is_empty() {
                write!(f, "\nChosen to pass: {}", Cards(&self.chosen, true))?;
            }
        }
        f.write_str("\nNow: ")?;
        match self.phase {
            Phase::Turn { player } if self.swarm.is_empty() => {
                write!(f, "{} to start a new Swarm", Who(player, you))
            }
            phase => write!(f, "{}", PhaseIn(phase, you)),
        }
    }
}
