//! A position in a game of A Midsummer Night's Fayre, and the `Game` impl.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::{Action, Violation};
use super::config::{Config, MAX_PLAYERS};
use super::dice::{DICE_PER_PLAYER, DieRef, FAIRY_DICE, Face, face_mask};
use super::event::Event;
use super::mini_game::{Booth, IN_PLAY, MINI_GAMES, MiniGame, REMOVED};
use super::mischief::{CardCounts, MISCHIEF_CARDS, Mischief};
use super::pool::Pool;
use super::prize_pit::PitDie;
use super::setup::{Setup, SetupError};
use super::turn::insert_face;
use super::view::View;
pub(super) use crate::game::NoEvents;
use crate::{
    ActionError, ActionList, ConfigError, Events, Game, List, Outcome, Player, PlayerSet, Score,
    Seat,
};

/// The event sink this game's engine writes to ([`crate::game::EventSink`]
/// for its events).
pub(super) trait Sink: crate::game::EventSink<Event> {}

impl<T: crate::game::EventSink<Event>> Sink for T {}

/// Records `event` in `events`.
#[inline(always)]
pub(super) fn push(events: &mut impl Sink, event: Event) {
    crate::game::EventSink::record(events, event);
}

/// The decision the game is waiting for. Public information.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Phase {
    /// The player whose turn it is draws, plays a card, or (if neither is
    /// possible) takes no Mischief action.
    Mischief,
    /// A card has been played: pick its die (or the player whose pool to
    /// re-roll).
    Target {
        /// The card being played.
        card: Mischief,
    },
    /// The grey fairy: pick the second die of the swap.
    SwapWith {
        /// The first die picked.
        first: DieRef,
    },
    /// The blue or red fairy: choose up or down.
    Shift {
        /// The card being played.
        card: Mischief,
        /// The die it moves.
        die: DieRef,
    },
    /// The Dice action: pick a pool die to place, or with an empty pool a
    /// die on a Mini Game to move.
    Dice,
    /// Choose where the picked die goes.
    Destination {
        /// The die picked.
        die: DieRef,
    },
    /// `player` rolls `die` into the Prize Pit.
    PrizePit {
        /// Who rolls.
        player: Player,
        /// Which die.
        die: PitDie,
    },
    /// The Goblin showed: the thief chooses whom to steal from.
    Steal {
        /// Who steals.
        thief: Player,
    },
    /// After a steal the thief holds 4 cards and discards one.
    Discard {
        /// Who discards.
        player: Player,
    },
    /// The game is over.
    Over,
}

/// Players still to roll into the Prize Pit, in order: a fixed-capacity,
/// `Copy` list of seats (unused slots hold player 1, and only the first
/// `len` count for equality, hashing and `Debug`).
#[derive(Clone, Copy)]
pub(super) struct Queue {
    seats: [Player; MAX_PLAYERS],
    len: u8,
}

impl Queue {
    pub(super) const EMPTY: Queue = Queue {
        seats: [Player(0); MAX_PLAYERS],
        len: 0,
    };

    pub(super) fn as_slice(&self) -> &[Player] {
        self.seats.get(..usize::from(self.len)).unwrap_or(&[])
    }

    /// Appends `player`, or hands it back when the queue is full.
    pub(super) fn push(&mut self, player: Player) -> Result<(), Player> {
        match self.seats.get_mut(usize::from(self.len)) {
            Some(slot) => {
                *slot = player;
                self.len += 1;
                Ok(())
            }
            None => Err(player),
        }
    }

    /// Appends `player` if `yes`, without a branch on `yes`; nothing when
    /// the queue is full.
    #[inline(always)]
    pub(super) fn push_if(&mut self, yes: bool, player: Player) {
        if let Some(slot) = self.seats.get_mut(usize::from(self.len)) {
            // A mask select: an `if` here compiles to a branch.
            let keep = 0u8.wrapping_sub(u8::from(!yes));
            *slot = Player((slot.0 & keep) | (player.0 & !keep));
            self.len += u8::from(yes);
        }
    }

    /// Takes the first player off the queue.
    pub(super) fn pop_front(&mut self) -> Option<Player> {
        let first = *self.as_slice().first()?;
        // At most four seats move down: a plain loop, no `rotate_left` call.
        let len = usize::from(self.len);
        for i in 1..len {
            let next = self.seats.get(i).copied();
            if let (Some(next), Some(slot)) = (next, self.seats.get_mut(i - 1)) {
                *slot = next;
            }
        }
        if let Some(last) = self.seats.get_mut(len - 1) {
            *last = Player(0);
        }
        self.len -= 1;
        Some(first)
    }
}

/// The first `N` items of `items` as an `ArrayVec` (what [`Setup`],
/// [`View`] and [`Event`] hold), without a capacity panic.
pub(super) fn array_vec<T, const N: usize>(items: impl IntoIterator<Item = T>) -> ArrayVec<T, N> {
    let mut out = ArrayVec::new();
    for item in items {
        if out.try_push(item).is_err() {
            break;
        }
    }
    out
}

impl core::ops::Deref for Queue {
    type Target = [Player];
    fn deref(&self) -> &[Player] {
        self.as_slice()
    }
}

impl<'a> IntoIterator for &'a Queue {
    type Item = &'a Player;
    type IntoIter = core::slice::Iter<'a, Player>;
    fn into_iter(self) -> Self::IntoIter {
        self.as_slice().iter()
    }
}

impl FromIterator<Player> for Queue {
    /// The first five players of `iter`.
    fn from_iter<I: IntoIterator<Item = Player>>(iter: I) -> Queue {
        let mut queue = Queue::EMPTY;
        for player in iter {
            if queue.push(player).is_err() {
                break;
            }
        }
        queue
    }
}

impl PartialEq for Queue {
    fn eq(&self, other: &Queue) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl Eq for Queue {}

impl core::hash::Hash for Queue {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl core::fmt::Debug for Queue {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_list().entries(self.as_slice()).finish()
    }
}

/// A game of A Midsummer Night's Fayre in progress, hidden information
/// included (Mischief hands, both draw piles, the two cards left in the box).
///
/// Randomness is consumed by [`Game::new`] and by the actions listed in the
/// module docs.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct State {
    pub(super) config: Config,
    pub(super) current: Player,
    pub(super) phase: Phase,
    /// Players still to roll into the Prize Pit after the one rolling now.
    pub(super) queue: Queue,
    pub(super) scores: [Score; MAX_PLAYERS],
    /// Each player's dice pool, faces ascending.
    pub(super) pools: [Pool; MAX_PLAYERS],
    pub(super) hands: [CardCounts; MAX_PLAYERS],
    /// The Fairy dice pool, faces ascending.
    pub(super) fairy_pool: List<Face, FAIRY_DICE>,
    pub(super) booths: [Option<Booth>; IN_PLAY],
    /// Face-down Mini Game cards, top last.
    pub(super) deck: List<MiniGame, MINI_GAMES>,
    /// The two cards put back in the box unseen.
    pub(super) removed: List<MiniGame, REMOVED>,
    /// Scored Mini Games, in the order they were scored.
    pub(super) finished: List<MiniGame, MINI_GAMES>,
    /// Face-down Mischief cards, top last.
    pub(super) mischief_deck: List<Mischief, MISCHIEF_CARDS>,
    pub(super) mischief_discard: CardCounts,
    /// Dice moves since a Mini Game was last scored.
    pub(super) moves: usize,
    /// The player spaces of the card at each table position, a bit per
    /// space (bit `s` for space `s`): which are empty (`open`) and which
    /// hold a die (`taken`), both 0 where no card is. Derived from `booths`
    /// ([`Spaces::of`]), kept up to date where a die lands on or leaves a
    /// card, so "is this card full?", "where does the die go?", "which
    /// sides of Tug of War are open?" and "which spaces hold a die?" need
    /// no scan of the spaces.
    pub(super) spaces: Spaces,
    /// The player `phase` waits for ([`State::actor_of`]), derived, kept
    /// with the phase by [`State::set_phase`].
    pub(super) actor: Option<Player>,
    /// The faces shown in each dice pool and in the Fairy dice pool, a bit
    /// per face: derived from `pools` and `fairy_pool` ([`Faces::of`]),
    /// refreshed where a pool changes, so the distinct faces of a pool (one
    /// decision each) and "is this face in the pool?" need no scan.
    pub(super) faces: Faces,
}

/// The faces in the dice pools as bit masks (see [`State`]'s `faces`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Faces {
    /// Per seat, a bit per face in its pool (bit `pips`).
    pub(super) pools: [u8; MAX_PLAYERS],
    /// A bit per face in the Fairy dice pool.
    pub(super) fairy: u8,
}

impl Faces {
    /// The masks of these pools.
    pub(super) fn of(pools: &[Pool; MAX_PLAYERS], fairy_pool: &List<Face, FAIRY_DICE>) -> Faces {
        Faces {
            pools: pools.each_ref().map(|p| face_mask(p)),
            fairy: face_mask(fairy_pool),
        }
    }

    /// The faces in `owner`'s pool.
    #[inline]
    pub(super) fn pool(&self, owner: Player) -> u8 {
        self.pools.get(owner.index()).copied().unwrap_or(0)
    }
}

// A bit per player space of a card in a `u16`.
const _: () = assert!(super::mini_game::MAX_PLAYER_SPACES <= 16);

/// The player spaces of the cards in play as bit masks (see
/// [`State`]'s `spaces`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Spaces {
    /// Empty player spaces, per table position.
    pub(super) open: [u16; IN_PLAY],
    /// Player spaces holding a die, per table position.
    pub(super) taken: [u16; IN_PLAY],
    /// The left side's spaces where Tug of War is, 0 at every other table
    /// position.
    pub(super) tug_left: [u16; IN_PLAY],
}

impl Spaces {
    /// The masks of `booths`, counted from their spaces.
    pub(super) fn of(booths: &[Option<Booth>; IN_PLAY]) -> Spaces {
        let mut spaces = Spaces::default();
        for (((booth, open), taken), tug_left) in booths
            .iter()
            .zip(spaces.open.iter_mut())
            .zip(spaces.taken.iter_mut())
            .zip(spaces.tug_left.iter_mut())
        {
            let Some(booth) = booth else { continue };
            *tug_left = Spaces::left_side(booth.game, booth.spaces.len());
            for (bit, space) in (0u32..).zip(booth.spaces.iter()) {
                let mask = 1u16.checked_shl(bit).unwrap_or(0);
                if space.is_some() {
                    *taken |= mask;
                } else {
                    *open |= mask;
                }
            }
        }
        spaces
    }

    /// Space `space` of the card at `booth` now holds a die.
    pub(super) fn fill(&mut self, booth: usize, space: u8) {
        let mask = 1u16.checked_shl(u32::from(space)).unwrap_or(0);
        if let (Some(open), Some(taken)) = (self.open.get_mut(booth), self.taken.get_mut(booth)) {
            *open &= !mask;
            *taken |= mask;
        }
    }

    /// Space `space` of the card at `booth` is now empty.
    pub(super) fn empty(&mut self, booth: usize, space: u8) {
        let mask = 1u16.checked_shl(u32::from(space)).unwrap_or(0);
        if let (Some(open), Some(taken)) = (self.open.get_mut(booth), self.taken.get_mut(booth)) {
            *open |= mask;
            *taken &= !mask;
        }
    }

    /// The first `len` spaces (up to 16), as a mask.
    fn first(len: usize) -> u16 {
        1u16.checked_shl(len as u32)
            .map_or(u16::MAX, |bit| bit.wrapping_sub(1))
    }

    /// The left side's mask of `game` with `len` spaces if it is Tug of
    /// War, else 0.
    fn left_side(game: MiniGame, len: usize) -> u16 {
        if game == MiniGame::TugOfWar {
            Spaces::first(len / 2)
        } else {
            0
        }
    }

    /// A new card of `game` with `len` empty spaces at `booth`.
    pub(super) fn reset(&mut self, booth: usize, game: MiniGame, len: usize) {
        if let (Some(open), Some(taken), Some(tug_left)) = (
            self.open.get_mut(booth),
            self.taken.get_mut(booth),
            self.tug_left.get_mut(booth),
        ) {
            *open = Spaces::first(len);
            *taken = 0;
            *tug_left = Spaces::left_side(game, len);
        }
    }

    /// No card at `booth`.
    pub(super) fn clear(&mut self, booth: usize) {
        if let (Some(open), Some(taken), Some(tug_left)) = (
            self.open.get_mut(booth),
            self.taken.get_mut(booth),
            self.tug_left.get_mut(booth),
        ) {
            *open = 0;
            *taken = 0;
            *tug_left = 0;
        }
    }

    /// The left side's spaces if Tug of War is at `booth`, else 0.
    pub(super) fn tug_left(&self, booth: usize) -> u16 {
        self.tug_left.get(booth).copied().unwrap_or(0)
    }

    /// The empty spaces of the card at `booth`.
    pub(super) fn open(&self, booth: usize) -> u16 {
        self.open.get(booth).copied().unwrap_or(0)
    }

    /// The spaces holding a die on the card at `booth`.
    pub(super) fn taken(&self, booth: usize) -> u16 {
        self.taken.get(booth).copied().unwrap_or(0)
    }
}

/// The derived form, without the derived `spaces`, `actor` and `faces`.
impl core::fmt::Debug for State {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("State")
            .field("config", &self.config)
            .field("current", &self.current)
            .field("phase", &self.phase)
            .field("queue", &self.queue)
            .field("scores", &self.scores)
            .field("pools", &self.pools)
            .field("hands", &self.hands)
            .field("fairy_pool", &self.fairy_pool)
            .field("booths", &self.booths)
            .field("deck", &self.deck)
            .field("removed", &self.removed)
            .field("finished", &self.finished)
            .field("mischief_deck", &self.mischief_deck)
            .field("mischief_discard", &self.mischief_discard)
            .field("moves", &self.moves)
            .finish()
    }
}

impl State {
    /// The game's config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// The decision being waited for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// Whose turn it is (during the final rolls, who triggered the end).
    pub fn current(&self) -> Player {
        self.current
    }

    /// Scores in seat order.
    pub fn scores(&self) -> &[Score] {
        self.scores.get(..self.players()).unwrap_or(&[])
    }

    /// `player`'s score (0 for an unseated player).
    pub fn score(&self, player: Player) -> Score {
        self.scores().get(player.index()).copied().unwrap_or(0)
    }

    /// `player`'s dice pool, faces ascending (empty for an unseated player).
    pub fn pool(&self, player: Player) -> &[Face] {
        self.pools
            .get(player.index())
            .filter(|_| player.index() < self.players())
            .map_or(&[], |p| p.as_slice())
    }

    /// `player`'s Mischief hand (hidden from the others).
    pub fn hand(&self, player: Player) -> CardCounts {
        self.hands.get(player.index()).copied().unwrap_or_default()
    }

    /// The Fairy dice pool, faces ascending.
    pub fn fairy_pool(&self) -> &[Face] {
        &self.fairy_pool
    }

    /// The Mini Game at table position `position` (0 to 2), if one is there.
    pub fn booth(&self, position: u8) -> Option<&Booth> {
        self.booths
            .get(usize::from(position))
            .and_then(Option::as_ref)
    }

    /// Mini Games in play by table position.
    pub fn booths(&self) -> &[Option<Booth>; IN_PLAY] {
        &self.booths
    }

    /// Counts `owner`'s pool's faces again after a change.
    pub(super) fn refresh_pool(&mut self, owner: Player) {
        if let (Some(mask), Some(pool)) = (
            self.faces.pools.get_mut(owner.index()),
            self.pools.get(owner.index()),
        ) {
            *mask = face_mask(pool);
        }
    }

    /// Counts the Fairy dice pool's faces again after a change.
    pub(super) fn refresh_fairy_pool(&mut self) {
        self.faces.fairy = face_mask(&self.fairy_pool);
    }

    /// Whether the card at `position` has an empty player space (by the
    /// kept masks; `false` where no card is).
    pub(super) fn has_free_space(&self, position: u8) -> bool {
        self.spaces.open(usize::from(position)) != 0
    }

    pub(super) fn players(&self) -> usize {
        self.config.num_players()
    }

    pub(super) fn seats(&self) -> impl Iterator<Item = Player> + use<> {
        (0..self.players() as u8).map(Player)
    }

    /// The player the game waits for, if any (kept with the phase, so this is
    /// a read of one field).
    #[inline]
    pub fn actor(&self) -> Option<Player> {
        self.actor
    }

    /// Moves the game on to `phase`, keeping the player it waits for.
    #[inline(always)]
    pub(super) fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
        self.actor = self.actor_of(phase);
    }

    /// The player the game waits for in `phase`.
    #[inline(always)]
    pub(super) fn actor_of(&self, phase: Phase) -> Option<Player> {
        match phase {
            Phase::Mischief
            | Phase::Target { .. }
            | Phase::SwapWith { .. }
            | Phase::Shift { .. }
            | Phase::Dice
            | Phase::Destination { .. } => Some(self.current),
            Phase::PrizePit { player, .. } | Phase::Discard { player } => Some(player),
            Phase::Steal { thief } => Some(thief),
            Phase::Over => None,
        }
    }

    /// Players with the most points.
    pub fn leaders(&self) -> PlayerSet {
        let best = self.scores().iter().max().copied().unwrap_or(0);
        self.seats()
            .filter(|p| self.scores.get(p.index()) == Some(&best))
            .collect()
    }

    /// Every die in play: `6 × players` player dice and the 9 Fairy dice.
    pub fn dice_in_play(&self) -> usize {
        let pools: usize = self
            .pools
            .iter()
            .take(self.players())
            .map(|p| p.len())
            .sum();
        let on_cards: usize = self
            .booths
            .iter()
            .flatten()
            .map(|b| b.fairy.len() + b.dice().count())
            .sum();
        pools + on_cards + self.fairy_pool.len()
    }
}

impl State {
    /// `apply` and `play`: the checks of who may act, then the move, its
    /// events written to `events`.
    fn act(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) -> Result<(), ActionError<Violation>> {
        // The player the game waits for is a seat, and there is one in every
        // phase but `Over`: one comparison lets the expected player through.
        if self.actor() != Some(player) {
            return Err(self.refusal(player));
        }
        if !self.perform(player, action, events, rng) {
            return Err(ActionError::Illegal(self.diagnose(player, action)));
        }
        Ok(())
    }

    /// Why `player`, not the player the game waits for, may not act.
    #[cold]
    #[inline(never)]
    fn refusal(&self, player: Player) -> ActionError<Violation> {
        if self.phase == Phase::Over {
            ActionError::GameOver
        } else if player.index() >= self.players() {
            ActionError::NoSuchPlayer { player }
        } else {
            ActionError::NotToAct { player }
        }
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

    const NAME: &'static str = "A Midsummer Night's Fayre";
    const MIN_PLAYERS: usize = super::config::MIN_PLAYERS;
    const MAX_PLAYERS: usize = super::config::MAX_PLAYERS;

    /// Names the Mini Games and dice by what the view shows ([`View::describe`]).
    fn write_action(
        view: &View,
        action: &Action,
        f: &mut core::fmt::Formatter<'_>,
    ) -> core::fmt::Result {
        write!(f, "{}", view.describe(*action))
    }

    /// The notation and the words a seat is shown ([`View::describe`]),
    /// read in the view's context: Mini Games by their printed names, "your"
    /// dice, and the table's numbers ("players are numbered 1 to 3"). See
    /// the module docs, "Notation".
    fn read_action(view: &View, text: &str) -> Result<Action, super::ParseActionError> {
        super::notation::read(Some(view), text)
    }

    /// Names the Mini Games and dice by what the view showed before the move
    /// ([`View::describe_event`]).
    fn write_event(
        view: &View,
        event: &Event,
        f: &mut core::fmt::Formatter<'_>,
    ) -> core::fmt::Result {
        write!(f, "{}", view.describe_event(event))
    }

    /// Randomness, in this order: shuffle the 12 Mini Games (the first two
    /// go back in the box), roll the 9 Fairy dice, shuffle the Mischief
    /// cards and deal 2 to each player in seat order, roll each player's 6
    /// dice in seat order, turn up 3 Mini Games taking (a uniform pick) and
    /// rolling their Fairy dice.
    fn new(config: &Config, rng: &mut (impl Rng + ?Sized)) -> Result<State, ConfigError> {
        config.validate()?;
        let mut games = MiniGame::ALL;
        crate::rng::shuffle(rng, &mut games);
        let (removed, rest) = games.split_at(REMOVED);
        // Each roll goes straight to its sorted place (the list a sort after
        // the rolls would give).
        let mut fairy_pool: List<Face, FAIRY_DICE> = List::new();
        for _ in 0..FAIRY_DICE {
            insert_face(&mut fairy_pool, &mut 0, Face::roll(rng));
        }
        let mut mischief_deck: List<Mischief, MISCHIEF_CARDS> =
            config.mischief.cards().take(MISCHIEF_CARDS).collect();
        crate::rng::shuffle(rng, &mut mischief_deck);
        let mut hands = [CardCounts::default(); MAX_PLAYERS];
        for hand in hands.iter_mut().take(config.num_players()) {
            for _ in 0..2 {
                if let Some(card) = mischief_deck.pop() {
                    hand.add(card);
                }
            }
        }
        let mut pools = [Pool::EMPTY; MAX_PLAYERS];
        for pool in pools.iter_mut().take(config.num_players()) {
            for _ in 0..DICE_PER_PLAYER {
                pool.insert(&mut 0, Face::roll(rng));
            }
        }
        let mut state = State {
            config: *config,
            current: Player(0),
            phase: Phase::Mischief,
            queue: Queue::EMPTY,
            scores: [0; MAX_PLAYERS],
            pools,
            hands,
            fairy_pool,
            booths: [None, None, None],
            deck: rest.iter().copied().collect(),
            removed: removed.iter().copied().collect(),
            finished: List::new(),
            mischief_deck,
            mischief_discard: CardCounts::default(),
            moves: 0,
            spaces: Spaces::default(),
            actor: Some(Player(0)),
            faces: Faces::of(&pools, &fairy_pool),
        };
        for slot in 0..IN_PLAY {
            state.reveal(slot, &mut NoEvents, rng);
        }
        Ok(state)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    #[inline]
    fn to_act(&self) -> PlayerSet {
        self.actor().map_or(PlayerSet::EMPTY, PlayerSet::only)
    }

    fn legal_actions(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        self.legal_actions_into(player, &mut list);
        list
    }

    #[inline]
    fn legal_actions_into(&self, player: Player, list: &mut ActionList<Action>) {
        list.clear();
        if self.actor() == Some(player) {
            self.fill_options(player, list);
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
        rng: &mut (impl Rng + ?Sized),
        events: &mut Events<Event>,
    ) -> Result<(), ActionError<Violation>> {
        events.clear();
        self.act(player, action, rng, events)
    }

    /// [`apply`](Game::apply) building no events: the engine runs with a
    /// sink that drops them, the same steps and the same randomness.
    fn play(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<Violation>> {
        self.act(player, action, rng, &mut NoEvents)
    }

    fn view_for(&self, seat: Seat) -> View {
        View::of(self, seat.at_table(self.players()))
    }

    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        Some(event.redacted(seat))
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over)
            .then(|| Outcome::new(self.leaders(), self.scores().iter().copied()))
    }

    /// At most 10 stretches between scorings (9 Mini Games are scored at
    /// most); in each, at most `6 × players` placements (pools only refill at
    /// a scoring) and fewer than `move_limit` moves, each turn at most 5
    /// actions (three for Mischief, two for Dice); each scoring at most
    /// `3 × players` Prize Pit actions (roll, steal, discard); the final
    /// rolls `players` more.
    fn max_game_length(&self) -> u32 {
        let players = self.players() as u32;
        let stretches = (MINI_GAMES - REMOVED - 1) as u32 + 1;
        let moves = u32::try_from(self.config.move_limit).unwrap_or(u32::MAX);
        let turns = (DICE_PER_PLAYER as u32 * players).saturating_add(moves);
        stretches
            .saturating_mul(turns)
            .saturating_mul(5)
            .saturating_add((stretches - 1) * 3 * players + players)
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
    use rand_core::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    use super::{Faces, Spaces, State};
    use crate::{Game, GameConfig};

    /// The derived fields always equal a fresh count: the masks of empty
    /// and taken player spaces (of the cards), the faces in the pools, and
    /// the player the phase waits for, through random games at every player count (moves,
    /// scoring, new cards, the end).
    #[test]
    fn derived_fields_follow_the_position() {
        let mut rng = Pcg64Mcg::seed_from_u64(10);
        for players in 2..=5 {
            let Ok(config) = super::Config::for_players(players) else {
                panic!("no config for {players} players");
            };
            for _ in 0..40 {
                let Ok(mut state) = State::new(&config, &mut rng) else {
                    panic!("no game");
                };
                assert_eq!(state.spaces, Spaces::of(&state.booths));
                assert_eq!(state.faces, Faces::of(&state.pools, &state.fairy_pool));
                assert_eq!(state.actor, state.actor_of(state.phase));
                while let Some(player) = state.to_act().lowest() {
                    let legal = state.legal_actions(player);
                    let Some(&action) = crate::rng::choose(&mut rng, &legal) else {
                        panic!("no legal action in {state:?}");
                    };
                    assert!(state.apply(player, action, &mut rng).is_ok());
                    assert_eq!(
                        state.spaces,
                        Spaces::of(&state.booths),
                        "after {action:?} in {state:?}"
                    );
                    assert_eq!(
                        state.faces,
                        Faces::of(&state.pools, &state.fairy_pool),
                        "after {action:?} in {state:?}"
                    );
                    assert_eq!(state.actor, state.actor_of(state.phase));
                }
            }
        }
    }
}
