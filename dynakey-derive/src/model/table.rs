//! Stage 2 of `#[derive(Table)]`: the declaration with its default partition key filled in and
//! each index's name and partition key resolved, so neither the checks nor code generation
//! recompute them.

use syn::{DeriveInput, Ident, LitStr, Path, Visibility};

use crate::grammar::index::{IndexDecl, IndexKind};
use crate::grammar::table::TableAttrs;

/// The table as checks and code generation see it.
pub struct Table<'a> {
    pub input: &'a DeriveInput,
    pub ident: &'a Ident,
    pub vis: &'a Visibility,
    /// The partition-key attribute: `partition_key = "…"`, or `"PK"` spanned at the table's name.
    pub partition_key: LitStr,
    /// The sort-key attribute: `sort_key = "…"`, none with `no_sort_key`. There is no default: a
    /// table without either is an error (`checks::table`), so a table meant to have no sort key
    /// never gets one silently.
    pub sort_key: Option<LitStr>,
    /// `sort_key = "…"` and `no_sort_key` as written, for the checks that exactly one is given.
    pub written_sort_key: Option<LitStr>,
    pub no_sort_key: Option<Path>,
    /// Every `#[table(…)]` was read to its end (see `TableAttrs::read_fully`).
    pub read_fully: bool,
    /// `ttl = "…"`: the Time to Live attribute.
    pub ttl: Option<LitStr>,
    /// Every `#[gsi]`/`#[lsi]`, in order (a marker type declared twice is in twice: the grammar
    /// reported it).
    pub indexes: Vec<TableIndex>,
}

/// One `#[gsi]`/`#[lsi]` with its name and partition key resolved.
pub struct TableIndex {
    pub decl: IndexDecl,
    /// The `IndexName`: `name = "…"`, or the marker type's ident.
    pub name: String,
    /// The index partition-key attribute: the declared one for a GSI (`None` when missing, which
    /// the checks report), the table's for an LSI.
    pub partition_key: Option<LitStr>,
}

impl TableIndex {
    /// `name = "…"` when given, otherwise the ident: where errors about the name point.
    pub fn name_tokens(&self) -> proc_macro2::TokenStream {
        match &self.decl.name {
            Some(lit) => quote::quote!(#lit),
            None => {
                let ident = &self.decl.ident;
                quote::quote!(#ident)
            }
        }
    }
}

/// Builds the model; every declaration has one, whatever its mistakes (the checks report them).
pub fn table<'a>(input: &'a DeriveInput, attrs: TableAttrs) -> Table<'a> {
    let ident = &input.ident;
    let partition_key = attrs
        .partition_key
        .unwrap_or_else(|| LitStr::new("PK", ident.span()));
    let sort_key = match &attrs.no_sort_key {
        Some(_) => None,
        None => attrs.sort_key.clone(),
    };
    let indexes = attrs
        .indexes
        .into_iter()
        .map(|decl| TableIndex {
            name: decl
                .name
                .as_ref()
                .map_or_else(|| decl.ident.to_string(), LitStr::value),
            partition_key: match decl.kind {
                IndexKind::Global => decl.partition_key.clone(),
                IndexKind::Local => Some(partition_key.clone()),
            },
            decl,
        })
        .collect();
    Table {
        input,
        ident,
        vis: &input.vis,
        partition_key,
        sort_key,
        written_sort_key: attrs.sort_key,
        no_sort_key: attrs.no_sort_key,
        read_fully: attrs.read_fully,
        ttl: attrs.ttl,
        indexes,
    }
}
