//! One capacity budget for bulk work: [`Governor`] and [`CapacityBudget`] (the rules are on
//! [`Governor`], the public item).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use tokio::time::Instant;

/// At most this many capacity units per second, read and written: the budget of a
/// [`Governor`] (per table, or for one index) or of a [migration](crate::Migrate::budget). A
/// limit left unset is no limit.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct CapacityBudget {
    read: Option<f64>,
    write: Option<f64>,
}

impl CapacityBudget {
    /// No limit yet.
    pub fn new() -> Self {
        CapacityBudget::default()
    }

    /// At most `units` read capacity units per second (a strongly consistent read of up to 4 KB
    /// is one unit, an eventually consistent one half: AWS developer guide, "Read/write capacity
    /// mode"). A value that is not a positive number is no limit.
    #[must_use]
    pub fn read_units_per_second(mut self, units: f64) -> Self {
        self.read = (units.is_finite() && units > 0.0).then_some(units);
        self
    }

    /// At most `units` write capacity units per second (a write of up to 1 KB is one unit, a
    /// transactional write two: AWS developer guide, "Read/write capacity mode"). A value that
    /// is not a positive number is no limit.
    #[must_use]
    pub fn write_units_per_second(mut self, units: f64) -> Self {
        self.write = (units.is_finite() && units > 0.0).then_some(units);
        self
    }

    /// The read limit, units per second.
    pub fn read(&self) -> Option<f64> {
        self.read
    }

    /// The write limit, units per second.
    pub fn write(&self) -> Option<f64> {
        self.write
    }

    fn rate(&self, reads: bool) -> Option<f64> {
        match reads {
            true => self.read,
            false => self.write,
        }
    }
}

/// How much capacity a schedule may run ahead of the clock, and how often throttling may halve
/// the share: a quarter of a second.
const CREDIT: Duration = Duration::from_millis(250);

/// The lowest share of the budget throttling leaves: a twentieth.
const LOWEST_SHARE: f64 = 0.05;

/// The share of the budget regained per second after throttling: a tenth.
const REGAINED_PER_SECOND: f64 = 0.1;

/// One capacity budget for bulk work: a governor paces the requests of the bulk operations of
/// every handle it is given to ([`Db::with_governor`](crate::Db::with_governor)) — `batch_put`,
/// `batch_delete`, `batch_get`, `delete_all`, scans, migrations and the change reader — so that
/// the capacity their answers report (`ConsumedCapacity`) stays at most R read and W write units
/// per second per table (and per index given a budget of its own), however many tasks share it.
/// Live requests (get, put, update, query, transactions) stay outside unless the handle says so
/// ([`Db::with_governor_on_every_request`](crate::Db::with_governor_on_every_request)).
///
/// Each table's (or index's) read and write units are a schedule: a request reserves its
/// estimated units before it is sent (a batch write one unit per item, a read half a unit per
/// key, times what the schedule's answers have reported per unit estimated so far: items larger
/// than a unit, an index's writes), waiting until the schedule reaches it, and when its answer
/// comes the reservation is corrected to what the answer reports (nothing, when no answer
/// came). The schedule may run a quarter of a second's worth ahead of the clock, so that time
/// spent waiting for answers is not lost to the budget; a read's units are known only from its
/// answer (a Scan page consumes up to 128 units), so reads in flight together may overshoot by
/// their pages.
///
/// Throttling (AWS developer guide, "Throttling issues for DynamoDB"; "Burst and adaptive
/// capacity": a table or partition over its throughput refuses requests with
/// `ProvisionedThroughputExceededException` or `ThrottlingException`) halves the share of the
/// budget in use — at most once a quarter of a second, as TCP halves once per round trip — down
/// to a twentieth; the share then grows back by a tenth of the budget per second: multiplicative
/// decrease, additive increase, so that bulk work gives way quickly to the live traffic and
/// returns slowly.
///
/// Cheap to clone, every clone the same budget. Give it to a handle with
/// [`Db::with_governor`](crate::Db::with_governor); handles cloned from that one, and any other
/// handle given a clone of it, share it.
///
/// ```
/// use dynakey_runtime::{CapacityBudget, Governor};
/// // 200 write units and 400 read units per second per table, 50 read units on the index GSI1.
/// let governor = Governor::new(
///     CapacityBudget::new().write_units_per_second(200.0).read_units_per_second(400.0),
/// )
/// .index("GSI1", CapacityBudget::new().read_units_per_second(50.0));
/// assert_eq!(governor.share(), 1.0);
/// ```
#[derive(Clone)]
pub struct Governor(Arc<Shared>);

struct Shared {
    table: CapacityBudget,
    state: Mutex<State>,
}

/// One schedule: a table's (index `None`) or an index's, reads or writes.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
struct Lane {
    table: String,
    index: Option<String>,
    reads: bool,
}

struct State {
    /// The budgets of indexes that have one of their own.
    indexes: HashMap<String, CapacityBudget>,
    /// Each schedule: when its next request may be sent, and the units its answers reported per
    /// unit estimated (a moving average).
    next: HashMap<Lane, Schedule>,
    /// The share of the budget in use: halved on throttling, regained by a tenth a second.
    share: f64,
    /// When the share was last changed or regained.
    since: Instant,
    /// When throttling last halved it.
    halved: Option<Instant>,
    throttled: u64,
    consumed: GovernedUnits,
}

/// What a governor's requests consumed, as their answers reported it, and how many of their
/// attempts were throttled.
#[derive(Debug, Clone, Copy, Default, PartialEq)]
pub struct GovernedUnits {
    /// Read capacity units.
    pub read: f64,
    /// Write capacity units.
    pub write: f64,
    /// Attempts refused by throttling.
    pub throttled: u64,
}

impl std::fmt::Debug for Governor {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let state = self.state();
        f.debug_struct("Governor")
            .field("table", &self.0.table)
            .field("indexes", &state.indexes)
            .field("share", &state.share)
            .finish_non_exhaustive()
    }
}

impl Governor {
    /// A governor keeping every table it paces within `budget`.
    pub fn new(budget: CapacityBudget) -> Governor {
        let now = Instant::now();
        Governor(Arc::new(Shared {
            table: budget,
            state: Mutex::new(State {
                indexes: HashMap::new(),
                next: HashMap::new(),
                share: 1.0,
                since: now,
                halved: None,
                throttled: 0,
                consumed: GovernedUnits::default(),
            }),
        }))
    }

    /// Gives index `name` (a GSI or LSI name) a budget of its own (a GSI has throughput of its
    /// own: AWS developer guide, "Provisioned throughput considerations for Global Secondary
    /// Indexes"): reads of that index take from it instead of the table's, and every write to
    /// the table takes from its write budget too (a write updates each index the item is in).
    /// An index without one is paced by the table's budget.
    #[must_use]
    pub fn index(self, name: impl Into<String>, budget: CapacityBudget) -> Governor {
        self.state().indexes.insert(name.into(), budget);
        self
    }

    /// The table budget.
    pub fn budget(&self) -> CapacityBudget {
        self.0.table
    }

    /// The share of the budget in use now, from a twentieth to 1 (lowered by throttling).
    pub fn share(&self) -> f64 {
        let mut state = self.state();
        state.regain(Instant::now());
        state.share
    }

    /// What the requests paced so far consumed (their answers' `ConsumedCapacity`) and how many
    /// of their attempts were throttled.
    pub fn consumed(&self) -> GovernedUnits {
        self.state().consumed
    }

    fn state(&self) -> std::sync::MutexGuard<'_, State> {
        self.0.state.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Reserves `estimate` units of a request on `table` (reading index `index`, when
    /// `reads`), waits until its schedules reach it, and returns the reservation to
    /// [`settle`](Self::settle) with the answer.
    pub(crate) async fn take(
        &self,
        table: &str,
        index: Option<&str>,
        reads: bool,
        estimate: f64,
    ) -> Taken {
        let (taken, until) = self.reserve(table, index, reads, estimate);
        if let Some(until) = until {
            tokio::time::sleep_until(until).await;
        }
        taken
    }

    fn reserve(
        &self,
        table: &str,
        index: Option<&str>,
        reads: bool,
        estimate: f64,
    ) -> (Taken, Option<Instant>) {
        let now = Instant::now();
        let floor = now.checked_sub(CREDIT).unwrap_or(now);
        let mut state = self.state();
        state.regain(now);
        let lanes = state.lanes(&self.0.table, table, index, reads);
        let share = state.share;
        let mut until = now;
        let mut reserved = Vec::with_capacity(lanes.len());
        for (lane, rate) in lanes {
            let schedule = state.next.entry(lane.clone()).or_insert(Schedule {
                next: now,
                ratio: 1.0,
            });
            let units = estimate * schedule.ratio;
            let start = schedule.next.max(floor);
            schedule.next = start + seconds(units / (rate * share));
            until = until.max(start);
            reserved.push((lane, rate, units));
        }
        let taken = Taken {
            lanes: reserved,
            reads,
            estimate,
            primary: index.map(str::to_owned),
        };
        (taken, (until > now).then_some(until))
    }

    /// Corrects `taken`'s reservation to what the answer reported: `parts` are the capacity
    /// units by what consumed them (`table`, an index name, or `total`), empty when no answer
    /// came; `throttled`, the request's throttled attempts.
    pub(crate) fn settle(&self, taken: Taken, parts: &[(&str, f64)], throttled: usize) {
        let now = Instant::now();
        let mut state = self.state();
        state.regain(now);
        if throttled > 0 {
            state.throttled += throttled as u64;
            state.consumed.throttled += throttled as u64;
            let recent = state
                .halved
                .is_some_and(|at| now.duration_since(at) < CREDIT);
            if !recent {
                state.share = (state.share / 2.0).max(LOWEST_SHARE);
                state.since = now;
                state.halved = Some(now);
            }
        }
        let total: f64 = parts.iter().map(|(_, units)| units).sum();
        match taken.reads {
            true => state.consumed.read += total,
            false => state.consumed.write += total,
        }
        // The units each reserved schedule was charged by the answer: an index's own parts to
        // its schedule, the rest (the table's, an index's without a budget, a total) to the
        // table's — or, for a read of an index with a budget, a total to the index's.
        let share = state.share;
        for (lane, rate, reserved) in &taken.lanes {
            let charged: f64 = parts
                .iter()
                .filter(|(by, _)| {
                    let on = match *by {
                        "table" => None,
                        "total" => taken.primary.as_deref(),
                        index => Some(index),
                    };
                    let on = on.filter(|i| {
                        taken
                            .lanes
                            .iter()
                            .any(|(l, ..)| l.index.as_deref() == Some(*i))
                    });
                    on == lane.index.as_deref()
                })
                .map(|(_, units)| units)
                .sum();
            let Some(schedule) = state.next.get_mut(lane) else {
                continue;
            };
            if !parts.is_empty() && taken.estimate > 0.0 {
                let ratio = charged / taken.estimate;
                schedule.ratio += (ratio - schedule.ratio) * RATIO_WEIGHT;
            }
            let correction = (charged - reserved) / (rate * share);
            schedule.next = match correction >= 0.0 {
                true => schedule.next + seconds(correction),
                false => (schedule.next.checked_sub(seconds(-correction))).unwrap_or(schedule.next),
            };
        }
    }
}

/// One schedule of a [`Lane`].
#[derive(Debug, Clone, Copy)]
struct Schedule {
    next: Instant,
    ratio: f64,
}

/// How much each answer moves a schedule's ratio of reported to estimated units.
const RATIO_WEIGHT: f64 = 0.5;

/// A request's reservation, from [`Governor::take`] to [`Governor::settle`].
#[derive(Debug)]
pub(crate) struct Taken {
    /// The schedules reserved on, each with its rate (units per second) and the units reserved.
    lanes: Vec<(Lane, f64, f64)>,
    reads: bool,
    estimate: f64,
    /// The index the request reads, if any.
    primary: Option<String>,
}

impl State {
    /// Regains the share throttling took, a tenth of the budget per second since the last change.
    fn regain(&mut self, now: Instant) {
        if self.share < 1.0 {
            let regained = now.duration_since(self.since).as_secs_f64() * REGAINED_PER_SECOND;
            if regained > 0.0 {
                self.share = (self.share + regained).min(1.0);
                self.since = now;
            }
        }
    }

    /// The schedules a request takes from, each with its rate: a read, its index's when that has
    /// a read budget of its own, else its table's; a write, its table's and every index's with a
    /// write budget. A schedule without a limit is none.
    fn lanes(
        &self,
        budget: &CapacityBudget,
        table: &str,
        index: Option<&str>,
        reads: bool,
    ) -> Vec<(Lane, f64)> {
        let lane = |index: Option<&str>| Lane {
            table: table.to_owned(),
            index: index.map(str::to_owned),
            reads,
        };
        let own = |name: &str| self.indexes.get(name).and_then(|b| b.rate(reads));
        let mut lanes = Vec::new();
        match index.and_then(|name| Some((name, own(name)?))) {
            Some((name, rate)) if reads => lanes.push((lane(Some(name)), rate)),
            _ => lanes.extend(budget.rate(reads).map(|rate| (lane(None), rate))),
        }
        if !reads {
            for (name, rate) in self.indexes.keys().filter_map(|n| Some((n, own(n)?))) {
                lanes.push((lane(Some(name)), rate));
            }
        }
        lanes
    }
}

/// `s` seconds as a `Duration`, at most a day (a rate so small that one request's units take
/// longer waits a day per request, and never overflows an `Instant`).
fn seconds(s: f64) -> Duration {
    const DAY: Duration = Duration::from_secs(86_400);
    match s.is_finite() && s > 0.0 {
        true => Duration::try_from_secs_f64(s).map_or(DAY, |d| d.min(DAY)),
        false => Duration::ZERO,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// When each of `n` requests of `units` may go, in seconds from the first, each answer
    /// reporting `units` for each of `by` (`table`, an index name or `total`).
    fn starts(
        governor: &Governor,
        (index, reads): (Option<&str>, bool),
        units: f64,
        by: &[&str],
        n: usize,
    ) -> Vec<f64> {
        let now = Instant::now();
        let parts: Vec<(&str, f64)> = by.iter().map(|b| (*b, units)).collect();
        (0..n)
            .map(|_| {
                let (taken, until) = governor.reserve("t", index, reads, units);
                governor.settle(taken, &parts, 0);
                until.map_or(0.0, |u| u.duration_since(now).as_secs_f64())
            })
            .collect()
    }

    #[test]
    fn a_schedule_spaces_requests_by_their_units() {
        let governor = Governor::new(CapacityBudget::new().write_units_per_second(100.0));
        let starts = starts(&governor, (None, false), 25.0, &["table"], 10);
        // 25 units at 100 a second: one request every quarter second.
        assert!((starts[9] - 2.25).abs() < 0.01, "{starts:?}");
        assert_eq!(governor.consumed().write, 250.0);
    }

    #[test]
    fn an_answer_corrects_the_reservation() {
        let governor = Governor::new(CapacityBudget::new().read_units_per_second(10.0));
        let now = Instant::now();
        let (taken, _) = governor.reserve("t", None, true, 1.0);
        governor.settle(taken, &[("total", 20.0)], 0);
        let (_, until) = governor.reserve("t", None, true, 1.0);
        let wait = until.map_or(0.0, |u| u.duration_since(now).as_secs_f64());
        assert!((wait - 2.0).abs() < 0.01, "{wait}");
    }

    #[test]
    fn a_schedule_learns_what_its_answers_report_per_unit_estimated() {
        let governor = Governor::new(CapacityBudget::new().write_units_per_second(100.0));
        // Each answer reports twice the estimate (an index's writes): after a few, the
        // reservations are twice the estimate too, one request every half second.
        let starts = starts(&governor, (None, false), 25.0, &["table", "GSI1"], 12);
        let last = starts[11] - starts[10];
        assert!((last - 0.5).abs() < 0.01, "{starts:?}");
    }

    #[test]
    fn throttling_halves_the_share_once_per_credit_and_it_comes_back() {
        let governor = Governor::new(CapacityBudget::new().write_units_per_second(100.0));
        for throttled in [3, 1] {
            let (taken, _) = governor.reserve("t", None, false, 1.0);
            governor.settle(taken, &[], throttled);
        }
        assert!((governor.share() - 0.5).abs() < 0.01);
        assert_eq!(governor.consumed().throttled, 4);
        let mut state = governor.state();
        let since = state.since;
        state.regain(since + Duration::from_secs(2));
        assert!((state.share - 0.7).abs() < 1e-3, "{}", state.share);
        state.regain(since + Duration::from_secs(20));
        assert_eq!(state.share, 1.0);
    }

    #[test]
    fn no_limit_no_wait() {
        let governor = Governor::new(CapacityBudget::new().write_units_per_second(1.0));
        let starts = starts(&governor, (None, true), 100.0, &["total"], 100);
        assert!(starts.iter().all(|s| *s == 0.0));
        assert_eq!(governor.consumed().read, 10_000.0);
    }

    #[test]
    fn an_index_budget_paces_its_reads_and_every_write() {
        let index = CapacityBudget::new()
            .read_units_per_second(10.0)
            .write_units_per_second(10.0);
        let governor =
            Governor::new(CapacityBudget::new().read_units_per_second(1000.0)).index("GSI1", index);
        let reads = starts(&governor, (Some("GSI1"), true), 5.0, &["GSI1"], 5);
        assert!((reads[4] - 2.0).abs() < 0.01, "{reads:?}");
        let table_reads = starts(&governor, (None, true), 5.0, &["table"], 5);
        assert!(table_reads[4] < 0.05, "{table_reads:?}");
        // No table write budget: the index's paces every write.
        let writes = starts(&governor, (None, false), 5.0, &["table", "GSI1"], 5);
        assert!((writes[4] - 2.0).abs() < 0.01, "{writes:?}");
    }
}
