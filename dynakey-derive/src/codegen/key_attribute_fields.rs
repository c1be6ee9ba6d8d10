//! A build-time check that no field is stored in a key attribute dynakey writes from templates —
//! the table's, or a template index's: the field would be overwritten on a put (and, for a table
//! key attribute, taken out of the item before serde reads it), or its value would put the item
//! into an index under a key no template wrote.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::model::Entity;

/// One `const` per field serde writes: it fails (at the field's `#[serde(rename)]`, or its name)
/// when the field's attribute is the table's partition or sort key attribute, or a key attribute
/// of one of its template indexes. Names the table type
/// directly, as the entity-type check does, so a failed bound elsewhere does not cascade into it.
pub fn checks(entity: &Entity<'_>) -> TokenStream {
    let table = &entity.table;
    entity
        .fields
        .iter()
        .filter(|field| field.serde.serialized())
        .map(|field| {
            let attribute = &field.attribute;
            let message = format!(
                "entity `{}`: field `{}` is stored in attribute {attribute:?}, a key attribute of \
                 its table or of one of its template indexes; dynakey writes those from the key \
                 templates, so store the field under another attribute name: rename the field, \
                 or name its attribute with #[serde(rename = \"…\")]",
                entity.ident,
                field.name(),
            );
            let span = field
                .serde
                .rename_span
                .unwrap_or_else(|| field.ident.span());
            let check = quote_spanned! {span=>
                if __dk::is_key_attribute::<#table>(#attribute)
                    || __dk::is_template_index_attribute::<#table>(#attribute)
                {
                    ::core::panic!(#message)
                }
            };
            quote!(const _: () = #check;)
        })
        .collect()
}
