//! Index attribute grammar: `#[gsi(…)]`/`#[lsi(…)]` on a table declaration and `#[index(…)]` on an
//! entity. Syntax only; the checks stage decides what the combinations mean.
//!
//! ```text
//! #[gsi(Ident, name = "…", partition_key = "…", sort_key = "…", projection = all)]
//! #[lsi(Ident, name = "…", sort_key = "…", projection = keys_only)]
//!                          projection = all | keys_only | include("attr", …)
//! #[index(IndexPath, pk = "…", sk = "…")]
//! ```

use proc_macro2::Span;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::{Attribute, Ident, LitStr, Path, Token};

use crate::ctxt::Ctxt;

/// GSI or LSI, from the attribute's name.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum IndexKind {
    Global,
    Local,
}

impl IndexKind {
    pub fn attribute(self) -> &'static str {
        match self {
            IndexKind::Global => "gsi",
            IndexKind::Local => "lsi",
        }
    }
}

/// `projection = …`.
pub enum ProjectionDecl {
    All,
    KeysOnly,
    Include(Vec<LitStr>),
}

/// One `#[gsi(…)]` or `#[lsi(…)]`, as written.
pub struct IndexDecl {
    pub kind: IndexKind,
    /// The marker type to generate.
    pub ident: Ident,
    pub name: Option<LitStr>,
    pub partition_key: Option<LitStr>,
    pub sort_key: Option<LitStr>,
    /// The projection and the span of its keyword.
    pub projection: Option<(ProjectionDecl, Span)>,
}

/// Reads every `#[gsi(…)]` and `#[lsi(…)]` of a table declaration.
pub fn table_indexes(cx: &Ctxt, attrs: &[Attribute]) -> Vec<IndexDecl> {
    let mut out = Vec::new();
    for attr in attrs {
        let kind = if attr.path().is_ident("gsi") {
            IndexKind::Global
        } else if attr.path().is_ident("lsi") {
            IndexKind::Local
        } else {
            continue;
        };
        match attr.parse_args_with(|input: ParseStream| index_decl(cx, kind, input)) {
            Ok(decl) => out.push(decl),
            Err(error) => cx.push(error),
        }
    }
    out
}

fn set<T>(cx: &Ctxt, slot: &mut Option<T>, value: T, key: &Ident) {
    if slot.replace(value).is_some() {
        cx.error_at(key, format!("`{key}` is given twice"));
    }
}

fn index_decl(cx: &Ctxt, kind: IndexKind, input: ParseStream) -> syn::Result<IndexDecl> {
    let which = kind.attribute();
    let ident: Ident = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            format!(
                "expected the index's marker type name first, e.g. #[{which}(ByStatus, …)]: \
                 the derive generates that type"
            ),
        )
    })?;
    let mut decl = IndexDecl {
        kind,
        ident,
        name: None,
        partition_key: None,
        sort_key: None,
        projection: None,
    };
    super::options(input, |key, input| {
        match key.to_string().as_str() {
            "name" => set(cx, &mut decl.name, input.parse()?, key),
            "partition_key" => set(cx, &mut decl.partition_key, input.parse()?, key),
            "sort_key" => set(cx, &mut decl.sort_key, input.parse()?, key),
            "projection" => {
                let projection = projection(cx, input)?;
                set(cx, &mut decl.projection, projection, key);
            }
            _ => {
                return Err(syn::Error::new(
                    key.span(),
                    format!(
                        "unknown {which} option `{key}`; expected `name = \"…\"`, \
                         `partition_key = \"…\"`, `sort_key = \"…\"` or \
                         `projection = all | keys_only | include(\"attr\", …)`"
                    ),
                ))
            }
        }
        Ok(())
    })?;
    Ok(decl)
}

/// Reads a projection; an unknown word is recorded (and read as `all`) so the declaration's other
/// mistakes are still reported.
fn projection(cx: &Ctxt, input: ParseStream) -> syn::Result<(ProjectionDecl, Span)> {
    let word: Ident = input.parse().map_err(|e| {
        syn::Error::new(
            e.span(),
            "expected a projection: `all`, `keys_only` or `include(\"attr\", …)`",
        )
    })?;
    let span = word.span();
    let projection = match word.to_string().as_str() {
        "all" => ProjectionDecl::All,
        "keys_only" => ProjectionDecl::KeysOnly,
        "include" => {
            let content;
            syn::parenthesized!(content in input);
            let list = Punctuated::<LitStr, Token![,]>::parse_terminated(&content)?;
            ProjectionDecl::Include(list.into_iter().collect())
        }
        _ => {
            cx.error_span(
                span,
                format!(
                    "unknown projection `{word}`; expected `all`, `keys_only` or \
                     `include(\"attr\", …)` (AWS developer guide, \"Attribute projections\")"
                ),
            );
            ProjectionDecl::All
        }
    };
    Ok((projection, span))
}

/// One `#[index(…)]` of an entity, as written.
pub struct IndexAttr {
    /// The index marker type.
    pub index: Path,
    pub pk: Option<LitStr>,
    pub sk: Option<LitStr>,
}

/// Reads one `#[index(…)]` attribute of an entity.
pub fn entity_index(cx: &Ctxt, attr: &Attribute) -> Option<IndexAttr> {
    let result = attr.parse_args_with(|input: ParseStream| {
        let index: Path = input.parse().map_err(|e| {
            syn::Error::new(
                e.span(),
                "expected the index type first, e.g. #[index(ByStatus, pk = \"STATUS#<status>\", \
                 sk = \"<created>\")]",
            )
        })?;
        let mut out = IndexAttr {
            index,
            pk: None,
            sk: None,
        };
        super::options(input, |key, input| {
            match key.to_string().as_str() {
                "pk" => set(cx, &mut out.pk, input.parse()?, key),
                "sk" => set(cx, &mut out.sk, input.parse()?, key),
                _ => {
                    return Err(syn::Error::new(
                        key.span(),
                        format!(
                            "unknown index option `{key}`; expected `pk = \"…\"` (the index \
                             partition-key template, GSIs only) and/or `sk = \"…\"` (its \
                             sort-key template)"
                        ),
                    ))
                }
            }
            Ok(())
        })?;
        Ok(out)
    });
    match result {
        Ok(index) => Some(index),
        Err(error) => {
            cx.push(error);
            None
        }
    }
}
