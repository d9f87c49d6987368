//! Hidden information: only the Fairy knows what was removed (in 2 players,
//! what is in the box). Views and redacted events show exactly that.

use fairy_ring::prank::{Action, BoxSound, Config, Event, Item, Items, Phase, Setup, State};
use fairy_ring::{Game, Player, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

fn items(list: &[u8]) -> Items {
    list.iter().map(|&i| Item(i)).collect()
}

fn state(config: Config, phase: Phase, in_box: &[u8], removed: &[u8]) -> State {
    let mut setup = Setup::with_config(config).unwrap();
    setup.phase = phase;
    setup.in_box = items(in_box);
    setup.removed = items(removed);
    State::try_from(setup).unwrap()
}

fn seats(players: u8) -> impl Iterator<Item = Seat> {
    (0..players)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
}

#[test]
fn which_items_were_removed_is_hidden_from_everyone_but_the_fairy() {
    let guessing = Phase::Guessing { fairy: Player(1) };
    for sound in [BoxSound::ItemCount, BoxSound::Silent] {
        let config = Config::new(4).unwrap().with_box_sound(sound);
        // Same tokens, same number in the box; the removed items differ.
        let a = state(config, guessing, &[0, 1, 2], &[3, 4]);
        let b = state(config, guessing, &[2, 3, 4], &[0, 1]);
        for seat in seats(4) {
            if seat == Seat::Player(Player(1)) {
                assert_ne!(a.view_for(seat), b.view_for(seat));
            } else {
                assert_eq!(a.view_for(seat), b.view_for(seat), "{seat:?} {sound:?}");
            }
        }
        let fairy = a.view_for(Player(1).into());
        assert_eq!(fairy.in_box, Some(items(&[0, 1, 2])));
        assert_eq!(fairy.removed, Some(items(&[3, 4])));
        let guesser = a.view_for(Player(2).into());
        assert_eq!((guesser.in_box, guesser.removed), (None, None));
        assert_eq!(guesser.tokens, items(&[0, 1, 2, 3, 4]));
    }
}

#[test]
fn a_silent_box_hides_even_how_many_items_were_removed() {
    let guessing = Phase::Guessing { fairy: Player(0) };
    let silent = Config::new(3).unwrap().with_box_sound(BoxSound::Silent);
    let a = state(silent, guessing, &[0], &[1, 2, 3]);
    let b = state(silent, guessing, &[0, 1, 2], &[3]);
    for seat in seats(3).skip(1) {
        assert_eq!(a.view_for(seat), b.view_for(seat));
        assert_eq!(a.view_for(seat).box_count, None);
    }
    // With the default, the count is public and the views differ in it only.
    let counted = Config::new(3).unwrap();
    let a = state(counted, guessing, &[0], &[1, 2, 3]);
    let b = state(counted, guessing, &[0, 1, 2], &[3]);
    let (va, vb) = (a.view_for(Seat::Spectator), b.view_for(Seat::Spectator));
    assert_eq!((va.box_count, vb.box_count), (Some(1), Some(3)));
    let (mut va, mut vb) = (va, vb);
    (va.box_count, vb.box_count) = (None, None);
    assert_eq!(va, vb);
}

#[test]
fn the_hiding_in_progress_is_invisible_even_with_a_counted_box() {
    let hiding = Phase::Hiding { fairy: Player(2) };
    let config = Config::new(3).unwrap();
    let a = state(config, hiding, &[0, 1, 2, 3], &[]);
    let b = state(config, hiding, &[0, 3], &[1, 2]);
    for seat in seats(3).filter(|&s| s != Seat::Player(Player(2))) {
        assert_eq!(a.view_for(seat), b.view_for(seat));
        assert_eq!(a.view_for(seat).box_count, None);
    }
}

#[test]
fn removals_reach_only_the_fairy() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let config = Config::new(3).unwrap();
    let mut s = state(config, Phase::Hiding { fairy: Player(0) }, &[0, 1, 2], &[]);
    let mut events = Vec::new();
    for action in [
        Action::Remove(Item(1)),
        Action::Remove(Item(2)),
        Action::DoneHiding,
    ] {
        events.extend(s.apply(Player(0), action, &mut rng).unwrap());
    }
    assert_eq!(State::redact_all(&events, Player(0).into()).len(), 3);
    for seat in [
        Seat::Player(Player(1)),
        Seat::Player(Player(2)),
        Seat::Spectator,
    ] {
        assert_eq!(
            State::redact_all(&events, seat).as_slice(),
            [Event::HidingDone {
                fairy: Player(0),
                box_count: Some(1)
            }]
        );
    }
}

#[test]
fn selection_in_the_open_is_public() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut s = State::new(&Config::new(3).unwrap(), &mut rng).unwrap();
    let events = s
        .apply(Player(0), Action::Select(Item(4)), &mut rng)
        .unwrap();
    for seat in seats(3) {
        assert_eq!(
            State::redact_all(&events, seat).as_slice(),
            [Event::Selected {
                player: Player(0),
                item: Item(4)
            }]
        );
        let view = s.view_for(seat);
        assert_eq!(view.in_box, Some(items(&[4])));
        assert_eq!(view.tokens, items(&[4]));
    }
}

#[test]
fn in_two_players_only_the_fairy_knows_the_box() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let config = Config::new(2).unwrap();
    let mut a = State::new(&config, &mut rng).unwrap();
    let mut b = a;
    let ea = a
        .apply(Player(0), Action::Select(Item(3)), &mut rng)
        .unwrap();
    let eb = b
        .apply(Player(0), Action::Select(Item(8)), &mut rng)
        .unwrap();
    assert_eq!(a.view_for(Player(1).into()), b.view_for(Player(1).into()));
    assert_eq!(a.view_for(Seat::Spectator), b.view_for(Seat::Spectator));
    assert_ne!(a.view_for(Player(0).into()), b.view_for(Player(0).into()));
    assert_eq!(
        State::redact_all(&ea, Player(1).into()),
        State::redact_all(&eb, Player(1).into())
    );
    assert_eq!(
        State::redact_all(&ea, Player(0).into()).as_slice(),
        [Event::PutInSecret {
            fairy: Player(0),
            item: Some(Item(3))
        }]
    );
    a.apply(Player(0), Action::Select(Item(5)), &mut rng)
        .unwrap();
    b.apply(Player(0), Action::Select(Item(6)), &mut rng)
        .unwrap();
    let guesser = a.view_for(Player(1).into());
    assert_eq!(guesser.phase, Phase::Guessing { fairy: Player(0) });
    assert_eq!(guesser.in_box, None);
    assert_eq!(guesser.box_count, Some(2), "the round fixes the count");
    assert_eq!(guesser, b.view_for(Player(1).into()));
}

#[test]
fn unseated_players_see_what_a_spectator_sees() {
    let s = state(
        Config::new(3).unwrap(),
        Phase::Guessing { fairy: Player(0) },
        &[0, 1],
        &[2],
    );
    assert_eq!(s.view_for(Player(3).into()), s.view_for(Seat::Spectator));
    assert_eq!(s.view_for(Player(99).into()), s.view_for(Seat::Spectator));
}
