//! The rules of a child entity (`#[dynakey(parent = P)]`) that span its other attributes: its
//! partition key and its key shapes are its parent's, so it declares none of its own; its parent
//! key field is in no other template.

use crate::ctxt::Ctxt;
use crate::model::Entity;

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    let Some(path) = &entity.declares_parent else {
        return;
    };
    let parent_name = quote::quote!(#path).to_string().replace(' ', "");
    let field = entity.parent.as_ref().map_or_else(
        || "the #[parent] field".to_owned(),
        |parent| format!("field `{}`", entity.field(parent.field).name()),
    );
    for pk in &entity.pk {
        cx.error_at(
            &pk.lit,
            format!(
                "a child entity's partition key is its parent's (`{parent_name}`'s, from its key \
                 in {field}): remove #[pk(…)]"
            ),
        );
    }
    for earlier in &entity.earlier {
        cx.error_at(
            &earlier.attr,
            format!(
                "a child entity's key shapes follow its parent's: declare the earlier shape on \
                 `{parent_name}` (#[was(…)] there), and the child's keys follow it; remove this \
                 #[was(…)]"
            ),
        );
    }
    for change in &entity.key_change {
        cx.error_at(
            &change.shape.attr,
            format!(
                "a child entity's key shapes follow its parent's, in a rolling key change too: \
                 declare #[next(…)]/#[previous(…)] on `{parent_name}` (the child takes its \
                 phase and changes with it), and remove this attribute"
            ),
        );
    }
    if let Some(shard) = &entity.shard {
        cx.error_at(
            &shard.count_lit,
            "a child entity's partition key is its parent's, and is not sharded: remove `shards` \
             and `shard_by`",
        );
    }
    let Some(parent) = &entity.parent else {
        return;
    };
    for template in entity.index_templates() {
        if template.field_indices().any(|i| i == parent.field) {
            cx.error_at(
                &template.lit,
                format!(
                    "{field} holds the parent's key, which is no key segment: an index template \
                     names the child's own fields only"
                ),
            );
        }
    }
}
