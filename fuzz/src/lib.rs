//! What every `*_setup` fuzz target does, written once.

use fairy_ring::Game;
use fairy_ring::testing::playout;
use rand_chacha::ChaCha8Rng;
use serde::de::DeserializeOwned;

/// Feeds `data` to the deserializers of `G` and of its `Setup`: neither may
/// panic, and a position the validator accepts must keep the whole contract
/// while a few moves (taken from the same bytes) are played from it.
pub fn setup_target<G>(data: &[u8])
where
    G: Game + DeserializeOwned,
    G::Setup: DeserializeOwned,
{
    let _ = serde_json::from_slice::<G>(data);
    let Ok(setup) = serde_json::from_slice::<G::Setup>(data) else {
        return;
    };
    if let Ok(state) = G::from_setup(setup) {
        let choices: Vec<u8> = data.iter().rev().take(64).copied().collect();
        if let Err(failure) = playout::<G, ChaCha8Rng>(state, 0, &choices) {
            panic!("{failure}");
        }
    }
}

/// Starts a game of `G` with `config` (which must be valid) and plays
/// `choices` through [`playout`], checking the contract at every step.
pub fn actions_target<G: Game>(config: &G::Config, seed: u64, choices: &[u8]) {
    use rand_core::SeedableRng;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let state = match G::new(config, &mut rng) {
        Ok(state) => state,
        Err(e) => panic!("a valid config was refused: {e}"),
    };
    if let Err(failure) = playout::<G, ChaCha8Rng>(state, seed, choices) {
        panic!("{failure}");
    }
}
