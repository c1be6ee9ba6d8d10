//! `UnprocessedItems` handling of batch writes (spec §5), against a stand-in endpoint that throttles
//! like DynamoDB does under load: it accepts only part of each `BatchWriteItem` and returns the rest
//! as `UnprocessedItems`. The embedded engine never throttles, so this is the way to reach the retry
//! path.

use std::io::{BufRead, BufReader, Read, Write};
use std::net::TcpListener;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use aws_sdk_dynamodb::config::{BehaviorVersion, Credentials, Region};
use dynakey::{DefaultTable, Entity};
use dynakey_runtime::{Db, Error, RetryPolicy};
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("DEV#<device>")]
#[sk("READING#<seq>")]
struct Reading {
    device: String,
    seq: u32,
    value: i64,
}

/// How the stand-in answers a `BatchWriteItem` of `n` write requests: how many it processes.
type Accept = fn(usize) -> usize;

/// The partition keys the stand-in processed.
type Written = Arc<Mutex<Vec<String>>>;

/// A minimal HTTP/1.1 endpoint answering `BatchWriteItem` (and nothing else). It records the
/// partition keys of every write request it processed.
fn throttling_endpoint(accept: Accept) -> Result<(String, Written), BoxError> {
    let listener = TcpListener::bind("127.0.0.1:0")?;
    let endpoint = format!("http://{}", listener.local_addr()?);
    let written = Arc::new(Mutex::new(Vec::new()));
    let log = Arc::clone(&written);
    std::thread::spawn(move || {
        for stream in listener.incoming() {
            let Ok(stream) = stream else { return };
            let log = Arc::clone(&log);
            std::thread::spawn(move || serve(stream, accept, &log));
        }
    });
    Ok((endpoint, written))
}

fn serve(stream: std::net::TcpStream, accept: Accept, log: &Mutex<Vec<String>>) -> Option<()> {
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
        let mut unprocessed = serde_json::Map::new();
        for (table, requests) in request["RequestItems"].as_object()? {
            let requests = requests.as_array()?;
            let done = accept(requests.len()).min(requests.len());
            for request in &requests[..done] {
                let pk = request["PutRequest"]["Item"]["PK"]["S"]
                    .as_str()
                    .unwrap_or_default();
                let sk = request["PutRequest"]["Item"]["SK"]["S"]
                    .as_str()
                    .unwrap_or_default();
                log.lock().ok()?.push(format!("{pk}/{sk}"));
            }
            if done < requests.len() {
                unprocessed.insert(table.clone(), Value::Array(requests[done..].to_vec()));
            }
        }
        let response = json!({ "UnprocessedItems": unprocessed }).to_string();
        let head = format!(
            "HTTP/1.1 200 OK\r\nContent-Type: application/x-amz-json-1.0\r\nContent-Length: {}\r\n\r\n",
            response.len()
        );
        writer.write_all(head.as_bytes()).ok()?;
        writer.write_all(response.as_bytes()).ok()?;
    }
}

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

fn readings(n: u32) -> Vec<Reading> {
    (0..n)
        .map(|seq| Reading {
            device: "d1".into(),
            seq,
            value: i64::from(seq) * 10,
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unprocessed_items_are_retried_until_written() -> Result<(), BoxError> {
    // Half of each request (rounded up) is processed, the rest comes back unprocessed.
    let (endpoint, written) = throttling_endpoint(|n| n.div_ceil(2))?;
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
    let (endpoint, written) = throttling_endpoint(|_| 1)?;
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
            let mut all: Vec<String> = input
                .iter()
                .map(|r| {
                    Ok::<_, dynakey::KeyError>(format!(
                        "{}/{}",
                        r.partition_key()?,
                        r.sort_key()?.unwrap_or_default()
                    ))
                })
                .collect::<Result<_, _>>()?;
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
