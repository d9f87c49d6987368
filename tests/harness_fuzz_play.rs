//! `testing::Fuzz` checks `play` against `apply` every few moves, through a
//! clone or through the rebuilt copy when there is one, and a run of rebuild
//! steps with no move between them rebuilds once.
use std::sync::atomic::{AtomicUsize, Ordering};

use fairy_ring::rand_core::Rng;
use fairy_ring::testing::{Fuzz, Step};
use fairy_ring::{
    ActionError, ActionList, ConfigError, Events, Game, Outcome, Player, PlayerSet, Seat, fairy,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Rebuilds made (`from_setup` calls) by games with `COUNTED`.
static REBUILDS: AtomicUsize = AtomicUsize::new(0);

/// Fairy, with a `play` that skips a compared counter when `BROKEN_PLAY`.
#[derive(Clone, Debug, PartialEq)]
struct Quiet<const BROKEN_PLAY: bool, const COUNTED: bool> {
    inner: fairy::State,
    moves: u32,
}
impl<const B: bool, const C: bool> Game for Quiet<B, C> {
    type Config = fairy::Config;
    type Action = fairy::Guess;
    type View = <fairy::State as Game>::View;
    type Event = <fairy::State as Game>::Event;
    type Setup = (<fairy::State as Game>::Setup, u32);
    type Violation = <fairy::State as Game>::Violation;
    type SetupError = <fairy::State as Game>::SetupError;
    const NAME: &'static str = "quiet";
    const MIN_PLAYERS: usize = fairy::State::MIN_PLAYERS;
    const MAX_PLAYERS: usize = fairy::State::MAX_PLAYERS;
    fn new(c: &Self::Config, rng: &mut (impl Rng + ?Sized)) -> Result<Self, ConfigError> {
        Ok(Quiet {
            inner: fairy::State::new(c, rng)?,
            moves: 0,
        })
    }
    fn num_players(&self) -> usize {
        self.inner.num_players()
    }
    fn to_act(&self) -> PlayerSet {
        self.inner.to_act()
    }
    fn legal_actions(&self, p: Player) -> ActionList<Self::Action> {
        self.inner.legal_actions(p)
    }
    fn apply(
        &mut self,
        p: Player,
        a: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<Events<Self::Event>, ActionError<Self::Violation>> {
        let events = self.inner.apply(p, a, rng)?;
        self.moves += 1;
        Ok(events)
    }
    fn play(
        &mut self,
        p: Player,
        a: Self::Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Result<(), ActionError<Self::Violation>> {
        self.inner.play(p, a, rng)?;
        self.moves += u32::from(!B);
        Ok(())
    }
    fn view_for(&self, s: Seat) -> Self::View {
        self.inner.view_for(s)
    }
    fn redact(e: &Self::Event, s: Seat) -> Option<Self::Event> {
        fairy::State::redact(e, s)
    }
    fn outcome(&self) -> Option<Outcome> {
        self.inner.outcome()
    }
    fn max_game_length(&self) -> u32 {
        self.inner.max_game_length()
    }
    fn to_setup(&self) -> Self::Setup {
        (self.inner.to_setup(), self.moves)
    }
    fn from_setup(s: Self::Setup) -> Result<Self, Self::SetupError> {
        if C {
            REBUILDS.fetch_add(1, Ordering::Relaxed);
        }
        Ok(Quiet {
            inner: fairy::State::from_setup(s.0)?,
            moves: s.1,
        })
    }
}

fn run<const B: bool, const C: bool>(steps: &[Step<fairy::Guess>]) -> Result<(), String> {
    let config = fairy::Config::new(3).unwrap();
    let state = Quiet::<B, C>::new(&config, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    Fuzz::default()
        .finish(false)
        .run::<ChaCha8Rng>(state, 1, steps)
        .map(|_| ())
        .map_err(|f| f.to_string())
}

fn plays(n: u8) -> Vec<Step<fairy::Guess>> {
    (0..n)
        .map(|i| Step::Play {
            who: i,
            which: i.wrapping_mul(7),
        })
        .collect()
}

#[test]
fn a_play_that_differs_from_apply_is_caught_without_a_rebuilt_copy() {
    assert_eq!(run::<false, false>(&plays(20)), Ok(()));
    let r = run::<true, false>(&plays(20));
    assert!(
        r.as_ref().is_err_and(|m| m.contains("`play`")),
        "a `play` that leaves another state than `apply` passed: {r:?}"
    );
}

#[test]
fn a_play_that_differs_from_apply_is_caught_through_the_rebuilt_copy() {
    let mut steps = vec![Step::Rebuild { serde: false }];
    steps.extend(plays(20));
    assert_eq!(run::<false, false>(&steps), Ok(()));
    let r = run::<true, false>(&steps);
    assert!(
        r.as_ref()
            .is_err_and(|m| m.contains("rebuilt") && m.contains("`play`")),
        "a `play` that leaves another state than `apply` passed: {r:?}"
    );
}

/// `from_setup` calls made by a run of `steps`.
fn rebuilds(steps: &[Step<fairy::Guess>]) -> usize {
    let before = REBUILDS.load(Ordering::Relaxed);
    assert_eq!(run::<false, true>(steps), Ok(()));
    REBUILDS.load(Ordering::Relaxed) - before
}

#[test]
fn rebuild_steps_with_no_move_between_them_rebuild_once() {
    let once = |serde| Step::Rebuild { serde };
    let mut single = vec![once(false)];
    single.extend(plays(1));
    single.push(once(false));
    single.extend(plays(1));
    single.push(once(true));
    let mut repeated = vec![once(false); 5];
    repeated.extend(plays(1));
    repeated.extend([once(false); 3]);
    // Without a round trip, a serialization rebuild goes through `Setup` as
    // the step before did: the same check.
    repeated.push(once(true));
    repeated.extend(plays(1));
    repeated.extend([once(true); 4]);
    // The end of the run rebuilds too (its whole check).
    assert!(rebuilds(&single) >= 3);
    assert_eq!(rebuilds(&repeated), rebuilds(&single));
}
