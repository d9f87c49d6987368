//! Bots against bots, many games on all cores, and a table of how each did.
//!
//! ```text
//! cargo run --release --example tournament -- GAME [--players N] [--games N] [--seed S] BOT...
//! ```
//!
//! GAME is `fairy`, `prank`, `season`, `fickle` or `fayre`. Each BOT is
//! `random`, `ismcts:ITERATIONS` or `cheater:ITERATIONS` (the search that sees
//! every hidden card, as a ceiling). With fewer bots than players the last
//! one fills the remaining seats: `ismcts:1000 random` at 4 players is one
//! search bot against three random ones. Game `i` rotates the seats by `i`,
//! so every bot plays every seat equally often. Games run in parallel (rayon) from seeds `S, S+1, ...`, so a
//! run is reproducible whatever the number of cores.
//!
//! For each bot entry the table gives its share of the victories (ties
//! split) with a 95% interval, its fair share for comparison, its mean
//! score, and the time it took per decision; then the mean game length and
//! the moves per second.

use std::io::Write;
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use fairy_ring::bots::{Cheater, Ismcts};
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    Bot, Events, GameConfig, GameKind, Message, Player, RandomBot, Sample, Seat, fairy, fayre,
    fickle, prank, season,
};
use rand_pcg::Pcg64Mcg;
use rayon::prelude::*;

const USAGE: &str = "\
usage: tournament GAME [--players N] [--games N] [--seed S] BOT...

GAME        fairy, prank, season, fickle or fayre
--players N players per game (default 4)
--games N   games to play (default 500)
--seed S    the seed of game 0; game i uses S+i (default 1)
BOT         random, ismcts:ITERATIONS or cheater:ITERATIONS (default: ismcts:1000 random)";

/// One kind of bot, as named on the command line.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    Random,
    Ismcts(u32),
    Cheater(u32),
}

impl Kind {
    fn parse(text: &str) -> Result<Kind, String> {
        let (name, iterations) = match text.split_once(':') {
            Some((name, n)) => (
                name,
                Some(
                    n.parse::<u32>()
                        .map_err(|_| format!("bad iteration count in {text}"))?,
                ),
            ),
            None => (text, None),
        };
        match (name, iterations) {
            ("random", None) => Ok(Kind::Random),
            ("ismcts", n) => Ok(Kind::Ismcts(n.unwrap_or(1000))),
            ("cheater", n) => Ok(Kind::Cheater(n.unwrap_or(1000))),
            _ => Err(format!("unknown bot {text}\n{USAGE}")),
        }
    }

    fn name(self) -> String {
        match self {
            Kind::Random => "random".to_string(),
            Kind::Ismcts(n) => format!("ismcts:{n}"),
            Kind::Cheater(n) => format!("cheater:{n}"),
        }
    }
}

/// A bot in one game.
enum Contestant<G: Sample> {
    Random(RandomBot),
    Ismcts(Box<Ismcts<G>>),
    Cheater(Box<Cheater<G>>),
}

impl<G: Sample> Contestant<G> {
    fn new(kind: Kind, config: &G::Config) -> Self {
        match kind {
            Kind::Random => Contestant::Random(RandomBot),
            Kind::Ismcts(n) => Contestant::Ismcts(Box::new(Ismcts::new(config.clone(), n))),
            Kind::Cheater(n) => Contestant::Cheater(Box::new(Cheater::new(n))),
        }
    }

    fn choose(&mut self, state: &G, player: Player, rng: &mut Pcg64Mcg) -> Option<G::Action> {
        match self {
            Contestant::Random(bot) => bot.choose(&state.decision(player), rng).ok(),
            Contestant::Ismcts(bot) => bot.choose(&state.decision(player), rng).ok(),
            Contestant::Cheater(bot) => bot.choose_in(state, player, rng),
        }
    }

    fn start(&mut self, opening: &Message<G>) {
        match self {
            Contestant::Random(bot) => Bot::<G>::start(bot, opening),
            Contestant::Ismcts(bot) => bot.start(opening),
            Contestant::Cheater(_) => {}
        }
    }

    fn observe(&mut self, message: &Message<G>) {
        match self {
            Contestant::Random(bot) => Bot::<G>::observe(bot, message),
            Contestant::Ismcts(bot) => bot.observe(message),
            Contestant::Cheater(_) => {}
        }
    }
}

/// What one game gave one bot entry.
#[derive(Clone, Copy, Debug, Default)]
struct Tally {
    games: u32,
    /// Sum of the victory shares (1 for a sole win, 1/k in a k-way tie).
    wins: f64,
    /// Sum of the squared shares, for the interval.
    wins_squared: f64,
    score: f64,
    decisions: u64,
    thinking: Duration,
}

impl Tally {
    fn add(&mut self, other: &Tally) {
        self.games += other.games;
        self.wins += other.wins;
        self.wins_squared += other.wins_squared;
        self.score += other.score;
        self.decisions += other.decisions;
        self.thinking += other.thinking;
    }
}

/// What one game gave all entries, and its length.
struct GameResult {
    tallies: Vec<Tally>,
    moves: u64,
}

struct Options {
    game: GameKind,
    players: usize,
    games: usize,
    seed: u64,
    bots: Vec<Kind>,
}

fn parse_args() -> Result<Options, String> {
    let mut args = std::env::args().skip(1);
    let mut game = None;
    let mut options = Options {
        game: GameKind::Fairy,
        players: 4,
        games: 500,
        seed: 1,
        bots: Vec::new(),
    };
    while let Some(arg) = args.next() {
        let mut number = |name: &str| -> Result<u64, String> {
            let text = args.next().ok_or(format!("{name} needs a value"))?;
            text.parse().map_err(|_| format!("bad {name} {text}"))
        };
        match arg.as_str() {
            "--players" | "-p" => options.players = number("--players")? as usize,
            "--games" | "-n" => options.games = number("--games")? as usize,
            "--seed" | "-s" => options.seed = number("--seed")?,
            "--help" | "-h" => return Err(USAGE.to_string()),
            text if game.is_none() && !text.contains(':') && text != "random" => {
                game = Some(
                    text.parse::<GameKind>()
                        .map_err(|e| format!("{e}\n{USAGE}"))?,
                );
            }
            text => options.bots.push(Kind::parse(text)?),
        }
    }
    options.game = game.ok_or(format!("which game?\n{USAGE}"))?;
    if options.bots.is_empty() {
        options.bots = vec![Kind::Ismcts(1000), Kind::Random];
    }
    Ok(options)
}

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let result = match options.game {
        GameKind::Fairy => run::<fairy::State>(&options),
        GameKind::Prank => run::<prank::State>(&options),
        GameKind::Season => run::<season::State>(&options),
        GameKind::Fickle => run::<fickle::State>(&options),
        GameKind::Fayre => run::<fayre::State>(&options),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

/// The bot entry in each seat of game `index`: the list with its last
/// entry filling the table, rotated by `index`.
fn seating(options: &Options, index: usize) -> Vec<usize> {
    let n = options.players;
    let last = options.bots.len().saturating_sub(1);
    (0..n).map(|seat| ((seat + index) % n).min(last)).collect()
}

fn run<G>(options: &Options) -> Result<(), String>
where
    G: Sample + Send,
    G::Config: Sync,
{
    let config = G::Config::for_players(options.players).map_err(|e| e.to_string())?;
    if options.bots.len() > options.players {
        return Err(format!(
            "{} bots for {} seats",
            options.bots.len(),
            options.players
        ));
    }
    let entries = options.bots.len();
    let names: Vec<String> = options
        .bots
        .iter()
        .take(entries)
        .map(|k| k.name())
        .collect();
    eprintln!(
        "{}: {} games of {} players; {}",
        G::NAME,
        options.games,
        options.players,
        names.join(" vs ")
    );
    let done = AtomicUsize::new(0);
    let finished = AtomicBool::new(false);
    let start = Instant::now();
    let results: Result<Vec<GameResult>, String> = std::thread::scope(|scope| {
        scope.spawn(|| progress(&done, &finished, options.games));
        let results = (0..options.games)
            .into_par_iter()
            .map(|index| {
                let result = play_one::<G>(&config, options, index, entries);
                done.fetch_add(1, Ordering::Relaxed);
                result
            })
            .collect();
        finished.store(true, Ordering::Relaxed);
        results
    });
    let results = results?;
    let elapsed = start.elapsed();
    eprintln!();

    let mut totals = vec![Tally::default(); entries];
    let mut moves = 0u64;
    for result in &results {
        moves += result.moves;
        for (total, tally) in totals.iter_mut().zip(&result.tallies) {
            total.add(tally);
        }
    }
    let seats_per_entry: Vec<usize> = (0..entries)
        .map(|e| seating(options, 0).iter().filter(|&&s| s == e).count())
        .collect();
    println!(
        "{:<14} {:>7} {:>8} {:>17} {:>10} {:>10} {:>12}",
        "bot", "seats", "wins", "95% interval", "fair", "mean score", "ms/decision"
    );
    for (entry, total) in totals.iter().enumerate() {
        let seats = seats_per_entry.get(entry).copied().unwrap_or(1).max(1) as f64;
        // Per seat-game: the entry's wins over its seats in all games.
        let n = f64::from(total.games.max(1));
        let mean = total.wins / n;
        let variance = (total.wins_squared / n - mean * mean).max(0.0);
        let half = 1.96 * (variance / n).sqrt();
        let per_decision = total.thinking.as_secs_f64() * 1e3 / total.decisions.max(1) as f64;
        println!(
            "{:<14} {:>7} {:>7.1}% {:>7.1}% - {:>5.1}% {:>9.1}% {:>10.2} {:>12.3}",
            names.get(entry).map_or("?", |s| s.as_str()),
            seats as u32,
            100.0 * mean,
            100.0 * (mean - half).max(0.0),
            100.0 * (mean + half).min(1.0),
            100.0 / options.players as f64,
            total.score / n,
            per_decision,
        );
    }
    println!(
        "{} games, mean length {:.1} moves, {:.0} moves/s ({:.1} s on {} threads)",
        results.len(),
        moves as f64 / results.len().max(1) as f64,
        moves as f64 / elapsed.as_secs_f64(),
        elapsed.as_secs_f64(),
        rayon::current_num_threads(),
    );
    Ok(())
}

/// Plays game `index` and tallies it per bot entry (one tally per seat the
/// entry holds, so rates are per seat-game).
fn play_one<G: Sample>(
    config: &G::Config,
    options: &Options,
    index: usize,
    entries: usize,
) -> Result<GameResult, String> {
    let seed = options.seed.wrapping_add(index as u64);
    let mut rng = Pcg64Mcg::seed_from_u64(seed);
    let mut state = G::new(config, &mut rng).map_err(|e| format!("game {index}: {e}"))?;
    let seating = seating(options, index);
    let mut seats: Vec<Contestant<G>> = seating
        .iter()
        .map(|&entry| {
            let kind = options.bots.get(entry).copied().unwrap_or(Kind::Random);
            Contestant::new(kind, config)
        })
        .collect();
    let mut thinking = vec![(0u64, Duration::ZERO); seats.len()];
    let mut held = Vec::with_capacity(seats.len());
    for (i, seat) in seats.iter_mut().enumerate() {
        let opening = Message::opening(&state, Seat::Player(Player(i as u8)))
            .map_err(|e| format!("game {index}: {e}"))?;
        seat.start(&opening);
        held.push(opening);
    }
    let mut events = Events::new();
    let mut moves = 0u64;
    while let Some(player) = state.to_act().lowest() {
        let seat = seats
            .get_mut(player.index())
            .ok_or(format!("game {index}: {player} has no bot"))?;
        let clock = Instant::now();
        let action = seat
            .choose(&state, player, &mut rng)
            .ok_or(format!("game {index}: the bot of {player} chose nothing"))?;
        if let Some(t) = thinking.get_mut(player.index()) {
            t.0 += 1;
            t.1 += clock.elapsed();
        }
        state
            .apply_into(player, action, &mut rng, &mut events)
            .map_err(|e| format!("game {index}: {player} played {action}: {e}"))?;
        moves += 1;
        for (seat, last) in seats.iter_mut().zip(held.iter_mut()) {
            if let Some(message) = Message::after(&state, &events, last.seat, last) {
                seat.observe(&message);
                *last = message;
            }
        }
    }
    let outcome = state
        .outcome()
        .ok_or(format!("game {index}: nobody acts but there is no outcome"))?;
    let mut tallies = vec![Tally::default(); entries];
    let winners = outcome.winners();
    for (i, &entry) in seating.iter().enumerate() {
        let player = Player(i as u8);
        let Some(tally) = tallies.get_mut(entry) else {
            continue;
        };
        let share = if winners.contains(player) {
            1.0 / winners.len() as f64
        } else {
            0.0
        };
        tally.games += 1;
        tally.wins += share;
        tally.wins_squared += share * share;
        tally.score += f64::from(outcome.score(player).unwrap_or(0));
        if let Some(&(decisions, time)) = thinking.get(i) {
            tally.decisions += decisions;
            tally.thinking += time;
        }
    }
    Ok(GameResult { tallies, moves })
}

/// A progress bar on standard error until `finished`.
fn progress(done: &AtomicUsize, finished: &AtomicBool, total: usize) {
    const WIDTH: usize = 40;
    let start = Instant::now();
    loop {
        let count = done.load(Ordering::Relaxed);
        let filled = WIDTH * count / total.max(1);
        let rate = count as f64 / start.elapsed().as_secs_f64().max(1e-9);
        eprint!(
            "\r[{}{}] {count}/{total} games, {rate:.1}/s ",
            "#".repeat(filled),
            " ".repeat(WIDTH - filled)
        );
        let _ = std::io::stderr().flush();
        if finished.load(Ordering::Relaxed) || count >= total {
            break;
        }
        std::thread::sleep(Duration::from_millis(250));
    }
}
