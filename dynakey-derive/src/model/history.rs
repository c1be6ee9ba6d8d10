//! The entity model's earlier key shapes: each `#[was(…)]` with its templates resolved against
//! the struct's fields, like the current templates (the same grammar and placeholder rules).

use syn::{Attribute, LitStr};

use crate::ctxt::Ctxt;
use crate::grammar::history::WasAttr;
use crate::model::{resolve_with_hint, Field, Role, Template};

/// One earlier shape: the templates `#[was(…)]` gives (an omitted one is the current template).
pub struct Earlier {
    /// The attribute, where errors about the shape as a whole point.
    pub attr: Attribute,
    /// `pk = "…"`, resolved.
    pub pk: Option<Template>,
    /// `sk = "…"`, resolved.
    pub sk: Option<Template>,
}

impl Earlier {
    /// The template literal errors about this shape point at: its sort-key template, or its
    /// partition-key template when it gives none.
    pub fn lit(&self) -> Option<&LitStr> {
        self.sk.as_ref().or(self.pk.as_ref()).map(|t| &t.lit)
    }

    /// Its templates, partition first.
    pub fn templates(&self) -> impl Iterator<Item = &Template> {
        self.pk.iter().chain(&self.sk)
    }
}

const HINT: &str =
    " (an earlier template names fields of the struct as it is now: keep the field, \
                    with #[serde(default)] if items of the current shape may lack its attribute, \
                    or remove the placeholder from the earlier template)";

/// Resolves every `#[was(…)]`; a shape with a template that does not resolve is left out (its
/// errors are recorded), so no check cascades from it.
pub fn resolve(cx: &Ctxt, fields: &[Field<'_>], attrs: Vec<WasAttr>) -> Vec<Earlier> {
    attrs
        .into_iter()
        .filter_map(|was| resolve_shape(cx, fields, was, HINT))
        .collect()
}

/// One shape's templates resolved against the struct's fields, with `hint` after the message of
/// a placeholder that names no field; `None` when one does not resolve (reported).
pub fn resolve_shape(cx: &Ctxt, fields: &[Field<'_>], was: WasAttr, hint: &str) -> Option<Earlier> {
    let mut ok = true;
    let mut resolve = |lit: Option<LitStr>, role| {
        let lit = lit?;
        let template = resolve_with_hint(cx, fields, lit, role, hint);
        ok &= template.is_some();
        template
    };
    let pk = resolve(was.pk, Role::Partition);
    let sk = resolve(was.sk, Role::Sort);
    ok.then_some(Earlier {
        attr: was.attr,
        pk,
        sk,
    })
}
