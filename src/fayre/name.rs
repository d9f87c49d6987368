//! Parsing component names as the players say them.

/// A name that is not the name of any component of the kind asked for.
///
/// ```
/// use fairy_ring::fayre::{MiniGame, Mischief, NameError};
/// assert_eq!("Bumper Cars".parse::<MiniGame>(), Err(NameError::NotAMiniGame));
/// assert_eq!("green fairy".parse::<Mischief>(), Err(NameError::NotAMischief));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, thiserror::Error)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(rename_all = "snake_case"))]
#[non_exhaustive]
pub enum NameError {
    /// No Mini Game card is called that.
    #[error("no Mini Game is called that (try a name printed on a card, like \"Ring Toss\")")]
    NotAMiniGame,
    /// No Fairy Mischief card is called that.
    #[error("no Fairy Mischief card is called that (try a fairy, like \"yellow fairy\")")]
    NotAMischief,
}

/// The letters and digits of `text`, lower case: spaces, hyphens and other
/// punctuation do not matter when a name is looked up.
fn key(text: &str) -> impl Iterator<Item = char> + '_ {
    text.chars()
        .filter(|c| c.is_alphanumeric())
        .flat_map(char::to_lowercase)
}

/// Whether `input` and `name` are the same name, ignoring case, spaces and
/// punctuation (so "Hook a hippocampus" and "HookAHippocampus" are both
/// "Hook-a-Hippocampus").
pub(super) fn same(input: &str, name: &str) -> bool {
    key(input).eq(key(name)) && key(input).next().is_some()
}

/// Whether `input` is `name` or its first words (so "Magic Geode" names
/// "Magic Geode Shy"), ignoring case, spaces and punctuation.
pub(super) fn leading_words(input: &str, name: &str) -> bool {
    let ends = name
        .char_indices()
        .filter(|&(_, c)| c == ' ' || c == '-')
        .map(|(i, _)| i)
        .chain(core::iter::once(name.len()));
    ends.filter_map(|end| name.get(..end))
        .any(|prefix| same(input, prefix))
}
