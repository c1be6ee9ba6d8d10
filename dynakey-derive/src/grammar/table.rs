//! The attributes of `#[derive(Table)]`: `#[table(partition_key = "…", sort_key = "…")]` or
//! `#[table(partition_key = "…", no_sort_key)]` (either with `ttl = "…"`), and the `#[gsi(…)]`/`#[lsi(…)]` index
//! declarations (whose syntax `grammar::index` reads).
//!
//! Syntax only, each option once (`grammar::given`); the default partition key and what the
//! combinations mean are `model::table`'s and `checks::table`'s.

use syn::parse::ParseStream;
use syn::{Attribute, LitStr, Path};

use crate::ctxt::Ctxt;
use crate::grammar::given::Given;
use crate::grammar::index::{self, IndexDecl};

/// A table declaration's attributes, as written.
#[derive(Default)]
pub struct TableAttrs {
    pub partition_key: Option<LitStr>,
    pub sort_key: Option<LitStr>,
    /// The `no_sort_key` flag, where errors about it point.
    pub no_sort_key: Option<Path>,
    /// `ttl = "…"`: the table's Time to Live attribute.
    pub ttl: Option<LitStr>,
    /// Every `#[gsi(…)]` and `#[lsi(…)]`, in order.
    pub indexes: Vec<IndexDecl>,
    /// `false` when a `#[table(…)]` had a syntax error, after which its other options were not
    /// read (so nothing is reported as missing on account of it).
    pub read_fully: bool,
}

/// Reads a table declaration's attributes; the options of several `#[table(…)]` attributes are
/// read together.
pub fn attrs(cx: &Ctxt, attrs: &[Attribute]) -> TableAttrs {
    let mut out = TableAttrs {
        read_fully: true,
        ..TableAttrs::default()
    };
    let mut given = Given::default();
    for attr in attrs.iter().filter(|a| a.path().is_ident("table")) {
        let result = attr.parse_nested_meta(|meta| {
            let key = &meta.path;
            if key.is_ident("partition_key") {
                let lit: LitStr = meta.value()?.parse()?;
                typed_table_key(cx, meta.input)?;
                given.set(cx, &mut out.partition_key, key, lit);
            } else if key.is_ident("sort_key") {
                let lit: LitStr = meta.value()?.parse()?;
                typed_table_key(cx, meta.input)?;
                given.set(cx, &mut out.sort_key, key, lit);
            } else if key.is_ident("no_sort_key") {
                given.set(cx, &mut out.no_sort_key, key, key.clone());
            } else if key.is_ident("ttl") {
                let lit: LitStr = meta.value()?.parse()?;
                given.set(cx, &mut out.ttl, key, lit);
            } else {
                return Err(meta.error(
                    "unknown table option; expected `partition_key = \"…\"`, `sort_key = \"…\"`, `no_sort_key` or `ttl = \"…\"`",
                ));
            }
            Ok(())
        });
        if let Err(error) = result {
            cx.push(error);
            out.read_fully = false;
        }
    }
    out.indexes = index::table_indexes(cx, attrs);
    out
}

/// `partition_key = "PK": N` on the table: reported at the type, and read past, so the other
/// options are still read.
fn typed_table_key(cx: &Ctxt, input: ParseStream<'_>) -> syn::Result<()> {
    if let Some(ty) = crate::grammar::attribute_key::typed_suffix(input)? {
        cx.error_at(
            &ty,
            "dynakey builds table keys from templates, so they are strings (S); put a typed key \
             on a GSI or LSI: `#[gsi(…, sort_key = \"score\": N)]`",
        );
    }
    Ok(())
}
