//! The position oracle's invariants for Fickle, from the rulebook's
//! "Components", "Setup", "Gameplay" (Start Round, Fairy Lineup, Fairy
//! Selection with Rules A to C, Fairy Powers), "Power Types" and "Score",
//! and the rulings on the Dismiss pile, Blinded/Psychic/Reduced and Delayed
//! cards in round 5.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::card::Card;
use super::config::{Direction, ROUNDS};
use super::family::{Family, PowerType};
use super::resolution::{Phase, Resolution, Step, Target};
use super::setup::{Area, ScoringChoice, Setup};
use super::state::State;
use crate::Player;
use crate::testing::RulebookPosition;

/// "3-5 players".
const SEATS: core::ops::RangeInclusive<usize> = 3..=5;
/// Nine cards of each Family ("45 cards" for five Families).
const COPIES: u8 = 9;
/// "Deal 3 cards to every player."
const DEAL: usize = 3;

impl RulebookPosition for State {
    fn rulebook_position(setup: &Setup) -> Result<(), String> {
        let players = usize::from(setup.config.players);
        if !SEATS.contains(&players) {
            return Err(format!("{players} players at a table of 3 to 5"));
        }
        if setup.areas.len() != players {
            return Err(format!(
                "{} player areas for {players} players",
                setup.areas.len()
            ));
        }
        rounds(setup)?;
        seats(setup, players)?;
        fairy_deck(setup)?;
        for (player, area) in (0u8..).map(Player).zip(&setup.areas) {
            places(setup, player, area)?;
            selection(setup, player, area)?;
            seen(setup, player, area)?;
        }
        chain_picks(setup)?;
        seize(setup)?;
        active(setup)?;
        scoring(setup)?;
        resolve_order(setup)?;
        Ok(())
    }
}

/// "5 rounds": round 0 is the opening deal only, and the scoring comes
/// after round 5.
fn rounds(setup: &Setup) -> Result<(), String> {
    let round = setup.round;
    let fits = match setup.phase {
        Phase::Opening => round == 0,
        Phase::Scoring | Phase::Over { .. } => round == ROUNDS,
        _ => (1..=ROUNDS).contains(&round),
    };
    if fits {
        Ok(())
    } else {
        Err(format!(
            "round {round} in this phase (5 rounds, round 0 is the opening deal)"
        ))
    }
}

/// Every player the position names sits at the table, and nobody has two
/// turns in the resolve order.
fn seats(setup: &Setup, players: usize) -> Result<(), String> {
    let mut named: Vec<Player> = Vec::new();
    named.push(setup.court_crier);
    named.extend(setup.last_revealer);
    match &setup.phase {
        Phase::StartRound { seize, .. } => named.extend(seize.map(|s| s.user)),
        Phase::Powers {
            order,
            next,
            resolution,
        } => {
            for (i, p) in order.iter().enumerate() {
                if order.iter().take(i).any(|q| q == p) {
                    return Err(format!("{p} has two turns in the resolve order"));
                }
            }
            named.extend(order.iter().copied());
            if usize::from(*next) > order.len() {
                return Err(String::from("more turns taken than the resolve order has"));
            }
            match resolution {
                Some(Resolution::Direct(d)) => {
                    named.push(d.user);
                    named.extend(d.aim);
                    named.extend(d.against);
                    if let Some(Target::Player(p)) = d.target {
                        named.push(p);
                    }
                    match d.step {
                        Step::Window { responder: p, .. }
                        | Step::Redirect { deflector: p }
                        | Step::Conceal { holder: p }
                        | Step::Reflect { player: p } => named.push(p),
                        _ => {}
                    }
                }
                Some(Resolution::Chain(c)) => {
                    named.push(c.user);
                    if let super::resolution::ChainStep::Avoid { responder, .. } = c.step {
                        named.push(responder);
                    }
                }
                None => {}
            }
        }
        Phase::Over { winner } => named.push(*winner),
        _ => {}
    }
    match named.into_iter().find(|p| p.index() >= players) {
        Some(p) => Err(format!("{p} is named but not at the table")),
        None => Ok(()),
    }
}

/// Every card of the five Families in play (nine of each) exactly once:
/// in the Fairy Deck, the Dismiss pile, an Alliance, a hand, a stack still
/// to be looked through, or kept face down.
fn fairy_deck(setup: &Setup) -> Result<(), String> {
    let mut cards: Vec<Card> = Vec::new();
    cards.extend(setup.deck.iter().copied());
    cards.extend(setup.dismiss.iter().copied());
    for area in &setup.areas {
        cards.extend(area.alliance.iter().map(|fairy| fairy.card));
        cards.extend(area.hand.iter().copied());
        cards.extend(waiting(area).iter().copied());
        cards.extend(area.chosen);
    }
    for &card in &cards {
        if !setup.config.families.contains(&card.family) || card.copy() >= COPIES {
            return Err(format!("{card} is not a card of this game's Fairy Deck"));
        }
    }
    let count = |family: Family, copy: u8| {
        cards
            .iter()
            .filter(|c| c.family == family && c.copy() == copy)
            .count()
    };
    let all = || {
        setup
            .config
            .families
            .into_iter()
            .flat_map(|family| (0..COPIES).filter_map(move |copy| Card::new(family, copy)))
    };
    // A card in two places first (it leaves another card nowhere).
    if let Some(card) = all().find(|c| count(c.family, c.copy()) > 1) {
        return Err(format!(
            "{card} is in {} places",
            count(card.family, card.copy())
        ));
    }
    if let Some(card) = all().find(|c| count(c.family, c.copy()) == 0) {
        return Err(format!("{card} is nowhere"));
    }
    Ok(())
}

/// The cards of `area`'s stack still in it (the first `cursor` have left).
fn waiting(area: &Area) -> &[Card] {
    area.lineup.get(usize::from(area.cursor)..).unwrap_or(&[])
}

/// What each phase lets a player hold face down: the dealt 3 (and the one
/// picked to dismiss) only in the opening and the Fairy Lineup; a stack
/// only in the Fairy Selection; a kept Fairy only in the Selection and in
/// the Fairy Powers phase until its turn.
fn places(setup: &Setup, player: Player, area: &Area) -> Result<(), String> {
    if usize::from(area.cursor) > area.lineup.len() || usize::from(area.placed) > area.hand.len() {
        return Err(format!(
            "{player}'s count of cards placed or looked through is past their cards"
        ));
    }
    let (hand, stack, kept) = match setup.phase {
        Phase::Opening | Phase::Lineup => (true, false, false),
        Phase::Selection => (false, true, true),
        Phase::Powers { .. } => (false, false, true),
        _ => (false, false, false),
    };
    if !hand && !area.hand.is_empty() {
        return Err(format!(
            "{player} holds dealt cards outside the opening and the Lineup"
        ));
    }
    if !stack && !waiting(area).is_empty() {
        return Err(format!("{player} has a stack outside the Fairy Selection"));
    }
    if !kept && area.chosen.is_some() {
        return Err(format!(
            "{player} keeps a face-down Fairy outside the Selection and Powers"
        ));
    }
    if let Some(card) = area.discard
        && (!matches!(setup.phase, Phase::Opening) || !area.hand.contains(&card))
    {
        return Err(format!(
            "{player} dismisses {card}, not one of their opening cards"
        ));
    }
    if matches!(setup.phase, Phase::Opening) && area.hand.len() != DEAL {
        return Err(format!("{player} was not dealt 3 opening cards"));
    }
    // "Deal 3 cards": fewer only when the deck and the Dismiss pile (which
    // is shuffled in when the deck runs out) are both empty.
    if matches!(setup.phase, Phase::Lineup)
        && area.hand.len() < DEAL
        && !(setup.deck.is_empty() && setup.dismiss.is_empty())
    {
        return Err(format!(
            "{player} was dealt fewer than 3 cards with cards left to deal"
        ));
    }
    if matches!(setup.phase, Phase::Selection)
        && (1..DEAL).contains(&area.lineup.len())
        && !setup.deck.is_empty()
    {
        return Err(format!(
            "{player} got a short stack with cards left in the deck"
        ));
    }
    // In the Fairy Powers phase a face-down Fairy waits for its turn.
    if let (Phase::Powers { order, next, .. }, Some(card)) = (&setup.phase, area.chosen) {
        let later = order.iter().skip(usize::from(*next)).any(|&p| p == player);
        if !later {
            return Err(format!(
                "{player}'s {card} is still face down after their turn"
            ));
        }
    }
    Ok(())
}

/// The Fairy Selection: a Fairy is kept only from the top of one's own
/// stack (never the card Reduced dismissed unseen); keeping it ends the
/// player's Selection; the last card is kept at once (Rule C); a decision
/// waits only from a player still selecting.
fn selection(setup: &Setup, player: Player, area: &Area) -> Result<(), String> {
    let left = &area.lineup.get(..usize::from(area.cursor)).unwrap_or(&[]);
    let reduced = usize::from(area.effects.reduced && !area.lineup.is_empty());
    if let Some(card) = area.chosen {
        let from_top = left.iter().skip(reduced).any(|&c| c == card);
        if !from_top {
            return Err(format!(
                "{player} keeps {card}, which did not come off the top of their stack this round"
            ));
        }
        if !waiting(area).is_empty() {
            return Err(format!("{player} kept a Fairy but still has a stack"));
        }
    }
    let selecting = area.chosen.is_none() && !waiting(area).is_empty();
    if matches!(setup.phase, Phase::Selection) && area.chosen.is_none() && waiting(area).len() == 1
    {
        return Err(format!(
            "{player} must keep the last card of their stack (Rule C)"
        ));
    }
    if area.pending.is_some() && !(matches!(setup.phase, Phase::Selection) && selecting) {
        return Err(format!(
            "{player} has a decision waiting but is not selecting"
        ));
    }
    Ok(())
}

/// "Response" cards stay Active until used; "Delayed" ones until they
/// resolve at the start of the next round (not at all when revealed in
/// round 5); every other Fairy is Idle.
fn active(setup: &Setup) -> Result<(), String> {
    for area in &setup.areas {
        for fairy in area.alliance.iter().filter(|f| f.active) {
            let card = fairy.card;
            let ok = match card.family.power_type() {
                PowerType::Response => true,
                PowerType::Delayed => match &setup.phase {
                    Phase::StartRound { queue, seize } => {
                        queue.contains(&card) || seize.is_some_and(|s| s.source == card)
                    }
                    Phase::Lineup | Phase::Selection | Phase::Powers { .. } => setup.round < ROUNDS,
                    _ => false,
                },
                _ => false,
            };
            if !ok {
                return Err(format!("{card} is Active but cannot be now"));
            }
        }
    }
    Ok(())
}

/// End-of-game choices are made once the game has ended: a Familiar pairs
/// with a non-Familiar Fairy of its Alliance (one Familiar per Fairy) or
/// stays alone; an Illusion scores as a Family of the game other than
/// Familiar.
fn scoring(setup: &Setup) -> Result<(), String> {
    let ended = matches!(setup.phase, Phase::Scoring | Phase::Over { .. });
    for area in &setup.areas {
        for (i, fairy) in area.alliance.iter().enumerate() {
            let Some(choice) = fairy.scoring else {
                continue;
            };
            let ok = ended
                && match (fairy.card.family, choice) {
                    (Family::Familiar, ScoringChoice::Paired(None)) => true,
                    (Family::Familiar, ScoringChoice::Paired(Some(partner))) => {
                        partner.family != Family::Familiar
                            && area.alliance.iter().any(|f| f.card == partner)
                            && !area
                                .alliance
                                .iter()
                                .take(i)
                                .any(|f| f.scoring == Some(choice))
                    }
                    (Family::Illusion, ScoringChoice::As(family)) => {
                        family != Family::Familiar && setup.config.families.contains(&family)
                    }
                    _ => false,
                };
            if !ok {
                return Err(format!(
                    "{}'s scoring choice is not one the rules allow now",
                    fairy.card
                ));
            }
        }
    }
    Ok(())
}

/// "Fairy Powers" resolve from Favor 5 down to Pariah -5, ties from the
/// Court Crier in the round's direction: the Fairies still face down wait
/// in that order.
fn resolve_order(setup: &Setup) -> Result<(), String> {
    let Phase::Powers { order, next, .. } = &setup.phase else {
        return Ok(());
    };
    let players = usize::from(setup.config.players);
    let direction = usize::from(setup.round)
        .checked_sub(1)
        .and_then(|i| setup.directions.get(i))
        .copied()
        .unwrap_or(Direction::Left);
    let from_crier = |p: Player| {
        (0..players)
            .position(|i| direction.step(setup.court_crier, i, players) == p)
            .unwrap_or(players)
    };
    let mut before: Option<(i8, usize)> = None;
    for &p in order.iter().skip(usize::from(*next)) {
        let Some(card) = setup.areas.get(p.index()).and_then(|a| a.chosen) else {
            continue;
        };
        let key = (-setup.config.favor.favor(card), from_crier(p));
        if before.is_some_and(|b| b > key) {
            return Err(format!(
                "{p} resolves before a Fairy of higher Favor (or an earlier tie)"
            ));
        }
        before = Some(key);
    }
    Ok(())
}

/// Which cards of their stack a player has seen: only during the Fairy
/// Selection and the Fairy Powers phase, each card that came on top (up to
/// the one kept, or the one on top now), never the card Reduced dismissed;
/// Psychic shows the top two after it; Blinded hides the first card decided
/// on unless Psychic showed it or it is the last card, kept and seen at
/// once (ruling "Fickle: Blinded, Psychic and Reduced together"). A Fairy
/// kept blind stays unseen until the Selection is over.
fn seen(setup: &Setup, player: Player, area: &Area) -> Result<(), String> {
    let selecting = matches!(setup.phase, Phase::Selection);
    let looked = selecting || matches!(setup.phase, Phase::Powers { .. });
    let len = area.lineup.len().min(8);
    let mut may = [false; 8];
    if looked {
        let effects = area.effects;
        let first = usize::from(effects.reduced && len > 0);
        let kept = area
            .chosen
            .and_then(|card| area.lineup.iter().position(|&c| c == card));
        let cursor = usize::from(area.cursor);
        let top = match kept {
            Some(k) => Some(k),
            None if cursor < len => Some(cursor),
            None => len.checked_sub(1),
        };
        if let Some(top) = top {
            for slot in may.iter_mut().take(top + 1).skip(first) {
                *slot = true;
            }
        }
        if effects.psychic {
            for slot in may.iter_mut().skip(first).take(2) {
                *slot = true;
            }
        }
        if effects.blinded
            && !effects.psychic
            && first + 1 != len
            && let Some(slot) = may.get_mut(first)
        {
            *slot = false;
        }
    }
    for (position, allowed) in may.iter().enumerate().take(len) {
        if area.lineup_seen & (1 << position) != 0 && !allowed {
            return Err(format!(
                "{player} cannot have seen card {} of their stack",
                position + 1
            ));
        }
    }
    if selecting && area.chosen_seen {
        let kept = area
            .chosen
            .and_then(|card| area.lineup.iter().position(|&c| c == card));
        if let Some(k) = kept
            && k < 8
            && !may.get(k).copied().unwrap_or(false)
        {
            return Err(format!("{player} has seen the Fairy they kept blind"));
        }
    }
    Ok(())
}

/// "Chain" Powers: once the windows to avoid it are over, each player who
/// did not avoid it and has two or more Fairies tied for the highest (or
/// lowest) Favor picks one of them in secret (a single one is picked at
/// once); nobody else picks (ruling "Fickle: Chain choices").
fn chain_picks(setup: &Setup) -> Result<(), String> {
    let Phase::Powers {
        resolution: Some(Resolution::Chain(chain)),
        ..
    } = &setup.phase
    else {
        return Ok(());
    };
    let super::family::Power::Chain { pick, .. } = chain.source.family.power() else {
        return Err(format!("{} has no Chain Power", chain.source));
    };
    let picking = chain.step == super::resolution::ChainStep::Pick;
    for (player, &picked) in (0u8..).map(Player).zip(&chain.picks) {
        let area = setup.areas.get(player.index());
        let ok = match area {
            Some(area) if picking && !chain.avoided.contains(player) => {
                let favor = |card: Card| setup.config.favor.favor(card);
                let values = area.alliance.iter().map(|f| favor(f.card));
                let extreme = match pick {
                    super::family::Extreme::Highest => values.max(),
                    super::family::Extreme::Lowest => values.min(),
                };
                let tied: Vec<Card> = area
                    .alliance
                    .iter()
                    .map(|f| f.card)
                    .filter(|&c| Some(favor(c)) == extreme)
                    .collect();
                match picked {
                    None => tied.len() != 1,
                    Some(card) => tied.contains(&card),
                }
            }
            _ => picked.is_none(),
        };
        if !ok {
            return Err(format!(
                "{player}'s pick for the Chain is not one of their tied Fairies"
            ));
        }
    }
    Ok(())
}

/// A Delayed Erase or Scheme resolving at the Start Round is an Active
/// Fairy with that Power in its user's Alliance; a Direct Power being
/// resolved comes from a face-up card (in an Alliance or the Dismiss pile),
/// never from the deck, a hand, a stack or a face-down Fairy.
fn seize(setup: &Setup) -> Result<(), String> {
    let owner = |card: Card| {
        (0u8..)
            .map(Player)
            .zip(&setup.areas)
            .find(|(_, area)| area.alliance.iter().any(|f| f.card == card))
            .map(|(p, area)| (p, area.alliance.iter().any(|f| f.card == card && f.active)))
    };
    match &setup.phase {
        Phase::StartRound {
            seize: Some(seize), ..
        } => {
            let is_seize = matches!(
                seize.source.family.power(),
                super::family::Power::Seize { .. }
            );
            match owner(seize.source) {
                Some((p, true)) if is_seize && p == seize.user => Ok(()),
                _ => Err(format!(
                    "{} cannot be the Delayed Power {} resolves now",
                    seize.source, seize.user
                )),
            }
        }
        Phase::Powers {
            resolution: Some(Resolution::Direct(direct)),
            ..
        } => {
            if owner(direct.source).is_some() || setup.dismiss.contains(&direct.source) {
                Ok(())
            } else {
                Err(format!(
                    "{} resolves a Power from a face-down card",
                    direct.source
                ))
            }
        }
        _ => Ok(()),
    }
}
