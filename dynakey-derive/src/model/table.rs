//! Stage 2 of `#[derive(Table)]`: the declaration with its defaults filled in and each index's
//! name and partition key resolved, so neither the checks nor code generation recompute them.

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
    /// The sort-key attribute: `sort_key = "…"`, none with `no_sort_key`, or `"SK"` spanned at the
    /// table's name.
    pub sort_key: Option<LitStr>,
    /// `sort_key = "…"` and `no_sort_key` as written, for the check that they are not both given.
    pub written_sort_key: Option<LitStr>,
    pub no_sort_key: Option<Path>,
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
    let sort_key = match (&attrs.sort_key, &attrs.no_sort_key) {
        (_, Some(_)) => None,
        (Some(sort), None) => Some(sort.clone()),
        (None, None) => Some(LitStr::new("SK", ident.span())),
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
        indexes,
    }
}
