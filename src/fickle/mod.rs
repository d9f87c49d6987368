//! Fickle (being built).
