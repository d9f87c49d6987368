//! The position oracle (`testing::check_position`, `RulebookPosition`):
//! every position reached by listed moves keeps the rulebook's invariants,
//! and a position the engine's validator refuses, made by editing a reached
//! position's `Setup` (as the `<game>_setup` fuzz targets do), is refused by
//! the rulebook's invariants too, for each kind of refusal. The second half
//! is what makes a check dropped from a validator show: the position it let
//! through is one the rulebook refuses.

use std::collections::BTreeMap;

use arbitrary::{Arbitrary, Unstructured};
use fairy_ring::testing::{RulebookPosition, check_position};
use fairy_ring::{Game, fairy, fayre, fickle, prank, season};
use rand_chacha::ChaCha8Rng;
use rand_core::{Rng, SeedableRng};
use serde::Serialize;
use serde::de::DeserializeOwned;

/// Configs of every table size the game seats, and a few with arbitrary
/// (custom) card data.
fn configs<G>(new: fn(usize) -> Option<G::Config>, arbitrary: usize) -> Vec<G::Config>
where
    G: Game,
    for<'a> G::Config: Arbitrary<'a>,
{
    let mut configs: Vec<G::Config> = (1..=10).filter_map(new).collect();
    let mut rng = ChaCha8Rng::seed_from_u64(20);
    let mut made = 0;
    for _ in 0..arbitrary * 20 {
        if made == arbitrary {
            break;
        }
        let mut bytes = [0u8; 512];
        rng.fill_bytes(&mut bytes);
        if let Ok(config) = G::Config::arbitrary(&mut Unstructured::new(&bytes)) {
            configs.push(config);
            made += 1;
        }
    }
    configs
}

/// Plays `games` random games of each config, checking every position with
/// the oracle, and returns some of the positions reached (every `every`th).
fn reached<G: RulebookPosition>(configs: &[G::Config], games: u64, every: usize) -> Vec<G::Setup> {
    let mut kept = Vec::new();
    for (c, config) in configs.iter().enumerate() {
        for game in 0..games {
            let mut rng = ChaCha8Rng::seed_from_u64(game * 1000 + c as u64);
            let Ok(mut state) = G::new(config, &mut rng) else {
                continue;
            };
            let mut step = 0;
            loop {
                if let Err(reason) = check_position(&state) {
                    panic!(
                        "{}: config {c}, game {game}, move {step}: a reached position breaks \
                         a rule: {reason}\n{:?}",
                        G::NAME,
                        state.to_setup()
                    );
                }
                if step % every == 0 {
                    kept.push(state.to_setup());
                }
                let Some(player) = state.to_act().lowest() else {
                    break;
                };
                let legal = state.legal_actions(player);
                let action = legal[below(&mut rng, legal.len())];
                state
                    .apply(player, action, &mut rng)
                    .expect("a listed action");
                step += 1;
            }
        }
    }
    kept
}

/// A number below `n` (0 for 0).
fn below(rng: &mut ChaCha8Rng, n: usize) -> usize {
    (rng.next_u64() % n.max(1) as u64) as usize
}

/// The name of a refusal's kind (its variant).
fn kind<E: std::fmt::Debug>(error: &E) -> String {
    format!("{error:?}")
        .chars()
        .take_while(|c| c.is_alphanumeric() || *c == '_')
        .collect()
}

/// For positions from `setups` with a few JSON leaves edited: per kind of
/// refusal, how many the engine refused and how many of those the rulebook's
/// invariants let through (with one example).
fn edits<G>(setups: &[G::Setup], per: usize) -> BTreeMap<String, (u32, u32, String)>
where
    G: RulebookPosition,
    G::Setup: Serialize + DeserializeOwned,
{
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut table: BTreeMap<String, (u32, u32, String)> = BTreeMap::new();
    for setup in setups {
        for _ in 0..per {
            let Some(edited) = edit(setup, &mut rng) else {
                continue;
            };
            let Err(error) = G::from_setup(edited.clone()) else {
                continue;
            };
            let entry = table.entry(kind(&error)).or_default();
            entry.0 += 1;
            if G::rulebook_position(&edited).is_ok() {
                entry.1 += 1;
                if entry.2.is_empty() {
                    entry.2 = format!("{error}: {edited:?}").chars().take(600).collect();
                }
            }
        }
    }
    table
}

/// `setup` edited as the `<game>_setup` fuzz targets edit a reached
/// position's `Setup` (one to three JSON leaves nudged, replaced, copied,
/// swapped, dropped, repeated or moved), driven by bytes from `rng`.
fn edit<T: Serialize + DeserializeOwned>(setup: &T, rng: &mut ChaCha8Rng) -> Option<T> {
    let bytes: Vec<u8> = (0..64).map(|_| rng.next_u32().to_le_bytes()[0]).collect();
    crate::fuzz_regressions::targets::edit_json(setup, &mut Unstructured::new(&bytes))
}

/// Reached positions pass, and every kind of refusal the edits make is
/// refused by the rulebook's invariants, but for the kinds in `left` (which
/// the rulebook's invariants cannot see from a `Setup`, each said why).
fn agree<G>(configs: &[G::Config], games: u64, every: usize, per: usize, left: &[&str])
where
    G: RulebookPosition,
    G::Setup: Serialize + DeserializeOwned,
{
    let setups = reached::<G>(configs, games, every);
    let table = edits::<G>(&setups, per);
    let mut missed = Vec::new();
    for (kind, (refused, through, example)) in &table {
        eprintln!(
            "{}: {kind}: engine refused {refused}, rulebook let through {through}",
            G::NAME
        );
        if *through > 0 && !left.contains(&kind.as_str()) {
            missed.push(format!("{kind} ({through} of {refused}), e.g. {example}"));
        }
    }
    assert!(
        missed.is_empty(),
        "{}: refusals the rulebook's invariants let through:\n{}",
        G::NAME,
        missed.join("\n")
    );
}

#[test]
fn fairy_reached_positions_pass_and_refusals_agree() {
    let configs = configs::<fairy::State>(|n| fairy::Config::new(n).ok(), 8);
    agree::<fairy::State>(&configs, 4, 3, 6, &[]);
}

#[test]
fn fickle_reached_positions_pass_and_refusals_agree() {
    let configs = configs::<fickle::State>(|n| fickle::Config::new(n).ok(), 4);
    // Left to other checks: `Config` is the card data's own validation
    // (`Config::validate`), not a rule of positions; of the Power being
    // resolved (`Source`, `NotOwner`, `Decision`) only where its card lies
    // is restated, not every step of every Power.
    agree::<fickle::State>(
        &configs,
        8,
        5,
        6,
        &["Config", "Source", "NotOwner", "Decision"],
    );
}

#[test]
fn prank_reached_positions_pass_and_refusals_agree() {
    let mut configs = configs::<prank::State>(|n| prank::Config::new(n).ok(), 6);
    configs.extend((3..=6).filter_map(|n| {
        Some(
            prank::Config::new(n)
                .ok()?
                .with_variant(prank::Variant::Beginner),
        )
    }));
    // Left to other checks: `Config` is the config's own validation.
    agree::<prank::State>(&configs, 4, 2, 6, &["Config"]);
}

#[test]
fn season_reached_positions_pass_and_refusals_agree() {
    let configs = configs::<season::State>(|n| season::Config::new(n).ok(), 4);
    // Left to other checks: `CardData` is the card data's own validation;
    // `WrongWinners` after the scoring is the outcome oracle's; `Stuck` is
    // checked by `check_position` on an accepted state.
    agree::<season::State>(&configs, 2, 5, 6, &["CardData", "WrongWinners", "Stuck"]);
}

#[test]
fn fayre_reached_positions_pass_and_refusals_agree() {
    let configs = configs::<fayre::State>(|n| fayre::Config::new(n).ok(), 4);
    // Left to other checks: `Config` is the config's own validation.
    agree::<fayre::State>(&configs, 2, 5, 6, &["Config"]);
}

/// `setup` is refused by the engine with `expected` and by the rulebook's
/// invariants.
fn refused_by_both<G: RulebookPosition>(setup: G::Setup, expected: &str) {
    let rules = G::rulebook_position(&setup);
    assert!(
        rules.is_err(),
        "{}: the rulebook accepts a {expected} position",
        G::NAME
    );
    match G::from_setup(setup.clone()) {
        Ok(state) => panic!(
            "{}: the validator accepted a {expected} position; the position oracle says: {:?}",
            G::NAME,
            check_position(&state)
        ),
        Err(e) => assert_eq!(kind(&e), expected, "{}: {setup:?}", G::NAME),
    }
}

/// A game played with random listed moves until `stop` holds or it ends.
fn played<G: Game>(config: &G::Config, seed: u64, stop: impl Fn(&G) -> bool) -> G {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut state = G::new(config, &mut rng).expect("a valid config");
    while !stop(&state) {
        let Some(player) = state.to_act().lowest() else {
            break;
        };
        let legal = state.legal_actions(player);
        let action = legal[below(&mut rng, legal.len())];
        state
            .apply(player, action, &mut rng)
            .expect("a listed action");
    }
    state
}

#[test]
fn fairy_refusals_the_edits_seldom_make() {
    let config = fairy::Config::new(3).unwrap();
    let fresh = played::<fairy::State>(&config, 1, |_| true).to_setup();
    let over = played::<fairy::State>(&config, 1, |_| false).to_setup();
    // A guess from a player who does not guess this turn: the game is over.
    let mut setup = over.clone();
    setup.guesses[0] = Some(fairy::Guess::Higher);
    refused_by_both::<fairy::State>(setup, "GuessOutOfTurn");
    // Every guess in, the card not flipped.
    let mut setup = fresh.clone();
    setup
        .guesses
        .iter_mut()
        .for_each(|g| *g = Some(fairy::Guess::Catch));
    refused_by_both::<fairy::State>(setup, "TurnNotRevealed");
    // No face-up card.
    let mut setup = fresh.clone();
    let pile: Vec<_> = setup.discard_pile.drain(..).collect();
    setup.draw_pile.extend(pile);
    refused_by_both::<fairy::State>(setup, "EmptyPile");
    // A card lost.
    let mut setup = fresh.clone();
    setup.draw_pile.pop();
    refused_by_both::<fairy::State>(setup, "MissingCard");
    // The play-off that is not of the tied leaders.
    let mut setup = fresh.clone();
    setup.scores[0] = 3;
    setup.stage = fairy::Stage::PlayOff(
        [fairy_ring::Player(0), fairy_ring::Player(1)]
            .into_iter()
            .collect(),
    );
    refused_by_both::<fairy::State>(setup, "PlayOffNotTied");
}

#[test]
fn fickle_refusals_the_edits_seldom_make() {
    let config = fickle::Config::new(4).unwrap();
    // A Fairy kept from another player's stack: Fairy Selection positions
    // where two players have kept theirs, the kept Fairies swapped.
    let mut found = false;
    for seed in 0..200 {
        let state = played::<fickle::State>(&config, seed, |s: &fickle::State| {
            let setup = s.to_setup();
            matches!(setup.phase, fickle::Phase::Selection)
                && setup.areas.iter().filter(|a| a.chosen.is_some()).count() >= 2
        });
        let mut setup = state.to_setup();
        let kept: Vec<usize> = (0..setup.areas.len())
            .filter(|&i| setup.areas[i].chosen.is_some())
            .collect();
        let [a, b, ..] = kept[..] else { continue };
        if !matches!(setup.phase, fickle::Phase::Selection) {
            continue;
        }
        let (x, y) = (setup.areas[a].chosen, setup.areas[b].chosen);
        setup.areas[a].chosen = y;
        setup.areas[b].chosen = x;
        refused_by_both::<fickle::State>(setup, "KeptNotInStack");
        found = true;
        break;
    }
    assert!(found, "no Selection position with two kept Fairies");
    // A card lost, and the last card of a stack not kept (Rule C).
    let fresh = played::<fickle::State>(&config, 1, |_| true).to_setup();
    let mut setup = fresh;
    setup.deck.pop();
    refused_by_both::<fickle::State>(setup, "MissingCard");
    // The stack's next-to-last card dismissed, the last one not kept.
    let waiting_two =
        |a: &fickle::Area| a.chosen.is_none() && a.lineup.len() == a.cursor as usize + 2;
    for seed in 0..200 {
        let state = played::<fickle::State>(&config, seed, |s: &fickle::State| {
            let setup = s.to_setup();
            matches!(setup.phase, fickle::Phase::Selection) && setup.areas.iter().any(&waiting_two)
        });
        let mut setup = state.to_setup();
        if !matches!(setup.phase, fickle::Phase::Selection) {
            continue;
        }
        let Some(area) = setup.areas.iter_mut().find(|a| waiting_two(a)) else {
            continue;
        };
        let top = area.lineup[area.cursor as usize];
        area.cursor += 1;
        area.pending = None;
        setup.dismiss.push(top).unwrap();
        refused_by_both::<fickle::State>(setup, "LastCard");
        return;
    }
    panic!("no Selection position with two cards waiting");
}

#[test]
fn prank_refusals_the_edits_seldom_make() {
    use prank::{Items, Phase};
    let config = prank::Config::new(4).unwrap();
    let hiding = played::<prank::State>(&config, 3, |s: &prank::State| {
        matches!(s.to_setup().phase, Phase::Hiding { .. })
    })
    .to_setup();
    assert!(matches!(hiding.phase, Phase::Hiding { .. }));
    let guessing = played::<prank::State>(&config, 3, |s: &prank::State| {
        matches!(s.to_setup().phase, Phase::Guessing { .. })
    })
    .to_setup();
    assert!(matches!(guessing.phase, Phase::Guessing { .. }));
    let first = |items: Items| Items::from_bits(1 << items.iter().next().unwrap().index());
    // A removed item still in the box.
    let mut setup = guessing.clone();
    setup.in_box = setup.in_box.union(first(setup.removed));
    refused_by_both::<prank::State>(setup, "ItemInTwoPlaces");
    // Items removed during the Selection phase.
    let mut setup = played::<prank::State>(&config, 3, |_| true).to_setup();
    setup.removed = Items::from_bits(1);
    refused_by_both::<prank::State>(setup, "RemovedTooEarly");
    // A token flipped before the Guessing phase.
    let mut setup = hiding.clone();
    setup.guessed_right = first(setup.in_box);
    refused_by_both::<prank::State>(setup, "GuessedTooEarly");
    // Guessing with nothing removed.
    let mut setup = guessing.clone();
    setup.in_box = setup.in_box.union(setup.removed);
    setup.removed = Items::from_bits(0);
    refused_by_both::<prank::State>(setup, "NothingRemoved");
    // Every item in the box found, the phase going on.
    let mut setup = guessing.clone();
    setup.guessed_right = setup.in_box;
    refused_by_both::<prank::State>(setup, "GuessingFinished");
    // Two items selected.
    let mut setup = hiding.clone();
    setup.in_box = first(setup.in_box);
    setup.removed = Items::from_bits(0);
    setup.phase = Phase::Hiding {
        fairy: fairy_ring::Player(0),
    };
    let two = first(setup.config.treasures.all().difference(setup.in_box));
    setup.removed = two;
    refused_by_both::<prank::State>(setup, "TooFewSelected");
}

#[test]
fn season_refusals_the_edits_seldom_make() {
    use fairy_ring::{Player, PlayerSet};
    use season::Phase;
    let config = season::Config::new(4).unwrap();
    let fresh = played::<season::State>(&config, 5, |_| true).to_setup();
    let lying = played::<season::State>(&config, 5, |s: &season::State| {
        let setup = s.to_setup();
        setup.swarm.len() >= 2 && matches!(setup.phase, Phase::Turn { .. })
    })
    .to_setup();
    let Phase::Turn { player: next } = lying.phase else {
        panic!("no Swarm reached")
    };
    let last = lying.last_played.unwrap();
    // A card in two hands (and so missing where it was).
    let mut setup = fresh.clone();
    setup.hands[1][0] = setup.hands[0][0];
    refused_by_both::<season::State>(setup, "DuplicateCard");
    let mut setup = fresh.clone();
    setup.deck.pop();
    refused_by_both::<season::State>(setup, "MissingCard");
    // Nobody played onto a lying Swarm.
    let mut setup = lying.clone();
    setup.last_played = None;
    refused_by_both::<season::State>(setup, "LastPlayed");
    // Steal nothing.
    let mut setup = lying.clone();
    setup.phase = Phase::Stealing {
        player: last,
        count: 0,
    };
    refused_by_both::<season::State>(setup, "Amount");
    // The flunker asked in the Royal window.
    let mut setup = lying.clone();
    setup.phase = Phase::RoyalWindow {
        flunker: next,
        asked: next,
    };
    refused_by_both::<season::State>(setup, "FlunkerAsked");
    // A card resolved by another than its player.
    let mut setup = lying.clone();
    setup.phase = Phase::Robbing { player: next };
    refused_by_both::<season::State>(setup, "NotLastPlayed");
    // The turn of the player who just played.
    let mut setup = lying.clone();
    setup.phase = Phase::Turn { player: last };
    refused_by_both::<season::State>(setup, "OutOfTurn");
    // Over with cards in the deck, or with a Swarm lying.
    let mut setup = fresh.clone();
    setup.phase = Phase::Over {
        winners: PlayerSet::only(Player(0)),
    };
    refused_by_both::<season::State>(setup, "DeckNotEmpty");
    let mut setup = lying.clone();
    let deck: Vec<_> = setup.deck.drain(..).collect();
    setup.hands[0].extend(deck);
    setup.phase = Phase::Over {
        winners: PlayerSet::only(Player(0)),
    };
    refused_by_both::<season::State>(setup, "SwarmNotWon");
    // All four Royals in one Stash, the game going on.
    let mut setup = fresh.clone();
    let royals: Vec<_> = season::Card::all().filter(|c| c.is_royal()).collect();
    for pile in setup
        .hands
        .iter_mut()
        .chain(setup.stashes.iter_mut())
        .chain([&mut setup.deck])
    {
        pile.retain(|c| !c.is_royal());
    }
    setup.stashes[2].extend(royals);
    refused_by_both::<season::State>(setup, "RoyalWinMissed");
}

#[test]
fn fayre_refusals_the_edits_seldom_make() {
    let config = fayre::Config::new(3).unwrap();
    let fresh = played::<fayre::State>(&config, 2, |_| true).to_setup();
    // A fourth card in a hand, nobody discarding.
    let mut setup = fresh.clone();
    while setup.hands[0].len() < 4 {
        let card = setup.mischief_deck.pop().unwrap();
        setup.hands[0].push(card);
    }
    refused_by_both::<fayre::State>(setup.clone(), "HandOverLimit");
    // Discarding with three cards.
    let card = setup.hands[0].pop().unwrap();
    setup.mischief_deck.push(card);
    setup.phase = fayre::Phase::Discard {
        player: fairy_ring::Player(0),
    };
    refused_by_both::<fayre::State>(setup, "NothingToDiscard");
    // A table position empty with Mini Games left to turn up.
    let mut setup = fresh.clone();
    let game = setup.booths[1].take().unwrap().game;
    setup.finished.push(game);
    refused_by_both::<fayre::State>(setup, "EmptyTablePosition");
}
