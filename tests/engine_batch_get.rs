//! `Db::batch_get` (spec §5) on the embedded engine: over 100 keys, duplicates merged, missing
//! keys skipped. `UnprocessedKeys` retries are in `throttled_batches.rs` (the engine never
//! throttles).

use dynakey::{DefaultTable, Entity, Key};
use dynakey_runtime::Engine;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("DEV#<device>")]
#[sk("READING#<seq>")]
struct Reading {
    device: String,
    seq: u32,
    value: i64,
}

fn readings(n: u32) -> Vec<Reading> {
    (0..n)
        .map(|seq| Reading {
            device: format!("d{}", seq % 7),
            seq,
            value: i64::from(seq) * 10,
        })
        .collect()
}

#[tokio::test]
async fn batch_get_reads_over_a_hundred_keys_merging_duplicates_and_skipping_missing_ones(
) -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let stored = readings(250);
    db.batch_put(&stored).await?;

    // Every key in reverse order, the first 60 of them again, and two keys with no item.
    let mut keys: Vec<Key<Reading>> = stored
        .iter()
        .rev()
        .map(Reading::primary_key)
        .collect::<Result<_, _>>()?;
    let again: Vec<Key<Reading>> = keys[..60].to_vec();
    keys.insert(100, Reading::key("nobody", 1u32)?);
    keys.extend(again);
    keys.push(Reading::key("d1", 9_999u32)?);
    assert_eq!(keys.len(), 312);

    let got = db.batch_get(&keys).await?;
    let mut expected = stored.clone();
    expected.reverse();
    assert_eq!(got, expected, "each item once, in the order of the keys");

    // No keys: no request, no items.
    let none: Vec<Reading> = db.batch_get(&Vec::<Key<Reading>>::new()).await?;
    assert!(none.is_empty());
    // Only missing keys.
    let missing = db.batch_get(&[Reading::key("nobody", 2u32)?]).await?;
    assert!(missing.is_empty());
    Ok(())
}
