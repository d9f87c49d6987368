//! A Midsummer Night's Fayre: positions drawn from what one seat knows
//! (`Sample`). The contract through random games, the memory, uniformity,
//! and information no position can give.

use fairy_ring::fayre::{Config, State};
use fairy_ring::testing;
use rand_chacha::ChaCha8Rng;

/// The contract at every step of random games, for every seat and the
/// spectator, at every player count; samples really differ from the truth.
#[test]
fn sampling_contract_at_every_player_count() {
    for players in 2..=5 {
        let config = Config::new(players).expect("2 to 5 players");
        let report =
            testing::check_sampling::<State, ChaCha8Rng>(&config, 6, 100 * players as u64, 8)
                .unwrap_or_else(|f| panic!("{players} players: {f}"));
        println!("{players} players: {report:?}");
        assert!(report.samples_differing > report.samples / 2, "{report:?}");
        assert!(report.walked > 0, "{report:?}");
    }
}
