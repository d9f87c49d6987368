//! What a table sends each seat: [`Message`], and the one rule that decides
//! when.
//!
//! A seat learns about a game only through what it is sent, so when a
//! message goes out is itself information. A message that only says "a move
//! happened" tells a seat how many secret moves were made (how many items
//! the Fairy took out of the box in Fairy Prank), and staying silent when a
//! seat's choices changed stalls it (the Fayre mover, whose pick of a die
//! has no event for anyone, still needs its next choices). The rule, which
//! every table in this crate follows and which [`Message::after`] applies:
//!
//! > After a move, a seat is sent a message exactly when it has something to
//! > learn: its redacted events are not empty, or its view or its legal
//! > actions differ from those of the last message it was sent.
//!
//! Every message carries the seat's whole view and choices, so what a seat
//! holds is always its last message, and a client needs nothing else to
//! draw the table or to keep its [`InfoState`](crate::InfoState).

use crate::{ActionList, Decision, Events, Game, NotSeated, Player, Seat};

/// What one seat is sent: the events of the move as redacted for it, and
/// its view and legal actions after the move.
///
/// The one rule every table in this crate follows, which
/// [`after`](Message::after) applies: after a move, a seat is sent a message
/// exactly when it has something to learn: its redacted events are not
/// empty, or its view or its legal actions differ from those of the last
/// message it was sent. Never a message that only says "a move happened"
/// (it would tell a seat how many secret moves were made, such as the items
/// the Fairy takes out of the box in Fairy Prank), and never silence when a
/// seat's choices changed (the Fayre mover, whose pick of a die has no
/// event for anyone, still needs its next choices).
///
/// ```
/// use fairy_ring::rand_core::SeedableRng;
/// use fairy_ring::{Game, Message, Player, Seat, prank};
///
/// let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(1);
/// let mut state = prank::State::new(&prank::Config::new(3)?, &mut rng)?;
/// let seats = [Player(0), Player(1), Player(2)].map(Seat::Player);
/// // The table opens by sending each seat its view and choices.
/// let mut held = seats.map(|seat| Message::opening(&state, seat));
/// while let Some(player) = state.to_act().lowest() {
///     let action = state.legal_actions(player)[0];
///     let events = state.apply(player, action, &mut rng)?;
///     for (seat, last) in seats.iter().zip(held.iter_mut()) {
///         let Ok(last) = last else { continue };
///         if let Some(message) = Message::after(&state, &events, last) {
///             // Send `message` to the seat; it is what the seat holds now.
///             *last = message;
///         }
///     }
/// }
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
///
/// With `serde`, a message serializes as `{"seat": ..., "events": [...],
/// "view": ..., "legal": [...]}`, what a server sends over the wire.
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(
    feature = "serde",
    serde(bound(
        serialize = "G::Event: serde::Serialize, G::View: serde::Serialize, G::Action: serde::Serialize",
        deserialize = "G::Event: serde::Deserialize<'de>, G::View: serde::Deserialize<'de>, G::Action: serde::Deserialize<'de>"
    ))
)]
#[non_exhaustive]
pub struct Message<G: Game> {
    /// Whom it is for.
    pub seat: Seat,
    /// The move's events as redacted for the seat ([`Game::redact_all`]);
    /// empty in the opening message, and when only the seat's view or
    /// choices changed.
    pub events: Events<G::Event>,
    /// The seat's view after the move.
    pub view: G::View,
    /// The seat's legal actions after the move; empty for a spectator and
    /// for a player with nothing to decide.
    pub legal: ActionList<G::Action>,
}

impl<G: Game> Message<G> {
    /// The first message of a game (or of a seat that joins one): the seat's
    /// view and choices, no events. A player the table does not seat is
    /// refused.
    pub fn opening(state: &G, seat: Seat) -> Result<Self, NotSeated> {
        Ok(Message {
            seat,
            events: Events::new(),
            view: state.try_view_for(seat)?,
            legal: legal_of(state, seat),
        })
    }

    /// The message the seat of `last` is sent after a move that reported
    /// `events`, given `last`, the last message it was sent; `None` when
    /// the rule sends it nothing (see [`Message`]), and for a
    /// player the table does not seat.
    pub fn after(state: &G, events: &[G::Event], last: &Self) -> Option<Self> {
        let seat = last.seat;
        let view = state.try_view_for(seat).ok()?;
        let shown = G::redact_all(events, seat);
        let legal = legal_of(state, seat);
        let learns = !shown.is_empty() || view != last.view || legal != last.legal;
        learns.then_some(Message {
            seat,
            events: shown,
            view,
            legal,
        })
    }

    /// The same message as [`after`](Message::after), for a table that
    /// keeps the position from before the move instead of every seat's last
    /// message: a seat sent every message by the rule holds exactly the view
    /// and choices it had before the move. One copy of the position then
    /// serves every seat (what [`play_game`](crate::bots::play_game) does,
    /// with no allocation).
    pub fn between(before: &G, after: &G, events: &[G::Event], seat: Seat) -> Option<Self> {
        let view = after.try_view_for(seat).ok()?;
        let shown = G::redact_all(events, seat);
        let legal = legal_of(after, seat);
        let learns = !shown.is_empty()
            || before.try_view_for(seat).ok().as_ref() != Some(&view)
            || legal_of(before, seat) != legal;
        learns.then_some(Message {
            seat,
            events: shown,
            view,
            legal,
        })
    }

    /// The decision this message puts to its player, ready for
    /// [`Decision::read`] or a [`Bot`](crate::Bot): what a client that
    /// holds only its messages needs. `None` for a spectator.
    pub fn decision(&self) -> Option<Decision<G>> {
        Some(Decision {
            player: self.seat.player()?,
            view: self.view.clone(),
            legal: self.legal.clone(),
        })
    }

    /// The player this message is for, if it is for a player.
    pub fn player(&self) -> Option<Player> {
        self.seat.player()
    }
}

/// A seat's choices: a player's legal actions, none for a spectator.
fn legal_of<G: Game>(state: &G, seat: Seat) -> ActionList<G::Action> {
    match seat {
        Seat::Player(player) => state.legal_actions(player),
        Seat::Spectator => ActionList::new(),
    }
}

impl<G: Game> Clone for Message<G> {
    fn clone(&self) -> Self {
        Message {
            seat: self.seat,
            events: self.events.clone(),
            view: self.view.clone(),
            legal: self.legal.clone(),
        }
    }
}

impl<G: Game> PartialEq for Message<G> {
    fn eq(&self, other: &Self) -> bool {
        self.seat == other.seat
            && self.events == other.events
            && self.view == other.view
            && self.legal == other.legal
    }
}

impl<G: Game> Eq for Message<G> {}

impl<G: Game> core::fmt::Debug for Message<G> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("Message")
            .field("seat", &self.seat)
            .field("events", &self.events)
            .field("view", &self.view)
            .field("legal", &self.legal)
            .finish()
    }
}
