//! The code a sharded partition key adds to `#[derive(Entity)]`
//! (`#[pk("WS#<workspace>", shards = 10, shard_by = "id")]`):
//!
//! - `const __SHARDING: dynakey::Sharding` (inside the entity's `const _` block) and
//!   `Entity::SHARDING`;
//! - the physical partition-key encoder (the logical key, then the shard suffix chosen by the shard
//!   field), used by `Entity::partition_key` and `key(…)`;
//! - `query_shard(<pk fields>, shard)`, `query_shards(<pk fields>)`, `shard_of(<shard field>)`,
//!   and `parse_partition_key`, which strips the suffix before parsing the logical key.
//!
//! `entity.rs` calls in here at a few points and generates the unsharded forms otherwise.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::codegen::{local, template};
use crate::model::{Entity, Template};

/// The name of the logical partition-key parser of a sharded entity (the template parser),
/// wrapped by the public `parse_partition_key`.
pub const LOGICAL_PARSER: &str = "__dynakey_parse_logical_partition_key";

/// `true` when the entity's partition key is sharded.
pub fn is_sharded(entity: &Entity<'_>) -> bool {
    entity.shard.is_some()
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

/// `const SHARDING` of the `Entity` impl; nothing (the trait's default, `None`) when unsharded.
pub fn entity_const(entity: &Entity<'_>) -> TokenStream {
    if !is_sharded(entity) {
        return TokenStream::new();
    }
    quote! {
        const SHARDING: ::core::option::Option<::dynakey::Sharding> =
            ::core::option::Option::Some(__SHARDING);
    }
}

/// The physical partition key (a `Result<String, KeyError>`) computed from the partition-key
/// fields and the shard field, each given by `arg` as an expression of a reference; `None` when
/// unsharded (the caller uses the plain encoder).
pub fn partition_key_expr(
    entity: &Entity<'_>,
    pk: &Template,
    arg: impl Fn(&syn::Ident) -> TokenStream,
) -> Option<TokenStream> {
    let shard = entity.shard.as_ref()?;
    let args = pk
        .field_indices()
        .chain(std::iter::once(shard.field))
        .map(|i| arg(entity.field(i).ident));
    Some(quote!(Self::__dynakey_sharded_partition_key(#(#args),*)))
}

/// Everything else, emitted inside the entity's `const _` block: the `__SHARDING` constant and an
/// inherent impl with the encoder, the queries, `shard_of` and `parse_partition_key`.
/// `bounds`: the entity's [`template::where_clause`].
pub fn inner(
    entity: &Entity<'_>,
    pk: &Template,
    pk_struct: &syn::Ident,
    bounds: &TokenStream,
) -> TokenStream {
    let Some(shard) = &entity.shard else {
        return TokenStream::new();
    };
    let ident = entity.ident;
    // The checks guarantee 1..=1000.
    let count = shard.count.and_then(|c| u16::try_from(c).ok()).unwrap_or(1);
    let shard_field = entity.field(shard.field);
    let field_ident = shard_field.ident;
    let field_ty = shard_field.ty;
    let field_name = shard_field.name();
    let text = &pk.lit;
    let template_text = pk.lit.value();

    let pk_fields: Vec<&syn::Ident> = pk.field_indices().map(|i| entity.field(i).ident).collect();
    let pk_types: Vec<&syn::Type> = pk.field_indices().map(|i| entity.field(i).ty).collect();
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

    let encoder_doc = "The physical partition key: the logical key, then the shard suffix.";
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
    let parse_doc = format!(
        "Parses a partition key written by the template `{template_text}` with its shard suffix \
         (`#00` … `#{last:0width$}`) back into its fields.\n\n# Errors\n\
         [`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has \
         another shape or no shard suffix, \
         [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is \
         not a valid encoding of its field's type."
    );
    let logical_parser = format_ident!("{}", LOGICAL_PARSER);
    let logical = local("__dynakey_logical");
    let parser = template::parser(entity, pk, LOGICAL_PARSER, pk_struct);

    quote! {
        const __SHARDING: ::dynakey::Sharding = ::dynakey::__private::sharding(#count, #field_name);

        impl #ident #bounds {
            #[doc = #encoder_doc]
            #[doc(hidden)]
            #[inline]
            fn __dynakey_sharded_partition_key(
                #(#pk_fields: &(impl ::dynakey::SegmentArg<#pk_types> + ?::core::marker::Sized),)*
                #field_ident: &(impl ::dynakey::SegmentArg<#field_ty> + ?::core::marker::Sized),
            ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
                // A hygienic local, so no parameter (named after a field) is shadowed.
                let #logical = Self::__dynakey_partition_key(#(#pk_fields),*)?;
                ::dynakey::__private::shard_partition_key::<#field_ty, _>(#logical, #field_ident, #field_name, &__SHARDING)
            }

            #[doc = #query_shard_doc]
            pub fn query_shard(
                #(#pk_fields: impl ::dynakey::SegmentArg<#pk_types>,)*
                #shard_param: u16,
            ) -> ::dynakey::KeyQuery<Self> {
                ::dynakey::__private::query_shard::<Self>(
                    Self::__dynakey_partition_key(#(&#pk_fields),*),
                    #shard_param,
                )
            }

            #[doc = #query_shards_doc]
            pub fn query_shards(
                #(#pk_fields: impl ::dynakey::SegmentArg<#pk_types>),*
            ) -> ::dynakey::KeyQuery<Self> {
                ::dynakey::__private::query_shards::<Self>(Self::__dynakey_partition_key(#(&#pk_fields),*))
            }

            #[doc = #shard_of_doc]
            pub fn shard_of(
                #field_ident: impl ::dynakey::SegmentArg<#field_ty>,
            ) -> ::core::result::Result<u16, ::dynakey::KeyError> {
                ::dynakey::__private::shard_of::<#field_ty, _>(&#field_ident, #field_name, &__SHARDING)
            }

            #[doc = #parse_doc]
            pub fn parse_partition_key(
                key: &str,
            ) -> ::core::result::Result<#pk_struct, ::dynakey::KeyError> {
                ::dynakey::__private::check_parsed_size(::dynakey::__private::KeyRole::Partition, key)?;
                let #logical = ::dynakey::__private::strip_shard_suffix(key, &__SHARDING, #text)?;
                Self::#logical_parser(#logical)
            }

            #[doc(hidden)]
            #parser
        }
    }
}
