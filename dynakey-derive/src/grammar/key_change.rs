//! `#[next(pk = "…", sk = "…")]`, `#[previous(pk = "…", sk = "…")]` and
//! `#[previous(…, retired)]`: the phases of a key change during a rolling deploy (expand, switch,
//! contract; docs/semantics.md §10). Only syntax is read here, as for `#[was]`
//! (`grammar::history::shape`); how many there are and what they may go with is
//! `checks::key_change`'s job.

use syn::Attribute;

use crate::ctxt::Ctxt;
use crate::grammar::history::{shape, WasAttr};

/// Which phase an attribute declares.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    Expand,
    Switch,
    Contract,
}

/// One `#[next(…)]` or `#[previous(…)]` as written: its phase and the other shape's templates.
pub struct KeyChangeAttr {
    pub phase: Phase,
    pub shape: WasAttr,
}

const NEXT: &str = "#[next(sk = \"BOOK#<genre>#<id>\")] or #[next(pk = \"…\", sk = \"…\")]";
const PREVIOUS: &str = "#[previous(sk = \"BOOK#<id>\")], or #[previous(sk = \"BOOK#<id>\", \
                        retired)] once every instance reads the new shape";

/// Every `#[next(…)]` and `#[previous(…)]` of the struct that parsed, in order.
pub fn attrs(cx: &Ctxt, attrs: &[Attribute]) -> Vec<KeyChangeAttr> {
    let mut out = Vec::new();
    for attr in attrs {
        if attr.path().is_ident("next") {
            if let Some(shape) = shape(cx, attr, "next", "next", NEXT, |_| None) {
                out.push(KeyChangeAttr {
                    phase: Phase::Expand,
                    shape,
                });
            }
        } else if attr.path().is_ident("previous") {
            let mut retired = false;
            let shape = shape(cx, attr, "previous", "previous", PREVIOUS, |meta| {
                meta.path.is_ident("retired").then(|| {
                    retired = true;
                    Ok(())
                })
            });
            if let Some(shape) = shape {
                let phase = if retired {
                    Phase::Contract
                } else {
                    Phase::Switch
                };
                out.push(KeyChangeAttr { phase, shape });
            }
        }
    }
    out
}
