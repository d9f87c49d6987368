//! A position in a game of Fairy Season, and how actions change it.

use core::fmt;

use arrayvec::ArrayVec;
use rand_core::Rng;

use super::action::{Action, Violation};
use super::cards::{Card, CardKind, DECK_SIZE, Royal, Season};
use super::config::{Config, Direction, GoblinEffect, MAX_AMOUNT, MAX_PLAYERS};
use super::event::Event;
use super::rules;
use super::score;
use super::setup::{Setup, SetupError};
use super::view::View;
use super::words::ParseActionError;
use crate::{
    ActionError, ActionList, ConfigError, Events, Game, List, Outcome, Player, PlayerSet, Score,
    Seat,
};
// Fairy Season's events per apply stay below 40 (a refill of five hands is
// 25 draws), well inside the capacity.
use crate::game::push_event as push;

/// Cards dealt to each player, and the hand size everyone draws back up to
/// after a Swarm is won.
pub const HAND_SIZE: usize = 5;

/// A hand, a Stash, the Swarm or the deck: at most all 90 cards. A `List`
/// is `Copy`, so cloning a state is one `memcpy`.
pub(super) type Pile = List<Card, DECK_SIZE>;
/// Cards a player has chosen to pass.
pub(super) type Chosen = List<Card, { MAX_AMOUNT as usize }>;

/// What the game is waiting for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Phase {
    /// `player` plays a card onto the Swarm or flunks.
    Turn {
        /// Whose turn it is.
        player: Player,
    },
    /// `player` puts `left` more cards from hand onto their Stash (a Season
    /// Fairy's ability or a Goblin); then the Matching Bonus if `bonus`.
    Stashing {
        /// Who stashes.
        player: Player,
        /// Cards still to stash.
        left: u8,
        /// Whether the Matching Bonus follows.
        bonus: bool,
    },
    /// `player` takes the Matching Bonus: draw one, stash one, or skip.
    Bonus {
        /// Who earned it.
        player: Player,
    },
    /// `player` chooses a Stash to play the top Fairy of.
    Robbing {
        /// Who played the Goblin.
        player: Player,
    },
    /// `player` chooses a rival to steal `count` cards from.
    Stealing {
        /// Who played the Goblin.
        player: Player,
        /// Cards to steal.
        count: u8,
    },
    /// `player` chooses a rival to swap hands with.
    Swapping {
        /// Who played the Goblin.
        player: Player,
    },
    /// `player` chooses which way everyone passes `count` cards.
    Aiming {
        /// Who played the Goblin.
        player: Player,
        /// Cards each player passes.
        count: u8,
    },
    /// Every player with cards chooses `count` of them (or all, if fewer),
    /// one card per action; `to_act` holds everyone still choosing.
    Passing {
        /// Who played the Goblin (their turn ends afterwards).
        player: Player,
        /// Which way the cards go.
        direction: Direction,
        /// Cards each player passes.
        count: u8,
    },
    /// `flunker` flunked; `asked` may now play a Royal Fairy out of turn or
    /// pass. Every other player with cards is asked once, in turn order.
    RoyalWindow {
        /// Who flunked.
        flunker: Player,
        /// Who is asked now.
        asked: Player,
    },
    /// The game is over; these players share the victory.
    Over {
        /// The winners.
        #[cfg_attr(feature = "arbitrary", arbitrary(with = super::arbitrary::player_set))]
        winners: PlayerSet,
    },
}

/// A game of Fairy Season in progress, including the hidden deck and hands.
///
/// Randomness is consumed only by [`State::new`](crate::Game::new) (one
/// Fisher-Yates shuffle of the 90 cards); `apply` consumes none.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(try_from = "Setup", into = "Setup"))]
pub struct State {
    pub(super) config: Config,
    /// The face-down deck, top card last.
    pub(super) deck: Pile,
    pub(super) hands: [Pile; MAX_PLAYERS],
    /// Stashes, bottom first.
    pub(super) stashes: [Pile; MAX_PLAYERS],
    /// Cards each player has chosen to pass (only while passing).
    pub(super) chosen: [Chosen; MAX_PLAYERS],
    /// The Swarm, bottom first.
    pub(super) swarm: Pile,
    /// The Swarm's topmost Season Fairy (`rules::topmost_season` of
    /// `swarm`), kept as the Swarm changes.
    pub(super) top: Option<(Season, u8)>,
    /// The cards that may be played onto the Swarm now
    /// (`rules::playable_under` of `swarm` and `top`), kept as the Swarm
    /// changes.
    pub(super) playable: rules::Playable,
    pub(super) last_played: Option<Player>,
    pub(super) phase: Phase,
    /// Who is to act ([`State::compute_acting`] of the rest), kept as the
    /// phase and the choices to pass change, so `to_act` and the check of
    /// the actor are one read.
    pub(super) acting: PlayerSet,
}

impl State {
    /// The game's config.
    pub fn config(&self) -> &Config {
        &self.config
    }

    /// What the game is waiting for.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The Swarm, bottom first.
    pub fn swarm(&self) -> &[Card] {
        &self.swarm
    }

    /// The deck, top card last (hidden information).
    pub fn deck(&self) -> &[Card] {
        &self.deck
    }

    /// `player`'s hand (hidden information); empty for an unseated player.
    pub fn hand(&self, player: Player) -> &[Card] {
        self.seated(player)
            .and_then(|i| self.hands.get(i))
            .map_or(&[], |h| h.as_slice())
    }

    /// `player`'s Stash, bottom first; empty for an unseated player.
    pub fn stash(&self, player: Player) -> &[Card] {
        self.seated(player)
            .and_then(|i| self.stashes.get(i))
            .map_or(&[], |s| s.as_slice())
    }

    /// The last player to play onto the current Swarm.
    pub fn last_played(&self) -> Option<Player> {
        self.last_played
    }

    /// Points in each Stash, in seat order.
    pub fn scores(&self) -> ArrayVec<Score, MAX_PLAYERS> {
        let mut scores = ArrayVec::new();
        for stash in self.stashes.iter().take(self.players()) {
            let _ = scores.try_push(score::points(stash));
        }
        scores
    }

    /// Points in `player`'s Stash (0 for an unseated player).
    pub fn score(&self, player: Player) -> Score {
        score::points(self.stash(player))
    }

    pub(super) fn players(&self) -> usize {
        usize::from(self.config.players)
    }

    fn seated(&self, player: Player) -> Option<usize> {
        (player.index() < self.players()).then_some(player.index())
    }

    /// The player after `player` in turn order (`Player::left(1, ..)`
    /// without a division, for seated players).
    fn next(&self, player: Player) -> Player {
        let n = self.players();
        let after = player.index() + 1;
        if after <= n {
            // A select, not a branch: who follows is not predictable.
            Player(after as u8 * u8::from(after < n))
        } else {
            player.left(1, n)
        }
    }

    fn hand_len(&self, player: Player) -> usize {
        self.hand(player).len()
    }

    /// Cards `player` must choose while passing.
    fn must_choose(&self, player: Player, count: u8) -> usize {
        self.hand_len(player).min(usize::from(count))
    }

    fn chosen_of(&self, player: Player) -> &[Card] {
        self.seated(player)
            .and_then(|i| self.chosen.get(i))
            .map_or(&[], |c| c.as_slice())
    }

    /// The next player after `from` (exclusive) who is asked in the Royal
    /// window opened by `flunker`: every other player with cards, in turn
    /// order, once.
    fn next_asked(&self, flunker: Player, from: Player) -> Option<Player> {
        let mut p = self.next(from);
        while p != flunker {
            if self.hand_len(p) > 0 {
                return Some(p);
            }
            p = self.next(p);
        }
        None
    }

    /// Stashes whose top card is a Season Fairy that may be played now.
    fn rob_targets(&self) -> PlayerSet {
        (0..self.players())
            .map(|i| Player(i as u8))
            .filter(|&p| self.robbable(p))
            .collect()
    }

    /// Whether `p`'s Stash is seated and its top card is a Season Fairy
    /// that may be played now.
    fn robbable(&self, p: Player) -> bool {
        self.stash(p)
            .last()
            .is_some_and(|&c| c.season_number().is_some() && self.playable.allows(c))
    }

    fn rivals_with_stash(&self, player: Player) -> PlayerSet {
        (0..self.players())
            .map(|i| Player(i as u8))
            .filter(|&p| p != player && !self.stash(p).is_empty())
            .collect()
    }

    fn rivals(&self, player: Player) -> PlayerSet {
        PlayerSet::first(self.players())
            .iter()
            .filter(|&p| p != player)
            .collect()
    }

    // ----- moving cards -------------------------------------------------

    fn hand_mut(&mut self, player: Player) -> Option<&mut Pile> {
        let i = self.seated(player)?;
        self.hands.get_mut(i)
    }

    fn stash_mut(&mut self, player: Player) -> Option<&mut Pile> {
        let i = self.seated(player)?;
        self.stashes.get_mut(i)
    }

    fn take_from_hand(&mut self, player: Player, card: Card) -> bool {
        let Some(hand) = self.hand_mut(player) else {
            return false;
        };
        // Cards are unique, so this removes the one copy, keeping the order:
        // one pass over a short hand that writes every card back and moves
        // on past all but `card`, without a branch on which card it is.
        let cards = hand.as_mut_slice();
        let before = cards.len();
        let mut kept = 0;
        for i in 0..before {
            if let Some(c) = cards.get(i).copied() {
                if let Some(slot) = cards.get_mut(kept) {
                    *slot = c;
                }
                kept += usize::from(c != card);
            }
        }
        hand.truncate(kept);
        kept < before
    }

    fn draw(&mut self, player: Player, n: usize, events: &mut Events<Event>) {
        let Some(hand) = self.seated(player).and_then(|i| self.hands.get_mut(i)) else {
            return;
        };
        for _ in 0..n {
            let Some(card) = self.deck.pop() else {
                return;
            };
            let _ = hand.push(card);
            push(
                events,
                Event::Drew {
                    player,
                    card: Some(card),
                },
            );
            if self.deck.is_empty() {
                push(events, Event::DeckEmpty);
            }
        }
    }

    fn onto_stash(&mut self, player: Player, card: Card) {
        if let Some(stash) = self.stash_mut(player) {
            let _ = stash.push(card);
        }
    }

    /// Puts a card just taken from `player`'s hand onto their Stash;
    /// whether that won the game.
    fn stash_from_hand(&mut self, player: Player, card: Card, events: &mut Events<Event>) -> bool {
        self.onto_stash(player, card);
        push(events, Event::Stashed { player, card });
        // Nobody holds all four Royals while the game goes on (a `Setup`
        // with that is refused), so only a Royal can complete them.
        card.is_royal() && self.royal_win(player, events)
    }

    /// Ends the game if `player` holds all four Royals in their Stash.
    fn royal_win(&mut self, player: Player, events: &mut Events<Event>) -> bool {
        let stash = self.stash(player);
        if !Royal::ALL
            .iter()
            .all(|&r| stash.contains(&Card::the_royal(r)))
        {
            return false;
        }
        let winners = PlayerSet::only(player);
        self.set_phase(Phase::Over { winners });
        push(events, Event::RoyalWin { player });
        push(events, Event::GameOver { winners });
        true
    }

    // ----- the flow of a turn -------------------------------------------

    fn end_turn(&mut self, player: Player) {
        self.set_phase(Phase::Turn {
            player: self.next(player),
        });
    }

    /// After a card's stash step: the Matching Bonus if earned and possible.
    fn after_stashing(&mut self, player: Player, bonus: bool) {
        if bonus && (!self.deck.is_empty() || self.hand_len(player) > 0) {
            self.set_phase(Phase::Bonus { player });
        } else {
            self.end_turn(player);
        }
    }

    fn stash_step(&mut self, player: Player, count: u8, bonus: bool) {
        if count > 0 && self.hand_len(player) > 0 {
            self.set_phase(Phase::Stashing {
                player,
                left: count,
                bonus,
            });
        } else {
            self.after_stashing(player, bonus);
        }
    }

    /// Plays `card` (legal, just taken from `player`'s hand); `matched` is
    /// whether it earns the Matching Bonus ([`rules::is_match`] before it is
    /// played).
    fn play(&mut self, player: Player, card: Card, matched: bool, events: &mut Events<Event>) {
        let _ = self.swarm.push(card);
        self.top = card.season_number().or(self.top);
        self.swarm_changed();
        self.last_played = Some(player);
        push(events, Event::Played { player, card });
        match card.kind() {
            CardKind::Season { .. } => {
                let ability = self.config.cards.ability_of(card);
                self.draw(player, usize::from(ability.draw), events);
                self.stash_step(player, ability.stash, matched);
            }
            CardKind::Royal(_) | CardKind::Trap => self.end_turn(player),
            CardKind::Goblin(goblin) => match self.config.cards.goblin(goblin) {
                GoblinEffect::Draw(n) => {
                    self.draw(player, usize::from(n), events);
                    self.end_turn(player);
                }
                GoblinEffect::StashFromHand(n) => self.stash_step(player, n, false),
                GoblinEffect::GrabFromSwarm(n) => {
                    let mut left = n;
                    let mut i = self.swarm.len();
                    while left > 0 && i > 0 {
                        i -= 1;
                        if self.swarm.get(i).is_some_and(|c| c.kind().is_fairy()) {
                            if let Some(fairy) = self.swarm.remove(i) {
                                self.onto_stash(player, fairy);
                                push(
                                    events,
                                    Event::Grabbed {
                                        player,
                                        card: fairy,
                                    },
                                );
                            }
                            left -= 1;
                        }
                    }
                    self.top = rules::topmost_season(&self.swarm);
                    self.swarm_changed();
                    if !self.royal_win(player, events) {
                        self.end_turn(player);
                    }
                }
                GoblinEffect::StealFromStash(n) => {
                    if n > 0 && !self.rivals_with_stash(player).is_empty() {
                        self.set_phase(Phase::Stealing { player, count: n });
                    } else {
                        self.end_turn(player);
                    }
                }
                GoblinEffect::PlayFromStash => {
                    if self.rob_targets().is_empty() {
                        self.end_turn(player);
                    } else {
                        self.set_phase(Phase::Robbing { player });
                    }
                }
                GoblinEffect::PassAround(n) => {
                    let anyone = (0..self.players()).any(|i| self.hand_len(Player(i as u8)) > 0);
                    if n > 0 && anyone {
                        self.set_phase(Phase::Aiming { player, count: n });
                    } else {
                        self.end_turn(player);
                    }
                }
                GoblinEffect::SwapHands => self.set_phase(Phase::Swapping { player }),
            },
        }
    }

    fn flunk(&mut self, flunker: Player, events: &mut Events<Event>) {
        push(events, Event::Flunked { player: flunker });
        match self.next_asked(flunker, flunker) {
            Some(asked) => self.set_phase(Phase::RoyalWindow { flunker, asked }),
            None => self.end_swarm(flunker, events),
        }
    }

    /// No Royal continued the Swarm: the last player to play wins it, hands
    /// are refilled in turn order from the flunker, who starts the next one.
    fn end_swarm(&mut self, flunker: Player, events: &mut Events<Event>) {
        let cards = self.swarm.len();
        // Only a Royal can complete a Stash's four (see `stash_from_hand`).
        let royal = self.swarm.iter().fold(false, |any, c| any | c.is_royal());
        let winner = self.last_played.take();
        let stash = winner
            .and_then(|w| self.seated(w))
            .and_then(|i| self.stashes.get_mut(i));
        if let Some(stash) = stash {
            stash.extend_from_slice(&self.swarm);
        }
        self.swarm.clear();
        self.top = None;
        self.swarm_changed();
        push(events, Event::SwarmWon { winner, cards });
        if let Some(winner) = winner
            && royal
            && self.royal_win(winner, events)
        {
            return;
        }
        if self.deck.is_empty() {
            let winners = score::winners(self.stashes.get(..self.players()).unwrap_or(&[]));
            self.set_phase(Phase::Over { winners });
            push(events, Event::GameOver { winners });
            return;
        }
        let mut p = flunker;
        for _ in 0..self.players() {
            let need = HAND_SIZE.saturating_sub(self.hand_len(p));
            self.draw(p, need, events);
            p = self.next(p);
        }
        self.set_phase(Phase::Turn { player: flunker });
    }

    fn resolve_passing(
        &mut self,
        player: Player,
        direction: Direction,
        events: &mut Events<Event>,
    ) {
        let n = self.players();
        let chosen = core::mem::take(&mut self.chosen);
        for (i, cards) in chosen.iter().enumerate().take(n) {
            for &card in cards {
                self.take_from_hand(Player(i as u8), card);
            }
        }
        for (i, cards) in chosen.iter().enumerate().take(n) {
            let from = Player(i as u8);
            let to = match direction {
                Direction::Left => from.left(1, n),
                Direction::Right => from.right(1, n),
            };
            for &card in cards {
                if let Some(hand) = self.hand_mut(to) {
                    let _ = hand.push(card);
                }
                push(
                    events,
                    Event::CardPassed {
                        from,
                        to,
                        card: Some(card),
                    },
                );
            }
        }
        self.end_turn(player);
    }

    // ----- legality -----------------------------------------------------

    /// Writes `player`'s legal actions into `list` (empty), each once.
    fn list_into(&self, player: Player, list: &mut ActionList<Action>) {
        if !self.is_acting(player) {
            return;
        }
        let mut add = |a: Action| {
            let _ = list.try_push(a);
        };
        let hand = self.hand(player);
        match self.phase {
            Phase::Turn { .. } => {
                let playable = self.playable;
                // Every card is written, then the playable ones are moved
                // down in one pass that has no branch on the
                // (unpredictable) answer, and the rest cut off at once.
                for &card in hand {
                    let _ = list.try_push(Action::Play(card));
                }
                let plays = list.as_mut_slice();
                let mut kept = 0;
                for i in 0..plays.len() {
                    if let Some(play) = plays.get(i).copied() {
                        if let Some(slot) = plays.get_mut(kept) {
                            *slot = play;
                        }
                        let allowed = match play {
                            Action::Play(card) => playable.allows(card),
                            _ => false,
                        };
                        kept += usize::from(allowed);
                    }
                }
                list.truncate(kept);
                if !self.swarm.is_empty() || hand.is_empty() {
                    let _ = list.try_push(Action::Flunk);
                }
            }
            Phase::Stashing { .. } => hand.iter().for_each(|&c| add(Action::Stash(c))),
            Phase::Bonus { .. } => {
                if !self.deck.is_empty() {
                    add(Action::BonusDraw);
                }
                hand.iter().for_each(|&c| add(Action::Stash(c)));
                add(Action::SkipBonus);
            }
            Phase::Robbing { .. } => self
                .rob_targets()
                .iter()
                .for_each(|p| add(Action::RobFrom(p))),
            Phase::Stealing { .. } => self
                .rivals_with_stash(player)
                .iter()
                .for_each(|p| add(Action::StealFrom(p))),
            Phase::Swapping { .. } => self
                .rivals(player)
                .iter()
                .for_each(|p| add(Action::SwapWith(p))),
            Phase::Aiming { .. } => {
                add(Action::PassTo(Direction::Left));
                add(Action::PassTo(Direction::Right));
            }
            Phase::Passing { .. } => {
                let chosen = self.chosen_of(player);
                hand.iter()
                    .filter(|c| !chosen.contains(c))
                    .for_each(|&c| add(Action::Give(c)));
            }
            Phase::RoyalWindow { .. } => {
                hand.iter()
                    .filter(|c| c.is_royal())
                    .for_each(|&c| add(Action::Play(c)));
                add(Action::Pass);
            }
            Phase::Over { .. } => {}
        }
    }

    /// Whether `player` is to act.
    #[inline]
    fn is_acting(&self, player: Player) -> bool {
        self.acting.contains(player)
    }

    /// Keeps `playable` after the Swarm (and `top`) changed.
    #[inline]
    fn swarm_changed(&mut self) {
        self.playable = rules::playable_under(&self.swarm, self.top);
    }

    /// Moves on to `phase`, and keeps who is to act.
    #[inline]
    fn set_phase(&mut self, phase: Phase) {
        self.phase = phase;
        self.acting = self.compute_acting();
    }

    /// Who is to act, from the phase (and, while passing, the choices so
    /// far): what the `acting` field keeps.
    pub(super) fn compute_acting(&self) -> PlayerSet {
        match self.phase {
            Phase::Turn { player }
            | Phase::Stashing { player, .. }
            | Phase::Bonus { player }
            | Phase::Robbing { player }
            | Phase::Stealing { player, .. }
            | Phase::Swapping { player }
            | Phase::Aiming { player, .. } => PlayerSet::only(player),
            Phase::Passing { count, .. } => (0..self.players())
                .map(|i| Player(i as u8))
                .filter(|&p| self.chosen_of(p).len() < self.must_choose(p, count))
                .collect(),
            Phase::RoyalWindow { asked, .. } => PlayerSet::only(asked),
            Phase::Over { .. } => PlayerSet::EMPTY,
        }
        .intersection(PlayerSet::first(self.players()))
    }

    /// Why `action` of `player` is refused (called only when it is not legal).
    fn refusal(&self, player: Player, action: Action) -> ActionError<Violation> {
        if let Phase::Over { .. } = self.phase {
            return ActionError::GameOver;
        }
        if self.seated(player).is_none() {
            return ActionError::NoSuchPlayer { player };
        }
        if !self.acting.contains(player) {
            return ActionError::NotToAct { player };
        }
        let in_hand = |c: Card| self.hand(player).contains(&c);
        let violation = match (self.phase, action) {
            (Phase::Turn { .. }, Action::Play(card)) if !in_hand(card) => {
                Violation::NotInHand(card)
            }
            (Phase::Turn { .. }, Action::Play(card)) => rules::check_play(&self.swarm, card)
                .err()
                .unwrap_or(Violation::WrongPhase),
            (Phase::Turn { .. }, Action::Flunk) => Violation::MustStart,
            (Phase::RoyalWindow { .. }, Action::Play(card)) if !in_hand(card) => {
                Violation::NotInHand(card)
            }
            (Phase::RoyalWindow { .. }, Action::Play(_)) => Violation::NotRoyal,
            (Phase::Stashing { .. } | Phase::Bonus { .. }, Action::Stash(card)) => {
                Violation::NotInHand(card)
            }
            (Phase::Bonus { .. }, Action::BonusDraw)
            | (_, Action::BonusDraw | Action::SkipBonus) => Violation::NoBonus,
            (Phase::Robbing { .. }, Action::RobFrom(p))
            | (Phase::Stealing { .. }, Action::StealFrom(p))
            | (Phase::Swapping { .. }, Action::SwapWith(p)) => Violation::BadTarget(p),
            (Phase::Passing { .. }, Action::Give(card)) => Violation::NotInHand(card),
            _ => Violation::WrongPhase,
        };
        ActionError::Illegal(violation)
    }

    /// Performs `action` of `player` (who is to act) if it is legal: the
    /// rule for that kind of action, checked directly in the same match
    /// that performs it, before anything changes; the same as being in
    /// [`legal_actions`](Game::legal_actions), which tests check on every
    /// reachable position. Whether it was legal.
    fn perform(&mut self, player: Player, action: Action, events: &mut Events<Event>) -> bool {
        match (self.phase, action) {
            (Phase::Turn { .. }, Action::Play(card)) => {
                // The kept playable set and topmost Season Fairy answer the
                // Rules of the Hunt and the Matching Bonus without searching
                // the Swarm.
                let top = self.top;
                // Taking the card from hand is the check that it is there
                // (nothing changes when it is not).
                if !(self.playable.allows(card) && self.take_from_hand(player, card)) {
                    return false;
                }
                self.play(player, card, rules::matches_top(top, card), events);
            }
            (Phase::Turn { .. }, Action::Flunk) => {
                if self.swarm.is_empty() && !self.hand(player).is_empty() {
                    return false;
                }
                self.flunk(player, events);
            }
            (Phase::RoyalWindow { .. }, Action::Play(card)) => {
                if !(card.is_royal() && self.take_from_hand(player, card)) {
                    return false;
                }
                let _ = self.swarm.push(card);
                self.swarm_changed();
                self.last_played = Some(player);
                push(events, Event::Played { player, card });
                self.end_turn(player);
            }
            (Phase::RoyalWindow { flunker, asked }, Action::Pass) => {
                push(events, Event::Passed { player });
                match self.next_asked(flunker, asked) {
                    Some(asked) => self.set_phase(Phase::RoyalWindow { flunker, asked }),
                    None => self.end_swarm(flunker, events),
                }
            }
            (Phase::Stashing { left, bonus, .. }, Action::Stash(card)) => {
                if !self.take_from_hand(player, card) {
                    return false;
                }
                let won = self.stash_from_hand(player, card, events);
                if !won {
                    self.stash_step(player, left.saturating_sub(1), bonus);
                }
            }
            (Phase::Bonus { .. }, Action::Stash(card)) => {
                if !self.take_from_hand(player, card) {
                    return false;
                }
                let won = self.stash_from_hand(player, card, events);
                if !won {
                    self.end_turn(player);
                }
            }
            (Phase::Bonus { .. }, Action::BonusDraw) => {
                if self.deck.is_empty() {
                    return false;
                }
                self.draw(player, 1, events);
                self.end_turn(player);
            }
            (Phase::Bonus { .. }, Action::SkipBonus) => {
                push(events, Event::BonusSkipped { player });
                self.end_turn(player);
            }
            _ => return self.perform_goblin(player, action, events),
        }
        true
    }

    /// [`perform`](State::perform) for a Goblin's choices, which are rare:
    /// kept apart so the common actions' code stays small.
    #[inline(never)]
    fn perform_goblin(
        &mut self,
        player: Player,
        action: Action,
        events: &mut Events<Event>,
    ) -> bool {
        let in_hand = |state: &State, c: Card| state.hand(player).contains(&c);
        let rival = |state: &State, p: Player| p != player && state.seated(p).is_some();
        match (self.phase, action) {
            (Phase::Robbing { .. }, Action::RobFrom(from)) => {
                if !self.robbable(from) {
                    return false;
                }
                if let Some(card) = self.stash_mut(from).and_then(|s| s.pop()) {
                    let _ = self.swarm.push(card);
                    self.top = card.season_number().or(self.top);
                    self.swarm_changed();
                    push(events, Event::Robbed { player, from, card });
                }
                self.end_turn(player);
            }
            (Phase::Stealing { count, .. }, Action::StealFrom(from)) => {
                if !rival(self, from) || self.stash(from).is_empty() {
                    return false;
                }
                for _ in 0..count {
                    let Some(card) = self.stash_mut(from).and_then(|s| s.pop()) else {
                        break;
                    };
                    self.onto_stash(player, card);
                    push(events, Event::Stole { player, from, card });
                }
                if !self.royal_win(player, events) {
                    self.end_turn(player);
                }
            }
            (Phase::Swapping { .. }, Action::SwapWith(other)) => {
                if !rival(self, other) {
                    return false;
                }
                let rival = other;
                if let (Some(mut a), Some(mut b)) = (
                    self.hand_mut(player).copied(),
                    self.hand_mut(rival).copied(),
                ) {
                    // A hand's order records when each card was got (dealt,
                    // drawn, passed); its new owner may not learn that, so
                    // both swapped hands are put in identity order.
                    crate::list::sort_small(&mut a);
                    crate::list::sort_small(&mut b);
                    if let Some(hand) = self.hand_mut(player) {
                        *hand = b;
                    }
                    if let Some(hand) = self.hand_mut(rival) {
                        *hand = a;
                    }
                }
                push(events, Event::HandsSwapped { player, rival });
                // Each player sees the hand they got (and knew the one they gave).
                super::event::push_swapped(rival, player, self.hand(player), events);
                super::event::push_swapped(player, rival, self.hand(rival), events);
                self.end_turn(player);
            }
            (Phase::Aiming { count, .. }, Action::PassTo(direction)) => {
                push(events, Event::DirectionChosen { player, direction });
                self.set_phase(Phase::Passing {
                    player,
                    direction,
                    count,
                });
            }
            (
                Phase::Passing {
                    player: goblin,
                    direction,
                    ..
                },
                Action::Give(card),
            ) => {
                if !in_hand(self, card) || self.chosen_of(player).contains(&card) {
                    return false;
                }
                if let Some(chosen) = self.seated(player).and_then(|i| self.chosen.get_mut(i)) {
                    let _ = chosen.push(card);
                }
                push(
                    events,
                    Event::Chose {
                        player,
                        card: Some(card),
                    },
                );
                self.acting = self.compute_acting();
                if self.acting.is_empty() {
                    self.resolve_passing(goblin, direction, events);
                }
            }
            _ => return false,
        }
        true
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

    const NAME: &'static str = "Fairy Season";
    const MIN_PLAYERS: usize = super::config::MIN_PLAYERS;
    const MAX_PLAYERS: usize = super::config::MAX_PLAYERS;

    /// Shuffles the 90 cards and deals five to each player; player 1 (seat 0)
    /// starts the first Swarm.
    fn new(config: &Config, rng: &mut (impl Rng + ?Sized)) -> Result<State, ConfigError> {
        config.validate()?;
        let mut cards: [Card; DECK_SIZE] = core::array::from_fn(|_| Card::the_royal(Royal::King));
        for (slot, card) in cards.iter_mut().zip(Card::all()) {
            *slot = card;
        }
        crate::rng::shuffle(rng, &mut cards);
        let mut state = State {
            config: *config,
            deck: Pile::from_slice(&cards),
            hands: Default::default(),
            stashes: Default::default(),
            chosen: Default::default(),
            swarm: Pile::new(),
            top: None,
            playable: rules::playable_under(&[], None),
            last_played: None,
            phase: Phase::Turn { player: Player(0) },
            acting: PlayerSet::only(Player(0)),
        };
        // Five rounds of one card each from the top of the deck, as `draw`
        // would deal them (the deck holds far more than five hands).
        let players = state.players();
        for _ in 0..HAND_SIZE {
            for hand in state.hands.iter_mut().take(players) {
                if let Some(card) = state.deck.pop() {
                    let _ = hand.push(card);
                }
            }
        }
        Ok(state)
    }

    fn num_players(&self) -> usize {
        self.players()
    }

    #[inline]
    fn to_act(&self) -> PlayerSet {
        self.acting
    }

    #[inline]
    fn legal_actions(&self, player: Player) -> ActionList<Action> {
        let mut list = ActionList::new();
        self.legal_actions_into(player, &mut list);
        list
    }

    fn legal_actions_into(&self, player: Player, list: &mut ActionList<Action>) {
        list.clear();
        self.list_into(player, list);
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
        _rng: &mut (impl Rng + ?Sized),
        events: &mut Events<Event>,
    ) -> Result<(), ActionError<Violation>> {
        events.clear();
        debug_assert_eq!(self.top, rules::topmost_season(&self.swarm));
        debug_assert_eq!(self.playable, rules::playable(&self.swarm));
        debug_assert_eq!(self.acting, self.compute_acting());
        if !self.is_acting(player) || !self.perform(player, action, events) {
            return Err(self.refusal(player, action));
        }
        Ok(())
    }

    fn view_for(&self, seat: Seat) -> View {
        let seat = seat.at_table(self.players());
        let n = self.players();
        let mut view = View {
            seat,
            hand: ArrayVec::new(),
            chosen: ArrayVec::new(),
            chosen_counts: ArrayVec::new(),
            hand_sizes: ArrayVec::new(),
            deck_size: self.deck.len(),
            swarm: ArrayVec::new(),
            stashes: ArrayVec::new(),
            last_played: self.last_played,
            scores: self.scores(),
            phase: self.phase,
            cards: self.config.cards,
        };
        if let Some(p) = seat.player() {
            let _ = view.hand.try_extend_from_slice(self.hand(p));
            let _ = view.chosen.try_extend_from_slice(self.chosen_of(p));
        }
        for (hand, chosen) in self.hands.iter().zip(&self.chosen).take(n) {
            let _ = view.hand_sizes.try_push(hand.len());
            let _ = view.chosen_counts.try_push(chosen.len() as u8);
        }
        let _ = view.swarm.try_extend_from_slice(&self.swarm);
        for stash in self.stashes.iter().take(n) {
            let mut cards = ArrayVec::new();
            let _ = cards.try_extend_from_slice(stash);
            let _ = view.stashes.try_push(cards);
        }
        view
    }

    fn redact(event: &Event, seat: Seat) -> Option<Event> {
        Some(event.redacted(seat))
    }

    /// The notation, with a play's words telling what the card does before
    /// it is played: `play Spring 3 #1 (ability: draws 2 cards)`, `play
    /// Greedy Goblin #1 (Goblin: takes the top 2 Fairies of the Swarm as
    /// points)`, from the table's card data.
    fn write_action(view: &View, action: &Action, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        super::words::write_in_view(view, action, f)
    }

    /// The notation, and a player number past this table's seats is an
    /// error naming them: "there is no player 9: players are numbered 1 to
    /// 3".
    fn read_action(view: &View, text: &str) -> Result<Action, ParseActionError> {
        super::words::read_at_table(view, text)
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over { winners } => Some(Outcome::new(winners, self.scores().iter().copied())),
            _ => None,
        }
    }

    /// A bound from how cards move: at most 90 cards leave hands (played or
    /// stashed); each of the 16 Goblins adds at most one choice plus three
    /// cards passed per player; each Season Fairy at most one bonus choice;
    /// there are at most 185 flunks (one per Swarm, at most two Swarms per
    /// card played plus one, and four Royal windows continued), each followed
    /// by at most one pass per other player.
    fn max_game_length(&self) -> u32 {
        let players = u32::from(self.config.players);
        let goblins = 16 * (1 + u32::from(MAX_AMOUNT) * players);
        let flunks = 2 * DECK_SIZE as u32 + 1 + 4;
        DECK_SIZE as u32 + goblins + 64 + flunks * players
    }

    fn to_setup(&self) -> Setup {
        Setup::from(self)
    }

    fn from_setup(setup: Setup) -> Result<State, SetupError> {
        State::try_from(setup)
    }
}
