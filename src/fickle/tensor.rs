//! Fickle's actions as numbers and a seat's information as a tensor.

use super::action::{Action, FaceDown};
use super::card::{CARDS_PER_FAMILY, Card, DECK_SIZE};
use super::config::{Config, Direction};
use super::family::{FAMILY_COUNT, Family};
use super::resolution::{ChainStep, Phase, Resolution, Step, Target};
use super::setup::ScoringChoice;
use super::state::State;
use super::view::{PlayerView, Slot};
use crate::learning::{Encoder, Learning, TensorError};
use crate::{Game, Player, PlayerSet, Sample, Seat};

/// Scale of counts in the tensor.
const SCALE: f32 = 16.0;
/// Families in a game.
const FAMILIES: usize = DECK_SIZE / CARDS_PER_FAMILY;
/// Direction tokens a view can show.
const DIRECTIONS: usize = 5;
/// Kinds of phase, in the tensor's order.
const PHASES: usize = 7;
/// Kinds of Direct Power step, in the tensor's order.
const STEPS: usize = 8;

/// The number of `card` among the config's 45: its Family's place in the
/// config, times 9, plus its copy.
fn card(config: &Config, card: Card) -> Option<usize> {
    let family = config.families.iter().position(|&f| f == card.family)?;
    let copy = usize::from(card.copy());
    (copy < CARDS_PER_FAMILY).then_some(family * CARDS_PER_FAMILY + copy)
}

fn card_at(config: &Config, index: usize) -> Option<Card> {
    let family = *config.families.get(index / CARDS_PER_FAMILY)?;
    Card::new(family, (index % CARDS_PER_FAMILY) as u8)
}

fn family(config: &Config, family: Family) -> Option<usize> {
    config.families.iter().position(|&f| f == family)
}

/// Fickle's numbers for learning.
///
/// **Actions** for `P` players (`C` = 45 cards of the config's five
/// Families, card `9f + k` being copy `k` of the config's Family `f`), in
/// blocks: dismiss card `c` (`C`); place card `c` (`C`); keep; dismiss the
/// top card; target card `c` (`C`); target seat `s` (`P`); respond with
/// card `c` (`C`); pass; pick the first, the second face-down Fairy; pair
/// with card `c` (`C`); leave unpaired; score as the config's Family `f`
/// (5). The space has `5C + P + 11` indices.
///
/// **Tensor** for `P` players, in this order:
///
/// | entries | field |
/// |---|---|
/// | `P` | the seat, one-hot (all 0 for a spectator) |
/// | 1 | the round / 16 |
/// | 5 × 2 | the direction tokens revealed, in round order, one-hot left, right |
/// | `P` | the Court Crier, one-hot |
/// | 2 | cards in the Fairy Deck and the Dismiss pile, / 16 |
/// | `P` × 692 | each player's area in seat order (below) |
/// | `P` | who revealed last this round, one-hot |
/// | 7 | the phase, one-hot: opening, start round, lineup, selection, powers, scoring, over |
/// | `C` + 1 + `P` + `C` | start round: the Delayed cards still to resolve (`(k + 1) / 45` for the `k`-th), whether an Erase or Scheme waits, its user, its card |
/// | `P` + 1 | powers: the resolve order so far (`(k + 1) / P` for the `k`-th), players who had their turn / 16 |
/// | 3 | the Power being resolved: none, direct, chain |
/// | `P` + `C` + 22 + `P` + `C` + `C` + `P` + 2`C` + `C` + `P` | direct: its user, card, Power (one-hot over every Family), aim, own Fairy, target Fairy, target player, the face-down pair (two cards in order), the Reflect that was targeted, against whom |
/// | 8 + 5`P` | direct: its step, one-hot (copy, own, aim, window, redirect, conceal, guess, reflect), then the window's responder and who passed, the deflector, the holder, the Reflect's player |
/// | `P` + `C` + `P` + `P` × `C` | chain: its user, card, who avoided it, each player's pick (only the seat's own is shown) |
/// | 2 + 2`P` | chain: its step (avoid, pick), the responder, who passed |
/// | `P` | the winner, one-hot (over) |
/// | `P` | who must act now |
/// | 2`C` + 1 + `P` + 1 + 1 + `P` + `P` + `P` × `C` | memory: cards the seat saw dismissed, cards it knows are in the deck, the players one of whom holds its lost card, whether it is in the Dismiss pile, cards drawn unseen since / 16, players whose hands were transmuted, players who kept blind, each player's revealed kept Fairy |
///
/// Each player's area, 692 entries: the Alliance (`C`: `(k + 1) / 45` for
/// its `k`-th card), which of its cards are Active (`C`), each card's
/// scoring choice one-hot none, paired, as a Family (3`C`), the partner of
/// each paired card (`C`: its number + 1, / 45; 0 for unpaired), the Family
/// each card scores as (`C`: its place in the config + 1, / 5); the dealt
/// cards (3 × (1 + `C`): whether the slot holds a card, which, if known); the
/// cards placed, / 16; whether the player is ready; the pending Selection
/// decision, one-hot keep, dismiss; the card to dismiss (`C`); the stack
/// received (3 × (1 + `C`)); cards gone from it, / 16; the kept Fairy,
/// one-hot empty, face down, known, then which (`C`); the Lineup effects
/// blinded, psychic, reduced.
///
/// The Families and their Favor values are the config's and are not in the
/// tensor.
impl Learning for State {
    fn action_space(config: &Config) -> usize {
        5 * DECK_SIZE + usize::from(config.players) + 11
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let p = usize::from(config.players);
        let c = DECK_SIZE;
        let of = |x: Card| card(config, x);
        Some(match *action {
            Action::Dismiss(x) => of(x)?,
            Action::Place(x) => c + of(x)?,
            Action::Keep => 2 * c,
            Action::DismissTop => 2 * c + 1,
            Action::Target(x) => 2 * c + 2 + of(x)?,
            Action::TargetPlayer(s) => 3 * c + 2 + Some(s.index()).filter(|&s| s < p)?,
            Action::Respond(x) => 3 * c + 2 + p + of(x)?,
            Action::Pass => 4 * c + 2 + p,
            Action::Pick(FaceDown::First) => 4 * c + 3 + p,
            Action::Pick(FaceDown::Second) => 4 * c + 4 + p,
            Action::Pair(x) => 4 * c + 5 + p + of(x)?,
            Action::LeaveUnpaired => 5 * c + 5 + p,
            Action::ScoreAs(f) => 5 * c + 6 + p + family(config, f)?,
        })
    }

    fn action_at(config: &Config, index: usize) -> Option<Action> {
        let p = usize::from(config.players);
        let c = DECK_SIZE;
        let at = |i: usize| card_at(config, i);
        Some(match index {
            i if i < c => Action::Dismiss(at(i)?),
            i if i < 2 * c => Action::Place(at(i - c)?),
            i if i == 2 * c => Action::Keep,
            i if i == 2 * c + 1 => Action::DismissTop,
            i if i < 3 * c + 2 => Action::Target(at(i - 2 * c - 2)?),
            i if i < 3 * c + 2 + p => Action::TargetPlayer(Player((i - 3 * c - 2) as u8)),
            i if i < 4 * c + 2 + p => Action::Respond(at(i - 3 * c - 2 - p)?),
            i if i == 4 * c + 2 + p => Action::Pass,
            i if i == 4 * c + 3 + p => Action::Pick(FaceDown::First),
            i if i == 4 * c + 4 + p => Action::Pick(FaceDown::Second),
            i if i < 5 * c + 5 + p => Action::Pair(at(i - 4 * c - 5 - p)?),
            i if i == 5 * c + 5 + p => Action::LeaveUnpaired,
            i if i < 5 * c + 6 + p + FAMILIES => {
                Action::ScoreAs(*config.families.get(i - 5 * c - 6 - p)?)
            }
            _ => return None,
        })
    }

    fn tensor_len(config: &Config) -> usize {
        let p = usize::from(config.players);
        let c = DECK_SIZE;
        p + 1
            + DIRECTIONS * 2
            + p
            + 2
            + p * area_len()
            + p
            + PHASES
            + (c + 1 + p + c)
            + (p + 1)
            + 3
            + (p + c + FAMILY_COUNT + p + c + c + p + 2 * c + c + p)
            + (STEPS + 5 * p)
            + (p + c + p + p * c)
            + (2 + 2 * p)
            + p
            + p
            + (2 * c + 1 + p + 1 + 1 + p + p + p * c)
    }

    fn write_tensor_from(
        config: &Config,
        seat: Seat,
        view: &<State as Game>::View,
        memory: &<State as Sample>::Memory,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        let p = usize::from(config.players);
        let c = DECK_SIZE;
        if view.players.len() != p {
            return Err(TensorError::Config(
                "the view has another number of players",
            ));
        }
        if view.families != config.families {
            return Err(TensorError::Config("the view has other Families"));
        }
        let of = |x: Card| card(config, x);
        let mut e = Encoder::checked(out, Self::tensor_len(config))?;
        e.seat(seat, p);
        e.number(i64::from(view.round), SCALE);
        for round in 0..DIRECTIONS {
            e.one_hot(view.directions.get(round).map(|&d| way(d)), 2);
        }
        e.player(Some(view.court_crier), p);
        e.number(i64::from(view.deck), SCALE);
        e.number(i64::from(view.dismiss), SCALE);
        for area in &view.players {
            write_area(&mut e, config, area);
        }
        e.player(view.last_revealer, p);
        let kind = match view.phase {
            Phase::Opening => 0,
            Phase::StartRound { .. } => 1,
            Phase::Lineup => 2,
            Phase::Selection => 3,
            Phase::Powers { .. } => 4,
            Phase::Scoring => 5,
            Phase::Over { .. } => 6,
        };
        e.one_hot(Some(kind), PHASES);
        // Start round.
        let (queue, seize) = match &view.phase {
            Phase::StartRound { queue, seize } => (queue.as_slice(), *seize),
            _ => (&[][..], None),
        };
        e.ordered(queue.iter().filter_map(|&x| of(x)), c);
        e.flag(seize.is_some());
        e.player(seize.map(|s| s.user), p);
        e.one_hot(seize.and_then(|s| of(s.source)), c);
        // Powers.
        let (order, next, resolution) = match &view.phase {
            Phase::Powers {
                order,
                next,
                resolution,
            } => (order.as_slice(), *next, *resolution),
            _ => (&[][..], 0, None),
        };
        e.ordered(order.iter().map(|q| q.index()), p);
        e.number(i64::from(next), SCALE);
        e.one_hot(
            Some(match resolution {
                None => 0,
                Some(Resolution::Direct(_)) => 1,
                Some(Resolution::Chain(_)) => 2,
            }),
            3,
        );
        let direct = match resolution {
            Some(Resolution::Direct(d)) => Some(d),
            _ => None,
        };
        e.player(direct.map(|d| d.user), p);
        e.one_hot(direct.and_then(|d| of(d.source)), c);
        e.one_hot(direct.map(|d| d.power.index()), FAMILY_COUNT);
        e.player(direct.and_then(|d| d.aim), p);
        e.one_hot(direct.and_then(|d| d.own).and_then(of), c);
        let target = direct.and_then(|d| d.target);
        e.one_hot(
            match target {
                Some(Target::Card(x)) => of(x),
                _ => None,
            },
            c,
        );
        e.player(
            match target {
                Some(Target::Player(s)) => Some(s),
                _ => None,
            },
            p,
        );
        let concealed = direct.and_then(|d| d.concealed);
        for k in 0..2 {
            e.one_hot(
                concealed.and_then(|pair| pair.get(k).copied()).and_then(of),
                c,
            );
        }
        e.one_hot(direct.and_then(|d| d.reflect_target).and_then(of), c);
        e.player(direct.and_then(|d| d.against), p);
        let step = direct.map(|d| d.step);
        let mut responder = None;
        let mut passed = PlayerSet::EMPTY;
        let mut deflector = None;
        let mut holder = None;
        let mut reflector = None;
        let step_kind = step.map(|s| match s {
            Step::Copy => 0,
            Step::Own => 1,
            Step::Aim => 2,
            Step::Window {
                responder: r,
                passed: done,
            } => {
                responder = Some(r);
                passed = done;
                3
            }
            Step::Redirect { deflector: d } => {
                deflector = Some(d);
                4
            }
            Step::Conceal { holder: h } => {
                holder = Some(h);
                5
            }
            Step::Guess => 6,
            Step::Reflect { player } => {
                reflector = Some(player);
                7
            }
        });
        e.one_hot(step_kind, STEPS);
        e.player(responder, p);
        e.players(passed, p);
        e.player(deflector, p);
        e.player(holder, p);
        e.player(reflector, p);
        let chain = match resolution {
            Some(Resolution::Chain(chain)) => Some(chain),
            _ => None,
        };
        e.player(chain.map(|x| x.user), p);
        e.one_hot(chain.and_then(|x| of(x.source)), c);
        e.players(chain.map_or(PlayerSet::EMPTY, |x| x.avoided), p);
        for seat in 0..p {
            e.one_hot(
                chain.and_then(|x| x.pick(Player(seat as u8))).and_then(of),
                c,
            );
        }
        let (chain_step, chain_responder, chain_passed) = match chain.map(|x| x.step) {
            None => (None, None, PlayerSet::EMPTY),
            Some(ChainStep::Avoid { responder, passed }) => (Some(0), Some(responder), passed),
            Some(ChainStep::Pick) => (Some(1), None, PlayerSet::EMPTY),
        };
        e.one_hot(chain_step, 2);
        e.player(chain_responder, p);
        e.players(chain_passed, p);
        e.player(
            match view.phase {
                Phase::Over { winner } => Some(winner),
                _ => None,
            },
            p,
        );
        e.players(view.to_act, p);
        // Memory.
        e.set(memory.dismissed.iter().filter_map(of), c);
        e.set(memory.in_deck.iter().filter_map(of), c);
        e.flag(!memory.holders.is_empty());
        e.players(memory.holders, p);
        e.flag(memory.in_dismiss);
        e.number(i64::from(memory.drawn_unseen), SCALE);
        e.players(memory.transmuted, p);
        e.players(memory.kept_blind, p);
        for seat in 0..p {
            e.one_hot(memory.revealed.get(seat).copied().flatten().and_then(of), c);
        }
        e.finish()
    }
}

fn way(direction: Direction) -> usize {
    match direction {
        Direction::Left => 0,
        Direction::Right => 1,
    }
}

/// Entries of one player's area.
const fn area_len() -> usize {
    let c = DECK_SIZE;
    7 * c + 3 * (1 + c) + 1 + 1 + 2 + c + 3 * (1 + c) + 1 + 3 + c + 3
}

fn write_area(e: &mut Encoder<'_>, config: &Config, area: &PlayerView) {
    let c = DECK_SIZE;
    let of = |x: Card| card(config, x);
    e.ordered(area.alliance.iter().filter_map(|a| of(a.card)), c);
    e.set(
        area.alliance
            .iter()
            .filter(|a| a.active)
            .filter_map(|a| of(a.card)),
        c,
    );
    let mut kind = [None; DECK_SIZE];
    let mut partner = [0.0; DECK_SIZE];
    let mut scored_as = [0.0; DECK_SIZE];
    for a in &area.alliance {
        let Some(i) = of(a.card) else { continue };
        let (k, with, fam) = match a.scoring {
            None => (0, 0.0, 0.0),
            Some(ScoringChoice::Paired(other)) => (
                1,
                other
                    .and_then(of)
                    .map_or(0.0, |o| (o + 1) as f32 / c as f32),
                0.0,
            ),
            Some(ScoringChoice::As(f)) => (
                2,
                0.0,
                family(config, f).map_or(0.0, |f| (f + 1) as f32 / FAMILIES as f32),
            ),
        };
        if let Some(slot) = kind.get_mut(i) {
            *slot = Some(k);
        }
        if let Some(slot) = partner.get_mut(i) {
            *slot = with;
        }
        if let Some(slot) = scored_as.get_mut(i) {
            *slot = fam;
        }
    }
    for k in kind {
        e.one_hot(k, 3);
    }
    for x in partner.into_iter().chain(scored_as) {
        e.value(x);
    }
    for slot in 0..3 {
        let dealt = area.hand.get(slot);
        e.flag(dealt.is_some());
        e.one_hot(dealt.copied().flatten().and_then(of), c);
    }
    e.number(i64::from(area.placed), SCALE);
    e.flag(area.ready);
    e.one_hot(area.pending.map(|keep| if keep { 0 } else { 1 }), 2);
    e.one_hot(area.discard.and_then(of), c);
    for slot in 0..3 {
        let received = area.lineup.get(slot);
        e.flag(received.is_some());
        e.one_hot(received.copied().flatten().and_then(of), c);
    }
    e.number(i64::from(area.cursor), SCALE);
    let (slot, known) = match area.chosen {
        Slot::Empty => (0, None),
        Slot::FaceDown => (1, None),
        Slot::Known(x) => (2, of(x)),
    };
    e.one_hot(Some(slot), 3);
    e.one_hot(known, c);
    e.flag(area.effects.blinded);
    e.flag(area.effects.psychic);
    e.flag(area.effects.reduced);
}
