//! A position in a game of Fairy, and the turn: guess, reveal, score.

use crate::List;
use rand_core::Rng;

use super::action::{Action, Violation};
use super::cards::{Card, DECK_SIZE};
use super::config::{Config, MAX_PLAYERS, Variant};
use super::event::Event;
use super::guess::Guess;
use super::guess::WRONG_GUESS;
use super::score::{self, FIFTEEN, TOP};
use super::setup::{Setup, SetupError};
use super::view::View;
use crate::{
    ActionError, ActionList, ConfigError, Events, Game, Outcome, Player, PlayerSet, Score, Seat,
};
// Fairy's events per apply are at most 1 + 1 + 10 + 1, well inside capacity.
use crate::game::push_event as push;

/// How far the game has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Stage {
    /// Everyone guesses each turn.
    Main,
    /// The game should have ended with these players tied for the highest
    /// score at the table: only they keep guessing, until one player alone
    /// has the highest score or the deck runs out.
    PlayOff(
        #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::player_set))] PlayerSet,
    ),
    /// The game is over; these players share the victory.
    Over(
        #[cfg_attr(feature = "arbitrary", arbitrary(with = super::fuzzing::player_set))] PlayerSet,
    ),
}

/// A game of Fairy in progress, including the hidden deck order.
///
/// All randomness is consumed by [`State::new`] (one shuffle of the deck);
/// `apply` consumes none.
///
/// `State` is `Copy`: it is plain fixed-size data (the deck in the order it
/// is flipped, scores and guesses by seat, and a few counters kept up to
/// date by `apply`), so a copy is one `memcpy`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct State {
    pub(super) config: Config,
    /// Every card in the order it is flipped: the covered cards bottom
    /// first, the face-up card at `top`, then the face-down deck, the next
    /// card first.
    pub(super) cards: [Card; DECK_SIZE],
    /// Where the face-up card is in `cards` (0 to 20).
    pub(super) top: u8,
    pub(super) scores: [Score; MAX_PLAYERS],
    pub(super) guesses: [Option<Guess>; MAX_PLAYERS],
    /// Players still to guess this turn: those taking part in it who have
    /// not guessed yet (empty once the game is over).
    pub(super) waiting: PlayerSet,
    /// Fairies on the face-up and covered cards.
    pub(super) fairies_seen: u8,
    /// Fairies in the whole deck (the config's deck data).
    pub(super) fairies_total: u8,
    pub(super) stage: Stage,
}

/// What a turn's scores decide about the end: who is at the top, who leads
/// the whole table, and whether someone has 15 points.
struct Standings {
    at_top: PlayerSet,
    leaders: PlayerSet,
    fifteen: bool,
}

impl Standings {
    /// An empty table.
    fn new() -> Standings {
        Standings {
            at_top: PlayerSet::EMPTY,
            leaders: PlayerSet::EMPTY,
            fifteen: false,
        }
    }

    /// Counts `player`'s `score`; `best` is the highest score counted so far.
    fn count(&mut self, player: Player, score: Score, best: &mut Score) {
        if score >= TOP {
            self.at_top.insert(player);
        }
        self.fifteen |= score >= FIFTEEN;
        if self.leaders.is_empty() || score > *best {
            *best = score;
            self.leaders = PlayerSet::only(player);
        } else if score == *best {
            self.leaders.insert(player);
        }
    }
}

impl State {
    /// The game's config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The face-up card on top of the pile.
    pub fn top_card(&self) -> Card {
        self.cards
            .get(usize::from(self.top))
            .copied()
            .unwrap_or(Card::MIN)
    }

    /// How far the game has got.
    pub fn stage(&self) -> Stage {
        self.stage
    }

    /// Scores in seat order.
    pub fn scores(&self) -> &[Score] {
        self.scores.get(..self.players()).unwrap_or(&[])
    }

    /// Cards still face down in the deck.
    pub fn cards_left(&self) -> usize {
        self.face_down().len()
    }

    /// The guess `player` has committed this turn, if any. Hidden
    /// information: show players only [`view_for`](crate::Game::view_for).
    pub fn guess(&self, player: Player) -> Option<Guess> {
        self.guess_of(player)
    }

    /// Fairies that have appeared, the starting card included.
    pub fn fairies_seen(&self) -> usize {
        usize::from(self.fairies_seen)
    }

    /// The face-up card and the covered ones, bottom first.
    pub(super) fn face_up(&self) -> &[Card] {
        self.cards.get(..=usize::from(self.top)).unwrap_or(&[])
    }

    /// The face-down deck, the next card first.
    pub(super) fn face_down(&self) -> &[Card] {
        self.cards.get(usize::from(self.top) + 1..).unwrap_or(&[])
    }

    pub(super) fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    /// Players who take part in the current turn.
    fn guessing(&self) -> PlayerSet {
        match self.stage {
            Stage::Main => PlayerSet::first(self.players()),
            Stage::PlayOff(tied) => tied,
            Stage::Over(_) => PlayerSet::EMPTY,
        }
    }

    /// Players taking part in this turn who have guessed.
    fn guessed(&self) -> PlayerSet {
        PlayerSet::from_bits(self.guessing().bits() & !self.waiting.bits())
    }

    fn guess_of(&self, player: Player) -> Option<Guess> {
        self.guesses.get(player.index()).copied().flatten()
    }

    /// The standings of the whole table.
    fn standings(&self) -> Standings {
        let mut standings = Standings::new();
        let mut best = 0;
        for (seat, &score) in self.scores().iter().enumerate() {
            standings.count(Player(seat as u8), score, &mut best);
        }
        standings
    }

    /// Whether the variant's ending has come. A custom deck without fairies
    /// never triggers the standard ending: it plays until the deck runs out
    /// (see `docs/RULINGS.md`, "Fairy: a custom deck without fairies").
    fn end_is_triggered(&self, fifteen: bool) -> bool {
        match self.config.variant {
            Variant::Standard => self.fairies_total > 0 && self.fairies_seen >= self.fairies_total,
            Variant::FifteenPoints => fifteen,
        }
    }

    /// Whether the position allows the main game to be over (a play-off or
    /// the end): someone is at the top, the deck is empty, or the standard
    /// ending has come. In the 15-point variant the leaders may have fallen
    /// back below 15 during a play-off, so that ending cannot be checked.
    pub(super) fn main_game_can_be_over(&self) -> bool {
        self.scores().iter().any(|&s| s >= TOP)
            || self.face_down().is_empty()
            || match self.config.variant {
                Variant::Standard => self.end_is_triggered(false),
                Variant::FifteenPoints => true,
            }
    }

    /// The stage after a turn (or the opening flip) has been scored.
    pub(super) fn stage_after_turn(&self) -> Stage {
        self.stage_from(&self.standings())
    }

    /// The stage after a turn that left the table at `standings`.
    fn stage_from(&self, standings: &Standings) -> Stage {
        if !standings.at_top.is_empty() {
            return Stage::Over(standings.at_top);
        }
        // See RULINGS.md, "Fairy: who plays on after a tie": the leaders are
        // always counted over the whole table.
        let leaders = standings.leaders;
        let deck_is_empty = self.face_down().is_empty();
        match self.stage {
            Stage::Over(_) => Stage::Over(leaders),
            Stage::Main if !self.end_is_triggered(standings.fifteen) && !deck_is_empty => {
                Stage::Main
            }
            _ if leaders.len() <= 1 || deck_is_empty => Stage::Over(leaders),
            _ => Stage::PlayOff(leaders),
        }
    }

    /// Flips the next card, scores every guess and clears them.
    fn reveal(&mut self, events: &mut Events<Event>) {
        let previous = self.top_card();
        let next = usize::from(self.top) + 1;
        let Some(&card) = self.cards.get(next) else {
            return;
        };
        self.top = next as u8;
        push(events, Event::Revealed { card, previous });
        let deck = &self.config.deck;
        let right = Guess::ALL.map(|guess| guess.is_right(deck, previous, card));
        if deck.has_fairy(card) {
            self.fairies_seen = self.fairies_seen.saturating_add(1);
        }
        // Only players taking part have a guess. Whether the main game goes
        // on needs only whether someone reached the top or 15: the standings
        // are worked out in full only when it may end.
        let mut top_reached = false;
        let mut fifteen = false;
        let players = self.players();
        let seats = self.scores.iter_mut().zip(self.guesses.iter_mut());
        for (seat, (score, guess)) in seats.enumerate().take(players) {
            let player = Player(seat as u8);
            if let Some(guess) = guess.take() {
                let right = right.get(guess.index()).copied().unwrap_or(false);
                let before = *score;
                let change = if right { guess.points() } else { WRONG_GUESS };
                let after = score::moved(before, change);
                *score = after;
                push(
                    events,
                    Event::Scored {
                        player,
                        guess,
                        right,
                        change: after - before,
                        score: after,
                    },
                );
            }
            top_reached |= *score >= TOP;
            fifteen |= *score >= FIFTEEN;
        }
        let was = self.stage;
        let goes_on = !top_reached
            && was == Stage::Main
            && !self.end_is_triggered(fifteen)
            && !self.face_down().is_empty();
        if !goes_on {
            self.stage = self.stage_after_turn();
        }
        self.waiting = self.guessing();
        match self.stage {
            Stage::PlayOff(players) if was != self.stage => {
                push(events, Event::PlayOff { players });
            }
            Stage::Over(winners) => push(events, Event::GameOver { winners }),
            _ => {}
        }
    }

    fn check(&self, player: Player) -> Result<(), ActionError<Violation>> {
        if let Stage::Over(_) = self.stage {
            return Err(ActionError::GameOver);
        }
        if player.index() >= self.players() {
            return Err(ActionError::NoSuchPlayer { player });
        }
        // Sitting out a play-off, or already guessed this turn.
        if !self.waiting.contains(player) {
            return Err(ActionError::NotToAct { player });
        }
        Ok(())
    }
}

impl Game for State {
    type Config = Config;
    type Action = Action;
    type View = View;
    type Event = Event;
    type Setup = Setup;
    type Violation = Violation;
    type SetupError = SetupError;

    const NAME: &'static str = "Fairy";
    const MIN_PLAYERS: usize = super::config::MIN_PLAYERS;
    const MAX_PLAYERS: usize = super::config::MAX_PLAYERS;

    /// Shuffles the deck and flips its top card to start the pile.
    fn new(config: &Config, rng: &mut (impl Rng + ?Sized)) -> Result<State, ConfigError> {
        config.validate()?;
        // The shuffled deck is the order the cards are flipped in: the first
        // one starts the pile.
        let mut cards = Card::ALL;
        crate::rng::shuffle(rng, &mut cards);
        let [top_card, ..] = cards;
        let mut state = State {
            config: *config,
            cards,
            top: 0,
            scores: [0; MAX_PLAYERS],
            guesses: [None; MAX_PLAYERS],
            waiting: PlayerSet::first(usize::from(config.players)),
            fairies_seen: u8::from(config.deck.has_fairy(top_card)),
            fairies_total: config.deck.fairy_count() as u8,
            stage: Stage::Main,
        };
        // Only a custom deck whose every fairy is the starting card ends here.
        state.stage = state.stage_after_turn();
        state.waiting = state.guessing();
        Ok(state)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_act(&self) -> PlayerSet {
        self.waiting
    }

    fn legal_actions(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        self.legal_actions_into(player, &mut list);
        list
    }

    fn legal_actions_into(&self, player: Player, list: &mut ActionList<Action>) {
        list.clear();
        if self.waiting.contains(player) {
            // Room for 4 in any action list: never refused.
            let _ = list.try_extend_from_slice(&Guess::ALL);
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
        self.check(player)?;
        if let Some(slot) = self.guesses.get_mut(player.index()) {
            *slot = Some(action);
        }
        self.waiting.remove(player);
        push(
            events,
            Event::Guessed {
                player,
                guess: Some(action),
            },
        );
        if self.waiting.is_empty() {
            self.reveal(events);
        }
        Ok(())
    }

    fn view_for(&self, seat: Seat) -> View {
        let seat = seat.at_table(self.players());
        let own_guess = seat.player().and_then(|p| self.guess_of(p));
        View {
            seat,
            variant: self.config.variant,
            top_card: self.top_card(),
            top_suit: self.config.deck.suit(self.top_card()),
            top_fairy: self.config.deck.has_fairy(self.top_card()),
            cards_left: self.cards_left(),
            fairies_seen: self.fairies_seen(),
            fairies_total: usize::from(self.fairies_total),
            // At most MAX_PLAYERS scores: always fits.
            scores: List::from_slice(self.scores()),
            guessed: self.guessed(),
            own_guess,
            stage: self.stage,
        }
    }

    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        Some(event.redacted(seat))
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.stage {
            Stage::Over(winners) => Some(Outcome::new(winners, self.scores().iter().copied())),
            _ => None,
        }
    }

    /// At most 20 reveals (the deck minus the starting card), each after every
    /// player has guessed once.
    fn max_game_length(&self) -> u32 {
        (DECK_SIZE as u32 - 1) * u32::from(self.config.players)
    }

    fn to_setup(&self) -> Setup {
        Setup::from(self)
    }

    fn from_setup(setup: Setup) -> Result<State, SetupError> {
        State::try_from(setup)
    }
}
