//! A Midsummer Night's Fayre (being built).
