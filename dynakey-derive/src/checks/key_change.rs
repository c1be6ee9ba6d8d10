//! Checks of a key change (`#[next(…)]`, `#[previous(…)]`): at most one per entity, a sort-key
//! template only where the entity has a sort key, a shape other than the current one, and not yet
//! together with `#[unique(…)]`, a sharded partition key or `#[was(…)]`; on every entity, no field
//! stored in an attribute a key change writes. Its templates follow the
//! placeholder rules of every key template (`checks.rs`).

use crate::checks::history::{current_shape, full_shape};
use crate::ctxt::Ctxt;
use crate::grammar::key_change::Phase;
use crate::model::Entity;

/// The attribute a phase is declared with, for messages.
fn attribute(phase: Phase) -> &'static str {
    match phase {
        Phase::Expand => "#[next(…)]",
        Phase::Switch => "#[previous(…)]",
        Phase::Contract => "#[previous(…, retired)]",
    }
}

/// The attributes a key change writes on every item (`SHAPE_ATTRIBUTE` and the twin's keys,
/// docs/semantics.md §10).
const RESERVED: [&str; 3] = ["_shape", "_twin_pk", "_twin_sk"];

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    reserved_attributes(cx, entity);
    let Some(first) = entity.key_change.first() else {
        return;
    };
    for later in entity.key_change.iter().skip(1) {
        cx.error_at(
            &later.shape.attr,
            format!(
                "an entity is in one phase of one key change at a time, and this one declares {} \
                 already: keep one of #[next(…)] (expand), #[previous(…)] (switch) or \
                 #[previous(…, retired)] (contract), the phase this deploy runs",
                attribute(first.phase)
            ),
        );
    }
    let declared = attribute(first.phase);
    let attr = &first.shape.attr;
    let not_yet = |with: &str, why: &str, fix: &str| {
        cx.error_at(
            attr,
            format!("{declared} together with {with} is not supported yet: {why}; {fix}"),
        );
    };
    if !entity.unique.is_empty() {
        not_yet(
            "#[unique(…)]",
            "both copies of an item would need the same uniqueness items",
            "change this key with a #[was(…)] and `db.migrate` while no instance of the old code \
             runs, or drop the #[unique(…)] during the change",
        );
    }
    if entity.shard.is_some() {
        not_yet(
            "a sharded partition key (`shards = …`)",
            "the other shape would need a sharding of its own",
            "keep this key as it is, or rewrite its items while no instance of the old code runs",
        );
    }
    if !entity.earlier.is_empty() {
        not_yet(
            "#[was(…)]",
            "items of an earlier shape would be read beside the other shape's copies",
            "finish the earlier change first: `db.migrate` the items of the earlier shapes, then \
             remove the #[was(…)]",
        );
    }
    let current = current_shape(entity);
    let Some((pk, sk)) = full_shape(cx, entity, &current, &first.shape, "a key change's shape")
    else {
        return;
    };
    if Some(&pk) == current.0.as_ref() && sk == current.1 {
        let Some(lit) = first.shape.lit() else { return };
        let shown = match &sk {
            Some(sk) => format!("partition key {pk:?}, sort key {sk:?}"),
            None => format!("partition key {pk:?}"),
        };
        cx.error_at(
            lit,
            format!(
                "this shape ({shown}) is the entity's current shape: {declared} names the other \
                 shape of the key change (the next templates in the expand phase, the previous \
                 ones after the switch); write the templates that differ"
            ),
        );
    }
}

/// Reports a field stored in an attribute a key change writes: a key change of this entity, or a
/// later one, would write over it.
fn reserved_attributes(cx: &Ctxt, entity: &Entity<'_>) {
    for field in &entity.fields {
        let name = [&field.attribute, &field.attribute_read]
            .into_iter()
            .find(|a| RESERVED.contains(&a.as_str()));
        if let (Some(name), true) = (name, field.serde.serialized()) {
            cx.error_at(
                field.ident,
                format!(
                    "field `{}` is stored as {name:?}, an attribute dynakey writes on the items \
                     of a key change (docs/semantics.md §10): store it under another name with \
                     #[serde(rename = \"…\")]",
                    field.name()
                ),
            );
        }
    }
}
