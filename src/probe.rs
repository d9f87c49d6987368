//! Every engine entry point instantiated with `dyn Rng`, so that
//! `.ci/panic-sites` sees the code of generic functions in the object file.
//! Compiled only with `--cfg fairy_ring_panic_probe`.

use rand_core::Rng;

use crate::{
    AnyConfig, AnyGame, InfoState, Player, Sample, Seat, fairy, fayre, fickle, prank, season,
};

fn run<G: Sample>(config: &G::Config, rng: &mut dyn Rng) -> Option<G> {
    let mut state = G::new(config, rng).ok()?;
    let seat = Seat::Player(Player(0));
    let mut info = InfoState::<G>::new(seat, state.view_for(seat));
    while let Some(player) = state.to_act().lowest() {
        let legal = state.legal_actions(player);
        let action = *legal.first()?;
        let events = state.apply(player, action, rng).ok()?;
        info.observe(&G::redact_all(&events, seat), state.view_for(seat));
        let _ = info.sample(config, rng).ok()?.agrees(seat, &info.memory);
    }
    G::from_setup(state.to_setup()).ok()
}

/// Plays one game of each kind with `dyn Rng`.
pub fn probe(rng: &mut dyn Rng) -> bool {
    run::<fairy::State>(&fairy::Config::default(), rng).is_some()
        && run::<prank::State>(&prank::Config::default(), rng).is_some()
        && run::<season::State>(&season::Config::default(), rng).is_some()
        && run::<fickle::State>(&fickle::Config::default(), rng).is_some()
        && run::<fayre::State>(&fayre::Config::default(), rng).is_some()
        && run::<AnyGame>(&AnyConfig::default(), rng).is_some()
}
