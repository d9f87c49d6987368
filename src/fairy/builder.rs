//! Positions in a few lines, in the rulebook's words.

use arrayvec::ArrayVec;

use super::cards::{Card, CharmDeck, DECK_SIZE};
use super::config::{Config, MAX_PLAYERS, MIN_PLAYERS, Variant};
use super::guess::Guess;
use super::setup::{Setup, SetupError};
use super::state::{Stage, State};
use crate::{Player, PlayerSet, Score};

/// Builds a position of Fairy from what matters to it, and fills in the rest
/// consistently. Start one with [`State::builder`].
///
/// Cards are named by number (`14`) or as [`Card`]s. Where the named things
/// go, and what fills in the rest:
///
/// - **The pile.** The top card is the one named with
///   [`pile_top`](Self::pile_top); the cards under it are the ones named with
///   [`covered`](Self::covered) (out of play, and out of sight). Without a
///   `pile_top`, the lowest card named nowhere starts the pile.
/// - **The deck.** The cards named with [`top_of_deck`](Self::top_of_deck)
///   lie on top of it, listed bottom first like every pile in this crate
///   (the last one named comes up next); every card named nowhere lies below
///   them, highest first.
/// - **Scores** are 0, nobody has guessed yet, and the game is
///   [`Variant::Standard`] with the printed [`CharmDeck`].
/// - **The stage** is the one the position calls for, unless named with
///   [`play_off`](Self::play_off) or [`stage`](Self::stage): the main game;
///   or, when the position has reached the end (every fairy seen, someone at
///   24 or at 15 in [`Variant::FifteenPoints`], the deck empty), the play-off
///   of the tied leaders or the end with its winners.
///
/// [`build`](Self::build) checks the result like any [`Setup`] (a card named
/// twice, a score off the track, a guess from a player sitting out, ...),
/// so a builder never makes an inconsistent [`State`]. A mistake made along
/// the way (a number that is not a card, a seat not at the table) is kept
/// and reported by `build`; the first one wins. So is a player count the
/// game does not seat: [`State::builder`] itself never fails.
///
/// # Example
///
/// The pile shows 14; 11 comes next, then 3 (piles are listed bottom
/// first, so the next card is the last named); the scores are 22 and 5.
///
/// ```
/// use fairy_ring::fairy::{Guess, Stage, State};
/// use fairy_ring::{Game, Player, PlayerSet};
///
/// let mut state = State::builder(2)
///     .pile_top(14)
///     .top_of_deck([3, 11])
///     .scores([22, 5])
///     .build()?;
/// assert_eq!(state.top_card().number(), 14);
/// assert_eq!(state.cards_left(), 20);
///
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
/// # use rand_core::SeedableRng;
/// state.apply(Player(0), Guess::Lower, &mut rng)?;
/// state.apply(Player(1), Guess::Catch, &mut rng)?;
/// // 11 is lower and shows a fairy: 22 + 2 reaches the top of the track.
/// assert_eq!(state.scores(), &[24, 12]);
/// assert_eq!(state.stage(), Stage::Over(PlayerSet::only(Player(0))));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// A play-off between the first two of three players, after every fairy
/// has appeared, with the first player's guess already in:
///
/// ```
/// use fairy_ring::fairy::{Guess, Stage, State};
/// use fairy_ring::{Game, Player, PlayerSet};
///
/// let state = State::builder(3)
///     .covered([4, 11, 18])
///     .pile_top(12)
///     .scores([9, 9, 8])
///     .guessed(Player(0), Guess::Higher)
///     .build()?;
/// let leaders: PlayerSet = [Player(0), Player(1)].into_iter().collect();
/// assert_eq!(state.stage(), Stage::PlayOff(leaders));
/// assert_eq!(state.to_act(), PlayerSet::only(Player(1)));
/// # Ok::<(), fairy_ring::fairy::SetupError>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[must_use = "a builder does nothing until `build` is called"]
pub struct PositionBuilder {
    /// Players, scores, guesses, variant and deck data; the piles are filled
    /// in by `build`.
    setup: Setup,
    /// The face-up card, if named.
    top: Option<Card>,
    /// The named top of the deck, bottom first (top card last).
    next: ArrayVec<Card, DECK_SIZE>,
    /// Cards under the top card, bottom first.
    covered: ArrayVec<Card, DECK_SIZE>,
    /// Cards named anywhere, by index.
    named: [bool; DECK_SIZE],
    /// The stage, if named.
    stage: Option<Stage>,
    /// The first mistake made while building.
    error: Option<SetupError>,
}

impl State {
    /// A [`PositionBuilder`] for a standard game of `players` players with
    /// the printed deck. A count outside 2 to 10 is refused by
    /// [`build`](PositionBuilder::build) as [`SetupError::PlayerCount`].
    ///
    /// ```
    /// use fairy_ring::fairy::{SetupError, State};
    /// let state = State::builder(4).pile_top(7).top_of_deck([19]).build()?;
    /// assert_eq!(state.top_card().number(), 7);
    /// assert_eq!(State::builder(11).build(), Err(SetupError::PlayerCount(11)));
    /// # Ok::<(), SetupError>(())
    /// ```
    pub fn builder(players: usize) -> PositionBuilder {
        match Config::new(players) {
            Ok(config) => PositionBuilder::new(config),
            Err(_) => {
                let mut builder = PositionBuilder::new(Config::default());
                builder.fail(SetupError::PlayerCount(players));
                builder
            }
        }
    }
}

impl PositionBuilder {
    /// A builder for a game with `config` (its variant and deck printing);
    /// a config the game cannot play is refused by [`build`](Self::build).
    pub fn new(config: Config) -> PositionBuilder {
        let players = usize::from(config.players);
        let mut setup = Setup::blank(players.clamp(MIN_PLAYERS, MAX_PLAYERS));
        setup.variant = config.variant;
        setup.deck = config.deck;
        let mut builder = PositionBuilder {
            setup,
            top: None,
            next: ArrayVec::new(),
            covered: ArrayVec::new(),
            named: [false; DECK_SIZE],
            stage: None,
            error: None,
        };
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            builder.fail(SetupError::PlayerCount(players));
        }
        builder
    }

    /// The face-up card on top of the pile (the "previous card" the next
    /// guesses are about). Named again, the new card replaces the old one,
    /// which goes back among the cards named nowhere.
    pub fn pile_top(mut self, card: impl TryInto<Card, Error: Into<SetupError>>) -> Self {
        if let Some(old) = self.top.take()
            && let Some(named) = self.named.get_mut(old.index())
        {
            *named = false;
        }
        self.top = self.name(card);
        self
    }

    /// The cards on top of the deck, bottom first: the last one named is
    /// the next to be revealed (a later call lays more cards on top).
    ///
    /// The list is read up to its first mistake (a number that is not a
    /// card, a card named twice), so at most one item past the whole deck.
    pub fn top_of_deck<I>(mut self, cards: I) -> Self
    where
        I: IntoIterator<Item: TryInto<Card, Error: Into<SetupError>>>,
    {
        let mut next = core::mem::take(&mut self.next);
        self.name_all(cards, &mut next);
        self.next = next;
        self
    }

    /// Cards already revealed and now covered on the pile, in the order they
    /// were revealed (the first one at the bottom). Fairies among them count
    /// as seen.
    ///
    /// The list is read up to its first mistake (a number that is not a
    /// card, a card named twice), so at most one item past the whole deck.
    pub fn covered<I>(mut self, cards: I) -> Self
    where
        I: IntoIterator<Item: TryInto<Card, Error: Into<SetupError>>>,
    {
        let mut covered = core::mem::take(&mut self.covered);
        self.name_all(cards, &mut covered);
        self.covered = covered;
        self
    }

    /// Every player's score, in seat order: one per player, on the track
    /// from -4 to 24.
    pub fn scores(mut self, scores: impl IntoIterator<Item = Score>) -> Self {
        let players = self.setup.scores.len();
        let mut count = 0;
        // One past the player count is enough to tell that there are too many.
        for score in scores.into_iter().take(players + 1) {
            if let Some(entry) = self.setup.scores.get_mut(count) {
                *entry = score;
            }
            count += 1;
        }
        if count != players {
            self.fail(SetupError::ScoreCount {
                scores: count,
                players,
            });
        }
        self
    }

    /// One player's score.
    pub fn score(mut self, player: Player, score: Score) -> Self {
        match self.setup.scores.get_mut(player.index()) {
            Some(entry) => *entry = score,
            None => self.fail(SetupError::NoSuchPlayer(player)),
        }
        self
    }

    /// A guess `player` has already committed this turn (still hidden from
    /// the others).
    pub fn guessed(mut self, player: Player, guess: Guess) -> Self {
        match self.setup.guesses.get_mut(player.index()) {
            Some(entry) => *entry = Some(guess),
            None => self.fail(SetupError::NoSuchPlayer(player)),
        }
        self
    }

    /// The tied leaders playing on alone ([`Stage::PlayOff`]). A seat not at
    /// the table is [`SetupError::NoSuchPlayer`]; the list is read up to it.
    pub fn play_off(mut self, leaders: impl IntoIterator<Item = Player>) -> Self {
        let players = self.setup.scores.len();
        let mut set = PlayerSet::EMPTY;
        for player in leaders {
            if player.index() >= players {
                self.fail(SetupError::NoSuchPlayer(player));
                break;
            }
            set.insert(player);
        }
        self.stage(Stage::PlayOff(set))
    }

    /// The stage, instead of the one the position calls for.
    pub fn stage(mut self, stage: Stage) -> Self {
        self.stage = Some(stage);
        self
    }

    /// Which ending is played (the standard one unless named).
    pub fn variant(mut self, variant: Variant) -> Self {
        self.setup.variant = variant;
        self
    }

    /// Another printing of the deck (suits and fairies).
    pub fn deck(mut self, deck: CharmDeck) -> Self {
        self.setup.deck = deck;
        self
    }

    /// The position, or the first reason it is not a consistent one.
    pub fn build(self) -> Result<State, SetupError> {
        State::try_from(self.setup()?)
    }

    /// The position as plain data, not yet checked (as in every game's
    /// builder): what [`build`](Self::build) checks, for changing further by
    /// hand first. A mistake made while naming is reported here already.
    pub fn setup(self) -> Result<Setup, SetupError> {
        if let Some(error) = self.error {
            return Err(error);
        }
        let mut setup = self.setup;
        let mut unnamed = Card::all()
            .zip(self.named)
            .filter(|&(_, named)| !named)
            .map(|(card, _)| card);
        let top = match self.top {
            Some(card) => card,
            None => unnamed.next().ok_or(SetupError::EmptyPile)?,
        };
        // The deck, top card last: the unnamed cards lowest at the bottom,
        // then the named ones as listed.
        // Every card is named at most once, so the whole deck fits.
        setup.draw_pile = ArrayVec::new();
        for card in unnamed.chain(self.next.iter().copied()) {
            let _ = setup.draw_pile.try_push(card);
        }
        setup.discard_pile = self.covered;
        // The top card is not among the covered ones: there is room for it.
        setup
            .discard_pile
            .try_push(top)
            .map_err(|_| SetupError::DuplicateCard(top))?;
        setup.stage = match self.stage {
            Some(stage) => stage,
            None => derived_stage(&setup),
        };
        Ok(setup)
    }

    /// Takes `cards` as named, in order, onto `pile`, up to the first
    /// mistake (kept). Every card can be named once, so the mistake comes at
    /// the latest with the item after the whole deck.
    fn name_all<I>(&mut self, cards: I, pile: &mut ArrayVec<Card, DECK_SIZE>)
    where
        I: IntoIterator<Item: TryInto<Card, Error: Into<SetupError>>>,
    {
        for card in cards.into_iter().take(DECK_SIZE + 1) {
            let Some(card) = self.name(card) else {
                break;
            };
            // Room for every card, each named once: never refused.
            if pile.try_push(card).is_err() {
                self.fail(SetupError::DuplicateCard(card));
                break;
            }
        }
    }

    /// Takes `card` as named, or keeps the mistake.
    fn name(&mut self, card: impl TryInto<Card, Error: Into<SetupError>>) -> Option<Card> {
        match card.try_into() {
            Ok(card) => match self.named.get_mut(card.index()) {
                Some(named) if !*named => {
                    *named = true;
                    Some(card)
                }
                _ => {
                    self.fail(SetupError::DuplicateCard(card));
                    None
                }
            },
            Err(error) => {
                self.fail(error.into());
                None
            }
        }
    }

    /// Keeps the first mistake.
    fn fail(&mut self, error: SetupError) {
        self.error.get_or_insert(error);
    }
}

/// The stage `setup`'s position calls for, worked out before its guesses are
/// checked (so that the guesses are checked against that stage): the stage
/// after the main game's last turn, found from the position without its
/// guesses. If the position has another mistake, the main stage, and
/// checking the setup reports the mistake.
fn derived_stage(setup: &Setup) -> Stage {
    let no_guesses = [None; MAX_PLAYERS];
    let no_guesses = no_guesses.get(..setup.guesses.len()).unwrap_or(&[]);
    match State::checked(setup, Stage::Main, no_guesses) {
        Err(SetupError::WrongStage { expected }) => expected,
        _ => Stage::Main,
    }
}
