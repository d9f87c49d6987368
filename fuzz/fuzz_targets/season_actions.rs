//! Bytes pick a table of Fairy Season (players, default or custom card data)
//! and a seed, then a whole game: the contract is checked before and after
//! every step, with illegal actions mixed in.
#![no_main]

use fairy_ring::season::{Ability, CardSet, Config, Goblin, GoblinEffect, State};
use libfuzzer_sys::fuzz_target;

/// A printing where every amount is at its largest, to stress the limits.
fn heavy_cards() -> CardSet {
    let effects = [
        GoblinEffect::PlayFromStash,
        GoblinEffect::GrabFromSwarm(3),
        GoblinEffect::PassAround(3),
        GoblinEffect::StealFromStash(3),
        GoblinEffect::SwapHands,
        GoblinEffect::StashFromHand(3),
        GoblinEffect::Draw(3),
        GoblinEffect::PassAround(1),
    ];
    Goblin::ALL.into_iter().zip(effects).fold(
        CardSet::default().with_every_ability(Ability::new(3, 3)),
        |cards, (goblin, effect)| cards.with_goblin(goblin, effect),
    )
}

fuzz_target!(|data: &[u8]| {
    let [players, cards, s0, s1, s2, s3, rest @ ..] = data else {
        return;
    };
    let players = 3 + usize::from(*players % 3);
    let seed = u64::from(u32::from_le_bytes([*s0, *s1, *s2, *s3]));
    let Ok(mut config) = Config::new(players) else {
        panic!("3 to 5 players must be accepted");
    };
    if cards & 1 == 1 {
        config = config.with_cards(heavy_cards());
    }
    fairy_ring_fuzz::actions_target::<State>(&config, seed, rest);
});
