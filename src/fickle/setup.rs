//! A position as plain data, and its validation.

use super::card::{Card, DECK_SIZE};
use super::config::{Config, Direction, MAX_PLAYERS, ROUNDS};
use super::family::{Extreme, Family, LineupEffect, Power, PowerType, Response};
use super::resolution::{ChainStep, Phase, Resolution, Step, Target};
use super::state::State;
use crate::{ConfigError, Game, List, Player};

/// A Fairy in an Alliance.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct AllianceCard {
    /// The Fairy.
    pub card: Card,
    /// Whether its Power is Active (placed sideways): an unused Response or a
    /// Delayed Power still to resolve.
    pub active: bool,
    /// End-of-game choice for a Familiar or Illusion, once made.
    pub scoring: Option<ScoringChoice>,
}

impl AllianceCard {
    /// An Idle Fairy with no scoring choice.
    pub const fn idle(card: Card) -> AllianceCard {
        AllianceCard {
            card,
            active: false,
            scoring: None,
        }
    }
}

/// How a Familiar or Illusion is scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum ScoringChoice {
    /// A Familiar paired with this Fairy, or left alone (`None`).
    Paired(Option<Card>),
    /// An Illusion scored as this Family.
    As(Family),
}

/// Lineup Delayed Powers acting on a player this round.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct LineupEffects {
    /// Blinded: decide on the first card without seeing it.
    pub blinded: bool,
    /// Psychic: see the top two cards of the stack.
    pub psychic: bool,
    /// Reduced: the top card is dismissed unseen.
    pub reduced: bool,
}

impl LineupEffects {
    /// Turns `effect` on.
    pub fn set(&mut self, effect: LineupEffect) {
        match effect {
            LineupEffect::Blinded => self.blinded = true,
            LineupEffect::Psychic => self.psychic = true,
            LineupEffect::Reduced => self.reduced = true,
        }
    }
}

/// Everything in front of one player.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Area {
    /// The Alliance, in the order the Fairies arrived.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::list))]
    pub alliance: List<AllianceCard, DECK_SIZE>,
    /// Dealt cards (the opening 3, or the Lineup 3 being ordered; the first
    /// `placed` are in their final order, top first).
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::list))]
    pub hand: List<Card, 3>,
    /// Lineup: how many cards of `hand` are placed.
    pub placed: u8,
    /// Opening: the card this player will dismiss, once chosen.
    pub discard: Option<Card>,
    /// The stack received this round, top first (kept as a record; only the
    /// cards from `cursor` on are still in it).
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::list))]
    pub lineup: List<Card, 3>,
    /// Selection: how many cards of `lineup` have left the stack.
    pub cursor: u8,
    /// The kept Fairy, face down until revealed: a card of `lineup` that
    /// has left the stack (never the one Reduced dismissed).
    pub chosen: Option<Card>,
    /// Whether the player has seen their kept Fairy (not when Blinded).
    pub chosen_seen: bool,
    /// Which cards of `lineup` the player has seen (bit `i` for card `i`).
    pub lineup_seen: u8,
    /// Selection: this step's decision (`true` keeps the top card), committed
    /// in secret and carried out when everyone still selecting has decided.
    pub pending: Option<bool>,
    /// Delayed Lineup Powers on this player this round.
    pub effects: LineupEffects,
}

/// Any position of Fickle, as plain data. [`State::try_from`] checks it.
///
/// ```
/// use fairy_ring::fickle::{Config, Setup, State};
/// use fairy_ring::Game;
/// # use rand_core::SeedableRng;
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let state = State::new(&Config::new(3)?, &mut rng)?;
/// let setup = Setup::from(&state);
/// assert_eq!(State::try_from(setup).as_ref(), Ok(&state));
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub struct Setup {
    /// Players, Families and card data.
    pub config: Config,
    /// The round, 1 to 5 (0 during the opening deal).
    pub round: u8,
    /// The five Direction tokens on the board, in round order (face down
    /// until their round starts).
    pub directions: [Direction; ROUNDS as usize],
    /// Who holds the Court Crier token.
    pub court_crier: Player,
    /// The Fairy Deck, top card last.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::list))]
    pub deck: List<Card, DECK_SIZE>,
    /// The Dismiss pile, top card last.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::list))]
    pub dismiss: List<Card, DECK_SIZE>,
    /// One area per player, in seat order.
    #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::list))]
    pub areas: List<Area, MAX_PLAYERS>,
    /// Who revealed a Fairy last this round.
    pub last_revealer: Option<Player>,
    /// The phase, with any Power being resolved.
    pub phase: Phase,
}

/// Why a [`Setup`] is not a consistent position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum SetupError {
    /// The config seats too few or too many players.
    #[error("{} cannot play Fickle (3 to 5)", Count(*.0, "player", "players"))]
    PlayerCount(usize),
    /// The config's Families, Favor values or first Court Crier are invalid.
    #[error("invalid config data")]
    Config,
    /// `areas` must have one entry per player.
    #[error("{} for {}", Count(*.areas, "area", "areas"), Count(*.players, "player", "players"))]
    AreaCount {
        /// Length of `areas`.
        areas: usize,
        /// Players in the config.
        players: usize,
    },
    /// The round is off the 0 to 5 track, 0 outside the opening, or not 5
    /// when scoring or over.
    #[error("round {0} does not fit the phase")]
    Round(u8),
    /// A player reference names a seat that is not at the table.
    #[error("{0} is not at the table")]
    Seat(Player),
    /// A card is not of the game's five Families (or its copy is 9 or more).
    #[error("card {0} is not in this game's deck")]
    CardNotInGame(Card),
    /// A card is in two places.
    #[error("card {0} is in two places")]
    DuplicateCard(Card),
    /// A card is nowhere.
    #[error("card {0} is missing")]
    MissingCard(Card),
    /// A counter (placed, cursor, next) is past the cards it counts.
    #[error("a counter of {0} is out of range")]
    Counter(Player),
    /// A card named by the phase or a choice is not where it must be.
    #[error("card {0} is not where the position needs it")]
    Misplaced(Card),
    /// The position awaits no decision but the game is not over, or a player
    /// is to act without any legal action.
    #[error("the position awaits a decision nobody can make")]
    Stuck,
    /// A [`PositionBuilder`](super::PositionBuilder) was given a card name that names no
    /// card of the game.
    #[error("not a card name: {0}")]
    CardName(super::ParseError),
    /// The recorded winner is not the one the scores give.
    #[error("the winner should be {0}")]
    Winner(Player),
    /// During the Fairy Selection, the last card of a player's stack waits
    /// for a decision: it must be kept (Rule C), as it is at once.
    #[error("{0} must keep the last card of their stack")]
    LastCard(Player),
    /// A player's kept Fairy is not a card of the stack they received this
    /// round (or is the card Reduced dismissed from it unseen): a Fairy is
    /// kept only from the top of one's own stack.
    #[error("{player} keeps {card}, which was not in their stack this round")]
    KeptNotInStack {
        /// The player keeping it.
        player: Player,
        /// The kept Fairy.
        card: Card,
    },
    /// A player got fewer than 3 cards at the Fairy Lineup (a short hand, or
    /// a short stack during the Selection) though the Fairy Deck or the
    /// Dismiss pile had more to deal (Rule B shuffles the Dismiss pile in
    /// whenever the deck runs out).
    #[error("{0} got fewer than 3 cards though more were left to deal")]
    ShortDeal(Player),
    /// A Fairy is Active that cannot be: only Response Powers not used yet
    /// and Delayed Powers still to resolve at the start of a round are Active
    /// (never in round 5 after its Start Round, nor once the game has ended).
    #[error("{0} cannot be Active now")]
    Active(Card),
    /// A [`PositionBuilder`](super::PositionBuilder) was given a Lineup effect for a player
    /// with no stack (a Fairy Selection position where they keep nothing).
    #[error("{0} has no stack for a Lineup effect to act on")]
    NoStack(Player),
    /// [`PositionBuilder::reveal`](super::PositionBuilder::reveal) was asked of a Fairy
    /// Lineup position (no player keeps a Fairy).
    #[error("no kept Fairy to reveal: the position is the Fairy Lineup")]
    NothingKept,
    /// In the Fairy Powers phase, a player's turn in the resolve order does
    /// not fit the Favor of the Fairies still face down (Favor 5 down to
    /// Pariah -5, ties from the Court Crier in round direction): this player
    /// comes too early.
    #[error("{0}'s turn in the resolve order does not fit the Favor of the kept Fairies")]
    Order(Player),
    /// The card a Power being resolved comes from cannot be resolving it:
    /// not a Fairy of that kind of Power (or not the Family resolved), not
    /// Active while it waits (Erase, Scheme), or somewhere no used Power can
    /// be (the deck, a hand, a stack, a face-down kept Fairy).
    #[error("card {0} cannot be the source of the Power being resolved")]
    Source(Card),
    /// A card a player must hold for the Power being resolved is not in
    /// their Alliance: its source or the own Fairy of a Give, Switch or
    /// Prestige (for its user, until it takes effect), an Erase or Scheme
    /// (for its user), the target or the face-down pair of an Obfuscate (for
    /// its holder).
    #[error("{player} does not own {card}")]
    NotOwner {
        /// The Power's user.
        player: Player,
        /// The card.
        card: Card,
    },
    /// A Chain Power's pick for this player is impossible: not one of their
    /// Fairies tied for highest (or lowest), made by a player who sits the
    /// Chain out or is not at the table, or missing though their only such
    /// Fairy is picked at once.
    #[error("{0}'s pick for the Chain is not one of their tied Fairies")]
    Pick(Player),
    /// The Power being resolved does not fit the decision it waits for: a
    /// field set at another step (a target before it is chosen, an Obfuscate
    /// pair outside the guess, the player it was used against before it took
    /// effect), or a window offered to its own user or to a player who passed
    /// or sat a Chain out.
    #[error("the Power being resolved does not fit the decision it waits for")]
    Decision,
    /// A player is marked as having seen a card of their stack
    /// ([`Area::lineup_seen`], or [`Area::chosen_seen`] for the kept Fairy
    /// during the Fairy Selection) that the Lineup effects and the Selection so
    /// far keep from them: the card Reduced dismissed, the card decided on
    /// while Blinded (without Psychic), a card that has not come on top yet
    /// (beyond the two Psychic shows), or any card outside the Fairy
    /// Selection and the Fairy Powers phase. Bits past the end of the stack
    /// name no card and are not checked.
    #[error("{player} cannot have seen card {} of their stack", u16::from(*.position) + 1)]
    Seen {
        /// Whose stack.
        player: Player,
        /// The first such card's place in the stack, top first (the bit of
        /// `lineup_seen`).
        position: u8,
    },
    /// A [`PositionBuilder`](super::PositionBuilder) named a Fairy
    /// Selection out of step: everyone still selecting decides on a card at
    /// the same time, so this player has dismissed more or fewer cards than
    /// another still deciding, or kept their Fairy at a step the others have
    /// not reached.
    #[error("{0} is at another step of the Fairy Selection than the others still selecting")]
    SelectionStep(Player),
}

/// A number and its noun, singular for 1 ("1 player", "3 players").
struct Count(usize, &'static str, &'static str);

impl core::fmt::Display for Count {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let Count(n, one, many) = *self;
        write!(f, "{n} {}", if n == 1 { one } else { many })
    }
}

/// A config refused by [`Config::validate`] as a position's error.
impl From<ConfigError> for SetupError {
    fn from(e: ConfigError) -> SetupError {
        match e {
            ConfigError::PlayerCount { got, .. } => SetupError::PlayerCount(got),
            _ => SetupError::Config,
        }
    }
}

impl From<&State> for Setup {
    fn from(state: &State) -> Setup {
        state.pos
    }
}

impl From<State> for Setup {
    fn from(state: State) -> Setup {
        state.pos
    }
}

impl TryFrom<Setup> for State {
    type Error = SetupError;

    fn try_from(setup: Setup) -> Result<State, SetupError> {
        setup.config.validate()?;
        let players = setup.config.num_players();
        if setup.areas.len() != players {
            return Err(SetupError::AreaCount {
                areas: setup.areas.len(),
                players,
            });
        }
        let opening = matches!(setup.phase, Phase::Opening);
        let ended = matches!(setup.phase, Phase::Scoring | Phase::Over { .. });
        if setup.round > ROUNDS || (setup.round == 0) != opening || (ended && setup.round != ROUNDS)
        {
            return Err(SetupError::Round(setup.round));
        }
        check_seats(&setup, players)?;
        check_cards(&setup)?;
        check_phase(&setup)?;
        check_order(&setup)?;
        check_resolution(&setup)?;
        check_scoring(&setup)?;
        check_active(&setup)?;
        let state = State::of(setup);
        match state.pos.phase {
            Phase::Over { winner } => {
                let expected = state.winner();
                if expected != winner {
                    return Err(SetupError::Winner(expected));
                }
            }
            _ => {
                let to_act = state.to_act();
                if to_act.is_empty()
                    || to_act
                        .iter()
                        .any(|p| state.legal_actions(p).is_empty() || p.index() >= players)
                {
                    return Err(SetupError::Stuck);
                }
            }
        }
        Ok(state)
    }
}

fn check_seats(setup: &Setup, players: usize) -> Result<(), SetupError> {
    let seated = |p: Player| {
        if p.index() < players {
            Ok(())
        } else {
            Err(SetupError::Seat(p))
        }
    };
    seated(setup.court_crier)?;
    if let Some(p) = setup.last_revealer {
        seated(p)?;
    }
    match &setup.phase {
        Phase::StartRound { seize, .. } => {
            if let Some(s) = seize {
                seated(s.user)?;
            }
        }
        Phase::Powers {
            order,
            next,
            resolution,
        } => {
            for (i, &p) in order.iter().enumerate() {
                seated(p)?;
                if order.get(..i).is_some_and(|b| b.contains(&p)) {
                    return Err(SetupError::Seat(p));
                }
            }
            if usize::from(*next) > order.len() {
                return Err(SetupError::Counter(setup.court_crier));
            }
            match resolution {
                Some(Resolution::Direct(d)) => {
                    seated(d.user)?;
                    for p in [d.aim, d.against].into_iter().flatten() {
                        seated(p)?;
                    }
                    if let Some(Target::Player(p)) = d.target {
                        seated(p)?;
                    }
                    match d.step {
                        Step::Window { responder: p, .. }
                        | Step::Redirect { deflector: p }
                        | Step::Conceal { holder: p }
                        | Step::Reflect { player: p } => seated(p)?,
                        Step::Copy | Step::Own | Step::Aim | Step::Guess => {}
                    }
                }
                Some(Resolution::Chain(c)) => {
                    seated(c.user)?;
                    if let super::resolution::ChainStep::Avoid { responder, .. } = c.step {
                        seated(responder)?;
                    }
                }
                None => {}
            }
        }
        Phase::Over { winner } => seated(*winner)?,
        Phase::Opening | Phase::Lineup | Phase::Selection | Phase::Scoring => {}
    }
    Ok(())
}

/// Every card of the five Families exactly once across the places a card can
/// be: deck, Dismiss pile, Alliances, hands, stacks (from the cursor on) and
/// chosen Fairies.
fn check_cards(setup: &Setup) -> Result<(), SetupError> {
    let mut seen = [[false; 9]; super::family::FAMILY_COUNT];
    let mut mark = |card: Card| -> Result<(), SetupError> {
        if !setup.config.has_family(card.family) || usize::from(card.copy()) >= 9 {
            return Err(SetupError::CardNotInGame(card));
        }
        let slot = seen
            .get_mut(card.family.index())
            .and_then(|row| row.get_mut(usize::from(card.copy())))
            .ok_or(SetupError::CardNotInGame(card))?;
        if *slot {
            return Err(SetupError::DuplicateCard(card));
        }
        *slot = true;
        Ok(())
    };
    for &card in setup.deck.iter().chain(&setup.dismiss) {
        mark(card)?;
    }
    for (seat, area) in setup.areas.iter().enumerate() {
        let player = Player(seat as u8);
        for ac in &area.alliance {
            mark(ac.card)?;
        }
        for &card in &area.hand {
            mark(card)?;
        }
        let cursor = usize::from(area.cursor);
        if cursor > area.lineup.len() || usize::from(area.placed) > area.hand.len() {
            return Err(SetupError::Counter(player));
        }
        for &card in area.lineup.get(cursor..).unwrap_or(&[]) {
            mark(card)?;
        }
        if let Some(card) = area.chosen {
            mark(card)?;
        }
        if let Some(card) = area.discard
            && !area.hand.contains(&card)
        {
            return Err(SetupError::Misplaced(card));
        }
    }
    for family in setup.config.families {
        for card in Card::of(family) {
            if !seen
                .get(family.index())
                .and_then(|row| row.get(usize::from(card.copy())))
                .copied()
                .unwrap_or(false)
            {
                return Err(SetupError::MissingCard(card));
            }
        }
    }
    Ok(())
}

/// End-of-game scoring choices: made only once the game has ended, only for
/// Familiars (paired with a different non-Familiar Fairy of the same
/// Alliance, or left unpaired) and Illusions (scored as one of the game's
/// Families other than Familiar).
fn check_scoring(setup: &Setup) -> Result<(), SetupError> {
    let ended = matches!(setup.phase, Phase::Scoring | Phase::Over { .. });
    for area in &setup.areas {
        for (i, ac) in area.alliance.iter().enumerate() {
            let Some(choice) = ac.scoring else {
                continue;
            };
            let allowed = ended
                && match (ac.card.family, choice) {
                    (Family::Familiar, ScoringChoice::Paired(None)) => true,
                    (Family::Familiar, ScoringChoice::Paired(Some(partner))) => {
                        partner.family != Family::Familiar
                            && area.alliance.iter().any(|x| x.card == partner)
                            && !area.alliance.get(..i).is_some_and(|before| {
                                before.iter().any(|x| x.scoring == Some(choice))
                            })
                    }
                    (Family::Illusion, ScoringChoice::As(f)) => {
                        f != Family::Familiar && setup.config.has_family(f)
                    }
                    _ => false,
                };
            if !allowed {
                return Err(SetupError::Misplaced(ac.card));
            }
        }
    }
    Ok(())
}

/// Only a Response Power not used yet, or a Delayed Power still to resolve
/// at the start of a round, is Active. Delayed Powers resolve at the Start
/// Round after their reveal and are not Active when revealed in round 5, so
/// one is Active only during a Start Round or in rounds 1 to 4. During a
/// Start Round every Active Delayed Fairy was queued when it began, so one is
/// still waiting in the queue or is the one resolving now: any other would
/// stay Active past the round (and past the game, in round 5).
fn check_active(setup: &Setup) -> Result<(), SetupError> {
    let delayed_ok = |card: Card| match &setup.phase {
        Phase::StartRound { queue, seize } => {
            queue.contains(&card) || seize.is_some_and(|s| s.source == card)
        }
        Phase::Lineup | Phase::Selection | Phase::Powers { .. } => setup.round < ROUNDS,
        Phase::Opening | Phase::Scoring | Phase::Over { .. } => false,
    };
    for area in &setup.areas {
        for ac in area.alliance.iter().filter(|ac| ac.active) {
            let ok = match ac.card.family.power_type() {
                PowerType::Response => true,
                PowerType::Delayed => delayed_ok(ac.card),
                _ => false,
            };
            if !ok {
                return Err(SetupError::Active(ac.card));
            }
        }
    }
    Ok(())
}

/// Cards named by the phase must be where it needs them.
fn check_phase(setup: &Setup) -> Result<(), SetupError> {
    let in_alliance = |card: Card| {
        setup
            .areas
            .iter()
            .any(|a| a.alliance.iter().any(|ac| ac.card == card))
    };
    // Only Delayed Fairies wait in the Start Round queue, each once.
    if let Phase::StartRound { queue, .. } = &setup.phase {
        for (i, &card) in queue.iter().enumerate() {
            if card.family.power_type() != PowerType::Delayed
                || queue.get(..i).is_some_and(|before| before.contains(&card))
            {
                return Err(SetupError::Misplaced(card));
            }
        }
    }
    match &setup.phase {
        // Queued Delayed cards may have left their Alliance since the queue
        // was made (they are then skipped); the one resolving may not.
        Phase::StartRound {
            seize: Some(seize), ..
        } if !in_alliance(seize.source) => {
            return Err(SetupError::Misplaced(seize.source));
        }
        Phase::Powers {
            resolution: Some(Resolution::Direct(d)),
            ..
        } => {
            for card in [d.own, d.concealed.map(|c| c[0]), d.concealed.map(|c| c[1])]
                .into_iter()
                .flatten()
            {
                if !in_alliance(card) {
                    return Err(SetupError::Misplaced(card));
                }
            }
            if let Some(Target::Card(card)) = d.target
                && d.against.is_none()
                && !in_alliance(card)
            {
                return Err(SetupError::Misplaced(card));
            }
        }
        _ => {}
    }
    // Which of a player's face-down places the phase may use.
    let (hand, stack, chosen) = match setup.phase {
        Phase::Opening => (true, false, false),
        Phase::Lineup => (true, false, false),
        Phase::Selection => (false, true, true),
        Phase::Powers { .. } => (false, false, true),
        Phase::StartRound { .. } | Phase::Scoring | Phase::Over { .. } => (false, false, false),
    };
    let opening = matches!(setup.phase, Phase::Opening);
    for (seat, area) in setup.areas.iter().enumerate() {
        let player = Player(seat as u8);
        let waiting = area.lineup.get(usize::from(area.cursor)..).unwrap_or(&[]);
        let misplaced = [
            (!hand).then(|| area.hand.first()).flatten(),
            (!stack).then(|| waiting.first()).flatten(),
            (!chosen).then_some(area.chosen.as_ref()).flatten(),
            (!opening).then_some(area.discard.as_ref()).flatten(),
        ];
        if let Some(&card) = misplaced.into_iter().flatten().next() {
            return Err(SetupError::Misplaced(card));
        }
        // A kept Fairy came off the top of the owner's own stack: a card of
        // it that has left it, not the one Reduced dismissed unseen.
        if let Some(card) = area.chosen {
            let first = usize::from(area.effects.reduced && !area.lineup.is_empty());
            let from_stack = area
                .lineup
                .iter()
                .position(|&c| c == card)
                .is_some_and(|k| k >= first && k < usize::from(area.cursor));
            if !from_stack {
                return Err(SetupError::KeptNotInStack { player, card });
            }
        }
        // In the Fairy Powers phase a face-down Fairy waits for its turn.
        if let (Phase::Powers { order, next, .. }, Some(card)) = (&setup.phase, area.chosen)
            && !order
                .get(usize::from(*next)..)
                .is_some_and(|rest| rest.contains(&player))
        {
            return Err(SetupError::Misplaced(card));
        }
        if area.pending.is_some()
            && (!matches!(setup.phase, Phase::Selection) || State::selection_done(area))
        {
            return Err(SetupError::Counter(player));
        }
        // Bits past the stack name no card (Psychic marks two on a shorter
        // stack): only the cards in it count.
        let cards = (1u16 << area.lineup.len().min(8)) - 1;
        let bad = area.lineup_seen & !may_have_seen(area, stack || chosen) & cards as u8;
        if bad != 0 {
            return Err(SetupError::Seen {
                player,
                position: bad.trailing_zeros() as u8,
            });
        }
        // A Fairy kept blind stays unseen until the Selection is over.
        if stack
            && area.chosen_seen
            && let Some(k) = area
                .chosen
                .and_then(|c| area.lineup.iter().position(|&x| x == c))
            && k < 8
            && may_have_seen(area, true) & (1 << k) == 0
        {
            return Err(SetupError::Seen {
                player,
                position: k as u8,
            });
        }
        // A kept Fairy ends the Selection: nothing may wait in the stack.
        if let (Some(_), Some(&card)) = (area.chosen, waiting.first()) {
            return Err(SetupError::Misplaced(card));
        }
        // Rule C: the last card of a stack is kept at once.
        if matches!(setup.phase, Phase::Selection) && area.chosen.is_none() && waiting.len() == 1 {
            return Err(SetupError::LastCard(player));
        }
        // Rule B: the Dismiss pile is shuffled in whenever the deck runs
        // out, so a player gets fewer than 3 cards at the Fairy Lineup only
        // once both are empty; neither changes until the Selection is over.
        // (A player with no stack at all is left to the Builder's choice.)
        let short = match setup.phase {
            Phase::Lineup => {
                area.hand.len() < 3 && !(setup.deck.is_empty() && setup.dismiss.is_empty())
            }
            Phase::Selection => (1..3).contains(&area.lineup.len()) && !setup.deck.is_empty(),
            _ => false,
        };
        if short {
            return Err(SetupError::ShortDeal(player));
        }
        if opening && area.hand.len() != 3 {
            return Err(SetupError::Counter(player));
        }
    }
    Ok(())
}

/// The cards of `area`'s stack (bit `i` for card `i`) its owner may have
/// seen, as the engine marks them: none outside the Fairy Selection and the
/// Fairy Powers phase (`selection` false); the two Psychic shows; every
/// card that came on top, up to the one at the cursor (or the kept one);
/// never the card Reduced dismissed, nor the first decided on while Blinded
/// without Psychic, unless it is the last card, kept and seen at once.
fn may_have_seen(area: &Area, selection: bool) -> u8 {
    if !selection {
        return 0;
    }
    let bit = |i: usize| if i < 8 { 1u8 << i } else { 0 };
    let len = area.lineup.len();
    let e = area.effects;
    // Reduced dismisses the top card (of a stack that has one) unseen.
    let first = usize::from(e.reduced && len > 0);
    let mut allowed = 0;
    if e.psychic {
        allowed |= bit(first) | bit(first + 1);
    }
    let cursor = usize::from(area.cursor);
    let kept = area
        .chosen
        .and_then(|c| area.lineup.iter().position(|&x| x == c));
    let last_on_top = match kept {
        Some(k) => Some(k),
        None if cursor < len => Some(cursor),
        None => len.checked_sub(1),
    };
    if let Some(top) = last_on_top {
        for i in first..=top {
            allowed |= bit(i);
        }
    }
    if e.blinded && !e.psychic && first + 1 != len {
        allowed &= !bit(first);
    }
    allowed
}

/// Where a card of the game is.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    /// In this player's Alliance.
    Alliance(Player),
    /// In the Dismiss pile.
    Dismiss,
    /// Face down somewhere no used Power can be (the deck, a hand, a stack,
    /// a kept Fairy), or nowhere.
    Hidden,
}

fn place(setup: &Setup, card: Card) -> Place {
    for (seat, area) in setup.areas.iter().enumerate() {
        if area.alliance.iter().any(|ac| ac.card == card) {
            return Place::Alliance(Player(seat as u8));
        }
    }
    if setup.dismiss.contains(&card) {
        Place::Dismiss
    } else {
        Place::Hidden
    }
}

/// A card of the game's five Families.
fn in_game(setup: &Setup, card: Card) -> Result<(), SetupError> {
    if setup.config.has_family(card.family) && usize::from(card.copy()) < super::CARDS_PER_FAMILY {
        Ok(())
    } else {
        Err(SetupError::CardNotInGame(card))
    }
}

/// `card` is in `player`'s Alliance.
fn owns(setup: &Setup, player: Player, card: Card) -> Result<(), SetupError> {
    if place(setup, card) == Place::Alliance(player) {
        Ok(())
    } else {
        Err(SetupError::NotOwner { player, card })
    }
}

/// The Fairy Powers resolve order: the Fairies still face down come from
/// Favor 5 down to Pariah -5, ties from the Court Crier in round direction.
/// (Players without a face-down Fairy, who used it early as a Response, are
/// not checked: that card's Favor placed them.)
fn check_order(setup: &Setup) -> Result<(), SetupError> {
    let Phase::Powers { order, next, .. } = &setup.phase else {
        return Ok(());
    };
    let players = setup.config.num_players();
    let direction = usize::from(setup.round)
        .checked_sub(1)
        .and_then(|i| setup.directions.get(i))
        .copied()
        .unwrap_or(Direction::Left);
    let from_crier = |p: Player| {
        (0..players)
            .position(|i| direction.step(setup.court_crier, i, players) == p)
            .unwrap_or(players)
    };
    let mut before: Option<(core::cmp::Reverse<i8>, usize, Player)> = None;
    for &p in order.get(usize::from(*next)..).unwrap_or(&[]) {
        let Some(card) = setup.areas.get(p.index()).and_then(|a| a.chosen) else {
            continue;
        };
        let key = (
            core::cmp::Reverse(setup.config.favor.favor(card)),
            from_crier(p),
            p,
        );
        if let Some(b) = before
            && b > key
        {
            return Err(SetupError::Order(b.2));
        }
        before = Some(key);
    }
    Ok(())
}

/// The Power being resolved comes from a card that can be resolving it, held
/// where it must be, and a Chain's picks are each player's tied Fairies.
fn check_resolution(setup: &Setup) -> Result<(), SetupError> {
    if let Phase::StartRound { queue, .. } = &setup.phase {
        for &card in queue {
            in_game(setup, card)?;
        }
    }
    match &setup.phase {
        Phase::StartRound {
            seize: Some(seize), ..
        } => {
            in_game(setup, seize.source)?;
            let active = setup
                .areas
                .iter()
                .flat_map(|a| a.alliance.iter())
                .any(|ac| ac.card == seize.source && ac.active);
            if !matches!(seize.source.family.power(), Power::Seize { .. }) || !active {
                return Err(SetupError::Source(seize.source));
            }
            owns(setup, seize.user, seize.source)
        }
        Phase::Powers {
            resolution: Some(Resolution::Direct(d)),
            ..
        } => {
            in_game(setup, d.source)?;
            if let Some(card) = d.reflect_target {
                in_game(setup, card)?;
                if card.family != Family::Reflect {
                    return Err(SetupError::Misplaced(card));
                }
            }
            let direct =
                |f: Family| f.power_type() == PowerType::Direct && setup.config.has_family(f);
            let copied = direct(d.power) && d.power != Family::Mimic && d.step != Step::Copy;
            let reflect = d.source.family.power() == Power::Respond(Response::Reflect);
            let fits = if reflect {
                copied
            } else if d.source.family == Family::Mimic {
                copied || (d.power == Family::Mimic && d.step == Step::Copy)
            } else {
                direct(d.source.family) && d.power == d.source.family && d.step != Step::Copy
            };
            let placed = place(setup, d.source);
            if !fits || placed == Place::Hidden {
                return Err(SetupError::Source(d.source));
            }
            // Until the Power takes effect nothing has moved: its source
            // (unless a Reflect, used wherever it went) and the user's own
            // Fairy are in the user's Alliance.
            if !matches!(d.step, Step::Reflect { .. }) {
                if !reflect {
                    owns(setup, d.user, d.source)?;
                }
                if let Some(own) = d.own {
                    owns(setup, d.user, own)?;
                }
            }
            check_direct_step(setup, d)
        }
        Phase::Powers {
            resolution: Some(Resolution::Chain(c)),
            ..
        } => {
            in_game(setup, c.source)?;
            let Power::Chain { pick, .. } = c.source.family.power() else {
                return Err(SetupError::Source(c.source));
            };
            owns(setup, c.user, c.source)?;
            let players = setup.config.num_players();
            // Nobody avoids their own Chain; a window goes to a player who
            // has neither avoided nor passed.
            let offered = match c.step {
                ChainStep::Avoid { responder, passed } => {
                    responder != c.user
                        && !c.avoided.contains(responder)
                        && !passed.contains(responder)
                }
                ChainStep::Pick => true,
            };
            if c.avoided.contains(c.user)
                || c.avoided.iter().any(|p| p.index() >= players)
                || !offered
            {
                return Err(SetupError::Decision);
            }
            for (seat, &picked) in c.picks.iter().enumerate() {
                let player = Player(seat as u8);
                let ok = match setup.areas.get(seat) {
                    // Picks are made once the Avoid windows are over, never
                    // by a player who sat the Chain out.
                    Some(area)
                        if seat < players
                            && c.step == ChainStep::Pick
                            && !c.avoided.contains(player) =>
                    {
                        let favor = |ac: &AllianceCard| setup.config.favor.favor(ac.card);
                        let values = area.alliance.iter().map(favor);
                        let best = if pick == Extreme::Highest {
                            values.max()
                        } else {
                            values.min()
                        };
                        let tied = area.alliance.iter().filter(|ac| Some(favor(ac)) == best);
                        let count = tied.clone().count();
                        match picked {
                            // A single extreme is picked at once.
                            None => count != 1,
                            Some(card) => tied.clone().any(|ac| ac.card == card),
                        }
                    }
                    _ => picked.is_none(),
                };
                if !ok {
                    return Err(SetupError::Pick(player));
                }
            }
            Ok(())
        }
        _ => Ok(()),
    }
}

/// The fields of a Direct Power set so far fit the decision it waits for.
fn check_direct_step(setup: &Setup, d: &super::resolution::Direct) -> Result<(), SetupError> {
    let reflect = matches!(d.step, Step::Reflect { .. });
    // Set when the Power takes effect, which only a Reflect offer follows.
    if d.against.is_some() != reflect {
        return Err(SetupError::Decision);
    }
    if let Some(card) = d.reflect_target
        && !reflect
    {
        return Err(SetupError::Misplaced(card));
    }
    // The Obfuscate pair lies face down only while the user guesses; it
    // holds the target and another Fairy of the same Alliance.
    match (d.step, d.concealed, d.target) {
        (Step::Guess, Some([a, b]), Some(Target::Card(y))) => {
            let Place::Alliance(holder) = place(setup, y) else {
                return Err(SetupError::Misplaced(y));
            };
            if a == b || (a != y && b != y) {
                return Err(SetupError::Decision);
            }
            owns(setup, holder, a)?;
            owns(setup, holder, b)?;
        }
        (Step::Guess, _, _) | (_, Some(_), _) => return Err(SetupError::Decision),
        _ => {}
    }
    let chosen = match d.step {
        // Nothing is chosen before the copy; the user's own Fairy comes
        // before the target.
        Step::Copy => d.own.is_none() && d.target.is_none() && d.aim.is_none(),
        Step::Own => d.own.is_none() && d.target.is_none(),
        Step::Aim => d.target.is_none(),
        Step::Window { responder, passed } => {
            d.target.is_some() && responder != d.user && !passed.contains(responder)
        }
        Step::Redirect { deflector: p } => d.target.is_some() && p != d.user,
        Step::Conceal { holder } => match d.target {
            Some(Target::Card(y)) => {
                owns(setup, holder, y)?;
                holder != d.user
            }
            _ => false,
        },
        Step::Guess => true,
        Step::Reflect { player } => d.against == Some(player) && player != d.user,
    };
    if chosen {
        Ok(())
    } else {
        Err(SetupError::Decision)
    }
}
