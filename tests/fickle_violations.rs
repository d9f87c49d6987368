//! Every `Violation` is returned where its rule is broken, and a refused
//! action changes nothing.

use crate::fickle_support;

use fairy_ring::fickle::{Action, Config, Family, State, Target, Violation};
use fairy_ring::{ActionError, Game, Player};
use fickle_support::*;

use Family::*;

const FIRST: [Family; 5] = [Noble, Coerce, Give, Dispel, Share];

/// `p` tries `action` and is refused for `violation`; the state is unchanged.
#[track_caller]
fn refused(s: &State, p: u8, action: Action, violation: Violation) {
    let mut after = s.clone();
    assert_eq!(
        after.apply(Player(p), action, &mut rng()),
        Err(ActionError::Illegal(violation)),
        "{action:?} by {p}; legal: {:?}",
        legal(s, p)
    );
    assert_eq!(&after, s, "a refused action changes nothing");
}

#[test]
fn the_wrong_kind_of_action_for_the_decision() {
    let s = State::new(&Config::new(3).unwrap(), &mut rng()).unwrap();
    refused(&s, 0, Action::Keep, Violation::WrongDecision);
    refused(&s, 0, Action::Pass, Violation::WrongDecision);
    // A Selection offers Keep and Dismiss, never a target.
    let s = pos(3, FIRST).kept(Player(0), "Noble 1").build().unwrap();
    refused(
        &s,
        0,
        Action::Target(card("Noble 1")),
        Violation::WrongDecision,
    );
    // During a Response window with only Pass to offer, a target is wrong.
    let (mut s, _) = pos(3, [Deflect, Coerce, Noble, Share, Give])
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(0), "Coerce 5")
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(card("Noble 4")));
    assert_eq!(legal(&s, 1), vec![Action::Pass]);
    refused(
        &s,
        1,
        Action::Target(card("Noble 4")),
        Violation::WrongDecision,
    );
}

#[test]
fn opening_and_lineup_cards_must_be_in_your_hand() {
    let s = State::new(&Config::new(3).unwrap(), &mut rng()).unwrap();
    let foreign = s.to_setup().areas[1].hand[0];
    refused(
        &s,
        0,
        Action::Dismiss(foreign),
        Violation::NotInHand(foreign),
    );
    let mut s = pos(3, FIRST)
        .hand(Player(0), ["Noble 1", "Noble 2", "Noble 3"])
        .build()
        .unwrap();
    let give = card("Give 1");
    refused(&s, 0, Action::Place(give), Violation::NotInHand(give));
    play(&mut s, 0, Action::Place(card("Noble 2")));
    refused(
        &s,
        0,
        Action::Place(card("Noble 2")),
        Violation::AlreadyPlaced(card("Noble 2")),
    );
}

#[test]
fn give_gives_one_of_your_own_fairies_to_an_opponent() {
    let (mut s, _) = pos(3, FIRST)
        .alliance(Player(0), ["Noble 1"])
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(0), "Give 3")
        .reveal(&mut rng())
        .unwrap();
    let noble4 = card("Noble 4");
    refused(
        &s,
        0,
        Action::Target(noble4),
        Violation::NotYourFairy(noble4),
    );
    play(&mut s, 0, Action::Target(card("Noble 1")));
    refused(
        &s,
        0,
        Action::TargetPlayer(Player(0)),
        Violation::NotATarget(Target::Player(Player(0))),
    );
    refused(
        &s,
        0,
        Action::TargetPlayer(Player(4)),
        Violation::NotATarget(Target::Player(Player(4))),
    );
}

#[test]
fn coerce_cannot_target_your_own_fairy() {
    let (s, _) = pos(3, FIRST)
        .alliance(Player(0), ["Noble 2"])
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(0), "Coerce 5")
        .reveal(&mut rng())
        .unwrap();
    let own = card("Noble 2");
    refused(
        &s,
        0,
        Action::Target(own),
        Violation::NotATarget(Target::Card(own)),
    );
}

#[test]
fn switch_needs_a_matching_fairy() {
    let (mut s, _) = pos(3, [Switch, Dispel, Coerce, Noble, Give])
        .alliance(Player(0), ["Dispel 2", "Noble 3"])
        .alliance(Player(1), ["Coerce 2", "Noble 4"])
        .kept(Player(0), "Switch 5")
        .reveal(&mut rng())
        .unwrap();
    let noble3 = card("Noble 3");
    refused(&s, 0, Action::Target(noble3), Violation::NoMatch(noble3));
    play(&mut s, 0, Action::Target(card("Dispel 2")));
    let noble4 = card("Noble 4");
    refused(
        &s,
        0,
        Action::Target(noble4),
        Violation::NotATarget(Target::Card(noble4)),
    );
}

#[test]
fn mimic_copies_only_a_direct_power_with_a_target() {
    let (s, _) = pos(3, [Mimic, Coerce, Noble, Give, Dispel])
        .alliance(Player(1), ["Coerce 2", "Noble 3"])
        .alliance(Player(2), ["Noble 1"])
        .kept(Player(0), "Mimic 4")
        .reveal(&mut rng())
        .unwrap();
    let noble3 = card("Noble 3");
    refused(&s, 0, Action::Target(noble3), Violation::CannotCopy(noble3));
}

#[test]
fn responses_must_be_yours_and_able_to_answer() {
    let fam = [Coerce, Deflect, Distract, Noble, Give];
    let (s, _) = pos(3, fam)
        .alliance(Player(1), ["Noble 4"])
        .active(Player(2), ["Deflect 1", "Distract 1"])
        .alliance(Player(2), ["Give 1"])
        .active(Player(0), ["Distract 2"])
        .kept(Player(0), "Coerce 5")
        .reveal(&mut rng())
        .unwrap();
    let mut s = s;
    play(&mut s, 0, Action::Target(card("Noble 4")));
    // Player 3 may Distract; their Deflect cannot answer a Power aimed at
    // player 2, their Give is no Response, and the Distract is not theirs.
    assert_eq!(
        legal(&s, 2),
        vec![Action::Respond(card("Distract 1")), Action::Pass]
    );
    let deflect = card("Deflect 1");
    refused(
        &s,
        2,
        Action::Respond(deflect),
        Violation::ResponseNotAvailable(deflect),
    );
    let give = card("Give 1");
    refused(
        &s,
        2,
        Action::Respond(give),
        Violation::NotYourResponse(give),
    );
    let other = card("Distract 2");
    refused(
        &s,
        2,
        Action::Respond(other),
        Violation::NotYourResponse(other),
    );
}

#[test]
fn deflect_redirects_only_to_another_opponent() {
    let (mut s, _) = pos(3, [Deflect, Coerce, Noble, Share, Give])
        .active(Player(1), ["Deflect 3"])
        .alliance(Player(1), ["Noble 4"])
        .alliance(Player(2), ["Noble 2"])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(card("Noble 4")));
    play(&mut s, 1, Action::Respond(card("Deflect 3")));
    for p in [0, 1] {
        refused(
            &s,
            1,
            Action::TargetPlayer(Player(p)),
            Violation::NotATarget(Target::Player(Player(p))),
        );
    }
}

#[test]
fn obfuscate_hides_the_target_with_another_of_your_fairies() {
    let obf = card("Obfuscate 2");
    let noble4 = card("Noble 4");
    let (mut s, _) = pos(3, [Coerce, Obfuscate, Noble, Give, Share])
        .active(Player(1), [obf])
        .alliance(Player(1), [noble4, card("Give 1")])
        .alliance(Player(2), ["Noble 2"])
        .kept(Player(0), "Coerce 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(noble4));
    play(&mut s, 1, Action::Respond(obf));
    refused(
        &s,
        1,
        Action::Target(noble4),
        Violation::NotATarget(Target::Card(noble4)),
    );
    let theirs = card("Noble 2");
    refused(
        &s,
        1,
        Action::Target(theirs),
        Violation::NotYourFairy(theirs),
    );
}

#[test]
fn a_chain_pick_is_one_of_your_tied_fairies() {
    let (s, _) = pos(3, [Purge, Noble, Give, Coerce, Dispel])
        .alliance(Player(1), ["Give 3", "Coerce 3", "Noble 1"])
        .kept(Player(0), "Purge 1")
        .reveal(&mut rng())
        .unwrap();
    let noble1 = card("Noble 1");
    refused(&s, 1, Action::Target(noble1), Violation::NotTied(noble1));
}

#[test]
fn scheme_takes_a_highest_fairy() {
    let (s, _) = pos(3, [Scheme, Blinded, Reduced, Psychic, Noble])
        .active(Player(0), ["Scheme 5"])
        .alliance(Player(1), ["Blinded 4", "Psychic 1"])
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    let low = card("Psychic 1");
    refused(
        &s,
        0,
        Action::Target(low),
        Violation::NotATarget(Target::Card(low)),
    );
}

#[test]
fn familiars_and_illusions_are_scored_as_the_rules_allow() {
    let fam = [Noble, Illusion, Familiar, Prestige, Pariah];
    let (mut s, _) = pos(3, fam)
        .round(5)
        .alliance(Player(0), ["Noble 2", "Familiar 3", "Illusion 2"])
        .alliance(Player(1), ["Pariah -2"])
        .kept(Player(0), "Familiar 1")
        .reveal(&mut rng())
        .unwrap();
    let familiar = card("Familiar 1");
    refused(
        &s,
        0,
        Action::Pair(familiar),
        Violation::CannotPair(familiar),
    );
    let pariah = card("Pariah -2");
    refused(&s, 0, Action::Pair(pariah), Violation::NotYourFairy(pariah));
    refused(&s, 0, Action::ScoreAs(Noble), Violation::WrongDecision);
    play(&mut s, 0, Action::Pair(card("Noble 2")));
    refused(
        &s,
        0,
        Action::Pair(card("Noble 2")),
        Violation::CannotPair(card("Noble 2")),
    );
    play(&mut s, 0, Action::LeaveUnpaired);
    refused(
        &s,
        0,
        Action::ScoreAs(Familiar),
        Violation::CannotScoreAs(Familiar),
    );
    refused(&s, 0, Action::ScoreAs(Give), Violation::CannotScoreAs(Give));
    refused(&s, 0, Action::LeaveUnpaired, Violation::WrongDecision);
}

#[test]
fn players_without_a_decision_are_not_to_act() {
    let (s, _) = pos(3, FIRST)
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(0), "Coerce 5")
        .reveal(&mut rng())
        .unwrap();
    let mut after = s.clone();
    assert_eq!(
        after.apply(Player(1), Action::Pass, &mut rng()),
        Err(ActionError::NotToAct { player: Player(1) })
    );
    assert_eq!(
        after.apply(Player(3), Action::Pass, &mut rng()),
        Err(ActionError::NoSuchPlayer { player: Player(3) })
    );
}

#[test]
fn violations_read_in_the_players_words() {
    let noble4 = card("Noble 4");
    assert_eq!(
        Violation::NotATarget(Target::Card(noble4)).to_string(),
        "Noble 4 is not a target the Power can reach"
    );
    assert_eq!(
        Violation::NotATarget(Target::Player(Player(1))).to_string(),
        format!("{} is not a target the Power can reach", Player(1))
    );
    assert_eq!(
        Violation::NotYourResponse(noble4).to_string(),
        "Noble 4 is not one of your Active Responses"
    );
}
