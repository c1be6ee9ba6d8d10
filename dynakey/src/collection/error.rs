//! [`CollectionError`]: an item collection that does not have the declared shape.

use std::fmt;

/// A member of a collection, as named in errors: the collection struct's field, the member's
/// entity name ([`Entity::ENTITY_NAME`](crate::Entity::ENTITY_NAME)) and its sort-key template.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MemberName {
    /// The field of the collection struct, e.g. `projects`.
    pub field: &'static str,
    /// The member's entity name, e.g. `Project`.
    pub entity: &'static str,
    /// The member's sort-key template text, e.g. `PROJ#<id>` (empty when it has none).
    pub template: &'static str,
}

impl fmt::Display for MemberName {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "`{}` ({}, sort key {:?})",
            self.field, self.entity, self.template
        )
    }
}

/// The items of a collection read do not fit its declaration: what went wrong is
/// [`CollectionError::kind`].
///
/// The details live behind one pointer so results that carry it stay small.
#[derive(Clone, PartialEq, Eq)]
pub struct CollectionError(Box<CollectionErrorKind>);

impl CollectionError {
    /// What went wrong, with the collection and members involved.
    pub fn kind(&self) -> &CollectionErrorKind {
        &self.0
    }

    /// Unwraps the details.
    pub fn into_kind(self) -> CollectionErrorKind {
        *self.0
    }
}

impl From<CollectionErrorKind> for CollectionError {
    #[cold]
    fn from(kind: CollectionErrorKind) -> Self {
        CollectionError(Box::new(kind))
    }
}

impl fmt::Debug for CollectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl fmt::Display for CollectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl std::error::Error for CollectionError {}

/// What went wrong in assembling a collection (docs/semantics.md §4: an item that matches no member is reported,
/// never dropped silently).
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum CollectionErrorKind {
    /// An item's sort key matches no member's template (or is missing, or is not a string), and
    /// the read was asked to fail on such items. Read with the policy that keeps unknown items, or
    /// the one that counts and skips them, to get past it.
    #[error(
        "collection `{collection}`: {} matches no member (its sort key fits none of the members' \
         templates); read it with the unknown-item policy that keeps or skips such items to see it",
        item_key(sort_key.as_deref())
    )]
    UnknownItem {
        /// The collection struct.
        collection: &'static str,
        /// The item's sort key, when it had one of type `S`.
        sort_key: Option<String>,
    },
    /// Two members accept the same key: their templates could not be told apart at build time, and
    /// this key decodes under both. Give one of them a distinct literal prefix, or tell them apart
    /// with an entity-type attribute.
    #[error(
        "collection `{collection}`: the sort key {sort_key:?} belongs to both member {first} and \
         member {second}; give one of them a distinct literal prefix or declare \
         #[dynakey(entity_type = \"…\")] on both"
    )]
    Ambiguous {
        /// The collection struct.
        collection: &'static str,
        /// The key both accept.
        sort_key: String,
        /// The member declared first.
        first: MemberName,
        /// The other member.
        second: MemberName,
    },
    /// A member declared as exactly one item (`T`) has no item in what was read. Declare it
    /// `Option<T>` if it may be absent (for instance in a read limited to a group prefix that
    /// leaves it out).
    #[error(
        "collection `{collection}`: member {member} is declared as exactly one item but the read \
         returned none; declare it as Option<…> if it may be absent"
    )]
    Missing {
        /// The collection struct.
        collection: &'static str,
        /// The member.
        member: MemberName,
    },
    /// A member declared as one item (`T`) or at most one (`Option<T>`) matched a second item.
    #[error(
        "collection `{collection}`: member {member} is declared as at most one item but both \
         {first_sort_key:?} and {second_sort_key:?} belong to it; declare it as Vec<…>"
    )]
    TooMany {
        /// The collection struct.
        collection: &'static str,
        /// The member.
        member: MemberName,
        /// The sort key of the first item it matched (empty when not known).
        first_sort_key: String,
        /// The sort key of the second.
        second_sort_key: String,
    },
}

fn item_key(sort_key: Option<&str>) -> String {
    match sort_key {
        Some(key) => format!("the item with sort key {key:?}"),
        None => "an item without a string sort key".to_owned(),
    }
}
