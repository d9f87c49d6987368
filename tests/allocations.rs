//! The engines never touch the heap: no allocation in `new`, `apply`,
//! `legal_actions`, `to_act`, `clone`, `view_for`, `redact` or `outcome`,
//! for any game, counted by a global allocator over whole random games; nor
//! in keeping a seat's information and sampling from it; and a search bot
//! allocates only for its tree.

use std::alloc::{GlobalAlloc, Layout, System};
use std::cell::Cell;

use fairy_ring::bots::Ismcts;
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    Game, GameConfig, InfoState, Player, Sample, Seat, fairy, fayre, fickle, prank, season,
};
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

/// Plays random games keeping the information of the player to act next,
/// and returns the allocations made while observing and sampling.
fn sampling_allocations<G: Sample>(games: u64, players: usize) -> usize {
    let Ok(config) = G::Config::for_players(players) else {
        return usize::MAX;
    };
    let mut inside = 0;
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let Ok(mut state) = G::new(&config, &mut rng) else {
            return usize::MAX;
        };
        let seat = Seat::Player(Player(0));
        let mut info = InfoState::<G>::new(seat, state.view_for(seat));
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
                break;
            };
            let Ok(events) = state.apply(player, action, &mut rng) else {
                return usize::MAX;
            };
            let seen = G::redact_all(&events, seat);
            let view = state.view_for(seat);
            let before = allocations();
            info.observe(&seen, view);
            let sample = info.sample(&config, &mut rng);
            inside += allocations() - before;
            assert!(sample.is_ok(), "{}: {sample:?}", G::NAME);
        }
    }
    inside
}

#[test]
fn remembering_and_sampling_allocate_nothing() {
    assert_eq!(sampling_allocations::<fairy::State>(10, 4), 0, "Fairy");
    assert_eq!(
        sampling_allocations::<prank::State>(10, 4),
        0,
        "Fairy Prank"
    );
    assert_eq!(
        sampling_allocations::<season::State>(5, 4),
        0,
        "Fairy Season"
    );
    assert_eq!(sampling_allocations::<fickle::State>(5, 4), 0, "Fickle");
    assert_eq!(sampling_allocations::<fayre::State>(3, 3), 0, "Fayre");
}

/// A search allocates only for its tree: a second decision of the same size
/// reuses the first one's tree and buffers, so it allocates nothing at all.
#[test]
fn a_search_allocates_only_its_tree() {
    let config = season::Config::for_players(4).expect("a config");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let state = season::State::new(&config, &mut rng).expect("a game");
    let player = state.to_act().lowest().expect("someone acts");
    let seat = Seat::Player(player);
    let info = InfoState::<season::State>::new(seat, state.view_for(seat));
    let legal = state.legal_actions(player);
    let mut bot = Ismcts::new(config, 300);
    let before = allocations();
    let first = bot.choose_from(&info, &legal, &mut ChaCha8Rng::seed_from_u64(9));
    let growing = allocations() - before;
    let before = allocations();
    let second = bot.choose_from(&info, &legal, &mut ChaCha8Rng::seed_from_u64(9));
    let again = allocations() - before;
    assert_eq!(first, second);
    assert!(growing > 0, "the first search grows its tree");
    assert!(
        growing < 40,
        "the tree grows by doubling, not per iteration: {growing}"
    );
    assert_eq!(again, 0, "the same search again reuses the tree");
}
