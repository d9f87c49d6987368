//! The crate-wide API, exercised generically over every game: configs for any
//! player count, bots behind `Box<dyn Bot<G>>`, and errors that go into
//! `Box<dyn Error + Send + Sync>` with `?`.

use std::error::Error;

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    Bot, ConfigError, Game, GameConfig, Outcome, RandomBot, fairy, fayre, fickle, prank, season,
};
use rand_chacha::ChaCha8Rng;

type AnyError = Box<dyn Error + Send + Sync + 'static>;

/// A whole game of random bots, written once for every game.
fn run<G: Game>(players: usize, seed: u64) -> Result<Outcome, AnyError> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let config = G::Config::for_players(players)?;
    assert_eq!(config.players(), players);
    let mut state = G::new(&config, &mut rng)?;
    assert_eq!(state.num_players(), players);
    let mut bots: Vec<Box<dyn Bot<G>>> = (0..players).map(|_| Box::new(RandomBot) as _).collect();
    let mut steps = 0;
    while let Some(player) = state.to_act().lowest() {
        let decision = state.decision(player);
        assert_eq!(decision.player, player);
        assert_eq!(decision.legal, state.legal_actions(player));
        let action = bots
            .get_mut(player.index())
            .ok_or("a seated player")?
            .choose(&decision, &mut rng)?;
        state.apply(player, action, &mut rng)?;
        steps += 1;
        assert!(steps <= state.max_game_length());
    }
    Ok(state.outcome().ok_or("over")?)
}

/// Every player count the game seats plays to the end; the counts just
/// outside are refused with the count asked for, even past `u8`.
fn every_player_count<G: Game>() -> Result<(), AnyError> {
    assert!(G::MIN_PLAYERS >= 1 && G::MIN_PLAYERS <= G::MAX_PLAYERS);
    assert!(G::MAX_PLAYERS <= fairy_ring::MAX_PLAYERS);
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        let outcome = run::<G>(players, players as u64)?;
        assert_eq!(outcome.scores().len(), players, "{}", G::NAME);
        assert!(!outcome.winners().is_empty(), "{}", G::NAME);
    }
    for players in [0, G::MIN_PLAYERS - 1, G::MAX_PLAYERS + 1, 255, 256, 1000] {
        let refused = G::Config::for_players(players).map(|_| ());
        let expected = ConfigError::PlayerCount {
            got: players,
            min: G::MIN_PLAYERS,
            max: G::MAX_PLAYERS,
        };
        assert_eq!(refused, Err(expected), "{} with {players}", G::NAME);
    }
    assert_eq!(G::Config::default().players(), 4, "{}", G::NAME);
    Ok(())
}

#[test]
fn fairy_plays_every_player_count() -> Result<(), AnyError> {
    every_player_count::<fairy::State>()
}

#[test]
fn prank_plays_every_player_count() -> Result<(), AnyError> {
    every_player_count::<prank::State>()
}

#[test]
fn season_plays_every_player_count() -> Result<(), AnyError> {
    every_player_count::<season::State>()
}

#[test]
fn fickle_plays_every_player_count() -> Result<(), AnyError> {
    every_player_count::<fickle::State>()
}

#[test]
fn fayre_plays_every_player_count() -> Result<(), AnyError> {
    every_player_count::<fayre::State>()
}

/// Each game's refusals convert into the boxed error generic code uses.
fn refusals_box<G: Game>() -> Result<(), AnyError> {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut state = G::new(&G::Config::default(), &mut rng)?;
    let player = state
        .to_act()
        .lowest()
        .ok_or("a new game has a player to act")?;
    let action = *state.legal_actions(player).first().ok_or("a move")?;
    let outsider = fairy_ring::Player(u8::try_from(G::MAX_PLAYERS)?);
    let refused: AnyError = match state.apply(outsider, action, &mut rng) {
        Ok(_) => return Err("an unseated player was let act".into()),
        Err(error) => error.into(),
    };
    assert!(
        refused.to_string().contains("not at this table"),
        "{refused}"
    );
    let setup_error = G::from_setup(state.to_setup()).map(|_| ());
    assert!(setup_error.is_ok(), "{}", G::NAME);
    Ok(())
}

#[test]
fn errors_go_into_boxed_send_sync_errors() -> Result<(), AnyError> {
    refusals_box::<fairy::State>()?;
    refusals_box::<prank::State>()?;
    refusals_box::<season::State>()?;
    refusals_box::<fickle::State>()?;
    refusals_box::<fayre::State>()
}
