//! Checks of the serde attributes that would make a stored item disagree with its key: dynakey
//! builds keys from the fields' values, and reads items back with serde, so a key field (of the
//! `#[pk]`, `#[sk]` or an `#[index]` template) must be stored by serde as it is — under one name,
//! in its own form, always. The same holds for the fields dynakey maintains (version, timestamps),
//! and the struct must be stored as its fields.

use proc_macro2::Span;

use crate::ctxt::Ctxt;
use crate::grammar::serde::SerdeField;
use crate::model::{Entity, Field};

/// Every check of this module.
pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    container(cx, entity);
    for (index, field) in entity.fields.iter().enumerate() {
        let used_in = entity
            .pk
            .first()
            .into_iter()
            .chain(entity.sk.first())
            .chain(entity.index_templates())
            .find(|t| t.field_indices().any(|i| i == index));
        if let Some(template) = used_in {
            let what = format!(
                "field `{}` is used in key template {:?}",
                field.name(),
                template.lit.value()
            );
            stored_as_is(cx, &field.serde, field.ttl.is_some(), &what, KEY_FIELD);
            one_name(cx, entity, field, &what, KEY_FIELD);
        } else if let Some(fill) = entity.indexes.iter().find(|i| {
            i.fills
                .iter()
                .any(|f| f.native_fields().any(|n| n == index))
        }) {
            let what = format!(
                "field `{}` fills an attribute of index `{}`",
                field.name(),
                fill.name()
            );
            stored_as_is(cx, &field.serde, field.ttl.is_some(), &what, NATIVE_FIELD);
            one_name(cx, entity, field, &what, NATIVE_FIELD);
        } else if let Some((option, _)) = entity.managed.named().find(|(_, f)| f.field == index) {
            let what = format!(
                "field `{}` is the {option} field (#[dynakey({option} = …)])",
                field.name()
            );
            stored_as_is(cx, &field.serde, field.ttl.is_some(), &what, MANAGED_FIELD);
            one_name(cx, entity, field, &what, MANAGED_FIELD);
        }
    }
}

/// Why a key field must be stored as it is.
const KEY_FIELD: &str =
    "keys are built from the field's value, so serde must store exactly that value";
/// Why a field that fills an index attribute itself must be stored as it is.
const NATIVE_FIELD: &str =
    "serde's attribute of the field is the index key attribute, so serde must store exactly its value";
/// Why a managed field must be stored as it is.
const MANAGED_FIELD: &str = "dynakey writes and compares its plain serde form in every request";

/// Reports each serde option that stores the field differently from its plain value under one
/// name; `what` says what the field is, `why` why that matters.
fn stored_as_is(cx: &Ctxt, serde: &SerdeField, ttl: bool, what: &str, why: &str) {
    for (option, span) in &serde.skips {
        let effect = match *option {
            "skip_deserializing" => "a read would not take it from the item",
            "skip_serializing_if" => "it is left out of the item whenever the predicate holds",
            _ => "it is left out of the stored item",
        };
        report(
            cx,
            *span,
            format!("{what}: with #[serde({option})] {effect}, so the item read back disagrees with its key; {why}: remove `{option}`"),
        );
    }
    if let Some(span) = serde.flatten {
        report(
            cx,
            span,
            format!("{what}: #[serde(flatten)] spreads it over other attributes; {why}: remove `flatten`"),
        );
    }
    // The TTL codec on a #[ttl] key field is reported once, by `checks::managed`.
    let ttl_codec = ttl && serde.with_is(crate::checks::managed::TTL_CODEC);
    let custom = serde
        .with
        .iter()
        .filter(|_| !ttl_codec)
        .map(|(_, span)| ("with", *span))
        .chain(serde.custom.iter().copied());
    for (option, span) in custom {
        report(
            cx,
            span,
            format!(
                "{what}: #[serde({option} = …)] stores it in a form of its own, which can disagree \
                 with the key built from the value (a timestamp stored in whole seconds, say) and \
                 with the values conditions and updates send; {why}: remove `{option}`"
            ),
        );
    }
}

/// Reports a field serde writes under one attribute and reads from another.
fn one_name(cx: &Ctxt, entity: &Entity<'_>, field: &Field<'_>, what: &str, why: &str) {
    if field.attribute == field.attribute_read {
        return;
    }
    let span = field
        .serde
        .rename_span
        .or(entity.serde.rename_all_span)
        .unwrap_or_else(|| field.ident.span());
    report(
        cx,
        span,
        format!(
            "{what}: serde writes it as {:?} but reads it from {:?}, so the item read back \
             disagrees with its key; {why}: give it one name (`rename = \"…\"`, \
             `rename_all = \"…\"`)",
            field.attribute, field.attribute_read
        ),
    );
}

fn report(cx: &Ctxt, span: Span, message: String) {
    cx.error_span(span, message);
}

/// Container attributes under which the stored item is not the struct's fields, or never reads
/// back.
fn container(cx: &Ctxt, entity: &Entity<'_>) {
    for (option, span) in &entity.serde.reshaping {
        let message = if *option == "deny_unknown_fields" {
            format!(
                "#[serde(deny_unknown_fields)] on entity `{}` would make every read fail: each \
                 item also holds its key attributes (and index keys), which are no field of the \
                 struct; remove `deny_unknown_fields`",
                entity.ident
            )
        } else {
            let written = if *option == "transparent" {
                "transparent".to_owned()
            } else {
                format!("{option} = \"…\"")
            };
            format!(
                "#[serde({written})] on entity `{}` stores the item as something other than the \
                 struct's own fields, so dynakey could not keep the item and its key in \
                 agreement (keys are built from the fields, items written and read by serde); \
                 remove `{option}` and convert explicitly before a write or after a read",
                entity.ident
            )
        };
        report(cx, *span, message);
    }
}
