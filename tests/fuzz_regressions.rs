//! The fuzz targets' bodies, run by `cargo test`: every input kept in
//! `tests/fuzz/<target>/` (crashes found once) and the seeds in
//! `fuzz/seeds/<target>/`, and inputs drawn here, so the targets themselves
//! are tested on every change. `fuzz/campaign` copies new crashes into
//! `tests/fuzz/`.

#[allow(dead_code, clippy::all)]
#[path = "../fuzz/src/lib.rs"]
pub(crate) mod targets;

use std::path::Path;

use fairy_ring::{fairy, fayre, fickle, prank, season};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// Runs `data` through the body of the fuzz target called `target`.
fn run(target: &str, data: &[u8]) -> bool {
    match target {
        "fairy_actions" => drop(targets::actions::<fairy::State>(data)),
        "prank_actions" => drop(targets::actions::<prank::State>(data)),
        "season_actions" => drop(targets::actions::<season::State>(data)),
        "fickle_actions" => drop(targets::actions::<fickle::State>(data)),
        "fayre_actions" => drop(targets::actions::<fayre::State>(data)),
        "fairy_setup" => targets::setup::<fairy::State>(data),
        "prank_setup" => targets::setup::<prank::State>(data),
        "season_setup" => targets::setup::<season::State>(data),
        "fickle_setup" => targets::setup::<fickle::State>(data),
        "fayre_setup" => targets::setup::<fayre::State>(data),
        "leaks" => targets::leaks(data),
        "roundtrip" => targets::roundtrip(data),
        "sampling" => targets::sampling(data),
        "notation" => targets::notation(data),
        _ => return false,
    }
    true
}

const TARGETS: [&str; 14] = [
    "fairy_actions",
    "prank_actions",
    "season_actions",
    "fickle_actions",
    "fayre_actions",
    "fairy_setup",
    "prank_setup",
    "season_setup",
    "fickle_setup",
    "fayre_setup",
    "leaks",
    "roundtrip",
    "sampling",
    "notation",
];

#[test]
fn kept_inputs_and_seeds_pass_their_targets() {
    let mut ran = 0;
    for folder in ["tests/fuzz", "fuzz/seeds"] {
        ran += run_folder(&Path::new(env!("CARGO_MANIFEST_DIR")).join(folder));
    }
    assert!(ran > 0, "no kept inputs or seeds found");
}

/// Runs every `<target>/<input>` under `root`; returns how many.
fn run_folder(root: &Path) -> usize {
    let mut ran = 0;
    let Ok(entries) = std::fs::read_dir(root) else {
        return 0;
    };
    for entry in entries {
        let dir = entry.expect("a readable entry").path();
        let target = dir
            .file_name()
            .and_then(|name| name.to_str())
            .expect("a target's folder")
            .to_owned();
        assert!(
            TARGETS.contains(&target.as_str()),
            "no fuzz target {target}"
        );
        for input in std::fs::read_dir(&dir).expect("a readable folder") {
            let path = input.expect("a readable entry").path();
            let data = std::fs::read(&path).expect("a readable input");
            println!("{}", path.display());
            assert!(run(&target, &data));
            ran += 1;
        }
    }
    ran
}

#[test]
fn every_target_runs_on_random_inputs() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    for target in TARGETS {
        for _ in 0..12 {
            let len = (rng.next_u32() % 600) as usize;
            let mut data = vec![0u8; len];
            rng.fill_bytes(&mut data);
            assert!(run(target, &data));
        }
    }
}

#[test]
fn an_actions_input_plays_its_game_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut finished = 0;
    for _ in 0..20 {
        let mut data = vec![0u8; 200];
        rng.fill_bytes(&mut data);
        finished += targets::actions::<fickle::State>(&data).games;
        finished += targets::actions::<season::State>(&data).games;
    }
    assert_eq!(finished, 40);
}

/// What `fuzz/campaign` reports for a corpus: how many of its inputs play
/// their game to the end. `FUZZ_TARGET=fickle_actions
/// FUZZ_CORPUS=fuzz/corpus/fickle_actions cargo test --release --test
/// fuzz_regressions -- --ignored --nocapture corpus_report`
#[test]
#[ignore = "run by fuzz/campaign on a corpus"]
fn corpus_report() {
    let (Ok(target), Ok(corpus)) = (std::env::var("FUZZ_TARGET"), std::env::var("FUZZ_CORPUS"))
    else {
        panic!("set FUZZ_TARGET and FUZZ_CORPUS");
    };
    let (mut inputs, mut finished, mut actions) = (0u64, 0u64, 0u64);
    let start = std::time::Instant::now();
    for entry in std::fs::read_dir(&corpus).expect("a corpus folder") {
        // A running fuzzer may remove inputs meanwhile.
        let Ok(data) = entry.and_then(|entry| std::fs::read(entry.path())) else {
            continue;
        };
        inputs += 1;
        let report = match target.as_str() {
            "fairy_actions" => targets::actions::<fairy::State>(&data),
            "prank_actions" => targets::actions::<prank::State>(&data),
            "season_actions" => targets::actions::<season::State>(&data),
            "fickle_actions" => targets::actions::<fickle::State>(&data),
            "fayre_actions" => targets::actions::<fayre::State>(&data),
            _ => {
                assert!(run(&target, &data));
                continue;
            }
        };
        finished += u64::from(report.games);
        actions += report.actions;
    }
    let seconds = start.elapsed().as_secs_f64();
    println!(
        "{target}: {inputs} inputs, {finished} played to the end, {actions} moves, \
         {:.0} inputs/s uninstrumented",
        inputs as f64 / seconds.max(1e-9)
    );
}
