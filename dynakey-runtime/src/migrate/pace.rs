//! The capacity budget of a migration: requests are paced so that the capacity their answers
//! report (`ConsumedCapacity`, counted by the edge's meter) stays at most R read and W write units
//! per second over the run, and the pace is halved whenever throttling was seen since the last
//! request and recovers slowly, so that a migration never starves the live service. Units are
//! charged when an answer reports them, so the requests already waiting when the schedule allows
//! one (up to the segments' scans and their writes in flight) go out together: a burst of that
//! many requests above the schedule, paid back by the waits after it.

use std::sync::{Mutex, PoisonError};
use std::time::Duration;

use tokio::time::Instant;

use crate::sdk::{Meter, Metered, Units};

/// At most this many capacity units per second, read and written, for a
/// [migration](super::Migrate::budget). A limit left unset is no limit.
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
    pub fn read_units_per_second(mut self, units: f64) -> Self {
        self.read = (units.is_finite() && units > 0.0).then_some(units);
        self
    }

    /// At most `units` write capacity units per second (a write of up to 1 KB is one unit, a
    /// transactional write two). A value that is not a positive number is no limit.
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
}

/// How much capacity a pace may run ahead of its schedule, so that time spent
/// waiting for answers is not lost to the budget, and a burst stays small (a quarter of a
/// second's worth).
const CREDIT: Duration = Duration::from_millis(250);

/// The pace of one migration run.
#[derive(Debug)]
pub(crate) struct Pace {
    budget: CapacityBudget,
    meter: Meter,
    state: Mutex<State>,
}

#[derive(Debug)]
struct State {
    /// What the meter held when the schedules were last moved on.
    seen: Metered,
    /// When the next read, and the next write, may be sent.
    next_read: Instant,
    next_write: Instant,
    /// The share of the budget in use: halved on throttling, regained by a tenth a second.
    share: f64,
    since: Instant,
}

impl Pace {
    pub(crate) fn new(budget: CapacityBudget, meter: Meter) -> Pace {
        let now = Instant::now();
        Pace {
            budget,
            state: Mutex::new(State {
                seen: meter.get(),
                next_read: now,
                next_write: now,
                share: 1.0,
                since: now,
            }),
            meter,
        }
    }

    /// Waits until a request consuming `units` may be sent.
    pub(crate) async fn wait(&self, units: Units) {
        if self.budget.read.is_none() && self.budget.write.is_none() {
            // No budget: nothing to schedule (no clock read, no lock).
            return;
        }
        let until = self.schedule(units);
        if let Some(until) = until {
            tokio::time::sleep_until(until).await;
        }
    }

    /// Moves the schedules on by what was consumed since the last call, and says when a request
    /// of `units` may go (`None`: now).
    fn schedule(&self, units: Units) -> Option<Instant> {
        let now = Instant::now();
        let metered = self.meter.get();
        let mut state = self.state.lock().unwrap_or_else(PoisonError::into_inner);
        if metered.throttled > state.seen.throttled {
            state.share = (state.share / 2.0).max(0.05);
            state.since = now;
        } else if state.share < 1.0 {
            let regained = now.duration_since(state.since).as_secs_f64() / 10.0;
            if regained > 0.0 {
                state.share = (state.share + regained).min(1.0);
                state.since = now;
            }
        }
        let share = state.share;
        let floor = now.checked_sub(CREDIT).unwrap_or(now);
        if let Some(rate) = self.budget.read {
            let consumed = metered.read - state.seen.read;
            state.next_read = state.next_read.max(floor) + seconds(consumed / (rate * share));
        }
        if let Some(rate) = self.budget.write {
            let consumed = metered.write - state.seen.write;
            state.next_write = state.next_write.max(floor) + seconds(consumed / (rate * share));
        }
        state.seen = metered;
        let next = match units {
            Units::Read if self.budget.read.is_some() => state.next_read,
            Units::Write if self.budget.write.is_some() => state.next_write,
            _ => return None,
        };
        (next > now).then_some(next)
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
