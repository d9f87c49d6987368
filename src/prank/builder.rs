//! Positions written in the game's own words: what is in the box, what the
//! Fairy removed, who guesses next; the rest follows.

use core::fmt;

use arrayvec::ArrayVec;

use super::config::{BoxSound, Config, MAX_PLAYERS, Rules, Variant};
use super::items::{Item, ItemKey, Items, MAX_ITEMS};
use super::setup::{Setup, SetupError};
use super::sheet::{Sheet, sheet_list};
use super::state::{Phase, State, guesser};
use crate::{ConfigError, Game, Player, PlayerSet};

/// A position of Fairy Prank written in a few lines, naming only what
/// matters; [`build`](PositionBuilder::build) fills in the rest and checks
/// the result through [`Setup`], so a builder never makes an inconsistent
/// state.
///
/// Items are named by name (as [`Treasures::find`](super::Treasures::find)
/// matches them: case and extra spaces do not matter) or given as [`Item`]s.
/// Names are `&str`; for owned names, borrow them:
/// `.in_box(names.iter().map(String::as_str))`.
///
/// Each thing is named once: a second call of [`selecting`](Self::selecting),
/// [`hiding`](Self::hiding), [`fairy`](Self::fairy),
/// [`guessing_from`](Self::guessing_from) or [`over`](Self::over) must agree
/// with what was named before, or `build` refuses the position with
/// [`SetupError::Contradiction`] (two phases, two Fairies, a Fairy in a
/// Selection of 3 or more players, a Fairy named to guess). Once built, the
/// position is checked against what was named: the player named to act must
/// be to act ([`SetupError::NotToAct`]), the Fairy named must be the Fairy
/// ([`SetupError::NotFairy`]; in the beginner and 2-player games, also the
/// starting player named, else [`SetupError::FairyNotStarting`]).
/// [`in_box`](Self::in_box), [`removed`](Self::removed) and
/// [`guessed`](Self::guessed) add to what earlier calls named.
///
/// ```
/// use fairy_ring::prank::State;
/// use fairy_ring::{Game, Player, PlayerSet};
///
/// // Four players: the die, the marble and the rope are in the box, the
/// // felt and the diamond were removed, and player 2 guesses first.
/// let state = State::builder(4)
///     .in_box(["die", "marble", "rope"])
///     .removed(["piece of felt", "diamond"])
///     .guessing_from(Player(2))
///     .build()?;
/// assert_eq!(state.fairy(), Some(Player(1)));
/// assert_eq!(state.to_act(), PlayerSet::only(Player(2)));
/// # Ok::<(), fairy_ring::prank::SetupError>(())
/// ```
///
/// What `build` derives from what was named:
///
/// - **The box.** In the beginner game every item is in the box or removed,
///   so naming one side fills in the other. Otherwise an unnamed box is
///   empty and nothing is removed.
/// - **The phase.** [`selecting`](Self::selecting),
///   [`hiding`](Self::hiding), [`guessing_from`](Self::guessing_from) and
///   [`over`](Self::over) name it. Otherwise: with 2 players, the Guessing
///   phase once the box holds the round's items, the Selection before; with
///   3 to 6, the Guessing phase if anything was removed or guessed, else the
///   Hiding phase if a [`fairy`](Self::fairy) was named or the game is the
///   beginner one, else the Selection phase.
/// - **The Fairy**: as named by [`fairy`](Self::fairy),
///   [`hiding`](Self::hiding) or, in 2 players,
///   [`selecting`](Self::selecting); else for
///   [`guessing_from`](Self::guessing_from), the player whose left-hand
///   guessers reach the named one after the guesses made; otherwise the
///   starting player.
/// - **The starting player**: as named; in the beginner and 2-player games,
///   the Fairy; in a Selection phase, the player as many seats right of the
///   [`selecting`](Self::selecting) player as items are in the box; else
///   seat 0.
/// - **The round**: as named; with 2 players, the round whose box size fits
///   the box; else round 1.
/// - **The sheets**: the marks named with [`marks`](Self::marks) (earlier
///   rounds), plus one mark for each token [`guessed`](Self::guessed) this
///   round, in the order given: the guesser's for an item in the box, the
///   Fairy's otherwise, guessers taken in turn from the Fairy's left (so
///   `.guessed(["rope", "die"])` credits a rope in the box to the first
///   guesser left of the Fairy, and a die in the box to the next).
/// - **The winners** of a finished game: the winning sheet, or in 2 players
///   the Fairy after a wrong guess and both players after none.
#[derive(Clone, Debug)]
#[must_use = "a builder makes nothing until `build`"]
pub struct PositionBuilder {
    config: Result<Config, ConfigError>,
    error: Option<SetupError>,
    round: Option<u16>,
    starting_player: Option<Player>,
    /// The call that named the phase: `Selecting`, `Hiding`,
    /// `GuessingFrom` or `Over`.
    phase: Option<Named>,
    /// The call `fairy`, if made.
    fairy: Option<Named>,
    in_box: Option<Items>,
    removed: Option<Items>,
    /// This round's guesses, in the order they were made.
    guessed: ArrayVec<Item, MAX_ITEMS>,
    sheets: [Sheet; MAX_PLAYERS],
    marked: PlayerSet,
}

/// What a [`PositionBuilder`] was told about the round's phase and roles:
/// one call of [`selecting`](PositionBuilder::selecting),
/// [`hiding`](PositionBuilder::hiding), [`fairy`](PositionBuilder::fairy),
/// [`guessing_from`](PositionBuilder::guessing_from) or
/// [`over`](PositionBuilder::over). Reported by
/// [`SetupError::Contradiction`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Named {
    /// `selecting(player)`: a Selection phase with this player to select.
    Selecting(Player),
    /// `hiding(fairy)`: a Hiding phase with this Fairy.
    Hiding(Player),
    /// `fairy(fairy)`: this player is the Fairy.
    Fairy(Player),
    /// `guessing_from(player)`: a Guessing phase with this player to guess.
    GuessingFrom(Player),
    /// `over()`: the game is over.
    Over,
}

impl Named {
    /// Whether this names the phase (all but `Fairy`).
    fn is_phase(self) -> bool {
        !matches!(self, Named::Fairy(_))
    }

    /// Whether a position can be both `self` and `other` (`two`: a
    /// 2-player game, where the player filling the box is the Fairy).
    fn agrees_with(self, other: Named, two: bool) -> bool {
        match (self, other) {
            _ if self == other => true,
            (a, b) if a.is_phase() && b.is_phase() => false,
            (Named::Fairy(f), Named::Hiding(g)) | (Named::Hiding(g), Named::Fairy(f)) => f == g,
            (Named::Fairy(f), Named::Selecting(p)) | (Named::Selecting(p), Named::Fairy(f)) => {
                two && f == p
            }
            (Named::Fairy(f), Named::GuessingFrom(p))
            | (Named::GuessingFrom(p), Named::Fairy(f)) => f != p,
            (Named::Fairy(_), Named::Over) | (Named::Over, Named::Fairy(_)) => true,
            _ => false,
        }
    }
}

/// In the players' words: "player 2 selecting", "player 3 as the Fairy".
impl fmt::Display for Named {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Named::Selecting(player) => write!(f, "{player} selecting"),
            Named::Hiding(fairy) => write!(f, "{fairy} hiding as the Fairy"),
            Named::Fairy(fairy) => write!(f, "{fairy} as the Fairy"),
            Named::GuessingFrom(player) => write!(f, "{player} guessing next"),
            Named::Over => f.write_str("the game over"),
        }
    }
}

impl State {
    /// A [`PositionBuilder`] for a standard game of `players` players with
    /// the printed items. A count outside 2 to 6 is refused by
    /// [`build`](PositionBuilder::build) as [`SetupError::Config`].
    pub fn builder(players: usize) -> PositionBuilder {
        PositionBuilder::with_config(Config::new(players))
    }
}

impl PositionBuilder {
    /// A builder for a game with `config` (another item set, the beginner
    /// variant, a silent box).
    pub fn new(config: Config) -> PositionBuilder {
        PositionBuilder::with_config(Ok(config))
    }

    fn with_config(config: Result<Config, ConfigError>) -> PositionBuilder {
        PositionBuilder {
            config,
            error: None,
            round: None,
            starting_player: None,
            phase: None,
            fairy: None,
            in_box: None,
            removed: None,
            guessed: ArrayVec::new(),
            sheets: [Sheet::default(); MAX_PLAYERS],
            marked: PlayerSet::EMPTY,
        }
    }

    /// Plays `variant` (the beginner game needs 3 or more players).
    pub fn variant(mut self, variant: Variant) -> PositionBuilder {
        self.config = self.config.map(|c| c.with_variant(variant));
        self
    }

    /// Plays with `box_sound`.
    pub fn box_sound(mut self, box_sound: BoxSound) -> PositionBuilder {
        self.config = self.config.map(|c| c.with_box_sound(box_sound));
        self
    }

    /// The round number, from 1.
    pub fn round(mut self, round: u16) -> PositionBuilder {
        self.round = Some(round);
        self
    }

    /// Who holds the starting player token.
    pub fn starting_player(mut self, player: Player) -> PositionBuilder {
        self.starting_player = Some(player);
        self
    }

    /// What is in the box (added to what an earlier call named). Names are
    /// `&str` (`.map(String::as_str)` for owned names) or [`Item`]s.
    ///
    /// ```
    /// use fairy_ring::prank::State;
    /// let names: Vec<String> = vec!["die".into(), "Marble".into(), "rope".into()];
    /// let state = State::builder(3)
    ///     .in_box(names.iter().map(String::as_str))
    ///     .build()?;
    /// assert_eq!(state.in_box().len(), 3);
    /// # Ok::<(), fairy_ring::prank::SetupError>(())
    /// ```
    pub fn in_box<K: ItemKey>(mut self, items: impl IntoIterator<Item = K>) -> PositionBuilder {
        let items = self.items(items);
        self.in_box = Some(self.in_box.unwrap_or_default().union(items));
        self
    }

    /// What the Fairy removed this round (added to what an earlier call
    /// named). Names as for [`in_box`](Self::in_box).
    pub fn removed<K: ItemKey>(mut self, items: impl IntoIterator<Item = K>) -> PositionBuilder {
        let items = self.items(items);
        self.removed = Some(self.removed.unwrap_or_default().union(items));
        self
    }

    /// The tokens turned face down this round, **in the order they were
    /// guessed** (after those of an earlier call): rightly for an item in the
    /// box, wrongly otherwise. The `i`-th guess was made by the `i`-th
    /// guesser clockwise from the Fairy's left (around the table again if
    /// needed), so `.guessed(["rope", "die"])` credits the rope, if in the
    /// box, to the player left of the Fairy, and the die to the next one; a
    /// wrong guess marks the Fairy's sheet. A token named twice is refused
    /// with [`SetupError::GuessedTwice`]. Names as for [`in_box`](Self::in_box).
    pub fn guessed<K: ItemKey>(mut self, items: impl IntoIterator<Item = K>) -> PositionBuilder {
        for key in items {
            if let Some(item) = self.item(&key)
                && (self.guessed.contains(&item) || self.guessed.try_push(item).is_err())
            {
                self.fail(SetupError::GuessedTwice(item));
            }
        }
        self
    }

    /// Marks from earlier rounds on `player`'s sheet: `(item, marks)` pairs.
    pub fn marks<K: ItemKey>(
        mut self,
        player: Player,
        marks: impl IntoIterator<Item = (K, u8)>,
    ) -> PositionBuilder {
        let mut sheet = self.sheets.get(player.index()).copied();
        for (key, count) in marks {
            if let Some(item) = self.item(&key)
                && let Some(slot) = sheet.as_mut().and_then(|s| s.marks.get_mut(item.index()))
            {
                *slot = count;
            }
        }
        match (sheet, self.sheets.get_mut(player.index())) {
            (Some(sheet), Some(slot)) => *slot = sheet,
            _ => self.fail(SetupError::NoSuchPlayer(player)),
        }
        self.marked.insert(player);
        self
    }

    /// A Selection phase with `player` to put the next item in (in 2
    /// players, the Fairy filling the box). Contradicts another phase, and
    /// with 3 or more players any [`fairy`](Self::fairy) (a Selection has
    /// none yet).
    pub fn selecting(mut self, player: Player) -> PositionBuilder {
        self.name(Named::Selecting(player));
        self
    }

    /// A Hiding phase with `fairy` removing items. Contradicts another phase
    /// or another Fairy.
    pub fn hiding(mut self, fairy: Player) -> PositionBuilder {
        self.name(Named::Hiding(fairy));
        self
    }

    /// The Fairy of this round, the phase derived (or named by
    /// [`hiding`](Self::hiding) with the same player,
    /// [`guessing_from`](Self::guessing_from) another player, or
    /// [`over`](Self::over)). Contradicts another Fairy.
    pub fn fairy(mut self, fairy: Player) -> PositionBuilder {
        self.name(Named::Fairy(fairy));
        self
    }

    /// A Guessing phase with `player` to guess next; the Fairy follows from
    /// the guesses made, unless named with [`fairy`](Self::fairy) (then
    /// `player` must be the guesser after those guesses). Contradicts
    /// another phase.
    pub fn guessing_from(mut self, player: Player) -> PositionBuilder {
        self.name(Named::GuessingFrom(player));
        self
    }

    /// The game is over, just after the last guess; the winners follow from
    /// the sheets (or, in 2 players, from the guesses). Contradicts another
    /// phase (nobody acts in a finished game); a [`fairy`](Self::fairy) may
    /// be named.
    pub fn over(mut self) -> PositionBuilder {
        self.name(Named::Over);
        self
    }

    /// The position as plain data, not yet checked (as in every game's
    /// builder): what [`build`](Self::build) checks, for changing further by
    /// hand first. A mistake made while naming (an unknown item, a player
    /// not at the table, two things that contradict each other) is reported
    /// here already; whether the named player is to act and the named Fairy
    /// is the Fairy is checked by `build` only.
    pub fn setup(self) -> Result<Setup, SetupError> {
        self.assemble().map(|(setup, _)| setup)
    }

    /// The position as a [`State`], or the first thing wrong with it: a
    /// player count or config that cannot be played, a name the item set
    /// does not have, a player not at the table, two things named that
    /// contradict each other, a named player to act who is not or a named
    /// Fairy who is not, or any [`SetupError`] of the position itself.
    pub fn build(self) -> Result<State, SetupError> {
        let (setup, named) = self.assemble()?;
        let state = State::try_from(setup)?;
        // The position must be what was named.
        if let Some(player) = named.to_act
            && !state.to_act().contains(player)
        {
            return Err(SetupError::NotToAct { player });
        }
        if let Some(player) = named.fairy
            && !named.over
            && state.fairy() != Some(player)
        {
            return Err(SetupError::NotFairy { player });
        }
        Ok(state)
    }

    /// The position as plain data, and what `build` checks it against.
    fn assemble(self) -> Result<(Setup, Check), SetupError> {
        let config = self.config.map_err(SetupError::Config)?;
        config.validate().map_err(SetupError::Config)?;
        if let Some(error) = self.error.clone() {
            return Err(error);
        }
        let n = usize::from(config.players);
        let rules = config.rules();
        let two = rules == Rules::TwoPlayer;
        let to_act = self.to_act();
        let named_fairy = self.named_fairy(two);
        let named = [self.starting_player, to_act, named_fairy];
        let outsider = named
            .into_iter()
            .flatten()
            .chain(self.marked.iter())
            .find(|p| p.index() >= n);
        if let Some(player) = outsider {
            return Err(SetupError::NoSuchPlayer(player));
        }
        if let (Some(fairy), Some(starting), false) =
            (named_fairy, self.starting_player, rules == Rules::Standard)
            && fairy != starting
        {
            return Err(SetupError::FairyNotStarting(starting));
        }
        let all = config.treasures.all();
        let (in_box, removed) = match (self.in_box, self.removed, rules) {
            (Some(in_box), Some(removed), _) => (in_box, removed),
            (Some(in_box), None, Rules::Beginner) => (in_box, all.difference(in_box)),
            (None, Some(removed), Rules::Beginner) => (all.difference(removed), removed),
            (None, None, Rules::Beginner) => (all, Items::EMPTY),
            (in_box, removed, _) => (in_box.unwrap_or_default(), removed.unwrap_or_default()),
        };
        let guesses = self.guessed.len();
        let guessed: Items = self.guessed.iter().copied().collect();
        let over = self.phase == Some(Named::Over);
        let fairy = match (named_fairy, self.phase) {
            (Some(fairy), _) => fairy,
            (None, Some(Named::Selecting(player))) => player,
            (None, Some(Named::GuessingFrom(next))) => {
                next.right(1 + guesses % n.saturating_sub(1).max(1), n)
            }
            (None, _) => self.starting_player.unwrap_or(Player(0)),
        };
        let kind = match self.phase {
            Some(Named::Selecting(_)) => Kind::Selection,
            Some(Named::Hiding(_)) => Kind::Hiding,
            Some(Named::GuessingFrom(_)) => Kind::Guessing,
            _ if two => {
                let full = match self.round {
                    Some(round) => in_box.len() > usize::from(round),
                    None => in_box.len() >= 2,
                };
                if full {
                    Kind::Guessing
                } else {
                    Kind::Selection
                }
            }
            _ if !removed.is_empty() || !guessed.is_empty() => Kind::Guessing,
            _ if named_fairy.is_some() || rules == Rules::Beginner => Kind::Hiding,
            _ => Kind::Selection,
        };
        let round = match (self.round, two, kind) {
            (Some(round), _, _) => round,
            (None, false, _) => 1,
            (None, true, Kind::Selection) => rounds(in_box.len()),
            (None, true, _) => rounds(in_box.len().saturating_sub(1)),
        };
        let starting_player = match (self.starting_player, rules, self.phase) {
            (Some(player), _, _) => player,
            (None, Rules::Standard, Some(Named::Selecting(next))) => next.right(in_box.len(), n),
            (None, Rules::Standard, _) => Player(0),
            (None, _, _) => fairy,
        };
        let mut sheets = self.sheets;
        if !two {
            for (guess, &item) in self.guessed.iter().enumerate() {
                let marked = if in_box.contains(item) {
                    guesser(fairy, guess, n)
                } else {
                    fairy
                };
                let slot = sheets
                    .get_mut(marked.index())
                    .and_then(|sheet| sheet.marks.get_mut(item.index()));
                if let Some(slot) = slot {
                    *slot = slot.saturating_add(1);
                }
            }
        }
        let sheets = sheets.get(..n).unwrap_or(&[]);
        let wrong = guessed.difference(in_box);
        let phase = match kind {
            _ if over => Phase::Over {
                winners: match rules {
                    Rules::TwoPlayer if wrong.is_empty() => PlayerSet::first(2),
                    Rules::TwoPlayer => PlayerSet::only(fairy),
                    _ => (0..n)
                        .map(|seat| Player(seat as u8))
                        .filter(|p| sheets.get(p.index()).is_some_and(Sheet::wins))
                        .collect(),
                },
            },
            Kind::Selection => Phase::Selection,
            Kind::Hiding => Phase::Hiding { fairy },
            Kind::Guessing => Phase::Guessing { fairy },
        };
        let mut setup = Setup::with_config(config)?;
        setup.round = round;
        setup.starting_player = starting_player;
        setup.phase = phase;
        setup.in_box = in_box;
        setup.removed = removed;
        setup.guessed_right = guessed.intersection(in_box);
        setup.guessed_wrong = wrong;
        setup.sheets = sheet_list(sheets);
        let check = Check {
            to_act,
            fairy: named_fairy,
            over,
        };
        Ok((setup, check))
    }

    /// Records `named`, or the contradiction with what was named before.
    fn name(&mut self, named: Named) {
        let two = self
            .config
            .as_ref()
            .is_ok_and(|c| c.rules() == Rules::TwoPlayer);
        let mut earlier = [self.phase, self.fairy].into_iter().flatten();
        if let Some(first) = earlier.find(|e| !e.agrees_with(named, two)) {
            return self.fail(SetupError::Contradiction { first, then: named });
        }
        if named.is_phase() {
            self.phase = Some(named);
        } else {
            self.fairy = Some(named);
        }
    }

    /// The player named to act: selecting, hiding or guessing next.
    fn to_act(&self) -> Option<Player> {
        match self.phase {
            Some(
                Named::Selecting(player) | Named::Hiding(player) | Named::GuessingFrom(player),
            ) => Some(player),
            _ => None,
        }
    }

    /// The player named as the Fairy: by `fairy`, `hiding`, or in 2 players
    /// `selecting` (the player filling the box is the Fairy).
    fn named_fairy(&self, two: bool) -> Option<Player> {
        match (self.fairy, self.phase) {
            (Some(Named::Fairy(fairy)), _) | (_, Some(Named::Hiding(fairy))) => Some(fairy),
            (_, Some(Named::Selecting(fairy))) if two => Some(fairy),
            _ => None,
        }
    }

    /// The items `keys` name, recording the first unknown one.
    fn items<K: ItemKey>(&mut self, keys: impl IntoIterator<Item = K>) -> Items {
        keys.into_iter().filter_map(|key| self.item(&key)).collect()
    }

    /// The item `key` names, recording it if unknown.
    fn item<K: ItemKey>(&mut self, key: &K) -> Option<Item> {
        let treasures = &self.config.as_ref().ok()?.treasures;
        match key.item_in(treasures) {
            Ok(item) => Some(item),
            Err(unknown) => {
                self.fail(SetupError::UnknownItem(unknown));
                None
            }
        }
    }

    /// Records the first error, for `build` to return.
    fn fail(&mut self, error: SetupError) {
        if self.error.is_none() {
            self.error = Some(error);
        }
    }
}

/// What a built position must show, as named: the player to act and the
/// Fairy (unless the game is over).
struct Check {
    to_act: Option<Player>,
    fairy: Option<Player>,
    over: bool,
}

/// The phase the builder settles on, before it knows the Fairy's seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Selection,
    Hiding,
    Guessing,
}

/// `round`, at least 1, as a round number.
fn rounds(round: usize) -> u16 {
    u16::try_from(round.max(1)).unwrap_or(u16::MAX)
}
