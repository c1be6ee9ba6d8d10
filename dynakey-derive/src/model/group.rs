//! The entity model's index groups: the non-key fields that `#[index(…)]` templates tie together.
//!
//! Two fields are linked when one index template names both; each connected group (the indexes
//! that share a field fall into one) is set by an update as a whole, so every index key it feeds
//! can be recomputed in the same `UpdateItem`. Fields of the entity's own key are not in any group:
//! they never change in an update, and an index key takes them from the item's key.

use crate::model::index::{snake_case, IndexTemplates};
use crate::model::Template;

/// One group: its indexes and fields.
pub struct Group {
    /// The handle's name: the indexes' names in SCREAMING_SNAKE_CASE, joined with `_AND_`.
    pub name: String,
    /// Indices into the entity's indexes, in declaration order.
    pub indexes: Vec<usize>,
    /// Indices into the entity's fields, in the order the templates first name them.
    pub fields: Vec<usize>,
}

/// The groups of an entity with key templates `pk` and `sk` (the first of each counts) and
/// indexes `indexes`. An index whose templates name only key fields needs no group.
pub fn groups(pk: &[Template], sk: &[Template], indexes: &[IndexTemplates]) -> Vec<Group> {
    let key: Vec<usize> = pk
        .first()
        .into_iter()
        .chain(sk.first())
        .flat_map(Template::field_indices)
        .collect();
    let fields_of = |index: &IndexTemplates| -> Vec<usize> {
        let mut out = Vec::new();
        // A native fill's field joins too (issue 14): an update sets the group together.
        for field in index.fields() {
            if !key.contains(&field) && !out.contains(&field) {
                out.push(field);
            }
        }
        out
    };
    let mut groups: Vec<Group> = Vec::new();
    for (i, index) in indexes.iter().enumerate() {
        let fields = fields_of(index);
        if fields.is_empty() {
            continue;
        }
        // Merge every group that shares a field with this index into one.
        let (linked, mut rest): (Vec<Group>, Vec<Group>) = groups
            .into_iter()
            .partition(|g| g.fields.iter().any(|f| fields.contains(f)));
        let mut merged = Group {
            name: String::new(),
            indexes: Vec::new(),
            fields: Vec::new(),
        };
        for group in linked {
            merged.indexes.extend(group.indexes);
            merged.fields.extend(group.fields);
        }
        merged.indexes.push(i);
        merged.indexes.sort_unstable();
        for field in fields {
            if !merged.fields.contains(&field) {
                merged.fields.push(field);
            }
        }
        rest.push(merged);
        groups = rest;
    }
    groups.sort_by_key(|g| g.indexes.first().copied());
    for group in &mut groups {
        let names: Vec<String> = group
            .indexes
            .iter()
            .map(|&i| snake_case(&indexes[i].name()).to_uppercase())
            .collect();
        group.name = names.join("_AND_");
    }
    groups
}
