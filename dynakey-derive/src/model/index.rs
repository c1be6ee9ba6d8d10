//! The entity model's secondary-index part: each `#[index(…)]` with its templates resolved against
//! the struct's fields (the same resolution as `#[pk]`/`#[sk]`).

use syn::{GenericArgument, Path, PathArguments, Type};

use crate::ctxt::Ctxt;
use crate::grammar::index::IndexAttr;
use crate::model::{resolve, Entity, Field, Role, Template};

/// One `#[index(…)]` of an entity.
pub struct IndexTemplates {
    /// The index marker type, as written.
    pub index: Path,
    /// The index partition-key template (GSIs).
    pub pk: Option<Template>,
    /// The index sort-key template.
    pub sk: Option<Template>,
}

impl IndexTemplates {
    /// The index's last path segment, e.g. `ByStatus` for `crate::ByStatus`.
    pub fn name(&self) -> String {
        self.index
            .segments
            .last()
            .map(|s| s.ident.to_string())
            .unwrap_or_default()
    }

    /// The pk and sk templates that are present.
    pub fn templates(&self) -> impl Iterator<Item = &Template> {
        self.pk.iter().chain(&self.sk)
    }
}

impl Field<'_> {
    /// `true` for an `Option<T>` field (usable in index templates only).
    pub fn is_optional(&self) -> bool {
        option_inner(self.ty).is_some()
    }
}

impl Entity<'_> {
    /// The templates of every `#[index(…)]`.
    pub fn index_templates(&self) -> impl Iterator<Item = &Template> {
        self.indexes.iter().flat_map(IndexTemplates::templates)
    }
}

/// Resolves every `#[index(…)]`; one whose template has an error is dropped (the error is
/// recorded).
pub fn resolve_all(cx: &Ctxt, fields: &[Field<'_>], attrs: Vec<IndexAttr>) -> Vec<IndexTemplates> {
    let mut out = Vec::with_capacity(attrs.len());
    for attr in attrs {
        let mut ok = true;
        let mut one = |lit: Option<syn::LitStr>, role| {
            let lit = lit?;
            let template = resolve(cx, fields, attr.attr.clone(), lit, role);
            ok &= template.is_some();
            template
        };
        let pk = one(attr.pk, Role::Partition);
        let sk = one(attr.sk, Role::Sort);
        if ok {
            out.push(IndexTemplates {
                index: attr.index,
                pk,
                sk,
            });
        }
    }
    out
}

/// `T` when `ty` is written `Option<T>` (last path segment `Option` with one type argument).
pub fn option_inner(ty: &Type) -> Option<&Type> {
    let Type::Path(path) = ty else { return None };
    if path.qself.is_some() {
        return None;
    }
    let last = path.path.segments.last()?;
    if last.ident != "Option" {
        return None;
    }
    let PathArguments::AngleBracketed(args) = &last.arguments else {
        return None;
    };
    match args.args.first() {
        Some(GenericArgument::Type(inner)) if args.args.len() == 1 => Some(inner),
        _ => None,
    }
}
