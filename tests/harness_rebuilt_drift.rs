//! `testing::Fuzz` and a rebuilt copy whose state (not its events, not
//! `to_act`) drifts from the game: the copy is compared whole every few
//! moves, before another copy replaces it, and at the end. A drift that
//! comes and goes between two compared moves is missed (documented in
//! `src/testing/fuzz.rs`).
use fairy_ring::rand_core::Rng;
use fairy_ring::testing::{Fuzz, Step};
use fairy_ring::{
    ActionError, ActionList, ConfigError, Events, Game, Outcome, Player, PlayerSet, Seat, fairy,
};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

#[derive(Clone, Debug)]
struct Drift<const STICKY: bool> {
    inner: fairy::State,
    /// A cache a rebuild forgets (not compared, not in the Setup).
    moves: u32,
    /// Compared and carried by the Setup.
    flag: bool,
}
impl<const S: bool> PartialEq for Drift<S> {
    fn eq(&self, o: &Self) -> bool {
        self.inner == o.inner && self.flag == o.flag
    }
}
impl<const S: bool> Game for Drift<S> {
    type Config = fairy::Config;
    type Action = fairy::Guess;
    type View = <fairy::State as Game>::View;
    type Event = <fairy::State as Game>::Event;
    type Setup = (<fairy::State as Game>::Setup, bool);
    type Violation = <fairy::State as Game>::Violation;
    type SetupError = <fairy::State as Game>::SetupError;
    const NAME: &'static str = "drift";
    const MIN_PLAYERS: usize = fairy::State::MIN_PLAYERS;
    const MAX_PLAYERS: usize = fairy::State::MAX_PLAYERS;
    fn new(c: &Self::Config, rng: &mut (impl Rng + ?Sized)) -> Result<Self, ConfigError> {
        Ok(Drift {
            inner: fairy::State::new(c, rng)?,
            moves: 0,
            flag: false,
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
        let ev = self.inner.apply(p, a, rng)?;
        self.moves += 1;
        if S {
            self.flag |= self.moves == 3
        } else {
            self.flag = self.moves == 3
        }
        Ok(ev)
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
        (self.inner.to_setup(), self.flag)
    }
    fn from_setup(s: Self::Setup) -> Result<Self, Self::SetupError> {
        Ok(Drift {
            inner: fairy::State::from_setup(s.0)?,
            moves: 0,
            flag: s.1,
        })
    }
}

fn run<const S: bool>(steps: &[Step<fairy::Guess>]) -> Result<(), String> {
    let config = fairy::Config::new(3).unwrap();
    let state = Drift::<S>::new(&config, &mut ChaCha8Rng::seed_from_u64(1)).unwrap();
    Fuzz::default()
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
fn a_drifted_copy_is_compared_before_a_new_rebuild_replaces_it() {
    let mut steps = vec![
        Step::Play { who: 0, which: 0 },
        Step::Rebuild { serde: false },
    ];
    steps.extend(plays(2)); // the game's flag is set, the copy's is not
    steps.push(Step::Rebuild { serde: false }); // the diverged copy is dropped
    steps.extend(plays(30));
    let r = run::<true>(&steps);
    assert!(
        r.as_ref().is_err_and(|m| m.contains("drifted")),
        "a diverged rebuilt copy was replaced without a comparison: {r:?}"
    );
}
