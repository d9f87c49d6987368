//! The twin generator (`testing::Twins`) of Fairy Season: over many reachable
//! positions, for every seat and the spectator, the twin looks the same to
//! the seat, keeps what the seat knows, really differs elsewhere, and is
//! deterministic.

use fairy_ring::arbitrary::{Arbitrary, Unstructured};
use fairy_ring::season::{CardSet, Config, Goblin, GoblinEffect, Phase, Setup, State};
use fairy_ring::testing::{Conformance, Twins};
use fairy_ring::{Game, Player, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// What a run saw.
#[derive(Default, Debug)]
struct Tally {
    /// (position, seat) pairs checked.
    checked: u64,
    /// Pairs where something was hidden from the seat (deck order or
    /// another hand could differ).
    hidden: u64,
    /// Of those, pairs whose twin `!=` the state.
    differs: u64,
    /// Player seats whose twin gave another player other cards.
    other_hand_changed: u64,
    /// Player seats while others have chosen cards to pass.
    others_chose: u64,
    /// Of those, twins with other choices.
    choice_changed: u64,
    /// Spectator twins in which some hand holds other cards.
    spectator_hand_changed: u64,
    /// Positions with a Swarm or Stash holding a passing or swapping Goblin
    /// that may have acted.
    after_pass_or_swap: u64,
    /// Player seats before any passing or swapping Goblin acted.
    fresh_player_checks: u64,
    /// Of those, twins that gave another player other cards.
    fresh_other_hand_changed: u64,
}

fn twin_rng(seed: u64, step: u32, seat: Seat) -> ChaCha8Rng {
    let seat = match seat {
        Seat::Player(p) => u64::from(p.0),
        Seat::Spectator => 99,
    };
    ChaCha8Rng::seed_from_u64(seed.wrapping_mul(1_000_003) ^ (u64::from(step) << 8) ^ seat)
}

fn sorted(cards: &[fairy_ring::season::Card]) -> Vec<fairy_ring::season::Card> {
    let mut cards = cards.to_vec();
    cards.sort_unstable();
    cards
}

/// Checks every seat's twin of `state`; `held[p]` are the cards player `p`
/// has held at some point of the game.
fn check_position(
    state: &State,
    seed: u64,
    step: u32,
    held: &[Vec<bool>],
    fresh: bool,
    tally: &mut Tally,
) {
    let n = state.num_players();
    let setup = state.to_setup();
    let seats = (0..n)
        .map(|p| Seat::Player(Player(p as u8)))
        .chain([Seat::Spectator]);
    for seat in seats {
        let twin = state
            .twin(seat, &mut twin_rng(seed, step, seat))
            .unwrap_or_else(|e| panic!("seed {seed} step {step} {seat:?}: twin refused: {e}"));
        let again = state
            .twin(seat, &mut twin_rng(seed, step, seat))
            .unwrap_or_else(|e| panic!("seed {seed} step {step} {seat:?}: twin refused: {e}"));
        let at = || format!("seed {seed} step {step} {seat:?} phase {:?}", state.phase());
        assert_eq!(twin, again, "{}: not deterministic", at());
        assert_eq!(twin.view_for(seat), state.view_for(seat), "{}: view", at());
        assert_eq!(twin.to_act(), state.to_act(), "{}: to_act", at());
        assert_eq!(twin.outcome(), state.outcome(), "{}: outcome", at());
        let ts = twin.to_setup();
        // Public parts, and every count.
        assert_eq!(ts.cards, setup.cards, "{}: card data", at());
        assert_eq!(ts.swarm, setup.swarm, "{}: Swarm", at());
        assert_eq!(ts.stashes, setup.stashes, "{}: Stashes", at());
        assert_eq!(ts.last_played, setup.last_played, "{}: last", at());
        assert_eq!(ts.phase, setup.phase, "{}: phase", at());
        assert_eq!(ts.deck.len(), setup.deck.len(), "{}: deck size", at());
        for p in 0..n {
            assert_eq!(
                ts.hands[p].len(),
                setup.hands[p].len(),
                "{}: hand size",
                at()
            );
            assert_eq!(
                ts.chosen[p].len(),
                setup.chosen[p].len(),
                "{}: chosen",
                at()
            );
        }
        let others_hidden =
            (0..n).any(|p| seat != Seat::Player(Player(p as u8)) && !setup.hands[p].is_empty());
        if setup.deck.len() > 1 || others_hidden {
            tally.hidden += 1;
            tally.differs += u64::from(twin != *state);
        }
        tally.checked += 1;
        match seat {
            Seat::Player(me) => {
                let i = me.index();
                assert_eq!(
                    twin.legal_actions(me),
                    state.legal_actions(me),
                    "{}: legal",
                    at()
                );
                assert_eq!(ts.hands[i], setup.hands[i], "{}: own hand", at());
                assert_eq!(ts.chosen[i], setup.chosen[i], "{}: own choice", at());
                // Every card the seat once held is where it was: in its
                // hand, face up, or in the hand it went to (the generator
                // keeps at least that much).
                for card in fairy_ring::season::Card::all() {
                    if held[i][usize::from(card.id())] {
                        assert_eq!(
                            place(&ts, card),
                            place(&setup, card),
                            "{}: {card:#}, once held by the seat, moved",
                            at()
                        );
                    }
                }
                let other_changed =
                    (0..n).any(|q| q != i && sorted(&ts.hands[q]) != sorted(&setup.hands[q]));
                tally.other_hand_changed += u64::from(other_changed);
                if fresh {
                    tally.fresh_player_checks += 1;
                    tally.fresh_other_hand_changed += u64::from(other_changed);
                }
                if (0..n).any(|q| q != i && !setup.chosen[q].is_empty()) {
                    tally.others_chose += 1;
                    tally.choice_changed += u64::from(ts.chosen != setup.chosen);
                }
            }
            Seat::Spectator => {
                let changed = (0..n).any(|q| sorted(&ts.hands[q]) != sorted(&setup.hands[q]));
                tally.spectator_hand_changed += u64::from(changed);
            }
        }
    }
}

/// Where `card` is: `(pile, seat)`, pile 0 deck, 1 hand, 2 Stash, 3 Swarm.
fn place(setup: &Setup, card: fairy_ring::season::Card) -> (u8, usize) {
    if setup.deck.contains(&card) {
        return (0, 0);
    }
    if let Some(p) = setup.hands.iter().position(|h| h.contains(&card)) {
        return (1, p);
    }
    if let Some(p) = setup.stashes.iter().position(|h| h.contains(&card)) {
        return (2, p);
    }
    (3, 0)
}

/// Whether a passing or swapping Goblin may have acted: one in a Stash or
/// in the Swarm, except the top card while its choice is open.
fn moves_hands(state: &State) -> bool {
    let cards = state.config().cards;
    let setup = state.to_setup();
    let open = matches!(
        state.phase(),
        Phase::Aiming { .. } | Phase::Passing { .. } | Phase::Swapping { .. }
    );
    let swarm = &setup.swarm[..setup.swarm.len() - usize::from(open)];
    swarm
        .iter()
        .chain(setup.stashes.iter().flatten())
        .any(|c| match c.kind() {
            fairy_ring::season::CardKind::Goblin(g) => matches!(
                cards.goblin(g),
                GoblinEffect::PassAround(1..) | GoblinEffect::SwapHands
            ),
            _ => false,
        })
}

/// Plays `games` seeded random games of `config`, checking every position.
fn run(config: &Config, games: u64, seed: u64, tally: &mut Tally) {
    for game in 0..games {
        let seed = seed + game;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(config, &mut rng).expect("config");
        let n = state.num_players();
        let mut held = vec![vec![false; 90]; n];
        let mut step = 0u32;
        loop {
            for (p, seen) in held.iter_mut().enumerate() {
                for card in state.hand(Player(p as u8)) {
                    seen[usize::from(card.id())] = true;
                }
            }
            let moved = moves_hands(&state);
            check_position(&state, seed, step, &held, !moved, tally);
            tally.after_pass_or_swap += u64::from(moved);
            let to_act: Vec<Player> = state.to_act().iter().collect();
            if to_act.is_empty() {
                break;
            }
            let player = to_act[rng.next_u32() as usize % to_act.len()];
            let legal = state.legal_actions(player);
            let action = legal[rng.next_u32() as usize % legal.len()];
            state.apply(player, action, &mut rng).expect("legal action");
            step += 1;
        }
    }
}

/// Goblins that pass cards and swap hands, many of them.
fn busy_goblins(players: usize) -> Config {
    let cards = Goblin::ALL
        .iter()
        .enumerate()
        .fold(CardSet::default(), |cards, (i, &g)| {
            let effect = match i % 3 {
                0 => GoblinEffect::PassAround(3),
                1 => GoblinEffect::SwapHands,
                _ => GoblinEffect::PassAround(1),
            };
            cards.with_goblin(g, effect)
        });
    Config::new(players).expect("players").with_cards(cards)
}

#[test]
fn twins_look_the_same_keep_what_the_seat_knows_and_differ_elsewhere() {
    let mut tally = Tally::default();
    // Custom card data, as a fuzzer makes it.
    let mut bytes = ChaCha8Rng::seed_from_u64(3);
    for game in 0..4 {
        let mut data = [0u8; 64];
        bytes.fill_bytes(&mut data);
        let config = Config::arbitrary(&mut Unstructured::new(&data)).expect("config");
        run(&config, 1, 9_000 + game, &mut tally);
    }
    for players in 3..=5 {
        run(
            &Config::new(players).expect("players"),
            3,
            100 * players as u64,
            &mut tally,
        );
        run(
            &busy_goblins(players),
            2,
            7_000 + players as u64,
            &mut tally,
        );
    }
    eprintln!("{tally:?}");
    assert!(tally.checked > 5_000, "{tally:?}");
    // A generator returning the state itself fails these.
    assert!(
        tally.differs * 10 >= tally.hidden * 9,
        "twins too rarely differ: {tally:?}"
    );
    assert!(tally.fresh_player_checks > 1_000, "{tally:?}");
    assert!(
        tally.fresh_other_hand_changed * 10 >= tally.fresh_player_checks * 9,
        "other hands too rarely redrawn: {tally:?}"
    );
    assert!(
        tally.choice_changed * 4 >= tally.others_chose,
        "choices too rarely redrawn: {tally:?}"
    );
    // Spectators: about one check in n + 1 (3 to 5 players).
    assert!(
        tally.spectator_hand_changed * 7 >= tally.checked,
        "spectator: {tally:?}"
    );
    assert!(tally.after_pass_or_swap > 0);
}

#[test]
fn a_spectators_twin_redraws_every_hand_even_after_a_swap() {
    // Two Tricksters face up in a Stash: players may know other hands, a
    // spectator never does.
    let mut state = State::builder(3)
        .deal(5)
        .stash(Player(1), ["Trickster Goblin", "Trickster Goblin"])
        .build()
        .expect("position");
    let before = state.to_setup();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let spectator = state
        .twin(Seat::Spectator, &mut rng)
        .expect("twin")
        .to_setup();
    assert!((0..3).any(|p| sorted(&spectator.hands[p]) != sorted(&before.hands[p])));
    let player = state
        .twin(Seat::Player(Player(0)), &mut rng)
        .expect("twin")
        .to_setup();
    for p in 0..3 {
        assert_eq!(sorted(&player.hands[p]), sorted(&before.hands[p]));
    }
    // Without them, a player's twin deals the other hands anew.
    state = State::builder(3).deal(5).build().expect("position");
    let before = state.to_setup();
    let player = state
        .twin(Seat::Player(Player(0)), &mut rng)
        .expect("twin")
        .to_setup();
    assert_eq!(player.hands[0], before.hands[0]);
    assert!((1..3).any(|p| sorted(&player.hands[p]) != sorted(&before.hands[p])));
}

#[test]
fn during_passing_only_the_seats_own_choice_is_kept() {
    let mut state = State::builder(3).deal(5).build().expect("position");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // Find a position in a random game where everyone is passing and
    // others have chosen.
    let config = busy_goblins(3);
    for seed in 0..200 {
        let mut r = ChaCha8Rng::seed_from_u64(seed);
        state = State::new(&config, &mut r).expect("config");
        while !state.is_over() {
            let setup = state.to_setup();
            if matches!(state.phase(), Phase::Passing { .. })
                && setup.chosen.iter().filter(|c| !c.is_empty()).count() >= 2
            {
                break;
            }
            let to_act: Vec<Player> = state.to_act().iter().collect();
            let player = to_act[r.next_u32() as usize % to_act.len()];
            let legal = state.legal_actions(player);
            let action = legal[r.next_u32() as usize % legal.len()];
            state.apply(player, action, &mut r).expect("legal");
        }
        if !state.is_over() {
            break;
        }
    }
    let setup = state.to_setup();
    assert!(matches!(state.phase(), Phase::Passing { .. }));
    let me = (0..3)
        .find(|&p| !setup.chosen[p].is_empty())
        .expect("a chooser");
    let mut redrawn = false;
    for _ in 0..50 {
        let twin = state
            .twin(Seat::Player(Player(me as u8)), &mut rng)
            .expect("twin")
            .to_setup();
        assert_eq!(twin.chosen[me], setup.chosen[me]);
        redrawn |= twin.chosen != setup.chosen;
        for p in 0..3 {
            assert_eq!(twin.chosen[p].len(), setup.chosen[p].len());
        }
    }
    assert!(redrawn, "others' choices never redrawn");
}

/// Plays `state` and its twin for `seat` forward with the same actions
/// (chosen from the state's lists) while the seat's redacted events agree,
/// and returns the first step at which the seat's view, `to_act` or legal
/// actions differ, if any.
fn forward_leak(
    state: &State,
    twin: &State,
    seat: Seat,
    choices: &mut ChaCha8Rng,
) -> Option<String> {
    let (mut a, mut b) = (*state, *twin);
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    for step in 0..60 {
        let to_act: Vec<Player> = a.to_act().iter().collect();
        if to_act.is_empty() {
            return None;
        }
        let player = to_act[choices.next_u32() as usize % to_act.len()];
        let legal = a.legal_actions(player);
        let action = legal[choices.next_u32() as usize % legal.len()];
        let ea = a.apply(player, action, &mut rng).expect("legal");
        let Ok(eb) = b.apply(player, action, &mut rng) else {
            // Only a hidden difference of another player's hand can refuse.
            return (seat == Seat::Player(player))
                .then(|| format!("step {step}: {action:?} refused in the twin only"));
        };
        let ra: Vec<_> = ea.iter().map(|e| State::redact(e, seat)).collect();
        let rb: Vec<_> = eb.iter().map(|e| State::redact(e, seat)).collect();
        if ra != rb {
            return None;
        }
        if a.view_for(seat) != b.view_for(seat) {
            return Some(format!(
                "step {step}: view differs after {action:?} of {player:?}"
            ));
        }
        if a.to_act() != b.to_act() {
            return Some(format!("step {step}: to_act differs after {action:?}"));
        }
        if let Seat::Player(p) = seat
            && a.legal_actions(p) != b.legal_actions(p)
        {
            return Some(format!(
                "step {step}: legal actions differ after {action:?}"
            ));
        }
    }
    None
}

#[test]
fn twins_played_forward_show_the_seat_nothing_new() {
    let mut compared = 0u32;
    for players in 3..=5 {
        for (g, config) in [
            Config::new(players).expect("players"),
            busy_goblins(players),
        ]
        .iter()
        .enumerate()
        {
            let seed = 500 + 10 * players as u64 + g as u64;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut state = State::new(config, &mut rng).expect("config");
            let mut step = 0u32;
            while !state.is_over() {
                if step.is_multiple_of(3) {
                    let seats = (0..players)
                        .map(|p| Seat::Player(Player(p as u8)))
                        .chain([Seat::Spectator]);
                    for seat in seats {
                        let twin = state
                            .twin(seat, &mut twin_rng(seed, step, seat))
                            .expect("twin");
                        let mut choices = twin_rng(seed ^ 77, step, seat);
                        if let Some(leak) = forward_leak(&state, &twin, seat, &mut choices) {
                            panic!("seed {seed} step {step} {seat:?}: {leak}");
                        }
                        compared += 1;
                    }
                }
                let to_act: Vec<Player> = state.to_act().iter().collect();
                let player = to_act[rng.next_u32() as usize % to_act.len()];
                let legal = state.legal_actions(player);
                let action = legal[rng.next_u32() as usize % legal.len()];
                state.apply(player, action, &mut rng).expect("legal");
                step += 1;
            }
        }
    }
    assert!(compared > 1_000, "{compared}");
}

/// The crate's leak oracle on every player count, the default card data,
/// busy Goblins (passing and swapping all the time) and custom card data.
fn oracle(config: &Config, games: u32, seed: u64) {
    let report = Conformance::<State>::new(games)
        .seed(seed)
        .leaks(16)
        .run::<ChaCha8Rng>(config)
        .unwrap_or_else(|failure| panic!("{failure}"));
    assert!(report.leak_checks > 100, "{report:?}");
    assert!(report.twins_differing > 0, "{report:?}");
}

#[test]
fn the_leak_oracle_passes_with_the_default_cards() {
    for players in 3..=5 {
        oracle(
            &Config::new(players).expect("players"),
            2,
            40 + players as u64,
        );
    }
}

#[test]
fn the_leak_oracle_passes_with_busy_goblins() {
    for players in 3..=5 {
        oracle(&busy_goblins(players), 2, 80 + players as u64);
    }
}

#[test]
fn the_leak_oracle_passes_with_custom_card_data() {
    let mut bytes = ChaCha8Rng::seed_from_u64(21);
    for game in 0..3 {
        let mut data = [0u8; 96];
        bytes.fill_bytes(&mut data);
        let config = Config::arbitrary(&mut Unstructured::new(&data)).expect("config");
        oracle(&config, 1, 120 + game);
    }
}

#[test]
fn a_seat_outside_the_table_gets_a_spectators_twin() {
    // After a swap (players may know other hands) and before one.
    let swapped = State::builder(3)
        .deal(5)
        .stash(Player(1), ["Trickster Goblin"])
        .build()
        .expect("position");
    let fresh = State::builder(4).deal(5).build().expect("position");
    for state in [swapped, fresh] {
        let n = state.num_players() as u8;
        for outside in [n, n + 1, 7, 200, 255] {
            for seed in 0..8 {
                let seat = Seat::Player(Player(outside));
                let twin = state
                    .twin(seat, &mut ChaCha8Rng::seed_from_u64(seed))
                    .expect("twin");
                let spectator = state
                    .twin(Seat::Spectator, &mut ChaCha8Rng::seed_from_u64(seed))
                    .expect("twin");
                assert_eq!(twin, spectator, "{outside}, seed {seed}");
            }
        }
        // And it does redraw the hands.
        let twin = state
            .twin(Seat::Player(Player(n)), &mut ChaCha8Rng::seed_from_u64(1))
            .expect("twin")
            .to_setup();
        let before = state.to_setup();
        assert!((0..usize::from(n)).any(|p| sorted(&twin.hands[p]) != sorted(&before.hands[p])));
    }
}

/// The kind of an event that carries a card the rules keep from `seat`
/// (from the rules, not from the engine's redaction, which a planted bug
/// may break).
fn hidden_kind(event: &fairy_ring::season::Event, seat: Seat) -> Option<&'static str> {
    use fairy_ring::season::Event;
    let sees = |p: &Player| seat == Seat::Player(*p);
    match event {
        Event::Drew { player, .. } if !sees(player) => Some("drew"),
        Event::Chose { player, .. } if !sees(player) => Some("chose"),
        Event::CardPassed { from, to, .. } if !sees(from) && !sees(to) => Some("card passed"),
        Event::SwappedCards { from, to, .. } if !sees(from) && !sees(to) => Some("swapped cards"),
        _ => None,
    }
}

/// Per event kind with a card hidden from the seat: (move, seat) pairs whose
/// real move shows such an event, and of those, pairs whose twin move gives
/// other hidden cards in those events, unredacted (what the redaction must
/// hide, so that a redaction letting it through is caught).
type RevealTally = std::collections::BTreeMap<&'static str, (u32, u32)>;

/// Checks the event oracle on every move of `games` seeded random games of
/// `config`, for every seat and the spectator.
fn reveals(config: &Config, games: u64, seed: u64, tally: &mut RevealTally) -> u32 {
    let mut checked = 0;
    for game in 0..games {
        let seed = seed + game;
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = State::new(config, &mut rng).expect("config");
        let n = state.num_players();
        for step in 0.. {
            let to_act: Vec<Player> = state.to_act().iter().collect();
            if to_act.is_empty() {
                break;
            }
            let player = to_act[rng.next_u32() as usize % to_act.len()];
            let legal = state.legal_actions(player);
            let action = legal[rng.next_u32() as usize % legal.len()];
            let seats = (0..n)
                .map(|p| Seat::Player(Player(p as u8)))
                .chain([Seat::Spectator]);
            for seat in seats {
                let reveal_seed = twin_rng(seed, step, seat).next_u64();
                fairy_ring::testing::check_reveals::<_, ChaCha8Rng>(
                    &state,
                    seat,
                    player,
                    action,
                    reveal_seed,
                )
                .unwrap_or_else(|failure| {
                    panic!("seed {seed} step {step} {seat:?} {action:?}: {failure}")
                });
                checked += 1;
                let (twin, twin_action) = state
                    .twin_move(
                        seat,
                        player,
                        action,
                        &mut ChaCha8Rng::seed_from_u64(reveal_seed),
                    )
                    .expect("a twin");
                let hidden = |mut state: State, action| {
                    let events = state
                        .apply(player, action, &mut ChaCha8Rng::seed_from_u64(0))
                        .expect("legal");
                    let mut kinds = std::collections::BTreeMap::<_, Vec<_>>::new();
                    for event in events {
                        if let Some(kind) = hidden_kind(&event, seat) {
                            kinds.entry(kind).or_default().push(event);
                        }
                    }
                    kinds
                };
                let (real, twins) = (hidden(state, action), hidden(twin, twin_action));
                for (kind, events) in &real {
                    let entry = tally.entry(kind).or_default();
                    entry.0 += 1;
                    entry.1 += u32::from(twins.get(kind) != Some(events));
                }
            }
            state.apply(player, action, &mut rng).expect("legal action");
        }
    }
    checked
}

#[test]
fn every_move_shows_each_seat_only_what_the_rules_reveal() {
    let mut tally = RevealTally::new();
    let mut checked = 0;
    for players in 3..=5 {
        let games = crate::scale::size(8);
        checked += reveals(
            &Config::new(players).expect("players"),
            games,
            200,
            &mut tally,
        );
        checked += reveals(&busy_goblins(players), games, 300, &mut tally);
    }
    let mut bytes = ChaCha8Rng::seed_from_u64(22);
    for game in 0..3 {
        let mut data = [0u8; 96];
        bytes.fill_bytes(&mut data);
        let config = Config::arbitrary(&mut Unstructured::new(&data)).expect("config");
        checked += reveals(&config, 1, 400 + game, &mut tally);
    }
    println!("{checked} moves and seats checked, {tally:?}");
    assert!(checked > 5_000, "{checked}");
    // Every event kind that hides a card from some seats was checked for
    // them, and mostly the twin move gave other hidden cards there. Swapped
    // hands differ less often: once a Goblin may have moved cards between
    // hands, a player's twin keeps the contents of every hand (the twin
    // generator's doc), so only the spectator's twin changes them.
    for kind in ["drew", "chose", "card passed", "swapped cards"] {
        let &(moves, differ) = tally.get(kind).unwrap_or(&(0, 0));
        assert!(moves > 40, "{kind}: {tally:?}");
        let share = if kind == "swapped cards" { 3 } else { 8 };
        assert!(differ * 10 > moves * share, "{kind}: {tally:?}");
    }
}
