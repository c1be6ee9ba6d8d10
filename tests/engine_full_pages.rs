//! Full pages against the engine (docs/semantics.md §4, "Full pages"): a page of `n` holds `n`
//! items of the entity read — or the last ones — however many requests a selective filter and
//! another entity's items in the same partition (or index partition) cost, and its cursor resumes
//! right after its last item, also when that item is in the middle of a DynamoDB response.
//!
//! One partition of 10,000 items: 8,000 events, of which a filter keeps 100 (one per block of
//! 80, at an offset that moves, so the gaps between kept items run from 6 to 154), and 2,000 notes
//! of another entity whose sort keys lie among the events' on the table and on the index. Every
//! page size from 1 to 50, forward and reverse, on the table and on the GSI. On a server engine
//! (moto, `DYNAKEY_TEST_ENDPOINT`), whose Query reads the partition in Python on every request, the
//! same at a tenth of the size: 1,000 items, 10 kept, page sizes 1 to 12.

use crate::common;

use dynakey::{Cursor, Entity, KeyQuery, Table};
use dynakey_runtime::{Db, Page, UnknownItems};
use futures::{StreamExt, TryStreamExt};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOrg, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct App;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("ORG#<org>")]
#[sk("EV#<seq>")]
#[index(ByOrg, pk = "O#<org>", sk = "E#<seq>")]
struct Event {
    org: String,
    seq: u32,
    kind: String,
}

/// Another entity of the partition: its keys sort among the events' (right after its event).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("ORG#<org>")]
#[sk("EV#<seq>#NOTE")]
#[index(ByOrg, pk = "O#<org>", sk = "E#<seq>#N")]
struct Note {
    org: String,
    seq: u32,
    text: String,
}

/// Events in the partition and the largest page size: the whole test on the embedded engine, a
/// tenth of it on a server engine.
#[derive(Clone, Copy)]
struct Scale {
    events: u32,
    sizes: u32,
}

impl Scale {
    fn of(engine: &TestEngine) -> Scale {
        if engine.is_embedded() {
            Scale {
                events: 8_000,
                sizes: 50,
            }
        } else {
            Scale {
                events: 800,
                sizes: 12,
            }
        }
    }

    fn kept(self) -> Vec<u32> {
        (0..self.events).filter(|&s| kept(s)).collect()
    }
}

static REQUESTS: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);

/// One event in each block of 80 is kept by the filter, at an offset that jumps about block by
/// block (65 different gaps between kept events, from 6 to 154).
fn kept(seq: u32) -> bool {
    let block = seq / 80;
    seq % 80 == (block * block * 13 + block * 29) % 80
}

async fn seeded() -> Result<(TestEngine, Db<App>, Scale), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    let scale = Scale::of(&engine);
    let events: Vec<Event> = (0..scale.events)
        .map(|seq| Event {
            org: "acme".into(),
            seq,
            kind: if kept(seq) { "alert" } else { "info" }.into(),
        })
        .collect();
    let notes: Vec<Note> = (0..scale.events)
        .step_by(4)
        .map(|seq| Note {
            org: "acme".into(),
            seq,
            text: "n".into(),
        })
        .collect();
    db.batch_put(&events).await?;
    db.batch_put(&notes).await?;
    Ok((engine, db, scale))
}

/// Pages `query` with pages of `n` under the filter, skipping the notes; checks every page is
/// full but the last, and returns the sequence numbers read, page by page concatenated.
async fn page_through<I, S: Send + Sync>(
    db: &Db<App>,
    query: &KeyQuery<Event, I, S>,
    n: u32,
) -> Result<Vec<u32>, BoxError>
where
    I: dynakey::ProjectsAll + Send + Sync + 'static,
    dynakey::Whole: dynakey_runtime::Output<App, Event, I, Item = Event>,
{
    let query = query.clone().limit(n);
    let mut cursor: Option<Cursor> = None;
    let mut read = Vec::new();
    let mut pages = 0;
    loop {
        let page: Page<Event> = db
            .query(&query)
            .filter(Event::KIND.eq("alert"))
            .unknown_items(UnknownItems::Skip)
            .page(cursor.as_ref())
            .await?;
        pages += 1;
        assert!(page.requests >= 1 && page.evaluated >= page.items.len() as u64);
        REQUESTS.fetch_add(
            u64::from(page.requests),
            std::sync::atomic::Ordering::Relaxed,
        );
        read.extend(page.items.iter().map(|e| e.seq));
        match page.next {
            Some(next) => {
                assert_eq!(page.items.len(), n as usize, "page {pages} of size {n}");
                cursor = Some(next);
            }
            None => {
                assert!(page.items.len() <= n as usize);
                return Ok(read);
            }
        }
        if pages > 1_000 {
            return Err(format!("paging with pages of {n} does not end").into());
        }
    }
}

async fn every_page_size<I, S: Send + Sync>(
    db: &Db<App>,
    scale: Scale,
    query: KeyQuery<Event, I, S>,
    what: &str,
) -> Result<(), BoxError>
where
    I: dynakey::ProjectsAll + Send + Sync + 'static,
    dynakey::Whole: dynakey_runtime::Output<App, Event, I, Item = Event>,
{
    let reverse = query.clone().reverse();
    for (query, forward) in [(query, true), (reverse, false)] {
        let mut expected = scale.kept();
        if !forward {
            expected.reverse();
        }
        assert_eq!(expected.len() as u32, scale.events / 80);
        let sizes = futures::stream::iter(1..=scale.sizes)
            .map(|n| {
                let query = &query;
                async move { page_through(db, query, n).await.map(|read| (n, read)) }
            })
            .buffer_unordered(4);
        let results: Vec<(u32, Vec<u32>)> = sizes.try_collect().await?;
        for (n, read) in results {
            assert_eq!(
                read, expected,
                "{what}, forward {forward}, pages of {n}: every item once, in order"
            );
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn filtered_pages_among_another_entity_s_items_are_full_and_resume_exactly(
) -> Result<(), BoxError> {
    let (_engine, db, scale) = seeded().await?;
    let table = Event::query("acme").begins_with(Event::sk());
    every_page_size(&db, scale, table, "table").await?;
    every_page_size(&db, scale, Event::query_by_org("acme"), "GSI").await?;
    // Each further request of a page asks for more while the filter keeps too few: a few
    // requests per page, not one per item evaluated (on the embedded engine 100 kept items,
    // about 450 pages per reading, four readings).
    let kept = scale.kept().len() as u32;
    let pages: u32 = 4 * (1..=scale.sizes).map(|n| kept.div_ceil(n) + 1).sum::<u32>();
    let requests = REQUESTS.load(std::sync::atomic::Ordering::Relaxed);
    assert!(
        requests < u64::from(pages) * 8,
        "{requests} requests, {pages} pages"
    );
    Ok(())
}

#[tokio::test]
async fn a_page_reports_its_requests_and_one_request_per_page_stays_available(
) -> Result<(), BoxError> {
    let (_engine, db, _) = seeded().await?;
    let q = Event::query("acme").begins_with(Event::sk()).limit(10);
    let full = db
        .query(&q)
        .filter(Event::KIND.eq("alert"))
        .unknown_items(UnknownItems::Skip)
        .page(None)
        .await?;
    assert_eq!(full.items.len(), 10);
    // The tenth kept event is in the tenth block of 80 events (and their notes): the page read
    // at least that far, in a handful of requests whose `Limit` doubles, not one per item.
    assert!(full.evaluated >= 9 * 100, "{} evaluated", full.evaluated);
    assert!(
        (2..=8).contains(&full.requests),
        "{} requests",
        full.requests
    );
    assert!(full.consumed_capacity.is_some_and(|units| units > 0.0));

    let one = db
        .query(&q)
        .filter(Event::KIND.eq("alert"))
        .unknown_items(UnknownItems::Skip)
        .one_request_per_page()
        .page(None)
        .await?;
    assert_eq!((one.requests, one.evaluated), (1, 10));
    assert!(one.items.len() <= 1 && one.next.is_some());
    Ok(())
}
