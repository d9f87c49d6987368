//! Sampling for Fairy Season (`fairy_ring::Sample`): positions drawn from one
//! seat's view and memory look the same to it, keep what it remembers, are
//! uniform, and edited information is an error, never a panic.

use std::collections::HashMap;

use fairy_ring::season::{Action, Card, Config, Direction, Event, Memory, Phase, State};
use fairy_ring::testing;
use fairy_ring::{Game, InfoState, Player, PlayerSet, Sample, SampleError, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

type Error = Box<dyn std::error::Error>;

const P0: Player = Player(0);
const P1: Player = Player(1);
const P2: Player = Player(2);
const ME: Seat = Seat::Player(P0);

fn card(name: &str) -> Card {
    Card::parse(name).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// Applies `action` of `player` and lets every info state observe it.
fn play(
    state: &mut State,
    infos: &mut [InfoState<State>],
    player: Player,
    action: Action,
) -> Result<Vec<Event>, Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    let events = state.apply(player, action, &mut rng)?;
    for info in infos.iter_mut() {
        let seat = info.seat;
        info.observe(&State::redact_all(&events, seat), state.view_for(seat));
    }
    Ok(events.to_vec())
}

/// Every seat's information from the start of `state`.
fn infos(state: &State) -> Vec<InfoState<State>> {
    (0..state.num_players() as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
        .map(|seat| InfoState::new(seat, state.view_for(seat)))
        .collect()
}

/// A random game with every seat's information kept along: each
/// [`next`](Walk::next) plays a random action of the first player to act.
struct Walk {
    state: State,
    infos: Vec<InfoState<State>>,
    /// Actions played.
    step: usize,
}

impl Walk {
    /// The deal of `config` from `seed`.
    fn new(config: &Config, seed: u64) -> Result<Walk, Error> {
        let state = State::new(config, &mut ChaCha8Rng::seed_from_u64(seed))?;
        let infos = infos(&state);
        Ok(Walk {
            state,
            infos,
            step: 0,
        })
    }

    /// Plays an action drawn with `rng`; `false` once the game is over.
    fn next(&mut self, rng: &mut impl Rng) -> Result<bool, Error> {
        let Some(player) = self.state.to_act().iter().next() else {
            return Ok(false);
        };
        let legal = self.state.legal_actions(player);
        let action = legal[below(rng, legal.len())];
        play(&mut self.state, &mut self.infos, player, action)?;
        self.step += 1;
        Ok(true)
    }
}

/// A number below `n` (slightly biased, enough for picking moves).
fn below(rng: &mut impl Rng, n: usize) -> usize {
    (rng.next_u64() % n as u64) as usize
}

/// Whose hand holds `card` in `state` (`None`: the deck).
fn holder(state: &State, card: Card) -> Option<Player> {
    (0..state.num_players() as u8)
        .map(Player)
        .find(|&p| state.hand(p).contains(&card))
}

#[test]
fn samples_keep_the_contract_at_every_player_count() -> Result<(), Error> {
    for players in 3..=5 {
        let report =
            testing::check_sampling::<State, ChaCha8Rng>(&Config::new(players)?, 20, 100, 8)
                .map_err(|f| format!("{players} players: {f:?}"))?;
        assert!(report.games == 20 && report.walked > 0, "{report:?}");
        assert!(report.samples_differing * 2 > report.samples, "{report:?}");
    }
    Ok(())
}

/// Random games reach positions where seats remember cards in other hands
/// (passed, or swapped away), some with several possible holders, and every
/// sample keeps them there.
#[test]
fn random_games_exercise_the_memory() -> Result<(), Error> {
    let config = Config::new(4)?;
    let (mut remembered, mut spread) = (0u32, 0u32);
    for game in 0..30 {
        let mut rng = ChaCha8Rng::seed_from_u64(7000 + game);
        let mut state = State::new(&config, &mut rng)?;
        let mut infos = infos(&state);
        while let Some(player) = state.to_act().iter().next() {
            let legal = state.legal_actions(player);
            let action = legal[below(&mut rng, legal.len())];
            play(&mut state, &mut infos, player, action)?;
            for info in &infos {
                if info.memory.is_empty() {
                    continue;
                }
                assert!(
                    info.seat.player().is_some(),
                    "a spectator remembers nothing"
                );
                remembered += 1;
                spread += u32::from(info.memory.cards().iter().any(|w| w.holders.len() > 1));
                assert!(state.agrees(info.seat, &info.memory));
                let sample = info.sample(&config, &mut rng)?;
                for w in info.memory.cards() {
                    let p = holder(&sample, w.card);
                    assert!(p.is_some_and(|p| w.holders.contains(p)), "{w:?} in {p:?}");
                }
            }
        }
    }
    assert!(remembered > 100 && spread > 10, "{remembered} {spread}");
    Ok(())
}

/// A Trickster swap: the seat knows its old hand is the rival's, which the
/// view alone does not say.
#[test]
fn the_old_hand_after_a_swap_stays_with_the_rival() -> Result<(), Error> {
    let mut state = State::builder(3)
        .deal(5)
        .hand(P0, ["Trickster Goblin", "Spring 1", "Spring 2"])
        .hand(P1, ["Summer 1", "Summer 2", "Summer 3"])
        .hand(P2, ["Autumn 1"])
        .build()?;
    let mut infos = infos(&state);
    play(
        &mut state,
        &mut infos,
        P0,
        Action::Play(card("Trickster Goblin")),
    )?;
    play(&mut state, &mut infos, P0, Action::SwapWith(P1))?;
    let info = infos[0].clone();
    let old = [card("Spring 1"), card("Spring 2")];
    for c in old {
        assert_eq!(info.memory.holders(c), Some(PlayerSet::only(P1)));
    }
    assert_eq!(info.memory.len(), 2);
    // The third player and the spectator saw nothing of it.
    assert!(infos[2].memory.is_empty() && infos[3].memory.is_empty());
    // The rival remembers its old hand with the seat.
    assert_eq!(infos[1].memory.len(), 3);

    let config = *state.config();
    let forgetful = InfoState::<State>::new(ME, info.view.clone());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut elsewhere = 0;
    for _ in 0..300 {
        let sample = info.sample(&config, &mut rng)?;
        assert_eq!(sample.hand(P1).len(), 2);
        assert!(old.iter().all(|c| sample.hand(P1).contains(c)));
        let guess = forgetful.sample(&config, &mut rng)?;
        elsewhere += usize::from(!old.iter().all(|c| guess.hand(P1).contains(c)));
    }
    // The view alone puts them elsewhere almost always.
    assert!(elsewhere > 250, "{elsewhere}");

    // A position with Spring 1 in the deck instead looks the same, but does
    // not agree with what the seat remembers.
    let mut setup = state.to_setup();
    let (Some(in_hand), Some(top)) = (
        setup.hands[1].iter().position(|&c| c == old[0]),
        setup.deck.len().checked_sub(1),
    ) else {
        panic!("Spring 1 is with player 2 and the deck has cards");
    };
    let deck_card = setup.deck[top];
    setup.hands[1][in_hand] = deck_card;
    setup.deck[top] = old[0];
    let other = State::from_setup(setup)?;
    assert_eq!(other.view_for(ME), info.view);
    assert!(!other.agrees(ME, &info.memory));
    assert!(state.agrees(ME, &info.memory));
    Ok(())
}

/// A Dizzy pass: the cards the seat passed stay with the receiver; after a
/// second pass, with the receiver or the one it passed to. While passing,
/// everyone sees how many cards each player has chosen.
#[test]
fn passed_cards_are_remembered_through_later_passes() -> Result<(), Error> {
    let mut state = State::builder(3)
        .deal(5)
        .hand(P0, ["Dizzy Goblin", "Spring 1", "Spring 2", "Spring 3"])
        .hand(P1, ["Dizzy Goblin #2", "Summer 1", "Summer 2", "Summer 3"])
        .hand(P2, ["Autumn 1", "Autumn 2", "Autumn 3", "Trickster Goblin"])
        .build()?;
    let mut infos = infos(&state);
    let given = [card("Spring 1"), card("Spring 2")];
    play(
        &mut state,
        &mut infos,
        P0,
        Action::Play(card("Dizzy Goblin")),
    )?;
    play(&mut state, &mut infos, P0, Action::PassTo(Direction::Left))?;
    play(&mut state, &mut infos, P1, Action::Give(card("Summer 1")))?;
    for info in &infos {
        assert_eq!(info.view.chosen_counts.as_slice(), &[0, 1, 0]);
        assert_eq!(info.view.chosen_count(P1), 1);
    }
    play(&mut state, &mut infos, P0, Action::Give(given[0]))?;
    play(&mut state, &mut infos, P0, Action::Give(given[1]))?;
    assert_eq!(infos[3].view.chosen_counts.as_slice(), &[2, 1, 0]);
    play(&mut state, &mut infos, P1, Action::Give(card("Summer 2")))?;
    play(&mut state, &mut infos, P2, Action::Give(card("Autumn 1")))?;
    let events = play(&mut state, &mut infos, P2, Action::Give(card("Autumn 2")))?;
    let to = events
        .iter()
        .find_map(|e| match *e {
            Event::CardPassed { from, to, .. } if from == P0 => Some(to),
            _ => None,
        })
        .ok_or("player 1 passed")?;
    assert_eq!(to, P1, "left is the next seat");
    for c in given {
        assert_eq!(infos[0].memory.holders(c), Some(PlayerSet::only(P1)));
    }
    assert_eq!(infos[0].view.chosen_counts.as_slice(), &[0, 0, 0]);

    // Player 2 passes on with the second Dizzy Goblin; it keeps Spring 1.
    assert_eq!(state.phase(), Phase::Turn { player: P1 });
    play(
        &mut state,
        &mut infos,
        P1,
        Action::Play(card("Dizzy Goblin #2")),
    )?;
    play(&mut state, &mut infos, P1, Action::PassTo(Direction::Left))?;
    play(&mut state, &mut infos, P0, Action::Give(card("Spring 3")))?;
    play(&mut state, &mut infos, P0, Action::Give(card("Autumn 1")))?;
    play(&mut state, &mut infos, P1, Action::Give(given[1]))?;
    play(&mut state, &mut infos, P1, Action::Give(card("Summer 3")))?;
    play(&mut state, &mut infos, P2, Action::Give(card("Autumn 3")))?;
    play(&mut state, &mut infos, P2, Action::Give(card("Summer 2")))?;
    assert_eq!(holder(&state, given[0]), Some(P1));
    assert_eq!(holder(&state, given[1]), Some(P2));
    let info = &infos[0];
    for c in given {
        assert_eq!(
            info.memory.holders(c),
            Some(PlayerSet::only(P1).union(PlayerSet::only(P2)))
        );
    }
    // Spring 3 and Autumn 1 went to player 2 just now.
    assert_eq!(
        info.memory.holders(card("Spring 3")),
        Some(PlayerSet::only(P1))
    );
    let config = *state.config();
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut seen: HashMap<(Option<Player>, Option<Player>), u32> = HashMap::new();
    for _ in 0..400 {
        let sample = info.sample(&config, &mut rng)?;
        assert!(sample.agrees(ME, &info.memory));
        *seen
            .entry((holder(&sample, given[0]), holder(&sample, given[1])))
            .or_default() += 1;
    }
    assert!(
        seen.keys().all(|(a, b)| a.is_some() && b.is_some()),
        "{seen:?}"
    );
    assert!(seen.len() >= 3, "{seen:?}");

    // Player 3 swaps hands with the seat: it sees Spring 2 come back, so
    // Spring 1 is not with player 3; its old hand is.
    play(
        &mut state,
        &mut infos,
        P2,
        Action::Play(card("Trickster Goblin")),
    )?;
    play(&mut state, &mut infos, P2, Action::SwapWith(P0))?;
    let memory = &infos[0].memory;
    assert_eq!(memory.holders(given[1]), None);
    assert_eq!(memory.holders(given[0]), Some(PlayerSet::only(P1)));
    for c in ["Spring 3", "Autumn 1"] {
        assert_eq!(memory.holders(card(c)), Some(PlayerSet::only(P1)), "{c}");
    }
    for c in ["Autumn 2", "Autumn 3", "Summer 2"] {
        assert_eq!(memory.holders(card(c)), Some(PlayerSet::only(P2)), "{c}");
    }
    assert_eq!(memory.len(), 6);
    assert!(state.agrees(ME, memory));
    Ok(())
}

/// The deck, player 2's hand and player 3's hand of a sample.
type Position = (Vec<Card>, Vec<Card>, Vec<Card>);

/// Five hidden cards: two in the deck, one in player 2's hand, two in player
/// 3's; the seat remembers Spring 3 with player 2 or 3. Placements: Spring 3
/// with player 2 (1 place) and the other four split 2 + 2 (6 ways), or with
/// player 3 (2 places) and the others 1 + 1 + 2 (12 ways): 18 placements,
/// each in 2 deck orders and 2 orders of player 3's hand, 72 positions.
#[test]
fn samples_are_uniform_over_what_the_seat_cannot_tell_apart() -> Result<(), Error> {
    let state = State::builder(3)
        .deal(5)
        .hand(P0, ["Summer 1"])
        .hand(P1, ["Spring 3"])
        .hand(P2, ["Spring 4", "Spring 5"])
        .top_of_deck(["Spring 2", "Spring 1"])
        .stash(P2, ["King"])
        .rest_to_stash(P1)
        .build()?;
    assert_eq!(state.deck().len(), 2);
    let mut info = InfoState::<State>::new(ME, state.view_for(ME));
    info.memory.insert(
        card("Spring 3"),
        PlayerSet::only(P1).union(PlayerSet::only(P2)),
    );
    assert!(state.agrees(ME, &info.memory));
    let config = *state.config();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let draws = 14_400;
    let mut counts: HashMap<Position, u32> = HashMap::new();
    for _ in 0..draws {
        let s = info.sample(&config, &mut rng)?;
        let key = (s.deck().to_vec(), s.hand(P1).to_vec(), s.hand(P2).to_vec());
        *counts.entry(key).or_default() += 1;
    }
    assert_eq!(counts.len(), 72, "every position occurs");
    let expected = f64::from(draws) / 72.0;
    let chi2: f64 = counts
        .values()
        .map(|&c| (f64::from(c) - expected).powi(2) / expected)
        .sum();
    // The 0.1% critical value of chi-squared with 71 degrees of freedom.
    assert!(chi2 < 113.58, "chi-squared {chi2}");
    Ok(())
}

/// Information that no position gives is an error, not a panic.
#[test]
fn edited_information_is_an_error() -> Result<(), Error> {
    let config = Config::new(3)?;
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let state = State::new(&config, &mut rng)?;
    let info = InfoState::<State>::new(ME, state.view_for(ME));
    assert!(info.sample(&config, &mut rng).is_ok());
    let refused = |info: &InfoState<State>, config: &Config| {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        matches!(
            info.sample(config, &mut rng),
            Err(SampleError::Config(_) | SampleError::Impossible(_))
        )
    };
    // Another config.
    assert!(refused(&info, &Config::new(4)?));
    // Other card data, in the config or in the view (which shows it).
    let other_cards = fairy_ring::season::CardSet::default().with_goblin(
        fairy_ring::season::Goblin::Robber,
        fairy_ring::season::GoblinEffect::SwapHands,
    );
    assert!(refused(&info, &config.with_cards(other_cards)));
    let mut edited = info.clone();
    edited.view.cards = other_cards;
    assert!(refused(&edited, &config));
    // A deck one card too big.
    let mut edited = info.clone();
    edited.view.deck_size += 1;
    assert!(refused(&edited, &config));
    // A hand size that does not fit the hand.
    let mut edited = info.clone();
    edited.view.hand_sizes[0] = 4;
    assert!(refused(&edited, &config));
    // A card twice: in the hand and on a Stash.
    let mut edited = info.clone();
    let first = edited.view.hand[0];
    edited.view.stashes[1].push(first);
    assert!(refused(&edited, &config));
    // A seat not at the table.
    let mut edited = info.clone();
    edited.seat = Seat::Player(Player(7));
    edited.view.seat = edited.seat;
    assert!(refused(&edited, &config));
    // The view of another seat.
    let mut edited = info.clone();
    edited.seat = Seat::Player(P1);
    assert!(refused(&edited, &config));
    // A remembered card the seat holds, or with nowhere to be.
    let mut edited = info.clone();
    edited.memory.insert(first, PlayerSet::only(P1));
    assert!(refused(&edited, &config));
    let mut edited = info.clone();
    let hidden = Card::all()
        .find(|&c| state.hand(P1).contains(&c))
        .ok_or("a card")?;
    edited.memory.insert(hidden, PlayerSet::only(P0));
    assert!(refused(&edited, &config));
    // More remembered with player 2 than it holds.
    let mut edited = info.clone();
    for c in state.deck().iter().take(6) {
        edited.memory.insert(*c, PlayerSet::only(P1));
    }
    assert!(refused(&edited, &config));
    Ok(())
}

/// Random edits of views and memories through JSON: the sampler answers
/// with an error or with a position that gives exactly the edited view.
#[test]
fn random_edits_never_panic() -> Result<(), Error> {
    let config = Config::new(3)?;
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let (mut tried, mut refused) = (0u32, 0u32);
    for game in 0..10 {
        let mut walk = Walk::new(&config, game)?;
        while walk.next(&mut rng)? {
            let (infos, step) = (&walk.infos, walk.step);
            if step % 5 != 0 {
                continue;
            }
            let info = &infos[step % infos.len()];
            let mut json = serde_json::to_value((&info.view, &info.memory))?;
            without_card_data(&mut json[0]);
            let cards = cards_as_ids(&mut json);
            let mut numbers = Vec::new();
            collect_numbers(&mut json, &mut numbers);
            for _ in 0..3 {
                let Some(n) = numbers.choose(&mut rng) else {
                    break;
                };
                edit(&mut json, *n, &mut rng);
            }
            ids_as_cards(&mut json, &cards);
            let Ok((view, memory)) = serde_json::from_value(json) else {
                continue;
            };
            let edited = InfoState::<State> {
                seat: info.seat,
                view,
                memory,
            };
            tried += 1;
            match edited.sample(&config, &mut rng) {
                Ok(sample) => {
                    assert_eq!(sample.view_for(edited.seat), edited.view);
                    assert!(sample.agrees(edited.seat, &edited.memory));
                }
                Err(_) => refused += 1,
            }
        }
    }
    assert!(
        tried > 200 && refused > 100 && refused < tried,
        "{tried} {refused}"
    );
    Ok(())
}

/// The sampler builds its position without `from_setup` and checks what its
/// construction leaves open: every sample it gives from an edited view is
/// one `from_setup` takes back unchanged (in release builds too, where the
/// sampler does not call `from_setup`).
#[test]
fn samples_from_edited_views_are_valid_positions() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let (mut tried, mut kept) = (0u32, 0u32);
    for game in 0..30 {
        let config = Config::new(3 + (game % 3) as usize)?;
        let mut walk = Walk::new(&config, 100 + game)?;
        while walk.next(&mut rng)? {
            let (state, infos, step) = (&walk.state, &walk.infos, walk.step);
            let info = &infos[step % infos.len()];
            let mut json = serde_json::to_value(&info.view)?;
            without_card_data(&mut json);
            let cards = cards_as_ids(&mut json);
            let mut numbers = Vec::new();
            collect_numbers(&mut json, &mut numbers);
            for _ in 0..1 + below(&mut rng, 2) {
                if let Some(n) = numbers.choose(&mut rng) {
                    edit(&mut json, *n, &mut rng);
                }
            }
            ids_as_cards(&mut json, &cards);
            let Ok(mut view) = serde_json::from_value(json) else {
                continue;
            };
            if below(&mut rng, 2) == 0 {
                reshape(&mut view, state.num_players(), &mut rng);
            }
            let edited = InfoState::<State> {
                seat: info.seat,
                view,
                memory: info.memory.clone(),
            };
            tried += 1;
            if let Ok(sample) = edited.sample(&config, &mut rng) {
                kept += 1;
                assert_eq!(
                    State::from_setup(sample.to_setup()).as_ref(),
                    Ok(&sample),
                    "{:?}",
                    edited.view
                );
                assert_eq!(sample.view_for(edited.seat), edited.view);
            }
        }
    }
    assert!(tried > 2000 && kept > 100 && kept < tried, "{tried} {kept}");
    Ok(())
}

/// An edit no change of a number makes: who played last, a card of the
/// Swarm or a whole hand moved to the deck, or another phase.
fn reshape(view: &mut fairy_ring::season::View, players: usize, rng: &mut impl Rng) {
    let player = |rng: &mut ChaCha8Rng| Player(below(rng, players + 1) as u8);
    let mut r = ChaCha8Rng::seed_from_u64(rng.next_u64());
    let r = &mut r;
    match below(r, 4) {
        0 => {
            view.last_played = match view.last_played {
                Some(_) => None,
                None => Some(player(r)),
            }
        }
        1 => {
            if view.swarm.pop().is_some() {
                view.deck_size += 1;
            }
        }
        2 => {
            let k = below(r, players);
            if view.seat != Seat::Player(Player(k as u8)) {
                view.deck_size += view.hand_sizes[k];
                view.hand_sizes[k] = 0;
            }
        }
        _ => {
            let (p, q, n) = (player(r), player(r), below(r, 5) as u8);
            view.phase = match below(r, 10) {
                0 => Phase::Turn { player: p },
                1 => Phase::Stashing {
                    player: p,
                    left: n,
                    bonus: below(r, 2) == 0,
                },
                2 => Phase::Bonus { player: p },
                3 => Phase::Robbing { player: p },
                4 => Phase::Stealing {
                    player: p,
                    count: n,
                },
                5 => Phase::Swapping { player: p },
                6 => Phase::Aiming {
                    player: p,
                    count: n,
                },
                7 => Phase::Passing {
                    player: p,
                    direction: Direction::Left,
                    count: n,
                },
                8 => Phase::RoyalWindow {
                    flunker: p,
                    asked: q,
                },
                _ => Phase::Over {
                    winners: PlayerSet::only(p),
                },
            };
        }
    }
}

/// Writes every card in `value` as its identity (0 to 89), so that an edit
/// of one number puts another card (or no card) in its place; says, for
/// each number of the result in walk order, whether it is a card.
fn cards_as_ids(value: &mut serde_json::Value) -> Vec<bool> {
    fn walk(value: &mut serde_json::Value, cards: &mut Vec<bool>) {
        if let Ok(card) = serde_json::from_value::<Card>(value.clone()) {
            *value = serde_json::Value::from(card.id());
            cards.push(true);
            return;
        }
        match value {
            serde_json::Value::Number(_) => cards.push(false),
            serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk(v, cards)),
            serde_json::Value::Object(map) => map.values_mut().for_each(|v| walk(v, cards)),
            _ => {}
        }
    }
    let mut cards = Vec::new();
    walk(value, &mut cards);
    cards
}

/// Undoes [`cards_as_ids`]: each identity of a card becomes that card again;
/// a number that is no card's identity stays a number, which no card reads.
fn ids_as_cards(value: &mut serde_json::Value, cards: &[bool]) {
    let mut i = 0;
    walk_numbers(value, &mut |v| {
        let card = v
            .as_u64()
            .and_then(|id| u8::try_from(id).ok())
            .and_then(Card::new);
        if let (Some(true), Some(card)) = (cards.get(i), card) {
            *v = serde_json::to_value(card).expect("a card serializes");
        }
        i += 1;
    });
}

/// Leaves the card data out of a view's JSON, which then reads back with
/// the default data, the config's: an edit of it is refused whole (see
/// `edited_information_is_an_error`), and its 80 numbers would crowd out
/// the edits these tests are for.
fn without_card_data(view: &mut serde_json::Value) {
    if let Some(fields) = view.as_object_mut() {
        fields.remove("cards");
    }
}

/// Paths (as indexes in a depth-first walk) of the numbers in `value`.
fn collect_numbers(value: &mut serde_json::Value, out: &mut Vec<usize>) {
    let mut count = 0;
    walk_numbers(value, &mut |_| {
        out.push(count);
        count += 1;
    });
}

fn walk_numbers(value: &mut serde_json::Value, f: &mut impl FnMut(&mut serde_json::Value)) {
    match value {
        serde_json::Value::Number(_) => f(value),
        serde_json::Value::Array(items) => items.iter_mut().for_each(|v| walk_numbers(v, f)),
        serde_json::Value::Object(map) => map.values_mut().for_each(|v| walk_numbers(v, f)),
        _ => {}
    }
}

/// Replaces the `target`-th number with a small random one.
fn edit(value: &mut serde_json::Value, target: usize, rng: &mut impl Rng) {
    let new = below(rng, 95) as u64;
    let mut i = 0;
    walk_numbers(value, &mut |v| {
        if i == target {
            *v = serde_json::Value::from(new);
        }
        i += 1;
    });
}

trait Choose<T> {
    fn choose(&self, rng: &mut impl Rng) -> Option<&T>;
}

impl<T> Choose<T> for Vec<T> {
    fn choose(&self, rng: &mut impl Rng) -> Option<&T> {
        (!self.is_empty()).then(|| &self[below(rng, self.len())])
    }
}

#[test]
fn a_new_memory_is_empty() {
    let memory = Memory::new();
    assert!(memory.is_empty() && memory.cards().is_empty());
    assert_eq!(memory, Memory::default());
}

/// An edited memory that splits many ways (every hand card of five players
/// remembered, in 25 groups of possible holders) is answered, an error or
/// a sample, without walking every split.
#[test]
fn a_tangled_memory_is_answered() -> Result<(), Error> {
    let config = Config::new(5)?;
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let state = State::new(&config, &mut rng)?;
    let seat = Seat::Player(Player(0));
    let mut info = InfoState::<State>::new(seat, state.view_for(seat));
    let groups: Vec<PlayerSet> = (0u16..32)
        .map(PlayerSet::from_bits)
        .filter(|s| s.len() >= 2)
        .collect();
    let mut group = groups.iter().cycle();
    for p in 1..5 {
        for &c in state.hand(Player(p)) {
            let holders = *group.next().ok_or("groups")?;
            info.memory
                .insert(c, holders.union(PlayerSet::only(Player(p))));
        }
    }
    let started = std::time::Instant::now();
    let answer = info.sample(&config, &mut rng);
    assert!(started.elapsed().as_secs() < 5);
    match answer {
        Ok(sample) => assert!(sample.agrees(seat, &info.memory)),
        Err(e) => assert!(matches!(e, SampleError::Impossible(_)), "{e}"),
    }
    Ok(())
}

fn all_phases(players: usize, out: &mut Vec<Phase>) {
    out.clear();
    for a in 0..=players as u8 {
        let p = Player(a);
        out.push(Phase::Turn { player: p });
        out.push(Phase::Bonus { player: p });
        out.push(Phase::Robbing { player: p });
        out.push(Phase::Swapping { player: p });
        for n in 0..=4u8 {
            out.push(Phase::Stashing {
                player: p,
                left: n,
                bonus: false,
            });
            out.push(Phase::Stashing {
                player: p,
                left: n,
                bonus: true,
            });
            out.push(Phase::Stealing {
                player: p,
                count: n,
            });
            out.push(Phase::Aiming {
                player: p,
                count: n,
            });
            out.push(Phase::Passing {
                player: p,
                direction: Direction::Left,
                count: n,
            });
            out.push(Phase::Passing {
                player: p,
                direction: Direction::Right,
                count: n,
            });
        }
        for b in 0..=players as u8 {
            out.push(Phase::RoyalWindow {
                flunker: p,
                asked: Player(b),
            });
        }
        for w in 0..(1u32 << players) {
            let mut set = PlayerSet::EMPTY;
            for i in 0..players {
                if w & (1 << i) != 0 {
                    set.insert(Player(i as u8));
                }
            }
            out.push(Phase::Over { winners: set });
        }
    }
}

/// Broad edits (every phase, cards moved between the hand, the Swarm, the
/// Stashes and the deck, all four Royals into one Stash, who played last,
/// chosen counts, memory numbers): any sample drawn must be a position
/// `from_setup` takes back unchanged, give the edited view back and agree
/// with the memory. In release builds this tests the sampler's own checks.
#[test]
fn samples_from_broadly_edited_information_are_valid_positions() -> Result<(), Error> {
    let mut rng = ChaCha8Rng::seed_from_u64(61);
    let (mut tried, mut kept) = (0u64, 0u64);
    let mut phases = Vec::new();
    let mut bad = 0;
    let mut tally: HashMap<String, u32> = HashMap::new();
    for game in 0..12u64 {
        let config = Config::new(3 + (game % 3) as usize)?;
        let n = config.players as usize;
        let mut walk = Walk::new(&config, 500 + game)?;
        while walk.next(&mut rng)? {
            let (infos, step) = (&walk.infos, walk.step);
            if step % 3 != 0 {
                continue;
            }
            let info = infos[below(&mut rng, infos.len())].clone();
            all_phases(n, &mut phases);
            for _ in 0..6 {
                let mut view = info.view.clone();
                let mut memory = info.memory.clone();
                // structural edits
                for _ in 0..1 + below(&mut rng, 3) {
                    match below(&mut rng, 13) {
                        12 => {
                            let k = below(&mut rng, n);
                            for r in fairy_ring::season::Royal::ALL {
                                let c = Card::royal(r);
                                if let Some(i) = view.swarm.iter().position(|x| *x == c) {
                                    view.swarm.remove(i);
                                    view.stashes[k].push(c);
                                }
                                for j in (0..n).filter(|&j| j != k) {
                                    if let Some(i) = view.stashes[j].iter().position(|x| *x == c) {
                                        view.stashes[j].remove(i);
                                        view.stashes[k].push(c);
                                    }
                                }
                                if let Some(i) = view.hand.iter().position(|x| *x == c) {
                                    view.hand.remove(i);
                                    if let Seat::Player(p) = view.seat {
                                        view.hand_sizes[p.index()] -= 1;
                                    }
                                    view.stashes[k].push(c);
                                }
                            }
                            if view.swarm.is_empty() {
                                view.last_played = None;
                            }
                        }
                        0 => {
                            view.phase = phases[below(&mut rng, phases.len())];
                        }
                        1 => {
                            if let Some(c) = view.swarm.pop() {
                                let k = below(&mut rng, n);
                                view.stashes[k].push(c);
                                if view.swarm.is_empty() {
                                    view.last_played = None;
                                }
                            }
                        }
                        2 => {
                            let k = below(&mut rng, n);
                            if let Some(c) = view.stashes[k].pop() {
                                view.swarm.push(c);
                            }
                        }
                        3 => {
                            let k = below(&mut rng, n);
                            if let Some(c) = view.stashes[k].pop() {
                                let j = below(&mut rng, n);
                                view.stashes[j].push(c);
                            }
                        }
                        4 => {
                            view.last_played = if below(&mut rng, 3) == 0 {
                                None
                            } else {
                                Some(Player(below(&mut rng, n) as u8))
                            };
                        }
                        5 => {
                            if view.deck_size > 0 {
                                view.deck_size -= 1;
                                let k = below(&mut rng, n);
                                view.hand_sizes[k] += 1;
                            }
                        }
                        6 => {
                            let k = below(&mut rng, n);
                            if view.hand_sizes[k] > 0 {
                                view.hand_sizes[k] -= 1;
                                view.deck_size += 1;
                            }
                        }
                        7 => {
                            let k = below(&mut rng, n);
                            view.chosen_counts[k] = below(&mut rng, 4) as u8;
                        }
                        8 => {
                            if let Some(c) = view.hand.pop() {
                                if let Seat::Player(p) = view.seat {
                                    view.hand_sizes[p.index()] -= 1;
                                }
                                let k = below(&mut rng, n);
                                view.stashes[k].push(c);
                            }
                        }
                        9 => {
                            if let Some(c) = view.hand.pop() {
                                if let Seat::Player(p) = view.seat {
                                    view.hand_sizes[p.index()] -= 1;
                                }
                                view.swarm.push(c);
                            }
                        }
                        10 => {
                            if !view.hand.is_empty() && view.chosen.len() < 3 {
                                let c = view.hand[below(&mut rng, view.hand.len())];
                                view.chosen.push(c);
                                if let Seat::Player(p) = view.seat {
                                    view.chosen_counts[p.index()] = view.chosen.len() as u8;
                                }
                            }
                        }
                        _ => {
                            let mut json = serde_json::to_value(&memory)?;
                            let mut numbers = Vec::new();
                            collect_numbers(&mut json, &mut numbers);
                            if let Some(k) = numbers.choose(&mut rng) {
                                edit(&mut json, *k, &mut rng);
                            }
                            if let Ok(m) = serde_json::from_value(json) {
                                memory = m;
                            }
                        }
                    }
                }
                // keep the scores in step with stashes
                if let Some(sc) = scores_of(&view, n) {
                    view.scores = sc;
                }
                let base = view.clone();
                let pick: Vec<Phase> = std::iter::once(base.phase)
                    .chain(phases.iter().copied().filter(|_| below(&mut rng, 8) == 0))
                    .collect();
                for ph in pick {
                    let mut view = base.clone();
                    view.phase = ph;
                    let edited = InfoState::<State> {
                        seat: info.seat,
                        view,
                        memory: memory.clone(),
                    };
                    tried += 1;
                    if let Ok(sample) = edited.sample(&config, &mut rng) {
                        kept += 1;
                        let name = format!("{:?}", edited.view.phase);
                        let name = name.split(' ').next().unwrap_or("").to_string();
                        let royal = (0..n).any(|i| {
                            fairy_ring::season::Royal::ALL
                                .iter()
                                .all(|r| edited.view.stashes[i].contains(&Card::royal(*r)))
                        });
                        *tally.entry(format!("{name} royal={royal}")).or_insert(0u32) += 1;
                        let ok1 = State::from_setup(sample.to_setup()).as_ref() == Ok(&sample);
                        let ok2 = sample.view_for(edited.seat) == edited.view;
                        let ok3 = sample.agrees(edited.seat, &edited.memory);
                        if !(ok1 && ok2 && ok3) {
                            bad += 1;
                            if bad < 4 {
                                eprintln!(
                                    "BAD from_setup={ok1} view={ok2} agrees={ok3}: {:?}\n{:?}\n{:?}",
                                    State::from_setup(sample.to_setup()).err(),
                                    edited.view,
                                    edited.memory
                                );
                            }
                        }
                    }
                }
            }
        }
    }
    eprintln!("tried {tried} kept {kept} bad {bad} {tally:?}");
    assert_eq!(bad, 0);
    Ok(())
}

fn scores_of(
    view: &fairy_ring::season::View,
    n: usize,
) -> Option<arrayvec::ArrayVec<fairy_ring::Score, 5>> {
    use fairy_ring::season::{Setup, SetupError};
    let mut setup = Setup::new(n).ok()?;
    setup.stashes = view.stashes.clone();
    let mut seen = std::collections::HashSet::new();
    for s in &view.stashes {
        for c in s {
            if !seen.insert(*c) {
                return None;
            }
        }
    }
    for c in Card::all() {
        if !seen.contains(&c) {
            setup.hands[0].push(c);
        }
    }
    setup.phase = Phase::Over {
        winners: PlayerSet::EMPTY,
    };
    let st = match State::from_setup(setup.clone()) {
        Ok(s) => s,
        Err(SetupError::WrongWinners { expected }) => {
            setup.phase = Phase::Over { winners: expected };
            State::from_setup(setup).ok()?
        }
        Err(_) => return None,
    };
    Some(st.scores())
}

/// Review: 6 hidden cards, no memory, P1 3 + P2 2 + deck 1: 720 ordered
/// positions, equally likely (pool-only hands are not reshuffled).
#[test]
fn hands_of_pool_cards_alone_are_uniform() -> Result<(), Error> {
    for with_memory in [false, true] {
        let state = State::builder(3)
            .deal(5)
            .hand(P0, ["Summer 1"])
            .hand(P1, ["Spring 3", "Spring 4", "Spring 5"])
            .hand(P2, ["Spring 1", "Spring 2"])
            .top_of_deck(["Summer 2"])
            .stash(P2, ["King"])
            .rest_to_stash(P1)
            .build()?;
        let mut info = InfoState::<State>::new(ME, state.view_for(ME));
        if with_memory {
            info.memory.insert(card("Spring 3"), PlayerSet::only(P1));
        }
        let config = *state.config();
        let mut rng = ChaCha8Rng::seed_from_u64(77);
        let cells = if with_memory { 360.0 } else { 720.0 };
        let draws = (cells as u32) * 100;
        let mut counts: HashMap<Position, u32> = HashMap::new();
        for _ in 0..draws {
            let s = info.sample(&config, &mut rng)?;
            let key = (s.deck().to_vec(), s.hand(P1).to_vec(), s.hand(P2).to_vec());
            *counts.entry(key).or_default() += 1;
        }
        let expected = f64::from(draws) / cells;
        let chi2: f64 = counts
            .values()
            .map(|&c| (f64::from(c) - expected).powi(2) / expected)
            .sum();
        eprintln!(
            "memory={with_memory} cells {} chi2 {chi2:.1} (df {})",
            counts.len(),
            cells - 1.0
        );
        assert_eq!(counts.len() as f64, cells);
    }
    Ok(())
}
