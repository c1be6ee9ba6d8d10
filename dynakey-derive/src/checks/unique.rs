//! Unique constraints: every field of one must be stored as written (serde writes it on every
//! put, in its own attribute) and be the caller's (not a field dynakey rewrites on each write),
//! since the uniqueness item is built from the item as written; an entity with `#[ttl]` has no
//! unique constraint (DynamoDB's expiry would delete the item and leave its uniqueness items);
//! and no partition-key template may start with the uniqueness items' prefix or dynakey's own
//! items' (`DYNAKEY#`, the design item's).

use crate::ctxt::Ctxt;
use crate::model::Entity;

/// `dynakey::unique::UNIQUE_PREFIX`.
const UNIQUE_PREFIX: &str = "UNIQUE#";
/// `dynakey::unique::DYNAKEY_PREFIX`: the design item's (and dynakey's other own items').
const DYNAKEY_PREFIX: &str = "DYNAKEY#";

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    let mut ttl_reported = false;
    for unique in &entity.unique {
        for (lit, &index) in unique.lits.iter().zip(&unique.fields) {
            let field = entity.field(index);
            let name = field.name();
            if let Some((what, _)) = field.serde.skips.iter().find(|(what, _)| {
                matches!(*what, "skip" | "skip_serializing" | "skip_serializing_if")
            }) {
                cx.error_at(
                    lit,
                    format!(
                        "field `{name}` is #[serde({what})], so it is not always stored and cannot \
                         be unique; drop the serde attribute or the field from #[unique(…)]"
                    ),
                );
            } else if field.serde.flatten.is_some() {
                cx.error_at(
                    lit,
                    format!(
                        "field `{name}` is #[serde(flatten)]: its fields are stored in the item's \
                         own attributes, not in one, so it cannot be unique; name a field that is \
                         stored as one attribute"
                    ),
                );
            } else if let Some((option, _)) = entity.managed.named().find(|(_, m)| m.field == index)
            {
                cx.error_at(
                    lit,
                    format!(
                        "field `{name}` is the entity's {option} field, which dynakey rewrites on \
                         writes, so its uniqueness item would go stale; drop it from #[unique(…)]"
                    ),
                );
            } else if entity.managed.ttl.contains(&index) {
                ttl_reported = true;
                cx.error_at(
                    lit,
                    format!(
                        "field `{name}` is the #[ttl] field: DynamoDB's expiry deletes the item \
                         but not its uniqueness items, so it cannot be unique; drop it from \
                         #[unique(…)]"
                    ),
                );
            }
        }
    }
    if let (Some(first), false) = (entity.unique.first(), ttl_reported) {
        if !entity.managed.ttl.is_empty() {
            cx.error_at(
                &first.lits[0],
                "an entity with a #[ttl] field cannot have #[unique(…)]: DynamoDB's expiry \
                 deletes the item but not its uniqueness items, which would keep the values \
                 taken; drop #[ttl] or the unique constraints",
            );
        }
    }
    for template in &entity.pk {
        if template.lit.value().starts_with(DYNAKEY_PREFIX) {
            cx.error_at(
                &template.lit,
                format!(
                    "a partition-key template may not start with {DYNAKEY_PREFIX:?}: that prefix \
                     is dynakey's own items' (the design item the table records, \
                     docs/semantics.md §10); choose another prefix"
                ),
            );
        } else if template.lit.value().starts_with(UNIQUE_PREFIX) {
            cx.error_at(
                &template.lit,
                format!(
                    "a partition-key template may not start with {UNIQUE_PREFIX:?}: that prefix is \
                     the uniqueness items' (#[unique(…)], docs/semantics.md §5); choose another \
                     prefix"
                ),
            );
        }
    }
}
