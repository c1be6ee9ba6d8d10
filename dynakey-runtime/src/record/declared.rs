//! The running code's declarations as the record compares them: per entity, its table key
//! template (with the earlier shapes it still reads, `#[was(…)]`) and its template in each index.

use dynakey::{
    EarlierKey, Entity, EntityIndex, KeyChange, KeyChangePhase, KeyTemplate, ListedEntity, Sharding,
};

/// The key of an entity's table-key template in the record.
pub(crate) const TABLE_KEY: &str = "table";

/// One entity as this code declares it.
#[derive(Debug, Clone)]
pub(crate) struct Declared {
    pub(crate) name: &'static str,
    /// The table key first, then each index.
    pub(crate) keys: Vec<DeclaredKey>,
    /// The id of the shape this code reads ([`Entity::SHAPE`]).
    pub(crate) shape: String,
    /// The key change this code declares.
    pub(crate) change: Option<DeclaredChange>,
}

/// A key change as this code declares it: its phase, and the shape ids before and after.
#[derive(Debug, Clone)]
pub(crate) struct DeclaredChange {
    pub(crate) phase: KeyChangePhase,
    pub(crate) from: String,
    pub(crate) to: String,
}

/// One key template of an entity as this code declares it.
#[derive(Debug, Clone)]
pub(crate) struct DeclaredKey {
    /// [`TABLE_KEY`] or the index name.
    pub(crate) key: String,
    /// The template this code writes.
    pub(crate) template: String,
    /// The earlier templates this code still reads, in declaration order (`#[was(…)]`; none for
    /// an index key).
    pub(crate) earlier: Vec<String>,
}

impl DeclaredKey {
    /// `true` when this code writes or reads the template with fingerprint `print`.
    pub(crate) fn reads(&self, print: &str) -> bool {
        std::iter::once(&self.template)
            .chain(&self.earlier)
            .any(|t| fingerprint(t) == print)
    }

    /// The fingerprint of the template this code writes.
    pub(crate) fn fingerprint(&self) -> String {
        fingerprint(&self.template)
    }
}

/// The entities a table lists ([`Table::ENTITIES`](dynakey::Table::ENTITIES)), as this code
/// declares them.
pub(crate) fn listed(entities: &[ListedEntity]) -> Vec<Declared> {
    entities
        .iter()
        .map(|e| {
            declared(
                e.name(),
                (e.partition_template(), e.sort_template(), e.sharding()),
                (e.earlier_keys(), e.shape(), e.key_change()),
                e.indexes(),
            )
        })
        .collect()
}

/// Entity `E` as this code declares it.
pub(crate) fn entity<E: Entity>() -> Declared {
    declared(
        E::ENTITY_NAME,
        (
            &E::PARTITION_TEMPLATE,
            E::SORT_TEMPLATE.as_ref(),
            E::SHARDING,
        ),
        (E::EARLIER_KEYS, E::SHAPE, E::KEY_CHANGE),
        E::INDEXES,
    )
}

/// The id of the shape of templates `partition` and `sort` (`pk` or `pk|sk`).
fn shape_id(partition: &KeyTemplate, sort: Option<&KeyTemplate>) -> String {
    match sort {
        Some(sort) => format!("{}|{}", partition.text(), sort.text()),
        None => partition.text().to_owned(),
    }
}

fn declared(
    name: &'static str,
    (partition, sort, sharding): (&KeyTemplate, Option<&KeyTemplate>, Option<Sharding>),
    (earlier, shape, change): (&[EarlierKey], &str, Option<KeyChange>),
    indexes: &[EntityIndex],
) -> Declared {
    let shards = sharding.map(|s| s.count());
    let shape = match shape {
        "" => shape_id(partition, sort),
        shape => shape.to_owned(),
    };
    // After the switch the previous shape is still read (its copies are written and its
    // backfilled items are the table's until the cleanup): compared as an earlier template.
    let previous = change
        .filter(|c| c.phase != KeyChangePhase::Expand)
        .map(|c| c.other);
    let change = change.map(|c| {
        let other = c.other_shape.to_owned();
        let (from, to) = match c.phase {
            KeyChangePhase::Expand => (shape.clone(), other),
            _ => (other, shape.clone()),
        };
        DeclaredChange {
            phase: c.phase,
            from,
            to,
        }
    });
    let mut keys = vec![DeclaredKey {
        key: TABLE_KEY.to_owned(),
        template: template_text(Some(partition.text()), sort.map(KeyTemplate::text), shards),
        earlier: earlier
            .iter()
            .chain(previous.as_ref())
            .map(|e| template_text(Some(e.partition().text()), e.sort().map(|s| s.text()), None))
            .collect(),
    }];
    for index in indexes {
        let template = match (index.partition(), index.sort()) {
            (None, None) => {
                let schema = index.index().key_schema();
                let names = |attrs: &[dynakey::KeyAttr]| {
                    attrs
                        .iter()
                        .map(|a| a.name())
                        .collect::<Vec<_>>()
                        .join(", ")
                };
                format!(
                    "attributes {} / {}",
                    names(schema.partition()),
                    names(schema.sort())
                )
            }
            (partition, sort) => template_text(
                partition.as_ref().map(KeyTemplate::text),
                sort.as_ref().map(KeyTemplate::text),
                None,
            ),
        };
        keys.push(DeclaredKey {
            key: index.index().name().to_owned(),
            template,
            earlier: Vec::new(),
        });
    }
    Declared {
        name,
        keys,
        shape,
        change,
    }
}

/// `pk / sk`, with `(shards = N)` for a sharded partition key; a missing part (an LSI's
/// partition, a table without a sort key) is left out.
fn template_text(partition: Option<&str>, sort: Option<&str>, shards: Option<u16>) -> String {
    let mut text = [partition, sort]
        .into_iter()
        .flatten()
        .collect::<Vec<_>>()
        .join(" / ");
    if let Some(n) = shards {
        text.push_str(&format!(" (shards = {n})"));
    }
    text
}

/// FNV-1a (64-bit) of a template's text, as 16 hex digits.
pub(crate) fn fingerprint(template: &str) -> String {
    format!(
        "{:016x}",
        dynakey::__private::shard::fnv1a64(template.as_bytes())
    )
}
