//! Checks of a sharded partition key: the number of shards, where the shard field is used, and no
//! local secondary index (it would share the sharded partition key).

use crate::ctxt::Ctxt;
use crate::model::Entity;

/// The most shards a partition key may declare: `dynakey::shard::MAX_SHARDS`, repeated here since
/// a proc-macro crate cannot depend on the crate it generates code for.
const MAX_SHARDS: u64 = 1000;

pub fn entity(cx: &Ctxt, entity: &Entity<'_>) {
    let Some(shard) = &entity.shard else {
        return;
    };
    match shard.count {
        Some(0) => cx.error_at(
            &shard.count_lit,
            "shards = 0: a sharded partition key needs at least 1 shard; write the number of \
             partitions to spread each logical partition over, e.g. shards = 10",
        ),
        Some(count) if count <= MAX_SHARDS => {}
        _ => cx.error_at(
            &shard.count_lit,
            format!(
                "shards = {} is too many: every read of a sharded partition sends one Query per \
                 shard, so use at most {MAX_SHARDS} (the AWS developer guide's write-sharding \
                 example, \"Using write sharding to distribute workloads evenly\", draws \
                 suffixes from 1–200)",
                shard.count_lit
            ),
        ),
    }

    // An LSI shares the table's partition key, so its items are spread over the shards too, but
    // `query_<index>(…)` builds the logical partition key, which holds none of them.
    for index in entity.indexes.iter().filter(|i| !i.has_partition()) {
        let name = index.name();
        cx.error_at(
            &index.index,
            format!(
                "#[index({name}, …)] is a local secondary index, which shares the table's \
                 partition key: on an entity with a sharded partition key its items are spread \
                 over the shards, and a query of the index would read none of them; use a global \
                 secondary index (`pk = \"…\"`) or an unsharded partition key"
            ),
        );
    }

    let field = entity.field(shard.field).ident;
    let in_template = |templates: &[crate::model::Template]| {
        templates
            .iter()
            .any(|t| t.field_indices().any(|i| i == shard.field))
    };
    if in_template(&entity.pk) {
        cx.error_at(
            &shard.field_lit,
            format!(
                "shard_by = \"{field}\" is a field of the partition-key template, so every item of \
                 a logical partition would land in the same shard; shard by a field of the \
                 sort-key template, such as the item's id"
            ),
        );
    } else if !in_template(&entity.sk) {
        let sort_fields: Vec<String> = entity
            .sk
            .iter()
            .flat_map(|t| t.field_indices())
            .map(|i| entity.field(i).name())
            .collect();
        let hint = if sort_fields.is_empty() {
            "this entity has no sort-key fields, so add a sort-key template with the field, e.g. \
             #[sk(\"PROJ#<id>\")]"
                .to_owned()
        } else {
            format!(
                "shard by one of the sort-key fields: {}",
                sort_fields.join(", ")
            )
        };
        cx.error_at(
            &shard.field_lit,
            format!(
                "shard_by = \"{field}\" is not a field of the sort-key template, so a key alone \
                 (`{}::key(…)` for GetItem and DeleteItem) could not tell which shard holds the \
                 item; {hint}",
                entity.ident
            ),
        );
    }
}
