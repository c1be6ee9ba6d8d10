//! Key encoding and parsing against what a user would write by hand, in the same run.
//!
//! - encode: the derived `Entity::sort_key` for a three-field template against (a) `format!` and
//!   (b) `String::with_capacity` + `push_str` + `itoa` with the same zero padding;
//! - parse: the derived `parse_sort_key` against a hand-written split into the same owned fields.
//!
//! The derived encoder validates (terminator inside a value, DynamoDB's size limit) and returns
//! `Result<Option<String>, KeyError>`; the hand-written baseline (b) validates nothing and returns a
//! bare `String`. Two more contenders separate the costs: (c) the same hand-written code wrapped in
//! the derived return type, and (d) the hand-written code with the same validation a careful user
//! would add (`contains('#')` and a length check).
//!
//! Run with `cargo bench -p dynakey --bench keys`; the ratios are printed at the end.

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{criterion_group, Criterion};
use dynakey::Entity;

#[derive(Entity)]
#[pk("ORG#<org>")]
#[sk("ORG#<org>#PROJ#<created>#<id>")]
struct Project {
    org: String,
    created: u64,
    id: String,
}

fn sample() -> Project {
    Project {
        org: "acme-industries".into(),
        created: 1_764_450_000_123,
        id: "01JDQ4B5Y8K3N2".into(),
    }
}

fn by_format(p: &Project) -> String {
    format!("ORG#{}#PROJ#{:020}#{}", p.org, p.created, p.id)
}

fn by_hand(p: &Project) -> String {
    let mut out = String::with_capacity(64);
    out.push_str("ORG#");
    out.push_str(&p.org);
    out.push_str("#PROJ#");
    let mut buf = itoa::Buffer::new();
    let digits = buf.format(p.created);
    for _ in digits.len()..20 {
        out.push('0');
    }
    out.push_str(digits);
    out.push('#');
    out.push_str(&p.id);
    out
}

/// (d) The hand-written baseline with the guarantees the derive gives: no `#` inside `org`, and
/// DynamoDB's 1024-byte sort-key limit.
fn by_hand_validated(p: &Project) -> Result<String, &'static str> {
    if p.org.contains('#') {
        return Err("org contains #");
    }
    let key = by_hand(p);
    if key.len() > 1024 {
        return Err("sort key over 1024 bytes");
    }
    Ok(key)
}

fn by_hand_same_result_type(p: &Project) -> Result<Option<String>, dynakey::KeyError> {
    Ok(Some(by_hand(p)))
}

fn parse_by_hand(key: &str) -> Option<(String, u64, String)> {
    let rest = key.strip_prefix("ORG#")?;
    let (org, rest) = rest.split_once('#')?;
    let rest = rest.strip_prefix("PROJ#")?;
    let (created, id) = (rest.get(..20)?, rest.get(21..)?);
    Some((org.to_owned(), created.parse().ok()?, id.to_owned()))
}

fn encode(c: &mut Criterion) {
    let p = sample();
    assert_eq!(p.sort_key().unwrap().unwrap(), by_hand(&p));
    assert_eq!(by_format(&p), by_hand(&p));
    let mut group = c.benchmark_group("encode 3-field sort key");
    group.bench_function("dynakey derive", |b| b.iter(|| black_box(&p).sort_key()));
    group.bench_function("format!", |b| b.iter(|| by_format(black_box(&p))));
    group.bench_function("hand-written push_str + itoa", |b| {
        b.iter(|| by_hand(black_box(&p)))
    });
    group.bench_function("hand-written with the same validation", |b| {
        b.iter(|| by_hand_validated(black_box(&p)))
    });
    group.bench_function("hand-written, same Result return type", |b| {
        b.iter(|| by_hand_same_result_type(black_box(&p)))
    });
    group.finish();
}

fn parse(c: &mut Criterion) {
    let key = by_hand(&sample());
    let parsed = Project::parse_sort_key(&key).unwrap();
    assert_eq!(
        Some((parsed.org, parsed.created, parsed.id)),
        parse_by_hand(&key)
    );
    let mut group = c.benchmark_group("parse 3-field sort key");
    group.bench_function("dynakey derive", |b| {
        b.iter(|| Project::parse_sort_key(black_box(&key)))
    });
    group.bench_function("hand-written split", |b| {
        b.iter(|| parse_by_hand(black_box(&key)))
    });
    group.finish();
}

criterion_group!(benches, encode, parse);

/// Median nanoseconds per call over `rounds` batches, for the summary ratios.
fn per_call<R>(rounds: usize, mut f: impl FnMut() -> R) -> f64 {
    const BATCH: u32 = 20_000;
    let mut samples: Vec<f64> = (0..rounds)
        .map(|_| {
            let start = Instant::now();
            for _ in 0..BATCH {
                black_box(f());
            }
            start.elapsed().as_nanos() as f64 / f64::from(BATCH)
        })
        .collect();
    samples.sort_by(f64::total_cmp);
    samples[samples.len() / 2]
}

fn summary() {
    let p = sample();
    let key = by_hand(&p);
    let rounds = 61;
    // Interleave measurements so drift affects every contender alike.
    let mut ours = Vec::new();
    let mut fmt = Vec::new();
    let mut hand = Vec::new();
    let mut hand_result = Vec::new();
    let mut hand_validated = Vec::new();
    let mut parse_ours = Vec::new();
    let mut parse_hand = Vec::new();
    for _ in 0..5 {
        ours.push(per_call(rounds, || black_box(&p).sort_key()));
        fmt.push(per_call(rounds, || by_format(black_box(&p))));
        hand.push(per_call(rounds, || by_hand(black_box(&p))));
        hand_result.push(per_call(rounds, || by_hand_same_result_type(black_box(&p))));
        hand_validated.push(per_call(rounds, || by_hand_validated(black_box(&p))));
        parse_ours.push(per_call(rounds, || {
            Project::parse_sort_key(black_box(&key))
        }));
        parse_hand.push(per_call(rounds, || parse_by_hand(black_box(&key))));
    }
    let median = |mut v: Vec<f64>| {
        v.sort_by(f64::total_cmp);
        v[v.len() / 2]
    };
    let (ours, fmt, hand, hand_result) =
        (median(ours), median(fmt), median(hand), median(hand_result));
    let (parse_ours, parse_hand) = (median(parse_ours), median(parse_hand));
    let hand_validated = median(hand_validated);
    println!("\nsummary (median ns/call, same run):");
    println!("  encode: dynakey {ours:.1} ns, format! {fmt:.1} ns, hand-written {hand:.1} ns");
    println!(
        "  encode ratio dynakey / hand-written = {:.3}x (goal <= 1.1x), dynakey / format! = {:.2}x",
        ours / hand,
        ours / fmt
    );
    println!(
        "  encode ratio dynakey / hand-written returning the same Result<Option<String>, KeyError> = {:.2}x ({hand_result:.1} ns)",
        ours / hand_result
    );
    println!(
        "  encode ratio dynakey / hand-written with the same validation = {:.2}x ({hand_validated:.1} ns)",
        ours / hand_validated
    );
    println!("  parse:  dynakey {parse_ours:.1} ns, hand-written split {parse_hand:.1} ns");
    println!(
        "  parse ratio dynakey / hand-written = {:.2}x",
        parse_ours / parse_hand
    );
}

fn main() {
    let mut criterion = Criterion::default()
        .configure_from_args()
        .warm_up_time(Duration::from_millis(500))
        .measurement_time(Duration::from_secs(2));
    benches_with(&mut criterion);
    criterion.final_summary();
    summary();
}

fn benches_with(c: &mut Criterion) {
    encode(c);
    parse(c);
}

#[allow(dead_code)]
fn unused() {
    benches();
}
