//! The entity model's managed fields: `#[dynakey(version = "…", created_at = "…", updated_at =
//! "…")]` resolved to fields, and the `#[ttl]` fields.

use syn::LitStr;

use crate::ctxt::Ctxt;
use crate::model::{field_suggestion, Field};

/// A field named by a `#[dynakey(…)]` option.
pub struct ManagedField {
    /// The option's value, where errors about it point.
    pub lit: LitStr,
    /// Index into the entity's fields.
    pub field: usize,
}

/// The fields dynakey maintains.
#[derive(Default)]
pub struct Managed {
    pub version: Option<ManagedField>,
    pub created_at: Option<ManagedField>,
    pub updated_at: Option<ManagedField>,
    /// Every field marked `#[ttl]`, in order (more than one is reported by the checks).
    pub ttl: Vec<usize>,
}

impl Managed {
    /// The version and timestamp fields, with the option that names each.
    pub fn named(&self) -> impl Iterator<Item = (&'static str, &ManagedField)> {
        [
            ("version", self.version.as_ref()),
            ("created_at", self.created_at.as_ref()),
            ("updated_at", self.updated_at.as_ref()),
        ]
        .into_iter()
        .filter_map(|(option, field)| field.map(|f| (option, f)))
    }

    /// `true` when field `index` is a version or timestamp field.
    pub fn is_managed(&self, index: usize) -> bool {
        self.named().any(|(_, f)| f.field == index)
    }

    /// The `#[ttl]` field, if any.
    pub fn ttl(&self) -> Option<usize> {
        self.ttl.first().copied()
    }
}

/// Resolves the options to fields; one that names no field is reported with the closest name.
pub fn resolve(
    cx: &Ctxt,
    fields: &[Field<'_>],
    version: Option<LitStr>,
    created_at: Option<LitStr>,
    updated_at: Option<LitStr>,
) -> Managed {
    let one = |option: &str, lit: Option<LitStr>| {
        let lit = lit?;
        let name = lit.value();
        match fields.iter().position(|f| f.name() == name) {
            Some(field) => Some(ManagedField { lit, field }),
            None => {
                cx.error_at(
                    &lit,
                    format!(
                        "`{option} = {name:?}` names no field of this struct; {}",
                        field_suggestion(&name, fields, |c| format!("`{option} = {c:?}`"))
                    ),
                );
                None
            }
        }
    };
    Managed {
        version: one("version", version),
        created_at: one("created_at", created_at),
        updated_at: one("updated_at", updated_at),
        ttl: (0..fields.len())
            .filter(|&i| fields[i].ttl.is_some())
            .collect(),
    }
}
