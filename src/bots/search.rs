//! Monte Carlo tree search over determinized positions, shared by the
//! information-set bot ([`Ismcts`](super::Ismcts)) and the bot that sees
//! everything ([`Cheater`](super::Cheater)). They differ only in where each
//! iteration's position comes from.

use alloc::vec::Vec;

use rand_core::Rng;

use super::math::{ln, sqrt};
use crate::{ActionList, Game, Outcome, Player};

/// No node: the end of a sibling list, or the root's parent.
const NONE: u32 = u32::MAX;

/// The UCT exploration constant for rewards in `[0, 1]`.
pub(crate) const EXPLORATION: f64 = 0.7;

/// One move in the tree: `mover` played `action` from its parent.
#[derive(Clone, Debug)]
struct Node<A> {
    mover: Player,
    action: Option<A>,
    first_child: u32,
    next_sibling: u32,
    visits: u32,
    /// Iterations in which this move was legal when its parent was passed
    /// through (the "availability" count of information-set MCTS).
    available: u32,
    /// Sum of the rewards of `mover` over the visits.
    reward: f64,
}

/// What a finished search found at the root.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct SearchStats {
    /// Iterations run.
    pub iterations: u32,
    /// Iterations whose position could not be drawn (skipped).
    pub failed: u32,
    /// Nodes in the tree.
    pub nodes: u32,
    /// Visits of the chosen move.
    pub best_visits: u32,
    /// Mean reward of the chosen move, in `[0, 1]`.
    pub best_value: f64,
}

/// The tree and the buffers one search reuses from decision to decision, so
/// that an iteration allocates nothing but the one node it adds.
#[derive(Clone, Debug)]
pub(crate) struct Search<G: Game> {
    nodes: Vec<Node<G::Action>>,
    path: Vec<u32>,
    legal: ActionList<G::Action>,
    pub(crate) exploration: f64,
}

impl<G: Game> Default for Search<G> {
    fn default() -> Self {
        Search {
            nodes: Vec::new(),
            path: Vec::new(),
            legal: ActionList::new(),
            exploration: EXPLORATION,
        }
    }
}

/// The share of the victory `player` gets: 1 for a sole winner, `1/k` for
/// each of `k` tied winners, 0 for the others.
fn reward(outcome: Option<&Outcome>, player: Player) -> f64 {
    match outcome {
        Some(outcome) if outcome.winners().contains(player) => 1.0 / outcome.winners().len() as f64,
        _ => 0.0,
    }
}

impl<G: Game> Search<G> {
    /// Runs `iterations` iterations for `me`, each from a position drawn by
    /// `draw` (or skipped when it draws none), and returns the most visited
    /// of `choices` (those with no visit count as none), with what it saw.
    ///
    /// In the tree, `me` moves first from the root (its decision is the one
    /// searched, even where others act at the same time); below it, the
    /// lowest seat of `to_act()` moves. Rollouts play uniformly random legal
    /// moves to the end of the game.
    pub(crate) fn run(
        &mut self,
        me: Player,
        choices: &[G::Action],
        iterations: u32,
        draw: &mut dyn FnMut(&mut dyn Rng) -> Option<G>,
        rng: &mut dyn Rng,
    ) -> (Option<G::Action>, SearchStats) {
        self.nodes.clear();
        self.nodes.push(Node {
            mover: me,
            action: None,
            first_child: NONE,
            next_sibling: NONE,
            visits: 0,
            available: 0,
            reward: 0.0,
        });
        let mut stats = SearchStats::default();
        for _ in 0..iterations {
            stats.iterations += 1;
            match draw(rng) {
                Some(position) => self.iterate(me, position, rng),
                None => stats.failed += 1,
            }
        }
        stats.nodes = self.nodes.len() as u32;
        let mut best: Option<(G::Action, u32, f64)> = None;
        let mut child = self.nodes.first().map_or(NONE, |root| root.first_child);
        while let Some(node) = self.nodes.get(child as usize) {
            if let Some(action) = node.action
                && node.mover == me
                && choices.contains(&action)
                && best.is_none_or(|(_, visits, _)| node.visits > visits)
            {
                best = Some((
                    action,
                    node.visits,
                    node.reward / f64::from(node.visits.max(1)),
                ));
            }
            child = node.next_sibling;
        }
        match best {
            Some((action, visits, value)) => {
                stats.best_visits = visits;
                stats.best_value = value;
                (Some(action), stats)
            }
            None => (crate::rng::choose(rng, choices).copied(), stats),
        }
    }

    /// One iteration: select and expand in the tree on `position`, roll out
    /// to the end, and back up each mover's reward along the path.
    fn iterate(&mut self, me: Player, mut position: G, rng: &mut dyn Rng) {
        self.path.clear();
        self.path.push(0);
        let mut node = 0u32;
        loop {
            let to_act = position.to_act();
            let mover = if node == 0 {
                me
            } else {
                match to_act.lowest() {
                    Some(p) => p,
                    None => break,
                }
            };
            if !to_act.contains(mover) {
                // Only at the root: a drawn position where `me` may not act
                // is not one of its decision's; it teaches nothing.
                return;
            }
            position.legal_actions_into(mover, &mut self.legal);
            let Some(next) = self.step(node, mover, rng) else {
                break;
            };
            let Some(action) = self.nodes.get(next as usize).and_then(|n| n.action) else {
                break;
            };
            if position.play(mover, action, rng).is_err() {
                return;
            }
            self.path.push(next);
            let expanded = self.nodes.get(next as usize).is_some_and(|n| n.visits == 0);
            node = next;
            if expanded {
                break;
            }
        }
        // Rollout.
        let bound = position.max_game_length();
        let mut moves = 0;
        while let Some(player) = position.to_act().lowest() {
            position.legal_actions_into(player, &mut self.legal);
            let Some(&action) = crate::rng::choose(rng, &self.legal) else {
                break;
            };
            if position.play(player, action, rng).is_err() || moves > bound {
                break;
            }
            moves += 1;
        }
        let outcome = position.outcome();
        for &index in &self.path {
            if let Some(n) = self.nodes.get_mut(index as usize) {
                n.visits += 1;
                n.reward += reward(outcome.as_ref(), n.mover);
            }
        }
    }

    /// From `node`, with `mover`'s legal moves in `self.legal`: counts every
    /// child that is legal now as available, and returns a new child for an
    /// untried move (drawn uniformly), or else the legal child with the best
    /// UCT value. `None` when `mover` has no legal move.
    fn step(&mut self, node: u32, mover: Player, rng: &mut dyn Rng) -> Option<u32> {
        let mut tried = 0u128;
        let mut best: Option<(u32, f64)> = None;
        let mut child = self.nodes.get(node as usize)?.first_child;
        let exploration = self.exploration;
        while let Some(n) = self.nodes.get_mut(child as usize) {
            let legal_at = if n.mover == mover {
                n.action
                    .and_then(|a| self.legal.iter().position(|&l| l == a))
            } else {
                None
            };
            if let Some(i) = legal_at {
                tried |= 1u128 << i;
                n.available += 1;
                let visits = f64::from(n.visits.max(1));
                let value =
                    n.reward / visits + exploration * sqrt(ln(f64::from(n.available)) / visits);
                if best.is_none_or(|(_, v)| value > v) {
                    best = Some((child, value));
                }
            }
            child = n.next_sibling;
        }
        let untried = self.legal.len() as u32 - tried.count_ones();
        if untried > 0 {
            let pick = crate::rng::below(rng, untried) as usize;
            let &action = self
                .legal
                .iter()
                .enumerate()
                .filter(|&(i, _)| tried & (1u128 << i) == 0)
                .nth(pick)
                .map(|(_, action)| action)?;
            let index = self.nodes.len() as u32;
            let parent = self.nodes.get_mut(node as usize)?;
            let sibling = parent.first_child;
            parent.first_child = index;
            self.nodes.push(Node {
                mover,
                action: Some(action),
                first_child: NONE,
                next_sibling: sibling,
                visits: 0,
                available: 1,
                reward: 0.0,
            });
            return Some(index);
        }
        best.map(|(child, _)| child)
    }
}
