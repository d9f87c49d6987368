//! Steps through a game record as one seat, or as a spectator, saw it.
//!
//! ```text
//! cargo run --example play -- season --bots-only --record game.json
//! cargo run --example replay -- game.json [--seat N | --spectator] [--step N]
//! ```
//!
//! Prints every move up to step N (default: the end) with the events the seat
//! was shown, then the seat's view at that step. A seat sees its own moves in
//! words; of another player's move it sees only the events it was shown, and
//! nothing at all of a move that showed it nothing, exactly as a server would
//! tell it. A damaged record, or one of another rules version, is refused
//! with the reason.

use std::process::ExitCode;

use fairy_ring::{ActionInView, AnyGame, EventInView, Game, Message, Player, Record, Seat};

const USAGE: &str = "usage: replay FILE [--seat N | --spectator] [--step N]

FILE          a record written by `cargo run --example play -- GAME --record FILE`
--seat N      see the game as player N (1 is the first player)
--spectator   see only what is public (the default)
--step N      stop after N moves (default: the whole game)";

struct Options {
    file: String,
    seat: Seat,
    step: Option<usize>,
}

fn parse_args() -> Result<Option<Options>, String> {
    let mut file = None;
    let mut seat = Seat::Spectator;
    let mut step = None;
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        match arg.as_str() {
            "--seat" => {
                let text = args.next().ok_or("--seat needs a number")?;
                let number: u8 = text.parse().map_err(|_| format!("bad seat {text}"))?;
                let index = number.checked_sub(1).ok_or("seats are numbered from 1")?;
                seat = Seat::Player(Player(index));
            }
            "--spectator" => seat = Seat::Spectator,
            "--step" => {
                let text = args.next().ok_or("--step needs a number")?;
                step = Some(text.parse().map_err(|_| format!("bad step {text}"))?);
            }
            "--help" | "-h" => return Ok(None),
            other if !other.starts_with('-') => file = Some(other.to_string()),
            other => return Err(format!("unknown option {other}\n{USAGE}")),
        }
    }
    let file = file.ok_or(format!("which record?\n{USAGE}"))?;
    Ok(Some(Options { file, seat, step }))
}

fn main() -> ExitCode {
    let result = parse_args().and_then(|options| match options {
        Some(options) => replay(&options),
        None => {
            println!("{USAGE}");
            Ok(())
        }
    });
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("{message}");
            ExitCode::FAILURE
        }
    }
}

fn replay(options: &Options) -> Result<(), String> {
    let text = std::fs::read_to_string(&options.file)
        .map_err(|e| format!("cannot read {}: {e}", options.file))?;
    let record: Record<AnyGame> = serde_json::from_str(&text)
        .map_err(|e| format!("cannot read the record {}: {e}", options.file))?;
    let last = options.step.unwrap_or(record.len()).min(record.len());
    let mut replay = record.replay().map_err(|e| e.to_string())?;
    let players = replay.state().num_players();
    let seat = options.seat;
    // What the seat holds: the last message the table sent it.
    let mut held = Message::opening(replay.state(), seat).map_err(|e| e.to_string())?;
    let who = match seat {
        Seat::Player(player) => format!("as {player} saw it"),
        Seat::Spectator => String::from("as a spectator saw it"),
    };
    println!(
        "{} for {players} players, {} moves; moves 1 to {last} {who}.",
        replay.state().kind(),
        record.len()
    );
    while replay.step() < last {
        let Some(next) = replay.peek().cloned() else {
            break;
        };
        let events = replay.next_move().map_err(|e| e.to_string())?;
        // The seat sees a move only if the table sent it a message, and
        // tells it in the words of the view it held before.
        let Some(message) = Message::after(replay.state(), &events, &held) else {
            continue;
        };
        if seat == Seat::Player(next.player) {
            let action = ActionInView::<AnyGame>::new(&held.view, &next.action);
            println!("\nmove {}: you: {action}", replay.step());
        } else {
            println!("\nmove {}:", replay.step());
        }
        for event in &message.events {
            println!("  {}", EventInView::<AnyGame>::new(&held.view, event));
        }
        held = message;
    }
    println!("\nAfter move {last}:\n{}", held.view);
    if let Some(outcome) = replay.state().outcome() {
        println!("\n{outcome}");
    }
    Ok(())
}
