//! Reading a stored record: its format is checked before anything else of
//! it, so a record of another format is told so, not replayed nor refused
//! with the first of its values this version no longer reads.
//!
//! A record with no `format` field is of record format 1: earlier 0.2 builds
//! wrote it, with checks of Rust's `Debug` text and the configs and actions
//! in JSON shapes that have changed since (`"Standard"`, `{"Select": 3}`,
//! Fairy Season cards as numbers). It is refused whole: when its `format`
//! is missing, and when a value before any `format` does not read (the
//! writers always put `format` first).

use core::fmt;
use core::marker::PhantomData;

use serde::de::{self, Deserialize, Deserializer, IgnoredAny, MapAccess, SeqAccess, Visitor};

use super::{Move, RECORD_FORMAT, Record};
use crate::Game;

/// Why a stored record is not read, in the reader's error.
enum Refusal {
    /// No `format` field: record format 1.
    Earlier,
    /// A format this version does not read.
    Other(u32),
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::Earlier => write!(
                f,
                "this record has no \"format\" field: it was written by an earlier fairy-ring 0.2 \
                 build, in record format 1, before the record format and the JSON shapes of \
                 configs and actions changed; this version of fairy-ring reads record format \
                 {RECORD_FORMAT} only: replay it with the fairy-ring build that wrote it"
            ),
            Refusal::Other(format) => write!(
                f,
                "the record is in record format {format}, which this version of fairy-ring does \
                 not read (it reads record format {RECORD_FORMAT}): read it with a version of \
                 fairy-ring that does"
            ),
        }
    }
}

/// `format`, if this version reads it.
fn known<E: de::Error>(format: u32) -> Result<u32, E> {
    if format == RECORD_FORMAT {
        Ok(format)
    } else {
        Err(E::custom(Refusal::Other(format)))
    }
}

/// The fields, in the order they are written.
const FIELDS: &[&str] = &["format", "rules", "config", "deal", "check", "moves"];

#[derive(Clone, Copy, PartialEq, Eq)]
enum Field {
    Format,
    Rules,
    Config,
    Deal,
    Check,
    Moves,
    /// A field a record does not have: skipped, as before.
    Other,
}

impl Field {
    fn named(name: &[u8]) -> Field {
        match name {
            b"format" => Field::Format,
            b"rules" => Field::Rules,
            b"config" => Field::Config,
            b"deal" => Field::Deal,
            b"check" => Field::Check,
            b"moves" => Field::Moves,
            _ => Field::Other,
        }
    }
}

impl<'de> Deserialize<'de> for Field {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Field, D::Error> {
        deserializer.deserialize_identifier(FieldVisitor)
    }
}

struct FieldVisitor;

impl Visitor<'_> for FieldVisitor {
    type Value = Field;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a field of a game record")
    }

    /// A field by its place, as formats without names store it.
    fn visit_u64<E: de::Error>(self, index: u64) -> Result<Field, E> {
        Ok(match index {
            0 => Field::Format,
            1 => Field::Rules,
            2 => Field::Config,
            3 => Field::Deal,
            4 => Field::Check,
            5 => Field::Moves,
            _ => Field::Other,
        })
    }

    fn visit_str<E: de::Error>(self, name: &str) -> Result<Field, E> {
        Ok(Field::named(name.as_bytes()))
    }

    fn visit_bytes<E: de::Error>(self, name: &[u8]) -> Result<Field, E> {
        Ok(Field::named(name))
    }
}

/// Reads the value of `field` into `slot`. Before any `format`, a value that
/// does not read is taken for an earlier shape: the record is of format 1.
fn fill<'de, A: MapAccess<'de>, T: Deserialize<'de>>(
    map: &mut A,
    slot: &mut Option<T>,
    field: &'static str,
    before_format: bool,
) -> Result<(), A::Error> {
    if slot.is_some() {
        return Err(de::Error::duplicate_field(field));
    }
    let value = map.next_value().map_err(|error| match before_format {
        true => de::Error::custom(Refusal::Earlier),
        false => error,
    })?;
    *slot = Some(value);
    Ok(())
}

struct RecordVisitor<G>(PhantomData<fn() -> G>);

impl<'de, G: Game> Visitor<'de> for RecordVisitor<G>
where
    G::Config: Deserialize<'de>,
    G::Action: Deserialize<'de>,
{
    type Value = Record<G>;

    fn expecting(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("a game record")
    }

    fn visit_map<A: MapAccess<'de>>(self, mut map: A) -> Result<Record<G>, A::Error> {
        let mut format = None;
        let mut rules = None;
        let mut config = None;
        let mut deal = None;
        let mut check = None;
        let mut moves: Option<alloc::vec::Vec<Move<G>>> = None;
        // Whether anything of a record's body was met, so that text with no
        // record field at all is not told it is an old record.
        let mut body = false;
        while let Some(field) = map.next_key::<Field>()? {
            let before_format = format.is_none();
            body |= field != Field::Format && field != Field::Other;
            match field {
                Field::Format => {
                    if format.is_some() {
                        return Err(de::Error::duplicate_field("format"));
                    }
                    format = Some(known(map.next_value()?)?);
                }
                Field::Rules => fill(&mut map, &mut rules, "rules", before_format)?,
                Field::Config => fill(&mut map, &mut config, "config", before_format)?,
                Field::Deal => fill(&mut map, &mut deal, "deal", before_format)?,
                Field::Check => fill(&mut map, &mut check, "check", before_format)?,
                Field::Moves => fill(&mut map, &mut moves, "moves", before_format)?,
                Field::Other => {
                    map.next_value::<IgnoredAny>()?;
                }
            }
        }
        let Some(format) = format else {
            return Err(match body {
                true => de::Error::custom(Refusal::Earlier),
                false => de::Error::missing_field("format"),
            });
        };
        Ok(Record {
            format,
            rules: rules.ok_or_else(|| de::Error::missing_field("rules"))?,
            config: config.ok_or_else(|| de::Error::missing_field("config"))?,
            deal: deal.ok_or_else(|| de::Error::missing_field("deal"))?,
            check: check.ok_or_else(|| de::Error::missing_field("check"))?,
            moves: moves.ok_or_else(|| de::Error::missing_field("moves"))?,
        })
    }

    /// A record stored as its fields in order (formats without names):
    /// the format comes first there too.
    fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<Record<G>, A::Error> {
        let format = seq
            .next_element()?
            .ok_or_else(|| de::Error::invalid_length(0, &self))?;
        let format = known(format)?;
        Ok(Record {
            format,
            rules: seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(1, &self))?,
            config: seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(2, &self))?,
            deal: seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(3, &self))?,
            check: seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(4, &self))?,
            moves: seq
                .next_element()?
                .ok_or_else(|| de::Error::invalid_length(5, &self))?,
        })
    }
}

impl<'de, G: Game> Deserialize<'de> for Record<G>
where
    G::Config: Deserialize<'de>,
    G::Action: Deserialize<'de>,
{
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Record<G>, D::Error> {
        deserializer.deserialize_struct("Record", FIELDS, RecordVisitor(PhantomData))
    }
}
