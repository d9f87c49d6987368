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

/// Fairy with a planted bug: a shared victory goes to the lowest seat alone
/// (a tie broken by seat number), in `outcome()` only.
#[derive(Clone, Debug, PartialEq)]
struct LowestSeatWins(fairy::State);

impl Game for LowestSeatWins {
    type Config = fairy::Config;
    type Action = fairy::Guess;
    type View = fairy::View;
    type Event = fairy::Event;
    type Setup = fairy::Setup;
    type Violation = fairy::Violation;
    type SetupError = fairy::SetupError;
    const NAME: &'static str = "Fairy with a seat tie-break";
    const MIN_PLAYERS: usize = fairy::State::MIN_PLAYERS;
    const MAX_PLAYERS: usize = fairy::State::MAX_PLAYERS;

    fn new(
        config: &fairy::Config,
        rng: &mut (impl rand_core::Rng + ?Sized),
    ) -> Result<Self, fairy_ring::ConfigError> {
        fairy::State::new(config, rng).map(LowestSeatWins)
    }
    fn num_players(&self) -> usize {
        self.0.num_players()
    }
    fn to_act(&self) -> fairy_ring::PlayerSet {
        self.0.to_act()
    }
    fn legal_actions(&self, player: Player) -> fairy_ring::ActionList<fairy::Guess> {
        self.0.legal_actions(player)
    }
    fn apply(
        &mut self,
        player: Player,
        action: fairy::Guess,
        rng: &mut (impl rand_core::Rng + ?Sized),
    ) -> Result<fairy_ring::Events<fairy::Event>, fairy_ring::ActionError<fairy::Violation>> {
        self.0.apply(player, action, rng)
    }
    fn view_for(&self, seat: fairy_ring::Seat) -> fairy::View {
        self.0.view_for(seat)
    }
    fn redact(event: &fairy::Event, seat: fairy_ring::Seat) -> Option<fairy::Event> {
        fairy::State::redact(event, seat)
    }
    fn outcome(&self) -> Option<fairy_ring::Outcome> {
        let outcome = self.0.outcome()?;
        let winners = outcome
            .winners()
            .lowest()
            .map_or(outcome.winners(), fairy_ring::PlayerSet::only);
        Some(fairy_ring::Outcome::new(
            winners,
            outcome.scores().iter().copied(),
        ))
    }
    fn max_game_length(&self) -> u32 {
        self.0.max_game_length()
    }
    fn to_setup(&self) -> fairy::Setup {
        self.0.to_setup()
    }
    fn from_setup(setup: fairy::Setup) -> Result<Self, fairy::SetupError> {
        fairy::State::from_setup(setup).map(LowestSeatWins)
    }
}

impl Relabel for LowestSeatWins {
    const SYMMETRY: Symmetry = fairy::State::SYMMETRY;
    fn relabel_setup(setup: &fairy::Setup, seats: Relabelling) -> fairy::Setup {
        fairy::State::relabel_setup(setup, seats)
    }
    fn relabel_action(action: fairy::Guess, seats: Relabelling) -> fairy::Guess {
        fairy::State::relabel_action(action, seats)
    }
    fn relabel_event(event: &fairy::Event, seats: Relabelling) -> fairy::Event {
        fairy::State::relabel_event(event, seats)
    }
    fn relabel_events(
        events: &[fairy::Event],
        seats: Relabelling,
    ) -> fairy_ring::Events<fairy::Event> {
        fairy::State::relabel_events(events, seats)
    }
}

#[test]
fn a_tie_broken_by_seat_number_is_caught() {
    let config = fairy::Config::new(4).expect("a table");
    // Played whole, a shared victory comes up within a few dozen games.
    let caught = (0..200).find_map(|seed| {
        let state =
            LowestSeatWins::new(&config, &mut ChaCha8Rng::seed_from_u64(seed)).expect("a game");
        check_relabel::<_, ChaCha8Rng>(&state, seed, 1000).err()
    });
    let failure = caught.expect("a shared victory in 200 games");
    assert!(failure.message.contains("changes the outcome"), "{failure}");
    // The same through the harness and the fuzz runner.
    let conformance = Conformance::<LowestSeatWins>::new(200)
        .relabel()
        .run::<ChaCha8Rng>(&config);
    assert!(
        conformance.is_err_and(|f| f.message.contains("changes the outcome")),
        "Conformance::relabel"
    );
    let fuzzed = (0..200).find_map(|seed| {
        let state =
            LowestSeatWins::new(&config, &mut ChaCha8Rng::seed_from_u64(seed)).expect("a game");
        fairy_ring::testing::Fuzz::<LowestSeatWins>::default()
            .relabel()
            .run::<ChaCha8Rng>(state, seed, &[])
            .err()
    });
    assert!(
        fuzzed.is_some_and(|f| f.message.contains("changes the outcome")),
        "Fuzz::relabel"
    );
    // Without the bug, the same games pass.
    for seed in 0..50 {
        let state =
            fairy::State::new(&config, &mut ChaCha8Rng::seed_from_u64(seed)).expect("a game");
        check_relabel::<_, ChaCha8Rng>(&state, seed, 1000).expect("no bug planted");
    }
}
