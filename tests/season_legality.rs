//! `apply` checks each action's own rule directly; here that check is held to
//! the legal list on every position of random games: every action of every
//! kind (all 90 cards, every seat up to 8, both directions) by every seat is
//! accepted exactly when it is listed, and a refused one leaves the state
//! unchanged.

use fairy_ring::season::{Action, Card, Config, Direction, State};
use fairy_ring::{ActionError, Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn every_action() -> Vec<Action> {
    let mut all = vec![
        Action::Flunk,
        Action::Pass,
        Action::BonusDraw,
        Action::SkipBonus,
        Action::PassTo(Direction::Left),
        Action::PassTo(Direction::Right),
    ];
    for card in Card::all() {
        all.extend([Action::Play(card), Action::Stash(card), Action::Give(card)]);
    }
    for seat in 0..8 {
        let p = Player(seat);
        all.extend([
            Action::RobFrom(p),
            Action::StealFrom(p),
            Action::SwapWith(p),
        ]);
    }
    all
}

fn check(config: &Config, games: u64) {
    let all = every_action();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut positions = 0;
    for _ in 0..games {
        let mut state = State::new(config, &mut rng).expect("a valid config");
        loop {
            positions += 1;
            for seat in 0..7u8 {
                let player = Player(seat);
                let legal = state.legal_actions(player);
                for &action in &all {
                    let mut copy = state;
                    match copy.apply(player, action, &mut rng) {
                        Ok(_) => assert!(
                            legal.contains(&action),
                            "{action:?} of {player} accepted but not listed in {state:?}"
                        ),
                        Err(e) => {
                            assert!(
                                !legal.contains(&action),
                                "{action:?} of {player} listed but refused ({e}) in {state:?}"
                            );
                            assert_eq!(copy, state);
                            if seat as usize >= state.num_players() {
                                assert!(matches!(
                                    e,
                                    ActionError::NoSuchPlayer { .. } | ActionError::GameOver
                                ));
                            }
                        }
                    }
                }
            }
            let Some(player) = state.to_act().lowest() else {
                break;
            };
            let legal = state.legal_actions(player);
            let action =
                *fairy_ring::rng::choose(&mut rng, &legal).expect("someone to act can act");
            state
                .apply(player, action, &mut rng)
                .expect("a listed action");
        }
    }
    assert!(positions > 100);
}

#[test]
fn three_players() -> Result<(), fairy_ring::ConfigError> {
    check(&Config::new(3)?, 2);
    Ok(())
}

#[test]
fn four_players() -> Result<(), fairy_ring::ConfigError> {
    check(&Config::new(4)?, 2);
    Ok(())
}

#[test]
fn five_players() -> Result<(), fairy_ring::ConfigError> {
    check(&Config::new(5)?, 2);
    Ok(())
}
