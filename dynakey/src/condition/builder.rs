//! What makes a type a sort-key builder: [`SortKeyBuilder`], implemented once per builder type
//! (`ProjectSk<D>` from `#[derive(Entity)]`, or a hand-written one), and the condition traits
//! ([`SortKeyPrefix`], [`SortKeyBound`], [`CompleteSortKey`]) implemented here for every builder
//! by the [`SortKeyBuilder::Kind`] of its depth — so a derived entity carries no impl per depth.
//!
//! | kind | filled | `begins_with` | range bound | `eq` |
//! |---|---|---|---|---|
//! | [`EntityPrefix`] | no field (the template's literal prefix) | yes (empty: no condition) | — | — |
//! | [`Group`] | the first `k` of `n` fields, `0 < k < n` | yes | the whole group | — |
//! | [`Complete`] | every field; the template ends in a placeholder | — | exact | yes |
//! | [`CompleteWithLiteral`] | every field; the template ends in a literal, or has no field | yes | exact | yes |

use super::{Bound, CompleteSortKey, SortKeyBound, SortKeyPrefix};
use crate::error::{KeyError, KeyRole};

/// A sort-key builder: the key text built so far (or the first encoding error, returned when the
/// query is built), the entity and index whose sort keys it builds, and what its depth allows
/// ([`SortKeyBuilder::Kind`]). The condition traits follow from it: `begins_with` takes a builder
/// of kind [`EntityPrefix`], [`Group`] or [`CompleteWithLiteral`], a range bound one of kind
/// [`Group`], [`Complete`] or [`CompleteWithLiteral`], `eq` one of kind [`Complete`] or
/// [`CompleteWithLiteral`] (docs/semantics.md §3).
///
/// `#[derive(Entity)]` implements it for each builder it generates (`<Entity>Sk<D>`,
/// `<Entity><Index>Sk<D>`); every builder is then [`SortKeyOf`](super::SortKeyOf) its `Entity`
/// and `Index`, which the query conditions require.
///
/// ```
/// use dynakey::__private::{Group, SortKeyBuilder};
/// use dynakey::{KeyError, PrimaryIndex};
///
/// /// `ORD#<day>#`, a group of an order entity's sort keys `ORD#<day>#<id>`.
/// struct OrdersOfDay(u32);
///
/// impl SortKeyBuilder for OrdersOfDay {
///     type Entity = ();
///     type Index = PrimaryIndex;
///     type Kind = Group;
///     fn into_key(self) -> Result<String, KeyError> {
///         Ok(format!("ORD#{:010}#", self.0))
///     }
/// }
/// ```
pub trait SortKeyBuilder: Sized {
    /// The entity whose sort-key template this builder fills.
    type Entity;
    /// The index whose sort key it is ([`PrimaryIndex`](super::PrimaryIndex) for the base table).
    type Index;
    /// What the builder's depth allows: [`EntityPrefix`], [`Group`], [`Complete`] or
    /// [`CompleteWithLiteral`].
    type Kind;

    /// The key text: a prefix (including the terminator after its last field) below a complete
    /// key, the complete sort key at it.
    ///
    /// # Errors
    /// The first encoding error met while filling.
    fn into_key(self) -> Result<String, KeyError>;
}

/// Nothing filled: the template's literal prefix, a `begins_with` operand only (an empty prefix
/// means no sort-key condition).
pub enum EntityPrefix {}

/// Some fields filled, not all: a group prefix (it includes the terminator after its last field),
/// a `begins_with` operand and a range bound that includes the whole group.
pub enum Group {}

/// Every field filled, the template ending in a placeholder: a complete key for `eq` and an exact
/// range bound (not a `begins_with` operand: other keys extend its last value).
pub enum Complete {}

/// Every field filled, the template ending in a literal or having no placeholder: a complete key
/// for `eq`, an exact range bound, and a `begins_with` operand (no key of the entity extends it).
pub enum CompleteWithLiteral {}

mod sealed {
    pub trait Sealed {}
    impl Sealed for super::EntityPrefix {}
    impl Sealed for super::Group {}
    impl Sealed for super::Complete {}
    impl Sealed for super::CompleteWithLiteral {}
}

/// The kinds that are `begins_with` operands (sealed).
pub trait PrefixKind: sealed::Sealed {}
impl PrefixKind for EntityPrefix {}
impl PrefixKind for Group {}
impl PrefixKind for CompleteWithLiteral {}

/// The kinds that are range bounds, and which bound (sealed).
pub trait BoundKind: sealed::Sealed {
    /// The bound of a key text of this kind, checked against the size rules.
    ///
    /// # Errors
    /// [`KeyErrorKind::TooLong`](crate::KeyErrorKind::TooLong) (and, for a complete key,
    /// [`KeyErrorKind::EmptyKey`](crate::KeyErrorKind::EmptyKey)).
    fn bound(key: String) -> Result<Bound, KeyError>;
}
impl BoundKind for Group {
    fn bound(key: String) -> Result<Bound, KeyError> {
        finish_prefix(key).map(Bound::Group)
    }
}
impl BoundKind for Complete {
    fn bound(key: String) -> Result<Bound, KeyError> {
        finish_key(key).map(Bound::Exact)
    }
}
impl BoundKind for CompleteWithLiteral {
    fn bound(key: String) -> Result<Bound, KeyError> {
        finish_key(key).map(Bound::Exact)
    }
}

/// The kinds that are complete keys (sealed).
pub trait CompleteKind: sealed::Sealed {}
impl CompleteKind for Complete {}
impl CompleteKind for CompleteWithLiteral {}

/// A complete sort key: DynamoDB's empty-key and size rules.
fn finish_key(key: String) -> Result<String, KeyError> {
    KeyError::check_size(KeyRole::Sort, &key)?;
    Ok(key)
}

/// A prefix may be empty ("no condition"), so only the size limit applies.
fn finish_prefix(prefix: String) -> Result<String, KeyError> {
    if prefix.len() > KeyRole::Sort.max_bytes() {
        KeyError::check_size(KeyRole::Sort, &prefix)?;
    }
    Ok(prefix)
}

// `do_not_recommend`: a builder of the wrong depth is reported as not implementing the condition
// trait (its message), not as a kind missing a marker trait.
#[diagnostic::do_not_recommend]
impl<B> SortKeyPrefix for B
where
    B: SortKeyBuilder,
    B::Kind: PrefixKind,
{
    type Entity = B::Entity;
    type Index = B::Index;
    #[inline]
    fn into_prefix(self) -> Result<String, KeyError> {
        self.into_key().and_then(finish_prefix)
    }
}

#[diagnostic::do_not_recommend]
impl<B> SortKeyBound for B
where
    B: SortKeyBuilder,
    B::Kind: BoundKind,
{
    type Entity = B::Entity;
    type Index = B::Index;
    #[inline]
    fn into_bound(self) -> Result<Bound, KeyError> {
        self.into_key().and_then(<B::Kind as BoundKind>::bound)
    }
}

#[diagnostic::do_not_recommend]
impl<B> CompleteSortKey for B
where
    B: SortKeyBuilder,
    B::Kind: CompleteKind,
{
    type Entity = B::Entity;
    type Index = B::Index;
    #[inline]
    fn into_sort_key(self) -> Result<String, KeyError> {
        self.into_key().and_then(finish_key)
    }
}
