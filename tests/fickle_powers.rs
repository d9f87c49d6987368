//! One or more tests per Family Power, built from `Setup`.

use crate::fickle_support;

use fairy_ring::fickle::{
    Action, Card, Direction, Event, FaceDown, Family, LineupEffect, Phase, Resolution, Slot, State,
    Step,
};
use fairy_ring::{Game, Player, Seat};
use fickle_support::*;

use Family::*;

const FIRST: [Family; 5] = [Noble, Coerce, Give, Dispel, Share];

fn no_effect(events: &[Event]) -> bool {
    events.iter().any(|e| matches!(e, Event::NoEffect { .. }))
}

// ---- Coerce ----

#[test]
fn coerce_takes_a_fairy_from_an_opponent() {
    let noble4 = card("Noble 4");
    let give1 = card("Give 1");
    let (mut s, _) = pos(3, FIRST)
        .alliance(Player(1), [noble4])
        .alliance(Player(2), [give1])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(
        legal(&s, 0),
        vec![Action::Target(noble4), Action::Target(give1)],
        "any opponent's Fairy, never one's own"
    );
    play(&mut s, 0, Action::Target(noble4));
    assert!(cards_of(&s, 0).contains(&noble4));
    assert!(cards_of(&s, 1).is_empty());
}

#[test]
fn coerce_without_a_valid_target_has_no_effect() {
    let (s, events) = pos(3, FIRST)
        .alliance(Player(0), ["Noble 2"])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    assert!(no_effect(&events));
    assert_eq!(cards_of(&s, 0).len(), 2);
}

// ---- Dispel ----

#[test]
fn dispel_reaches_any_alliance_including_itself() {
    let dispel = card("Dispel 2");
    let noble = card("Noble 1");
    let (mut s, _) = pos(3, FIRST)
        .alliance(Player(2), [noble])
        .kept(Player(0), dispel)
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(
        legal(&s, 0),
        vec![Action::Target(dispel), Action::Target(noble)]
    );
    play(&mut s, 0, Action::Target(dispel));
    assert!(cards_of(&s, 0).is_empty(), "the Dispel dismissed itself");
    assert_eq!(cards_of(&s, 2), vec![noble]);
}

// ---- Give ----

#[test]
fn give_moves_one_of_yours_to_the_chosen_opponent() {
    let give = card("Give 3");
    let noble = card("Noble 1");
    let (mut s, _) = pos(3, FIRST)
        .alliance(Player(0), [noble])
        .kept(Player(0), give)
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(
        legal(&s, 0),
        vec![Action::Target(noble), Action::Target(give)]
    );
    play(&mut s, 0, Action::Target(noble));
    assert_eq!(
        legal(&s, 0),
        vec![
            Action::TargetPlayer(Player(1)),
            Action::TargetPlayer(Player(2))
        ]
    );
    play(&mut s, 0, Action::TargetPlayer(Player(2)));
    assert_eq!(cards_of(&s, 2), vec![noble]);
    assert_eq!(cards_of(&s, 0), vec![give]);
}

// ---- Switch ----

#[test]
fn switch_exchanges_fairies_of_equal_favor() {
    // The rulebook's example: Dispel(2) for an opponent's Coerce(2).
    let fam = [Switch, Dispel, Coerce, Noble, Give];
    let dispel2 = card("Dispel 2");
    let coerce2 = card("Coerce 2");
    let switch = card("Switch 5");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), [dispel2])
        .alliance(Player(1), [coerce2, card("Noble 4")])
        .kept(Player(0), switch)
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(legal(&s, 0), vec![Action::Target(dispel2)]);
    play(&mut s, 0, Action::Target(dispel2));
    assert_eq!(legal(&s, 0), vec![Action::Target(coerce2)]);
    play(&mut s, 0, Action::Target(coerce2));
    assert!(cards_of(&s, 0).contains(&coerce2));
    assert!(cards_of(&s, 1).contains(&dispel2));
}

#[test]
fn switch_without_equal_favor_has_no_effect() {
    let fam = [Switch, Dispel, Coerce, Noble, Give];
    let (_, events) = pos(3, fam)
        .alliance(Player(0), ["Dispel 2"])
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(0), "Switch 5")
        .reveal(&mut rng())
        .unwrap();
    assert!(no_effect(&events));
}

// ---- Prestige ----

#[test]
fn prestige_exchanges_within_a_family() {
    // The rulebook's example: your Dispel(2) for an opponent's Dispel(4).
    let fam = [Prestige, Dispel, Coerce, Noble, Give];
    let mine = card("Dispel 2");
    let theirs = card("Dispel 4");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), [mine])
        .alliance(Player(1), [theirs, card("Noble 4")])
        .kept(Player(0), "Prestige 1")
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(legal(&s, 0), vec![Action::Target(mine)]);
    play(&mut s, 0, Action::Target(mine));
    assert_eq!(legal(&s, 0), vec![Action::Target(theirs)]);
    play(&mut s, 0, Action::Target(theirs));
    assert!(cards_of(&s, 0).contains(&theirs));
    assert!(cards_of(&s, 1).contains(&mine));
}

// ---- Transmute ----

#[test]
fn transmute_replaces_the_unrevealed_fairy_with_the_top_card() {
    let fam = [Transmute, Noble, Coerce, Give, Dispel];
    let top = card("Give 4'");
    let victim_choice = card("Noble 1");
    let (mut s, _) = pos(3, fam)
        .kept(Player(0), "Transmute 5")
        .kept(Player(1), victim_choice)
        .top_of_deck([top])
        .reveal(&mut rng())
        .unwrap();
    let players: Vec<_> = (0..3).map(|p| Action::TargetPlayer(Player(p))).collect();
    assert_eq!(legal(&s, 0), players, "any player may be picked");
    play(&mut s, 0, Action::TargetPlayer(Player(1)));
    assert_eq!(cards_of(&s, 1), vec![top], "the chosen Noble never arrives");
    assert!(!s.alliance(Player(1))[0].active);
}

#[test]
fn transmute_still_adds_a_card_without_an_unrevealed_fairy() {
    let fam = [Transmute, Noble, Coerce, Give, Dispel];
    let top = card("Noble 3'");
    let (mut s, _) = pos(3, fam)
        .kept(Player(0), "Transmute 5")
        .top_of_deck([top])
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::TargetPlayer(Player(2)));
    assert_eq!(cards_of(&s, 2), vec![top]);
}

// ---- Mimic ----

#[test]
fn mimic_copies_a_direct_power_aimed_at_its_alliance() {
    let fam = [Mimic, Coerce, Noble, Give, Dispel];
    let coerce = card("Coerce 2");
    let noble3 = card("Noble 3");
    let noble1 = card("Noble 1");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), ["Coerce 1"])
        .alliance(Player(1), [coerce, noble3])
        .alliance(Player(2), [noble1])
        .kept(Player(0), "Mimic 4")
        .reveal(&mut rng())
        .unwrap();
    // Own Coerce cannot take from its own Alliance, so it is not offered.
    assert_eq!(legal(&s, 0), vec![Action::Target(coerce)]);
    play(&mut s, 0, Action::Target(coerce));
    assert_eq!(
        legal(&s, 0),
        vec![Action::Target(coerce), Action::Target(noble3)],
        "only the copied card's Alliance"
    );
    play(&mut s, 0, Action::Target(noble3));
    assert!(cards_of(&s, 0).contains(&noble3));
    assert_eq!(cards_of(&s, 2), vec![noble1]);
}

#[test]
fn mimic_may_copy_dispel_in_its_own_alliance() {
    let fam = [Mimic, Coerce, Noble, Give, Dispel];
    let dispel = card("Dispel 2");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), [dispel])
        .kept(Player(0), "Mimic 4")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(dispel));
    play(&mut s, 0, Action::Target(dispel));
    assert_eq!(cards_of(&s, 0), vec![card("Mimic 4")]);
}

// ---- Purge ----

#[test]
fn purge_dismisses_everyones_highest_with_ties_chosen_in_secret() {
    let fam = [Purge, Noble, Give, Coerce, Dispel];
    let noble4 = card("Noble 4");
    let give3 = card("Give 3");
    let coerce3 = card("Coerce 3");
    let noble1 = card("Noble 1");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), [noble4])
        .alliance(Player(1), [give3, coerce3])
        .alliance(Player(2), [noble1])
        .kept(Player(0), "Purge 1")
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(s.to_act().iter().collect::<Vec<_>>(), vec![Player(1)]);
    assert_eq!(
        legal(&s, 1),
        vec![Action::Target(give3), Action::Target(coerce3)]
    );
    play(&mut s, 1, Action::Target(coerce3));
    assert_eq!(cards_of(&s, 0), vec![card("Purge 1")]);
    assert_eq!(cards_of(&s, 1), vec![give3]);
    assert!(cards_of(&s, 2).is_empty());
}

// ---- Share ----

#[test]
fn share_passes_everyones_lowest_in_round_direction_at_once() {
    let noble1 = card("Noble 1");
    let give4 = card("Give 4");
    let coerce2 = card("Coerce 2");
    let dispel2 = card("Dispel 2");
    let noble5 = card("Noble 5");
    for (direction, to_of) in [
        (Direction::Left, [1u8, 2, 0]),
        (Direction::Right, [2, 0, 1]),
    ] {
        let (mut s, _) = pos(3, FIRST)
            .directions([direction; 5])
            .alliance(Player(0), [noble1, give4])
            .alliance(Player(1), [coerce2, dispel2])
            .alliance(Player(2), [noble5])
            .kept(Player(0), "Share 3")
            .reveal(&mut rng())
            .unwrap();
        assert_eq!(
            legal(&s, 1),
            vec![Action::Target(coerce2), Action::Target(dispel2)]
        );
        play(&mut s, 1, Action::Target(coerce2));
        assert!(cards_of(&s, to_of[0]).contains(&noble1), "{direction:?}");
        assert!(cards_of(&s, to_of[1]).contains(&coerce2), "{direction:?}");
        assert!(cards_of(&s, to_of[2]).contains(&noble5), "{direction:?}");
        // Nobody passed on the card just received.
        assert_eq!(cards_of(&s, 1).len(), 2);
    }
}

#[test]
fn chain_picks_are_hidden_until_resolved() {
    let fam = [Purge, Noble, Give, Coerce, Dispel];
    let (mut s, _) = pos(3, fam)
        .alliance(Player(1), ["Give 3", "Coerce 3"])
        .alliance(Player(2), ["Give 2", "Coerce 2"])
        .alliance(Player(0), ["Noble 5"])
        .kept(Player(0), "Purge 1")
        .reveal(&mut rng())
        .unwrap();
    let before = s.view_for(Seat::Player(Player(2)));
    let mut other = s.clone();
    play(&mut s, 1, Action::Target(card("Give 3")));
    play(&mut other, 1, Action::Target(card("Coerce 3")));
    assert_ne!(s.view_for(Seat::Player(Player(2))), before);
    assert_eq!(
        s.view_for(Seat::Player(Player(2))),
        other.view_for(Seat::Player(Player(2))),
        "player 3 learns only that player 2 picked"
    );
    assert_ne!(
        s.view_for(Seat::Player(Player(1))),
        other.view_for(Seat::Player(Player(1)))
    );
}

// ---- Deflect ----

const DODGE: [Family; 5] = [Deflect, Coerce, Noble, Share, Give];

#[test]
fn deflect_redirects_a_direct_power_to_another_opponent() {
    let deflect = card("Deflect 3");
    let noble4 = card("Noble 4");
    let noble2 = card("Noble 2");
    let (mut s, _) = pos(3, DODGE)
        .active(Player(1), [deflect])
        .alliance(Player(1), [noble4])
        .alliance(Player(2), [noble2])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(noble4));
    assert_eq!(legal(&s, 1), vec![Action::Respond(deflect), Action::Pass]);
    play(&mut s, 1, Action::Respond(deflect));
    assert_eq!(legal(&s, 1), vec![Action::TargetPlayer(Player(2))]);
    play(&mut s, 1, Action::TargetPlayer(Player(2)));
    assert_eq!(
        legal(&s, 0),
        vec![Action::Target(noble2)],
        "now aimed at player 3"
    );
    play(&mut s, 0, Action::Target(noble2));
    assert!(cards_of(&s, 0).contains(&noble2));
    assert!(cards_of(&s, 1).contains(&noble4));
    assert!(
        !s.alliance(Player(1))[0].active,
        "Deflect is Idle once used"
    );
}

#[test]
fn deflect_against_give_sends_the_gift_elsewhere() {
    let deflect = card("Deflect 3");
    let gift = card("Noble 1");
    let (mut s, _) = pos(3, DODGE)
        .active(Player(1), [deflect])
        .alliance(Player(0), [gift])
        .kept(Player(0), "Give 2")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(gift));
    play(&mut s, 0, Action::TargetPlayer(Player(1)));
    play(&mut s, 1, Action::Respond(deflect));
    play(&mut s, 1, Action::TargetPlayer(Player(2)));
    // The Give starts over aimed at player 3.
    play(&mut s, 0, Action::Target(gift));
    assert_eq!(legal(&s, 0), vec![Action::TargetPlayer(Player(2))]);
    play(&mut s, 0, Action::TargetPlayer(Player(2)));
    assert_eq!(cards_of(&s, 2), vec![gift]);
}

#[test]
fn deflect_avoids_a_chain_power() {
    let deflect = card("Deflect 3");
    let noble1 = card("Noble 1");
    let give1 = card("Give 1");
    let coerce1 = card("Coerce 1");
    let (mut s, _) = pos(3, DODGE)
        .alliance(Player(0), [noble1])
        .active(Player(1), [deflect])
        .alliance(Player(1), [give1])
        .alliance(Player(2), [coerce1])
        .kept(Player(0), "Share 5")
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(legal(&s, 1), vec![Action::Respond(deflect), Action::Pass]);
    play(&mut s, 1, Action::Respond(deflect));
    // Player 2 sits out: the ring is players 1 and 3 only.
    assert!(cards_of(&s, 1).contains(&give1));
    assert!(cards_of(&s, 2).contains(&noble1));
    assert!(cards_of(&s, 0).contains(&coerce1));
}

#[test]
fn an_unrevealed_response_can_be_used_before_its_turn() {
    let deflect = card("Deflect 1");
    let noble4 = card("Noble 4");
    let noble2 = card("Noble 2");
    let (mut s, _) = pos(3, DODGE)
        .alliance(Player(1), [noble4])
        .alliance(Player(2), [noble2])
        .kept(Player(0), "Coerce 5")
        .kept(Player(1), deflect)
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(noble4));
    assert_eq!(legal(&s, 1), vec![Action::Respond(deflect), Action::Pass]);
    let events = play(&mut s, 1, Action::Respond(deflect));
    assert!(events.iter().any(|e| matches!(
        e,
        Event::Revealed {
            player: Player(1),
            ..
        }
    )));
    play(&mut s, 1, Action::TargetPlayer(Player(2)));
    play(&mut s, 0, Action::Target(noble2));
    let deflect_in_alliance = s.alliance(Player(1)).iter().find(|ac| ac.card == deflect);
    assert_eq!(deflect_in_alliance.map(|ac| ac.active), Some(false));
}

#[test]
fn a_response_stays_active_across_rounds_and_works_for_a_new_owner() {
    let deflect = card("Deflect 3");
    let noble4 = card("Noble 4");
    // Round 1: player 3 reveals the Deflect (it stays Active); player 1
    // coerces it; round 2 has no use for it yet. It must still be Active
    // in player 1's Alliance.
    let (mut s, _) = pos(3, DODGE)
        .alliance(Player(1), [noble4])
        .kept(Player(0), "Coerce 1")
        .kept(Player(2), deflect)
        .reveal(&mut rng())
        .unwrap();
    assert!(
        s.alliance(Player(2))
            .iter()
            .any(|ac| ac.card == deflect && ac.active)
    );
    play(&mut s, 0, Action::Target(deflect));
    // The Deflect itself is the target: its owner may still use it.
    assert_eq!(legal(&s, 2), vec![Action::Respond(deflect), Action::Pass]);
    play(&mut s, 2, Action::Pass);
    assert!(
        s.alliance(Player(0))
            .iter()
            .any(|ac| ac.card == deflect && ac.active)
    );
    assert_eq!(s.round(), 2);
}

// ---- Distract ----

#[test]
fn distract_takes_the_place_of_the_targeted_fairy() {
    // The rulebook's example: Switch of Share(4) for a Noble(4); the
    // Distract(1) is switched instead and the Noble stays put.
    let fam = [Switch, Distract, Share, Noble, Give];
    let share4 = card("Share 4");
    let noble4 = card("Noble 4");
    let distract = card("Distract 1");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), [share4])
        .alliance(Player(1), [noble4])
        .active(Player(2), [distract])
        .kept(Player(0), "Switch 1")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(share4));
    play(&mut s, 0, Action::Target(noble4));
    assert_eq!(legal(&s, 2), vec![Action::Respond(distract), Action::Pass]);
    play(&mut s, 2, Action::Respond(distract));
    assert_eq!(cards_of(&s, 1), vec![noble4]);
    assert_eq!(cards_of(&s, 2), vec![share4]);
    let moved = s.alliance(Player(0)).iter().find(|ac| ac.card == distract);
    assert_eq!(
        moved.map(|ac| ac.active),
        Some(false),
        "the Distract arrives Idle"
    );
}

#[test]
fn distract_protects_against_coerce_and_dispel() {
    for power in [Coerce, Dispel] {
        let fam = [power, Distract, Noble, Give, Share];
        let noble4 = card("Noble 4");
        let distract = card("Distract 2");
        let (mut s, _) = pos(3, fam)
            .alliance(Player(1), [noble4])
            .active(Player(1), [distract])
            .kept(Player(0), Card::with_favor(power, 3).unwrap())
            .reveal(&mut rng())
            .unwrap();
        play(&mut s, 0, Action::Target(noble4));
        play(&mut s, 1, Action::Respond(distract));
        assert_eq!(cards_of(&s, 1), vec![noble4], "{power:?}");
    }
}

#[test]
fn distract_does_not_replace_the_users_own_fairy() {
    // Give aims at a player, and the given Fairy is the user's own.
    let fam = [Give, Distract, Noble, Coerce, Share];
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), ["Noble 1"])
        .active(Player(2), ["Distract 2"])
        .kept(Player(0), "Give 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(card("Noble 1")));
    play(&mut s, 0, Action::TargetPlayer(Player(1)));
    assert_eq!(
        cards_of(&s, 1),
        vec![card("Noble 1")],
        "no window was offered"
    );
}

// ---- Obfuscate ----

#[test]
fn obfuscate_hides_two_fairies_and_the_attacker_picks_blind() {
    let fam = [Coerce, Obfuscate, Noble, Give, Share];
    let obf = card("Obfuscate 2");
    let noble4 = card("Noble 4");
    let give1 = card("Give 1");
    let (mut s, _) = pos(3, fam)
        .active(Player(1), [obf])
        .alliance(Player(1), [noble4, give1])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(noble4));
    play(&mut s, 1, Action::Respond(obf));
    assert_eq!(
        legal(&s, 1),
        vec![Action::Target(obf), Action::Target(give1)]
    );
    play(&mut s, 1, Action::Target(give1));
    assert_eq!(
        legal(&s, 0),
        vec![
            Action::Pick(FaceDown::First),
            Action::Pick(FaceDown::Second)
        ]
    );
    // Every seat sees the pair, never its shuffled order.
    let Phase::Powers {
        resolution: Some(Resolution::Direct(d)),
        ..
    } = s.phase()
    else {
        panic!("a Direct Power is resolving");
    };
    assert_eq!(d.step, Step::Guess);
    let pair = d.concealed.expect("two face-down Fairies");
    let mut swapped = s.to_setup();
    if let Phase::Powers {
        resolution: Some(Resolution::Direct(d)),
        ..
    } = &mut swapped.phase
    {
        d.concealed = Some([pair[1], pair[0]]);
    }
    let swapped = fairy_ring::fickle::State::try_from(swapped).expect("valid");
    for seat in [
        Seat::Player(Player(0)),
        Seat::Player(Player(1)),
        Seat::Spectator,
    ] {
        assert_eq!(s.view_for(seat), swapped.view_for(seat));
    }
    let events = play(&mut s, 0, Action::Pick(FaceDown::First));
    assert!(events.contains(&Event::Picked {
        pick: FaceDown::First,
        card: pair[0]
    }));
    assert!(cards_of(&s, 0).contains(&pair[0]));
    let other = if pair[0] == noble4 { give1 } else { noble4 };
    assert!(cards_of(&s, 1).contains(&other));
}

// ---- Reflect ----

const TURNABOUT: [Family; 5] = [Reflect, Give, Switch, Prestige, Coerce];

#[test]
fn reflect_copies_a_direct_power_used_against_you() {
    let reflect = card("Reflect 2");
    let give3 = card("Give 3");
    let switch4 = card("Switch 4");
    let (mut s, _) = pos(3, TURNABOUT)
        .active(Player(1), [reflect])
        .alliance(Player(1), [give3])
        .alliance(Player(2), [switch4])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(give3));
    assert_eq!(legal(&s, 1), vec![Action::Respond(reflect), Action::Pass]);
    play(&mut s, 1, Action::Respond(reflect));
    // Player 2 now Coerces from any opponent.
    assert!(legal(&s, 1).contains(&Action::Target(switch4)));
    assert!(legal(&s, 1).contains(&Action::Target(give3)));
    play(&mut s, 1, Action::Target(switch4));
    assert!(cards_of(&s, 1).contains(&switch4));
}

#[test]
fn a_targeted_reflect_works_even_after_it_moved() {
    let reflect = card("Reflect 2");
    let switch4 = card("Switch 4");
    let (mut s, _) = pos(3, TURNABOUT)
        .active(Player(1), [reflect])
        .alliance(Player(2), [switch4])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(reflect));
    assert!(cards_of(&s, 0).contains(&reflect));
    assert_eq!(legal(&s, 1), vec![Action::Respond(reflect), Action::Pass]);
    play(&mut s, 1, Action::Respond(reflect));
    let moved = s.alliance(Player(0)).iter().find(|ac| ac.card == reflect);
    assert_eq!(moved.map(|ac| ac.active), Some(false));
    play(&mut s, 1, Action::Target(switch4));
    assert!(cards_of(&s, 1).contains(&switch4));
}

#[test]
fn reflect_is_not_triggered_by_a_chain_power() {
    let fam = [Reflect, Share, Noble, Give, Coerce];
    let (s, _) = pos(3, fam)
        .active(Player(1), ["Reflect 2"])
        .alliance(Player(2), ["Noble 1"])
        .kept(Player(0), "Share 3")
        .reveal(&mut rng())
        .unwrap();
    assert!(
        !matches!(s.phase(), Phase::Powers { .. }),
        "nothing to decide"
    );
}

// ---- Delayed: Blinded, Psychic, Reduced, Erase, Scheme ----

const DELAYED: [Family; 5] = [Blinded, Psychic, Reduced, Erase, Noble];

/// Plays the Lineup of round 2 (everyone takes the first order offered).
fn through_lineup(s: &mut fairy_ring::fickle::State) {
    while matches!(s.phase(), Phase::Lineup) {
        let p = s.to_act().lowest().expect("someone orders");
        let a = legal(s, p.0)[0];
        play(s, p.0, a);
    }
}

#[test]
fn blinded_decides_on_the_first_card_unseen() {
    let (mut s, events) = pos(3, DELAYED)
        .active(Player(0), ["Blinded 2"])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    assert!(events.contains(&Event::LineupChanged {
        player: Player(0),
        effect: LineupEffect::Blinded
    }));
    through_lineup(&mut s);
    let view = s.view_for(Seat::Player(Player(0)));
    assert_eq!(view.players[0].lineup.as_slice(), &[None, None, None]);
    // The passer (player 3, passing left) knows every card.
    let passer = s.view_for(Seat::Player(Player(2)));
    assert!(passer.players[0].lineup.iter().all(Option::is_some));
    let mut events = play(&mut s, 0, Action::Keep);
    // Others see only that player 1 committed.
    let other = s.view_for(Seat::Player(Player(1)));
    assert!(other.players[0].ready);
    assert_eq!(other.players[0].pending, None);
    events.extend(others_decide(&mut s, 0, Action::DismissTop));
    let view = s.view_for(Seat::Player(Player(0)));
    assert_eq!(
        view.players[0].chosen,
        Slot::FaceDown,
        "kept without looking"
    );
    assert!(!s.alliance(Player(0))[0].active, "the Blinded card is Idle");
    // Neither the kept card nor the two dismissed unseen show in player 1's
    // events; the passer sees all three.
    let mine = State::redact_all(&events, Seat::Player(Player(0)));
    let passer = State::redact_all(&events, Seat::Player(Player(2)));
    let shown = |evs: &[Event]| {
        evs.iter()
            .filter(|e| {
                matches!(e, Event::Moved { card: Some(_), from, .. }
                    if *from == fairy_ring::fickle::Zone::Lineup(Player(0)))
            })
            .count()
    };
    assert_eq!(shown(&mine), 0);
    assert_eq!(shown(&passer), 3);
}

#[test]
fn blinded_player_who_dismisses_the_first_card_sees_the_rest() {
    let (mut s, _) = pos(3, DELAYED)
        .active(Player(0), ["Blinded 2"])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    through_lineup(&mut s);
    play(&mut s, 0, Action::DismissTop);
    others_keep(&mut s, 0);
    let view = s.view_for(Seat::Player(Player(0)));
    assert_eq!(view.players[0].lineup[0], None);
    assert!(view.players[0].lineup[1].is_some());
}

#[test]
fn psychic_sees_the_top_two_cards() {
    let (mut s, _) = pos(3, DELAYED)
        .active(Player(0), ["Psychic 2"])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    through_lineup(&mut s);
    let view = s.view_for(Seat::Player(Player(0)));
    let seen: Vec<bool> = view.players[0].lineup.iter().map(Option::is_some).collect();
    assert_eq!(seen, vec![true, true, false]);
    let other = s.view_for(Seat::Player(Player(1)));
    let seen: Vec<bool> = other.players[1]
        .lineup
        .iter()
        .map(Option::is_some)
        .collect();
    assert_eq!(
        seen,
        vec![true, false, false],
        "without Psychic, only the top"
    );
}

#[test]
fn reduced_dismisses_the_top_card_unseen() {
    let (mut s, _) = pos(3, DELAYED)
        .active(Player(0), ["Reduced 2"])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    through_lineup(&mut s);
    let area = &s.to_setup().areas[0];
    assert_eq!(area.cursor, 1);
    let view = s.view_for(Seat::Player(Player(0)));
    assert_eq!(view.players[0].lineup[0], None);
    assert!(view.players[0].lineup[1].is_some());
    // Dismissing the second card keeps the third automatically.
    play(&mut s, 0, Action::DismissTop);
    others_decide(&mut s, 0, Action::DismissTop);
    assert!(s.to_setup().areas[0].chosen.is_some());
}

#[test]
fn erase_dismisses_a_highest_fairy_of_any_alliance() {
    let erase = card("Erase 1");
    let b4 = card("Blinded 4");
    let p4 = card("Psychic 4");
    let r2 = card("Reduced 2");
    let (mut s, _) = pos(3, DELAYED)
        .active(Player(0), [erase])
        .alliance(Player(1), [b4, p4])
        .alliance(Player(2), [r2])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    assert!(matches!(
        s.phase(),
        Phase::StartRound { seize: Some(_), .. }
    ));
    assert_eq!(
        legal(&s, 0),
        vec![
            Action::Target(erase),
            Action::Target(b4),
            Action::Target(p4),
            Action::Target(r2)
        ]
    );
    play(&mut s, 0, Action::Target(p4));
    assert!(!cards_of(&s, 1).contains(&p4));
    assert!(
        matches!(s.phase(), Phase::Lineup),
        "Erase resolves before the deal"
    );
}

#[test]
fn scheme_takes_the_highest_fairy_of_an_opponent() {
    let scheme = card("Scheme 5");
    let b4 = card("Blinded 4");
    let r2 = card("Reduced 2");
    let (mut s, _) = pos(3, [Scheme, Blinded, Reduced, Psychic, Noble])
        .active(Player(0), [scheme])
        .alliance(Player(1), [b4, card("Psychic 1")])
        .alliance(Player(2), [r2])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(legal(&s, 0), vec![Action::Target(b4), Action::Target(r2)]);
    play(&mut s, 0, Action::Target(b4));
    assert!(cards_of(&s, 0).contains(&b4));
}

#[test]
fn a_delayed_card_that_changes_alliance_stays_active_for_its_new_owner() {
    let fam = [Scheme, Coerce, Noble, Give, Dispel];
    let scheme = card("Scheme 5");
    let (mut s, _) = pos(3, fam)
        .active(Player(0), [scheme])
        .alliance(Player(2), ["Noble 3"])
        .kept(Player(1), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 1, Action::Target(scheme));
    // Round 2 begins: the Scheme now works for player 2.
    assert_eq!(s.round(), 2);
    assert_eq!(legal(&s, 1), vec![Action::Target(card("Noble 3"))]);
}

#[test]
fn delayed_cards_revealed_in_round_five_are_not_resolved() {
    let (s, _) = pos(3, DELAYED)
        .round(5)
        .kept(Player(0), "Erase 3")
        .reveal(&mut rng())
        .unwrap();
    assert!(!s.alliance(Player(0))[0].active);
    assert!(matches!(s.phase(), Phase::Over { .. }));
}

// ---- Every Response against every Power it can meet ----

/// How player 2 holds the Response in an [`attack_with`] scenario.
#[derive(Clone, Copy)]
enum Held {
    /// Active in their Alliance.
    Active,
    /// As their face-down chosen Fairy, not yet revealed.
    FaceDown,
}

/// Player 1 uses `power` against player 2, who holds `response` as `how`
/// says and owns a Noble(4); player 3 owns a Noble(2). Player 1 makes every
/// choice, aiming at player 2's Noble(4) (or at player 2). Returns the state
/// when the scripted choices run out, and the held Response.
fn attack_with(power: Family, response: Family, how: Held) -> (State, Card) {
    let noble4 = card("Noble 4");
    let mut families = vec![power, response, Noble];
    for f in [Coerce, Give, Dispel, Share] {
        if !families.contains(&f) && families.len() < 5 {
            families.push(f);
        }
    }
    let families: [Family; 5] = families.try_into().unwrap();
    // Distinct cards for each holding, so no card is dealt twice.
    let (held, given, prestiged, mimicked) = match how {
        Held::Active => (
            Card::with_favor(response, 3).unwrap(),
            card("Noble 1"),
            card("Noble 1'"),
            card("Coerce 1"),
        ),
        Held::FaceDown => (
            Card::with_favor(response, 1).unwrap(),
            card("Noble 1'"),
            card("Noble 3'"),
            card("Coerce 3"),
        ),
    };
    let mut scenario = pos(3, families);
    if let Held::Active = how {
        scenario = scenario.active(Player(1), [held]);
    }
    scenario = scenario
        .alliance(Player(1), [noble4])
        .alliance(Player(2), ["Noble 2"]);
    scenario = match power {
        Give => scenario.alliance(Player(0), [given]),
        Switch => scenario.alliance(Player(0), ["Noble 4'"]),
        Prestige => scenario.alliance(Player(0), [prestiged]),
        Mimic => scenario.alliance(Player(1), [mimicked]),
        _ => scenario,
    };
    scenario = scenario.kept(Player(0), Card::with_favor(power, 5).unwrap());
    if let Held::FaceDown = how {
        scenario = scenario.kept(Player(1), held);
    }
    let (mut s, _) = scenario.reveal(&mut rng()).unwrap();
    let script = [
        Action::Target(noble4),
        Action::Target(mimicked),
        Action::Target(given),
        Action::Target(card("Noble 4'")),
        Action::Target(prestiged),
        Action::TargetPlayer(Player(1)),
    ];
    for _ in 0..4 {
        let options = legal(&s, 0);
        if options.is_empty() || !matches!(s.phase(), Phase::Powers { .. }) {
            break;
        }
        let pick = script
            .into_iter()
            .find(|a| options.contains(a))
            .unwrap_or_else(|| panic!("{power:?}: no scripted choice in {options:?}"));
        play(&mut s, 0, pick);
    }
    (s, held)
}

/// [`attack_with`] against an Active Response.
fn attack(power: Family, response: Family) -> (State, Card) {
    attack_with(power, response, Held::Active)
}

/// [`attack_with`] against a face-down, unrevealed Response.
fn attack_unrevealed(power: Family, response: Family) -> (State, Card) {
    attack_with(power, response, Held::FaceDown)
}

/// Whether `card` is in player `p`'s Alliance, and if so whether it is Active.
fn active(s: &State, p: u8, card: Card) -> Option<bool> {
    s.alliance(Player(p))
        .iter()
        .find(|ac| ac.card == card)
        .map(|ac| ac.active)
}

/// Whether a Power is still resolving (a window or any other decision).
fn in_window(s: &State) -> bool {
    matches!(
        s.phase(),
        Phase::Powers {
            resolution: Some(_),
            ..
        }
    )
}

fn idle(s: &State, card: Card) -> bool {
    (0..3).all(|p| {
        s.alliance(Player(p))
            .iter()
            .all(|ac| ac.card != card || !ac.active)
    })
}

#[test]
fn deflect_answers_every_direct_power() {
    for power in [Coerce, Dispel, Give, Prestige, Switch, Transmute, Mimic] {
        let (mut s, deflect) = attack(power, Deflect);
        assert!(
            legal(&s, 1).contains(&Action::Respond(deflect)),
            "{power:?}"
        );
        play(&mut s, 1, Action::Respond(deflect));
        play(&mut s, 1, Action::TargetPlayer(Player(2)));
        assert!(idle(&s, deflect), "{power:?}");
        settle_powers(&mut s);
        assert!(cards_of(&s, 1).contains(&card("Noble 4")), "{power:?}");
        let expected = if power == Mimic { 3 } else { 2 };
        assert_eq!(
            cards_of(&s, 1).len(),
            expected,
            "{power:?}: player 2 untouched"
        );
    }
}

#[test]
fn distract_answers_every_direct_power_aimed_at_a_fairy() {
    for power in [Coerce, Dispel, Prestige, Switch, Mimic] {
        let (mut s, distract) = attack(power, Distract);
        assert!(
            legal(&s, 1).contains(&Action::Respond(distract)),
            "{power:?}"
        );
        play(&mut s, 1, Action::Respond(distract));
        settle_powers(&mut s);
        assert!(cards_of(&s, 1).contains(&card("Noble 4")), "{power:?}");
        assert!(
            !cards_of(&s, 1).contains(&distract),
            "{power:?}: Distract was taken"
        );
    }
    for power in [Give, Transmute] {
        let (s, _) = attack(power, Distract);
        assert!(!in_window(&s), "{power:?} aims at a player, not a Fairy");
    }
}

#[test]
fn obfuscate_answers_every_direct_power_aimed_at_a_fairy() {
    for power in [Coerce, Dispel, Prestige, Switch, Mimic] {
        let (mut s, obf) = attack(power, Obfuscate);
        assert!(legal(&s, 1).contains(&Action::Respond(obf)), "{power:?}");
        play(&mut s, 1, Action::Respond(obf));
        play(&mut s, 1, Action::Target(obf));
        assert_eq!(
            legal(&s, 0),
            vec![
                Action::Pick(FaceDown::First),
                Action::Pick(FaceDown::Second)
            ],
            "{power:?}"
        );
        play(&mut s, 0, Action::Pick(FaceDown::Second));
        settle_powers(&mut s);
        let kept = [card("Noble 4"), obf]
            .iter()
            .filter(|c| cards_of(&s, 1).contains(c))
            .count();
        assert_eq!(kept, 1, "{power:?}: exactly one of the pair was hit");
    }
    for power in [Give, Transmute] {
        let (s, _) = attack(power, Obfuscate);
        assert!(!in_window(&s), "{power:?} aims at a player, not a Fairy");
    }
}

#[test]
fn reflect_answers_every_direct_power() {
    for power in [Coerce, Dispel, Give, Prestige, Switch, Transmute, Mimic] {
        let (mut s, reflect) = attack(power, Reflect);
        // Nothing to do in the window: Reflect comes after the Power.
        assert_eq!(
            legal(&s, 1),
            vec![Action::Respond(reflect), Action::Pass],
            "{power:?}"
        );
        play(&mut s, 1, Action::Respond(reflect));
        let Phase::Powers {
            resolution: Some(Resolution::Direct(d)),
            ..
        } = s.phase()
        else {
            panic!("{power:?}: the reflected Power resolves");
        };
        assert_eq!(d.user, Player(1));
        let copied = if power == Mimic { Coerce } else { power };
        assert_eq!(d.power, copied, "{power:?}");
        assert!(idle(&s, reflect));
    }
}

#[test]
fn only_deflect_answers_chain_powers() {
    for power in [Purge, Share] {
        for response in [Deflect, Distract, Obfuscate, Reflect] {
            let families = [power, response, Noble, Give, Coerce];
            let held = Card::with_favor(response, 3).unwrap();
            let (s, _) = pos(3, families)
                .active(Player(1), [held])
                .alliance(Player(1), ["Noble 4"])
                .alliance(Player(2), ["Noble 2"])
                .kept(Player(0), Card::with_favor(power, 5).unwrap())
                .reveal(&mut rng())
                .unwrap();
            let asked = matches!(
                s.phase(),
                Phase::Powers {
                    resolution: Some(Resolution::Chain(fairy_ring::fickle::Chain {
                        step: fairy_ring::fickle::ChainStep::Avoid { .. },
                        ..
                    })),
                    ..
                }
            );
            assert_eq!(asked, response == Deflect, "{power:?} vs {response:?}");
        }
    }
}

// ---- Distract: "any Fairy targeted by a Direct Power" ----

#[test]
fn distract_replaces_a_fairy_the_user_dispels_from_their_own_alliance() {
    // Player 1 Dispels a Noble of their own Alliance; player 2's Distract
    // takes its place, so the Noble stays with player 1.
    let fam = [Dispel, Distract, Noble, Give, Share];
    let distract = card("Distract 1");
    let noble4 = card("Noble 4");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(0), [noble4])
        .active(Player(1), [distract])
        .kept(Player(0), "Dispel 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(noble4));
    assert_eq!(legal(&s, 1), vec![Action::Respond(distract), Action::Pass]);
    play(&mut s, 1, Action::Respond(distract));
    settle_powers(&mut s);
    assert!(cards_of(&s, 0).contains(&noble4));
    assert!(
        !cards_of(&s, 1).contains(&distract),
        "the Distract was dismissed"
    );
}

#[test]
fn only_distract_answers_a_power_aimed_at_the_users_own_fairy() {
    // Deflect, Obfuscate and Reflect need the Power directed at their holder;
    // a Dispel of the user's own Fairy is directed at nobody else.
    for response in [Deflect, Obfuscate, Reflect] {
        let fam = [Dispel, response, Noble, Give, Share];
        let (s, _) = pos(3, fam)
            .alliance(Player(0), ["Noble 4"])
            .active(Player(1), [Card::with_favor(response, 1).unwrap()])
            .alliance(Player(1), ["Noble 2"])
            .kept(Player(0), "Dispel 3")
            .reveal(&mut rng())
            .unwrap();
        let mut s = s;
        play(&mut s, 0, Action::Target(card("Noble 4")));
        assert!(!in_window(&s), "{response:?} is not offered");
        assert!(!cards_of(&s, 0).contains(&card("Noble 4")));
    }
}

// ---- Obfuscate ----

#[test]
fn obfuscate_can_hide_the_targeted_obfuscate_itself() {
    let fam = [Coerce, Obfuscate, Noble, Give, Share];
    let obf = card("Obfuscate 2");
    let noble4 = card("Noble 4");
    let (mut s, _) = pos(3, fam)
        .active(Player(1), [obf])
        .alliance(Player(1), [noble4])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(obf));
    play(&mut s, 1, Action::Respond(obf));
    assert_eq!(legal(&s, 1), vec![Action::Target(noble4)]);
    play(&mut s, 1, Action::Target(noble4));
    play(&mut s, 0, Action::Pick(FaceDown::First));
    settle_powers(&mut s);
    assert_eq!(cards_of(&s, 1).len(), 1, "one of the pair was taken");
    assert_eq!(cards_of(&s, 0).len(), 2);
}

#[test]
fn obfuscate_needs_a_second_fairy() {
    // The targeted Obfuscate is the holder's only Fairy: nothing to hide it with.
    let fam = [Coerce, Obfuscate, Noble, Give, Share];
    let obf = card("Obfuscate 2");
    let (mut s, _) = pos(3, fam)
        .active(Player(1), [obf])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(obf));
    assert!(!in_window(&s));
    assert_eq!(active(&s, 0, obf), Some(true), "taken while still Active");
}

// ---- Unrevealed Responses, each against each Direct Power ----

#[test]
fn an_unrevealed_response_answers_every_direct_power_it_can_meet() {
    let direct = [Coerce, Dispel, Give, Prestige, Switch, Transmute, Mimic];
    for power in direct {
        for response in [Deflect, Distract, Obfuscate, Reflect] {
            let (mut s, held) = attack_unrevealed(power, response);
            let aims_at_fairy = !matches!(power, Give | Transmute);
            let usable = match response {
                Distract | Obfuscate => aims_at_fairy,
                // Transmute dismisses the unrevealed Fairy before a Reflect
                // could follow the Power.
                Reflect => power != Transmute,
                _ => true,
            };
            if !usable {
                assert!(
                    !legal(&s, 1).contains(&Action::Respond(held)),
                    "{power:?} vs {response:?}"
                );
                continue;
            }
            assert_eq!(
                legal(&s, 1),
                vec![Action::Respond(held), Action::Pass],
                "{power:?} vs {response:?}"
            );
            let events = play(&mut s, 1, Action::Respond(held));
            assert!(
                events.iter().any(|e| matches!(
                    e,
                    Event::Revealed {
                        player: Player(1),
                        ..
                    }
                )),
                "{power:?} vs {response:?}: using it reveals it"
            );
            assert!(idle(&s, held), "{power:?} vs {response:?}");
            match response {
                Deflect => play(&mut s, 1, Action::TargetPlayer(Player(2))),
                Obfuscate => play(&mut s, 1, Action::Target(held)),
                _ => Vec::new(),
            };
            settle_powers(&mut s);
            assert_eq!(
                s.round(),
                2,
                "{power:?} vs {response:?}: the round ends; {:?}",
                s.phase()
            );
        }
    }
}

// ---- Reflect ----

#[test]
fn a_reflect_taken_while_active_works_for_its_new_owner() {
    // Player 1 Coerces player 2's Active Reflect; player 2 declines to use
    // it. Player 1 now owns an Active Reflect and reflects player 3's Coerce.
    let fam = [Coerce, Reflect, Noble, Give, Share];
    let reflect = card("Reflect 2");
    let noble3 = card("Noble 3");
    let noble1 = card("Noble 1");
    let (mut s, _) = pos(3, fam)
        .active(Player(1), [reflect])
        .alliance(Player(0), [noble3])
        .alliance(Player(2), [noble1])
        .kept(Player(0), "Coerce 5")
        .kept(Player(2), "Coerce 4")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(reflect));
    assert_eq!(legal(&s, 1), vec![Action::Respond(reflect), Action::Pass]);
    play(&mut s, 1, Action::Pass);
    assert_eq!(active(&s, 0, reflect), Some(true));
    // Player 3's Coerce takes player 1's Noble(3).
    play(&mut s, 2, Action::Target(noble3));
    assert_eq!(legal(&s, 0), vec![Action::Respond(reflect), Action::Pass]);
    play(&mut s, 0, Action::Respond(reflect));
    assert_eq!(active(&s, 0, reflect), Some(false));
    play(&mut s, 0, Action::Target(noble1));
    assert!(cards_of(&s, 0).contains(&noble1));
}

#[test]
fn a_dismissed_targeted_reflect_may_still_be_used() {
    let fam = [Dispel, Reflect, Noble, Give, Share];
    let reflect = card("Reflect 2");
    let noble2 = card("Noble 2");
    let (mut s, _) = pos(3, fam)
        .active(Player(1), [reflect])
        .alliance(Player(2), [noble2])
        .kept(Player(0), "Dispel 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(reflect));
    assert_eq!(legal(&s, 1), vec![Action::Respond(reflect), Action::Pass]);
    play(&mut s, 1, Action::Respond(reflect));
    let Phase::Powers {
        resolution: Some(Resolution::Direct(d)),
        ..
    } = s.phase()
    else {
        panic!("the reflected Dispel resolves");
    };
    assert_eq!((d.user, d.power, d.step), (Player(1), Dispel, Step::Aim));
    play(&mut s, 1, Action::Target(noble2));
    assert!(cards_of(&s, 2).is_empty());
}

// ---- Deflect ----

#[test]
fn deflect_onto_an_opponent_without_a_valid_target_has_no_effect() {
    let fam = [Coerce, Deflect, Noble, Give, Share];
    let deflect = card("Deflect 1");
    let noble4 = card("Noble 4");
    let (mut s, _) = pos(3, fam)
        .active(Player(1), [deflect])
        .alliance(Player(1), [noble4])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(noble4));
    play(&mut s, 1, Action::Respond(deflect));
    let events = play(&mut s, 1, Action::TargetPlayer(Player(2)));
    assert!(events.iter().any(|e| matches!(e, Event::NoEffect { .. })));
    assert!(cards_of(&s, 1).contains(&noble4));
    assert_eq!(active(&s, 1, deflect), Some(false));
}

#[test]
fn an_unrevealed_deflect_avoids_purge() {
    let fam = [Purge, Deflect, Noble, Give, Share];
    let deflect = card("Deflect 1");
    let noble4 = card("Noble 4");
    let noble3 = card("Noble 3");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(1), [noble4])
        .alliance(Player(2), [noble3])
        .kept(Player(0), "Purge 3")
        .kept(Player(1), deflect)
        .reveal(&mut rng())
        .unwrap();
    assert_eq!(legal(&s, 1), vec![Action::Respond(deflect), Action::Pass]);
    play(&mut s, 1, Action::Respond(deflect));
    assert!(
        cards_of(&s, 1).contains(&noble4),
        "player 2 sat the Purge out"
    );
    assert!(cards_of(&s, 2).is_empty());
    assert!(cards_of(&s, 0).is_empty(), "the Purge dismissed itself");
}
