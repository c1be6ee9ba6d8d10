//! Checks of the managed fields: `#[dynakey(version = …, created_at = …, updated_at = …)]` and
//! `#[ttl]` name distinct fields outside the keys, and a `#[ttl]` field is stored as epoch seconds.
//! Their types are checked by bounds the codegen spans at the fields.

use crate::ctxt::Ctxt;
use crate::model::Entity;

/// The serde codec of a `#[ttl]` field.
pub const TTL_CODEC: &[&str] = &["dynakey::ttl"];

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    let is_key = |index: usize| {
        entity
            .pk
            .first()
            .into_iter()
            .chain(entity.sk.first())
            .chain(entity.index_templates())
            .any(|t| t.field_indices().any(|i| i == index))
    };
    let mut seen: Vec<(&str, usize)> = Vec::new();
    for (option, managed) in entity.managed.named() {
        let name = entity.field(managed.field).name();
        if is_key(managed.field) {
            cx.error_at(
                &managed.lit,
                format!(
                    "`{option} = {name:?}`: field `{name}` is used in a key template, and dynakey \
                     changes a {option} field on every write, which would change the key; name a \
                     field of its own"
                ),
            );
        }
        if let Some((other, _)) = seen.iter().find(|(_, f)| *f == managed.field) {
            cx.error_at(
                &managed.lit,
                format!(
                    "field `{name}` is already the {other} field; `{option}` needs a field of its \
                     own"
                ),
            );
        }
        seen.push((option, managed.field));
    }
    for (n, &index) in entity.managed.ttl.iter().enumerate() {
        let field = entity.field(index);
        let Some(span) = field.ttl else { continue };
        if n > 0 {
            cx.error_span(
                span,
                "a second #[ttl] field: DynamoDB has one TTL attribute per table, so an entity \
                 has at most one #[ttl] field; keep one",
            );
            continue;
        }
        if is_key(index) || entity.managed.is_managed(index) {
            cx.error_span(
                span,
                format!(
                    "field `{}` is a key or managed field and cannot also be the #[ttl] field; \
                     give the expiry time a field of its own",
                    field.name()
                ),
            );
        } else if !field.serde.with_is(TTL_CODEC) {
            cx.error_span(
                span,
                format!(
                    "the #[ttl] field `{}` must be stored as epoch seconds, the Number DynamoDB's \
                     TTL reads: add #[serde(with = \"dynakey::ttl\")] to it",
                    field.name()
                ),
            );
        }
    }
}
