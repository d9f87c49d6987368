//! Many games with random Families: the sampling contract along each
//! (`FICKLE_SAMPLING_CONFIGS` sets how many configs; 60 by default, about
//! 15 s in a debug build).

use fairy_ring::fickle::{Config, State};
use fairy_ring::testing::check_sampling;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// `FICKLE_SAMPLING_CONFIGS` random configs (default 60), 4 games each.
#[test]
fn the_contract_holds_with_random_families() {
    let configs: u64 = std::env::var("FICKLE_SAMPLING_CONFIGS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(crate::scale::size(60u64));
    for k in 0..configs {
        let mut rng = ChaCha8Rng::seed_from_u64(k);
        let config = Config::random(3 + (k % 3) as usize, &mut rng).unwrap();
        check_sampling::<State, ChaCha8Rng>(&config, 4, 1000 * k, 8)
            .unwrap_or_else(|e| panic!("config {k} {:?}: {e}", config.families));
    }
}
