//! A Midsummer Night's Fayre: every action that can be built reads back from
//! its words. Arbitrary action values (feature `arbitrary`: every variant,
//! every field value, seats and table positions far past any table) print
//! notation that parses back to them; and in a seat's view, the words the
//! seat is shown for any action read back through `read_action` to it, or,
//! when a number is past what that table has, to an error saying so.

use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::fayre::{Action, Config, DieRef, ParseActionError, State, View};
use fairy_ring::{Bot, Game, Player, RandomBot, Seat};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;
use rand_core::SeedableRng;

/// Views of every seat (and the spectator) along a few random games, every
/// table size: the contexts actions are read in.
fn views() -> &'static [View] {
    static VIEWS: std::sync::OnceLock<Vec<View>> = std::sync::OnceLock::new();
    VIEWS.get_or_init(|| {
        let mut views = Vec::new();
        for players in 2..=5usize {
            let config = Config::new(players).expect("a table");
            let mut rng = ChaCha8Rng::seed_from_u64(players as u64);
            let mut state = State::new(&config, &mut rng).expect("a game");
            let mut step = 0;
            while let Some(player) = state.to_act().lowest() {
                if step % 7 == 0 {
                    views.push(state.view_for(Seat::Spectator));
                    for p in 0..players as u8 {
                        views.push(state.view_for(Seat::Player(Player(p))));
                    }
                }
                step += 1;
                let action = RandomBot
                    .choose(&state.decision(player), &mut rng)
                    .expect("a choice");
                state.apply(player, action, &mut rng).expect("legal");
            }
        }
        views
    })
}

/// Whether every number `action` names is one `view`'s table has: its
/// players, the three table positions, the player spaces of a Mini Game in
/// play.
fn on_the_table(view: &View, action: Action) -> bool {
    let seated = |p: Player| p.index() < view.pools.len();
    let place = |booth: u8| usize::from(booth) < view.booths.len();
    let space = |booth: u8, space: u8| {
        view.booths
            .get(usize::from(booth))
            .and_then(Option::as_ref)
            .is_none_or(|b| usize::from(space) < b.spaces.len())
    };
    let die = |die: DieRef| match die {
        DieRef::Pool { owner, .. } => seated(owner),
        DieRef::FairyPool { .. } => true,
        DieRef::Placed { booth, space: s } => place(booth) && space(booth, s),
        DieRef::PlacedFairy { booth, .. } => place(booth),
    };
    match action {
        Action::Pick(d) => die(d),
        Action::ChoosePlayer(p) => seated(p),
        Action::PlaceOn { booth, .. } => place(booth),
        _ => true,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(4096))]

    /// `action.to_string().parse() == Ok(action)` for any action value.
    #[test]
    fn arbitrary_actions_read_back_from_their_notation(
        bytes in prop::collection::vec(any::<u8>(), 0..24),
    ) {
        let action = Action::arbitrary(&mut Unstructured::new(&bytes)).expect("an action");
        let text = action.to_string();
        prop_assert_eq!(text.parse::<Action>(), Ok(action), "{}", text);
        // The notation reads the same in any seat's context, when the
        // table has what it names.
        let view = &views()[usize::from(bytes.first().copied().unwrap_or(0)) % views().len()];
        if on_the_table(view, action) {
            prop_assert_eq!(State::read_action(view, &text), Ok(action), "{}", text);
        }
    }

    /// The words a seat is shown for any action, in any decision, read back
    /// to it in that seat's view; a number past the table's is an error
    /// that says which numbers there are.
    #[test]
    fn arbitrary_actions_read_back_from_a_seats_words(
        pick in any::<prop::sample::Index>(),
        bytes in prop::collection::vec(any::<u8>(), 0..24),
    ) {
        let view = pick.get(views());
        let action = Action::arbitrary(&mut Unstructured::new(&bytes)).expect("an action");
        let words = view.describe(action).to_string();
        let read = State::read_action(view, &words);
        if on_the_table(view, action) {
            prop_assert_eq!(read, Ok(action), "{:?} at {}", words, view.phase);
        } else {
            prop_assert!(
                matches!(read, Err(ParseActionError::OutOfRange { .. })),
                "{:?} at {}: {:?}", words, view.phase, read
            );
            let said = read.map_err(|e| e.to_string()).err().unwrap_or_default();
            prop_assert!(said.starts_with("there is no"), "{}", said);
        }
    }
}
