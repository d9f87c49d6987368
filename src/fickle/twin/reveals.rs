//! How the twin of a move is drawn for the event oracle
//! ([`crate::testing::Twins::twin_move`]); the statement of what each move
//! reveals to whom is the doc of `State`'s `twin_move` (in `twin.rs`).
//!
//! The twin of a move is built like [`Twins::twin`](crate::testing::Twins)
//! (a [`Setup`] with what the seat cannot know redrawn, then
//! [`State::from_setup`]), keeping in addition: every card the move shows
//! everyone (a kept pair, a revealed Fairy, a drawn card, a card moved in or
//! out of an Alliance), every card the seat knows once the move is played
//! (its own deal, what it looks at), the Direction tokens the move reveals,
//! the decisions the move turns over (every opening dismissal as "the card
//! not kept", every Selection commitment of the step, every Chain pick, the
//! order of an Obfuscate pair when it is picked from), and the acting
//! player's progress in their Lineup (a finished stack is announced). When
//! the move reshuffles the Dismiss pile, every card stays where it is (the
//! RNG deals the same cards from the same pile). The twin's move is the
//! same action when the seat learns it, and otherwise another listed action
//! of the player's in the twin: another card dismissed or placed, the other
//! Selection choice, another tied Fairy picked.
//!
//! What happened in the move (which card went where, what was revealed) is
//! read from its events unredacted, on a copy; who may see each card is
//! decided by the rules above (the zones a card moves between, whose deal
//! or look it is), never by the events' own redaction, so an event that
//! shows too much is still caught.
//!
//! Some hidden things are only revealed in an order (the resolve order
//! follows the Favor of the face-down Fairies, so a twin whose other
//! face-down Fairies would come first shows a different reveal). So a twin
//! is accepted only when the seat's view after the twin move is its view
//! after the real move (views are the leak oracle's to check: for the
//! moves it plays, the event oracle's comparison of views after the move
//! then holds by construction); otherwise another is drawn, then one whose
//! stacks and face-down Fairies stay, and last the position itself with
//! only the Direction tokens still hidden redrawn. In random games the
//! first stage almost always fits (in the tests' sweep about one (move,
//! seat) in two thousand needs the second, each ending a Selection).
//!
//! Not checked: the order Obfuscate shuffles its pair into is drawn during
//! the move itself, with the RNG both moves share, so a twin cannot hold
//! another order (an event showing it would go unseen here).

use rand_core::Rng;

use super::super::action::Action;
use super::super::event::{Event, Zone};
use super::super::resolution::{ChainStep, Phase, Resolution, Step, Target};
use super::super::setup::{Setup, SetupError};
use super::super::state::State;
use super::{Keep, Mask, flag, knowledge, redraw};
use crate::rng::SplitMix as Mix;
use crate::{Game, Player, Seat};

/// Twins drawn at each stage before the next keeps more.
const TRIES: usize = 12;

/// How much a twin keeps.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Stage {
    /// What the move shows.
    Move,
    /// ... and every card of a stack or a face-down kept Fairy.
    Faces,
    /// Every card and every decision.
    All,
}

/// The twin's move, when the seat does not learn the real one.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Choice {
    /// The same action: the seat learns it.
    Same,
    /// Another listed action of the player's, drawn at random.
    Other,
    /// The last opening dismissal: the card of the player's hand not kept.
    Rest,
}

/// Which secret decisions of the others the move turns over.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Turned {
    /// None.
    Nothing,
    /// Every opening dismissal.
    Dismissals,
    /// Every Selection commitment of this step.
    Commitments,
    /// Every Chain pick.
    Picks,
    /// The order of the Obfuscate pair.
    Pair,
}

/// What a move shows a seat, worked out from the move played on a copy.
struct Shown {
    cards: Mask,
    rounds: u8,
    reshuffled: bool,
    choice: Choice,
    turned: Turned,
}

/// `player`'s listed `action` in `state`, and a twin of both that `seat`
/// cannot tell from them by what the rules show it (see the module's
/// statement).
pub(super) fn twin_move(
    state: &State,
    seat: Seat,
    player: Player,
    action: Action,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(State, Action), SetupError> {
    draw(state, seat, player, action, rng).map(|(twin, action, _)| (twin, action))
}

/// [`twin_move`], and how many twins were drawn for it (0 for an action not
/// listed): over [`TRIES`] the statement's own twins did not fit, over twice
/// that the twin is the position itself.
fn draw(
    state: &State,
    seat: Seat,
    player: Player,
    action: Action,
    rng: &mut (impl Rng + ?Sized),
) -> Result<(State, Action, usize), SetupError> {
    let me = seat.at_table(state.players()).player();
    let seed = rng.next_u64();
    let mut after = state.clone();
    let Ok(events) = after.apply(player, action, &mut Mix(seed)) else {
        // Not a listed action: there is no move to state anything of.
        return Ok((state.clone(), action, 0));
    };
    let shown = Shown::of(state, &after, &events, me, player, action);
    let view = after.view_for(seat);
    let mut drawn = 0;
    for (stage, tries) in [(Stage::Move, TRIES), (Stage::Faces, TRIES), (Stage::All, 1)] {
        for _ in 0..tries {
            drawn += 1;
            let mut setup = redraw(state, seat, &shown.keep(stage), rng);
            shown.keep_decisions(state, &after, &mut setup, player, stage);
            let twin = State::from_setup(setup)?;
            let twin_action = match stage {
                Stage::All => action,
                _ => shown.twin_action(&twin, &after, player, action, rng),
            };
            let mut played = twin.clone();
            match played.play(player, twin_action, &mut Mix(seed)) {
                // The oracle reports it.
                Err(_) => return Ok((twin, twin_action, drawn)),
                Ok(()) if played.view_for(seat) == view => {
                    return Ok((twin, twin_action, drawn));
                }
                Ok(()) => {}
            }
        }
    }
    Ok((state.clone(), action, drawn))
}

impl Shown {
    fn of(
        state: &State,
        after: &State,
        events: &[Event],
        me: Option<Player>,
        player: Player,
        action: Action,
    ) -> Shown {
        let setup = after.to_setup();
        let (mut cards, _) = knowledge(after, &setup, me);
        for area in setup.areas.iter() {
            for ac in area.alliance.iter() {
                flag(&mut cards, ac.card, true);
            }
        }
        let mut reshuffled = false;
        for event in events {
            let mut pin = |card| flag(&mut cards, card, true);
            match *event {
                Event::Dealt {
                    player: p,
                    ref cards,
                    ..
                } if Some(p) == me => cards.iter().flatten().copied().for_each(&mut pin),
                Event::Looked {
                    player: p,
                    card: Some(card),
                    ..
                } if Some(p) == me => pin(card),
                // In or out of an Alliance, a card is face up.
                Event::Moved {
                    card: Some(card),
                    from,
                    to,
                    ..
                } if matches!(from, Zone::Alliance(_)) || matches!(to, Zone::Alliance(_)) => {
                    pin(card)
                }
                Event::Reshuffled { .. } => reshuffled = true,
                Event::AllianceFounded { cards, .. } | Event::Concealed { cards } => {
                    cards.into_iter().for_each(&mut pin)
                }
                Event::Revealed { card, .. }
                | Event::PowerUsed { card, .. }
                | Event::NoEffect { card }
                | Event::Responded { card, .. }
                | Event::Picked { card, .. }
                | Event::Aimed {
                    target: Target::Card(card),
                    ..
                } => pin(card),
                Event::ScoringChoice { card, paired, .. } => {
                    pin(card);
                    paired.into_iter().for_each(&mut pin);
                }
                _ => {}
            }
        }
        let own = me == Some(player);
        let (choice, turned) = match (state.phase(), action) {
            (Phase::Opening, Action::Dismiss(_)) => match after.phase() {
                Phase::Opening => (secret(own), Turned::Nothing),
                _ if own => (Choice::Same, Turned::Dismissals),
                _ => (Choice::Rest, Turned::Dismissals),
            },
            (Phase::Lineup, Action::Place(_)) => (secret(own), Turned::Nothing),
            (Phase::Selection, Action::Keep | Action::DismissTop) => {
                let committed = after.area(player).is_some_and(|a| {
                    a.pending.is_some() && matches!(after.phase(), Phase::Selection)
                });
                if committed {
                    (secret(own), Turned::Nothing)
                } else {
                    (Choice::Same, Turned::Commitments)
                }
            }
            (
                Phase::Powers {
                    resolution: Some(Resolution::Chain(c)),
                    ..
                },
                Action::Target(_),
            ) if c.step == ChainStep::Pick => {
                let picking = matches!(
                    after.phase(),
                    Phase::Powers {
                        resolution: Some(Resolution::Chain(next)),
                        ..
                    } if next.source == c.source && next.step == ChainStep::Pick
                );
                if picking {
                    (secret(own), Turned::Nothing)
                } else {
                    (Choice::Same, Turned::Picks)
                }
            }
            (
                Phase::Powers {
                    resolution: Some(Resolution::Direct(d)),
                    ..
                },
                Action::Pick(_),
            ) if d.step == Step::Guess => (Choice::Same, Turned::Pair),
            _ => (Choice::Same, Turned::Nothing),
        };
        Shown {
            cards,
            rounds: after.round(),
            reshuffled,
            choice,
            turned,
        }
    }

    /// What the twin keeps of the cards and tokens at `stage`.
    fn keep(&self, stage: Stage) -> Keep {
        Keep {
            cards: self.cards,
            rounds: self.rounds,
            faces: stage != Stage::Move,
            all: self.reshuffled || stage == Stage::All,
        }
    }

    /// Puts back in the twin the decisions the move shows (all of them at
    /// [`Stage::All`]).
    fn keep_decisions(
        &self,
        state: &State,
        after: &State,
        setup: &mut Setup,
        player: Player,
        stage: Stage,
    ) {
        let real = state.to_setup();
        if stage == Stage::All {
            for (twin, real) in setup.areas.iter_mut().zip(real.areas.iter()) {
                twin.discard = real.discard;
                twin.placed = real.placed;
                twin.pending = real.pending;
            }
            setup.phase = real.phase;
            return;
        }
        // A finished stack is announced: the acting player's progress stays.
        if let (Some(twin), Some(real)) = (
            setup.areas.get_mut(player.index()),
            real.areas.get(player.index()),
        ) {
            twin.placed = real.placed;
        }
        match self.turned {
            Turned::Nothing => {}
            Turned::Dismissals => {
                for (seat, area) in setup.areas.iter_mut().enumerate() {
                    if area.discard.is_some() {
                        area.discard = rest(area.hand.as_slice(), after, Player(seat as u8));
                    }
                }
            }
            Turned::Commitments => {
                for (twin, real) in setup.areas.iter_mut().zip(real.areas.iter()) {
                    twin.pending = real.pending;
                }
            }
            Turned::Picks | Turned::Pair => {
                if let (
                    Phase::Powers {
                        resolution: Some(twin),
                        ..
                    },
                    Phase::Powers {
                        resolution: Some(real),
                        ..
                    },
                ) = (&mut setup.phase, &real.phase)
                {
                    match (twin, real) {
                        (Resolution::Chain(t), Resolution::Chain(r)) => t.picks = r.picks,
                        (Resolution::Direct(t), Resolution::Direct(r)) => t.concealed = r.concealed,
                        _ => {}
                    }
                }
            }
        }
    }

    /// The twin's move for `action` of `player` in `twin`.
    fn twin_action(
        &self,
        twin: &State,
        after: &State,
        player: Player,
        action: Action,
        rng: &mut (impl Rng + ?Sized),
    ) -> Action {
        match self.choice {
            Choice::Same => action,
            Choice::Other => {
                let legal = twin.legal_actions(player);
                crate::rng::choose(rng, &legal).copied().unwrap_or(action)
            }
            Choice::Rest => twin
                .area(player)
                .and_then(|a| rest(a.hand.as_slice(), after, player))
                .map_or(action, Action::Dismiss),
        }
    }
}

/// A secret choice: the same for its own player, another for the others.
fn secret(own: bool) -> Choice {
    if own { Choice::Same } else { Choice::Other }
}

/// The card of an opening `hand` that `player` did not keep in `after`.
fn rest(hand: &[super::Card], after: &State, player: Player) -> Option<super::Card> {
    let kept = after.alliance(player);
    hand.iter()
        .copied()
        .find(|&c| !kept.iter().any(|ac| ac.card == c))
}

#[cfg(test)]
mod tests {
    use super::{Mix, TRIES, draw};
    use crate::fickle::{Action, Card, Config, Family, PositionBuilder, RecommendedSet, State};
    use crate::{Game, Player, Seat};

    /// The statement itself fits the moves: the first twin drawn, which
    /// keeps only what the statement says a move shows, is nearly always
    /// taken (the seat's view after the move, the filter, rarely rejects
    /// it), and the position itself is never needed. A rule left out of the
    /// statement that the views would see shows here as twins drawn again.
    #[test]
    fn the_first_twin_drawn_fits_the_move() {
        use Family::*;
        // Twins drawn: once, 2..=TRIES times, more (statement's twins
        // rejected), the position itself.
        let mut counts = [0u32; 4];
        let families = [
            [Noble, Coerce, Give, Dispel, Share],
            [Purge, Pariah, Scheme, Dispel, Transmute],
            [Share, Purge, Deflect, Switch, Dispel],
            [Psychic, Reduced, Blinded, Transmute, Obfuscate],
            [Mimic, Reflect, Distract, Erase, Purge],
        ];
        for game in 0..12u64 {
            let players = 3 + (game % 3) as usize;
            let config = match families.get(game as usize % 6) {
                Some(&f) => Config::with_families(players, f),
                None => Config::recommended(players, RecommendedSet::Turnabout),
            }
            .unwrap_or_else(|e| panic!("{e}"));
            let mut rng = Mix(game);
            let mut state = State::new(&config, &mut rng).unwrap_or_else(|e| panic!("{e}"));
            while let Some(player) = state.to_act().lowest() {
                let legal = state.legal_actions(player);
                let Some(&action) = crate::rng::choose(&mut rng, &legal) else {
                    break;
                };
                for p in 0..=players as u8 {
                    let seat = Seat::Player(Player(p)).at_table(players);
                    let (_, _, drawn) = draw(&state, seat, player, action, &mut rng)
                        .unwrap_or_else(|e| panic!("{e}"));
                    let slot = match drawn {
                        0 => panic!("a listed action refused"),
                        1 => 0,
                        d if d <= TRIES => 1,
                        d if d <= 2 * TRIES => 2,
                        _ => 3,
                    };
                    if let Some(c) = counts.get_mut(slot) {
                        *c += 1;
                    }
                }
                if state.apply(player, action, &mut rng).is_err() {
                    panic!("a listed action refused");
                }
            }
        }
        std::eprintln!("{counts:?}");
        let [once, again, rejected, itself] = counts;
        assert!(once > 4000, "{counts:?}");
        assert!(again * 100 < once && rejected * 500 < once, "{counts:?}");
        assert_eq!(itself, 0, "{counts:?}");
    }

    /// The last Chain pick: every pick made stays in the twin (the
    /// statement keeps them), so the first twin drawn fits, for every seat.
    #[test]
    fn the_last_chain_pick_keeps_every_pick() {
        let card = |name: &str| Card::parse(name).unwrap_or_else(|e| panic!("{e}"));
        use Family::*;
        let config = Config::with_families(3, [Purge, Noble, Give, Coerce, Dispel])
            .unwrap_or_else(|e| panic!("{e}"));
        let mut rng = Mix(3);
        let (mut state, _) = PositionBuilder::new(config)
            .alliance(Player(1), ["Give 3", "Coerce 3"])
            .alliance(Player(2), ["Give 2", "Coerce 2"])
            .alliance(Player(0), ["Noble 5"])
            .kept(Player(0), "Purge 1")
            .reveal(&mut rng)
            .unwrap_or_else(|e| panic!("{e}"));
        if state
            .apply(Player(1), Action::Target(card("Give 3")), &mut rng)
            .is_err()
        {
            panic!("a pick refused");
        }
        let last = Action::Target(card("Coerce 2"));
        for seat in [Seat::Player(Player(0)), Seat::Spectator] {
            for _ in 0..20 {
                let (_, _, drawn) =
                    draw(&state, seat, Player(2), last, &mut rng).unwrap_or_else(|e| panic!("{e}"));
                assert_eq!(drawn, 1, "{seat:?}");
            }
        }
    }
}
