//! Fairy Prank (being built).
