//! A whole seeded game, every view and every redacted event, pinned: a leak of
//! hidden information or a change in replay shows up in review.

use fairy_ring::season::{Config, State};
use fairy_ring::testing::playthrough;
use rand_chacha::ChaCha8Rng;

#[test]
fn season_playthrough_3_players() -> Result<(), Box<dyn std::error::Error>> {
    insta::assert_snapshot!(playthrough::<State, ChaCha8Rng>(&Config::new(3)?, 4)?);
    Ok(())
}
