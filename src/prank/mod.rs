//! **Fairy Prank**: the Fairy hides items from the treasure box; the others
//! guess what is still inside. 2 to 6 players.
//!
//! # The game in this crate
//!
//! - **Setup.** Seat 0 holds the starting player token. The items are data
//!   ([`Treasures`], the ten printed items by default); an [`Item`] is an
//!   index into that set, and its token shares the index.
//! - **A round (3 to 6 players).** In the [`Phase::Selection`] players take
//!   turns clockwise from the starting player, each putting one item of the
//!   supply in the box ([`Action::Select`]) or, with 3 or more items in,
//!   ending the phase ([`Action::EndSelection`]); with every item in, ending
//!   is the only choice. Whoever ends it is the Fairy, who then removes items
//!   one at a time ([`Action::Remove`]) and closes the box
//!   ([`Action::DoneHiding`]); at least one item is removed and one stays.
//!   In the [`Phase::Guessing`] the others guess clockwise from the Fairy's
//!   left ([`Action::Guess`]) among the round's tokens still face up: a right
//!   guess marks the item on the guesser's [`Sheet`], a wrong one on the
//!   Fairy's. The phase ends when every removed item or every item in the box
//!   has been guessed; the token passes left and a new round begins.
//! - **Winning.** A sheet with one item marked three times, or six different
//!   items marked, wins at once, whoever holds it.
//! - **Beginner variant** ([`Variant::Beginner`]): every item starts in the
//!   box, there is no Selection phase and the starting player is the Fairy.
//! - **2 players** ([`Rules::TwoPlayer`]): the starting player is the Fairy
//!   and puts 2 items in the box in secret (one more each round); the other
//!   names items one by one. A wrong guess loses at once; finding them all
//!   swaps the roles. When the item set cannot fill a bigger box, the game
//!   is drawn.
//! - **Listening to the box.** [`BoxSound`] says what the guessers learn
//!   instead: the number of items (default) or nothing.
//!
//! Every decision the rulebook leaves open is in `docs/RULINGS.md`
//! under "Prank".
//!
//! # Items by name
//!
//! [`Treasures::find`] finds an item by its name, ignoring case, spaces
//! around the name and how many spaces stand between its words; two names
//! of one set never match alike ([`Treasures::new`] refuses them).
//! [`Item::named`] and [`Items::named`] show items by name; an [`Item`]
//! alone displays as "item 3" and parses back from that, and [`Items`] as
//! "item 2 and item 3".
//!
//! # Notation
//!
//! An [`Action`] is written as the players say it, and `Display` prints
//! exactly that with items by number ("item 3"); [`Action::named`] prints
//! the item's name from the table's [`Treasures`] instead. `FromStr` reads
//! the numbered form back, [`Action::parse_named`] both forms:
//!
//! ```text
//! action := "put" item "in" "the" "box" | "select" item      Select
//!         | "end" [ [ "the" ] "selection" ]                  EndSelection
//!         | ( "hide" | "remove" ) item                       Remove
//!         | "close" [ "the" "box" ]                          DoneHiding
//!         | "guess" item                                     Guess
//! item   := "item" N        N from 1 to 256 (any Item; legal ones are in the set)
//!         | name            with Action::parse_named: a name of the set
//! ```
//!
//! Words are separated by any whitespace, which may also surround the
//! action; case does not matter. With [`Action::parse_named`] a name is
//! matched as [`Treasures::find`] does and wins over "item N". `Display`
//! writes the first form of each line ("end selection", "close the box").
//! Anything else is a [`ParseActionError`] saying what was wrong, in words
//! a person reads (its `at` gives programs the byte offset): no action, an
//! unknown verb, a missing or unknown item, an item number out of range, a
//! `put` without `in the box`, an action cut short (`close the`), or extra
//! text. Parsing never panics.
//!
//! **At a table** the item set is known, so both forms read in its
//! context: [`Game::read_action`](crate::Game::read_action) (what
//! [`Decision::read`](crate::Decision::read) uses) reads the view's item
//! names and refuses an item number past the table's items
//! ([`Action::read_at_table`]: "there is no item 11 in this game: its items
//! are numbered 1 to 10"), and [`Game::parse_action`](crate::Game::parse_action)
//! reads the names of the state's set as well as every `Display` text.
//!
//! ```
//! use fairy_ring::prank::{Action, Item, ParseActionError, Treasures};
//!
//! let printed = Treasures::default();
//! assert_eq!(Action::Select(Item(2)).to_string(), "put item 3 in the box");
//! assert_eq!(Action::Select(Item(2)).named(&printed).to_string(), "put marble in the box");
//! assert_eq!("put item 3 in the box".parse(), Ok(Action::Select(Item(2))));
//! assert_eq!("  SELECT  item 3 ".parse(), Ok(Action::Select(Item(2))));
//! assert_eq!("end selection".parse(), Ok(Action::EndSelection));
//! assert_eq!("end".parse(), Ok(Action::EndSelection));
//! assert_eq!("Close the box".parse(), Ok(Action::DoneHiding));
//! assert_eq!(Action::parse_named("hide piece of felt", &printed), Ok(Action::Remove(Item(3))));
//! assert_eq!(Action::parse_named("guess Metal  Ring", &printed), Ok(Action::Guess(Item(9))));
//! assert_eq!("guess marble".parse::<Action>(), Err(ParseActionError::UnknownItem { at: 6 }));
//! for action in [Action::EndSelection, Action::Remove(Item(255)), Action::Guess(Item(0))] {
//!     assert_eq!(action.to_string().parse(), Ok(action));
//!     assert_eq!(Action::parse_named(&action.named(&printed).to_string(), &printed), Ok(action));
//! }
//! ```
//!
//! # Words
//!
//! [`Event`], [`View`], [`Violation`], [`SetupError`], [`Phase`] and
//! [`Rules`] display in the rulebook's words, items by number; their
//! `named` wrappers ([`Event::named`], [`View::named`],
//! [`Violation::named`]) write item names. Every redacted event reads in
//! words ("player 1, the Fairy, secretly puts an item in the box").
//!
//! ```
//! use fairy_ring::prank::{Config, State};
//! use fairy_ring::{Game, Player, Seat};
//! use rand_core::SeedableRng;
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let state = State::new(&Config::new(3)?, &mut rng)?;
//! let view = state.view_for(Seat::Player(Player(0)));
//! let text = view.named(&state.config().treasures).to_string();
//! assert!(text.contains("In the supply: wooden stick, die, marble"));
//! assert!(text.ends_with("player 1 (you) to put an item in the box"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # Positions
//!
//! [`State::builder`] writes a position in a few lines: what is in the box,
//! what was removed, who guesses next; the phase, the Fairy, the starting
//! player, the round and the sheets follow ([`PositionBuilder`]). [`Setup`]
//! is the same position as plain data.
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
//! use fairy_ring::prank::State;
//! use fairy_ring::{Game, Player, Seat};
//!
//! // Four players; player 2 was the Fairy and removed one item in secret;
//! // player 3 guesses first.
//! let position = |removed: &str, in_box: [&str; 3]| {
//!     State::builder(4)
//!         .in_box(in_box)
//!         .removed([removed])
//!         .fairy(Player(1))
//!         .guessing_from(Player(2))
//!         .build()
//! };
//! let a = position("marble", ["die", "rope", "diamond"])?;
//! let b = position("die", ["marble", "rope", "diamond"])?;
//! assert_ne!(a, b);
//! let seat = Seat::Player(Player(2));
//! assert_eq!(a.view_for(seat), b.view_for(seat));
//! # Ok::<(), fairy_ring::prank::SetupError>(())
//! ```
//!
//! # Sampling
//!
//! [`State`] implements [`Sample`](crate::Sample): from one seat's view it
//! draws a position that seat cannot tell from the real one, with the only
//! secret of the game (how the round's items are split between the box and
//! the Fairy's hiding place) drawn uniformly among the splits the view
//! allows. A view holds everything its seat saw, so the seat's [`Memory`]
//! is empty and a bot needs nothing but its latest view. What is redrawn,
//! kept and not used is told on the impl (and in `docs/RULINGS.md`).
//!
//! ```
//! use fairy_ring::prank::{Config, State};
//! use fairy_ring::{Game, InfoState, Player, Seat};
//! use rand_core::SeedableRng;
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let state = State::builder(4)
//!     .in_box(["die", "rope", "spring"])
//!     .removed(["marble", "diamond"])
//!     .fairy(Player(0))
//!     .guessed(["marble"])
//!     .build()?;
//! let seat = Seat::Player(Player(2));
//! let info = InfoState::<State>::new(seat, state.view_for(seat));
//! let guess = info.sample(state.config(), &mut rng)?;
//! assert_eq!(guess.view_for(seat), info.view);
//! // The marble was guessed wrong: it is out of the box in every sample.
//! assert!(!guess.in_box().contains(state.config().treasures.parse("marble")?));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! # The order of the legal actions
//!
//! [`legal_actions`](crate::Game::legal_actions) lists, for a user
//! interface to show as a menu:
//!
//! - in a Selection phase, [`Action::Select`] for each item still in the
//!   supply in item order, then [`Action::EndSelection`] if allowed (in 2
//!   players there is no `EndSelection`);
//! - in a Hiding phase, [`Action::Remove`] for each item in the box in item
//!   order (none when one is left), then [`Action::DoneHiding`] once an item
//!   is out;
//! - in a Guessing phase, [`Action::Guess`] for each token in play and still
//!   face up, in item order.
//!
//! Item order is the order of the [`Treasures`] (the rulebook's order for the
//! printed items).
//!
//! # Limits
//!
//! - Legal actions: at most one per item, so 16 (10 with the printed items):
//!   a Selection never offers every item together with ending it, and the
//!   Fairy may close the box only once an item is out.
//! - Events per `apply`: at most 4 (a guess, its mark, the end of the
//!   Guessing phase and the start of the next round).
//! - Game length: see [`max_game_length`](crate::Game::max_game_length) —
//!   with `n` players and `k` items, at most `M = 2·min(k, 5)·n + 1`
//!   guesses, so `M(2k + 2)` actions for the full game, `M(k + 1)` for the
//!   beginner game and `k(k + 1) - 2` for 2 players. With the ten printed
//!   items `M = 10n + 1`.
//! - Randomness: none. No action consumes any.
//!
//! # Example
//!
//! A 2-player round: the Fairy hides the die and the marble; the guesser
//! names the marble, then the die, and the roles swap.
//!
//! ```
//! use fairy_ring::prank::{Action, Config, Phase, State};
//! use fairy_ring::{Game, Player};
//! use rand_core::SeedableRng;
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
//! let mut state = State::new(&Config::new(2)?, &mut rng)?;
//! let die = state.config().treasures.parse("die")?;
//! let marble = state.config().treasures.parse("marble")?;
//! state.apply(Player(0), Action::Select(die), &mut rng)?;
//! state.apply(Player(0), Action::Select(marble), &mut rng)?;
//! assert_eq!(state.phase(), Phase::Guessing { fairy: Player(0) });
//! state.apply(Player(1), Action::Guess(marble), &mut rng)?;
//! state.apply(Player(1), Action::Guess(die), &mut rng)?;
//! assert_eq!(state.round(), 2);
//! assert_eq!(state.fairy(), Some(Player(1)));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
mod builder;
mod config;
mod event;
#[cfg(feature = "arbitrary")]
mod fuzzing;
mod items;
mod memory;
#[cfg(feature = "testing")]
mod relabel;
#[cfg(feature = "testing")]
mod reveals;
#[cfg(feature = "testing")]
mod rulebook_outcome;
#[cfg(feature = "testing")]
mod rulebook_position;
mod sample;
mod setup;
mod sheet;
mod state;
mod tensor;
#[cfg(feature = "testing")]
mod twin;
mod view;
mod words;

pub use action::{Action, Violation};
pub use builder::{Named, PositionBuilder};
pub use config::{BoxSound, Config, MAX_PLAYERS, MIN_PLAYERS, Rules, Variant};
pub use event::{Event, GuessingEnd};
pub use items::{
    Item, ItemKey, ItemName, Items, ItemsIter, MAX_ITEMS, MAX_NAME_LEN, MIN_ITEMS, NamedItem,
    NamedItems, ParseItemError, STANDARD_ITEMS, Treasures, UnknownItem,
};
pub use memory::Memory;
pub use setup::{Setup, SetupError};
pub use sheet::{ITEMS_TO_WIN, MARKS_TO_WIN, Sheet};
pub use state::{Phase, State};
pub use view::View;
pub use words::{NamedAction, NamedEvent, NamedView, NamedViolation, ParseActionError};
