//! The Prize Pit: a die rolled into the box lid, and a model of where it
//! lands.

use arrayvec::ArrayVec;

use crate::List;
use rand_core::Rng;

use super::dice::Face;
use crate::Score;

/// Most numbered prize squares a Prize Pit may have.
pub const MAX_SQUARES: usize = 6;

/// A face of the Goblin die.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum GoblinFace {
    /// A number: that many points.
    Number(Face),
    /// The Goblin: no points, but a Mischief card to steal.
    Goblin,
}

/// The Goblin die's faces by default: 1 to 5 and the Goblin (*default, not a
/// printed fact*; see the ruling "Fayre: the Goblin die").
pub const STANDARD_GOBLIN_DIE: [GoblinFace; 6] = [
    GoblinFace::Number(Face::ALL[0]),
    GoblinFace::Number(Face::ALL[1]),
    GoblinFace::Number(Face::ALL[2]),
    GoblinFace::Number(Face::ALL[3]),
    GoblinFace::Number(Face::ALL[4]),
    GoblinFace::Goblin,
];

/// A player die, rolled into the Prize Pit at the end of the game.
pub const PLAYER_DIE: [GoblinFace; 6] = [
    GoblinFace::Number(Face::ALL[0]),
    GoblinFace::Number(Face::ALL[1]),
    GoblinFace::Number(Face::ALL[2]),
    GoblinFace::Number(Face::ALL[3]),
    GoblinFace::Number(Face::ALL[4]),
    GoblinFace::Number(Face::ALL[5]),
];

/// Which die goes into the Prize Pit.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum PitDie {
    /// The Goblin die, rolled by the winner of a Mini Game.
    Goblin,
    /// One of the player's own dice, in the final roll at the game's end.
    Player,
}

/// Where a die rolled into the Prize Pit ended up: the outcomes the rulebook
/// names.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum PitOutcome {
    /// It shows a number; if it touches a numbered prize square (an index
    /// into [`PrizePit::squares`]), that square's points are added.
    Number {
        /// The number showing.
        face: Face,
        /// The prize square it touches, if any.
        square: Option<u8>,
    },
    /// It shows the Goblin: no points, but a Mischief card may be stolen.
    Goblin,
    /// It stopped on the sleeping dragon in the middle: nothing.
    SleepingDragon,
    /// It bounced out of the pit: nothing.
    BouncedOut,
}

/// A numbered prize square of the Prize Pit and how often a landing die
/// touches it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PrizeSquare {
    /// Points printed on the square (0 or more; see
    /// [`PrizePit::validate`]).
    pub points: Score,
    /// Relative weight of a roll ending on it.
    pub weight: u16,
}

/// The Prize Pit as data: its prize squares and a probability model of a
/// roll, as relative weights of the outcomes. A roll first draws where the
/// die ends (out of the pit, on the dragon, on the floor, or touching one
/// square), then, if it lands, which face shows (uniform over the die's six
/// faces). A Goblin face wins nothing wherever it lands.
///
/// The default is *not a printed fact* (see the ruling "Fayre: the Prize
/// Pit"): squares worth 1, 2 and 3; weights 1 (bounce out), 1 (dragon), 6
/// (floor) and 1 for each square.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PrizePit {
    /// The numbered prize squares.
    pub squares: List<PrizeSquare, MAX_SQUARES>,
    /// Weight of the die bouncing out.
    pub bounce_out: u16,
    /// Weight of the die stopping on the sleeping dragon.
    pub dragon: u16,
    /// Weight of the die landing touching no prize square.
    pub floor: u16,
}

impl Default for PrizePit {
    fn default() -> Self {
        PrizePit {
            squares: [1, 2, 3]
                .into_iter()
                .map(|points| PrizeSquare { points, weight: 1 })
                .collect(),
            bounce_out: 1,
            dragon: 1,
            floor: 6,
        }
    }
}

impl PrizePit {
    fn total_weight(&self) -> u32 {
        let squares: u32 = self.squares.iter().map(|s| u32::from(s.weight)).sum();
        u32::from(self.bounce_out) + u32::from(self.dragon) + u32::from(self.floor) + squares
    }

    /// The model must give some outcome a chance, and no square may be
    /// worth negative points (a roll only ever wins points).
    pub fn validate(&self) -> Result<(), &'static str> {
        if self.total_weight() == 0 {
            Err("the Prize Pit model gives every outcome weight 0")
        } else if self.squares.iter().any(|s| s.points < 0) {
            Err("a Prize Pit square is worth negative points")
        } else {
            Ok(())
        }
    }

    /// The numbered prize square `square` (an index into
    /// [`squares`](PrizePit::squares)), if the pit has it.
    pub fn square(&self, square: u8) -> Option<PrizeSquare> {
        self.squares.get(usize::from(square)).copied()
    }

    /// Points scored by `outcome`: the face plus the square's points.
    ///
    /// ```
    /// use fairy_ring::fayre::{Face, PitOutcome, PrizePit};
    /// let pit = PrizePit::default();
    /// // The rulebook's picture: a 5 touching the 3-point square scores 8.
    /// let five = PitOutcome::Number { face: Face::new(5).unwrap(), square: Some(2) };
    /// assert_eq!(pit.square(2).map(|s| s.points), Some(3));
    /// assert_eq!(pit.points(five), 8);
    /// ```
    pub fn points(&self, outcome: PitOutcome) -> Score {
        match outcome {
            PitOutcome::Number { face, square } => {
                let bonus = square.and_then(|i| self.square(i)).map_or(0, |s| s.points);
                Score::from(face.value()).saturating_add(bonus)
            }
            _ => 0,
        }
    }

    /// Whether `outcome` can happen when rolling a die with `faces`.
    pub fn is_possible(&self, outcome: PitOutcome, faces: &[GoblinFace]) -> bool {
        match outcome {
            PitOutcome::Number { face, square } => {
                faces.contains(&GoblinFace::Number(face))
                    && square.is_none_or(|i| usize::from(i) < self.squares.len())
            }
            PitOutcome::Goblin => faces.contains(&GoblinFace::Goblin),
            PitOutcome::SleepingDragon | PitOutcome::BouncedOut => true,
        }
    }

    /// Every outcome a die with `faces` can have, in a stable order: each
    /// number on the floor then on each square, the Goblin, the dragon,
    /// bouncing out. At most 6 × 7 + 3 = 45.
    pub fn outcomes(&self, faces: &[GoblinFace]) -> ArrayVec<PitOutcome, 45> {
        let mut list = ArrayVec::new();
        for face in Face::ALL {
            if !faces.contains(&GoblinFace::Number(face)) {
                continue;
            }
            let squares = (0..self.squares.len()).map(|i| Some(i as u8));
            for square in core::iter::once(None).chain(squares) {
                let _ = list.try_push(PitOutcome::Number { face, square });
            }
        }
        if faces.contains(&GoblinFace::Goblin) {
            let _ = list.try_push(PitOutcome::Goblin);
        }
        let _ = list.try_push(PitOutcome::SleepingDragon);
        let _ = list.try_push(PitOutcome::BouncedOut);
        list
    }

    /// Rolls a die with `faces` into the pit by the model: one bounded draw
    /// for where it ends, and one more for its face if it lands.
    pub fn roll(&self, faces: &[GoblinFace], rng: &mut (impl Rng + ?Sized)) -> PitOutcome {
        let mut pick = crate::rng::below(rng, self.total_weight());
        if pick < u32::from(self.bounce_out) {
            return PitOutcome::BouncedOut;
        }
        pick -= u32::from(self.bounce_out);
        if pick < u32::from(self.dragon) {
            return PitOutcome::SleepingDragon;
        }
        pick -= u32::from(self.dragon);
        let mut square = None;
        if pick >= u32::from(self.floor) {
            pick -= u32::from(self.floor);
            for (i, s) in self.squares.iter().enumerate() {
                if pick < u32::from(s.weight) {
                    square = Some(i as u8);
                    break;
                }
                pick -= u32::from(s.weight);
            }
        }
        match crate::rng::choose(rng, faces) {
            Some(GoblinFace::Number(face)) => PitOutcome::Number {
                face: *face,
                square,
            },
            Some(GoblinFace::Goblin) => PitOutcome::Goblin,
            None => PitOutcome::BouncedOut,
        }
    }
}

/// How Prize Pit rolls are resolved.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RollMode {
    /// The engine rolls with the [`PrizePit`] model
    /// ([`Action::RollPrizePit`](super::Action::RollPrizePit)).
    #[default]
    Simulated,
    /// A real die was rolled at a physical table; the roller reports where it
    /// ended ([`Action::ReportPrizePit`](super::Action::ReportPrizePit)), and
    /// the engine uses no randomness for it.
    Reported,
}
