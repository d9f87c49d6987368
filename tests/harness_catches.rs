//! The harness's oracles can fail: a wrapper around a real game plants one
//! bug at a time (a view that shows another seat's secrets, a rebuilt copy
//! that plays on differently, an unlisted action accepted, an event list
//! filled up, a `play` that does not do what `apply` does), and each must be
//! caught by the check meant for it, while the unplanted wrapper passes.

use std::sync::atomic::{AtomicUsize, Ordering};

use fairy_ring::rand_core::Rng;
use fairy_ring::testing::{Conformance, Fuzz, Step, Twins, check_leaks, check_reveals};
use fairy_ring::{
    ActionError, ActionList, ConfigError, Events, Game, MAX_EVENTS, Outcome, Player, PlayerSet,
    Seat, fairy,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The bug a `Planted` game carries.
const NONE: u8 = 0;
/// A player's view is the next player's view.
const VIEW_LEAK: u8 = 1;
/// A count of moves that `Setup` does not carry (like a cache a rebuild
/// forgets) decides when a move's events are dropped.
const REBUILT_DRIFTS: u8 = 2;
/// A player who is not to act may "pass" with any action: accepted, no change.
const ACCEPTS_UNLISTED: u8 = 3;
/// Every move reports as many events as the list holds.
const FILLS_EVENTS: u8 = 4;
/// `play` accepts a listed action without making the move (after the first
/// move of the game or of a rebuilt copy).
const PLAY_SKIPS_MOVE: u8 = 5;
/// No bug: `from_setup` counts its calls in `REBUILDS`.
const COUNTS_REBUILDS: u8 = 6;
/// A copy made by `from_setup` drops the events of its first move (like a
/// `Setup` that forgets what the next move needs).
const FRESH_COPY_DROPS_EVENTS: u8 = 7;

/// Events are shown to every seat unredacted (a guess made in secret is
/// shown to all as it is made).
const EVENT_LEAK: u8 = 8;

/// `from_setup` calls of `Planted` games with `COUNTS_REBUILDS`.
static REBUILDS: AtomicUsize = AtomicUsize::new(0);
/// Calls of `counted_round_trip`.
static ROUND_TRIPS: AtomicUsize = AtomicUsize::new(0);

#[derive(Clone, Debug)]
struct Planted<G, const BUG: u8> {
    inner: G,
    /// Moves played since the state was made or rebuilt; not compared and
    /// not in the `Setup`.
    moves: u32,
    /// Made by `from_setup`, no move played since; not compared.
    fresh: bool,
}

impl<G: PartialEq, const BUG: u8> PartialEq for Planted<G, BUG> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<G: Game + 'static, const BUG: u8> Game for Planted<G, BUG> {
    type Config = G::Config;
    type Action = G::Action;
    type View = G::View;
    type Event = G::Event;
    type Setup = G::Setup;
    type Violation = G::Violation;
    type SetupError = G::SetupError;
    const NAME: &'static str = G::NAME;
    const MIN_PLAYERS: usize = G::MIN_PLAYERS;
    const MAX_PLAYERS: usize = G::MAX_PLAYERS;

    fn new(config: &Self::Config, rng: &mut (impl Rng + ?Sized)) -> Result<Self, ConfigError> {
        Ok(Planted {
            inner: G::new(config, rng)?,
            moves: 0,
            fresh: false,
        })
    }
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    fn to_act(&self) -> PlayerSet {
        self.inner.to_act()
    }
    fn legal_actions(&self, player: Player) -> ActionList<Self::Action> {
        self.inner.legal_actions(player)
    }
    fn apply(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<Self::Event>, ActionError<Self::Violation>> {
        if BUG == ACCEPTS_UNLISTED
            && player.index() < self.num_players()
            && !self.to_act().is_empty()
            && !self.to_act().contains(player)
        {
            return Ok(Events::new());
        }
        let mut events = self.inner.apply(player, action, rng)?;
        self.moves += 1;
        if BUG == FRESH_COPY_DROPS_EVENTS && self.fresh {
            events.clear();
        }
        self.fresh = false;
        if BUG == REBUILT_DRIFTS && self.moves % 5 == 3 {
            events.clear();
        }
        if BUG == FILLS_EVENTS
            && let Some(last) = events.last().cloned()
        {
            while events.len() < MAX_EVENTS {
                events.push(last.clone());
            }
        }
        Ok(events)
    }
    fn play(
        &mut self,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<Self::Violation>> {
        if BUG == PLAY_SKIPS_MOVE && self.moves > 0 && self.legal_actions(player).contains(&action)
        {
            return Ok(());
        }
        self.apply(player, action, rng).map(drop)
    }
    fn view_for(&self, seat: Seat) -> Self::View {
        match seat {
            Seat::Player(p) if BUG == VIEW_LEAK && p.index() < self.num_players() => {
                let next = Player(((p.index() + 1) % self.num_players()) as u8);
                self.inner.view_for(Seat::Player(next))
            }
            _ => self.inner.view_for(seat),
        }
    }
    fn redact(event: &Self::Event, seat: Seat) -> Option<Self::Event> {
        if BUG == EVENT_LEAK {
            return Some(event.clone());
        }
        G::redact(event, seat)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn max_game_length(&self) -> u32 {
        self.inner.max_game_length()
    }
    fn to_setup(&self) -> Self::Setup {
        self.inner.to_setup()
    }
    fn from_setup(setup: Self::Setup) -> Result<Self, Self::SetupError> {
        if BUG == COUNTS_REBUILDS {
            REBUILDS.fetch_add(1, Ordering::Relaxed);
        }
        Ok(Planted {
            inner: G::from_setup(setup)?,
            moves: 0,
            fresh: true,
        })
    }
}

impl<G: Twins + 'static, const BUG: u8> Twins for Planted<G, BUG> {
    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<Self, Self::SetupError> {
        Ok(Planted {
            inner: self.inner.twin(seat, rng)?,
            moves: self.moves,
            fresh: self.fresh,
        })
    }
    fn twin_move(
        &self,
        seat: Seat,
        player: Player,
        action: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(Self, Self::Action), Self::SetupError> {
        let (inner, action) = self.inner.twin_move(seat, player, action, rng)?;
        let twin = Planted {
            inner,
            moves: self.moves,
            fresh: self.fresh,
        };
        Ok((twin, action))
    }
}

type Fairy<const BUG: u8> = Planted<fairy::State, BUG>;

fn config() -> fairy::Config {
    fairy::Config::new(3).expect("3 players")
}

/// Steps of a fuzzed game: player 1's guess, a rebuilt copy, the leak
/// oracle for player 0, a whole check, then plays and probes.
fn steps() -> Vec<Step<fairy::Guess>> {
    let mut steps = vec![
        Step::Play { who: 1, which: 2 },
        Step::Rebuild { serde: false },
        Step::Leak { seat: 0, seed: 3 },
        Step::Check,
    ];
    for i in 0..40u8 {
        steps.push(Step::Play {
            who: i,
            which: i.wrapping_mul(7),
        });
        steps.push(Step::Replay {
            player: Player(i % 4),
            index: u16::from(i),
        });
    }
    steps
}

/// A fuzzed game; `leaks` runs the leak oracle where the steps ask.
fn fuzz<const BUG: u8>(leaks: bool) -> Result<(), String> {
    fuzz_steps::<BUG>(leaks, &steps())
}

fn fuzz_steps<const BUG: u8>(leaks: bool, steps: &[Step<fairy::Guess>]) -> Result<(), String> {
    let state = Fairy::<BUG>::new(&config(), &mut ChaCha8Rng::seed_from_u64(1))
        .map_err(|e| e.to_string())?;
    let fuzz = if leaks {
        Fuzz::default().leaks()
    } else {
        Fuzz::default()
    };
    fuzz.run::<ChaCha8Rng>(state, 1, steps)
        .map(|_| ())
        .map_err(|failure| failure.to_string())
}

/// Two seeded games with every check; `leaks` adds the leak oracle.
fn conformance<const BUG: u8>(leaks: bool) -> Result<(), String> {
    let run = Conformance::<Fairy<BUG>>::new(2);
    let run = if leaks { run.leaks(8) } else { run };
    run.run::<ChaCha8Rng>(&config())
        .map(|_| ())
        .map_err(|failure| failure.to_string())
}

#[test]
fn the_unplanted_game_passes_every_check() {
    assert_eq!(fuzz::<NONE>(true), Ok(()));
    assert_eq!(conformance::<NONE>(true), Ok(()));
}

#[test]
fn without_the_leak_oracle_a_leaking_view_goes_unseen() {
    // So the catches below are the oracle's doing.
    assert_eq!(fuzz::<VIEW_LEAK>(false), Ok(()));
    assert_eq!(conformance::<VIEW_LEAK>(false), Ok(()));
}

#[test]
fn the_leak_oracle_catches_a_view_of_another_seats_secrets() {
    // Player 1 has made a secret guess, which player 0 sees in the planted
    // view; its twins draw other guesses for player 1.
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut state = Fairy::<VIEW_LEAK>::new(&config(), &mut rng).expect("a game");
    let guess = state.legal_actions(Player(1))[2];
    state
        .apply(Player(1), guess, &mut rng)
        .expect("a listed guess");
    let found = check_leaks::<_, ChaCha8Rng>(&state, Seat::Player(Player(0)), 3, 10);
    assert!(found.is_err_and(|f| f.message.contains("views differ")));
    // The same position without the planted bug passes.
    let clean = Fairy::<NONE> {
        inner: state.inner,
        moves: 0,
        fresh: false,
    };
    let passed = check_leaks::<_, ChaCha8Rng>(&clean, Seat::Player(Player(0)), 3, 10);
    assert!(passed.is_ok_and(|report| report.twin_differs));
    assert!(fuzz::<VIEW_LEAK>(true).is_err_and(|m| m.contains("views differ")));
    let run = conformance::<VIEW_LEAK>(true);
    assert!(
        run.as_ref().is_err_and(|m| m.contains("views differ")),
        "{run:?}"
    );
}

#[test]
fn the_event_oracle_catches_an_event_that_shows_a_secret_guess_to_all() {
    // Player 1's guess is made in secret; the planted bug shows every seat
    // the event with the gesture in it. The view stays right, so only the
    // events can tell.
    let state =
        Fairy::<EVENT_LEAK>::new(&config(), &mut ChaCha8Rng::seed_from_u64(1)).expect("a game");
    let guess = state.legal_actions(Player(1))[2];
    for seat in [
        Seat::Player(Player(0)),
        Seat::Player(Player(2)),
        Seat::Spectator,
    ] {
        let found = check_reveals::<_, ChaCha8Rng>(&state, seat, Player(1), guess, 3);
        assert!(
            found
                .as_ref()
                .is_err_and(|f| f.message.contains("an event shows")),
            "{seat:?}: {found:?}"
        );
    }
    // The guesser may see its own guess.
    let own = check_reveals::<_, ChaCha8Rng>(&state, Seat::Player(Player(1)), Player(1), guess, 3);
    assert_eq!(own, Ok(()));
    // The same move without the planted bug passes for every seat.
    let clean = Fairy::<NONE> {
        inner: state.inner,
        moves: 0,
        fresh: false,
    };
    for seat in [0, 1, 2]
        .map(|p| Seat::Player(Player(p)))
        .into_iter()
        .chain([Seat::Spectator])
    {
        let passed = check_reveals::<_, ChaCha8Rng>(&clean, seat, Player(1), guess, 3);
        assert_eq!(passed, Ok(()), "{seat:?}");
    }
    // The harness finds it where the steps ask for the leak oracle.
    let fuzzed = fuzz::<EVENT_LEAK>(true);
    assert!(
        fuzzed.as_ref().is_err_and(|m| m.contains("an event shows")),
        "{fuzzed:?}"
    );
    let run = conformance::<EVENT_LEAK>(true);
    assert!(
        run.as_ref().is_err_and(|m| m.contains("an event shows")),
        "{run:?}"
    );
}

#[test]
fn a_rebuilt_copy_that_plays_on_differently_is_caught() {
    let fuzzed = fuzz::<REBUILT_DRIFTS>(false);
    assert!(
        fuzzed
            .as_ref()
            .is_err_and(|m| m.contains("rebuilt state plays")),
        "{fuzzed:?}"
    );
    let run = conformance::<REBUILT_DRIFTS>(false);
    assert!(
        run.as_ref().is_err_and(|m| m.contains("rebuilt")),
        "{run:?}"
    );
}

#[test]
fn an_unlisted_action_accepted_is_caught() {
    let fuzzed = fuzz::<ACCEPTS_UNLISTED>(false);
    assert!(
        fuzzed
            .as_ref()
            .is_err_and(|m| m.contains("unlisted action")),
        "{fuzzed:?}"
    );
}

#[test]
fn a_full_event_list_is_caught() {
    let fuzzed = fuzz::<FILLS_EVENTS>(false);
    assert!(
        fuzzed
            .as_ref()
            .is_err_and(|m| m.contains("filled the event list")),
        "{fuzzed:?}"
    );
}

#[test]
fn a_play_that_differs_from_apply_is_caught() {
    // Through a clone (no rebuilt copy), through the rebuilt copy, and in a
    // conformance run.
    // The first move is right (so the clone made for it passes), then a
    // copy is rebuilt: the next move played through `play` is the copy's.
    let plays = || steps().into_iter().skip(4);
    let first = [Step::Play { who: 0, which: 0 }];
    let rebuilt_first = first
        .into_iter()
        .chain([Step::Rebuild { serde: false }])
        .chain(plays());
    for (steps, via) in [
        (plays().collect::<Vec<_>>(), "`play` of"),
        (rebuilt_first.collect(), "rebuilt"),
    ] {
        assert_eq!(fuzz_steps::<NONE>(false, &steps), Ok(()));
        let fuzzed = fuzz_steps::<PLAY_SKIPS_MOVE>(false, &steps);
        assert!(
            fuzzed
                .as_ref()
                .is_err_and(|m| m.contains(via) && m.contains("`play`")),
            "{fuzzed:?}"
        );
    }
    let run = conformance::<PLAY_SKIPS_MOVE>(false);
    assert!(run.as_ref().is_err_and(|m| m.contains("`play`")), "{run:?}");
}

/// `from_setup` calls made by a fuzzed game of `steps`.
fn rebuilds(steps: &[Step<fairy::Guess>]) -> usize {
    let before = REBUILDS.load(Ordering::Relaxed);
    assert_eq!(fuzz_steps::<COUNTS_REBUILDS>(false, steps), Ok(()));
    REBUILDS.load(Ordering::Relaxed) - before
}

/// A serialization round trip that counts its calls (through `Setup`, as
/// `Planted` has no serialization).
fn counted_round_trip(state: &Fairy<NONE>) -> Result<Fairy<NONE>, String> {
    ROUND_TRIPS.fetch_add(1, Ordering::Relaxed);
    Fairy::<NONE>::from_setup(state.to_setup()).map_err(|e| e.to_string())
}

#[test]
fn a_rebuild_through_serialization_after_one_through_setup_is_made() {
    let steps = [
        Step::Play { who: 0, which: 0 },
        Step::Rebuild { serde: false },
        Step::Rebuild { serde: true },
        Step::Rebuild { serde: true },
    ];
    let state = Fairy::<NONE>::new(&config(), &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    let fuzz = Fuzz::default()
        .roundtrip(counted_round_trip)
        .max_expensive(2);
    let before = ROUND_TRIPS.load(Ordering::Relaxed);
    assert_eq!(fuzz.run::<ChaCha8Rng>(state, 1, &steps).map(|_| ()), Ok(()));
    assert_eq!(ROUND_TRIPS.load(Ordering::Relaxed) - before, 1);
}

#[test]
fn a_fresh_copy_whose_first_move_differs_is_caught() {
    // Rebuilt where the copy's first move is also one played through `play`
    // (every 8th), and elsewhere.
    for at in [0, 3, 8] {
        let mut steps: Vec<_> = steps().into_iter().skip(4).collect();
        let plays_before = steps
            .iter()
            .enumerate()
            .filter(|(_, s)| matches!(s, Step::Play { .. }))
            .nth(at)
            .map_or(0, |(i, _)| i);
        steps.insert(plays_before, Step::Rebuild { serde: false });
        assert_eq!(fuzz_steps::<NONE>(false, &steps), Ok(()));
        let fuzzed = fuzz_steps::<FRESH_COPY_DROPS_EVENTS>(false, &steps);
        assert!(
            fuzzed
                .as_ref()
                .is_err_and(|m| m.contains("rebuilt state plays")),
            "rebuilt before play {at}: {fuzzed:?}"
        );
    }
}

#[test]
fn rebuild_steps_with_no_move_between_them_rebuild_once() {
    let play = Step::Play { who: 0, which: 0 };
    let rebuild = |serde| Step::Rebuild { serde };
    let single = [rebuild(false), play, rebuild(false), play, rebuild(true)];
    let mut repeated = vec![rebuild(false); 5];
    repeated.push(play);
    repeated.extend([rebuild(false); 3]);
    // Without a round trip a serialization rebuild goes through `Setup`, as
    // the step before did: the same check.
    repeated.push(rebuild(true));
    repeated.push(play);
    repeated.extend([rebuild(true); 4]);
    // The end of the game is checked whole, which rebuilds too.
    assert!(rebuilds(&single) >= 3);
    assert_eq!(rebuilds(&repeated), rebuilds(&single));
}
