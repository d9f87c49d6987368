//! How a full Mini Game is won: each game's measure, and the places.
//!
//! Every function here is pure, so a UI can preview standings and tests can
//! check each Mini Game on hand-built [`Booth`]s.

use super::config::MAX_PLAYERS;
use super::dice::{Face, Side};
use super::mini_game::{Booth, MAX_PLAYER_SPACES, MiniGame};
use crate::{List, Player, PlayerSet, Score};

/// A scoring place on a Mini Game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
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
    // A measure's place is how many distinct measures beat it. Each value
    // counts once, at its first seat; every seat is compared with every
    // other (a fixed 25 comparisons, no branch on how the measures fall).
    let mut first = [None::<i16>; MAX_PLAYERS];
    for (j, (slot, &m)) in first.iter_mut().zip(measures).enumerate() {
        let seen = measures
            .iter()
            .take(j)
            .fold(false, |seen, &k| seen | (k == m));
        *slot = if seen { None } else { m };
    }
    let mut places: Places = [None; MAX_PLAYERS];
    for (place, &m) in places.iter_mut().zip(measures) {
        let Some(m) = m else { continue };
        let beaten = first
            .iter()
            .fold(0usize, |n, &d| n + usize::from(d.is_some_and(|d| d > m)));
        *place = match beaten {
            0 => Some(Place::First),
            1 => Some(Place::Second),
            2 => Some(Place::Third),
            _ => None,
        };
    }
    places
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

/// The places on a full (or any) Mini Game.
///
/// Tug of War: the side with the higher total wins and its players are
/// ranked by their own total on it; if the sides tie, both win, and a player
/// on both takes only their better place (see the ruling "Fayre: Tug of War
/// sides tie").
pub fn placings(booth: &Booth) -> Places {
    placings_of(booth, &tallies(booth))
}

/// Tug of War's places (see [`placings`]).
fn tug_of_war(booth: &Booth) -> Places {
    // Each seat's total and whether it has a die, per side, in one pass.
    let half = booth.spaces.len() / 2;
    let mut sides = [[None::<i16>; MAX_PLAYERS]; 2];
    for (i, space) in booth.spaces.iter().enumerate() {
        if let Some(d) = space
            && let Some(side) = sides.get_mut(usize::from(i >= half))
            && let Some(total) = side.get_mut(d.owner.index())
        {
            *total = Some(total.unwrap_or(0) + i16::from(d.face.value()));
        }
    }
    let side_total = |side: &[Option<i16>; MAX_PLAYERS]| -> i16 { side.iter().flatten().sum() };
    let [left_side, right_side] = &sides;
    let (left, right) = (side_total(left_side), side_total(right_side));
    let mut best: Places = [None; MAX_PLAYERS];
    for (won, measures) in [(left >= right, left_side), (right >= left, right_side)] {
        if !won {
            continue;
        }
        for (slot, place) in best.iter_mut().zip(dense_places(measures)) {
            *slot = match (*slot, place) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            };
        }
    }
    best
}

/// One seat's dice on a card, counted in one pass over its spaces: how many,
/// their total, and how many show each face (by pips, index 0 unused).
#[derive(Clone, Copy, Default)]
pub(super) struct Tally {
    pub(super) dice: u8,
    pub(super) total: i16,
    faces: [u8; 7],
}

impl Tally {
    fn count(&self, face: Face) -> i16 {
        self.faces
            .get(usize::from(face.value()))
            .map_or(0, |&n| i16::from(n))
    }

    /// Dice showing a face in `mask` (a bit per pips).
    fn count_in(&self, mask: u8) -> i16 {
        (0u8..)
            .zip(self.faces)
            .filter(|&(pips, _)| mask & (1 << pips) != 0)
            .map(|(_, n)| i16::from(n))
            .sum()
    }

    /// A bit per face shown (by pips).
    fn shown(&self) -> u8 {
        (0u8..)
            .zip(self.faces)
            .filter(|&(_, n)| n > 0)
            .fold(0, |mask, (pips, _)| mask | (1 << pips))
    }
}

/// Each seat's [`Tally`] of its dice on the card (the whole card).
pub(super) fn tallies(booth: &Booth) -> [Tally; MAX_PLAYERS] {
    let mut tallies = [Tally::default(); MAX_PLAYERS];
    for d in booth.spaces.iter().flatten() {
        if let Some(t) = tallies.get_mut(d.owner.index()) {
            t.dice += 1;
            t.total += i16::from(d.face.value());
            if let Some(n) = t.faces.get_mut(usize::from(d.face.value())) {
                *n += 1;
            }
        }
    }
    tallies
}

/// [`measure`] from a seat's tally (at least one die), `fairy` the Fairy dice.
#[cfg(test)]
fn measure_tally(game: MiniGame, fairy: &[Face], t: &Tally) -> Option<i16> {
    measure_with(game, &FairyDice::of(fairy), t)
}

/// What the measures ask of a card's Fairy dice, found once per card.
struct FairyDice {
    /// The first Fairy die, if any.
    first: Option<Face>,
    /// A bit per face shown (bit `pips`).
    mask: u8,
    /// Their pips together.
    total: i16,
}

impl FairyDice {
    fn of(fairy: &[Face]) -> FairyDice {
        FairyDice {
            first: fairy.first().copied(),
            mask: fairy.iter().fold(0u8, |m, f| m | (1 << f.value())),
            total: fairy.iter().map(|d| i16::from(d.value())).sum(),
        }
    }
}

/// A seat's measure on a Mini Game (as [`measure`] gives it from the seat's
/// dice) from its tally, with the Fairy dice's figures found beforehand.
#[inline]
fn measure_with(game: MiniGame, fairy: &FairyDice, t: &Tally) -> Option<i16> {
    let positive = |n: i16| (n > 0).then_some(n);
    let (fairy_mask, fairy_total) = (fairy.mask, fairy.total);
    const ODD: u8 = (1 << 1) | (1 << 3) | (1 << 5);
    const FACES: u8 = 0b0111_1110;
    match game {
        MiniGame::RingToss => positive(t.count_in(FACES & !fairy_mask)),
        MiniGame::MagicGeodeShy => positive(t.count_in(fairy_mask)),
        MiniGame::HookAHippocampus | MiniGame::SplatTheButterflyRat => {
            positive(t.count(fairy.first?))
        }
        MiniGame::ShootingStarGallery => Some(-(t.total - fairy_total).abs()),
        MiniGame::DragonHoardHunt => (t.total <= fairy_total).then_some(t.total),
        MiniGame::FindThePearl => Face::ALL.iter().map(|&f| t.count(f)).max(),
        MiniGame::DartTheOgre => positive(t.count_in(ODD)),
        MiniGame::PieThrow => Some(t.shown().count_ones() as i16),
        MiniGame::TestYourStrength | MiniGame::TugOfWar => Some(t.total),
        MiniGame::TinCanVolley => {
            let shown = t.shown();
            let (mut best, mut run) = (0i16, 0i16);
            for face in Face::ALL {
                run = if shown & (1 << face.value()) != 0 {
                    run + 1
                } else {
                    0
                };
                best = best.max(run);
            }
            (best >= 2).then_some(best)
        }
    }
}

/// [`placings`] of a card whose [`tallies`] are known.
pub(super) fn placings_of(booth: &Booth, tallies: &[Tally; MAX_PLAYERS]) -> Places {
    if booth.game == MiniGame::TugOfWar {
        return tug_of_war(booth);
    }
    // Seats with no die on the card have no measure (what `measure` says of
    // no dice).
    let fairy = FairyDice::of(&booth.fairy);
    // A plain loop: `array::map` goes through a closure call per seat.
    let mut measures = [None; MAX_PLAYERS];
    for (measure, t) in measures.iter_mut().zip(tallies) {
        if t.dice != 0 {
            *measure = measure_with(booth.game, &fairy, t);
        }
    }
    dense_places(&measures)
}

/// The players with a die showing `magic` who do not bust
/// ([`magic_number`] from the card's [`tallies`]).
pub(super) fn magic_number_of(
    booth: &Booth,
    tallies: &[Tally; MAX_PLAYERS],
    magic: Face,
) -> PlayerSet {
    let hoard = (booth.game == MiniGame::DragonHoardHunt).then(|| {
        booth
            .fairy
            .iter()
            .map(|f| i16::from(f.value()))
            .sum::<i16>()
    });
    (0u8..)
        .zip(tallies)
        .filter(|(_, t)| t.count(magic) > 0 && hoard.is_none_or(|h| t.total <= h))
        .map(|(p, _)| Player(p))
        .collect()
}

/// [`bullseye`] from the card's [`tallies`].
pub(super) fn bullseye_of(booth: &Booth, tallies: &[Tally; MAX_PLAYERS]) -> PlayerSet {
    if booth.game != MiniGame::ShootingStarGallery {
        return PlayerSet::EMPTY;
    }
    let target: i16 = booth.fairy.iter().map(|f| i16::from(f.value())).sum();
    (0u8..)
        .zip(tallies)
        .filter(|(_, t)| t.dice > 0 && t.total == target)
        .map(|(p, _)| Player(p))
        .collect()
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

#[cfg(test)]
mod tests {
    use rand_core::SeedableRng;
    use rand_pcg::Pcg64Mcg;

    use super::{
        Booth, Face, MiniGame, Place, Player, dense_places, measure, measure_tally, tallies,
    };
    use crate::fayre::PlacedDie;

    /// The dense places equal the plain count of distinct better measures,
    /// over every way five seats can fall on four values or none.
    #[test]
    fn dense_places_count_distinct_better_measures() {
        const VALUES: [Option<i16>; 5] = [None, Some(-3), Some(0), Some(2), Some(7)];
        for code in 0..VALUES.len().pow(5) {
            let mut measures = [None; 5];
            let mut rest = code;
            for slot in &mut measures {
                *slot = VALUES[rest % VALUES.len()];
                rest /= VALUES.len();
            }
            let mut distinct: alloc::vec::Vec<i16> = measures.iter().flatten().copied().collect();
            distinct.sort_unstable();
            distinct.dedup();
            let expected = measures.map(|m| {
                m.and_then(|m| match distinct.iter().filter(|&&d| d > m).count() {
                    0 => Some(Place::First),
                    1 => Some(Place::Second),
                    2 => Some(Place::Third),
                    _ => None,
                })
            });
            assert_eq!(dense_places(&measures), expected, "{measures:?}");
        }
    }

    /// The one-pass tallies measure every Mini Game as `measure` does on the
    /// seat's dice, for random Fairy dice (none to three) and one to ten
    /// player dice.
    #[test]
    fn tallies_measure_as_measure_does() {
        let mut rng = Pcg64Mcg::seed_from_u64(11);
        for _ in 0..20_000 {
            for game in MiniGame::ALL {
                let mut booth = Booth::empty(game, 10);
                for _ in 0..crate::rng::index(&mut rng, 4) {
                    let _ = booth.fairy.push(Face::roll(&mut rng));
                }
                let dice = 1 + crate::rng::index(&mut rng, 10);
                for space in booth.spaces.iter_mut().take(dice) {
                    let face = Face::roll(&mut rng);
                    *space = Some(PlacedDie {
                        owner: Player(0),
                        face,
                    });
                }
                let faces: crate::List<Face, 10> =
                    booth.spaces.iter().flatten().map(|d| d.face).collect();
                let [tally, ..] = tallies(&booth);
                assert_eq!(
                    measure_tally(game, &booth.fairy, &tally),
                    measure(game, &booth.fairy, &faces),
                    "{booth:?}"
                );
            }
        }
    }
}
