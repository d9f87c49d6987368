//! The one contract every game implements, and the vocabulary it is written in.

use core::fmt;
use core::str::FromStr;

use arrayvec::ArrayVec;
use rand_core::Rng;

/// The most players any game in this crate seats: the largest of the games'
/// own `MAX_PLAYERS` (Fairy's 10). Each game module has its own
/// `MAX_PLAYERS` and [`Game::MAX_PLAYERS`] with the same meaning for that game.
pub const MAX_PLAYERS: usize = 10;

/// A score, in every game: on the score track, in views, in events and in
/// [`Outcome`].
pub type Score = i32;

/// Capacity of an [`ActionList`]. Every game keeps its legal choices far below
/// this by splitting combinatorial decisions into a sequence of small ones, and
/// documents its own maximum.
pub const MAX_ACTIONS: usize = 128;

/// Capacity of an [`Events`] list: the most events a single `apply` reports.
///
/// Each game documents and tests its own bound; the largest is Fickle's at 5
/// players (59 events, when the last Selection commit runs a whole Chain, the
/// round's end and the next deal), so this leaves a margin of a third.
pub const MAX_EVENTS: usize = 80;

/// The legal actions of one player, in a stable order, without duplicates.
pub type ActionList<A> = ArrayVec<A, MAX_ACTIONS>;

/// What one `apply` reports, in the order it happened.
pub type Events<E> = ArrayVec<E, MAX_EVENTS>;

/// Appends `event` to what an `apply` reports. Every game keeps its events per
/// `apply` well inside [`MAX_EVENTS`] and tests its documented maximum, so
/// nothing is dropped; if a bug ever overflowed the list, the extra events
/// would be lost rather than the program aborted.
pub(crate) fn push_event<E>(events: &mut Events<E>, event: E) {
    let _ = events.try_push(event);
}

/// Where an engine writes the events of a move: the caller's [`Events`]
/// (`apply`, `apply_into`), or [`NoEvents`] (`play`), which drops them. An
/// engine generic over it builds no events for `play` (the compiler removes
/// the dropped ones and whatever only they needed).
pub(crate) trait EventSink<E> {
    /// Records `event`.
    fn record(&mut self, event: E);
}

impl<E> EventSink<E> for Events<E> {
    #[inline(always)]
    fn record(&mut self, event: E) {
        push_event(self, event);
    }
}

/// The sink of [`Game::play`]: no events.
pub(crate) struct NoEvents;

impl<E> EventSink<E> for NoEvents {
    #[inline(always)]
    fn record(&mut self, _event: E) {}
}

/// A seat at the table, numbered from 0 in clockwise order.
///
/// Any `u8` is a `Player`; a game answers a player it does not seat with an
/// error (or an empty list), never a panic.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(transparent))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Player(pub u8);

impl Player {
    /// The seat index, from 0.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The player `steps` seats clockwise (to the left) of this one, at a table
    /// of `players`. Returns `self` unchanged when `players` is 0.
    pub const fn left(self, steps: usize, players: usize) -> Player {
        if players == 0 {
            return self;
        }
        Player(((self.index() + steps % players) % players) as u8)
    }

    /// The player `steps` seats counter-clockwise (to the right) of this one.
    pub const fn right(self, steps: usize, players: usize) -> Player {
        if players == 0 {
            return self;
        }
        Player(((self.index() + players - steps % players) % players) as u8)
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "player {}", u16::from(self.0) + 1)
    }
}

/// A set of players, as a bit set over seats 0..16.
///
/// With `serde`, a list of seat numbers in seat order, `[0, 2]`; reading one
/// refuses a seat of 16 or more and a seat listed twice.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct PlayerSet(u16);

impl PlayerSet {
    /// No players.
    pub const EMPTY: PlayerSet = PlayerSet(0);

    /// Seats `0..players` (at most 16).
    pub const fn first(players: usize) -> PlayerSet {
        if players >= 16 {
            PlayerSet(u16::MAX)
        } else {
            PlayerSet((1u16 << players) - 1)
        }
    }

    /// Only `player`; empty if the seat is 16 or more.
    pub const fn only(player: Player) -> PlayerSet {
        if player.index() < 16 {
            PlayerSet(1 << player.0)
        } else {
            PlayerSet(0)
        }
    }

    /// The set as a bit mask, bit `i` for seat `i`.
    pub const fn bits(self) -> u16 {
        self.0
    }

    /// The set with bit `i` for seat `i`.
    pub const fn from_bits(bits: u16) -> PlayerSet {
        PlayerSet(bits)
    }

    /// Whether `player` is in the set.
    pub const fn contains(self, player: Player) -> bool {
        player.index() < 16 && self.0 & (1 << player.0) != 0
    }

    /// Adds `player` (seats 16 and above are ignored).
    pub fn insert(&mut self, player: Player) {
        self.0 |= PlayerSet::only(player).0;
    }

    /// Removes `player`.
    pub fn remove(&mut self, player: Player) {
        self.0 &= !PlayerSet::only(player).0;
    }

    /// Number of players in the set.
    pub const fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    pub const fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The players in either set.
    pub const fn union(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 | other.0)
    }

    /// The players in both sets.
    pub const fn intersection(self, other: PlayerSet) -> PlayerSet {
        PlayerSet(self.0 & other.0)
    }

    /// Whether every player of `self` is in `other`.
    pub const fn is_subset(self, other: PlayerSet) -> bool {
        self.0 & !other.0 == 0
    }

    /// The lowest seat in the set.
    pub const fn lowest(self) -> Option<Player> {
        if self.0 == 0 {
            None
        } else {
            Some(Player(self.0.trailing_zeros() as u8))
        }
    }

    /// The players in seat order.
    pub const fn iter(self) -> PlayerSetIter {
        PlayerSetIter(self.0)
    }
}

impl fmt::Debug for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_set().entries(self.iter().map(|p| p.0)).finish()
    }
}

/// Lists the players as people count them: "player 1, player 3", or "nobody".
impl fmt::Display for PlayerSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_empty() {
            return f.write_str("nobody");
        }
        for (i, player) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{player}")?;
        }
        Ok(())
    }
}

impl FromIterator<Player> for PlayerSet {
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Self {
        let mut set = PlayerSet::EMPTY;
        for p in iter {
            set.insert(p);
        }
        set
    }
}

impl IntoIterator for PlayerSet {
    type Item = Player;
    type IntoIter = PlayerSetIter;
    fn into_iter(self) -> PlayerSetIter {
        self.iter()
    }
}

/// Iterator over a [`PlayerSet`] in seat order.
#[derive(Clone, Debug)]
pub struct PlayerSetIter(u16);

impl Iterator for PlayerSetIter {
    type Item = Player;
    fn next(&mut self) -> Option<Player> {
        if self.0 == 0 {
            return None;
        }
        let seat = self.0.trailing_zeros() as u8;
        self.0 &= self.0 - 1;
        Some(Player(seat))
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let n = self.0.count_ones() as usize;
        (n, Some(n))
    }
}

impl ExactSizeIterator for PlayerSetIter {}

/// The seats in order, as a list: `[0, 2]`.
#[cfg(feature = "serde")]
impl serde::Serialize for PlayerSet {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter())
    }
}

/// Reads a list of seat numbers; a seat of 16 or more, or one listed twice,
/// is an error (the list is not a set then, and a client that wrote it has
/// lost track of its players).
#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for PlayerSet {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<PlayerSet, D::Error> {
        struct Seats;

        impl<'de> serde::de::Visitor<'de> for Seats {
            type Value = PlayerSet;

            fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str("a list of distinct seat numbers from 0 to 15")
            }

            fn visit_seq<A: serde::de::SeqAccess<'de>>(
                self,
                mut seats: A,
            ) -> Result<PlayerSet, A::Error> {
                use serde::de::Error;
                let mut set = PlayerSet::EMPTY;
                while let Some(seat) = seats.next_element::<u8>()? {
                    if seat >= 16 {
                        return Err(A::Error::custom(format_args!(
                            "seat {seat} cannot be in a set of players (seats are 0 to 15)"
                        )));
                    }
                    if set.contains(Player(seat)) {
                        return Err(A::Error::custom(format_args!(
                            "seat {seat} is listed twice in a set of players"
                        )));
                    }
                    set.insert(Player(seat));
                }
                Ok(set)
            }
        }

        deserializer.deserialize_seq(Seats)
    }
}

/// Who is looking: a player, who sees their own secrets, or a spectator, who
/// sees only what is public.
///
/// With `serde`, `{"player": 0}` or `"spectator"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Seat {
    /// A player at the table. A player the game does not seat is treated as a
    /// spectator.
    Player(Player),
    /// Someone watching, who may know only public information.
    Spectator,
}

impl Seat {
    /// The player in this seat, if any.
    pub const fn player(self) -> Option<Player> {
        match self {
            Seat::Player(p) => Some(p),
            Seat::Spectator => None,
        }
    }

    /// `self` if it names one of `players` seats, otherwise the spectator.
    pub const fn at_table(self, players: usize) -> Seat {
        match self {
            Seat::Player(p) if p.index() < players => self,
            _ => Seat::Spectator,
        }
    }
}

/// "player 2" (counted from 1, as players say it), or "a spectator".
///
/// ```
/// use fairy_ring::{Player, Seat};
///
/// assert_eq!(Seat::Player(Player(1)).to_string(), "player 2");
/// assert_eq!(Seat::Spectator.to_string(), "a spectator");
/// ```
impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Seat::Player(player) => write!(f, "{player}"),
            Seat::Spectator => f.write_str("a spectator"),
        }
    }
}

impl From<Player> for Seat {
    fn from(player: Player) -> Seat {
        Seat::Player(player)
    }
}

/// How a finished game ended: who won (ties share the victory) and each
/// player's final score, in seat order.
///
/// With `serde`, `{"winners": [0, 2], "scores": [7, 1, 7]}`.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Outcome {
    winners: PlayerSet,
    scores: ArrayVec<Score, MAX_PLAYERS>,
}

impl Outcome {
    /// An outcome with these winners and these final scores (extra scores
    /// beyond [`MAX_PLAYERS`] are dropped).
    pub fn new(winners: PlayerSet, scores: impl IntoIterator<Item = Score>) -> Outcome {
        Outcome {
            winners,
            scores: {
                let mut kept = ArrayVec::new();
                for score in scores.into_iter().take(MAX_PLAYERS) {
                    let _ = kept.try_push(score);
                }
                kept
            },
        }
    }

    /// The players who share the victory.
    pub const fn winners(&self) -> PlayerSet {
        self.winners
    }

    /// Final scores in seat order.
    pub fn scores(&self) -> &[Score] {
        &self.scores
    }

    /// The final score of `player`, if seated.
    pub fn score(&self, player: Player) -> Option<Score> {
        self.scores.get(player.index()).copied()
    }
}

/// The end of a game in words: "player 2 wins with 24 points (player 1: 12,
/// player 2: 24)", or "player 1 and player 3 share the victory with 7 points
/// (...)".
///
/// ```
/// use fairy_ring::{Outcome, Player, PlayerSet};
///
/// let outcome = Outcome::new(PlayerSet::only(Player(1)), [12, 24]);
/// assert_eq!(outcome.to_string(), "player 2 wins with 24 points (player 1: 12, player 2: 24)");
/// let shared = Outcome::new([Player(0), Player(2)].into_iter().collect(), [7, 1, 7]);
/// assert_eq!(
///     shared.to_string(),
///     "player 1 and player 3 share the victory with 7 points (player 1: 7, player 2: 1, player 3: 7)"
/// );
/// ```
impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let winners = self.winners;
        write!(f, "{}", Players::of(winners))?;
        match winners.len() {
            0 => f.write_str(" wins")?,
            1 => f.write_str(" wins")?,
            _ => f.write_str(" share the victory")?,
        }
        if let Some(best) = winners.lowest().and_then(|p| self.score(p)) {
            let unit = if best == 1 || best == -1 {
                "point"
            } else {
                "points"
            };
            write!(f, " with {best} {unit}")?;
        }
        f.write_str(" (")?;
        for (seat, score) in self.scores.iter().enumerate() {
            if seat > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{}: {score}", Player(seat as u8))?;
        }
        f.write_str(")")
    }
}

/// Players as a list in words, "player 1, player 2 and player 3" (or
/// "nobody"), with "(you)" after the seat's own player: the one way every
/// text of the crate lists players.
pub(crate) struct Players {
    pub(crate) set: PlayerSet,
    pub(crate) you: Option<Player>,
}

impl Players {
    /// `set`, with nobody marked as "you".
    pub(crate) const fn of(set: PlayerSet) -> Players {
        Players { set, you: None }
    }
}

impl fmt::Display for Players {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let count = self.set.len();
        if count == 0 {
            return f.write_str("nobody");
        }
        for (i, player) in self.set.iter().enumerate() {
            if i > 0 {
                f.write_str(if i + 1 == count { " and " } else { ", " })?;
            }
            write!(f, "{player}")?;
            if Some(player) == self.you {
                f.write_str(" (you)")?;
            }
        }
        Ok(())
    }
}

/// A [`Config`](Game::Config) the game cannot be played with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ConfigError {
    /// The game does not seat this many players.
    #[error("{got} players cannot play; this game seats {min} to {max}")]
    PlayerCount {
        /// Players asked for.
        got: usize,
        /// Fewest players the game seats.
        min: usize,
        /// Most players the game seats.
        max: usize,
    },
    /// The card data (or other component data) in the config is inconsistent;
    /// the text says how. Serialized with its text; deserialized with
    /// [`ConfigError::DESERIALIZED`] in its place (the text is not kept, as
    /// the crate does not allocate).
    #[error("invalid component data: {0}")]
    ComponentData(&'static str),
}

impl ConfigError {
    /// The text of a deserialized [`ConfigError::ComponentData`].
    pub const DESERIALIZED: &'static str = "(details not kept when deserialized)";
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for ConfigError {
    fn deserialize<D: serde::Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        /// The serialized shape, without the borrowed text.
        #[derive(serde::Deserialize)]
        #[serde(rename = "ConfigError", rename_all = "snake_case")]
        enum Shape {
            PlayerCount { got: usize, min: usize, max: usize },
            ComponentData(serde::de::IgnoredAny),
        }
        Ok(match Shape::deserialize(deserializer)? {
            Shape::PlayerCount { got, min, max } => ConfigError::PlayerCount { got, min, max },
            Shape::ComponentData(_) => ConfigError::ComponentData(ConfigError::DESERIALIZED),
        })
    }
}

/// `players` as a seat count, if the game seats that many.
pub(crate) fn seat_count(players: usize, min: usize, max: usize) -> Result<u8, ConfigError> {
    match u8::try_from(players) {
        Ok(seats) if (min..=max).contains(&players) => Ok(seats),
        _ => Err(ConfigError::PlayerCount {
            got: players,
            min,
            max,
        }),
    }
}

/// Implements [`GameConfig`] for a game's `Config`, which has a `players: u8`
/// field and a `new(players)` constructor for the standard game.
macro_rules! game_config {
    ($config:ty) => {
        impl $crate::GameConfig for $config {
            fn for_players(players: usize) -> Result<Self, $crate::ConfigError> {
                <$config>::new(players)
            }

            fn players(&self) -> usize {
                usize::from(self.players)
            }
        }
    };
}
pub(crate) use game_config;

/// A player named who has no seat at the table: a seat number past the
/// table's player count.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[error("there is no {player} at this table: players are numbered 1 to {players}")]
pub struct NotSeated {
    /// The player named.
    pub player: Player,
    /// How many players the table seats.
    pub players: usize,
}

/// Why `apply` refused an action. The state is unchanged.
///
/// Every game answers "not your decision now" the same way: a seat the game
/// does not have is [`NoSuchPlayer`](ActionError::NoSuchPlayer), a seated
/// player outside [`Game::to_act`] is [`NotToAct`](ActionError::NotToAct),
/// and only a player who may act gets [`Illegal`](ActionError::Illegal) with
/// the rule the action broke.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum ActionError<V> {
    /// The game has ended; nothing more can be played.
    #[error("the game is over")]
    GameOver,
    /// This seat is not at the table.
    #[error("{player} is not at this table")]
    NoSuchPlayer {
        /// The seat named.
        player: Player,
    },
    /// The player has no decision to make now.
    #[error("{player} may not act now")]
    NotToAct {
        /// The seat named.
        player: Player,
    },
    /// The action breaks a rule of the game; `V` says which.
    #[error("illegal action: {0}")]
    Illegal(V),
}

/// The contract every game in this crate implements.
///
/// A `State` is a complete position, including hidden information; callers
/// show players only [`view_for`](Game::view_for) and events passed through
/// [`redact`](Game::redact). The promises every implementation keeps, for
/// every reachable state and every input:
///
/// 1. `apply(p, a)` succeeds if and only if `a` is in `legal_actions(p)`;
///    `legal_actions(p)` is empty for every `p` not in `to_act()`, holds no
///    duplicates and comes in a stable order.
/// 2. A refused action returns an error and leaves the state `==` to before.
/// 3. Nothing panics or overflows, whatever the player index, action or setup.
/// 4. Every game ends within [`max_game_length`](Game::max_game_length) actions.
/// 5. Views show a seat exactly what it may know.
/// 6. Events are redacted per seat with the same guarantee.
/// 7. Simultaneous decisions are committed one player at a time; `to_act()`
///    holds everyone still to commit.
/// 8. Legal action lists stay small (each game documents its maximum).
/// 9. All chance comes from the `rng` argument; the same config, seed and
///    actions replay identically on every platform.
/// 10. A position round-trips through its plain-data `Setup`, and an
///     inconsistent setup is a precise error.
/// 11. States, actions, views and events hold no heap data.
/// 12. Card data is part of the `Config`, with the printed game as default.
pub trait Game: Clone + PartialEq + fmt::Debug + Sized {
    /// Player count, variant and component data.
    type Config: GameConfig;
    /// One decision of one player. `Display` writes it in the game's
    /// notation, which `FromStr` reads back.
    type Action: Copy
        + Eq
        + fmt::Debug
        + fmt::Display
        + FromStr<Err: core::error::Error + Clone + Eq + Send + Sync + 'static>;
    /// What one seat may know of the state. `Display` tells it in a few
    /// lines a person at a terminal can play from.
    type View: Clone + Eq + fmt::Debug + fmt::Display;
    /// Something that happened during `apply`. `Display` tells it in one
    /// line, in every redacted form.
    type Event: Clone + Eq + fmt::Debug + fmt::Display;
    /// A position as plain, validated-on-load data.
    type Setup: Clone + fmt::Debug;
    /// Which rule an illegal action broke.
    type Violation: Clone + Eq + core::error::Error + Send + Sync + 'static;
    /// Why a `Setup` is not a consistent position.
    type SetupError: Clone + Eq + core::error::Error + Send + Sync + 'static;

    /// The game's name, as printed on the box.
    const NAME: &'static str;
    /// Fewest players the game seats.
    const MIN_PLAYERS: usize;
    /// Most players the game seats (at most the crate's [`MAX_PLAYERS`]).
    const MAX_PLAYERS: usize;

    /// Starts a new game, consuming randomness for the deal.
    fn new(config: &Self::Config, rng: &mut (impl Rng + ?Sized)) -> Result<Self, ConfigError>;

    /// Number of seated players.
    fn num_players(&self) -> usize;

    /// The players who may act now; empty if and only if the game is over.
    fn to_act(&self) -> PlayerSet;

    /// Every action `player` may take now, in a stable order, without
    /// duplicates; empty for a player not in [`to_act`](Game::to_act).
    fn legal_actions(&self, player: Player) -> ActionList<Self::Action>;

    /// [`legal_actions`](Game::legal_actions) written into a list the caller
    /// keeps (replacing what it held), so a search loop fills one buffer
    /// instead of moving a new list out each time. Every game in this crate
    /// fills the buffer directly.
    fn legal_actions_into(&self, player: Player, list: &mut ActionList<Self::Action>) {
        *list = self.legal_actions(player);
    }

    /// [`apply`](Game::apply) with the events written into a list the caller
    /// keeps: on success `events` holds exactly this move's events (what it
    /// held before is gone); on error it is empty and the state unchanged.
    /// Every game in this crate writes into the buffer directly.
    fn apply_into(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut Events<Self::Event>,
    ) -> Result<(), ActionError<Self::Violation>> {
        events.clear();
        *events = self.apply(player, action, rng)?;
        Ok(())
    }

    /// [`apply`](Game::apply) for a caller that does not read the events, such
    /// as a search playout: the same state afterwards, the same refusals, and
    /// the same randomness drawn. A game may skip building its events here.
    ///
    /// ```
    /// use fairy_ring::{Game, fairy};
    /// # use rand_core::SeedableRng;
    /// # let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let config = fairy::Config::new(3)?;
    /// let mut state = fairy::State::new(&config, &mut rng)?;
    /// let mut twin = state.clone();
    /// let mut twin_rng = rng.clone();
    /// let player = state.to_act().lowest().expect("a new game has a player to act");
    /// let action = state.legal_actions(player)[0];
    /// state.play(player, action, &mut rng)?;
    /// twin.apply(player, action, &mut twin_rng)?;
    /// assert_eq!(state, twin);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<Self::Violation>> {
        // Into a local buffer: cheaper than moving a whole list out of `apply`.
        let mut events = Events::new();
        self.apply_into(player, action, rng, &mut events)
    }

    /// Plays `action` for `player` and reports what happened. On error the
    /// state is unchanged.
    fn apply(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<Self::Event>, ActionError<Self::Violation>>;

    /// What `seat` may know of the position. A player the game does not seat
    /// gets the spectator's view; where a seat comes from outside (a
    /// client, a command line), use [`try_view_for`](Game::try_view_for),
    /// which refuses it.
    fn view_for(&self, seat: Seat) -> Self::View;

    /// What `seat` may know of the position, or [`NotSeated`] for a player
    /// this table does not seat (rather than a spectator's view the caller
    /// did not ask for).
    ///
    /// ```
    /// use fairy_ring::rand_core::SeedableRng;
    /// use fairy_ring::{Game, Player, Seat, fairy};
    ///
    /// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
    /// let state = fairy::State::new(&fairy::Config::new(3)?, &mut rng)?;
    /// assert!(state.try_view_for(Seat::Player(Player(2))).is_ok());
    /// let error = state.try_view_for(Seat::Player(Player(8))).unwrap_err();
    /// assert_eq!(error.to_string(), "there is no player 9 at this table: players are numbered 1 to 3");
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    fn try_view_for(&self, seat: Seat) -> Result<Self::View, NotSeated> {
        match seat {
            Seat::Player(player) if player.index() >= self.num_players() => Err(NotSeated {
                player,
                players: self.num_players(),
            }),
            _ => Ok(self.view_for(seat)),
        }
    }

    /// The event as `seat` may see it, or `None` if the seat learns nothing of
    /// it at all.
    fn redact(event: &Self::Event, seat: Seat) -> Option<Self::Event>;

    /// Winners and final scores once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// The most actions a game with this state's config can take from its
    /// start to its end (the documented bound of promise 4).
    fn max_game_length(&self) -> u32;

    /// The position as plain data.
    fn to_setup(&self) -> Self::Setup;

    /// Validates a plain-data position and builds the state.
    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError>;

    /// `events` as `seat` may see them (see [`redact`](Game::redact)).
    fn redact_all(events: &[Self::Event], seat: Seat) -> Events<Self::Event> {
        let mut seen = Events::new();
        for event in events {
            if let Some(event) = Self::redact(event, seat) {
                push_event(&mut seen, event);
            }
        }
        seen
    }

    /// Whether the game is over.
    fn is_over(&self) -> bool {
        self.to_act().is_empty()
    }

    /// Writes `action` as the player who sees `view` would say it, with the
    /// printed names of what it concerns ("place the 4 in your pool on Magic
    /// Geode Shy" where the notation says "place it on game 1"). Defaults to
    /// the action's own text; see [`ActionInView`].
    fn write_action(
        view: &Self::View,
        action: &Self::Action,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let _ = view;
        fmt::Display::fmt(action, f)
    }

    /// Writes `event` (redacted for the seat) as that seat would tell it,
    /// given its view from before the move. Defaults to the event's own text;
    /// see [`EventInView`].
    fn write_event(
        view: &Self::View,
        event: &Self::Event,
        f: &mut fmt::Formatter<'_>,
    ) -> fmt::Result {
        let _ = view;
        fmt::Display::fmt(event, f)
    }

    /// Reads an action written in the game's notation (each game's module
    /// documents it under "Notation"): `Display` of an action reads back to
    /// the same action.
    fn parse_action(&self, text: &str) -> Result<Self::Action, <Self::Action as FromStr>::Err> {
        text.parse()
    }

    /// Reads an action in the game's notation as the seat that sees `view`
    /// would write it: the same texts as [`parse_action`](Game::parse_action),
    /// and errors that speak of that table ("players are numbered 1 to 3").
    /// [`Decision::read`] calls it after matching the seat's own words.
    /// Defaults to the notation alone.
    fn read_action(
        view: &Self::View,
        text: &str,
    ) -> Result<Self::Action, <Self::Action as FromStr>::Err> {
        let _ = view;
        text.parse()
    }

    /// What `player` has to decide now: their view and their legal actions,
    /// ready to hand to a [`Bot`](crate::Bot).
    fn decision(&self, player: Player) -> Decision<Self> {
        Decision {
            player,
            view: self.view_for(Seat::Player(player)),
            legal: self.legal_actions(player),
        }
    }
}

/// An action told in the words of a seat's view ([`Game::write_action`]).
///
/// ```
/// use fairy_ring::rand_core::SeedableRng;
/// use fairy_ring::{ActionInView, Game, Player, fayre};
///
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
/// let state = fayre::State::new(&fayre::Config::new(2)?, &mut rng)?;
/// let decision = state.decision(Player(0));
/// for action in &decision.legal {
///     println!("{}", ActionInView::<fayre::State>::new(&decision.view, action));
/// }
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
pub struct ActionInView<'a, G: Game> {
    view: &'a G::View,
    action: &'a G::Action,
}

impl<'a, G: Game> ActionInView<'a, G> {
    /// `action` as the seat that sees `view` would say it.
    pub fn new(view: &'a G::View, action: &'a G::Action) -> Self {
        ActionInView { view, action }
    }
}

impl<G: Game> fmt::Display for ActionInView<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        G::write_action(self.view, self.action, f)
    }
}

/// An event told in the words of a seat's view from before the move
/// ([`Game::write_event`]).
pub struct EventInView<'a, G: Game> {
    view: &'a G::View,
    event: &'a G::Event,
}

impl<'a, G: Game> EventInView<'a, G> {
    /// `event` as the seat that saw `view` before the move would tell it.
    pub fn new(view: &'a G::View, event: &'a G::Event) -> Self {
        EventInView { view, event }
    }
}

impl<G: Game> fmt::Display for EventInView<'_, G> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        G::write_event(self.view, self.event, f)
    }
}

/// What every game's `Config` offers generic code: a standard config for a
/// player count, and its player count.
///
/// `Default` is the standard game at the most common table size (4 players in
/// every game), so `G::Config::default()` always starts a game.
///
/// ```
/// use fairy_ring::{Game, GameConfig};
///
/// fn start<G: Game>(players: usize) -> Result<G, fairy_ring::ConfigError> {
///     let config = G::Config::for_players(players)?;
///     let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
///     # use rand_core::SeedableRng;
///     G::new(&config, &mut rng)
/// }
/// assert!(start::<fairy_ring::season::State>(5).is_ok());
/// assert!(start::<fairy_ring::season::State>(6).is_err());
/// ```
pub trait GameConfig: Clone + fmt::Debug + Default {
    /// The standard game (printed components, no variant) for `players`
    /// players, or [`ConfigError::PlayerCount`].
    fn for_players(players: usize) -> Result<Self, ConfigError>;

    /// The number of players this config seats.
    fn players(&self) -> usize;
}

/// One player's decision: who decides, what they may know, and what they may
/// do. Built by [`Game::decision`]; what a [`Bot`](crate::Bot) is given.
///
/// With `serde`, `{"player": 0, "view": ..., "legal": [...]}`: what a client
/// needs to draw a seat's turn (serialized only; a decision is made by the
/// game, not read back).
#[derive(Clone, Debug, PartialEq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(serialize = "G::View: serde::Serialize, G::Action: serde::Serialize"))
)]
#[non_exhaustive]
pub struct Decision<G: Game> {
    /// The player to decide.
    pub player: Player,
    /// What that player may know ([`Game::view_for`]).
    pub view: G::View,
    /// The player's legal actions ([`Game::legal_actions`]).
    pub legal: ActionList<G::Action>,
}

#[cfg(all(test, feature = "serde"))]
mod tests {
    use super::*;

    #[test]
    fn config_errors_round_trip_through_serde() {
        let count = ConfigError::PlayerCount {
            got: 1,
            min: 2,
            max: 10,
        };
        let text = serde_json::to_string(&count).expect("serializable");
        assert_eq!(serde_json::from_str::<ConfigError>(&text).ok(), Some(count));
        let data = ConfigError::ComponentData("a suit with no cards");
        let text = serde_json::to_string(&data).expect("serializable");
        assert!(text.contains("a suit with no cards"), "{text}");
        assert_eq!(
            serde_json::from_str::<ConfigError>(&text).ok(),
            Some(ConfigError::ComponentData(ConfigError::DESERIALIZED))
        );
        assert!(serde_json::from_str::<ConfigError>("{\"Nonsense\":1}").is_err());
    }
}
