//! The hottest partition keys of a table and its indexes, by consumed capacity and by throttled
//! attempts, in bounded memory: a space-saving top-k per table or index and ranking (Metwally,
//! Agrawal, El Abbadi, "Efficient computation of frequent and top-k elements in data streams",
//! 2005). A key not among the `top` kept replaces the least counted one and inherits its count
//! (kept as the new key's possible overestimate), so that any key counted more than the `top`-th
//! share of the total is kept, and memory is `top` entries whatever the keys seen.
//!
//! A key that nears DynamoDB's per-partition limits (3,000 read units or 1,000 write units per
//! second: AWS developer guide, "Best practices for designing and using partition keys
//! effectively"), or whose request is throttled with a `…KeyRange…` reason, gets a `warn` event
//! (target `dynakey_runtime::measures`) naming its entity and suggesting its write sharding.

use std::collections::HashMap;
use std::sync::{Mutex, PoisonError};
use std::time::Instant;

use super::Labels;

/// Read capacity units one partition serves per second.
pub const PARTITION_READ_UNITS: f64 = 3000.0;
/// Write capacity units one partition serves per second.
pub const PARTITION_WRITE_UNITS: f64 = 1000.0;
/// The share of a partition's limit at which a key is reported as nearing it.
const NEAR: f64 = 0.8;
/// Seconds between two warnings about the same key.
const WARN_EVERY: u64 = 10;

/// One of the hottest partition keys ([`HotKeys`]).
#[derive(Debug, Clone, PartialEq)]
pub struct HotKey {
    /// The table.
    pub table: String,
    /// The index, `None` for the base table.
    pub index: Option<String>,
    /// The partition-key value.
    pub partition_key: String,
    /// The entity whose request sent it last (`None`: a request of several entities or none).
    pub entity: Option<&'static str>,
    /// That entity's partition-key template (the index's, on an index), e.g. `WS#<workspace>`.
    pub template: Option<&'static str>,
    /// Capacity units consumed (read and write), or attempts throttled, counted for this key:
    /// at most [`overestimate`](Self::overestimate) more than the truth, never less.
    pub count: f64,
    /// How much of `count` may belong to keys it replaced (0 when counted since first seen).
    pub overestimate: f64,
}

/// The hottest partition keys a [`Db`](crate::Db) with
/// [`with_measures`](crate::Db::with_measures) has seen, hottest first, per table and index
/// together; each list holds at most the `top` of
/// [`Measures::hot_keys`](super::Measures::hot_keys) per table and per index.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct HotKeys {
    /// By capacity units consumed.
    pub by_capacity: Vec<HotKey>,
    /// By attempts throttled.
    pub by_throttles: Vec<HotKey>,
}

/// One counted key.
#[derive(Debug, Clone)]
struct Entry {
    key: Box<str>,
    count: f64,
    overestimate: f64,
    labels: Labels,
    /// Units of the current second (`second`) and of the one before, read and write apart.
    second: u64,
    now: [f64; 2],
    before: [f64; 2],
    warned: Option<u64>,
}

impl Entry {
    /// Units per second over the last whole second or the current one, whichever is higher:
    /// `[read, write]`.
    fn rate(&self, second: u64) -> [f64; 2] {
        match second.saturating_sub(self.second) {
            0 => [
                self.now[0].max(self.before[0]),
                self.now[1].max(self.before[1]),
            ],
            1 => self.now,
            _ => [0.0; 2],
        }
    }

    fn add_units(&mut self, second: u64, read: bool, units: f64) {
        match second.saturating_sub(self.second) {
            0 => {}
            1 => (self.before, self.now) = (self.now, [0.0; 2]),
            _ => (self.before, self.now) = ([0.0; 2], [0.0; 2]),
        }
        self.second = second;
        self.now[usize::from(!read)] += units;
    }

    /// Whether a warning about this key may go out at `second` (and notes it did).
    fn may_warn(&mut self, second: u64) -> bool {
        let due = self
            .warned
            .is_none_or(|at| second.saturating_sub(at) >= WARN_EVERY);
        if due {
            self.warned = Some(second);
        }
        due
    }
}

/// A space-saving top-k.
#[derive(Debug)]
pub(crate) struct SpaceSaving {
    top: usize,
    entries: Vec<Entry>,
    slots: HashMap<Box<str>, usize>,
}

impl SpaceSaving {
    pub(crate) fn new(top: usize) -> SpaceSaving {
        SpaceSaving {
            top: top.max(1),
            entries: Vec::with_capacity(top.max(1)),
            slots: HashMap::with_capacity(top.max(1)),
        }
    }

    /// Counts `weight` for `key`, and returns its entry.
    fn add(&mut self, key: &str, weight: f64, labels: Labels) -> &mut Entry {
        let slot = match self.slots.get(key) {
            Some(&slot) => slot,
            None if self.entries.len() < self.top => {
                self.entries.push(Entry {
                    key: key.into(),
                    count: 0.0,
                    overestimate: 0.0,
                    labels,
                    second: 0,
                    now: [0.0; 2],
                    before: [0.0; 2],
                    warned: None,
                });
                self.slots.insert(key.into(), self.entries.len() - 1);
                self.entries.len() - 1
            }
            None => {
                // The least counted key makes room, and its count becomes the new key's
                // possible overestimate.
                let (slot, least) = self
                    .entries
                    .iter()
                    .enumerate()
                    .min_by(|a, b| a.1.count.total_cmp(&b.1.count))
                    .map_or((0, 0.0), |(slot, e)| (slot, e.count));
                if let Some(old) = self.entries.get(slot) {
                    self.slots.remove(&old.key);
                }
                self.slots.insert(key.into(), slot);
                if let Some(entry) = self.entries.get_mut(slot) {
                    *entry = Entry {
                        key: key.into(),
                        count: least,
                        overestimate: least,
                        labels,
                        second: 0,
                        now: [0.0; 2],
                        before: [0.0; 2],
                        warned: None,
                    };
                }
                slot
            }
        };
        let entry = &mut self.entries[slot];
        entry.count += weight;
        if labels != Labels::default() {
            entry.labels = labels;
        }
        entry
    }

    /// The bytes this structure holds on the heap: its tables and the keys' text.
    #[cfg(test)]
    pub(crate) fn heap_bytes(&self) -> usize {
        let keys: usize = self.entries.iter().map(|e| e.key.len() * 2).sum();
        self.entries.capacity() * std::mem::size_of::<Entry>()
            + self.slots.capacity() * (std::mem::size_of::<(Box<str>, usize)>() + 1)
            + keys
    }

    fn report(&self, table: &str, index: Option<&str>) -> impl Iterator<Item = HotKey> + '_ {
        let (table, index) = (table.to_owned(), index.map(str::to_owned));
        self.entries.iter().map(move |e| HotKey {
            table: table.clone(),
            index: index.clone(),
            partition_key: e.key.to_string(),
            entity: Some(e.labels.entity).filter(|s| !s.is_empty()),
            template: Some(e.labels.template).filter(|s| !s.is_empty()),
            count: e.count,
            overestimate: e.overestimate,
        })
    }
}

/// The two rankings of one table or index.
#[derive(Debug)]
struct Rankings {
    capacity: SpaceSaving,
    throttles: SpaceSaving,
}

/// The hot-key rankings of a `Db`'s table and indexes, shared by its clones.
#[derive(Debug)]
pub(crate) struct Tracker {
    top: usize,
    started: Instant,
    parts: Mutex<HashMap<Option<String>, Rankings>>,
}

/// A warning to emit (outside the lock).
struct Warning {
    key: String,
    labels: Labels,
    read: bool,
    rate: f64,
    throttled: Option<String>,
}

impl Tracker {
    pub(crate) fn new(top: usize) -> Tracker {
        Tracker {
            top,
            started: Instant::now(),
            parts: Mutex::new(HashMap::new()),
        }
    }

    fn with<R>(&self, index: Option<&str>, f: impl FnOnce(&mut Rankings, u64) -> R) -> R {
        let second = self.started.elapsed().as_secs();
        let mut parts = self.parts.lock().unwrap_or_else(PoisonError::into_inner);
        let rankings = parts
            .entry(index.map(str::to_owned))
            .or_insert_with(|| Rankings {
                capacity: SpaceSaving::new(self.top),
                throttles: SpaceSaving::new(self.top),
            });
        f(rankings, second)
    }

    /// Counts `units` of read (`read`) or write capacity consumed on partition `key` of `index`;
    /// the shard count of the warning it gave, if it gave one.
    pub(crate) fn consumed(
        &self,
        table: &str,
        index: Option<&str>,
        key: &str,
        labels: Labels,
        read: bool,
        units: f64,
    ) -> Option<u64> {
        let warning = self.with(index, |r, second| {
            let entry = r.capacity.add(key, units, labels);
            entry.add_units(second, read, units);
            let rate = entry.rate(second)[usize::from(!read)];
            let limit = limit(read);
            (rate >= NEAR * limit && entry.may_warn(second)).then(|| Warning {
                key: key.to_owned(),
                labels: entry.labels,
                read,
                rate,
                throttled: None,
            })
        });
        warning.map(|w| warn(table, index, &w))
    }

    /// Counts a throttled attempt on partition `key` of `index`, with DynamoDB's reasons; the
    /// shard count of the warning it gave, if it gave one.
    pub(crate) fn throttled(
        &self,
        table: &str,
        index: Option<&str>,
        key: &str,
        labels: Labels,
        read: bool,
        reasons: &[String],
    ) -> Option<u64> {
        let key_range = reasons.iter().find(|r| r.contains("KeyRange"));
        let warning = self.with(index, |r, second| {
            // The rate the key was served at, and its throttled attempts per second at one unit
            // each at least: what it asked for.
            let served = r.capacity.slots.get(key).map_or(0.0, |&slot| {
                r.capacity.entries[slot].rate(second)[usize::from(!read)]
            });
            let entry = r.throttles.add(key, 1.0, labels);
            entry.add_units(second, read, 1.0);
            let key_range = key_range?;
            let rate = served + entry.rate(second)[usize::from(!read)];
            entry.may_warn(second).then(|| Warning {
                key: key.to_owned(),
                labels: entry.labels,
                read,
                rate,
                throttled: Some(key_range.clone()),
            })
        });
        warning.map(|w| warn(table, index, &w))
    }

    pub(crate) fn report(&self, table: &str) -> HotKeys {
        let parts = self.parts.lock().unwrap_or_else(PoisonError::into_inner);
        let mut keys = HotKeys::default();
        for (index, r) in parts.iter() {
            let index = index.as_deref();
            keys.by_capacity.extend(r.capacity.report(table, index));
            keys.by_throttles.extend(r.throttles.report(table, index));
        }
        keys.by_capacity.sort_by(|a, b| b.count.total_cmp(&a.count));
        keys.by_throttles
            .sort_by(|a, b| b.count.total_cmp(&a.count));
        keys
    }
}

fn limit(read: bool) -> f64 {
    if read {
        PARTITION_READ_UNITS
    } else {
        PARTITION_WRITE_UNITS
    }
}

/// The shard count that keeps each shard of a key at `rate` units per second under half the
/// partition limit: `max(2, ⌈2 · rate / limit⌉)`.
pub(crate) fn shards_for(rate: f64, read: bool) -> u64 {
    let shards = (2.0 * rate / limit(read)).ceil();
    if shards.is_finite() && shards > 2.0 {
        // A rate is far below u64::MAX; `as` saturates anyway.
        shards as u64
    } else {
        2
    }
}

/// Emits the warning `w`, and returns its shard count.
fn warn(table: &str, index: Option<&str>, w: &Warning) -> u64 {
    let shards = shards_for(w.rate, w.read);
    let entity = Some(w.labels.entity)
        .filter(|e| !e.is_empty())
        .unwrap_or("an entity of several");
    let units = if w.read { "RCU" } else { "WCU" };
    tracing::warn!(
        target: "dynakey_runtime::measures",
        table,
        index,
        partition_key = %w.key,
        entity,
        template = w.labels.template,
        rate = w.rate,
        units,
        throttled = w.throttled.as_deref(),
        shards,
        "hot partition key {} of {entity} ({:.0} {units}/s, limit {} per partition{}): consider \
         `#[dynakey(shards = {shards})]` on {entity} to spread its writes",
        w.key,
        w.rate,
        limit(w.read),
        w.throttled
            .as_deref()
            .map(|r| format!("; throttled: {r}"))
            .unwrap_or_default(),
    );
    shards
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_heavy_key_stays_on_top_among_a_million_and_memory_stays_bounded() {
        let mut top = SpaceSaving::new(32);
        let labels = Labels::default();
        let before = {
            top.add("HOT", 1.0, labels);
            top.heap_bytes()
        };
        let mut most = 0;
        for i in 0..1_000_000u32 {
            top.add(&format!("USER#{i:07}"), 1.0, labels);
            if i % 10 == 0 {
                top.add("HOT", 5.0, labels);
            }
            most = most.max(top.heap_bytes());
        }
        let report: Vec<HotKey> = top.report("t", None).collect();
        let hottest = report
            .iter()
            .max_by(|a, b| a.count.total_cmp(&b.count))
            .map(|k| k.partition_key.as_str());
        assert_eq!(hottest, Some("HOT"));
        assert_eq!(report.len(), 32);
        // 32 entries of keys of 12 bytes: never more than twice the first allocation (hash map
        // growth) plus the keys' text.
        assert!(
            most <= 2 * before + 32 * 2 * 12,
            "{most} bytes (first {before})"
        );
        assert!(most < 16 * 1024, "{most} bytes");
    }

    #[test]
    fn a_key_nearing_the_write_limit_is_warned_of_once_with_its_shard_count() {
        let tracker = Tracker::new(4);
        let labels = Labels {
            entity: "Issue",
            pattern: "put",
            template: "PROJ#<project>",
        };
        let write = |key: &str, units: f64| tracker.consumed("t", None, key, labels, false, units);
        assert_eq!(write("PROJ#cold", 10.0), None);
        assert_eq!(write("PROJ#hot", 700.0), None, "under 80 % of 1,000 WCU/s");
        // 2,000 WCU in this second (1,300 if a second began between): four shards (three) keep
        // each under 500.
        let warned = write("PROJ#hot", 1300.0);
        let second = write("PROJ#hot", 1300.0);
        assert!(matches!(warned, Some(3 | 4)), "{warned:?}");
        assert_eq!(second, None, "one warning per key per 10 s");
        let reads = tracker.consumed("t", Some("GSI1"), "STATUS#open", labels, true, 2500.0);
        assert_eq!(reads, Some(2), "2,500 of 3,000 RCU/s: two shards");
        let report = tracker.report("t");
        let hottest = &report.by_capacity[0];
        assert_eq!(hottest.partition_key, "PROJ#hot");
        assert_eq!(hottest.count, 3300.0);
        assert_eq!(hottest.entity, Some("Issue"));
        assert_eq!(hottest.template, Some("PROJ#<project>"));
        assert_eq!(report.by_capacity[1].partition_key, "STATUS#open");
        assert_eq!(report.by_capacity[1].index.as_deref(), Some("GSI1"));
    }

    #[test]
    fn shard_counts_keep_each_shard_under_half_the_limit() {
        assert_eq!(shards_for(0.0, false), 2);
        assert_eq!(shards_for(900.0, false), 2);
        assert_eq!(shards_for(2600.0, false), 6);
        assert_eq!(shards_for(7000.0, true), 5);
    }
}
