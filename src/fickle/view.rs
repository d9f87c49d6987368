//! What one seat may know.

use arrayvec::ArrayVec;

use super::card::{Card, DECK_SIZE, FavorTable};
use super::config::{Direction, MAX_PLAYERS};
use super::family::Family;
use super::resolution::{Phase, Resolution};
use super::setup::{AllianceCard, LineupEffects};
use super::state::State;
use crate::{Game, Player, PlayerSet, Seat};

/// A face-down card slot as one seat sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Slot {
    /// No card.
    Empty,
    /// A card this seat may not see.
    FaceDown,
    /// A card this seat knows.
    Known(Card),
}

/// One player's area as a seat sees it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct PlayerView {
    /// The Alliance (public), with Active flags and scoring choices.
    pub alliance: ArrayVec<AllianceCard, DECK_SIZE>,
    /// Dealt cards (opening or Lineup): known only to their owner.
    pub hand: ArrayVec<Option<Card>, 3>,
    /// Lineup: cards already placed, top first (own hand only; 0 for others).
    pub placed: u8,
    /// Whether the player has committed their opening dismissal, their Lineup
    /// or this step of the Selection.
    pub ready: bool,
    /// Selection: this step's committed decision, `true` to keep (own only).
    pub pending: Option<bool>,
    /// Opening: the card they will dismiss (own only).
    pub discard: Option<Card>,
    /// The stack received this round, top first: a card shows only to a seat
    /// that knows it (its passer; its owner once seen).
    pub lineup: ArrayVec<Option<Card>, 3>,
    /// How many cards have left the stack.
    pub cursor: u8,
    /// The kept Fairy, face down until revealed.
    pub chosen: Slot,
    /// Lineup Delayed Powers on the player this round (public).
    pub effects: LineupEffects,
}

/// A seat's view of a game of Fickle.
///
/// Its `Debug` output shows `favor` only when the game's table is not the
/// default one (so records of default games read as before).
#[derive(Clone, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct View {
    /// Whose view this is.
    pub seat: Seat,
    /// The game's five Families.
    pub families: [Family; 5],
    /// The Favor value of every card in this game (public component data; a
    /// card's name shows the default breakdown, this table its worth here).
    pub favor: FavorTable,
    /// The round (0 during the opening).
    pub round: u8,
    /// Direction tokens revealed so far, in round order.
    pub directions: ArrayVec<Direction, 5>,
    /// The Court Crier.
    pub court_crier: Player,
    /// Cards in the Fairy Deck.
    pub deck: u8,
    /// Cards in the Dismiss pile.
    pub dismiss: u8,
    /// Every player's area.
    pub players: ArrayVec<PlayerView, MAX_PLAYERS>,
    /// Who revealed last this round.
    pub last_revealer: Option<Player>,
    /// The phase and the Power being resolved (Chain picks of others and the
    /// order of Obfuscate's face-down pair hidden).
    pub phase: Phase,
    /// Who must act now.
    pub to_act: PlayerSet,
}

impl View {
    pub(super) fn of(state: &State, seat: Seat) -> View {
        let pos = &state.pos;
        let me = seat.player();
        let round = usize::from(pos.round);
        let players = bounded(state.seats().into_iter().filter_map(|p| {
            let area = state.area(p)?;
            let own = me == Some(p);
            let passer = me.is_some_and(|m| state.knows_lineup(p).contains(m) && m != p);
            let lineup = bounded(area.lineup.iter().enumerate().map(|(i, &c)| {
                let seen = own && area.lineup_seen & (1 << i.min(7)) != 0;
                (seen || passer).then_some(c)
            }));
            let chosen = match area.chosen {
                None => Slot::Empty,
                Some(c) if passer || (own && area.chosen_seen) => Slot::Known(c),
                Some(_) => Slot::FaceDown,
            };
            let ready = match pos.phase {
                Phase::Opening => area.discard.is_some(),
                Phase::Selection => area.pending.is_some(),
                _ => usize::from(area.placed) >= area.hand.len(),
            };
            Some(PlayerView {
                alliance: bounded(area.alliance.iter().copied()),
                hand: bounded(area.hand.iter().map(|&c| own.then_some(c))),
                placed: if own { area.placed } else { 0 },
                ready,
                pending: if own { area.pending } else { None },
                discard: if own { area.discard } else { None },
                lineup,
                cursor: area.cursor,
                chosen,
                effects: area.effects,
            })
        }));
        let mut phase = pos.phase;
        if let Phase::Powers { order, next, .. } = &mut phase {
            // The order of players still to reveal would give away the Favor
            // of their face-down Fairies.
            order.truncate(usize::from(*next));
            *next = order.len() as u8;
        }
        if let Phase::Powers {
            resolution: Some(r),
            ..
        } = &mut phase
        {
            match r {
                Resolution::Direct(d) => {
                    if let Some([a, b]) = d.concealed {
                        d.concealed = Some(if a <= b { [a, b] } else { [b, a] });
                    }
                }
                Resolution::Chain(c) => {
                    for (i, pick) in c.picks.iter_mut().enumerate() {
                        if me.map(Player::index) != Some(i) {
                            *pick = None;
                        }
                    }
                }
            }
        }
        View {
            seat,
            families: pos.config.families,
            favor: pos.config.favor,
            round: pos.round,
            directions: bounded(pos.directions.iter().take(round).copied()),
            court_crier: pos.court_crier,
            deck: pos.deck.len() as u8,
            dismiss: pos.dismiss.len() as u8,
            players,
            last_revealer: pos.last_revealer,
            phase,
            to_act: state.to_act(),
        }
    }
}

impl core::fmt::Debug for View {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        let mut d = f.debug_struct("View");
        d.field("seat", &self.seat)
            .field("families", &self.families);
        if self.favor != FavorTable::default() {
            d.field("favor", &self.favor);
        }
        d.field("round", &self.round)
            .field("directions", &self.directions)
            .field("court_crier", &self.court_crier)
            .field("deck", &self.deck)
            .field("dismiss", &self.dismiss)
            .field("players", &self.players)
            .field("last_revealer", &self.last_revealer)
            .field("phase", &self.phase)
            .field("to_act", &self.to_act)
            .finish()
    }
}

/// The first `N` items at most, without a capacity panic.
pub(super) fn bounded<T, const N: usize>(items: impl IntoIterator<Item = T>) -> ArrayVec<T, N> {
    let mut out = ArrayVec::new();
    for item in items {
        if out.try_push(item).is_err() {
            break;
        }
    }
    out
}
