//! Twins for the leak oracle: positions one seat cannot tell apart
//! ([`crate::testing::Twins`]). The twins of a move, for the event oracle,
//! are drawn the same way, keeping what the move reveals (`reveals`).
//!
//! A twin is built as data: the state's [`Setup`], its hidden parts redrawn,
//! then [`State::from_setup`]. What the seat may know comes from the rulebook
//! and `docs/RULINGS.md`, not from the view code.
//!
//! **Redrawn** (the seat cannot know it):
//! - the Direction tokens of rounds not started, from the tokens not revealed
//!   (Setup 2: five of eight placed face down; Start Round reveals one);
//! - the order of the Fairy Deck (shuffled, never looked at);
//! - the cards the seat never saw, exchanged among the places that hold them:
//!   the deck, other players' dealt hands (B: only their owner looks), stacks
//!   the seat did not build and the Fairies kept from them (RULINGS "what the
//!   passer of a stack knows"), the seat's own stack cards it has not looked
//!   at or kept blind (C; RULINGS "Blinded, Psychic and Reduced together":
//!   Reduced's top card is never seen, Psychic shows the two cards after it,
//!   Blinded hides the first decided card during the Selection), and this
//!   round's stack cards dismissed face down without the seat seeing them;
//!   a face-down Fairy waiting in the Fairy Powers resolve order only gets a
//!   card that keeps the order consistent with the reveals so far
//!   (D: Favor 5 down, ties from the Court Crier), and the order of the
//!   players still to reveal is rebuilt from the new cards;
//! - other players' secret decisions: the opening dismissal (Setup 8, face
//!   down), how far they got ordering their stack (B), their committed
//!   Selection step (RULINGS "Selection steps are simultaneous"), their Chain
//!   pick among tied Fairies (RULINGS "Chain choices");
//! - the order of Obfuscate's face-down pair (nobody knows it).
//!
//! **Kept**: everything public (Alliances with Active flags and scoring
//! choices, the round, revealed tokens, the Court Crier, counts of every
//! pile, hand and stack, who has committed, the phase and the Power being
//! resolved, the resolve order of players who had their turn); the seat's own
//! hand, opening dismissal, committed step and Chain pick; every card of the
//! stack it built and the Fairy kept from it; its own stack cards it saw.
//!
//! **Kept because the state does not record whether the seat knows it:**
//! the whole Dismiss pile except this round's stack cards the seat did not
//! see (it holds the seat's own opening dismissal, cards it dismissed or
//! passed in earlier rounds, and Fairies dismissed in public by Dispel, Purge
//! or Erase, none of them marked); the turn of a player in the resolve order
//! who no longer holds a face-down Fairy (used early as a Response, or
//! Transmuted). And once the Dismiss pile may have been shuffled into the
//! deck (B), which the state does not record either, deck cards may be cards
//! the seat knows: from then on (a bound on the cards drawn so far says when)
//! cards are only rearranged within one place (the deck, one player's hand,
//! one stack, the seat's own unseen stack cards), never exchanged between
//! places.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::Action;
use super::card::{CARDS_PER_FAMILY, Card, DECK_SIZE};
use super::config::{DIRECTION_TOKENS, Direction, ROUNDS};
use super::family::{FAMILY_COUNT, Family};
use super::resolution::{ChainStep, Phase, Resolution};
use super::setup::{Area, Setup, SetupError};
use super::state::State;
use crate::rng::{below, index, shuffle};
use crate::{Game, Player, Seat};

mod reveals;

/// How many tries a redraw gets to fit the resolve order before the waiting
/// face-down Fairies are kept.
const TRIES: usize = 32;

impl crate::testing::Twins for State {
    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<State, SetupError> {
        State::from_setup(redraw(self, seat, &Keep::default(), rng))
    }

    /// What each move reveals to whom: Fickle's statement for the event
    /// oracle.
    ///
    /// A seat learns from a move, by the rules (rulebook and
    /// `docs/RULINGS.md`):
    ///
    /// - **Opening dismissal** ([`Action::Dismiss`], Setup 8): nothing but that
    ///   the player chose, until the last player chooses. That move turns every
    ///   kept pair face up (so each player's dismissed card is "the third one",
    ///   still face down), reveals round 1's Direction token and deals the
    ///   Lineup: each player learns their own three cards only.
    /// - **Fairy Lineup** ([`Action::Place`], B): the order is the placer's
    ///   secret; the other seats learn only when a stack is done. The move that
    ///   finishes the last stack passes them all: the receiver of a stack learns
    ///   its top card (the top two with Psychic; none Reduced dismisses, whose
    ///   top card only its passer knows), the passer knew the stack already.
    /// - **Fairy Selection** ([`Action::Keep`], [`Action::DismissTop`], C): a
    ///   step is a secret commitment, until the last player still selecting
    ///   commits. That move carries out every decision of the step at once:
    ///   everyone sees who kept and how far each stack went, never the cards
    ///   (the owner sees what they looked at, the passer knows the stack); the
    ///   owner looks at their next card. When the Selection ends, the face-down
    ///   Fairies are revealed one by one from Favor 5 down (D), each for all.
    /// - **Chain picks** ([`Action::Target`] among tied Fairies): secret until
    ///   the last pick, which resolves the Chain in the open.
    /// - **Every other decision** (Erase and Scheme targets, Direct Powers'
    ///   choices, Responses, Obfuscate's second Fairy and the blind pick,
    ///   scoring choices) is made in the open, and what it moves is public
    ///   (Alliances are face up), except: a Transmute dismisses its victim's
    ///   face-down Fairy unseen (its owner, if they saw it, and its passer know
    ///   it) and draws the deck's top card face up into an Alliance; Obfuscate's
    ///   shuffled order stays unknown until the pick turns one Fairy over.
    /// - **Whenever a move runs on**, what it runs into is shown the same way:
    ///   a Direction token revealed at Start Round, Delayed Powers resolved in
    ///   the open, a deal (each player sees their own cards), a reshuffle of the
    ///   Dismiss pile (its size is public; the seat then sees its cards dealt
    ///   from it), face-down Fairies revealed in the resolve order.
    ///
    /// The twin keeps what [`twin`](crate::testing::Twins::twin) keeps plus
    /// what this list lets the seat learn from the move, and redraws the
    /// rest; its move is another listed action of the player's where the
    /// seat does not learn the move (another card dismissed or placed, the
    /// other Selection choice, another tied Fairy picked).
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(State, Action), SetupError> {
        reveals::twin_move(self, seat, player, action, rng)
    }
}

/// What a twin keeps beyond what [`Twins::twin`](crate::testing::Twins::twin)
/// keeps: what a move about to be played shows the seat.
#[derive(Clone, Copy, Default)]
struct Keep {
    /// Cards that stay where they are.
    cards: Mask,
    /// The Direction tokens of rounds up to this one stay (the revealed ones
    /// always do).
    rounds: u8,
    /// Every card of a stack or a face-down kept Fairy stays.
    faces: bool,
    /// Every card stays.
    all: bool,
}

/// The position as a [`Setup`] with what `seat` cannot know redrawn, but for
/// what `keep` keeps.
fn redraw(state: &State, seat: Seat, keep: &Keep, rng: &mut (impl Rng + ?Sized)) -> Setup {
    let me = seat.at_table(state.players()).player();
    let mut setup = state.to_setup();
    redraw_directions(&mut setup, keep.rounds, rng);
    redraw_cards(state, &mut setup, me, keep, rng);
    redraw_decisions(state, &mut setup, me, rng);
    setup
}

/// The Direction tokens of rounds not started yet: the tokens not revealed,
/// shuffled. Kept when the revealed ones do not come from the config's
/// tokens (a hand-made position).
fn redraw_directions(setup: &mut Setup, keep: u8, rng: &mut (impl Rng + ?Sized)) {
    let revealed = usize::from(setup.round.max(keep)).min(usize::from(ROUNDS));
    let mut pool: [Option<Direction>; DIRECTION_TOKENS] = setup.config.direction_tokens.map(Some);
    for d in setup.directions.iter().take(revealed) {
        match pool.iter_mut().find(|t| **t == Some(*d)) {
            Some(slot) => *slot = None,
            None => return,
        }
    }
    let mut left: ArrayVec<Direction, DIRECTION_TOKENS> = pool.into_iter().flatten().collect();
    shuffle(rng, &mut left);
    for (slot, d) in setup.directions.iter_mut().skip(revealed).zip(left.iter()) {
        *slot = *d;
    }
}

/// A place that holds a face-down card.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Place {
    Deck(usize),
    Dismiss(usize),
    Hand(usize, usize),
    /// A card still in a player's stack (index into `lineup`, from `cursor`).
    Stack(usize, usize),
    Chosen(usize),
}

impl Place {
    /// The place a card may move within once the Dismiss pile may have been
    /// reshuffled into the deck.
    fn group(self) -> usize {
        match self {
            Place::Deck(_) => 0,
            Place::Dismiss(_) => 1,
            Place::Hand(p, _) => 2 + p,
            Place::Stack(p, _) => 10 + p,
            Place::Chosen(p) => 20 + p,
        }
    }

    fn get(self, setup: &Setup) -> Option<Card> {
        match self {
            Place::Deck(i) => setup.deck.get(i).copied(),
            Place::Dismiss(i) => setup.dismiss.get(i).copied(),
            Place::Hand(p, i) => setup.areas.get(p)?.hand.get(i).copied(),
            Place::Stack(p, i) => setup.areas.get(p)?.lineup.get(i).copied(),
            Place::Chosen(p) => setup.areas.get(p)?.chosen,
        }
    }
}

/// One flag per card of the 22 Families.
type Mask = [[bool; CARDS_PER_FAMILY]; FAMILY_COUNT];

fn flag(mask: &mut Mask, card: Card, value: bool) {
    if let Some(f) = mask
        .get_mut(card.family.index())
        .and_then(|row| row.get_mut(usize::from(card.copy())))
    {
        *f = value;
    }
}

fn flagged(mask: &Mask, card: Card) -> bool {
    mask.get(card.family.index())
        .and_then(|row| row.get(usize::from(card.copy())))
        .copied()
        .unwrap_or(false)
}

/// Which cards of its own stack (bit `i` for `lineup[i]`) the owner has seen
/// under the rules: Reduced's top card never; Psychic the two cards after it;
/// every card that came on top, except the first decided card when Blinded
/// (without Psychic) during the Selection; a kept Fairy once the Selection is
/// over; the last card, kept at once; nothing dismissed with the rest. When
/// the Fairy kept has left (Fairy Powers), the cards below where it was are
/// counted as seen (the twin then keeps them).
fn owner_saw(area: &Area, powers: bool) -> u8 {
    let len = area.lineup.len();
    let e = area.effects;
    let start = usize::from(e.reduced);
    let blind_first = e.blinded && !e.psychic;
    let kept = area
        .chosen
        .and_then(|c| area.lineup.iter().position(|&x| x == c));
    let cursor = usize::from(area.cursor);
    let mut mask = 0u8;
    for i in 0..len.min(8) {
        let blind = blind_first && i == start;
        let seen = if i < start {
            false
        } else if e.psychic && i <= start + 1 {
            true
        } else {
            match kept {
                Some(k) if i < k => !blind,
                Some(k) if i == k => powers || !blind || k + 1 == len,
                Some(_) => false,
                None if powers => true,
                None => i <= cursor && !blind,
            }
        };
        if seen {
            mask |= 1 << i;
        }
    }
    mask
}

/// Whether no Dismiss pile can have been shuffled into the deck yet: every
/// card drawn so far came from the original deck, which nobody saw. Draws:
/// 3 per player at the opening and at each Lineup deal, plus one per
/// Transmute (at most two resolutions per reveal: the Power and a Reflect).
fn no_reshuffle_yet(setup: &Setup) -> bool {
    let n = setup.config.num_players() as u32;
    let r = u32::from(setup.round);
    let (deals, power_rounds) = match setup.phase {
        Phase::Opening => (1, 0),
        Phase::StartRound { .. } => (r, r.saturating_sub(1)),
        Phase::Lineup | Phase::Selection => (1 + r, r.saturating_sub(1)),
        Phase::Powers { .. } | Phase::Scoring | Phase::Over { .. } => (1 + r, r),
    };
    let transmutes = if setup.config.has_family(Family::Transmute) {
        2 * n * power_rounds
    } else {
        0
    };
    3 * n * deals + transmutes <= DECK_SIZE as u32
}

/// The cards `me` knows in `setup` (a position of `state`), wherever they
/// are, and the cards in the Dismiss pile it does not know: this round's
/// stack cards dismissed unseen by `me`.
fn knowledge(state: &State, setup: &Setup, me: Option<Player>) -> (Mask, Mask) {
    let powers = matches!(setup.phase, Phase::Powers { .. });
    let mut unseen_dismissed: Mask = [[false; CARDS_PER_FAMILY]; FAMILY_COUNT];
    let mut known: Mask = [[false; CARDS_PER_FAMILY]; FAMILY_COUNT];
    for (seat, area) in setup.areas.iter().enumerate() {
        let p = Player(seat as u8);
        let own = me == Some(p);
        let passer = me.is_some_and(|m| m != p && state.knows_lineup(p).contains(m));
        let saw = if own { owner_saw(area, powers) } else { 0 };
        for (i, &card) in area.lineup.iter().enumerate() {
            let seen = passer || saw & (1 << i.min(7)) != 0;
            if seen {
                flag(&mut known, card, true);
            } else if i < usize::from(area.cursor) {
                flag(&mut unseen_dismissed, card, true);
            }
        }
        if let Some(card) = area.chosen {
            let seen = passer
                || (own
                    && area
                        .lineup
                        .iter()
                        .position(|&c| c == card)
                        .is_none_or(|k| saw & (1 << k.min(7)) != 0));
            if seen {
                flag(&mut known, card, true);
            }
        }
        if own {
            for &card in &area.hand {
                flag(&mut known, card, true);
            }
        }
    }
    pin_phase_cards(&setup.phase, &mut known);
    (known, unseen_dismissed)
}

/// Exchanges the cards `me` never saw among the places holding them, but
/// for those `keep` keeps.
fn redraw_cards(
    state: &State,
    setup: &mut Setup,
    me: Option<Player>,
    keep: &Keep,
    rng: &mut (impl Rng + ?Sized),
) {
    if keep.all {
        return;
    }
    let mixing = no_reshuffle_yet(setup);
    let (mut known, unseen_dismissed) = knowledge(state, setup, me);
    for (row, kept) in known.iter_mut().zip(keep.cards.iter()) {
        for (k, &x) in row.iter_mut().zip(kept.iter()) {
            *k |= x;
        }
    }
    // The places of the cards to redraw.
    let mut places: ArrayVec<Place, 64> = ArrayVec::new();
    let mut add = |place: Place, card: Card| {
        if !flagged(&known, card) {
            let _ = places.try_push(place);
        }
    };
    for (i, &card) in setup.deck.iter().enumerate() {
        add(Place::Deck(i), card);
    }
    if mixing {
        for (i, &card) in setup.dismiss.iter().enumerate() {
            if flagged(&unseen_dismissed, card) {
                add(Place::Dismiss(i), card);
            }
        }
    }
    for (seat, area) in setup.areas.iter().enumerate() {
        if me.map(Player::index) != Some(seat) {
            for (i, &card) in area.hand.iter().enumerate() {
                add(Place::Hand(seat, i), card);
            }
        }
        if keep.faces {
            continue;
        }
        for (i, &card) in area
            .lineup
            .iter()
            .enumerate()
            .skip(usize::from(area.cursor))
        {
            add(Place::Stack(seat, i), card);
        }
        if let Some(card) = area.chosen {
            add(Place::Chosen(seat), card);
        }
    }
    let original = *setup;
    let mut pinned_chosen = false;
    for attempt in 0..=TRIES {
        let mut twin = original;
        if attempt == TRIES {
            // Keep the face-down Fairies waiting in the resolve order.
            pinned_chosen = true;
        }
        exchange(&mut twin, &places, mixing, pinned_chosen, rng);
        if reorder(&mut twin, &original) {
            *setup = twin;
            return;
        }
    }
}

/// Cards the phase names (all public: Alliance Fairies, Delayed cards, a
/// targeted Reflect that left) are never moved.
fn pin_phase_cards(phase: &Phase, known: &mut Mask) {
    let mut pin = |card: Card| flag(known, card, true);
    match phase {
        Phase::StartRound { queue, seize } => {
            queue.iter().copied().for_each(&mut pin);
            seize.iter().for_each(|s| pin(s.source));
        }
        Phase::Powers {
            resolution: Some(Resolution::Direct(d)),
            ..
        } => {
            [Some(d.source), d.own, d.reflect_target]
                .into_iter()
                .flatten()
                .chain(d.concealed.into_iter().flatten())
                .for_each(&mut pin);
            if let Some(super::resolution::Target::Card(c)) = d.target {
                pin(c);
            }
        }
        Phase::Powers {
            resolution: Some(Resolution::Chain(c)),
            ..
        } => {
            pin(c.source);
            c.picks.iter().flatten().copied().for_each(&mut pin);
        }
        _ => {}
    }
}

/// Redraws the cards of `places` (all at once while cards may move between
/// places, else within each place), applying the exchange everywhere the
/// card is recorded (its place and the stack it came from).
fn exchange(
    setup: &mut Setup,
    places: &[Place],
    mixing: bool,
    pin_chosen: bool,
    rng: &mut (impl Rng + ?Sized),
) {
    let movable = |p: &Place| !(pin_chosen && matches!(p, Place::Chosen(_)));
    let mut map: [[Option<Card>; CARDS_PER_FAMILY]; FAMILY_COUNT] =
        [[None; CARDS_PER_FAMILY]; FAMILY_COUNT];
    let groups: &[usize] = if mixing { &[usize::MAX] } else { &GROUPS };
    for &group in groups {
        let chosen: ArrayVec<Place, 64> = places
            .iter()
            .copied()
            .filter(|p| movable(p) && (group == usize::MAX || p.group() == group))
            .collect();
        let before: crate::List<Card, DECK_SIZE> =
            chosen.iter().filter_map(|p| p.get(setup)).collect();
        let mut after = before;
        shuffle(rng, &mut after);
        for (&from, &to) in before.iter().zip(after.iter()) {
            if let Some(slot) = map
                .get_mut(from.family.index())
                .and_then(|row| row.get_mut(usize::from(from.copy())))
            {
                *slot = Some(to);
            }
        }
    }
    let sub = |c: &mut Card| {
        if let Some(to) = map
            .get(c.family.index())
            .and_then(|row| row.get(usize::from(c.copy())))
            .copied()
            .flatten()
        {
            *c = to;
        }
    };
    setup.deck.iter_mut().for_each(sub);
    setup.dismiss.iter_mut().for_each(sub);
    for area in setup.areas.iter_mut() {
        area.hand.iter_mut().for_each(sub);
        area.lineup.iter_mut().for_each(sub);
        if let Some(c) = area.chosen.as_mut() {
            sub(c);
        }
    }
}

/// Every place group (see [`Place::group`]).
const GROUPS: [usize; 17] = [0, 1, 2, 3, 4, 5, 6, 10, 11, 12, 13, 14, 20, 21, 22, 23, 24];

/// Rebuilds the resolve order of the players still to reveal from their
/// (redrawn) face-down Fairies; false when a redrawn Fairy does not fit the
/// reveals so far. Players without a face-down Fairy keep their turn, and
/// each run of Fairies between them keeps within its old range of Favor.
fn reorder(twin: &mut Setup, original: &Setup) -> bool {
    let Phase::Powers { order, next, .. } = &original.phase else {
        return true;
    };
    let next = usize::from(*next);
    let n = original.config.num_players();
    let direction = usize::from(original.round)
        .checked_sub(1)
        .and_then(|i| original.directions.get(i))
        .copied()
        .unwrap_or(Direction::Left);
    let crier = original.court_crier;
    let place = |p: Player| {
        (0..n)
            .position(|k| direction.step(crier, k, n) == p)
            .unwrap_or(n)
    };
    let favor = |c: Card| original.config.favor.favor(c);
    let key = |p: Player, c: Card| (core::cmp::Reverse(favor(c)), place(p));
    let chosen = |s: &Setup, p: Player| s.areas.get(p.index()).and_then(|a| a.chosen);
    let rest = order.get(next..).unwrap_or(&[]);
    let mut new_order: ArrayVec<Player, 5> = order.iter().copied().collect();
    // Runs of players holding a face-down Fairy, split by those who do not.
    let mut start = 0;
    while start < rest.len() {
        let end = rest
            .iter()
            .skip(start)
            .position(|&p| chosen(original, p).is_none())
            .map_or(rest.len(), |i| start + i);
        let run = rest.get(start..end).unwrap_or(&[]);
        let old = || {
            run.iter()
                .filter_map(|&p| Some(key(p, chosen(original, p)?)))
        };
        let lo = if start == 0 && next == 0 {
            None
        } else {
            old().min()
        };
        let hi = if end == rest.len() { None } else { old().max() };
        let mut keyed: ArrayVec<(core::cmp::Reverse<i8>, usize, Player), 5> = ArrayVec::new();
        for &p in run {
            let Some(c) = chosen(twin, p) else {
                return false;
            };
            let k = key(p, c);
            if lo.is_some_and(|lo| k < lo) || hi.is_some_and(|hi| k > hi) {
                return false;
            }
            let _ = keyed.try_push((k.0, k.1, p));
        }
        crate::list::sort_small(&mut keyed);
        for (slot, &(_, _, p)) in new_order.iter_mut().skip(next + start).zip(keyed.iter()) {
            *slot = p;
        }
        start = end + 1;
    }
    if let Phase::Powers { order, .. } = &mut twin.phase {
        *order = new_order.into_iter().collect();
    }
    true
}

/// Other players' secret decisions and what nobody knows.
fn redraw_decisions(
    state: &State,
    setup: &mut Setup,
    me: Option<Player>,
    rng: &mut (impl Rng + ?Sized),
) {
    let lineup = matches!(setup.phase, Phase::Lineup);
    for (seat, area) in setup.areas.iter_mut().enumerate() {
        if me.map(Player::index) == Some(seat) {
            continue;
        }
        // The opening dismissal, face down.
        if area.discard.is_some() {
            area.discard = crate::rng::choose(rng, &area.hand).copied();
        }
        // How far an unfinished Lineup got (only its end is announced).
        if lineup && usize::from(area.placed) < area.hand.len() && area.hand.len() >= 2 {
            area.placed = below(rng, area.hand.len() as u32 - 1) as u8;
        }
        // The committed Selection step.
        if area.pending.is_some() {
            area.pending = Some(below(rng, 2) == 1);
        }
    }
    let Phase::Powers {
        resolution: Some(resolution),
        ..
    } = &mut setup.phase
    else {
        return;
    };
    match resolution {
        Resolution::Direct(d) => {
            if let Some(pair) = d.concealed.as_mut() {
                shuffle(rng, pair);
            }
        }
        Resolution::Chain(c) if matches!(c.step, ChainStep::Pick) => {
            let highest = matches!(
                c.source.family.power(),
                super::family::Power::Chain {
                    pick: super::family::Extreme::Highest,
                    ..
                }
            );
            for (seat, pick) in c.picks.iter_mut().enumerate() {
                if me.map(Player::index) == Some(seat) || pick.is_none() {
                    continue;
                }
                let tied = state.extremes(Player(seat as u8), highest);
                if tied.len() >= 2 {
                    *pick = tied.get(index(rng, tied.len())).copied();
                }
            }
        }
        Resolution::Chain(_) => {}
    }
}
