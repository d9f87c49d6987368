//! How a full Mini Game is won: each game's measure, and the places.
//!
//! Every function here is pure, so a UI can preview standings and tests can
//! check each Mini Game on hand-built [`Booth`]s.

use arrayvec::ArrayVec;

use super::config::MAX_PLAYERS;
use super::dice::{Face, Side};
use super::mini_game::{Booth, MAX_PLAYER_SPACES, MiniGame};
use crate::{List, Player, PlayerSet, Score};

/// A scoring place on a Mini Game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Place {
    /// Rolls the Goblin die into the Prize Pit (Hook-a-Hippocampus: see
    /// [`hippocampus_first_place`]).
    First,
    /// Scores [`SECOND_PLACE_POINTS`].
    Second,
    /// Scores [`THIRD_PLACE_POINTS`].
    Third,
}

/// Points for 2nd place.
pub const SECOND_PLACE_POINTS: Score = 3;
/// Points for 3rd place.
pub const THIRD_PLACE_POINTS: Score = 1;
/// Points for a die showing the card's magic number.
pub const MAGIC_NUMBER_POINTS: Score = 1;
/// Bonus for hitting the Shooting Star Gallery's bullseye exactly.
pub const BULLSEYE_POINTS: Score = 1;

/// Each seat's place, indexed by [`Player::index`] (seats past the table are
/// `None`); read one with [`place`].
pub type Places = [Option<Place>; MAX_PLAYERS];

/// `player`'s place in `places` (`None` for no place or an unseated player).
///
/// ```
/// use fairy_ring::Player;
/// use fairy_ring::fayre::score::{Place, place};
/// let places = [Some(Place::Second), None, Some(Place::First), None, None];
/// assert_eq!(place(&places, Player(2)), Some(Place::First));
/// assert_eq!(place(&places, Player(9)), None);
/// ```
pub fn place(places: &Places, player: Player) -> Option<Place> {
    places.get(player.index()).copied().flatten()
}

/// What a player's dice are worth on a (non Tug of War) game: higher is
/// better; `None` means the player does not place (see the ruling "Fayre: no
/// place without a scoring die"). `fairy` are the Fairy dice on the card.
pub fn measure(game: MiniGame, fairy: &[Face], dice: &[Face]) -> Option<i16> {
    if dice.is_empty() {
        return None;
    }
    let count = |f: &dyn Fn(Face) -> bool| dice.iter().filter(|&&d| f(d)).count() as i16;
    let total: i16 = dice.iter().map(|d| i16::from(d.value())).sum();
    let fairy_total: i16 = fairy.iter().map(|d| i16::from(d.value())).sum();
    let positive = |n: i16| (n > 0).then_some(n);
    match game {
        MiniGame::RingToss => positive(count(&|d| !fairy.contains(&d))),
        MiniGame::MagicGeodeShy => positive(count(&|d| fairy.contains(&d))),
        MiniGame::HookAHippocampus | MiniGame::SplatTheButterflyRat => {
            let target = fairy.first()?;
            positive(count(&|d| d == *target))
        }
        MiniGame::ShootingStarGallery => Some(-(total - fairy_total).abs()),
        MiniGame::DragonHoardHunt => (total <= fairy_total).then_some(total),
        MiniGame::FindThePearl => Face::ALL.iter().map(|&f| count(&|d| d == f)).max(),
        MiniGame::DartTheOgre => positive(count(&|d| d.is_odd())),
        MiniGame::PieThrow => Some(Face::ALL.iter().filter(|f| dice.contains(f)).count() as i16),
        MiniGame::TestYourStrength => Some(total),
        MiniGame::TinCanVolley => {
            let run = longest_run(dice);
            (run >= 2).then_some(run)
        }
        // Tug of War ranks by side; as a single measure, the total.
        MiniGame::TugOfWar => Some(total),
    }
}

/// The longest run of consecutive numbers among `dice`, in any order.
pub fn longest_run(dice: &[Face]) -> i16 {
    let (mut best, mut run) = (0, 0);
    for face in Face::ALL {
        run = if dice.contains(&face) { run + 1 } else { 0 };
        best = best.max(run);
    }
    best
}

/// Places from measures: the best measure is 1st, the next distinct one 2nd,
/// the next 3rd; tied players share a place, and the next measure takes the
/// next place (see the ruling "Fayre: friendly ties").
pub fn dense_places(measures: &[Option<i16>; MAX_PLAYERS]) -> Places {
    let mut distinct: ArrayVec<i16, MAX_PLAYERS> = ArrayVec::new();
    for m in measures.iter().flatten() {
        if !distinct.contains(m) {
            let _ = distinct.try_push(*m);
        }
    }
    distinct.sort_unstable_by(|a, b| b.cmp(a));
    let place_of = |m: i16| match distinct.iter().position(|&d| d == m) {
        Some(0) => Some(Place::First),
        Some(1) => Some(Place::Second),
        Some(2) => Some(Place::Third),
        _ => None,
    };
    measures.map(|m| m.and_then(place_of))
}

/// Each seat's dice on the card (on `side` of Tug of War, if given), in
/// space order, from one pass over the spaces.
fn faces_by_seat(
    booth: &Booth,
    side: Option<Side>,
) -> [List<Face, MAX_PLAYER_SPACES>; MAX_PLAYERS] {
    let mut faces = [List::new(); MAX_PLAYERS];
    for (i, d) in booth.dice() {
        if side.is_none_or(|s| booth.side_of(i) == s)
            && let Some(list) = faces.get_mut(d.owner.index())
        {
            let _ = list.push(d.face);
        }
    }
    faces
}

fn total(faces: &[Face]) -> i16 {
    faces.iter().map(|f| i16::from(f.value())).sum()
}

/// The places on a full (or any) Mini Game.
///
/// Tug of War: the side with the higher total wins and its players are
/// ranked by their own total on it; if the sides tie, both win, and a player
/// on both takes only their better place (see the ruling "Fayre: Tug of War
/// sides tie").
pub fn placings(booth: &Booth) -> Places {
    if booth.game == MiniGame::TugOfWar {
        let sides = [Side::Left, Side::Right].map(|side| faces_by_seat(booth, Some(side)));
        let [left_faces, right_faces] = &sides;
        let side_total = |faces: &[List<Face, MAX_PLAYER_SPACES>; MAX_PLAYERS]| -> i16 {
            faces.iter().map(|f| total(f)).sum()
        };
        let (left, right) = (side_total(left_faces), side_total(right_faces));
        let mut best: Places = [None; MAX_PLAYERS];
        for (side, faces) in [Side::Left, Side::Right].into_iter().zip(&sides) {
            let won = match side {
                Side::Left => left >= right,
                Side::Right => right >= left,
            };
            if !won {
                continue;
            }
            let measures = faces.map(|faces| (!faces.is_empty()).then(|| total(&faces)));
            for (slot, place) in best.iter_mut().zip(dense_places(&measures)) {
                *slot = match (*slot, place) {
                    (Some(a), Some(b)) => Some(a.min(b)),
                    (a, b) => a.or(b),
                };
            }
        }
        return best;
    }
    // Seats with no die on the card have no measure (what `measure` says of
    // no dice), without calling it.
    let mut measures = [None; MAX_PLAYERS];
    for (slot, faces) in measures.iter_mut().zip(&faces_by_seat(booth, None)) {
        if !faces.is_empty() {
            *slot = measure(booth.game, &booth.fairy, faces);
        }
    }
    dense_places(&measures)
}

/// Players who score the magic number point: those with at least one die
/// showing `magic` on the card, except a player who busts on Dragon Hoard
/// Hunt ("cannot score anything for the game"; see the ruling "Fayre: a
/// bust on Dragon Hoard Hunt scores nothing").
pub fn magic_number(booth: &Booth, magic: Face) -> PlayerSet {
    let busted = busts(booth);
    booth
        .dice()
        .filter(|(_, d)| d.face == magic && !busted.contains(d.owner))
        .map(|(_, d)| d.owner)
        .collect()
}

/// Dragon Hoard Hunt: players whose total goes over the Fairy dice total
/// (they bust and score nothing for the game). Empty on every other game.
pub fn busts(booth: &Booth) -> PlayerSet {
    if booth.game != MiniGame::DragonHoardHunt {
        return PlayerSet::EMPTY;
    }
    let hoard: u16 = booth.fairy.iter().map(|f| u16::from(f.value())).sum();
    (0u8..)
        .zip(faces_by_seat(booth, None))
        .filter(|(_, faces)| faces.iter().map(|f| u16::from(f.value())).sum::<u16>() > hoard)
        .map(|(p, _)| Player(p))
        .collect()
}

/// Shooting Star Gallery: players whose total equals the bullseye exactly.
pub fn bullseye(booth: &Booth) -> PlayerSet {
    if booth.game != MiniGame::ShootingStarGallery {
        return PlayerSet::EMPTY;
    }
    let target: u16 = booth.fairy.iter().map(|f| u16::from(f.value())).sum();
    (0u8..)
        .zip(faces_by_seat(booth, None))
        .filter(|(_, faces)| {
            !faces.is_empty() && faces.iter().map(|f| u16::from(f.value())).sum::<u16>() == target
        })
        .map(|(p, _)| Player(p))
        .collect()
}

/// What 1st place on Hook-a-Hippocampus earns when `tied` players share it:
/// `None` for one player (who rolls the Goblin die), 3 points each for two,
/// 1 point each for three or more.
pub const fn hippocampus_first_place(tied: usize) -> Option<Score> {
    match tied {
        0 | 1 => None,
        2 => Some(3),
        _ => Some(1),
    }
}
