//! What the benches on the embedded engine share (`mod common;`): criterion's run and the summary
//! of alternating rounds that prints the ratio of median wall times.

use std::time::{Duration, Instant};

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

/// `rounds` rounds of `contenders` contenders run one after another by `run(i)`: each one's wall
/// times and, where `/proc/self/stat` is read, process CPU times, one per round.
#[allow(dead_code)] // not every bench uses it
pub fn alternating(
    rounds: usize,
    contenders: usize,
    mut run: impl FnMut(usize),
) -> (Vec<Vec<Duration>>, Vec<Vec<Duration>>) {
    let mut wall = vec![Vec::new(); contenders];
    let mut cpu = vec![Vec::new(); contenders];
    for _ in 0..rounds {
        for i in 0..contenders {
            let before = process_cpu();
            let start = Instant::now();
            run(i);
            wall[i].push(start.elapsed());
            if let Some((before, after)) = before.zip(process_cpu()) {
                cpu[i].push(after - before);
            }
        }
    }
    (wall, cpu)
}

/// Prints one line per contender of [`alternating`]: its median wall and process CPU time per
/// request (`per`) and their ratios to the first contender's.
#[allow(dead_code)] // not every bench uses it
pub fn print_ratios(
    names: &[&str],
    (wall, cpu): &(Vec<Vec<Duration>>, Vec<Vec<Duration>>),
    per: impl Fn(Duration) -> Duration,
) {
    let rounds = wall[0].len();
    let base_wall = median(wall[0].clone());
    let base_cpu = (cpu[0].len() == rounds).then(|| median(cpu[0].clone()));
    for (i, name) in names.iter().enumerate() {
        let w = median(wall[i].clone());
        let mut line = format!(
            "  {name:<26} {:.1?} wall per request ({:.3}x)",
            per(w),
            w.as_secs_f64() / base_wall.as_secs_f64()
        );
        if let (Some(base), true) = (base_cpu, cpu[i].len() == rounds) {
            let c = median(cpu[i].clone());
            line.push_str(&format!(
                ", {:.1?} CPU per request ({:.3}x)",
                per(c),
                c.as_secs_f64() / base.as_secs_f64()
            ));
        }
        println!("{line}");
    }
}

/// Runs `benches` under criterion (1 s warm-up, `measurement` per function), then, under
/// `cargo bench` (which passes `--bench`; `cargo test --benches` only checks that the benches
/// run), `summary`.
#[allow(dead_code)] // not every bench runs criterion
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

/// The load average of the last minute (`/proc/loadavg`), to print beside a summary: on a shared
/// machine a ratio means little without it. `None` where there is no such file.
#[allow(dead_code)] // not every bench prints it
pub fn load() -> Option<f64> {
    std::fs::read_to_string("/proc/loadavg")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

/// One timed run: its wall time, and this process's CPU time ([`process_cpu`], engine included;
/// `None` where it cannot be read).
#[allow(dead_code)] // not every bench times this way
pub type Timing = (Duration, Option<Duration>);

/// Runs `f` once (its result kept from the optimiser) and times it.
#[allow(dead_code)] // not every bench times this way
pub fn timed<R>(f: impl FnOnce() -> R) -> Timing {
    let (start, cpu) = (std::time::Instant::now(), process_cpu());
    std::hint::black_box(f());
    let wall = start.elapsed();
    (
        wall,
        cpu.zip(process_cpu()).map(|(a, b)| b.saturating_sub(a)),
    )
}

/// The wall times of some runs.
#[allow(dead_code)] // not every bench times this way
pub fn walls(timings: &[Timing]) -> Vec<Duration> {
    timings.iter().map(|(wall, _)| *wall).collect()
}

/// Prints two contenders' runs: each one's median wall time (and all of them), the ratio of the
/// first to the second against `goal`, and the ratio of their median CPU times.
#[allow(dead_code)] // not every bench times this way
pub fn report(
    title: &str,
    (a_name, a): (&str, &[Timing]),
    (b_name, b): (&str, &[Timing]),
    goal: f64,
) {
    let cpus = |t: &[Timing]| t.iter().map(|(_, cpu)| *cpu).collect::<Option<Vec<_>>>();
    let (aw, bw) = (median(walls(a)), median(walls(b)));
    let width = a_name.len().max(b_name.len()) + 1;
    println!("\nsummary, {title} (median wall time):");
    println!(
        "  {:width$} {aw:.3?} (all {:.2?})",
        format!("{a_name}:"),
        walls(a)
    );
    println!(
        "  {:width$} {bw:.3?} (all {:.2?})",
        format!("{b_name}:"),
        walls(b)
    );
    println!(
        "  ratio {a_name} / {b_name} = {:.3}x wall (goal <= {goal}x)",
        aw.as_secs_f64() / bw.as_secs_f64()
    );
    if let (Some(ac), Some(bc)) = (cpus(a), cpus(b)) {
        let (ac, bc) = (median(ac), median(bc));
        println!(
            "  CPU time of the process (engine included): {ac:.2?} vs {bc:.2?}, ratio {:.3}x",
            ac.as_secs_f64() / bc.as_secs_f64()
        );
    }
}

/// The number of rounds of a summary: `BENCH_ROUNDS`, or `default`.
#[allow(dead_code)] // not every bench uses it
pub fn rounds(default: usize) -> usize {
    std::env::var("BENCH_ROUNDS")
        .ok()
        .and_then(|n| n.parse().ok())
        .unwrap_or(default)
}

/// `BENCH_ONLY=<name>`: the one contender of a summary to run, alone (to profile one side, e.g.
/// under callgrind); nothing is compared then.
#[allow(dead_code)] // not every bench uses it
pub fn only() -> Option<String> {
    std::env::var("BENCH_ONLY").ok()
}

/// Runs two contenders in alternating rounds, each going first in every other round
/// (`BENCH_ROUNDS`, 5 unless set; `BENCH_ONLY=<name>` runs one alone), and prints each one's
/// median wall and process CPU time, the ratios of the first to the second against `goal` (see
/// [`report`]), and the load average before and after.
#[allow(dead_code)] // not every bench uses it
pub fn alternate(
    title: &str,
    (a_name, a): (&str, &dyn Fn() -> usize),
    (b_name, b): (&str, &dyn Fn() -> usize),
    goal: f64,
) {
    let rounds = rounds(5);
    let load_before = load();
    if let Some(only) = only() {
        for (name, run) in [(a_name, a), (b_name, b)] {
            if name == only {
                let times: Vec<Timing> = (0..rounds).map(|_| timed(run)).collect();
                println!("\n{title}, {name} alone: {:.3?}", walls(&times));
            }
        }
        return;
    }
    // Which one goes first alternates round by round: work one side leaves behind (a write-ahead
    // log to checkpoint, memory to reuse) then lands on each side alike.
    let (mut a_t, mut b_t) = (Vec::new(), Vec::new());
    for round in 0..rounds {
        if round % 2 == 0 {
            a_t.push(timed(a));
            b_t.push(timed(b));
        } else {
            b_t.push(timed(b));
            a_t.push(timed(a));
        }
    }
    report(
        &format!("{title}, {rounds} alternating rounds, same run"),
        (a_name, &a_t),
        (b_name, &b_t),
        goal,
    );
    print_load(load_before);
}

/// The median wall time of each of `contenders` over `rounds` rounds. In each round every
/// contender runs [`BLOCK`] times in a row, the order rotated round by round (round `r` starts
/// with contender `r mod n`). A read run right after a fan-out was measured up to 20 % slower than
/// the same read run alone (the runtime's worker threads still busy with the fan-out's tasks on
/// two cores); in a block only the first run follows another contender, and the median of the
/// block's runs is the read's own time.
#[allow(dead_code)] // not every bench uses it
pub fn rotated(rounds: usize, contenders: &[&dyn Fn()]) -> Vec<Duration> {
    let n = contenders.len();
    let mut times = vec![Vec::with_capacity(rounds * BLOCK); n];
    for round in 0..rounds {
        for k in 0..n {
            let i = (round + k) % n;
            for _ in 0..BLOCK {
                let start = Instant::now();
                contenders[i]();
                times[i].push(start.elapsed());
            }
        }
    }
    times.into_iter().map(median).collect()
}

/// Runs of one contender in a row in each round of [`rotated`].
pub const BLOCK: usize = 5;

/// Prints the load average of the last minute: `before` (from [`load`]) and now.
#[allow(dead_code)] // not every bench prints it
pub fn print_load(before: Option<f64>) {
    let show = |l: Option<f64>| l.map_or("unknown".to_owned(), |l| format!("{l:.2}"));
    println!(
        "  load average (1 min) before {}, after {}",
        show(before),
        show(load())
    );
}
