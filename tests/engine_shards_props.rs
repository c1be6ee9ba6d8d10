//! Property: a fan-out read over the shards of a logical partition returns exactly what one
//! unsharded partition holding the same items returns, in the same order — for random items,
//! random typed sort-key conditions, both directions, any limit, page by page, and resumed from
//! any cursor of the sharded read.
//!
//! The same logical items are written twice into one table: through `Sharded`
//! (`#[pk("S#<workspace>", shards = 7, shard_by = "id")]`) and through the otherwise identical
//! unsharded `Flat` (`#[pk("F#<workspace>")]`). One engine serves every case; each case writes
//! its own workspace, so cases never see each other's items.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::OnceLock;

use dynakey::{Cursor, DefaultTable, Entity};
use dynakey_runtime::Db;
use futures::TryStreamExt;
use proptest::prelude::*;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("S#<workspace>", shards = 7, shard_by = "id")]
#[sk("P#<created>#<id>")]
struct Sharded {
    workspace: String,
    created: u8,
    id: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("F#<workspace>")]
#[sk("P#<created>#<id>")]
struct Flat {
    workspace: String,
    created: u8,
    id: String,
}

/// A range bound: a whole `created` group, or one complete key.
#[derive(Debug, Clone)]
enum Bound {
    Group(u8),
    Exact(u8, String),
}

/// A typed sort-key condition.
#[derive(Debug, Clone)]
enum Cond {
    All,
    BeginsWith(u8),
    IdPrefix(u8, String),
    Eq(u8, String),
    Gt(Bound),
    Gte(Bound),
    Lt(Bound),
    Lte(Bound),
    Between(Bound, Bound),
}

/// Applies `cond` to a query of entity `$e` (a single-partition or a fan-out `KeyQuery`).
macro_rules! apply {
    ($q:expr, $e:ident, $cond:expr) => {{
        let q = $q;
        match $cond.clone() {
            Cond::All => q.begins_with($e::sk()),
            Cond::BeginsWith(c) => q.begins_with($e::sk().created(c)),
            Cond::IdPrefix(c, p) => q.begins_with($e::sk().created(c).prefix(p)),
            Cond::Eq(c, id) => q.eq($e::sk().created(c).id(id)),
            Cond::Gt(Bound::Group(c)) => q.gt($e::sk().created(c)),
            Cond::Gt(Bound::Exact(c, id)) => q.gt($e::sk().created(c).id(id)),
            Cond::Gte(Bound::Group(c)) => q.gte($e::sk().created(c)),
            Cond::Gte(Bound::Exact(c, id)) => q.gte($e::sk().created(c).id(id)),
            Cond::Lt(Bound::Group(c)) => q.lt($e::sk().created(c)),
            Cond::Lt(Bound::Exact(c, id)) => q.lt($e::sk().created(c).id(id)),
            Cond::Lte(Bound::Group(c)) => q.lte($e::sk().created(c)),
            Cond::Lte(Bound::Exact(c, id)) => q.lte($e::sk().created(c).id(id)),
            Cond::Between(Bound::Group(a), Bound::Group(b)) => {
                q.between($e::sk().created(a), $e::sk().created(b))
            }
            Cond::Between(Bound::Group(a), Bound::Exact(b, y)) => {
                q.between($e::sk().created(a), $e::sk().created(b).id(y))
            }
            Cond::Between(Bound::Exact(a, x), Bound::Group(b)) => {
                q.between($e::sk().created(a).id(x), $e::sk().created(b))
            }
            Cond::Between(Bound::Exact(a, x), Bound::Exact(b, y)) => {
                q.between($e::sk().created(a).id(x), $e::sk().created(b).id(y))
            }
        }
    }};
}

/// The engine and table shared by every case, on a runtime that outlives them.
fn shared() -> &'static (tokio::runtime::Runtime, TestEngine, Db) {
    static SHARED: OnceLock<(tokio::runtime::Runtime, TestEngine, Db)> = OnceLock::new();
    SHARED.get_or_init(|| {
        let runtime = match tokio::runtime::Builder::new_multi_thread()
            .worker_threads(2)
            .enable_all()
            .build()
        {
            Ok(runtime) => runtime,
            Err(e) => panic!("tokio runtime: {e}"),
        };
        let started = runtime.block_on(async {
            let engine = TestEngine::start().await?;
            let db = engine.fresh_table::<DefaultTable>().await?;
            Ok::<_, BoxError>((engine, db))
        });
        match started {
            Ok((engine, db)) => (runtime, engine, db),
            Err(e) => panic!("test engine: {e}"),
        }
    })
}

fn workspace() -> String {
    static CASE: AtomicUsize = AtomicUsize::new(0);
    format!("case{}", CASE.fetch_add(1, Ordering::Relaxed))
}

fn keys_s(items: &[Sharded]) -> Vec<(u8, String)> {
    items.iter().map(|i| (i.created, i.id.clone())).collect()
}

fn keys_f(items: &[Flat]) -> Vec<(u8, String)> {
    items.iter().map(|i| (i.created, i.id.clone())).collect()
}

/// One case: every way of reading the sharded partition against the unsharded one.
async fn check(
    db: &Db,
    items: &[(u8, String)],
    cond: &Cond,
    reverse: bool,
    limit: Option<u32>,
) -> Result<(), BoxError> {
    let ws = workspace();
    let sharded: Vec<Sharded> = items
        .iter()
        .map(|(created, id)| Sharded {
            workspace: ws.clone(),
            created: *created,
            id: id.clone(),
        })
        .collect();
    let flat: Vec<Flat> = items
        .iter()
        .map(|(created, id)| Flat {
            workspace: ws.clone(),
            created: *created,
            id: id.clone(),
        })
        .collect();
    db.batch_put(&sharded).await?;
    db.batch_put(&flat).await?;

    let mut sq = apply!(Sharded::query_shards(&ws), Sharded, cond);
    let mut fq = apply!(Flat::query(&ws), Flat, cond);
    if reverse {
        sq = sq.reverse();
        fq = fq.reverse();
    }
    // A condition DynamoDB would reject (between with low > high) fails alike, before any request.
    match (sq.build(), fq.build()) {
        (Err(a), Err(b)) => {
            assert_eq!(a.to_string(), b.to_string());
            return Ok(());
        }
        (Ok(_), Ok(_)) => {}
        (a, b) => return Err(format!("sharded {a:?}, unsharded {b:?}").into()),
    }

    // The whole read, and the limited one.
    let want: Vec<Flat> = db.query(&fq).items().try_collect().await?;
    let got: Vec<Sharded> = db.query(&sq).items().try_collect().await?;
    assert_eq!(keys_s(&got), keys_f(&want), "whole read");
    let want = keys_f(&want);
    if let Some(n) = limit {
        let got: Vec<Sharded> = db.query(&sq.clone().limit(n)).items().try_collect().await?;
        let first: Vec<Flat> = db.query(&fq.clone().limit(n)).items().try_collect().await?;
        assert_eq!(keys_s(&got), keys_f(&first), "limit {n}");
    }

    // Page by page (pages of `limit`, or one request per shard without a limit), resuming from
    // every cursor: the rest in full, and the next `limit` items.
    let paged = match limit {
        Some(n) => sq.clone().limit(n),
        None => sq.clone(),
    };
    let mut cursor: Option<Cursor> = None;
    let mut seen = 0;
    for page_number in 0.. {
        if page_number > 1_000 {
            return Err("paging does not end".into());
        }
        let page = db.query(&paged).page(cursor.as_ref()).await?;
        let keys = keys_s(&page.items);
        assert!(
            keys[..] == want[seen..seen + keys.len()],
            "page {page_number}"
        );
        seen += keys.len();
        if let Some(n) = limit {
            assert!(
                keys.len() == n as usize || seen == want.len(),
                "page {page_number} holds {} of {n}",
                keys.len()
            );
        }
        let Some(next) = page.next else { break };
        // As a client would hand it back.
        let next: Cursor = next.as_str().parse()?;
        let rest: Vec<Sharded> = db
            .query(&sq)
            .from(Some(&next))
            .items()
            .try_collect()
            .await?;
        assert!(
            keys_s(&rest)[..] == want[seen..],
            "resumed after {seen} items"
        );
        if let Some(n) = limit {
            let more: Vec<Sharded> = db
                .query(&paged)
                .from(Some(&next))
                .items()
                .try_collect()
                .await?;
            let end = (seen + n as usize).min(want.len());
            assert!(
                keys_s(&more)[..] == want[seen..end],
                "next {n} after {seen}"
            );
        }
        cursor = Some(next);
    }
    assert_eq!(seen, want.len(), "pages hold every item once");
    Ok(())
}

fn id() -> impl Strategy<Value = String> {
    "[abc]{1,3}"
}

fn bound() -> impl Strategy<Value = Bound> {
    prop_oneof![
        (0u8..6).prop_map(Bound::Group),
        (0u8..6, id()).prop_map(|(c, i)| Bound::Exact(c, i)),
    ]
}

fn cond() -> impl Strategy<Value = Cond> {
    prop_oneof![
        Just(Cond::All),
        (0u8..6).prop_map(Cond::BeginsWith),
        (0u8..6, "[abc]{1,2}").prop_map(|(c, p)| Cond::IdPrefix(c, p)),
        (0u8..6, id()).prop_map(|(c, i)| Cond::Eq(c, i)),
        bound().prop_map(Cond::Gt),
        bound().prop_map(Cond::Gte),
        bound().prop_map(Cond::Lt),
        bound().prop_map(Cond::Lte),
        (bound(), bound()).prop_map(|(a, b)| Cond::Between(a, b)),
    ]
}

fn items() -> impl Strategy<Value = Vec<(u8, String)>> {
    proptest::collection::btree_set((0u8..6, id()), 0..40).prop_map(|set| set.into_iter().collect())
}

fn limit() -> impl Strategy<Value = Option<u32>> {
    prop_oneof![Just(None), (1u32..9).prop_map(Some), Just(Some(100))]
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 64,
        // Each case is a few hundred requests; shrinking a failure is still worth it.
        max_shrink_iters: 200,
        ..ProptestConfig::default()
    })]

    #[test]
    fn a_sharded_read_is_the_unsharded_read(
        items in items(),
        cond in cond(),
        reverse in any::<bool>(),
        limit in limit(),
    ) {
        let (runtime, _engine, db) = shared();
        let result = runtime.block_on(check(db, &items, &cond, reverse, limit));
        prop_assert!(result.is_ok(), "{:?}", result.err());
    }
}
