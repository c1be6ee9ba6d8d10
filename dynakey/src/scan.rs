//! Scans: a [`QueryPlan`] that reads a whole table instead of one key condition (AWS developer
//! guide, "Scanning tables in DynamoDB"), so that a scan pages, filters, screens its items and
//! resumes from a cursor exactly as a query does.
//!
//! A scan plan ([`QueryPlan::scan`]) has one "partition" per segment: `1` for a plain scan,
//! `n` for a parallel scan of `n` segments ([`QueryPlan::set_segments`], `Segment` and
//! `TotalSegments`, "Parallel scan"). Its cursor holds each segment's whole
//! `LastEvaluatedKey` (partition key included, since a segment spans partitions) and is bound to
//! the table, the segment count, the filter and the entity ([`QueryPlan::fingerprint`]). A
//! scan's requests are rendered by [`QueryPlan::scan_input`] through the one
//! [`Renderer`](crate::expr::Renderer).

use std::collections::BTreeMap;

use crate::condition::Range;
use crate::expr::{Comparator, Condition, Operand, Path, Renderer, Value};
use crate::plan::{QueryPlan, Target};
use crate::{Entity, KeyError, KeyErrorKind, Table};

/// DynamoDB's largest `TotalSegments` (Scan API reference).
#[doc(hidden)]
pub const MAX_SEGMENTS: u32 = 1_000_000;

/// A Scan request in DynamoDB's terms (the Scan API's request parameters, without `TableName`
/// and `ExclusiveStartKey`), rendered from a scan plan by [`QueryPlan::scan_input`]: what
/// DynamoDB receives for one segment.
#[derive(Debug, Clone, PartialEq)]
pub struct ScanInput {
    /// `IndexName`, for a scan of a secondary index.
    pub index_name: Option<String>,
    /// `FilterExpression`, when the scan has a filter.
    pub filter_expression: Option<String>,
    /// `ExpressionAttributeNames`: placeholder → attribute name.
    pub expression_attribute_names: BTreeMap<String, String>,
    /// `ExpressionAttributeValues`: placeholder → value.
    pub expression_attribute_values: BTreeMap<String, Value>,
    /// `ProjectionExpression`, when attributes are projected.
    pub projection_expression: Option<String>,
    /// `Limit`: items evaluated per request (before the filter), when set.
    pub limit: Option<u32>,
    /// `ConsistentRead`.
    pub consistent_read: bool,
    /// `Segment` and `TotalSegments` of a parallel scan; `None` for a plain scan.
    pub segment: Option<(u32, u32)>,
}

impl Target {
    /// The base table of entity `E`, with its entity-type attribute.
    pub(crate) fn table_of<E: Entity>() -> Target {
        Target {
            index: None,
            partition_key: <E::Table as Table>::PARTITION_KEY,
            sort_key: <E::Table as Table>::SORT_KEY,
            table_partition_key: <E::Table as Table>::PARTITION_KEY,
            table_sort_key: <E::Table as Table>::SORT_KEY,
            entity_type: E::ENTITY_TYPE_ATTRIBUTE,
            key: None,
        }
    }
}

impl QueryPlan {
    /// A plain scan (one segment) of `E`'s table. When `E` declares an entity-type attribute, the
    /// scan sends the filter `#type = :type` (only `E`'s items travel); every item returned is
    /// still checked against `E`'s templates by the read.
    pub fn scan<E: Entity>() -> QueryPlan {
        let target = Target::table_of::<E>();
        let filter = E::ENTITY_TYPE_ATTRIBUTE.map(|name| {
            Condition::Compare(
                Operand::Path(Path::attribute(name)),
                Comparator::Eq,
                Operand::Value(Value::S(E::ENTITY_NAME.to_owned())),
            )
        });
        QueryPlan {
            target,
            partitions: vec!["0".to_owned()],
            sharded: None,
            attribute_partition: None,
            sort: crate::plan::SortKeyCondition::Template(Range::ALL),
            forward: true,
            limit: None,
            consistent_read: false,
            projection: Vec::new(),
            filter,
            unexpired: None,
            scan: Some(1),
        }
    }

    /// `true` for a scan plan.
    pub fn is_scan(&self) -> bool {
        self.scan.is_some()
    }

    /// The segments of a scan plan (`TotalSegments`; 1 for a plain scan); `None` for a query.
    pub fn segments(&self) -> Option<u32> {
        self.scan
    }

    /// Makes a scan plan a parallel scan of `n` segments (AWS developer guide, "Parallel scan"):
    /// one request stream per segment, `Segment = 0 … n-1`, `TotalSegments = n`.
    ///
    /// # Errors
    /// [`KeyErrorKind::Condition`] when the plan is not a scan or `n` is not 1 to
    /// [`MAX_SEGMENTS`].
    pub fn set_segments(&mut self, n: u32) -> Result<(), KeyError> {
        if self.scan.is_none() || n == 0 || n > MAX_SEGMENTS {
            return Err(KeyErrorKind::Condition(format!(
                "a scan takes 1 to {MAX_SEGMENTS} segments (TotalSegments), not {n}"
            ))
            .into());
        }
        self.scan = Some(n);
        self.partitions = (0..n).map(|i| i.to_string()).collect();
        Ok(())
    }

    /// Sets `ConsistentRead`.
    pub fn set_consistent_read(&mut self, consistent: bool) {
        self.consistent_read = consistent;
    }

    /// Adds `condition` to the plan's `FilterExpression` (ANDed with the filter it has).
    /// DynamoDB applies a filter after reading: filtered-out items still count towards a
    /// request's 1 MB and its `Limit` (AWS developer guide, "Filter expressions for Query",
    /// "Filter expressions for Scan").
    pub fn add_filter(&mut self, condition: Condition) {
        self.filter = Some(match self.filter.take() {
            Some(filter) => filter.and(condition),
            None => condition,
        });
    }

    /// Makes a scan of one entity a scan of every item of its table: drops the entity-type
    /// condition [`QueryPlan::scan`] put first in the filter (filters added later stay). A query
    /// plan has no such condition and is left as it is.
    pub fn read_all_entities(&mut self) {
        let Some(name) = self.target.entity_type.take() else {
            return;
        };
        if !self.is_scan() {
            self.target.entity_type = Some(name);
            return;
        }
        let is_entity_type = |c: &Condition| {
            matches!(c, Condition::Compare(Operand::Path(path), Comparator::Eq, _)
                if *path == Path::attribute(name))
        };
        self.filter = match self.filter.take() {
            Some(c) if is_entity_type(&c) => None,
            Some(Condition::And(mut all)) if all.first().is_some_and(is_entity_type) => {
                all.remove(0);
                match all.len() {
                    0 => None,
                    1 => all.pop(),
                    _ => Some(Condition::And(all)),
                }
            }
            other => other,
        };
    }

    /// The attribute names a query's filter may not use: the key attributes of the queried table
    /// or index ("Filter expressions for Query"); none for a scan.
    pub fn filter_forbidden(&self) -> Option<&'static str> {
        if self.is_scan() {
            return None;
        }
        let filter = self.filter.as_ref()?;
        let keys = [Some(self.target.partition_key), self.target.sort_key];
        keys.into_iter()
            .flatten()
            .find(|key| names_attribute(filter, key))
    }

    /// The Scan request of segment `segment` as DynamoDB receives it: the filter (with the TTL
    /// filter, as for a query) and projection rendered with their placeholders, `Limit` =
    /// [`limit`](Self::limit), `ConsistentRead`, and `Segment`/`TotalSegments` for a parallel
    /// scan.
    pub fn scan_input(&self, segment: usize) -> ScanInput {
        let mut renderer = Renderer::new();
        let (filter_expression, projection_expression) = self.render_reads(&mut renderer);
        let (expression_attribute_names, expression_attribute_values) = renderer.finish();
        let total = self.scan.unwrap_or(1);
        ScanInput {
            index_name: self.target.index.map(str::to_owned),
            filter_expression,
            expression_attribute_names,
            expression_attribute_values,
            projection_expression,
            limit: self.limit,
            consistent_read: self.consistent_read,
            segment: (total > 1).then(|| (u32::try_from(segment).unwrap_or(u32::MAX), total)),
        }
    }
}

/// `true` when `condition` names top-level attribute `name` anywhere.
fn names_attribute(condition: &Condition, name: &str) -> bool {
    let operand = |o: &Operand| match o {
        Operand::Path(p) | Operand::Size(p) => p.top() == name,
        Operand::Value(_) => false,
    };
    match condition {
        Condition::Compare(a, _, b) => operand(a) || operand(b),
        Condition::Between(a, b, c) => operand(a) || operand(b) || operand(c),
        Condition::In(a, list) => operand(a) || list.iter().any(operand),
        Condition::AttributeExists(p)
        | Condition::AttributeNotExists(p)
        | Condition::AttributeType(p, _) => p.top() == name,
        Condition::BeginsWith(p, o) | Condition::Contains(p, o) => p.top() == name || operand(o),
        Condition::And(all) | Condition::Or(all) => all.iter().any(|c| names_attribute(c, name)),
        Condition::Not(a) => names_attribute(a, name),
    }
}
