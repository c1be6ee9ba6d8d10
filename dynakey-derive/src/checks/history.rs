//! Checks of the earlier key shapes (`#[was(…)]`): a sort-key template only where the entity has
//! a sort key, no shape equal to the current one or to another earlier one, and none on a sharded
//! entity. The placeholder rules of every key template (each field once, no `Option`, at most 16
//! placeholders) are applied to them in `checks.rs` with the current templates'.

use crate::ctxt::Ctxt;
use crate::model::history::Earlier;
use crate::model::Entity;

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    if entity.shard.is_some() {
        for earlier in &entity.earlier {
            cx.error_at(
                &earlier.attr,
                "#[was(…)] on an entity with a sharded partition key (`shards = …`) is not \
                 supported yet: an earlier shape would need its own sharding; rewrite the old \
                 items to the current shape, or keep this entity unsharded while it reads them",
            );
        }
        return;
    }
    let current = current_shape(entity);
    let mut seen: Vec<(String, Option<String>, &Earlier)> = Vec::new();
    for earlier in &entity.earlier {
        let Some((pk, sk)) = full_shape(cx, entity, &current, earlier, "an earlier shape") else {
            continue;
        };
        let Some(lit) = earlier.lit() else { continue };
        let shown = match &sk {
            Some(sk) => format!("partition key {pk:?}, sort key {sk:?}"),
            None => format!("partition key {pk:?}"),
        };
        if Some(&pk) == current.0.as_ref() && sk == current.1 {
            cx.error_at(
                lit,
                format!(
                    "this earlier shape ({shown}) is the entity's current shape: #[was(…)] lists \
                     the templates its items were written with before a change; remove this \
                     #[was(…)], or write the template as it was"
                ),
            );
            continue;
        }
        if let Some((_, _, first)) = seen.iter().find(|(p, s, _)| *p == pk && *s == sk) {
            cx.error_at(
                lit,
                format!("the earlier shape ({shown}) is given twice; keep one #[was(…)] of it"),
            );
            if let Some(first) = first.lit() {
                cx.error_at(first, format!("first #[was(…)] of ({shown}) given here"));
            }
            continue;
        }
        seen.push((pk, sk, earlier));
    }
}

/// The entity's current templates' texts (`None` for one that did not resolve, reported).
pub fn current_shape(entity: &Entity<'_>) -> (Option<String>, Option<String>) {
    (
        entity.pk.first().map(|t| t.lit.value()),
        entity.sk.first().map(|t| t.lit.value()),
    )
}

/// The texts of `shape` (`which`: "an earlier shape", …) in full, an omitted template being the current one; `None` when it cannot
/// be compared: a sort-key template on an entity without a sort key (reported here), or a
/// current template that did not resolve (reported already).
pub fn full_shape(
    cx: &Ctxt,
    entity: &Entity<'_>,
    current: &(Option<String>, Option<String>),
    shape: &Earlier,
    which: &str,
) -> Option<(String, Option<String>)> {
    if let Some(sk) = &shape.sk {
        if !entity.sk_written {
            cx.error_at(
                &sk.lit,
                format!(
                    "this entity has no #[sk] (its table has no sort key), so {which} has no \
                     sort-key template either; remove `sk = …`, or give the entity its #[sk(\"…\")]"
                ),
            );
            return None;
        }
    }
    let pk = match (&shape.pk, &current.0) {
        (Some(pk), _) => pk.lit.value(),
        (None, Some(pk)) => pk.clone(),
        (None, None) => return None,
    };
    let sk = match (&shape.sk, &current.1) {
        (Some(sk), _) => Some(sk.lit.value()),
        (None, sk) if entity.sk_written => Some(sk.clone()?),
        (None, _) => None,
    };
    Some((pk, sk))
}
