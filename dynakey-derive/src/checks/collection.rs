//! Stage 3 of `#[derive(Collection)]`: the rules a macro can decide from the struct alone. Rules
//! that need the member types (is it an entity? same table, partition key, overlapping sort keys?)
//! are emitted by code generation as bounds and `const` assertions spanned at the member.

use crate::ctxt::Ctxt;
use crate::grammar::collection::is_container;
use crate::model::collection::Collection;

pub fn collection(cx: &Ctxt, collection: &Collection<'_>) {
    let generics = &collection.input.generics;
    if !generics.params.is_empty() {
        cx.error_at(
            generics,
            "#[derive(Collection)] does not support generic structs: members are concrete entity types",
        );
    }
    if collection.members.is_empty() {
        cx.error_at(
            collection.ident,
            "a collection needs at least one member: a field `T`, `Option<T>` or `Vec<T>` of an entity type",
        );
    }
    for (i, member) in collection.members.iter().enumerate() {
        if is_container(member.entity) {
            let entity = member.entity;
            cx.error_at(
                entity,
                format!(
                    "member `{}` nests containers: a member is `T` (exactly one item), `Option<T>` (at \
                     most one) or `Vec<T>` (any number) of an entity type `T`",
                    member.ident
                ),
            );
        }
        let name = member.type_name();
        if let Some(first) = collection.members[..i]
            .iter()
            .find(|other| other.type_name() == name)
        {
            cx.error_at(
                member.entity,
                format!(
                    "members `{}` and `{}` both hold `{name}`: every key of one would be a key of the \
                     other; hold all its items in one member, e.g. `{}: Vec<{name}>`",
                    first.ident, member.ident, first.ident
                ),
            );
        }
    }
}
