//! Derive macros for `dynakey`. Use them through the `dynakey` crate, which re-exports them.
//!
//! Each of the four derives is the same pipeline, one stage per module and one file per derive
//! (or feature) within a stage:
//!
//! | derive | grammar | model | checks | codegen |
//! |---|---|---|---|---|
//! | `Entity` | `grammar/entity.rs`, `index.rs`, `attribute_index.rs`, `shard.rs`, `template.rs`, `history.rs` | `model.rs`, `model/index.rs`, `shard.rs`, `history.rs`, `child.rs` | `checks.rs`, `checks/index.rs`, `attribute_index.rs`, `shard.rs`, `history.rs`, `child.rs` | `codegen/entity.rs`, `template.rs`, `sort_key.rs`, `index.rs`, `attribute_index.rs`, `shard.rs`, `history.rs`; a child entity's (`#[dynakey(parent = P)]`) `codegen/child.rs` |
//! | `Table` | `grammar/table.rs`, `index.rs`, `attribute_index.rs` | `model/table.rs` | `checks/table.rs`, `index.rs`, `attribute_index.rs` | `codegen/table.rs`, `index.rs`, `attribute_index.rs` |
//! | `Collection` | `grammar/collection.rs` | `model/collection.rs` | `checks/collection.rs` | `codegen/collection.rs` |
//! | `KeySegment` | `grammar/segment_enum.rs` | `model/segment_enum.rs` | `checks/segment_enum.rs` | `codegen/segment_enum.rs` |
//!
//! - `grammar` reads attribute and template syntax into plain data; every option and single-use
//!   attribute goes through `grammar::given`, so a repeat is reported once, with both spans.
//! - `model` resolves it against the input (fields, defaults, index names): `None` only when the
//!   input has the wrong shape.
//! - `checks` applies the rules that span attributes and fields.
//! - `codegen` reads only a checked model and never reports errors; it runs only when no stage
//!   recorded one. Otherwise `codegen::fallback` emits stub impls from what the stages produced,
//!   so one mistake does not cascade into errors at every use of the type.
//!
//! Attribute-wise indexes (a `#[gsi]` key of several attributes, or a typed `"score": N`
//! attribute) take the same stages in a file of their own at each stage, `attribute_index.rs`
//! (grammar, checks, codegen; the core's side is `__private/attribute_index*.rs`); template
//! indexes expand as before.
//!
//! Every stage pushes its errors into one `ctxt::Ctxt`, so all mistakes are reported together.
//! Generated code names only `::dynakey::__private::…` and the traits and types of dynakey's
//! public API; `expansion_tests` holds the expansion of each derive and checks that.

mod checks;
mod codegen;
mod ctxt;
mod grammar;
mod model;

use proc_macro::TokenStream;
use syn::{parse_macro_input, DeriveInput};

use ctxt::Ctxt;

/// `#[derive(Entity)]`: see the `dynakey` crate docs.
#[proc_macro_derive(
    Entity,
    attributes(pk, sk, dynakey, index, ttl, unique, was, next, previous, parent)
)]
pub fn derive_entity(input: TokenStream) -> TokenStream {
    entity(&parse_macro_input!(input as DeriveInput)).into()
}

/// `#[derive(Collection)]`: see `dynakey::collection`.
#[proc_macro_derive(Collection)]
pub fn derive_collection(input: TokenStream) -> TokenStream {
    collection(&parse_macro_input!(input as DeriveInput)).into()
}

/// `#[derive(Table)]`: see `dynakey::Table`.
#[proc_macro_derive(Table, attributes(table, gsi, lsi))]
pub fn derive_table(input: TokenStream) -> TokenStream {
    table(&parse_macro_input!(input as DeriveInput)).into()
}

/// `#[derive(KeySegment)]` for unit enums: see `dynakey::KeySegment`.
#[proc_macro_derive(KeySegment, attributes(key))]
pub fn derive_key_segment(input: TokenStream) -> TokenStream {
    key_segment(&parse_macro_input!(input as DeriveInput)).into()
}

fn entity(input: &DeriveInput) -> proc_macro2::TokenStream {
    let cx = Ctxt::new();
    let mut attrs = grammar::entity::attrs(&cx, &input.attrs);
    let uniques = grammar::unique::attrs(&cx, &input.attrs);
    let was = grammar::history::attrs(&cx, &input.attrs);
    let changes = grammar::key_change::attrs(&cx, &input.attrs);
    grammar::unique::on_fields(&cx, input);
    grammar::entity::struct_attributes_on_fields(&cx, input, &mut attrs);
    let model = model::entity(&cx, input, attrs, uniques, was, changes);
    if let Some(model) = &model {
        checks::entity(&cx, model);
    }
    finish(cx, model, codegen::entity, |model| {
        codegen::fallback::entity(input, model.as_ref())
    })
}

fn collection(input: &DeriveInput) -> proc_macro2::TokenStream {
    let cx = Ctxt::new();
    let model = model::collection::collection(&cx, input);
    if let Some(model) = &model {
        checks::collection::collection(&cx, model);
    }
    finish(cx, model, codegen::collection::expand, |model| {
        codegen::fallback::collection(input, model.as_ref())
    })
}

fn table(input: &DeriveInput) -> proc_macro2::TokenStream {
    let cx = Ctxt::new();
    let attrs = grammar::table::attrs(&cx, &input.attrs);
    let model = model::table::table(input, attrs);
    checks::table::table(&cx, &model);
    finish(cx, Some(model), codegen::table::expand, |model| {
        model
            .map(|model| codegen::fallback::table(&model))
            .unwrap_or_default()
    })
}

fn key_segment(input: &DeriveInput) -> proc_macro2::TokenStream {
    let cx = Ctxt::new();
    let keys = grammar::segment_enum::attrs(&cx, input);
    let model = model::segment_enum::segment_enum(&cx, input, keys);
    if let Some(model) = &model {
        checks::segment_enum::segment_enum(&cx, model);
    }
    finish(cx, model, codegen::segment_enum::expand, |_| {
        codegen::fallback::segment_enum(input)
    })
}

/// The end of every derive: `expand` of the model when no stage recorded an error, otherwise the
/// errors and `fallback` of what the stages produced (impls that keep the errors from cascading
/// into the user's code).
fn finish<M>(
    cx: Ctxt,
    model: Option<M>,
    expand: impl FnOnce(&M) -> proc_macro2::TokenStream,
    fallback: impl FnOnce(Option<M>) -> proc_macro2::TokenStream,
) -> proc_macro2::TokenStream {
    match cx.check() {
        // A model is `None` only after an error.
        Ok(()) => model.map(|model| expand(&model)).unwrap_or_default(),
        Err(error) => {
            let mut out = error.to_compile_error();
            out.extend(fallback(model));
            out
        }
    }
}

#[cfg(test)]
mod expansion_tests;
