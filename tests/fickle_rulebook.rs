//! The rulebook's examples and the round structure.

use crate::fickle_support;

use fairy_ring::fickle::score::{alliance_score, set_score};
use fairy_ring::fickle::{
    Action, AllianceCard, Config, Direction, Event, Family, FavorTable, Phase, ScoringChoice,
    Setup, State,
};
use fairy_ring::{Game, Player, PlayerSet, Seat};
use fickle_support::*;

use Family::*;

const FIRST: [Family; 5] = [Noble, Coerce, Give, Dispel, Share];

fn alliance(names: &[&str]) -> Vec<AllianceCard> {
    names.iter().map(|&n| AllianceCard::idle(card(n))).collect()
}

fn favor() -> FavorTable {
    FavorTable::default()
}

// ---- Score ----

#[test]
fn example_score_three_plus_zero_plus_five_minus_four_plus_four_is_eight() {
    let a = alliance(&[
        "Coerce 3", "Give 2", "Give 4", "Dispel 5", "Share 4", "Share 1", "Share 2", "Switch 4",
    ]);
    assert_eq!(alliance_score(&a, &favor()), 8);
}

#[test]
fn one_card_scores_its_favor_two_score_zero_three_or_four_minus_the_highest() {
    assert_eq!(set_score(Give, &[4]), 4);
    assert_eq!(set_score(Give, &[4, 2]), 0);
    assert_eq!(set_score(Give, &[1, 4, 2]), -4);
    assert_eq!(set_score(Give, &[1, 4, 2, 3]), -4);
}

#[test]
fn five_of_a_family_shoot_the_moon_and_dismiss_the_rest() {
    let a = alliance(&[
        "Give 1", "Give 1'", "Give 2", "Give 3", "Give 5", "Noble 5", "Coerce 4",
    ]);
    assert_eq!(alliance_score(&a, &favor()), 12, "only the Give set counts");
}

#[test]
fn noble_examples() {
    let score = |names: &[&str]| alliance_score(&alliance(names), &favor());
    assert_eq!(score(&["Noble 2", "Noble 4"]), 4);
    assert_eq!(score(&["Noble 1", "Noble 2", "Noble 4"]), 4);
    assert_eq!(
        score(&["Noble 1", "Noble 2", "Noble 4", "Noble 1'", "Noble 2'"]),
        10
    );
}

#[test]
fn pariah_examples() {
    let score = |names: &[&str]| alliance_score(&alliance(names), &favor());
    assert_eq!(score(&["Pariah -4"]), -4);
    assert_eq!(score(&["Pariah -4", "Pariah -2"]), -4);
    assert_eq!(score(&["Pariah -4", "Pariah -2", "Pariah -1"]), -4);
    assert_eq!(
        score(&[
            "Pariah -4",
            "Pariah -2",
            "Pariah -1",
            "Pariah -2'",
            "Pariah -3"
        ]),
        12
    );
}

#[test]
fn familiar_paired_with_a_pariah_changes_its_value() {
    // Pariah(-2) and Familiar(+3) make a Pariah(1).
    let pariah = card("Pariah -2");
    let mut a = alliance(&["Pariah -2", "Familiar 3"]);
    a[1].scoring = Some(ScoringChoice::Paired(Some(pariah)));
    assert_eq!(alliance_score(&a, &favor()), 1);
    a[1].scoring = Some(ScoringChoice::Paired(None));
    assert_eq!(
        alliance_score(&a, &favor()),
        -2,
        "an unpaired Familiar scores nothing"
    );
}

#[test]
fn illusion_scores_as_the_family_chosen_for_it() {
    let mut a = alliance(&["Noble 2", "Illusion 4"]);
    a[1].scoring = Some(ScoringChoice::As(Illusion));
    assert_eq!(alliance_score(&a, &favor()), 6);
    a[1].scoring = Some(ScoringChoice::As(Noble));
    assert_eq!(
        alliance_score(&a, &favor()),
        4,
        "two Nobles: the highest scores"
    );
}

#[test]
fn familiar_and_illusion_choices_are_made_by_their_owners_at_the_end() {
    let fam = [Noble, Illusion, Familiar, Prestige, Pariah];
    let familiar = card("Familiar 3");
    let illusion = card("Illusion 2");
    let noble = card("Noble 1");
    let (mut s, _) = pos(3, fam)
        .round(5)
        .alliance(Player(0), [noble, illusion])
        .kept(Player(0), familiar)
        .reveal(&mut rng())
        .unwrap();
    assert!(matches!(s.phase(), Phase::Scoring));
    assert_eq!(
        legal(&s, 0),
        vec![
            Action::Pair(noble),
            Action::Pair(illusion),
            Action::LeaveUnpaired
        ]
    );
    play(&mut s, 0, Action::Pair(illusion));
    assert_eq!(
        legal(&s, 0),
        vec![
            Action::ScoreAs(Noble),
            Action::ScoreAs(Illusion),
            Action::ScoreAs(Prestige),
            Action::ScoreAs(Pariah)
        ]
    );
    play(&mut s, 0, Action::ScoreAs(Prestige));
    let outcome = s.outcome().expect("the game is over");
    // Noble(1) + Illusion(2)+Familiar(3) as a Prestige = 1 + 5.
    assert_eq!(outcome.score(Player(0)), Some(6));
}

// ---- Round structure ----

#[test]
fn opening_deal_keeps_two_idle_and_dismisses_one_in_secret() {
    let mut rng = rng();
    let mut s = State::new(&Config::new(3).unwrap(), &mut rng).unwrap();
    assert_eq!(s.to_act(), PlayerSet::first(3));
    let hand0 = s.to_setup().areas[0].hand;
    assert_eq!(hand0.len(), 3);
    play(&mut s, 0, Action::Dismiss(hand0[0]));
    // Others see only that player 1 has chosen.
    let v1 = s.view_for(Seat::Player(Player(1)));
    assert!(v1.players[0].ready);
    assert_eq!(v1.players[0].discard, None);
    assert!(v1.players[0].hand.iter().all(Option::is_none));
    for p in 1..3 {
        let h = s.to_setup().areas[p].hand;
        play(&mut s, p as u8, Action::Dismiss(h[2]));
    }
    assert_eq!(s.round(), 1);
    for p in 0..3 {
        let a = s.alliance(Player(p));
        assert_eq!(a.len(), 2);
        assert!(
            a.iter().all(|ac| !ac.active),
            "opening powers are not resolved"
        );
    }
    assert!(s.to_setup().dismiss.contains(&hand0[0]));
    assert!(matches!(s.phase(), Phase::Lineup));
}

#[test]
fn lineup_is_ordered_in_small_steps_and_passed_in_round_direction() {
    for direction in [Direction::Left, Direction::Right] {
        let mut s = pos(3, FIRST).direction(direction).build().unwrap();
        // Each hand of 3 takes two Place decisions.
        assert!(matches!(s.phase(), Phase::Lineup));
        let hands: Vec<_> = (0..3).map(|p| s.to_setup().areas[p].hand).collect();
        for p in 0..3u8 {
            let h = &hands[p as usize];
            assert_eq!(legal(&s, p).len(), 3);
            play(&mut s, p, Action::Place(h[2]));
            assert_eq!(legal(&s, p).len(), 2);
            play(&mut s, p, Action::Place(h[0]));
        }
        assert!(matches!(s.phase(), Phase::Selection));
        for p in 0..3u8 {
            let to = direction.step(Player(p), 1, 3).index();
            let h = &hands[p as usize];
            assert_eq!(
                s.to_setup().areas[to].lineup.as_slice(),
                &[h[2], h[0], h[1]],
                "{direction:?}"
            );
        }
    }
}

#[test]
fn selection_keeps_one_card_and_the_last_must_be_kept() {
    let (mut s, _) = pos(3, FIRST)
        .kept(Player(1), "Noble 1")
        .reveal(&mut rng())
        .unwrap();
    while matches!(s.phase(), Phase::Lineup) {
        let p = s.to_act().lowest().unwrap();
        let a = legal(&s, p.0)[0];
        play(&mut s, p.0, a);
    }
    let stack = s.to_setup().areas[0].lineup;
    let stack1 = s.to_setup().areas[1].lineup;
    let dismissed = s.to_setup().dismiss.len();
    // Step 1, simultaneous: player 1 dismisses, player 2 keeps, player 3
    // dismisses. Nothing happens until the last decision is in.
    play(&mut s, 0, Action::DismissTop);
    assert!(legal(&s, 0).is_empty(), "one decision per step");
    play(&mut s, 1, Action::Keep);
    let v2 = s.view_for(Seat::Player(Player(2)));
    assert!(v2.players[0].ready && v2.players[1].ready);
    assert_eq!(v2.players[1].chosen, fairy_ring::fickle::Slot::Empty);
    assert_eq!(usize::from(v2.dismiss), dismissed, "no card has moved yet");
    play(&mut s, 2, Action::DismissTop);
    let setup = s.to_setup();
    assert_eq!(setup.areas[1].chosen, Some(stack1[0]));
    assert!(setup.dismiss.contains(&stack1[1]) && setup.dismiss.contains(&stack1[2]));
    let view = s.view_for(Seat::Player(Player(1)));
    assert_eq!(view.players[1].lineup[1], None, "dismissed without looking");
    // Step 2: dismissing the second card keeps the third.
    assert!(legal(&s, 1).is_empty());
    play(&mut s, 0, Action::DismissTop);
    let area = s.to_setup().areas[0];
    assert_eq!(area.chosen, None, "player 3 has not decided yet");
    play(&mut s, 2, Action::Keep);
    assert!(!matches!(s.phase(), Phase::Selection));
    assert!(
        s.alliance(Player(0)).iter().any(|ac| ac.card == stack[2]),
        "the third card is kept"
    );
}

#[test]
fn powers_resolve_from_favor_five_down_then_pariah_with_ties_from_the_court_crier() {
    let fam = [Noble, Pariah, Give, Familiar, Illusion];
    let (s, events) = pos(5, fam)
        .court_crier(Player(2))
        .kept(Player(0), "Noble 3")
        .kept(Player(1), "Pariah -1")
        .kept(Player(2), "Pariah -4")
        .kept(Player(3), "Noble 3'")
        .kept(Player(4), "Noble 5")
        .reveal(&mut rng())
        .unwrap();
    let order: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::Revealed { player, .. } => Some(player.0),
            _ => None,
        })
        .collect();
    // Favor 5; then the two 3s from the Court Crier (seat 2) leftwards:
    // seat 3 before seat 0; then Pariah -1, then -4.
    assert_eq!(order, vec![4, 3, 0, 1, 2]);
    assert_eq!(s.court_crier(), Player(2));
}

#[test]
fn the_court_crier_passes_to_the_last_player_to_resolve() {
    let fam = [Noble, Pariah, Give, Familiar, Illusion];
    let (s, events) = pos(4, fam)
        .kept(Player(0), "Noble 3")
        .kept(Player(1), "Pariah -4")
        .kept(Player(2), "Pariah -1")
        .reveal(&mut rng())
        .unwrap();
    assert!(events.contains(&Event::CourtCrier { player: Player(1) }));
    assert_eq!(
        s.court_crier(),
        Player(1),
        "the most negative Pariah is last"
    );
    assert_eq!(s.round(), 2);
}

#[test]
fn a_tied_winner_is_the_first_from_the_court_crier_in_the_last_direction() {
    for (direction, winner) in [(Direction::Left, 2u8), (Direction::Right, 0)] {
        let fam = [Noble, Pariah, Give, Familiar, Illusion];
        let (s, _) = pos(4, fam)
            .round(5)
            .directions([direction; 5])
            .alliance(Player(0), ["Noble 3"])
            .alliance(Player(2), ["Give 3"])
            .kept(Player(1), "Noble 1")
            .reveal(&mut rng())
            .unwrap();
        // Player 2 revealed last and is Court Crier; 0 and 2 tie at 3.
        assert_eq!(s.court_crier(), Player(1));
        let outcome = s.outcome().expect("over after round 5");
        assert_eq!(
            outcome.winners(),
            PlayerSet::only(Player(winner)),
            "{direction:?}"
        );
    }
}

#[test]
fn the_dismiss_pile_is_shuffled_in_when_the_deck_runs_short() {
    // Only 4 cards in the deck; the rest are in the Dismiss pile.
    let (s, events) = pos(3, FIRST)
        .kept(Player(1), "Noble 1")
        .deck_size(4)
        .reveal(&mut rng())
        .unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::Reshuffled { .. })));
    let setup = s.to_setup();
    assert!(setup.areas.iter().all(|a| a.hand.len() == 3));
}

#[test]
fn the_game_ends_after_round_five() {
    let (s, events) = pos(3, FIRST)
        .round(5)
        .kept(Player(0), "Noble 4")
        .reveal(&mut rng())
        .unwrap();
    assert!(events.iter().any(|e| matches!(e, Event::GameOver { .. })));
    assert_eq!(s.outcome().and_then(|o| o.score(Player(0))), Some(4));
    assert!(s.to_act().is_empty());
}

#[test]
fn a_setup_with_a_card_in_two_places_is_refused() {
    let mut setup: Setup = pos(3, FIRST).kept(Player(1), "Noble 1").setup().unwrap();
    let dup = setup.deck[0];
    setup.dismiss.push(dup).unwrap();
    assert_eq!(
        State::try_from(setup).unwrap_err(),
        fairy_ring::fickle::SetupError::DuplicateCard(dup)
    );
    let mut setup: Setup = pos(3, FIRST).kept(Player(1), "Noble 1").setup().unwrap();
    let gone = setup.deck.pop().unwrap();
    assert_eq!(
        State::try_from(setup).unwrap_err(),
        fairy_ring::fickle::SetupError::MissingCard(gone)
    );
    let mut setup: Setup = pos(3, FIRST).setup().unwrap();
    setup.areas.pop();
    assert!(State::try_from(setup).is_err());
    let mut setup: Setup = pos(3, FIRST).kept(Player(1), "Noble 1").setup().unwrap();
    let stack = std::mem::take(&mut setup.areas[1].lineup);
    setup.deck.extend(stack);
    assert_eq!(
        State::try_from(setup).unwrap_err(),
        fairy_ring::fickle::SetupError::Stuck,
        "nobody has a stack: no decision is awaited"
    );
}

#[test]
fn configs_refuse_repeated_families_and_bad_player_counts() {
    assert!(Config::with_families(4, [Noble, Noble, Give, Dispel, Share]).is_err());
    assert!(Config::new(2).is_err());
    assert!(Config::new(6).is_err());
    let mut config = Config::new(3).unwrap();
    config.favor.values[Noble.index()][0] = 0;
    assert!(config.validate().is_err());
}

#[test]
fn refused_actions_say_why_and_change_nothing() {
    use fairy_ring::ActionError;
    use fairy_ring::fickle::Violation;
    let mut rng = rng();
    let mut s = State::new(&Config::new(3).unwrap(), &mut rng).unwrap();
    let before = s.clone();
    assert_eq!(
        s.apply(Player(7), Action::Keep, &mut rng),
        Err(ActionError::NoSuchPlayer { player: Player(7) })
    );
    assert_eq!(
        s.apply(Player(0), Action::Keep, &mut rng),
        Err(ActionError::Illegal(Violation::WrongDecision))
    );
    let foreign = s.to_setup().areas[1].hand[0];
    assert_eq!(
        s.apply(Player(0), Action::Dismiss(foreign), &mut rng),
        Err(ActionError::Illegal(Violation::NotInHand(foreign)))
    );
    assert_eq!(s, before);
    let own = s.to_setup().areas[0].hand[0];
    play(&mut s, 0, Action::Dismiss(own));
    assert_eq!(
        s.apply(Player(0), Action::Dismiss(own), &mut rng),
        Err(ActionError::NotToAct { player: Player(0) })
    );
    let (mut over, _) = pos(3, FIRST)
        .round(5)
        .kept(Player(0), "Noble 4")
        .reveal(&mut rng)
        .unwrap();
    assert_eq!(
        over.apply(Player(0), Action::Pass, &mut rng),
        Err(ActionError::GameOver)
    );
}

#[test]
fn ties_to_the_right_go_from_the_court_crier_to_their_right() {
    // "If the current round is to the right, the Court Crier has priority,
    // then the tied player sitting closest to the right of the Court Crier."
    let (s, events) = pos(4, [Noble, Pariah, Give, Familiar, Illusion])
        .directions([Direction::Right; 5])
        .court_crier(Player(1))
        .kept(Player(0), "Noble 3")
        .kept(Player(1), "Noble 3'")
        .kept(Player(2), "Familiar 3")
        .kept(Player(3), "Illusion 3")
        .reveal(&mut rng())
        .unwrap();
    let order: Vec<u8> = events
        .iter()
        .filter_map(|e| match e {
            Event::Revealed { player, .. } => Some(player.0),
            _ => None,
        })
        .collect();
    assert_eq!(order, vec![1, 0, 3, 2]);
    assert_eq!(s.court_crier(), Player(2), "the last to resolve");
}
