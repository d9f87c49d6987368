//! Player count and the card data: each Season Fairy's ability and each
//! Goblin's effect.

use super::cards::{Card, CardKind, Goblin, ParseCardError, Season};
use crate::ConfigError;

/// Fewest players.
pub const MIN_PLAYERS: usize = 3;
/// Most players.
pub const MAX_PLAYERS: usize = 5;
/// The largest amount any ability or Goblin effect may name (keeps every
/// decision and every event list small).
pub const MAX_AMOUNT: u8 = 3;

/// A Season Fairy's printed ability: draw cards from the deck, then stash
/// cards from hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Ability {
    /// Cards drawn from the deck (as many as are left).
    pub draw: u8,
    /// Cards then put from hand onto the player's Stash (as many as are in
    /// hand).
    pub stash: u8,
}

impl Ability {
    /// Draw `draw`, then stash `stash`.
    pub const fn new(draw: u8, stash: u8) -> Ability {
        Ability { draw, stash }
    }
}

/// Which way cards travel when every player passes cards.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Direction {
    /// To the next player in turn order (clockwise).
    Left,
    /// To the previous player in turn order.
    Right,
}

impl Direction {
    /// Both directions.
    pub const ALL: [Direction; 2] = [Direction::Left, Direction::Right];

    /// The direction as players say it: `"left"` or `"right"`.
    pub const fn name(self) -> &'static str {
        match self {
            Direction::Left => "left",
            Direction::Right => "right",
        }
    }
}

/// `"left"` or `"right"`.
impl core::fmt::Display for Direction {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.write_str(self.name())
    }
}

/// Reads `"left"` or `"right"`, ignoring case and surrounding spaces.
impl core::str::FromStr for Direction {
    type Err = ParseCardError;

    fn from_str(text: &str) -> Result<Direction, ParseCardError> {
        let text = text.trim();
        Direction::ALL
            .into_iter()
            .find(|d| text.eq_ignore_ascii_case(d.name()))
            .ok_or(ParseCardError::NotADirection)
    }
}

/// The effect primitives Goblins are built from. Every effect happens as far
/// as it can; a Goblin whose effect cannot happen at all is still a legal
/// wild card.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum GoblinEffect {
    /// Draw this many cards from the deck.
    Draw(u8),
    /// Stash this many cards from hand (one decision per card).
    StashFromHand(u8),
    /// Put the topmost this-many Fairies (Season or Royal) of the Swarm onto
    /// your Stash, topmost first; Goblins and Traps stay.
    GrabFromSwarm(u8),
    /// Choose a rival with a non-empty Stash and move this many cards from the
    /// top of their Stash onto yours, top first.
    StealFromStash(u8),
    /// Choose a Stash (any player's, your own included) whose top card is a
    /// Season Fairy that may be played now by the Season Rules, and put that
    /// card onto the Swarm. Its own ability is not used.
    PlayFromStash,
    /// Choose left or right; then every player with cards in hand chooses this
    /// many (or all, if fewer) and passes them that way, all at once.
    PassAround(u8),
    /// Choose a rival and exchange whole hands with them. Both hands are then
    /// put in card-identity order, so neither player learns in which order
    /// the other got their cards.
    SwapHands,
}

impl GoblinEffect {
    /// One effect of each kind, in declaration order, those that name an
    /// amount naming 1 (change it with
    /// [`with_amount`](GoblinEffect::with_amount)). A new kind of effect is
    /// added here too (a test inside the crate matches every kind).
    ///
    /// ```
    /// use fairy_ring::season::GoblinEffect;
    ///
    /// let kinds = GoblinEffect::ALL.map(|effect| effect.with_amount(3));
    /// assert_eq!(kinds[0], GoblinEffect::Draw(3));
    /// assert_eq!(kinds[6], GoblinEffect::SwapHands);
    /// ```
    pub const ALL: [GoblinEffect; 7] = [
        GoblinEffect::Draw(1),
        GoblinEffect::StashFromHand(1),
        GoblinEffect::GrabFromSwarm(1),
        GoblinEffect::StealFromStash(1),
        GoblinEffect::PlayFromStash,
        GoblinEffect::PassAround(1),
        GoblinEffect::SwapHands,
    ];

    /// How many cards the effect names, for the kinds that name an amount.
    pub const fn amount(self) -> Option<u8> {
        match self {
            GoblinEffect::Draw(n)
            | GoblinEffect::StashFromHand(n)
            | GoblinEffect::GrabFromSwarm(n)
            | GoblinEffect::StealFromStash(n)
            | GoblinEffect::PassAround(n) => Some(n),
            GoblinEffect::PlayFromStash | GoblinEffect::SwapHands => None,
        }
    }

    /// The same kind of effect naming `amount` cards; a kind without an
    /// amount is returned as it is.
    pub const fn with_amount(self, amount: u8) -> GoblinEffect {
        match self {
            GoblinEffect::Draw(_) => GoblinEffect::Draw(amount),
            GoblinEffect::StashFromHand(_) => GoblinEffect::StashFromHand(amount),
            GoblinEffect::GrabFromSwarm(_) => GoblinEffect::GrabFromSwarm(amount),
            GoblinEffect::StealFromStash(_) => GoblinEffect::StealFromStash(amount),
            GoblinEffect::PassAround(_) => GoblinEffect::PassAround(amount),
            GoblinEffect::PlayFromStash | GoblinEffect::SwapHands => self,
        }
    }
}

/// The printed data of a copy of the game: every Season Fairy's ability and
/// every Goblin's effect. Part of the [`Config`], so a player can enter the
/// values printed on their own cards.
///
/// The [`Default`] follows every published hint (earlier seasons draw, later
/// seasons stash, Autumn 1 is Draw 1 Stash 1; Robber, Greedy and Dizzy
/// Goblins as described); every value is listed in `docs/RULINGS.md`
/// as a default, not a printed fact.
///
/// Read it with [`ability`](CardSet::ability) and
/// [`goblin`](CardSet::goblin); change it with the `with_` methods:
///
/// ```
/// use fairy_ring::season::{Ability, CardSet, Config, Goblin, GoblinEffect, Season};
///
/// let cards = CardSet::default()
///     .with_ability(Season::Spring, 1, Ability::new(0, 3))?
///     .with_goblin(Goblin::Greedy, GoblinEffect::GrabFromSwarm(1));
/// assert_eq!(cards.ability(Season::Spring, 1), Some(Ability::new(0, 3)));
/// let config = Config::new(4)?.with_cards(cards);
/// assert!(config.validate().is_ok());
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct CardSet {
    /// Ability of Season Fairy `number` of `season` at `[season][number - 1]`
    /// (both copies print the same ability).
    seasons: [[Ability; 8]; 4],
    /// Effect of each Goblin kind, in [`Goblin::ALL`] order.
    goblins: [GoblinEffect; 8],
}

impl Default for CardSet {
    fn default() -> Self {
        let spring = core::array::from_fn(|i| Ability::new(if i < 4 { 2 } else { 1 }, 0));
        let summer = [Ability::new(1, 0); 8];
        let autumn = core::array::from_fn(|i| Ability::new(u8::from(i < 4), 1));
        let winter = core::array::from_fn(|i| Ability::new(0, if i < 4 { 1 } else { 2 }));
        CardSet {
            seasons: [spring, summer, autumn, winter],
            goblins: [
                GoblinEffect::PlayFromStash,
                GoblinEffect::GrabFromSwarm(2),
                GoblinEffect::PassAround(2),
                GoblinEffect::StealFromStash(1),
                GoblinEffect::SwapHands,
                GoblinEffect::StashFromHand(2),
                GoblinEffect::Draw(2),
                GoblinEffect::GrabFromSwarm(1),
            ],
        }
    }
}

impl CardSet {
    /// The ability of the Season Fairies of `season` numbered `number` (1-8);
    /// `None` for other numbers.
    pub fn ability(&self, season: Season, number: u8) -> Option<Ability> {
        self.seasons
            .get(season.index())
            .and_then(|row| row.get(usize::from(number).checked_sub(1)?))
            .copied()
    }

    /// The ability `card` uses when played from hand (nothing for non-Season
    /// cards).
    pub fn ability_of(&self, card: Card) -> Ability {
        match card.kind() {
            CardKind::Season { season, number } => self.ability(season, number).unwrap_or_default(),
            _ => Ability::default(),
        }
    }

    /// The same card data, with the Season Fairies of `season` numbered
    /// `number` (1-8) printing `ability`; an error for another number.
    pub fn with_ability(
        mut self,
        season: Season,
        number: u8,
        ability: Ability,
    ) -> Result<CardSet, ConfigError> {
        let slot = self
            .seasons
            .get_mut(season.index())
            .and_then(|row| row.get_mut(usize::from(number).checked_sub(1)?))
            .ok_or(ConfigError::ComponentData(
                "Season Fairies are numbered 1 to 8",
            ))?;
        *slot = ability;
        Ok(self)
    }

    /// The same card data, with every Season Fairy printing `ability`.
    pub fn with_every_ability(self, ability: Ability) -> CardSet {
        CardSet {
            seasons: [[ability; 8]; 4],
            ..self
        }
    }

    /// The same card data, with the Goblins of kind `goblin` doing `effect`.
    pub fn with_goblin(mut self, goblin: Goblin, effect: GoblinEffect) -> CardSet {
        if let Some(slot) = self.goblins.get_mut(goblin.index()) {
            *slot = effect;
        }
        self
    }

    /// The effect of `goblin`.
    pub fn goblin(&self, goblin: Goblin) -> GoblinEffect {
        self.goblins
            .get(goblin.index())
            .copied()
            .unwrap_or(GoblinEffect::Draw(0))
    }

    /// Checks every amount is at most [`MAX_AMOUNT`].
    pub fn validate(&self) -> Result<(), ConfigError> {
        let abilities_ok = self
            .seasons
            .iter()
            .flatten()
            .all(|a| a.draw <= MAX_AMOUNT && a.stash <= MAX_AMOUNT);
        if !abilities_ok {
            return Err(ConfigError::ComponentData(
                "a Season Fairy draws or stashes more than 3 cards",
            ));
        }
        let goblins_ok = self
            .goblins
            .iter()
            .all(|g| g.amount().is_none_or(|n| n <= MAX_AMOUNT));
        if goblins_ok {
            Ok(())
        } else {
            Err(ConfigError::ComponentData(
                "a Goblin effect names more than 3 cards",
            ))
        }
    }
}

/// Everything chosen before a game of Fairy Season starts: build one with
/// [`Config::new`] and [`with_cards`](Config::with_cards).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Config {
    /// Number of players, 3 to 5.
    pub players: u8,
    /// The printed card data.
    pub cards: CardSet,
}

impl Config {
    /// A game for `players` players with the default card data.
    ///
    /// ```
    /// use fairy_ring::season::Config;
    /// assert!(Config::new(5).is_ok());
    /// assert!(Config::new(2).is_err());
    /// ```
    pub fn new(players: usize) -> Result<Config, ConfigError> {
        let seats = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        Ok(Config::standard(seats))
    }

    /// The standard game with the printed cards, for a valid seat count.
    fn standard(players: u8) -> Config {
        Config {
            players,
            cards: CardSet::default(),
        }
    }

    /// The same config for `players` players (3 to 5), or
    /// [`ConfigError::PlayerCount`]: the way to change the count of a
    /// config, whose fields cannot all be named in a struct expression.
    ///
    /// ```
    /// use fairy_ring::season::Config;
    /// let base = Config::new(4)?;
    /// assert_eq!(base.with_players(5)?.players, 5);
    /// assert!(base.with_players(11).is_err());
    /// # Ok::<(), fairy_ring::ConfigError>(())
    /// ```
    pub fn with_players(self, players: usize) -> Result<Config, ConfigError> {
        let players = crate::game::seat_count(players, MIN_PLAYERS, MAX_PLAYERS)?;
        let config = Config { players, ..self };
        config.validate()?;
        Ok(config)
    }

    /// The same config with other card data.
    pub fn with_cards(self, cards: CardSet) -> Config {
        Config { cards, ..self }
    }

    /// Checks the player count and the card data.
    pub fn validate(&self) -> Result<(), ConfigError> {
        let players = usize::from(self.players);
        if !(MIN_PLAYERS..=MAX_PLAYERS).contains(&players) {
            return Err(ConfigError::PlayerCount {
                got: players,
                min: MIN_PLAYERS,
                max: MAX_PLAYERS,
            });
        }
        self.cards.validate()
    }
}

/// The standard game for 4 players.
impl Default for Config {
    fn default() -> Config {
        Config::standard(4)
    }
}

crate::game::game_config!(Config);

#[cfg(test)]
mod tests {
    use super::GoblinEffect;

    /// Which kind of effect, by an exhaustive match: a new kind fails to
    /// compile here until it gets a number, and then this test until it is
    /// in `GoblinEffect::ALL`.
    fn kind(effect: GoblinEffect) -> usize {
        match effect {
            GoblinEffect::Draw(_) => 0,
            GoblinEffect::StashFromHand(_) => 1,
            GoblinEffect::GrabFromSwarm(_) => 2,
            GoblinEffect::StealFromStash(_) => 3,
            GoblinEffect::PlayFromStash => 4,
            GoblinEffect::PassAround(_) => 5,
            GoblinEffect::SwapHands => 6,
        }
    }

    #[test]
    fn all_holds_each_kind_of_goblin_effect_once_in_order() {
        let kinds = GoblinEffect::ALL.map(kind);
        assert_eq!(kinds, [0, 1, 2, 3, 4, 5, 6]);
        for effect in GoblinEffect::ALL {
            for n in 0..=u8::MAX {
                let changed = effect.with_amount(n);
                assert_eq!(kind(changed), kind(effect));
                assert_eq!(changed.amount(), effect.amount().map(|_| n));
            }
        }
    }
}
