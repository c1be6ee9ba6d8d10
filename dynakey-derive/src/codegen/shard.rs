//! The code a sharded partition key adds to `#[derive(Entity)]`
//! (`#[pk("WS#<workspace>", shards = 10, shard_by = "id")]`):
//!
//! - `const __SHARDING: dynakey::Sharding` (inside the entity's `const _` block) and
//!   `Entity::SHARDING`;
//! - the physical partition key (`__private::encode_sharded`: the logical key, then the shard
//!   suffix chosen by the shard field), used by `Entity::partition_key` and `key(…)`;
//! - `query_shard(<pk fields>, shard)`, `query_shards(<pk fields>)`, `shard_of(<shard field>)`,
//!   and `parse_partition_key`, which strips the suffix before parsing the logical key.
//!
//! `entity.rs` calls in here at a few points and generates the unsharded forms otherwise.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::codegen::parts::Parts;
use crate::codegen::template;
use crate::model::{Entity, Template};

/// `true` when the entity's partition key is sharded.
pub fn is_sharded(entity: &Entity<'_>) -> bool {
    entity.shard.is_some()
}

/// The `Sharding` constant of the `const _` block.
pub fn sharding_const() -> syn::Ident {
    format_ident!("__SHARDING")
}

/// The partition-key template as the docs of `key(…)` show it: `WS#<workspace>`, with
/// `#<shard of id>` appended when sharded.
pub fn describe_partition(entity: &Entity<'_>, pk: &Template) -> String {
    match &entity.shard {
        Some(shard) => format!(
            "{}#<shard of {}>",
            pk.lit.value(),
            entity.field(shard.field).ident
        ),
        None => pk.lit.value(),
    }
}

/// The physical partition key (a `Result<String, KeyError>`) of the partition-key fields and the
/// shard field, each given by `value` as an expression of a reference; `None` when unsharded
/// (the caller encodes the template alone).
pub fn encode(
    entity: &Entity<'_>,
    pk: &Template,
    constant: &syn::Ident,
    value: impl Fn(&syn::Ident) -> TokenStream,
) -> Option<TokenStream> {
    let shard = entity.shard.as_ref()?;
    let field = entity.field(shard.field);
    let (ty, shard_value) = (field.key_ty(), value(field.ident));
    let values = template::values(entity, pk, value);
    let sharding = sharding_const();
    let constant = template::path(entity, constant);
    Some(quote! {
        #constant.encode_sharded::<_, #ty, _>(#values, #shard_value, &#sharding)
    })
}

/// The sharding's constant, `Entity::SHARDING`, and the entity's functions for shards:
/// `query_shard`, `query_shards` and `shard_of` (`Entity::parse_partition_key` takes the shard
/// suffix off by `Entity::SHARDING`).
pub fn expand(entity: &Entity<'_>, pk: &Template, partition: &syn::Ident) -> Parts {
    let mut parts = Parts::default();
    let Some(shard) = &entity.shard else {
        return parts;
    };
    let ident = entity.ident;
    // The checks guarantee 1..=1000.
    let count = shard.count.and_then(|c| u16::try_from(c).ok()).unwrap_or(1);
    let shard_field = entity.field(shard.field);
    let field_ident = shard_field.ident;
    let field_ty = shard_field.ty;
    let field_name = shard_field.name();
    let template_text = pk.lit.value();
    let sharding = sharding_const();

    let pk_fields: Vec<&syn::Ident> = pk.field_indices().map(|i| entity.field(i).ident).collect();
    // The shard number's parameter: `shard`, unless a partition-key field has that name.
    let shard_param = if pk_fields.iter().any(|f| *f == "shard") {
        format_ident!("shard_number")
    } else {
        format_ident!("shard")
    };
    let width = {
        let mut highest = count.saturating_sub(1);
        let mut digits: usize = 1;
        while highest >= 10 {
            highest /= 10;
            digits += 1;
        }
        digits.max(2)
    };
    let last = count.saturating_sub(1);
    let example_suffix = format!("#{:0width$}", last.min(7));

    let query_shard_doc = format!(
        "A Query over one shard of a logical partition: the partition `{template_text}` + \
         `{example_suffix}` for shard {} of {count}. Narrow it with a sort-key condition such as \
         `.begins_with({ident}::sk())`; to read every shard merged into one order, use \
         [`query_shards`](Self::query_shards).\n\nA shard number of {count} or more is an error \
         returned when the query is built (AWS developer guide, \"Using write sharding to \
         distribute workloads evenly\").",
        last.min(7)
    );
    let query_shards_doc = format!(
        "A fan-out Query over all {count} shards of one logical partition (`{template_text}` + \
         `#00` … `#{last:0width$}`): the same typed sort-key conditions as a single-partition \
         query, sent to every shard. `dynakey-runtime` (`db.query(&q)`, like any query) runs the \
         shards concurrently and merges them by sort key. Encoding errors are returned when the \
         query is planned.\n\nAWS developer guide: \"Using \
         write sharding to distribute workloads evenly\"."
    );
    let shard_of_doc = format!(
        "The shard (0 to {last}) of an item whose `{field_name}` is this value: the jump \
         consistent hash of FNV-1a 64 over the value's key encoding, over {count} shards (see \
         `dynakey::shard`).\n\n# Errors\n\
         [`KeyErrorKind::Segment`](::dynakey::KeyErrorKind::Segment) when the value has no key \
         encoding."
    );
    let params: Vec<TokenStream> = template::params(entity, pk).collect();
    let logical = template::encode(entity, pk, partition, |f| quote!(&#f));
    parts.inner.extend(quote! {
        const #sharding: ::dynakey::Sharding = __dk::sharding(#count, #field_name);
    });
    parts.entity_items.extend(quote! {
        const SHARDING: __dk::Option<::dynakey::Sharding> =
            __dk::Some(#sharding);
    });
    parts.methods.extend(quote! {
        #[doc = #query_shard_doc]
        pub fn query_shard(#(#params,)* #shard_param: u16) -> ::dynakey::KeyQuery<Self> {
            __dk::query_shard::<Self>(#logical, #shard_param)
        }

        #[doc = #query_shards_doc]
        pub fn query_shards(#(#params),*) -> ::dynakey::KeyQuery<Self> {
            __dk::query_shards::<Self>(#logical)
        }

        #[doc = #shard_of_doc]
        pub fn shard_of(
            #field_ident: impl __dk::SegmentArg<#field_ty>,
        ) -> __dk::Result<u16, __dk::KeyError> {
            __dk::shard_of::<#field_ty, _>(&#field_ident, #field_name, &#sharding)
        }
    });
    parts
}

/// The partition key (a `Result<String, KeyError>`) of the fields `value` gives references to:
/// the template's key, with the shard suffix when sharded.
pub fn partition_key(
    entity: &Entity<'_>,
    pk: &Template,
    constant: &syn::Ident,
    value: impl Fn(&syn::Ident) -> TokenStream,
) -> TokenStream {
    match encode(entity, pk, constant, &value) {
        Some(sharded) => sharded,
        None => template::encode(entity, pk, constant, value),
    }
}
