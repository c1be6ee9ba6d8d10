//! The measures as `metrics` counters and histograms (names and labels: the parent module).

use metrics::{Key, Label, Level, Metadata, Recorder};

use super::{Labels, Sample};

/// The metadata of every measure (target and level are what a filtering recorder reads).
static METADATA: Metadata<'static> = Metadata::new("dynakey_runtime::measures", Level::INFO, None);

/// Whether a recorder other than the facade's no-op one is installed: a real recorder has
/// state; the no-op recorder is zero-sized.
pub(super) fn installed() -> bool {
    metrics::with_recorder(|recorder| std::mem::size_of_val(recorder) != 0)
}

/// The labels every measure of a send carries.
fn labels(table: &str, index: Option<&str>, operation: &'static str, l: Labels) -> Vec<Label> {
    vec![
        Label::new("table", table.to_owned()),
        Label::new("index", index.unwrap_or_default().to_owned()),
        Label::new("entity", l.entity),
        Label::new("operation", operation),
        Label::new("pattern", l.pattern),
    ]
}

/// `labels` with one more.
fn with(labels: &[Label], key: &'static str, value: &str) -> Vec<Label> {
    let mut all = labels.to_vec();
    all.push(Label::new(key, value.to_owned()));
    all
}

fn counter(recorder: &dyn Recorder, name: &'static str, labels: Vec<Label>, by: u64) {
    recorder
        .register_counter(&Key::from_parts(name, labels), &METADATA)
        .increment(by);
}

fn histogram(recorder: &dyn Recorder, name: &'static str, labels: Vec<Label>, value: f64) {
    recorder
        .register_histogram(&Key::from_parts(name, labels), &METADATA)
        .record(value);
}

pub(super) fn record(s: &Sample<'_>) {
    metrics::with_recorder(|recorder| {
        if std::mem::size_of_val(recorder) == 0 {
            return;
        }
        let base = labels(s.table, s.index, s.operation, s.labels);
        counter(
            recorder,
            "dynakey_requests_total",
            with(&base, "outcome", s.outcome),
            1,
        );
        histogram(
            recorder,
            "dynakey_request_duration_seconds",
            base.clone(),
            s.elapsed.as_secs_f64(),
        );
        let units = match s.reads {
            Some(true) => Some("dynakey_consumed_read_units"),
            Some(false) => Some("dynakey_consumed_write_units"),
            None => None,
        };
        for (by, value) in units.iter().flat_map(|name| {
            s.capacity
                .iter()
                .map(move |(by, value)| ((*name, by), value))
        }) {
            histogram(recorder, by.0, with(&base, "consumed_by", by.1), *value);
        }
        if let Some(returned) = s.returned {
            histogram(
                recorder,
                "dynakey_items_returned",
                base.clone(),
                returned as f64,
            );
        }
        if let Some(evaluated) = s.evaluated {
            histogram(
                recorder,
                "dynakey_items_evaluated",
                base.clone(),
                evaluated as f64,
            );
        }
        if s.retries > 0 {
            counter(
                recorder,
                "dynakey_retries_total",
                base.clone(),
                u64::from(s.retries),
            );
        }
        for reason in s.throttles.iter().flatten() {
            counter(
                recorder,
                "dynakey_throttles_total",
                with(&base, "reason", reason),
                1,
            );
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
        let base = labels(table, index, operation, l);
        if lost {
            counter(recorder, "dynakey_lost_answers_total", base.clone(), 1);
        }
        if retrying {
            counter(recorder, "dynakey_retries_total", base, 1);
        }
    });
}
