//! Tests pinning the rulings in `docs/RULINGS.md`.

use crate::fickle_support;

use fairy_ring::fickle::score::alliance_score;
use fairy_ring::fickle::{
    Action, AllianceCard, Family, FavorTable, LineupEffect, Phase, ScoringChoice,
};
use fairy_ring::{Game, Player};
use fickle_support::*;

use Family::*;

const FIRST: [Family; 5] = [Noble, Coerce, Give, Dispel, Share];

#[test]
fn ruling_share_reaches_a_player_with_an_empty_alliance() {
    let noble1 = card("Noble 1");
    let give1 = card("Give 1");
    let (mut s, _) = pos(3, FIRST)
        .alliance(Player(0), ["Noble 4"])
        .alliance(Player(1), [give1])
        .kept(Player(0), "Share 2")
        .alliance(Player(0), [noble1])
        .reveal(&mut rng())
        .unwrap();
    settle_powers(&mut s);
    // Player 1 passes Noble(1) to player 2, player 2 passes Give(1) to player
    // 3 (empty), who passes nothing.
    assert!(cards_of(&s, 1).contains(&noble1));
    assert_eq!(cards_of(&s, 2), vec![give1]);
}

#[test]
fn ruling_two_families_of_five_shoot_the_moon_with_the_better() {
    let a: Vec<AllianceCard> = [
        "Give 1",
        "Give 1'",
        "Give 2",
        "Give 2'",
        "Give 3",
        "Coerce 4",
        "Coerce 4'",
        "Coerce 5",
        "Coerce 3",
        "Coerce 3'",
    ]
    .map(|name| AllianceCard::idle(card(name)))
    .to_vec();
    assert_eq!(alliance_score(&a, &FavorTable::default()), 19);
}

#[test]
fn ruling_a_pariah_moon_scores_minus_its_sum_familiars_included() {
    let favor = FavorTable::default();
    let familiar = card("Familiar 3");
    let pariahs = [
        card("Pariah -4"),
        card("Pariah -2"),
        card("Pariah -1"),
        card("Pariah -2'"),
        card("Pariah -3"),
    ];
    let mut a: Vec<AllianceCard> = pariahs.iter().map(|&p| AllianceCard::idle(p)).collect();
    a.push(AllianceCard {
        card: familiar,
        active: false,
        scoring: Some(ScoringChoice::Paired(Some(pariahs[1]))),
    });
    // -4 + 1 - 1 - 2 - 3 = -9, scored as 9.
    assert_eq!(alliance_score(&a, &favor), 9);
}

#[test]
fn ruling_familiars_pair_with_different_non_familiar_fairies() {
    let fam = [Noble, Illusion, Familiar, Prestige, Pariah];
    let f1 = card("Familiar 3");
    let f2 = card("Familiar 1");
    let noble = card("Noble 2");
    let (mut s, _) = pos(3, fam)
        .round(5)
        .alliance(Player(0), [noble, f1])
        .kept(Player(0), f2)
        .reveal(&mut rng())
        .unwrap();
    assert!(matches!(s.phase(), Phase::Scoring));
    assert_eq!(
        legal(&s, 0),
        vec![Action::Pair(noble), Action::LeaveUnpaired]
    );
    play(&mut s, 0, Action::Pair(noble));
    assert_eq!(legal(&s, 0), vec![Action::LeaveUnpaired], "Noble is taken");
    play(&mut s, 0, Action::LeaveUnpaired);
    assert_eq!(s.outcome().and_then(|o| o.score(Player(0))), Some(5));
}

#[test]
fn ruling_an_early_response_counts_as_a_reveal_for_the_court_crier() {
    let fam = [Deflect, Coerce, Noble, Share, Give];
    let deflect = card("Deflect 1");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(1), ["Noble 4"])
        .alliance(Player(2), ["Noble 2"])
        .kept(Player(0), "Coerce 5")
        .kept(Player(1), deflect)
        .kept(Player(2), "Noble 3")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(card("Noble 4")));
    play(&mut s, 1, Action::Respond(deflect));
    play(&mut s, 1, Action::TargetPlayer(Player(2)));
    play(&mut s, 0, Action::Target(card("Noble 2")));
    // Player 3 still holds a face-down Fairy, so is asked too.
    assert_eq!(legal(&s, 2), vec![Action::Pass]);
    play(&mut s, 2, Action::Pass);
    // Player 3 revealed Noble(3) after the early Deflect: they were last.
    assert_eq!(s.court_crier(), Player(2));
}

#[test]
fn ruling_responses_do_not_answer_delayed_powers() {
    let fam = [Scheme, Deflect, Noble, Give, Coerce];
    let (s, _) = pos(3, fam)
        .active(Player(0), ["Scheme 5"])
        .active(Player(1), ["Deflect 2"])
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(2), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    assert!(matches!(
        s.phase(),
        Phase::StartRound { seize: Some(_), .. }
    ));
    // Only the Scheme's user has a decision; no window for the Deflect.
    assert_eq!(s.to_act().iter().collect::<Vec<_>>(), vec![Player(0)]);
}

#[test]
fn ruling_mimic_cannot_copy_mimic_or_non_direct_powers() {
    let fam = [Mimic, Share, Noble, Deflect, Give];
    let (_, events) = pos(3, fam)
        .alliance(Player(1), ["Mimic 2", "Share 3", "Deflect 3"])
        .kept(Player(0), "Mimic 4")
        .reveal(&mut rng())
        .unwrap();
    assert!(
        events
            .iter()
            .any(|e| matches!(e, fairy_ring::fickle::Event::NoEffect { .. }))
    );
}

#[test]
fn ruling_a_face_down_fairy_earns_a_window_so_asking_reveals_nothing() {
    let fam = [Deflect, Coerce, Noble, Share, Give];
    let noble4 = card("Noble 4");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(1), [noble4])
        .kept(Player(0), "Coerce 5")
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    play(&mut s, 0, Action::Target(noble4));
    // Player 2 could be hiding a Deflect: they are asked, and may only pass.
    assert_eq!(legal(&s, 1), vec![Action::Pass]);
    play(&mut s, 1, Action::Pass);
    // Reflect is not in this game, so no Reflect offer follows.
    assert!(cards_of(&s, 0).contains(&noble4));
}

#[test]
fn ruling_the_resolve_order_of_face_down_fairies_is_not_shown() {
    let (s, _) = pos(3, FIRST)
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(0), "Coerce 5")
        .kept(Player(1), "Noble 1")
        .kept(Player(2), "Noble 3")
        .reveal(&mut rng())
        .unwrap();
    let Phase::Powers { order, next, .. } = s.phase() else {
        panic!("Coerce waits for a target");
    };
    assert_eq!(order.len(), 3);
    assert_eq!(*next, 1);
    let view = s.view_for(fairy_ring::Seat::Spectator);
    let Phase::Powers { order, .. } = view.phase else {
        panic!("same phase");
    };
    assert_eq!(
        order.as_slice(),
        &[Player(0)],
        "only who has already revealed"
    );
}

#[test]
fn ruling_a_blinded_player_may_look_at_their_kept_fairy_once_selection_is_over() {
    // Player 2 was Blinded and kept the top card unseen. Once Selection is
    // over they may look at it (the rule covers "during Fairy Selection"),
    // so being offered a Response with it gives nothing away.
    let fam = [Deflect, Coerce, Noble, Share, Give];
    let deflect = card("Deflect 1");
    let noble4 = card("Noble 4");
    let (mut s, _) = pos(3, fam)
        .alliance(Player(1), [noble4])
        .kept(Player(0), "Coerce 5")
        .kept(Player(1), deflect)
        .effect(Player(1), LineupEffect::Blinded)
        .reveal(&mut rng())
        .unwrap();
    let view = s.view_for(fairy_ring::Seat::Player(Player(1)));
    assert_eq!(
        view.players[1].chosen,
        fairy_ring::fickle::Slot::Known(deflect)
    );
    assert_eq!(
        s.view_for(fairy_ring::Seat::Player(Player(2))).players[1].chosen,
        fairy_ring::fickle::Slot::FaceDown
    );
    play(&mut s, 0, Action::Target(noble4));
    assert_eq!(legal(&s, 1), vec![Action::Respond(deflect), Action::Pass]);
}

#[test]
fn setups_with_scoring_choices_the_rules_do_not_allow_are_refused() {
    use fairy_ring::fickle::{SetupError, State};
    let fam = [Noble, Illusion, Familiar, Prestige, Pariah];
    let f1 = card("Familiar 3");
    let f2 = card("Familiar 1");
    let noble = card("Noble 2");
    let illusion = card("Illusion 4");
    let pariah = card("Pariah -2");
    let (s, _) = pos(3, fam)
        .round(5)
        .alliance(Player(0), [noble, f1, illusion])
        .alliance(Player(1), [pariah])
        .kept(Player(0), f2)
        .reveal(&mut rng())
        .unwrap();
    assert!(matches!(s.phase(), Phase::Scoring));
    let base = s.to_setup();
    let with = |card: fairy_ring::fickle::Card, choice: ScoringChoice| {
        let mut setup = base;
        for ac in setup.areas[0].alliance.iter_mut() {
            if ac.card == card {
                ac.scoring = Some(choice);
            }
        }
        setup
    };
    // Allowed choices are accepted.
    let ok = with(f1, ScoringChoice::Paired(Some(noble)));
    assert!(State::try_from(ok).is_ok());
    assert!(State::try_from(with(illusion, ScoringChoice::As(Prestige))).is_ok());
    // Two Familiars on one card.
    let mut twice = ok;
    for ac in twice.areas[0].alliance.iter_mut() {
        if ac.card == f2 {
            ac.scoring = Some(ScoringChoice::Paired(Some(noble)));
        }
    }
    assert_eq!(State::try_from(twice), Err(SetupError::Misplaced(f2)));
    // A partner in another Alliance, a Familiar partner, a Family not in the
    // game or the Familiar Family for an Illusion, a choice on a Noble.
    for (card, choice) in [
        (f1, ScoringChoice::Paired(Some(pariah))),
        (f1, ScoringChoice::Paired(Some(f2))),
        (f1, ScoringChoice::As(Noble)),
        (illusion, ScoringChoice::As(Give)),
        (illusion, ScoringChoice::As(Familiar)),
        (illusion, ScoringChoice::Paired(None)),
        (noble, ScoringChoice::As(Prestige)),
    ] {
        assert_eq!(
            State::try_from(with(card, choice)),
            Err(SetupError::Misplaced(card)),
            "{card} {choice:?}"
        );
    }
    // Choices are made only at the end of the game.
    let mut early = pos(3, fam)
        .alliance(Player(0), [f1])
        .kept(Player(1), "Noble 1")
        .setup()
        .unwrap();
    early.areas[0].alliance[0].scoring = Some(ScoringChoice::Paired(None));
    assert_eq!(State::try_from(early), Err(SetupError::Misplaced(f1)));
    // Scoring and the end of the game come after round 5.
    let mut setup = base;
    setup.round = 3;
    assert_eq!(State::try_from(setup), Err(SetupError::Round(3)));
}

#[test]
fn a_start_round_queue_holds_only_delayed_fairies() {
    use fairy_ring::fickle::{SetupError, State};
    let fam = [Scheme, Deflect, Noble, Give, Coerce];
    let deflect = card("Deflect 2");
    let (s, _) = pos(3, fam)
        .active(Player(0), ["Scheme 5"])
        .active(Player(1), [deflect])
        .alliance(Player(1), ["Noble 4"])
        .kept(Player(2), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    let mut setup = s.to_setup();
    let Phase::StartRound { queue, .. } = &mut setup.phase else {
        panic!("the Scheme waits at Start Round");
    };
    // A queued Response would be turned Idle when its turn came.
    queue.push(deflect).unwrap();
    assert_eq!(State::try_from(setup), Err(SetupError::Misplaced(deflect)));
}
