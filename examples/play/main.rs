//! Play any game of `fairy-ring` in the terminal against random bots.
//!
//! ```text
//! cargo run --example play -- [GAME] [--players N] [--seed S] [--bots-only]
//! ```
//!
//! GAME is one of `fairy` (default), `prank`, `season`, `fickle` or `fayre` (`--list`
//! prints them). With a terminal on standard input you
//! take seat 1 and choose from a numbered list of your legal actions; without
//! one (or with `--bots-only`) bots fill every seat and the whole game is
//! printed as a spectator sees it.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use fairy_ring::{Bot, Game, GameConfig, Player, RandomBot, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

mod fairy;
mod fayre;
mod fickle;
mod prank;
mod season;

/// How a game is told to a person at the terminal.
trait Narrate: Game {
    /// What a seat sees, a few lines.
    fn show_view(view: &Self::View) -> String;
    /// One legal action, for a numbered menu.
    fn show_action(action: &Self::Action) -> String;
    /// One event, or `None` to leave it out.
    fn show_event(event: &Self::Event) -> Option<String>;
}

struct Options {
    game: String,
    players: Option<usize>,
    seed: u64,
    human: bool,
}

fn parse_args() -> Result<Options, String> {
    let mut options = Options {
        game: String::from("fairy"),
        players: None,
        seed: 2026,
        human: std::io::stdin().is_terminal(),
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--players" | "-p" => {
                let value = args.next().ok_or("--players needs a number")?;
                options.players = Some(
                    value
                        .parse()
                        .map_err(|_| format!("bad player count {value}"))?,
                );
            }
            "--seed" | "-s" => {
                let value = args.next().ok_or("--seed needs a number")?;
                options.seed = value.parse().map_err(|_| format!("bad seed {value}"))?;
            }
            "--bots-only" => options.human = false,
            "--list" => {
                println!("{}", GAMES.join("\n"));
                std::process::exit(0);
            }
            "--help" | "-h" => return Err(String::from(USAGE)),
            game if !game.starts_with('-') => options.game = game.to_string(),
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    Ok(options)
}

/// The games this example knows, by the name given on the command line.
const GAMES: &[&str] = &["fairy", "prank", "season", "fickle", "fayre"];

const USAGE: &str = "usage: play [GAME] [--players N] [--seed S] [--bots-only] [--list]";

fn main() -> ExitCode {
    let options = match parse_args() {
        Ok(options) => options,
        Err(message) => {
            eprintln!("{message}");
            return ExitCode::FAILURE;
        }
    };
    let result = match options.game.as_str() {
        "fairy" => play::<fairy_ring::fairy::State>(&options),
        "prank" => play::<fairy_ring::prank::State>(&options),
        "season" => play::<fairy_ring::season::State>(&options),
        "fickle" => play::<fairy_ring::fickle::State>(&options),
        "fayre" => play::<fairy_ring::fayre::State>(&options),
        other => Err(format!("unknown game {other}\n{USAGE}")),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn play<G: Narrate>(options: &Options) -> Result<(), String> {
    // The standard game, for 4 players unless `--players` says otherwise.
    let config = match options.players {
        Some(players) => G::Config::for_players(players).map_err(|e| e.to_string())?,
        None => G::Config::default(),
    };
    let players = config.players();
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut state = G::new(&config, &mut rng).map_err(|e| e.to_string())?;
    let human = options.human.then_some(Player(0));
    let audience = human.map_or(Seat::Spectator, Seat::Player);
    println!("{} for {players} players (seed {})", G::NAME, options.seed);
    match human {
        Some(_) => println!("You are player 1; the others are random bots.\n"),
        None => println!("Random bots in every seat; shown as a spectator sees it.\n"),
    }
    if human.is_none() {
        println!("{}", G::show_view(&state.view_for(audience)));
    }
    let mut bot = RandomBot;
    while !state.is_over() {
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let decision = state.decision(player);
        let legal = &decision.legal;
        let action = if Some(player) == human {
            println!("{}", G::show_view(&state.view_for(audience)));
            ask(&legal.iter().map(G::show_action).collect::<Vec<_>>())
                .and_then(|i| legal.get(i).copied())
                .ok_or("no more input; stopping")?
        } else {
            bot.choose(&decision, &mut rng)
                .ok_or("a bot had no legal action")?
        };
        let events = state
            .apply(player, action, &mut rng)
            .map_err(|e| e.to_string())?;
        let lines: Vec<String> = G::redact_all(&events, audience)
            .iter()
            .filter_map(G::show_event)
            .collect();
        if !lines.is_empty() {
            println!("{}", lines.join("\n"));
        }
    }
    println!("\n{}", G::show_view(&state.view_for(audience)));
    if let Some(outcome) = state.outcome() {
        println!("Final scores: {:?}", outcome.scores());
        println!("Winners: {}", outcome.winners());
    }
    Ok(())
}

/// Shows a numbered menu and reads a choice; `None` at the end of input.
fn ask(choices: &[String]) -> Option<usize> {
    for (i, choice) in choices.iter().enumerate() {
        println!("  {}) {choice}", i + 1);
    }
    let stdin = std::io::stdin();
    loop {
        print!("your choice: ");
        std::io::stdout().flush().ok()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line).ok()? == 0 {
            return None;
        }
        match line.trim().parse::<usize>() {
            Ok(n) if (1..=choices.len()).contains(&n) => return Some(n - 1),
            _ => println!("enter a number from 1 to {}", choices.len()),
        }
    }
}
