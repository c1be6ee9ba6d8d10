//! Derive macros for `dynakey`. Use them through the `dynakey` crate, which re-exports them.
//!
//! Each derive is a pipeline whose stages are the modules here:
//! `grammar` (attribute and template syntax) → `model` (resolved entity) → `checks` (cross-field
//! rules, all errors collected in a `ctxt::Ctxt`) → `codegen` (expansion, or `fallback` impls
//! when there were errors so they don't cascade). `#[derive(Collection)]` follows the same stages
//! in `grammar/collection.rs` → `model/collection.rs` → `checks/collection.rs` →
//! `codegen/collection.rs`.

mod checks;
mod codegen;
mod ctxt;
mod grammar;
mod model;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

use ctxt::Ctxt;

/// `#[derive(Entity)]`: see the `dynakey` crate docs.
#[proc_macro_derive(Entity, attributes(pk, sk, dynakey, index))]
pub fn derive_entity(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let cx = Ctxt::new();
    let attrs = grammar::attrs::entity(&cx, &input.attrs);
    let model = model::entity(&cx, &input, attrs);
    if let Some(model) = &model {
        checks::entity(&cx, model);
    }
    let expanded = match &model {
        Some(model) if cx.is_clean() => codegen::entity::expand(model),
        _ => proc_macro2::TokenStream::new(),
    };
    finish(cx, expanded, || codegen::fallback::entity(&input))
}

/// `#[derive(Collection)]`: see `dynakey::collection`.
#[proc_macro_derive(Collection)]
pub fn derive_collection(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let cx = Ctxt::new();
    let model = model::collection::collection(&cx, &input);
    if let Some(model) = &model {
        checks::collection::collection(&cx, model);
    }
    let expanded = match &model {
        Some(model) if cx.is_clean() => codegen::collection::expand(model),
        _ => proc_macro2::TokenStream::new(),
    };
    finish(cx, expanded, || codegen::fallback::collection(&input))
}

/// `#[derive(Table)]`: see `dynakey::Table`.
#[proc_macro_derive(Table, attributes(table, gsi, lsi))]
pub fn derive_table(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let cx = Ctxt::new();
    let attrs = grammar::attrs::table(&cx, &input.attrs);
    checks::table(&cx, &input, &attrs);
    let expanded = codegen::table::expand(&input, &attrs);
    finish(cx, expanded, || {
        let mut fallback = codegen::fallback::table(&input);
        fallback.extend(codegen::index::table_fallback(&input));
        fallback
    })
}

/// `#[derive(KeySegment)]` for unit enums: see `dynakey::KeySegment`.
#[proc_macro_derive(KeySegment, attributes(key))]
pub fn derive_key_segment(input: TokenStream) -> TokenStream {
    let input = parse_macro_input!(input as DeriveInput);
    let cx = Ctxt::new();
    let expanded = codegen::segment_enum::expand(&cx, &input);
    finish(cx, expanded, proc_macro2::TokenStream::new)
}

/// The end of every derive: the expansion when no error was recorded, otherwise the errors and
/// `fallback` (impls that keep the errors from cascading into the user's code).
fn finish(
    cx: Ctxt,
    expanded: proc_macro2::TokenStream,
    fallback: impl FnOnce() -> proc_macro2::TokenStream,
) -> TokenStream {
    match cx.check() {
        Ok(()) => expanded.into(),
        Err(error) => {
            let mut out = error.to_compile_error();
            out.extend(fallback());
            out.into()
        }
    }
}
