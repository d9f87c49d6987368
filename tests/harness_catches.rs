//! The harness's oracles can fail: a wrapper around a real game plants one
//! bug at a time (a view that shows another seat's secrets, a rebuilt copy
//! that plays on differently, an unlisted action accepted, an event list
//! filled up), and each must be caught by the check meant for it, while the
//! unplanted wrapper passes.

use fairy_ring::rand_core::Rng;
use fairy_ring::testing::{Conformance, Fuzz, Step, Twins, check_leaks};
use fairy_ring::{
    ActionError, ActionList, ConfigError, Events, Game, MAX_EVENTS, Outcome, Player, PlayerSet,
    Seat, prank,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The bug a `Planted` game carries.
const NONE: u8 = 0;
/// A player's view is the next player's view.
const VIEW_LEAK: u8 = 1;
/// A state rebuilt from its `Setup` draws one number more before each move.
const REBUILT_DRIFTS: u8 = 2;
/// A player who is not to act may "pass" with any action: accepted, no change.
const ACCEPTS_UNLISTED: u8 = 3;
/// Every move reports as many events as the list holds.
const FILLS_EVENTS: u8 = 4;

#[derive(Clone, Debug)]
struct Planted<G, const BUG: u8> {
    inner: G,
    /// Set on a state built by `from_setup`; not compared, like a cache a
    /// rebuild forgot.
    rebuilt: bool,
}

impl<G: PartialEq, const BUG: u8> PartialEq for Planted<G, BUG> {
    fn eq(&self, other: &Self) -> bool {
        self.inner == other.inner
    }
}

impl<G: Game, const BUG: u8> Game for Planted<G, BUG> {
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
            rebuilt: false,
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
        if BUG == REBUILT_DRIFTS && self.rebuilt {
            let _ = rng.next_u32();
        }
        if BUG == ACCEPTS_UNLISTED
            && player.index() < self.num_players()
            && !self.to_act().is_empty()
            && !self.to_act().contains(player)
        {
            return Ok(Events::new());
        }
        let mut events = self.inner.apply(player, action, rng)?;
        if BUG == FILLS_EVENTS
            && let Some(last) = events.last().cloned()
        {
            while events.len() < MAX_EVENTS {
                events.push(last.clone());
            }
        }
        Ok(events)
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
        Ok(Planted {
            inner: G::from_setup(setup)?,
            rebuilt: true,
        })
    }
}

impl<G: Twins, const BUG: u8> Twins for Planted<G, BUG> {
    fn twin(&self, seat: Seat, rng: &mut (impl Rng + ?Sized)) -> Result<Self, Self::SetupError> {
        Ok(Planted {
            inner: self.inner.twin(seat, rng)?,
            rebuilt: self.rebuilt,
        })
    }
}

type Prank<const BUG: u8> = Planted<prank::State, BUG>;

fn config() -> prank::Config {
    prank::Config::new(3).expect("3 players")
}

/// Steps of a fuzzed game: plays, probes, and each expensive check once.
fn steps() -> Vec<Step<prank::Action>> {
    let mut steps = vec![
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

fn fuzz<const BUG: u8>() -> Result<(), String> {
    let state = Prank::<BUG>::new(&config(), &mut ChaCha8Rng::seed_from_u64(1))
        .map_err(|e| e.to_string())?;
    Fuzz::default()
        .leaks()
        .run::<ChaCha8Rng>(state, 1, &steps())
        .map(|_| ())
        .map_err(|failure| failure.to_string())
}

fn conformance<const BUG: u8>() -> Result<(), String> {
    Conformance::<Prank<BUG>>::new(2)
        .leaks(8)
        .run::<ChaCha8Rng>(&config())
        .map(|_| ())
        .map_err(|failure| failure.to_string())
}

#[test]
fn the_unplanted_game_passes_every_check() {
    assert_eq!(fuzz::<NONE>(), Ok(()));
    assert_eq!(conformance::<NONE>(), Ok(()));
}

#[test]
fn the_leak_oracle_catches_a_view_of_another_seats_secrets() {
    let state = Prank::<VIEW_LEAK>::new(&config(), &mut ChaCha8Rng::seed_from_u64(1))
        .expect("a game");
    let found = check_leaks::<_, ChaCha8Rng>(&state, Seat::Player(Player(0)), 3, 10);
    assert!(found.is_err_and(|f| f.message.contains("views differ")));
    assert!(fuzz::<VIEW_LEAK>().is_err_and(|m| m.contains("views differ")));
    assert!(conformance::<VIEW_LEAK>().is_err_and(|m| m.contains("views differ")));
}

#[test]
fn a_rebuilt_copy_that_plays_on_differently_is_caught() {
    let fuzzed = fuzz::<REBUILT_DRIFTS>();
    assert!(fuzzed.is_err_and(|m| m.contains("rebuilt state plays")), "{fuzzed:?}");
    let run = conformance::<REBUILT_DRIFTS>();
    assert!(run.is_err_and(|m| m.contains("rebuilt")), "{run:?}");
}

#[test]
fn an_unlisted_action_accepted_is_caught() {
    let fuzzed = fuzz::<ACCEPTS_UNLISTED>();
    assert!(fuzzed.is_err_and(|m| m.contains("unlisted action")), "{fuzzed:?}");
}

#[test]
fn a_full_event_list_is_caught() {
    let fuzzed = fuzz::<FILLS_EVENTS>();
    assert!(fuzzed.is_err_and(|m| m.contains("filled the event list")), "{fuzzed:?}");
}
