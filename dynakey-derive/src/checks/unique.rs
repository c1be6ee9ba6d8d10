//! Unique constraints: every field of one must be stored (serde writes it on every put), since the
//! uniqueness item is built from the item as written.

use crate::ctxt::Ctxt;
use crate::model::Entity;

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    for unique in &entity.unique {
        for (lit, &index) in unique.lits.iter().zip(&unique.fields) {
            let field = entity.field(index);
            if let Some((what, _)) = field.serde.skips.iter().find(|(what, _)| {
                matches!(*what, "skip" | "skip_serializing" | "skip_serializing_if")
            }) {
                cx.error_at(
                    lit,
                    format!(
                        "field `{}` is #[serde({what})], so it is not always stored and cannot \
                         be unique; drop the serde attribute or the field from #[unique(…)]",
                        field.name()
                    ),
                );
            }
        }
    }
}
