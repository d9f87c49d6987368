//! The 22 Fairy Families, their Powers as data, and the Recommended Sets.

use core::fmt;

/// Number of Families printed (22 decks of 9 cards).
pub const FAMILY_COUNT: usize = 22;

/// Families in one game.
pub const FAMILIES_PER_GAME: usize = 5;

/// One of the 22 Fairy Families. Every Family shares one Power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[allow(missing_docs)]
#[cfg_attr(feature = "arbitrary", derive(arbitrary::Arbitrary))]
pub enum Family {
    Blinded,
    Coerce,
    Deflect,
    Dispel,
    Distract,
    Erase,
    Familiar,
    Give,
    Illusion,
    Mimic,
    Noble,
    Obfuscate,
    Pariah,
    Prestige,
    Psychic,
    Purge,
    Reduced,
    Reflect,
    Scheme,
    Share,
    Switch,
    Transmute,
}

/// The icon printed in the corner of a card: how its Power is resolved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum PowerType {
    /// Resolved when revealed; must target a Fairy or player if one is valid.
    Direct,
    /// Affects every player, from the activating player in round direction.
    Chain,
    /// Stays Active until played out of turn against another player's Power.
    Response,
    /// Stays Active and resolves at the start of the next round.
    Delayed,
    /// No Power in play; changes end-of-game scoring.
    Score,
}

/// Whose Alliance a Power reaches into.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Reach {
    /// The activating player's own Alliance.
    Own,
    /// Any opponent's Alliance.
    Opponent,
    /// Any Alliance, the activating player's included.
    Any,
}

/// Where a Fairy taken by a Power goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Destination {
    /// Into the activating player's Alliance.
    Own,
    /// Into an opponent's Alliance (the activating player picks whose).
    Opponent,
    /// Into the Dismiss pile.
    Dismiss,
}

/// What two Fairies must share to be exchanged.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Matching {
    /// Equal Favor value (Switch).
    EqualFavor,
    /// The same Family (Prestige).
    SameFamily,
}

/// Which end of an Alliance a Power picks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Extreme {
    /// The Fairy of highest Favor.
    Highest,
    /// The Fairy of lowest Favor.
    Lowest,
}

/// What a Chain Power does with each player's picked Fairy.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ChainEffect {
    /// Into the Dismiss pile (Purge).
    Dismiss,
    /// To the next player in round direction, all at once (Share).
    PassOn,
}

/// The four ways a Response interrupts another player's Power.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Response {
    /// Redirect a Direct Power aimed at you, or sit out a Chain Power.
    Deflect,
    /// Become the targeted Fairy instead.
    Distract,
    /// Hide the target with another Fairy; the attacker picks one blind.
    Obfuscate,
    /// After a Direct Power against you, use it yourself.
    Reflect,
}

/// A Delayed Power that changes the holder's Lineup and Selection.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum LineupEffect {
    /// Keep or dismiss the top card without looking at it.
    Blinded,
    /// See the top two cards before deciding.
    Psychic,
    /// The top card is dismissed unseen.
    Reduced,
}

/// A scoring exception.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum ScoreRule {
    /// Pairs with another Fairy to add its Favor; scores nothing alone.
    Familiar,
    /// Scores as any Family of the game, chosen at the end.
    Illusion,
    /// The highest Noble always scores positive.
    Noble,
    /// The most negative Pariah scores; five or more score positive.
    Pariah,
}

/// A Family's Power as data: the resolver for its kind does the rest.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum Power {
    /// Direct: move one targeted Fairy (Coerce, Dispel, Give).
    Move {
        /// Whose Alliance the Fairy comes from.
        from: Reach,
        /// Where it goes.
        to: Destination,
    },
    /// Direct: exchange one of yours with an opponent's (Switch, Prestige).
    Exchange(Matching),
    /// Direct: a player's unrevealed Fairy is dismissed and the top card of
    /// the deck joins their Alliance, Idle.
    Transmute,
    /// Direct: copy another Direct Power in an Alliance, aimed at that Alliance.
    Mimic,
    /// Chain: every player picks their extreme Fairy and loses it.
    Chain {
        /// Which Fairy each player picks.
        pick: Extreme,
        /// What happens to it.
        effect: ChainEffect,
    },
    /// Response: used out of turn.
    Respond(Response),
    /// Delayed: next round, take the highest Fairy of an Alliance (Erase, Scheme).
    Seize {
        /// Whose Alliance.
        from: Reach,
        /// Where the Fairy goes.
        to: Destination,
    },
    /// Delayed: next round's Lineup is changed for the holder.
    Lineup(LineupEffect),
    /// Score: an end-of-game exception.
    Score(ScoreRule),
}

impl Power {
    /// The icon type of this Power.
    #[inline]
    pub const fn power_type(self) -> PowerType {
        match self {
            Power::Move { .. } | Power::Exchange(_) | Power::Transmute | Power::Mimic => {
                PowerType::Direct
            }
            Power::Chain { .. } => PowerType::Chain,
            Power::Respond(_) => PowerType::Response,
            Power::Seize { .. } | Power::Lineup(_) => PowerType::Delayed,
            Power::Score(_) => PowerType::Score,
        }
    }
}

impl Family {
    /// All 22 Families in alphabetical order.
    pub const ALL: [Family; FAMILY_COUNT] = [
        Family::Blinded,
        Family::Coerce,
        Family::Deflect,
        Family::Dispel,
        Family::Distract,
        Family::Erase,
        Family::Familiar,
        Family::Give,
        Family::Illusion,
        Family::Mimic,
        Family::Noble,
        Family::Obfuscate,
        Family::Pariah,
        Family::Prestige,
        Family::Psychic,
        Family::Purge,
        Family::Reduced,
        Family::Reflect,
        Family::Scheme,
        Family::Share,
        Family::Switch,
        Family::Transmute,
    ];

    /// Position in [`Family::ALL`], 0 to 21.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The Family's Power, as data.
    #[inline]
    pub const fn power(self) -> Power {
        use Destination as D;
        use Reach as R;
        match self {
            Family::Blinded => Power::Lineup(LineupEffect::Blinded),
            Family::Coerce => Power::Move {
                from: R::Opponent,
                to: D::Own,
            },
            Family::Deflect => Power::Respond(Response::Deflect),
            Family::Dispel => Power::Move {
                from: R::Any,
                to: D::Dismiss,
            },
            Family::Distract => Power::Respond(Response::Distract),
            Family::Erase => Power::Seize {
                from: R::Any,
                to: D::Dismiss,
            },
            Family::Familiar => Power::Score(ScoreRule::Familiar),
            Family::Give => Power::Move {
                from: R::Own,
                to: D::Opponent,
            },
            Family::Illusion => Power::Score(ScoreRule::Illusion),
            Family::Mimic => Power::Mimic,
            Family::Noble => Power::Score(ScoreRule::Noble),
            Family::Obfuscate => Power::Respond(Response::Obfuscate),
            Family::Pariah => Power::Score(ScoreRule::Pariah),
            Family::Prestige => Power::Exchange(Matching::SameFamily),
            Family::Psychic => Power::Lineup(LineupEffect::Psychic),
            Family::Purge => Power::Chain {
                pick: Extreme::Highest,
                effect: ChainEffect::Dismiss,
            },
            Family::Reduced => Power::Lineup(LineupEffect::Reduced),
            Family::Reflect => Power::Respond(Response::Reflect),
            Family::Scheme => Power::Seize {
                from: R::Opponent,
                to: D::Own,
            },
            Family::Share => Power::Chain {
                pick: Extreme::Lowest,
                effect: ChainEffect::PassOn,
            },
            Family::Switch => Power::Exchange(Matching::EqualFavor),
            Family::Transmute => Power::Transmute,
        }
    }

    /// The icon type of the Family's Power.
    #[inline]
    pub const fn power_type(self) -> PowerType {
        self.power().power_type()
    }

    /// Whether this engine resolves the Family's Power. A Family that is not
    /// implemented cannot be chosen in a [`Config`](super::Config).
    pub const fn is_implemented(self) -> bool {
        true
    }
}

impl Family {
    /// The Family's name as printed ("Noble").
    pub const fn name(self) -> &'static str {
        match self {
            Family::Blinded => "Blinded",
            Family::Coerce => "Coerce",
            Family::Deflect => "Deflect",
            Family::Dispel => "Dispel",
            Family::Distract => "Distract",
            Family::Erase => "Erase",
            Family::Familiar => "Familiar",
            Family::Give => "Give",
            Family::Illusion => "Illusion",
            Family::Mimic => "Mimic",
            Family::Noble => "Noble",
            Family::Obfuscate => "Obfuscate",
            Family::Pariah => "Pariah",
            Family::Prestige => "Prestige",
            Family::Psychic => "Psychic",
            Family::Purge => "Purge",
            Family::Reduced => "Reduced",
            Family::Reflect => "Reflect",
            Family::Scheme => "Scheme",
            Family::Share => "Share",
            Family::Switch => "Switch",
            Family::Transmute => "Transmute",
        }
    }
}

/// The printed name ("Noble").
impl fmt::Display for Family {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A Family by its printed name, ignoring case. The rulebook's own spelling
/// "Obsfuscate" (its contents and the Family's heading) is read as
/// Obfuscate, which [`Display`](fmt::Display) writes as in the Power's text.
///
/// ```
/// use fairy_ring::fickle::Family;
/// assert_eq!("noble".parse(), Ok(Family::Noble));
/// assert_eq!("Obsfuscate".parse(), Ok(Family::Obfuscate));
/// assert!("Goblin".parse::<Family>().is_err());
/// ```
impl core::str::FromStr for Family {
    type Err = super::card::ParseError;

    fn from_str(s: &str) -> Result<Family, Self::Err> {
        let s = s.trim();
        if s.eq_ignore_ascii_case("Obsfuscate") {
            return Ok(Family::Obfuscate);
        }
        Family::ALL
            .into_iter()
            .find(|f| f.name().eq_ignore_ascii_case(s))
            .ok_or(super::card::ParseError::Family)
    }
}

/// The rulebook's Recommended Sets of five Families.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
pub enum RecommendedSet {
    /// Noble, Coerce, Give, Dispel, Share: the set for a first game.
    FirstGame,
    /// Pariah, Give, Share, Prestige, Psychic.
    PariahHotPotato,
    /// Noble, Illusion, Familiar, Prestige, Pariah.
    RoyalTea,
    /// Reflect, Give, Switch, Prestige, Coerce.
    Turnabout,
    /// Purge, Pariah, Scheme, Dispel, Transmute.
    ScorchedEarth,
    /// Share, Purge, Deflect, Switch, Dispel.
    DodgeBall,
}

impl RecommendedSet {
    /// Every Recommended Set, in rulebook order.
    pub const ALL: [RecommendedSet; 6] = [
        RecommendedSet::FirstGame,
        RecommendedSet::PariahHotPotato,
        RecommendedSet::RoyalTea,
        RecommendedSet::Turnabout,
        RecommendedSet::ScorchedEarth,
        RecommendedSet::DodgeBall,
    ];

    /// The set's name as printed ("Pariah Hot Potato").
    pub const fn name(self) -> &'static str {
        match self {
            RecommendedSet::FirstGame => "First Game",
            RecommendedSet::PariahHotPotato => "Pariah Hot Potato",
            RecommendedSet::RoyalTea => "Royal Tea",
            RecommendedSet::Turnabout => "Turnabout",
            RecommendedSet::ScorchedEarth => "Scorched Earth",
            RecommendedSet::DodgeBall => "Dodge Ball",
        }
    }

    /// Position in [`RecommendedSet::ALL`].
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The five Families of the set, in rulebook order.
    pub const fn families(self) -> [Family; FAMILIES_PER_GAME] {
        use Family as F;
        match self {
            RecommendedSet::FirstGame => [F::Noble, F::Coerce, F::Give, F::Dispel, F::Share],
            RecommendedSet::PariahHotPotato => {
                [F::Pariah, F::Give, F::Share, F::Prestige, F::Psychic]
            }
            RecommendedSet::RoyalTea => {
                [F::Noble, F::Illusion, F::Familiar, F::Prestige, F::Pariah]
            }
            RecommendedSet::Turnabout => [F::Reflect, F::Give, F::Switch, F::Prestige, F::Coerce],
            RecommendedSet::ScorchedEarth => {
                [F::Purge, F::Pariah, F::Scheme, F::Dispel, F::Transmute]
            }
            RecommendedSet::DodgeBall => [F::Share, F::Purge, F::Deflect, F::Switch, F::Dispel],
        }
    }
}

/// The printed name ("Royal Tea").
impl fmt::Display for RecommendedSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A Recommended Set by its printed name, ignoring case.
///
/// ```
/// use fairy_ring::fickle::RecommendedSet;
/// assert_eq!("royal tea".parse(), Ok(RecommendedSet::RoyalTea));
/// ```
impl core::str::FromStr for RecommendedSet {
    type Err = super::card::ParseError;

    fn from_str(s: &str) -> Result<RecommendedSet, Self::Err> {
        let s = s.trim();
        RecommendedSet::ALL
            .into_iter()
            .find(|r| r.name().eq_ignore_ascii_case(s))
            .ok_or(super::card::ParseError::Set)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_power_type_has_the_families_the_rulebook_lists() {
        let count = |t| Family::ALL.iter().filter(|f| f.power_type() == t).count();
        assert_eq!(count(PowerType::Direct), 7);
        assert_eq!(count(PowerType::Chain), 2);
        assert_eq!(count(PowerType::Response), 4);
        assert_eq!(count(PowerType::Delayed), 5);
        assert_eq!(count(PowerType::Score), 4);
    }

    #[test]
    fn each_response_belongs_to_one_family() {
        use super::super::state::State;
        let kinds = [
            Response::Deflect,
            Response::Distract,
            Response::Obfuscate,
            Response::Reflect,
        ];
        for f in Family::ALL {
            for k in kinds {
                assert_eq!(
                    f.power() == Power::Respond(k),
                    f == State::response_family(k),
                    "{f:?} {k:?}"
                );
            }
        }
    }

    #[test]
    fn indices_follow_the_alphabetical_list() {
        for (i, f) in Family::ALL.iter().enumerate() {
            assert_eq!(f.index(), i);
        }
    }
}
