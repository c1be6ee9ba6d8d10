//! Support for generated code. Not public API: may change in any release.

pub use std::marker::PhantomData;
pub use std::result::Result;
pub use std::string::String;

pub use crate::template::{decode_field, push_field, take_segment};

use crate::error::{KeyError, KeyErrorKind, KeyRole};

/// Finishes a key: DynamoDB's empty-key and size rules.
#[inline]
pub fn finish_key(role: KeyRole, key: String) -> Result<String, KeyError> {
    KeyError::check_size(role, &key)?;
    Ok(key)
}

/// Finishes a sort-key prefix (a group or partial value): only the size limit applies, since an
/// empty prefix means "no condition".
#[inline]
pub fn finish_prefix(prefix: String) -> Result<String, KeyError> {
    if prefix.len() > KeyRole::Sort.max_bytes() {
        KeyError::check_size(KeyRole::Sort, &prefix)?;
    }
    Ok(prefix)
}

/// Compile-time check that an entity with `#[sk]` is on a table with a sort key; the error is
/// reported at the generated call, which the derive spans at the `#[sk]` template.
pub const fn assert_table_with_sort_key<E: crate::Entity>()
where
    E::Table: crate::TableWithSortKey,
{
}

/// Compile-time check that an entity without `#[sk]` is on a table without a sort key.
pub const fn assert_table_without_sort_key<E: crate::Entity>()
where
    E::Table: crate::TableWithoutSortKey,
{
}

/// Appends a partial value of a field (a `<field>_prefix` argument), rejecting the terminator so a
/// partial value never reaches into the next group.
pub fn push_partial<T>(
    out: &mut String,
    partial: &impl crate::condition::SegmentPrefix<T>,
    field: &'static str,
    terminator: Option<char>,
    template: &'static str,
) -> Result<(), KeyError> {
    let start = out.len();
    partial.push_prefix(out);
    match terminator {
        Some(t) if out[start..].contains(t) => Err(KeyErrorKind::Terminator {
            field,
            value: out[start..].to_owned(),
            terminator: t,
            template,
        }
        .into()),
        _ => Ok(()),
    }
}
