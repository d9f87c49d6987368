//! A Midsummer Night's Fayre in the players' words: `Display` for actions,
//! events, views and the pieces they are made of.
//!
//! An [`Action`] alone names a Mini Game in play by its table position
//! ("game 1" to "game 3", as the [`View`] lists them), so that its text is
//! the [notation](super#notation) and parses back; [`View::describe`] tells
//! the same action with the Mini Games' printed names and "your" for the
//! seat's own dice.

use core::fmt;

use super::action::{Action, Shift};
use super::dice::{DieRef, Face, PlacedDie, Side};
use super::event::{Ending, Event, Reason};
use super::mini_game::{self, IN_PLAY};
use super::mischief::Mischief;
use super::prize_pit::{PitDie, PitOutcome};
use super::score::Place;
use super::state::Phase;
use super::view::View;
use crate::{Player, PlayerSet, Seat};

/// `n` and the noun, singular for 1: "1 card", "2 cards", "1 die", "2
/// dice".
pub(super) struct Count<'a>(pub(super) i64, pub(super) &'a str);

impl fmt::Display for Count<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let Count(n, noun) = *self;
        if n == 1 || n == -1 {
            return write!(f, "{n} {noun}");
        }
        match noun.strip_suffix("die") {
            Some(stem) => write!(f, "{n} {stem}dice"),
            None => write!(f, "{n} {noun}s"),
        }
    }
}

/// A count of things, from a `usize`.
fn count(n: usize, noun: &str) -> Count<'_> {
    Count(i64::try_from(n).unwrap_or(i64::MAX), noun)
}

/// Faces as "1, 3, 5" ("none" for no dice).
struct Faces<'a>(&'a [Face]);

impl fmt::Display for Faces<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.0.is_empty() {
            return f.write_str("none");
        }
        for (i, face) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{face}")?;
        }
        Ok(())
    }
}

/// Players in words: "player 1, player 2 and player 3" ("nobody").
struct Players<I>(I);

impl<I: Iterator<Item = Player> + Clone> fmt::Display for Players<I> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let total = self.0.clone().count();
        if total == 0 {
            return f.write_str("nobody");
        }
        for (i, player) in self.0.clone().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == total { " and " } else { ", " })?;
            }
            write!(f, "{player}")?;
        }
        Ok(())
    }
}

/// The players of a set in words.
fn players(set: PlayerSet) -> Players<impl Iterator<Item = Player> + Clone> {
    Players(set.iter())
}

/// A table position (0 to 2 in data, "game 1" to "game 3" in words).
pub(super) struct Game(pub(super) u8);

impl fmt::Display for Game {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game {}", u16::from(self.0) + 1)
    }
}

/// A space number (0-based in data, 1-based in words).
fn nth(n: u8) -> u16 {
    u16::from(n) + 1
}

/// How a Mischief card is named in a sentence: "the yellow fairy (flip a
/// die)", "re-roll a dice pool".
struct Card(Mischief);

impl fmt::Display for Card {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            Mischief::RerollPool => f.write_str(self.0.name()),
            card => write!(f, "the {}", card.name()),
        }
    }
}

/// What the readers know beyond an action or event: the Mini Games in play
/// (to name them) and who is reading (to say "your").
#[derive(Clone, Copy, Default)]
struct Context<'a> {
    booths: Option<&'a [Option<mini_game::Booth>; IN_PLAY]>,
    you: Option<Player>,
}

impl Context<'_> {
    fn booth(&self, booth: u8) -> Option<&mini_game::Booth> {
        self.booths?.get(usize::from(booth))?.as_ref()
    }

    /// "Ring Toss" with the context, "game 1" without.
    fn game(&self, booth: u8, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.booth(booth) {
            Some(b) => write!(f, "{}", b.game),
            None => write!(f, "{}", Game(booth)),
        }
    }

    /// "your" or "player 2's".
    fn whose(&self, owner: Player, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if Some(owner) == self.you {
            f.write_str("your")
        } else {
            write!(f, "{owner}'s")
        }
    }

    fn die(&self, die: DieRef, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match die {
            DieRef::Pool { owner, face } => {
                write!(f, "the {face} in ")?;
                self.whose(owner, f)?;
                f.write_str(" pool")
            }
            DieRef::FairyPool { face } => write!(f, "the {face} in the Fairy pool"),
            DieRef::Placed { booth, space } => {
                let placed = self
                    .booth(booth)
                    .and_then(|b| b.spaces.get(usize::from(space)).copied().flatten());
                match placed {
                    Some(PlacedDie { owner, face }) => {
                        self.whose(owner, f)?;
                        write!(f, " {face} on ")?;
                    }
                    None => f.write_str("the player die on ")?,
                }
                self.game(booth, f)?;
                write!(f, ", space {}", nth(space))
            }
            DieRef::PlacedFairy { booth, space } => {
                let face = self
                    .booth(booth)
                    .and_then(|b| b.fairy.get(usize::from(space)).copied());
                match face {
                    Some(face) => write!(f, "the Fairy {face} on ")?,
                    None => f.write_str("the Fairy die on ")?,
                }
                self.game(booth, f)?;
                write!(f, ", Fairy space {}", nth(space))
            }
        }
    }

    /// The action as its notation, with names where the context has them.
    fn action(&self, action: Action, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match action {
            Action::Draw => f.write_str("draw a Mischief card"),
            Action::Play(card) => match card {
                Mischief::RerollPool => write!(f, "play {}", card.name()),
                _ => write!(f, "play the {}", card.name()),
            },
            Action::NoMischief => f.write_str("take no Mischief action"),
            Action::Pick(die) => {
                f.write_str("pick ")?;
                self.die(die, f)
            }
            Action::Shift(shift) => write!(f, "move the die {shift}"),
            Action::ChoosePlayer(player) => write!(f, "choose {player}"),
            Action::PlaceOn { booth, side } => {
                f.write_str("place it on ")?;
                self.game(booth, f)?;
                match side {
                    Some(side) => write!(f, ", {side} side"),
                    None => Ok(()),
                }
            }
            Action::RollPrizePit => f.write_str("roll into the Prize Pit"),
            Action::ReportPrizePit(outcome) => write!(f, "report {}", Report(outcome)),
            Action::Discard(card) => write!(f, "discard the {}", card.name()),
            Action::DeclineSteal => f.write_str("steal nothing"),
        }
    }

    /// The action as the player at `phase` means it ("place your 4 on Ring
    /// Toss", "swap ... with ..."), falling back on [`Context::action`].
    fn described(&self, phase: Phase, action: Action, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match (phase, action) {
            (Phase::Target { card }, Action::Pick(die)) => {
                f.write_str(match card {
                    Mischief::Flip => "turn over ",
                    // Not "move": the Dice action moves a die to another card.
                    Mischief::NudgeOne | Mischief::NudgeTwo => "change ",
                    Mischief::Swap => "swap ",
                    Mischief::RerollDie => "re-roll ",
                    Mischief::RerollPool => "pick ",
                })?;
                self.die(die, f)
            }
            (Phase::SwapWith { first }, Action::Pick(die)) => {
                f.write_str("swap ")?;
                self.die(first, f)?;
                f.write_str(" with ")?;
                self.die(die, f)
            }
            (Phase::Shift { card, die }, Action::Shift(shift)) => {
                f.write_str("move ")?;
                self.die(die, f)?;
                write!(f, " {shift}")?;
                if let Some(by) = card.nudge() {
                    write!(f, " by {by}")?;
                }
                Ok(())
            }
            (Phase::Dice, Action::Pick(die)) => {
                f.write_str(if die.is_on_card() { "move " } else { "place " })?;
                self.die(die, f)
            }
            (Phase::Destination { die }, Action::PlaceOn { booth, side }) => {
                f.write_str(if die.is_on_card() { "move " } else { "place " })?;
                self.die(die, f)?;
                f.write_str(if die.is_on_card() { " to " } else { " on " })?;
                self.game(booth, f)?;
                match side {
                    Some(side) => write!(f, ", {side} side"),
                    None => Ok(()),
                }
            }
            (Phase::Target { .. }, Action::ChoosePlayer(player)) => {
                f.write_str("re-roll ")?;
                self.whose(player, f)?;
                f.write_str(" dice pool")
            }
            (Phase::Steal { .. }, Action::ChoosePlayer(player)) => {
                write!(f, "steal a Mischief card from {player}")
            }
            (Phase::PrizePit { player, die }, Action::RollPrizePit) => match die {
                PitDie::Goblin => f.write_str("roll the Goblin die into the Prize Pit"),
                PitDie::Player => {
                    f.write_str("roll one of ")?;
                    self.whose(player, f)?;
                    f.write_str(" dice into the Prize Pit")
                }
            },
            _ => self.action(action, f),
        }
    }
}

/// A die or a table position, named in a context.
struct InContext<'a, T>(&'a Context<'a>, T);

/// A table position, to be named in a context.
#[derive(Clone, Copy)]
struct Booth(u8);

impl fmt::Display for InContext<'_, DieRef> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.die(self.1, f)
    }
}

impl fmt::Display for InContext<'_, Booth> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.game(self.1.0, f)
    }
}

/// A reported Prize Pit outcome as written after `report`.
struct Report(PitOutcome);

impl fmt::Display for Report {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            PitOutcome::Number { face, square: None } => write!(f, "{face}"),
            PitOutcome::Number {
                face,
                square: Some(square),
            } => write!(f, "{face} on prize square {}", nth(square)),
            PitOutcome::Goblin => f.write_str("the Goblin"),
            PitOutcome::SleepingDragon => f.write_str("the sleeping dragon"),
            PitOutcome::BouncedOut => f.write_str("bounced out"),
        }
    }
}

/// "the Goblin die" or "one of their dice".
struct PitDieWords(PitDie);

impl fmt::Display for PitDieWords {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self.0 {
            PitDie::Goblin => "the Goblin die",
            PitDie::Player => "one of their dice",
        })
    }
}

/// The action in the [notation](super#notation), which `FromStr` reads
/// back: "pick the 4 in player 1's pool", "place it on game 2, left side".
impl fmt::Display for Action {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Context::default().action(*self, f)
    }
}

/// `up` or `down`.
impl fmt::Display for Shift {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Shift::Up => "up",
            Shift::Down => "down",
        })
    }
}

/// `left` or `right` (a side of Tug of War).
impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
        })
    }
}

/// The die as an action names it: "the 4 in player 1's pool", "the 2 in the
/// Fairy pool", "the player die on game 1, space 3", "the Fairy die on game
/// 2, Fairy space 1".
impl fmt::Display for DieRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Context::default().die(*self, f)
    }
}

/// Where the die ended: "it shows 4", "it shows 4 and touches prize square
/// 2", "it shows the Goblin", "it stops on the sleeping dragon", "it bounces
/// out".
impl fmt::Display for PitOutcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            PitOutcome::Number { face, square: None } => write!(f, "it shows {face}"),
            PitOutcome::Number {
                face,
                square: Some(square),
            } => write!(
                f,
                "it shows {face} and touches prize square {}",
                nth(square)
            ),
            PitOutcome::Goblin => f.write_str("it shows the Goblin"),
            PitOutcome::SleepingDragon => f.write_str("it stops on the sleeping dragon"),
            PitOutcome::BouncedOut => f.write_str("it bounces out"),
        }
    }
}

/// Why points were scored: "the magic number", "2nd place"...
impl fmt::Display for Reason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Reason::MagicNumber => "the magic number",
            Reason::SecondPlace => "2nd place",
            Reason::ThirdPlace => "3rd place",
            Reason::SharedHippocampus => "a shared 1st place on Hook-a-Hippocampus",
            Reason::Bullseye => "a bullseye",
            Reason::PrizePit => "the Prize Pit",
            Reason::FinalRoll => "the final roll",
        })
    }
}

/// Why the game is ending, as a sentence.
impl fmt::Display for Ending {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Ending::OneGameLeft => "only one Mini Game is left",
            Ending::MoveLimit => "the move limit is reached",
        })
    }
}

/// The decision being waited for: "the Fairy Mischief action: draw or play
/// a card", "where the 4 in player 1's pool goes", "player 2 rolls the
/// Goblin die into the Prize Pit".
impl fmt::Display for Phase {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Context::default().phase(*self, f)
    }
}

impl Context<'_> {
    /// The decision being waited for, with names where the context has them.
    fn phase(&self, phase: Phase, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let die = |die| InContext(self, die);
        match phase {
            Phase::Mischief => f.write_str("the Fairy Mischief action: draw or play a card"),
            Phase::Target { card } => write!(f, "the target of {}", Card(card)),
            Phase::SwapWith { first } => write!(f, "the die to swap with {}", die(first)),
            Phase::Shift { die: d, .. } => write!(f, "whether {} goes up or down", die(d)),
            Phase::Dice => f.write_str("the Dice action: pick a die to place"),
            Phase::Destination { die: d } => write!(f, "where {} goes", die(d)),
            Phase::PrizePit { player, die } => {
                write!(f, "{player} rolls {} into the Prize Pit", PitDieWords(die))
            }
            Phase::Steal { thief } => write!(f, "whom {thief} steals a Mischief card from"),
            Phase::Discard { player } => write!(f, "which card {player} discards"),
            Phase::Over => f.write_str("nothing: the game is over"),
        }
    }
}

/// What happened, in one line: "player 1 placed a 4 on game 2, space 3",
/// "player 2 drew a Mischief card" (the card only for the drawer).
impl fmt::Display for Event {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        Context::default().event(self, f)
    }
}

impl Context<'_> {
    /// The event, with names where the context has them.
    fn event(&self, event: &Event, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match event {
            Event::TurnStarted { player } => write!(f, "{player}'s turn"),
            Event::Drew {
                player,
                card: Some(card),
            } => write!(f, "{player} drew {}", Card(*card)),
            Event::Drew { player, card: None } => write!(f, "{player} drew a Mischief card"),
            Event::MischiefReshuffled { cards } => write!(
                f,
                "the Mischief discard pile was shuffled into a new draw pile of {}",
                count(*cards, "card")
            ),
            Event::Played { player, card } => write!(f, "{player} played {}", Card(*card)),
            Event::NoMischief { player } => write!(f, "{player} could take no Mischief action"),
            Event::FaceChanged { die, from, to } => {
                write!(f, "{} turned from {from} to {to}", InContext(self, *die))
            }
            Event::Swapped { first, second } => write!(
                f,
                "{} and {} swapped places",
                InContext(self, *first),
                InContext(self, *second)
            ),
            Event::Rerolled { die, face } => {
                write!(f, "{} was re-rolled: {face}", InContext(self, *die))
            }
            Event::PoolRerolled { owner, faces } => {
                write!(f, "{owner}'s dice pool was re-rolled: {}", Faces(faces))
            }
            Event::Placed {
                player,
                face,
                booth,
                space,
            } => write!(
                f,
                "{player} placed a {face} on {}, space {}",
                InContext(self, Booth(*booth)),
                nth(*space)
            ),
            Event::Moved {
                player,
                die,
                from,
                to,
                space,
            } => write!(
                f,
                "{player} moved {}'s {} from {} to {}, space {}",
                die.owner,
                die.face,
                InContext(self, Booth(*from)),
                InContext(self, Booth(*to)),
                nth(*space)
            ),
            Event::Revealed { booth, game } => {
                write!(f, "{game} was turned up as {}", Game(*booth))
            }
            Event::FairyDiceRolled { booth, faces } => write!(
                f,
                "{} rolled onto {}: {}",
                count(faces.len(), "Fairy die"),
                Game(*booth),
                Faces(faces)
            ),
            Event::Completed { booth, game } => {
                write!(f, "{game} ({}) is full and is scored", Game(*booth))
            }
            Event::Ranked { game, places } => {
                write!(f, "places on {game}:")?;
                let mut any = false;
                for (place, words) in [
                    (Place::First, "1st"),
                    (Place::Second, "2nd"),
                    (Place::Third, "3rd"),
                ] {
                    let set: PlayerSet = (0u8..)
                        .zip(places.iter())
                        .filter(|(_, p)| **p == Some(place))
                        .map(|(i, _)| Player(i))
                        .collect();
                    if !set.is_empty() {
                        if any {
                            f.write_str(";")?;
                        }
                        any = true;
                        write!(f, " {words} {}", players(set))?;
                    }
                }
                if !any {
                    f.write_str(" nobody placed")?;
                }
                Ok(())
            }
            Event::Scored {
                player,
                points,
                reason,
                total,
            } => write!(
                f,
                "{player} scored {} for {reason} (total {})",
                Count(i64::from(*points), "point"),
                Count(i64::from(*total), "point")
            ),
            Event::DiceReturned { owner, faces } => write!(
                f,
                "{owner} took back {}, re-rolled: {}",
                count(faces.len(), "die"),
                Faces(faces)
            ),
            Event::FairyDiceReturned { faces } => write!(
                f,
                "{} went back to the Fairy pool, re-rolled: {}",
                count(faces.len(), "Fairy die"),
                Faces(faces)
            ),
            Event::PrizeRollsDue { players } => {
                let rollers = Players(players.iter().copied());
                match players.len() {
                    1 => write!(f, "1st place: {rollers} rolls the Goblin die"),
                    _ => write!(f, "1st place: {rollers} roll the Goblin die, in that order"),
                }
            }
            Event::PrizePitRolled {
                player,
                die,
                outcome,
            } => write!(
                f,
                "{player} rolled {} into the Prize Pit: {outcome}",
                match die {
                    PitDie::Goblin => "the Goblin die",
                    PitDie::Player => "one of their dice",
                }
            ),
            Event::NothingToSteal { player } => write!(f, "{player} found no card to steal"),
            Event::StealDeclined { player } => write!(f, "{player} stole nothing"),
            Event::Stole {
                thief,
                victim,
                card: Some(card),
            } => write!(f, "{thief} stole {} from {victim}", Card(*card)),
            Event::Stole {
                thief,
                victim,
                card: None,
            } => write!(f, "{thief} stole a Mischief card from {victim}"),
            Event::Discarded { player, card } => {
                write!(f, "{player} discarded {}", Card(*card))
            }
            Event::GameEnding { ending } => write!(
                f,
                "{ending}: everyone makes a final roll into the Prize Pit"
            ),
            Event::GameOver { winners } => match winners.len() {
                0 => f.write_str("the game is over: nobody wins"),
                1 => write!(f, "the game is over: {} wins", players(*winners)),
                _ => write!(
                    f,
                    "the game is over: {} share the victory",
                    players(*winners)
                ),
            },
        }
    }
}

/// What a seat needs to decide, a few lines: whose turn and the decision,
/// scores, each Mini Game in play (by table position, with its Fairy dice
/// and spaces), the dice pools, hands, the Mischief piles and the Prize Pit
/// rollers still to come.
impl fmt::Display for View {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let you = self.seat.player();
        let name = |f: &mut fmt::Formatter<'_>, p: Player| -> fmt::Result {
            write!(f, "{p}")?;
            if Some(p) == you {
                f.write_str(" (you)")?;
            }
            Ok(())
        };
        match self.phase {
            Phase::Over => f.write_str("The game is over.")?,
            phase => {
                write!(f, "{}'s turn; now: ", self.current)?;
                self.context().phase(phase, f)?;
            }
        }
        if !self.queue.is_empty() {
            // "then player 2 rolls", "then player 2 and player 3 roll".
            let verb = if self.queue.len() == 1 {
                "rolls"
            } else {
                "roll"
            };
            write!(
                f,
                " (then {} {verb} into the Prize Pit)",
                Players(self.queue.iter().copied())
            )?;
        }
        f.write_str("\nScores: ")?;
        for (i, (p, score)) in (0u8..).zip(self.scores.iter()).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            name(f, Player(p))?;
            write!(f, " {}", Count(i64::from(*score), "point"))?;
        }
        for (i, booth) in (0u8..).zip(self.booths.iter()) {
            let Some(booth) = booth else { continue };
            write!(f, "\n{}: {}", Game(i), booth.game)?;
            if let Some(Some(magic)) = self.magic_numbers.get(usize::from(i)) {
                write!(f, " (magic number {magic})")?;
            }
            if !booth.fairy.is_empty() {
                write!(f, "; Fairy dice {}", Faces(&booth.fairy))?;
            }
            f.write_str("; spaces:")?;
            let half = booth.spaces.len() / 2;
            let tug = booth.game == super::mini_game::MiniGame::TugOfWar;
            for (s, space) in booth.spaces.iter().enumerate() {
                if tug && s == 0 {
                    f.write_str(" left")?;
                }
                if tug && s == half {
                    f.write_str(" | right")?;
                }
                write!(f, " {}=", s + 1)?;
                match space {
                    Some(die) => {
                        if Some(die.owner) == you {
                            write!(f, "your {}", die.face)?;
                        } else {
                            write!(f, "{}'s {}", die.owner, die.face)?;
                        }
                    }
                    None => f.write_str("empty")?,
                }
            }
        }
        for (p, pool) in (0u8..).zip(self.pools.iter()) {
            f.write_str("\n")?;
            name(f, Player(p))?;
            write!(
                f,
                ": pool {}; {} in hand",
                Faces(pool),
                count(self.hand_size(Player(p)), "Mischief card")
            )?;
        }
        write!(f, "\nFairy pool: {}", Faces(&self.fairy_pool))?;
        if let Some(hand) = self.own_hand {
            f.write_str("\nYour hand: ")?;
            if hand.total() == 0 {
                f.write_str("no cards")?;
            }
            for (i, card) in hand.cards().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                f.write_str(card.name())?;
            }
        }
        write!(
            f,
            "\nMischief: {} to draw, {} discarded; Mini Games: {} face down, {} scored",
            count(self.mischief_draw_pile, "card"),
            count(self.mischief_discard.total(), "card"),
            self.mini_games_left,
            self.finished.len()
        )?;
        if !self.finished.is_empty() {
            f.write_str(" (")?;
            for (i, game) in self.finished.iter().enumerate() {
                if i > 0 {
                    f.write_str(", ")?;
                }
                write!(f, "{game}")?;
            }
            f.write_str(")")?;
        }
        write!(
            f,
            "\nDice moves since the last scoring: {} of {} allowed",
            self.moves_since_scoring, self.move_limit
        )?;
        Ok(())
    }
}

impl View {
    /// `action` as this seat's player means it now, with the Mini Games'
    /// printed names and "your" for the seat's own dice: "place your 4 on
    /// Magic Geode Shy", "swap player 2's 3 on Ring Toss, space 1 with the 5
    /// in your pool". For menus and logs: it reads back to the action in
    /// this view's context ([`Game::read_action`](crate::Game::read_action)),
    /// and in the views of the rest of the turn while the Mini Games it
    /// names stay in play; the action's own `Display` (which names table
    /// positions instead) parses back with no context.
    ///
    /// ```
    /// use fairy_ring::fayre::{Action, DieRef, Face, State};
    /// use fairy_ring::{Game, Player, Seat};
    ///
    /// let state = State::builder(2)
    ///     .mini_game("Ring Toss", |g| g)
    ///     .build()?;
    /// let view = state.view_for(Seat::Player(Player(0)));
    /// let place = Action::PlaceOn { booth: 0, side: None };
    /// assert_eq!(place.to_string(), "place it on game 1");
    /// assert_eq!(view.describe(place).to_string(), "place it on Ring Toss");
    /// let four = Action::Pick(DieRef::Pool { owner: Player(0), face: Face::ALL[3] });
    /// assert_eq!(view.describe(four).to_string(), "pick the 4 in your pool");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn describe(&self, action: Action) -> impl fmt::Display + '_ {
        Described { view: self, action }
    }
}

impl View {
    /// `event` with the Mini Games' printed names and the dice as this seat
    /// sees them: "player 2's 3 on Ring Toss, space 1 turned from 3 to 4",
    /// "player 1 placed a 4 on Magic Geode Shy, space 2". Call it on the
    /// view from *before* the move that reported the event (the one the
    /// move was chosen from): dice are named as they were then. Fairy dice
    /// rolled onto a card keep the table position ("game 2"), since the
    /// card there may have just been turned up. The event's own `Display`
    /// needs no view and names table positions.
    ///
    /// ```
    /// use fairy_ring::fayre::{Action, DieRef, Event, Mischief, State};
    /// use fairy_ring::{Game, Player, Seat};
    /// use rand_chacha::ChaCha8Rng;
    /// use rand_core::SeedableRng;
    ///
    /// let mut state = State::builder(2)
    ///     .mini_game("Ring Toss", |g| g.die(Player(1), 3))
    ///     .hand(Player(0), ["yellow fairy"])
    ///     .build()?;
    /// let mut rng = ChaCha8Rng::seed_from_u64(1);
    /// state.apply(Player(0), Action::Play(Mischief::Flip), &mut rng)?;
    /// let before = state.view_for(Seat::Player(Player(0)));
    /// let three = Action::Pick(DieRef::Placed { booth: 0, space: 0 });
    /// let events = state.apply(Player(0), three, &mut rng)?;
    /// let flipped: Vec<String> = events
    ///     .iter()
    ///     .map(|event| before.describe_event(event).to_string())
    ///     .collect();
    /// assert_eq!(flipped[0], "player 2's 3 on Ring Toss, space 1 turned from 3 to 4");
    /// assert_eq!(events[0].to_string(), "the player die on game 1, space 1 turned from 3 to 4");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn describe_event<'a>(&'a self, event: &'a Event) -> impl fmt::Display + 'a {
        DescribedEvent { view: self, event }
    }

    /// The naming context of this view.
    fn context(&self) -> Context<'_> {
        Context {
            booths: Some(&self.booths),
            you: self.seat.player(),
        }
    }
}

/// [`View::describe_event`]'s text.
struct DescribedEvent<'a> {
    view: &'a View,
    event: &'a Event,
}

impl fmt::Display for DescribedEvent<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.view.context().event(self.event, f)
    }
}

/// [`View::describe`]'s text.
struct Described<'a> {
    view: &'a View,
    action: Action,
}

impl fmt::Display for Described<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let context = Context {
            booths: Some(&self.view.booths),
            you: match self.view.seat {
                Seat::Player(p) => Some(p),
                _ => None,
            },
        };
        context.described(self.view.phase, self.action, f)
    }
}
