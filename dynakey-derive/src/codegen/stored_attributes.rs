//! The build-time checks of what an entity on a named table stores against its table's key
//! attributes (docs/semantics.md §1): nothing the item stores beside its keys — a field serde
//! writes, the entity-type attribute — is in a key attribute dynakey writes from templates (the
//! table's, or a template index's); and two templates that write one attribute (an index over the
//! table's own key attributes, two indexes over one attribute) write it alike.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::Entity;

/// One `const` per entity over the slice of what it stores: each field serde writes, as its
/// attribute (`field=attribute` when that is not the field's name), and the entity-type
/// attribute, as `=attribute`; `__private::stored_key_attribute` finds the first in a key
/// attribute, and the arm of that position fails the build at its token (the field's
/// `#[serde(rename)]`, or its name; the entity-type attribute's literal) with one message naming
/// every such field and the fix. Names the table type directly, not through the `Entity` impl,
/// so a failed field-type bound does not cascade into it.
///
/// None on `DefaultTable` (no table named): its key attributes are known, and
/// `checks::stored_attributes` reports each such field without generated code.
pub fn check(entity: &Entity<'_>) -> TokenStream {
    if !entity.names_table {
        return TokenStream::new();
    }
    let fields = entity
        .fields
        .iter()
        .filter(|field| field.serde.serialized())
        .map(|field| {
            let span = field
                .serde
                .rename_span
                .unwrap_or_else(|| field.ident.span());
            let name = field.name();
            match name == field.attribute {
                true => (name, span),
                false => (format!("{name}={}", field.attribute), span),
            }
        });
    let entity_type = entity
        .entity_type
        .as_ref()
        .map(|attribute| (format!("={}", attribute.value()), attribute.span()));
    let stored: Vec<_> = fields.chain(entity_type).collect();
    if stored.is_empty() {
        return TokenStream::new();
    }
    let table = &entity.table;
    let ident = entity.ident.to_string();
    let entries = stored.iter().map(|(entry, _)| entry);
    let arms = stored.iter().enumerate().map(|(at, (_, span))| {
        let at = proc_macro2::Literal::usize_unsuffixed(at);
        quote_spanned! {*span=>
            #at => __dk::fail_stored_key_attribute::<#table>(#ident, STORED),
        }
    });
    quote! {
        const _: () = {
            const STORED: &[&str] = &[#(#entries),*];
            match __dk::stored_key_attribute::<#table>(STORED) {
                #(#arms)*
                _ => {}
            }
        };
    }
}

/// One `const` per entity on a named table with template indexes, over the slice of what it
/// writes from templates, `(index, partition, sort)` (index `""` for the table's keys, first; a
/// template not given, or a sharded partition key, `""`): `__private::template_conflict` finds the
/// first index whose template writes an attribute an earlier template writes with other text,
/// and the arm of that index (spanned at its `#[index(…)]`) fails the build naming both templates.
pub fn template_conflicts(entity: &Entity<'_>) -> TokenStream {
    let indexes: Vec<_> = entity
        .indexes
        .iter()
        .filter(|index| index.pk.is_some() || index.sk.is_some())
        .collect();
    if !entity.names_table || indexes.is_empty() {
        return TokenStream::new();
    }
    let text = |template: Option<&crate::model::Template>| {
        template.map(|t| t.lit.value()).unwrap_or_default()
    };
    let partition = match crate::codegen::shard::is_sharded(entity) {
        true => String::new(),
        false => text(entity.pk.first()),
    };
    let table_keys = (String::new(), partition, text(entity.sk.first()));
    let writes = std::iter::once(table_keys).chain(indexes.iter().map(|index| {
        (
            index.name(),
            text(index.pk.as_ref()),
            text(index.sk.as_ref()),
        )
    }));
    let writes = writes.map(|(index, pk, sk)| quote!((#index, #pk, #sk)));
    let table = &entity.table;
    let ident = entity.ident.to_string();
    let arms = indexes.iter().enumerate().map(|(i, index)| {
        let at = proc_macro2::Literal::usize_unsuffixed(i + 1);
        quote_spanned! {index.index.span()=>
            #at => __dk::fail_template_conflict::<#table>(#ident, WRITES),
        }
    });
    quote! {
        const _: () = {
            const WRITES: &[(&str, &str, &str)] = &[#(#writes),*];
            match __dk::template_conflict::<#table>(WRITES) {
                #(#arms)*
                _ => {}
            }
        };
    }
}
