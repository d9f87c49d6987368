//! What happened during a move, redactable per seat.

use super::action::FaceDown;
use super::card::Card;
use super::config::Direction;
use super::family::{Family, LineupEffect};
use super::resolution::Target;
use crate::{Player, PlayerSet, Seat};

/// A place a card can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Zone {
    /// The Fairy Deck.
    Deck,
    /// The Dismiss pile.
    Dismiss,
    /// A player's Alliance.
    Alliance(Player),
    /// A player's face-down chosen Fairy, not yet revealed.
    Chosen(Player),
    /// A player's Lineup stack.
    Lineup(Player),
    /// A player's dealt cards.
    Hand(Player),
}

/// Something that happened in a game of Fickle.
///
/// Events that carry a secret card list who `knows` it; [`Event::redacted`]
/// blanks the card for everyone else.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum Event {
    /// Cards were dealt to a player.
    Dealt {
        /// Who received them.
        player: Player,
        /// The cards, for those who may see them.
        cards: crate::List<Option<Card>, 3>,
        /// Who may see them (the receiver).
        knows: PlayerSet,
    },
    /// The Dismiss pile was shuffled to become the Fairy Deck.
    Reshuffled {
        /// Cards in the new deck.
        cards: u8,
    },
    /// A player committed a simultaneous decision (their opening dismissal,
    /// their Lineup order, or a Chain pick); what they chose stays hidden.
    Committed {
        /// Who.
        player: Player,
    },
    /// Setup is done: a player's two kept cards are turned face up.
    AllianceFounded {
        /// Whose Alliance.
        player: Player,
        /// The two starting Fairies.
        cards: [Card; 2],
    },
    /// A round began: its Direction token is revealed.
    RoundStarted {
        /// 1 to 5.
        round: u8,
        /// The direction this round.
        direction: Direction,
    },
    /// Everyone passed their stack to their neighbour.
    StacksPassed {
        /// Which way.
        direction: Direction,
    },
    /// A card moved between places.
    Moved {
        /// The card, for those who may see it.
        card: Option<Card>,
        /// From where.
        from: Zone,
        /// To where.
        to: Zone,
        /// Who may see it, or `None` if it is shown to everyone.
        knows: Option<PlayerSet>,
    },
    /// A player looked at a face-down card of their own: the card on top of
    /// their stack, the cards Psychic shows them, or the Fairy they kept
    /// while Blinded once the Fairy Powers phase begins. Only that player is
    /// told the card.
    Looked {
        /// Who looked.
        player: Player,
        /// The card, for that player only.
        card: Option<Card>,
        /// Where it lies: [`Zone::Lineup`] or [`Zone::Chosen`] of `player`.
        at: Zone,
        /// Its place in the stack received this round, top first (the
        /// cards that left it count; 0 for a kept Fairy).
        position: u8,
    },
    /// A chosen Fairy was revealed into its owner's Alliance.
    Revealed {
        /// Whose.
        player: Player,
        /// The Fairy.
        card: Card,
        /// Whether its Power is left Active (Response and Delayed cards).
        active: bool,
    },
    /// A Power begins to resolve.
    PowerUsed {
        /// Who uses it.
        player: Player,
        /// The card whose Power it is.
        card: Card,
        /// The Power's Family (the copied one for Mimic and Reflect).
        power: Family,
    },
    /// A Power had no valid target and does nothing.
    NoEffect {
        /// The card whose Power it is.
        card: Card,
    },
    /// A Power was aimed.
    Aimed {
        /// Who aims.
        player: Player,
        /// At what.
        target: Target,
    },
    /// A Response card was used.
    Responded {
        /// Who used it.
        player: Player,
        /// The card, now Idle.
        card: Card,
    },
    /// A Deflect sent the Power to another opponent.
    Redirected {
        /// The new opponent.
        to: Player,
    },
    /// Two Fairies were turned face down and shuffled by an Obfuscate.
    Concealed {
        /// The two Fairies, in a fixed (sorted) order, not the shuffled one.
        cards: [Card; 2],
    },
    /// The attacker took one face-down Fairy of an Obfuscate.
    Picked {
        /// Which one.
        pick: FaceDown,
        /// The Fairy it turned out to be: the new target.
        card: Card,
    },
    /// A player sat out a Chain Power with a Deflect.
    Avoided {
        /// Who.
        player: Player,
    },
    /// A Lineup Delayed Power takes effect for a player this round.
    LineupChanged {
        /// Who is affected.
        player: Player,
        /// How.
        effect: LineupEffect,
    },
    /// The Court Crier token moved.
    CourtCrier {
        /// The new Court Crier.
        player: Player,
    },
    /// A Familiar was paired, or an Illusion given a Family, for scoring.
    ScoringChoice {
        /// Whose.
        player: Player,
        /// The Familiar or Illusion.
        card: Card,
        /// The Fairy paired with, if a Familiar.
        paired: Option<Card>,
        /// The Family scored as, if an Illusion.
        family: Option<Family>,
    },
    /// Final score of a player.
    Scored {
        /// Whose.
        player: Player,
        /// Favor total.
        favor: crate::Score,
    },
    /// The game is over.
    GameOver {
        /// The winner (ties broken from the Court Crier).
        winner: Player,
    },
}

impl Event {
    /// The event as `seat` may see it.
    pub fn redacted(&self, seat: Seat) -> Event {
        let sees = |knows: PlayerSet| seat.player().is_some_and(|p| knows.contains(p));
        match self {
            Event::Dealt {
                player,
                cards,
                knows,
            } => Event::Dealt {
                player: *player,
                cards: cards
                    .iter()
                    .map(|&c| if sees(*knows) { c } else { None })
                    .collect(),
                knows: *knows,
            },
            Event::Moved {
                card: Some(_),
                from,
                to,
                knows: Some(knows),
            } if !sees(*knows) => Event::Moved {
                card: None,
                from: *from,
                to: *to,
                knows: Some(*knows),
            },
            Event::Looked {
                player,
                card: Some(_),
                at,
                position,
            } if seat.player() != Some(*player) => Event::Looked {
                player: *player,
                card: None,
                at: *at,
                position: *position,
            },
            other => other.clone(),
        }
    }
}
