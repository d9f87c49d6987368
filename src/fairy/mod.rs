//! **Fairy**: predict the next card of the charm deck before all the fairies
//! appear. 2 to 10 players.
//!
//! # The game in this crate
//!
//! - **Setup.** The 21 [`Card`]s are shuffled and the top one is flipped to
//!   start the pile. Everyone starts at 0 on a track from -4 to 24.
//! - **A turn.** Every player still in the game commits a [`Guess`] (the
//!   gestures are simultaneous: each commit is one `apply`, and the others see
//!   only *that* a player guessed). When the last guess is in, the next card is
//!   revealed and compared with the previous one: Higher and Lower score +2,
//!   Same Suit +4, Catch (a fairy) +7; a wrong guess loses 1. A score never
//!   drops below -4.
//! - **The end.** Reaching 24 wins at once. Otherwise the game ends at the end
//!   of the turn in which the last fairy appears ([`Variant::Standard`]) or in
//!   which someone reaches 15 ([`Variant::FifteenPoints`]). Tied leaders play
//!   on alone ([`Stage::PlayOff`]) until one player alone has the highest
//!   score; if the deck runs out first the leaders share the victory.
//!
//! # Actions and positions
//!
//! - **Legal actions.** A player in [`to_act`](crate::Game::to_act) may make
//!   any of the four guesses, listed in score-card order: Higher, Lower,
//!   Same Suit, Catch ([`Guess::ALL`], [`Guess::index`]). Everyone else,
//!   including a player who has guessed this turn or sits out a play-off, has
//!   none, and `apply` refuses them with
//!   [`ActionError::NotToAct`](crate::ActionError::NotToAct). No guess is
//!   ever illegal for a player to act, so [`Violation`] has no values.
//! - **Words.** [`Card`]s are written as their numbers (`14`), [`Guess`]es as
//!   the score card names them (`higher`, `lower`, `same suit`, `catch`; see
//!   [Notation](#notation)) and [`Suit`]s by their place, as the rulebook
//!   names no colours (`first suit`, `second suit`, `third suit`); each
//!   parses back with `FromStr`. [`Event`], [`View`], [`Stage`],
//!   [`SetupError`] and [`Violation`] display in the rulebook's words, with
//!   seats as `player 1`, `player 2`, ...
//! - **Positions.** [`State::builder`] makes a position from what matters to
//!   it (the top of the pile, the next cards, scores, guesses already made)
//!   and fills in the rest; [`Setup`] is the same position as plain data.
//! - **Information.** A seat's view shows only the top card of the pile, as
//!   the rules say; the covered cards it saw revealed are its [`Memory`].
//!   With both, [`Sample`](crate::Sample) draws a position the seat cannot
//!   tell from the real one: the deck order and the other players' pending
//!   guesses are redrawn uniformly.
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
//! use fairy_ring::fairy::{Guess, State};
//! use fairy_ring::{Game, Player, PlayerSet, Seat};
//!
//! // 14 is face up, 11 comes next (unseen); player 1 has guessed in secret.
//! let position = |secret: Guess| {
//!     State::builder(3)
//!         .pile_top(14)
//!         .top_of_deck([3, 11])
//!         .scores([5, 2, 7])
//!         .guessed(Player(0), secret)
//!         .build()
//! };
//! let (a, b) = (position(Guess::Lower)?, position(Guess::Catch)?);
//! assert_ne!(a, b);
//! assert_eq!(a.to_act(), [Player(1), Player(2)].into_iter().collect::<PlayerSet>());
//! let seat = Seat::Player(Player(1));
//! assert_eq!(a.view_for(seat), b.view_for(seat));
//! # Ok::<(), fairy_ring::fairy::SetupError>(())
//! ```
//!
//! # Notation
//!
//! An [`Action`] (a [`Guess`]) is written as the score card names it, and
//! `Display` prints exactly that; `FromStr` reads it back, and a few short
//! forms:
//!
//! ```text
//! action := [ "guess" ] guess
//! guess  := "higher" | "h" | "lower" | "l" | "same" "suit" | "s" | "catch" | "c"
//! ```
//!
//! Words are separated by any whitespace, which may also surround the
//! action, and case does not matter. Anything else is a
//! [`ParseActionError`] saying what was wrong: no guess, an unknown word, a
//! `same` without `suit`, or text after the guess. Parsing never panics.
//!
//! ```
//! use fairy_ring::fairy::{Action, Guess, ParseActionError};
//!
//! assert_eq!(Guess::SameSuit.to_string(), "same suit");
//! assert_eq!("same suit".parse(), Ok(Guess::SameSuit));
//! assert_eq!("  Guess  SAME   Suit ".parse(), Ok(Guess::SameSuit));
//! assert_eq!("h".parse(), Ok(Guess::Higher));
//! assert_eq!("L".parse(), Ok(Guess::Lower));
//! assert_eq!("c".parse(), Ok(Guess::Catch));
//! assert_eq!("fairy".parse::<Action>(), Err(ParseActionError::UnknownWord { at: 0 }));
//! for guess in Guess::ALL {
//!     assert_eq!(guess.to_string().parse(), Ok(guess));
//! }
//! ```
//!
//! Every decision the rulebook leaves open is in `docs/RULINGS.md` under
//! "Fairy".
//!
//! # Limits
//!
//! - Legal actions: at most 4 (the four guesses).
//! - Events per `apply`: at most 13 (a guess, a reveal, 10 scores, the end).
//! - Game length: at most `20 × players` actions (20 reveals after the
//!   starting card, one guess per player per reveal).
//! - Randomness: only [`State::new`](crate::Game::new) consumes it, for one
//!   Fisher-Yates shuffle of the deck.
//!
//! # Example
//!
//! The rulebook's second example: 14 is on the pile and 11 comes up. A
//! [`PositionBuilder`] names just that; every other card lies below in the
//! deck.
//!
//! ```
//! use fairy_ring::fairy::{Guess, State};
//! use fairy_ring::{Game, Player};
//!
//! let mut state = State::builder(4).pile_top(14).top_of_deck([11]).build()?;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
//! # use rand_core::SeedableRng;
//! for (seat, guess) in ["higher", "lower", "same suit", "catch"].into_iter().enumerate() {
//!     state.apply(Player(seat as u8), guess.parse::<Guess>()?, &mut rng)?;
//! }
//! assert_eq!(state.scores(), &[-1, 2, 4, 7]);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
mod builder;
mod cards;
mod config;
mod event;
#[cfg(feature = "arbitrary")]
mod fuzzing;
mod guess;
mod memory;
#[cfg(feature = "testing")]
mod relabel;
#[cfg(feature = "testing")]
mod rulebook_outcome;
#[cfg(feature = "testing")]
mod rulebook_position;
mod sample;
pub mod score;
mod setup;
mod state;
mod tensor;
#[cfg(feature = "testing")]
mod twin;
mod view;
mod words;

pub use action::{Action, Violation};
pub use builder::PositionBuilder;
pub use cards::{Card, CharmDeck, DECK_SIZE, NotACard, ParseCardError, ParseSuitError, Suit};
pub use config::{Config, MAX_PLAYERS, MIN_PLAYERS, Variant};
pub use event::Event;
pub use guess::{Guess, ParseActionError, ParseGuessError, WRONG_GUESS};
pub use memory::Memory;
pub use setup::{Setup, SetupError};
pub use state::{Stage, State};
pub use view::View;
