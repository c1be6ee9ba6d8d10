//! The entity model's key change (`#[next(…)]`, `#[previous(…)]`): its phase and the other
//! shape's templates resolved against the struct's fields, as an earlier shape's are
//! (`model::history`).

use crate::ctxt::Ctxt;
use crate::grammar::key_change::{KeyChangeAttr, Phase};
use crate::model::history::{resolve_shape, Earlier};
use crate::model::Field;

/// One declared key change: its phase and the other shape (an omitted template is the current
/// one).
pub struct KeyChange {
    pub phase: Phase,
    pub shape: Earlier,
}

const HINT: &str = " (the templates of a key change name fields of the struct as it is now: add \
                    the field the new shape needs before declaring it, or remove the \
                    placeholder)";

/// Resolves every declaration; one with a template that does not resolve is left out (its errors
/// are recorded).
pub fn resolve(cx: &Ctxt, fields: &[Field<'_>], attrs: Vec<KeyChangeAttr>) -> Vec<KeyChange> {
    attrs
        .into_iter()
        .filter_map(|attr| {
            let shape = resolve_shape(cx, fields, attr.shape, HINT)?;
            Some(KeyChange {
                phase: attr.phase,
                shape,
            })
        })
        .collect()
}
