//! Fickle's information-state sampling (`Sample`): the contract at every
//! player count, what the memory keeps, uniformity on a small position, and
//! refusal of views no position gives.

use fairy_ring::fickle::{Config, RecommendedSet, State};
use fairy_ring::testing::check_sampling;
use rand_chacha::ChaCha8Rng;

fn contract(config: &Config, games: u32, seed: u64) {
    let report = check_sampling::<State, ChaCha8Rng>(config, games, seed, 8)
        .unwrap_or_else(|e| panic!("{e}"));
    eprintln!("{report:?}");
    assert_eq!(report.games, games);
    assert!(
        report.samples_differing * 2 > report.samples,
        "samples should mostly differ from the truth: {report:?}"
    );
    assert!(report.walked > report.samples, "{report:?}");
}

#[test]
fn the_contract_holds_at_three_players() {
    contract(&Config::new(3).unwrap(), 12, 1);
    contract(&Config::recommended(3, RecommendedSet::ScorchedEarth).unwrap(), 8, 2);
}

#[test]
fn the_contract_holds_at_four_players() {
    contract(&Config::recommended(4, RecommendedSet::DodgeBall).unwrap(), 10, 3);
    contract(&Config::recommended(4, RecommendedSet::Turnabout).unwrap(), 8, 4);
}

#[test]
fn the_contract_holds_at_five_players() {
    contract(&Config::recommended(5, RecommendedSet::PariahHotPotato).unwrap(), 10, 5);
    contract(&Config::recommended(5, RecommendedSet::RoyalTea).unwrap(), 8, 6);
}
