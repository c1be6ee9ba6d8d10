//! The build-time check that nothing the item stores beside its keys — a field serde writes, the
//! entity-type attribute — is in a key attribute dynakey writes from templates (the table's, or a
//! template index's), on a named table: docs/semantics.md §1.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::model::Entity;

/// One `const` per entity over the slice of what it stores, `(field, attribute)` (field `""` for
/// the entity-type attribute): `__private::stored_key_attribute` finds the first in a key
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
            (field.name(), field.attribute.clone(), span)
        });
    let entity_type = entity
        .entity_type
        .as_ref()
        .map(|attribute| (String::new(), attribute.value(), attribute.span()));
    let stored: Vec<_> = fields.chain(entity_type).collect();
    if stored.is_empty() {
        return TokenStream::new();
    }
    let table = &entity.table;
    let ident = entity.ident.to_string();
    let pairs = stored
        .iter()
        .map(|(field, attribute, _)| quote!((#field, #attribute)));
    let arms = stored.iter().enumerate().map(|(at, (_, _, span))| {
        let at = proc_macro2::Literal::usize_unsuffixed(at);
        quote_spanned! {*span=>
            #at => __dk::fail_stored_key_attribute::<#table>(#ident, STORED),
        }
    });
    quote! {
        const _: () = {
            const STORED: &[(&str, &str)] = &[#(#pairs),*];
            match __dk::stored_key_attribute::<#table>(STORED) {
                #(#arms)*
                _ => {}
            }
        };
    }
}
