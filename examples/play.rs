//! Play any game of `fairy-ring` in the terminal against bots.
//!
//! ```text
//! cargo run --release --example play -- [GAME] [--players N] [--seed S] [--bots-only]
//!     [--random-bots] [--iterations N] [--record FILE]
//! ```
//!
//! GAME is one of `fairy` (default), `prank`, `season`, `fickle` or `fayre`
//! (`--list` prints them). With a terminal on standard input you take seat 1
//! and answer with the number of a choice or the move in the game's notation;
//! without one (or with `--bots-only`) bots fill every seat and the whole game
//! is printed as a spectator sees it. The bots search: information-set Monte
//! Carlo tree search ([`Ismcts`]) with 1,000 iterations a decision, seeing
//! only what their seat may see; `--random-bots` seats random ones instead.
//! `--record FILE` writes the game as a
//! record that `cargo run --example replay -- FILE` steps through.
//!
//! Everything printed comes from the crate's own texts (`Display` of views,
//! actions, events and outcomes), the same texts any user interface gets.

use std::io::{BufRead, IsTerminal, Write};
use std::process::ExitCode;

use fairy_ring::bots::Ismcts;
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    ActionInView, AnyAction, AnyGame, Bot, Decision, EventInView, Game, GameKind, Message, Player,
    RandomBot, Recorder, Seat,
};
use rand_chacha::ChaCha8Rng;

const USAGE: &str = "\
usage: play [GAME] [--players N] [--seed S] [--bots-only] [--random-bots] [--iterations N]
            [--record FILE] [--list]

GAME      fairy (default), prank, season, fickle or fayre
--players N    seats N players (default 4)
--seed S       the seed of the shuffles and dice (default 2026)
--bots-only    bots in every seat, shown as a spectator sees it
--random-bots  bots that pick any legal move, instead of searching
--iterations N search iterations per bot decision (default 1000)
--record FILE  writes the game as a record (JSON) for the replay example
--list         prints the games";

struct Options {
    game: GameKind,
    players: Option<usize>,
    seed: u64,
    human: bool,
    random_bots: bool,
    iterations: u32,
    record: Option<String>,
}

/// What the command line asks for: play, or print a text and stop.
enum Command {
    Play(Options),
    Print(String),
}

fn parse_args() -> Result<Command, String> {
    let mut options = Options {
        game: GameKind::Fairy,
        players: None,
        seed: 2026,
        human: std::io::stdin().is_terminal(),
        random_bots: false,
        iterations: 1000,
        record: None,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let mut value = |name: &str| args.next().ok_or(format!("{name} needs a value\n{USAGE}"));
        match arg.as_str() {
            "--players" | "-p" => {
                let text = value("--players")?;
                let players = text
                    .parse()
                    .map_err(|_| format!("bad player count {text}"))?;
                options.players = Some(players);
            }
            "--seed" | "-s" => {
                let text = value("--seed")?;
                options.seed = text.parse().map_err(|_| format!("bad seed {text}"))?;
            }
            "--record" => options.record = Some(value("--record")?),
            "--bots-only" => options.human = false,
            "--random-bots" => options.random_bots = true,
            "--iterations" => {
                let text = value("--iterations")?;
                options.iterations = text
                    .parse()
                    .map_err(|_| format!("bad iteration count {text}"))?;
            }
            "--list" => {
                let ids: Vec<&str> = GameKind::ALL.iter().map(|kind| kind.id()).collect();
                return Ok(Command::Print(ids.join("\n")));
            }
            "--help" | "-h" => return Ok(Command::Print(USAGE.to_string())),
            game if !game.starts_with('-') => {
                options.game = game.parse().map_err(|e| format!("{e}\n{USAGE}"))?;
            }
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    Ok(Command::Play(options))
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|command| match command {
        Command::Print(text) => {
            println!("{text}");
            Ok(())
        }
        Command::Play(options) => play(&options),
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn play(options: &Options) -> Result<(), String> {
    let kind = options.game;
    let config = match options.players {
        Some(players) => kind.config(players).map_err(|e| e.to_string())?,
        None => kind.default_config(),
    };
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let mut table =
        Recorder::<AnyGame>::new(config.clone(), &mut rng).map_err(|e| e.to_string())?;
    let players = table.state().num_players();
    let human = options.human.then_some(Player(0));
    let audience = human.map_or(Seat::Spectator, Seat::Player);
    let bot_kind = if options.random_bots {
        "random bots".to_string()
    } else {
        format!("search bots ({} iterations)", options.iterations)
    };
    println!("{kind} for {players} players (seed {})", options.seed);
    match human {
        Some(_) => println!("You are player 1; the others are {bot_kind}.\n"),
        None => {
            println!("{bot_kind} in every seat; shown as a spectator sees it.\n");
            println!("{}\n", table.state().view_for(audience));
        }
    }
    // One bot per seat (the human's stays unused), each told what its seat sees.
    let mut bots: Vec<Box<dyn Bot<AnyGame>>> = (0..players)
        .map(|_| -> Box<dyn Bot<AnyGame>> {
            if options.random_bots {
                Box::new(RandomBot)
            } else {
                Box::new(Ismcts::new(config.clone(), options.iterations))
            }
        })
        .collect();
    // Every seat, and the audience watching, is sent what the one rule of
    // `Message` sends it: the opening message, then a message after a move
    // exactly when it has something to learn.
    let mut held: Vec<Message<AnyGame>> = Vec::with_capacity(players);
    for (seat, bot) in (0..players).zip(&mut bots) {
        let seat = Seat::Player(Player(u8::try_from(seat).map_err(|e| e.to_string())?));
        let opening = Message::opening(table.state(), seat).map_err(|e| e.to_string())?;
        bot.start(&opening);
        held.push(opening);
    }
    let mut watched = Message::opening(table.state(), audience).map_err(|e| e.to_string())?;
    while let Some(player) = table.state().to_act().lowest() {
        let decision = table.state().decision(player);
        let action = if Some(player) == human {
            println!("\n{}", decision.view);
            ask(&decision).ok_or("no more input; stopping")?
        } else {
            let bot = bots.get_mut(player.index()).ok_or("a seat without a bot")?;
            bot.choose(&decision, &mut rng).map_err(|e| e.to_string())?
        };
        let events = table
            .apply(player, action, &mut rng)
            .map_err(|e| e.to_string())?;
        for (bot, last) in bots.iter_mut().zip(held.iter_mut()) {
            if let Some(message) = Message::after(table.state(), &events, last) {
                bot.observe(&message);
                *last = message;
            }
        }
        if let Some(message) = Message::after(table.state(), &events, &watched) {
            // Events are told in the words of the view the audience held before.
            for event in &message.events {
                println!("{}", EventInView::<AnyGame>::new(&watched.view, event));
            }
            watched = message;
        }
    }
    println!("\n{}", table.state().view_for(audience));
    if let Some(outcome) = table.state().outcome() {
        println!("\n{outcome}");
    }
    if let Some(path) = &options.record {
        let text = serde_json::to_string_pretty(table.record()).map_err(|e| e.to_string())?;
        std::fs::write(path, text).map_err(|e| format!("cannot write {path}: {e}"))?;
        println!("The game's record is in {path}.");
    }
    Ok(())
}

/// Asks for one of the decision's choices, by its number or in words (what
/// the choice is shown as, the game's notation, or a short form only one
/// choice fits): the library's [`Decision::read`] reads them all. `None` at
/// the end of input. A single choice is taken without asking.
fn ask(decision: &Decision<AnyGame>) -> Option<AnyAction> {
    let legal = &decision.legal;
    let words =
        |action: &AnyAction| ActionInView::<AnyGame>::new(&decision.view, action).to_string();
    if let [only] = legal.as_slice() {
        println!("Your only choice: {}", words(only));
        return Some(*only);
    }
    for (i, choice) in legal.iter().enumerate() {
        println!("  {}) {}", i + 1, words(choice));
    }
    let stdin = std::io::stdin();
    loop {
        print!("your choice (a number, or the move in words): ");
        std::io::stdout().flush().ok()?;
        let mut line = String::new();
        if stdin.lock().read_line(&mut line).ok()? == 0 {
            return None;
        }
        match decision.read(&line) {
            Ok(action) => return Some(action),
            Err(error) => println!("{error}"),
        }
    }
}
