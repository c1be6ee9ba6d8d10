//! The entity model's unique constraints: each `#[unique(…)]` resolved to fields. A name that is
//! no field, a field named twice in one constraint, or a constraint written twice is one error at
//! the offending string.

use syn::LitStr;

use crate::ctxt::Ctxt;
use crate::grammar::unique::UniqueAttr;
use crate::model::{field_suggestion, Field};

/// One unique constraint: indices into the entity's fields, in the order written.
pub struct Unique {
    pub lits: Vec<LitStr>,
    pub fields: Vec<usize>,
}

/// Resolves every constraint; one with a mistake is reported and left out.
pub fn resolve(cx: &Ctxt, fields: &[Field<'_>], attrs: Vec<UniqueAttr>) -> Vec<Unique> {
    let mut out: Vec<Unique> = Vec::new();
    for attr in attrs {
        let mut indices = Vec::with_capacity(attr.fields.len());
        let mut ok = true;
        for lit in &attr.fields {
            let name = lit.value();
            match fields.iter().position(|f| f.name() == name) {
                Some(i) if indices.contains(&i) => {
                    ok = false;
                    cx.error_at(
                        lit,
                        format!("field `{name}` is named twice in this #[unique(…)]; name it once"),
                    );
                }
                Some(i) => indices.push(i),
                None => {
                    ok = false;
                    cx.error_at(
                        lit,
                        format!(
                            "#[unique(…)] names `{name}`, which is no field of this struct; {}",
                            field_suggestion(&name, fields, |c| format!("#[unique({c:?})]"))
                        ),
                    );
                }
            }
        }
        if !ok {
            continue;
        }
        let mut sorted = indices.clone();
        sorted.sort_unstable();
        let repeat = out.iter().any(|u| {
            let mut other = u.fields.clone();
            other.sort_unstable();
            other == sorted
        });
        if repeat {
            cx.error_at(
                &attr.fields[0],
                "this unique constraint is already declared by an earlier #[unique(…)] on the \
                 same fields; keep one",
            );
            continue;
        }
        out.push(Unique {
            lits: attr.fields,
            fields: indices,
        });
    }
    out
}
