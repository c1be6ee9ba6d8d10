//! Field handles: one associated constant per stored field (`Task::STATUS`, a
//! `dynakey::Field<Task, Status, Kind>`) and one per index group (`Task::BY_ASSIGNEE`, a
//! `dynakey::IndexGroup<Task, (…)>`). Each is one line: a const of a generic type, made by a
//! `__private` constructor from the attribute name; all behaviour is generic code in the core.
//!
//! An index field's kind, `Indexed<G>`, carries a marker type spelled like its group,
//! `BY_ASSIGNEE<(ASSIGNEE, CREATED)>` (types of the module [`GROUPS`] in the entity's `const _`
//! block), so that the compile error refusing an update of the field alone names the real handle
//! and fields.

use proc_macro2::TokenStream;
use quote::{format_ident, quote};

use crate::model::{Entity, Template};

/// The module of the index-group marker types, inside the entity's `const _` block.
const GROUPS: &str = "__dk_index_groups";

/// The serde codecs that store a field as a DynamoDB set (its handle's kind is `Set`).
const SET_CODECS: &[&str] = &[
    "serde_dynamo::string_set",
    "serde_dynamo::number_set",
    "serde_dynamo::binary_set",
];

/// The kind of handle field `index` gets, with what its docs say, or `None` for a field that has
/// none (left out of the item, flattened, or stored by a codec of its own).
fn kind(entity: &Entity<'_>, index: usize) -> Option<(TokenStream, String)> {
    let field = entity.field(index);
    let serde = &field.serde;
    let own_codec = !serde.custom.is_empty()
        || (serde.with.is_some()
            && !serde.with_is(SET_CODECS)
            && !serde.with_is(crate::checks::managed::TTL_CODEC));
    if !serde.serialized() || own_codec {
        return None;
    }
    let key = entity
        .pk
        .first()
        .into_iter()
        .chain(entity.sk.first())
        .any(|t: &Template| t.field_indices().any(|i| i == index))
        || entity.parent.as_ref().is_some_and(|p| p.field == index);
    let (kind, doc) = if key {
        (
            "KeyPart",
            "A key field: conditions only (an item changes its key with `Db::move_to`).".to_owned(),
        )
    } else if let Some(group) = entity.groups.iter().find(|g| g.fields.contains(&index)) {
        let doc = format!(
            "An index field: conditions only; an update sets it with the rest of its index \
             through [`{}::{}`](Self::{}).",
            entity.ident, group.name, group.name
        );
        let module = format_ident!("{}", GROUPS);
        let alias = format_ident!("__kind_{}", group.name);
        return Some((quote!(__dk::Indexed<#module::#alias>), doc));
    } else if entity.managed.is_managed(index) {
        (
            "Managed",
            "Set by dynakey on every write: conditions only.".to_owned(),
        )
    } else if field.ttl.is_some() {
        (
            "Ttl",
            "The TTL field (epoch seconds): conditions and every update operation.".to_owned(),
        )
    } else if serde.with_is(SET_CODECS) {
        (
            "Set",
            "A DynamoDB set: conditions and every update operation, `add_to_set` and \
             `delete_from_set` among them."
                .to_owned(),
        )
    } else {
        ("Plain", "Conditions and every update operation.".to_owned())
    };
    let kind = format_ident!("{}", kind);
    Some((quote!(__dk::#kind), doc))
}

/// The index-group marker types named by the kinds of index fields, for the entity's `const _`
/// block: one generic type per group named as its handle, one type per field named as its handle.
pub fn markers(entity: &Entity<'_>) -> TokenStream {
    if entity.groups.is_empty() {
        return TokenStream::new();
    }
    let module = format_ident!("{}", GROUPS);
    let groups: Vec<syn::Ident> = entity
        .groups
        .iter()
        .map(|g| format_ident!("{}", g.name))
        .collect();
    let fields = entity
        .groups
        .iter()
        .flat_map(|g| g.fields.iter().map(|&f| field_marker(entity, f)));
    // One alias per group, so that each field's kind names it in one path; messages print what
    // it stands for. Its name differs from the group's, which would otherwise print qualified.
    let aliases = entity.groups.iter().zip(&groups).map(|(g, name)| {
        let alias = format_ident!("__kind_{}", g.name);
        let fields = g.fields.iter().map(|&f| field_marker(entity, f));
        quote!(pub type #alias = #name<(#(fields::#fields,)*)>;)
    });
    quote! {
        #[allow(non_camel_case_types, non_snake_case, dead_code)]
        pub mod #module {
            #(pub struct #groups<F>(::core::marker::PhantomData<F>);)*
            pub mod fields {
                #(pub enum #fields {})*
            }
            #(#aliases)*
        }
    }
}

/// The marker type of index field `index`, named as its handle (`CREATED`): unlike a snake-case
/// name it meets none of the sort-key builder's step markers, so messages print it unqualified.
fn field_marker(entity: &Entity<'_>, index: usize) -> syn::Ident {
    format_ident!("{}", entity.field(index).name().to_uppercase())
}

/// The handle constants, for the entity's bounded inherent impl.
pub fn expand(entity: &Entity<'_>) -> TokenStream {
    let mut out = TokenStream::new();
    for (index, field) in entity.fields.iter().enumerate() {
        let Some((kind, what)) = kind(entity, index) else {
            continue;
        };
        let name = format_ident!("{}", field.name().to_uppercase());
        let (ty, attribute) = (field.ty, &field.attribute);
        let doc = format!("Attribute `{attribute}` (field `{}`). {what}", field.name());
        out.extend(quote! {
            #[doc = #doc]
            pub const #name: __dk::Field<Self, #ty, #kind> = __dk::handle(#attribute);
        });
    }
    for group in &entity.groups {
        let name = format_ident!("{}", group.name);
        let types = group.fields.iter().map(|&f| entity.field(f).ty);
        let pairs = group.fields.iter().map(|&f| {
            let field = entity.field(f);
            let (name, attribute) = (field.name(), &field.attribute);
            quote!((#name, #attribute))
        });
        let names: Vec<String> = group
            .fields
            .iter()
            .map(|&f| format!("`{}`", entity.field(f).name()))
            .collect();
        let indexes: Vec<String> = group
            .indexes
            .iter()
            .map(|&i| format!("`{}`", entity.indexes[i].name()))
            .collect();
        let doc = format!(
            "The fields {} of index {}, set together by an update, which also rewrites the index \
             key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).",
            names.join(", "),
            indexes.join(", ")
        );
        out.extend(quote! {
            #[doc = #doc]
            pub const #name: ::dynakey::IndexGroup<Self, (#(#types,)*)> =
                __dk::index_group(&[#(#pairs),*]);
        });
    }
    out
}
