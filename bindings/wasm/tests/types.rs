//! Generates the TypeScript types of every JSON shape from the Rust types,
//! with `serde-reflection`: each game's types are traced through their own
//! `Deserialize` (so every variant is seen, not only those a game happened
//! to reach) into one namespace per game (`fairy.View`, `season.Card`),
//! the `Any` enums are the union of the games' types under the game's short
//! name, and the generic shapes (`Message`, `InfoState`, `Record`, the
//! binding's `Letter`) are traced with one game's types and named with the
//! `Any` ones.
//!
//! The test fails when `src/types.d.ts` differs from what the Rust types
//! give; `UPDATE_TYPES=1 cargo test -p fairy-ring-wasm --test types` writes
//! it.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;

use fairy_ring::{
    GameKind, InfoState, Message, Outcome, Seat, fairy, fayre, fickle, prank, season,
};
use fairy_ring_wasm::{Choice, ErrorKind, GameEntry, Letter, Said, Search};
use serde_reflection::{
    ContainerFormat, Format, Named, Registry, Samples, Tracer, TracerConfig, VariantFormat,
};

/// A tracer whose made-up values pass the games' checks: a card numbered 1,
/// a die face of 1.
fn tracer() -> Tracer {
    Tracer::new(
        TracerConfig::default()
            .is_human_readable(true)
            .record_samples_for_structs(true)
            .default_u8_value(1)
            .default_u16_value(1)
            .default_u32_value(fairy_ring::RECORD_FORMAT),
    )
}

/// The name a type is traced under, and the tracer's result.
fn name_of<'de, T: serde::Deserialize<'de>>(
    tracer: &mut Tracer,
    samples: &'de Samples,
    what: &str,
) -> String {
    match tracer.trace_type::<T>(samples) {
        Ok((Format::TypeName(name), _)) => name,
        Ok((format, _)) => panic!("{what} is not a named type: {format:?}"),
        // An enum without variants (a game none of whose moves can break a
        // rule): no value has this type.
        Err(error) if error.to_string().contains("with 0 variants") => "never".into(),
        Err(error) => panic!("tracing {what}: {error}"),
    }
}

/// How many times each type is traced: more than any enum has variants.
const ROUNDS: usize = 400;

/// One trace; an enum without variants is skipped.
fn trace_once<'de, T: serde::Deserialize<'de>>(
    tracer: &mut Tracer,
    samples: &'de Samples,
) -> Option<Format> {
    match tracer.trace_type_once::<T>(samples) {
        Ok((format, _)) => Some(format),
        Err(error) if error.to_string().contains("with 0 variants") => None,
        Err(error) => panic!("tracing {}: {error}", std::any::type_name::<T>()),
    }
}

/// One game's types: the registry, and the names of its Config, Action,
/// View, Event, Setup and Memory.
struct Traced {
    registry: Registry,
    names: BTreeMap<&'static str, String>,
}

macro_rules! trace_game {
    ($module:ident, $prepare:expr) => {{
        let prepare: fn(&mut Tracer, &mut Samples) = $prepare;
        // The names of the containers met so far: a tracer only walks on to
        // the next variant of an enum once told that enum is incomplete, so
        // each pass tells it of every enum the last pass found.
        let mut known: BTreeSet<String> = BTreeSet::new();
        loop {
            let mut tracer = tracer();
            let mut samples = Samples::new();
            prepare(&mut tracer, &mut samples);
            let mut names = BTreeMap::new();
            names.insert(
                "AnyConfig",
                name_of::<$module::Config>(&mut tracer, &samples, "Config"),
            );
            names.insert(
                "AnyAction",
                name_of::<$module::Action>(&mut tracer, &samples, "Action"),
            );
            names.insert(
                "AnyView",
                name_of::<$module::View>(&mut tracer, &samples, "View"),
            );
            names.insert(
                "AnyEvent",
                name_of::<$module::Event>(&mut tracer, &samples, "Event"),
            );
            names.insert(
                "AnySetup",
                name_of::<$module::Setup>(&mut tracer, &samples, "Setup"),
            );
            names.insert(
                "AnyMemory",
                name_of::<$module::Memory>(&mut tracer, &samples, "Memory"),
            );
            names.insert(
                "AnyViolation",
                name_of::<$module::Violation>(&mut tracer, &samples, "Violation"),
            );
            name_of::<Message<$module::State>>(&mut tracer, &samples, "Message");
            name_of::<InfoState<$module::State>>(&mut tracer, &samples, "InfoState");
            name_of::<Outcome>(&mut tracer, &samples, "Outcome");
            let mut complete = false;
            for _ in 0..ROUNDS {
                trace_once::<$module::Config>(&mut tracer, &samples);
                trace_once::<$module::Action>(&mut tracer, &samples);
                trace_once::<$module::View>(&mut tracer, &samples);
                trace_once::<$module::Event>(&mut tracer, &samples);
                trace_once::<$module::Setup>(&mut tracer, &samples);
                trace_once::<$module::Memory>(&mut tracer, &samples);
                trace_once::<$module::Violation>(&mut tracer, &samples);
                let mut incomplete = false;
                for name in &known {
                    incomplete |= tracer.check_incomplete_enum(name).is_some();
                }
                if !incomplete {
                    complete = true;
                    break;
                }
            }
            let registry = tracer.registry_unchecked();
            let found: BTreeSet<String> = registry.keys().cloned().collect();
            if complete && found == known {
                break Traced { registry, names };
            }
            assert!(
                found != known,
                "tracing {}: enums left incomplete",
                stringify!($module)
            );
            known = found;
        }
    }};
}

/// The TypeScript of a format; `lift` renames a game's types to the `Any`
/// ones.
fn ts(format: &Format, lift: &BTreeMap<String, String>) -> String {
    match format {
        Format::TypeName(name) => lift.get(name).cloned().unwrap_or_else(|| name.clone()),
        Format::Unit => "null".into(),
        Format::Bool => "boolean".into(),
        Format::I8
        | Format::I16
        | Format::I32
        | Format::I64
        | Format::I128
        | Format::U8
        | Format::U16
        | Format::U32
        | Format::U64
        | Format::U128
        | Format::F32
        | Format::F64 => "number".into(),
        Format::Char | Format::Str => "string".into(),
        Format::Bytes => "number[]".into(),
        Format::Option(inner) => format!("{} | null", ts(inner, lift)),
        Format::Seq(inner) => format!("Array<{}>", ts(inner, lift)),
        Format::Map { key, value } => {
            format!("Record<{}, {}>", ts(key, lift), ts(value, lift))
        }
        Format::Tuple(items) => {
            let items: Vec<String> = items.iter().map(|f| ts(f, lift)).collect();
            format!("[{}]", items.join(", "))
        }
        // A fixed-size list: `[T; N]` is a JSON list of N.
        Format::TupleArray { content, size } => {
            format!("Array<{}> /* {size} */", ts(content, lift))
        }
        Format::Variable(_) => panic!("a format was left unknown by the tracer"),
    }
}

/// A struct's fields; those in `omitted` may be left out of the JSON
/// (`name?:`).
fn fields(fields: &[Named<Format>], lift: &BTreeMap<String, String>, omitted: &[&str]) -> String {
    let fields: Vec<String> = fields
        .iter()
        .map(|field| {
            let mark = if omitted.contains(&field.name.as_str()) {
                "?"
            } else {
                ""
            };
            format!("{}{mark}: {}", field.name, ts(&field.value, lift))
        })
        .collect();
    format!("{{ {} }}", fields.join("; "))
}

/// The TypeScript of a container; `omitted` are the fields of a struct that
/// its JSON may leave out ([`left_out_when_default`]).
fn container(
    format: &ContainerFormat,
    lift: &BTreeMap<String, String>,
    omitted: &[&str],
) -> String {
    match format {
        ContainerFormat::UnitStruct => "null".into(),
        ContainerFormat::NewTypeStruct(inner) => ts(inner, lift),
        ContainerFormat::TupleStruct(items) => ts(&Format::Tuple(items.clone()), lift),
        ContainerFormat::Struct(named) => fields(named, lift, omitted),
        ContainerFormat::Enum(variants) => {
            let variants: Vec<String> = variants
                .values()
                .map(|variant| match &variant.value {
                    VariantFormat::Unit => format!("\"{}\"", variant.name),
                    VariantFormat::NewType(inner) => {
                        format!("{{ {}: {} }}", variant.name, ts(inner, lift))
                    }
                    VariantFormat::Tuple(items) => format!(
                        "{{ {}: {} }}",
                        variant.name,
                        ts(&Format::Tuple(items.clone()), lift)
                    ),
                    VariantFormat::Struct(named) => {
                        format!("{{ {}: {} }}", variant.name, fields(named, lift, &[]))
                    }
                    VariantFormat::Variable(_) => panic!("a variant was left unknown"),
                })
                .collect();
            variants.join("\n  | ")
        }
    }
}

/// The fields a struct's JSON leaves out when they hold their default
/// (`skip_serializing_if`, which a trace of `Deserialize` cannot see): a
/// Fairy Season view leaves out the rulebook's card data. The check of real
/// values accepts these fields missing, and no other.
fn left_out_when_default(game: &str, name: &str) -> &'static [&'static str] {
    match (game, name) {
        ("season", "View") => &["cards"],
        _ => &[],
    }
}

/// The shapes whose serde impls are written by hand in a way a trace of
/// their `Deserialize` cannot see: a Fairy Season card has the fields of
/// its kind only (see its rustdoc, "Serialized").
fn written_shape(game: &str, name: &str) -> Option<&'static str> {
    match (game, name) {
        ("season", "Card") => Some(
            "{ season: Season; number: number; copy: number }\n  \
             | { royal: Royal; copy: number }\n  \
             | { goblin: Goblin; copy: number }\n  \
             | { trap: true; copy: number }",
        ),
        _ => None,
    }
}

fn generate() -> String {
    let games: [(GameKind, Traced); 5] = [
        (GameKind::Fairy, trace_game!(fairy, |_, _| {})),
        (GameKind::Prank, trace_game!(prank, prank_samples)),
        (GameKind::Season, trace_game!(season, season_samples)),
        (GameKind::Fickle, trace_game!(fickle, fickle_samples)),
        (GameKind::Fayre, trace_game!(fayre, fayre_samples)),
    ];
    let mut out = String::from(
        "// Generated by bindings/wasm/tests/types.rs from the Rust types: do not edit.\n\
         // `UPDATE_TYPES=1 cargo test -p fairy-ring-wasm --test types` writes it again.\n\n",
    );
    let none = BTreeMap::new();
    for (kind, traced) in &games {
        let _ = writeln!(out, "/** The JSON shapes of {}. */", kind);
        let _ = writeln!(out, "export namespace {} {{", kind.id());
        for (name, format) in &traced.registry {
            let body = match written_shape(kind.id(), name) {
                Some(shape) => shape.to_string(),
                None => container(format, &none, left_out_when_default(kind.id(), name)),
            };
            let _ = writeln!(out, "  export type {name} =\n  {body};");
        }
        out.push_str("}\n\n");
    }
    // The `Any` enums: the game's short name around its own value.
    for any in [
        "AnyConfig",
        "AnyAction",
        "AnyView",
        "AnyEvent",
        "AnySetup",
        "AnyMemory",
        "AnyViolation",
    ] {
        let variants: Vec<String> = games
            .iter()
            .map(|(kind, traced)| match traced.names[any].as_str() {
                "never" => format!("{{ {}: never }}", kind.id()),
                name => format!("{{ {0}: {0}.{1} }}", kind.id(), name),
            })
            .collect();
        let extra = if any == "AnyMemory" {
            "\n  | \"nothing\""
        } else {
            ""
        };
        let _ = writeln!(
            out,
            "export type {any} =\n  | {}{extra};",
            variants.join("\n  | ")
        );
    }
    out.push('\n');
    // Shared and generic shapes, traced with Fairy's types and named with
    // the `Any` ones.
    let mut tracer = tracer();
    let samples = Samples::new();
    let lift: BTreeMap<String, String> = games[0]
        .1
        .names
        .iter()
        .map(|(any, name)| (name.clone(), any.to_string()))
        .collect();
    let shared = vec![
        name_of::<Seat>(&mut tracer, &samples, "Seat"),
        name_of::<Outcome>(&mut tracer, &samples, "Outcome"),
        name_of::<GameKind>(&mut tracer, &samples, "GameKind"),
        name_of::<ErrorKind>(&mut tracer, &samples, "ErrorKind"),
        name_of::<Search>(&mut tracer, &samples, "Search"),
        name_of::<GameEntry>(&mut tracer, &samples, "GameEntry"),
        name_of::<Message<fairy::State>>(&mut tracer, &samples, "Message"),
        name_of::<InfoState<fairy::State>>(&mut tracer, &samples, "InfoState"),
        name_of::<Choice<fairy::Action>>(&mut tracer, &samples, "Choice"),
        name_of::<Said<fairy::Event>>(&mut tracer, &samples, "Said"),
        name_of::<Letter<Message<fairy::State>, Said<fairy::Event>, Choice<fairy::Action>>>(
            &mut tracer,
            &samples,
            "Letter",
        ),
        name_of::<fairy_ring::Record<fairy::State>>(&mut tracer, &samples, "Record"),
        name_of::<fairy_ring::Move<fairy::State>>(&mut tracer, &samples, "Move"),
    ];
    let registry = tracer.registry_unchecked();
    for name in shared {
        let format = &registry[&name];
        // TypeScript has its own `Record`.
        let shown = if name == "Record" {
            "GameRecord"
        } else {
            name.as_str()
        };
        let _ = writeln!(
            out,
            "export type {shown} =\n  {};",
            container(format, &lift, &[])
        );
    }
    out.push_str(
        "\n/** An `Error` thrown by the package: the crate's words, and which failure. */\n\
         export interface FairyRingError extends Error {\n  kind: ErrorKind;\n  detail?: unknown;\n}\n",
    );
    out
}

/// Traces enums that a trace through the top-level types reaches only once
/// (inside a later variant or an `Option`), so that every variant is seen;
/// `the_traced_types_fit_every_value_of_random_games` finds any left out.
macro_rules! trace_simple {
    ($tracer:expr, $($ty:ty),* $(,)?) => {$(
        if let Err(error) = $tracer.trace_simple_type::<$ty>() {
            panic!("tracing {}: {error}", stringify!($ty));
        }
    )*};
}

fn prank_samples(tracer: &mut Tracer, _: &mut Samples) {
    trace_simple!(tracer, prank::GuessingEnd);
}

fn fickle_samples(tracer: &mut Tracer, _: &mut Samples) {
    trace_simple!(
        tracer,
        fickle::Zone,
        fickle::Slot,
        fickle::Step,
        fickle::ChainStep,
        fickle::FaceDown,
        fickle::LineupEffect,
        fickle::Resolution,
        fickle::Target,
        fickle::Direction,
    );
}

fn fayre_samples(tracer: &mut Tracer, _: &mut Samples) {
    trace_simple!(
        tracer,
        fayre::Ending,
        fayre::MiniGame,
        fayre::Mischief,
        fayre::PitOutcome,
        fayre::score::Place,
        fayre::Reason,
        fayre::Shift,
        fayre::Side,
    );
}

/// Samples that let a Fairy Season card through its checks: the tracer
/// reads a card from a recorded value with every field its `Deserialize`
/// looks for.
fn season_samples(tracer: &mut Tracer, samples: &mut Samples) {
    /// The fields a Fairy Season card is read from, as a Spring 1.
    #[derive(serde::Serialize)]
    #[serde(rename = "Card")]
    struct Shape {
        season: Option<season::Season>,
        number: Option<u8>,
        royal: Option<season::Royal>,
        goblin: Option<season::Goblin>,
        trap: Option<bool>,
        copy: u8,
    }
    let spring = Shape {
        season: Some(season::Season::Spring),
        number: Some(1),
        royal: None,
        goblin: None,
        trap: None,
        copy: 0,
    };
    if let Err(error) = tracer.trace_value(samples, &spring) {
        panic!("tracing a Fairy Season card: {error}");
    }
    // The card's kinds, which the written shape names.
    trace_simple!(tracer, season::Season, season::Royal, season::Goblin);
}

/// What in `value` the traced `format` does not describe (a variant the
/// trace missed, a field it does not know), each as one line.
fn misfits(
    value: &serde_json::Value,
    format: &Format,
    registry: &Registry,
    game: &str,
    problems: &mut BTreeSet<String>,
) {
    use serde_json::Value;
    match (format, value) {
        (Format::TypeName(name), _) => {
            if written_shape(game, name).is_some() {
                return;
            }
            match registry.get(name) {
                Some(container) => {
                    container_misfits(value, name, container, registry, game, problems)
                }
                None => {
                    problems.insert(format!("{game}: {name} was not traced"));
                }
            }
        }
        (Format::Option(_), Value::Null) | (Format::Unit, Value::Null) => {}
        (Format::Option(inner), _) => misfits(value, inner, registry, game, problems),
        (Format::Seq(inner), Value::Array(items))
        | (Format::TupleArray { content: inner, .. }, Value::Array(items)) => {
            for item in items {
                misfits(item, inner, registry, game, problems);
            }
        }
        (Format::Tuple(formats), Value::Array(items)) if formats.len() == items.len() => {
            for (format, item) in formats.iter().zip(items) {
                misfits(item, format, registry, game, problems);
            }
        }
        (Format::Bool, Value::Bool(_)) | (Format::Str, Value::String(_)) => {}
        (
            Format::U8
            | Format::U16
            | Format::U32
            | Format::U64
            | Format::I8
            | Format::I16
            | Format::I32
            | Format::I64
            | Format::F32
            | Format::F64,
            Value::Number(_),
        ) => {}
        (format, value) => {
            problems.insert(format!("{game}: {value} is not a {format:?}"));
        }
    }
}

fn container_misfits(
    value: &serde_json::Value,
    name: &str,
    container: &ContainerFormat,
    registry: &Registry,
    game: &str,
    problems: &mut BTreeSet<String>,
) {
    use serde_json::Value;
    let check_fields = |fields: &[Named<Format>],
                        value: &Value,
                        problems: &mut BTreeSet<String>| match value {
        Value::Object(map)
            if map
                .keys()
                .all(|key| fields.iter().any(|field| &field.name == key)) =>
        {
            for field in fields {
                match map.get(&field.name) {
                    Some(inner) => misfits(inner, &field.value, registry, game, problems),
                    None if left_out_when_default(game, name).contains(&field.name.as_str()) => {}
                    None => {
                        problems.insert(format!("{game}: {name} lacks field {}", field.name));
                    }
                }
            }
        }
        _ => {
            problems.insert(format!("{game}: {value} is not a {name}"));
        }
    };
    match container {
        ContainerFormat::UnitStruct => {}
        ContainerFormat::NewTypeStruct(inner) => misfits(value, inner, registry, game, problems),
        ContainerFormat::TupleStruct(items) => misfits(
            value,
            &Format::Tuple(items.clone()),
            registry,
            game,
            problems,
        ),
        ContainerFormat::Struct(fields) => check_fields(fields, value, problems),
        ContainerFormat::Enum(variants) => {
            let (tag, payload) = match value {
                Value::String(tag) => (tag.as_str(), None),
                Value::Object(map) if map.len() == 1 => match map.iter().next() {
                    Some((tag, payload)) => (tag.as_str(), Some(payload)),
                    None => return,
                },
                _ => {
                    problems.insert(format!("{game}: {value} is not a {name}"));
                    return;
                }
            };
            let Some(variant) = variants.values().find(|v| v.name == tag) else {
                problems.insert(format!("{game}: {name} lacks the variant {tag}"));
                return;
            };
            match (&variant.value, payload) {
                (VariantFormat::Unit, None) => {}
                (VariantFormat::NewType(inner), Some(payload)) => {
                    misfits(payload, inner, registry, game, problems)
                }
                (VariantFormat::Tuple(items), Some(payload)) => misfits(
                    payload,
                    &Format::Tuple(items.clone()),
                    registry,
                    game,
                    problems,
                ),
                (VariantFormat::Struct(fields), Some(payload)) => {
                    check_fields(fields, payload, problems)
                }
                _ => {
                    problems.insert(format!("{game}: {value} does not fit {name}::{tag}"));
                }
            }
        }
    }
}

/// Random games of every game at every player count, with every seat's
/// view, redacted events and choices, and the position after each move:
/// each value's JSON must fit the traced types.
macro_rules! check_real_values {
    ($module:ident, $traced:expr, $problems:expr) => {{
        use fairy_ring::rand_core::SeedableRng;
        use fairy_ring::{Bot, Game, Player, RandomBot};
        let traced: &Traced = $traced;
        let game = GameKind::ALL
            .iter()
            .find(|kind| kind.id() == stringify!($module))
            .map_or("?", |kind| kind.id());
        let named = |any: &str| Format::TypeName(traced.names[any].clone());
        let mut check = |value: serde_json::Value, any: &str| {
            misfits(&value, &named(any), &traced.registry, game, $problems)
        };
        let kind = GameKind::ALL
            .into_iter()
            .find(|kind| kind.id() == stringify!($module))
            .expect("a game");
        for players in kind.players() {
            for seed in 0..3 {
                let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
                let config = $module::Config::new(players).expect("a standard config");
                check(serde_json::to_value(&config).expect("json"), "AnyConfig");
                let mut state = $module::State::new(&config, &mut rng).expect("a deal");
                let seats: Vec<Seat> = (0..players)
                    .map(|p| Seat::Player(Player(p as u8)))
                    .chain([Seat::Spectator])
                    .collect();
                while let Some(player) = state.to_act().lowest() {
                    let decision = state.decision(player);
                    for action in &decision.legal {
                        check(serde_json::to_value(action).expect("json"), "AnyAction");
                    }
                    let action = RandomBot.choose(&decision, &mut rng).expect("a move");
                    let events = state.apply(player, action, &mut rng).expect("legal");
                    for event in &events {
                        check(serde_json::to_value(event).expect("json"), "AnyEvent");
                    }
                    for seat in &seats {
                        for event in $module::State::redact_all(&events, *seat).iter() {
                            check(serde_json::to_value(event).expect("json"), "AnyEvent");
                        }
                        check(
                            serde_json::to_value(state.view_for(*seat)).expect("json"),
                            "AnyView",
                        );
                    }
                    check(
                        serde_json::to_value(state.to_setup()).expect("json"),
                        "AnySetup",
                    );
                }
            }
        }
    }};
}

#[test]
fn the_traced_types_fit_every_value_of_random_games() {
    let mut problems = BTreeSet::new();
    check_real_values!(fairy, &trace_game!(fairy, |_, _| {}), &mut problems);
    check_real_values!(prank, &trace_game!(prank, prank_samples), &mut problems);
    check_real_values!(season, &trace_game!(season, season_samples), &mut problems);
    check_real_values!(fickle, &trace_game!(fickle, fickle_samples), &mut problems);
    check_real_values!(fayre, &trace_game!(fayre, fayre_samples), &mut problems);
    let list: Vec<String> = problems.into_iter().collect();
    assert!(
        list.is_empty(),
        "the traced types miss:\n{}",
        list.join("\n")
    );
}

#[test]
fn typescript_types_are_generated_from_the_rust_types() {
    let generated = generate();
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/src/types.d.ts");
    if std::env::var_os("UPDATE_TYPES").is_some() {
        std::fs::write(path, &generated).expect("writing src/types.d.ts");
    }
    let committed = std::fs::read_to_string(path).unwrap_or_default();
    assert!(
        committed == generated,
        "src/types.d.ts is not what the Rust types give: run \
         `UPDATE_TYPES=1 cargo test -p fairy-ring-wasm --test types`"
    );
}
