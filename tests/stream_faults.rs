//! The change stream read through a fault-injecting HTTP proxy (tests/common/fault_proxy.rs) in
//! front of the engine: DescribeStream, GetShardIterator and GetRecords throttled, answered with
//! 500s, their connections dropped before or after the engine answered. The SDK retries what it
//! can; a `next_batch` that still fails keeps nothing and is called again (the caller's loop).
//! Every change arrives once, in order (docs/semantics.md §9).

use crate::common;

use std::time::Duration;

use dynakey::{Entity, Table};
use dynakey_runtime::changes::{Change, Changes};
use dynakey_runtime::Db;
use serde::{Deserialize, Serialize};

use common::fault_proxy::{FaultMix, FaultProxy};
use common::{BoxError, TestEngine};

#[derive(Table, Debug)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_image)]
enum Log {
    Entry(Entry),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Log)]
#[pk("LOG#<log>")]
#[sk("E#<n>")]
struct Entry {
    log: String,
    n: u32,
}

#[tokio::test]
async fn get_records_under_faults_loses_and_repeats_nothing() -> Result<(), BoxError> {
    let mut faults_seen = 0;
    let mut failed_batches = 0;
    for seed in 1..=3u64 {
        let engine = TestEngine::start().await?;
        let direct: Db<Log> = engine.db(format!("stream-faults-{seed}"));
        direct.create_table().await?;
        let entries: Vec<Entry> = (0..300).map(|n| Entry { log: "l".into(), n }).collect();
        direct.batch_put(&entries).await?;

        // The stream's order, read without faults: batch requests in flight together reach the
        // engine in any order, and the stream keeps the order they were applied in.
        let expected = read_all(direct.changes(engine.streams_client())).await?;
        assert_eq!(expected.len(), 300);

        let mix = FaultMix::none()
            .throttle(0.1)
            .server_error(0.1)
            .drop_before(0.05)
            .drop_after(0.05)
            .delay(0.05, Duration::from_millis(3))
            .only(&["DescribeStream", "GetShardIterator", "GetRecords"]);
        let proxy = FaultProxy::start(&engine.endpoint().await?, seed, mix).await?;
        let changes = direct
            .changes(common::streams_client_for(proxy.endpoint()))
            .records_per_request(25);
        let (read, failed) = read_counting_failures(changes).await;
        failed_batches += failed;
        assert_eq!(
            read, expected,
            "seed {seed}: once each, in the stream's order"
        );
        faults_seen += proxy.counts().faults();
    }
    common::report(&format!(
        "stream reads: 3 seeds, 900 changes read once each in order, {faults_seen} faults \
         injected, {failed_batches} batch calls failed after the SDK's retries and were called again"
    ));
    assert!(faults_seen > 0, "the proxy injected faults");
    Ok(())
}

/// Each entry's number, in the order the reader hands the changes out, until it is caught up;
/// and how many `next_batch` calls failed (each called again: nothing of a failed call is kept).
async fn read_counting_failures(mut changes: Changes<Log>) -> (Vec<u32>, u32) {
    let (mut read, mut failed) = (Vec::new(), 0);
    // Bounded, so that a reader that never catches up fails instead of hanging.
    for _ in 0..1_000 {
        match changes.next_batch().await {
            Ok(batch) => {
                assert!(batch.undecodable.is_empty(), "{:?}", batch.undecodable);
                read.extend(batch.changes.iter().map(|c| match c {
                    Change::Insert {
                        new: Some(Log::Entry(e)),
                        ..
                    } => e.n,
                    other => panic!("an insert with its new image, got {other:?}"),
                }));
                if batch.caught_up {
                    return (read, failed);
                }
            }
            Err(_) => failed += 1,
        }
    }
    panic!("the reader did not catch up in 1,000 batches ({failed} failed)");
}

async fn read_all(changes: Changes<Log>) -> Result<Vec<u32>, BoxError> {
    let (read, failed) = read_counting_failures(changes).await;
    assert_eq!(failed, 0, "no faults, no failure");
    Ok(read)
}
