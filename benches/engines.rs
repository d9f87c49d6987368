//! Per-operation costs of every game at 3, 4 and 5 players, with divan:
//! `cargo bench --bench engines`. Positions are taken 10 random actions into
//! a game, so lists and hands are not trivially small.

use divan::{Bencher, black_box};
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{Game, GameConfig, Player, Seat};
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
        }
    )*};
}

game_benches!(fairy, prank, season, fickle, fayre);
