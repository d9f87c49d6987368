//! The sampling contract: a position drawn from a seat's information must be
//! one the seat cannot tell from the real one.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use rand_core::{Rng, SeedableRng};

use super::Failure;
use super::leaks::{LeakReport, walk_twins};
use super::reveals::Statements;
use crate::{InfoState, Player, Sample, Seat};

/// What a passing [`check_sampling`] run saw.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct SamplingReport {
    /// Games played to the end.
    pub games: u32,
    /// Positions drawn and checked.
    pub samples: u64,
    /// Of those, samples that differ from the real position.
    pub samples_differing: u64,
    /// Moves played on real positions and their samples while the seat could
    /// not tell them apart.
    pub walked: u64,
}

/// Draws one position from `info` and checks it against `truth`, a real
/// position that gave the seat this information.
///
/// The sample must:
/// - be drawn (an error here means the sampler refused real information);
/// - give the seat the same view, `to_act()`, outcome and legal actions as
///   `truth`, and the same answer to everything the seat could try;
/// - agree with the seat's memory, as `truth` must;
/// - be rebuilt unchanged from its own `Setup`;
/// - stay indistinguishable from `truth` for up to `steps` random moves played
///   on both, as long as the events shown to the seat agree (the leak
///   oracle's walk, with the sample as the twin).
///
/// Returns the sample and what the walk compared.
pub fn check_sample<G: Sample, R: Rng + Clone>(
    config: &G::Config,
    info: &InfoState<G>,
    truth: &G,
    rng: &mut R,
    steps: u32,
) -> Result<(G, LeakReport), String> {
    let seat = info.seat;
    if truth.view_for(seat) != info.view {
        return Err(format!(
            "the information of {seat} does not hold its current view"
        ));
    }
    if !truth.agrees(seat, &info.memory) {
        return Err(format!(
            "the real position disagrees with what {seat} remembers: {:?}",
            info.memory
        ));
    }
    let sample = info
        .sample(config, rng)
        .map_err(|e| format!("no sample for {seat} from real information: {e}"))?;
    if sample.view_for(seat) != info.view {
        return Err(format!(
            "the sample gives {seat} another view:\n{:?}\n{:?}",
            sample.view_for(seat),
            info.view
        ));
    }
    if !sample.agrees(seat, &info.memory) {
        return Err(format!(
            "the sample disagrees with what {seat} remembers: {:?}",
            info.memory
        ));
    }
    match G::from_setup(sample.to_setup()) {
        Ok(rebuilt) if rebuilt == sample => {}
        Ok(_) => {
            return Err(String::from(
                "the sample is not rebuilt unchanged from its Setup",
            ));
        }
        Err(e) => return Err(format!("the sample is not a valid position: {e}")),
    }
    let walked = walk_twins(
        truth,
        sample.clone(),
        seat,
        rng,
        steps,
        None,
        Statements::NONE,
    )
    .map_err(|m| format!("sample for {seat}: {m}"))?;
    Ok((sample, walked))
}

/// Plays `games` seeded random games with `config` and checks the sampling
/// contract ([`check_sample`]) at every step, for one seat in turn and the
/// spectator, each seat's information kept from the start through
/// [`InfoState::observe`]. Each sample is then walked `steps` moves beside
/// the real position.
///
/// ```
/// use fairy_ring::{fairy, testing};
/// use rand_chacha::ChaCha8Rng;
///
/// let report = testing::check_sampling::<fairy::State, ChaCha8Rng>(
///     &fairy::Config::new(3)?,
///     2,
///     0,
///     4,
/// )?;
/// assert!(report.samples_differing > 0);
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
pub fn check_sampling<G: Sample, R: Rng + SeedableRng + Clone>(
    config: &G::Config,
    games: u32,
    seed: u64,
    steps: u32,
) -> Result<SamplingReport, Failure> {
    let mut report = SamplingReport::default();
    for game in 0..games {
        let fail = |step: u32, message: String| Failure {
            game,
            step,
            message,
        };
        let mut rng = R::seed_from_u64(seed.wrapping_add(u64::from(game)));
        let mut state = G::new(config, &mut rng).map_err(|e| fail(0, format!("{e}")))?;
        let n = state.num_players();
        let seats: Vec<Seat> = (0..n)
            .filter_map(|p| u8::try_from(p).ok())
            .map(|p| Seat::Player(Player(p)))
            .chain([Seat::Spectator])
            .collect();
        let mut infos: Vec<InfoState<G>> = seats
            .iter()
            .map(|&seat| InfoState::new(seat, state.view_for(seat)))
            .collect();
        let mut step = 0u32;
        loop {
            if let Some(info) = infos.get(step as usize % infos.len()) {
                let mut sample_rng = rng.clone();
                let _ = sample_rng.next_u64();
                let (sample, walked) = check_sample(config, info, &state, &mut sample_rng, steps)
                    .map_err(|m| fail(step, m))?;
                report.samples += 1;
                report.samples_differing += u64::from(sample != state);
                report.walked += u64::from(walked.steps);
            }
            let players: Vec<Player> = state.to_act().iter().collect();
            let Some(&player) = crate::rng::choose(&mut rng, &players) else {
                break;
            };
            if step >= state.max_game_length() {
                return Err(fail(step, String::from("game over its length bound")));
            }
            let legal = state.legal_actions(player);
            let Some(&action) = crate::rng::choose(&mut rng, &legal) else {
                return Err(fail(step, format!("{player} has no legal action")));
            };
            let events = state
                .apply(player, action, &mut rng)
                .map_err(|e| fail(step, format!("listed action {action:?} refused: {e}")))?;
            for info in &mut infos {
                let seat = info.seat;
                info.observe(&G::redact_all(&events, seat), state.view_for(seat));
            }
            step += 1;
        }
        report.games += 1;
    }
    Ok(report)
}
