//! Building Fickle positions for scenario tests through the public `Setup`.
#![allow(dead_code)]

use fairy_ring::fickle::{
    Action, AllianceCard, Area, Card, Config, Direction, Event, Family, Phase, Setup, State,
};
use fairy_ring::{Game, Player};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// The card of `family` with Favor `favor` under the default table; `which`
/// (0 or 1) picks between the two cards of that value (5 has one card).
pub fn c(family: Family, favor: i8, which: u8) -> Card {
    let v = favor.unsigned_abs();
    let copy = if v == 5 { 8 } else { (v - 1) * 2 + which };
    Card::new(family, copy).expect("a valid copy")
}

pub fn rng() -> ChaCha8Rng {
    ChaCha8Rng::seed_from_u64(99)
}

/// A position in round 1's Fairy Selection (all directions Left, Court Crier
/// seat 0), every card in the deck; put cards where you want them, then
/// `start` to have the players with a stack keep their card.
pub struct Scenario {
    pub setup: Setup,
}

impl Scenario {
    pub fn new(players: usize, families: [Family; 5]) -> Scenario {
        let config = Config::with_families(players, families).expect("a valid config");
        let mut deck = arrayvec::ArrayVec::new();
        for f in families {
            deck.extend(Card::of(f));
        }
        Scenario {
            setup: Setup {
                config,
                round: 1,
                directions: [Direction::Left; 5],
                court_crier: Player(0),
                deck,
                dismiss: arrayvec::ArrayVec::new(),
                areas: (0..players).map(|_| Area::default()).collect(),
                last_revealer: None,
                phase: Phase::Selection,
            },
        }
    }

    fn remove(&mut self, card: Card) {
        let pos = self.setup.deck.iter().position(|&x| x == card);
        self.setup
            .deck
            .remove(pos.unwrap_or_else(|| panic!("{card} is not in the deck")));
    }

    /// Idle Fairies into `p`'s Alliance.
    pub fn ally(mut self, p: u8, cards: &[Card]) -> Self {
        for &card in cards {
            self.remove(card);
            self.setup.areas[p as usize]
                .alliance
                .push(AllianceCard::idle(card));
        }
        self
    }

    /// An Active Fairy (unused Response, pending Delayed) into `p`'s Alliance.
    pub fn active(mut self, p: u8, card: Card) -> Self {
        self.remove(card);
        self.setup.areas[p as usize].alliance.push(AllianceCard {
            card,
            active: true,
            scoring: None,
        });
        self
    }

    /// `p` has a one-card stack holding `card` to keep this round.
    pub fn choose(mut self, p: u8, card: Card) -> Self {
        self.remove(card);
        self.setup.areas[p as usize].lineup.push(card);
        self
    }

    /// Moves `card` to the top of the deck.
    pub fn deck_top(mut self, card: Card) -> Self {
        self.remove(card);
        self.setup.deck.push(card);
        self
    }

    pub fn round(mut self, round: u8) -> Self {
        self.setup.round = round;
        self
    }

    pub fn crier(mut self, p: u8) -> Self {
        self.setup.court_crier = Player(p);
        self.setup.config.first_court_crier = Player(0);
        self
    }

    pub fn directions(mut self, directions: [Direction; 5]) -> Self {
        self.setup.directions = directions;
        self
    }

    /// Validates, then every player with a stack keeps their card; the Fairy
    /// Powers phase begins.
    pub fn start(self) -> (State, Vec<Event>) {
        let state = State::try_from(self.setup).expect("a consistent scenario");
        keep_all(state)
    }
}

/// Every player still selecting keeps their top card.
pub fn keep_all(mut state: State) -> (State, Vec<Event>) {
    let mut rng = rng();
    let mut events = Vec::new();
    for p in state.to_act() {
        events.extend(state.apply(p, Action::Keep, &mut rng).expect("keep"));
    }
    (state, events)
}

/// Applies `action` for `p`, panicking with the state on refusal.
pub fn play(state: &mut State, p: u8, action: Action) -> Vec<Event> {
    let mut rng = rng();
    match state.apply(Player(p), action, &mut rng) {
        Ok(events) => events.to_vec(),
        Err(e) => panic!(
            "{action:?} by {p} refused: {e}\nlegal: {:?}\nphase: {:?}",
            state.legal_actions(Player(p)),
            state.phase()
        ),
    }
}

pub fn cards_of(state: &State, p: u8) -> Vec<Card> {
    state.alliance(Player(p)).iter().map(|ac| ac.card).collect()
}

pub fn legal(state: &State, p: u8) -> Vec<Action> {
    state.legal_actions(Player(p)).to_vec()
}

/// Every player who must act passes or takes the first legal action until
/// the Fairy Powers phase is over (for tests that only care about the result).
pub fn settle_powers(state: &mut State) {
    for _ in 0..200 {
        if !matches!(state.phase(), Phase::Powers { .. }) {
            return;
        }
        let Some(p) = state.to_act().lowest() else {
            return;
        };
        let legal = state.legal_actions(p);
        let action = if legal.contains(&Action::Pass) {
            Action::Pass
        } else {
            legal[0]
        };
        play(state, p.0, action);
    }
}

/// Every player other than `p` who is still selecting keeps their top card
/// (Selection is simultaneous: decisions are carried out once all are in).
pub fn others_keep(state: &mut State, p: u8) -> Vec<Event> {
    others_decide(state, p, Action::Keep)
}

/// Every player other than `p` who is still selecting plays `action`.
pub fn others_decide(state: &mut State, p: u8, action: Action) -> Vec<Event> {
    let mut events = Vec::new();
    for other in state.to_act() {
        if other.0 != p && matches!(state.phase(), Phase::Selection) {
            events.extend(play(state, other.0, action));
        }
    }
    events
}
