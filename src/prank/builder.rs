//! Positions written in the game's own words: what is in the box, what the
//! Fairy removed, who guesses next; the rest follows.

use super::config::{BoxSound, Config, MAX_PLAYERS, Rules, Variant};
use super::items::{Item, ItemKey, Items};
use super::setup::{Setup, SetupError};
use super::sheet::Sheet;
use super::state::{Phase, State, guesser};
use crate::{ConfigError, Game, Player, PlayerSet};

/// A position of Fairy Prank written in a few lines, naming only what
/// matters; [`build`](PositionBuilder::build) fills in the rest and checks
/// the result through [`Setup`], so a builder never makes an inconsistent
/// state.
///
/// Items are named by name (as [`Treasures::find`](super::Treasures::find)
/// matches them: case and extra spaces do not matter) or given as [`Item`]s.
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
/// - **The Fairy**: as named; for [`guessing_from`](Self::guessing_from),
///   the player whose left-hand guessers reach the named one after the
///   guesses made; otherwise the starting player.
/// - **The starting player**: as named; in the beginner and 2-player games,
///   the Fairy; in a Selection phase, the player as many seats right of the
///   [`selecting`](Self::selecting) player as items are in the box; else
///   seat 0.
/// - **The round**: as named; with 2 players, the round whose box size fits
///   the box; else round 1.
/// - **The sheets**: the marks named with [`marks`](Self::marks) (earlier
///   rounds), plus one mark for each token [`guessed`](Self::guessed) this
///   round: the guesser's for an item in the box, the Fairy's otherwise,
///   guessers taken in turn from the Fairy's left.
/// - **The winners** of a finished game: the winning sheet, or in 2 players
///   the Fairy after a wrong guess and both players after none.
#[derive(Clone, Debug)]
#[must_use = "a builder makes nothing until `build`"]
pub struct PositionBuilder {
    config: Result<Config, ConfigError>,
    error: Option<SetupError>,
    round: Option<u16>,
    starting_player: Option<Player>,
    wanted: Wanted,
    over: bool,
    in_box: Option<Items>,
    removed: Option<Items>,
    guessed: Items,
    sheets: [Sheet; MAX_PLAYERS],
    marked: PlayerSet,
}

/// What the builder was told of the phase and the Fairy.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Wanted {
    Derived,
    Selecting(Player),
    Hiding(Player),
    Fairy(Player),
    GuessingFrom(Player),
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
            wanted: Wanted::Derived,
            over: false,
            in_box: None,
            removed: None,
            guessed: Items::EMPTY,
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

    /// What is in the box.
    pub fn in_box<K: ItemKey>(mut self, items: impl IntoIterator<Item = K>) -> PositionBuilder {
        self.in_box = Some(self.items(items));
        self
    }

    /// What the Fairy removed this round.
    pub fn removed<K: ItemKey>(mut self, items: impl IntoIterator<Item = K>) -> PositionBuilder {
        self.removed = Some(self.items(items));
        self
    }

    /// The tokens turned face down this round: rightly for an item in the
    /// box, wrongly otherwise. Their marks are added to the sheets.
    pub fn guessed<K: ItemKey>(mut self, items: impl IntoIterator<Item = K>) -> PositionBuilder {
        self.guessed = self.items(items);
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
    /// players, the Fairy filling the box).
    pub fn selecting(mut self, player: Player) -> PositionBuilder {
        self.wanted = Wanted::Selecting(player);
        self
    }

    /// A Hiding phase with `fairy` removing items.
    pub fn hiding(mut self, fairy: Player) -> PositionBuilder {
        self.wanted = Wanted::Hiding(fairy);
        self
    }

    /// The Fairy of this round, the phase derived.
    pub fn fairy(mut self, fairy: Player) -> PositionBuilder {
        self.wanted = Wanted::Fairy(fairy);
        self
    }

    /// A Guessing phase with `player` to guess next; the Fairy follows.
    pub fn guessing_from(mut self, player: Player) -> PositionBuilder {
        self.wanted = Wanted::GuessingFrom(player);
        self
    }

    /// The game is over, just after the last guess; the winners follow from
    /// the sheets (or, in 2 players, from the guesses).
    pub fn over(mut self) -> PositionBuilder {
        self.over = true;
        self
    }

    /// The position as a [`State`], or the first thing wrong with it: a
    /// player count or config that cannot be played, a name the item set
    /// does not have, a player not at the table, a named player to act who
    /// is not, or any [`SetupError`] of the position itself.
    pub fn build(self) -> Result<State, SetupError> {
        let config = self.config.clone().map_err(SetupError::Config)?;
        config.validate().map_err(SetupError::Config)?;
        if let Some(error) = self.error.clone() {
            return Err(error);
        }
        let n = usize::from(config.players);
        let named = [self.starting_player, self.named_player()];
        let outsider = named
            .into_iter()
            .flatten()
            .chain(self.marked.iter())
            .find(|p| p.index() >= n);
        if let Some(player) = outsider {
            return Err(SetupError::NoSuchPlayer(player));
        }
        let rules = config.rules();
        let two = rules == Rules::TwoPlayer;
        let all = config.treasures.all();
        let (in_box, removed) = match (self.in_box, self.removed, rules) {
            (Some(in_box), Some(removed), _) => (in_box, removed),
            (Some(in_box), None, Rules::Beginner) => (in_box, all.difference(in_box)),
            (None, Some(removed), Rules::Beginner) => (all.difference(removed), removed),
            (None, None, Rules::Beginner) => (all, Items::EMPTY),
            (in_box, removed, _) => (in_box.unwrap_or_default(), removed.unwrap_or_default()),
        };
        let guessed = self.guessed;
        let fairy = match self.wanted {
            Wanted::Hiding(fairy) | Wanted::Fairy(fairy) | Wanted::Selecting(fairy) => fairy,
            Wanted::GuessingFrom(next) => {
                next.right(1 + guessed.len() % n.saturating_sub(1).max(1), n)
            }
            Wanted::Derived => self.starting_player.unwrap_or(Player(0)),
        };
        let kind = match self.wanted {
            Wanted::Selecting(_) => Kind::Selection,
            Wanted::Hiding(_) => Kind::Hiding,
            Wanted::GuessingFrom(_) => Kind::Guessing,
            Wanted::Fairy(_) | Wanted::Derived if two => {
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
            Wanted::Fairy(_) => Kind::Hiding,
            Wanted::Derived if rules == Rules::Beginner => Kind::Hiding,
            Wanted::Derived => Kind::Selection,
        };
        let round = match (self.round, two, kind) {
            (Some(round), _, _) => round,
            (None, false, _) => 1,
            (None, true, Kind::Selection) => rounds(in_box.len()),
            (None, true, _) => rounds(in_box.len().saturating_sub(1)),
        };
        let starting_player = match (self.starting_player, rules, self.wanted) {
            (Some(player), _, _) => player,
            (None, Rules::Standard, Wanted::Selecting(next)) => next.right(in_box.len(), n),
            (None, Rules::Standard, _) => Player(0),
            (None, _, _) => fairy,
        };
        let mut sheets = self.sheets;
        if !two {
            for (guess, item) in guessed.iter().enumerate() {
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
            _ if self.over => Phase::Over {
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
        let mut setup = Setup::with_config(config).map_err(SetupError::Config)?;
        setup.round = round;
        setup.starting_player = starting_player;
        setup.phase = phase;
        setup.in_box = in_box;
        setup.removed = removed;
        setup.guessed_right = guessed.intersection(in_box);
        setup.guessed_wrong = wrong;
        setup.sheets = sheets.iter().copied().collect();
        let state = State::try_from(setup)?;
        let to_act = match self.wanted {
            Wanted::Selecting(player) | Wanted::GuessingFrom(player) | Wanted::Hiding(player) => {
                Some(player)
            }
            Wanted::Fairy(_) | Wanted::Derived => None,
        };
        match to_act {
            Some(player) if !self.over && !state.to_act().contains(player) => {
                Err(SetupError::NotToAct { player })
            }
            _ => Ok(state),
        }
    }

    /// The player named to act or as the Fairy, if any.
    fn named_player(&self) -> Option<Player> {
        match self.wanted {
            Wanted::Selecting(player) | Wanted::GuessingFrom(player) => Some(player),
            Wanted::Hiding(fairy) | Wanted::Fairy(fairy) => Some(fairy),
            Wanted::Derived => None,
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
