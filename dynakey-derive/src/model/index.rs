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
            let template = resolve(cx, fields, lit, role);
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

/// `ByParentFolder` → `by_parent_folder`, `GSI1` → `gsi1`, `HTTPIndex` → `http_index`.
pub fn snake_case(name: &str) -> String {
    let chars: Vec<char> = name.chars().collect();
    let mut out = String::with_capacity(name.len() + 4);
    for (i, &c) in chars.iter().enumerate() {
        if c.is_uppercase() {
            let previous = i.checked_sub(1).and_then(|p| chars.get(p)).copied();
            let next = chars.get(i + 1).copied();
            let boundary = match previous {
                Some(p) if p.is_lowercase() || p.is_ascii_digit() => true,
                Some(p) if p.is_uppercase() => next.is_some_and(char::is_lowercase),
                _ => false,
            };
            if boundary && !out.ends_with('_') {
                out.push('_');
            }
            out.extend(c.to_lowercase());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::snake_case;

    #[test]
    fn snake_case_of_index_idents() {
        assert_eq!(snake_case("ByStatus"), "by_status");
        assert_eq!(snake_case("ByParentFolder"), "by_parent_folder");
        assert_eq!(snake_case("GSI1"), "gsi1");
        assert_eq!(snake_case("HTTPIndex"), "http_index");
        assert_eq!(snake_case("by_owner"), "by_owner");
        assert_eq!(snake_case("Gsi1Pk"), "gsi1_pk");
    }
}
