//! Writing a position in the rulebook's words: [`State::builder`].

use arrayvec::ArrayVec;

use super::config::{Config, MAX_PLAYERS};
use super::dice::{DICE_PER_PLAYER, FAIRY_DICE, Face, PlacedDie, Side};
use super::mini_game::{
    Booth, FairyTiming, IN_PLAY, MAX_FAIRY_SPACES, MAX_PLAYER_SPACES, MINI_GAMES, MiniGame, REMOVED,
};
use super::mischief::{CardCounts, MISCHIEF_CARDS, Mischief};
use super::prize_pit::{PitDie, RollMode};
use super::setup::{Setup, SetupError};
use super::state::{Phase, State, array_vec};
use crate::{List, Player, Score};

/// A position written in the rulebook's words, naming only what matters.
/// Start with [`State::builder`] (or [`PositionBuilder::new`] for a custom
/// [`Config`]), chain what the position has, then [`build`](Self::build).
///
/// Everything not named is filled in consistently:
///
/// - **Mini Games.** Each [`mini_game`](Self::mini_game) goes on the next
///   table position (0, then 1, then 2); [`no_mini_game`](Self::no_mini_game)
///   leaves one empty (only allowed once the deck is empty). Games not named
///   anywhere fill, in rulebook order, the table positions left, then the
///   face-down deck (the first of them on top) and, the last two, the box.
///   Once the deck is named ([`mini_game_deck`](Self::mini_game_deck)), the games left over go to
///   the scored pile.
/// - **Dice.** A player's dice that are not on a card are in their dice pool.
///   A pool not named ([`pool`](Self::pool)) shows the lowest faces: 1, 2, 3…
///   one face per die. Fairy dice not named on a card that holds them now
///   show 1, and the Fairy dice pool (unless named with
///   [`fairy_pool`](Self::fairy_pool)) holds the rest of the nine, showing 1.
/// - **Mischief cards.** Hands ([`hand`](Self::hand)), the discard pile
///   ([`discard_pile`](Self::discard_pile)) and the top of the draw pile
///   ([`top_of_mischief_deck`](Self::top_of_mischief_deck)) are taken out of
///   the config's mix; every other card is in the draw pile, under the named
///   top. Hands not named are empty.
/// - **Turn.** Player 1 ([`Player(0)`](crate::Player)) to play, choosing a
///   Fairy Mischief action, no score, no move since the last scoring, unless
///   [`to_play`](Self::to_play), [`phase`](Self::phase),
///   [`goblin_rolls`](Self::goblin_rolls), [`final_rolls`](Self::final_rolls),
///   [`score`](Self::score) or [`moves_since_scoring`](Self::moves_since_scoring)
///   say otherwise.
///
/// The result goes through the same checks as any [`Setup`], so a builder
/// never makes an inconsistent position; a name that names nothing, a face
/// that is not 1 to 6 or a die with no room is reported by `build` as the
/// first [`SetupError`] met.
///
/// Names can be written as the players say them (`"Magic Geode"`,
/// `"yellow fairy"`; see [`MiniGame`] and [`Mischief`]) or as values
/// (`MiniGame::MagicGeodeShy`, `Mischief::Flip`); faces are pips, 1 to 6.
///
/// ```
/// use fairy_ring::fayre::{Mischief, MiniGame, Phase, State};
/// use fairy_ring::{Game, Player};
///
/// // Magic Geode Shy in play with these dice, everything else as it comes.
/// let state = State::builder(3)
///     .mini_game("Magic Geode", |g| g.fairy([2, 4, 6]).die(Player(0), 4).die(Player(1), 6))
///     .hand(Player(0), ["yellow fairy", "grey fairy"])
///     .score(Player(2), 7)
///     .to_play(Player(1))
///     .build()?;
///
/// let geode = state.booth(0).expect("a Mini Game at position 0");
/// assert_eq!(geode.game, MiniGame::MagicGeodeShy);
/// assert_eq!(geode.dice().count(), 2);
/// assert_eq!(state.pool(Player(0)).len(), 5);
/// assert_eq!(state.hand(Player(0)).count(Mischief::Swap), 1);
/// assert_eq!(state.scores(), &[0, 0, 7]);
/// assert_eq!((state.current(), state.phase()), (Player(1), Phase::Mischief));
/// # Ok::<(), fairy_ring::fayre::SetupError>(())
/// ```
#[derive(Clone, Debug)]
pub struct PositionBuilder {
    config: Config,
    table: ArrayVec<Option<MiniGameBuilder>, IN_PLAY>,
    deck: Option<ArrayVec<MiniGame, MINI_GAMES>>,
    removed: Option<ArrayVec<MiniGame, MINI_GAMES>>,
    scored: ArrayVec<MiniGame, MINI_GAMES>,
    pools: [Option<ArrayVec<Face, DICE_PER_PLAYER>>; MAX_PLAYERS],
    fairy_pool: Option<ArrayVec<Face, FAIRY_DICE>>,
    hands: [ArrayVec<Mischief, 4>; MAX_PLAYERS],
    discard: ArrayVec<Mischief, MISCHIEF_CARDS>,
    /// The named top of the Mischief draw pile, bottom first.
    draw_top: ArrayVec<Mischief, MISCHIEF_CARDS>,
    empty_draw_pile: bool,
    scores: [Score; MAX_PLAYERS],
    current: Player,
    phase: Phase,
    queue: ArrayVec<Player, MAX_PLAYERS>,
    moves: usize,
    error: Option<SetupError>,
}

/// The dice on one Mini Game of a [`PositionBuilder`], named in the closure
/// given to [`PositionBuilder::mini_game`].
#[derive(Clone, Debug)]
pub struct MiniGameBuilder {
    game: MiniGame,
    fairy: Option<ArrayVec<Face, MAX_FAIRY_SPACES>>,
    dice: ArrayVec<(Spot, PlacedDie), MAX_PLAYER_SPACES>,
    error: Option<SetupError>,
}

/// Where a [`MiniGameBuilder`] puts a die.
#[derive(Clone, Copy, Debug)]
enum Spot {
    /// The first empty player space (of this side of Tug of War).
    Free(Option<Side>),
    /// This player space, counted from 0.
    Space(u8),
}

/// Keeps the first error met.
fn note(slot: &mut Option<SetupError>, error: SetupError) {
    if slot.is_none() {
        *slot = Some(error);
    }
}

impl MiniGameBuilder {
    /// `game` with nothing named on it.
    fn plain(game: MiniGame) -> MiniGameBuilder {
        MiniGameBuilder {
            game,
            fairy: None,
            dice: ArrayVec::new(),
            error: None,
        }
    }

    fn face(&mut self, pips: u8) -> Option<Face> {
        match Face::try_from(pips) {
            Ok(face) => Some(face),
            Err(e) => {
                note(&mut self.error, e.into());
                None
            }
        }
    }

    fn push(mut self, spot: Spot, owner: Player, pips: u8) -> MiniGameBuilder {
        if let Some(face) = self.face(pips) {
            let die = PlacedDie { owner, face };
            if self.dice.try_push((spot, die)).is_err() {
                note(&mut self.error, SetupError::NoRoom(self.game));
            }
        }
        self
    }

    /// A die of `owner`'s showing `pips`, on the first empty player space.
    pub fn die(self, owner: Player, pips: u8) -> MiniGameBuilder {
        self.push(Spot::Free(None), owner, pips)
    }

    /// A die of `owner`'s showing `pips` on player space `space`, counted
    /// from 0 in the card's space order (the words call it "space 1", ...;
    /// on Tug of War the left side's spaces come first). Dice on named
    /// spaces are placed before the dice on the first empty ones; a space
    /// the card does not have, or one named twice, is refused by `build`
    /// ([`SetupError::NoSuchSpace`]).
    pub fn die_on(self, space: u8, owner: Player, pips: u8) -> MiniGameBuilder {
        self.push(Spot::Space(space), owner, pips)
    }

    /// Dice of `owner`'s showing these faces, on the next empty spaces.
    pub fn dice(self, owner: Player, pips: impl IntoIterator<Item = u8>) -> MiniGameBuilder {
        pips.into_iter()
            .fold(self, |g, pips| g.push(Spot::Free(None), owner, pips))
    }

    /// Tug of War: a die of `owner`'s showing `pips` on the left side (on
    /// any other game, the first empty space).
    pub fn left(self, owner: Player, pips: u8) -> MiniGameBuilder {
        self.push(Spot::Free(Some(Side::Left)), owner, pips)
    }

    /// Tug of War: a die of `owner`'s showing `pips` on the right side (on
    /// any other game, the first empty space).
    pub fn right(self, owner: Player, pips: u8) -> MiniGameBuilder {
        self.push(Spot::Free(Some(Side::Right)), owner, pips)
    }

    /// The Fairy dice on the card's Fairy spaces (as many as it has, for a
    /// game whose Fairy dice are rolled when it is turned up).
    pub fn fairy(mut self, pips: impl IntoIterator<Item = u8>) -> MiniGameBuilder {
        let mut fairy = ArrayVec::new();
        for p in pips {
            if let Some(face) = self.face(p)
                && fairy.try_push(face).is_err()
            {
                note(&mut self.error, SetupError::NoRoom(self.game));
            }
        }
        self.fairy = Some(fairy);
        self
    }

    /// The card in play, built from the config's card data.
    fn booth(&self, config: &Config) -> Result<Booth, SetupError> {
        let game = self.game;
        if let Some(e) = &self.error {
            return Err(e.clone());
        }
        let card = config.mini_games.get(game);
        let mut booth = Booth::empty(game, card.player_spaces);
        let due = match game.fairy_timing() {
            FairyTiming::OnReveal | FairyTiming::BeforePlacement => card.fairy_spaces,
            FairyTiming::Never | FairyTiming::BeforeScoring => 0,
        };
        booth.fairy = match &self.fairy {
            Some(fairy) => List::from_slice(fairy),
            None => core::iter::repeat_n(Face::ALL[0], due)
                .take(MAX_FAIRY_SPACES)
                .collect(),
        };
        // Named spaces first, then the first empty ones.
        for &(spot, die) in &self.dice {
            if let Spot::Space(space) = spot {
                match booth.spaces.get_mut(usize::from(space)) {
                    Some(slot @ None) => *slot = Some(die),
                    _ => return Err(SetupError::NoSuchSpace { game, space }),
                }
            }
        }
        for &(spot, die) in &self.dice {
            let Spot::Free(side) = spot else { continue };
            // Only Tug of War has sides.
            let side = side.filter(|_| game == MiniGame::TugOfWar);
            let slot = booth
                .free_space(side)
                .and_then(|space| booth.spaces.get_mut(usize::from(space)))
                .ok_or(SetupError::NoRoom(game))?;
            *slot = Some(die);
        }
        Ok(booth)
    }
}

impl State {
    /// A [`PositionBuilder`] for `players` players with the standard
    /// components. A count outside 2 to 5 is refused by
    /// [`build`](PositionBuilder::build) as [`SetupError::Config`].
    pub fn builder(players: usize) -> PositionBuilder {
        match Config::new(players) {
            Ok(config) => PositionBuilder::new(config),
            Err(error) => PositionBuilder::new(Config::default()).fail(error.into()),
        }
    }
}

impl PositionBuilder {
    /// A builder for a game with `config` (checked by `build`).
    pub fn new(config: Config) -> PositionBuilder {
        PositionBuilder {
            config,
            table: ArrayVec::new(),
            deck: None,
            removed: None,
            scored: ArrayVec::new(),
            pools: Default::default(),
            fairy_pool: None,
            hands: Default::default(),
            discard: ArrayVec::new(),
            draw_top: ArrayVec::new(),
            empty_draw_pile: false,
            scores: [0; MAX_PLAYERS],
            current: Player(0),
            phase: Phase::Mischief,
            queue: ArrayVec::new(),
            moves: 0,
            error: None,
        }
    }

    fn fail(mut self, error: SetupError) -> PositionBuilder {
        note(&mut self.error, error);
        self
    }

    fn seated(&mut self, player: Player) -> Option<usize> {
        if player.index() < self.config.num_players() {
            Some(player.index())
        } else {
            note(&mut self.error, SetupError::NoSuchPlayer(player));
            None
        }
    }

    fn games<I>(&mut self, games: I) -> ArrayVec<MiniGame, MINI_GAMES>
    where
        I: IntoIterator,
        I::Item: TryInto<MiniGame>,
        SetupError: From<<I::Item as TryInto<MiniGame>>::Error>,
    {
        let mut out = ArrayVec::new();
        for game in games {
            match game.try_into() {
                Ok(game) => {
                    if out.try_push(game).is_err() {
                        note(&mut self.error, SetupError::MisplacedMiniGame(game));
                    }
                }
                Err(e) => note(&mut self.error, e.into()),
            }
        }
        out
    }

    /// The faces named (at most 9 kept) and how many were named.
    fn faces(&mut self, pips: impl IntoIterator<Item = u8>) -> (ArrayVec<Face, FAIRY_DICE>, usize) {
        let mut out = ArrayVec::new();
        let mut named = 0usize;
        for p in pips {
            named = named.saturating_add(1);
            match Face::try_from(p) {
                Ok(face) => {
                    let _ = out.try_push(face);
                }
                Err(e) => note(&mut self.error, e.into()),
            }
        }
        (out, named)
    }

    fn cards<I>(&mut self, cards: I) -> ArrayVec<Mischief, MISCHIEF_CARDS>
    where
        I: IntoIterator,
        I::Item: TryInto<Mischief>,
        SetupError: From<<I::Item as TryInto<Mischief>>::Error>,
    {
        let mut out = ArrayVec::new();
        for card in cards {
            match card.try_into() {
                Ok(card) => {
                    if out.try_push(card).is_err() {
                        note(&mut self.error, SetupError::NoCardLeft(card));
                    }
                }
                Err(e) => note(&mut self.error, e.into()),
            }
        }
        out
    }

    /// Puts `game` on the next table position, with the dice `dice` names:
    /// `|g| g.die(Player(0), 4).fairy([1, 2, 3])` (see [`MiniGameBuilder`]).
    pub fn mini_game<G>(
        mut self,
        game: G,
        dice: impl FnOnce(MiniGameBuilder) -> MiniGameBuilder,
    ) -> PositionBuilder
    where
        G: TryInto<MiniGame>,
        SetupError: From<G::Error>,
    {
        let game = match game.try_into() {
            Ok(game) => game,
            Err(e) => return self.fail(e.into()),
        };
        let built = dice(MiniGameBuilder::plain(game));
        if self.table.try_push(Some(built)).is_err() {
            return self.fail(SetupError::MisplacedMiniGame(game));
        }
        self
    }

    /// Puts these Mini Games on the next table positions, with nothing on
    /// them yet.
    pub fn mini_games<I>(self, games: I) -> PositionBuilder
    where
        I: IntoIterator,
        I::Item: TryInto<MiniGame>,
        SetupError: From<<I::Item as TryInto<MiniGame>>::Error>,
    {
        games
            .into_iter()
            .fold(self, |builder, game| builder.mini_game(game, |g| g))
    }

    /// Leaves the next table position empty (the deck must be empty too).
    pub fn no_mini_game(mut self) -> PositionBuilder {
        if self.table.try_push(None).is_err() {
            return self.fail(SetupError::EmptyTablePosition(IN_PLAY));
        }
        self
    }

    /// The face-down Mini Game deck is exactly these cards, listed bottom
    /// first like every pile in this crate (the last one named is turned up
    /// next; a later call lays more on top); games named nowhere else then
    /// count as scored.
    pub fn mini_game_deck<I>(mut self, games: I) -> PositionBuilder
    where
        I: IntoIterator,
        I::Item: TryInto<MiniGame>,
        SetupError: From<<I::Item as TryInto<MiniGame>>::Error>,
    {
        let games = self.games(games);
        let mut deck = self.deck.take().unwrap_or_default();
        for game in games {
            if deck.try_push(game).is_err() {
                note(&mut self.error, SetupError::MisplacedMiniGame(game));
            }
        }
        self.deck = Some(deck);
        self
    }

    /// The face-down Mini Game deck is empty: every game not named is
    /// scored (or in the box).
    pub fn empty_deck(mut self) -> PositionBuilder {
        self.deck = Some(ArrayVec::new());
        self
    }

    /// The two Mini Games put back in the box at setup (added to those an
    /// earlier call named).
    pub fn removed<I>(mut self, games: I) -> PositionBuilder
    where
        I: IntoIterator,
        I::Item: TryInto<MiniGame>,
        SetupError: From<<I::Item as TryInto<MiniGame>>::Error>,
    {
        let games = self.games(games);
        let mut removed = self.removed.take().unwrap_or_default();
        for game in games {
            if removed.try_push(game).is_err() {
                note(&mut self.error, SetupError::MisplacedMiniGame(game));
            }
        }
        self.removed = Some(removed);
        self
    }

    /// Mini Games already scored and discarded, in the order they were
    /// (after those an earlier call named).
    pub fn scored<I>(mut self, games: I) -> PositionBuilder
    where
        I: IntoIterator,
        I::Item: TryInto<MiniGame>,
        SetupError: From<<I::Item as TryInto<MiniGame>>::Error>,
    {
        for game in self.games(games) {
            if self.scored.try_push(game).is_err() {
                note(&mut self.error, SetupError::MisplacedMiniGame(game));
            }
        }
        self
    }

    /// `player`'s dice pool shows these faces (added to those an earlier
    /// call named): as many as their dice not on a card. A pool never named
    /// holds every die not on a card.
    pub fn pool(mut self, player: Player, pips: impl IntoIterator<Item = u8>) -> PositionBuilder {
        let (faces, named) = self.faces(pips);
        let Some(seat) = self.seated(player) else {
            return self;
        };
        let Some(slot) = self.pools.get_mut(seat) else {
            return self;
        };
        let pool = slot.get_or_insert_with(ArrayVec::new);
        let found = pool.len().saturating_add(named);
        if found > DICE_PER_PLAYER {
            return self.fail(SetupError::DiceCount { player, found });
        }
        for face in faces {
            let _ = pool.try_push(face);
        }
        self
    }

    /// The Fairy dice pool shows these faces (added to those an earlier
    /// call named): as many as the Fairy dice not on a card.
    pub fn fairy_pool(mut self, pips: impl IntoIterator<Item = u8>) -> PositionBuilder {
        let (faces, named) = self.faces(pips);
        let pool = self.fairy_pool.get_or_insert_with(ArrayVec::new);
        let found = pool.len().saturating_add(named);
        if found > FAIRY_DICE {
            return self.fail(SetupError::FairyDiceCount(found));
        }
        for face in faces {
            let _ = pool.try_push(face);
        }
        self
    }

    /// `player` holds these Fairy Mischief cards, added to those an earlier
    /// call named (up to 3; 4 only while discarding after a steal). A hand
    /// never named is empty.
    pub fn hand<I>(mut self, player: Player, cards: I) -> PositionBuilder
    where
        I: IntoIterator,
        I::Item: TryInto<Mischief>,
        SetupError: From<<I::Item as TryInto<Mischief>>::Error>,
    {
        let cards = self.cards(cards);
        if let Some(seat) = self.seated(player)
            && let Some(hand) = self.hands.get_mut(seat)
        {
            for card in cards {
                if hand.try_push(card).is_err() {
                    note(&mut self.error, SetupError::HandOverLimit(player));
                }
            }
        }
        self
    }

    /// These Fairy Mischief cards are face up in the discard pile, listed
    /// bottom first (on top of those an earlier call named).
    pub fn discard_pile<I>(mut self, cards: I) -> PositionBuilder
    where
        I: IntoIterator,
        I::Item: TryInto<Mischief>,
        SetupError: From<<I::Item as TryInto<Mischief>>::Error>,
    {
        for card in self.cards(cards) {
            if self.discard.try_push(card).is_err() {
                note(&mut self.error, SetupError::NoCardLeft(card));
            }
        }
        self
    }

    /// These Fairy Mischief cards lie on top of the face-down draw pile,
    /// listed bottom first like every pile in the crate (the last one named
    /// is drawn next; a later call lays more on top). The rest of the mix
    /// lies under them.
    pub fn top_of_mischief_deck<I>(mut self, cards: I) -> PositionBuilder
    where
        I: IntoIterator,
        I::Item: TryInto<Mischief>,
        SetupError: From<<I::Item as TryInto<Mischief>>::Error>,
    {
        for card in self.cards(cards) {
            if self.draw_top.try_push(card).is_err() {
                note(&mut self.error, SetupError::NoCardLeft(card));
            }
        }
        self
    }

    /// Every Fairy Mischief card not in a hand is in the discard pile: the
    /// next draw reshuffles it.
    pub fn empty_draw_pile(mut self) -> PositionBuilder {
        self.empty_draw_pile = true;
        self
    }

    /// `player` has `points` (never negative: points are only ever won, so
    /// a negative score is [`SetupError::NegativeScore`]).
    pub fn score(mut self, player: Player, points: Score) -> PositionBuilder {
        if let Some(seat) = self.seated(player) {
            if points < 0 {
                return self.fail(SetupError::NegativeScore { player, points });
            }
            if let Some(slot) = self.scores.get_mut(seat) {
                *slot = points;
            }
        }
        self
    }

    /// It is `player`'s turn, starting with their Fairy Mischief action
    /// (unless [`phase`](Self::phase) says otherwise).
    pub fn to_play(mut self, player: Player) -> PositionBuilder {
        self.current = player;
        self
    }

    /// The decision being waited for, in the turn of the player to play
    /// (say [`Phase::Dice`] to skip the Fairy Mischief action).
    pub fn phase(mut self, phase: Phase) -> PositionBuilder {
        self.phase = phase;
        self
    }

    /// A Mini Game was just won by `players` (1st place, from the player to
    /// play clockwise): the first rolls the Goblin die into the Prize Pit
    /// now, the others after. Then the next player's turn begins.
    ///
    /// Name them in that order, clockwise from the player to play (who may
    /// be one of them): the engine queues tied winners so, and `build`
    /// refuses any other order with [`SetupError::BadQueue`].
    pub fn goblin_rolls(self, players: impl IntoIterator<Item = Player>) -> PositionBuilder {
        self.rolls_into_the_pit(PitDie::Goblin, players)
    }

    /// The game is ending (one incomplete Mini Game left, or the move limit
    /// reached): `players`, in this order, still roll one of their dice into
    /// the Prize Pit, the first of them now.
    ///
    /// Everyone rolls once, clockwise from the player to play, so `players`
    /// are the rest of that round: from the first still to roll to the
    /// player before the one to play. `build` refuses final rolls while the
    /// game is not ending ([`SetupError::NotEnding`]) and any other list of
    /// players ([`SetupError::BadQueue`]).
    pub fn final_rolls(self, players: impl IntoIterator<Item = Player>) -> PositionBuilder {
        self.rolls_into_the_pit(PitDie::Player, players)
    }

    fn rolls_into_the_pit(
        mut self,
        die: PitDie,
        players: impl IntoIterator<Item = Player>,
    ) -> PositionBuilder {
        let mut players = players.into_iter();
        let Some(player) = players.next() else {
            return self.fail(SetupError::BadQueue);
        };
        self.queue.clear();
        for p in players {
            if self.queue.try_push(p).is_err() {
                return self.fail(SetupError::BadQueue);
            }
        }
        self.phase = Phase::PrizePit { player, die };
        self
    }

    /// Dice moves made since a Mini Game was last scored.
    pub fn moves_since_scoring(mut self, moves: usize) -> PositionBuilder {
        self.moves = moves;
        self
    }

    /// Prize Pit rolls are resolved by `rolls`.
    pub fn rolls(mut self, rolls: RollMode) -> PositionBuilder {
        self.config = self.config.with_rolls(rolls);
        self
    }

    /// The game ends after `limit` dice moves without a scoring (see
    /// [`Config::move_limit`]).
    pub fn move_limit(mut self, limit: usize) -> PositionBuilder {
        self.config = self.config.with_move_limit(limit);
        self
    }

    /// The position as a [`Setup`], not yet checked (change what the builder
    /// has no word for, then [`State::try_from`]).
    pub fn setup(mut self) -> Result<Setup, SetupError> {
        if let Some(e) = self.error {
            return Err(e);
        }
        let mut setup = Setup::for_config(self.config)?;
        let players = setup.config.num_players();
        let config = setup.config;

        // Mini Games: named ones where they were named, the rest in
        // rulebook order onto the table, then the deck and the box.
        let named = |game: MiniGame| {
            let in_table = self.table.iter().flatten().any(|b| b.game == game);
            let listed = |list: &Option<ArrayVec<MiniGame, MINI_GAMES>>| {
                list.as_ref().is_some_and(|l| l.contains(&game))
            };
            in_table || listed(&self.deck) || listed(&self.removed) || self.scored.contains(&game)
        };
        let mut unnamed: ArrayVec<MiniGame, MINI_GAMES> =
            array_vec(MiniGame::ALL.into_iter().filter(|&g| !named(g)));
        let mut booths: [Option<Booth>; IN_PLAY] = [None, None, None];
        for (slot, booth) in booths.iter_mut().enumerate() {
            let built = match self.table.get_mut(slot) {
                Some(Some(named)) => core::mem::replace(named, MiniGameBuilder::plain(named.game)),
                Some(None) => continue,
                None => match unnamed.pop_at(0) {
                    Some(game) => MiniGameBuilder::plain(game),
                    None => continue,
                },
            };
            *booth = Some(built.booth(&config)?);
        }
        let removed = match self.removed {
            Some(removed) if removed.len() > REMOVED => {
                return Err(SetupError::RemovedCount(removed.len()));
            }
            Some(removed) => removed,
            None => {
                let from = unnamed.len().saturating_sub(REMOVED);
                array_vec(unnamed.drain(from..))
            }
        };
        let (deck, scored) = match self.deck {
            Some(deck) => {
                let mut scored = self.scored;
                for game in unnamed {
                    let _ = scored.try_push(game);
                }
                (deck, scored)
            }
            // The first unnamed game on top.
            None => (array_vec(unnamed.into_iter().rev()), self.scored),
        };
        setup.booths = booths;
        setup.mini_game_deck = deck;
        setup.removed = array_vec(removed);
        setup.finished = scored;

        // Dice: whatever is not on a card is in its pool.
        let mut on_cards = [0usize; MAX_PLAYERS];
        let mut fairy_on_cards = 0;
        for booth in setup.booths.iter().flatten() {
            for (_, die) in booth.dice() {
                if let Some(n) = on_cards.get_mut(die.owner.index()) {
                    *n += 1;
                }
            }
            fairy_on_cards += booth.fairy.len();
        }
        for (seat, pool) in setup.pools.iter_mut().enumerate().take(players) {
            let named = self.pools.get_mut(seat).and_then(Option::take);
            *pool = named.unwrap_or_else(|| {
                let left = DICE_PER_PLAYER.saturating_sub(on_cards.get(seat).copied().unwrap_or(0));
                array_vec(Face::ALL.iter().copied().take(left))
            });
        }
        setup.fairy_pool = self.fairy_pool.unwrap_or_else(|| {
            array_vec(core::iter::repeat_n(
                Face::ALL[0],
                FAIRY_DICE.saturating_sub(fairy_on_cards),
            ))
        });

        // Mischief cards: hands and the discard pile out of the mix.
        let mut left: CardCounts = config.mischief.cards().collect();
        for (seat, hand) in setup.hands.iter_mut().enumerate().take(players) {
            let named = self
                .hands
                .get_mut(seat)
                .map(core::mem::take)
                .unwrap_or_default();
            for &card in &named {
                if !left.remove(card) {
                    return Err(SetupError::NoCardLeft(card));
                }
            }
            *hand = named;
        }
        for &card in &self.discard {
            if !left.remove(card) {
                return Err(SetupError::NoCardLeft(card));
            }
        }
        for &card in &self.draw_top {
            if !left.remove(card) {
                return Err(SetupError::NoCardLeft(card));
            }
        }
        setup.mischief_discard = self.discard;
        setup.mischief_deck = array_vec(left.cards().chain(self.draw_top.iter().copied()));
        if self.empty_draw_pile {
            let cards = core::mem::take(&mut setup.mischief_deck);
            for card in cards {
                let _ = setup.mischief_discard.try_push(card);
            }
        }

        setup.scores = array_vec(self.scores.iter().copied().take(players));
        setup.current = self.current;
        setup.phase = self.phase;
        setup.queue = self.queue;
        setup.moves_since_scoring = self.moves;
        Ok(setup)
    }

    /// The position, checked like any [`Setup`].
    pub fn build(self) -> Result<State, SetupError> {
        State::try_from(self.setup()?)
    }
}
