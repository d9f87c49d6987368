//! `arbitrary::Arbitrary` for the types that cannot simply derive it
//! (feature `arbitrary`): faces (only 1 to 6 exist), configs (always valid,
//! with custom component data), Mini Games in play and setups (fixed-capacity
//! lists). Actions, phases and the types inside them derive it.

use arbitrary::{Arbitrary, Result, Unstructured};
use arrayvec::ArrayVec;

use super::config::{Config, MAX_PLAYERS, MIN_PLAYERS};
use super::dice::{Face, PlacedDie};
use super::mini_game::{Booth, MAX_FAIRY_SPACES, MAX_PLAYER_SPACES, MiniGame, MiniGameCard};
use super::mischief::{CardCounts, MISCHIEF_CARDS};
use super::prize_pit::{GoblinFace, MAX_SQUARES, PrizePit, PrizeSquare, RollMode};
use super::setup::Setup;
use crate::List;

/// Any of the six faces (a face outside 1 to 6 cannot be made).
impl<'a> Arbitrary<'a> for Face {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Face> {
        u.choose(&Face::ALL).copied()
    }

    fn size_hint(_depth: usize) -> (usize, Option<usize>) {
        (1, Some(1))
    }
}

/// Up to `N` items made by `item`.
fn list<'a, T, const N: usize>(
    u: &mut Unstructured<'a>,
    mut item: impl FnMut(&mut Unstructured<'a>) -> Result<T>,
) -> Result<ArrayVec<T, N>> {
    let len = u.int_in_range(0..=N)?;
    let mut out = ArrayVec::new();
    for _ in 0..len {
        let _ = out.try_push(item(u)?);
    }
    Ok(out)
}

/// A valid config: any player count, either roll mode, any move limit from 1
/// to 256, and, chosen part by part, custom Mischief mixes, Mini Game card
/// data, Goblin die faces and Prize Pits. Bytes that run out give the
/// standard 2-player game.
impl<'a> Arbitrary<'a> for Config {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Config> {
        let players = u.int_in_range(MIN_PLAYERS..=MAX_PLAYERS)?;
        let standard = Config::new(players).unwrap_or_default();
        let custom = u8::arbitrary(u)?;
        let mut config = standard;
        if custom & 1 != 0 {
            config = config.with_rolls(RollMode::Reported);
        }
        if custom & 2 != 0 {
            config = config.with_move_limit(usize::from(u8::arbitrary(u)?) + 1);
        }
        if custom & 4 != 0 {
            config = config.with_mischief(mischief(u, players)?);
        }
        if custom & 8 != 0 {
            let mut cards = config.mini_games;
            for game in MiniGame::ALL {
                cards.set(game, mini_game_card(u, game)?);
            }
            config = config.with_mini_games(cards);
        }
        if custom & 16 != 0 {
            let mut faces = [GoblinFace::Goblin; 6];
            for face in &mut faces {
                *face = GoblinFace::arbitrary(u)?;
            }
            config = config.with_goblin_die(faces);
        }
        if custom & 32 != 0 {
            config = config.with_prize_pit(prize_pit(u)?);
        }
        // Every part above is valid by construction; this only guards it.
        Ok(if config.validate().is_ok() {
            config
        } else {
            standard
        })
    }
}

/// A Mischief mix of at most 30 cards and at least 2 per player.
fn mischief(u: &mut Unstructured<'_>, players: usize) -> Result<CardCounts> {
    let mut counts = [0usize; 6];
    for count in &mut counts {
        *count = u.int_in_range(0..=10)?;
    }
    let mut kind = 0;
    while counts.iter().sum::<usize>() > MISCHIEF_CARDS {
        if let Some(count) = counts.get_mut(kind % 6) {
            *count = count.saturating_sub(1);
        }
        kind += 1;
    }
    while counts.iter().sum::<usize>() < 2 * players {
        if let Some(count) = counts.get_mut(kind % 6) {
            *count += 1;
        }
        kind += 1;
    }
    Ok(CardCounts::new(counts).unwrap_or(CardCounts::STANDARD))
}

/// Any card data `MiniGameCards::validate` accepts for `game`.
fn mini_game_card(u: &mut Unstructured<'_>, game: MiniGame) -> Result<MiniGameCard> {
    let magic = Face::arbitrary(u)?;
    let fairy_spaces = match game.rulebook_fairy_spaces() {
        0 => 0,
        1 => 1,
        _ => u.int_in_range(1..=MAX_FAIRY_SPACES)?,
    };
    let player_spaces = if game == MiniGame::TugOfWar {
        2 * u.int_in_range(1..=MAX_PLAYER_SPACES / 2)?
    } else {
        u.int_in_range(2..=MAX_PLAYER_SPACES)?
    };
    Ok(MiniGameCard {
        magic,
        fairy_spaces,
        player_spaces,
    })
}

/// Up to six squares worth 0 to 9, any weights (the floor gets weight 1 if
/// every weight is 0).
fn prize_pit(u: &mut Unstructured<'_>) -> Result<PrizePit> {
    let mut squares = List::<PrizeSquare, MAX_SQUARES>::new();
    for _ in 0..u.int_in_range(0..=MAX_SQUARES)? {
        let square = PrizeSquare {
            points: u.int_in_range(0..=9)?,
            weight: u16::from(u8::arbitrary(u)?),
        };
        let _ = squares.push(square);
    }
    let mut pit = PrizePit {
        squares,
        bounce_out: u16::from(u8::arbitrary(u)?),
        dragon: u16::from(u8::arbitrary(u)?),
        floor: u16::from(u8::arbitrary(u)?),
    };
    if pit.validate().is_err() {
        pit.floor = 1;
    }
    Ok(pit)
}

/// Any game with up to 3 Fairy dice and up to 10 spaces, each empty or
/// holding any seat's die.
impl<'a> Arbitrary<'a> for Booth {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Booth> {
        let game = MiniGame::arbitrary(u)?;
        let fairy = list::<Face, MAX_FAIRY_SPACES>(u, Face::arbitrary)?;
        let spaces =
            list::<Option<PlacedDie>, MAX_PLAYER_SPACES>(u, <Option<PlacedDie>>::arbitrary)?;
        Ok(Booth {
            game,
            fairy: fairy.into_iter().collect(),
            spaces: spaces.into_iter().collect(),
        })
    }
}

/// A structural setup: an arbitrary config's fixed starting position
/// ([`Setup::for_config`]) with any of its fields replaced by arbitrary
/// values of the right shape (any seats, faces, cards, phases, lengths up
/// to each list's capacity). [`State::try_from`](super::State) refuses the
/// impossible ones; bytes that run out leave the starting position.
impl<'a> Arbitrary<'a> for Setup {
    fn arbitrary(u: &mut Unstructured<'a>) -> Result<Setup> {
        let config = Config::arbitrary(u)?;
        let Ok(mut setup) = Setup::for_config(config) else {
            return Err(arbitrary::Error::IncorrectFormat);
        };
        let change = u32::arbitrary(u)?;
        let mut bit = 0;
        let mut next = || {
            bit += 1;
            change & (1 << (bit - 1)) != 0
        };
        if next() {
            setup.current = Arbitrary::arbitrary(u)?;
        }
        if next() {
            setup.phase = Arbitrary::arbitrary(u)?;
        }
        if next() {
            setup.queue = list(u, Arbitrary::arbitrary)?;
        }
        if next() {
            setup.scores = list(u, Arbitrary::arbitrary)?;
        }
        if next() {
            setup.pools = list(u, |u| list(u, Face::arbitrary))?;
        }
        if next() {
            setup.hands = list(u, |u| list(u, Arbitrary::arbitrary))?;
        }
        if next() {
            setup.fairy_pool = list(u, Face::arbitrary)?;
        }
        for booth in &mut setup.booths {
            if next() {
                *booth = Arbitrary::arbitrary(u)?;
            }
        }
        if next() {
            setup.mini_game_deck = list(u, Arbitrary::arbitrary)?;
        }
        if next() {
            setup.removed = list(u, Arbitrary::arbitrary)?;
        }
        if next() {
            setup.finished = list(u, Arbitrary::arbitrary)?;
        }
        if next() {
            setup.mischief_deck = list(u, Arbitrary::arbitrary)?;
        }
        if next() {
            setup.mischief_discard = list(u, Arbitrary::arbitrary)?;
        }
        if next() {
            setup.moves_since_scoring = Arbitrary::arbitrary(u)?;
        }
        Ok(setup)
    }
}
