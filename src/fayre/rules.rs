//! Which decisions are legal: the Mischief permissions, the swap rules, the
//! placing rules, and the precise reason an unlisted action is refused.

use super::action::{Action, Shift, Violation};
use super::config::MAX_PLAYERS;
use super::dice::{DieRef, Face, each_face};
use super::mini_game::IN_PLAY;
use super::mischief::{CardCounts, HAND_LIMIT, Mischief};
use super::prize_pit::RollMode;
use super::state::{Phase, State};
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

/// A set of nameable dice as bits of a `u128`, in the order the listings
/// name them: each seat's pool (a bit per face, seats in order), the Fairy
/// pool (a bit per face), then each card's player spaces and its Fairy dice.
/// Listing a set is one loop over its bits ([`add_dice`]) instead of a loop
/// per pool and per card.
mod bits {
    use super::super::config::MAX_PLAYERS;
    use super::super::dice::{DieRef, Face};
    use super::super::mini_game::{IN_PLAY, MAX_FAIRY_SPACES, MAX_PLAYER_SPACES};
    use super::Action;
    use crate::Player;

    /// Bits per pool: one per face.
    const FACES: u32 = 6;
    /// The Fairy pool's first bit.
    pub(in super::super) const FAIRY_POOL: u32 = FACES * MAX_PLAYERS as u32;
    /// The first card's first bit.
    const CARDS: u32 = FAIRY_POOL + FACES;
    /// Bits per card: its player spaces, then its Fairy dice.
    const PER_CARD: u32 = (MAX_PLAYER_SPACES + MAX_FAIRY_SPACES) as u32;
    /// Bits in all.
    const ALL: usize = (CARDS + PER_CARD * IN_PLAY as u32) as usize;
    const _: () = assert!(ALL < 128);
    /// The bits that name a die.
    const DICE: u128 = (1u128 << ALL) - 1;

    /// The pool dice of a face mask (bit `pips`) of `owner`'s pool.
    #[inline(always)]
    pub(in super::super) fn pool(owner: usize, faces: u8) -> u128 {
        // An owner past the seats would name the Fairy pool's or a card's
        // dice (or shift past the end): none.
        if owner >= MAX_PLAYERS {
            return 0;
        }
        u128::from((faces >> 1) & 0b11_1111) << (FACES as usize * owner)
    }

    /// The Fairy pool dice of a face mask (bit `pips`).
    #[inline(always)]
    pub(in super::super) fn fairy_pool(faces: u8) -> u128 {
        u128::from((faces >> 1) & 0b11_1111) << FAIRY_POOL
    }

    /// The player dice on the card at `booth`, from its mask of taken
    /// spaces.
    #[inline(always)]
    pub(in super::super) fn placed(booth: usize, taken: u16) -> u128 {
        u128::from(taken & ((1 << MAX_PLAYER_SPACES) - 1))
            << (CARDS as usize + PER_CARD as usize * booth)
    }

    /// The first `count` Fairy dice on the card at `booth`.
    #[inline(always)]
    pub(in super::super) fn placed_fairy(booth: usize, count: usize) -> u128 {
        let dice = (1u128 << count.min(MAX_FAIRY_SPACES)) - 1;
        dice << (CARDS as usize + PER_CARD as usize * booth + MAX_PLAYER_SPACES)
    }

    /// `Pick` of the die each bit names (128 entries, the unused ones never
    /// read, so a bit index masked to 7 bits needs no bounds check).
    const PICKS: [Action; 128] = {
        let mut picks = [Action::Draw; 128];
        let mut i = 0;
        while i < ALL {
            let bit = i as u32;
            let die = if bit < CARDS {
                let face = match Face::new((bit % FACES) as u8 + 1) {
                    Some(face) => face,
                    None => panic!("a face out of range"),
                };
                if bit < FAIRY_POOL {
                    DieRef::Pool {
                        owner: Player((bit / FACES) as u8),
                        face,
                    }
                } else {
                    DieRef::FairyPool { face }
                }
            } else {
                let booth = ((bit - CARDS) / PER_CARD) as u8;
                let at = ((bit - CARDS) % PER_CARD) as u8;
                if at < MAX_PLAYER_SPACES as u8 {
                    DieRef::Placed { booth, space: at }
                } else {
                    DieRef::PlacedFairy {
                        booth,
                        space: at - MAX_PLAYER_SPACES as u8,
                    }
                }
            };
            picks[i] = Action::Pick(die);
            i += 1;
        }
        picks
    };

    /// Appends a `Pick` of every die in `dice`, in bit order: the low and
    /// the high half each in one loop of 64-bit steps.
    #[inline]
    pub(in super::super) fn add_picks(list: &mut crate::ActionList<Action>, dice: u128) {
        debug_assert_eq!(dice & !DICE, 0, "a bit that names no die");
        let dice = dice & DICE;
        for (half, base) in [(dice as u64, 0), ((dice >> 64) as u64, 64)] {
            let mut rest = half;
            while rest != 0 {
                let bit = (base + rest.trailing_zeros()) as usize & 127;
                if let Some(&pick) = PICKS.get(bit) {
                    let _ = list.try_push(pick);
                }
                rest &= rest - 1;
            }
        }
    }
}

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

    /// The dice that can be named, as a [`bits`] set: the pools in seat
    /// order (one per distinct face), the Fairy pool (one per distinct
    /// face), then each card's player dice and Fairy dice. The `pools`,
    /// `fairy_pool` and `cards` switches skip whole groups.
    fn dice_bits(&self, pools: bool, fairy_pool: bool, cards: bool) -> u128 {
        let mut dice = 0;
        if pools {
            for (owner, &faces) in self.faces.pools.iter().take(self.players()).enumerate() {
                dice |= bits::pool(owner, faces);
            }
        }
        if fairy_pool {
            dice |= bits::fairy_pool(self.faces.fairy);
        }
        if cards {
            for (b, booth) in self.booths.iter().enumerate() {
                if let Some(booth) = booth {
                    dice |= bits::placed(b, self.spaces.taken(b))
                        | bits::placed_fairy(b, booth.fairy.len());
                }
            }
        }
        dice
    }

    /// The face of a named die, or `None` if no such die is there.
    #[inline]
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
        // By the kept face masks: a pool has a die when its mask has a bit.
        self.faces
            .pools
            .iter()
            .take(self.players())
            .fold(0, |any, &faces| any | faces)
            != 0
    }

    /// Whether some card holds a die: its Fairy dice, or player spaces that
    /// are not free (by the kept masks of taken spaces, without scanning).
    fn any_die_on_cards(&self) -> bool {
        // Every card and mask at once, without a branch per card.
        let taken = self.spaces.taken.iter().fold(0, |any, &t| any | t);
        let fairy = self
            .booths
            .iter()
            .fold(0, |any, b| any | b.as_ref().map_or(0, |b| b.fairy.len()));
        (taken != 0) | (fairy != 0)
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
        self.playable_held(hand.held())
    }

    /// [`playable`](Self::playable) of a hand holding the kinds `held` (a
    /// bit per kind, [`CardCounts::held`]); the answers for the nudges and
    /// re-rolls are combined as masks, without a branch each.
    #[inline]
    pub(super) fn playable_held(&self, held: u8) -> u8 {
        const NUDGES: u8 = (1 << Mischief::Flip.index())
            | (1 << Mischief::NudgeOne.index())
            | (1 << Mischief::NudgeTwo.index());
        const SWAP: u8 = 1 << Mischief::Swap.index();
        const REROLL_DIE: u8 = 1 << Mischief::RerollDie.index();
        const REROLL_POOL: u8 = 1 << Mischief::RerollPool.index();
        if held == 0 {
            return 0;
        }
        // All bits when `yes`, none when not.
        let all = |yes: bool| 0u8.wrapping_sub(u8::from(yes));
        let (pool_die, on_cards) = (self.any_pool_die(), self.any_die_on_cards());
        let any_die = pool_die | on_cards | !self.fairy_pool.is_empty();
        let mut playable = held
            & ((NUDGES & all(any_die))
                | (REROLL_DIE & all(on_cards))
                | (REROLL_POOL & all(pool_die)));
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
                bits::add_picks(list, self.dice_bits(true, true, true));
            }
            Mischief::RerollDie => {
                bits::add_picks(list, self.dice_bits(false, false, true));
            }
            Mischief::Swap => {
                // Which dice have a partner is decided per group (a pool, the
                // Fairy pool, a card), not per die: every die of a group has
                // the same partners.
                let census = self.census();
                let mut dice = 0;
                for (owner, &faces) in self.faces.pools.iter().take(self.players()).enumerate() {
                    if census.owners.get(owner).is_some_and(|&m| m != 0) {
                        dice |= bits::pool(owner, faces);
                    }
                }
                if census.fairy.iter().any(|&n| n > 0) {
                    dice |= bits::fairy_pool(self.faces.fairy);
                }
                for (b, booth) in (0u8..).zip(&self.booths) {
                    let Some(booth) = booth else { continue };
                    let at = usize::from(b);
                    if census.placed_elsewhere(b) {
                        dice |= bits::placed(at, self.spaces.taken(at));
                    } else {
                        let mut taken = 0u16;
                        for (space, die) in (0u8..).zip(booth.spaces.iter()) {
                            if let Some(d) = die
                                && !self.pool(d.owner).is_empty()
                            {
                                taken |= 1u16.checked_shl(u32::from(space)).unwrap_or(0);
                            }
                        }
                        dice |= bits::placed(at, taken);
                    }
                    if census.fairy_elsewhere(b) || !self.fairy_pool.is_empty() {
                        dice |= bits::placed_fairy(at, booth.fairy.len());
                    }
                }
                bits::add_picks(list, dice);
            }
        }
    }

    /// The swap's second die for `first`, in the order of the dice.
    fn swap_partners(&self, first: DieRef, list: &mut ActionList<Action>) {
        if self.face_of(first).is_none() {
            return;
        }
        let dice = match first {
            DieRef::Pool { owner, .. } => {
                let mut dice = 0;
                for (b, booth) in self.booths.iter().enumerate() {
                    let Some(booth) = booth else { continue };
                    let mut taken = 0u16;
                    for (space, die) in (0u32..).zip(booth.spaces.iter()) {
                        if die.is_some_and(|d| d.owner == owner) {
                            taken |= 1u16.checked_shl(space).unwrap_or(0);
                        }
                    }
                    dice |= bits::placed(b, taken);
                }
                dice
            }
            DieRef::FairyPool { .. } => {
                let mut dice = 0;
                for (b, booth) in self.booths.iter().enumerate() {
                    if let Some(booth) = booth {
                        dice |= bits::placed_fairy(b, booth.fairy.len());
                    }
                }
                dice
            }
            DieRef::Placed { booth: from, .. } => {
                let mut dice = match self.owner_of(first) {
                    Some(owner) => bits::pool(owner.index(), self.faces.pool(owner)),
                    None => 0,
                };
                for (b, booth) in self.booths.iter().enumerate() {
                    if booth.is_some() && b != usize::from(from) {
                        dice |= bits::placed(b, self.spaces.taken(b));
                    }
                }
                dice
            }
            DieRef::PlacedFairy { booth: from, .. } => {
                let mut dice = bits::fairy_pool(self.faces.fairy);
                for (b, booth) in self.booths.iter().enumerate() {
                    if let Some(booth) = booth
                        && b != usize::from(from)
                    {
                        dice |= bits::placed_fairy(b, booth.fairy.len());
                    }
                }
                dice
            }
        };
        bits::add_picks(list, dice);
    }

    pub(super) fn can_draw(&self, player: Player) -> bool {
        self.hand(player).total() < HAND_LIMIT
            && !(self.mischief_deck.is_empty() && self.mischief_discard.is_empty())
    }

    /// Whether `player`'s Dice action is a move (their pool is empty).
    pub(super) fn must_move(&self, player: Player) -> bool {
        // The kept mask: a bit per face in the pool, none when it is empty.
        self.faces.pool(player) == 0
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
    #[inline]
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
    #[inline]
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
                // Read in place: a copy of the hand on the stack, read back
                // as one word, waits for its byte stores.
                let held = self.hands.get(player.index()).map_or(0, CardCounts::held);
                if self.can_draw(player) {
                    add(list, Action::Draw);
                }
                let mut playable = self.playable_held(held);
                while playable != 0 {
                    if let Some(&card) = Mischief::ALL.get(playable.trailing_zeros() as usize) {
                        add(list, Action::Play(card));
                    }
                    playable &= playable - 1;
                }
                if list.is_empty() {
                    add(list, Action::NoMischief);
                }
            }
            Phase::Dice => {
                if !self.must_move(player) {
                    self.add_pool_picks(player, list);
                } else {
                    let mut dice = 0;
                    for b in 0..IN_PLAY {
                        if self.has_destination(b as u8) {
                            dice |= bits::placed(b, self.spaces.taken(b));
                        }
                    }
                    bits::add_picks(list, dice);
                }
            }
            Phase::Destination { die } => match die {
                DieRef::Pool { .. } => self.destinations(None, list),
                DieRef::Placed { booth, .. } => self.destinations(Some(booth), list),
                _ => {}
            },
            Phase::PrizePit { .. } => match self.config.rolls {
                RollMode::Simulated => add(list, Action::RollPrizePit),
                // The list of outcomes (a 45-entry buffer) out of line.
                RollMode::Reported => self.fill_rare(list),
            },
            Phase::Over => {}
            // The rarer decisions out of line: the common steps stay short.
            _ => self.fill_rare(list),
        }
    }

    /// [`fill_options`](Self::fill_options) for the phases a turn passes
    /// through only sometimes: a Mischief card's targets, the swap's
    /// partner, the nudge, a steal, a discard; the Prize Pit's reported
    /// outcomes.
    #[inline(never)]
    fn fill_rare(&self, list: &mut ActionList<Action>) {
        match self.phase {
            Phase::PrizePit { die, .. } => {
                let faces = self.config.faces(die);
                for outcome in self.config.prize_pit.outcomes(faces) {
                    add(list, Action::ReportPrizePit(outcome));
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
            _ => {}
        }
    }

    /// Appends a `Pick` of `owner`'s pool dice, one per distinct face,
    /// ascending. Without a loop as long as the faces are many (whose end
    /// mispredicts on nearly every random pool): all six candidates from a
    /// table of the faces each mask shows, then the list cut back to the
    /// faces shown.
    #[inline]
    fn add_pool_picks(&self, owner: Player, list: &mut ActionList<Action>) {
        /// Per face mask (bit `pips - 1`), its faces ascending, then filler.
        const SHOWN: [[Face; 6]; 64] = {
            let mut table = [[Face::ALL[0]; 6]; 64];
            let mut mask = 0;
            while mask < 64 {
                let (mut face, mut at) = (0, 0);
                while face < 6 {
                    if mask & (1 << face) != 0 {
                        table[mask][at] = Face::ALL[face];
                        at += 1;
                    }
                    face += 1;
                }
                mask += 1;
            }
            table
        };
        let mask = self.faces.pool(owner);
        let (start, shown) = (list.len(), (mask & 0b0111_1110).count_ones() as usize);
        if list.remaining_capacity() < 6 {
            each_face(mask, |face| {
                add(list, Action::Pick(DieRef::Pool { owner, face }))
            });
            return;
        }
        if let Some(faces) = SHOWN.get(usize::from(mask >> 1) & 63) {
            for &face in faces {
                add(list, Action::Pick(DieRef::Pool { owner, face }));
            }
        }
        list.truncate(start + shown);
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

#[cfg(test)]
mod tests {
    use super::super::config::MAX_PLAYERS;
    use super::super::dice::{DieRef, Face};
    use super::super::mini_game::{IN_PLAY, MAX_FAIRY_SPACES, MAX_PLAYER_SPACES};
    use super::Action;
    use super::bits;
    use crate::{ActionList, Player};

    /// The die one set bit names.
    fn named(dice: u128) -> alloc::vec::Vec<Action> {
        let mut list = ActionList::new();
        bits::add_picks(&mut list, dice);
        list.to_vec()
    }

    /// Every die has its own bit, each bit names the die it was made for,
    /// and the bits ascend in the listings' order: the pools by seat and
    /// face, the Fairy pool by face, then each card's spaces and its Fairy
    /// dice.
    #[test]
    fn each_die_has_its_bit_in_listing_order() {
        let mut expected = alloc::vec::Vec::new();
        let mut all = 0u128;
        let mut add = |dice: u128, die: DieRef| {
            assert_eq!(dice.count_ones(), 1, "{die:?}");
            assert_eq!(all & dice, 0, "{die:?} shares a bit");
            assert_eq!(named(dice), [Action::Pick(die)], "{die:?}");
            all |= dice;
            expected.push(Action::Pick(die));
        };
        for owner in 0..MAX_PLAYERS {
            for face in Face::ALL {
                let die = DieRef::Pool {
                    owner: Player(owner as u8),
                    face,
                };
                add(bits::pool(owner, 1 << face.value()), die);
            }
        }
        for face in Face::ALL {
            add(
                bits::fairy_pool(1 << face.value()),
                DieRef::FairyPool { face },
            );
        }
        for booth in 0..IN_PLAY {
            for space in 0..MAX_PLAYER_SPACES {
                let die = DieRef::Placed {
                    booth: booth as u8,
                    space: space as u8,
                };
                add(bits::placed(booth, 1 << space), die);
            }
            for space in 0..MAX_FAIRY_SPACES {
                let die = DieRef::PlacedFairy {
                    booth: booth as u8,
                    space: space as u8,
                };
                let dice = bits::placed_fairy(booth, space + 1) & !bits::placed_fairy(booth, space);
                add(dice, die);
            }
        }
        assert_eq!(named(all), expected);
    }
}
