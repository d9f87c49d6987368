//! The native side of the benchmark figures (`.ci/wasm bench` prints the
//! WebAssembly side from headless Chromium): random playouts per second of
//! each game through `AnyGame`, the same loop as `randomPlayouts`, and the
//! time of one ISMCTS decision at 1,000 iterations. A bench, not a test.
//!
//! `cargo run --release -p fairy-ring-wasm --example figures`

use std::time::Instant;

use fairy_ring::bots::Ismcts;
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{AnyGame, Bot, Game, GameKind, Player};
use rand_chacha::ChaCha8Rng;

fn main() -> Result<(), Box<dyn std::error::Error>> {
    for kind in GameKind::ALL {
        let players = 3;
        let config = kind.config(players)?;
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        // Warm up, then time about a second's worth.
        fairy_ring_wasm::playouts(&config, 5, &mut rng)?;
        let start = Instant::now();
        let mut games = 0u32;
        let mut moves = 0u64;
        while start.elapsed().as_secs_f64() < 1.0 {
            moves += fairy_ring_wasm::playouts(&config, 10, &mut rng)?;
            games += 10;
        }
        let seconds = start.elapsed().as_secs_f64();
        println!(
            "native {}: {:.0} playouts/s ({} moves/game)",
            kind.id(),
            f64::from(games) / seconds,
            moves / u64::from(games)
        );
        // The position `Table.create(game, 3, 1)` deals; the bot's chance
        // from seed 1, as `Bot.ismcts(config, 1000, 1)`; one decision to
        // warm up, then the median of five (as in the browser), so that one
        // slow moment on a busy machine does not make the figure.
        let state = AnyGame::new(&config, &mut ChaCha8Rng::seed_from_u64(1))?;
        let player = state.to_act().lowest().unwrap_or(Player(0));
        let mut bot = Ismcts::new(config.clone(), 1000);
        let mut bot_rng = ChaCha8Rng::seed_from_u64(1);
        bot.choose(&state.decision(player), &mut bot_rng)?;
        let mut times = Vec::new();
        for _ in 0..5 {
            let start = Instant::now();
            bot.choose(&state.decision(player), &mut bot_rng)?;
            times.push(start.elapsed().as_secs_f64() * 1000.0);
        }
        times.sort_by(f64::total_cmp);
        let median = times.get(times.len() / 2).copied().unwrap_or(f64::NAN);
        println!(
            "native {}: ISMCTS 1000 iterations in {median:.1} ms (median of 5)",
            kind.id()
        );
    }
    Ok(())
}
