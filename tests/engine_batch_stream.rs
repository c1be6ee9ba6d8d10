//! `batch_put_stream`: puts taken from a stream a window at a time (docs/semantics.md §5, "A stream
//! of puts"): every item written, duplicates merged within a window and written in order across
//! windows, an invalid item refused before any request of its window, with an account that counts
//! positions from the start of the stream.

use crate::common;

use std::future::IntoFuture;

use dynakey::{DefaultTable, Entity};
use dynakey_runtime::{Db, Error};
use futures::{stream, TryStreamExt};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("DEV#<device>")]
#[sk("READING#<seq>")]
struct Reading {
    device: String,
    seq: u32,
    value: f64,
}

fn reading(seq: u32, value: f64) -> Reading {
    Reading {
        device: "d".into(),
        seq,
        value,
    }
}

/// The window at a batch concurrency of 1: 25 × 1 × 32 items.
const WINDOW: usize = 800;

async fn stored(db: &Db) -> Result<Vec<Reading>, BoxError> {
    Ok(db.query(&Reading::query("d")).items().try_collect().await?)
}

#[tokio::test]
async fn a_stream_is_written_window_by_window_the_last_entry_of_a_key_winning(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine
        .fresh_table::<DefaultTable>()
        .await?
        .with_batch_concurrency(1);
    let mut input: Vec<Reading> = (0..2_000).map(|seq| reading(seq, f64::from(seq))).collect();
    // Seq 10 again in its own window (merged there), seq 5 again two windows later (written
    // again, after the first).
    input.insert(20, reading(10, -2.0));
    input.insert(2 * WINDOW + 1, reading(5, -1.0));
    let entries = input.len();

    let mut progress = 0;
    let report = db
        .batch_put_stream(stream::iter(input))
        .on_progress(|n| progress += n)
        .await?;
    assert_eq!(report.duplicates, 1, "seq 10, merged in its window");
    assert_eq!(report.items, entries - 1, "seq 5 written twice");
    assert_eq!(progress, report.items);
    let stored = stored(&db).await?;
    assert_eq!(stored.len(), 2_000);
    assert_eq!(
        stored[5].value, -1.0,
        "the later window's entry is written last"
    );
    assert_eq!(
        stored[10].value, -2.0,
        "the last entry of a window wins in it"
    );
    Ok(())
}

#[tokio::test]
async fn an_invalid_item_in_a_later_window_stops_the_batch_before_its_window(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine
        .fresh_table::<DefaultTable>()
        .await?
        .with_batch_concurrency(1);
    let mut input: Vec<Reading> = (0..1_000).map(|seq| reading(seq, 1.0)).collect();
    input[WINDOW + 50].value = f64::NAN;

    let result = db.batch_put_stream(stream::iter(input.clone())).await;
    let Err(Error::BatchWrite(failure)) = result else {
        return Err(format!("expected a BatchWrite error, got {result:?}").into());
    };
    assert!(
        matches!(failure.cause, Error::InvalidItem { .. }),
        "{failure:?}"
    );
    assert_eq!(failure.not_written_from, Some(WINDOW));
    assert_eq!(failure.report.items, WINDOW);
    assert!(failure.not_applied.is_empty() && failure.unknown.is_empty());
    assert_eq!(failure.remaining(&input).len(), input.len() - WINDOW);
    assert_eq!(stored(&db).await?.len(), WINDOW, "the first window only");

    // In the first window: the plain error, and nothing written.
    let fresh: Db = engine
        .fresh_table::<DefaultTable>()
        .await?
        .with_batch_concurrency(1);
    input[WINDOW + 50].value = 1.0;
    input[3].value = f64::INFINITY;
    let result = fresh.batch_put_stream(stream::iter(input)).await;
    assert!(
        matches!(result, Err(Error::InvalidItem { .. })),
        "{result:?}"
    );
    assert!(stored(&fresh).await?.is_empty(), "nothing written");
    Ok(())
}

#[test]
fn a_stream_batch_can_be_spawned() {
    fn send<T: Send>(_: &T) {}
    let db: Option<Db> = None;
    if let Some(db) = db {
        send(
            &db.batch_put_stream(stream::iter(Vec::<Reading>::new()))
                .into_future(),
        );
    }
}
