//! Which decisions are legal: the Mischief permissions, the swap rules, the
//! placing rules, and the precise reason an unlisted action is refused.

use arrayvec::ArrayVec;

use super::action::{Action, Shift, Violation};
use super::dice::{DieRef, Face};
use super::mischief::{HAND_LIMIT, Mischief};
use super::prize_pit::RollMode;
use super::state::{Phase, State};
use crate::{ActionList, Player};

/// Most dice a decision can name: 5 pools × 6 faces, 6 Fairy pool faces,
/// 3 cards × 10 player spaces and 3 cards × 3 Fairy spaces.
pub(super) const MAX_DICE_REFS: usize = 75;

fn add(list: &mut ActionList<Action>, action: Action) {
    if !list.contains(&action) {
        let _ = list.try_push(action);
    }
}

impl State {
    /// Every die that can be named, in a stable order: pools in seat order
    /// (one per distinct face), the Fairy pool (one per distinct face), then
    /// each card's player dice and Fairy dice.
    pub(super) fn all_dice(&self) -> ArrayVec<DieRef, MAX_DICE_REFS> {
        let mut dice = ArrayVec::new();
        let mut add = |die: DieRef| {
            let _ = dice.try_push(die);
        };
        // Dice of one face in one pool are interchangeable: name each face once.
        let distinct = |faces: &[Face]| {
            let mut seen = [false; 7];
            let mut out = ArrayVec::<Face, 6>::new();
            for &face in faces {
                if let Some(slot) = seen.get_mut(usize::from(face.value()))
                    && !*slot
                {
                    *slot = true;
                    let _ = out.try_push(face);
                }
            }
            out
        };
        for owner in self.seats() {
            for face in distinct(self.pool(owner)) {
                add(DieRef::Pool { owner, face });
            }
        }
        for face in distinct(&self.fairy_pool) {
            add(DieRef::FairyPool { face });
        }
        for (b, booth) in self.booths.iter().enumerate() {
            let Some(booth) = booth else { continue };
            for (space, _) in booth.dice() {
                add(DieRef::Placed {
                    booth: b as u8,
                    space,
                });
            }
            for space in 0..booth.fairy.len() {
                add(DieRef::PlacedFairy {
                    booth: b as u8,
                    space: space as u8,
                });
            }
        }
        dice
    }

    /// The face of a named die, or `None` if no such die is there.
    pub fn face_of(&self, die: DieRef) -> Option<Face> {
        match die {
            DieRef::Pool { owner, face } => self.pool(owner).contains(&face).then_some(face),
            DieRef::FairyPool { face } => self.fairy_pool.contains(&face).then_some(face),
            DieRef::Placed { booth, space } => self.booth(booth)?.die(space).map(|d| d.face),
            DieRef::PlacedFairy { booth, space } => {
                self.booth(booth)?.fairy.get(usize::from(space)).copied()
            }
        }
    }

    pub(super) fn owner_of(&self, die: DieRef) -> Option<Player> {
        match die {
            DieRef::Pool { owner, .. } => Some(owner),
            DieRef::Placed { booth, space } => self.booth(booth)?.die(space).map(|d| d.owner),
            _ => None,
        }
    }

    /// The grey fairy's rules: two dice in different places, both Fairy dice
    /// or both player dice; a player die in a pool only with a die of its own
    /// colour on a card; two dice on cards only from different cards.
    pub fn may_swap(&self, first: DieRef, second: DieRef) -> bool {
        if self.face_of(first).is_none() || self.face_of(second).is_none() {
            return false;
        }
        match (first, second) {
            (DieRef::Placed { booth: a, .. }, DieRef::Placed { booth: b, .. })
            | (DieRef::PlacedFairy { booth: a, .. }, DieRef::PlacedFairy { booth: b, .. }) => {
                a != b
            }
            (placed @ DieRef::Placed { .. }, DieRef::Pool { owner, .. })
            | (DieRef::Pool { owner, .. }, placed @ DieRef::Placed { .. }) => {
                self.owner_of(placed) == Some(owner)
            }
            (DieRef::FairyPool { .. }, DieRef::PlacedFairy { .. })
            | (DieRef::PlacedFairy { .. }, DieRef::FairyPool { .. }) => true,
            _ => false,
        }
    }

    /// Whether `card` may target `die`.
    pub fn may_target(&self, card: Mischief, die: DieRef) -> bool {
        if self.face_of(die).is_none() {
            return false;
        }
        match card {
            Mischief::Flip | Mischief::NudgeOne | Mischief::NudgeTwo => true,
            Mischief::RerollDie => die.is_on_card(),
            Mischief::Swap => self.all_dice().iter().any(|&d| self.may_swap(die, d)),
            Mischief::RerollPool => false,
        }
    }

    /// Whether `card` has any target now: [`card_targets`](Self::card_targets)
    /// is not empty, without building the list.
    fn has_target(&self, card: Mischief) -> bool {
        if card == Mischief::RerollPool {
            return self.seats().any(|p| !self.pool(p).is_empty());
        }
        let dice = self.all_dice();
        dice.iter().any(|&die| match card {
            Mischief::Swap => dice.iter().any(|&d| self.may_swap(die, d)),
            _ => self.may_target(card, die),
        })
    }

    /// The first decision of playing `card`.
    fn card_targets(&self, card: Mischief) -> ActionList<Action> {
        let mut list = ActionList::new();
        if card == Mischief::RerollPool {
            for owner in self.seats().filter(|&p| !self.pool(p).is_empty()) {
                add(&mut list, Action::ChoosePlayer(owner));
            }
            return list;
        }
        let dice = self.all_dice();
        for &die in &dice {
            let ok = match card {
                Mischief::Swap => dice.iter().any(|&d| self.may_swap(die, d)),
                _ => self.may_target(card, die),
            };
            if ok {
                add(&mut list, Action::Pick(die));
            }
        }
        list
    }

    fn can_draw(&self, player: Player) -> bool {
        self.hand(player).total() < HAND_LIMIT
            && !(self.mischief_deck.is_empty() && self.mischief_discard.is_empty())
    }

    /// Whether `player`'s Dice action is a move (their pool is empty).
    pub(super) fn must_move(&self, player: Player) -> bool {
        self.pool(player).is_empty()
    }

    /// Table positions a die may go to, with their open sides, excluding
    /// `from`.
    fn destinations(&self, from: Option<usize>) -> ActionList<Action> {
        let mut list = ActionList::new();
        for (b, booth) in self.booths.iter().enumerate() {
            let Some(booth) = booth else { continue };
            if Some(b) == from {
                continue;
            }
            for side in booth.open_sides() {
                add(
                    &mut list,
                    Action::PlaceOn {
                        booth: b as u8,
                        side,
                    },
                );
            }
        }
        list
    }

    /// The legal decisions of the player the game waits for.
    pub(super) fn options(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        match self.phase {
            Phase::Mischief => {
                if self.can_draw(player) {
                    add(&mut list, Action::Draw);
                }
                for card in self.hand(player).kinds() {
                    if self.has_target(card) {
                        add(&mut list, Action::Play(card));
                    }
                }
                if list.is_empty() {
                    add(&mut list, Action::NoMischief);
                }
            }
            Phase::Target { card } => list = self.card_targets(card),
            Phase::SwapWith { first } => {
                for die in self.all_dice() {
                    if self.may_swap(first, die) {
                        add(&mut list, Action::Pick(die));
                    }
                }
            }
            Phase::Shift { card, die } => {
                let by = card.nudge().unwrap_or(0);
                if let Some(face) = self.face_of(die).filter(|_| by != 0) {
                    if face.shifted(by).is_some() {
                        add(&mut list, Action::Shift(Shift::Up));
                    }
                    if face.shifted(-by).is_some() {
                        add(&mut list, Action::Shift(Shift::Down));
                    }
                }
            }
            Phase::Dice => {
                if !self.must_move(player) {
                    for &face in self.pool(player) {
                        add(
                            &mut list,
                            Action::Pick(DieRef::Pool {
                                owner: player,
                                face,
                            }),
                        );
                    }
                } else {
                    for die in self.all_dice() {
                        if let DieRef::Placed { booth, .. } = die
                            && !self.destinations(Some(usize::from(booth))).is_empty()
                        {
                            add(&mut list, Action::Pick(die));
                        }
                    }
                }
            }
            Phase::Destination { die } => match die {
                DieRef::Pool { .. } => list = self.destinations(None),
                DieRef::Placed { booth, .. } => {
                    list = self.destinations(Some(usize::from(booth)));
                }
                _ => {}
            },
            Phase::PrizePit { die, .. } => match self.config.rolls {
                RollMode::Simulated => add(&mut list, Action::RollPrizePit),
                RollMode::Reported => {
                    let faces = self.config.faces(die);
                    for outcome in self.config.prize_pit.outcomes(faces) {
                        add(&mut list, Action::ReportPrizePit(outcome));
                    }
                }
            },
            Phase::Steal { thief } => {
                for victim in self.seats() {
                    if victim != thief && !self.hand(victim).is_empty() {
                        add(&mut list, Action::ChoosePlayer(victim));
                    }
                }
                add(&mut list, Action::DeclineSteal);
            }
            Phase::Discard { player } => {
                for card in self.hand(player).kinds() {
                    add(&mut list, Action::Discard(card));
                }
            }
            Phase::Over => {}
        }
        list
    }

    /// Which rule an action that is not legal now breaks.
    pub(super) fn diagnose(&self, player: Player, action: Action) -> Violation {
        match (self.phase, action) {
            (Phase::Mischief, Action::Draw) if self.hand(player).total() >= HAND_LIMIT => {
                Violation::HandFull
            }
            (Phase::Mischief, Action::Draw) => Violation::NothingToDraw,
            (Phase::Mischief, Action::Play(card)) if self.hand(player).count(card) == 0 => {
                Violation::NotInHand
            }
            (Phase::Mischief, Action::Play(_)) => Violation::NoTarget,
            (Phase::Mischief, Action::NoMischief) => Violation::MischiefPossible,
            (Phase::Target { .. }, Action::Pick(_) | Action::ChoosePlayer(_)) => {
                Violation::NotPermitted
            }
            (Phase::SwapWith { .. }, Action::Pick(_)) => Violation::ForbiddenSwap,
            (Phase::Shift { .. }, Action::Shift(_)) => Violation::OffTheDie,
            (Phase::Dice, Action::Pick(DieRef::Pool { owner, .. })) if owner != player => {
                Violation::NotYourDie
            }
            (Phase::Dice, Action::Pick(DieRef::Placed { .. })) if !self.must_move(player) => {
                Violation::PoolNotEmpty
            }
            (Phase::Dice, Action::Pick(DieRef::FairyPool { .. } | DieRef::PlacedFairy { .. })) => {
                Violation::NotYourDie
            }
            (Phase::Dice, Action::Pick(_)) => Violation::NotPermitted,
            (Phase::Destination { .. }, Action::PlaceOn { booth, side }) => {
                let wrong_side = self.booth(booth).is_some_and(|b| {
                    side.is_some()
                        && b.free_space(side).is_some()
                        && !b.open_sides().contains(&side)
                });
                if wrong_side {
                    Violation::WrongSide
                } else {
                    Violation::NoSpace
                }
            }
            (Phase::PrizePit { .. }, Action::RollPrizePit)
                if self.config.rolls == RollMode::Reported =>
            {
                Violation::WrongRollMode
            }
            (Phase::PrizePit { .. }, Action::ReportPrizePit(_))
                if self.config.rolls == RollMode::Simulated =>
            {
                Violation::WrongRollMode
            }
            (Phase::PrizePit { .. }, _) if matches!(action, Action::ReportPrizePit(_)) => {
                Violation::ImpossibleRoll
            }
            (Phase::Steal { .. }, Action::ChoosePlayer(_)) => Violation::NoCardToSteal,
            (Phase::Discard { .. }, Action::Discard(_)) => Violation::NotInHand,
            _ => Violation::WrongStep,
        }
    }
}
