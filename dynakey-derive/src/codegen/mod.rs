//! Stage 4, code generation: reads only the checked model.
//!
//! Generated helpers live inside `const _: () = { … };` so their names never reach the user's
//! namespace; only the documented types (`<Entity>Sk`, `<Entity>SortKey`, `<Entity>PartitionKey`)
//! are emitted beside the struct.

pub mod attribute_index;
pub mod collection;
pub mod entity;
pub mod fallback;
pub mod handles;
pub mod index;
mod key_texts;
mod managed;
pub mod segment_enum;
pub mod shard;
pub mod sort_key;
mod sort_key_order;
pub mod table;
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
