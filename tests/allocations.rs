//! The engines never touch the heap: no allocation in `new`, `apply`,
//! `legal_actions`, `to_act`, `clone`, `view_for`, `redact` or `outcome`,
//! for any game, counted by a global allocator over whole random games.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{Game, GameConfig, Seat, fairy, fayre, fickle, prank, season};
use rand_chacha::ChaCha8Rng;

/// Counts the allocations made on each thread, so tests running side by side
/// do not see each other's.
struct Counting;

thread_local! {
    static ALLOCATIONS: Cell<usize> = const { Cell::new(0) };
}

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: forwards the caller's layout unchanged to the system allocator.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.dealloc(ptr, layout) }
    }

    unsafe fn realloc(&self, ptr: *mut u8, layout: Layout, new_size: usize) -> *mut u8 {
        ALLOCATIONS.with(|count| count.set(count.get() + 1));
        // SAFETY: `ptr` came from `System.alloc` with this layout.
        unsafe { System.realloc(ptr, layout, new_size) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

fn allocations() -> usize {
    ALLOCATIONS.with(Cell::get)
}

/// Plays `games` random games at every player count the game seats, and
/// returns the allocations made inside the engine's operations.
fn engine_allocations<G: Game>(games: u64) -> usize {
    let mut inside = 0;
    for players in G::MIN_PLAYERS..=G::MAX_PLAYERS.min(6) {
        let Ok(config) = G::Config::for_players(players) else {
            continue;
        };
        for seed in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let before = allocations();
            let Ok(mut state) = G::new(&config, &mut rng) else {
                continue;
            };
            inside += allocations() - before;
            loop {
                let before = allocations();
                let to_act = state.to_act();
                let copy = state.clone();
                let view = state.view_for(Seat::Spectator);
                let outcome = state.outcome();
                let player = to_act.lowest();
                let legal = player.map(|p| state.legal_actions(p));
                inside += allocations() - before;
                drop((copy, view, outcome));
                let (Some(player), Some(legal)) = (player, legal) else {
                    break;
                };
                let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
                    break;
                };
                let before = allocations();
                let events = state.apply(player, action, &mut rng);
                let seen = events
                    .as_ref()
                    .map(|events| G::redact_all(events, Seat::Player(player)));
                inside += allocations() - before;
                assert!(events.is_ok() && seen.is_ok());
            }
        }
    }
    inside
}

#[test]
fn no_game_allocates() {
    assert_eq!(engine_allocations::<fairy::State>(20), 0, "Fairy");
    assert_eq!(engine_allocations::<prank::State>(20), 0, "Fairy Prank");
    assert_eq!(engine_allocations::<season::State>(10), 0, "Fairy Season");
    assert_eq!(engine_allocations::<fickle::State>(10), 0, "Fickle");
    assert_eq!(engine_allocations::<fayre::State>(5), 0, "Fayre");
}

/// The counter works: a `Vec` is seen.
#[test]
fn the_counter_sees_an_allocation() {
    let before = allocations();
    let boxed = std::hint::black_box(Box::new(7u64));
    assert_eq!(allocations() - before, 1);
    drop(boxed);
}
