//! Batch writes and batch gets (spec §5). On the embedded engine: `Db::batch_get` over 100 keys,
//! duplicates merged, missing keys skipped. Against a stand-in endpoint that throttles like
//! DynamoDB does under load: `UnprocessedItems` and `UnprocessedKeys` retried, or returned when the
//! retry budget runs out. The stand-in processes only part of each `BatchWriteItem` /
//! `BatchGetItem` and returns the rest as unprocessed; the embedded engine never throttles, so a
//! fault-injecting stand-in is the only way to reach the retry paths.

mod common;

use std::io::{BufRead, BufReader, Read, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use dynakey::{DefaultTable, Entity, Key};
use dynakey_runtime::{Db, Error, RetryPolicy};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

use common::{BoxError, TestEngine};

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
    let engine = TestEngine::start().await?;
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

/// How the stand-in answers a batch of `n` requests (write requests or keys): how many it
/// processes; the rest it returns as unprocessed.
type Accept = fn(usize) -> usize;

/// Answers one request body (DynamoDB JSON) with a response body.
type Answer = Arc<dyn Fn(&Value) -> Option<Value> + Send + Sync>;

/// A minimal HTTP/1.1 endpoint speaking the DynamoDB JSON protocol: every request body goes to
/// `answer`, whose value is sent back with status 200. Returns the endpoint URL.
fn stand_in(answer: Answer) -> Result<String, BoxError> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let endpoint = format!("http://{}", listener.local_addr()?);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            let answer = Arc::clone(&answer);
            std::thread::spawn(move || serve(stream, &*answer));
        }
    });
    Ok(endpoint)
}

fn serve(
    stream: TcpStream,
    answer: &(dyn Fn(&Value) -> Option<Value> + Send + Sync),
) -> Option<()> {
    let mut reader = BufReader::new(stream.try_clone().ok()?);
    let mut writer = stream;
    loop {
        let mut length = 0usize;
        loop {
            let mut line = String::new();
            if reader.read_line(&mut line).ok()? == 0 {
                return None;
            }
            let line = line.trim_end();
            if line.is_empty() {
                break;
            }
            if let Some((name, value)) = line.split_once(':') {
                if name.eq_ignore_ascii_case("content-length") {
                    length = value.trim().parse().ok()?;
                }
            }
        }
        let mut body = vec![0; length];
        reader.read_exact(&mut body).ok()?;
        let request: Value = serde_json::from_slice(&body).ok()?;
        let response = answer(&request)?.to_string();
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: {}\r\n\r\n",
            response.len()
        );
        writer.write_all(head.as_bytes()).ok()?;
        writer.write_all(response.as_bytes()).ok()?;
    }
}

/// The partition and sort key of every write request the stand-in processed (`PK/SK`).
type Written = Arc<Mutex<Vec<String>>>;

/// A stand-in answering `BatchWriteItem`: it processes `accept(n)` of each call's `n` write
/// requests, in order, and records their keys.
fn throttled_writes(accept: Accept) -> Result<(String, Written), BoxError> {
    let written: Written = Arc::default();
    let log = Arc::clone(&written);
    let endpoint = stand_in(Arc::new(move |request: &Value| {
        let mut unprocessed = serde_json::Map::new();
        for (table, requests) in request["RequestItems"].as_object()? {
            let requests = requests.as_array()?;
            let done = accept(requests.len()).min(requests.len());
            for request in &requests[..done] {
                let item = &request["PutRequest"]["Item"];
                let pk = item["PK"]["S"].as_str().unwrap_or_default();
                let sk = item["SK"]["S"].as_str().unwrap_or_default();
                log.lock().ok()?.push(format!("{pk}/{sk}"));
            }
            if done < requests.len() {
                unprocessed.insert(table.clone(), Value::Array(requests[done..].to_vec()));
            }
        }
        Some(json!({ "UnprocessedItems": unprocessed }))
    }))?;
    Ok((endpoint, written))
}

/// What the `BatchGetItem` stand-in saw: the size of every request, and every key it read
/// (`PK/SK`).
#[derive(Default)]
struct Seen {
    requests: Vec<usize>,
    read: Vec<String>,
}

/// A stand-in answering `BatchGetItem`: it reads `accept(n)` of each call's `n` keys, in order,
/// answering with the `Reading` each key names (value = seq × 10), and records what it saw.
fn throttled_gets(accept: Accept) -> Result<(String, Arc<Mutex<Seen>>), BoxError> {
    let seen = Arc::new(Mutex::new(Seen::default()));
    let log = Arc::clone(&seen);
    let endpoint = stand_in(Arc::new(move |request: &Value| {
        let mut responses = serde_json::Map::new();
        let mut unprocessed = serde_json::Map::new();
        for (table, wanted) in request["RequestItems"].as_object()? {
            let keys = wanted["Keys"].as_array()?;
            let done = accept(keys.len()).min(keys.len());
            let mut items = Vec::new();
            let mut seen = log.lock().ok()?;
            seen.requests.push(keys.len());
            for key in &keys[..done] {
                let pk = key["PK"]["S"].as_str().unwrap_or_default();
                let sk = key["SK"]["S"].as_str().unwrap_or_default();
                seen.read.push(format!("{pk}/{sk}"));
                let parse = Reading::parse_partition_key(pk).ok()?;
                let seq = Reading::parse_sort_key(sk).ok()?.seq;
                items.push(json!({
                    "PK": {"S": pk}, "SK": {"S": sk},
                    "device": {"S": parse.device}, "seq": {"N": seq.to_string()},
                    "value": {"N": (i64::from(seq) * 10).to_string()},
                }));
            }
            responses.insert(table.clone(), Value::Array(items));
            if done < keys.len() {
                unprocessed.insert(table.clone(), json!({ "Keys": keys[done..].to_vec() }));
            }
        }
        Some(json!({ "Responses": responses, "UnprocessedKeys": unprocessed }))
    }))?;
    Ok((endpoint, seen))
}

/// A `Db` on table `readings` at `endpoint`, retrying fast (1–4 ms) up to 8 attempts.
fn db_at(endpoint: &str) -> Db {
    let config = aws_sdk_dynamodb::Config::builder()
        .behavior_version(BehaviorVersion::latest())
        .region(Region::new("us-east-1"))
        .credentials_provider(Credentials::new("test", "test", None, None, "test"))
        .endpoint_url(endpoint)
        .build();
    let fast = RetryPolicy {
        base: Duration::from_millis(1),
        cap: Duration::from_millis(4),
        max_attempts: 8,
    };
    Db::<DefaultTable>::new(aws_sdk_dynamodb::Client::from_conf(config), "readings")
        .with_retry_policy(fast)
}

fn key_strings(readings: &[Reading]) -> Result<Vec<String>, BoxError> {
    readings
        .iter()
        .map(|r| {
            Ok(format!(
                "{}/{}",
                r.partition_key()?,
                r.sort_key()?.unwrap_or_default()
            ))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unprocessed_items_are_retried_until_written() -> Result<(), BoxError> {
    // Half of each request (rounded up) is processed, the rest comes back unprocessed.
    let (endpoint, written) = throttled_writes(|n| n.div_ceil(2))?;
    let db = db_at(&endpoint);
    let input = readings(30);
    let mut progress = 0;
    let report = db
        .batch_put_with_progress(&input, |n| progress += n)
        .await?;
    assert_eq!(report.items, 30);
    assert_eq!(progress, 30);
    // 25 → 13 + 12 left → 6 + 6 → 3 + 3 → 2 + 1 → 1: 5 requests; 5 → 3 + 2 → 1 + 1 → 1: 3 requests.
    assert_eq!(report.requests, 8);
    assert_eq!(report.retries, 6);
    let mut keys = written.lock().map_err(|_| "poisoned")?.clone();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 30, "every item was written exactly once");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn what_remains_after_the_retry_budget_is_returned_not_dropped() -> Result<(), BoxError> {
    // Only the first write request of each call is processed.
    let (endpoint, written) = throttled_writes(|_| 1)?;
    let db = db_at(&endpoint);
    let input = readings(40);
    match db.batch_put(&input).await {
        Err(Error::Unprocessed {
            operation,
            remaining,
            attempts,
            items,
        }) => {
            assert_eq!(operation, "BatchWriteItem");
            assert_eq!(attempts, 8);
            // The first chunk of 25: 8 attempts wrote 8; 17 remain, plus the 15 never sent.
            assert_eq!(remaining, 17 + 15);
            assert_eq!(items.len(), remaining);
            let written = written.lock().map_err(|_| "poisoned")?.clone();
            assert_eq!(written.len(), 8);
            let mut returned: Vec<String> = items
                .iter()
                .filter_map(|w| w.put_request())
                .map(|p| {
                    let s = |name: &str| {
                        p.item()
                            .get(name)
                            .and_then(|v| v.as_s().ok())
                            .cloned()
                            .unwrap_or_default()
                    };
                    format!("{}/{}", s("PK"), s("SK"))
                })
                .collect();
            returned.extend(written);
            returned.sort();
            let mut all = key_strings(&input)?;
            all.sort();
            assert_eq!(
                returned, all,
                "written + returned = the whole input, nothing dropped"
            );
        }
        other => return Err(format!("expected Error::Unprocessed, got {other:?}").into()),
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unprocessed_keys_are_retried_until_read() -> Result<(), BoxError> {
    // Half of each request (rounded up) is read, the rest comes back unprocessed.
    let (endpoint, seen) = throttled_gets(|n| n.div_ceil(2))?;
    let db = db_at(&endpoint);
    let wanted = readings(130);
    let keys: Vec<Key<Reading>> = wanted
        .iter()
        .map(Reading::primary_key)
        .collect::<Result<_, _>>()?;
    let got = db.batch_get(&keys).await?;
    assert_eq!(got, wanted, "every item, in the order of the keys");
    let seen = seen.lock().map_err(|_| "poisoned")?;
    // Requests of 100, 50, 25, 12, 6, 3 and 1 keys for the first 100 (each reads half, rounded
    // up, of what it asks), then 30, 15, 7, 3 and 1 for the last 30.
    assert_eq!(seen.requests, [100, 50, 25, 12, 6, 3, 1, 30, 15, 7, 3, 1]);
    assert!(seen.requests.iter().all(|n| *n <= 100));
    let mut read = seen.read.clone();
    read.sort();
    read.dedup();
    assert_eq!(read.len(), 130, "every key read exactly once");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unprocessed_keys_left_after_the_retry_budget_are_returned_not_dropped(
) -> Result<(), BoxError> {
    // Only the first key of each request is read.
    let (endpoint, _seen) = throttled_gets(|_| 1)?;
    let db = db_at(&endpoint);
    let wanted = readings(140);
    let keys: Vec<Key<Reading>> = wanted
        .iter()
        .map(Reading::primary_key)
        .collect::<Result<_, _>>()?;
    match db.batch_get(&keys).await {
        Err(Error::UnprocessedKeys {
            operation,
            remaining,
            attempts,
            keys,
            read,
        }) => {
            assert_eq!(operation, "BatchGetItem");
            assert_eq!(attempts, 8);
            // The first 100 keys: 8 attempts read 8; 92 remain, plus the 40 never sent.
            assert_eq!(read.len(), 8);
            assert_eq!(remaining, 92 + 40);
            assert_eq!(keys.len(), remaining);
            let text = |item: &std::collections::HashMap<
                String,
                aws_sdk_dynamodb::types::AttributeValue,
            >| {
                let s = |name: &str| {
                    item.get(name)
                        .and_then(|v| v.as_s().ok())
                        .cloned()
                        .unwrap_or_default()
                };
                format!("{}/{}", s("PK"), s("SK"))
            };
            let mut all: Vec<String> = keys.iter().chain(&read).map(text).collect();
            all.sort();
            let mut expected = key_strings(&wanted)?;
            expected.sort();
            assert_eq!(
                all, expected,
                "read + returned = every key, nothing dropped"
            );
        }
        other => return Err(format!("expected Error::UnprocessedKeys, got {other:?}").into()),
    }
    Ok(())
}
