//! The score card: a track from -4 to 24.

use crate::Score;

/// The lowest score; a player here loses no more points.
pub const FLOOR: Score = -4;

/// The top of the track; reaching it wins at once.
pub const TOP: Score = 24;

/// The score that ends a game of the 15-point variant.
pub const FIFTEEN: Score = 15;

/// Moves `score` by `change`, held on the track.
pub const fn moved(score: Score, change: Score) -> Score {
    let raw = score.saturating_add(change);
    if raw < FLOOR {
        FLOOR
    } else if raw > TOP {
        TOP
    } else {
        raw
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_floor_holds_at_minus_four() {
        assert_eq!(moved(-4, -1), -4);
        assert_eq!(moved(-3, -1), -4);
        assert_eq!(moved(-4, 7), 3);
    }

    #[test]
    fn the_top_caps_at_24() {
        assert_eq!(moved(20, 7), 24);
        assert_eq!(moved(22, 2), 24);
        assert_eq!(moved(21, 2), 23);
    }

    #[test]
    fn extreme_changes_saturate_on_the_track() {
        assert_eq!(moved(Score::MAX, Score::MAX), TOP);
        assert_eq!(moved(Score::MIN, Score::MIN), FLOOR);
    }
}
