//! What a table sends each seat: one rule, followed by `play_game`, the
//! bots and `InfoState`, so that no seat can count moves it was not shown
//! and no seat waits for choices it was never sent.

use fairy_ring::bots::{Ismcts, RandomBot, play_game};
use fairy_ring::{
    AnyGame, Bot, BotError, Decision, Game, GameKind, InfoState, Message, Player, Sample,
    SampleError, Seat, fickle, prank,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A random bot that counts what it is sent and checks, whenever it must
/// choose, that the last message it holds is its decision: its view and
/// its choices (so no seat is asked to move on stale choices).
#[derive(Default)]
struct Counting {
    starts: usize,
    messages: usize,
    held: Option<(fairy_ring::AnyView, Vec<fairy_ring::AnyAction>)>,
    stale: usize,
    empty: usize,
    /// Messages with no events: only the view or the choices changed.
    eventless: usize,
}

impl Bot<AnyGame> for Counting {
    fn choose(
        &mut self,
        decision: &Decision<AnyGame>,
        rng: &mut dyn Rng,
    ) -> Result<fairy_ring::AnyAction, BotError> {
        let current = (decision.view.clone(), decision.legal.to_vec());
        if self.held.as_ref() != Some(&current) {
            self.stale += 1;
        }
        RandomBot.choose(decision, rng)
    }

    fn start(&mut self, opening: &Message<AnyGame>) {
        self.starts += 1;
        self.held = Some((opening.view.clone(), opening.legal.to_vec()));
    }

    fn observe(&mut self, message: &Message<AnyGame>) {
        self.messages += 1;
        let now = (message.view.clone(), message.legal.to_vec());
        if message.events.is_empty() {
            self.eventless += 1;
            if self.held.as_ref() == Some(&now) {
                self.empty += 1;
            }
        }
        self.held = Some(now);
    }
}

/// The moves of a game after which `seat` had something to learn, counted
/// from the game itself: events left after redaction, or a view or legal
/// actions other than after the move before.
fn moves_with_news(
    kind: GameKind,
    players: usize,
    seed: u64,
) -> (Vec<usize>, usize, Vec<Counting>) {
    let config = kind.config(players).expect("a seated count");
    // The table's game and a replay of it, move by move, from the same seed.
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = AnyGame::new(&config, &mut rng).expect("deal");
    let mut bots: Vec<Counting> = (0..players).map(|_| Counting::default()).collect();
    let start = state.clone();
    let mut table_rng = rng.clone();
    play_game(&mut state, &mut bots, &mut table_rng).expect("a whole game");

    // Replay with the same draws, counting news per seat independently.
    let mut replay = start;
    let mut rng = rng;
    let mut news = vec![0; players];
    let mut moves = 0;
    let seats: Vec<Seat> = (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .collect();
    let mut seen: Vec<_> = seats
        .iter()
        .map(|&s| {
            (
                replay.view_for(s),
                replay.legal_actions(s.player().expect("a player")),
            )
        })
        .collect();
    let mut picks = Vec::new();
    while let Some(player) = replay.to_act().lowest() {
        let decision = replay.decision(player);
        let action = RandomBot.choose(&decision, &mut rng).expect("a move");
        picks.push(action);
        let events = replay.apply(player, action, &mut rng).expect("legal");
        moves += 1;
        for (i, &seat) in seats.iter().enumerate() {
            let now = (
                replay.view_for(seat),
                replay.legal_actions(seat.player().expect("a player")),
            );
            if !AnyGame::redact_all(&events, seat).is_empty() || now != seen[i] {
                news[i] += 1;
            }
            seen[i] = now;
        }
    }
    assert_eq!(replay, state, "the replay follows the table");
    (news, moves, bots)
}

#[test]
fn every_seat_is_sent_exactly_the_moves_it_learns_from_in_every_game() {
    let mut silent_in = Vec::new();
    let mut eventless_in = Vec::new();
    for kind in GameKind::ALL {
        for players in [*kind.players().start(), 4] {
            for seed in 0..4 {
                let (news, moves, bots) = moves_with_news(kind, players, seed);
                for (seat, (bot, &expected)) in bots.iter().zip(&news).enumerate() {
                    let at = format!("{kind} {players}p seed {seed} seat {seat}");
                    assert_eq!(bot.starts, 1, "{at}: one opening message");
                    assert_eq!(bot.messages, expected, "{at}: messages vs moves with news");
                    assert_eq!(bot.empty, 0, "{at}: a message with nothing to learn");
                    assert_eq!(bot.stale, 0, "{at}: asked to choose on stale choices");
                    if bot.messages < moves && !silent_in.contains(&kind) {
                        silent_in.push(kind);
                    }
                    if bot.eventless > 0 && !eventless_in.contains(&kind) {
                        eventless_in.push(kind);
                    }
                }
            }
        }
    }
    // The Fairy's removals in Prank are moves the other seats are not shown:
    // a table that told every seat of every move fails above.
    assert!(
        silent_in.contains(&GameKind::Prank),
        "no Prank seat missed a move"
    );
    // A Fayre mover's pick of a die has no event for anyone, yet changes its
    // choices: a table that sent only events would stall it.
    assert!(
        eventless_in.contains(&GameKind::Fayre),
        "no Fayre message without events"
    );
}

/// The reproduction: in Fairy Prank at 4 players, the others must
/// not learn how many items the Fairy takes out of the box. With a silent
/// box (the count is never announced), twins in which the Fairy takes one
/// item or two send every other seat, and a spectator, the very same
/// messages.
#[test]
fn prank_seats_cannot_count_the_fairys_removals() {
    let config = prank::Config::new(4)
        .expect("4 players")
        .with_box_sound(prank::BoxSound::Silent);
    let mut checked = 0;
    for seed in 0..40 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = prank::State::new(&config, &mut rng).expect("deal");
        // Play to the start of a Hiding phase.
        let fairy = loop {
            let Some(player) = state.to_act().lowest() else {
                break None;
            };
            let legal = state.legal_actions(player);
            let removals = legal
                .iter()
                .filter(|a| matches!(a, prank::Action::Remove(_)))
                .count();
            if removals >= 2 {
                break Some(player);
            }
            let action = *fairy_ring::rng::choose(&mut rng, &legal).expect("a move");
            state.apply(player, action, &mut rng).expect("legal");
        };
        let Some(fairy) = fairy else { continue };
        let audience: Vec<Seat> = (0..4)
            .map(|p| Seat::Player(Player(p)))
            .chain([Seat::Spectator])
            .collect();
        // Twins: the Fairy takes one item, or two, then closes the box.
        let sent = |takes: usize| {
            let mut twin = state;
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut held: Vec<Message<prank::State>> = audience
                .iter()
                .map(|&seat| Message::opening(&twin, seat).expect("at the table"))
                .collect();
            let mut log = vec![Vec::new(); audience.len()];
            let removals: Vec<prank::Action> = twin
                .legal_actions(fairy)
                .into_iter()
                .filter(|a| matches!(a, prank::Action::Remove(_)))
                .take(takes)
                .collect();
            for action in removals.into_iter().chain([prank::Action::DoneHiding]) {
                let events = twin.apply(fairy, action, &mut rng).expect("legal");
                for (seen, last) in log.iter_mut().zip(held.iter_mut()) {
                    if let Some(message) = Message::after(&twin, &events, last) {
                        seen.push(message.clone());
                        *last = message;
                    }
                }
            }
            log
        };
        let (one, two) = (sent(1), sent(2));
        for (i, seat) in audience.iter().enumerate() {
            if *seat != Seat::Player(fairy) {
                assert_eq!(
                    one[i], two[i],
                    "seed {seed}: {seat:?} tells the twins apart"
                );
            }
        }
        let own = fairy.index();
        assert_ne!(
            one[own].len(),
            two[own].len(),
            "the Fairy sees its own removals"
        );
        checked += 1;
    }
    assert!(checked >= 10, "only {checked} Hiding phases reached");
}

/// Fed only the messages a seat is sent, an information state ends where
/// one fed every move ends: the rule drops nothing a seat's memory needs.
/// And a move a seat is not sent changes nothing it could observe: its
/// view, its choices, who is to act, the outcome.
#[test]
fn an_info_state_fed_only_messages_equals_one_fed_every_move() {
    let mut silent = 0;
    for kind in GameKind::ALL {
        for players in [*kind.players().start(), 4] {
            let config = kind.config(players).expect("a seated count");
            for seed in 0..3 {
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                let mut state = AnyGame::new(&config, &mut rng).expect("deal");
                let seats: Vec<Seat> = (0..players as u8)
                    .map(|p| Seat::Player(Player(p)))
                    .chain([Seat::Spectator])
                    .collect();
                let mut every: Vec<InfoState<AnyGame>> = seats
                    .iter()
                    .map(|&s| InfoState::new(s, state.view_for(s)))
                    .collect();
                let mut held: Vec<Message<AnyGame>> = seats
                    .iter()
                    .map(|&s| Message::opening(&state, s).expect("at the table"))
                    .collect();
                let mut fed: Vec<InfoState<AnyGame>> = held
                    .iter()
                    .map(|m| InfoState::new(m.seat, m.view.clone()))
                    .collect();
                while let Some(player) = state.to_act().lowest() {
                    let action = RandomBot
                        .choose(&state.decision(player), &mut rng)
                        .expect("a move");
                    let before = state.clone();
                    let events = state.apply(player, action, &mut rng).expect("legal");
                    for (i, &seat) in seats.iter().enumerate() {
                        let at = format!("{kind} {players}p seed {seed} {seat:?}");
                        every[i].observe(&AnyGame::redact_all(&events, seat), state.view_for(seat));
                        let sent = Message::after(&state, &events, &held[i]);
                        // A table that keeps the position from before the
                        // move sends the same.
                        assert_eq!(
                            Message::between(&before, &state, &events, seat),
                            sent,
                            "{at}"
                        );
                        match sent {
                            Some(message) => {
                                fed[i].receive(&message).expect("a message of its own seat");
                                held[i] = message;
                            }
                            None => {
                                silent += 1;
                                let legal = |g: &AnyGame| seat.player().map(|p| g.legal_actions(p));
                                assert_eq!(before.view_for(seat), state.view_for(seat), "{at}");
                                assert_eq!(legal(&before), legal(&state), "{at}");
                                assert_eq!(before.to_act(), state.to_act(), "{at}: to act");
                                assert_eq!(before.outcome(), state.outcome(), "{at}");
                            }
                        }
                        assert_eq!(fed[i], every[i], "{at}");
                    }
                }
            }
        }
    }
    assert!(silent > 100, "only {silent} moves were not sent to a seat");
}

#[test]
fn an_info_state_refuses_a_message_for_another_seat() {
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let state = AnyGame::new(&GameKind::Fickle.config(3).expect("3"), &mut rng).expect("deal");
    let mine = Seat::Player(Player(0));
    let mut info = InfoState::<AnyGame>::new(mine, state.view_for(mine));
    let before = info.clone();
    let theirs = Message::opening(&state, Seat::Player(Player(1))).expect("seated");
    let error = info.receive(&theirs).expect_err("not its message");
    assert_eq!(
        error.to_string(),
        "a message for player 2 cannot inform player 1"
    );
    assert_eq!(info, before);
}

/// A client that holds only its messages has its decision, to read what
/// its person typed.
#[test]
fn a_message_carries_the_decision_a_client_reads_against() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let state = AnyGame::new(&GameKind::Season.config(3).expect("3"), &mut rng).expect("deal");
    let player = state.to_act().lowest().expect("someone acts");
    let message = Message::opening(&state, Seat::Player(player)).expect("seated");
    let decision = message.decision().expect("a player's message");
    assert_eq!(decision, state.decision(player));
    assert_eq!(decision.read("1"), Ok(decision.legal[0]));
    let watching = Message::opening(&state, Seat::Spectator).expect("anyone may watch");
    assert!(watching.decision().is_none());
}

#[test]
fn a_seat_not_at_the_table_is_refused_not_shown_a_spectators_view() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let state = AnyGame::new(&GameKind::Season.config(3).expect("3"), &mut rng).expect("deal");
    let error = Message::opening(&state, Seat::Player(Player(8))).expect_err("no such seat");
    assert_eq!(
        error.to_string(),
        "there is no player 9 at this table: players are numbered 1 to 3"
    );
    assert!(state.try_view_for(Seat::Player(Player(3))).is_err());
    assert!(state.try_view_for(Seat::Spectator).is_ok());
    let spectator = Message::opening(&state, Seat::Spectator).expect("anyone may watch");
    assert!(spectator.legal.is_empty());
}

/// The reproduction: one `Ismcts` bot kept for a second game of
/// Fickle remembered the first game's dismissed cards, failed every sample
/// and played blind. A new game starts from an empty memory.
#[test]
fn an_ismcts_bot_starts_each_game_from_an_empty_memory() {
    /// Records the search of every decision.
    struct Watched<'a>(&'a mut Ismcts<fickle::State>, &'a mut Vec<(u32, u32)>);
    impl Bot<fickle::State> for Watched<'_> {
        fn choose(
            &mut self,
            decision: &Decision<fickle::State>,
            rng: &mut dyn Rng,
        ) -> Result<fickle::Action, BotError> {
            let action = self.0.choose(decision, rng);
            if decision.legal.len() > 1 {
                let stats = self.0.last_search();
                self.1.push((stats.iterations, stats.failed));
            }
            action
        }
        fn start(&mut self, opening: &Message<fickle::State>) {
            self.0.start(opening);
        }
        fn observe(&mut self, message: &Message<fickle::State>) {
            self.0.observe(message);
        }
    }
    let config = fickle::Config::new(3).expect("3 players");
    let mut bot = Ismcts::new(config, 30);
    let mut searches = Vec::new();
    for seed in [5, 6] {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut state = fickle::State::new(&config, &mut rng).expect("deal");
        // The last seat: it is sent messages before its first decision.
        let mut bots: [Box<dyn Bot<fickle::State> + '_>; 3] = [
            Box::new(RandomBot),
            Box::new(RandomBot),
            Box::new(Watched(&mut bot, &mut searches)),
        ];
        play_game(&mut state, &mut bots, &mut rng).expect("a whole game");
    }
    assert!(searches.len() > 20, "{} searches", searches.len());
    for (iterations, failed) in searches {
        assert_eq!((iterations, failed), (30, 0), "a sample failed");
    }
}

/// A bot whose every sample fails says so.
#[test]
fn an_ismcts_bot_that_can_draw_no_position_says_so() {
    let config = fickle::Config::new(3).expect("3 players");
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let state = fickle::State::new(&config, &mut rng).expect("deal");
    let player = state.to_act().lowest().expect("someone acts");
    let decision = state.decision(player);
    assert!(decision.legal.len() > 1);
    // Information of a 4-player game, searched with a 3-player config.
    let other = fickle::State::new(&fickle::Config::new(4).expect("4"), &mut rng).expect("deal");
    let info =
        InfoState::<fickle::State>::new(Seat::Player(player), other.view_for(Seat::Player(player)));
    assert!(matches!(
        <fickle::State as Sample>::sample(&config, &info, &mut rng),
        Err(SampleError::Config(_))
    ));
    let mut bot = Ismcts::new(config, 10);
    let result = bot.choose_from(&info, &decision.legal, &mut rng);
    assert!(matches!(result, Err(BotError::Sampling(_))), "{result:?}");
    assert_eq!(bot.last_search().failed, 10);
}
