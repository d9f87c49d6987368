//! Carrying out a legal decision: Mischief effects, placing and moving dice,
//! scoring a full Mini Game, Prize Pit rolls, steals and the game's end.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::{Action, Shift};
use super::config::MAX_PLAYERS;
use super::dice::{DieRef, Face, PlacedDie};
use super::event::{Ending, Event, Reason};
use super::mini_game::{Booth, FairyTiming, MAX_PLAYER_SPACES};
use super::mischief::{CardCounts, HAND_LIMIT, Mischief};
use super::pool::Pool;
use super::prize_pit::{PitDie, PitOutcome, RollMode};
use super::score::{self, Place};
use super::state::{Phase, Queue, Sink, State, array_vec, push};
use crate::{List, Player, PlayerSet, Score};

impl State {
    /// Carries out `action` for `player` (the player the game waits for) if
    /// the rule for that kind of action allows it now, and says whether it
    /// did; a refused action changes nothing and reports no event. Each arm
    /// checks the rule its listing in `fill_options` follows, so an action
    /// is carried out exactly when it is listed (the conformance harness
    /// checks both ways).
    pub(super) fn perform(
        &mut self,
        player: Player,
        action: Action,
        events: &mut impl Sink,
        rng: &mut (impl Rng + ?Sized),
    ) -> bool {
        match (self.phase, action) {
            (Phase::Mischief, Action::Draw) => {
                if !self.can_draw(player) {
                    return false;
                }
                self.draw(player, events, rng);
                self.set_phase(Phase::Dice);
            }
            (Phase::Mischief, Action::Play(card)) => {
                if self.hand(player).count(card) == 0 || !self.has_target(card) {
                    return false;
                }
                if let Some(hand) = self.hands.get_mut(player.index()) {
                    hand.remove(card);
                }
                self.mischief_discard.add(card);
                push(events, Event::Played { player, card });
                self.set_phase(Phase::Target { card });
            }
            (Phase::Mischief, Action::NoMischief) => {
                let held = self.hands.get(player.index()).map_or(0, CardCounts::held);
                if self.can_draw(player) || self.playable_held(held) != 0 {
                    return false;
                }
                push(events, Event::NoMischief { player });
                self.set_phase(Phase::Dice);
            }
            (Phase::Dice, Action::Pick(die)) => {
                let legal = if !self.must_move(player) {
                    // `face_of` of one's own pool die: the pool's kept mask.
                    matches!(die, DieRef::Pool { owner, face }
                        if owner == player && self.faces.pool(owner) & (1 << face.value()) != 0)
                } else {
                    matches!(die, DieRef::Placed { booth, .. } if self.has_destination(booth))
                        && self.face_of(die).is_some()
                };
                if !legal {
                    return false;
                }
                self.set_phase(Phase::Destination { die });
            }
            (Phase::Destination { die }, Action::PlaceOn { booth, side }) => {
                let from = match die {
                    DieRef::Pool { .. } => None,
                    DieRef::Placed { booth: from, .. } => Some(from),
                    _ => return false,
                };
                if !self.may_place(from, booth, side) {
                    return false;
                }
                let target = usize::from(booth);
                let moved = match die {
                    DieRef::Pool { owner, face } => {
                        if let (Some(pool), Some(mask)) = (
                            self.pools.get_mut(owner.index()),
                            self.faces.pools.get_mut(owner.index()),
                        ) {
                            pool.take(mask, face);
                        }
                        Some((PlacedDie { owner, face }, None))
                    }
                    DieRef::Placed { booth: from, space } => {
                        let taken = self
                            .booths
                            .get_mut(usize::from(from))
                            .and_then(Option::as_mut)
                            .and_then(|b| b.spaces.get_mut(usize::from(space)))
                            .and_then(Option::take);
                        if taken.is_some() {
                            self.spaces.empty(usize::from(from), space);
                        }
                        taken.map(|d| (d, Some(from)))
                    }
                    _ => None,
                };
                let free = self.free_space(booth, side);
                if let (Some((placed, from)), Some(space)) = (moved, free) {
                    if let Some(slot) = self
                        .booths
                        .get_mut(target)
                        .and_then(Option::as_mut)
                        .and_then(|b| b.spaces.get_mut(usize::from(space)))
                    {
                        *slot = Some(placed);
                        self.spaces.fill(target, space);
                    }
                    match from {
                        None => push(
                            events,
                            Event::Placed {
                                player,
                                face: placed.face,
                                booth,
                                space,
                            },
                        ),
                        Some(from) => {
                            self.moves = self.moves.saturating_add(1);
                            push(
                                events,
                                Event::Moved {
                                    player,
                                    die: placed,
                                    from,
                                    to: booth,
                                    space,
                                },
                            );
                        }
                    }
                }
                if self.booth(booth).is_some() && !self.has_free_space(booth) {
                    self.score_booth(target, events, rng);
                }
                match self.queue.pop_front() {
                    Some(roller) => {
                        self.set_phase(Phase::PrizePit {
                            player: roller,
                            die: PitDie::Goblin,
                        });
                    }
                    None => self.next_turn_or_end(events),
                }
            }
            (Phase::PrizePit { player, die }, Action::RollPrizePit | Action::ReportPrizePit(_)) => {
                let faces = self.config.faces(die);
                let allowed = match action {
                    Action::ReportPrizePit(outcome) => {
                        self.config.rolls == RollMode::Reported
                            && self.config.prize_pit.outcomes(faces).contains(&outcome)
                    }
                    _ => self.config.rolls == RollMode::Simulated,
                };
                if !allowed {
                    return false;
                }
                let outcome = match action {
                    Action::ReportPrizePit(outcome) => outcome,
                    _ => self.config.prize_pit.roll(faces, rng),
                };
                push(
                    events,
                    Event::PrizePitRolled {
                        player,
                        die,
                        outcome,
                    },
                );
                let points = self.config.prize_pit.points(outcome);
                if points > 0 {
                    let reason = match die {
                        PitDie::Goblin => Reason::PrizePit,
                        PitDie::Player => Reason::FinalRoll,
                    };
                    self.award(player, points, reason, events);
                }
                if outcome == PitOutcome::Goblin && die == PitDie::Goblin {
                    let victims = self
                        .seats()
                        .any(|v| v != player && !self.hand(v).is_empty());
                    if victims {
                        self.set_phase(Phase::Steal { thief: player });
                        return true;
                    }
                    push(events, Event::NothingToSteal { player });
                }
                self.continue_rolls(die, events);
            }
            // The rarer decisions (a Mischief card's targets, a steal, a
            // discard) out of line: the common steps stay short.
            _ => return self.perform_rare(action, events, rng),
        }
        true
    }

    /// [`perform`](Self::perform) for the phases a turn passes through
    /// only sometimes: a Mischief card's targets, the swap's partner, the
    /// nudge, a steal, a discard.
    #[inline(never)]
    fn perform_rare(
        &mut self,
        action: Action,
        events: &mut impl Sink,
        rng: &mut (impl Rng + ?Sized),
    ) -> bool {
        match (self.phase, action) {
            (Phase::Target { card }, Action::Pick(die)) => {
                let Some(face) = self.face_of(die) else {
                    return false;
                };
                match card {
                    Mischief::Flip => {
                        self.replace_face(die, face.opposite());
                        push(
                            events,
                            Event::FaceChanged {
                                die,
                                from: face,
                                to: face.opposite(),
                            },
                        );
                        self.set_phase(Phase::Dice);
                    }
                    Mischief::NudgeOne | Mischief::NudgeTwo => {
                        self.set_phase(Phase::Shift { card, die });
                    }
                    Mischief::Swap => {
                        if !self.has_swap_partner(die) {
                            return false;
                        }
                        self.set_phase(Phase::SwapWith { first: die });
                    }
                    Mischief::RerollDie => {
                        if !die.is_on_card() {
                            return false;
                        }
                        let face = Face::roll(rng);
                        self.replace_face(die, face);
                        push(events, Event::Rerolled { die, face });
                        self.set_phase(Phase::Dice);
                    }
                    Mischief::RerollPool => return false,
                }
            }
            (Phase::Target { card }, Action::ChoosePlayer(owner)) => {
                if card != Mischief::RerollPool || owner.index() >= self.players() {
                    return false;
                }
                let Some(pool) = self.pools.get_mut(owner.index()).filter(|p| !p.is_empty()) else {
                    return false;
                };
                // The same rolls, one per die in order, each going to its
                // sorted place.
                let mut rolled = Pool::EMPTY;
                for _ in 0..pool.len() {
                    rolled.insert(&mut 0, Face::roll(rng));
                }
                *pool = rolled;
                let faces = array_vec(pool.iter().copied());
                self.refresh_pool(owner);
                push(events, Event::PoolRerolled { owner, faces });
                self.set_phase(Phase::Dice);
            }
            (Phase::SwapWith { first }, Action::Pick(second)) => {
                if !self.may_swap(first, second) {
                    return false;
                }
                self.swap(first, second);
                push(events, Event::Swapped { first, second });
                self.set_phase(Phase::Dice);
            }
            (Phase::Shift { card, die }, Action::Shift(shift)) => {
                let by = card.nudge().unwrap_or(0);
                let by = if shift == Shift::Up { by } else { -by };
                let Some(from) = self.face_of(die).filter(|_| by != 0) else {
                    return false;
                };
                let Some(to) = from.shifted(by) else {
                    return false;
                };
                self.replace_face(die, to);
                push(events, Event::FaceChanged { die, from, to });
                self.set_phase(Phase::Dice);
            }
            (Phase::Steal { thief }, Action::ChoosePlayer(victim)) => {
                if victim == thief
                    || victim.index() >= self.players()
                    || self.hand(victim).is_empty()
                {
                    return false;
                }
                let held = self.hand(victim);
                let card = held.nth(crate::rng::index(rng, held.total()));
                if let Some(card) = card {
                    if let Some(hand) = self.hands.get_mut(victim.index()) {
                        hand.remove(card);
                    }
                    if let Some(hand) = self.hands.get_mut(thief.index()) {
                        hand.add(card);
                    }
                }
                push(
                    events,
                    Event::Stole {
                        thief,
                        victim,
                        card,
                    },
                );
                if self.hand(thief).total() > HAND_LIMIT {
                    self.set_phase(Phase::Discard { player: thief });
                } else {
                    self.continue_rolls(PitDie::Goblin, events);
                }
            }
            (Phase::Steal { thief }, Action::DeclineSteal) => {
                push(events, Event::StealDeclined { player: thief });
                self.continue_rolls(PitDie::Goblin, events);
            }
            (Phase::Discard { player }, Action::Discard(card)) => {
                if !self
                    .hands
                    .get_mut(player.index())
                    .is_some_and(|h| h.remove(card))
                {
                    return false;
                }
                self.mischief_discard.add(card);
                push(events, Event::Discarded { player, card });
                self.continue_rolls(PitDie::Goblin, events);
            }
            _ => return false,
        }
        true
    }

    fn draw(&mut self, player: Player, events: &mut impl Sink, rng: &mut (impl Rng + ?Sized)) {
        if self.mischief_deck.is_empty() {
            self.mischief_deck = self.mischief_discard.cards().collect();
            self.mischief_discard = Default::default();
            crate::rng::shuffle(rng, &mut self.mischief_deck);
            let cards = self.mischief_deck.len();
            push(events, Event::MischiefReshuffled { cards });
        }
        let card = self.mischief_deck.pop();
        if let (Some(card), Some(hand)) = (card, self.hands.get_mut(player.index())) {
            hand.add(card);
        }
        push(events, Event::Drew { player, card });
    }

    /// Sets a die's face, keeping pools sorted.
    fn replace_face(&mut self, die: DieRef, to: Face) {
        match die {
            DieRef::Pool { owner, face } => {
                if let (Some(pool), Some(mask)) = (
                    self.pools.get_mut(owner.index()),
                    self.faces.pools.get_mut(owner.index()),
                ) && pool.take(mask, face)
                {
                    pool.insert(mask, to);
                }
            }
            DieRef::FairyPool { face } => {
                if take_face(&mut self.fairy_pool, &mut self.faces.fairy, face) {
                    insert_face(&mut self.fairy_pool, &mut self.faces.fairy, to);
                }
            }
            DieRef::Placed { booth, space } => {
                if let Some(Some(d)) = self
                    .booths
                    .get_mut(usize::from(booth))
                    .and_then(Option::as_mut)
                    .and_then(|b| b.spaces.get_mut(usize::from(space)))
                {
                    d.face = to;
                }
            }
            DieRef::PlacedFairy { booth, space } => {
                if let Some(f) = self
                    .booths
                    .get_mut(usize::from(booth))
                    .and_then(Option::as_mut)
                    .and_then(|b| b.fairy.get_mut(usize::from(space)))
                {
                    *f = to;
                }
            }
        }
    }

    /// The grey fairy: exchanges two dice (checked by `may_swap`).
    fn swap(&mut self, first: DieRef, second: DieRef) {
        match (first, second) {
            (DieRef::Placed { booth: a, space: s }, DieRef::Placed { booth: b, space: t }) => {
                let one = self.placed(a, s);
                let two = self.placed(b, t);
                if let (Some(one), Some(two)) = (one, two) {
                    self.set_placed(a, s, two);
                    self.set_placed(b, t, one);
                }
            }
            _ => {
                // Every other permitted swap exchanges two faces of one kind
                // of die (a pool die with its own colour on a card, or Fairy
                // dice); the owners stay where they are.
                if let (Some(x), Some(y)) = (self.face_of(first), self.face_of(second)) {
                    self.replace_face(first, y);
                    self.replace_face(second, x);
                }
            }
        }
    }

    fn placed(&self, booth: u8, space: u8) -> Option<PlacedDie> {
        self.booth(booth)?.die(space)
    }

    fn set_placed(&mut self, booth: u8, space: u8, die: PlacedDie) {
        if let Some(slot) = self
            .booths
            .get_mut(usize::from(booth))
            .and_then(Option::as_mut)
            .and_then(|b| b.spaces.get_mut(usize::from(space)))
        {
            *slot = Some(die);
        }
    }

    /// [`award`](Self::award) if `won`: the score changes by `points` or
    /// by nothing, without a branch; only the event waits on `won`.
    #[inline(always)]
    fn award_if(
        &mut self,
        won: bool,
        player: Player,
        points: Score,
        reason: Reason,
        events: &mut impl Sink,
    ) {
        if let Some(score) = self.scores.get_mut(player.index()) {
            *score = score.saturating_add(if won { points } else { 0 });
            let total = *score;
            if won {
                push(
                    events,
                    Event::Scored {
                        player,
                        points,
                        reason,
                        total,
                    },
                );
            }
        }
    }

    fn award(&mut self, player: Player, points: Score, reason: Reason, events: &mut impl Sink) {
        if let Some(score) = self.scores.get_mut(player.index()) {
            *score = score.saturating_add(points);
            let total = *score;
            push(
                events,
                Event::Scored {
                    player,
                    points,
                    reason,
                    total,
                },
            );
        }
    }

    /// Seats from the current player clockwise.
    fn clockwise(&self) -> impl Iterator<Item = Player> + use<> {
        // `left(i, players)` without two divisions per seat.
        let n = self.players();
        let start = match self.current.index() {
            seat if seat < n => seat,
            _ => self.current.left(0, n).index(),
        };
        (0..n).map(move |i| {
            let seat = start + i;
            Player(if seat < n { seat } else { seat - n } as u8)
        })
    }

    /// Turns up the top Mini Game card at table position `slot` and rolls
    /// its Fairy dice if it takes them now. Randomness, per Fairy die: a
    /// uniform pick of which pool die is taken, then its roll.
    pub(super) fn reveal(
        &mut self,
        slot: usize,
        events: &mut impl Sink,
        rng: &mut (impl Rng + ?Sized),
    ) {
        let Some(game) = self.deck.pop() else {
            return;
        };
        let card = self.config.mini_games.get(game);
        let mut booth = Booth::empty(game, card.player_spaces);
        push(
            events,
            Event::Revealed {
                booth: slot as u8,
                game,
            },
        );
        if matches!(
            game.fairy_timing(),
            FairyTiming::OnReveal | FairyTiming::BeforePlacement
        ) {
            self.roll_fairy_dice(&mut booth, card.fairy_spaces, slot, events, rng);
        }
        if let Some(place) = self.booths.get_mut(slot) {
            self.spaces.reset(slot, game, booth.spaces.len());
            *place = Some(booth);
        }
    }

    fn roll_fairy_dice(
        &mut self,
        booth: &mut Booth,
        count: usize,
        slot: usize,
        events: &mut impl Sink,
        rng: &mut (impl Rng + ?Sized),
    ) {
        for _ in 0..count {
            // See RULINGS.md, "Fayre: which Fairy dice leave the pool".
            let taken = crate::rng::index(rng, self.fairy_pool.len());
            if remove_at(&mut self.fairy_pool, taken) {
                let _ = booth.fairy.push(Face::roll(rng));
            }
        }
        self.refresh_fairy_pool();
        push(
            events,
            Event::FairyDiceRolled {
                booth: slot as u8,
                faces: array_vec(booth.fairy),
            },
        );
    }

    /// Scores the full card at `slot`: Fairy dice due before scoring, the
    /// magic number, the places, then the dice go home re-rolled, the card is
    /// discarded and the next one turned up. 1st place's Goblin rolls are
    /// queued. Randomness: Hook-a-Hippocampus's Fairy die, one roll per
    /// returning die (owners in seat order, dice in space order, then the
    /// Fairy dice), the new card's Fairy dice.
    fn score_booth(&mut self, slot: usize, events: &mut impl Sink, rng: &mut (impl Rng + ?Sized)) {
        let Some(mut booth) = self.booths.get_mut(slot).and_then(Option::take) else {
            return;
        };
        self.spaces.clear(slot);
        let game = booth.game;
        let card = self.config.mini_games.get(game);
        push(
            events,
            Event::Completed {
                booth: slot as u8,
                game,
            },
        );
        if game.fairy_timing() == FairyTiming::BeforeScoring {
            self.roll_fairy_dice(&mut booth, card.fairy_spaces, slot, events, rng);
        }
        let tallies = score::tallies(&booth);
        // The awards below go seat by seat, each seat's points chosen without
        // a branch (a seat wins or not as the dice fell); only the events
        // wait on whether it won, and `play` keeps none.
        let magic = score::magic_number_of(&booth, &tallies, card.magic);
        for player in self.seats() {
            self.award_if(
                magic.contains(player),
                player,
                score::MAGIC_NUMBER_POINTS,
                Reason::MagicNumber,
                events,
            );
        }
        let places = score::placings_of(&booth, &tallies);
        push(events, Event::Ranked { game, places });
        let place_of = |p: Player| score::place(&places, p);
        let first = PlayerSet::from_bits(self.seats().fold(0, |bits, p| {
            bits | (u16::from(place_of(p) == Some(Place::First)) << p.0)
        }));
        let mut rollers = Queue::EMPTY;
        let shared = (game == super::MiniGame::HookAHippocampus)
            .then(|| score::hippocampus_first_place(first.len()))
            .flatten();
        for player in self.clockwise() {
            let won = first.contains(player);
            match shared {
                Some(points) => {
                    self.award_if(won, player, points, Reason::SharedHippocampus, events);
                }
                None => rollers.push_if(won, player),
            }
        }
        for player in self.seats() {
            let place = place_of(player);
            let (second, third) = (place == Some(Place::Second), place == Some(Place::Third));
            let points = Score::from(second) * score::SECOND_PLACE_POINTS
                + Score::from(third) * score::THIRD_PLACE_POINTS;
            let reason = if third {
                Reason::ThirdPlace
            } else {
                Reason::SecondPlace
            };
            self.award_if(second | third, player, points, reason, events);
        }
        for player in score::bullseye_of(&booth, &tallies) {
            self.award(player, score::BULLSEYE_POINTS, Reason::Bullseye, events);
        }
        self.return_dice(&tallies, events, rng);
        if !booth.fairy.is_empty() {
            let mut faces: ArrayVec<Face, 3> = ArrayVec::new();
            for _ in booth.fairy.iter() {
                let face = Face::roll(rng);
                insert_face(&mut self.fairy_pool, &mut self.faces.fairy, face);
                let _ = faces.try_push(face);
            }
            push(events, Event::FairyDiceReturned { faces });
        }
        let _ = self.finished.push(game);
        self.moves = 0;
        self.reveal(slot, events, rng);
        self.queue = rollers;
        if !rollers.is_empty() {
            push(
                events,
                Event::PrizeRollsDue {
                    players: array_vec(rollers.iter().copied()),
                },
            );
        }
    }

    /// The players' dice on a scored card (counted in `tallies`) go back to
    /// their pools re-rolled: owners in seat order, each owner's dice one
    /// roll after another, each roll straight into the pool. One loop over
    /// all the card's dice, each die's owner found by counting (a loop per
    /// owner would end after as random a count as the card holds); the
    /// events' lists are built beside it (costing next to nothing when the
    /// sink discards them).
    fn return_dice(
        &mut self,
        tallies: &[score::Tally; MAX_PLAYERS],
        events: &mut impl Sink,
        rng: &mut (impl Rng + ?Sized),
    ) {
        // Where each seat's run of rolls ends (seats past the table have
        // none).
        let mut ends = [0u8; MAX_PLAYERS];
        let mut total = 0u8;
        for ((end, tally), seat) in ends.iter_mut().zip(tallies).zip(0..) {
            if seat < self.players() {
                total = total.saturating_add(tally.dice);
            }
            *end = total;
        }
        let mut returned: [ArrayVec<Face, MAX_PLAYER_SPACES>; MAX_PLAYERS] =
            core::array::from_fn(|_| ArrayVec::new());
        for die in 0..total {
            // The seats whose runs end by this die come before its owner.
            let owner = ends
                .iter()
                .fold(0usize, |n, &end| n + usize::from(end <= die));
            let face = Face::roll(rng);
            if let (Some(pool), Some(mask)) =
                (self.pools.get_mut(owner), self.faces.pools.get_mut(owner))
            {
                pool.insert(mask, face);
            }
            if let Some(faces) = returned.get_mut(owner) {
                let _ = faces.try_push(face);
            }
        }
        for (owner, faces) in self.seats().zip(returned) {
            if !faces.is_empty() {
                push(events, Event::DiceReturned { owner, faces });
            }
        }
    }

    /// Mini Games still on the table.
    pub fn games_in_play(&self) -> usize {
        self.booths.iter().flatten().count()
    }

    /// Why the game must end now, if it must.
    pub(super) fn ending(&self) -> Option<Ending> {
        if self.games_in_play() <= 1 {
            Some(Ending::OneGameLeft)
        } else if self.moves >= self.config.move_limit {
            Some(Ending::MoveLimit)
        } else {
            None
        }
    }

    /// After a Dice action and its Prize Pit rolls: the next player's turn,
    /// or the final rolls (from the current player clockwise).
    fn next_turn_or_end(&mut self, events: &mut impl Sink) {
        if let Some(ending) = self.ending() {
            push(events, Event::GameEnding { ending });
            self.queue = self.clockwise().collect();
            self.continue_rolls(PitDie::Player, events);
            return;
        }
        // `left(1, players)` without a division on every turn.
        // The wrap to seat 0 is a select, not a branch (it comes once a
        // round); a seat past the table (never the case) goes the long way.
        let (seat, players) = (self.current.index() + 1, self.players());
        let next = if seat > players {
            self.current.left(1, players)
        } else {
            Player(if seat == players { 0 } else { seat as u8 })
        };
        self.current = next;
        self.set_phase(Phase::Mischief);
        push(events, Event::TurnStarted { player: next });
    }

    /// The next queued roller rolls `die`; when none is left, the turn (or
    /// the game) goes on.
    fn continue_rolls(&mut self, die: PitDie, events: &mut impl Sink) {
        match self.queue.pop_front() {
            Some(player) => self.set_phase(Phase::PrizePit { player, die }),
            None if die == PitDie::Goblin => self.next_turn_or_end(events),
            None => {
                self.set_phase(Phase::Over);
                push(
                    events,
                    Event::GameOver {
                        winners: self.leaders(),
                    },
                );
            }
        }
    }
}

/// Removes one die showing `face` from an ascending pool whose faces are
/// `mask` (a bit per face, [`face_mask`](super::dice::face_mask)), keeping
/// the mask; `false` if there is none (by the mask). It takes the last such
/// die, so only the dice after it (higher faces, in an ascending pool) move
/// down, in one pass from the top that stops at that die (as `List::remove`
/// does, without its `memmove` call for at most a handful of bytes); the
/// dice left are the same, and the face stays in the mask when the die
/// before it shows it too. The mask must be current (the engine keeps it
/// so, and `from_setup` derives it): with a stale one that names a face the
/// pool lacks, the top die would go.
fn take_face<const N: usize>(pool: &mut List<Face, N>, mask: &mut u8, face: Face) -> bool {
    // Pools are kept ascending (`insert_face`), so which of equal faces goes
    // cannot be seen; the listings' one decision per face relies on the
    // masks.
    debug_assert!(pool.is_sorted(), "a pool out of order: {pool:?}");
    debug_assert_eq!(*mask, super::dice::face_mask(pool), "a stale mask");
    let bit = 1u8.checked_shl(u32::from(face.value())).unwrap_or(0);
    if *mask & bit == 0 {
        return false;
    }
    let live = pool.as_mut_slice();
    // From the top down, each die takes the place of the one below it,
    // until the die showing `face` is reached (the mask says it is there).
    let mut carry = None;
    let mut i = live.len();
    while i > 0 {
        i -= 1;
        let Some(slot) = live.get_mut(i) else { break };
        let here = *slot;
        if let Some(above) = carry {
            *slot = above;
        }
        if here == face {
            break;
        }
        carry = Some(here);
    }
    if i == 0 || live.get(i - 1) != Some(&face) {
        *mask &= !bit;
    }
    pool.pop().is_some()
}

/// Removes the die at `index` of `pool`, the dice after it moving down one
/// by one (what `List::remove` does, without its `memmove` call for a few
/// bytes); `false` if there is none.
fn remove_at<const N: usize>(pool: &mut List<Face, N>, index: usize) -> bool {
    let live = pool.as_mut_slice();
    if index >= live.len() {
        return false;
    }
    let mut i = index;
    while let Some(&next) = live.get(i + 1) {
        if let Some(slot) = live.get_mut(i) {
            *slot = next;
        }
        i += 1;
    }
    pool.pop().is_some()
}

/// Adds `face` to an ascending list of faces, keeping it ascending (the list
/// a push and a sort would give, without a sort call) and its `mask`;
/// nothing when full.
pub(super) fn insert_face<const N: usize>(pool: &mut List<Face, N>, mask: &mut u8, face: Face) {
    if pool.push(face).is_err() {
        return;
    }
    *mask |= 1 << face.value();
    let live = pool.as_mut_slice();
    let mut i = live.len().saturating_sub(1);
    while i > 0 {
        match live.get_mut(i - 1..=i) {
            Some([a, b]) if *a > *b => core::mem::swap(a, b),
            _ => break,
        }
        i -= 1;
    }
}
