//! Throughput of every game: random playouts, `legal_actions`, `apply` and
//! `clone`. A dependency-free harness (`cargo bench`); each figure is the
//! median of several timed batches.
//!
//! Targets (release build, one core of a 2-core CI machine), checked at the
//! end of a run, for 4 players: Fairy at least 100 000 random games a second,
//! Fairy Prank 40 000, Fairy Season 20 000, Fickle 10 000; for 3 players, the
//! Fayre 5 000.
//! Pass `--check` to fail the run when a target is missed.

use std::hint::black_box;
use std::time::{Duration, Instant};

use fairy_ring::{Game, Player, fairy, fayre, fickle, prank, season};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Runs `batch` `rounds` times and returns the median time per call.
fn median_per_call(rounds: usize, calls: u32, mut batch: impl FnMut()) -> Duration {
    let mut times: Vec<Duration> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            batch();
            start.elapsed() / calls
        })
        .collect();
    times.sort_unstable();
    times[times.len() / 2]
}

/// One random game to the end; returns the number of actions.
fn playout<G: Game>(config: &G::Config, rng: &mut ChaCha8Rng) -> u32 {
    let Ok(mut state) = G::new(config, rng) else {
        return 0;
    };
    let mut actions = 0;
    while let Some(player) = state.to_act().lowest() {
        let legal = state.legal_actions(player);
        let Some(&action) = fairy_ring::rng::choose(rng, &legal) else {
            break;
        };
        if state.apply(player, action, rng).is_err() {
            break;
        }
        actions += 1;
    }
    actions
}

/// A mid-game position: the state after `steps` random actions.
fn midgame<G: Game>(config: &G::Config, steps: u32) -> Option<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut state = G::new(config, &mut rng).ok()?;
    for _ in 0..steps {
        let player = state.to_act().lowest()?;
        let legal = state.legal_actions(player);
        let action = *fairy_ring::rng::choose(&mut rng, &legal)?;
        state.apply(player, action, &mut rng).ok()?;
    }
    Some(state)
}

/// Measures one game; returns random playouts per second.
fn bench<G: Game>(label: &str, config: &G::Config) -> f64 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let games = 200;
    let mut total_actions = 0u64;
    let per_game = median_per_call(9, games, || {
        for _ in 0..games {
            total_actions += u64::from(black_box(playout::<G>(config, &mut rng)));
        }
    });
    let per_second = 1.0 / per_game.as_secs_f64();
    println!("{label}: random playout {per_game:?} ({per_second:.0} games/s)");
    if let Some(state) = midgame::<G>(config, 10) {
        let player = state.to_act().lowest().unwrap_or(Player(0));
        let legal_time = median_per_call(9, 10_000, || {
            for _ in 0..10_000 {
                black_box(black_box(&state).legal_actions(player));
            }
        });
        let clone_time = median_per_call(9, 10_000, || {
            for _ in 0..10_000 {
                black_box(black_box(&state).clone());
            }
        });
        let legal = state.legal_actions(player);
        let apply_time = median_per_call(9, 10_000, || {
            for i in 0..10_000usize {
                let mut copy = state.clone();
                if let Some(&action) = legal.get(i % legal.len().max(1)) {
                    let _ = black_box(copy.apply(player, action, &mut rng));
                }
            }
        });
        println!(
            "{label}: legal_actions {legal_time:?}, clone {clone_time:?}, clone+apply {apply_time:?}, state {} bytes",
            size_of::<G>()
        );
    }
    per_second
}

fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let mut missed = Vec::new();
    let mut target = |label: &str, got: f64, want: f64| {
        if got < want {
            missed.push(format!("{label}: {got:.0}/s, target {want:.0}/s"));
        }
    };
    for players in [2, 4, 10] {
        let Ok(config) = fairy::Config::new(players) else {
            continue;
        };
        let rate = bench::<fairy::State>(&format!("fairy {players}p"), &config);
        if players == 4 {
            target("fairy 4p playouts", rate, 100_000.0);
        }
    }
    for players in [2, 4, 6] {
        let Ok(config) = prank::Config::new(players) else {
            continue;
        };
        let rate = bench::<prank::State>(&format!("prank {players}p"), &config);
        if players == 4 {
            target("prank 4p playouts", rate, 40_000.0);
        }
    }
    for players in [3, 4, 5] {
        let Ok(config) = season::Config::new(players) else {
            continue;
        };
        let rate = bench::<season::State>(&format!("season {players}p"), &config);
        if players == 4 {
            target("season 4p playouts", rate, 20_000.0);
        }
    }
    for players in [3, 4, 5] {
        let Ok(config) = fickle::Config::new(players) else {
            continue;
        };
        let rate = bench::<fickle::State>(&format!("fickle {players}p"), &config);
        if players == 4 {
            target("fickle 4p playouts", rate, 10_000.0);
        }
    }
    for players in [2, 3, 5] {
        let Ok(config) = fayre::Config::new(players) else {
            continue;
        };
        let rate = bench::<fayre::State>(&format!("fayre {players}p"), &config);
        if players == 3 {
            target("fayre 3p playouts", rate, 5_000.0);
        }
    }
    if !missed.is_empty() {
        println!("targets missed:\n  {}", missed.join("\n  "));
        if check {
            std::process::exit(1);
        }
    }
}
