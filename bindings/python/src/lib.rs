//! Python bindings of fairy-ring: a table of any of the five games, with
//! its views, events, setups and records as the crate's JSON, the numbers
//! for learning (action indices, tensors), the search bots, and batches of
//! games run in Rust with the GIL released. The Python package
//! `fairy_ring` wraps this module (`fairy_ring._native`) in plain Python
//! data.

use std::str::FromStr;

use fairy_ring::bots::Ismcts;
use fairy_ring::learning::Learning;
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    ActionInView, AnyAction, AnyConfig, AnyEvent, AnyGame, AnySetup, Bot, Decision, Events, Game,
    GameConfig, GameKind, InfoState, Player, RandomBot, Record, Recorder, Sample, Seat, fairy,
    fayre, fickle, prank, season,
};
use pyo3::buffer::PyBuffer;
use pyo3::create_exception;
use pyo3::exceptions::PyException;
use pyo3::prelude::*;
use pyo3::types::PyBytes;
use rand_chacha::ChaCha8Rng;

create_exception!(
    _native,
    FairyRingError,
    PyException,
    "Base of every error the engines report; its message is the crate's."
);
create_exception!(
    _native,
    GameConfigError,
    FairyRingError,
    "No such game, or a player count or config the game cannot be played with."
);
create_exception!(
    _native,
    IllegalAction,
    FairyRingError,
    "An action the table refused (the game is over, the seat may not act, or a rule forbids it). The table is unchanged."
);
create_exception!(
    _native,
    NotUnderstood,
    FairyRingError,
    "A text or index that names no action of this decision."
);
create_exception!(
    _native,
    SetupError,
    FairyRingError,
    "A position (setup) that is not consistent, or not valid JSON of one."
);
create_exception!(
    _native,
    RecordError,
    FairyRingError,
    "A record that cannot be read or replayed, or a table that keeps none."
);
create_exception!(
    _native,
    NotSeated,
    FairyRingError,
    "A seat the table does not have."
);
create_exception!(
    _native,
    BotError,
    FairyRingError,
    "A bot that could choose no action."
);

fn err<E: std::fmt::Display>(kind: fn(String) -> PyErr) -> impl Fn(E) -> PyErr {
    move |e| kind(e.to_string())
}

fn config_error(m: String) -> PyErr {
    GameConfigError::new_err(m)
}
fn illegal(m: String) -> PyErr {
    IllegalAction::new_err(m)
}
fn not_understood(m: String) -> PyErr {
    NotUnderstood::new_err(m)
}
fn setup_error(m: String) -> PyErr {
    SetupError::new_err(m)
}
fn record_error(m: String) -> PyErr {
    RecordError::new_err(m)
}
fn bot_error(m: String) -> PyErr {
    BotError::new_err(m)
}

/// The config a state was made with.
fn config_of(state: &AnyGame) -> AnyConfig {
    match state {
        AnyGame::Fairy(s) => AnyConfig::Fairy(*s.config()),
        AnyGame::Prank(s) => AnyConfig::Prank(*s.config()),
        AnyGame::Season(s) => AnyConfig::Season(*s.config()),
        AnyGame::Fickle(s) => AnyConfig::Fickle(*s.config()),
        AnyGame::Fayre(s) => AnyConfig::Fayre(*s.config()),
        _ => AnyConfig::default(),
    }
}

fn kind_of(name: &str) -> PyResult<GameKind> {
    GameKind::from_str(name).map_err(err(config_error))
}

/// How the table keeps its game: with a record of every move (a new game,
/// or one resumed from a record), or as a bare position (from a setup).
#[derive(Clone)]
enum Keeper {
    Recorded(Box<Recorder<AnyGame>>),
    Position(Box<AnyGame>),
}

impl Keeper {
    fn state(&self) -> &AnyGame {
        match self {
            Keeper::Recorded(r) => r.state(),
            Keeper::Position(s) => s,
        }
    }

    fn apply(
        &mut self,
        player: Player,
        action: AnyAction,
        rng: &mut ChaCha8Rng,
    ) -> Result<Events<AnyEvent>, String> {
        match self {
            Keeper::Recorded(r) => r.apply(player, action, rng).map_err(|e| e.to_string()),
            Keeper::Position(s) => s.apply(player, action, rng).map_err(|e| e.to_string()),
        }
    }
}

/// One action of a decision: its index in the game's action space, its
/// notation (what `apply_text` reads back) and its words in the seat's view.
#[pyclass(module = "fairy_ring._native", frozen, eq, hash)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct Action {
    /// Index in the action space of the table's config.
    #[pyo3(get)]
    index: usize,
    /// The game's notation of the action.
    #[pyo3(get)]
    notation: String,
    /// The action in the words of the view of the seat that takes it.
    #[pyo3(get)]
    words: String,
    /// The player who may take it.
    #[pyo3(get)]
    player: u8,
    json: String,
}

#[pymethods]
impl Action {
    /// The action as the crate's JSON (docs/JSON.md), a string.
    fn json(&self) -> String {
        self.json.clone()
    }

    fn __repr__(&self) -> String {
        format!(
            "Action(index={}, notation={:?}, words={:?}, player={})",
            self.index, self.notation, self.words, self.player
        )
    }

    fn __str__(&self) -> String {
        self.words.clone()
    }
}

/// A table of any of the five games.
#[pyclass(module = "fairy_ring._native", subclass, name = "Table")]
#[derive(Clone)]
struct Table {
    config: AnyConfig,
    keeper: Keeper,
    rng: ChaCha8Rng,
    /// Each player's information, then the spectator's.
    infos: Vec<InfoState<AnyGame>>,
    /// The events of the last move, unredacted.
    last: Events<AnyEvent>,
    /// Moves the seats' information has not taken in yet: the position
    /// after each and its events. The information is brought up to date
    /// only when it is read (tensors, search, snapshots), so a loop that
    /// only plays pays nothing for it.
    pending: Vec<(AnyGame, Vec<AnyEvent>)>,
    scratch: Vec<f32>,
}

impl Table {
    fn state(&self) -> &AnyGame {
        self.keeper.state()
    }

    fn start(config: AnyConfig, keeper: Keeper, rng: ChaCha8Rng) -> Table {
        let state = keeper.state();
        let infos = seats(state.num_players())
            .map(|seat| InfoState::new(seat, state.view_for(seat)))
            .collect();
        Table {
            config,
            keeper,
            rng,
            infos,
            last: Events::new(),
            pending: Vec::new(),
            scratch: Vec::new(),
        }
    }

    /// Brings every seat's information up to date with the moves played.
    fn sync(&mut self) {
        for (state, events) in self.pending.drain(..) {
            for info in &mut self.infos {
                let seat = info.seat;
                info.observe(&AnyGame::redact_all(&events, seat), state.view_for(seat));
            }
        }
    }

    fn seat(&self, seat: Option<u8>) -> PyResult<Seat> {
        match seat {
            None => Ok(Seat::Spectator),
            Some(p) if usize::from(p) < self.state().num_players() => Ok(Seat::Player(Player(p))),
            Some(p) => Err(NotSeated::new_err(format!(
                "there is no player {} at this table: players are numbered 0 to {} here",
                p,
                self.state().num_players().saturating_sub(1)
            ))),
        }
    }

    /// What `seat` knows: a player's information, or the spectator's (the
    /// last entry). A table always holds one per player and the
    /// spectator's (`start` makes them, `restore` refuses other counts), so
    /// the index is in range.
    fn info(&self, seat: Seat) -> &InfoState<AnyGame> {
        let last = self.infos.len().saturating_sub(1);
        &self.infos[seat.player().map_or(last, Player::index).min(last)]
    }

    fn player(&self, player: u8) -> PyResult<Player> {
        self.seat(Some(player)).map(|_| Player(player))
    }

    fn play(&mut self, player: Player, action: AnyAction) -> PyResult<()> {
        let events = self
            .keeper
            .apply(player, action, &mut self.rng)
            .map_err(illegal)?;
        self.pending
            .push((self.keeper.state().clone(), events.to_vec()));
        self.last = events;
        Ok(())
    }

    fn action_object(
        &self,
        player: Player,
        view: &fairy_ring::AnyView,
        action: AnyAction,
    ) -> Action {
        Action {
            index: AnyGame::action_index(&self.config, &action).unwrap_or(usize::MAX),
            notation: action.to_string(),
            words: ActionInView::<AnyGame>::new(view, &action).to_string(),
            player: player.0,
            json: serde_json::to_string(&action).unwrap_or_default(),
        }
    }

    fn snapshot(&self) -> serde_json::Value {
        let keeper = match &self.keeper {
            Keeper::Recorded(r) => serde_json::json!({ "record": r.record() }),
            Keeper::Position(s) => serde_json::json!({
                "setup": s.to_setup(),
                "config": self.config,
            }),
        };
        serde_json::json!({
            "keeper": keeper,
            "rng": {
                "seed": self.rng.get_seed().to_vec(),
                "stream": self.rng.get_stream(),
                "word_pos": self.rng.get_word_pos().to_string(),
            },
            "infos": self.infos,
            "last": self.last.as_slice(),
        })
    }
}

fn seats(players: usize) -> impl Iterator<Item = Seat> {
    (0..players)
        .map(|p| Seat::Player(Player(p as u8)))
        .chain([Seat::Spectator])
}

fn json<T: serde::Serialize + ?Sized>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

#[pymethods]
impl Table {
    /// A new game of `game` (its name or short name: "fairy", "Fairy
    /// Prank", ...) for `players` players, dealt from `seed`. (`_copy` and
    /// `_snapshot` are for copies and pickles: a table to copy, or a
    /// snapshot to restore.) With `record`, the table keeps a record of the
    /// game (`record_json`); that costs a check of the position at every
    /// move, so it is off by default.
    #[new]
    #[pyo3(signature = (game = None, players = None, seed = 0, record = false, *, _copy = None, _snapshot = None))]
    fn new(
        game: Option<&str>,
        players: Option<usize>,
        seed: u64,
        record: bool,
        _copy: Option<PyRef<'_, Table>>,
        _snapshot: Option<&str>,
    ) -> PyResult<Table> {
        if let Some(table) = _copy {
            return Ok(table.clone());
        }
        if let Some(snapshot) = _snapshot {
            return restore(snapshot).map_err(record_error);
        }
        let (Some(game), Some(players)) = (game, players) else {
            return Err(GameConfigError::new_err(
                "a new game needs the game's name and the number of players",
            ));
        };
        let config = kind_of(game)?.config(players).map_err(err(config_error))?;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let keeper = if record {
            Keeper::Recorded(Box::new(
                Recorder::new(config.clone(), &mut rng).map_err(err(config_error))?,
            ))
        } else {
            Keeper::Position(Box::new(
                AnyGame::new(&config, &mut rng).map_err(err(config_error))?,
            ))
        };
        Ok(Table::start(config, keeper, rng))
    }

    /// A table at a position given as the crate's JSON of a setup
    /// (`{"fairy": {...}}`), with chance from `seed`. It keeps no record.
    #[staticmethod]
    #[pyo3(signature = (setup, seed = 0))]
    fn from_setup(setup: &str, seed: u64) -> PyResult<Table> {
        let setup: AnySetup = serde_json::from_str(setup).map_err(err(setup_error))?;
        let state = AnyGame::from_setup(setup).map_err(err(setup_error))?;
        let config = config_of(&state);
        Ok(Table::start(
            config,
            Keeper::Position(Box::new(state)),
            ChaCha8Rng::seed_from_u64(seed),
        ))
    }

    /// A table at the end of a record (the crate's JSON), which it goes on
    /// recording, with chance from `seed`.
    #[staticmethod]
    #[pyo3(signature = (record, seed = 0))]
    fn from_record(record: &str, seed: u64) -> PyResult<Table> {
        let record: Record<AnyGame> = serde_json::from_str(record).map_err(err(record_error))?;
        let config = record.config().clone();
        let recorder = Recorder::resume(record).map_err(err(record_error))?;
        Ok(Table::start(
            config,
            Keeper::Recorded(Box::new(recorder)),
            ChaCha8Rng::seed_from_u64(seed),
        ))
    }

    /// The game's short name: fairy, prank, season, fickle or fayre.
    #[getter]
    fn game(&self) -> &'static str {
        self.state().kind().id()
    }

    /// The game's name as printed on the box.
    #[getter]
    fn name(&self) -> &'static str {
        self.state().kind().name()
    }

    /// Number of players.
    #[getter]
    fn num_players(&self) -> usize {
        self.state().num_players()
    }

    /// The players who may act now (several during a simultaneous choice).
    #[getter]
    fn to_act(&self) -> Vec<usize> {
        self.state().to_act().iter().map(Player::index).collect()
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        self.state().is_over()
    }

    /// The most actions a game of this config takes.
    #[getter]
    fn max_game_length(&self) -> u32 {
        self.state().max_game_length()
    }

    /// Indices of the action space, one per action of a config.
    #[getter]
    fn action_space(&self) -> usize {
        AnyGame::action_space(&self.config)
    }

    /// Length of a seat's tensor.
    #[getter]
    fn tensor_len(&self) -> usize {
        AnyGame::tensor_len(&self.config)
    }

    /// The outcome (winners and scores) as JSON, or None while playing.
    fn outcome_json(&self) -> Option<String> {
        self.state().outcome().map(|o| json(&o))
    }

    /// The indices of `player`'s legal actions, in the game's order.
    fn legal_indices(&self, player: u8) -> PyResult<Vec<usize>> {
        let player = self.player(player)?;
        Ok(self
            .state()
            .legal_actions(player)
            .iter()
            .filter_map(|a| AnyGame::action_index(&self.config, a))
            .collect())
    }

    /// `player`'s legal actions with their index, notation and words.
    fn legal_actions(&self, player: u8) -> PyResult<Vec<Action>> {
        let player = self.player(player)?;
        let view = self.state().view_for(Seat::Player(player));
        Ok(self
            .state()
            .legal_actions(player)
            .iter()
            .map(|&a| self.action_object(player, &view, a))
            .collect())
    }

    /// The legal-action mask of `player` over the action space, as bytes
    /// (1 for legal).
    fn legal_mask<'py>(&self, py: Python<'py>, player: u8) -> PyResult<Bound<'py, PyBytes>> {
        let player = self.player(player)?;
        let mut mask = vec![0u8; AnyGame::action_space(&self.config)];
        for a in &self.state().legal_actions(player) {
            if let Some(slot) = AnyGame::action_index(&self.config, a).and_then(|i| mask.get_mut(i))
            {
                *slot = 1;
            }
        }
        Ok(PyBytes::new(py, &mask))
    }

    /// The action numbered `index`, as `player` would take it.
    fn action_at(&self, player: u8, index: usize) -> PyResult<Action> {
        let player = self.player(player)?;
        let action = AnyGame::action_at(&self.config, index).ok_or_else(|| {
            NotUnderstood::new_err(format!(
                "{index} is no action of this game: actions are numbered 0 to {}",
                AnyGame::action_space(&self.config).saturating_sub(1)
            ))
        })?;
        let view = self.state().view_for(Seat::Player(player));
        Ok(self.action_object(player, &view, action))
    }

    /// Plays the action numbered `index` for `player`.
    fn apply_index(&mut self, player: u8, index: usize) -> PyResult<()> {
        let player = self.player(player)?;
        let action = AnyGame::action_at(&self.config, index).ok_or_else(|| {
            NotUnderstood::new_err(format!(
                "{index} is no action of this game: actions are numbered 0 to {}",
                AnyGame::action_space(&self.config).saturating_sub(1)
            ))
        })?;
        self.play(player, action)
    }

    /// Plays the action `player` writes as `text`: the words shown for a
    /// choice, or the game's notation.
    fn apply_text(&mut self, player: u8, text: &str) -> PyResult<()> {
        let player = self.player(player)?;
        let decision: Decision<AnyGame> = self.state().decision(player);
        let action = decision.read(text).map_err(err(not_understood))?;
        self.play(player, action)
    }

    /// Plays an action given as the crate's JSON (`{"fairy": "higher"}`).
    fn apply_json(&mut self, player: u8, action: &str) -> PyResult<()> {
        let player = self.player(player)?;
        let action: AnyAction = serde_json::from_str(action).map_err(err(not_understood))?;
        self.play(player, action)
    }

    /// The view of `seat` (a player, or None for a spectator) as JSON.
    #[pyo3(signature = (seat = None))]
    fn view_json(&self, seat: Option<u8>) -> PyResult<String> {
        Ok(json(&self.state().view_for(self.seat(seat)?)))
    }

    /// The view of `seat` told in a few lines.
    #[pyo3(signature = (seat = None))]
    fn view_text(&self, seat: Option<u8>) -> PyResult<String> {
        Ok(self.state().view_for(self.seat(seat)?).to_string())
    }

    /// The events of the last move as `seat` saw them, as JSON (a list).
    #[pyo3(signature = (seat = None))]
    fn events_json(&self, seat: Option<u8>) -> PyResult<String> {
        let seat = self.seat(seat)?;
        Ok(json(AnyGame::redact_all(&self.last, seat).as_slice()))
    }

    /// The events of the last move as `seat` saw them, one line each.
    #[pyo3(signature = (seat = None))]
    fn events_text(&self, seat: Option<u8>) -> PyResult<Vec<String>> {
        let seat = self.seat(seat)?;
        Ok(AnyGame::redact_all(&self.last, seat)
            .iter()
            .map(|e| e.to_string())
            .collect())
    }

    /// What `seat` knows (seat, view and memory) as JSON.
    #[pyo3(signature = (seat = None))]
    fn info_json(&mut self, seat: Option<u8>) -> PyResult<String> {
        self.sync();
        Ok(json(self.info(self.seat(seat)?)))
    }

    /// The tensor of what `seat` knows, as bytes of little-endian `f32`
    /// (`numpy.frombuffer(..., dtype=numpy.float32)`).
    #[pyo3(signature = (seat = None))]
    fn tensor_bytes<'py>(
        &mut self,
        py: Python<'py>,
        seat: Option<u8>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let seat = self.seat(seat)?;
        self.fill(seat)?;
        let bytes: Vec<u8> = self.scratch.iter().flat_map(|x| x.to_le_bytes()).collect();
        Ok(PyBytes::new(py, &bytes))
    }

    /// Writes the tensor of what `seat` knows into `out`, a writable
    /// buffer of `float32` of the tensor's length (a numpy array).
    #[pyo3(signature = (out, seat = None))]
    fn write_tensor(
        &mut self,
        py: Python<'_>,
        out: &Bound<'_, PyAny>,
        seat: Option<u8>,
    ) -> PyResult<()> {
        let seat = self.seat(seat)?;
        let buffer = PyBuffer::<f32>::get(out)?;
        self.fill(seat)?;
        buffer.copy_from_slice(py, &self.scratch)
    }

    /// The position as the crate's JSON setup.
    fn setup_json(&self) -> String {
        json(&self.state().to_setup())
    }

    /// The game so far as the crate's JSON record.
    fn record_json(&self) -> PyResult<String> {
        match &self.keeper {
            Keeper::Recorded(r) => Ok(json(r.record())),
            Keeper::Position(_) => Err(RecordError::new_err(
                "this table keeps no record: make it with record=True, or from a record",
            )),
        }
    }

    /// Everything the table holds, as JSON (for pickling).
    fn snapshot_json(&mut self) -> String {
        self.sync();
        self.snapshot().to_string()
    }

    /// A table from [`snapshot_json`].
    #[staticmethod]
    fn from_snapshot(snapshot: &str) -> PyResult<Table> {
        restore(snapshot).map_err(record_error)
    }

    /// A table at a position drawn uniformly among those that give
    /// `player` exactly what it knows now (the crate's sampling), with
    /// chance from `seed`: the other seats' hidden cards, hands and choices
    /// redrawn. The new table keeps no record; `player` keeps its
    /// information, the others start theirs from their views.
    fn resample(&mut self, player: u8, seed: u64) -> PyResult<Table> {
        let player = self.player(player)?;
        self.sync();
        let info = self.info(Seat::Player(player)).clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let state = info
            .sample(&self.config, &mut rng)
            .map_err(|e| FairyRingError::new_err(e.to_string()))?;
        let mut table = Table::start(self.config.clone(), Keeper::Position(Box::new(state)), rng);
        if let Some(slot) = table.infos.get_mut(player.index()) {
            *slot = info;
        }
        Ok(table)
    }

    /// ISMCTS (`iterations` per decision) chooses `player`'s action from
    /// what the seat knows, with chance from `seed`; returns its index. The
    /// search runs with the GIL released.
    #[pyo3(signature = (player, iterations = 1000, seed = 0))]
    fn ismcts(
        &mut self,
        py: Python<'_>,
        player: u8,
        iterations: u32,
        seed: u64,
    ) -> PyResult<usize> {
        let player = self.player(player)?;
        self.sync();
        let info = self.info(Seat::Player(player)).clone();
        let legal = self.state().legal_actions(player);
        let config = self.config.clone();
        let chosen = py
            .allow_threads(move || {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                search(config, &info, &legal, iterations, &mut rng)
            })
            .map_err(err(bot_error))?;
        AnyGame::action_index(&self.config, &chosen)
            .ok_or_else(|| BotError::new_err("the bot chose an action without an index"))
    }

    /// A uniformly random legal action of `player`, drawn from the table's
    /// chance; returns its index.
    fn random_action(&mut self, player: u8) -> PyResult<usize> {
        let player = self.player(player)?;
        let decision = self.state().decision(player);
        let action = RandomBot
            .choose(&decision, &mut self.rng)
            .map_err(err(bot_error))?;
        AnyGame::action_index(&self.config, &action)
            .ok_or_else(|| BotError::new_err("the bot chose an action without an index"))
    }

    fn __repr__(&self) -> String {
        format!(
            "Game(game={:?}, players={}, to_act={:?})",
            self.game(),
            self.num_players(),
            self.to_act()
        )
    }
}

impl Table {
    fn fill(&mut self, seat: Seat) -> PyResult<()> {
        self.sync();
        let mut scratch = core::mem::take(&mut self.scratch);
        scratch.resize(AnyGame::tensor_len(&self.config), 0.0);
        let written = AnyGame::write_tensor(&self.config, self.info(seat), &mut scratch);
        self.scratch = scratch;
        written.map_err(|e| FairyRingError::new_err(e.to_string()))
    }
}

fn restore(snapshot: &str) -> Result<Table, String> {
    let value: serde_json::Value = serde_json::from_str(snapshot).map_err(|e| e.to_string())?;
    let keeper = &value["keeper"];
    let (config, keeper) = if let Some(record) = keeper.get("record") {
        let record: Record<AnyGame> =
            serde_json::from_value(record.clone()).map_err(|e| e.to_string())?;
        let config = record.config().clone();
        let recorder = Recorder::resume(record).map_err(|e| e.to_string())?;
        (config, Keeper::Recorded(Box::new(recorder)))
    } else {
        let setup: AnySetup =
            serde_json::from_value(keeper["setup"].clone()).map_err(|e| e.to_string())?;
        let state = AnyGame::from_setup(setup).map_err(|e| e.to_string())?;
        (config_of(&state), Keeper::Position(Box::new(state)))
    };
    let rng = &value["rng"];
    let seed: Vec<u8> = serde_json::from_value(rng["seed"].clone()).map_err(|e| e.to_string())?;
    let seed: [u8; 32] = seed
        .try_into()
        .map_err(|_| String::from("the snapshot's seed is not 32 bytes"))?;
    let mut chacha = ChaCha8Rng::from_seed(seed);
    chacha.set_stream(rng["stream"].as_u64().unwrap_or(0));
    let word_pos: u128 = rng["word_pos"]
        .as_str()
        .unwrap_or("0")
        .parse()
        .map_err(|_| String::from("the snapshot's generator position is not a number"))?;
    chacha.set_word_pos(word_pos);
    let infos: Vec<InfoState<AnyGame>> =
        serde_json::from_value(value["infos"].clone()).map_err(|e| e.to_string())?;
    let events: Vec<AnyEvent> =
        serde_json::from_value(value["last"].clone()).map_err(|e| e.to_string())?;
    if infos.len() != keeper.state().num_players() + 1 {
        return Err(String::from(
            "the snapshot's information does not fit its table",
        ));
    }
    Ok(Table {
        config,
        keeper,
        rng: chacha,
        infos,
        last: events.into_iter().collect(),
        pending: Vec::new(),
        scratch: Vec::new(),
    })
}

/// ISMCTS on the game's own type (a search on `AnyGame` copies every
/// sampled view through the enums), from information held in them.
fn search(
    config: AnyConfig,
    info: &InfoState<AnyGame>,
    legal: &[AnyAction],
    iterations: u32,
    rng: &mut ChaCha8Rng,
) -> Result<AnyAction, fairy_ring::BotError> {
    macro_rules! own {
        ($($variant:ident => $module:ident),*) => {
            match (config, &info.view) {
                $((AnyConfig::$variant(config), fairy_ring::AnyView::$variant(view)) => {
                    let memory = match &info.memory {
                        fairy_ring::AnyMemory::$variant(memory) => memory.clone(),
                        _ => Default::default(),
                    };
                    let own = InfoState::<$module::State> {
                        seat: info.seat,
                        view: view.clone(),
                        memory,
                    };
                    let legal: Vec<$module::Action> = legal
                        .iter()
                        .filter_map(|a| match a {
                            AnyAction::$variant(a) => Some(*a),
                            _ => None,
                        })
                        .collect();
                    Ismcts::<$module::State>::new(config, iterations)
                        .choose_from(&own, &legal, rng)
                        .map(AnyAction::$variant)
                })*
                (config, _) => Ismcts::<AnyGame>::new(config, iterations).choose_from(info, legal, rng),
            }
        };
    }
    own!(Fairy => fairy, Prank => prank, Season => season, Fickle => fickle, Fayre => fayre)
}

/// Runs `decisions` ISMCTS decisions of `iterations` each at the start of
/// new games of `G` (the first player to act), as `cargo bench --bench
/// learning` times them natively.
fn ismcts_decisions_of<G: Sample>(
    config: &G::Config,
    decisions: u32,
    iterations: u32,
    seed: u64,
) -> Result<u32, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for _ in 0..decisions {
        let state = G::new(config, &mut rng).map_err(|e| e.to_string())?;
        let Some(player) = state.to_act().lowest() else {
            return Err(String::from("a new game with nobody to act"));
        };
        let mut bot = Ismcts::<G>::new(config.clone(), iterations);
        bot.choose(&state.decision(player), &mut rng)
            .map_err(|e| e.to_string())?;
    }
    Ok(decisions)
}

/// What a batch of games measured.
#[pyclass(module = "fairy_ring._native", frozen, get_all)]
struct BatchReport {
    /// Games played.
    games: u64,
    /// Actions applied in all of them.
    actions: u64,
    /// Wins of each seat (a shared victory counts for each winner).
    wins: Vec<u64>,
}

#[pymethods]
impl BatchReport {
    fn __repr__(&self) -> String {
        format!(
            "BatchReport(games={}, actions={}, wins={:?})",
            self.games, self.actions, self.wins
        )
    }
}

/// `games` random playouts of game `G` in Rust.
fn random_games<G: Game>(config: &G::Config, games: u64, seed: u64) -> Result<BatchReport, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = BatchReport {
        games: 0,
        actions: 0,
        wins: vec![0; config.players()],
    };
    let mut legal = fairy_ring::ActionList::new();
    for _ in 0..games {
        let mut state = G::new(config, &mut rng).map_err(|e| e.to_string())?;
        while let Some(player) = {
            let to_act = state.to_act();
            let n = to_act.len();
            to_act.iter().nth(fairy_ring::rng::index(&mut rng, n))
        } {
            state.legal_actions_into(player, &mut legal);
            let Some(&action) = fairy_ring::rng::choose(&mut rng, &legal) else {
                return Err(String::from("a player to act had no legal action"));
            };
            state
                .play(player, action, &mut rng)
                .map_err(|e| e.to_string())?;
            report.actions += 1;
        }
        if let Some(outcome) = state.outcome() {
            for w in outcome.winners() {
                if let Some(slot) = report.wins.get_mut(w.index()) {
                    *slot += 1;
                }
            }
        }
        report.games += 1;
    }
    Ok(report)
}

/// `games` games of `G` where seat 0 plays ISMCTS with `iterations` and the
/// others play at random.
fn ismcts_games<G: Sample>(
    config: &G::Config,
    games: u64,
    iterations: u32,
    seed: u64,
) -> Result<BatchReport, String> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut report = BatchReport {
        games: 0,
        actions: 0,
        wins: vec![0; config.players()],
    };
    for _ in 0..games {
        let mut state = G::new(config, &mut rng).map_err(|e| e.to_string())?;
        let mut bots: Vec<Box<dyn Bot<G>>> =
            vec![Box::new(Ismcts::<G>::new(config.clone(), iterations))];
        for _ in 1..config.players() {
            bots.push(Box::new(RandomBot));
        }
        let outcome = fairy_ring::bots::play_game(&mut state, &mut bots, &mut rng)
            .map_err(|e| e.to_string())?;
        for w in outcome.winners() {
            if let Some(slot) = report.wins.get_mut(w.index()) {
                *slot += 1;
            }
        }
        report.games += 1;
    }
    Ok(report)
}

macro_rules! by_kind {
    ($kind:expr, $players:expr, |$config:ident, $g:ident| $body:expr) => {
        match $kind {
            GameKind::Fairy => {
                type $g = fairy::State;
                let $config = fairy::Config::for_players($players).map_err(|e| e.to_string())?;
                $body
            }
            GameKind::Prank => {
                type $g = prank::State;
                let $config = prank::Config::for_players($players).map_err(|e| e.to_string())?;
                $body
            }
            GameKind::Season => {
                type $g = season::State;
                let $config = season::Config::for_players($players).map_err(|e| e.to_string())?;
                $body
            }
            GameKind::Fickle => {
                type $g = fickle::State;
                let $config = fickle::Config::for_players($players).map_err(|e| e.to_string())?;
                $body
            }
            GameKind::Fayre => {
                type $g = fayre::State;
                let $config = fayre::Config::for_players($players).map_err(|e| e.to_string())?;
                $body
            }
        }
    };
}

/// Plays `games` random games of `game` for `players` in Rust, with the GIL
/// released; returns how many actions they took and who won.
#[pyfunction]
#[pyo3(signature = (game, players, games, seed = 0))]
fn random_playouts(
    py: Python<'_>,
    game: &str,
    players: usize,
    games: u64,
    seed: u64,
) -> PyResult<BatchReport> {
    let kind = kind_of(game)?;
    py.allow_threads(move || -> Result<BatchReport, String> {
        by_kind!(kind, players, |config, G| random_games::<G>(
            &config, games, seed
        ))
    })
    .map_err(config_error)
}

/// Plays `games` games of `game` for `players` in Rust, with the GIL
/// released: seat 0 is ISMCTS with `iterations` per decision, the others
/// random.
#[pyfunction]
#[pyo3(signature = (game, players, games, iterations = 1000, seed = 0))]
fn ismcts_playouts(
    py: Python<'_>,
    game: &str,
    players: usize,
    games: u64,
    iterations: u32,
    seed: u64,
) -> PyResult<BatchReport> {
    let kind = kind_of(game)?;
    py.allow_threads(move || -> Result<BatchReport, String> {
        by_kind!(kind, players, |config, G| ismcts_games::<G>(
            &config, games, iterations, seed
        ))
    })
    .map_err(config_error)
}

/// Runs `decisions` ISMCTS decisions (`iterations` each) at the start of
/// new games of `game` for `players`, in Rust with the GIL released;
/// returns how many were made.
#[pyfunction]
#[pyo3(signature = (game, players, decisions, iterations = 1000, seed = 0))]
fn ismcts_decisions(
    py: Python<'_>,
    game: &str,
    players: usize,
    decisions: u32,
    iterations: u32,
    seed: u64,
) -> PyResult<u32> {
    let kind = kind_of(game)?;
    py.allow_threads(move || -> Result<u32, String> {
        by_kind!(kind, players, |config, G| ismcts_decisions_of::<G>(
            &config, decisions, iterations, seed
        ))
    })
    .map_err(config_error)
}

/// The games, each as (short name, name, fewest players, most players).
#[pyfunction]
fn games() -> Vec<(&'static str, &'static str, usize, usize)> {
    GameKind::ALL
        .iter()
        .map(|k| (k.id(), k.name(), *k.players().start(), *k.players().end()))
        .collect()
}

/// The native module.
#[pymodule]
fn _native(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add_class::<Table>()?;
    m.add_class::<Action>()?;
    m.add_class::<BatchReport>()?;
    m.add_function(wrap_pyfunction!(random_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(ismcts_playouts, m)?)?;
    m.add_function(wrap_pyfunction!(games, m)?)?;
    m.add_function(wrap_pyfunction!(ismcts_decisions, m)?)?;
    m.add("FairyRingError", py.get_type::<FairyRingError>())?;
    m.add("GameConfigError", py.get_type::<GameConfigError>())?;
    m.add("IllegalAction", py.get_type::<IllegalAction>())?;
    m.add("NotUnderstood", py.get_type::<NotUnderstood>())?;
    m.add("SetupError", py.get_type::<SetupError>())?;
    m.add("RecordError", py.get_type::<RecordError>())?;
    m.add("NotSeated", py.get_type::<NotSeated>())?;
    m.add("BotError", py.get_type::<BotError>())?;
    Ok(())
}
