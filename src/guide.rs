//! A guide for authors of user interfaces and game servers.
//!
//! This module holds no code: it explains how to build on the crate safely,
//! with examples that run as tests.
//!
//! # The one rule: the server keeps the state, clients get views and events
//!
//! A game's state ([`Game`](crate::Game) implementor, e.g. [`AnyGame`](crate::AnyGame))
//! holds every secret: the deck order, every hand, face-down cards, choices
//! other players committed. A server keeps it and sends each client only
//! [`Message`](crate::Message)s, one when the game starts
//! ([`Message::opening`](crate::Message::opening)) and then one after a move
//! exactly when the seat has something to learn
//! ([`Message::after`](crate::Message::after)). A message holds:
//!
//! - the seat's view ([`try_view_for(seat)`](crate::Game::try_view_for)):
//!   everything that seat may know, and nothing else (two positions that
//!   differ only in what the seat cannot know give the same view);
//! - the events of the move passed through
//!   [`redact_all(events, seat)`](crate::Game::redact_all): what happened, as
//!   that seat may see it;
//! - that seat's own legal actions ([`legal_actions(player)`](crate::Game::legal_actions)).
//!
//! # What never to send
//!
//! - The state itself, its [`Setup`](crate::Game::Setup) (`to_setup`), or its
//!   serialization: they are the whole secret position.
//! - Events before redaction, or events redacted for another seat.
//! - A [`Record`](crate::Record) of a game still in play, or any part of its
//!   chance: it replays the whole game, hidden cards included. Publish records
//!   only after the game is over, if at all.
//! - Another player's legal actions: they can reveal a hand.
//! - The RNG, its seed, or anything drawn from it. Pass the server's RNG to
//!   [`new`](crate::Game::new) and [`apply`](crate::Game::apply) and keep it.
//! - A message to a seat that has nothing to learn from a move: even "a move
//!   happened" tells the seat that a secret move was made (how many items
//!   the Fairy removed, say). And never stay silent when a seat's choices
//!   changed, or it stalls. [`Message::after`](crate::Message::after)
//!   decides, by the one rule every table in the crate follows: a seat is
//!   sent a message exactly when its redacted events are not empty or its
//!   view or legal actions differ from the last message it was sent.
//! - `Debug` output of states, views or events: use their `Display` texts,
//!   which are written for people and never show more than the value holds.
//!
//! # A server loop
//!
//! Tables of any game behind [`AnyGame`](crate::AnyGame), recorded with a
//! [`Recorder`](crate::Recorder); actions arrive as the text a client typed
//! or clicked, read against the seat's decision with
//! [`Decision::read`](crate::Decision::read) (the words the seat was shown,
//! or the game's notation).
//! A refused move changes nothing and its error says which rule it broke.
//!
//! ```
//! use fairy_ring::rand_core::SeedableRng;
//! use fairy_ring::{AnyGame, Game, GameKind, Message, Player, Recorder, Seat};
//!
//! struct Table {
//!     game: Recorder<AnyGame>,
//!     rng: rand_chacha::ChaCha8Rng,
//!     /// What each seat holds: the last message it was sent.
//!     held: Vec<Message<AnyGame>>,
//! }
//!
//! impl Table {
//!     fn open(kind: GameKind, players: usize, seed: u64) -> Result<Table, Box<dyn std::error::Error>> {
//!         let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
//!         let game = Recorder::new(kind.config(players)?, &mut rng)?;
//!         let held = (0..players as u8)
//!             .map(|p| Message::opening(game.state(), Seat::Player(Player(p))))
//!             .collect::<Result<_, _>>()?;
//!         Ok(Table { game, rng, held })
//!     }
//!
//!     /// One client's move, as the words or notation it typed. On success,
//!     /// the message for each seat that has something to learn (`None` for
//!     /// the others: a message of nothing would be a leak).
//!     fn play(&mut self, player: Player, text: &str) -> Result<Vec<Option<Message<AnyGame>>>, String> {
//!         let decision = self.game.state().decision(player);
//!         let action = decision.read(text).map_err(|e| e.to_string())?;
//!         let events = self.game.apply(player, action, &mut self.rng).map_err(|e| e.to_string())?;
//!         let state = self.game.state();
//!         Ok(self
//!             .held
//!             .iter_mut()
//!             .map(|last| {
//!                 let message = Message::after(state, &events, last)?;
//!                 *last = message.clone();
//!                 Some(message)
//!             })
//!             .collect())
//!     }
//! }
//!
//! let mut table = Table::open(GameKind::Fairy, 2, 7)?;
//! // Player 1 guesses; player 2 learns only that a guess was made.
//! let messages = table.play(Player(0), "higher")?;
//! let told_player_2 = messages[1].as_ref().ok_or("player 2 sees that a guess was made")?;
//! assert!(told_player_2.events.iter().all(|e| !e.to_string().contains("higher")));
//! // A move out of turn is refused, and nothing changes.
//! assert!(table.play(Player(0), "lower").is_err());
//! // Player 2 answers; the card is revealed to everyone.
//! let messages = table.play(Player(1), "catch")?;
//! assert!(messages.iter().all(|m| m.as_ref().is_some_and(|m| !m.events.is_empty())));
//! assert_eq!(messages[1].as_ref().map(|m| m.legal.len()), Some(4));
//! // The record replays the game, for the archive once the game is over.
//! let record = table.game.record();
//! assert_eq!(record.state_at(record.len()).as_ref(), Ok(table.game.state()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Animating a move from its events
//!
//! [`apply`](crate::Game::apply) returns what happened, in order, as events:
//! a card revealed, points scored, a Swarm won, a die rolled, a Power
//! resolved. Each is one visible change, so a client can animate them one
//! after another without comparing views. Redacted for a seat, an event keeps
//! its place in the list but carries only what the seat may know (a card
//! drawn by another player is "a card"); an event the seat learns nothing of
//! is left out. After the events, the new view is the truth to settle on.
//!
//! # Words and notation
//!
//! Every action, event, view, rule broken and outcome has a `Display` text in
//! the players' words. Each game also has a short notation for actions, read
//! by `FromStr` and by [`Game::parse_action`](crate::Game::parse_action), that
//! reads back what `Display` prints (see each game's `# Notation`). With
//! [`AnyGame`](crate::AnyGame), an action's text is the game's own; out of a
//! table's context, [`AnyAction::tagged`](crate::AnyAction::tagged) prefixes
//! the game (`"fairy: higher"`), which [`AnyAction`](crate::AnyAction)'s
//! `FromStr` reads.
//!
//! # Serialized shapes (feature `serde`)
//!
//! `docs/JSON.md` shows every shape a client meets, game by game. In short:
//!
//! - Field names and enum variants are `snake_case`: a unit variant is a
//!   string (`"same_suit"`), any other an object with the variant as its one
//!   key (`{"select": 3}`, `{"guessed": {"player": 0, "guess": "lower"}}`).
//! - A player is their seat number from 0; a [`Seat`](crate::Seat) is
//!   `{"player": 0}` or `"spectator"`; a [`PlayerSet`](crate::PlayerSet) is a
//!   list of seat numbers, `[0, 2]`.
//! - A card is an object of what is printed on it, with `copy` (from 0) when
//!   the game tells copies apart: Season `{"season": "spring", "number": 3,
//!   "copy": 1}`, Fickle `{"family": "dispel", "copy": 2}`, Fairy
//!   `{"number": 14}`; a Fayre Mischief card is its kind, `"reroll_die"`.
//! - A `State` serializes as its `Setup`, and deserializing validates it: bytes
//!   can never build an impossible position.
//! - The `Any` types are objects with the game's short name
//!   ([`GameKind::id`](crate::GameKind::id)) as their one key:
//!   `{"fairy": "higher"}`.
//! - A [`Record`](crate::Record) is `{"format": 2, "rules": 1, "config": ...,
//!   "deal": [...], "check": ..., "moves": [{"player": 0, "action": ...,
//!   "chance": [...], "check": ...}, ...]}`: the numbers drawn, not a seed,
//!   so it replays on any platform (the formats: [`Canonical`](crate::Canonical)).
