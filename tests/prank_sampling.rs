//! Prank: positions drawn from a seat's information (`Sample`). The sample
//! must look the same to the seat, keep all it saw, redraw the rest (how the
//! round's items are split between the box and the Fairy's hiding place)
//! uniformly, and refuse information no position gives.

use std::collections::BTreeMap;

use fairy_ring::prank::{
    BoxSound, Config, Event, Item, Items, Memory, Phase, Rules, State, Treasures, Variant, View,
};
use fairy_ring::testing::check_sampling;
use fairy_ring::{Game, InfoState, Player, Sample, SampleError, Seat};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};

fn four_items() -> Treasures {
    Treasures::new(["spoon", "cork", "coin", "button"]).expect("a set")
}

/// Every rule set and box sound, with the printed items and a small set.
fn configs() -> Vec<Config> {
    let mut configs = Vec::new();
    for players in 2..=6 {
        for variant in [Variant::Standard, Variant::Beginner] {
            if players == 2 && variant == Variant::Beginner {
                continue;
            }
            for sound in [BoxSound::ItemCount, BoxSound::Silent] {
                let config = Config::new(players)
                    .expect("2 to 6")
                    .with_variant(variant)
                    .with_box_sound(sound);
                configs.push(config);
                configs.push(config.with_treasures(four_items()));
            }
        }
    }
    configs
}

fn seats(players: usize) -> impl Iterator<Item = Seat> {
    (0..players as u8)
        .map(|p| Seat::Player(Player(p)))
        .chain([Seat::Spectator])
}

/// The contract of `testing::check_sampling` at every player count, for
/// every rule set and box sound, with samples walked 8 moves beside the
/// real position.
#[test]
fn samples_pass_the_contract_at_every_player_count() {
    for players in 2..=6 {
        let mut samples = 0;
        let mut differing = 0;
        let mut walked = 0;
        for (n, config) in configs()
            .into_iter()
            .filter(|c| usize::from(c.players) == players)
            .enumerate()
        {
            let games = if players == 2 { 60 } else { 8 };
            let seed = 1000 * players as u64 + 100 * n as u64;
            let report = check_sampling::<State, ChaCha8Rng>(&config, games, seed, 8)
                .unwrap_or_else(|f| panic!("{players} players, {config:?}: {f}"));
            assert_eq!(report.games, games);
            samples += report.samples;
            differing += report.samples_differing;
            walked += report.walked;
        }
        eprintln!("{players} players: {samples} samples, {differing} differing, {walked} walked");
        // Samples really redraw the hidden split, and are walked.
        assert!(
            differing > samples / 20,
            "{players}: {differing} of {samples}"
        );
        assert!(walked > samples, "{players}: {walked} steps for {samples}");
    }
}

/// What one seat saw during the current round, from the redacted events
/// it received: everything a perfect memory could keep.
#[derive(Default, Debug)]
struct Diary {
    /// Items put in the box in the open.
    selected: Items,
    /// Items put in the box in secret, as told to the seat.
    put_in_secret: Vec<Option<Item>>,
    /// Removals the seat saw.
    removed: Items,
    /// Guesses and the Fairy's answers.
    guesses: Vec<(Item, bool)>,
    /// How many items the box was said to hold when it was closed.
    announced: Option<usize>,
}

impl Diary {
    fn read(&mut self, events: &[Event]) {
        for event in events {
            match *event {
                Event::RoundStarted { .. } => *self = Diary::default(),
                Event::Selected { item, .. } => self.selected.insert(item),
                Event::PutInSecret { item, .. } => self.put_in_secret.push(item),
                Event::Removed { item, .. } => self.removed.insert(item),
                Event::HidingDone { box_count, .. } => self.announced = box_count,
                Event::Guessed { item, right, .. } => self.guesses.push((item, right)),
                _ => {}
            }
        }
    }

    /// The diary's facts hold in `state`.
    fn holds_in(&self, state: &State) {
        let all = state.in_box().union(state.removed());
        assert!(self.selected.is_subset(all), "selected {:?}", self.selected);
        assert!(self.removed.is_subset(state.removed()));
        for &item in self.put_in_secret.iter().flatten() {
            assert!(state.in_box().contains(item));
        }
        for &(item, right) in &self.guesses {
            assert_eq!(state.in_box().contains(item), right, "{item:?}");
        }
        if let Some(count) = self.announced {
            assert_eq!(state.in_box().len(), count);
        }
    }
}

/// The ruling "Prank: a seat remembers nothing its view does not show":
/// `Memory` is empty, because everything a seat saw that bears on the hidden
/// split is in its view all round. Each seat keeps a diary of the redacted
/// events of the round (items put in the box, in the open or in secret,
/// removals it saw, guesses and answers, the count announced at the end of
/// the Hiding phase); at every step of random games the view tells all of
/// it, `remember` keeps the memory empty, and samples drawn from the view
/// alone never contradict the diary.
#[test]
fn the_view_holds_everything_a_seat_saw() {
    assert_eq!(std::mem::size_of::<Memory>(), 0);
    assert_eq!(
        serde_json::to_string(&Memory::default()).expect("json"),
        "{}"
    );
    let mut checked = 0;
    for (n, config) in configs().into_iter().enumerate() {
        let mut rng = ChaCha8Rng::seed_from_u64(n as u64);
        for _game in 0..crate::scale::size(3u64) {
            let mut state = State::new(&config, &mut rng).expect("valid");
            let players = state.num_players();
            let mut infos: Vec<InfoState<State>> = seats(players)
                .map(|seat| InfoState::new(seat, state.view_for(seat)))
                .collect();
            let mut diaries: Vec<Diary> = infos.iter().map(|_| Diary::default()).collect();
            while let Some(player) = state.to_act().lowest() {
                let legal = state.legal_actions(player);
                let action = *fairy_ring::rng::choose(&mut rng, &legal).expect("an action");
                let events = state.apply(player, action, &mut rng).expect("legal");
                for (info, diary) in infos.iter_mut().zip(&mut diaries) {
                    let seat = info.seat;
                    let shown = State::redact_all(&events, seat);
                    diary.read(&shown);
                    info.observe(&shown, state.view_for(seat));
                    assert_eq!(info.memory, Memory::default());
                    view_tells(&info.view, diary, &state);
                    for _ in 0..3 {
                        let sample = info.sample(&config, &mut rng).expect("a sample");
                        diary.holds_in(&sample);
                        assert!(sample.agrees(seat, &info.memory));
                        checked += 1;
                    }
                }
            }
        }
    }
    assert!(checked > 10_000, "{checked}");
}

/// Everything in `diary` can be read from `view`.
fn view_tells(view: &View, diary: &Diary, state: &State) {
    if matches!(view.phase, Phase::Over { .. }) {
        // The box is opened.
        assert_eq!(view.in_box, Some(state.in_box()));
        return;
    }
    match view.rules {
        // Items selected in the open are the tokens in play (in the box
        // itself while the Selection phase lasts).
        Rules::Standard => assert_eq!(diary.selected, view.tokens),
        Rules::Beginner => assert_eq!(diary.selected, Items::EMPTY),
        // The guesser is told how many items were put in; the Fairy knows
        // which.
        Rules::TwoPlayer => {
            assert_eq!(view.box_count, Some(diary.put_in_secret.len()));
            let named: Items = diary.put_in_secret.iter().flatten().copied().collect();
            if let Some(in_box) = view.in_box {
                assert_eq!(named, in_box);
            } else {
                assert_eq!(named, Items::EMPTY);
            }
        }
    }
    // Only the Fairy sees removals, and its view shows them all.
    assert_eq!(diary.removed, view.removed.unwrap_or(Items::EMPTY));
    let right: Items = diary.guesses.iter().filter(|g| g.1).map(|g| g.0).collect();
    let wrong: Items = diary.guesses.iter().filter(|g| !g.1).map(|g| g.0).collect();
    assert_eq!((right, wrong), (view.guessed_right, view.guessed_wrong));
    if let Some(count) = diary.announced {
        assert_eq!(view.box_count, Some(count));
    }
}

/// Player 1 of a 4-player round saw the marble guessed wrong and the die
/// guessed right, and heard three items in the box. The view keeps both
/// answers (the memory is empty and `agrees` holds everywhere), so no sample
/// puts the marble in the box or takes the die out; a position that does
/// shows player 1 another view, so it is not in its information set.
#[test]
fn samples_keep_the_answers_the_seat_heard() {
    let state = State::builder(4)
        .in_box(["die", "rope", "spring"])
        .removed(["marble", "diamond", "eraser"])
        .fairy(Player(0))
        .guessed(["marble", "die"])
        .build()
        .expect("a position");
    let treasures = Treasures::default();
    let die = treasures.parse("die").expect("die");
    let marble = treasures.parse("marble").expect("marble");
    let seat = Seat::Player(Player(1));
    let info = InfoState::<State>::new(seat, state.view_for(seat));
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut splits = BTreeMap::new();
    for _ in 0..2000 {
        let sample = info.sample(state.config(), &mut rng).expect("a sample");
        assert!(sample.in_box().contains(die));
        assert!(!sample.in_box().contains(marble));
        assert_eq!(sample.in_box().len(), 3);
        assert!(sample.agrees(seat, &info.memory));
        *splits.entry(sample.in_box().bits()).or_insert(0) += 1;
    }
    // Two more of the four face-up tokens: six splits, all drawn.
    assert_eq!(splits.len(), 6);
    // The same split with the marble in the box and the die out is another
    // view for player 1.
    let contradicting = State::builder(4)
        .in_box(["marble", "rope", "spring"])
        .removed(["die", "diamond", "eraser"])
        .fairy(Player(0))
        .guessed(["marble", "die"])
        .build()
        .expect("a position");
    assert_ne!(contradicting.view_for(seat), info.view);
    assert!(contradicting.agrees(seat, &Memory::default()));
}

/// Draws `draws` samples from `info` and checks every split is drawn and
/// the counts fit a uniform distribution over `expected` splits: the
/// chi-squared statistic is below `critical`, the 0.1% critical value for
/// `expected - 1` degrees of freedom.
fn uniform(config: &Config, info: &InfoState<State>, expected: usize, critical: f64, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let draws = 500 * expected;
    let mut counts: BTreeMap<(u16, u16), usize> = BTreeMap::new();
    for _ in 0..draws {
        let sample = info.sample(config, &mut rng).expect("a sample");
        assert_eq!(sample.view_for(info.seat), info.view);
        *counts
            .entry((sample.in_box().bits(), sample.removed().bits()))
            .or_insert(0) += 1;
    }
    assert_eq!(counts.len(), expected, "every split is drawn: {counts:?}");
    let mean = draws as f64 / expected as f64;
    let chi2: f64 = counts
        .values()
        .map(|&c| (c as f64 - mean).powi(2) / mean)
        .sum();
    assert!(
        chi2 < critical,
        "chi-squared {chi2} >= {critical}: {counts:?}"
    );
}

/// A guesser's view while the Fairy hides: the four selected items split
/// any way with at least one in the box, 2^4 - 1 = 15 splits.
#[test]
fn hiding_splits_are_uniform() {
    let state = State::builder(3)
        .in_box(["wooden stick", "die"])
        .removed(["marble", "piece of felt"])
        .hiding(Player(1))
        .build()
        .expect("a position");
    let info = InfoState::<State>::new(
        Seat::Player(Player(2)),
        state.view_for(Seat::Player(Player(2))),
    );
    // 14 degrees of freedom: 36.123 at 0.1%.
    uniform(state.config(), &info, 15, 36.123, 1);
    // The spectator is told the same.
    let info = InfoState::<State>::new(Seat::Spectator, state.view_for(Seat::Spectator));
    uniform(state.config(), &info, 15, 36.123, 2);
}

/// A guesser's view with the box count told: six tokens, the die guessed
/// right, three items in the box, so two of the five face-up tokens are
/// in the box: C(5, 2) = 10 splits.
#[test]
fn counted_guessing_splits_are_uniform() {
    let state = State::builder(5)
        .in_box(["die", "rope", "spring"])
        .removed(["marble", "diamond", "eraser"])
        .fairy(Player(3))
        .guessed(["die"])
        .build()
        .expect("a position");
    let seat = Seat::Player(Player(0));
    let info = InfoState::<State>::new(seat, state.view_for(seat));
    // 9 degrees of freedom: 27.877 at 0.1%.
    uniform(state.config(), &info, 10, 27.877, 3);
}

/// A silent box: the die guessed right, the marble wrong, four face-up
/// tokens split with at least one on each side: 2^4 - 2 = 14 splits.
#[test]
fn silent_guessing_splits_are_uniform() {
    let config = Config::new(4).expect("4").with_box_sound(BoxSound::Silent);
    let state = fairy_ring::prank::PositionBuilder::new(config)
        .in_box(["die", "rope", "spring"])
        .removed(["marble", "diamond", "eraser"])
        .fairy(Player(2))
        .guessed(["die", "marble"])
        .build()
        .expect("a position");
    let seat = Seat::Player(Player(1));
    let info = InfoState::<State>::new(seat, state.view_for(seat));
    assert_eq!(info.view.box_count, None);
    // 13 degrees of freedom: 34.528 at 0.1%.
    uniform(&config, &info, 14, 34.528, 4);
}

/// 2 players, round 2: the Fairy put three of the ten items in the box in
/// secret and the guesser found one, so two of the nine others are in the
/// box: C(9, 2) = 36 choices.
#[test]
fn secret_two_player_boxes_are_uniform() {
    let state = State::builder(2)
        .round(2)
        .in_box(["die", "rope", "spring"])
        .guessed(["rope"])
        .build()
        .expect("a position");
    assert_eq!(state.phase(), Phase::Guessing { fairy: Player(0) });
    let seat = Seat::Player(Player(1));
    let info = InfoState::<State>::new(seat, state.view_for(seat));
    // 35 degrees of freedom: 66.619 at 0.1%.
    uniform(state.config(), &info, 36, 66.619, 5);
}

fn guessing_view() -> (Config, State, InfoState<State>) {
    let state = State::builder(4)
        .in_box(["die", "rope", "spring"])
        .removed(["marble", "diamond", "eraser"])
        .fairy(Player(0))
        .guessed(["marble", "die"])
        .build()
        .expect("a position");
    let seat = Seat::Player(Player(1));
    let info = InfoState::<State>::new(seat, state.view_for(seat));
    (*state.config(), state, info)
}

#[track_caller]
fn refused(config: &Config, info: &InfoState<State>) -> SampleError {
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    info.sample(config, &mut rng)
        .expect_err("no position gives this information")
}

/// Edited views and views of another config are errors, not panics.
#[test]
fn information_no_position_gives_is_refused() {
    let (config, state, info) = guessing_view();
    let mut rng = ChaCha8Rng::seed_from_u64(0);
    assert!(info.sample(&config, &mut rng).is_ok());

    // Another config: player count, variant, item set, box sound.
    let config_error = |e| matches!(e, SampleError::Config(_));
    assert!(config_error(refused(&Config::new(5).expect("5"), &info)));
    let beginner = config.with_variant(Variant::Beginner);
    assert!(config_error(refused(&beginner, &info)));
    assert!(config_error(refused(
        &config.with_treasures(four_items()),
        &info
    )));
    let silent = config.with_box_sound(BoxSound::Silent);
    assert!(matches!(
        refused(&silent, &info),
        SampleError::Impossible(_)
    ));
    let mut unplayable = config;
    unplayable.players = 9;
    assert!(config_error(refused(&unplayable, &info)));

    // A seat not at the table, or another seat's view.
    let mut outsider = info.clone();
    outsider.seat = Seat::Player(Player(4));
    assert!(config_error(refused(&config, &outsider)));
    let mut other = info.clone();
    other.seat = Seat::Player(Player(2));
    assert!(config_error(refused(&config, &other)));
    let mut fairy_seat = info.clone();
    fairy_seat.seat = Seat::Player(Player(0));
    fairy_seat.view.seat = Seat::Player(Player(0));
    assert!(matches!(
        refused(&config, &fairy_seat),
        SampleError::Impossible(_)
    ));

    // Wrong counts: too many or too few in the box, a count in a phase
    // that hides it.
    for count in [0, 1, 5, 6, 100, usize::MAX] {
        let mut edited = info.clone();
        edited.view.box_count = Some(count);
        assert!(matches!(
            refused(&config, &edited),
            SampleError::Impossible(_)
        ));
    }
    let mut uncounted = info.clone();
    uncounted.view.box_count = None;
    assert!(matches!(
        refused(&config, &uncounted),
        SampleError::Impossible(_)
    ));

    // A token twice: guessed right and wrong, or face down twice.
    let die = Item(1);
    let mut twice = info.clone();
    twice.view.guessed_wrong.insert(die);
    assert!(matches!(
        refused(&config, &twice),
        SampleError::Impossible(_)
    ));
    // A token not in play, an item outside the set.
    let mut outside = info.clone();
    outside.view.guessed_right.insert(Item(12));
    refused(&config, &outside);
    let mut not_in_play = info.clone();
    not_in_play.view.tokens.remove(die);
    refused(&config, &not_in_play);

    // Half of the box shown, a box shown to a guesser, a sheet missing, a
    // player to act the position does not have.
    let mut half = info.clone();
    half.view.in_box = Some(state.in_box());
    refused(&config, &half);
    let mut shown = info.clone();
    shown.view.in_box = Some(state.in_box());
    shown.view.removed = Some(state.removed());
    refused(&config, &shown);
    let mut sheetless = info.clone();
    sheetless.view.sheets.pop();
    assert!(config_error(refused(&config, &sheetless)));
    let mut wrong_actor = info.clone();
    wrong_actor.view.to_act = Some(Player(1));
    refused(&config, &wrong_actor);
    let mut early = info.clone();
    early.view.phase = Phase::Hiding { fairy: Player(0) };
    refused(&config, &early);
    let mut two_fairies = info.clone();
    two_fairies.view.phase = Phase::Guessing { fairy: Player(7) };
    refused(&config, &two_fairies);
}

/// Random edits of real views through serde JSON: a number changed, an
/// entry dropped or doubled. Sampling never panics, and whatever it accepts
/// it reproduces exactly.
#[test]
fn random_edits_of_views_never_panic() {
    let mut rng = ChaCha8Rng::seed_from_u64(12);
    let mut accepted = 0;
    let mut refused = 0;
    for config in configs() {
        let mut state = State::new(&config, &mut rng).expect("valid");
        let players = state.num_players();
        while let Some(player) = state.to_act().lowest() {
            let legal = state.legal_actions(player);
            let action = *fairy_ring::rng::choose(&mut rng, &legal).expect("an action");
            state.apply(player, action, &mut rng).expect("legal");
            if fairy_ring::rng::below(&mut rng, 2) != 0 {
                continue;
            }
            for seat in seats(players) {
                let view = state.view_for(seat);
                let mut json = serde_json::to_value(&view).expect("json");
                for _ in 0..=fairy_ring::rng::below(&mut rng, 3) {
                    edit(&mut json, &mut rng);
                }
                let Ok(edited) = serde_json::from_value::<View>(json) else {
                    continue;
                };
                let info = InfoState::<State>::new(seat, edited);
                match info.sample(&config, &mut rng) {
                    Ok(sample) => {
                        assert_eq!(sample.view_for(seat), info.view);
                        accepted += 1;
                    }
                    Err(_) => refused += 1,
                }
            }
        }
    }
    assert!(accepted > 100 && refused > 500, "{accepted} / {refused}");
}

/// Changes one part of `json` at random: a number to a nearby or extreme
/// value, an array entry dropped or doubled, `null` for an option, an option
/// filled in.
fn edit(json: &mut serde_json::Value, rng: &mut ChaCha8Rng) {
    use serde_json::Value;
    // A path from the root, one step at a time, read first.
    let mut path = String::new();
    let mut at: &Value = json;
    loop {
        let step = match at {
            Value::Object(map) if !map.is_empty() => {
                let i = rng.next_u32() as usize % map.len();
                map.iter().nth(i).map(|(k, v)| (k.clone(), v))
            }
            Value::Array(list) if !list.is_empty() => {
                let i = rng.next_u32() as usize % list.len();
                list.get(i).map(|v| (i.to_string(), v))
            }
            _ => None,
        };
        // Keep the item names: a view of another set is tested above.
        match step {
            Some((key, _)) if key == "treasures" => return,
            Some((key, inner)) if fairy_ring::rng::below(rng, 5) != 0 => {
                path.push('/');
                path.push_str(&key);
                at = inner;
            }
            _ => break,
        }
    }
    let Some(at) = json.pointer_mut(&path) else {
        return;
    };
    *at = match at.take() {
        Value::Number(n) => {
            let n = n.as_i64().unwrap_or(0);
            let by = [-1, 1, 2, -2, 1 << 15, -(1 << 15)][rng.next_u32() as usize % 6];
            Value::from(n.wrapping_add(by))
        }
        Value::Array(mut list) => {
            if list.is_empty() || fairy_ring::rng::below(rng, 2) == 0 {
                list.push(list.first().cloned().unwrap_or(Value::from(0)));
            } else {
                list.pop();
            }
            Value::Array(list)
        }
        Value::Null => Value::from(rng.next_u32() % 8),
        _ => Value::Null,
    };
}
