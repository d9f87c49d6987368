//! Which decisions are legal: the Mischief permissions, the swap rules, the
//! placing rules, and the precise reason an unlisted action is refused.

use super::action::{Action, Shift, Violation};
use super::config::MAX_PLAYERS;
use super::dice::{DieRef, Face, each_face};
use super::mini_game::IN_PLAY;
use super::mischief::{CardCounts, HAND_LIMIT, Mischief};
use super::prize_pit::RollMode;
use super::state::{Phase, State, each_bit};
use crate::{ActionList, Player};

/// Appends `action`; every list is built so that each action is made once.
fn add(list: &mut ActionList<Action>, action: Action) {
    let _ = list.try_push(action);
}

/// [`State::sides`]: a die may go on the card with no side named.
const NO_SIDE: u8 = 1;
/// [`State::sides`]: a die may go on the left side of Tug of War.
const LEFT: u8 = 2;
/// [`State::sides`]: a die may go on the right side of Tug of War.
const RIGHT: u8 = 4;

/// Where the dice on the cards are, counted once per question: player and
/// Fairy dice per card, and which cards hold each player's dice.
struct Census {
    /// Player dice on each card.
    placed: [u8; IN_PLAY],
    /// Fairy dice on each card.
    fairy: [u8; IN_PLAY],
    /// Per seat, a bit per card holding one of their dice.
    owners: [u8; MAX_PLAYERS],
}

impl Census {
    fn placed_elsewhere(&self, booth: u8) -> bool {
        (0u8..).zip(self.placed).any(|(b, n)| b != booth && n > 0)
    }

    fn fairy_elsewhere(&self, booth: u8) -> bool {
        (0u8..).zip(self.fairy).any(|(b, n)| b != booth && n > 0)
    }
}

impl State {
    fn census(&self) -> Census {
        let mut census = Census {
            placed: [0; IN_PLAY],
            fairy: [0; IN_PLAY],
            owners: [0; MAX_PLAYERS],
        };
        for (b, booth) in self.booths.iter().enumerate() {
            let Some(booth) = booth else { continue };
            let bit = 1u8 << b;
            let mut placed = 0u8;
            for d in booth.spaces.iter().flatten() {
                placed += 1;
                if let Some(o) = census.owners.get_mut(d.owner.index()) {
                    *o |= bit;
                }
            }
            if let Some(n) = census.placed.get_mut(b) {
                *n = placed;
            }
            if let Some(n) = census.fairy.get_mut(b) {
                *n = booth.fairy.len() as u8;
            }
        }
        census
    }

    /// Calls `each` for every die that can be named, in a stable order:
    /// pools in seat order (one per distinct face), the Fairy pool (one per
    /// distinct face), then each card's player dice and Fairy dice. The
    /// `pools`, `fairy_pool` and `cards` switches skip whole groups.
    fn each_die(&self, pools: bool, fairy_pool: bool, cards: bool, mut each: impl FnMut(DieRef)) {
        if pools {
            for (owner, &faces) in (0u8..).zip(self.faces.pools.iter().take(self.players())) {
                let owner = Player(owner);
                each_face(faces, |face| each(DieRef::Pool { owner, face }));
            }
        }
        if fairy_pool {
            each_face(self.faces.fairy, |face| each(DieRef::FairyPool { face }));
        }
        if cards {
            for (b, booth) in (0u8..).zip(&self.booths) {
                let Some(booth) = booth else { continue };
                each_bit(self.spaces.taken(usize::from(b)), |space| {
                    each(DieRef::Placed { booth: b, space });
                });
                for (space, _) in (0u8..).zip(booth.fairy.iter()) {
                    each(DieRef::PlacedFairy { booth: b, space });
                }
            }
        }
    }

    /// The face of a named die, or `None` if no such die is there.
    pub fn face_of(&self, die: DieRef) -> Option<Face> {
        match die {
            DieRef::Pool { owner, face } => (owner.index() < self.players()
                && self.faces.pool(owner) & (1 << face.value()) != 0)
                .then_some(face),
            DieRef::FairyPool { face } => {
                (self.faces.fairy & (1 << face.value()) != 0).then_some(face)
            }
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

    /// Whether the die `die` (known to be there) has a partner for the
    /// grey fairy's swap, without counting every card: the cheap checks
    /// first, then a scan that stops at the first partner.
    pub(super) fn has_swap_partner(&self, die: DieRef) -> bool {
        let mut cards = (0u8..)
            .zip(&self.booths)
            .filter_map(|(b, booth)| Some((b, booth.as_ref()?)));
        match die {
            DieRef::Pool { owner, .. } => {
                cards.any(|(_, b)| b.spaces.iter().flatten().any(|d| d.owner == owner))
            }
            DieRef::FairyPool { .. } => cards.any(|(_, b)| !b.fairy.is_empty()),
            DieRef::Placed { booth, space } => {
                self.booth(booth)
                    .and_then(|b| b.die(space))
                    .is_some_and(|d| !self.pool(d.owner).is_empty())
                    || cards.any(|(b, card)| b != booth && card.spaces.iter().any(Option::is_some))
            }
            DieRef::PlacedFairy { booth, .. } => {
                !self.fairy_pool.is_empty()
                    || cards.any(|(b, card)| b != booth && !card.fairy.is_empty())
            }
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
            Mischief::Swap => self.has_swap_partner(die),
            Mischief::RerollPool => false,
        }
    }

    /// Whether some seat's pool has a die.
    fn any_pool_die(&self) -> bool {
        self.pools
            .iter()
            .take(self.players())
            .any(|p| !p.is_empty())
    }

    /// Whether some card holds a die: its Fairy dice, or player spaces that
    /// are not free (by the kept masks of taken spaces, without scanning).
    fn any_die_on_cards(&self) -> bool {
        self.spaces.taken.iter().any(|&t| t != 0)
            || self
                .booths
                .iter()
                .any(|booth| booth.as_ref().is_some_and(|b| !b.fairy.is_empty()))
    }

    /// Whether `card` has any target now: [`card_targets`](Self::card_targets)
    /// is not empty, without building the list.
    pub(super) fn has_target(&self, card: Mischief) -> bool {
        match card {
            Mischief::RerollPool => self.any_pool_die(),
            Mischief::Flip | Mischief::NudgeOne | Mischief::NudgeTwo => {
                !self.fairy_pool.is_empty() || self.any_pool_die() || self.any_die_on_cards()
            }
            Mischief::RerollDie => self.any_die_on_cards(),
            Mischief::Swap => self.swap_possible(),
        }
    }

    /// A bit per kind of card in `hand` (bit [`Mischief::index`]) that has
    /// a target now: [`has_target`](Self::has_target) for each kind held,
    /// each question about the dice asked once.
    pub(super) fn playable(&self, hand: &CardCounts) -> u8 {
        const NUDGES: u8 = (1 << Mischief::Flip.index())
            | (1 << Mischief::NudgeOne.index())
            | (1 << Mischief::NudgeTwo.index());
        const SWAP: u8 = 1 << Mischief::Swap.index();
        const REROLL_DIE: u8 = 1 << Mischief::RerollDie.index();
        const REROLL_POOL: u8 = 1 << Mischief::RerollPool.index();
        let held = hand.held();
        if held == 0 {
            return 0;
        }
        let mut playable = 0;
        if held & NUDGES != 0
            && (!self.fairy_pool.is_empty() || self.any_pool_die() || self.any_die_on_cards())
        {
            playable |= held & NUDGES;
        }
        if held & REROLL_DIE != 0 && self.any_die_on_cards() {
            playable |= REROLL_DIE;
        }
        if held & REROLL_POOL != 0 && self.any_pool_die() {
            playable |= REROLL_POOL;
        }
        if held & SWAP != 0 && self.swap_possible() {
            playable |= SWAP;
        }
        playable
    }

    /// Whether the grey fairy has a target: Fairy dice on a card and in the
    /// Fairy pool, Fairy dice on two cards, player dice on two cards, or a
    /// player with dice both in their pool and on a card. The cheap Fairy
    /// checks come first; the player dice are scanned once, stopping early.
    fn swap_possible(&self) -> bool {
        let fairy_cards = self
            .booths
            .iter()
            .flatten()
            .filter(|b| !b.fairy.is_empty())
            .count();
        if fairy_cards > 1 || (fairy_cards > 0 && !self.fairy_pool.is_empty()) {
            return true;
        }
        let mut placed_cards = 0;
        for booth in self.booths.iter().flatten() {
            let mut any = false;
            for die in booth.spaces.iter().flatten() {
                any = true;
                if die.owner.index() < self.players() && !self.pool(die.owner).is_empty() {
                    return true;
                }
            }
            if any {
                placed_cards += 1;
                if placed_cards > 1 {
                    return true;
                }
            }
        }
        false
    }

    /// The first decision of playing `card`.
    fn card_targets(&self, card: Mischief, list: &mut ActionList<Action>) {
        match card {
            Mischief::RerollPool => {
                for owner in self.seats().filter(|&p| !self.pool(p).is_empty()) {
                    add(list, Action::ChoosePlayer(owner));
                }
            }
            Mischief::Flip | Mischief::NudgeOne | Mischief::NudgeTwo => {
                self.each_die(true, true, true, |die| add(list, Action::Pick(die)));
            }
            Mischief::RerollDie => {
                self.each_die(false, false, true, |die| add(list, Action::Pick(die)));
            }
            Mischief::Swap => {
                // Which dice have a partner is decided per group (a pool, the
                // Fairy pool, a card), not per die: every die of a group has
                // the same partners.
                let census = self.census();
                for (owner, &faces) in (0u8..).zip(self.faces.pools.iter().take(self.players())) {
                    if census
                        .owners
                        .get(usize::from(owner))
                        .is_some_and(|&m| m != 0)
                    {
                        let owner = Player(owner);
                        each_face(faces, |face| {
                            add(list, Action::Pick(DieRef::Pool { owner, face }))
                        });
                    }
                }
                if census.fairy.iter().any(|&n| n > 0) {
                    each_face(self.faces.fairy, |face| {
                        add(list, Action::Pick(DieRef::FairyPool { face }));
                    });
                }
                for (b, booth) in (0u8..).zip(&self.booths) {
                    let Some(booth) = booth else { continue };
                    let placed_elsewhere = census.placed_elsewhere(b);
                    for (space, die) in (0u8..).zip(booth.spaces.iter()) {
                        if let Some(d) = die
                            && (placed_elsewhere || !self.pool(d.owner).is_empty())
                        {
                            add(list, Action::Pick(DieRef::Placed { booth: b, space }));
                        }
                    }
                    if census.fairy_elsewhere(b) || !self.fairy_pool.is_empty() {
                        for (space, _) in (0u8..).zip(booth.fairy.iter()) {
                            add(list, Action::Pick(DieRef::PlacedFairy { booth: b, space }));
                        }
                    }
                }
            }
        }
    }

    /// The swap's second die for `first`, in the order of the dice.
    fn swap_partners(&self, first: DieRef, list: &mut ActionList<Action>) {
        if self.face_of(first).is_none() {
            return;
        }
        match first {
            DieRef::Pool { owner, .. } => {
                self.each_die(false, false, true, |die| {
                    if let DieRef::Placed { booth, space } = die
                        && self.owner_of(DieRef::Placed { booth, space }) == Some(owner)
                    {
                        add(list, Action::Pick(die));
                    }
                });
            }
            DieRef::FairyPool { .. } => {
                self.each_die(false, false, true, |die| {
                    if let DieRef::PlacedFairy { .. } = die {
                        add(list, Action::Pick(die));
                    }
                });
            }
            DieRef::Placed { booth: from, .. } => {
                if let Some(owner) = self.owner_of(first) {
                    self.each_die_of_pool(owner, |die| add(list, Action::Pick(die)));
                }
                self.each_die(false, false, true, |die| {
                    if let DieRef::Placed { booth, .. } = die
                        && booth != from
                    {
                        add(list, Action::Pick(die));
                    }
                });
            }
            DieRef::PlacedFairy { booth: from, .. } => {
                self.each_die(false, true, true, |die| match die {
                    DieRef::FairyPool { .. } => add(list, Action::Pick(die)),
                    DieRef::PlacedFairy { booth, .. } if booth != from => {
                        add(list, Action::Pick(die));
                    }
                    _ => {}
                });
            }
        }
    }

    pub(super) fn can_draw(&self, player: Player) -> bool {
        self.hand(player).total() < HAND_LIMIT
            && !(self.mischief_deck.is_empty() && self.mischief_discard.is_empty())
    }

    /// Whether `player`'s Dice action is a move (their pool is empty).
    pub(super) fn must_move(&self, player: Player) -> bool {
        self.pool(player).is_empty()
    }

    /// Where a die may go on the card at `booth` (not asking where it comes
    /// from), from the kept masks: [`NO_SIDE`] on an ordinary card with an
    /// empty space; on Tug of War [`LEFT`] and [`RIGHT`] for the sides with
    /// an empty space and no more dice than the other ([`Booth::open_sides`](super::Booth::open_sides));
    /// 0 where no card is or the card is full.
    #[inline]
    pub(super) fn sides(&self, booth: u8) -> u8 {
        let open = self.spaces.open(usize::from(booth));
        if open == 0 {
            return 0;
        }
        let left = self.spaces.tug_left(usize::from(booth));
        if left == 0 {
            return NO_SIDE;
        }
        let taken = self.spaces.taken(usize::from(booth));
        let (on_left, on_right) = ((taken & left).count_ones(), (taken & !left).count_ones());
        let mut sides = 0;
        if on_left <= on_right && open & left != 0 {
            sides |= LEFT;
        }
        if on_right <= on_left && open & !left != 0 {
            sides |= RIGHT;
        }
        sides
    }

    /// The first empty space of the card at `booth` (on `side` of Tug of
    /// War, if given), from the kept masks ([`Booth::free_space`](super::Booth::free_space)).
    pub(super) fn free_space(&self, booth: u8, side: Option<super::dice::Side>) -> Option<u8> {
        let open = self.spaces.open(usize::from(booth));
        let open = match side {
            None => open,
            Some(side) => {
                let left = self.spaces.tug_left(usize::from(booth));
                match side {
                    super::dice::Side::Left => open & left,
                    super::dice::Side::Right => open & !left,
                }
            }
        };
        (open != 0).then(|| open.trailing_zeros() as u8)
    }

    /// Table positions a die may go to, with their open sides, excluding
    /// `from`.
    fn destinations(&self, from: Option<u8>, list: &mut ActionList<Action>) {
        for b in 0..IN_PLAY as u8 {
            if Some(b) == from {
                continue;
            }
            let sides = self.sides(b);
            if sides & NO_SIDE != 0 {
                add(
                    list,
                    Action::PlaceOn {
                        booth: b,
                        side: None,
                    },
                );
            }
            if sides & LEFT != 0 {
                add(
                    list,
                    Action::PlaceOn {
                        booth: b,
                        side: Some(super::dice::Side::Left),
                    },
                );
            }
            if sides & RIGHT != 0 {
                add(
                    list,
                    Action::PlaceOn {
                        booth: b,
                        side: Some(super::dice::Side::Right),
                    },
                );
            }
        }
    }

    /// Whether a die may go to some card other than `from`.
    pub(super) fn has_destination(&self, from: u8) -> bool {
        (0..IN_PLAY as u8).any(|b| b != from && self.sides(b) != 0)
    }

    /// Whether a die may go to `booth` on `side` (not from `from`).
    pub(super) fn may_place(
        &self,
        from: Option<u8>,
        booth: u8,
        side: Option<super::dice::Side>,
    ) -> bool {
        let wanted = match side {
            None => NO_SIDE,
            Some(super::dice::Side::Left) => LEFT,
            Some(super::dice::Side::Right) => RIGHT,
        };
        from != Some(booth) && self.sides(booth) & wanted != 0
    }

    /// The legal decisions of the player the game waits for.
    pub(super) fn options(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        self.fill_options(player, &mut list);
        list
    }

    /// Appends the legal decisions of the player the game waits for to
    /// `list` (filled in place: no list is moved).
    pub(super) fn fill_options(&self, player: Player, list: &mut ActionList<Action>) {
        match self.phase {
            Phase::Mischief => {
                let hand = self.hand(player);
                if self.can_draw(player) {
                    add(list, Action::Draw);
                }
                let playable = self.playable(&hand);
                for card in Mischief::ALL {
                    if playable & (1 << card.index()) != 0 {
                        add(list, Action::Play(card));
                    }
                }
                if list.is_empty() {
                    add(list, Action::NoMischief);
                }
            }
            Phase::Target { card } => self.card_targets(card, list),
            Phase::SwapWith { first } => self.swap_partners(first, list),
            Phase::Shift { card, die } => {
                // `may_shift` for both directions, the die's face found once.
                let by = card.nudge().unwrap_or(0);
                if let Some(face) = self.face_of(die).filter(|_| by != 0) {
                    if face.shifted(by).is_some() {
                        add(list, Action::Shift(Shift::Up));
                    }
                    if face.shifted(-by).is_some() {
                        add(list, Action::Shift(Shift::Down));
                    }
                }
            }
            Phase::Dice => {
                if !self.must_move(player) {
                    self.each_die_of_pool(player, |die| add(list, Action::Pick(die)));
                } else {
                    let mut open = [false; IN_PLAY];
                    for (b, slot) in (0u8..).zip(open.iter_mut()) {
                        *slot = self.has_destination(b);
                    }
                    self.each_die(false, false, true, |die| {
                        if let DieRef::Placed { booth, .. } = die
                            && open.get(usize::from(booth)).copied().unwrap_or(false)
                        {
                            add(list, Action::Pick(die));
                        }
                    });
                }
            }
            Phase::Destination { die } => match die {
                DieRef::Pool { .. } => self.destinations(None, list),
                DieRef::Placed { booth, .. } => self.destinations(Some(booth), list),
                _ => {}
            },
            Phase::PrizePit { die, .. } => match self.config.rolls {
                RollMode::Simulated => add(list, Action::RollPrizePit),
                RollMode::Reported => {
                    let faces = self.config.faces(die);
                    for outcome in self.config.prize_pit.outcomes(faces) {
                        add(list, Action::ReportPrizePit(outcome));
                    }
                }
            },
            Phase::Steal { thief } => {
                for victim in self.seats() {
                    if victim != thief && !self.hand(victim).is_empty() {
                        add(list, Action::ChoosePlayer(victim));
                    }
                }
                add(list, Action::DeclineSteal);
            }
            Phase::Discard { player } => {
                for card in self.hand(player).kinds() {
                    add(list, Action::Discard(card));
                }
            }
            Phase::Over => {}
        }
    }

    /// `player`'s pool dice, one per distinct face.
    fn each_die_of_pool(&self, owner: Player, mut each: impl FnMut(DieRef)) {
        each_face(self.faces.pool(owner), |face| {
            each(DieRef::Pool { owner, face });
        });
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
