//! Paging across DynamoDB's 1 MB page limit on the embedded engine (docs/semantics.md §4).

use crate::common;

use dynakey::{DefaultTable, Entity};
use dynakey_runtime::{Db, Page};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("FILE#<file>")]
#[sk("CHUNK#<seq>")]
struct Chunk {
    file: String,
    seq: u32,
    data: String,
}

/// 3,000 items of about 1 KB: about 3 MB, so a whole-partition Query needs at least 3 pages.
const ITEMS: u32 = 3_000;

async fn load(db: &Db) -> Result<Vec<Chunk>, BoxError> {
    let chunks: Vec<Chunk> = (0..ITEMS)
        .map(|seq| Chunk {
            file: "big".into(),
            seq,
            data: format!("{seq:04}").repeat(256),
        })
        .collect();
    let report = db.batch_put(&chunks).await?;
    assert_eq!(report.items, ITEMS as usize);
    assert_eq!(report.requests, (ITEMS as usize).div_ceil(25));
    // A small partition next door that must never show up.
    let other = Chunk {
        file: "small".into(),
        seq: 0,
        data: "x".into(),
    };
    db.put(&other).await?;
    Ok(chunks)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn query_pages_past_one_megabyte_and_returns_every_item_once() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let chunks = load(&db).await?;
    let query = Chunk::query("big").begins_with(Chunk::sk());

    let pages: Vec<Page<Chunk>> = db.query(&query).pages().try_collect().await?;
    assert!(
        pages.len() > 1,
        "3 MB must not fit one page, got {} page(s)",
        pages.len()
    );
    let (last, rest) = pages.split_last().ok_or("no pages")?;
    assert!(
        rest.iter().all(|p| p.last_evaluated_key.is_some()),
        "every page but the last has a LastEvaluatedKey"
    );
    assert!(
        last.last_evaluated_key.is_none(),
        "paging stops only without a LastEvaluatedKey"
    );
    let paged: Vec<Chunk> = pages.into_iter().flat_map(|p| p.items).collect();
    assert_eq!(paged.len(), chunks.len());
    assert!(
        paged == chunks,
        "pages hold every item exactly once, in sort-key order"
    );

    let flat: Vec<Chunk> = db.query(&query).items().try_collect().await?;
    assert_eq!(flat.len(), chunks.len());
    assert!(
        flat == chunks,
        "the flattened stream holds every item exactly once, in order"
    );

    let mut reversed = chunks.clone();
    reversed.reverse();
    let backward: Vec<Chunk> = db
        .query(&query.clone().reverse())
        .items()
        .try_collect()
        .await?;
    assert!(backward == reversed, "reverse order across pages");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn limit_is_the_total_across_pages() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let chunks = load(&db).await?;
    let query = Chunk::query("big").begins_with(Chunk::sk());

    for n in [1u32, 7, 999, 1_500, 2_999, 3_000] {
        let got: Vec<Chunk> = db
            .query(&query.clone().limit(n))
            .items()
            .try_collect()
            .await?;
        assert_eq!(got.len(), n as usize, "limit({n})");
        assert!(
            got[..] == chunks[..n as usize],
            "limit({n}) returns the first {n} items"
        );
    }
    // 1,500 items of 1 KB do not fit one page: the limit spans pages.
    let pages: Vec<Page<Chunk>> = db
        .query(&query.clone().limit(1_500))
        .pages()
        .try_collect()
        .await?;
    assert!(pages.len() > 1);
    assert_eq!(pages.iter().map(|p| p.items.len()).sum::<usize>(), 1_500);

    // More than there is: everything, once.
    let all: Vec<Chunk> = db
        .query(&query.clone().limit(10_000))
        .items()
        .try_collect()
        .await?;
    assert!(all == chunks);

    // Newest first with a limit.
    let last_five: Vec<u32> = db
        .query(&query.clone().reverse().limit(5))
        .items()
        .map_ok(|c| c.seq)
        .try_collect()
        .await?;
    assert_eq!(last_five, [2_999, 2_998, 2_997, 2_996, 2_995]);

    // limit(0) asks for nothing and sends nothing.
    let none: Vec<Chunk> = db
        .query(&query.clone().limit(0))
        .items()
        .try_collect()
        .await?;
    assert!(none.is_empty());
    Ok(())
}

#[tokio::test]
async fn consumed_capacity_is_reported_per_page() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    db.put(&Chunk {
        file: "f".into(),
        seq: 1,
        data: "d".into(),
    })
    .await?;
    let pages: Vec<Page<Chunk>> = db
        .query(&Chunk::query("f").begins_with(Chunk::sk()))
        .pages()
        .try_collect()
        .await?;
    assert_eq!(pages.len(), 1);
    assert!(
        pages[0].consumed_capacity.is_some_and(|c| c > 0.0),
        "{:?}",
        pages[0].consumed_capacity
    );
    Ok(())
}
