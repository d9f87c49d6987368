//! A position in a game of Fairy, and the turn: guess, reveal, score.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::{Action, Violation};
use super::cards::{Card, DECK_SIZE};
use super::config::{Config, MAX_PLAYERS, Variant};
use super::event::Event;
use super::guess::Guess;
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
pub enum Stage {
    /// Everyone guesses each turn.
    Main,
    /// The game should have ended with these players tied for the highest
    /// score at the table: only they keep guessing, until one player alone
    /// has the highest score or the deck runs out.
    PlayOff(PlayerSet),
    /// The game is over; these players share the victory.
    Over(PlayerSet),
}

/// A game of Fairy in progress, including the hidden deck order.
///
/// All randomness is consumed by [`State::new`] (one shuffle of the deck);
/// `apply` consumes none.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct State {
    pub(super) config: Config,
    /// Face-down deck, top card last.
    pub(super) draw_pile: ArrayVec<Card, DECK_SIZE>,
    /// The face-up card on top of the pile.
    pub(super) top_card: Card,
    /// The pile's covered cards, bottom first: out of play, and out of sight.
    pub(super) covered: ArrayVec<Card, DECK_SIZE>,
    pub(super) scores: [Score; MAX_PLAYERS],
    pub(super) guesses: [Option<Guess>; MAX_PLAYERS],
    pub(super) stage: Stage,
}

impl State {
    /// The game's config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The face-up card on top of the pile.
    pub fn top_card(&self) -> Card {
        self.top_card
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
        self.draw_pile.len()
    }

    /// The guess `player` has committed this turn, if any. Hidden
    /// information: show players only [`view_for`](crate::Game::view_for).
    pub fn guess(&self, player: Player) -> Option<Guess> {
        self.guess_of(player)
    }

    /// Fairies that have appeared, the starting card included.
    pub fn fairies_seen(&self) -> usize {
        self.covered
            .iter()
            .chain([&self.top_card])
            .filter(|&&c| self.config.deck.has_fairy(c))
            .count()
    }

    fn players(&self) -> usize {
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

    fn guess_of(&self, player: Player) -> Option<Guess> {
        self.guesses.get(player.index()).copied().flatten()
    }

    /// The highest scorers among `among`.
    fn leaders(&self, among: PlayerSet) -> PlayerSet {
        let best = among.iter().map(|p| self.score_of(p)).max();
        among
            .iter()
            .filter(|&p| Some(self.score_of(p)) == best)
            .collect()
    }

    fn score_of(&self, player: Player) -> Score {
        self.scores.get(player.index()).copied().unwrap_or(0)
    }

    /// Whether the variant's ending has come. A custom deck without fairies
    /// never triggers the standard ending: it plays until the deck runs out
    /// (see `docs/RULINGS.md`, "Fairy: a custom deck without fairies").
    fn end_is_triggered(&self) -> bool {
        match self.config.variant {
            Variant::Standard => {
                let fairies = self.config.deck.fairy_count();
                fairies > 0 && self.fairies_seen() >= fairies
            }
            Variant::FifteenPoints => self.scores().iter().any(|&s| s >= FIFTEEN),
        }
    }

    /// Whether the position allows the main game to be over (a play-off or
    /// the end): someone is at the top, the deck is empty, or the standard
    /// ending has come. In the 15-point variant the leaders may have fallen
    /// back below 15 during a play-off, so that ending cannot be checked.
    pub(super) fn main_game_can_be_over(&self) -> bool {
        self.scores().iter().any(|&s| s >= TOP)
            || self.draw_pile.is_empty()
            || match self.config.variant {
                Variant::Standard => self.end_is_triggered(),
                Variant::FifteenPoints => true,
            }
    }

    /// The stage after a turn (or the opening flip) has been scored.
    pub(super) fn stage_after_turn(&self) -> Stage {
        let everyone = PlayerSet::first(self.players());
        let at_top: PlayerSet = everyone
            .iter()
            .filter(|&p| self.score_of(p) >= TOP)
            .collect();
        if !at_top.is_empty() {
            return Stage::Over(at_top);
        }
        // See RULINGS.md, "Fairy: who plays on after a tie": the leaders are
        // always counted over the whole table.
        let leaders = self.leaders(everyone);
        match self.stage {
            Stage::Over(_) => Stage::Over(leaders),
            Stage::Main if !self.end_is_triggered() && !self.draw_pile.is_empty() => Stage::Main,
            _ if leaders.len() <= 1 || self.draw_pile.is_empty() => Stage::Over(leaders),
            _ => Stage::PlayOff(leaders),
        }
    }

    /// Flips the next card and scores every guess.
    fn reveal(&mut self, events: &mut Events<Event>) {
        let previous = self.top_card();
        let Some(card) = self.draw_pile.pop() else {
            return;
        };
        push(events, Event::Revealed { card, previous });
        for player in self.guessing() {
            let Some(guess) = self.guess_of(player) else {
                continue;
            };
            let before = self.score_of(player);
            let after = score::moved(before, guess.change(&self.config.deck, previous, card));
            if let Some(slot) = self.scores.get_mut(player.index()) {
                *slot = after;
            }
            push(
                events,
                Event::Scored {
                    player,
                    guess,
                    right: guess.is_right(&self.config.deck, previous, card),
                    change: after - before,
                    score: after,
                },
            );
        }
        self.covered.push(previous);
        self.top_card = card;
        self.guesses = [None; MAX_PLAYERS];
        let was = self.stage;
        self.stage = self.stage_after_turn();
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
        if !self.guessing().contains(player) || self.guess_of(player).is_some() {
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
        let mut cards: [Card; DECK_SIZE] = core::array::from_fn(|_| Card::MIN);
        for (slot, card) in cards.iter_mut().zip(Card::all()) {
            *slot = card;
        }
        crate::rng::shuffle(rng, &mut cards);
        let [top_card, rest @ ..] = cards;
        let mut state = State {
            config: *config,
            draw_pile: rest.iter().rev().copied().collect(),
            top_card,
            covered: ArrayVec::new(),
            scores: [0; MAX_PLAYERS],
            guesses: [None; MAX_PLAYERS],
            stage: Stage::Main,
        };
        // Only a custom deck whose every fairy is the starting card ends here.
        state.stage = state.stage_after_turn();
        Ok(state)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    fn to_act(&self) -> PlayerSet {
        self.guessing()
            .iter()
            .filter(|&p| self.guess_of(p).is_none())
            .collect()
    }

    fn legal_actions(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        if self.check(player).is_ok() {
            list.extend(Guess::ALL);
        }
        list
    }

    fn apply(
        &mut self,
        player: Player,
        action: Action,
        _rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<Event>, ActionError<Violation>> {
        self.check(player)?;
        let mut events = Events::new();
        if let Some(slot) = self.guesses.get_mut(player.index()) {
            *slot = Some(action);
        }
        push(
            &mut events,
            Event::Guessed {
                player,
                guess: Some(action),
            },
        );
        if self.to_act().is_empty() {
            self.reveal(&mut events);
        }
        Ok(events)
    }

    fn view_for(&self, seat: Seat) -> View {
        let seat = seat.at_table(self.players());
        let own_guess = seat.player().and_then(|p| self.guess_of(p));
        View {
            seat,
            variant: self.config.variant,
            top_card: self.top_card(),
            top_suit: self.config.deck.suit(self.top_card),
            top_fairy: self.config.deck.has_fairy(self.top_card),
            cards_left: self.cards_left(),
            fairies_seen: self.fairies_seen(),
            fairies_total: self.config.deck.fairy_count(),
            scores: self.scores().iter().copied().collect(),
            guessed: self
                .guessing()
                .iter()
                .filter(|&p| self.guess_of(p).is_some())
                .collect(),
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
