//! What an entity stores and writes, against its table's key attributes (docs/semantics.md §1):
//! nothing the item stores beside its keys — a field serde writes, the entity-type attribute — is
//! in a key attribute dynakey writes from templates (the table's, or a template index's); and two
//! templates that write one attribute (an index over the table's own key attributes, two indexes
//! over one attribute) write it alike. Checked by generated code on a named table, whose key
//! attributes only its type knows.

use proc_macro2::TokenStream;
use quote::{quote, quote_spanned};
use syn::spanned::Spanned;

use crate::model::Entity;

/// `__STORED`, the slice of what the item stores beside its keys: `("attribute", "field")` for
/// each attribute a field serde stores is written or read under — what the attribute-wise
/// template-fill checks read —, and, on a named table, `("attribute", "")` for the entity-type
/// attribute. On a named table each entry is a `__private::stored` call spanned at its field's
/// `#[serde(rename)]` or name (the entity-type literal), and one `const _` evaluates the slice:
/// an entry in a key attribute dynakey writes from templates fails the build there. Names the
/// table type directly, not through the `Entity` impl, so a failed field-type bound does not
/// cascade into it.
///
/// On `DefaultTable` (no table named) `checks::stored_attributes` reports those fields without
/// generated code, and the slice is plain data, emitted only for template fills.
pub fn check(entity: &Entity<'_>) -> TokenStream {
    let checked = entity.names_table;
    if !checked && !crate::codegen::attribute_index::has_template_fills(entity) {
        return TokenStream::new();
    }
    let table = &entity.table;
    let entry = |attribute: &str, field: &str, span: proc_macro2::Span| match checked {
        true => quote_spanned!(span=> __dk::stored::<#table>(#attribute, #field)),
        false => quote!((#attribute, #field)),
    };
    let mut entries = Vec::new();
    for field in entity.fields.iter().filter(|f| f.serde.serialized()) {
        let name = field.name();
        let span = field
            .serde
            .rename_span
            .unwrap_or_else(|| field.ident.span());
        entries.push(entry(&field.attribute, &name, span));
        if field.attribute_read != field.attribute {
            entries.push(entry(&field.attribute_read, &name, span));
        }
    }
    if checked {
        if let Some(attribute) = &entity.entity_type {
            entries.push(entry(&attribute.value(), "", attribute.span()));
        }
    }
    let evaluate = checked.then(|| {
        quote!(
            const _: &[(&str, &str)] = __STORED;
        )
    });
    quote! {
        const __STORED: &[(&str, &str)] = &[#(#entries),*];
        #evaluate
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
