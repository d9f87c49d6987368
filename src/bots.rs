//! Players that choose actions from what they are allowed to see.

use rand_core::Rng;

use crate::Game;

/// Something that picks an action for a player.
///
/// A bot sees only the player's [`View`](Game::View) and their legal actions,
/// never the full state, so it cannot cheat by reading hidden information.
pub trait Bot<G: Game> {
    /// Picks one of `legal`, or `None` if `legal` is empty.
    fn choose(
        &mut self,
        view: &G::View,
        legal: &[G::Action],
        rng: &mut (impl Rng + ?Sized),
    ) -> Option<G::Action>;
}

/// Picks uniformly among the legal actions. Works for every game; name the
/// game when calling it (`Bot::<fairy::State>::choose`), since one view type
/// alone does not say which game it belongs to.
///
/// ```
/// use fairy_ring::{Bot, Game, Player, RandomBot, fairy};
/// use rand_chacha::ChaCha8Rng;
/// use rand_core::SeedableRng;
///
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// let state = fairy::State::new(&fairy::Config::new(3)?, &mut rng)?;
/// let legal = state.legal_actions(Player(0));
/// let view = state.view_for(Player(0).into());
/// let pick = Bot::<fairy::State>::choose(&mut RandomBot, &view, &legal, &mut rng);
/// assert!(pick.is_some_and(|a| legal.contains(&a)));
/// # Ok::<(), fairy_ring::ConfigError>(())
/// ```
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RandomBot;

impl<G: Game> Bot<G> for RandomBot {
    fn choose(
        &mut self,
        _view: &G::View,
        legal: &[G::Action],
        rng: &mut (impl Rng + ?Sized),
    ) -> Option<G::Action> {
        crate::rng::choose(rng, legal).copied()
    }
}
