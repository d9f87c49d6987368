//! Figures for the numbers for learning and the Python bindings' batch API
//! (`cargo bench --bench learning`): a plain table, no pass or fail.
//!
//! - tensor fill: one seat's tensor written into a kept buffer
//!   (`Learning::write_tensor`), averaged over the information of every
//!   seat along random games;
//! - random playouts with the loop of the bindings' `random_playouts`
//!   (ChaCha8, a random player among those to act, a random legal action),
//!   games per second: the native figure the Python batch is compared with;
//! - one ISMCTS decision of 1,000 iterations at the start of a game, on the
//!   game's own type (as the bindings' `ismcts_playouts` runs it).

use std::hint::black_box;
use std::time::Instant;

use fairy_ring::bots::Ismcts;
use fairy_ring::learning::Learning;
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    ActionList, Bot, Game, GameConfig, InfoState, Player, Seat, fairy, fayre, fickle, prank, season,
};
use rand_chacha::ChaCha8Rng;

/// Information states of every seat along `games` random games.
fn infos<G: Learning>(config: &G::Config, games: u64) -> Vec<InfoState<G>> {
    let mut all = Vec::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let Ok(mut state) = G::new(config, &mut rng) else {
            continue;
        };
        let seats: Vec<Seat> = (0..state.num_players())
            .map(|p| Seat::Player(Player(p as u8)))
            .collect();
        let mut held: Vec<InfoState<G>> = seats
            .iter()
            .map(|&s| InfoState::new(s, state.view_for(s)))
            .collect();
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
                break;
            };
            let Ok(events) = state.apply(player, action, &mut rng) else {
                break;
            };
            for info in &mut held {
                let seat = info.seat;
                info.observe(&G::redact_all(&events, seat), state.view_for(seat));
                all.push(info.clone());
            }
        }
    }
    all
}

fn tensor_fill<G: Learning>(players: usize) -> (usize, f64) {
    let Ok(config) = G::Config::for_players(players) else {
        return (0, 0.0);
    };
    let all = infos::<G>(&config, 20);
    let mut out = vec![0.0f32; G::tensor_len(&config)];
    let rounds = (200_000 / all.len().max(1)).max(1);
    let start = Instant::now();
    for _ in 0..rounds {
        for info in &all {
            let _ = G::write_tensor(&config, info, black_box(&mut out));
        }
    }
    let each = start.elapsed().as_secs_f64() / (rounds * all.len()) as f64;
    (out.len(), each * 1e9)
}

/// The loop of the bindings' `random_playouts`.
fn playouts<G: Game>(players: usize, games: u64) -> f64 {
    let Ok(config) = G::Config::for_players(players) else {
        return 0.0;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut legal = ActionList::new();
    let start = Instant::now();
    for _ in 0..games {
        let Ok(mut state) = G::new(&config, &mut rng) else {
            return 0.0;
        };
        while let Some(player) = {
            let to_act = state.to_act();
            let n = to_act.len();
            to_act.iter().nth(fairy_ring::rng::index(&mut rng, n))
        } {
            state.legal_actions_into(player, &mut legal);
            let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
                break;
            };
            if state.play(player, action, &mut rng).is_err() {
                break;
            }
        }
        black_box(&state);
    }
    games as f64 / start.elapsed().as_secs_f64()
}

fn ismcts<G: fairy_ring::Sample>(players: usize, decisions: u32) -> f64 {
    let Ok(config) = G::Config::for_players(players) else {
        return 0.0;
    };
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let start = Instant::now();
    for _ in 0..decisions {
        let Ok(state) = G::new(&config, &mut rng) else {
            return 0.0;
        };
        let Some(player) = state.to_act().lowest() else {
            return 0.0;
        };
        let mut bot = Ismcts::<G>::new(config.clone(), 1000);
        let _ = black_box(bot.choose(&state.decision(player), &mut rng));
    }
    start.elapsed().as_secs_f64() * 1e3 / f64::from(decisions)
}

fn main() {
    println!(
        "| game | players | tensor length | fill ns/seat | random playouts games/s | ISMCTS 1000 it ms/decision |"
    );
    println!("|---|---|---|---|---|---|");
    macro_rules! row {
        ($g:ty, $name:expr, $players:expr, $games:expr) => {{
            let (len, fill) = tensor_fill::<$g>($players);
            let games = playouts::<$g>($players, $games);
            let search = ismcts::<$g>($players, 5);
            println!(
                "| {} | {} | {} | {:.0} | {:.0} | {:.1} |",
                $name, $players, len, fill, games, search
            );
        }};
    }
    row!(fairy::State, "Fairy", 4, 40_000);
    row!(prank::State, "Fairy Prank", 4, 40_000);
    row!(season::State, "Fairy Season", 4, 5_000);
    row!(fickle::State, "Fickle", 4, 5_000);
    row!(fayre::State, "A Midsummer Night's Fayre", 4, 2_000);
}
