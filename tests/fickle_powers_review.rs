#![cfg(all(feature = "testing", feature = "serde"))]
//! Power interactions pinned by the rules review: Responses against Powers
//! in the less travelled corners (own-Alliance targets, unrevealed Responses,
//! Responses that moved while Active).

mod fickle_support;

use fairy_ring::Player;
use fairy_ring::fickle::{Action, Card, Event, FaceDown, Family, Phase, Resolution, State, Step};
use fickle_support::*;

use Family::*;

fn active(s: &State, p: u8, card: Card) -> Option<bool> {
    s.alliance(Player(p))
        .iter()
        .find(|ac| ac.card == card)
        .map(|ac| ac.active)
}

fn resolving(s: &State) -> bool {
    matches!(
        s.phase(),
        Phase::Powers {
            resolution: Some(_),
            ..
        }
    )
}

// ---- Distract: "any Fairy targeted by a Direct Power" ----

#[test]
fn distract_replaces_a_fairy_the_user_dispels_from_their_own_alliance() {
    // Player 1 Dispels a Noble of their own Alliance; player 2's Distract
    // takes its place, so the Noble stays with player 1.
    let fam = [Dispel, Distract, Noble, Give, Share];
    let distract = c(Distract, 1, 0);
    let noble4 = c(Noble, 4, 0);
    let (mut s, _) = Scenario::new(3, fam)
        .ally(0, &[noble4])
        .active(1, distract)
        .choose(0, c(Dispel, 3, 0))
        .start();
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
        let (s, _) = Scenario::new(3, fam)
            .ally(0, &[c(Noble, 4, 0)])
            .active(1, c(response, 1, 0))
            .ally(1, &[c(Noble, 2, 0)])
            .choose(0, c(Dispel, 3, 0))
            .start();
        let mut s = s;
        play(&mut s, 0, Action::Target(c(Noble, 4, 0)));
        assert!(!resolving(&s), "{response:?} is not offered");
        assert!(!cards_of(&s, 0).contains(&c(Noble, 4, 0)));
    }
}

// ---- Obfuscate ----

#[test]
fn obfuscate_can_hide_the_targeted_obfuscate_itself() {
    let fam = [Coerce, Obfuscate, Noble, Give, Share];
    let obf = c(Obfuscate, 2, 0);
    let noble4 = c(Noble, 4, 0);
    let (mut s, _) = Scenario::new(3, fam)
        .active(1, obf)
        .ally(1, &[noble4])
        .choose(0, c(Coerce, 3, 0))
        .start();
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
    let obf = c(Obfuscate, 2, 0);
    let (mut s, _) = Scenario::new(3, fam)
        .active(1, obf)
        .choose(0, c(Coerce, 3, 0))
        .start();
    play(&mut s, 0, Action::Target(obf));
    assert!(!resolving(&s));
    assert_eq!(active(&s, 0, obf), Some(true), "taken while still Active");
}

// ---- Unrevealed Responses, each against each Direct Power ----

/// Player 1 uses `power` against player 2, whose face-down chosen Fairy is
/// `response`; player 2 owns a Noble(4) and player 3 a Noble(2).
fn attack_unrevealed(power: Family, response: Family) -> (State, Card) {
    let noble4 = c(Noble, 4, 0);
    let mut families = vec![power, response, Noble];
    for f in [Coerce, Give, Dispel, Share] {
        if !families.contains(&f) && families.len() < 5 {
            families.push(f);
        }
    }
    let families: [Family; 5] = families.try_into().unwrap();
    let held = c(response, 1, 0);
    let mut scenario = Scenario::new(3, families)
        .ally(1, &[noble4])
        .ally(2, &[c(Noble, 2, 0)]);
    scenario = match power {
        Give => scenario.ally(0, &[c(Noble, 1, 1)]),
        Switch => scenario.ally(0, &[c(Noble, 4, 1)]),
        Prestige => scenario.ally(0, &[c(Noble, 3, 1)]),
        Mimic => scenario.ally(1, &[c(Coerce, 3, 0)]),
        _ => scenario,
    };
    let (mut s, _) = scenario.choose(0, c(power, 5, 0)).choose(1, held).start();
    for _ in 0..4 {
        let options = legal(&s, 0);
        if options.is_empty() || !matches!(s.phase(), Phase::Powers { .. }) {
            break;
        }
        let pick = [
            Action::Target(noble4),
            Action::Target(c(Coerce, 3, 0)),
            Action::Target(c(Noble, 1, 1)),
            Action::Target(c(Noble, 4, 1)),
            Action::Target(c(Noble, 3, 1)),
            Action::TargetPlayer(Player(1)),
        ]
        .into_iter()
        .find(|a| options.contains(a))
        .unwrap_or_else(|| panic!("{power:?}: no scripted choice in {options:?}"));
        play(&mut s, 0, pick);
    }
    (s, held)
}

/// Idle wherever it is (a Distract hit by Dispel is already dismissed).
fn not_active(s: &State, card: Card) -> bool {
    (0..3).all(|p| active(s, p, card) != Some(true))
}

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
            assert!(not_active(&s, held), "{power:?} vs {response:?}");
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
    let reflect = c(Reflect, 2, 0);
    let noble3 = c(Noble, 3, 0);
    let noble1 = c(Noble, 1, 0);
    let (mut s, _) = Scenario::new(3, fam)
        .active(1, reflect)
        .ally(0, &[noble3])
        .ally(2, &[noble1])
        .choose(0, c(Coerce, 5, 0))
        .choose(2, c(Coerce, 4, 0))
        .start();
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
    let reflect = c(Reflect, 2, 0);
    let noble2 = c(Noble, 2, 0);
    let (mut s, _) = Scenario::new(3, fam)
        .active(1, reflect)
        .ally(2, &[noble2])
        .choose(0, c(Dispel, 3, 0))
        .start();
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
    let deflect = c(Deflect, 1, 0);
    let noble4 = c(Noble, 4, 0);
    let (mut s, _) = Scenario::new(3, fam)
        .active(1, deflect)
        .ally(1, &[noble4])
        .choose(0, c(Coerce, 3, 0))
        .start();
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
    let deflect = c(Deflect, 1, 0);
    let noble4 = c(Noble, 4, 0);
    let noble3 = c(Noble, 3, 0);
    let (mut s, _) = Scenario::new(3, fam)
        .ally(1, &[noble4])
        .ally(2, &[noble3])
        .choose(0, c(Purge, 3, 0))
        .choose(1, deflect)
        .start();
    assert_eq!(legal(&s, 1), vec![Action::Respond(deflect), Action::Pass]);
    play(&mut s, 1, Action::Respond(deflect));
    assert!(
        cards_of(&s, 1).contains(&noble4),
        "player 2 sat the Purge out"
    );
    assert!(cards_of(&s, 2).is_empty());
    assert!(cards_of(&s, 0).is_empty(), "the Purge dismissed itself");
}
