//! What the benches on the embedded engine share (`mod common;`): criterion's run and the summary
//! of alternating rounds that prints the ratio of median wall times.

use std::time::Duration;

use criterion::Criterion;

/// The runtime every bench on the embedded engine runs on: 2 worker threads (the machine's
/// cores), the engine and the client sharing them.
pub fn runtime() -> tokio::runtime::Runtime {
    tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .enable_all()
        .build()
        .expect("tokio runtime")
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
