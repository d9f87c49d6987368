//! The bots and the table: searches are reproducible and play legal moves,
//! the table reports broken bots, and a search beats random play.

use fairy_ring::bots::{Cheater, Ismcts, RandomBot, TableError, play_game};
use fairy_ring::{
    Bot, BotError, Decision, Game, InfoState, Message, Player, Seat, fairy, fayre, prank, season,
};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

/// A bot that ends a phase that is not on.
struct Rogue;

impl Bot<prank::State> for Rogue {
    fn choose(
        &mut self,
        _: &Decision<prank::State>,
        _: &mut dyn Rng,
    ) -> Result<prank::Action, BotError> {
        Ok(prank::Action::DoneHiding)
    }
}

/// A bot that never answers.
struct Silent;

impl<G: Game> Bot<G> for Silent {
    fn choose(&mut self, _: &Decision<G>, _: &mut dyn Rng) -> Result<G::Action, BotError> {
        Err(BotError::NoChoice)
    }
}

#[test]
fn a_table_of_random_bots_plays_to_the_end() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut state = prank::State::new(&prank::Config::new(3).unwrap(), &mut rng).unwrap();
    let outcome = play_game(&mut state, &mut [RandomBot; 3], &mut rng).unwrap();
    assert_eq!(state.outcome(), Some(outcome));
}

#[test]
fn the_table_names_the_seat_without_a_bot_or_a_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let config = fairy::Config::new(3).unwrap();
    let mut state = fairy::State::new(&config, &mut rng).unwrap();
    let missing = play_game(&mut state, &mut [RandomBot; 2], &mut rng);
    assert!(
        matches!(missing, Err(TableError::NoBot { player: Player(2) })),
        "{missing:?}"
    );
    let mut state = fairy::State::new(&config, &mut rng).unwrap();
    let silent = play_game(&mut state, &mut [Silent, Silent, Silent], &mut rng);
    assert!(
        matches!(
            silent,
            Err(TableError::NoChoice {
                player: Player(0),
                error: BotError::NoChoice
            })
        ),
        "{silent:?}"
    );
}

#[test]
fn the_table_reports_a_refused_move_and_leaves_the_game_as_it_was() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    let mut state = prank::State::new(&prank::Config::new(3).unwrap(), &mut rng).unwrap();
    let before = state;
    let result = play_game(&mut state, &mut [Rogue, Rogue, Rogue], &mut rng);
    assert!(
        matches!(
            result,
            Err(TableError::Refused {
                player: Player(0),
                ..
            })
        ),
        "{result:?}"
    );
    assert_eq!(state, before);
}

#[test]
fn a_cheater_search_is_reproducible_from_its_seed_and_plays_legal_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let state = prank::State::new(&prank::Config::new(3).unwrap(), &mut rng).unwrap();
    let player = state.to_act().lowest().unwrap();
    let pick = |seed| {
        let mut cheater = Cheater::new(200);
        let action = cheater.choose_in(&state, player, &mut ChaCha8Rng::seed_from_u64(seed));
        (action, cheater.last_search())
    };
    let (a, stats) = pick(3);
    assert_eq!(pick(3), (a, stats));
    assert!(a.is_some_and(|a| state.legal_actions(player).contains(&a)));
    assert_eq!(stats.iterations, 200);
    assert_eq!(stats.failed, 0);
    assert!(stats.nodes > 1 && stats.best_visits > 0, "{stats:?}");
}

/// Plays `games` 3-player Prank games, a cheater with `iterations` in seat
/// `g % 3` of game `g`, and returns its wins (ties split).
fn cheater_wins(games: u64, iterations: u32) -> f64 {
    let config = prank::Config::new(3).unwrap();
    let mut wins = 0.0;
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(100 + g);
        let mut state = prank::State::new(&config, &mut rng).unwrap();
        let me = Player((g % 3) as u8);
        let mut cheater = Cheater::new(iterations);
        while let Some(player) = state.to_act().lowest() {
            let action = if player == me {
                cheater.choose_in(&state, player, &mut rng).unwrap()
            } else {
                RandomBot.choose(&state.decision(player), &mut rng).unwrap()
            };
            state.apply(player, action, &mut rng).unwrap();
        }
        let winners = state.outcome().unwrap().winners();
        if winners.contains(me) {
            wins += 1.0 / winners.len() as f64;
        }
    }
    wins
}

#[test]
fn a_search_that_sees_everything_beats_random_play() {
    // The fair share is a third: 40 games with a share under a half would
    // be very unlikely for a working search (and a search that picks at
    // random wins about a third).
    let wins = cheater_wins(40, 150);
    assert!(wins >= 20.0, "the cheater won {wins} of 40");
}

#[test]
fn an_ismcts_decision_is_reproducible_from_its_seed_and_legal() {
    let config = fayre::Config::new(3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(6);
    let mut state = fayre::State::new(&config, &mut rng).unwrap();
    for _ in 0..12 {
        let player = state.to_act().lowest().unwrap();
        let action = RandomBot.choose(&state.decision(player), &mut rng).unwrap();
        state.apply(player, action, &mut rng).unwrap();
    }
    let player = state.to_act().lowest().unwrap();
    let decision = state.decision(player);
    let pick = |seed| {
        let mut bot = Ismcts::new(config, 150);
        let action = bot.choose(&decision, &mut ChaCha8Rng::seed_from_u64(seed));
        (action, bot.last_search())
    };
    let (action, stats) = pick(8);
    assert_eq!(pick(8), (action, stats));
    assert!(action.is_ok_and(|a| decision.legal.contains(&a)));
    assert_eq!((stats.iterations, stats.failed), (150, 0), "{stats:?}");
    assert!(stats.nodes > 1, "{stats:?}");
}

#[test]
fn the_table_keeps_an_ismcts_bot_informed() {
    // The bot's information after a game equals one kept beside it from
    // the same messages.
    let config = season::Config::new(3).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut state = season::State::new(&config, &mut rng).unwrap();
    let mut ismcts = Ismcts::new(config, 20);
    let mut shadow: Option<InfoState<season::State>> = None;
    struct Watched<'a> {
        bot: &'a mut Ismcts<season::State>,
        shadow: &'a mut Option<InfoState<season::State>>,
    }
    impl Bot<season::State> for Watched<'_> {
        fn choose(
            &mut self,
            decision: &Decision<season::State>,
            rng: &mut dyn Rng,
        ) -> Result<season::Action, BotError> {
            self.bot.choose(decision, rng)
        }
        fn start(&mut self, opening: &Message<season::State>) {
            self.bot.start(opening);
            *self.shadow = Some(InfoState::new(opening.seat, opening.view.clone()));
        }
        fn observe(&mut self, message: &Message<season::State>) {
            self.bot.observe(message);
            if let Some(info) = self.shadow.as_mut() {
                info.receive(message).expect("a message of its own seat");
            }
        }
    }
    let mut bots: [Box<dyn Bot<season::State> + '_>; 3] = [
        Box::new(Watched {
            bot: &mut ismcts,
            shadow: &mut shadow,
        }),
        Box::new(RandomBot),
        Box::new(RandomBot),
    ];
    play_game(&mut state, &mut bots, &mut rng).unwrap();
    drop(bots);
    let shadow = shadow.expect("the table showed the bot its first view");
    assert_eq!(ismcts.info(), Some(&shadow));
    assert_eq!(shadow.view, state.view_for(Seat::Player(Player(0))));
}

/// Plays `games` 3-player games of `G`, an `Ismcts` with `iterations` in
/// seat `g % 3` of game `g` against random bots, and returns its wins
/// (ties split).
fn ismcts_wins<G: fairy_ring::Sample>(config: &G::Config, games: u64, iterations: u32) -> f64 {
    let mut wins = 0.0;
    for g in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(300 + g);
        let mut state = G::new(config, &mut rng).unwrap();
        let me = (g % 3) as usize;
        let mut bots: Vec<Box<dyn Bot<G>>> = (0..3)
            .map(|seat| -> Box<dyn Bot<G>> {
                if seat == me {
                    Box::new(Ismcts::new(config.clone(), iterations))
                } else {
                    Box::new(RandomBot)
                }
            })
            .collect();
        let outcome = play_game(&mut state, &mut bots, &mut rng).unwrap();
        let winners = outcome.winners();
        if winners.contains(Player(me as u8)) {
            wins += 1.0 / winners.len() as f64;
        }
    }
    wins
}

#[test]
fn an_information_set_search_beats_random_play() {
    // A third is the fair share: a working search wins far more (the
    // tournament example measures it over hundreds of games).
    let prank = ismcts_wins::<prank::State>(&prank::Config::new(3).unwrap(), 30, 100);
    assert!(prank >= 18.0, "Prank: the search won {prank} of 30");
    let fairy = ismcts_wins::<fairy::State>(&fairy::Config::new(3).unwrap(), 30, 100);
    assert!(fairy >= 15.0, "Fairy: the search won {fairy} of 30");
}
