//! One resolver per Power kind: Direct (Move, Exchange, Transmute, Mimic),
//! Chain, and the Responses that interrupt them.

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::{Action, FaceDown, Violation};
use super::card::{Card, DECK_SIZE};
use super::config::MAX_PLAYERS;
use super::event::{Event, Zone};
use super::family::{
    ChainEffect, Destination, Extreme, Family, Matching, Power, PowerType, Reach, Response,
};
use super::resolution::{Chain, ChainStep, Direct, Phase, Resolution, Step, Target};
use super::setup::AllianceCard;
use super::state::{Sink, State, push};
use crate::{ActionList, List, Player, PlayerSet};

type Cards = List<Card, DECK_SIZE>;

impl State {
    #[inline]
    fn resolution(&self) -> Option<Resolution> {
        match &self.pos.phase {
            Phase::Powers { resolution, .. } => *resolution,
            _ => None,
        }
    }

    #[inline]
    fn set_resolution(&mut self, r: Option<Resolution>) {
        if let Phase::Powers { resolution, .. } = &mut self.pos.phase {
            *resolution = r;
        }
    }

    /// A revealed Fairy's Power starts to resolve.
    pub(super) fn begin_power(&mut self, user: Player, card: Card, events: &mut impl Sink) {
        match card.family.power_type() {
            PowerType::Direct => {
                push(
                    events,
                    Event::PowerUsed {
                        player: user,
                        card,
                        power: card.family,
                    },
                );
                self.start_direct(user, card, card.family, None, events);
            }
            PowerType::Chain => {
                push(
                    events,
                    Event::PowerUsed {
                        player: user,
                        card,
                        power: card.family,
                    },
                );
                let chain = Chain {
                    user,
                    source: card,
                    avoided: PlayerSet::EMPTY,
                    picks: [None; MAX_PLAYERS],
                    step: ChainStep::Pick,
                };
                self.open_avoid(chain, PlayerSet::EMPTY, events);
            }
            PowerType::Response | PowerType::Delayed | PowerType::Score => {}
        }
    }

    // ---- Direct Powers ----

    fn start_direct(
        &mut self,
        user: Player,
        source: Card,
        power: Family,
        aim: Option<Player>,
        events: &mut impl Sink,
    ) {
        let mut d = Direct {
            user,
            source,
            power,
            aim,
            own: None,
            target: None,
            concealed: None,
            reflect_target: None,
            against: None,
            step: Step::Aim,
        };
        match self.first_step(&d) {
            Some(step) => {
                d.step = step;
                self.set_resolution(Some(Resolution::Direct(d)));
            }
            None => {
                push(events, Event::NoEffect { card: source });
                self.set_resolution(None);
            }
        }
    }

    /// The first decision of a Direct Power, or `None` if it has no valid
    /// target.
    #[inline]
    fn first_step(&self, d: &Direct) -> Option<Step> {
        let step = match d.power.power() {
            Power::Mimic => Step::Copy,
            Power::Move {
                from: Reach::Own, ..
            }
            | Power::Exchange(_) => Step::Own,
            _ => Step::Aim,
        };
        let any = match step {
            Step::Copy => self.copy_any(d),
            Step::Own => self.own_any(d),
            _ => self.aim_any(d),
        };
        debug_assert_eq!(
            any,
            match step {
                Step::Copy => !self.copy_options(d).is_empty(),
                Step::Own => !self.own_options(d).is_empty(),
                _ => !self.aim_options(d).is_empty(),
            }
        );
        any.then_some(step)
    }

    /// Whether `copy_options` is not empty.
    fn copy_any(&self, d: &Direct) -> bool {
        self.seats().into_iter().any(|p| {
            self.alliance(p).iter().any(|ac| {
                let f = ac.card.family;
                f.power_type() == PowerType::Direct && f != Family::Mimic && {
                    let copy = Direct {
                        power: f,
                        aim: Some(p),
                        ..*d
                    };
                    self.first_step(&copy).is_some()
                }
            })
        })
    }

    /// Whether `own_options` is not empty.
    fn own_any(&self, d: &Direct) -> bool {
        let own = self.alliance(d.user);
        match d.power.power() {
            Power::Move {
                from: Reach::Own, ..
            } => {
                !own.is_empty()
                    && self
                        .seats()
                        .into_iter()
                        .any(|p| p != d.user && Self::aimable(d, p))
            }
            Power::Exchange(m) => own.iter().any(|ac| self.partner_any(d, m, ac.card)),
            _ => false,
        }
    }

    /// Whether `partners` is not empty.
    fn partner_any(&self, d: &Direct, m: Matching, own: Card) -> bool {
        self.seats().into_iter().any(|p| {
            p != d.user
                && Self::aimable(d, p)
                && self
                    .alliance(p)
                    .iter()
                    .any(|ac| self.matches(m, own, ac.card))
        })
    }

    /// Whether `aim_options` is not empty.
    fn aim_any(&self, d: &Direct) -> bool {
        match d.power.power() {
            Power::Move {
                from: Reach::Own, ..
            }
            | Power::Transmute => {
                let any = d.power.power() == Power::Transmute;
                self.seats()
                    .into_iter()
                    .any(|p| (any || p != d.user) && Self::aimable(d, p))
            }
            Power::Move { from, .. } => self.seats().into_iter().any(|p| {
                (from == Reach::Any || p != d.user)
                    && Self::aimable(d, p)
                    && !self.alliance(p).is_empty()
            }),
            Power::Exchange(m) => d.own.is_some_and(|own| self.partner_any(d, m, own)),
            _ => false,
        }
    }

    #[inline]
    fn aimable(d: &Direct, p: Player) -> bool {
        d.aim.is_none_or(|a| a == p)
    }

    /// Mimic: cards of another Direct Family whose Power has a valid target
    /// in the Alliance that holds them.
    fn copy_options(&self, d: &Direct) -> Cards {
        let mut out = Cards::new();
        for p in self.seats_from(d.user) {
            for ac in self.alliance(p) {
                let f = ac.card.family;
                if f.power_type() != PowerType::Direct || f == Family::Mimic {
                    continue;
                }
                let copy = Direct {
                    power: f,
                    aim: Some(p),
                    ..*d
                };
                if self.first_step(&copy).is_some() {
                    let _ = out.push(ac.card);
                }
            }
        }
        out
    }

    /// The user's own Fairies that can be given or exchanged.
    fn own_options(&self, d: &Direct) -> Cards {
        let own = self.alliance(d.user);
        match d.power.power() {
            Power::Move {
                from: Reach::Own, ..
            } => {
                let recipients = self
                    .seats()
                    .iter()
                    .any(|&p| p != d.user && Self::aimable(d, p));
                if recipients {
                    own.iter().map(|ac| ac.card).collect()
                } else {
                    Cards::new()
                }
            }
            Power::Exchange(m) => own
                .iter()
                .map(|ac| ac.card)
                .filter(|&x| !self.partners(d, m, x).is_empty())
                .collect(),
            _ => Cards::new(),
        }
    }

    #[inline]
    fn matches(&self, m: Matching, x: Card, y: Card) -> bool {
        match m {
            Matching::EqualFavor => self.favor(x) == self.favor(y),
            Matching::SameFamily => x.family == y.family,
        }
    }

    /// Opponents' Fairies that `own` can be exchanged with.
    fn partners(&self, d: &Direct, m: Matching, own: Card) -> Cards {
        let mut out = Cards::new();
        for p in self.seats_from(d.user) {
            if p == d.user || !Self::aimable(d, p) {
                continue;
            }
            for ac in self.alliance(p) {
                if self.matches(m, own, ac.card) {
                    let _ = out.push(ac.card);
                }
            }
        }
        out
    }

    fn aim_options(&self, d: &Direct) -> ArrayVec<Target, DECK_SIZE> {
        let mut out = ArrayVec::new();
        self.each_aim(d, |t| {
            let _ = out.try_push(t);
        });
        out
    }

    /// Calls `f` with every target of `aim_options(d)`, in order, without
    /// building the list.
    fn each_aim(&self, d: &Direct, mut f: impl FnMut(Target)) {
        match d.power.power() {
            Power::Move {
                from: Reach::Own, ..
            }
            | Power::Transmute => {
                let any = d.power.power() == Power::Transmute;
                for p in self.seats_from(d.user) {
                    if (any || p != d.user) && Self::aimable(d, p) {
                        f(Target::Player(p));
                    }
                }
            }
            Power::Move { from, .. } => {
                for p in self.seats_from(d.user) {
                    if (from == Reach::Any || p != d.user) && Self::aimable(d, p) {
                        for ac in self.alliance(p) {
                            f(Target::Card(ac.card));
                        }
                    }
                }
            }
            Power::Exchange(m) => {
                if let Some(own) = d.own {
                    for c in self.partners(d, m, own) {
                        f(Target::Card(c));
                    }
                }
            }
            _ => {}
        }
    }

    /// The player a target belongs to.
    #[inline]
    fn target_owner(&self, target: Target) -> Option<Player> {
        match target {
            Target::Card(c) => self.holder(c),
            Target::Player(p) => Some(p),
        }
    }

    /// Active Response cards of `player` of kind `kind`: in their Alliance, or
    /// their chosen Fairy not yet revealed this round.
    fn responses(&self, player: Player, kind: Response) -> Cards {
        let mut out = Cards::new();
        self.each_response(player, kind, |c| {
            let _ = out.push(c);
        });
        out
    }

    /// Calls `f` with every card of `responses(player, kind)`, in order,
    /// without building the list.
    fn each_response(&self, player: Player, kind: Response, mut f: impl FnMut(Card)) {
        let family = Self::response_family(kind);
        let Some(area) = self.area(player) else {
            return;
        };
        for ac in area.alliance.iter() {
            if ac.active && ac.card.family == family {
                f(ac.card);
            }
        }
        // A kept Fairy its owner has not looked at (Blinded) cannot be used:
        // offering it would tell them what it is.
        if area.chosen_seen
            && let Some(c) = area.chosen
            && c.family == family
        {
            f(c);
        }
    }

    /// Whether `card` is one of `responses(player, kind)`.
    fn is_response(&self, player: Player, kind: Response, card: Card) -> bool {
        let mut found = false;
        self.each_response(player, kind, |c| found |= c == card);
        found
    }

    /// Whether `player`'s face-down chosen Fairy could be a Response of one of
    /// `kinds` in this game. Such a player is offered the window too (and may
    /// only pass if it is not), so being asked reveals nothing.
    fn may_hold_unseen(&self, player: Player, kinds: &[Response]) -> bool {
        let families = &self.pos.config.families;
        let may = self.area(player).is_some_and(|a| a.chosen.is_some())
            && kinds
                .iter()
                .any(|&k| families.contains(&Self::response_family(k)));
        debug_assert_eq!(
            may,
            self.area(player).is_some_and(|a| a.chosen.is_some())
                && families
                    .iter()
                    .any(|f| kinds.iter().any(|&k| f.power() == Power::Respond(k)))
        );
        may
    }

    /// The one Family whose Power is the Response `kind`:
    /// `f.power() == Power::Respond(kind)` is `f == response_family(kind)`.
    pub(super) const fn response_family(kind: Response) -> Family {
        match kind {
            Response::Deflect => Family::Deflect,
            Response::Distract => Family::Distract,
            Response::Obfuscate => Family::Obfuscate,
            Response::Reflect => Family::Reflect,
        }
    }

    /// Whether `player` is offered the Response window of `d`.
    fn window_offered(&self, d: &Direct, player: Player) -> bool {
        let (Some(target), true) = (d.target, player != d.user) else {
            return false;
        };
        let Some(against) = self.target_owner(target) else {
            return false;
        };
        self.window_offered_at(d, player, target, against)
    }

    /// `window_offered` for a `player` other than the user, with the
    /// target and its owner `against` found once.
    fn window_offered_at(
        &self,
        d: &Direct,
        player: Player,
        target: Target,
        against: Player,
    ) -> bool {
        // `player` is not the user, so `player == against` means the Power
        // is directed at them. Distract answers any targeted Fairy, even one
        // in the user's own Alliance ("Fickle: whose Fairy Distract may
        // replace").
        let mut kinds = [Response::Deflect; 3];
        let mut n = 0;
        let mut add = |kind: Response| {
            if let Some(slot) = kinds.get_mut(n) {
                *slot = kind;
                n += 1;
            }
        };
        if player == against {
            add(Response::Deflect);
        }
        if let Target::Card(_) = target {
            add(Response::Distract);
            if player == against {
                add(Response::Obfuscate);
            }
        }
        let kinds = kinds.get(..n).unwrap_or(&[]);
        let offered = !kinds.is_empty()
            && (self.window_any(d, player, target, against) || self.may_hold_unseen(player, kinds));
        debug_assert_eq!(
            offered,
            !kinds.is_empty()
                && (!self.window_options(d, player).is_empty()
                    || self.may_hold_unseen(player, kinds))
        );
        offered
    }

    /// Whether `player` holds a usable Active Response of `kind` other than
    /// `except` (`responses(player, kind)` without `except` is not empty).
    fn has_response(&self, player: Player, kind: Response, except: Option<Card>) -> bool {
        let family = Self::response_family(kind);
        let is = |c: Card| c.family == family && Some(c) != except;
        self.alliance(player)
            .iter()
            .any(|ac| ac.active && is(ac.card))
            || self
                .area(player)
                .filter(|a| a.chosen_seen)
                .and_then(|a| a.chosen)
                .is_some_and(is)
    }

    /// Whether `window_options(d, player)` is not empty, for a `player`
    /// other than the user, `target` and its owner `against`.
    fn window_any(&self, d: &Direct, player: Player, target: Target, against: Player) -> bool {
        if player == d.user {
            return false;
        }
        if player == against
            && self.players() > 2
            && self.has_response(player, Response::Deflect, None)
        {
            return true;
        }
        let Target::Card(y) = target else {
            return false;
        };
        if self.has_response(player, Response::Distract, Some(y)) {
            return true;
        }
        if player != against {
            return false;
        }
        // Obfuscate from the Alliance needs another Fairy to hide with the
        // target; from the kept Fairy it always may.
        let is = |c: Card| c.family == Family::Obfuscate;
        let alliance = self.alliance(player);
        let others = alliance.iter().any(|ac| ac.card != y);
        (others && alliance.iter().any(|ac| ac.active && is(ac.card)))
            || self
                .area(player)
                .filter(|a| a.chosen_seen)
                .and_then(|a| a.chosen)
                .is_some_and(|c| is(c) && !alliance.iter().any(|ac| ac.card == c))
    }

    /// The Responses `player` may use in the window of `d`.
    fn window_options(&self, d: &Direct, player: Player) -> Cards {
        let mut out = Cards::new();
        self.each_window_option(d, player, |c| {
            let _ = out.push(c);
        });
        out
    }

    /// Calls `f` with every card of `window_options(d, player)`, in order,
    /// without building the list.
    fn each_window_option(&self, d: &Direct, player: Player, mut f: impl FnMut(Card)) {
        let Some(target) = d.target else {
            return;
        };
        let Some(against) = self.target_owner(target) else {
            return;
        };
        if player == d.user {
            return;
        }
        if player == against && self.players() > 2 {
            self.each_response(player, Response::Deflect, &mut f);
        }
        if let Target::Card(y) = target {
            self.each_response(player, Response::Distract, |c| {
                if c != y {
                    f(c);
                }
            });
            if player == against {
                let others = self.alliance(player).iter().any(|ac| ac.card != y);
                self.each_response(player, Response::Obfuscate, |c| {
                    if others || !self.in_alliance_of(player, c) {
                        f(c);
                    }
                });
            }
        }
    }

    /// Offers the window to the next player (from the user's neighbour in
    /// round direction) who has a usable Response and has not passed; resolves
    /// the Power when nobody is left.
    fn open_window(
        &mut self,
        mut d: Direct,
        passed: PlayerSet,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) {
        // Only Deflect, Distract and Obfuscate cards answer a window: in a
        // game without them (every card is of the game's Families), nobody
        // is offered one.
        let windows = self.in_game(Family::Deflect)
            || self.in_game(Family::Distract)
            || self.in_game(Family::Obfuscate);
        let aimed = d
            .target
            .filter(|_| windows)
            .and_then(|t| Some((t, self.target_owner(t)?)));
        if let Some((target, against)) = aimed {
            for p in self.seats_from(self.next_seat(d.user)) {
                // Who passed is not asked again: their window is not worked
                // out.
                if passed.contains(p) {
                    continue;
                }
                let offered = p != d.user && self.window_offered_at(&d, p, target, against);
                debug_assert_eq!(offered, self.window_offered(&d, p));
                if offered {
                    d.step = Step::Window {
                        responder: p,
                        passed,
                    };
                    self.set_resolution(Some(Resolution::Direct(d)));
                    return;
                }
            }
        }
        self.execute(d, rng, events);
    }

    /// Uses a Response card: Idle in its Alliance, or revealed Idle from the
    /// player's unrevealed chosen Fairy.
    fn use_response(&mut self, player: Player, card: Card, events: &mut impl Sink) {
        if self.area(player).and_then(|a| a.chosen) == Some(card) {
            let _ = self.reveal(player, events);
        }
        self.set_idle(card);
        push(events, Event::Responded { player, card });
    }

    /// The Power takes effect.
    fn execute(&mut self, mut d: Direct, rng: &mut (impl Rng + ?Sized), events: &mut impl Sink) {
        let Some(target) = d.target else {
            self.set_resolution(None);
            return;
        };
        let against = self.target_owner(target);
        if let Target::Card(y) = target
            && y.family == Family::Reflect
            && self.alliance_card(y).is_some_and(|ac| ac.active)
        {
            d.reflect_target = Some(y);
        }
        match (d.power.power(), target) {
            (Power::Move { to, .. }, Target::Card(y)) => match to {
                Destination::Dismiss => self.dismiss_from_alliance(y, events),
                _ => self.move_to(y, d.user, events),
            },
            (Power::Move { .. }, Target::Player(p)) => {
                if let Some(x) = d.own {
                    self.move_to(x, p, events);
                }
            }
            (Power::Exchange(_), Target::Card(y)) => {
                if let (Some(x), Some(other)) = (d.own, against) {
                    self.move_to(x, other, events);
                    self.move_to(y, d.user, events);
                }
            }
            (Power::Transmute, Target::Player(p)) => self.transmute(p, rng, events),
            _ => {}
        }
        d.against = against;
        // Only a Reflect card answers a resolved Power (a targeted Reflect
        // too): none in a game without them.
        match against {
            Some(p)
                if p != d.user
                    && self.in_game(Family::Reflect)
                    && (!self.reflect_options(&d, p).is_empty()
                        || self.may_hold_unseen(p, &[Response::Reflect])) =>
            {
                d.step = Step::Reflect { player: p };
                self.set_resolution(Some(Resolution::Direct(d)));
            }
            _ => self.set_resolution(None),
        }
    }

    /// Transmute: the player's unrevealed Fairy is dismissed and the top card
    /// of the deck joins their Alliance, Idle.
    fn transmute(&mut self, p: Player, rng: &mut (impl Rng + ?Sized), events: &mut impl Sink) {
        let mut knows = self.knows_lineup(p);
        if self.area(p).is_some_and(|a| !a.chosen_seen) {
            knows.remove(p);
        }
        if let Some(card) = self.area_mut(p).and_then(|a| a.chosen.take()) {
            self.discard(card);
            // The player has nothing left to reveal: their turn goes, so
            // that no view shows where the unseen Fairy stood in the resolve
            // order (which would tell its Favor).
            if let Phase::Powers { order, next, .. } = &mut self.pos.phase {
                let done = usize::from(*next);
                *order = order
                    .iter()
                    .enumerate()
                    .filter(|&(i, &q)| i < done || q != p)
                    .map(|(_, &q)| q)
                    .collect();
            }
            push(
                events,
                Event::Moved {
                    card: Some(card),
                    from: Zone::Chosen(p),
                    to: Zone::Dismiss,
                    knows: Some(knows),
                },
            );
        }
        if let Some(card) = self.draw(rng, events) {
            self.put(p, AllianceCard::idle(card));
            push(
                events,
                Event::Moved {
                    card: Some(card),
                    from: Zone::Deck,
                    to: Zone::Alliance(p),
                    knows: None,
                },
            );
        }
    }

    /// Reflect cards `player` may use after `d` resolved against them.
    fn reflect_options(&self, d: &Direct, player: Player) -> Cards {
        let mut out = self.responses(player, Response::Reflect);
        if let Some(y) = d.reflect_target
            && !out.contains(&y)
            && self.alliance_card(y).is_none_or(|ac| ac.active)
            && !self.in_hidden_zone(y)
        {
            let _ = out.push(y);
        }
        out
    }

    /// Whether `card` is somewhere no Power can reach (deck, a hand, a chosen
    /// Fairy): only the Dismiss pile and Alliances count as "moved or
    /// dismissed" for a targeted Reflect.
    fn in_hidden_zone(&self, card: Card) -> bool {
        self.pos.deck.contains(&card)
            || self
                .pos
                .areas
                .iter()
                .any(|a| a.chosen == Some(card) || a.hand.contains(&card))
    }

    // ---- Chain Powers ----

    fn open_avoid(&mut self, mut c: Chain, passed: PlayerSet, events: &mut impl Sink) {
        // Only a Deflect card avoids a Chain Power: nobody is asked in a game
        // without them.
        if self.in_game(Family::Deflect) {
            for p in self.seats_from(self.next_seat(c.user)) {
                if p != c.user
                    && !passed.contains(p)
                    && !c.avoided.contains(p)
                    && (self.has_response(p, Response::Deflect, None)
                        || self.may_hold_unseen(p, &[Response::Deflect]))
                {
                    c.step = ChainStep::Avoid {
                        responder: p,
                        passed,
                    };
                    self.set_resolution(Some(Resolution::Chain(c)));
                    return;
                }
            }
        }
        self.begin_picks(c, events);
    }

    #[inline]
    fn chain_pick(c: &Chain) -> (Extreme, ChainEffect) {
        match c.source.family.power() {
            Power::Chain { pick, effect } => (pick, effect),
            _ => (Extreme::Highest, ChainEffect::Dismiss),
        }
    }

    fn pick_options(&self, c: &Chain, p: Player) -> Cards {
        let (pick, _) = Self::chain_pick(c);
        if c.avoided.contains(p) || c.picks.get(p.index()).copied().flatten().is_some() {
            return Cards::new();
        }
        let ext = self.extremes(p, pick == Extreme::Highest);
        if ext.len() >= 2 { ext } else { Cards::new() }
    }

    /// The Favor `p` picks among in `c` (their highest or lowest), when they
    /// still pick: tied between two Fairies or more
    /// (`pick_options(c, p)` is the Fairies of `p` with this Favor).
    fn pick_favor(&self, c: &Chain, p: Player) -> Option<i8> {
        let (pick, _) = Self::chain_pick(c);
        if c.avoided.contains(p) || c.picks.get(p.index()).copied().flatten().is_some() {
            return None;
        }
        match self.extreme_count(p, pick == Extreme::Highest) {
            (2.., Some(first)) => Some(self.favor(first)),
            _ => None,
        }
    }

    /// Whether `p` still picks in `c`: they did not avoid it and have not
    /// picked yet.
    #[inline]
    fn still_picks(c: &Chain, p: Player) -> bool {
        !c.avoided.contains(p) && c.picks.get(p.index()).copied().flatten().is_none()
    }

    /// 1 when `c` picks the highest Favor, -1 for the lowest: the lowest is
    /// the highest of the negated values (in `i16`, where -(-128) fits).
    #[inline]
    fn pick_sign(c: &Chain) -> i16 {
        match Self::chain_pick(c) {
            (Extreme::Highest, _) => 1,
            (Extreme::Lowest, _) => -1,
        }
    }

    /// Whether `card` is one of `pick_options(c, p)`: a Fairy of `p`'s
    /// Alliance with their extreme Favor, tied with another. One look at
    /// the Alliance finds the extreme, how many share it and the card.
    fn pick_allows(&self, c: &Chain, p: Player, card: Card) -> bool {
        if !Self::still_picks(c, p) {
            debug_assert!(self.pick_favor(c, p).is_none());
            return false;
        }
        let table = &self.pos.config.favor;
        let sign = Self::pick_sign(c);
        let mut best = i16::MIN;
        let mut count = 0usize;
        let mut found = false;
        for ac in self.alliance(p) {
            let v = sign * i16::from(table.favor(ac.card));
            count = if v > best {
                1
            } else {
                count + usize::from(v == best)
            };
            best = best.max(v);
            found |= ac.card == card;
        }
        let allows = found && count >= 2 && sign * i16::from(table.favor(card)) == best;
        debug_assert_eq!(
            allows,
            self.pick_favor(c, p)
                .is_some_and(|favor| { self.favor(card) == favor && self.in_alliance_of(p, card) })
        );
        allows
    }

    /// Whether `pick_options(c, p)` is not empty.
    fn pick_any(&self, c: &Chain, p: Player) -> bool {
        let (pick, _) = Self::chain_pick(c);
        let any = !c.avoided.contains(p)
            && c.picks.get(p.index()).copied().flatten().is_none()
            && self.extreme_count(p, pick == Extreme::Highest).0 >= 2;
        debug_assert_eq!(any, !self.pick_options(c, p).is_empty());
        any
    }

    fn begin_picks(&mut self, mut c: Chain, events: &mut impl Sink) {
        let (pick, _) = Self::chain_pick(&c);
        // One look at each Alliance: a sole highest (lowest) Fairy is picked
        // at once; a player tied between two or more picks
        // ([`pick_any`](State::pick_any)).
        let mut pickers = PlayerSet::EMPTY;
        for p in self.seats() {
            if c.avoided.contains(p) {
                continue;
            }
            let Some(slot) = c.picks.get_mut(p.index()) else {
                continue;
            };
            match self.extreme_count(p, pick == Extreme::Highest) {
                (1, Some(only)) => *slot = Some(only),
                (2.., _) if slot.is_none() => pickers.insert(p),
                _ => {}
            }
        }
        c.step = ChainStep::Pick;
        self.pick_next(c, pickers, events);
    }

    /// The Chain `c` waits for `pickers` (every player who
    /// [`pick_any`](State::pick_any)), or resolves when nobody is left:
    /// who acts next is handed on to `apply`.
    fn pick_next(&mut self, c: Chain, pickers: PlayerSet, events: &mut impl Sink) {
        debug_assert_eq!(
            pickers,
            self.seats()
                .into_iter()
                .filter(|&p| self.pick_any(&c, p))
                .collect::<PlayerSet>()
        );
        if pickers.is_empty() {
            self.resolve_chain(c, events);
        } else {
            self.set_resolution(Some(Resolution::Chain(c)));
            self.set_next_to_act(pickers);
        }
    }

    /// Everyone has chosen: resolve from the user in round direction.
    fn resolve_chain(&mut self, c: Chain, events: &mut impl Sink) {
        let (_, effect) = Self::chain_pick(&c);
        let ring: super::state::Seats = self
            .seats_from(c.user)
            .into_iter()
            .filter(|&p| !c.avoided.contains(p))
            .collect();
        let picked = |p: Player| c.picks.get(p.index()).copied().flatten();
        match effect {
            ChainEffect::Dismiss => {
                for &p in &ring {
                    if let Some(card) = picked(p) {
                        self.dismiss_from_alliance(card, events);
                    }
                }
            }
            ChainEffect::PassOn => {
                let mut moving = ArrayVec::<(Player, Player, AllianceCard), MAX_PLAYERS>::new();
                for (i, &p) in ring.iter().enumerate() {
                    let to = ring.get((i + 1) % ring.len()).copied().unwrap_or(p);
                    if let Some(card) = picked(p)
                        && let Some((from, ac)) = self.take(card)
                    {
                        let _ = moving.try_push((from, to, ac));
                    }
                }
                for (from, to, ac) in moving {
                    self.put(to, ac);
                    push(
                        events,
                        Event::Moved {
                            card: Some(ac.card),
                            from: Zone::Alliance(from),
                            to: Zone::Alliance(to),
                            knows: None,
                        },
                    );
                }
            }
        }
        self.set_resolution(None);
    }

    // ---- Decisions ----

    /// Whether `card` is one of `player`'s Active Response cards they may
    /// use (in their Alliance, or their seen kept Fairy).
    fn is_own_response(&self, player: Player, card: Card) -> bool {
        match card.family.power() {
            Power::Respond(kind) => self.is_response(player, kind, card),
            _ => false,
        }
    }

    #[inline]
    fn in_alliance_of(&self, player: Player, card: Card) -> bool {
        self.alliance(player).iter().any(|ac| ac.card == card)
    }

    /// The rule `action` breaks, for a player who has a decision (`legal`)
    /// that does not include it.
    pub(super) fn violation(
        &self,
        player: Player,
        action: Action,
        legal: &ActionList<Action>,
    ) -> Violation {
        // A Response window always offers Pass, and may offer no Response.
        let respond_in_window =
            matches!(action, Action::Respond(_)) && legal.contains(&Action::Pass);
        if !respond_in_window && !legal.iter().any(|a| a.same_kind(action)) {
            return Violation::WrongDecision;
        }
        let area = self.area(player);
        match (&self.pos.phase, action) {
            (Phase::Opening, Action::Dismiss(c)) => Violation::NotInHand(c),
            (Phase::Lineup, Action::Place(c)) => {
                let placed = area
                    .and_then(|a| a.hand.get(..usize::from(a.placed)))
                    .unwrap_or(&[]);
                if placed.contains(&c) {
                    Violation::AlreadyPlaced(c)
                } else {
                    Violation::NotInHand(c)
                }
            }
            (Phase::StartRound { .. }, Action::Target(c)) => Violation::NotATarget(Target::Card(c)),
            (Phase::Powers { .. }, _) => match self.resolution() {
                Some(r) => self.resolution_violation(r, player, action),
                None => Violation::WrongDecision,
            },
            (Phase::Scoring, Action::Pair(c)) => {
                if self.in_alliance_of(player, c) {
                    Violation::CannotPair(c)
                } else {
                    Violation::NotYourFairy(c)
                }
            }
            (Phase::Scoring, Action::ScoreAs(f)) => Violation::CannotScoreAs(f),
            _ => Violation::WrongDecision,
        }
    }

    fn resolution_violation(&self, r: Resolution, player: Player, action: Action) -> Violation {
        let respond = |c: Card| {
            if self.is_own_response(player, c) {
                Violation::ResponseNotAvailable(c)
            } else {
                Violation::NotYourResponse(c)
            }
        };
        match (r, action) {
            (_, Action::Respond(c)) => respond(c),
            (Resolution::Direct(d), Action::Target(c)) => match d.step {
                Step::Copy => Violation::CannotCopy(c),
                Step::Own if !self.in_alliance_of(player, c) => Violation::NotYourFairy(c),
                Step::Own => Violation::NoMatch(c),
                Step::Conceal { .. } if !self.in_alliance_of(player, c) => {
                    Violation::NotYourFairy(c)
                }
                _ => Violation::NotATarget(Target::Card(c)),
            },
            (Resolution::Direct(_), Action::TargetPlayer(p)) => {
                Violation::NotATarget(Target::Player(p))
            }
            (Resolution::Chain(_), Action::Target(c)) => Violation::NotTied(c),
            _ => Violation::WrongDecision,
        }
    }

    #[inline(never)]
    pub(super) fn resolution_actions(
        &self,
        r: &Resolution,
        player: Player,
        list: &mut ActionList<Action>,
    ) {
        match r {
            Resolution::Direct(d) => match d.step {
                Step::Copy if player == d.user => {
                    for c in self.copy_options(d) {
                        let _ = list.try_push(Action::Target(c));
                    }
                }
                Step::Own if player == d.user => {
                    // `own_options(d)`, written straight into the list.
                    let own = self.alliance(d.user);
                    match d.power.power() {
                        Power::Move {
                            from: Reach::Own, ..
                        } if self
                            .seats()
                            .iter()
                            .any(|&p| p != d.user && Self::aimable(d, p)) =>
                        {
                            for ac in own {
                                let _ = list.try_push(Action::Target(ac.card));
                            }
                        }
                        Power::Exchange(m) => {
                            for ac in own {
                                if self.partner_any(d, m, ac.card) {
                                    let _ = list.try_push(Action::Target(ac.card));
                                }
                            }
                        }
                        _ => {}
                    }
                    debug_assert!(
                        list.iter()
                            .copied()
                            .eq(self.own_options(d).iter().map(|&c| Action::Target(c)))
                    );
                }
                Step::Aim if player == d.user => {
                    self.each_aim(d, |t| {
                        let _ = list.try_push(match t {
                            Target::Card(c) => Action::Target(c),
                            Target::Player(p) => Action::TargetPlayer(p),
                        });
                    });
                }
                Step::Window { responder, .. }
                    if player == responder && self.window_offered(d, player) =>
                {
                    self.each_window_option(d, player, |c| {
                        let _ = list.try_push(Action::Respond(c));
                    });
                    let _ = list.try_push(Action::Pass);
                }
                Step::Redirect { deflector } if player == deflector => {
                    for p in self.seats_from(self.next_seat(d.user)) {
                        if p != deflector && p != d.user {
                            let _ = list.try_push(Action::TargetPlayer(p));
                        }
                    }
                }
                Step::Conceal { holder } if player == holder => {
                    let target = match d.target {
                        Some(Target::Card(y)) => Some(y),
                        _ => None,
                    };
                    for ac in self.alliance(holder) {
                        if Some(ac.card) != target {
                            let _ = list.try_push(Action::Target(ac.card));
                        }
                    }
                }
                Step::Guess if player == d.user && d.concealed.is_some() => {
                    let _ = list.try_push(Action::Pick(FaceDown::First));
                    let _ = list.try_push(Action::Pick(FaceDown::Second));
                }
                Step::Reflect { player: p } if player == p => {
                    for c in self.reflect_options(d, p) {
                        let _ = list.try_push(Action::Respond(c));
                    }
                    let _ = list.try_push(Action::Pass);
                }
                _ => {}
            },
            Resolution::Chain(c) => match c.step {
                ChainStep::Avoid { responder, .. } if responder == player => {
                    self.each_response(player, Response::Deflect, |c| {
                        let _ = list.try_push(Action::Respond(c));
                    });
                    let _ = list.try_push(Action::Pass);
                }
                ChainStep::Pick => {
                    // `pick_options(c, player)`, in one look at the Alliance:
                    // the cards of the best Favor so far are listed, and the
                    // list starts over at a better one.
                    if Self::still_picks(c, player) {
                        let start = list.len();
                        let sign = Self::pick_sign(c);
                        let table = &self.pos.config.favor;
                        let mut best = i16::MIN;
                        for ac in self.alliance(player) {
                            let v = sign * i16::from(table.favor(ac.card));
                            if v > best {
                                list.truncate(start);
                                best = v;
                            }
                            if v == best {
                                let _ = list.try_push(Action::Target(ac.card));
                            }
                        }
                        if list.len() < start + 2 {
                            list.truncate(start);
                        }
                    }
                    debug_assert!(
                        list.iter().copied().eq(self
                            .pick_options(c, player)
                            .iter()
                            .map(|&c| Action::Target(c)))
                    );
                }
                ChainStep::Avoid { .. } => {}
            },
        }
    }

    /// Whether `player` has a decision in the resolution `r`
    /// (`resolution_actions` lists something), without building the list.
    pub(super) fn resolution_acts(&self, r: &Resolution, player: Player) -> bool {
        match r {
            Resolution::Direct(d) => match d.step {
                Step::Copy => player == d.user && self.copy_any(d),
                Step::Own => player == d.user && self.own_any(d),
                Step::Aim => player == d.user && self.aim_any(d),
                // A window always offers Pass.
                Step::Window { responder, .. } => {
                    player == responder && self.window_offered(d, player)
                }
                Step::Redirect { deflector } => {
                    player == deflector
                        && self.seats().iter().any(|&p| p != deflector && p != d.user)
                }
                Step::Conceal { holder } => {
                    player == holder && {
                        let target = match d.target {
                            Some(Target::Card(y)) => Some(y),
                            _ => None,
                        };
                        self.alliance(holder)
                            .iter()
                            .any(|ac| Some(ac.card) != target)
                    }
                }
                Step::Guess => player == d.user && d.concealed.is_some(),
                // A Reflect offer always offers Pass.
                Step::Reflect { player: p } => player == p,
            },
            Resolution::Chain(c) => match c.step {
                ChainStep::Avoid { responder, .. } => responder == player,
                ChainStep::Pick => self.pick_any(c, player),
            },
        }
    }

    /// Whether `resolution_actions` lists `action` for `player`, who
    /// [`acts`](State::acts) in `r`: the rule of the step, checked directly.
    #[inline(never)]
    pub(super) fn resolution_allows(&self, r: &Resolution, player: Player, action: Action) -> bool {
        let seated = |p: Player| p.index() < self.players();
        match r {
            Resolution::Direct(d) => match (d.step, action) {
                (Step::Copy, Action::Target(c)) => {
                    let f = c.family;
                    f.power_type() == PowerType::Direct
                        && f != Family::Mimic
                        && self.holder(c).is_some_and(|p| {
                            let copy = Direct {
                                power: f,
                                aim: Some(p),
                                ..*d
                            };
                            self.first_step(&copy).is_some()
                        })
                }
                (Step::Own, Action::Target(c)) => {
                    self.in_alliance_of(d.user, c)
                        && match d.power.power() {
                            Power::Move {
                                from: Reach::Own, ..
                            } => true,
                            Power::Exchange(m) => self.partner_any(d, m, c),
                            _ => false,
                        }
                }
                (Step::Aim, Action::TargetPlayer(p)) => match d.power.power() {
                    Power::Move {
                        from: Reach::Own, ..
                    } => seated(p) && p != d.user && Self::aimable(d, p),
                    Power::Transmute => seated(p) && Self::aimable(d, p),
                    _ => false,
                },
                (Step::Aim, Action::Target(c)) => match d.power.power() {
                    Power::Move {
                        from: Reach::Own, ..
                    }
                    | Power::Transmute => false,
                    Power::Move { from, .. } => self.holder(c).is_some_and(|p| {
                        (from == Reach::Any || p != d.user) && Self::aimable(d, p)
                    }),
                    Power::Exchange(m) => d.own.is_some_and(|own| {
                        self.holder(c).is_some_and(|p| {
                            p != d.user && Self::aimable(d, p) && self.matches(m, own, c)
                        })
                    }),
                    _ => false,
                },
                (Step::Window { .. } | Step::Reflect { .. }, Action::Pass) => true,
                (Step::Window { .. }, Action::Respond(c)) => {
                    let mut found = false;
                    self.each_window_option(d, player, |x| found |= x == c);
                    found
                }
                (Step::Redirect { deflector }, Action::TargetPlayer(p)) => {
                    seated(p) && p != deflector && p != d.user
                }
                (Step::Conceal { holder }, Action::Target(c)) => {
                    d.target != Some(Target::Card(c)) && self.in_alliance_of(holder, c)
                }
                (Step::Guess, Action::Pick(_)) => true,
                (Step::Reflect { player: p }, Action::Respond(c)) => {
                    self.reflect_options(d, p).contains(&c)
                }
                _ => false,
            },
            Resolution::Chain(c) => match (c.step, action) {
                (ChainStep::Avoid { .. }, Action::Pass) => true,
                (ChainStep::Avoid { .. }, Action::Respond(card)) => {
                    self.is_response(player, Response::Deflect, card)
                }
                (ChainStep::Pick, Action::Target(card)) => self.pick_allows(c, player, card),
                _ => false,
            },
        }
    }

    /// Applies a decision already checked against the legal list.
    pub(super) fn resolve_action(
        &mut self,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) {
        match self.resolution() {
            Some(Resolution::Direct(d)) => self.direct_action(d, player, action, rng, events),
            Some(Resolution::Chain(c)) => self.chain_action(c, player, action, events),
            None => {}
        }
    }

    fn direct_action(
        &mut self,
        mut d: Direct,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) {
        match (d.step, action) {
            (Step::Copy, Action::Target(card)) => {
                let Some(owner) = self.holder(card) else {
                    return;
                };
                d.power = card.family;
                d.aim = Some(owner);
                push(
                    events,
                    Event::PowerUsed {
                        player,
                        card: d.source,
                        power: card.family,
                    },
                );
                self.continue_direct(d, events);
            }
            (Step::Own, Action::Target(card)) => {
                d.own = Some(card);
                d.step = Step::Aim;
                self.set_resolution(Some(Resolution::Direct(d)));
            }
            (Step::Aim, Action::Target(card)) => {
                self.aimed(d, Target::Card(card), rng, events);
            }
            (Step::Aim, Action::TargetPlayer(p)) => {
                self.aimed(d, Target::Player(p), rng, events);
            }
            (Step::Window { passed, .. }, Action::Pass) => {
                let mut passed = passed;
                passed.insert(player);
                self.open_window(d, passed, rng, events);
            }
            (Step::Window { .. }, Action::Respond(card)) => {
                self.use_response(player, card, events);
                match card.family.power() {
                    Power::Respond(Response::Deflect) => {
                        d.step = Step::Redirect { deflector: player };
                        self.set_resolution(Some(Resolution::Direct(d)));
                    }
                    Power::Respond(Response::Distract) => {
                        d.target = Some(Target::Card(card));
                        push(
                            events,
                            Event::Aimed {
                                player: d.user,
                                target: Target::Card(card),
                            },
                        );
                        self.open_window(d, PlayerSet::EMPTY, rng, events);
                    }
                    _ => {
                        d.step = Step::Conceal { holder: player };
                        self.set_resolution(Some(Resolution::Direct(d)));
                    }
                }
            }
            (Step::Redirect { .. }, Action::TargetPlayer(p)) => {
                push(events, Event::Redirected { to: p });
                d.aim = Some(p);
                d.own = None;
                d.target = None;
                self.continue_direct(d, events);
            }
            (Step::Conceal { .. }, Action::Target(second)) => {
                if let Some(Target::Card(y)) = d.target {
                    let mut pair = [y, second];
                    let sorted = if y <= second {
                        [y, second]
                    } else {
                        [second, y]
                    };
                    crate::rng::shuffle(rng, &mut pair);
                    d.concealed = Some(pair);
                    d.step = Step::Guess;
                    push(events, Event::Concealed { cards: sorted });
                    self.set_resolution(Some(Resolution::Direct(d)));
                }
            }
            (Step::Guess, Action::Pick(pick)) => {
                let Some(pair) = d.concealed.take() else {
                    return;
                };
                let card = match pick {
                    FaceDown::First => pair[0],
                    FaceDown::Second => pair[1],
                };
                push(events, Event::Picked { pick, card });
                d.target = Some(Target::Card(card));
                self.open_window(d, PlayerSet::EMPTY, rng, events);
            }
            (Step::Reflect { .. }, Action::Respond(card)) => {
                // A targeted Reflect is used wherever it went (Idle if it is in
                // an Alliance; nothing to turn if it was dismissed).
                self.use_response(player, card, events);
                push(
                    events,
                    Event::PowerUsed {
                        player,
                        card,
                        power: d.power,
                    },
                );
                self.start_direct(player, card, d.power, None, events);
            }
            (Step::Reflect { .. }, Action::Pass) => self.set_resolution(None),
            _ => {}
        }
    }

    /// After Mimic chose a Power or Deflect chose an opponent: the Power
    /// starts over aimed at that player, or fizzles without a valid target.
    fn continue_direct(&mut self, mut d: Direct, events: &mut impl Sink) {
        match self.first_step(&d) {
            Some(step) => {
                d.step = step;
                self.set_resolution(Some(Resolution::Direct(d)));
            }
            None => {
                push(events, Event::NoEffect { card: d.source });
                self.set_resolution(None);
            }
        }
    }

    fn aimed(
        &mut self,
        mut d: Direct,
        target: Target,
        rng: &mut (impl Rng + ?Sized),
        events: &mut impl Sink,
    ) {
        d.target = Some(target);
        push(
            events,
            Event::Aimed {
                player: d.user,
                target,
            },
        );
        self.open_window(d, PlayerSet::EMPTY, rng, events);
    }

    fn chain_action(
        &mut self,
        mut c: Chain,
        player: Player,
        action: Action,
        events: &mut impl Sink,
    ) {
        match (c.step, action) {
            (ChainStep::Avoid { passed, .. }, Action::Respond(card)) => {
                self.use_response(player, card, events);
                c.avoided.insert(player);
                push(events, Event::Avoided { player });
                let mut passed = passed;
                passed.insert(player);
                self.open_avoid(c, passed, events);
            }
            (ChainStep::Avoid { passed, .. }, Action::Pass) => {
                let mut passed = passed;
                passed.insert(player);
                self.open_avoid(c, passed, events);
            }
            (ChainStep::Pick, Action::Target(card)) => {
                if let Some(slot) = c.picks.get_mut(player.index()) {
                    *slot = Some(card);
                }
                push(events, Event::Committed { player });
                // A pick changes no Alliance: the others still pick.
                let mut pickers = self.acting();
                pickers.remove(player);
                self.pick_next(c, pickers, events);
            }
            _ => {}
        }
    }
}
