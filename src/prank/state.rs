//! A position in a game of Fairy Prank, and the round: select, hide, guess.

use rand_core::Rng;

use super::action::{Action, Violation};
use super::config::{BoxSound, Config, MAX_PLAYERS, Rules};
use super::event::{Event, GuessingEnd};
use super::items::{Item, Items, MIN_ITEMS};
use super::setup::{Setup, SetupError};
use super::sheet::{ITEMS_TO_WIN, MARKS_TO_WIN, Sheet, sheet_list};
use super::view::View;
use crate::game::{EventSink, NoEvents};
use crate::{
    ActionError, ActionList, ConfigError, Events, Game, Outcome, Player, PlayerSet, Score, Seat,
};

/// Where a move's events go: the caller's [`Events`] (`apply`), or nowhere
/// ([`NoEvents`], `play`), so `play` builds none. At most 4 events per move:
/// guess, mark, then the end of the Guessing phase and the next round, or
/// the end of the game.
#[inline(always)]
fn push(events: &mut impl EventSink<Event>, event: Event) {
    events.record(event);
}

/// The phase of the current round.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Phase {
    /// Items go into the box. With 3 to 6 players everyone selects in the
    /// open, clockwise from the starting player; with 2 players the starting
    /// player, who is the Fairy, fills the box in secret.
    Selection,
    /// The Fairy secretly removes items from the box.
    Hiding {
        /// The Fairy.
        fairy: Player,
    },
    /// The others guess, clockwise from the Fairy's left.
    Guessing {
        /// The Fairy.
        fairy: Player,
    },
    /// The game is over.
    Over {
        /// Who won: one player, or both in a drawn 2-player game.
        #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::player_set))]
        winners: PlayerSet,
    },
}

/// A game of Fairy Prank in progress, including what only the Fairy knows.
///
/// Fairy Prank has no chance: neither [`State::new`](crate::Game::new) nor
/// `apply` consumes randomness.
///
/// A `State` is `Copy`: it holds bit sets, score sheets as arrays and the
/// config (item names inline), so a clone is one `memcpy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct State {
    pub(super) config: Config,
    pub(super) round: u16,
    pub(super) starting_player: Player,
    pub(super) phase: Phase,
    /// What is in the box.
    pub(super) in_box: Items,
    /// What the Fairy took out this round.
    pub(super) removed: Items,
    /// Tokens turned face down after a right guess.
    pub(super) right: Items,
    /// Tokens turned face down after a wrong guess.
    pub(super) wrong: Items,
    pub(super) sheets: [Sheet; MAX_PLAYERS],
    /// The one player to act (`seat_to_act`), kept up to date by
    /// every change of the position, so `to_act` is a read.
    pub(super) actor: Option<Player>,
}

impl State {
    /// The game's config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// Round number, from 1.
    pub fn round(&self) -> u16 {
        self.round
    }

    /// Who holds the starting player token.
    pub fn starting_player(&self) -> Player {
        self.starting_player
    }

    /// The current phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// What is in the box (hidden information: show players their view).
    pub fn in_box(&self) -> Items {
        self.in_box
    }

    /// What the Fairy removed this round (hidden information).
    pub fn removed(&self) -> Items {
        self.removed
    }

    /// Score sheets in seat order.
    pub fn sheets(&self) -> &[Sheet] {
        self.sheets.get(..self.players()).unwrap_or(&[])
    }

    /// The Fairy of this round, once known.
    pub fn fairy(&self) -> Option<Player> {
        match self.phase {
            Phase::Hiding { fairy } | Phase::Guessing { fairy } => Some(fairy),
            Phase::Selection if self.rules() == Rules::TwoPlayer => Some(self.starting_player),
            _ => None,
        }
    }

    /// The tokens in play this round: the items selected in this round's
    /// Selection phase, or every item in the beginner and 2-player games.
    #[inline]
    pub fn tokens(&self) -> Items {
        match self.rules() {
            Rules::Standard => self.in_box.union(self.removed),
            Rules::Beginner | Rules::TwoPlayer => self.config.treasures.all(),
        }
    }

    /// The tokens turned face down this round.
    #[inline]
    pub fn face_down(&self) -> Items {
        self.right.union(self.wrong)
    }

    /// Which rules the table plays.
    #[inline]
    pub fn rules(&self) -> Rules {
        self.config.rules()
    }

    #[inline]
    pub(super) fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    /// The one player to act, if the game is not over.
    #[inline]
    fn current(&self) -> Option<Player> {
        self.actor
    }

    /// The one player to act, worked out from the phase: what `actor` holds.
    pub(super) fn seat_to_act(&self) -> Option<Player> {
        let n = self.players();
        match self.phase {
            Phase::Selection => match self.rules() {
                Rules::TwoPlayer => Some(self.starting_player),
                _ => Some(self.starting_player.left(self.in_box.len(), n)),
            },
            Phase::Hiding { fairy } => Some(fairy),
            Phase::Guessing { fairy } => Some(guesser(fairy, self.face_down().len(), n)),
            Phase::Over { .. } => None,
        }
    }

    /// The player to act once `player` has acted, from the new phase, in
    /// O(1): what [`seat_to_act`](State::seat_to_act) works out with
    /// divisions.
    fn actor_after(&self, player: Player) -> Option<Player> {
        let n = self.players();
        let next = |p: Player| next_seat(p, n);
        match self.phase {
            Phase::Over { .. } => None,
            Phase::Hiding { fairy } => Some(fairy),
            // A new round, or the 2-player Fairy filling the box.
            Phase::Selection if self.in_box.is_empty() || self.rules() == Rules::TwoPlayer => {
                Some(self.starting_player)
            }
            // The next player selects.
            Phase::Selection => Some(next(player)),
            // The first guesser sits left of the Fairy.
            Phase::Guessing { fairy } if self.face_down().is_empty() => Some(next(fairy)),
            // The next guesser, skipping the Fairy.
            Phase::Guessing { fairy } => {
                let left = next(player);
                Some(if left == fairy { next(left) } else { left })
            }
        }
    }

    /// Items the Fairy puts in the box in this 2-player round: 2 in the first
    /// round and one more each round.
    #[inline]
    pub(super) fn duel_box_size(&self) -> usize {
        usize::from(self.round).saturating_add(1)
    }

    /// Why `player` may not act now (they are not [`current`](State::current)).
    #[cold]
    fn refusal(&self, player: Player) -> ActionError<Violation> {
        if let Phase::Over { .. } = self.phase {
            ActionError::GameOver
        } else if player.index() >= self.players() {
            ActionError::NoSuchPlayer { player }
        } else {
            ActionError::NotToAct { player }
        }
    }

    /// The legal actions of the player to act, written from the rule of
    /// each action kind: the same as the actions `check_rule` accepts, in
    /// the documented order. Inline with `legal_actions`, so the list is
    /// written where the caller keeps it.
    #[inline(always)]
    fn legal(&self, list: &mut ActionList<Action>) {
        let mut add = |action| {
            let _ = list.try_push(action);
        };
        let all = self.config.treasures.all();
        let two_player = self.rules() == Rules::TwoPlayer;
        match self.phase {
            Phase::Selection => {
                if two_player || self.in_box != all {
                    all.difference(self.in_box)
                        .iter()
                        .for_each(|item| add(Action::Select(item)));
                }
                if !two_player && self.in_box.has_at_least(MIN_ITEMS) {
                    add(Action::EndSelection);
                }
            }
            Phase::Hiding { .. } => {
                if self.in_box.has_at_least(2) {
                    all.intersection(self.in_box)
                        .iter()
                        .for_each(|item| add(Action::Remove(item)));
                }
                if !self.removed.is_empty() {
                    add(Action::DoneHiding);
                }
            }
            Phase::Guessing { .. } => all
                .intersection(self.tokens())
                .difference(self.face_down())
                .iter()
                .for_each(|item| add(Action::Guess(item))),
            Phase::Over { .. } => {}
        }
    }

    /// Checks and plays `action` for `player`, writing its events to
    /// `events`; on error the state is unchanged. Each action's rule is
    /// checked where it is carried out, so a move matches the phase once,
    /// and the common moves set the next player to act without matching it
    /// again ([`actor_after`](State::actor_after)).
    #[inline]
    fn act(
        &mut self,
        player: Player,
        action: Action,
        events: &mut impl EventSink<Event>,
    ) -> Result<(), ActionError<Violation>> {
        // The one to act is a seated player, and no one acts once the game is over.
        if self.current() != Some(player) {
            return Err(self.refusal(player));
        }
        let refuse = |violation| Err(ActionError::Illegal(violation));
        let all = self.config.treasures.all();
        let two_player = self.rules() == Rules::TwoPlayer;
        self.actor = match (self.phase, action) {
            (Phase::Selection, Action::Select(item)) => {
                if !all.contains(item) {
                    return refuse(Violation::NoSuchItem(item));
                } else if !two_player && self.in_box == all {
                    return refuse(Violation::MustEndSelection);
                } else if self.in_box.contains(item) {
                    return refuse(Violation::AlreadyInBox(item));
                }
                self.in_box.insert(item);
                if !two_player {
                    push(events, Event::Selected { player, item });
                    // The next player selects.
                    Some(next_seat(player, self.players()))
                } else {
                    let fairy = player;
                    push(
                        events,
                        Event::PutInSecret {
                            fairy,
                            item: Some(item),
                        },
                    );
                    if self.in_box.len() >= self.duel_box_size() {
                        self.phase = Phase::Guessing { fairy };
                        push(events, Event::SelectionEnded { fairy });
                    }
                    self.actor_after(player)
                }
            }
            (Phase::Selection, Action::EndSelection) if !two_player => {
                if !self.in_box.has_at_least(MIN_ITEMS) {
                    return refuse(Violation::TooFewItems);
                }
                self.phase = Phase::Hiding { fairy: player };
                push(events, Event::SelectionEnded { fairy: player });
                self.actor_after(player)
            }
            (Phase::Hiding { fairy }, Action::Remove(item)) => {
                if !all.contains(item) {
                    return refuse(Violation::NoSuchItem(item));
                } else if !self.in_box.contains(item) {
                    return refuse(Violation::NotInBox(item));
                } else if !self.in_box.has_at_least(2) {
                    return refuse(Violation::LastItem);
                }
                self.in_box.remove(item);
                self.removed.insert(item);
                push(events, Event::Removed { fairy, item });
                // The Fairy goes on.
                Some(fairy)
            }
            (Phase::Hiding { fairy }, Action::DoneHiding) => {
                if self.removed.is_empty() {
                    return refuse(Violation::NothingRemoved);
                }
                self.phase = Phase::Guessing { fairy };
                let box_count = match self.config.box_sound {
                    BoxSound::ItemCount => Some(self.in_box.len()),
                    BoxSound::Silent => None,
                };
                push(events, Event::HidingDone { fairy, box_count });
                self.actor_after(player)
            }
            (Phase::Guessing { fairy }, Action::Guess(item)) => {
                if !all.contains(item) {
                    return refuse(Violation::NoSuchItem(item));
                } else if !self.tokens().contains(item) {
                    return refuse(Violation::NotInPlay(item));
                } else if self.face_down().contains(item) {
                    return refuse(Violation::AlreadyGuessed(item));
                }
                self.guess(player, fairy, item, events);
                match self.phase {
                    // The next guesser, skipping the Fairy (as `actor_after`).
                    Phase::Guessing { fairy } => {
                        let left = next_seat(player, self.players());
                        Some(if left == fairy {
                            next_seat(left, self.players())
                        } else {
                            left
                        })
                    }
                    _ => self.actor_after(player),
                }
            }
            _ => return refuse(Violation::WrongPhase),
        };
        debug_assert_eq!(self.actor, self.seat_to_act());
        Ok(())
    }

    fn guess(
        &mut self,
        player: Player,
        fairy: Player,
        item: Item,
        events: &mut impl EventSink<Event>,
    ) {
        let right = self.in_box.contains(item);
        if right {
            self.right.insert(item);
        } else {
            self.wrong.insert(item);
        }
        push(
            events,
            Event::Guessed {
                player,
                item,
                right,
            },
        );
        if self.rules() == Rules::TwoPlayer {
            return self.after_duel_guess(player, fairy, right, events);
        }
        let marked = if right { player } else { fairy };
        if let Some(sheet) = self.sheets.get_mut(marked.index()) {
            let marks = sheet.mark(item);
            push(
                events,
                Event::Marked {
                    player: marked,
                    item,
                    marks,
                },
            );
            // No sheet of a game in progress wins (`Setup` refuses one), so
            // only a third mark, or a first mark on a new item, can win.
            let wins = match marks {
                m if m >= MARKS_TO_WIN => true,
                1 => sheet.wins(),
                _ => false,
            };
            debug_assert_eq!(wins, sheet.wins());
            if wins {
                return self.finish(PlayerSet::only(marked), events);
            }
        }
        let reason = if self.removed.is_subset(self.wrong) {
            GuessingEnd::AllRemovedGuessed
        } else if self.in_box.is_subset(self.right) {
            GuessingEnd::AllInBoxGuessed
        } else {
            return;
        };
        self.end_guessing(reason, events);
        self.round = self.round.saturating_add(1);
        self.starting_player = self.starting_player.left(1, self.players());
        self.in_box = match self.rules() {
            Rules::Beginner => self.config.treasures.all(),
            _ => Items::EMPTY,
        };
        self.phase = match self.rules() {
            Rules::Beginner => Phase::Hiding {
                fairy: self.starting_player,
            },
            _ => Phase::Selection,
        };
        self.start_round(events);
    }

    /// In 2 players a wrong guess loses at once; finding every item swaps the
    /// roles for a round with one more item, if the set has one.
    fn after_duel_guess(
        &mut self,
        guesser: Player,
        fairy: Player,
        right: bool,
        events: &mut impl EventSink<Event>,
    ) {
        if !right {
            return self.finish(PlayerSet::only(fairy), events);
        }
        if !self.in_box.is_subset(self.right) {
            return;
        }
        if self.duel_box_size() >= self.config.item_count() {
            return self.finish(PlayerSet::first(2), events);
        }
        self.end_guessing(GuessingEnd::AllInBoxGuessed, events);
        self.round = self.round.saturating_add(1);
        self.starting_player = guesser;
        self.in_box = Items::EMPTY;
        self.phase = Phase::Selection;
        self.start_round(events);
    }

    fn end_guessing(&mut self, reason: GuessingEnd, events: &mut impl EventSink<Event>) {
        push(
            events,
            Event::GuessingEnded {
                reason,
                in_box: self.in_box,
                removed: self.removed,
            },
        );
    }

    /// Clears the round's tokens and announces the round (box already set).
    fn start_round(&mut self, events: &mut impl EventSink<Event>) {
        self.removed = Items::EMPTY;
        self.right = Items::EMPTY;
        self.wrong = Items::EMPTY;
        push(
            events,
            Event::RoundStarted {
                round: self.round,
                starting_player: self.starting_player,
                phase: self.phase,
            },
        );
    }

    fn finish(&mut self, winners: PlayerSet, events: &mut impl EventSink<Event>) {
        self.phase = Phase::Over { winners };
        push(
            events,
            Event::GameOver {
                winners,
                in_box: self.in_box,
                removed: self.removed,
            },
        );
    }

    /// Whether `seat` may know what is in the box.
    fn sees_box(&self, seat: Seat) -> bool {
        match self.phase {
            Phase::Over { .. } => true,
            Phase::Selection if self.rules() != Rules::TwoPlayer => true,
            _ => self.fairy().is_some_and(|f| seat == Seat::Player(f)),
        }
    }

    /// The first round of a game with `config`, which must be valid.
    pub(super) fn start(config: Config) -> State {
        let rules = config.rules();
        let all = config.treasures.all();
        State {
            config,
            round: 1,
            starting_player: Player(0),
            phase: match rules {
                Rules::Beginner => Phase::Hiding { fairy: Player(0) },
                Rules::Standard | Rules::TwoPlayer => Phase::Selection,
            },
            in_box: match rules {
                Rules::Beginner => all,
                Rules::Standard | Rules::TwoPlayer => Items::EMPTY,
            },
            removed: Items::EMPTY,
            right: Items::EMPTY,
            wrong: Items::EMPTY,
            sheets: [Sheet::default(); MAX_PLAYERS],
            actor: Some(Player(0)),
        }
    }
}

/// The seat left of `player` at a table of `players`, without a division.
#[inline]
fn next_seat(player: Player, players: usize) -> Player {
    let i = player.0.wrapping_add(1);
    Player(if usize::from(i) >= players { 0 } else { i })
}

/// The guesser after `guesses` guesses: clockwise from the Fairy's left,
/// around the table as often as needed, skipping the Fairy.
pub(super) fn guesser(fairy: Player, guesses: usize, players: usize) -> Player {
    let others = players.saturating_sub(1).max(1);
    fairy.left(1 + guesses % others, players)
}

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Setup = Setup;
    type Violation = Violation;
    type SetupError = SetupError;

    const NAME: &'static str = "Fairy Prank";
    const MIN_PLAYERS: usize = super::config::MIN_PLAYERS;
    const MAX_PLAYERS: usize = super::config::MAX_PLAYERS;

    /// Seats the players with seat 0 holding the starting player token.
    /// Consumes no randomness.
    fn new(config: &Config, _rng: &mut (impl Rng + ?Sized)) -> Result<State, ConfigError> {
        config.validate()?;
        Ok(State::start(*config))
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    #[inline]
    fn to_act(&self) -> PlayerSet {
        self.current().map_or(PlayerSet::EMPTY, PlayerSet::only)
    }

    // Inline, so the caller's own list is filled in place.
    #[inline(always)]
    fn legal_actions(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        self.legal_actions_into(player, &mut list);
        list
    }

    fn legal_actions_into(&self, player: Player, list: &mut ActionList<Action>) {
        list.clear();
        if self.current() == Some(player) {
            self.legal(list);
        }
    }

    fn apply(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<Event>, ActionError<Violation>> {
        let mut events = Events::new();
        self.apply_into(player, action, rng, &mut events)?;
        Ok(events)
    }

    fn apply_into(
        &mut self,
        player: Player,
        action: Action,
        _rng: &mut (impl Rng + ?Sized),
        events: &mut Events<Event>,
    ) -> Result<(), ActionError<Violation>> {
        events.clear();
        self.act(player, action, events)
    }

    /// `apply` without its events: the same checks and changes, with the
    /// events written nowhere.
    fn play(
        &mut self,
        player: Player,
        action: Action,
        _rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<Violation>> {
        self.act(player, action, &mut NoEvents)
    }

    fn view_for(&self, seat: Seat) -> View {
        let seat = seat.at_table(self.players());
        let sees_box = self.sees_box(seat);
        let count_is_public = match self.phase {
            Phase::Guessing { .. } => {
                self.rules() == Rules::TwoPlayer || self.config.box_sound == BoxSound::ItemCount
            }
            Phase::Selection => self.rules() == Rules::TwoPlayer,
            Phase::Hiding { .. } | Phase::Over { .. } => false,
        };
        View {
            seat,
            rules: self.rules(),
            round: self.round,
            starting_player: self.starting_player,
            phase: self.phase,
            to_act: self.current(),
            tokens: self.tokens(),
            guessed_right: self.right,
            guessed_wrong: self.wrong,
            in_box: sees_box.then_some(self.in_box),
            removed: sees_box.then_some(self.removed),
            box_count: (sees_box || count_is_public).then_some(self.in_box.len()),
            sheets: sheet_list(self.sheets()),
            treasures: self.config.treasures,
        }
    }

    /// Names the items from the view's [`Treasures`](super::Treasures).
    fn write_action(
        view: &View,
        action: &Action,
        f: &mut core::fmt::Formatter<'_>,
    ) -> core::fmt::Result {
        write!(f, "{}", action.named(&view.treasures))
    }

    /// Reads item names as well as numbers ([`Action::parse_named`] with
    /// the table's [`Treasures`](super::Treasures)), so every action as
    /// [`write_action`](Game::write_action) shows it reads back, and so does
    /// its `Display` ("item N", N from 1 to 256).
    fn parse_action(&self, text: &str) -> Result<Action, super::ParseActionError> {
        Action::parse_named(text, &self.config.treasures)
    }

    /// Reads the words a seat is shown: item names from the view's
    /// [`Treasures`](super::Treasures), or "item N" for one of the table's
    /// items; errors speak of the table ("its items are numbered 1 to 10").
    /// See [`Action::read_at_table`].
    fn read_action(view: &View, text: &str) -> Result<Action, super::ParseActionError> {
        Action::read_at_table(text, &view.treasures)
    }

    /// Names the items from the view's [`Treasures`](super::Treasures).
    fn write_event(
        view: &View,
        event: &Event,
        f: &mut core::fmt::Formatter<'_>,
    ) -> core::fmt::Result {
        write!(f, "{}", event.named(&view.treasures))
    }

    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        event.redacted(seat)
    }

    /// Scores are the marks on each sheet; in 2 players (no sheets) 1 for a
    /// winner and 0 otherwise.
    fn outcome(&self) -> Option<Outcome> {
        let Phase::Over { winners } = self.phase else {
            return None;
        };
        let scores = (0..self.players()).map(|seat| {
            let player = Player(seat as u8);
            match self.rules() {
                Rules::TwoPlayer => Score::from(winners.contains(player)),
                _ => self.sheets.get(seat).map_or(0, Sheet::total),
            }
        });
        Some(Outcome::new(winners, scores))
    }

    /// With `n` players and `k` items: at most `M = n × 2 × min(5, k) + 1`
    /// guesses in a game of 3 to 6 (each guess fills a space, and every sheet
    /// wins once it holds more than two marks on each of five items), hence
    /// at most `M` rounds of at most `k + 1` selections and `k` hiding actions
    /// each: `M × (2k + 2)` actions (`M × (k + 1)` in the beginner game). In
    /// 2 players, round `r` takes `r + 1` items and `r + 1` guesses, for
    /// rounds 1 to `k - 1`: `k × (k + 1) - 2` actions.
    fn max_game_length(&self) -> u32 {
        let n = self.players() as u32;
        let k = self.config.item_count() as u32;
        let per_player = u32::from(MARKS_TO_WIN - 1) * k.min(ITEMS_TO_WIN as u32 - 1);
        let guesses = n * per_player + 1;
        match self.rules() {
            Rules::Standard => guesses * (2 * k + 2),
            Rules::Beginner => guesses * (k + 1),
            Rules::TwoPlayer => (k * (k + 1)).saturating_sub(2),
        }
    }

    fn to_setup(&self) -> Setup {
        Setup::from(self)
    }

    fn from_setup(setup: Setup) -> Result<State, SetupError> {
        State::try_from(setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand_core::SeedableRng;

    /// When a move breaks several rules, the refusal names the first in the
    /// order `act` checks them (the order the rule checks had before the
    /// checks moved into `act`).
    #[test]
    fn a_refusal_names_the_first_rule_broken() -> Result<(), SetupError> {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
        let mut refusal = |state: &State, player: Player, action: Action| {
            let mut state = *state;
            state.apply(player, action, &mut rng).err()
        };
        let illegal = |violation| Some(ActionError::Illegal(violation));
        // The Fairy has one item left in the box.
        let hiding = State::builder(4)
            .in_box(["die"])
            .removed(["marble", "rope"])
            .hiding(Player(1))
            .build()?;
        let fairy = Player(1);
        let (die, marble, outside) = (Item(1), Item(2), Item(12));
        assert_eq!(
            refusal(&hiding, fairy, Action::Remove(outside)),
            illegal(Violation::NoSuchItem(outside))
        );
        assert_eq!(
            refusal(&hiding, fairy, Action::Remove(marble)),
            illegal(Violation::NotInBox(marble))
        );
        assert_eq!(
            refusal(&hiding, fairy, Action::Remove(die)),
            illegal(Violation::LastItem)
        );
        assert_eq!(
            refusal(&hiding, fairy, Action::Guess(die)),
            illegal(Violation::WrongPhase)
        );
        assert_eq!(
            refusal(&hiding, Player(2), Action::Remove(outside)),
            Some(ActionError::NotToAct { player: Player(2) })
        );
        assert_eq!(
            refusal(&hiding, Player(9), Action::Remove(outside)),
            Some(ActionError::NoSuchPlayer { player: Player(9) })
        );
        // Every item is in the box: the Selection must end.
        let full = State::builder(4).in_box(STANDARD_NAMES).build()?;
        let selector = full.current().unwrap_or(Player(0));
        assert_eq!(
            refusal(&full, selector, Action::Select(outside)),
            illegal(Violation::NoSuchItem(outside))
        );
        assert_eq!(
            refusal(&full, selector, Action::Select(die)),
            illegal(Violation::MustEndSelection)
        );
        Ok(())
    }

    const STANDARD_NAMES: [&str; 10] = super::super::items::STANDARD_ITEMS;
}
