//! Index attribute grammar: `#[gsi(…)]`/`#[lsi(…)]` on a table declaration and `#[index(…)]` on an
//! entity. Syntax only; the checks stage decides what the combinations mean.
//!
//! ```text
//! #[gsi(Ident, name = "…", partition_key = "…", sort_key = "…", projection = all)]
//! #[lsi(Ident, name = "…", sort_key = "…", projection = keys_only)]
//!                          projection = all | keys_only | include("attr", …)
//! #[index(IndexPath, pk = "…", sk = "…")]
//! ```
//!
//! A key may also be a list or a typed attribute, a fill a field name, and `#[index]` may be
//! `exclusive` (the attribute-wise indexes of issue 14: `grammar::attribute_index`).

use proc_macro2::Span;
use syn::parse::ParseStream;
use syn::punctuated::Punctuated;
use syn::{Attribute, Ident, LitStr, Path, Token};

use crate::ctxt::Ctxt;
use crate::grammar::attribute_index::{fill_decl, key_decl, FillDecl, KeyDecl};
use crate::grammar::given::Given;

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
    pub partition_key: Option<KeyDecl>,
    pub sort_key: Option<KeyDecl>,
    /// The projection and the span of its keyword.
    pub projection: Option<(ProjectionDecl, Span)>,
}

/// Reads every `#[gsi(…)]` and `#[lsi(…)]` of a table declaration. A marker type declared twice
/// is reported here, and both declarations are kept so that the mistakes inside each are reported
/// too.
pub fn table_indexes(cx: &Ctxt, attrs: &[Attribute]) -> Vec<IndexDecl> {
    let mut out: Vec<IndexDecl> = Vec::new();
    let mut idents = Given::default();
    for attr in attrs {
        let kind = if attr.path().is_ident("gsi") {
            IndexKind::Global
        } else if attr.path().is_ident("lsi") {
            IndexKind::Local
        } else {
            continue;
        };
        match attr.parse_args_with(|input: ParseStream| index_decl(cx, kind, input)) {
            Ok(decl) => {
                let ident = &decl.ident;
                idents.first_time(
                    cx,
                    &format!("index type `{ident}`"),
                    ident,
                    "give each index its own marker type",
                );
                out.push(decl);
            }
            Err(error) => cx.push(error),
        }
    }
    out
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
    let mut given = Given::default();
    super::options(input, |key, input| {
        match key.to_string().as_str() {
            "name" => given.set(cx, &mut decl.name, key, input.parse()?),
            "partition_key" => given.set(cx, &mut decl.partition_key, key, key_decl(input)?),
            "sort_key" => given.set(cx, &mut decl.sort_key, key, key_decl(input)?),
            "projection" => {
                let projection = projection(cx, input)?;
                given.set(cx, &mut decl.projection, key, projection);
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
    pub pk: Option<FillDecl>,
    pub sk: Option<FillDecl>,
    /// The `exclusive` flag: this entity is the index's only one (design of issue 14, §4).
    pub exclusive: Option<Ident>,
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
            exclusive: None,
        };
        let mut given = Given::default();
        while !input.is_empty() {
            input.parse::<Token![,]>()?;
            if input.is_empty() {
                break;
            }
            let key: Ident = input.parse()?;
            if key == "exclusive" && !input.peek(Token![=]) {
                given.set(cx, &mut out.exclusive, &key, key.clone());
                continue;
            }
            input.parse::<Token![=]>()?;
            match key.to_string().as_str() {
                "pk" => given.set(cx, &mut out.pk, &key, fill_decl(input)?),
                "sk" => given.set(cx, &mut out.sk, &key, fill_decl(input)?),
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
        }
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
