//! Fairy Prank in the players' words: `Display` for actions, events, views,
//! phases and rules; the action notation and its parser; and the wrappers
//! that show items by their names in a [`Treasures`] set.
//!
//! An [`Item`] is an index into the table's item set, so what is written
//! without that set names items by number ("item 3"); the `named` wrappers
//! ([`Action::named`], [`Event::named`], [`View::named`],
//! [`Violation::named`]) write their names ("marble") instead.

use core::fmt;

use crate::game::Players;
use core::str::FromStr;

use super::action::{Action, Violation};
use super::config::Rules;
use super::event::{Event, GuessingEnd};
use super::items::{Item, Items, MAX_ITEMS, Treasures};
use super::sheet::{ITEMS_TO_WIN, MARKS_TO_WIN, Sheet};
use super::state::Phase;
use super::view::View;
use crate::{Numeral, Player, PlayerSet};

/// `n` and the noun, singular for 1: "1 item", "2 items".
pub(super) struct Count<'a>(pub(super) usize, pub(super) &'a str);

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(n, noun) = *self;
        let s = if n == 1 { "" } else { "s" };
        write!(f, "{n} {noun}{s}")
    }
}

/// How items are written: by name from a set, or by number.
#[derive(Clone, Copy)]
struct Names<'a>(Option<&'a Treasures>);

impl<'a> Names<'a> {
    fn item(self, item: Item) -> ItemText<'a> {
        ItemText { item, names: self }
    }

    fn items(self, items: Items) -> ItemsText<'a> {
        ItemsText { items, names: self }
    }
}

/// One item: its name if the set has it, else "item N".
struct ItemText<'a> {
    item: Item,
    names: Names<'a>,
}

impl fmt::Display for ItemText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.names.0.and_then(|t| t.name(self.item)) {
            Some(name) => f.write_str(name),
            None => write!(f, "{}", self.item),
        }
    }
}

/// Items as a list in words, "die, marble and rope", or "nothing".
struct ItemsText<'a> {
    items: Items,
    names: Names<'a>,
}

impl fmt::Display for ItemsText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.items.len();
        if count == 0 {
            return f.write_str("nothing");
        }
        for (i, item) in self.items.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == count { " and " } else { ", " })?;
            }
            write!(f, "{}", self.names.item(item))?;
        }
        Ok(())
    }
}

/// "item 1, item 4 and item 5", or "nothing": items by number, for
/// messages that do not know the item set ([`Items::named`] writes names).
impl fmt::Display for Items {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", Names(None).items(*self))
    }
}

/// "player 1 wins", "player 1 and player 2 share the win", "nobody wins".
struct Winners(PlayerSet);

impl fmt::Display for Winners {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let players = Players {
            set: self.0,
            you: None,
        };
        match self.0.len() {
            0 => f.write_str("nobody wins"),
            1 => write!(f, "{players} wins"),
            _ => write!(f, "{players} share the win"),
        }
    }
}

/// "Selection phase", "Guessing phase, player 3 is the Fairy", "game over,
/// player 1 wins".
impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Phase::Selection => f.write_str("Selection phase"),
            Phase::Hiding { fairy } => write!(f, "Hiding phase, {fairy} is the Fairy"),
            Phase::Guessing { fairy } => write!(f, "Guessing phase, {fairy} is the Fairy"),
            Phase::Over { winners } => write!(f, "game over, {}", Winners(winners)),
        }
    }
}

/// "full rules", "beginner rules", "2-player rules".
impl fmt::Display for Rules {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Rules::Standard => "full rules",
            Rules::Beginner => "beginner rules",
            Rules::TwoPlayer => "2-player rules",
        })
    }
}

/// "every hidden item was guessed", "everything in the box was found".
impl fmt::Display for GuessingEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            GuessingEnd::AllRemovedGuessed => "every hidden item was guessed",
            GuessingEnd::AllInBoxGuessed => "everything in the box was found",
        })
    }
}

// ---------------------------------------------------------------- actions

fn write_action(f: &mut fmt::Formatter<'_>, action: Action, names: Names<'_>) -> fmt::Result {
    match action {
        Action::Select(item) => write!(f, "put {} in the box", names.item(item)),
        Action::EndSelection => f.write_str("end selection"),
        Action::Remove(item) => write!(f, "hide {}", names.item(item)),
        Action::DoneHiding => f.write_str("close the box"),
        Action::Guess(item) => write!(f, "guess {}", names.item(item)),
    }
}

/// The action in the [notation](super#notation), items by number: "put
/// item 3 in the box", "end selection", "hide item 3", "close the box",
/// "guess item 7". [`Action::named`] writes item names instead.
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_action(f, *self, Names(None))
    }
}

/// An [`Action`] with its item named from a [`Treasures`] set ("guess
/// marble"); built by [`Action::named`], parsed back by
/// [`Action::parse_named`].
#[derive(Clone, Copy, Debug)]
pub struct NamedAction<'a> {
    action: Action,
    treasures: &'a Treasures,
}

impl fmt::Display for NamedAction<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_action(f, self.action, Names(Some(self.treasures)))
    }
}

impl Action {
    /// The action in the [notation](super#notation) with its item by name
    /// in `treasures` ("put marble in the box"); an item the set does not
    /// have is written "item N".
    ///
    /// ```
    /// use fairy_ring::prank::{Action, Item, Treasures};
    /// let printed = Treasures::default();
    /// assert_eq!(Action::Guess(Item(2)).named(&printed).to_string(), "guess marble");
    /// assert_eq!(Action::Guess(Item(2)).to_string(), "guess item 3");
    /// ```
    pub fn named(self, treasures: &Treasures) -> NamedAction<'_> {
        NamedAction {
            action: self,
            treasures,
        }
    }

    /// Parses an action of the [notation](super#notation) whose item is
    /// written by its name in `treasures` (matched as [`Treasures::find`]
    /// does) or as "item N". A name wins over a number: in a set with an
    /// item named "item 2", "guess item 2" guesses that item. Parses back
    /// everything [`Action::named`] writes for the items of a valid set,
    /// "item N" for any N from 1 to 256 included; reading a seat's text at a
    /// table ([`Game::read_action`](crate::Game::read_action)) also refuses
    /// a number past the table's items.
    ///
    /// ```
    /// use fairy_ring::prank::{Action, Item, Treasures};
    /// let printed = Treasures::default();
    /// assert_eq!(Action::parse_named("hide  Wooden Stick", &printed), Ok(Action::Remove(Item(0))));
    /// assert_eq!(Action::parse_named("guess item 3", &printed), Ok(Action::Guess(Item(2))));
    /// assert!(Action::parse_named("guess crown", &printed).is_err());
    /// ```
    pub fn parse_named(text: &str, treasures: &Treasures) -> Result<Action, ParseActionError> {
        parse(text, ItemForms::Named(treasures))
    }

    /// Reads an action as a seat at a table with `treasures` writes it: as
    /// [`Action::parse_named`], and an item number must be one of the
    /// table's ("item 11" in a set of ten is
    /// [`ParseActionError::NoSuchItem`]). What [`Game::read_action`] does
    /// with the view's item set.
    ///
    /// [`Game::read_action`]: crate::Game::read_action
    ///
    /// ```
    /// use fairy_ring::prank::{Action, Item, ParseActionError, Treasures};
    /// let printed = Treasures::default();
    /// assert_eq!(Action::read_at_table("put die in the box", &printed), Ok(Action::Select(Item(1))));
    /// let error = Action::read_at_table("guess item 11", &printed).unwrap_err();
    /// assert_eq!(error.to_string(), "there is no item 11 in this game: its items are numbered 1 to 10");
    /// ```
    pub fn read_at_table(text: &str, treasures: &Treasures) -> Result<Action, ParseActionError> {
        parse(text, ItemForms::AtTable(treasures))
    }
}

/// Why a text is not an action in the [notation](super#notation).
///
/// The byte offsets (`at`) are for programs, to point at the part that is
/// wrong; they count from the start of the text as given, leading
/// whitespace included. The message a person reads says what is wrong
/// without them.
///
/// ```
/// use fairy_ring::prank::{Action, ParseActionError};
/// use fairy_ring::Numeral;
/// assert_eq!("".parse::<Action>(), Err(ParseActionError::Empty));
/// assert_eq!("shake".parse::<Action>(), Err(ParseActionError::UnknownVerb { at: 0 }));
/// assert_eq!("guess".parse::<Action>(), Err(ParseActionError::MissingItem { at: 5 }));
/// assert_eq!("guess marble".parse::<Action>(), Err(ParseActionError::UnknownItem { at: 6 }));
/// assert_eq!(
///     "hide item 0".parse::<Action>(),
///     Err(ParseActionError::ItemOutOfRange { at: 5, number: Numeral::from(0) })
/// );
/// assert_eq!("put item 1".parse::<Action>(), Err(ParseActionError::MissingInTheBox { at: 10 }));
/// assert_eq!("close the box now".parse::<Action>(), Err(ParseActionError::TrailingText { at: 14 }));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[non_exhaustive]
pub enum ParseActionError {
    /// The text is empty or only whitespace.
    #[error("no action given: write put, select, end, hide, close or guess")]
    Empty,
    /// The word starting at byte `at` starts no action.
    #[error("an action starts with put, select, end, hide, close or guess")]
    UnknownVerb {
        /// Byte offset of the word.
        at: usize,
    },
    /// The action needs an item and none follows (at byte `at`).
    #[error("the action needs an item after its first word, such as \"guess item 3\"")]
    MissingItem {
        /// Byte offset just after the verb.
        at: usize,
    },
    /// The item text starting at byte `at` is not "item N": read without
    /// the table's item set ([`FromStr`]), items are written by number.
    #[error(
        "that names no item: write \"item\" and its number, such as \"guess item 3\" (names are read at a table)"
    )]
    UnknownItem {
        /// Byte offset of the item text.
        at: usize,
    },
    /// The item text starting at byte `at` is neither a name of the
    /// table's item set nor "item N" ([`Action::parse_named`],
    /// [`Action::read_at_table`]).
    #[error(
        "that names no item of this game: write an item's name, or \"item\" and its number, 1 to {items}"
    )]
    UnknownItemName {
        /// Byte offset of the item text.
        at: usize,
        /// How many items the table's set holds.
        items: usize,
    },
    /// The item number at byte `at` is not between 1 and 256, the numbers
    /// the notation writes.
    #[error("there is no item {number}: item numbers run from 1 to 256")]
    ItemOutOfRange {
        /// Byte offset of the item text.
        at: usize,
        /// The number as typed, however large.
        number: Numeral,
    },
    /// The item number at byte `at` is not one of the table's items (read
    /// at a table: [`Action::read_at_table`]).
    #[error("there is no item {number} in this game: its items are numbered 1 to {items}")]
    NoSuchItem {
        /// Byte offset of the item text.
        at: usize,
        /// The number as typed, however large.
        number: Numeral,
        /// How many items the table's set holds.
        items: usize,
    },
    /// `put` and its item are not followed by `in the box` (at byte `at`).
    #[error("\"put\" and its item must end with \"in the box\" (\"select\" needs no ending)")]
    MissingInTheBox {
        /// Byte offset just after the text.
        at: usize,
    },
    /// The action stops short: `end the` without `selection`, `close the`
    /// without `box`; `at` is the end of the text.
    #[error("the action stops short: write \"end selection\" or \"close the box\"")]
    Incomplete {
        /// Byte offset of the end of the text (trailing whitespace left out).
        at: usize,
    },
    /// A whole action is followed by more text, starting at byte `at`.
    #[error("there is more after the action: give exactly one action")]
    TrailingText {
        /// Byte offset of the first extra word.
        at: usize,
    },
}

impl ParseActionError {
    /// The byte offset the error points at, if any (none for
    /// [`Empty`](ParseActionError::Empty)).
    pub fn at(&self) -> Option<usize> {
        match *self {
            ParseActionError::Empty => None,
            ParseActionError::UnknownVerb { at }
            | ParseActionError::MissingItem { at }
            | ParseActionError::UnknownItem { at }
            | ParseActionError::UnknownItemName { at, .. }
            | ParseActionError::ItemOutOfRange { at, .. }
            | ParseActionError::NoSuchItem { at, .. }
            | ParseActionError::MissingInTheBox { at }
            | ParseActionError::Incomplete { at }
            | ParseActionError::TrailingText { at } => Some(at),
        }
    }
}

/// Parses the [notation](super#notation), items by number ("item N", N
/// from 1 to 256): everything [`Display`](fmt::Display) writes, for every
/// `Action` value. Item names need the set: [`Action::parse_named`].
impl FromStr for Action {
    type Err = ParseActionError;

    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        parse(text, ItemForms::Numbered)
    }
}

/// How items may be written in a text being parsed.
#[derive(Clone, Copy)]
enum ItemForms<'a> {
    /// "item N", N from 1 to 256 ([`FromStr`]).
    Numbered,
    /// A name of the set, or "item N" from 1 to 256
    /// ([`Action::parse_named`]).
    Named(&'a Treasures),
    /// A name of the set, or "item N" for one of its items
    /// ([`Action::read_at_table`]).
    AtTable(&'a Treasures),
}

impl<'a> ItemForms<'a> {
    fn treasures(self) -> Option<&'a Treasures> {
        match self {
            ItemForms::Numbered => None,
            ItemForms::Named(treasures) | ItemForms::AtTable(treasures) => Some(treasures),
        }
    }
}

/// Byte offset of `part` (a subslice of `text`) in `text`.
fn offset(text: &str, part: &str) -> usize {
    (part.as_ptr() as usize).saturating_sub(text.as_ptr() as usize)
}

/// Whether the words of `rest` are exactly `expected` (ASCII case
/// ignored); else the offset of the first word that differs, or of the end.
fn exactly(text: &str, rest: &str, expected: &[&str]) -> Result<(), ParseActionError> {
    let mut words = rest.split_whitespace();
    for want in expected {
        match words.next() {
            Some(word) if word.eq_ignore_ascii_case(want) => {}
            Some(word) => {
                return Err(ParseActionError::TrailingText {
                    at: offset(text, word),
                });
            }
            None => {
                return Err(ParseActionError::Incomplete {
                    at: text.trim_end().len(),
                });
            }
        }
    }
    match words.next() {
        Some(word) => Err(ParseActionError::TrailingText {
            at: offset(text, word),
        }),
        None => Ok(()),
    }
}

/// `rest` is empty, or its words are one of `forms`.
fn optional_words(text: &str, rest: &str, forms: &[&[&str]]) -> Result<(), ParseActionError> {
    if rest.trim().is_empty() {
        return Ok(());
    }
    // The error of the form that read furthest.
    let mut furthest = ParseActionError::TrailingText { at: text.len() };
    let mut reached = 0;
    for form in forms {
        match exactly(text, rest, form) {
            Ok(()) => return Ok(()),
            Err(e) => {
                let at = e.at().unwrap_or(0);
                if at >= reached {
                    reached = at;
                    furthest = e;
                }
            }
        }
    }
    Err(furthest)
}

fn parse(text: &str, items: ItemForms<'_>) -> Result<Action, ParseActionError> {
    let verb = text
        .split_whitespace()
        .next()
        .ok_or(ParseActionError::Empty)?;
    let verb_at = offset(text, verb);
    let after = verb_at.saturating_add(verb.len());
    let rest = text.get(after..).unwrap_or("");
    let is = |word: &str| verb.eq_ignore_ascii_case(word);
    let item = |slice: &str| parse_item(text, slice, after, items);
    if is("put") {
        let mut tail = rest.split_whitespace().rev();
        let ending = (tail.next(), tail.next(), tail.next());
        let (Some(bx), Some(the), Some(into)) = ending else {
            return Err(missing_ending(text, rest));
        };
        if !(into.eq_ignore_ascii_case("in")
            && the.eq_ignore_ascii_case("the")
            && bx.eq_ignore_ascii_case("box"))
        {
            return Err(missing_ending(text, rest));
        }
        let end = offset(rest, into);
        item(rest.get(..end).unwrap_or("")).map(Action::Select)
    } else if is("select") {
        item(rest).map(Action::Select)
    } else if is("hide") || is("remove") {
        item(rest).map(Action::Remove)
    } else if is("guess") {
        item(rest).map(Action::Guess)
    } else if is("end") {
        optional_words(text, rest, &[&["selection"], &["the", "selection"]])
            .map(|()| Action::EndSelection)
    } else if is("close") {
        optional_words(text, rest, &[&["the", "box"]]).map(|()| Action::DoneHiding)
    } else {
        Err(ParseActionError::UnknownVerb { at: verb_at })
    }
}

/// The error for a `put` without `in the box`: a missing item if nothing
/// follows `put`, else the missing ending.
fn missing_ending(text: &str, rest: &str) -> ParseActionError {
    if rest.trim().is_empty() {
        ParseActionError::MissingItem {
            at: text.len().saturating_sub(rest.len()),
        }
    } else {
        let end = offset(text, rest.trim_end()).saturating_add(rest.trim_end().len());
        ParseActionError::MissingInTheBox { at: end }
    }
}

/// The item written in `slice` (a subslice of `text` starting at byte
/// `start`): a name of the set first, then "item N".
fn parse_item(
    text: &str,
    slice: &str,
    start: usize,
    items: ItemForms<'_>,
) -> Result<Item, ParseActionError> {
    let Some(first) = slice.split_whitespace().next() else {
        return Err(ParseActionError::MissingItem { at: start });
    };
    let at = offset(text, first);
    if let Some(item) = items.treasures().and_then(|t| t.find(slice)) {
        return Ok(item);
    }
    let unknown = match items.treasures() {
        None => ParseActionError::UnknownItem { at },
        Some(treasures) => ParseActionError::UnknownItemName {
            at,
            items: treasures.len(),
        },
    };
    let mut words = slice.split_whitespace();
    let (Some(word), Some(digits), None) = (words.next(), words.next(), words.next()) else {
        return Err(unknown);
    };
    if !word.eq_ignore_ascii_case("item") {
        return Err(unknown);
    }
    let Some(number) = Numeral::parse(digits) else {
        return Err(unknown);
    };
    let item = number
        .value()
        .and_then(|n| n.checked_sub(1))
        .and_then(|index| u8::try_from(index).ok())
        .map(Item);
    match (items, item) {
        (ItemForms::AtTable(treasures), Some(item)) if item.index() < treasures.len() => Ok(item),
        (ItemForms::AtTable(treasures), _) => Err(ParseActionError::NoSuchItem {
            at,
            number,
            items: treasures.len(),
        }),
        (_, Some(item)) => Ok(item),
        (_, None) => Err(ParseActionError::ItemOutOfRange { at, number }),
    }
}

// ---------------------------------------------------------------- violations

/// A [`Violation`] with its item named from a [`Treasures`] set ("marble is
/// already in the box"); built by [`Violation::named`].
#[derive(Clone, Copy, Debug)]
pub struct NamedViolation<'a> {
    violation: Violation,
    treasures: &'a Treasures,
}

impl fmt::Display for NamedViolation<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let item = |item: Item| item.named(self.treasures);
        match self.violation {
            Violation::NoSuchItem(i) => write!(f, "{} is not in this game's item set", item(i)),
            Violation::AlreadyInBox(i) => write!(f, "{} is already in the box", item(i)),
            Violation::NotInBox(i) => write!(f, "{} is not in the box", item(i)),
            Violation::NotInPlay(i) => {
                write!(f, "the token of {} is not in play this round", item(i))
            }
            Violation::AlreadyGuessed(i) => {
                write!(f, "the token of {} is already face down", item(i))
            }
            other => write!(f, "{other}"),
        }
    }
}

impl Violation {
    /// The rule broken, with the item by its name in `treasures` ("marble is
    /// already in the box"); `Display` writes "item 3".
    ///
    /// ```
    /// use fairy_ring::prank::{Item, Treasures, Violation};
    /// let printed = Treasures::default();
    /// let broken = Violation::AlreadyInBox(Item(2));
    /// assert_eq!(broken.to_string(), "item 3 is already in the box");
    /// assert_eq!(broken.named(&printed).to_string(), "marble is already in the box");
    /// ```
    pub fn named(self, treasures: &Treasures) -> NamedViolation<'_> {
        NamedViolation {
            violation: self,
            treasures,
        }
    }
}

// ---------------------------------------------------------------- events

fn write_event(f: &mut fmt::Formatter<'_>, event: &Event, names: Names<'_>) -> fmt::Result {
    match *event {
        Event::RoundStarted {
            round,
            starting_player,
            phase,
        } => {
            write!(f, "round {round} begins, {starting_player} starting: ")?;
            match phase {
                Phase::Hiding { fairy } if fairy == starting_player => {
                    write!(f, "Hiding phase, {fairy} is the Fairy")
                }
                other => write!(f, "{other}"),
            }
        }
        Event::Selected { player, item } => {
            write!(f, "{player} puts {} in the box", names.item(item))
        }
        Event::PutInSecret { fairy, item } => match item {
            Some(item) => write!(
                f,
                "{fairy}, the Fairy, secretly puts {} in the box",
                names.item(item)
            ),
            None => write!(f, "{fairy}, the Fairy, secretly puts an item in the box"),
        },
        Event::SelectionEnded { fairy } => {
            write!(f, "the Selection phase ends: {fairy} is the Fairy")
        }
        Event::Removed { fairy, item } => write!(
            f,
            "{fairy}, the Fairy, takes {} out of the box and hides it",
            names.item(item)
        ),
        Event::HidingDone { fairy, box_count } => match box_count {
            Some(n) => write!(f, "{fairy} closes the box; it holds {}", Count(n, "item")),
            None => write!(f, "{fairy} closes the box"),
        },
        Event::Guessed {
            player,
            item,
            right,
        } => {
            let verdict = if right {
                "right, it is in the box"
            } else {
                "wrong, it is not in the box"
            };
            write!(f, "{player} guesses {}: {verdict}", names.item(item))
        }
        Event::Marked {
            player,
            item,
            marks,
        } => write!(
            f,
            "{player} scores a point: {} has {} on their sheet",
            names.item(item),
            Count(usize::from(marks), "mark")
        ),
        Event::GuessingEnded {
            reason,
            in_box,
            removed,
        } => {
            write!(
                f,
                "the Guessing phase ends, {reason}: the box held {}",
                names.items(in_box)
            )?;
            if !removed.is_empty() {
                write!(f, "; hidden away: {}", names.items(removed))?;
            }
            Ok(())
        }
        Event::GameOver {
            winners,
            in_box,
            removed,
        } => {
            write!(
                f,
                "game over, {}: the box held {}",
                Winners(winners),
                names.items(in_box)
            )?;
            if !removed.is_empty() {
                write!(f, "; hidden away: {}", names.items(removed))?;
            }
            Ok(())
        }
    }
}

/// What happened, one line, items by number: "player 1 guesses item 3:
/// right, it is in the box". Every redacted form reads in words ("player 1,
/// the Fairy, secretly puts an item in the box"). [`Event::named`] writes
/// item names.
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_event(f, self, Names(None))
    }
}

/// An [`Event`] with its items named from a [`Treasures`] set; built by
/// [`Event::named`].
#[derive(Clone, Copy, Debug)]
pub struct NamedEvent<'a> {
    event: &'a Event,
    treasures: &'a Treasures,
}

impl fmt::Display for NamedEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_event(f, self.event, Names(Some(self.treasures)))
    }
}

impl Event {
    /// The event in words with its items by name in `treasures`.
    ///
    /// ```
    /// use fairy_ring::prank::{Event, Item, Treasures};
    /// use fairy_ring::Player;
    /// let guess = Event::Guessed { player: Player(0), item: Item(2), right: true };
    /// assert_eq!(
    ///     guess.named(&Treasures::default()).to_string(),
    ///     "player 1 guesses marble: right, it is in the box"
    /// );
    /// ```
    pub fn named<'a>(&'a self, treasures: &'a Treasures) -> NamedEvent<'a> {
        NamedEvent {
            event: self,
            treasures,
        }
    }
}

// ---------------------------------------------------------------- views

fn write_view(f: &mut fmt::Formatter<'_>, view: &View, names: Names<'_>) -> fmt::Result {
    let you = view.seat.player();
    let who = |player: Player| Players {
        set: PlayerSet::only(player),
        you,
    };
    let fairy = match view.phase {
        Phase::Hiding { fairy } | Phase::Guessing { fairy } => Some(fairy),
        Phase::Selection if view.rules == Rules::TwoPlayer => Some(view.starting_player),
        _ => None,
    };
    write!(f, "Round {} ({}), ", view.round, view.rules)?;
    match view.phase {
        Phase::Selection => f.write_str("Selection phase")?,
        Phase::Hiding { .. } => f.write_str("Hiding phase")?,
        Phase::Guessing { .. } => f.write_str("Guessing phase")?,
        Phase::Over { winners } => write!(f, "game over: {}", Winners(winners))?,
    }
    write!(
        f,
        "; {} holds the starting player token",
        who(view.starting_player)
    )?;
    match fairy {
        Some(fairy) if fairy == view.starting_player => f.write_str(" and is the Fairy")?,
        Some(fairy) => write!(f, "; {} is the Fairy", who(fairy))?,
        None => {}
    }
    writeln!(f)?;
    match you {
        Some(player) => writeln!(f, "You are {player}.")?,
        None => writeln!(f, "You are watching.")?,
    }

    // The tokens, the supply and the box.
    let face_down = view.guessed_right.union(view.guessed_wrong);
    let face_up = view.tokens.difference(face_down);
    match view.phase {
        Phase::Selection if view.rules != Rules::TwoPlayer => {
            if let Some(all) = names.0.map(Treasures::all) {
                let supply = all.difference(view.in_box.unwrap_or_default());
                writeln!(f, "In the supply: {}", names.items(supply))?;
            }
        }
        _ => writeln!(f, "Tokens face up: {}", names.items(face_up))?,
    }
    if !face_down.is_empty() {
        writeln!(
            f,
            "Guessed right: {}; guessed wrong: {}",
            names.items(view.guessed_right),
            names.items(view.guessed_wrong)
        )?;
    }
    match (view.in_box, view.box_count) {
        (Some(in_box), _) if in_box.is_empty() => writeln!(f, "In the box: nothing")?,
        (Some(in_box), _) => writeln!(
            f,
            "In the box: {} ({})",
            names.items(in_box),
            Count(in_box.len(), "item")
        )?,
        (None, Some(0)) => writeln!(f, "The box is empty")?,
        (None, Some(n)) => writeln!(
            f,
            "The box holds {}; only the Fairy knows which",
            Count(n, "item")
        )?,
        (None, None) => writeln!(f, "What is in the box is secret")?,
    }
    if let Some(removed) = view.removed.filter(|r| !r.is_empty()) {
        writeln!(f, "Hidden away by the Fairy: {}", names.items(removed))?;
    }

    // Scores and what wins.
    if let Phase::Over { .. } = view.phase {
    } else if view.rules == Rules::TwoPlayer {
        f.write_str("A wrong guess loses at once; guessing every item in the box ")?;
        let next = usize::from(view.round).saturating_add(2);
        match names.0.map(Treasures::len) {
            Some(len) if next > len => writeln!(f, "draws the game")?,
            Some(_) => writeln!(
                f,
                "swaps the roles, with {} next round",
                Count(next, "item")
            )?,
            None => writeln!(
                f,
                "swaps the roles, with {} next round if the item set has them",
                Count(next, "item")
            )?,
        }
    } else {
        writeln!(
            f,
            "Score sheets (a sheet wins with {} on one item or {} different items marked):",
            Count(usize::from(MARKS_TO_WIN), "mark"),
            ITEMS_TO_WIN
        )?;
        for (seat, sheet) in view.sheets.iter().enumerate() {
            let player = Player(seat as u8);
            write!(f, "  {}: ", who(player))?;
            write_sheet(f, sheet, names)?;
            writeln!(f)?;
        }
    }

    // The decision.
    match view.to_act {
        None => write!(f, "The game is over."),
        Some(player) => {
            let who = who(player);
            match view.phase {
                Phase::Selection if view.rules == Rules::TwoPlayer => write!(
                    f,
                    "{who} to put items in the box in secret ({} of {} in)",
                    view.box_count.unwrap_or(0),
                    usize::from(view.round).saturating_add(1)
                ),
                Phase::Selection => {
                    let in_box = view.in_box.map_or(0, Items::len);
                    let full = names.0.is_some_and(|t| in_box >= t.len());
                    if full {
                        write!(f, "{who} to end selection: every item is in the box")
                    } else if in_box >= super::items::MIN_ITEMS {
                        write!(f, "{who} to put an item in the box or end selection")
                    } else {
                        write!(f, "{who} to put an item in the box")
                    }
                }
                Phase::Hiding { .. } => {
                    write!(f, "{who} to hide items from the box, then close it")
                }
                Phase::Guessing { .. } => write!(f, "{who} to guess an item in the box"),
                Phase::Over { .. } => write!(f, "The game is over."),
            }
        }
    }
}

/// "3 points (2 marks on die, 1 mark on marble)", "0 points".
fn write_sheet(f: &mut fmt::Formatter<'_>, sheet: &Sheet, names: Names<'_>) -> fmt::Result {
    let total = usize::try_from(sheet.total()).unwrap_or(0);
    write!(f, "{}", Count(total, "point"))?;
    let mut first = true;
    for index in 0..MAX_ITEMS {
        let Some(item) = Item::from_index(index) else {
            continue;
        };
        let marks = sheet.marks_on(item);
        if marks == 0 {
            continue;
        }
        f.write_str(if first { " (" } else { ", " })?;
        first = false;
        write!(
            f,
            "{} on {}",
            Count(usize::from(marks), "mark"),
            names.item(item)
        )?;
    }
    if !first {
        f.write_str(")")?;
    }
    Ok(())
}

/// What the seat sees and needs to decide, a few lines, items by the
/// table's names ([`View::treasures`]): the round, phase, Fairy and starting
/// player; the supply, the tokens; the box as far as the seat may know it;
/// every score sheet and what wins; who is to do what.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_view(f, self, Names(Some(&self.treasures)))
    }
}

/// A [`View`] with its items named from a [`Treasures`] set; built by
/// [`View::named`].
#[derive(Clone, Copy, Debug)]
pub struct NamedView<'a> {
    view: &'a View,
    treasures: &'a Treasures,
}

impl fmt::Display for NamedView<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_view(f, self.view, Names(Some(self.treasures)))
    }
}

impl View {
    /// The view in words with its items by name in `treasures` (the table's
    /// [`Config::treasures`](super::Config::treasures)), and, in a Selection
    /// phase, the supply.
    pub fn named<'a>(&'a self, treasures: &'a Treasures) -> NamedView<'a> {
        NamedView {
            view: self,
            treasures,
        }
    }
}
