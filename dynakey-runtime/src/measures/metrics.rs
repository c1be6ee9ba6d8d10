//! The measures as `metrics` counters and histograms (names and labels: the parent module).
//!
//! The keys of a series (one table, index, operation, entity, pattern) are built once and kept
//! ([`Series`]): a send then costs the recorder's registry look-ups by a key whose hash is
//! already computed, and no label is built. Keys are the same for every recorder, so one cache
//! serves them all (a handle would be one recorder's).

use std::collections::HashMap;
use std::hash::{Hash, Hasher};
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use metrics::{Key, Label, Level, Metadata, Recorder};

use super::{Labels, Sample};

/// The metadata of every measure (target and level are what a filtering recorder reads).
static METADATA: Metadata<'static> = Metadata::new("dynakey_runtime::measures", Level::INFO, None);

/// Whether a recorder other than the facade's no-op one is installed: a real recorder has
/// state; the no-op recorder is zero-sized.
pub(super) fn installed() -> bool {
    metrics::with_recorder(|recorder| std::mem::size_of_val(recorder) != 0)
}

/// Series kept at most; past it the cache starts again (a program has a few per table, index,
/// operation and pattern; a test suite's fresh tables would otherwise grow it without end).
const MAX_SERIES: usize = 4096;

/// The keys of one series, by the hash of its labels.
static SERIES: LazyLock<Mutex<HashMap<u64, Arc<Series>>>> = LazyLock::new(Default::default);

/// What a send of one series measures, its keys built once.
struct Series {
    table: Box<str>,
    index: Option<Box<str>>,
    operation: &'static str,
    labels: Labels,
    /// The labels every measure of the series carries.
    base: Vec<Label>,
    requests_ok: Key,
    duration: Key,
    returned: Key,
    evaluated: Key,
    retries: Key,
    lost: Key,
    /// Read units, then write units, consumed by `table` and by `total`.
    units: [[Key; 2]; 2],
}

const REQUESTS: &str = "dynakey_requests_total";
const UNITS: [&str; 2] = [
    "dynakey_consumed_read_units",
    "dynakey_consumed_write_units",
];
const CONSUMED_BY: [&str; 2] = ["table", "total"];

impl Series {
    fn new(table: &str, index: Option<&str>, operation: &'static str, l: Labels) -> Series {
        let base = vec![
            Label::new("table", table.to_owned()),
            Label::new("index", index.unwrap_or_default().to_owned()),
            Label::new("entity", l.entity),
            Label::new("operation", operation),
            Label::new("pattern", l.pattern),
        ];
        let key = |name: &'static str| Key::from_parts(name, base.clone());
        let units = UNITS.map(|name| CONSUMED_BY.map(|by| with(&base, name, "consumed_by", by)));
        Series {
            table: table.into(),
            index: index.map(Into::into),
            operation,
            labels: l,
            requests_ok: with(&base, REQUESTS, "outcome", "ok"),
            duration: key("dynakey_request_duration_seconds"),
            returned: key("dynakey_items_returned"),
            evaluated: key("dynakey_items_evaluated"),
            retries: key("dynakey_retries_total"),
            lost: key("dynakey_lost_answers_total"),
            units,
            base,
        }
    }

    fn is(&self, table: &str, index: Option<&str>, operation: &'static str, l: Labels) -> bool {
        &*self.table == table
            && self.index.as_deref() == index
            && self.operation == operation
            && self.labels == l
    }

    /// The key of `name` in this series with one more label.
    fn with(&self, name: &'static str, label: &'static str, value: &str) -> Key {
        with(&self.base, name, label, value)
    }
}

/// Series this thread used last, looked up before the shared map (no hash, no lock).
const RECENT: usize = 8;

thread_local! {
    static RECENT_SERIES: std::cell::RefCell<(usize, Vec<Arc<Series>>)> =
        const { std::cell::RefCell::new((0, Vec::new())) };
}

/// The series of a send: one this thread used lately, or kept, or built and kept.
fn series(table: &str, index: Option<&str>, operation: &'static str, l: Labels) -> Arc<Series> {
    let recent = RECENT_SERIES.with_borrow(|(_, recent)| {
        recent
            .iter()
            .find(|s| s.is(table, index, operation, l))
            .cloned()
    });
    if let Some(series) = recent {
        return series;
    }
    let series = shared_series(table, index, operation, l);
    RECENT_SERIES.with_borrow_mut(|(next, recent)| {
        match recent.get_mut(*next) {
            Some(slot) => *slot = Arc::clone(&series),
            None => recent.push(Arc::clone(&series)),
        }
        *next = (*next + 1) % RECENT;
    });
    series
}

/// The series of a send from the map every thread shares.
fn shared_series(
    table: &str,
    index: Option<&str>,
    operation: &'static str,
    l: Labels,
) -> Arc<Series> {
    // Fixed keys: the labels are the program's own, not an attacker's.
    let mut hasher = std::hash::DefaultHasher::new();
    (table, index, operation, l).hash(&mut hasher);
    let hash = hasher.finish();
    let mut kept = SERIES.lock().unwrap_or_else(PoisonError::into_inner);
    if let Some(series) = kept.get(&hash).filter(|s| s.is(table, index, operation, l)) {
        return Arc::clone(series);
    }
    let series = Arc::new(Series::new(table, index, operation, l));
    if kept.len() >= MAX_SERIES {
        kept.clear();
    }
    // A hash shared by two series keeps the later one.
    kept.insert(hash, Arc::clone(&series));
    series
}

/// The key of `name` with `labels` and one more.
fn with(labels: &[Label], name: &'static str, key: &'static str, value: &str) -> Key {
    let mut all = Vec::with_capacity(labels.len() + 1);
    all.extend_from_slice(labels);
    all.push(Label::new(key, value.to_owned()));
    Key::from_parts(name, all)
}

fn counter(recorder: &dyn Recorder, key: &Key, by: u64) {
    recorder.register_counter(key, &METADATA).increment(by);
}

fn histogram(recorder: &dyn Recorder, key: &Key, value: f64) {
    recorder.register_histogram(key, &METADATA).record(value);
}

pub(super) fn record(s: &Sample<'_>) {
    metrics::with_recorder(|recorder| {
        if std::mem::size_of_val(recorder) == 0 {
            return;
        }
        let series = series(s.table, s.index, s.operation, s.labels);
        match s.outcome {
            "ok" => counter(recorder, &series.requests_ok, 1),
            other => counter(recorder, &series.with(REQUESTS, "outcome", other), 1),
        }
        histogram(recorder, &series.duration, s.elapsed.as_secs_f64());
        if let Some(reads) = s.reads {
            let kind = usize::from(!reads);
            for (by, value) in &s.capacity {
                match CONSUMED_BY.iter().position(|b| b == by) {
                    Some(i) => histogram(recorder, &series.units[kind][i], *value),
                    None => {
                        let key = series.with(UNITS[kind], "consumed_by", by);
                        histogram(recorder, &key, *value);
                    }
                }
            }
        }
        if let Some(returned) = s.returned {
            histogram(recorder, &series.returned, returned as f64);
        }
        if let Some(evaluated) = s.evaluated {
            histogram(recorder, &series.evaluated, evaluated as f64);
        }
        if s.retries > 0 {
            counter(recorder, &series.retries, u64::from(s.retries));
        }
        for reason in s.throttles.iter().flatten() {
            let key = series.with("dynakey_throttles_total", "reason", reason);
            counter(recorder, &key, 1);
        }
    });
}

pub(super) fn failed(
    table: &str,
    index: Option<&str>,
    operation: &'static str,
    l: Labels,
    lost: bool,
    retrying: bool,
) {
    metrics::with_recorder(|recorder| {
        if std::mem::size_of_val(recorder) == 0 {
            return;
        }
        let series = series(table, index, operation, l);
        if lost {
            counter(recorder, &series.lost, 1);
        }
        if retrying {
            counter(recorder, &series.retries, 1);
        }
    });
}
