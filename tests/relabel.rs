//! The relabelling oracle (`testing::check_relabel`): every game, played
//! again with its seats renumbered in each way its rules allow, goes the
//! same way renumbered, at every table size.

use fairy_ring::testing::{
    Conformance, Relabel, Relabelling, Symmetry, check_relabel, check_relabelling,
};
use fairy_ring::{Game, GameConfig, Player, fairy, fayre, fickle, prank, season};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// What the games under every renumbering played.
#[derive(Debug, Default)]
struct Played {
    games: u64,
    moves: u64,
    /// Moves compared only up to a draw in seat order.
    redrawn: u64,
}

/// `games` games from their start to their end under every renumbering the
/// game offers, at every table size.
fn every_renumbering<G: Relabel>(games: u64) -> Played {
    let mut played = Played::default();
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS {
        let config = G::Config::for_players(players).expect("a standard table");
        for (r, seats) in Relabelling::offered(players, G::SYMMETRY)
            .into_iter()
            .enumerate()
        {
            for game in 0..games {
                let seed = (players as u64) << 32 | (r as u64) << 16 | game;
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let state = G::new(&config, &mut rng).expect("a standard game");
                let report = check_relabelling::<G, ChaCha8Rng>(
                    &state,
                    seats,
                    seed,
                    state.max_game_length(),
                )
                .unwrap_or_else(|f| panic!("{}, {players} players, seed {seed}: {f}", G::NAME));
                assert!(report.finished, "{}: {report:?}", G::NAME);
                played.games += 1;
                played.moves += u64::from(report.moves);
                played.redrawn += u64::from(report.redrawn);
            }
        }
    }
    eprintln!("{}: {played:?}", G::NAME);
    // Nearly every move is compared in full (Fickle: 2%, the Fayre: 3% are
    // compared up to a draw in seat order).
    assert!(
        played.redrawn * 20 < played.moves,
        "{}: {played:?}",
        G::NAME
    );
    played
}

#[test]
fn renumbering_changes_nothing_but_the_numbers() {
    let seats = Relabelling::rotation(5, 2);
    assert_eq!(seats.player(Player(4)), Player(1));
    assert_eq!(seats.inverse().player(Player(1)), Player(4));
    let mirror = Relabelling::mirror(5, 1);
    for p in 0..5 {
        assert_eq!(mirror.player(mirror.player(Player(p))), Player(p));
    }
    assert_eq!(mirror.player(Player(0)), Player(0));
    assert_eq!(mirror.player(Player(1)), Player(4));
    assert_eq!(Relabelling::offered(4, Symmetry::Rotations).len(), 3);
    assert_eq!(
        Relabelling::offered(4, Symmetry::RotationsAndMirrors).len(),
        7
    );
    // A player not at the table keeps its number.
    assert_eq!(seats.player(Player(9)), Player(9));
}

#[test]
fn fairy_is_the_same_game_under_every_renumbering() {
    assert_eq!(fairy::State::SYMMETRY, Symmetry::RotationsAndMirrors);
    let games = every_renumbering::<fairy::State>(6);
    assert!(games.games > 500, "{games:?}");
}

#[test]
fn fairy_fifteen_point_variant_and_conformance() {
    for players in [2, 3, 7] {
        let config = fairy::Config::new(players)
            .expect("a table")
            .with_variant(fairy::Variant::FifteenPoints);
        for seed in 0..20 {
            let state =
                fairy::State::new(&config, &mut ChaCha8Rng::seed_from_u64(seed)).expect("a game");
            check_relabel::<_, ChaCha8Rng>(&state, seed, 1000)
                .unwrap_or_else(|f| panic!("{players} players: {f}"));
        }
        Conformance::<fairy::State>::new(4)
            .relabel()
            .run::<ChaCha8Rng>(&config)
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
    }
}

#[test]
fn prank_is_the_same_game_under_every_rotation() {
    assert_eq!(prank::State::SYMMETRY, Symmetry::Rotations);
    let games = every_renumbering::<prank::State>(8);
    assert!(games.games > 100, "{games:?}");
}

#[test]
fn prank_beginner_game_and_conformance() {
    for players in [3, 4, 6] {
        let config = prank::Config::new(players)
            .expect("a table")
            .with_variant(prank::Variant::Beginner);
        for seed in 0..20 {
            let state =
                prank::State::new(&config, &mut ChaCha8Rng::seed_from_u64(seed)).expect("a game");
            let report = check_relabel::<_, ChaCha8Rng>(&state, seed, 2000)
                .unwrap_or_else(|f| panic!("{players} players: {f}"));
            assert!(report.finished, "{report:?}");
        }
        Conformance::<prank::State>::new(3)
            .relabel()
            .run::<ChaCha8Rng>(&config)
            .unwrap_or_else(|f| panic!("{players} players: {f}"));
    }
}

#[test]
fn season_is_the_same_game_under_every_rotation() {
    assert_eq!(season::State::SYMMETRY, Symmetry::Rotations);
    let games = every_renumbering::<season::State>(6);
    assert!(games.games > 50, "{games:?}");
    Conformance::<season::State>::new(3)
        .relabel()
        .run::<ChaCha8Rng>(&season::Config::new(4).expect("a table"))
        .unwrap_or_else(|f| panic!("{f}"));
}

#[test]
fn fickle_is_the_same_game_under_every_rotation_and_mirror() {
    assert_eq!(fickle::State::SYMMETRY, Symmetry::RotationsAndMirrors);
    let games = every_renumbering::<fickle::State>(10);
    assert!(games.games > 50, "{games:?}");
}

#[test]
fn fayre_is_the_same_game_under_every_rotation() {
    assert_eq!(fayre::State::SYMMETRY, Symmetry::Rotations);
    let games = every_renumbering::<fayre::State>(8);
    assert!(games.games > 20, "{games:?}");
}
