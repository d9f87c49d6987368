//! `legal_actions` comes in the order the module docs promise.

use crate::fickle_support;

use fairy_ring::fickle::{Action, Config, Direction, FaceDown, Family, State};
use fairy_ring::{Game, Player};
use fickle_support::*;

use Family::*;

#[test]
fn opening_lineup_and_selection() {
    let s = State::new(&Config::new(3).unwrap(), &mut rng()).unwrap();
    let hand = s.to_setup().areas[0].hand;
    assert_eq!(
        legal(&s, 0),
        hand.iter().map(|&c| Action::Dismiss(c)).collect::<Vec<_>>()
    );
    let mut s = pos(3, [Noble, Coerce, Give, Dispel, Share])
        .hand(Player(0), ["Give 2", "Noble 1", "Share 3"])
        .build()
        .unwrap();
    let places = |names: &[&str]| {
        names
            .iter()
            .map(|&n| Action::Place(card(n)))
            .collect::<Vec<_>>()
    };
    assert_eq!(legal(&s, 0), places(&["Give 2", "Noble 1", "Share 3"]));
    play(&mut s, 0, Action::Place(card("Share 3")));
    assert_eq!(legal(&s, 0), places(&["Noble 1", "Give 2"]));
    let s = pos(3, [Noble, Coerce, Give, Dispel, Share])
        .kept(Player(0), "Noble 1")
        .build()
        .unwrap();
    assert_eq!(legal(&s, 0), vec![Action::Keep, Action::DismissTop]);
}

#[test]
fn targets_go_from_the_user_in_round_direction() {
    for (direction, order) in [(Direction::Left, [1, 2, 3]), (Direction::Right, [3, 2, 1])] {
        let (s, _) = pos(4, [Dispel, Noble, Give, Coerce, Share])
            .direction(direction)
            .alliance(Player(0), ["Noble 1", "Give 1"])
            .alliance(Player(1), ["Noble 2"])
            .alliance(Player(2), ["Noble 3", "Give 3"])
            .alliance(Player(3), ["Noble 4"])
            .kept(Player(0), "Dispel 5")
            .reveal(&mut rng())
            .unwrap();
        let by_seat = [vec!["Noble 2"], vec!["Noble 3", "Give 3"], vec!["Noble 4"]];
        let mut want = vec!["Noble 1", "Give 1", "Dispel 5"];
        for p in order {
            want.extend(&by_seat[p - 1]);
        }
        let want: Vec<_> = want.into_iter().map(|n| Action::Target(card(n))).collect();
        assert_eq!(legal(&s, 0), want, "{direction:?}");
    }
}

#[test]
fn responses_come_before_pass_and_guesses_in_order() {
    let fam = [Coerce, Deflect, Distract, Obfuscate, Noble];
    let (mut s, _) = pos(3, fam)
        .active(Player(1), ["Obfuscate 1", "Distract 1", "Deflect 1"])
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(0), "Coerce 5")
        .kept(Player(1), "Deflect 2")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(card("Noble 4")));
    let respond = |n: &str| Action::Respond(card(n));
    assert_eq!(
        legal(&s, 1),
        vec![
            respond("Deflect 1"),
            respond("Deflect 2"),
            respond("Distract 1"),
            respond("Obfuscate 1"),
            Action::Pass
        ]
    );
    play(&mut s, 1, respond("Obfuscate 1"));
    play(&mut s, 1, Action::Target(card("Distract 1")));
    assert_eq!(
        legal(&s, 0),
        vec![
            Action::Pick(FaceDown::First),
            Action::Pick(FaceDown::Second)
        ]
    );
}

#[test]
fn scoring_choices_in_alliance_and_config_order() {
    let fam = [Pariah, Illusion, Familiar, Noble, Prestige];
    let (mut s, _) = pos(3, fam)
        .round(5)
        .alliance(Player(0), ["Noble 2", "Illusion 2", "Pariah -1"])
        .kept(Player(0), "Familiar 1")
        .reveal(&mut rng())
        .unwrap();
    let pair = |n: &str| Action::Pair(card(n));
    assert_eq!(
        legal(&s, 0),
        vec![
            pair("Noble 2"),
            pair("Illusion 2"),
            pair("Pariah -1"),
            Action::LeaveUnpaired
        ]
    );
    play(&mut s, 0, Action::LeaveUnpaired);
    assert_eq!(
        legal(&s, 0),
        [Pariah, Illusion, Noble, Prestige]
            .map(Action::ScoreAs)
            .to_vec()
    );
}
