//! **A Midsummer Night's Fayre**: place your dice on carnival Mini Games,
//! meddle with everyone's dice through Fairy Mischief, and roll the Goblin
//! die into the Prize Pit. 2 to 5 players.
//!
//! # The game in this crate
//!
//! - **Setup** ([`Game::new`](crate::Game::new)). Two of the twelve
//!   [`MiniGame`] cards go back in the box unseen, three of the other ten are
//!   turned up (their Fairy dice rolled if they take them now). Everyone has
//!   six dice in a rolled pool and two [`Mischief`] cards; the nine Fairy
//!   dice sit in a shared pool. Player 1 starts.
//! - **A turn** is a Fairy Mischief action and then a Dice action, each a
//!   short sequence of small decisions ([`Phase`] says which is asked for):
//!   - Mischief: [`Action::Draw`] (fewer than 3 cards in hand), or
//!     [`Action::Play`] a card then [`Action::Pick`] its die (the swap picks
//!     a second die; the blue and red fairies then choose an
//!     [`Action::Shift`]; the pool re-roll chooses a player with
//!     [`Action::ChoosePlayer`]). [`Action::NoMischief`] only when neither is
//!     possible.
//!   - Dice: [`Action::Pick`] a die of your pool (by its face), then
//!     [`Action::PlaceOn`] a Mini Game (and a side of Tug of War). With an
//!     empty pool you pick any player die on a card and move it to another.
//! - **Scoring.** A card whose player spaces are all full is scored at once
//!   ([`score`]): a die on the magic number earns 1 point; 1st place rolls the
//!   Goblin die into the Prize Pit ([`Phase::PrizePit`]), 2nd scores 3, 3rd
//!   scores 1; ties share a place. Dice go home re-rolled, the card is
//!   discarded and the next is turned up.
//! - **The end.** When one incomplete Mini Game is left (or the move limit
//!   is reached, see [`Config::move_limit`]), every player, from the one
//!   whose turn it was, rolls one of their dice into the Prize Pit; the most
//!   points wins, ties share the victory.
//!
//! # Order of legal actions
//!
//! [`legal_actions`](crate::Game::legal_actions) lists the decisions in a
//! stable order, the order a menu shows them in:
//!
//! - Fairy Mischief: [`Action::Draw`], then [`Action::Play`] for each kind of
//!   card held, in [`Mischief::ALL`] order ([`Action::NoMischief`] alone).
//! - A die to pick (a card's target, the swap's second die, the die to place
//!   or move): the dice pools in seat order, each pool's faces ascending (one
//!   action per distinct face); the Fairy dice pool, faces ascending; then
//!   the Mini Games in table order, each with its player dice by space and
//!   then its Fairy dice by space.
//! - A player to choose: seat order, then [`Action::DeclineSteal`] after a
//!   Goblin.
//! - [`Shift::Up`] before [`Shift::Down`]; destinations in table order, the
//!   left side of Tug of War before the right; reported Prize Pit outcomes
//!   in [`PrizePit::outcomes`] order; discards in [`Mischief::ALL`] order.
//!
//! That is ascending [`Action`] order (its `Ord`), except that dice on the
//! cards come card by card.
//!
//! # Positions and names
//!
//! [`State::builder`] writes a position in the rulebook's words, naming only
//! what matters and filling in the rest ([`PositionBuilder`]); [`Setup`] is
//! the same position as plain data. Mini Games and Mischief cards are
//! written and parsed by the names the players use ([`MiniGame`] and
//! [`Mischief`] implement `Display` and `FromStr`).
//!
//! Seats are [`Player`](crate::Player)s and scores
//! [`Score`](crate::Score)s everywhere. Table positions (0 to 2), player and
//! Fairy spaces on a card and Prize Pit squares are `u8` wherever they
//! appear (in actions, events, [`DieRef`] and the accessors), which keeps
//! actions and events small; every count is a `usize`.
//!
//! Mischief hands, both draw piles and the two cards in the box are hidden;
//! dice, cards in play, scores and the discard pile are public. A stolen card
//! is seen by the thief and the victim only.
//!
//! For the leak oracle (feature `testing`), [`State`] implements
//! [`Twins`](crate::testing::Twins): a twin redraws the Mini Game deck and
//! box and the Mischief draw pile's order, and the other hands with the draw
//! pile's contents only while the state proves the seat knows nothing more
//! of them (before the first scoring, before any reshuffle, and while every
//! pool has a die: a steal, a reshuffle or a pass holding cards tell more,
//! and the state does not record who saw what).
//!
//! ## A hidden position in ten lines
//!
//! Every game's builder writes a position the same way:
//! `State::builder(players)` (which never fails), one call per thing that
//! matters, `build()` (where every mistake is reported, as a [`SetupError`]).
//! Calls that put cards somewhere add to what earlier calls put there;
//! piles and decks are listed bottom first, the top card last, as in
//! [`Setup`]; a hand never named is empty unless the game's rules fix its
//! size. Here two positions differ only in what one player keeps secret,
//! and another player cannot tell them apart:
//!
//! ```
//! use fairy_ring::fayre::State;
//! use fairy_ring::{Game, Player, Seat};
//!
//! // Magic Geode Shy in play with a die on its third space; player 1 holds
//! // one secret Mischief card; player 2 is to play.
//! let position = |secret: &str| {
//!     State::builder(3)
//!         .mini_game("Magic Geode", |g| g.die_on(2, Player(0), 5))
//!         .hand(Player(0), [secret])
//!         .hand(Player(1), ["yellow fairy"])
//!         .to_play(Player(1))
//!         .build()
//! };
//! let (a, b) = (position("grey fairy")?, position("pink fairy")?);
//! assert_ne!(a, b);
//! let seat = Seat::Player(Player(1));
//! assert_eq!(a.view_for(seat), b.view_for(seat));
//! # Ok::<(), fairy_ring::fayre::SetupError>(())
//! ```
//!
//! # What a seat knows, and positions drawn from it
//!
//! [`State`] implements [`Sample`](crate::Sample): a seat's view plus its
//! [`Memory`] (a card stolen from it is in the thief's hand; a player who
//! takes no Mischief action holding cards when only one kind of card has no
//! target holds only that kind; after a
//! reshuffle it watched, the draw pile and the cards drawn from it are
//! cards of the discard pile that became it) is its information state, and
//! [`InfoState::sample`](crate::InfoState::sample) draws a position from it:
//! the Mini Game deck and box, the other hands and the Mischief draw pile
//! are redrawn uniformly among the arrangements that information allows;
//! opponents' choices never weight a sample. The ruling "Fayre: what a seat
//! remembers" says what the memory leaves out.
//!
//! Every decision the rulebook leaves open, and every component value chosen
//! as a default because none is published, is in `docs/RULINGS.md`
//! under "Fayre".
//!
//! # Notation
//!
//! Every [`Action`], [`Event`], [`View`], [`Phase`], [`Violation`] and
//! [`SetupError`] displays in the players' words, seats as `player 1`,
//! `player 2`... An action's `Display` is its notation, and `FromStr` reads
//! it back (`action.to_string().parse() == Ok(action)`). A Mini Game in play
//! is written by its table position, `game 1` to `game 3`, as the [`View`]
//! lists them ("game 1: Ring Toss; ..."); [`View::describe`] tells the same
//! action with the printed names ("place the 4 in your pool on Ring
//! Toss"), and [`View::describe_event`] an event. Spaces and prize squares
//! count from 1.
//!
//! ```text
//! action := "draw" ["a" "Mischief" "card"] | "take" "no" "Mischief" "action"
//!         | "play" ["the"] MISCHIEF | "discard" ["the"] MISCHIEF
//!         | "pick" die | ["move" "the" "die"] ("up" | "down") | "choose" player
//!         | "place" "it" "on" game [side]
//!         | "roll" ["into" "the" "Prize" "Pit"] | "report" outcome | "steal" "nothing"
//!         -- and the words a seat is shown (View::describe):
//!         | "place" die ["on" game [side]] | "move" die [("up" | "down") ["by" N] | "to" game [side]]
//!         | "turn" "over" die | "change" die | "swap" die ["with" die]
//!         | "re-roll" (die | whose "dice" "pool")
//!         | "roll" ("the" "Goblin" "die" | "one" "of" ("their" | whose) "dice") "into" "the" "Prize" "Pit"
//!         | "steal" "a" "Mischief" "card" "from" player
//! die    := ["the"] FACE "in" (whose | "the" "Fairy") "pool"
//!         | ["the"] "player" "die" "on" game ["," ] "space" N | whose FACE "on" game "space" N
//!         | ["the"] "Fairy" ("die" | FACE) "on" game ["," ] "Fairy" "space" N
//! game   := "game" N | NAME
//! side   := ("left" | "right") ["side"]
//! whose  := player "'s" | "your"
//! outcome := FACE ["on" "prize" "square" N] | "the" "Goblin" | "the" "sleeping" "dragon"
//!         | "bounced" "out"
//! player := "player" N
//! ```
//!
//! `FACE` is 1 to 6, `N` 1 to 256; `MISCHIEF` is the rest of the text, any
//! name [`Mischief`] parses ("yellow fairy", "blue", "re-roll a dice
//! pool"). Words are separated by whitespace (commas are ignored), case does
//! not matter. A die on a card is named by its place; the bare notation
//! does not check the owner and face the words give it.
//!
//! `NAME` (a Mini Game's printed name, "Ring Toss") and `your` need a seat's
//! context: [`Game::read_action`](crate::Game::read_action) reads a text in
//! a [`View`], where they name the Mini Game in play and the seat's own
//! dice, and where numbers are the table's (players 1 to 3 at a 3-player
//! table, games 1 to 3, the spaces of the card named), so every text
//! [`View::describe`] shows reads back to its action. There the words must
//! also fit the table and the decision, or the text is refused rather than
//! read as another move: a die on a card has the owner and face the words
//! say ("your 4 on Ring Toss, space 1"); the die a decision is about (the
//! one being placed, moved up or down, or swapped) is the one the words
//! name; a die is picked with the verb the decision shows ("turn over" for
//! the yellow fairy, "change" for the blue and red, "swap" for the grey,
//! "re-roll" for the pink; "place" for a pool die and "move" for a die on a
//! card in the Dice action; "pick" always), the dice of a swap one at a
//! time, the second named with the first; a Prize Pit roll names the die
//! it waits for and its roller; and a rival to rob is not a pool to
//! re-roll. A text shown earlier in the turn reads to its action or is
//! refused, never read as another. `FromStr` reads the bare notation and refuses them with a
//! [`ParseActionError`] that says so. Any other text is a
//! [`ParseActionError`] naming what was typed and what was expected;
//! parsing never panics.
//!
//! ```
//! use fairy_ring::fayre::{Action, DieRef, Face, Mischief, Side};
//! use fairy_ring::Player;
//!
//! let four = Action::Pick(DieRef::Pool { owner: Player(1), face: Face::ALL[3] });
//! assert_eq!(four.to_string(), "pick the 4 in player 2's pool");
//! assert_eq!("PICK the 4 in  player 2's pool".parse(), Ok(four));
//! let placed = Action::Pick(DieRef::Placed { booth: 0, space: 2 });
//! assert_eq!(placed.to_string(), "pick the player die on game 1, space 3");
//! let tug = Action::PlaceOn { booth: 2, side: Some(Side::Left) };
//! assert_eq!(tug.to_string(), "place it on game 3, left side");
//! assert_eq!("place it on game 3 left".parse(), Ok(tug));
//! assert_eq!(Action::Play(Mischief::Flip).to_string(), "play the yellow fairy (flip a die)");
//! assert_eq!("play yellow".parse(), Ok(Action::Play(Mischief::Flip)));
//! assert_eq!("draw".parse(), Ok(Action::Draw));
//! assert_eq!("report 4 on prize square 2".parse::<Action>()?.to_string(), "report 4 on prize square 2");
//! # Ok::<(), fairy_ring::fayre::ParseActionError>(())
//! ```
//!
//! In a seat's context, the words it is shown read back too:
//!
//! ```
//! use fairy_ring::fayre::{Action, DieRef, Face, State};
//! use fairy_ring::{Game, Player, Seat};
//!
//! let state = State::builder(3).mini_game("Ring Toss", |g| g).build()?;
//! let view = state.view_for(Seat::Player(Player(0)));
//! let place = Action::PlaceOn { booth: 0, side: None };
//! assert_eq!(State::read_action(&view, "place the 4 in your pool on Ring Toss"), Ok(place));
//! let error = State::read_action(&view, "choose player 9").map_err(|e| e.to_string());
//! assert_eq!(error, Err("there is no player 9: players are numbered 1 to 3".into()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Limits
//!
//! - Legal actions: at most 75 (picking any die for the yellow, blue or red
//!   fairy: 5 pools × 6 faces, 6 Fairy pool faces, 30 player and 9 Fairy
//!   spaces on cards); a reported Prize Pit roll offers at most 45.
//! - Events per `apply`: at most about 30 (a scoring with five players).
//! - Game length: see [`State`]'s `max_game_length` (about 4,300 actions for
//!   five players with the standard move limit).
//! - Randomness is consumed by [`Game::new`](crate::Game::new) and only by
//!   these actions: [`Action::Draw`] from an empty draw pile (the discard
//!   pile is shuffled), the pink fairy's re-roll and the pool re-roll, a
//!   [`Action::PlaceOn`] that fills a card (Fairy die before scoring,
//!   returning dice, the next card's Fairy dice), [`Action::RollPrizePit`],
//!   and the steal ([`Action::ChoosePlayer`] after a Goblin: a random card
//!   of the victim's hand). [`Action::ReportPrizePit`] uses none.
//!
//! # Example
//!
//! A whole game between random bots, with Prize Pit rolls simulated:
//!
//! ```
//! use fairy_ring::fayre::{Config, State};
//! use fairy_ring::{Bot, Game, RandomBot};
//! use rand_chacha::ChaCha8Rng;
//! use rand_core::SeedableRng;
//!
//! let mut rng = ChaCha8Rng::seed_from_u64(7);
//! let mut state = State::new(&Config::new(3)?, &mut rng)?;
//! while let Some(player) = state.to_act().lowest() {
//!     let action = RandomBot
//!         .choose(&state.decision(player), &mut rng)
//!         .expect("a player to act has a move");
//!     state.apply(player, action, &mut rng)?;
//! }
//! let outcome = state.outcome().expect("the game is over");
//! assert_eq!(outcome.scores().len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
mod builder;
mod config;
mod dice;
mod event;
#[cfg(feature = "arbitrary")]
mod fuzzing;
mod memory;
mod mini_game;
mod mischief;
mod name;
mod notation;
mod parse_error;
mod pool;
mod prize_pit;
#[cfg(feature = "testing")]
mod relabel;
#[cfg(feature = "testing")]
mod reveals;
#[cfg(feature = "testing")]
mod rulebook_outcome;
#[cfg(feature = "testing")]
mod rulebook_position;
mod rules;
mod sample;
pub mod score;
mod setup;
mod state;
mod tensor;
mod turn;
#[cfg(feature = "testing")]
mod twin;
mod typed;
mod view;
mod words;

pub use action::{Action, Shift, Violation};
pub use builder::{MiniGameBuilder, PositionBuilder};
pub use config::{Config, MAX_PLAYERS, MIN_PLAYERS, STANDARD_MOVE_LIMIT};
pub use dice::{DICE_PER_PLAYER, DieRef, FAIRY_DICE, Face, NotAFace, PlacedDie, Side};
pub use event::{Ending, Event, Reason};
pub use memory::Memory;
pub use mini_game::{
    Booth, FairyTiming, IN_PLAY, MAX_FAIRY_SPACES, MAX_PLAYER_SPACES, MINI_GAMES, MiniGame,
    MiniGameCard, MiniGameCards, REMOVED,
};
pub use mischief::{CardCounts, HAND_LIMIT, MISCHIEF_CARDS, Mischief};
pub use name::NameError;
pub use parse_error::{Numbered, ParseActionError};
pub use prize_pit::{
    GoblinFace, MAX_SQUARES, PLAYER_DIE, PitDie, PitOutcome, PrizePit, PrizeSquare, RollMode,
    STANDARD_GOBLIN_DIE,
};
pub use setup::{SeatList, Setup, SetupError};
pub use state::{Phase, State};
pub use typed::Typed;
pub use view::View;

/// The most legal actions any decision offers (see the module docs).
pub const MAX_LEGAL_ACTIONS: usize = 75;
