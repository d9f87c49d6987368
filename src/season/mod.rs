//! Fairy Season (being built).
