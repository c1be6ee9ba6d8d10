//! [`QueryPlan`]: the one value that passes from the key model to the runtime for a Query.
//!
//! A [`KeyQuery`](crate::KeyQuery) is a typed builder; its [`plan`](crate::KeyQuery::plan) is what
//! a read does, still typed: where it runs ([`Target`]: the table or an index, with their key
//! attributes), which partitions it reads (one, or every shard of a sharded partition key), the
//! sort-key range with the ends DynamoDB's inclusive `BETWEEN` returns but the range excludes,
//! the direction, the limit, the consistency, the projection and the filter. Nothing is text yet:
//! [`QueryPlan::input`] renders the request of one partition through the one
//! [`Renderer`], at the SDK edge or for a preview; cursors fingerprint the
//! plan itself ([`QueryPlan::fingerprint`]).
//!
//! The plan's rules for a read (the runtime follows them; see `docs/semantics.md` §4):
//! - every partition is read with the same key condition but its own partition-key value, and
//!   the results are merged by the UTF-8 bytes of the sort key (one partition: in the order
//!   DynamoDB returns them);
//! - items whose sort key is one of [`excluded_sort_keys`](QueryPlan::excluded_sort_keys) are
//!   dropped and never count against the limit;
//! - a plan that [`matches_nothing`](QueryPlan::matches_nothing) sends no request;
//! - [`limit`](QueryPlan::limit) counts items delivered: in total for a stream of items or pages,
//!   per page for a single page.

use sha2::{Digest, Sha256};

use crate::attribute::KeyValue;
use crate::condition::{Range, SortCondition};
use crate::error::QueryPart;
use crate::expr::QueryInput;
use crate::expr::{Condition, KeyCondition, Renderer};
use crate::shard::Sharding;

/// Bytes of a plan fingerprint.
pub(crate) const FINGERPRINT_LEN: usize = 16;
/// Bytes of the digest of one part of a plan's binding, kept in a cursor to name what differs.
pub(crate) const PART_DIGEST_LEN: usize = 2;
/// The short digest of each part of a plan's binding, in [`QueryPart::ALL`]'s order.
pub(crate) type PartDigests = [[u8; PART_DIGEST_LEN]; QueryPart::ALL.len()];
/// Domain separation of the fingerprint.
const FINGERPRINT_CONTEXT: &[u8] = b"dynakey query plan v3\0";

/// Where a query runs: the base table or one secondary index, with the key attributes involved
/// (AWS developer guide, "Querying tables in DynamoDB", "Using Global Secondary Indexes in
/// DynamoDB", "Local secondary indexes").
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[doc(hidden)]
pub struct Target {
    pub(crate) index: Option<&'static str>,
    pub(crate) partition_key: &'static str,
    pub(crate) sort_key: Option<&'static str>,
    pub(crate) table_partition_key: &'static str,
    pub(crate) table_sort_key: Option<&'static str>,
    /// The entity-type attribute of the entity queried (`#[dynakey(entity_type = "…")]`).
    pub(crate) entity_type: Option<&'static str>,
    /// The key schema of an attribute-wise index; `None` for the table and template indexes.
    pub(crate) key: Option<crate::table::KeySchema>,
}

impl Target {
    /// `IndexName`: `None` for the base table.
    pub fn index_name(&self) -> Option<&'static str> {
        self.index
    }

    /// The partition-key attribute the key condition is on (for an LSI, the table's).
    pub fn partition_key(&self) -> &'static str {
        self.partition_key
    }

    /// The sort-key attribute of the table or index, if it has one.
    pub fn sort_key(&self) -> Option<&'static str> {
        self.sort_key
    }

    /// The table's own key attributes (partition key, and sort key if any).
    pub fn table_keys(&self) -> (&'static str, Option<&'static str>) {
        (self.table_partition_key, self.table_sort_key)
    }

    /// The entity-type attribute of the entity queried, when it declares one
    /// ([`Entity::ENTITY_TYPE_ATTRIBUTE`](crate::Entity::ENTITY_TYPE_ATTRIBUTE)): typed reads
    /// check it on every item.
    pub fn entity_type_attribute(&self) -> Option<&'static str> {
        self.entity_type
    }

    /// The key schema of an attribute-wise index ([`crate::IndexDef::is_attribute_wise`]);
    /// `None` for the base table and template indexes, whose keys are one `S` partition
    /// attribute and at most one `S` sort attribute.
    pub fn key_schema(&self) -> Option<&crate::table::KeySchema> {
        self.key.as_ref()
    }

    /// The attributes of this target's `LastEvaluatedKey`/`ExclusiveStartKey`, sorted: the table's
    /// key attributes, plus the index's for an index (AWS developer guide, "Paginating table query
    /// results").
    /// For an attribute-wise index, every attribute of its key schema.
    pub fn start_key_attributes(&self) -> Vec<&'static str> {
        let mut names: Vec<&'static str> = [self.table_partition_key, self.partition_key]
            .into_iter()
            .chain(self.table_sort_key)
            .chain(self.sort_key)
            .chain(
                self.key
                    .iter()
                    .flat_map(|key| key.attributes_in_order().map(|a| a.name)),
            )
            .collect();
        names.sort_unstable();
        names.dedup();
        names
    }
}

/// The partition of one Query: the value of every partition attribute, in key-schema order. A
/// template target has one `S` attribute (the key string); an attribute-wise index has 1–4
/// attributes, each of its own type, all matched by equality (AWS developer guide,
/// "Multi-attribute keys pattern").
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
#[doc(hidden)]
pub struct PartitionKey(pub(crate) Vec<(&'static str, KeyValue)>);

impl PartitionKey {
    /// The partition of `values`: `(attribute, value)` in key-schema order.
    pub fn new(values: Vec<(&'static str, KeyValue)>) -> Self {
        PartitionKey(values)
    }

    /// The one-attribute partition `attribute = S(text)` of a template target.
    pub fn text(attribute: &'static str, text: String) -> Self {
        PartitionKey(vec![(attribute, KeyValue::S(text))])
    }

    /// Every `(attribute, value)`, in key-schema order.
    pub fn attributes(&self) -> &[(&'static str, KeyValue)] {
        &self.0
    }

    /// Every `(attribute, value)`, owned.
    pub fn into_attributes(self) -> Vec<(&'static str, KeyValue)> {
        self.0
    }

    /// The key string of a one-attribute `S` partition (every template target's), `None`
    /// otherwise.
    pub fn as_text(&self) -> Option<&str> {
        match self.0.as_slice() {
            [(_, KeyValue::S(text))] => Some(text),
            _ => None,
        }
    }
}

/// The sort-key part of a Query: a resolved template [`Range`] (one `S` sort attribute, group
/// semantics, docs/semantics.md §3), or the conditions on the sort attributes of an
/// attribute-wise index, left to right: every one but the last is an equality, the last may be a
/// range (AWS developer guide, "Multi-attribute keys pattern"). An attribute condition has no
/// excluded ends: `gt`/`lt` go to DynamoDB as `>`/`<`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[doc(hidden)]
pub enum SortKeyCondition {
    /// The template range.
    Template(Range),
    /// `(attribute, condition)` per sort attribute given, in key-schema order; empty for the whole
    /// index partition.
    Attributes(Vec<(&'static str, SortCondition<KeyValue>)>),
}

/// A typed Query over one or more partitions: what [`KeyQuery::plan`](crate::KeyQuery::plan)
/// returns, the runtime executes, and a [`CursorCodec`](crate::CursorCodec) binds a cursor to
/// ([`fingerprint`](Self::fingerprint)). [`input`](Self::input) renders one partition's request
/// for code that sends the Query with the SDK itself.
#[derive(Debug, Clone, PartialEq)]
pub struct QueryPlan {
    pub(crate) target: Target,
    /// The partition-key value of every partition read, in order (shard order for a fan-out);
    /// empty for an attribute-wise plan, whose one partition is `attribute_partition`.
    pub(crate) partitions: Vec<String>,
    /// The one partition of a plan on an attribute-wise index: every partition attribute's value.
    pub(crate) attribute_partition: Option<PartitionKey>,
    /// For a fan-out over every shard: the logical partition key and the sharding.
    pub(crate) sharded: Option<(String, Sharding)>,
    pub(crate) sort: SortKeyCondition,
    pub(crate) forward: bool,
    pub(crate) limit: Option<u32>,
    pub(crate) consistent_read: bool,
    pub(crate) projection: Vec<String>,
    pub(crate) filter: Option<Condition>,
    /// The TTL attribute whose expired items the read leaves out, if asked.
    pub(crate) unexpired: Option<&'static str>,
    /// `Some(total segments)` for a scan ([`crate::scan`]); `None` for a query.
    pub(crate) scan: Option<u32>,
}

impl QueryPlan {
    /// Where the query runs.
    pub fn target(&self) -> &Target {
        &self.target
    }

    /// The partition-key values read, in order: one, or one per shard (`WS#acme#00` …). Empty
    /// for a plan on an attribute-wise index, whose one partition has several typed values:
    /// [`partition_key`](Self::partition_key) gives every plan's partitions.
    pub fn partitions(&self) -> &[String] {
        &self.partitions
    }

    /// The number of partitions read: one per shard for a fan-out, otherwise one.
    pub fn partition_count(&self) -> usize {
        match self.attribute_partition {
            Some(_) => 1,
            None => self.partitions.len(),
        }
    }

    /// Partition `partition` (below [`partition_count`](Self::partition_count)) with every
    /// partition attribute's value: the key string of a template target as its one `S`
    /// attribute, or the values of an attribute-wise index.
    pub fn partition_key(&self, partition: usize) -> Option<PartitionKey> {
        match &self.attribute_partition {
            Some(key) => (partition == 0).then(|| key.clone()),
            None => self
                .partitions
                .get(partition)
                .map(|text| PartitionKey::text(self.target.partition_key, text.clone())),
        }
    }

    /// The sort-key part: a template range, or the conditions on the sort attributes of an
    /// attribute-wise index.
    pub fn sort_key_condition(&self) -> &SortKeyCondition {
        &self.sort
    }

    /// The template range, `None` for an attribute-wise plan.
    fn range(&self) -> Option<&Range> {
        match &self.sort {
            SortKeyCondition::Template(range) => Some(range),
            SortKeyCondition::Attributes(_) => None,
        }
    }

    /// For a fan-out over the shards of a sharded partition key: the logical partition key
    /// (`WS#acme`) and the sharding; `None` otherwise.
    pub fn sharded(&self) -> Option<(&str, Sharding)> {
        self.sharded
            .as_ref()
            .map(|(logical, s)| (logical.as_str(), *s))
    }

    /// The template sort-key condition DynamoDB evaluates, if any (`None` for an attribute-wise
    /// plan: see [`sort_key_condition`](Self::sort_key_condition)).
    pub fn sort_condition(&self) -> Option<&SortCondition> {
        self.range().and_then(|range| range.condition.as_ref())
    }

    /// Sort keys that DynamoDB's inclusive `BETWEEN` returns but the typed range excludes (the
    /// exclusive ends of `gt`, `lt` and group ranges, `docs/semantics.md` §3); a read drops them.
    /// None for an attribute-wise plan, whose `>`/`<` go to DynamoDB as such.
    pub fn excluded_sort_keys(&self) -> &[String] {
        self.range().map_or(&[], |range| &range.exclude)
    }

    /// `true` when `sort_key` is one of [`excluded_sort_keys`](Self::excluded_sort_keys).
    #[inline]
    pub fn is_excluded(&self, sort_key: &str) -> bool {
        self.excluded_sort_keys().iter().any(|x| x == sort_key)
    }

    /// `true` when no key can satisfy the range (e.g. `lt` of the first possible key): a read
    /// sends no request and returns nothing.
    pub fn matches_nothing(&self) -> bool {
        self.range().is_some_and(|range| range.empty)
    }

    /// `ScanIndexForward`: `false` for descending sort-key order.
    pub fn scan_index_forward(&self) -> bool {
        self.forward
    }

    /// The number of items wanted: in total for a stream, per page for one page; `None` for all.
    pub fn limit(&self) -> Option<u32> {
        self.limit
    }

    /// `ConsistentRead`.
    pub fn consistent_read(&self) -> bool {
        self.consistent_read
    }

    /// The projected attributes (`ProjectionExpression`); empty for every attribute.
    pub fn projection(&self) -> &[String] {
        &self.projection
    }

    /// The filter (`FilterExpression`), if any.
    pub fn filter(&self) -> Option<&Condition> {
        self.filter.as_ref()
    }

    /// The TTL attribute whose expired items the read leaves out
    /// ([`leave_out_expired`](Self::leave_out_expired)), if any.
    pub fn unexpired(&self) -> Option<&'static str> {
        self.unexpired
    }

    /// Leaves out items whose TTL attribute `attribute` holds a time already past when each
    /// request is sent: the filter `NOT #ttl <= :now` (`:now` in epoch seconds; true for an item
    /// without the attribute, or with a `NULL` or other non-number in it, which TTL never deletes), ANDed with the plan's filter. DynamoDB deletes expired items only eventually (AWS
    /// developer guide, "Using time to live (TTL) in DynamoDB": typically within a few days), and
    /// until then a read returns them. A filter is applied after the read, so filtered-out items
    /// still count towards the 1 MB a page reads. The cursor is bound to the attribute, not to
    /// the time.
    pub fn leave_out_expired(&mut self, attribute: &'static str) {
        self.unexpired = Some(attribute);
    }

    /// The filter sent with a request at time `now`: the plan's filter and the TTL filter.
    pub fn filter_at(&self, now: std::time::SystemTime) -> Option<Condition> {
        let ttl = self.unexpired.map(|attribute| {
            let path = crate::expr::Path::attribute(attribute);
            let now = crate::expr::Value::N(
                itoa::Buffer::new()
                    .format(crate::ttl::now_seconds(now))
                    .to_owned(),
            );
            // NOT (ttl <= now): true for a missing attribute and for a NULL or non-number one too
            // (a comparison across types is false), which TTL never expires either.
            Condition::Compare(
                crate::expr::Operand::Path(path),
                crate::expr::Comparator::Le,
                crate::expr::Operand::Value(now),
            )
            .not()
        });
        match (self.filter.clone(), ttl) {
            (Some(filter), Some(ttl)) => Some(filter.and(ttl)),
            (filter, ttl) => filter.or(ttl),
        }
    }

    /// Sets the limit (see [`limit`](Self::limit)).
    pub fn set_limit(&mut self, limit: Option<u32>) {
        self.limit = limit;
    }

    /// Sets the projected attributes; empty reads every attribute.
    pub fn set_projection(&mut self, attributes: Vec<String>) {
        self.projection = attributes;
    }

    /// The key condition of partition `partition` (an index into
    /// [`partitions`](Self::partitions)), typed.
    pub fn key_condition(&self, partition: usize) -> KeyCondition {
        let partition = match self.partition_key(partition) {
            Some(key) => key.0,
            None => vec![(self.target.partition_key, KeyValue::S(String::new()))],
        };
        let sort = match &self.sort {
            SortKeyCondition::Template(range) => self
                .target
                .sort_key
                .zip(range.condition.clone())
                .map(|(attr, condition)| (attr, condition.map(KeyValue::S)))
                .into_iter()
                .collect(),
            SortKeyCondition::Attributes(conditions) => conditions.clone(),
        };
        KeyCondition::new(partition, sort)
    }

    /// The attributes a read of this plan needs besides the projected ones: every key attribute
    /// of the target (to tell the entity's items from other items in the partition or index, to
    /// recognise excluded sort keys, to merge shards by sort key and to resume each from its last
    /// key), and the entity-type attribute when the entity declares one.
    pub fn read_attributes(&self) -> Vec<&'static str> {
        let mut names = self.target.start_key_attributes();
        names.extend(self.target.entity_type);
        names
    }

    /// The Query request of partition `partition` as DynamoDB receives it: the key condition and
    /// filter rendered with their placeholders, the projection (with the
    /// [`read_attributes`](Self::read_attributes) added when attributes are projected),
    /// `ScanIndexForward`, `ConsistentRead`, and `Limit` = [`limit`](Self::limit).
    pub fn input(&self, partition: usize) -> QueryInput {
        let mut renderer = Renderer::new();
        let key_condition_expression = renderer.key_condition(&self.key_condition(partition));
        let (filter_expression, projection_expression) = self.render_reads(&mut renderer);
        let (expression_attribute_names, expression_attribute_values) = renderer.finish();
        QueryInput {
            index_name: self.target.index.map(str::to_owned),
            key_condition_expression,
            filter_expression,
            expression_attribute_names,
            expression_attribute_values,
            projection_expression,
            scan_index_forward: self.forward,
            limit: self.limit,
            consistent_read: self.consistent_read,
        }
    }

    /// The `FilterExpression` (with the TTL filter at this time) and the `ProjectionExpression`
    /// (with the [`read_attributes`](Self::read_attributes)) of a Query or Scan request, rendered
    /// with `renderer` after the key condition, if any.
    pub(crate) fn render_reads(&self, renderer: &mut Renderer) -> (Option<String>, Option<String>) {
        let filter = self
            .filter_at(std::time::SystemTime::now())
            .map(|f| renderer.condition(&f))
            .filter(|text| !text.is_empty());
        let projection = (!self.projection.is_empty())
            .then(|| renderer.projection(&self.projection, &self.read_attributes()));
        (filter, projection)
    }

    /// The request of every partition, in order.
    pub fn inputs(&self) -> Vec<QueryInput> {
        (0..self.partition_count()).map(|i| self.input(i)).collect()
    }

    /// The first bytes of SHA-256 over what binds a cursor to this plan on table `table_name`: the
    /// table, the index, the key attributes, every partition value, the typed sort-key condition,
    /// the filter and the direction. Not the limit, the projection or the consistency: a client
    /// may change those between pages. Every field is length-prefixed, so no two plans share an
    /// encoding.
    pub fn fingerprint(&self, table_name: &str) -> [u8; FINGERPRINT_LEN] {
        self.binding(table_name).0
    }

    /// A short digest of each part of the [`fingerprint`](Self::fingerprint)'s input, in
    /// [`QueryPart::ALL`]'s order: a cursor keeps them to say which part of another query differs.
    pub(crate) fn part_digests(&self, table_name: &str) -> PartDigests {
        self.binding(table_name).1
    }

    /// The fingerprint and the part digests, from one pass over the binding's fields.
    fn binding(&self, table_name: &str) -> ([u8; FINGERPRINT_LEN], PartDigests) {
        let mut hash = Sha256::new();
        let mut parts: [Sha256; QueryPart::ALL.len()] = Default::default();
        // Each field goes into the whole and into its part (`QueryPart::ALL` is in declaration
        // order, so a part's discriminant is its index).
        let mut field = |part: QueryPart, bytes: &[u8]| {
            let len = (bytes.len() as u64).to_be_bytes();
            hash.update(len);
            hash.update(bytes);
            parts[part as usize].update(len);
            parts[part as usize].update(bytes);
        };
        field(QueryPart::Table, FINGERPRINT_CONTEXT);
        field(QueryPart::Table, table_name.as_bytes());
        field(QueryPart::Index, self.target.index.unwrap_or("").as_bytes());
        field(QueryPart::Index, &[u8::from(self.target.index.is_some())]);
        field(QueryPart::Index, self.target.partition_key.as_bytes());
        field(
            QueryPart::Index,
            self.target.sort_key.unwrap_or("").as_bytes(),
        );
        field(
            QueryPart::Partitions,
            &(self.partitions.len() as u64).to_be_bytes(),
        );
        for partition in &self.partitions {
            field(QueryPart::Partitions, partition.as_bytes());
        }
        match self.sort_condition() {
            None => field(QueryPart::KeyCondition, b"all"),
            Some(condition) => {
                let (tag, values) = condition_parts(condition);
                field(QueryPart::KeyCondition, tag);
                for value in values {
                    field(QueryPart::KeyCondition, value.as_bytes());
                }
            }
        }
        match &self.filter {
            None => field(QueryPart::Filter, b"no filter"),
            Some(filter) => {
                let mut renderer = Renderer::new();
                field(QueryPart::Filter, renderer.condition(filter).as_bytes());
                let (names, values) = renderer.finish();
                for (placeholder, name) in names {
                    field(QueryPart::Filter, placeholder.as_bytes());
                    field(QueryPart::Filter, name.as_bytes());
                }
                for (placeholder, value) in values {
                    field(QueryPart::Filter, placeholder.as_bytes());
                    let mut encoded = Vec::new();
                    crate::expr::canonical(&value, &mut encoded);
                    field(QueryPart::Filter, &encoded);
                }
            }
        }
        field(QueryPart::Direction, &[u8::from(self.forward)]);
        // Only for a scan, so the fingerprints of queries are unchanged.
        if let Some(segments) = self.scan {
            field(QueryPart::Partitions, b"scan");
            field(QueryPart::Partitions, &segments.to_be_bytes());
        }
        // Only when set, so the fingerprints of plans without it are unchanged.
        if let Some(attribute) = self.unexpired {
            field(QueryPart::Filter, b"unexpired");
            field(QueryPart::Filter, attribute.as_bytes());
        }
        // Only for an attribute-wise plan, so the fingerprints of template plans are unchanged:
        // every partition attribute and every sort attribute's condition, typed.
        if let Some(partition) = &self.attribute_partition {
            field(QueryPart::Partitions, b"attributes");
            let value = |value: &KeyValue| {
                let mut encoded = Vec::new();
                crate::expr::canonical(&crate::expr::Value::from(value.clone()), &mut encoded);
                encoded
            };
            for (name, v) in &partition.0 {
                field(QueryPart::Partitions, name.as_bytes());
                field(QueryPart::Partitions, &value(v));
            }
            if let SortKeyCondition::Attributes(conditions) = &self.sort {
                field(
                    QueryPart::KeyCondition,
                    &(conditions.len() as u64).to_be_bytes(),
                );
                for (name, condition) in conditions {
                    field(QueryPart::KeyCondition, name.as_bytes());
                    let (tag, values) = condition_parts(condition);
                    field(QueryPart::KeyCondition, tag);
                    for v in values {
                        field(QueryPart::KeyCondition, &value(v));
                    }
                }
            }
        }
        let digest = hash.finalize();
        let mut out = [0u8; FINGERPRINT_LEN];
        out.copy_from_slice(&digest[..FINGERPRINT_LEN]);
        let mut digests = [[0u8; PART_DIGEST_LEN]; QueryPart::ALL.len()];
        for (short, part) in digests.iter_mut().zip(parts) {
            short.copy_from_slice(&part.finalize()[..PART_DIGEST_LEN]);
        }
        (out, digests)
    }
}

/// The fingerprint tag of a condition's operator, and its values.
fn condition_parts<V>(condition: &SortCondition<V>) -> (&'static [u8], Vec<&V>) {
    match condition {
        SortCondition::Eq(v) => (b"=", vec![v]),
        SortCondition::BeginsWith(v) => (b"begins_with", vec![v]),
        SortCondition::Lt(v) => (b"<", vec![v]),
        SortCondition::Le(v) => (b"<=", vec![v]),
        SortCondition::Gt(v) => (b">", vec![v]),
        SortCondition::Ge(v) => (b">=", vec![v]),
        SortCondition::Between(lo, hi) => (b"between", vec![lo, hi]),
    }
}

#[cfg(test)]
mod tests;
