//! Sampling for Fairy Season under heavy pass and swap traffic: custom card
//! data where every Goblin passes cards around the table or swaps hands,
//! and play that reaches for Goblins, swaps and passes. Every seat's
//! information comes from a real position, so every sample must succeed
//! (the `Sample` contract allows an error only for information no position
//! gives) and agree with the memory.

use fairy_ring::season::{
    Ability, Action, CardKind, CardSet, Config, Goblin, GoblinEffect, Season, State,
};
use fairy_ring::{Game, InfoState, Player, Sample, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

type Error = Box<dyn std::error::Error>;

/// Every Goblin passes 1, 2 or 3 cards around, or swaps hands.
fn goblin_data(variant: u64) -> CardSet {
    let effects = [
        GoblinEffect::PassAround(1),
        GoblinEffect::PassAround(2),
        GoblinEffect::PassAround(3),
        GoblinEffect::SwapHands,
    ];
    let mut cards = CardSet::default();
    for (i, goblin) in Goblin::ALL.into_iter().enumerate() {
        let pick = (i as u64 + variant) % effects.len() as u64;
        cards = cards.with_goblin(goblin, effects[pick as usize]);
    }
    // Half the Season Fairies draw three and stash nothing: hands grow
    // large, and passes leave many remembered cards behind.
    for season in Season::ALL {
        for number in 1..=8u8 {
            if (u64::from(number) + variant).is_multiple_of(2) {
                let ability = Ability::new(3, 0);
                cards = cards.with_ability(season, number, ability).unwrap_or(cards);
            }
        }
    }
    cards
}

/// Goblins, swaps and passes first; any other action now and then.
fn pick(legal: &[Action], rng: &mut impl Rng) -> Action {
    let favoured: Vec<Action> = legal
        .iter()
        .copied()
        .filter(|a| match a {
            Action::Play(c) => matches!(c.kind(), CardKind::Goblin(_)),
            Action::SwapWith(_) | Action::PassTo(_) | Action::Give(_) => true,
            _ => false,
        })
        .collect();
    let from = if !favoured.is_empty() && !rng.next_u32().is_multiple_of(8) {
        &favoured[..]
    } else {
        legal
    };
    from[(rng.next_u64() % from.len() as u64) as usize]
}

/// How many games the stress test plays (`SEASON_SAMPLING_STRESS_GAMES`;
/// 60 find the failures of the old rejection sampler several times over).
fn games() -> u64 {
    std::env::var("SEASON_SAMPLING_STRESS_GAMES")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(crate::scale::size(60u64))
}

/// Along pass- and swap-heavy games, every seat samples after every step:
/// no sample of a real position fails, and each agrees with the memory.
#[test]
fn pass_and_swap_heavy_games_always_sample() -> Result<(), Error> {
    let (mut sampled, mut with_limits) = (0u64, 0u64);
    let mut failures = Vec::new();
    for game in 0..games() {
        let players = 3 + (game % 3) as u8;
        let config = Config::new(players.into())?.with_cards(goblin_data(game));
        let mut rng = ChaCha8Rng::seed_from_u64(23_000 + game);
        let mut state = State::new(&config, &mut rng)?;
        let mut infos: Vec<InfoState<State>> = (0..players)
            .map(|p| Seat::Player(Player(p)))
            .map(|s| InfoState::new(s, state.view_for(s)))
            .collect();
        let mut failed = false;
        while let Some(player) = state.to_act().iter().next() {
            let legal = state.legal_actions(player);
            let action = pick(&legal, &mut rng);
            let events = state.apply(player, action, &mut rng)?.to_vec();
            for info in infos.iter_mut() {
                let seat = info.seat;
                info.observe(&State::redact_all(&events, seat), state.view_for(seat));
                assert!(state.agrees(seat, &info.memory), "the truth agrees");
                if info.memory.is_empty() {
                    continue;
                }
                sampled += 1;
                with_limits += u64::from(!info.memory.limits().is_empty());
                match info.sample(&config, &mut rng) {
                    Ok(sample) => {
                        assert!(sample.agrees(seat, &info.memory));
                        assert!(sample.view_for(seat) == info.view);
                    }
                    Err(e) => {
                        if !failed {
                            failures.push(format!("game {game} ({players} players): {e}"));
                        }
                        failed = true;
                    }
                }
            }
        }
    }
    println!("{sampled} samples, {with_limits} with limits");
    assert!(with_limits > 1_000, "the games pass cards");
    assert!(
        failures.is_empty(),
        "{} games failed to sample:\n{}",
        failures.len(),
        failures.join("\n")
    );
    Ok(())
}
