//! Games on several threads, with results that do not depend on how many.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::panic::{AssertUnwindSafe, catch_unwind, resume_unwind};
use std::thread;

/// A game whose play panicked, with the panic's text.
pub(super) struct Panic {
    pub(super) game: usize,
    pub(super) message: String,
}

/// Plays games `0..games` on `threads` threads (at least one, at most one
/// per game) and returns their results in game order, or the failure of the
/// lowest failing game.
///
/// Threads take the next game from a shared counter, so every game below a
/// failing one has been taken and finishes before the threads stop: the
/// failure reported is the same whatever the number of threads. A panic in
/// `play` is caught and becomes `panicked`'s failure for that game;
/// `finished` is called after each game with its index.
pub(super) fn play_all<T: Send, E: Send>(
    games: usize,
    threads: usize,
    play: &(dyn Fn(usize) -> Result<T, E> + Sync),
    panicked: &(dyn Fn(Panic) -> E + Sync),
    finished: &(dyn Fn(usize) + Sync),
) -> Result<Vec<T>, E> {
    let next = AtomicUsize::new(0);
    let failed = AtomicBool::new(false);
    let worker = || {
        let mut results = Vec::new();
        while !failed.load(Ordering::Relaxed) {
            let game = next.fetch_add(1, Ordering::Relaxed);
            if game >= games {
                break;
            }
            let result = catch_unwind(AssertUnwindSafe(|| play(game))).unwrap_or_else(|payload| {
                Err(panicked(Panic {
                    game,
                    message: message(payload.as_ref()),
                }))
            });
            if result.is_err() {
                failed.store(true, Ordering::Relaxed);
            }
            results.push((game, result));
            finished(game);
        }
        results
    };
    let threads = threads.clamp(1, games.max(1));
    let mut played: Vec<(usize, Result<T, E>)> = thread::scope(|scope| {
        let workers: Vec<_> = (0..threads).map(|_| scope.spawn(worker)).collect();
        let mut played = Vec::new();
        for handle in workers {
            match handle.join() {
                Ok(results) => played.extend(results),
                // Only the caller's own `finished` can panic outside the
                // catch: its panic is the caller's to see.
                Err(payload) => resume_unwind(payload),
            }
        }
        played
    });
    played.sort_unstable_by_key(|&(game, _)| game);
    played.into_iter().map(|(_, result)| result).collect()
}

/// The text of a panic's payload (`panic!` gives a `&str` or a `String`).
fn message(payload: &(dyn core::any::Any + Send)) -> String {
    if let Some(text) = payload.downcast_ref::<&str>() {
        text.to_string()
    } else if let Some(text) = payload.downcast_ref::<String>() {
        text.clone()
    } else {
        String::from("(no message)")
    }
}
