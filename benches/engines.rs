//! Per-operation costs of every game at 3, 4 and 5 players, with divan:
//! `cargo bench --bench engines`. Positions are taken 10 random actions into
//! a game, so lists and hands are not trivially small. `sample` draws a
//! position from the information of the player to act there (the issue's
//! target: about 3x a `clone`), and `ismcts_100_iterations` is one search
//! bot decision.

use divan::{Bencher, black_box};
use fairy_ring::bots::Ismcts;
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{Game, GameConfig, InfoState, Player, Sample, Seat};
use rand_pcg::Pcg64Mcg;

fn main() {
    divan::main();
}

fn config<G: Game>(players: usize) -> G::Config {
    G::Config::for_players(players).unwrap_or_default()
}

/// The position after `steps` random actions, and the player to act there.
fn midgame<G: Game>(players: usize, steps: u32) -> Option<(G, Player)> {
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    let mut state = G::new(&config::<G>(players), &mut rng).ok()?;
    for _ in 0..steps {
        let player = state.to_act().lowest()?;
        let legal = state.legal_actions(player);
        let action = *fairy_ring::rng::choose(&mut rng, &legal)?;
        state.apply(player, action, &mut rng).ok()?;
    }
    let player = state.to_act().lowest()?;
    Some((state, player))
}

/// The position after `steps` random actions, the player to act there, and
/// that player's information, kept from the start.
fn midgame_info<G: Sample>(players: usize, steps: u32) -> Option<(G, InfoState<G>)> {
    let mut rng = Pcg64Mcg::seed_from_u64(99);
    let mut state = G::new(&config::<G>(players), &mut rng).ok()?;
    let mut infos: Vec<InfoState<G>> = (0..players)
        .filter_map(|p| u8::try_from(p).ok())
        .map(|p| {
            InfoState::new(
                Seat::Player(Player(p)),
                state.view_for(Seat::Player(Player(p))),
            )
        })
        .collect();
    for _ in 0..steps {
        let player = state.to_act().lowest()?;
        let legal = state.legal_actions(player);
        let action = *fairy_ring::rng::choose(&mut rng, &legal)?;
        let events = state.apply(player, action, &mut rng).ok()?;
        for info in &mut infos {
            let seat = info.seat;
            info.observe(&G::redact_all(&events, seat), state.view_for(seat));
        }
    }
    let player = state.to_act().lowest()?;
    let info = infos.into_iter().nth(player.index())?;
    Some((state, info))
}

const GAMES: [usize; 3] = [3, 4, 5];

fn new<G: Game>(bencher: Bencher, players: usize) {
    let config = config::<G>(players);
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    bencher.bench_local(|| G::new(black_box(&config), &mut rng).ok());
}

fn legal_actions<G: Game>(bencher: Bencher, players: usize) {
    let Some((state, player)) = midgame::<G>(players, 10) else {
        return;
    };
    bencher.bench_local(|| black_box(&state).legal_actions(black_box(player)));
}

fn to_act<G: Game>(bencher: Bencher, players: usize) {
    let Some((state, _)) = midgame::<G>(players, 10) else {
        return;
    };
    bencher.bench_local(|| black_box(&state).to_act());
}

fn clone<G: Game>(bencher: Bencher, players: usize) {
    let Some((state, _)) = midgame::<G>(players, 10) else {
        return;
    };
    bencher.bench_local(|| black_box(&state).clone());
}

/// The price of a copy of the same size: what `clone` is measured against.
fn memcpy_of_state_size<G: Game>(bencher: Bencher, _players: usize) {
    let bytes = vec![7u8; size_of::<G>()];
    let mut copy = vec![0u8; size_of::<G>()];
    bencher.bench_local(|| copy.copy_from_slice(black_box(&bytes)));
}

/// A clone and one legal action applied to it.
fn clone_and_apply<G: Game>(bencher: Bencher, players: usize) {
    let Some((state, player)) = midgame::<G>(players, 10) else {
        return;
    };
    let legal = state.legal_actions(player);
    let Some(&action) = legal.first() else {
        return;
    };
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    bencher.bench_local(|| {
        let mut copy = black_box(&state).clone();
        copy.apply(player, action, &mut rng).ok()
    });
}

fn view_for<G: Game>(bencher: Bencher, players: usize) {
    let Some((state, player)) = midgame::<G>(players, 10) else {
        return;
    };
    bencher.bench_local(|| black_box(&state).view_for(Seat::Player(black_box(player))));
}

fn random_playout<G: Game>(bencher: Bencher, players: usize) {
    let config = config::<G>(players);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    bencher.bench_local(|| {
        let Ok(mut state) = G::new(&config, &mut rng) else {
            return 0;
        };
        let mut actions = 0u32;
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
                break;
            };
            if state.apply(player, action, &mut rng).is_err() {
                break;
            }
            actions += 1;
        }
        actions
    });
}

/// A position drawn from the information of the player to act: compare
/// with `clone` of the same position.
fn sample<G: Sample>(bencher: Bencher, players: usize) {
    let Some((_, info)) = midgame_info::<G>(players, 10) else {
        return;
    };
    let config = config::<G>(players);
    let mut rng = Pcg64Mcg::seed_from_u64(3);
    bencher.bench_local(|| black_box(&info).sample(&config, &mut rng).ok());
}

/// One decision of the search bot with 100 iterations: the time per
/// iteration is a hundredth of it.
fn ismcts_100_iterations<G: Sample>(bencher: Bencher, players: usize) {
    let Some((state, info)) = midgame_info::<G>(players, 10) else {
        return;
    };
    let Seat::Player(player) = info.seat else {
        return;
    };
    let legal = state.legal_actions(player);
    let mut bot = Ismcts::new(config::<G>(players), 100);
    let mut rng = Pcg64Mcg::seed_from_u64(4);
    bencher.bench_local(|| bot.choose_from(black_box(&info), &legal, &mut rng));
}

/// One divan group per game, named after its module, each operation at 3, 4
/// and 5 players.
macro_rules! game_benches {
    ($($game:ident),*) => {$(
        mod $game {
            use divan::Bencher;
            use fairy_ring::$game::State;

            #[divan::bench(args = super::GAMES)]
            fn new(bencher: Bencher, players: usize) {
                super::new::<State>(bencher, players);
            }
            #[divan::bench(args = super::GAMES)]
            fn legal_actions(bencher: Bencher, players: usize) {
                super::legal_actions::<State>(bencher, players);
            }
            #[divan::bench(args = super::GAMES)]
            fn to_act(bencher: Bencher, players: usize) {
                super::to_act::<State>(bencher, players);
            }
            #[divan::bench(args = super::GAMES)]
            fn clone(bencher: Bencher, players: usize) {
                super::clone::<State>(bencher, players);
            }
            #[divan::bench(args = [4])]
            fn memcpy_of_state_size(bencher: Bencher, players: usize) {
                super::memcpy_of_state_size::<State>(bencher, players);
            }
            #[divan::bench(args = super::GAMES)]
            fn clone_and_apply(bencher: Bencher, players: usize) {
                super::clone_and_apply::<State>(bencher, players);
            }
            #[divan::bench(args = super::GAMES)]
            fn view_for(bencher: Bencher, players: usize) {
                super::view_for::<State>(bencher, players);
            }
            #[divan::bench(args = super::GAMES)]
            fn random_playout(bencher: Bencher, players: usize) {
                super::random_playout::<State>(bencher, players);
            }
            #[divan::bench(args = super::GAMES)]
            fn sample(bencher: Bencher, players: usize) {
                super::sample::<State>(bencher, players);
            }
            #[divan::bench(args = [4], sample_count = 20)]
            fn ismcts_100_iterations(bencher: Bencher, players: usize) {
                super::ismcts_100_iterations::<State>(bencher, players);
            }
        }
    )*};
}

game_benches!(fairy, prank, season, fickle, fayre);
