//! **Fairy Season**: climb the seasons onto the Swarm, capture it into your
//! Stash, and outwit the Goblins. 3 to 5 players.
//!
//! # The game in this crate
//!
//! - **Cards.** 90 [`Card`]s, each with its own identity: 64 Season Fairies
//!   (two of each number 1-8 in each [`Season`]), 4 [`Royal`] Fairies, 16
//!   Goblins (two of each of eight [`Goblin`] kinds) and 6 Traps. Five are
//!   dealt to each player; seat 0 starts.
//! - **A turn** ([`Phase::Turn`]). Play a card onto the Swarm following the
//!   Rules of the Hunt, or [`Action::Flunk`] (always allowed, except to start
//!   a Swarm while holding cards). A Season Fairy's ability draws, then
//!   stashes from hand one card per action ([`Phase::Stashing`]); a Season
//!   Fairy with the same number as the topmost one earns the Matching Bonus
//!   ([`Phase::Bonus`]). A Goblin's effect is data ([`GoblinEffect`]); its
//!   choices are small decisions ([`Phase::Robbing`], [`Phase::Stealing`],
//!   [`Phase::Swapping`], [`Phase::Aiming`] and the simultaneous
//!   [`Phase::Passing`]).
//! - **Flunks and Royals.** After a flunk every other player with cards is
//!   asked once, in turn order, to play a Royal Fairy or pass
//!   ([`Phase::RoyalWindow`]). A Royal continues the Swarm from its player;
//!   otherwise the last player to play wins the Swarm onto their Stash in
//!   order, everyone draws up to five in turn order from the flunker, and the
//!   flunker starts the next Swarm.
//! - **The end.** A Swarm won while the deck is empty ends the game: Season
//!   Fairy 1 point, Royal 2, ties broken by Royals in the Stash, then shared.
//!   Four Royals in one Stash win at once.
//!
//! Every decision the rulebook leaves open, and every default card value, is
//! in `docs/RULINGS.md`.
//!
//! # Writing positions and naming cards
//!
//! [`State::builder`] writes a position in the rulebook's words, naming only
//! what matters ("the Swarm is Spring 3, played by player 2; player 3 holds
//! Summer 4 and the Robber Goblin"); [`PositionBuilder`] says how the rest is
//! filled in. Cards are named as players name them: [`Card::parse`]`("Spring
//! 3")`, `"King"`, `"Robber Goblin"`, `"Trap"`, with `#2` for a second copy;
//! [`Season`], [`Royal`], [`Goblin`] and [`Direction`] parse and display
//! their names too. The card data is read with [`CardSet::ability`] and
//! [`CardSet::goblin`] and changed with its `with_` methods.
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
//! use fairy_ring::season::State;
//! use fairy_ring::{Game, Player, Seat};
//!
//! // Player 2 played Spring 3 onto the Swarm; player 3 holds two cards the
//! // others cannot see; the deck's next card is the King.
//! let position = |secret: &str| {
//!     State::builder(3)
//!         .swarm(Player(1), ["Spring 3"])
//!         .hand(Player(0), ["Summer 4", "Winter 1"])
//!         .hand(Player(2), [secret, "Robber Goblin"])
//!         .top_of_deck(["King"])
//!         .build()
//! };
//! let (a, b) = (position("Autumn 2")?, position("Spring 8")?);
//! assert_ne!(a, b);
//! let seat = Seat::Player(Player(0));
//! assert_eq!(a.view_for(seat), b.view_for(seat));
//! # Ok::<(), fairy_ring::season::SetupError>(())
//! ```
//!
//! # Words
//!
//! Everything a person reads comes in the rulebook's words, with seats as
//! `player 1`, `player 2`, ...: [`Action`] (see [Notation](#notation); a
//! seat is shown its plays with what each card does),
//! [`Event`] in every redacted form (`player 2 won the Swarm (7 cards)`,
//! `player 1 drew a card`), [`Phase`] (`player 1 flunked; player 3 may play
//! a Royal or pass`), [`View`] (a few lines: scoring, deck, Swarm and what
//! may follow on it, every hand size and Stash, the seat's own hand, the
//! decision), [`Ability`] and [`GoblinEffect`] (`draws 2 cards`, `swaps
//! hands with a rival`), [`Violation`] and [`SetupError`].
//!
//! # Notation
//!
//! An [`Action`] is written as `Display` prints it, and `FromStr` reads it
//! back. A card is named with its copy (`Spring 3 #2`, see
//! [Names](Card#names)), so two copies of a card in one hand are two
//! different texts; a Royal, of which there is one, is just `King`.
//!
//! ```text
//! action    := "play" card | "stash" card | "give" card | "flunk" | "pass"
//!            | "draw" ["a"] ["bonus"] ["card"] | "skip" ["the"] ["bonus"]
//!            | "rob" ["the" "stash" "of"] player | "steal" ["from"] player
//!            | "swap" ["hands"] ["with"] player
//!            | "pass" ["cards"] direction | direction
//! card      := a card name, e.g. "Spring 3 #2", "3 spring", "King",
//!              "Robber Goblin #1", "Trap #6" (no "#n": the first copy)
//! player    := ["player"] number        (1 to 256; at a table, its seats)
//! direction := "left" | "right"
//! ```
//!
//! `Display` prints the long forms: `play Spring 3 #2`, `flunk`, `pass`,
//! `stash Winter 8 #1`, `draw a bonus card`, `skip the bonus`, `rob the
//! Stash of player 2`, `steal from player 3`, `swap hands with player 1`,
//! `pass cards left`, `give Trap #4`. Words are separated by any
//! whitespace, which may also surround the action, and case does not
//! matter; `play Spring 3` is the first copy, `play Spring 3 #2` the
//! second. Every action there is reads back from its text
//! (`tests/season_notation_roundtrip.rs`). Anything else is a
//! [`ParseActionError`] saying in plain words what was wrong (an unknown
//! word, a missing word, a wrong card name, a player number the notation
//! has no seat for, text after the action); a number is named as it was
//! typed, however large ([`Numeral`](crate::Numeral)), and the byte offset (`at`) is kept
//! for programs, not printed. Parsing never panics.
//!
//! At a table, [`Game::read_action`](crate::Game::read_action) reads the
//! same texts and names the table's seats: `swap with player 9` at a
//! 3-player table is "there is no player 9: players are numbered 1 to 3"
//! ([`ParseActionError::NotAtTable`]). And [`Game::write_action`](crate::Game::write_action)
//! shows a seat its plays with what the card does, from the table's
//! [`CardSet`]: `play Spring 3 #1 (ability: draws 2 cards)`, `play Greedy
//! Goblin #1 (Goblin: takes the top 2 Fairies of the Swarm as
//! points)`; [`Decision::read`](crate::Decision::read) reads those words
//! back, as well as the notation and a bare card name the seat holds.
//!
//! ```
//! use fairy_ring::season::{Action, Card, Direction, ParseActionError};
//! use fairy_ring::Numeral;
//! use fairy_ring::Player;
//!
//! let second = Card::parse("Spring 3 #2")?;
//! assert_eq!(Action::Play(second).to_string(), "play Spring 3 #2");
//! assert_eq!("PLAY  spring 3 #2".parse(), Ok(Action::Play(second)));
//! assert_eq!("play spring 3".parse(), Ok(Action::Play(Card::parse("Spring 3 #1")?)));
//! assert_eq!(Action::StealFrom(Player(2)).to_string(), "steal from player 3");
//! assert_eq!("steal 3".parse(), Ok(Action::StealFrom(Player(2))));
//! assert_eq!("left".parse(), Ok(Action::PassTo(Direction::Left)));
//! assert_eq!("skip".parse(), Ok(Action::SkipBonus));
//! assert_eq!("hop".parse::<Action>(), Err(ParseActionError::UnknownWord { at: 0 }));
//! assert_eq!(
//!     "rob player 0".parse::<Action>(),
//!     Err(ParseActionError::PlayerOutOfRange { number: Numeral::from(0) })
//! );
//! let huge = "play Spring 3 #99999999999".parse::<Action>().map_err(|e| e.to_string());
//! assert_eq!(
//!     huge,
//!     Err("there is no copy #99999999999 of Spring 3 (its copies are #1 and #2)".into())
//! );
//! # Ok::<(), fairy_ring::season::ParseCardError>(())
//! ```
//!
//! # Numbers
//!
//! Seats are [`Player`](crate::Player)s; points are
//! [`Score`](crate::Score)s. A player count given to a constructor
//! ([`Config::new`], [`Setup::new`], [`State::builder`]) is a `usize`; the
//! count stored in [`Config::players`] is a public `u8` (3 to 5), like the
//! seat in `Player(u8)`, and reads back as a `usize` through
//! [`GameConfig::players`](crate::GameConfig::players). Sizes of piles
//! (hands, deck, a won Swarm) are `usize`, like `state.hand(p).len()`. The small amounts printed on cards
//! and carried by a [`Phase`] (an [`Ability`], a [`GoblinEffect`], cards
//! left to stash or pass) are `u8`, at most [`MAX_AMOUNT`]; a Season
//! Fairy's number is a `u8` from 1 to 8.
//!
//! # The order of legal actions
//!
//! [`legal_actions`](crate::Game::legal_actions) lists actions in a fixed
//! order a menu can show as is. A hand's order is the order its cards were
//! got (dealt, drawn, passed; a swapped hand is in identity order).
//!
//! | Phase | Actions, in order |
//! |---|---|
//! | [`Phase::Turn`] | `Play` of each playable card in hand order, then `Flunk` (not offered on an empty Swarm while holding cards) |
//! | [`Phase::Stashing`] | `Stash` of each card in hand order |
//! | [`Phase::Bonus`] | `BonusDraw` (if the deck has cards), `Stash` of each card in hand order, `SkipBonus` |
//! | [`Phase::Robbing`] | `RobFrom` each robbable Stash in seat order |
//! | [`Phase::Stealing`] | `StealFrom` each rival with a Stash in seat order |
//! | [`Phase::Swapping`] | `SwapWith` each rival in seat order |
//! | [`Phase::Aiming`] | `PassTo(Left)`, `PassTo(Right)` |
//! | [`Phase::Passing`] | `Give` of each card not yet chosen, in hand order |
//! | [`Phase::RoyalWindow`] | `Play` of each Royal in hand order, then `Pass` |
//! | [`Phase::Over`] | nothing |
//!
//! # Limits
//!
//! - Legal actions: at most 91 (a play of each card in a hand holding all 90
//!   cards, plus flunk); in practice a hand rarely exceeds a dozen.
//! - Events per `apply`: at most 40; in fact at most 28 (ending a Swarm: the
//!   flunk or pass, the win, 25 draws to refill five hands, the last card).
//!   A swap of hands names every card in [`Event::SwappedCards`] of up to
//!   four: at most 24 events, for two hands holding all 89 other cards.
//! - Game length: at most [`max_game_length`](crate::Game::max_game_length)
//!   actions: 869 with 3 players, 1102 with 4, 1335 with 5.
//! - Randomness: only [`State::new`](crate::Game::new) consumes it, for one
//!   Fisher-Yates shuffle of the 90 cards; `apply` never does.
//!
//! # Information and sampling
//!
//! [`State`] implements [`Sample`](crate::Sample): a seat's [`View`] plus
//! its [`Memory`] (the cards it passed or swapped into other hands, who
//! may hold them now, and the [`Limit`]s passes put on how many of them a
//! hand holds) is its information state, and `sample` draws a
//! position uniformly among those it allows (see the impl's docs; decisions
//! in `docs/RULINGS.md`).
//!
//! # Testing and fuzzing
//!
//! With the `testing` feature, [`State`] implements `testing::Twins`: a
//! twin for a seat redraws the deck, the other hands and the others' choices
//! while passing, keeping every count and everything face up. Once a passing
//! or swapping Goblin may have acted, a player's twin keeps the contents of
//! every other hand (the state does not record which cards that player
//! passed or swapped away), and redraws only the order of the deck and of
//! those hands. With the `arbitrary` feature, [`Config`] (always valid,
//! often with custom card data), [`CardSet`], [`Action`] and [`Setup`]
//! implement `arbitrary::Arbitrary`; an arbitrary `Setup` is mostly the 90
//! cards shuffled and cut into the piles, so `State::from_setup` accepts
//! about half of them and reaches its checks past the card accounting.
//!
//! # Example
//!
//! The first steps of the rulebook's Season example: Spring 3, Spring 3 (a
//! Matching Bonus), Spring 7.
//!
//! ```
//! use fairy_ring::season::{Action, Card, Phase, State};
//! use fairy_ring::{Game, Player};
//! # use rand_core::SeedableRng;
//!
//! let mut state = State::builder(3).deal(5)
//!     .hand(Player(0), ["Spring 3"])
//!     .hand(Player(1), ["Spring 3"])
//!     .hand(Player(2), ["Spring 7"])
//!     .build()?;
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(0);
//! let play = |name| Card::parse(name).map(Action::Play);
//! state.apply(Player(0), play("Spring 3 #1")?, &mut rng)?;
//! state.apply(Player(1), play("Spring 3 #2")?, &mut rng)?;
//! assert_eq!(state.phase(), Phase::Bonus { player: Player(1) });
//! state.apply(Player(1), Action::SkipBonus, &mut rng)?;
//! state.apply(Player(2), play("Spring 7")?, &mut rng)?;
//! assert_eq!(state.swarm().len(), 3);
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
#[cfg(feature = "arbitrary")]
mod arbitrary;
mod builder;
mod cards;
mod config;
mod event;
mod memory;
mod placement;
#[cfg(feature = "testing")]
mod relabel;
#[cfg(feature = "testing")]
mod reveals;
#[cfg(feature = "testing")]
mod rulebook_outcome;
#[cfg(feature = "testing")]
mod rulebook_position;
pub mod rules;
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
pub use builder::{CardName, PositionBuilder};
pub use cards::{
    Card, CardKind, DECK_SIZE, GOBLINS, Goblin, NotACard, ParseCardError, ROYALS, Royal,
    SEASON_FAIRIES, Season, TRAPS,
};
pub use config::{
    Ability, CardSet, Config, Direction, GoblinEffect, MAX_AMOUNT, MAX_PLAYERS, MIN_PLAYERS,
};
pub use event::Event;
pub use memory::{Limit, Memory, Whereabouts};
pub use setup::{Setup, SetupError};
pub use state::{HAND_SIZE, Phase, State};
pub use view::View;
pub use words::ParseActionError;
