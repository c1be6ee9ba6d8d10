//! A build-time check that no field is stored in one of the table's key attributes: dynakey writes
//! those from the key templates and takes them out of an item before serde reads it, so the field
//! would be overwritten on a put and missing on a read.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};

use crate::model::Entity;

/// One `const` per field serde writes: it fails (at the field's `#[serde(rename)]`, or its name)
/// when the field's attribute is the table's partition or sort key attribute. Names the table type
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
                 its table; dynakey writes key attributes from the key templates (and takes them \
                 out of an item before serde reads it), so store the field under another \
                 attribute name: rename the field, or name its attribute with \
                 #[serde(rename = \"…\")]",
                entity.ident,
                field.name(),
            );
            let span = field
                .serde
                .rename_span
                .unwrap_or_else(|| field.ident.span());
            let check = quote_spanned! {span=>
                if __dk::is_key_attribute::<#table>(#attribute) {
                    ::core::panic!(#message)
                }
            };
            quote!(const _: () = #check;)
        })
        .collect()
}
