//! Playthrough records for snapshot tests.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};

use super::Failure;
use crate::{Game, Player, Seat};

/// A readable record of one seeded random game: at every step, the action
/// played, the events as every seat (and a spectator) saw them, and every
/// seat's view. Meant for snapshot tests, so a leak of hidden information
/// shows up in a review of the diff (OpenSpiel's playthrough files).
pub fn playthrough<G: Game, R: Rng + SeedableRng + Clone>(
    config: &G::Config,
    seed: u64,
) -> Result<String, Failure> {
    use core::fmt::Write;
    let fail = |step: u32, message: String| Failure {
        game: 0,
        step,
        message,
    };
    let mut rng = R::seed_from_u64(seed);
    let mut state = G::new(config, &mut rng).map_err(|e| fail(0, format!("{e}")))?;
    let seats: Vec<Seat> = (0..state.num_players())
        .map(|p| Seat::Player(Player(p as u8)))
        .chain([Seat::Spectator])
        .collect();
    let mut out = String::new();
    let mut step = 0u32;
    let _ = writeln!(
        out,
        "{} with {} players, seed {seed}",
        G::NAME,
        state.num_players()
    );
    loop {
        let _ = writeln!(out, "\n## step {step}");
        for &seat in &seats {
            let _ = writeln!(out, "view {seat:?}: {:?}", state.view_for(seat));
        }
        let to_act: Vec<Player> = state.to_act().iter().collect();
        let Some(&player) = crate::rng::choose(&mut rng, &to_act) else {
            break;
        };
        let legal = state.legal_actions(player);
        let Some(&action) = crate::rng::choose(&mut rng, &legal) else {
            return Err(fail(
                step,
                format!("{player} is to act but has no legal action"),
            ));
        };
        let _ = writeln!(out, "{player} plays {action:?} (of {} legal)", legal.len());
        let events = state
            .apply(player, action, &mut rng)
            .map_err(|e| fail(step, format!("{e}")))?;
        for &seat in &seats {
            let _ = writeln!(
                out,
                "events for {seat:?}: {:?}",
                G::redact_all(&events, seat).as_slice()
            );
        }
        step += 1;
        if step > state.max_game_length() {
            return Err(fail(
                step,
                String::from("game longer than its documented bound"),
            ));
        }
    }
    let _ = writeln!(out, "outcome: {:?}", state.outcome());
    Ok(out)
}
