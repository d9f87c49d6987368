//! End-of-game scoring: each Family set, Shoot the Moon, and the exceptions.

use arrayvec::ArrayVec;

use super::card::{DECK_SIZE, FavorTable};
use super::family::{FAMILY_COUNT, Family};
use super::setup::{AllianceCard, ScoringChoice};
use crate::Score;

/// Favor scored by one Family set of `values` under the rules of `family`.
///
/// - one card scores its Favor, two score 0, three or four score minus the
///   highest, five or more Shoot the Moon (the sum; see [`alliance_score`]);
/// - Noble: the highest Noble scores positive whatever the count (below five);
/// - Pariah: the most negative Pariah scores (below five); five or more score
///   the sum as a positive value.
///
/// ```
/// use fairy_ring::fickle::{Family, score::set_score};
/// assert_eq!(set_score(Family::Noble, &[1, 2, 4]), 4);
/// assert_eq!(set_score(Family::Pariah, &[-4, -2, -1, -2, -3]), 12);
/// assert_eq!(set_score(Family::Give, &[2, 4, 1]), -4);
/// ```
pub fn set_score(family: Family, values: &[Score]) -> Score {
    let max = values.iter().copied().max().unwrap_or(0);
    let min = values.iter().copied().min().unwrap_or(0);
    let sum: Score = values.iter().sum();
    match (family, values.len()) {
        (_, 0) => 0,
        (Family::Pariah, n) if n >= 5 => -sum,
        (_, n) if n >= 5 => sum,
        (Family::Pariah, _) => min,
        (Family::Noble, _) => max,
        (_, 1) => max,
        (_, 2) => 0,
        _ => -max,
    }
}

/// The Fairies of an Alliance grouped into scoring sets: each Familiar is
/// merged into the Fairy it is paired with (adding its Favor) and each
/// Illusion counts in the Family chosen for it. Unpaired Familiars score
/// nothing.
pub fn scoring_sets(
    alliance: &[AllianceCard],
    favor: &FavorTable,
) -> [ArrayVec<Score, DECK_SIZE>; FAMILY_COUNT] {
    let mut sets: [ArrayVec<Score, DECK_SIZE>; FAMILY_COUNT] = Default::default();
    for (family, value) in scored(alliance, favor) {
        if let Some(set) = sets.get_mut(family.index()) {
            let _ = set.try_push(value);
        }
    }
    sets
}

/// Every Fairy of an Alliance that scores, with the Family it scores in (an
/// Illusion's chosen Family) and its value: its Favor plus the Favor of the
/// Familiars paired with it. Familiars are left out: paired ones count in
/// their partner's value, unpaired ones score nothing.
fn scored<'a>(
    alliance: &'a [AllianceCard],
    favor: &'a FavorTable,
) -> impl Iterator<Item = (Family, Score)> + 'a {
    let familiars = alliance.iter().any(|f| f.card.family == Family::Familiar);
    alliance
        .iter()
        .filter(|ac| ac.card.family != Family::Familiar)
        .map(move |ac| {
            let boost: Score = if familiars { alliance } else { &[] }
                .iter()
                .filter(|f| f.card.family == Family::Familiar)
                .filter(|f| f.scoring == Some(ScoringChoice::Paired(Some(ac.card))))
                .map(|f| Score::from(favor.favor(f.card)))
                .sum();
            let family = match ac.scoring {
                Some(ScoringChoice::As(f)) if ac.card.family == Family::Illusion => f,
                _ => ac.card.family,
            };
            (family, Score::from(favor.favor(ac.card)) + boost)
        })
}

/// An Alliance's final Favor. With five or more of one Family the player
/// Shoots the Moon: only that Family scores (if two Families qualify, the
/// better one).
pub fn alliance_score(alliance: &[AllianceCard], favor: &FavorTable) -> Score {
    // Per Family: how many values, their sum, highest and lowest, which is
    // all `set_score` reads (the sets themselves are not built); `used` has
    // a bit for each Family with a value, so only those are scored.
    let mut sets = [SetSummary::default(); FAMILY_COUNT];
    let mut used: u32 = 0;
    let mut add = |family: Family, value: Score| {
        // A set holds at most a deck's cards, as `scoring_sets` keeps.
        if let Some(set) = sets.get_mut(family.index())
            && usize::from(set.len) < DECK_SIZE
        {
            set.add(value);
            used |= 1 << family.index();
        }
    };
    if alliance.iter().any(|f| f.card.family == Family::Familiar) {
        for (family, value) in scored(alliance, favor) {
            add(family, value);
        }
    } else {
        // No Familiar: each Fairy scores its own Favor (`scored` without
        // the boosts), read once.
        for ac in alliance {
            let family = match ac.scoring {
                Some(ScoringChoice::As(f)) if ac.card.family == Family::Illusion => f,
                _ => ac.card.family,
            };
            add(family, Score::from(favor.favor(ac.card)));
        }
    }
    let mut moon: Option<Score> = None;
    let mut sum: Score = 0;
    let mut rest = used;
    while rest != 0 {
        let i = rest.trailing_zeros() as usize;
        rest &= rest - 1;
        if let (Some(&f), Some(set)) = (Family::ALL.get(i), sets.get(i)) {
            let score = set.score(f);
            sum += score;
            if set.len >= 5 {
                moon = Some(moon.map_or(score, |m| m.max(score)));
            }
        }
    }
    let total = moon.unwrap_or(sum);
    debug_assert_eq!(total, alliance_score_of_sets(alliance, favor));
    total
}

/// What `set_score` needs of a set. Without values, `max` and `min` are
/// the extremes of the type, so that `add` needs no branch.
#[derive(Clone, Copy)]
struct SetSummary {
    len: u8,
    sum: Score,
    max: Score,
    min: Score,
}

impl Default for SetSummary {
    fn default() -> SetSummary {
        SetSummary {
            len: 0,
            sum: 0,
            max: Score::MIN,
            min: Score::MAX,
        }
    }
}

impl SetSummary {
    fn add(&mut self, value: Score) {
        self.max = self.max.max(value);
        self.min = self.min.min(value);
        self.len += 1;
        self.sum += value;
    }

    /// `set_score` of the set. Every case is worked out and the one that
    /// applies is picked, without a branch on the count (which varies from
    /// set to set, unpredictably).
    fn score(&self, family: Family) -> Score {
        let n = usize::from(self.len);
        // Fewer than five of a common Family: 1 scores its Favor, 2 score
        // 0, 3 or 4 minus the highest.
        let common = [0, self.max, 0, -self.max, -self.max];
        let few = match family {
            Family::Pariah => self.min,
            Family::Noble => self.max,
            _ => common.get(n).copied().unwrap_or(0),
        };
        let moon = if family == Family::Pariah {
            -self.sum
        } else {
            self.sum
        };
        let score = if n == 0 {
            0
        } else if n >= 5 {
            moon
        } else {
            few
        };
        debug_assert_eq!(
            score,
            match (family, self.len) {
                (_, 0) => 0,
                (Family::Pariah, n) if n >= 5 => -self.sum,
                (_, n) if n >= 5 => self.sum,
                (Family::Pariah, _) => self.min,
                (Family::Noble, _) => self.max,
                (_, 1) => self.max,
                (_, 2) => 0,
                _ => -self.max,
            }
        );
        score
    }
}

/// `alliance_score` through `scoring_sets`: the oracle in debug builds.
fn alliance_score_of_sets(alliance: &[AllianceCard], favor: &FavorTable) -> Score {
    let sets = scoring_sets(alliance, favor);
    let moon = Family::ALL
        .iter()
        .filter_map(|&f| {
            let set = sets.get(f.index())?;
            (set.len() >= 5).then(|| set_score(f, set))
        })
        .max();
    moon.unwrap_or_else(|| {
        Family::ALL
            .iter()
            .filter_map(|&f| sets.get(f.index()).map(|set| set_score(f, set)))
            .sum()
    })
}
