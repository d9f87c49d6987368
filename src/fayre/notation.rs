//! The action notation: `FromStr` for [`Action`], reading back what its
//! `Display` prints, and the same grammar read in a seat's context (its
//! Mini Games by name, "your" dice, the table's numbers) for
//! [`Game::read_action`](crate::Game::read_action). See the module docs,
//! "Notation".

use core::str::FromStr;

use super::action::{Action, Shift};
use super::dice::{DieRef, Face, PlacedDie, Side};
use super::mini_game::{IN_PLAY, MiniGame};
use super::mischief::Mischief;
use super::parse_error::{Numbered, ParseActionError};
use super::prize_pit::{PitDie, PitOutcome};
use super::state::Phase;
use super::typed::Typed;
use super::view::View;
use crate::Player;

/// The largest number the bare notation has for a player, game, space or
/// prize square (a `u8` counted from 1).
const MOST: u16 = 256;

/// Whether `c` is an apostrophe (straight or typographic).
fn apostrophe(c: char) -> bool {
    c == '\'' || c == '\u{2019}'
}

/// What a die-naming phrase names: a die, or (after "your" or "player N's")
/// a whole dice pool ("re-roll your dice pool").
enum Named {
    Die(DieRef),
    Pool(Player),
}

/// A cursor over the words of an action text, and the view it is read in
/// (`None` for the bare notation). Commas are skipped; an apostrophe starts
/// a word of its own (`2's` is `2` then `'s`).
struct Words<'a> {
    text: &'a str,
    pos: usize,
    view: Option<&'a View>,
}

impl<'a> Words<'a> {
    /// The next word and its offset, without consuming it.
    fn peek(&self) -> Option<(usize, &'a str)> {
        let rest = self.text.get(self.pos..)?;
        let skip = rest
            .char_indices()
            .find(|&(_, c)| !c.is_whitespace() && c != ',')
            .map(|(i, _)| i)?;
        let start = self.pos.saturating_add(skip);
        let word = self.text.get(start..)?;
        let mut chars = word.char_indices();
        let (_, first) = chars.next()?;
        let end = if apostrophe(first) {
            chars
                .find(|&(_, c)| !c.is_alphanumeric())
                .map_or(word.len(), |(i, _)| i)
        } else {
            chars
                .find(|&(_, c)| c.is_whitespace() || c == ',' || apostrophe(c))
                .map_or(word.len(), |(i, _)| i)
        };
        Some((start, word.get(..end)?))
    }

    /// The next word and its offset.
    fn next(&mut self) -> Option<(usize, &'a str)> {
        let (at, word) = self.peek()?;
        self.pos = at.saturating_add(word.len());
        Some((at, word))
    }

    /// Where the next word starts, or the end of the text.
    fn here(&self) -> usize {
        self.peek().map_or(self.text.len(), |(at, _)| at)
    }

    /// Consumes the next word if it is `word` (ignoring ASCII case).
    fn eat(&mut self, word: &str) -> bool {
        match self.peek() {
            Some((_, next)) if same_word(next, word) => {
                self.next();
                true
            }
            _ => false,
        }
    }

    /// Consumes the words of `name` if they come next, all of them.
    fn eat_name(&mut self, name: &str) -> bool {
        let start = self.pos;
        if name.split_whitespace().all(|word| self.eat(word)) {
            true
        } else {
            self.pos = start;
            false
        }
    }

    /// The error for a text that needs `expected` next.
    fn expected(&self, expected: &'static str) -> ParseActionError {
        ParseActionError::Expected {
            at: self.here(),
            expected,
            found: self.peek().map(|(_, word)| Typed::new(word)),
        }
    }

    /// The next word must be `word`.
    fn expect(&mut self, word: &'static str) -> Result<(), ParseActionError> {
        if self.eat(word) {
            Ok(())
        } else {
            Err(self.expected(word))
        }
    }

    /// Each word of `words` in turn.
    fn expect_all(&mut self, words: &[&'static str]) -> Result<(), ParseActionError> {
        words.iter().try_for_each(|word| self.expect(word))
    }

    /// A number from `min` to `max`, counting `what`.
    fn number(&mut self, what: Numbered, min: u16, max: u16) -> Result<u16, ParseActionError> {
        match self.peek() {
            Some((at, word)) if !word.is_empty() && word.bytes().all(|b| b.is_ascii_digit()) => {
                self.next();
                let value = word.bytes().try_fold(0u16, |n, b| {
                    n.checked_mul(10)?.checked_add(u16::from(b - b'0'))
                });
                match value {
                    Some(n) if (min..=max).contains(&n) => Ok(n),
                    _ => Err(ParseActionError::OutOfRange {
                        at,
                        number: Typed::new(word),
                        what,
                        min,
                        max,
                    }),
                }
            }
            _ => Err(self.expected("a number")),
        }
    }

    /// A die face, 1 to 6.
    fn face(&mut self) -> Result<Face, ParseActionError> {
        let n = self.number(Numbered::Face, 1, 6)?;
        // Always a face after `number(.., 1, 6)`; 1 pip is never reached.
        Ok(u8::try_from(n).ok().and_then(Face::new).unwrap_or_default())
    }

    /// A 1-based number 1 to `max` (at most 256), as its 0-based `u8`.
    fn index(&mut self, what: Numbered, max: u16) -> Result<u8, ParseActionError> {
        let n = self.number(what, 1, max.min(MOST))?;
        Ok(u8::try_from(n.saturating_sub(1)).unwrap_or(u8::MAX))
    }

    /// How many players the table has (256 in the bare notation).
    fn players(&self) -> u16 {
        self.view
            .map_or(MOST, |view| u16::try_from(view.pools.len()).unwrap_or(MOST))
    }

    /// `player N`.
    fn player(&mut self) -> Result<Player, ParseActionError> {
        self.expect("player")?;
        self.player_number()
    }

    /// The `N` of `player N`.
    fn player_number(&mut self) -> Result<Player, ParseActionError> {
        let max = self.players();
        Ok(Player(self.index(Numbered::Player, max)?))
    }

    /// "your": the seat's player.
    fn your(&self, at: usize) -> Result<Player, ParseActionError> {
        self.view
            .and_then(|view| view.seat.player())
            .ok_or(ParseActionError::NoSeat { at })
    }

    /// `player N 's` or `your`, if one comes next.
    fn whose(&mut self) -> Result<Option<Player>, ParseActionError> {
        let at = self.here();
        if self.eat("your") {
            return self.your(at).map(Some);
        }
        if self.eat("player") {
            let owner = self.player_number()?;
            self.expect("'s")?;
            return Ok(Some(owner));
        }
        Ok(None)
    }

    /// A Mini Game in play: `game N`, or in a seat's context its printed
    /// name.
    fn game(&mut self) -> Result<u8, ParseActionError> {
        let at = self.here();
        if self.eat("game") {
            let max = if self.view.is_some() { IN_PLAY } else { 256 };
            return self.index(Numbered::Game, u16::try_from(max).unwrap_or(MOST));
        }
        let Some(game) = MiniGame::ALL
            .into_iter()
            .find(|game| self.eat_name(game.name()))
        else {
            return Err(self.expected(if self.view.is_some() {
                "a Mini Game in play or game N"
            } else {
                "game"
            }));
        };
        let view = self.view.ok_or(ParseActionError::GameByName { at, game })?;
        (0u8..)
            .zip(&view.booths)
            .find(|(_, booth)| booth.is_some_and(|b| b.game == game))
            .map(|(booth, _)| booth)
            .ok_or(ParseActionError::NotInPlay { at, game })
    }

    /// The Mini Game at `booth` in the seat's view, if any.
    fn in_play(&self, booth: u8) -> Option<&'a super::mini_game::Booth> {
        self.view?.booths.get(usize::from(booth))?.as_ref()
    }

    /// `space N` on the Mini Game at `booth`: in a seat's context, one of
    /// its player spaces.
    fn space(&mut self, booth: u8) -> Result<u8, ParseActionError> {
        self.expect("space")?;
        let card = self.in_play(booth);
        let max = card.map_or(MOST, |b| u16::try_from(b.spaces.len()).unwrap_or(MOST));
        self.index(Numbered::Space(card.map(|b| b.game)), max)
    }

    /// `Fairy space N`.
    fn fairy_space(&mut self) -> Result<u8, ParseActionError> {
        self.expect_all(&["Fairy", "space"])?;
        self.index(Numbered::FairySpace, MOST)
    }

    /// A die, as an action or a seat's words name it.
    fn die(&mut self) -> Result<DieRef, ParseActionError> {
        let at = self.here();
        match self.named()? {
            Named::Die(die) => Ok(die),
            Named::Pool(_) => Err(ParseActionError::Expected {
                at,
                expected: "a die",
                found: Some(Typed::new(self.text.get(at..self.pos).unwrap_or(""))),
            }),
        }
    }

    /// A die ("the 4 in player 1's pool", "the player die on game 1, space
    /// 3", "your 4 on Ring Toss, space 1", "the Fairy 2 on game 2, Fairy
    /// space 1"), or a whole pool ("your dice pool"). A die on a card is
    /// named by its place; in a seat's context the owner and face the words
    /// add must be the die's there.
    fn named(&mut self) -> Result<Named, ParseActionError> {
        let start = self.here();
        self.eat("the");
        if self.eat("fairy") {
            let face = if self.eat("die") {
                None
            } else {
                Some(self.face()?)
            };
            self.expect("on")?;
            let booth = self.game()?;
            let space = self.fairy_space()?;
            let shown = self
                .in_play(booth)
                .and_then(|b| b.fairy.get(usize::from(space)).copied());
            if face.is_some_and(|face| self.view.is_some() && shown != Some(face)) {
                return Err(self.not_there(start));
            }
            return Ok(Named::Die(DieRef::PlacedFairy { booth, space }));
        }
        let at = self.here();
        if self.eat("player") {
            if self.eat("die") {
                self.expect("on")?;
                let booth = self.game()?;
                let space = self.space(booth)?;
                return Ok(Named::Die(DieRef::Placed { booth, space }));
            }
            let owner = self.player_number()?;
            self.expect("'s")?;
            return self.owned(owner, at);
        }
        if self.eat("your") {
            let owner = self.your(at)?;
            return self.owned(owner, at);
        }
        if !self
            .peek()
            .is_some_and(|(_, w)| w.bytes().all(|b| b.is_ascii_digit()))
        {
            return Err(self.expected("a die"));
        }
        let face = self.face()?;
        self.expect("in")?;
        if self.eat("the") {
            self.expect_all(&["Fairy", "pool"])?;
            return Ok(Named::Die(DieRef::FairyPool { face }));
        }
        let owner = self.whose()?.ok_or(self.expected("player"))?;
        self.expect("pool")?;
        Ok(Named::Die(DieRef::Pool { owner, face }))
    }

    /// What follows "your" or "player N's" (from `start`): their dice
    /// pool, or their die on a card ("4 on Ring Toss, space 1").
    fn owned(&mut self, owner: Player, start: usize) -> Result<Named, ParseActionError> {
        if self.eat("dice") {
            self.expect("pool")?;
            return Ok(Named::Pool(owner));
        }
        let face = self.face()?;
        self.expect("on")?;
        let booth = self.game()?;
        let space = self.space(booth)?;
        let shown = self
            .in_play(booth)
            .and_then(|b| b.spaces.get(usize::from(space)).copied().flatten());
        if self.view.is_some() && shown != Some(PlacedDie { owner, face }) {
            return Err(self.not_there(start));
        }
        Ok(Named::Die(DieRef::Placed { booth, space }))
    }

    /// The die named from `start` to here is not where the words put it.
    fn not_there(&self, start: usize) -> ParseActionError {
        ParseActionError::NotThere {
            at: start,
            die: Typed::new(self.text.get(start..self.pos).unwrap_or("").trim_end()),
        }
    }

    /// A Tug of War side, if one follows: `left` or `right`, then `side`.
    fn side(&mut self) -> Option<Side> {
        let side = if self.eat("left") {
            Side::Left
        } else if self.eat("right") {
            Side::Right
        } else {
            return None;
        };
        self.eat("side");
        Some(side)
    }

    /// A Mischief card: the rest of the text, after an optional `the`.
    fn mischief(&mut self) -> Result<Mischief, ParseActionError> {
        self.eat("the");
        let at = self.here();
        let rest = self.text.get(at..).unwrap_or("").trim_end();
        if rest.is_empty() {
            return Err(self.expected("a Mischief card"));
        }
        let card = rest
            .parse::<Mischief>()
            .map_err(|_| ParseActionError::NotAMischief {
                at,
                name: Typed::new(rest),
            })?;
        self.pos = self.text.len();
        Ok(card)
    }

    /// A reported Prize Pit outcome.
    fn report(&mut self) -> Result<PitOutcome, ParseActionError> {
        if self.eat("the") {
            if self.eat("goblin") {
                return Ok(PitOutcome::Goblin);
            }
            self.expect_all(&["sleeping", "dragon"])?;
            return Ok(PitOutcome::SleepingDragon);
        }
        if self.eat("bounced") {
            self.expect("out")?;
            return Ok(PitOutcome::BouncedOut);
        }
        let face = self.face()?;
        let square = if self.eat("on") {
            self.expect_all(&["prize", "square"])?;
            Some(self.index(Numbered::PrizeSquare, MOST)?)
        } else {
            None
        };
        Ok(PitOutcome::Number { face, square })
    }

    /// What follows `roll`: nothing, `into the Prize Pit`, or the die
    /// first ("the Goblin die", "one of your dice"). In a seat's context a
    /// die named must be the one the Prize Pit waits for, and its owner the
    /// roller.
    fn roll(&mut self) -> Result<(), ParseActionError> {
        if self.peek().is_none() {
            return Ok(());
        }
        let at = self.here();
        let named = if self.eat("the") {
            self.expect_all(&["Goblin", "die"])?;
            Some((PitDie::Goblin, None))
        } else if self.eat("one") {
            self.expect("of")?;
            let owner = if self.eat("their") {
                None
            } else {
                Some(
                    self.whose()?
                        .ok_or(self.expected("\"their\", \"your\" or \"player N's\""))?,
                )
            };
            self.expect("dice")?;
            Some((PitDie::Player, owner))
        } else {
            None
        };
        if let (
            Some((die, owner)),
            Some(Phase::PrizePit {
                player,
                die: waiting,
            }),
        ) = (named, self.phase())
            && (die != waiting || owner.is_some_and(|owner| owner != player))
        {
            return Err(ParseActionError::DoesNotFit {
                at,
                word: Typed::new(self.text.get(at..self.pos).unwrap_or("").trim_end()),
                fits: match waiting {
                    PitDie::Goblin => "\"roll the Goblin die into the Prize Pit\" or \"roll\"",
                    PitDie::Player => {
                        "\"roll one of\" the roller's dice \"into the Prize Pit\", or \"roll\""
                    }
                },
            });
        }
        self.expect_all(&["into", "the", "Prize", "Pit"])
    }

    /// `up` or `down`, and the seat's words' `by N` after it (in a seat's
    /// context, the card in play's steps).
    fn shift(&mut self) -> Result<Option<Shift>, ParseActionError> {
        let shift = if self.eat("up") {
            Shift::Up
        } else if self.eat("down") {
            Shift::Down
        } else {
            return Ok(None);
        };
        if self.eat("by") {
            let steps = match self.phase() {
                Some(Phase::Shift { card, .. }) => {
                    card.nudge().map(|n| u16::from(n.unsigned_abs()))
                }
                _ => None,
            };
            let (min, max) = steps.map_or((1, 2), |n| (n, n));
            self.number(Numbered::Steps, min, max)?;
        }
        Ok(Some(shift))
    }

    /// Where a die goes: a Mini Game and a side of Tug of War.
    fn destination(&mut self) -> Result<Action, ParseActionError> {
        let booth = self.game()?;
        let side = self.side();
        Ok(Action::PlaceOn { booth, side })
    }

    /// The decision the view waits for (none in the bare notation).
    fn phase(&self) -> Option<Phase> {
        self.view.map(|view| view.phase)
    }

    /// A die, typed in `words`, that the words say the decision is about
    /// (being `doing`): in a seat's context whose decision is about
    /// `pending`, it must be that die.
    fn the_die(
        &self,
        words: core::ops::Range<usize>,
        die: DieRef,
        pending: Option<DieRef>,
        doing: &'static str,
    ) -> Result<(), ParseActionError> {
        match pending {
            Some(pending) if pending != die => Err(ParseActionError::NotTheDie {
                at: words.start,
                die: Typed::new(self.text.get(words).unwrap_or("").trim_end()),
                doing,
            }),
            _ => Ok(()),
        }
    }

    /// In a seat's context, `die` picked with `verb` (the text's first
    /// word, at `at`) must be picked with the verb the decision shows: the
    /// card in play's, or the Dice action's ("place" for a pool die, "move"
    /// for one on a card). "pick", the notation's verb, fits every decision
    /// and is not checked; the second die of a swap is named with the first
    /// ("swap A with B", checked where it is read).
    fn fits(&self, at: usize, verb: Verb, die: DieRef) -> Result<(), ParseActionError> {
        let (shown, fits) = match self.phase() {
            Some(Phase::Target { card }) => match card {
                Mischief::Flip => (Verb::TurnOver, "\"turn over\" or \"pick\""),
                Mischief::NudgeOne | Mischief::NudgeTwo => (Verb::Change, "\"change\" or \"pick\""),
                Mischief::Swap => (Verb::Swap, "\"swap\" or \"pick\""),
                Mischief::RerollDie | Mischief::RerollPool => {
                    (Verb::ReRoll, "\"re-roll\" or \"pick\"")
                }
            },
            Some(Phase::SwapWith { .. }) => (
                Verb::SwapWith,
                "\"swap\", the die picked first, \"with\" and this die, or \"pick\"",
            ),
            Some(Phase::Dice) if die.is_on_card() => {
                (Verb::Move, "\"move\" (a die on a card) or \"pick\"")
            }
            Some(Phase::Dice) => (Verb::Place, "\"place\" (a pool die) or \"pick\""),
            _ => return Ok(()),
        };
        if verb == shown {
            Ok(())
        } else {
            Err(ParseActionError::DoesNotFit {
                at,
                word: Typed::new(verb.word()),
                fits,
            })
        }
    }

    /// The action the words name, up to its end. In a seat's context the
    /// words must also fit the decision the view waits for: its verb, and
    /// the die it is about (see [`Words::fits`], [`Words::the_die`]).
    fn action(&mut self) -> Result<Action, ParseActionError> {
        let (at, first) = self.next().ok_or(ParseActionError::Empty)?;
        let is = |word: &str| same_word(first, word);
        let phase = self.phase();
        Ok(if is("draw") {
            if self.eat("a") {
                self.expect_all(&["Mischief", "card"])?;
            }
            Action::Draw
        } else if is("play") {
            Action::Play(self.mischief()?)
        } else if is("take") {
            self.expect_all(&["no", "Mischief", "action"])?;
            Action::NoMischief
        } else if is("pick") {
            Action::Pick(self.die()?)
        } else if is("turn") {
            self.expect("over")?;
            let die = self.die()?;
            self.fits(at, Verb::TurnOver, die)?;
            Action::Pick(die)
        } else if is("swap") {
            let named = self.here();
            let first = self.die()?;
            let named = named..self.pos;
            if self.eat("with") {
                match phase {
                    Some(Phase::SwapWith { first: picked }) => {
                        self.the_die(named.clone(), first, Some(picked), "swapped")?;
                    }
                    Some(Phase::Target {
                        card: Mischief::Swap,
                    }) => {
                        return Err(ParseActionError::OneAtATime { at });
                    }
                    _ => {}
                }
                let second = self.die()?;
                self.fits(at, Verb::SwapWith, second)?;
                Action::Pick(second)
            } else {
                self.fits(at, Verb::Swap, first)?;
                Action::Pick(first)
            }
        } else if is("re-roll") {
            match self.named()? {
                Named::Die(die) => {
                    self.fits(at, Verb::ReRoll, die)?;
                    Action::Pick(die)
                }
                Named::Pool(owner) => {
                    if matches!(phase, Some(Phase::Steal { .. })) {
                        return Err(ParseActionError::DoesNotFit {
                            at,
                            word: Typed::new(first),
                            fits: "\"steal a Mischief card from player N\" or \"choose player N\"",
                        });
                    }
                    Action::ChoosePlayer(owner)
                }
            }
        } else if is("move") {
            let start = self.pos;
            if self.eat("the") && self.eat("die") {
                return self
                    .shift()?
                    .map(Action::Shift)
                    .ok_or(self.expected("up or down"));
            }
            self.pos = start;
            let named = self.here();
            let die = self.die()?;
            let named = named..self.pos;
            if let Some(Phase::Shift { die: pending, .. }) = phase {
                self.the_die(named.clone(), die, Some(pending), "moved")?;
            }
            if let Some(shift) = self.shift()? {
                Action::Shift(shift)
            } else if self.eat("to") || self.eat("on") {
                if let Some(Phase::Destination { die: pending }) = phase {
                    self.the_die(named.clone(), die, Some(pending), "placed")?;
                }
                self.destination()?
            } else {
                self.fits(at, Verb::Move, die)?;
                Action::Pick(die)
            }
        } else if is("change") {
            let die = self.die()?;
            self.fits(at, Verb::Change, die)?;
            Action::Pick(die)
        } else if is("up") {
            Action::Shift(Shift::Up)
        } else if is("down") {
            Action::Shift(Shift::Down)
        } else if is("choose") {
            Action::ChoosePlayer(self.player()?)
        } else if is("place") {
            if self.eat("it") {
                self.expect("on")?;
                self.destination()?
            } else {
                let named = self.here();
                let die = self.die()?;
                let named = named..self.pos;
                if self.eat("on") {
                    if let Some(Phase::Destination { die: pending }) = phase {
                        self.the_die(named.clone(), die, Some(pending), "placed")?;
                    }
                    self.destination()?
                } else {
                    self.fits(at, Verb::Place, die)?;
                    Action::Pick(die)
                }
            }
        } else if is("roll") {
            self.roll()?;
            Action::RollPrizePit
        } else if is("report") {
            Action::ReportPrizePit(self.report()?)
        } else if is("discard") {
            Action::Discard(self.mischief()?)
        } else if is("steal") {
            if self.eat("a") {
                self.expect_all(&["Mischief", "card", "from"])?;
                if matches!(phase, Some(Phase::Target { .. })) {
                    return Err(ParseActionError::DoesNotFit {
                        at,
                        word: Typed::new(first),
                        fits: "\"re-roll player N's dice pool\" or \"choose player N\"",
                    });
                }
                Action::ChoosePlayer(self.player()?)
            } else {
                self.expect("nothing")?;
                Action::DeclineSteal
            }
        } else {
            return Err(ParseActionError::UnknownWord {
                at,
                word: Typed::new(first),
            });
        })
    }
}

/// A verb of a seat's words that picks a die, to check it against the
/// decision.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Verb {
    TurnOver,
    Change,
    Swap,
    SwapWith,
    ReRoll,
    Move,
    Place,
}

impl Verb {
    fn word(self) -> &'static str {
        match self {
            Verb::TurnOver => "turn over",
            Verb::Change => "change",
            Verb::Swap => "swap",
            Verb::SwapWith => "swap ... with",
            Verb::ReRoll => "re-roll",
            Verb::Move => "move",
            Verb::Place => "place",
        }
    }
}

/// Whether two words are the same, ignoring ASCII case; the apostrophes of
/// `'s` may be straight or typographic.
fn same_word(found: &str, word: &str) -> bool {
    if word == "'s" {
        let mut chars = found.chars();
        return chars.next().is_some_and(apostrophe)
            && chars.next().is_some_and(|c| c.eq_ignore_ascii_case(&'s'))
            && chars.next().is_none();
    }
    found.eq_ignore_ascii_case(word)
}

/// `text` as one whole action, read in `view`'s context if there is one.
pub(super) fn read(view: Option<&View>, text: &str) -> Result<Action, ParseActionError> {
    let mut words = Words { text, pos: 0, view };
    let action = words.action()?;
    match words.peek() {
        Some((at, _)) => Err(ParseActionError::TrailingText {
            at,
            extra: Typed::new(text.get(at..).unwrap_or("").trim_end()),
        }),
        None => Ok(action),
    }
}

impl FromStr for Action {
    type Err = ParseActionError;

    /// An action in the [notation](super#notation); never panics.
    fn from_str(text: &str) -> Result<Action, ParseActionError> {
        read(None, text)
    }
}
