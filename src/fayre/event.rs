//! What happened during a move, for animating it without diffing states.

use arrayvec::ArrayVec;

use super::dice::{DICE_PER_PLAYER, DieRef, Face, PlacedDie};
use super::mini_game::{MAX_FAIRY_SPACES, MAX_PLAYER_SPACES, MiniGame};
use super::mischief::Mischief;
use super::prize_pit::{PitDie, PitOutcome};
use super::score::Places;
use crate::{Player, PlayerSet, Score, Seat};

/// Why points were scored.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Reason {
    /// A die showing the card's magic number.
    MagicNumber,
    /// 2nd place.
    SecondPlace,
    /// 3rd place.
    ThirdPlace,
    /// Shared 1st place on Hook-a-Hippocampus.
    SharedHippocampus,
    /// An exact hit on the Shooting Star Gallery's bullseye.
    Bullseye,
    /// The Goblin die in the Prize Pit.
    PrizePit,
    /// The final roll of a player die into the Prize Pit.
    FinalRoll,
}

/// Why the game is ending.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Ending {
    /// Only one incomplete Mini Game is left on the table.
    OneGameLeft,
    /// The move limit was reached without a Mini Game being scored.
    MoveLimit,
}

/// Something that happened in a game of A Midsummer Night's Fayre.
#[derive(Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// A player's turn began.
    TurnStarted {
        /// Whose turn.
        player: Player,
    },
    /// A player drew a Mischief card; only they see which.
    Drew {
        /// Who drew.
        player: Player,
        /// The card, or `None` for everyone else.
        card: Option<Mischief>,
    },
    /// The draw pile was empty: the discard pile was shuffled into a new one.
    MischiefReshuffled {
        /// Cards in the new draw pile.
        cards: usize,
    },
    /// A player played a Mischief card (face up, onto the discard pile).
    Played {
        /// Who played it.
        player: Player,
        /// The card.
        card: Mischief,
    },
    /// A player could take no Mischief action.
    NoMischief {
        /// Whose turn.
        player: Player,
    },
    /// A die was turned (yellow fairy) or moved up or down (blue, red).
    FaceChanged {
        /// The die, as named before the change.
        die: DieRef,
        /// Its face before.
        from: Face,
        /// Its face after.
        to: Face,
    },
    /// Two dice changed places (grey fairy).
    Swapped {
        /// One die, as named before the swap.
        first: DieRef,
        /// The other.
        second: DieRef,
    },
    /// A die on a Mini Game was re-rolled (pink fairy).
    Rerolled {
        /// The die.
        die: DieRef,
        /// Its new face.
        face: Face,
    },
    /// A player's whole pool was re-rolled.
    PoolRerolled {
        /// Whose pool.
        owner: Player,
        /// The new faces, ascending.
        faces: ArrayVec<Face, DICE_PER_PLAYER>,
    },
    /// A die was placed from a pool onto a Mini Game.
    Placed {
        /// Who placed it (its owner).
        player: Player,
        /// Its face.
        face: Face,
        /// Table position.
        booth: u8,
        /// Player space.
        space: u8,
    },
    /// A die was moved from one Mini Game to another (empty pool).
    Moved {
        /// Who moved it.
        player: Player,
        /// The die.
        die: PlacedDie,
        /// Table position it left.
        from: u8,
        /// Table position it went to.
        to: u8,
        /// Player space there.
        space: u8,
    },
    /// A Mini Game card was turned face up.
    Revealed {
        /// Table position.
        booth: u8,
        /// The game.
        game: MiniGame,
    },
    /// Fairy dice were rolled onto a card.
    FairyDiceRolled {
        /// Table position.
        booth: u8,
        /// Their faces.
        faces: ArrayVec<Face, MAX_FAIRY_SPACES>,
    },
    /// A card's spaces are all full: it is scored now.
    Completed {
        /// Table position.
        booth: u8,
        /// The game.
        game: MiniGame,
    },
    /// The places on the completed game, by seat.
    Ranked {
        /// The game.
        game: MiniGame,
        /// Each seat's place.
        places: Places,
    },
    /// A player scored points.
    Scored {
        /// Who.
        player: Player,
        /// How many.
        points: Score,
        /// Why.
        reason: Reason,
        /// Their new total.
        total: Score,
    },
    /// A player took their dice back from the scored game and re-rolled them.
    DiceReturned {
        /// Whose dice.
        owner: Player,
        /// Their new faces, in the order they left the card.
        faces: ArrayVec<Face, MAX_PLAYER_SPACES>,
    },
    /// The scored game's Fairy dice were re-rolled into the Fairy pool.
    FairyDiceReturned {
        /// Their new faces.
        faces: ArrayVec<Face, MAX_FAIRY_SPACES>,
    },
    /// These players (1st place) will roll the Goblin die, in this order.
    PrizeRollsDue {
        /// The rollers.
        players: ArrayVec<Player, { super::config::MAX_PLAYERS }>,
    },
    /// A die was rolled into the Prize Pit.
    PrizePitRolled {
        /// Who rolled.
        player: Player,
        /// Which die.
        die: PitDie,
        /// Where it ended.
        outcome: PitOutcome,
    },
    /// The Goblin showed but no other player holds a card.
    NothingToSteal {
        /// The would-be thief.
        player: Player,
    },
    /// The Goblin showed and the player chose to steal nothing.
    StealDeclined {
        /// Who could have stolen.
        player: Player,
    },
    /// A card was stolen; only the thief and the victim see which.
    Stole {
        /// Who stole.
        thief: Player,
        /// From whom.
        victim: Player,
        /// The card, or `None` for everyone else.
        card: Option<Mischief>,
    },
    /// A card was discarded face up (hand over the limit after a steal).
    Discarded {
        /// Who discarded.
        player: Player,
        /// The card.
        card: Mischief,
    },
    /// The game is ending: every player makes a final Prize Pit roll.
    GameEnding {
        /// Why.
        ending: Ending,
    },
    /// The game is over.
    GameOver {
        /// Who shares the victory.
        winners: PlayerSet,
    },
}

/// A copy of a fixed-capacity list, item by item with `try_push` (the
/// derived `ArrayVec` clone goes through `extend`, which can panic).
fn copied<T: Copy, const N: usize>(items: &ArrayVec<T, N>) -> ArrayVec<T, N> {
    let mut out = ArrayVec::new();
    for &item in items {
        if out.try_push(item).is_err() {
            break;
        }
    }
    out
}

impl Clone for Event {
    fn clone(&self) -> Self {
        match *self {
            Event::TurnStarted { player } => Event::TurnStarted { player },
            Event::Drew { player, card } => Event::Drew { player, card },
            Event::MischiefReshuffled { cards } => Event::MischiefReshuffled { cards },
            Event::Played { player, card } => Event::Played { player, card },
            Event::NoMischief { player } => Event::NoMischief { player },
            Event::FaceChanged { die, from, to } => Event::FaceChanged { die, from, to },
            Event::Swapped { first, second } => Event::Swapped { first, second },
            Event::Rerolled { die, face } => Event::Rerolled { die, face },
            Event::PoolRerolled { owner, ref faces } => Event::PoolRerolled {
                owner,
                faces: copied(faces),
            },
            Event::Placed {
                player,
                face,
                booth,
                space,
            } => Event::Placed {
                player,
                face,
                booth,
                space,
            },
            Event::Moved {
                player,
                die,
                from,
                to,
                space,
            } => Event::Moved {
                player,
                die,
                from,
                to,
                space,
            },
            Event::Revealed { booth, game } => Event::Revealed { booth, game },
            Event::FairyDiceRolled { booth, ref faces } => Event::FairyDiceRolled {
                booth,
                faces: copied(faces),
            },
            Event::Completed { booth, game } => Event::Completed { booth, game },
            Event::Ranked { game, places } => Event::Ranked { game, places },
            Event::Scored {
                player,
                points,
                reason,
                total,
            } => Event::Scored {
                player,
                points,
                reason,
                total,
            },
            Event::DiceReturned { owner, ref faces } => Event::DiceReturned {
                owner,
                faces: copied(faces),
            },
            Event::FairyDiceReturned { ref faces } => Event::FairyDiceReturned {
                faces: copied(faces),
            },
            Event::PrizeRollsDue { ref players } => Event::PrizeRollsDue {
                players: copied(players),
            },
            Event::PrizePitRolled {
                player,
                die,
                outcome,
            } => Event::PrizePitRolled {
                player,
                die,
                outcome,
            },
            Event::NothingToSteal { player } => Event::NothingToSteal { player },
            Event::StealDeclined { player } => Event::StealDeclined { player },
            Event::Stole {
                thief,
                victim,
                card,
            } => Event::Stole {
                thief,
                victim,
                card,
            },
            Event::Discarded { player, card } => Event::Discarded { player, card },
            Event::GameEnding { ending } => Event::GameEnding { ending },
            Event::GameOver { winners } => Event::GameOver { winners },
        }
    }
}

impl Event {
    /// The event as `seat` may see it: a drawn card only for the drawer, a
    /// stolen card only for the thief and the victim.
    pub fn redacted(&self, seat: Seat) -> Event {
        match *self {
            Event::Drew { player, .. } if seat != Seat::Player(player) => {
                Event::Drew { player, card: None }
            }
            Event::Stole { thief, victim, .. }
                if seat != Seat::Player(thief) && seat != Seat::Player(victim) =>
            {
                Event::Stole {
                    thief,
                    victim,
                    card: None,
                }
            }
            ref other => other.clone(),
        }
    }
}
