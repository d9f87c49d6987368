//! WebAssembly bindings of [`fairy_ring`]: a [`Table`] of any of the five
//! games, what each seat is sent ([`Letter`]), a seat's information kept
//! from its own messages ([`Info`]), and the bots ([`Bot`]), for JavaScript.
//!
//! Every value crosses the boundary as the JSON of `docs/JSON.md`, parsed
//! into plain JavaScript objects; the TypeScript types of those shapes are
//! generated from the Rust types (`tests/types.rs` writes `src/types.d.ts`,
//! which goes into the package's `.d.ts`). Every failure is a JavaScript
//! `Error` whose message is the crate's words and whose `kind` says which
//! failure it is ([`ErrorKind`]).
#![warn(missing_docs)]

mod error;
mod json;
mod wire;

use fairy_ring::bots::Ismcts;
use fairy_ring::rand_core::SeedableRng;
use fairy_ring::{
    ActionInView, AnyAction, AnyConfig, AnyEvent, AnyGame, AnySetup, Bot as _, Decision,
    EventInView, Events, Game, GameKind, InfoState, Message, Player, RandomBot, ReadError, Record,
    Recorder, Seat,
};
use rand_chacha::ChaCha8Rng;
use wasm_bindgen::prelude::*;

pub use error::ErrorKind;
use error::{Failure, action_error};
pub use wire::{Choice, GameEntry, Letter, Said, Search};

/// The TypeScript types of every JSON shape, generated from the Rust types.
#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");

type Result<T> = core::result::Result<T, Failure>;

/// A random number generator from a seed a JavaScript number can hold.
fn rng_of(seed: f64) -> Result<ChaCha8Rng> {
    // 2^53: every integer below it is exact in a JavaScript number.
    const EXACT: f64 = 9_007_199_254_740_992.0;
    if seed.fract() != 0.0 || !(0.0..EXACT).contains(&seed) {
        return Err(Failure::new(
            ErrorKind::BadInput,
            "a seed is a whole number from 0 to 2^53 - 1",
        ));
    }
    // In range and whole: the conversion is exact.
    Ok(ChaCha8Rng::seed_from_u64(seed as u64))
}

/// A player from a JavaScript number.
fn player_of(player: f64) -> Result<Player> {
    if player.fract() != 0.0 || !(0.0..=255.0).contains(&player) {
        return Err(Failure::new(
            ErrorKind::BadInput,
            "a player is a seat number from 0",
        ));
    }
    Ok(Player(player as u8))
}

/// How a table holds its position: recording every move when it was dealt
/// here, or as a position it was handed.
#[derive(Clone, Debug)]
enum Position {
    Recorded(Box<Recorder<AnyGame>>),
    Loose(Box<AnyGame>),
}

impl Position {
    fn state(&self) -> &AnyGame {
        match self {
            Position::Recorded(recorder) => recorder.state(),
            Position::Loose(state) => state,
        }
    }
}

/// A table of one of the five games: the whole position, its chance, and
/// what every seat was sent last. It is the server's side: show a person
/// only the [`Letter`]s of their own seat.
#[wasm_bindgen]
pub struct Table {
    position: Position,
    rng: ChaCha8Rng,
    /// The events of the last move, unredacted.
    last: Events<AnyEvent>,
    /// What each player's seat, then the spectator, was sent last.
    held: Vec<Message<AnyGame>>,
}

#[wasm_bindgen]
impl Table {
    /// The standard game of `game` (`"fairy"`, `"prank"`, `"season"`,
    /// `"fickle"`, `"fayre"`, or a game's name) for `players` players, dealt
    /// with `seed`; its moves are recorded.
    #[wasm_bindgen(js_name = create)]
    pub fn create(game: &str, players: f64, seed: f64) -> core::result::Result<Table, JsValue> {
        Ok(Self::deal(Self::standard(game, players)?, seed)?)
    }

    /// A game of `config` dealt with `seed`; its moves are recorded.
    #[wasm_bindgen(js_name = fromConfig)]
    pub fn from_config(
        #[wasm_bindgen(unchecked_param_type = "AnyConfig")] config: JsValue,
        seed: f64,
    ) -> core::result::Result<Table, JsValue> {
        Ok(Self::deal(json::from_js(&config, "config")?, seed)?)
    }

    /// The position of `setup`, its chance from `seed` on. Not recorded.
    #[wasm_bindgen(js_name = fromSetup)]
    pub fn from_setup(
        #[wasm_bindgen(unchecked_param_type = "AnySetup")] setup: JsValue,
        seed: f64,
    ) -> core::result::Result<Table, JsValue> {
        let setup: AnySetup = json::from_js(&setup, "setup")?;
        let state =
            AnyGame::from_setup(setup).map_err(|error| Failure::new(ErrorKind::Setup, error))?;
        Ok(Self::seat(Position::Loose(Box::new(state)), rng_of(seed)?))
    }

    /// The game of a record, at its end, recording on (the chance of later
    /// moves from `seed`).
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "GameRecord")] record: JsValue,
        seed: f64,
    ) -> core::result::Result<Table, JsValue> {
        let record: Record<AnyGame> = json::from_js(&record, "record")?;
        let recorder =
            Recorder::resume(record).map_err(|error| Failure::new(ErrorKind::Record, error))?;
        Ok(Self::seat(
            Position::Recorded(Box::new(recorder)),
            rng_of(seed)?,
        ))
    }

    /// The game played here.
    #[wasm_bindgen(unchecked_return_type = "GameKind")]
    pub fn game(&self) -> JsValue {
        json::to_js(&self.state().kind())
    }

    /// How many players are seated.
    pub fn players(&self) -> usize {
        self.state().num_players()
    }

    /// The players to act now, in seat order (empty when the game is over).
    #[wasm_bindgen(js_name = toAct, unchecked_return_type = "number[]")]
    pub fn to_act(&self) -> JsValue {
        json::to_js(&self.state().to_act())
    }

    /// Whether the game is over.
    #[wasm_bindgen(js_name = isOver)]
    pub fn is_over(&self) -> bool {
        self.state().is_over()
    }

    /// The winners and the scores, once the game is over; `null` before.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> JsValue {
        json::to_js(&self.state().outcome())
    }

    /// The whole position as plain data (every hidden card: never for a
    /// player's eyes).
    #[wasm_bindgen(unchecked_return_type = "AnySetup")]
    pub fn setup(&self) -> JsValue {
        json::to_js(&self.state().to_setup())
    }

    /// The game's config, for a table dealt here or from a record; `null`
    /// for a table made from a setup.
    #[wasm_bindgen(unchecked_return_type = "AnyConfig | null")]
    pub fn config(&self) -> JsValue {
        match &self.position {
            Position::Recorded(recorder) => json::to_js(recorder.record().config()),
            Position::Loose(_) => JsValue::NULL,
        }
    }

    /// The record of the game so far (deal, moves, chance and checks), for
    /// a table dealt here or from a record; `null` otherwise.
    #[wasm_bindgen(unchecked_return_type = "GameRecord | null")]
    pub fn record(&self) -> JsValue {
        match &self.position {
            Position::Recorded(recorder) => json::to_js(recorder.record()),
            Position::Loose(_) => JsValue::NULL,
        }
    }

    /// What `seat` may see now.
    #[wasm_bindgen(unchecked_return_type = "AnyView")]
    pub fn view(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Seat")] seat: JsValue,
    ) -> core::result::Result<JsValue, JsValue> {
        let seat = self.seat_of(&seat)?;
        Ok(json::to_js(&self.state().view_for(seat)))
    }

    /// What `seat` may see now, in words.
    #[wasm_bindgen(js_name = viewText)]
    pub fn view_text(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Seat")] seat: JsValue,
    ) -> core::result::Result<String, JsValue> {
        let seat = self.seat_of(&seat)?;
        Ok(self.state().view_for(seat).to_string())
    }

    /// The legal actions of `player`, with their notation and their words
    /// as the player is shown them.
    #[wasm_bindgen(unchecked_return_type = "Choice[]")]
    pub fn choices(&self, player: f64) -> core::result::Result<JsValue, JsValue> {
        let player = self.player(player)?;
        let decision = self.state().decision(player);
        Ok(json::to_js(&wire::choices(&decision.view, &decision.legal)))
    }

    /// Plays the move `text` says for `player`: the words of one of its
    /// choices, the notation, a short form only one choice fits, or the
    /// number of a choice from 1. Returns the letters the move sends.
    #[wasm_bindgen(unchecked_return_type = "Letter[]")]
    pub fn play(&mut self, player: f64, text: &str) -> core::result::Result<JsValue, JsValue> {
        let player = self.player(player)?;
        let decision = self.state().decision(player);
        let action = match decision.read(text) {
            Ok(action) => action,
            // Not one of its choices: refuse as the table would, so a
            // player who may not act hears that, not "not a choice".
            Err(ReadError::NotAChoice { action, .. }) => action,
            Err(error) => return Err(error::read_error(&error).into()),
        };
        Ok(self.apply(player, action)?)
    }

    /// Plays `player`'s choice number `index`, from 0, in the order of
    /// [`choices`](Table::choices).
    #[wasm_bindgen(js_name = playIndex, unchecked_return_type = "Letter[]")]
    pub fn play_index(
        &mut self,
        player: f64,
        index: f64,
    ) -> core::result::Result<JsValue, JsValue> {
        let player = self.player(player)?;
        let legal = self.state().legal_actions(player);
        let chosen = (index.fract() == 0.0 && index >= 0.0)
            .then(|| legal.get(index as usize).copied())
            .flatten();
        let Some(action) = chosen else {
            return Err(Failure::new(
                ErrorKind::NoSuchChoice,
                format_args!(
                    "there is no choice {index}: {player} has {} (counted from 0)",
                    legal.len()
                ),
            )
            .into());
        };
        Ok(self.apply(player, action)?)
    }

    /// Plays `action` (an [`AnyAction`] as JSON) for `player`.
    #[wasm_bindgen(js_name = playAction, unchecked_return_type = "Letter[]")]
    pub fn play_action(
        &mut self,
        player: f64,
        #[wasm_bindgen(unchecked_param_type = "AnyAction")] action: JsValue,
    ) -> core::result::Result<JsValue, JsValue> {
        let player = self.player(player)?;
        let action: AnyAction = json::from_js(&action, "action")?;
        Ok(self.apply(player, action)?)
    }

    /// The events of the last move as `seat` may know them, in its words
    /// (as it sees the table now); empty before the first move.
    #[wasm_bindgen(js_name = lastEvents, unchecked_return_type = "Said[]")]
    pub fn last_events(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Seat")] seat: JsValue,
    ) -> core::result::Result<JsValue, JsValue> {
        let seat = self.seat_of(&seat)?;
        let view = self.state().view_for(seat);
        let shown = AnyGame::redact_all(&self.last, seat);
        Ok(json::to_js(&wire::said(&view, &shown)))
    }

    /// The opening letter of `seat`: its view and choices, no events. The
    /// table counts it as sent.
    #[wasm_bindgen(unchecked_return_type = "Letter")]
    pub fn opening(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Seat")] seat: JsValue,
    ) -> core::result::Result<JsValue, JsValue> {
        let seat = self.seat_of(&seat)?;
        let message = Message::opening(self.state(), seat)
            .map_err(|error| Failure::new(ErrorKind::NotSeated, error))?;
        let letter = wire::letter(&message);
        if let Some(slot) = self.slot(seat) {
            *slot = message;
        }
        Ok(json::to_js(&letter))
    }
}

impl Table {
    fn state(&self) -> &AnyGame {
        self.position.state()
    }

    fn standard(game: &str, players: f64) -> Result<AnyConfig> {
        let kind: GameKind = game
            .parse()
            .map_err(|error| Failure::new(ErrorKind::BadInput, error))?;
        if players.fract() != 0.0 || !(0.0..=255.0).contains(&players) {
            return Err(Failure::new(
                ErrorKind::Config,
                "a player count is a whole number",
            ));
        }
        kind.config(players as usize)
            .map_err(|error| Failure::new(ErrorKind::Config, error))
    }

    fn deal(config: AnyConfig, seed: f64) -> Result<Table> {
        let mut rng = rng_of(seed)?;
        let recorder = Recorder::new(config, &mut rng)
            .map_err(|error| Failure::new(ErrorKind::Config, error))?;
        Ok(Self::seat(Position::Recorded(Box::new(recorder)), rng))
    }

    fn seat(position: Position, rng: ChaCha8Rng) -> Table {
        let state = position.state();
        let seats = (0..state.num_players())
            .map(|p| Seat::Player(Player(p as u8)))
            .chain([Seat::Spectator]);
        let held = seats
            .filter_map(|seat| Message::opening(state, seat).ok())
            .collect();
        Table {
            position,
            rng,
            last: Events::new(),
            held,
        }
    }

    /// A player seated at this table.
    fn player(&self, player: f64) -> Result<Player> {
        let player = player_of(player)?;
        if player.index() >= self.state().num_players() {
            return Err(action_error(fairy_ring::ActionError::NoSuchPlayer {
                player,
            }));
        }
        Ok(player)
    }

    fn seat_of(&self, seat: &JsValue) -> Result<Seat> {
        let seat: Seat = json::from_js(seat, "seat")?;
        if let Seat::Player(player) = seat
            && player.index() >= self.state().num_players()
        {
            return Err(Failure::new(
                ErrorKind::NotSeated,
                format_args!(
                    "{player} is not seated: this table seats {} players",
                    self.state().num_players()
                ),
            ));
        }
        Ok(seat)
    }

    fn slot(&mut self, seat: Seat) -> Option<&mut Message<AnyGame>> {
        self.held.iter_mut().find(|held| held.seat == seat)
    }

    fn apply(&mut self, player: Player, action: AnyAction) -> Result<JsValue> {
        let events = match &mut self.position {
            Position::Recorded(recorder) => recorder.apply(player, action, &mut self.rng),
            Position::Loose(state) => state.apply(player, action, &mut self.rng),
        }
        .map_err(action_error)?;
        self.last = events;
        let state = self.position.state();
        let mut letters = Vec::new();
        for held in &mut self.held {
            if let Some(message) = Message::after(state, &self.last, held) {
                letters.push(wire::letter(&message));
                *held = message;
            }
        }
        Ok(json::to_js(&letters))
    }
}

/// What one seat knows: its view and what it remembers, kept from the
/// messages it was sent (the `message` of each of its [`Letter`]s).
#[wasm_bindgen]
pub struct Info {
    info: InfoState<AnyGame>,
}

#[wasm_bindgen]
impl Info {
    /// The information of the seat an opening message was sent to.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_param_type = "Message")] opening: JsValue,
    ) -> core::result::Result<Info, JsValue> {
        let opening: Message<AnyGame> = json::from_js(&opening, "message")?;
        Ok(Info {
            info: InfoState::new(opening.seat, opening.view),
        })
    }

    /// Information stored earlier with [`state`](Info::state).
    #[wasm_bindgen(js_name = fromState)]
    pub fn from_state(
        #[wasm_bindgen(unchecked_param_type = "InfoState")] state: JsValue,
    ) -> core::result::Result<Info, JsValue> {
        Ok(Info {
            info: json::from_js(&state, "information state")?,
        })
    }

    /// Takes in one message the seat was sent after a move; a message for
    /// another seat is refused and changes nothing.
    pub fn receive(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Message")] message: JsValue,
    ) -> core::result::Result<(), JsValue> {
        let message: Message<AnyGame> = json::from_js(&message, "message")?;
        self.info
            .receive(&message)
            .map_err(|error| Failure::new(ErrorKind::OtherSeat, error).into())
    }

    /// The seat, its latest view and its memory.
    #[wasm_bindgen(unchecked_return_type = "InfoState")]
    pub fn state(&self) -> JsValue {
        json::to_js(&self.info)
    }

    /// A position drawn uniformly among those this information allows in
    /// a game of `config`, as plain data.
    #[wasm_bindgen(unchecked_return_type = "AnySetup")]
    pub fn sample(
        &self,
        #[wasm_bindgen(unchecked_param_type = "AnyConfig")] config: JsValue,
        seed: f64,
    ) -> core::result::Result<JsValue, JsValue> {
        let config: AnyConfig = json::from_js(&config, "config")?;
        let mut rng = rng_of(seed)?;
        let sample = self
            .info
            .sample(&config, &mut rng)
            .map_err(|error| Failure::new(ErrorKind::Sampling, error))?;
        Ok(json::to_js(&sample.to_setup()))
    }
}

/// Which kind of bot.
enum Brain {
    Random,
    Ismcts(Box<Ismcts<AnyGame>>),
}

/// A bot for one seat: shown only that seat's messages, as a person is.
#[wasm_bindgen]
pub struct Bot {
    brain: Brain,
    rng: ChaCha8Rng,
}

#[wasm_bindgen]
impl Bot {
    /// A bot that picks uniformly among its choices.
    pub fn random(seed: f64) -> core::result::Result<Bot, JsValue> {
        Ok(Bot {
            brain: Brain::Random,
            rng: rng_of(seed)?,
        })
    }

    /// An information-set Monte Carlo tree search of `iterations` per
    /// decision, for games of `config`.
    pub fn ismcts(
        #[wasm_bindgen(unchecked_param_type = "AnyConfig")] config: JsValue,
        iterations: u32,
        seed: f64,
    ) -> core::result::Result<Bot, JsValue> {
        let config: AnyConfig = json::from_js(&config, "config")?;
        Ok(Bot {
            brain: Brain::Ismcts(Box::new(Ismcts::new(config, iterations))),
            rng: rng_of(seed)?,
        })
    }

    /// A new game begins: the opening message of the bot's seat.
    pub fn start(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Message")] opening: JsValue,
    ) -> core::result::Result<(), JsValue> {
        let opening: Message<AnyGame> = json::from_js(&opening, "message")?;
        if let Brain::Ismcts(bot) = &mut self.brain {
            bot.start(&opening);
        }
        Ok(())
    }

    /// The seat was sent `message` after a move.
    pub fn observe(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Message")] message: JsValue,
    ) -> core::result::Result<(), JsValue> {
        let message: Message<AnyGame> = json::from_js(&message, "message")?;
        if let Brain::Ismcts(bot) = &mut self.brain {
            bot.observe(&message);
        }
        Ok(())
    }

    /// The bot's pick among the choices of the last message its seat was
    /// sent (its index in `message.legal`, the action, its words).
    #[wasm_bindgen(unchecked_return_type = "Choice")]
    pub fn choose(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Message")] message: JsValue,
    ) -> core::result::Result<JsValue, JsValue> {
        let message: Message<AnyGame> = json::from_js(&message, "message")?;
        let decision: Decision<AnyGame> = message
            .decision()
            .ok_or_else(|| Failure::new(ErrorKind::Bot, "a spectator's message has no decision"))?;
        let action = match &mut self.brain {
            Brain::Random => RandomBot.choose(&decision, &mut self.rng),
            Brain::Ismcts(bot) => bot.choose(&decision, &mut self.rng),
        }
        .map_err(|error| Failure::new(ErrorKind::Bot, error))?;
        let choices = wire::choices(&decision.view, &decision.legal);
        let choice = choices
            .into_iter()
            .find(|choice| choice.action == action)
            .ok_or_else(|| Failure::new(ErrorKind::Bot, "the bot chose no offered move"))?;
        Ok(json::to_js(&choice))
    }

    /// What the last search saw (`null` for a random bot, or before its
    /// first search).
    #[wasm_bindgen(js_name = lastSearch, unchecked_return_type = "Search | null")]
    pub fn last_search(&self) -> JsValue {
        match &self.brain {
            Brain::Random => JsValue::NULL,
            Brain::Ismcts(bot) => json::to_js(&Search::from(bot.last_search())),
        }
    }
}

/// The words of `action` as the seat of `view` is shown it.
fn words_of(view: &fairy_ring::AnyView, action: &AnyAction) -> String {
    ActionInView::<AnyGame>::new(view, action).to_string()
}

/// The words of `event` as the seat of `view` is shown it.
fn event_words(view: &fairy_ring::AnyView, event: &AnyEvent) -> String {
    EventInView::<AnyGame>::new(view, event).to_string()
}

/// Fickle's 22 Families in the order of the rows of a Favor table
/// (`view.favor.values[row][copy]`), so that a front end can show a card's
/// Favor number.
#[wasm_bindgen(js_name = fickleFamilies, unchecked_return_type = "fickle.Family[]")]
pub fn fickle_families() -> JsValue {
    json::to_js(&fairy_ring::fickle::Family::ALL)
}

/// The crate's name of a Fickle card ("Noble 4", "Noble 4'" for the second
/// card of Favor 4, "Pariah -2"): it names the card by the default Favor
/// breakdown; its Favor in a game is in the view's Favor table.
#[wasm_bindgen(js_name = fickleCardName)]
pub fn fickle_card_name(
    #[wasm_bindgen(unchecked_param_type = "fickle.CardFields")] card: JsValue,
) -> core::result::Result<String, JsValue> {
    let card: fairy_ring::fickle::Card = json::from_js(&card, "Fickle card")?;
    Ok(card.to_string())
}

/// The five games, with their names and player counts.
#[wasm_bindgen(unchecked_return_type = "GameEntry[]")]
pub fn games() -> JsValue {
    let entries: Vec<GameEntry> = GameKind::ALL
        .iter()
        .map(|kind| GameEntry {
            game: *kind,
            name: kind.name().to_string(),
            min_players: *kind.players().start(),
            max_players: *kind.players().end(),
        })
        .collect();
    json::to_js(&entries)
}

/// Plays random games of the standard `game` for `players` players with
/// `seed`, `games` times, and returns the number of moves played: the same
/// loop as [`playouts`] natively, for comparing speeds.
#[wasm_bindgen(js_name = randomPlayouts)]
pub fn random_playouts(
    game: &str,
    players: f64,
    games: u32,
    seed: f64,
) -> core::result::Result<f64, JsValue> {
    let config = Table::standard(game, players)?;
    let mut rng = rng_of(seed)?;
    let moves =
        playouts(&config, games, &mut rng).map_err(|error| Failure::new(ErrorKind::Bot, error))?;
    Ok(moves as f64)
}

/// Plays `games` random games of `config` and returns the number of moves:
/// the loop the benchmark figures time, in WebAssembly and natively.
pub fn playouts(
    config: &AnyConfig,
    games: u32,
    rng: &mut ChaCha8Rng,
) -> core::result::Result<u64, String> {
    let mut moves = 0u64;
    for _ in 0..games {
        let mut state = AnyGame::new(config, rng).map_err(|error| error.to_string())?;
        while let Some(player) = state.to_act().lowest() {
            let action = RandomBot
                .choose(&state.decision(player), rng)
                .map_err(|error| error.to_string())?;
            state
                .play(player, action, rng)
                .map_err(|error| error.to_string())?;
            moves += 1;
        }
    }
    Ok(moves)
}
