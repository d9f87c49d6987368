//! The arena: seats rotate fairly, results do not depend on the number of
//! threads, a user's own bot enters, the standings add up, and a broken bot
//! is an error naming it rather than a crash.

use std::cell::Cell;
use std::rc::Rc;
use std::sync::Arc;
use std::sync::Mutex;
use std::sync::atomic::{AtomicUsize, Ordering};

use fairy_ring::arena::{Arena, ArenaError, Entrant, Schedule, Standings, game_seed, wilson};
use fairy_ring::bots::{RandomBot, TableError, play_game};
use fairy_ring::{Bot, BotError, Decision, Game, GameConfig, Message, fairy, prank};
use rand_core::{Rng, SeedableRng};
use rand_pcg::Pcg64Mcg;

/// Always the first legal action.
struct First;

impl<G: Game> Bot<G> for First {
    fn choose(&mut self, decision: &Decision<G>, _: &mut dyn Rng) -> Result<G::Action, BotError> {
        decision.legal.first().copied().ok_or(BotError::NoChoice)
    }
}

/// Counts, per seat, the games it was seated in (its first observation).
struct SeatCounter {
    seats: Arc<Mutex<Vec<usize>>>,
    seated: bool,
}

impl<G: Game> Bot<G> for SeatCounter {
    fn choose(&mut self, decision: &Decision<G>, rng: &mut dyn Rng) -> Result<G::Action, BotError> {
        Bot::<G>::choose(&mut RandomBot, decision, rng)
    }

    fn start(&mut self, opening: &Message<G>) {
        if !std::mem::replace(&mut self.seated, true)
            && let Some(player) = opening.player()
            && let Ok(mut seats) = self.seats.lock()
            && let Some(count) = seats.get_mut(player.index())
        {
            *count += 1;
        }
    }
}

/// Ends a hiding phase that is not on: Prank refuses it.
struct Rogue;

impl Bot<prank::State> for Rogue {
    fn choose(
        &mut self,
        _: &Decision<prank::State>,
        _: &mut dyn Rng,
    ) -> Result<prank::Action, BotError> {
        Ok(prank::Action::DoneHiding)
    }
}

/// Never answers.
struct Silent;

impl<G: Game> Bot<G> for Silent {
    fn choose(&mut self, _: &Decision<G>, _: &mut dyn Rng) -> Result<G::Action, BotError> {
        Err(BotError::NoChoice)
    }
}

/// Panics when asked.
struct Panicky;

impl<G: Game> Bot<G> for Panicky {
    fn choose(&mut self, _: &Decision<G>, _: &mut dyn Rng) -> Result<G::Action, BotError> {
        panic!("the panicky bot gives up")
    }
}

/// Keeps its count in an `Rc`: a bot that is not `Send` still enters.
struct Counting {
    decisions: Rc<Cell<u32>>,
}

impl<G: Game> Bot<G> for Counting {
    fn choose(&mut self, decision: &Decision<G>, _: &mut dyn Rng) -> Result<G::Action, BotError> {
        self.decisions.set(self.decisions.get() + 1);
        decision.legal.last().copied().ok_or(BotError::NoChoice)
    }
}

fn prank3() -> prank::Config {
    prank::Config::new(3).unwrap()
}

#[test]
fn the_schedule_seats_every_entrant_in_every_seat_equally() {
    for players in 2..=10 {
        for entrants in 1..=players {
            let schedule = Schedule::new(entrants, players);
            for start in [0, players, 5 * players] {
                // Any block of `players` games.
                let mut count = vec![vec![0usize; players]; entrants];
                for game in start..start + players {
                    let seating = schedule.seating(game);
                    assert_eq!(seating.len(), players);
                    for (seat, &entrant) in seating.iter().enumerate() {
                        count[entrant][seat] += 1;
                    }
                }
                for (entrant, seats) in count.iter().enumerate() {
                    let each = schedule.seats_of(entrant);
                    assert!(each >= 1, "{entrants} at {players}: {entrant} never sits");
                    assert!(
                        seats.iter().all(|&n| n == each),
                        "{entrants} entrants at {players}: entrant {entrant} sat {seats:?}, want {each} each"
                    );
                }
            }
        }
    }
    assert_eq!(
        Schedule::new(2, 4).seats_of(1),
        3,
        "the last fills the table"
    );
}

/// Over `players!` games every entrant sits right after every other one
/// equally often (a rotation alone keeps each entrant's neighbours fixed).
#[test]
fn the_schedule_changes_every_entrants_neighbours() {
    for players in 2..=5usize {
        let schedule = Schedule::new(players, players);
        let games: usize = (1..=players).product();
        let mut after = vec![vec![0usize; players]; players];
        for game in 0..games {
            let seating = schedule.seating(game);
            for seat in 0..players {
                let next = seating[(seat + 1) % players];
                after[seating[seat]][next] += 1;
            }
        }
        let each = games / (players - 1);
        for (entrant, row) in after.iter().enumerate() {
            for (other, &n) in row.iter().enumerate() {
                let want = if other == entrant { 0 } else { each };
                assert_eq!(
                    n, want,
                    "{players} players: entrant {other} sat after {entrant} {n} times, want {want}"
                );
            }
        }
    }
}

#[test]
fn the_arena_rotates_the_seats_it_plays() {
    let seats = Arc::new(Mutex::new(vec![0usize; 3]));
    let counter = Arc::clone(&seats);
    let standings = Arena::<prank::State>::new(prank3())
        .entrant(Entrant::new("counter", move |_| {
            Box::new(SeatCounter {
                seats: Arc::clone(&counter),
                seated: false,
            })
        }))
        .entrant(Entrant::random())
        .games(6)
        .threads(2)
        .run::<Pcg64Mcg>()
        .unwrap();
    assert_eq!(
        *seats.lock().unwrap(),
        [2, 2, 2],
        "each seat twice in 6 games"
    );
    let counter = &standings.entrants[0];
    assert_eq!((counter.seats, counter.games), (1, 6));
    let random = &standings.entrants[1];
    assert_eq!((random.seats, random.games), (2, 12));
}

/// The parts of the standings that do not depend on the clock.
fn counts(standings: &Standings) -> Vec<(String, usize, u64, f64, i64, u64)> {
    standings
        .entrants
        .iter()
        .map(|e| {
            (
                e.name.clone(),
                e.seats,
                e.games,
                e.wins,
                e.score,
                e.decisions,
            )
        })
        .collect()
}

#[test]
fn the_standings_do_not_depend_on_the_number_of_threads() {
    let arena = Arena::<prank::State>::new(prank3())
        .entrant(Entrant::ismcts(8))
        .entrant(Entrant::cheater(8))
        .entrant(Entrant::random())
        .games(7)
        .seed(40);
    let one = arena.threads(1).run::<Pcg64Mcg>().unwrap();
    let arena = Arena::<prank::State>::new(prank3())
        .entrant(Entrant::ismcts(8))
        .entrant(Entrant::cheater(8))
        .entrant(Entrant::random())
        .games(7)
        .seed(40);
    let three = arena.threads(3).run::<Pcg64Mcg>().unwrap();
    assert_eq!((one.threads, three.threads), (1, 3));
    assert_eq!(counts(&one), counts(&three));
    assert_eq!(one.moves, three.moves);
    assert_eq!(one.games, 7);
}

#[test]
fn game_i_is_the_table_game_of_its_game_seed() {
    let config = fairy::Config::new(3).unwrap();
    let standings = Arena::<fairy::State>::new(config)
        .entrant(Entrant::random())
        .games(3)
        .seed(9)
        .run::<Pcg64Mcg>()
        .unwrap();
    let mut score = 0i64;
    let mut moves = 0;
    for game in 0..3u64 {
        let (outcome, length) = table_game(&config, game_seed(9, game as usize));
        score += outcome.scores().iter().map(|&s| i64::from(s)).sum::<i64>();
        moves += length;
    }
    assert_eq!(standings.entrants[0].score, score);
    assert_eq!(standings.moves, moves);
}

/// The random game seeded with `seed` at the library's table, and its
/// number of moves.
fn table_game(config: &fairy::Config, seed: u64) -> (fairy_ring::Outcome, u64) {
    struct Tally<'a>(&'a Cell<u64>);
    impl Bot<fairy::State> for Tally<'_> {
        fn choose(
            &mut self,
            decision: &Decision<fairy::State>,
            rng: &mut dyn Rng,
        ) -> Result<fairy::Action, BotError> {
            self.0.set(self.0.get() + 1);
            Bot::<fairy::State>::choose(&mut RandomBot, decision, rng)
        }
    }
    let moves = Cell::new(0);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = fairy::State::new(config, &mut rng).unwrap();
    let mut bots = [Tally(&moves), Tally(&moves), Tally(&moves)];
    let outcome = play_game(&mut state, &mut bots, &mut rng).unwrap();
    (outcome, moves.get())
}

#[test]
fn a_users_own_bot_enters_even_if_it_is_not_send() {
    let config = fairy::Config::new(4).unwrap();
    let standings = Arena::<fairy::State>::new(config)
        .entrant(Entrant::new("first", |_| Box::new(First)))
        .entrant(Entrant::new("last", |_| {
            Box::new(Counting {
                decisions: Rc::new(Cell::new(0)),
            })
        }))
        .entrant(Entrant::random().named("noise"))
        .games(4)
        .threads(2)
        .run::<Pcg64Mcg>()
        .unwrap();
    let names: Vec<&str> = standings.entrants.iter().map(|e| e.name.as_str()).collect();
    assert_eq!(names, ["first", "last", "noise"]);
    assert_eq!(standings.entrants[2].seats, 2);
    for entrant in &standings.entrants {
        assert!(entrant.decisions > 0, "{} never decided", entrant.name);
    }
    let table = standings.to_string();
    for name in names {
        let line = table
            .lines()
            .find(|l| l.starts_with(&format!("{name} ")))
            .unwrap_or_else(|| panic!("no line for {name} in\n{table}"));
        let fields: Vec<&str> = line.split_whitespace().collect();
        assert!(fields[1].parse::<u32>().is_ok(), "{line}");
        assert!(fields[2].ends_with('%'), "{line}");
    }
    assert!(
        table
            .lines()
            .last()
            .unwrap()
            .starts_with("4 games, mean length "),
        "{table}"
    );
}

#[test]
fn a_user_bot_is_asked_for_its_own_decisions() {
    // The factory's bot decides: "last" always plays the last legal action,
    // and every one of its decisions goes through it.
    let asked = Arc::new(AtomicUsize::new(0));
    let seen = Arc::clone(&asked);
    struct Asked(Arc<AtomicUsize>);
    impl<G: Game> Bot<G> for Asked {
        fn choose(
            &mut self,
            decision: &Decision<G>,
            _: &mut dyn Rng,
        ) -> Result<G::Action, BotError> {
            self.0.fetch_add(1, Ordering::Relaxed);
            decision.legal.last().copied().ok_or(BotError::NoChoice)
        }
    }
    let standings = Arena::<prank::State>::new(prank3())
        .entrant(Entrant::new("asked", move |_| {
            Box::new(Asked(Arc::clone(&seen)))
        }))
        .entrant(Entrant::random())
        .games(3)
        .run::<Pcg64Mcg>()
        .unwrap();
    assert_eq!(
        asked.load(Ordering::Relaxed) as u64,
        standings.entrants[0].decisions
    );
}

#[test]
fn the_cheater_is_shown_the_position_and_beats_random_play() {
    let standings = Arena::<fairy::State>::new(fairy::Config::new(3).unwrap())
        .entrant(Entrant::cheater(30))
        .entrant(Entrant::random())
        .games(6)
        .run::<Pcg64Mcg>()
        .unwrap();
    let cheater = &standings.entrants[0];
    assert!(cheater.decisions > 0);
    assert!(
        cheater.win_rate() > 0.5,
        "the cheater won {:.2} of its games",
        cheater.win_rate()
    );
}

#[test]
fn the_interval_is_wilsons_on_known_counts() {
    let close = |(low, high): (f64, f64), (want_low, want_high): (f64, f64)| {
        (low - want_low).abs() < 5e-5 && (high - want_high).abs() < 5e-5
    };
    // Reference values of the Wilson score interval, z = 1.96.
    assert!(
        close(wilson(5.0, 10), (0.2366, 0.7634)),
        "{:?}",
        wilson(5.0, 10)
    );
    assert!(
        close(wilson(0.0, 10), (0.0, 0.2775)),
        "{:?}",
        wilson(0.0, 10)
    );
    assert!(
        close(wilson(10.0, 10), (0.7225, 1.0)),
        "{:?}",
        wilson(10.0, 10)
    );
    assert!(
        close(wilson(30.0, 100), (0.2189, 0.3958)),
        "{:?}",
        wilson(30.0, 100)
    );
    assert_eq!(wilson(0.0, 0), (0.0, 1.0));
    // Shares of shared victories count as fractions.
    let (low, high) = wilson(2.5, 10);
    assert!(low < 0.25 && 0.25 < high);
}

#[test]
fn the_standings_add_up() {
    let standings = Arena::<prank::State>::new(prank::Config::new(4).unwrap())
        .entrant(Entrant::new("first", |_| Box::new(First)))
        .entrant(Entrant::random())
        .games(8)
        .run::<Pcg64Mcg>()
        .unwrap();
    let first = &standings.entrants[0];
    let random = &standings.entrants[1];
    assert_eq!((first.seats, random.seats), (1, 3));
    assert_eq!((first.games, random.games), (8, 24));
    // One victory a game, shared or not.
    let wins: f64 = standings.entrants.iter().map(|e| e.wins).sum();
    assert!((wins - 8.0).abs() < 1e-9, "{wins}");
    assert_eq!(standings.fair_share(), 0.25);
    assert_eq!(random.win_rate(), random.wins / 24.0);
    assert_eq!(random.mean_score(), random.score as f64 / 24.0);
    assert_eq!(random.interval(), wilson(random.wins, 24));
    assert_eq!(
        standings.moves,
        first.decisions + random.decisions,
        "every move is one decision"
    );
}

#[test]
fn progress_is_reported_after_every_game() {
    let calls = AtomicUsize::new(0);
    let last = AtomicUsize::new(0);
    Arena::<prank::State>::new(prank3())
        .entrant(Entrant::random())
        .games(5)
        .threads(2)
        .run_with::<Pcg64Mcg>(|progress| {
            calls.fetch_add(1, Ordering::Relaxed);
            last.fetch_max(progress.done, Ordering::Relaxed);
            assert_eq!(progress.total, 5);
        })
        .unwrap();
    assert_eq!(calls.into_inner(), 5);
    assert_eq!(last.into_inner(), 5);
}

#[test]
fn a_refused_action_is_an_error_naming_the_game_and_the_entrant() {
    let result = Arena::<prank::State>::new(prank3())
        .entrant(Entrant::random())
        .entrant(Entrant::new("rogue", |_| Box::new(Rogue)))
        .games(6)
        .threads(3)
        .run::<Pcg64Mcg>();
    match result {
        Err(ArenaError::Table {
            game: 0,
            entrant,
            error: TableError::Refused { .. },
        }) => assert_eq!(entrant, "rogue"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn a_silent_bot_is_an_error_naming_it() {
    let error = Arena::<fairy::State>::new(fairy::Config::new(3).unwrap())
        .entrant(Entrant::new("silent", |_| Box::new(Silent)))
        .entrant(Entrant::random())
        .games(2)
        .run::<Pcg64Mcg>()
        .unwrap_err();
    assert!(
        matches!(&error, ArenaError::Table { game: 0, entrant, error: TableError::NoChoice { .. } } if entrant == "silent"),
        "{error:?}"
    );
    assert!(
        error
            .to_string()
            .starts_with("game 0, silent: the bot of player"),
        "{error}"
    );
}

#[test]
fn a_panicking_bot_is_an_error_not_a_crash() {
    for threads in [1, 2] {
        let error = Arena::<prank::State>::new(prank3())
            .entrant(Entrant::random())
            .entrant(Entrant::new("panicky", |_| Box::new(Panicky)))
            .games(4)
            .threads(threads)
            .run::<Pcg64Mcg>()
            .unwrap_err();
        match &error {
            ArenaError::Panicked { game: 0, message } => {
                assert_eq!(message, "the panicky bot gives up")
            }
            other => panic!("{other:?}"),
        }
    }
}

#[test]
fn a_field_that_does_not_fit_the_table_is_refused() {
    let empty = Arena::<fairy::State>::new(fairy::Config::new(2).unwrap()).run::<Pcg64Mcg>();
    assert!(matches!(
        empty,
        Err(ArenaError::Field {
            entrants: 0,
            players: 2
        })
    ));
    let crowded = Arena::<fairy::State>::new(fairy::Config::new(2).unwrap())
        .entrant(Entrant::random())
        .entrant(Entrant::random())
        .entrant(Entrant::random())
        .run::<Pcg64Mcg>()
        .unwrap_err();
    assert_eq!(crowded.to_string(), "3 entrants for 2 seats");
    assert_eq!(fairy::Config::new(2).unwrap().players(), 2);
}

/// Tournaments of nearby seeds share no game (with `seed + i`, seeds 1 and
/// 2 shared all games but one).
#[test]
fn nearby_seeds_share_no_game() {
    let seeds: Vec<u64> = (0..3u64)
        .flat_map(|seed| (0..50).map(move |game| game_seed(seed, game)))
        .collect();
    let distinct: std::collections::HashSet<u64> = seeds.iter().copied().collect();
    assert_eq!(distinct.len(), seeds.len());
}

#[test]
fn two_entrants_of_one_name_are_refused() {
    let error = Arena::<fairy::State>::new(fairy::Config::new(3).unwrap())
        .entrant(Entrant::random())
        .entrant(Entrant::random())
        .games(3)
        .run::<Pcg64Mcg>()
        .unwrap_err();
    assert_eq!(
        error.to_string(),
        "two entrants are named random: give each its own name"
    );
}
