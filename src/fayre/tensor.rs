//! A Midsummer Night's Fayre's actions as numbers and a seat's information
//! as a tensor.

use super::action::{Action, Shift};
use super::config::Config;
use super::dice::{DieRef, Face, Side};
use super::mini_game::{IN_PLAY, MAX_FAIRY_SPACES, MAX_PLAYER_SPACES, MINI_GAMES, MiniGame};
use super::mischief::{CardCounts, Mischief};
use super::prize_pit::{MAX_SQUARES, PitDie, PitOutcome};
use super::state::{Phase, State};
use crate::learning::{Encoder, Learning, TensorError};
use crate::{Game, Player, Sample, Seat};

/// Scale of counts and scores in the tensor.
const SCALE: f32 = 16.0;
/// Faces of a die.
const FACES: usize = 6;
/// Kinds of Mischief card.
const KINDS: usize = Mischief::ALL.len();
/// Kinds of phase, in the tensor's order.
const PHASES: usize = 10;
/// Dice on the Mini Games that a decision can name: player spaces, then
/// Fairy spaces, on each table position.
const PLACED: usize = IN_PLAY * (MAX_PLAYER_SPACES + MAX_FAIRY_SPACES);
/// Outcomes of a reported Prize Pit roll.
const PIT_OUTCOMES: usize = FACES * (MAX_SQUARES + 1) + 3;

/// The blocks of the action space in order, with their sizes for `p`
/// players.
#[derive(Clone, Copy)]
enum Block {
    Draw,
    Play,
    NoMischief,
    Pick,
    Shift,
    ChoosePlayer,
    PlaceOn,
    RollPrizePit,
    ReportPrizePit,
    Discard,
    DeclineSteal,
}

const BLOCKS: [Block; 11] = [
    Block::Draw,
    Block::Play,
    Block::NoMischief,
    Block::Pick,
    Block::Shift,
    Block::ChoosePlayer,
    Block::PlaceOn,
    Block::RollPrizePit,
    Block::ReportPrizePit,
    Block::Discard,
    Block::DeclineSteal,
];

impl Block {
    fn size(self, p: usize) -> usize {
        match self {
            Block::Draw | Block::NoMischief | Block::RollPrizePit | Block::DeclineSteal => 1,
            Block::Play | Block::Discard => KINDS,
            Block::Pick => dice(p),
            Block::Shift => 2,
            Block::ChoosePlayer => p,
            Block::PlaceOn => IN_PLAY * 3,
            Block::ReportPrizePit => PIT_OUTCOMES,
        }
    }
}

/// Dice a decision can name at a table of `p`: each player's pool by face,
/// the Fairy pool by face, and the dice on the Mini Games.
const fn dice(p: usize) -> usize {
    p * FACES + FACES + PLACED
}

fn face(face: Face) -> usize {
    usize::from(face.value()).saturating_sub(1)
}

fn face_at(i: usize) -> Option<Face> {
    u8::try_from(i + 1).ok().and_then(Face::new)
}

fn kind_at(i: usize) -> Option<Mischief> {
    Mischief::ALL.get(i).copied()
}

/// The number of a die among the [`dice`] of a table of `p`.
fn die(die: DieRef, p: usize) -> Option<usize> {
    let booth = |b: u8| (usize::from(b) < IN_PLAY).then_some(usize::from(b));
    match die {
        DieRef::Pool { owner, face: f } => {
            (owner.index() < p).then(|| owner.index() * FACES + face(f))
        }
        DieRef::FairyPool { face: f } => Some(p * FACES + face(f)),
        DieRef::Placed { booth: b, space } => {
            let space = usize::from(space);
            (space < MAX_PLAYER_SPACES)
                .then_some(())
                .and(booth(b))
                .map(|b| p * FACES + FACES + b * MAX_PLAYER_SPACES + space)
        }
        DieRef::PlacedFairy { booth: b, space } => {
            let space = usize::from(space);
            (space < MAX_FAIRY_SPACES)
                .then_some(())
                .and(booth(b))
                .map(|b| {
                    p * FACES + FACES + IN_PLAY * MAX_PLAYER_SPACES + b * MAX_FAIRY_SPACES + space
                })
        }
    }
}

fn die_at(i: usize, p: usize) -> Option<DieRef> {
    let pools = p * FACES;
    let fairy = pools + FACES;
    let placed = fairy + IN_PLAY * MAX_PLAYER_SPACES;
    Some(if i < pools {
        DieRef::Pool {
            owner: Player((i / FACES) as u8),
            face: face_at(i % FACES)?,
        }
    } else if i < fairy {
        DieRef::FairyPool {
            face: face_at(i - pools)?,
        }
    } else if i < placed {
        let k = i - fairy;
        DieRef::Placed {
            booth: (k / MAX_PLAYER_SPACES) as u8,
            space: (k % MAX_PLAYER_SPACES) as u8,
        }
    } else if i < placed + IN_PLAY * MAX_FAIRY_SPACES {
        let k = i - placed;
        DieRef::PlacedFairy {
            booth: (k / MAX_FAIRY_SPACES) as u8,
            space: (k % MAX_FAIRY_SPACES) as u8,
        }
    } else {
        return None;
    })
}

fn side(side: Option<Side>) -> usize {
    match side {
        None => 0,
        Some(Side::Left) => 1,
        Some(Side::Right) => 2,
    }
}

fn pit(outcome: PitOutcome) -> Option<usize> {
    match outcome {
        PitOutcome::Number { face: f, square } => {
            let square = match square {
                None => 0,
                Some(s) if usize::from(s) < MAX_SQUARES => usize::from(s) + 1,
                Some(_) => return None,
            };
            Some(face(f) * (MAX_SQUARES + 1) + square)
        }
        PitOutcome::Goblin => Some(PIT_OUTCOMES - 3),
        PitOutcome::SleepingDragon => Some(PIT_OUTCOMES - 2),
        PitOutcome::BouncedOut => Some(PIT_OUTCOMES - 1),
    }
}

fn pit_at(i: usize) -> Option<PitOutcome> {
    Some(match i {
        i if i < PIT_OUTCOMES - 3 => PitOutcome::Number {
            face: face_at(i / (MAX_SQUARES + 1))?,
            square: match i % (MAX_SQUARES + 1) {
                0 => None,
                s => Some((s - 1) as u8),
            },
        },
        i if i == PIT_OUTCOMES - 3 => PitOutcome::Goblin,
        i if i == PIT_OUTCOMES - 2 => PitOutcome::SleepingDragon,
        i if i == PIT_OUTCOMES - 1 => PitOutcome::BouncedOut,
        _ => return None,
    })
}

/// The block of an action and its number inside the block.
fn split(action: Action, p: usize) -> Option<(Block, usize)> {
    Some(match action {
        Action::Draw => (Block::Draw, 0),
        Action::Play(kind) => (Block::Play, kind.index()),
        Action::NoMischief => (Block::NoMischief, 0),
        Action::Pick(d) => (Block::Pick, die(d, p)?),
        Action::Shift(Shift::Up) => (Block::Shift, 0),
        Action::Shift(Shift::Down) => (Block::Shift, 1),
        Action::ChoosePlayer(player) => (
            Block::ChoosePlayer,
            Some(player.index()).filter(|&i| i < p)?,
        ),
        Action::PlaceOn { booth, side: s } => (
            Block::PlaceOn,
            Some(usize::from(booth)).filter(|&b| b < IN_PLAY)? * 3 + side(s),
        ),
        Action::RollPrizePit => (Block::RollPrizePit, 0),
        Action::ReportPrizePit(outcome) => (Block::ReportPrizePit, pit(outcome)?),
        Action::Discard(kind) => (Block::Discard, kind.index()),
        Action::DeclineSteal => (Block::DeclineSteal, 0),
    })
}

fn join(block: Block, i: usize, p: usize) -> Option<Action> {
    Some(match block {
        Block::Draw => Action::Draw,
        Block::Play => Action::Play(kind_at(i)?),
        Block::NoMischief => Action::NoMischief,
        Block::Pick => Action::Pick(die_at(i, p)?),
        Block::Shift => Action::Shift(if i == 0 { Shift::Up } else { Shift::Down }),
        Block::ChoosePlayer => Action::ChoosePlayer(Player(i as u8)),
        Block::PlaceOn => Action::PlaceOn {
            booth: (i / 3) as u8,
            side: match i % 3 {
                0 => None,
                1 => Some(Side::Left),
                _ => Some(Side::Right),
            },
        },
        Block::RollPrizePit => Action::RollPrizePit,
        Block::ReportPrizePit => Action::ReportPrizePit(pit_at(i)?),
        Block::Discard => Action::Discard(kind_at(i)?),
        Block::DeclineSteal => Action::DeclineSteal,
    })
}

fn counts(e: &mut Encoder<'_>, hand: CardCounts) {
    for kind in Mischief::ALL {
        e.number(hand.count(kind) as i64, 1.0);
    }
}

/// A Midsummer Night's Fayre's numbers for learning.
///
/// **Actions** for `P` players, in blocks one after another: draw (1); play
/// a card of each kind in [`Mischief::ALL`] order (6); no Mischief (1); pick
/// a die (`6P + 6 + 39`: a die of seat `s` showing face `f` at
/// `6s + f - 1`, then the Fairy pool by face, then the player spaces of
/// each table position, 10 each, then its Fairy spaces, 3 each); shift up,
/// down (2); choose seat `s` (`P`); place on table position `b` with no
/// side, left or right (`3b`, `3b + 1`, `3b + 2`: 9); roll into the Prize
/// Pit (1); report a roll (45: a number `f` touching no square, or square
/// `q`, at `7(f - 1)`, `7(f - 1) + q + 1`, then the Goblin, the sleeping
/// dragon and bounced out); discard a card of each kind (6); decline to
/// steal (1).
///
/// **Tensor** for `P` players, in this order:
///
/// | entries | field |
/// |---|---|
/// | `P` | the seat, one-hot (all 0 for a spectator) |
/// | `P` | whose turn it is, one-hot |
/// | 10 | the phase, one-hot: mischief, target, swap with, shift, dice, destination, prize pit, steal, discard, over |
/// | 6 | the phase's card (target, shift), one-hot by kind |
/// | `6P + 45` | the phase's die (swap with, shift, destination), one-hot as in the action space |
/// | `P` | the phase's player (who rolls, steals, discards), one-hot |
/// | 2 | the Prize Pit die, one-hot: Goblin, player |
/// | `P` | the players still to roll into the Prize Pit: `(k + 1) / P` for the `k`-th |
/// | `P` | scores, / 16 |
/// | `6P` | each player's dice pool: how many dice show each face |
/// | 6 | the Fairy pool: how many dice show each face |
/// | 3 × (1 + 12 + 3 × 6 + 10 × (1 + `P` + 6) + 6) | each table position: whether a Mini Game is there, which (one-hot), its Fairy dice in order (one-hot face each), its player spaces in order (taken, owner one-hot, face one-hot), its magic number (one-hot) |
/// | `P` | hand sizes |
/// | 7 | whether the seat has a hand, then its cards of each kind |
/// | 1 | cards in the Mischief draw pile, / 16 |
/// | 6 | the Mischief discard pile, by kind |
/// | 1 | Mini Game cards left, / 16 |
/// | 12 | the scored Mini Games: `(k + 1) / 12` for the `k`-th scored |
/// | 2 | dice moves since the last scoring and the move limit, / 16 |
/// | `6P` | memory: the cards the seat knows each player holds, by kind |
/// | 7 | memory: whether it knows what the draw pile was drawn from, then those cards by kind |
/// | `P` | memory: cards each player has drawn unseen since, / 16 |
impl Learning for State {
    fn action_space(config: &Config) -> usize {
        let p = usize::from(config.players);
        BLOCKS.iter().map(|b| b.size(p)).sum()
    }

    fn action_index(config: &Config, action: &Action) -> Option<usize> {
        let p = usize::from(config.players);
        let (block, i) = split(*action, p)?;
        let mut offset = 0;
        for b in BLOCKS {
            if b as usize == block as usize {
                return (i < b.size(p)).then_some(offset + i);
            }
            offset += b.size(p);
        }
        None
    }

    fn action_at(config: &Config, index: usize) -> Option<Action> {
        let p = usize::from(config.players);
        let mut offset = 0;
        for b in BLOCKS {
            if index < offset + b.size(p) {
                return join(b, index - offset, p);
            }
            offset += b.size(p);
        }
        None
    }

    fn tensor_len(config: &Config) -> usize {
        let p = usize::from(config.players);
        let booth =
            1 + MINI_GAMES + MAX_FAIRY_SPACES * FACES + MAX_PLAYER_SPACES * (1 + p + FACES) + FACES;
        p + p
            + PHASES
            + KINDS
            + dice(p)
            + p
            + 2
            + p
            + p
            + FACES * p
            + FACES
            + IN_PLAY * booth
            + p
            + 1
            + KINDS
            + 1
            + KINDS
            + 1
            + MINI_GAMES
            + 2
            + KINDS * p
            + 1
            + KINDS
            + p
    }

    fn write_tensor_from(
        config: &Config,
        seat: Seat,
        view: &<State as Game>::View,
        memory: &<State as Sample>::Memory,
        out: &mut [f32],
    ) -> Result<(), TensorError> {
        let p = usize::from(config.players);
        if view.scores.len() != p || view.pools.len() != p || view.hand_sizes.len() != p {
            return Err(TensorError::Config(
                "the view has another number of players",
            ));
        }
        let mut e = Encoder::checked(out, Self::tensor_len(config))?;
        e.seat(seat, p);
        e.player(Some(view.current), p);
        let (kind, card, die_ref, player, pit_die) = match view.phase {
            Phase::Mischief => (0, None, None, None, None),
            Phase::Target { card } => (1, Some(card), None, None, None),
            Phase::SwapWith { first } => (2, None, Some(first), None, None),
            Phase::Shift { card, die } => (3, Some(card), Some(die), None, None),
            Phase::Dice => (4, None, None, None, None),
            Phase::Destination { die } => (5, None, Some(die), None, None),
            Phase::PrizePit { player, die } => (6, None, None, Some(player), Some(die)),
            Phase::Steal { thief } => (7, None, None, Some(thief), None),
            Phase::Discard { player } => (8, None, None, Some(player), None),
            Phase::Over => (9, None, None, None, None),
        };
        e.one_hot(Some(kind), PHASES);
        e.one_hot(card.map(Mischief::index), KINDS);
        e.one_hot(die_ref.and_then(|d| die(d, p)), dice(p));
        e.player(player, p);
        e.one_hot(
            pit_die.map(|d| match d {
                PitDie::Goblin => 0,
                PitDie::Player => 1,
            }),
            2,
        );
        e.ordered(view.queue.iter().map(|q| q.index()), p);
        for &score in &view.scores {
            e.number(i64::from(score), SCALE);
        }
        for pool in &view.pools {
            e.counts(pool.iter().map(|&f| face(f)), FACES);
        }
        e.counts(view.fairy_pool.iter().map(|&f| face(f)), FACES);
        for (booth, magic) in view.booths.iter().zip(view.magic_numbers) {
            e.flag(booth.is_some());
            e.one_hot(booth.as_ref().map(|b| b.game.index()), MINI_GAMES);
            for slot in 0..MAX_FAIRY_SPACES {
                let fairy = booth.as_ref().and_then(|b| b.fairy.get(slot).copied());
                e.one_hot(fairy.map(face), FACES);
            }
            for slot in 0..MAX_PLAYER_SPACES {
                let placed = booth
                    .as_ref()
                    .and_then(|b| b.spaces.get(slot).copied().flatten());
                e.flag(placed.is_some());
                e.player(placed.map(|d| d.owner), p);
                e.one_hot(placed.map(|d| face(d.face)), FACES);
            }
            e.one_hot(magic.map(face), FACES);
        }
        for &size in &view.hand_sizes {
            e.number(size as i64, 1.0);
        }
        e.flag(view.own_hand.is_some());
        counts(&mut e, view.own_hand.unwrap_or_default());
        e.number(view.mischief_draw_pile as i64, SCALE);
        counts(&mut e, view.mischief_discard);
        e.number(view.mini_games_left as i64, SCALE);
        e.ordered(
            view.finished.iter().map(|g: &MiniGame| g.index()),
            MINI_GAMES,
        );
        e.number(view.moves_since_scoring as i64, SCALE);
        e.number(view.move_limit as i64, SCALE);
        for seat in 0..p {
            counts(&mut e, memory.known_hand(Player(seat as u8)));
        }
        e.flag(memory.draw_pile_from.is_some());
        counts(&mut e, memory.draw_pile_from.unwrap_or_default());
        for seat in 0..p {
            e.number(memory.drawn_by(Player(seat as u8)) as i64, SCALE);
        }
        e.finish()
    }
}
