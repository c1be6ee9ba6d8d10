//! What the benches on the embedded engine share (`mod common;`): criterion's run and the summary
//! of alternating rounds that prints the ratio of median wall times.

use std::time::Duration;

use criterion::Criterion;

/// The runtime every bench on the embedded engine runs on: 2 worker threads (the machine's
/// cores), the engine and the client sharing them.
#[allow(dead_code)] // not every bench runs an engine
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime")
}

/// This process's CPU time so far (user + system), from `/proc/self/stat` (Linux, clock ticks of
/// 1/100 s; `None` elsewhere). The engine runs in this process, so a difference of two readings
/// is the whole cost of what ran between them, engine included, which other load on the machine
/// disturbs less than wall time.
#[allow(dead_code)] // not every bench reads CPU time
pub fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the parenthesised command name (which may hold spaces): utime and stime
    // are fields 14 and 15 of the line, 12 and 13 after the name.
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// The median of some wall times.
pub fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

/// Runs `benches` under criterion (1 s warm-up, `measurement` per function), then, under
/// `cargo bench` (which passes `--bench`; `cargo test --benches` only checks that the benches
/// run), `summary`.
pub fn run<S>(setup: &S, measurement: Duration, benches: fn(&mut Criterion, &S), summary: fn(&S)) {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(measurement);
    benches(&mut criterion, setup);
    criterion.final_summary();
    if std::env::args().any(|a| a == "--bench") {
        summary(setup);
    }
}
