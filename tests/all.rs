//! The integration tests, as one test binary: one link instead of one per
//! file, and the library's generic code compiled once for all of them (a
//! fresh `cargo test` built 80 binaries). Each file is still its own
//! module, named for what it tests: `cargo test --test all fickle_twins`
//! runs one file. `allocations.rs` stays a binary of its own: its counting
//! global allocator would count the other tests' allocations.

// Helpers shared by several files.
mod fayre_common;
mod fickle_support;
mod scale;
mod season_support;

mod any_game;
mod api;
mod arena;
mod bots;
mod builders;
mod fairy_api;
mod fairy_arbitrary;
mod fairy_conformance;
mod fairy_rules;
mod fairy_sampling;
mod fairy_twins;
mod fairy_words;
mod fayre_arbitrary;
mod fayre_builder;
mod fayre_conformance;
mod fayre_mini_games;
mod fayre_mischief;
mod fayre_names;
mod fayre_notation_roundtrip;
mod fayre_reading;
mod fayre_rules;
mod fayre_sampling;
mod fayre_twins;
mod fayre_words;
mod fickle_arbitrary;
mod fickle_builder;
mod fickle_conformance;
mod fickle_fixes;
mod fickle_kept;
mod fickle_legal_order;
mod fickle_looked;
mod fickle_names;
mod fickle_notation_roundtrip;
mod fickle_powers;
mod fickle_properties;
mod fickle_rulebook;
mod fickle_rulings;
mod fickle_sampling;
mod fickle_sampling_stress;
mod fickle_twins;
mod fickle_violations;
mod fickle_words;
mod fuzz_regressions;
mod harness_catches;
mod harness_rebuilt_drift;
mod json_shapes;
mod leak_oracle;
mod learning;
mod messages;
mod prank_arbitrary;
mod prank_builder;
mod prank_conformance;
mod prank_hiding;
mod prank_legality;
mod prank_names;
mod prank_notation_roundtrip;
mod prank_properties;
mod prank_rulebook;
mod prank_sampling;
mod prank_scenarios;
mod prank_snapshot;
mod prank_twins;
mod prank_words;
mod reading;
mod record;
mod relabel;
mod rulebook_position;
mod season_arbitrary;
mod season_builder;
mod season_conformance;
mod season_legality;
mod season_names;
mod season_notation_roundtrip;
mod season_props;
mod season_rulebook;
mod season_sampling;
mod season_sampling_passes;
mod season_sampling_stress;
mod season_scenarios;
mod season_snapshot;
mod season_twins;
mod season_words;
