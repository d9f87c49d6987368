//! Random playouts of every game, as ratios to a hand-written minimal Fairy
//! loop run in the same process (`reference.rs`), so the figures mean the
//! same on a busy machine: `cargo bench --bench playouts` prints the table,
//! `cargo bench --bench playouts -- --check` fails when a game misses its
//! target. Each game's batches are timed in pairs with a batch of the
//! reference loop right before, so both meet the same load; a run's ratio is
//! the median of 15 pairs' ratios, and each figure the median of 3 runs.
//!
//! A random playout: Pcg64Mcg, a uniformly random legal action for each
//! player to act (the lowest seat first), from the deal to the end.
//!
//! Targets, as a share of the reference's games per second at 4 players.
//! They come from the speed issue's table: Fairy at 0.6x the hand-written
//! loop, and absolute figures (Prank 450K games/s, Season and Fickle 100K,
//! Fayre 50K) measured when Fairy's 340K games/s was 0.30x the loop, that is
//! with the loop at about 1.13M games/s:
//!
//! | game | target |
//! |---|---|
//! | Fairy 4p | 0.60 |
//! | Fairy Prank 4p | 0.40 |
//! | Fairy Season 4p | 0.09 |
//! | Fickle 4p | 0.09 |
//! | A Midsummer Night's Fayre 3p and 4p | 0.045 |

use std::hint::black_box;
use std::time::{Duration, Instant};

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{ActionList, Game, GameConfig, fairy, fayre, fickle, prank, season};
use rand_pcg::Pcg64Mcg;

mod reference;

/// One random game to the end, as a search bot plays it: the legal list goes
/// into a buffer kept across moves (`legal_actions_into`) and the moves are
/// played without their events (`play`). Returns the number of actions.
fn playout<G: Game>(config: &G::Config, rng: &mut Pcg64Mcg) -> u32 {
    let Ok(mut state) = G::new(config, rng) else {
        return 0;
    };
    let mut legal = ActionList::new();
    let mut actions = 0;
    while let Some(player) = state.to_act().lowest() {
        state.legal_actions_into(player, &mut legal);
        let Some(&action) = fairy_ring::rng::choose(rng, &legal) else {
            break;
        };
        if state.play(player, action, rng).is_err() {
            break;
        }
        actions += 1;
    }
    actions
}

/// Time of `batch` (doing `calls` calls) per call.
fn per_call(calls: u32, batch: impl FnOnce()) -> Duration {
    let start = Instant::now();
    batch();
    start.elapsed() / calls
}

/// `game` against the reference loop: `ROUNDS` pairs of back-to-back
/// batches (the reference's, then the game's), so that both meet the same
/// load. Returns the median of the pairs' ratios (the game's games per
/// second over the reference's), the median games per second, and the
/// actions per game.
fn paired(mut game: impl FnMut(&mut Pcg64Mcg) -> u32, games: u32) -> (f64, f64, f64) {
    const ROUNDS: usize = 15;
    const REFERENCE_GAMES: u32 = 4_000;
    let mut rng = Pcg64Mcg::seed_from_u64(1);
    let mut reference_rng = Pcg64Mcg::seed_from_u64(2);
    let mut actions = 0u64;
    let mut played = 0u64;
    let mut ratios = Vec::with_capacity(ROUNDS);
    let mut rates = Vec::with_capacity(ROUNDS);
    for _ in 0..ROUNDS {
        let reference = per_call(REFERENCE_GAMES, || {
            for _ in 0..REFERENCE_GAMES {
                black_box(reference::playout(4, &mut reference_rng));
            }
        });
        let per_game = per_call(games, || {
            for _ in 0..games {
                actions += u64::from(black_box(game(&mut rng)));
                played += 1;
            }
        });
        ratios.push(reference.as_secs_f64() / per_game.as_secs_f64().max(f64::MIN_POSITIVE));
        rates.push(1.0 / per_game.as_secs_f64().max(f64::MIN_POSITIVE));
    }
    (
        median(&ratios),
        median(&rates),
        actions as f64 / played.max(1) as f64,
    )
}

/// Games per second of the reference loop alone (for the printed figure).
fn reference_rate() -> f64 {
    let mut rng = Pcg64Mcg::seed_from_u64(2);
    let rates: Vec<f64> = (0..7)
        .map(|_| {
            let per_game = per_call(20_000, || {
                for _ in 0..20_000 {
                    black_box(reference::playout(4, &mut rng));
                }
            });
            1.0 / per_game.as_secs_f64().max(f64::MIN_POSITIVE)
        })
        .collect();
    median(&rates)
}

struct Row {
    label: &'static str,
    target: f64,
    ratios: Vec<f64>,
    games_per_second: Vec<f64>,
    actions_per_game: f64,
}

fn median(values: &[f64]) -> f64 {
    let mut sorted = values.to_vec();
    sorted.sort_by(f64::total_cmp);
    sorted.get(sorted.len() / 2).copied().unwrap_or(0.0)
}

fn main() {
    let check = std::env::args().any(|a| a == "--check");
    let config = |players| -> Option<(
        fairy::Config,
        prank::Config,
        season::Config,
        fickle::Config,
        fayre::Config,
    )> {
        Some((
            GameConfig::for_players(players).ok()?,
            GameConfig::for_players(players).ok()?,
            GameConfig::for_players(players).ok()?,
            GameConfig::for_players(players).ok()?,
            GameConfig::for_players(players).ok()?,
        ))
    };
    let Some((fairy4, prank4, season4, fickle4, fayre4)) = config(4) else {
        return;
    };
    let Ok(fayre3) = fayre::Config::for_players(3) else {
        return;
    };
    let mut rows = vec![
        Row {
            label: "Fairy 4p",
            target: 0.60,
            ratios: vec![],
            games_per_second: vec![],
            actions_per_game: 0.0,
        },
        Row {
            label: "Fairy Prank 4p",
            target: 0.40,
            ratios: vec![],
            games_per_second: vec![],
            actions_per_game: 0.0,
        },
        Row {
            label: "Fairy Season 4p",
            target: 0.09,
            ratios: vec![],
            games_per_second: vec![],
            actions_per_game: 0.0,
        },
        Row {
            label: "Fickle 4p",
            target: 0.09,
            ratios: vec![],
            games_per_second: vec![],
            actions_per_game: 0.0,
        },
        Row {
            label: "Fayre 4p",
            target: 0.045,
            ratios: vec![],
            games_per_second: vec![],
            actions_per_game: 0.0,
        },
        Row {
            label: "Fayre 3p",
            target: 0.045,
            ratios: vec![],
            games_per_second: vec![],
            actions_per_game: 0.0,
        },
    ];
    let mut references = Vec::new();
    for _run in 0..3 {
        references.push(reference_rate());
        let measured = [
            paired(|rng| playout::<fairy::State>(&fairy4, rng), 4_000),
            paired(|rng| playout::<prank::State>(&prank4, rng), 2_000),
            paired(|rng| playout::<season::State>(&season4, rng), 400),
            paired(|rng| playout::<fickle::State>(&fickle4, rng), 400),
            paired(|rng| playout::<fayre::State>(&fayre4, rng), 200),
            paired(|rng| playout::<fayre::State>(&fayre3, rng), 200),
        ];
        for (row, (ratio, games, actions)) in rows.iter_mut().zip(measured) {
            row.ratios.push(ratio);
            row.games_per_second.push(games);
            row.actions_per_game = actions;
        }
    }
    println!(
        "reference (hand-written Fairy 4p): {:.0} games/s (median of 3 runs)",
        median(&references)
    );
    println!("| game | games/s | ns/action | ratio to reference | target | met |");
    println!("|---|---|---|---|---|---|");
    let mut missed = Vec::new();
    for row in &rows {
        let ratio = median(&row.ratios);
        let games = median(&row.games_per_second);
        let ns_per_action = 1e9 / (games * row.actions_per_game.max(1.0));
        let met = ratio >= row.target;
        println!(
            "| {} | {games:.0} | {ns_per_action:.0} | {ratio:.3} | {:.3} | {} |",
            row.label,
            row.target,
            if met { "yes" } else { "no" }
        );
        if !met {
            missed.push(row.label);
        }
    }
    if !missed.is_empty() {
        println!("targets missed: {}", missed.join(", "));
        if check {
            std::process::exit(1);
        }
    }
}
