//! The score card: a track from -4 to 24.

/// The lowest score; a player here loses no more points.
pub const FLOOR: i8 = -4;

/// The top of the track; reaching it wins at once.
pub const TOP: i8 = 24;

/// The score that ends a game of the 15-point variant.
pub const FIFTEEN: i8 = 15;

/// Moves `score` by `change`, held on the track.
pub const fn moved(score: i8, change: i8) -> i8 {
    let raw = score as i16 + change as i16;
    if raw < FLOOR as i16 {
        FLOOR
    } else if raw > TOP as i16 {
        TOP
    } else {
        raw as i8
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
}
