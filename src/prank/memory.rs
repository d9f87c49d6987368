//! What a seat remembers beyond its view: nothing, in Fairy Prank.

/// What a seat of Fairy Prank saw that still tells the hidden places apart
/// and that its [`View`](super::View) does not show: nothing, so the memory
/// is empty and its [`InfoState`](crate::InfoState) is its view alone.
///
/// The only secret of the game is how the round's items are split between
/// the box and the Fairy's hiding place (in 2 players, which items the Fairy
/// put in the box). Everything a seat sees that bears on it stays in the
/// view until the round ends, and the end of a round opens the box and
/// empties it, so nothing from an earlier round constrains the next:
///
/// - **the items put in the box** in the open Selection phase: they are the
///   round's tokens in play ([`View::tokens`](super::View::tokens)), kept
///   all round; in 2 players the Fairy puts them in in secret and the
///   others are told only how many, which the view shows
///   ([`View::box_count`](super::View::box_count));
/// - **the Fairy's removals**: only the Fairy sees them, and the Fairy's
///   view shows the box and the removed items all round;
/// - **the guesses and the Fairy's answers**: the face-down tokens, right
///   and wrong ([`View::guessed_right`](super::View::guessed_right),
///   [`View::guessed_wrong`](super::View::guessed_wrong)), kept all round;
/// - **how many items are in the box** (with
///   [`BoxSound::ItemCount`](super::BoxSound::ItemCount), and always in 2
///   players): in the view from the end of the Hiding phase on; during the
///   Hiding phase nobody but the Fairy learns it, not even from the number
///   of removals (the others receive no event of them).
///
/// It is a struct with no fields (rather than `()`) so that it names the
/// game's memory in the docs, and `#[non_exhaustive]` so that a rule that
/// one day makes a seat remember something can add it without a breaking
/// change. The ruling "Prank: a seat remembers nothing its view does not
/// show" in `docs/RULINGS.md` records this; the test
/// `prank_sampling::the_view_holds_everything_a_seat_saw` pins it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[non_exhaustive]
pub struct Memory {}
