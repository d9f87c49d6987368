//! A hand-written minimal game of Fairy: the yardstick the engines are
//! measured against (the cost of the same game with no contract around it).
//!
//! It plays the standard rules for random players: shuffle 21 cards, flip
//! one, every player guesses uniformly, score (+2 Higher/Lower, +4 Same Suit,
//! +7 Catch, -1 wrong, floor -4), stop at 24 or at the end of the turn that
//! shows the third fairy. Ties go unresolved (no play-off): the reference is
//! a floor on cost, not a rules engine.

use fairy_ring::rand_core::Rng;
use fairy_ring::rng;

const SUIT: [u8; 21] = [
    0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 1, 1, 1, 2, 2, 2, 2, 2, 2, 2,
];
const FAIRY: u32 = 1 << 3 | 1 << 10 | 1 << 17;

/// One random game; returns the number of guesses made.
pub fn playout(players: usize, rng: &mut impl Rng) -> u32 {
    let mut deck: [u8; 21] = core::array::from_fn(|i| i as u8);
    rng::shuffle(rng, &mut deck);
    let mut scores = [0i32; 10];
    let mut fairies = 0;
    let mut actions = 0;
    let mut top = deck[0];
    fairies += (FAIRY >> top & 1) as u32;
    for &card in &deck[1..] {
        let is_fairy = FAIRY >> card & 1 == 1;
        let mut won = false;
        for score in scores.iter_mut().take(players) {
            let right = match rng::below(rng, 4) {
                0 => (card > top).then_some(2),
                1 => (card < top).then_some(2),
                2 => (SUIT[card as usize] == SUIT[top as usize]).then_some(4),
                _ => is_fairy.then_some(7),
            };
            *score = (*score + right.unwrap_or(-1)).clamp(-4, 24);
            won |= *score == 24;
            actions += 1;
        }
        fairies += u32::from(is_fairy);
        top = card;
        if won || fairies == 3 {
            break;
        }
    }
    actions
}
