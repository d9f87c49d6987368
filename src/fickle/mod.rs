//! **Fickle**: build the strongest Fairy Alliance in five rounds while
//! Powers pull Fairies from Alliance to Alliance. 3 to 5 players.
//!
//! # The game in this crate
//!
//! - **Setup.** Five of the 22 [`Family`] decks (the First Game set by
//!   default, any [`RecommendedSet`], or any five) make the 45-card Fairy Deck.
//!   Five of the eight Direction tokens are drawn face down. Everyone is dealt
//!   3 cards and secretly picks one to dismiss ([`Action::Dismiss`]); the other
//!   two start their Alliance, Idle.
//! - **A round** ([`Phase`]): *Start Round* reveals the Direction token and
//!   resolves last round's Delayed Powers from the Court Crier in round
//!   direction; *Fairy Lineup* deals 3 cards to each player, who orders them
//!   one [`Action::Place`] at a time and passes the stack to their neighbour;
//!   *Fairy Selection* keeps or dismisses the top card one step at a time
//!   ([`Action::Keep`], [`Action::DismissTop`]; each step is committed in
//!   secret by everyone still selecting and carried out together; the last
//!   card is kept);
//!   *Fairy Powers* reveals the kept Fairies from Favor 5 down to 1, then
//!   Pariah -1 to -5, ties from the Court Crier in round direction, and
//!   resolves each Power; *End Round* gives the Court Crier to the last player
//!   who revealed.
//! - **Powers** are data ([`Family::power`]) with one resolver per kind. A
//!   Power being resolved is an inspectable [`Resolution`] in the state: its
//!   user, the Power, its target and the decision awaited ([`Step`]), such as
//!   a Response window offered to one player at a time with an explicit
//!   [`Action::Pass`].
//! - **Scoring** ([`score`]): one card of a Family scores its Favor, two score
//!   0, three or four score minus the highest, five or more Shoot the Moon;
//!   with the Noble, Pariah, Familiar and Illusion exceptions (Familiars are
//!   paired and Illusions given a Family by their owners at the end). Ties go
//!   to the first player from the final Court Crier in the last direction.
//!
//! Every decision the rulebook leaves open is in `docs/RULINGS.md`.
//!
//! # Positions and names
//!
//! A [`PositionBuilder`] writes a position in a few lines, in the rulebook's words:
//! whose Alliance holds which Fairies, which Fairy each player keeps this
//! round, the Lineup Powers acting on them; everything else is derived, and
//! [`PositionBuilder::reveal`] takes it into the Fairy Powers phase. Cards are named
//! like "Noble 4" ([`Card::parse`], [`Display`](core::fmt::Display)); Families,
//! Recommended Sets and Directions by their printed names.
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
//! use fairy_ring::fickle::State;
//! use fairy_ring::{Game, Player, PlayerSet, Seat};
//!
//! // The Fairy Selection: player 1 kept a Fairy face down at the first
//! // card; player 2 dismissed Give 1 and now decides on Share 2.
//! let position = |secret: &str| {
//!     State::builder(3)
//!         .kept(Player(0), secret)
//!         .kept_face_down(Player(0))
//!         .passed(Player(1), ["Give 1"])
//!         .kept(Player(1), "Share 2")
//!         .passed(Player(2), ["Noble 2"])
//!         .kept(Player(2), "Coerce 3")
//!         .build()
//! };
//! let (a, b) = (position("Noble 4")?, position("Dispel 5")?);
//! assert_ne!(a, b);
//! assert_eq!(a.to_act(), [Player(1), Player(2)].into_iter().collect::<PlayerSet>());
//! let seat = Seat::Player(Player(1));
//! assert_eq!(a.view_for(seat), b.view_for(seat));
//! # Ok::<(), fairy_ring::fickle::SetupError>(())
//! ```
//!
//! # Notation
//!
//! Every [`Action`] prints as the move a player says ([`Display`](core::fmt::Display))
//! and parses back from that text ([`FromStr`](core::str::FromStr)), ignoring
//! case and extra whitespace; a wrong text gives a [`ParseActionError`]
//! saying what is wrong and how to write it. `CARD` is a card name ("Noble
//! 4", "Noble 4'", "Pariah -2", see [`Card`]: the prime `'` marks the second
//! of a Family's two cards of the same Favor), `N` a player number counted
//! from 1 as [`Player`](crate::Player) writes it (1 to 256; read at a table
//! by [`View::read`], 1 to its player count), `FAMILY` a Family name. Short
//! forms in brackets are also read.
//!
//! ```text
//! dismiss CARD                    opening deal: dismiss a dealt card
//! place CARD                      Fairy Lineup: put a card next on your stack
//! keep the top card               [keep]
//! dismiss the top card            [dismiss top]
//! choose CARD | choose player N   a Fairy or a player for a Power
//! use CARD                        an Active Response
//! pass
//! take the (first|second) face-down Fairy          [first] [second]
//! pair the Familiar with CARD                       [pair CARD]
//! leave the Familiar unpaired                       [unpaired]
//! score the Illusion as FAMILY                      [score as FAMILY]
//! ```
//!
//! A card name names one card, so no two actions read the same;
//! [`View::describe`] adds where the card is ("choose Dispel 3' (in player
//! 2's Alliance)"), and a note in parentheses at the end is ignored when
//! parsing. Every action that can be built reads back from its text (a
//! [`Card`] is always one of a Family's nine, and every [`Player`](crate::Player)
//! has a number). [`View::read`], the game's
//! [`read_action`](crate::Game::read_action), reads the same texts in a
//! seat's context: its errors name the table's players ("players are
//! numbered 1 to 3") and Families. [`View`], [`Event`], [`Zone`] and
//! [`Family::power_text`] give the rest of the game's words.
//!
//! ```
//! use fairy_ring::fickle::{Action, Card, FaceDown, Family, ParseActionError};
//! use fairy_ring::Player;
//!
//! let dispel = Card::parse("Dispel 3'")?;
//! assert_eq!(Action::Target(dispel).to_string(), "choose Dispel 3'");
//! assert_eq!("CHOOSE  dispel 3'".parse(), Ok(Action::Target(dispel)));
//! assert_eq!("choose player 2".parse(), Ok(Action::TargetPlayer(Player(1))));
//! assert_eq!("keep".parse(), Ok(Action::Keep));
//! assert_eq!("first".parse(), Ok(Action::Pick(FaceDown::First)));
//! assert_eq!("score as noble".parse(), Ok(Action::ScoreAs(Family::Noble)));
//! assert_eq!("choose player 7".parse(), Ok(Action::TargetPlayer(Player(6))));
//! assert_eq!("choose player 0".parse::<Action>(), Err(ParseActionError::NoSuchPlayer { at: 14, number: fairy_ring::Numeral::from(0) }));
//! for action in [Action::DismissTop, Action::LeaveUnpaired, Action::Pick(FaceDown::Second)] {
//!     assert_eq!(action.to_string().parse(), Ok(action));
//! }
//! # Ok::<(), fairy_ring::fickle::ParseError>(())
//! ```
//!
//! # Order of legal actions
//!
//! [`legal_actions`](crate::Game::legal_actions) lists the choices of a
//! decision in a fixed order (a menu can show them as they come):
//!
//! - opening deal: [`Action::Dismiss`] each dealt card, in the order dealt;
//!   Fairy Lineup: [`Action::Place`] each card not placed yet, in hand order;
//!   Fairy Selection: [`Action::Keep`], then [`Action::DismissTop`];
//! - a Fairy to choose ([`Action::Target`]) or a player
//!   ([`Action::TargetPlayer`]): Alliances and players from the Power's user
//!   in round direction (the user first when the Power may reach them; a
//!   Deflect's new opponent from the user's neighbour), each Alliance's
//!   Fairies in the order they arrived. This covers Erase and Scheme,
//!   Mimic's copy, Give, Switch and Prestige's own Fairy and partner, every
//!   target, Obfuscate's second Fairy and a Chain Power's tied Fairies;
//! - a Response window: the usable Response cards ([`Action::Respond`]: Deflect,
//!   then Distract, then Obfuscate; Alliance cards before the kept Fairy),
//!   then [`Action::Pass`] last; a Reflect offer likewise;
//! - Obfuscate's guess: [`FaceDown::First`], then [`FaceDown::Second`];
//! - end of game: a Familiar's partners ([`Action::Pair`], Alliance order)
//!   then [`Action::LeaveUnpaired`]; an Illusion's Families
//!   ([`Action::ScoreAs`]) in the order of [`Config::families`].
//!
//! # Limits
//!
//! - Legal actions: at most 46 (a Fairy of any of 45 cards, or a Familiar's
//!   44 partners and "unpaired"; Response windows list the usable Response
//!   cards and Pass).
//! - Events per [`apply`](crate::Game::apply): at most n² + 7n + 4 for n
//!   players (34, 48, 64), below [`MAX_EVENTS`](crate::MAX_EVENTS) (80).
//!   Only the apply that ends a step without a decision after it cascades,
//!   and the longest cascade starts at the last commit of a Fairy Selection
//!   step: its [`Event::Committed`] (1); every stack carried out (at most 3
//!   each: the kept card and two dismissed, 3n); every Fairy kept unseen
//!   while Blinded named to its owner as the Fairy Powers phase begins
//!   ([`Event::Looked`], n); every kept Fairy revealed, and a Chain Power
//!   resolving without a decision at most n + 2 (revealed, used, one Fairy
//!   moved per player; a Direct Power without a target 3, a Delayed card 1
//!   now and 2 at the next Start Round), n(n + 2); End Round and the next
//!   Start Round (the Court Crier and the round, 2); the next deal (n hands
//!   and at most one reshuffle: nothing is dismissed while dealing, n + 1)
//!   or, after round 5, the scores and the end (n + 1). A Selection step
//!   that does not end the Selection gives at most 1 + 3n (per player a
//!   card dismissed and the next one looked at, or a card kept and two
//!   dismissed); passing the stacks at most 2 + 3n (per player a card
//!   Reduced dismisses and the two Psychic shows, or a last card kept at
//!   once). Any decision stops the cascade (a Direct Power with a
//!   target, Responses, Chain picks between tied Fairies, the Lineup), and
//!   a cascade starting from a Power decision has fewer reveals left. A
//!   round whose deal has at most one card (two, when Reduced dismisses one)
//!   passes without a decision (n + 4 events, or 3n + 10 with the kept card
//!   a Chain, counting the card Reduced dismisses and the one Psychic
//!   shows), but only once all other Fairies are in the Alliances: a full
//!   Selection the round before leaves its dismissed cards to deal, and the
//!   extra Transmutes that can empty the deck are decisions, which leaves at
//!   most 3 decision-free reveals before it (about 58 events at 5 players
//!   with every [`Event::Looked`] counted).
//!   `the_most_events_of_one_apply_is_n_squared_plus_7n_plus_4`
//!   (tests/fickle_fixes.rs) builds that worst case for 3 to 5 players.
//! - Game length: bounded by [`max_game_length`](crate::Game::max_game_length).
//! - Randomness: [`Game::new`](crate::Game::new) (tokens, deck), any action
//!   after which a card must be drawn from an empty deck (the Dismiss pile is
//!   shuffled in), and the Obfuscate action that chooses the second Fairy.
//!
//! # Example
//!
//! ```
//! use fairy_ring::fickle::{Config, RecommendedSet, State};
//! use fairy_ring::{Bot, Game, RandomBot};
//! use rand_core::SeedableRng;
//!
//! let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
//! let config = Config::recommended(4, RecommendedSet::Turnabout)?;
//! let mut state = State::new(&config, &mut rng)?;
//! while let Some(player) = state.to_act().lowest() {
//!     let action = RandomBot
//!         .choose(&state.decision(player), &mut rng)
//!         .expect("a player to act has a move");
//!     state.apply(player, action, &mut rng)?;
//! }
//! assert_eq!(state.round(), 5);
//! assert!(state.outcome().is_some());
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod action;
#[cfg(feature = "arbitrary")]
mod arbitrary;
mod builder;
mod card;
mod config;
mod event;
mod family;
mod memory;
mod powers;
#[cfg(feature = "testing")]
mod relabel;
mod resolution;
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

pub use action::{Action, FaceDown, Violation};
pub use builder::{CardSpec, PositionBuilder};
pub use card::{CARDS_PER_FAMILY, Card, DECK_SIZE, DEFAULT_FAVOR, FavorTable, ParseError};
pub use config::{Config, DIRECTION_TOKENS, Direction, MAX_PLAYERS, MIN_PLAYERS, ROUNDS};
pub use event::{Event, Zone};
pub use family::{
    ChainEffect, Destination, Extreme, FAMILIES_PER_GAME, FAMILY_COUNT, Family, LineupEffect,
    Matching, Power, PowerType, Reach, RecommendedSet, Response, ScoreRule,
};
pub use memory::{CardSet, Memory};
pub use resolution::{Chain, ChainStep, Direct, Order, Phase, Resolution, Seize, Step, Target};
pub use setup::{AllianceCard, Area, LineupEffects, ScoringChoice, Setup, SetupError};
pub use state::State;
pub use view::{PlayerView, Slot, View};
pub use words::{Expected, ParseActionError};
