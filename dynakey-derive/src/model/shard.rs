//! The sharding of an entity's partition key, resolved: `shards = N, shard_by = "field"` on the
//! `#[pk]` with the field looked up among the struct's fields.
//!
//! Building it reports options on an `#[sk]`, a missing half (`shards` without `shard_by` or the
//! other way round) and a `shard_by` that names no field (with the closest field suggested, as
//! for template placeholders). The count's range and where the field may be used are
//! `checks::shard`'s.

use proc_macro2::Span;
use syn::{LitInt, LitStr};

use crate::ctxt::Ctxt;
use crate::grammar::shard::ShardOptions;
use crate::model::{field_suggestion, Field};

/// `#[pk("…", shards = N, shard_by = "field")]`, resolved.
pub struct Shard {
    /// The number of shards as written (its range is checked later); `None` when it is not a
    /// number that fits in a `u64`.
    pub count: Option<u64>,
    /// The `shards = N` literal, where errors about the count point.
    pub count_lit: LitInt,
    /// Index into [`Entity::fields`](crate::model::Entity::fields).
    pub field: usize,
    /// The `shard_by = "…"` literal, where errors about the field point.
    pub field_lit: LitStr,
}

/// Resolves the options of the entity's attributes into the partition key's sharding.
pub fn resolve(cx: &Ctxt, fields: &[Field<'_>], options: Vec<ShardOptions>) -> Option<Shard> {
    let mut resolved = None;
    for option in options {
        if option.attribute != "pk" {
            let at = option.shards.as_ref().map_or(option.span, LitInt::span);
            cx.error_span(
                at,
                format!(
                    "shards go on the partition key, not on #[{}]: DynamoDB spreads items over \
                     partitions by partition key; move `shards` and `shard_by` to the #[pk], e.g. \
                     #[pk(\"WS#<workspace>\", shards = 10, shard_by = \"id\")]",
                    option.attribute
                ),
            );
            continue;
        }
        let shard = one(cx, fields, option);
        if resolved.is_none() {
            resolved = shard;
        }
    }
    resolved
}

fn one(cx: &Ctxt, fields: &[Field<'_>], option: ShardOptions) -> Option<Shard> {
    let (count_lit, field_lit) = match (option.shards, option.shard_by) {
        (Some(count), Some(field)) => (count, field),
        (Some(count), None) => {
            missing(cx, count.span(), "`shards` needs `shard_by = \"field\"`: the field whose value chooses each item's shard, e.g. #[pk(\"WS#<workspace>\", shards = 10, shard_by = \"id\")]");
            return None;
        }
        (None, Some(field)) => {
            missing(cx, field.span(), "`shard_by` needs `shards = N`: the number of partitions to spread the items over, e.g. #[pk(\"WS#<workspace>\", shards = 10, shard_by = \"id\")]");
            return None;
        }
        (None, None) => return None,
    };
    let name = field_lit.value();
    let Some(field) = fields.iter().position(|f| f.name() == name) else {
        cx.error_at(
            &field_lit,
            format!(
                "shard_by = {name:?} names no field of this struct; {}",
                field_suggestion(&name, fields, |candidate| format!("\"{candidate}\""))
            ),
        );
        return None;
    };
    Some(Shard {
        count: count_lit.base10_parse().ok(),
        count_lit,
        field,
        field_lit,
    })
}

fn missing(cx: &Ctxt, at: Span, message: &str) {
    cx.error_span(at, message);
}
