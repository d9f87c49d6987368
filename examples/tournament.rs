//! Bots against bots, many games on all cores, and a table of how each did:
//! a command line over the library's [`arena`](fairy_ring::arena).
//!
//! ```text
//! cargo run --release --example tournament -- GAME [--players N] [--games N] [--seed S] BOT...
//! ```
//!
//! GAME is `fairy`, `prank`, `season`, `fickle` or `fayre`. Each BOT is
//! `random`, `ismcts:ITERATIONS` or `cheater:ITERATIONS` (the search that sees
//! every hidden card, as a ceiling). With fewer bots than players the last
//! one fills the remaining seats: `ismcts:1000 random` at 4 players is one
//! search bot against three random ones. The seats rotate from game to
//! game and the order around the table changes from block to block
//! ([`Schedule`](fairy_ring::arena::Schedule)), so every bot plays every
//! seat equally often and keeps no neighbour. Games run in parallel, game
//! `i` from [`game_seed(S, i)`](fairy_ring::arena::game_seed), so a run is
//! reproducible whatever the number of cores.
//!
//! For each bot entry the table gives its share of the victories (ties
//! split) with a 95% interval, its fair share for comparison, its mean
//! score, and the time it took per decision; then the mean game length and
//! the moves per second. A progress bar goes to standard error when it is a
//! terminal.

use std::io::{IsTerminal, Write};
use std::process::ExitCode;
use std::sync::Mutex;
use std::time::Duration;

use fairy_ring::arena::{Arena, Entrant, Progress};
use fairy_ring::{GameConfig, GameKind, Sample, fairy, fayre, fickle, prank, season};
use rand_pcg::Pcg64Mcg;

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
                        .ok()
                        .filter(|&n| n > 0)
                        .ok_or_else(|| format!("bad iteration count in {text} (1 or more)"))?,
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

    /// The arena's entrant for this kind (named as on the command line).
    fn entrant<G: Sample + 'static>(self) -> Entrant<G> {
        match self {
            Kind::Random => Entrant::random(),
            Kind::Ismcts(n) => Entrant::ismcts(n),
            Kind::Cheater(n) => Entrant::cheater(n),
        }
    }
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

fn run<G>(options: &Options) -> Result<(), String>
where
    G: Sample + 'static,
    G::Config: Sync,
{
    let config = G::Config::for_players(options.players).map_err(|e| e.to_string())?;
    let arena = options
        .bots
        .iter()
        .fold(Arena::<G>::new(config), |arena, kind| {
            arena.entrant(kind.entrant())
        })
        .games(options.games)
        .seed(options.seed);
    let names: Vec<&str> = arena.entrants().iter().map(Entrant::name).collect();
    eprintln!(
        "{}: {} games of {} players; {}",
        G::NAME,
        options.games,
        options.players,
        names.join(" vs ")
    );
    let terminal = std::io::stderr().is_terminal();
    let bar = Bar::default();
    let standings = arena
        .run_with::<Pcg64Mcg>(|progress| {
            if terminal {
                bar.show(progress);
            }
        })
        .map_err(|e| e.to_string())?;
    if terminal {
        eprintln!();
    }
    println!("{standings}");
    Ok(())
}

/// A progress bar on standard error, redrawn at most every 250 ms (and for
/// the last game), never backwards.
#[derive(Default)]
struct Bar {
    /// The count and time last drawn.
    drawn: Mutex<Option<(usize, Duration)>>,
}

impl Bar {
    fn show(&self, progress: Progress) {
        const WIDTH: usize = 40;
        let Ok(mut drawn) = self.drawn.lock() else {
            return;
        };
        let Progress {
            done,
            total,
            elapsed,
            ..
        } = progress;
        let due = drawn.is_none_or(|(count, at)| {
            done > count && (done == total || elapsed >= at + Duration::from_millis(250))
        });
        if !due {
            return;
        }
        *drawn = Some((done, elapsed));
        let filled = (WIDTH * done / total.max(1)).min(WIDTH);
        let rate = done as f64 / elapsed.as_secs_f64().max(1e-9);
        eprint!(
            "\r[{}{}] {done}/{total} games, {rate:.1}/s ",
            "#".repeat(filled),
            " ".repeat(WIDTH - filled)
        );
        let _ = std::io::stderr().flush();
    }
}
