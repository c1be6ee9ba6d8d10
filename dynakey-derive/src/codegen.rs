//! Stage 4, code generation: reads only the checked model.
//!
//! Generated helpers live inside `const _: () = { … };` so their names never reach the user's
//! namespace; only the documented types (`<Entity>Sk`, `<Entity>SortKey`, `<Entity>PartitionKey`)
//! are emitted beside the struct. An entity's block starts with `use ::dynakey::__private as
//! __dk;`, and its code names the core through that alias.
//!
//! An entity's expansion describes it and calls the core: its templates are constants whose type
//! carries the field types (`__dk::Template<(u64, String)>`), every generated function is one call
//! over them (`encode`, `parse`, `matches`, `fill`, `step_*`, …), and the behaviour (walking a
//! template, the condition traits of a builder, the fill order) is generic code in `dynakey`,
//! compiled once. Type-checking cost follows the number of bodies, impls and `where` clauses, so
//! the expansion keeps them few: one `SortKeyBuilder` impl per builder for every depth, one impl
//! of field methods bounded by the fill order, no impl per (depth, field) pair. Its functions
//! that are not generic are `#[inline]`: a build then compiles each to machine code only where it
//! is called, not in every crate that declares entities.

pub mod attribute_index;
mod child;
pub mod collection;
pub mod entity;
pub mod fallback;
pub mod handles;
mod history;
pub mod index;
mod key_change;
mod key_texts;
mod listed;
mod managed;
mod parsed_keys;
mod parts;
pub mod segment_enum;
pub mod shard;
pub mod sort_key;
mod sort_key_order;
mod stored_attributes;
pub mod table;
pub mod table_entities;
mod template;
mod unique;

/// A local variable or label of generated code (`__dynakey_out`, `'__dynakey_index`, …), with
/// `Span::mixed_site()` hygiene: generated code also binds locals and parameters named after the
/// struct's fields, and a field of the same name must neither shadow it nor be shadowed by it.
pub fn local(name: &str) -> proc_macro2::Ident {
    proc_macro2::Ident::new(name, proc_macro2::Span::mixed_site())
}

/// The label of [`local`] hygiene, `'name`.
pub fn label(name: &str) -> syn::Lifetime {
    syn::Lifetime {
        apostrophe: proc_macro2::Span::mixed_site(),
        ident: local(name),
    }
}

/// The expansion of `#[derive(Entity)]`: a child entity's (`#[dynakey(parent = P)]`) or any
/// other's.
pub fn entity(model: &crate::model::Entity<'_>) -> proc_macro2::TokenStream {
    match &model.parent {
        Some(parent) => child::expand(model, parent),
        None => entity::expand(model),
    }
}
