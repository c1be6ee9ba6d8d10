//! Write sharding on the embedded engine: shard keys as documented (FNV-1a 64 of the shard field's
//! key encoding, `#` and a fixed-width shard number), GetItem through `key(…)`, fan-out reads that
//! match one unsharded partition (exclusions and `matches_nothing` included), empty shards, one
//! shard holding everything, concurrency, and cursors refused before any request.

use crate::common;

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Arc;
use std::time::Duration;

use aws_sdk_dynamodb::config::interceptors::{
    BeforeDeserializationInterceptorContextRef, BeforeTransmitInterceptorContextRef,
};
use aws_sdk_dynamodb::config::{ConfigBag, Intercept, RuntimeComponents};
use aws_sdk_dynamodb::types::AttributeValue;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use base64::Engine as _;
use dynakey::SortKeyRange;
use dynakey::{
    Cursor, CursorError, DefaultTable, Entity, KeyErrorKind, KeyQuery, PrimaryIndex,
    QueryDifference, QueryPart,
};
use dynakey_runtime::{Db, Error, Page};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::fault_proxy::{FaultMix, FaultProxy};
use common::{cursor_error, BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("WS#<workspace>", shards = 10, shard_by = "id")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    created: u32,
    id: String,
    name: String,
}

/// The same items in one unsharded partition, `FLAT#<workspace>`.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("FLAT#<workspace>")]
#[sk("PROJ#<created>#<id>")]
struct Flat {
    workspace: String,
    created: u32,
    id: String,
    name: String,
}

/// 1,000 shards: three-digit suffixes.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("BIG#<workspace>", shards = 1000, shard_by = "id")]
#[sk("ITEM#<id>")]
struct Wide {
    workspace: String,
    id: u64,
}

/// A sort-key template whose first group can have no successor (`<a>` empty, terminator
/// U+10FFFF), so `gt` of that group matches nothing.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("ODD#<group>", shards = 3, shard_by = "b")]
#[sk("<a>\u{10FFFF}<b>")]
struct Odd {
    group: String,
    a: String,
    b: String,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("ODDFLAT#<group>")]
#[sk("<a>\u{10FFFF}<b>")]
struct OddFlat {
    group: String,
    a: String,
    b: String,
}

/// FNV-1a 64, written out independently of dynakey.
fn fnv(bytes: &[u8]) -> u64 {
    let mut hash: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        hash ^= u64::from(*b);
        hash = hash.wrapping_mul(0x100_0000_01b3);
    }
    hash
}

/// Jump consistent hash as published (Lamping and Veach, 2014), written out here independently of
/// the library so the test checks the documented contract.
fn jump(mut key: u64, buckets: i64) -> u64 {
    let (mut b, mut j) = (-1i64, 0i64);
    while j < buckets {
        b = j;
        key = key.wrapping_mul(2_862_933_555_777_941_757).wrapping_add(1);
        j = ((b + 1) as f64 * ((1u64 << 31) as f64 / ((key >> 33) + 1) as f64)) as i64;
    }
    b as u64
}

fn model_shard(id: &str) -> u64 {
    jump(fnv(id.as_bytes()), 10)
}

/// `n` ids (`<prefix>0`, `<prefix>1`, …) whose shard is `shard`.
fn ids_in_shard(prefix: &str, shard: u64, n: usize) -> Vec<String> {
    (0..)
        .map(|i| format!("{prefix}{i}"))
        .filter(|id| model_shard(id) == shard)
        .take(n)
        .collect()
}

fn project(workspace: &str, created: u32, id: &str) -> Project {
    Project {
        workspace: workspace.into(),
        created,
        id: id.into(),
        name: format!("{created}/{id}"),
    }
}

fn flat(p: &Project) -> Flat {
    Flat {
        workspace: p.workspace.clone(),
        created: p.created,
        id: p.id.clone(),
        name: p.name.clone(),
    }
}

fn names_p(items: &[Project]) -> Vec<String> {
    items.iter().map(|p| p.name.clone()).collect()
}

fn names_f(items: &[Flat]) -> Vec<String> {
    items.iter().map(|p| p.name.clone()).collect()
}

/// Writes `projects` sharded and, in `FLAT#…`, unsharded.
async fn write_both(db: &Db, projects: &[Project]) -> Result<(), BoxError> {
    db.batch_put(projects).await?;
    let flats: Vec<Flat> = projects.iter().map(flat).collect();
    db.batch_put(&flats).await?;
    Ok(())
}

/// Pages through a sharded query, returning each page.
async fn page_through<S>(
    db: &Db,
    q: &KeyQuery<Project, PrimaryIndex, S>,
) -> Result<Vec<Page<Project>>, BoxError> {
    common::page_through(db, q).await
}

async fn raw_get(db: &Db, pk: &str, sk: &str) -> Result<bool, BoxError> {
    let out = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S(pk.into()))
        .key("SK", AttributeValue::S(sk.into()))
        .send()
        .await?;
    Ok(out.item.is_some())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shard_keys_follow_the_documented_contract() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;

    // "p6" is in shard 7 of 10: the jump hash of FNV-1a 64 of the bytes "p6", over 10 buckets.
    assert_eq!(model_shard("p6"), 7);
    let p = project("acme", 42, "p6");
    assert_eq!(p.partition_key()?, "WS#acme#07");
    assert_eq!(Project::key("acme", 42u32, "p6")?.partition(), "WS#acme#07");
    assert_eq!(Project::shard_of("p6")?, 7);
    db.create(&p).await?;
    assert!(raw_get(&db, "WS#acme#07", "PROJ#0000000042#p6").await?);
    assert!(!raw_get(&db, "WS#acme", "PROJ#0000000042#p6").await?);

    // Parsing takes the suffix off.
    assert_eq!(
        Project::parse_partition_key("WS#acme#07")?.workspace,
        "acme"
    );
    assert_eq!(Project::parse_partition_key("WS#a#b#03")?.workspace, "a#b");
    for bad in [
        "WS#acme",
        "WS#acme#7",
        "WS#acme#10",
        "WS#acme#0x",
        "XX#acme#07",
    ] {
        assert!(Project::parse_partition_key(bad).is_err(), "{bad:?}");
    }

    // Every item is stored under the shard the model computes, and only there.
    let projects: Vec<Project> = (0..100)
        .map(|i| project("acme", i, &format!("id{i}")))
        .collect();
    db.batch_put(&projects).await?;
    let keys: Vec<String> = Project::query_shards("acme").plan()?.partitions().to_vec();
    let expected: Vec<String> = (0..10).map(|s| format!("WS#acme#{s:02}")).collect();
    assert_eq!(keys, expected);
    let mut seen = 0;
    for shard in 0..10u16 {
        let items: Vec<Project> = db
            .query(&Project::query_shard("acme", shard).begins_with(Project::sk()))
            .items()
            .try_collect()
            .await?;
        for item in &items {
            assert_eq!(model_shard(&item.id), u64::from(shard), "{}", item.id);
            assert_eq!(item.partition_key()?, format!("WS#acme#{shard:02}"));
        }
        seen += items.len();
    }
    assert_eq!(seen, 101, "100 projects and p6, each in exactly one shard");
    assert!(Project::query_shard("acme", 10).build().is_err());

    // 1,000 shards: three digits. A u64 shard field hashes its 20-digit encoding.
    let w = Wide {
        workspace: "w".into(),
        id: 42,
    };
    let shard = jump(fnv(b"00000000000000000042"), 1000);
    assert_eq!(w.partition_key()?, format!("BIG#w#{shard:03}"));
    let wide = Wide::query_shards("w").plan()?;
    assert_eq!(
        wide.partitions().first().map(String::as_str),
        Some("BIG#w#000")
    );
    assert_eq!(
        wide.partitions().last().map(String::as_str),
        Some("BIG#w#999")
    );
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn get_item_and_delete_item_through_key_find_the_shard() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;
    let projects: Vec<Project> = (0..60)
        .map(|i| project("acme", i % 7, &format!("p{i}")))
        .collect();
    db.batch_put(&projects).await?;
    for p in &projects {
        let key = Project::key(&p.workspace, p.created, &p.id)?;
        assert_eq!(key, p.primary_key()?);
        assert_eq!(db.get(&key).await?.as_ref(), Some(p));
    }
    let gone = &projects[17];
    db.delete(&Project::key("acme", gone.created, &gone.id)?)
        .await?;
    assert_eq!(
        db.get(&Project::key("acme", gone.created, &gone.id)?)
            .await?,
        None
    );
    // `eq` on a sharded query finds the one item in its shard.
    let one: Vec<Project> = db
        .query(
            &Project::query_shards("acme").eq(Project::sk()
                .created(projects[3].created)
                .id(&projects[3].id)),
        )
        .items()
        .try_collect()
        .await?;
    assert_eq!(one, [projects[3].clone()]);
    Ok(())
}

/// A sharded and an unsharded query with the same condition.
type Pair = (
    KeyQuery<Project, PrimaryIndex, SortKeyRange>,
    KeyQuery<Flat, PrimaryIndex, SortKeyRange>,
);

/// Writes raw items with only key attributes (another entity's, to a typed read) into every shard
/// of `workspace` and into its flat partition.
async fn put_foreign(db: &Db, workspace: &str, sort_keys: &[&str]) -> Result<(), BoxError> {
    let partitions = (0..10)
        .map(|s| format!("WS#{workspace}#{s:02}"))
        .chain([format!("FLAT#{workspace}")]);
    for pk in partitions {
        for sk in sort_keys {
            common::put_raw(db, &[("PK", &pk), ("SK", sk)]).await?;
        }
    }
    Ok(())
}

/// Each pair read sharded and unsharded, in both directions, whole, in pages of several sizes
/// and in pages without a limit: the same items in the same order.
async fn compare(db: &Db, pairs: Vec<Pair>) -> Result<(), BoxError> {
    for (sharded, unsharded) in pairs {
        for (sharded, unsharded) in [
            (sharded.clone(), unsharded.clone()),
            (sharded.reverse(), unsharded.reverse()),
        ] {
            let want: Vec<Flat> = db.query(&unsharded).items().try_collect().await?;
            assert!(!want.is_empty());
            let got: Vec<Project> = db.query(&sharded).items().try_collect().await?;
            assert_eq!(names_p(&got), names_f(&want), "{:?}", unsharded.build());
            // Pages of one item are the property test's (engine_shards_props.rs).
            for size in [3u32, 13] {
                let pages = page_through(db, &sharded.clone().limit(size)).await?;
                let paged: Vec<Project> = pages.iter().flat_map(|p| p.items.clone()).collect();
                assert_eq!(names_p(&paged), names_f(&want), "pages of {size}");
                assert!(pages.iter().all(|p| p.items.len() <= size as usize));
            }
            // Pages without a limit end when a shard would need a second request.
            let pages = page_through(db, &sharded).await?;
            let paged: Vec<Project> = pages.iter().flat_map(|p| p.items.clone()).collect();
            assert_eq!(names_p(&paged), names_f(&want));
        }
    }
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn fan_out_reads_match_one_unsharded_partition_with_exclusions() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;
    for workspace in ["acme", "edge"] {
        let projects: Vec<Project> = (0..50)
            .map(|i| project(workspace, i % 5, &format!("x{i}")))
            .collect();
        write_both(&db, &projects).await?;
    }
    // Foreign items around the entity's keys, in every shard and in the flat partition:
    // succ("PROJ#") is the exclusive upper end of every range, which DynamoDB's inclusive
    // BETWEEN returns and the runtime drops.
    put_foreign(&db, "acme", &["PROJ", "PROJ$", "PROJ$x"]).await?;
    compare(
        &db,
        vec![
            (
                Project::query_shards("acme").begins_with(Project::sk()),
                Flat::query("acme").begins_with(Flat::sk()),
            ),
            (
                Project::query_shards("acme").gte(Project::sk().created(1u32)),
                Flat::query("acme").gte(Flat::sk().created(1u32)),
            ),
            (
                Project::query_shards("acme").gt(Project::sk().created(2u32).id("x12")),
                Flat::query("acme").gt(Flat::sk().created(2u32).id("x12")),
            ),
            (
                Project::query_shards("acme").lt(Project::sk().created(3u32)),
                Flat::query("acme").lt(Flat::sk().created(3u32)),
            ),
        ],
    )
    .await?;
    // succ("PROJ#0000000002#"): the excluded upper end of ranges up to group 2.
    put_foreign(&db, "edge", &["PROJ$", "PROJ#0000000002$"]).await?;
    compare(
        &db,
        vec![
            (
                Project::query_shards("edge")
                    .between(Project::sk().created(1u32), Project::sk().created(2u32)),
                Flat::query("edge").between(Flat::sk().created(1u32), Flat::sk().created(2u32)),
            ),
            (
                Project::query_shards("edge").lte(Project::sk().created(2u32)),
                Flat::query("edge").lte(Flat::sk().created(2u32)),
            ),
        ],
    )
    .await?;
    // The excluded keys were there to be dropped: DynamoDB returns them to the raw request.
    let plan = Project::query_shards("edge")
        .lte(Project::sk().created(2u32))
        .plan()?;
    assert_eq!(plan.excluded_sort_keys(), ["PROJ#0000000002$"]);
    assert_eq!(plan.partitions()[4], "WS#edge#04");
    assert!(raw_get(&db, "WS#edge#04", "PROJ#0000000002$").await?);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn equal_sort_keys_in_several_shards_come_in_partition_key_order() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;
    // Items of another writer with the same sort key in shards 5, 2 and 8 (decodable as
    // projects, but not where a Project with that key would be stored).
    for shard in [5, 2, 8] {
        db.client()
            .put_item()
            .table_name(db.table_name())
            .item("PK", AttributeValue::S(format!("WS#tie#{shard:02}")))
            .item("SK", AttributeValue::S("PROJ#0000000001#same".into()))
            .item("workspace", AttributeValue::S("tie".into()))
            .item("created", AttributeValue::N("1".into()))
            .item("id", AttributeValue::S("same".into()))
            .item("name", AttributeValue::S(format!("shard {shard}")))
            .send()
            .await?;
    }
    db.batch_put(&[project("tie", 0, "first"), project("tie", 2, "last")])
        .await?;
    let q = Project::query_shards("tie").begins_with(Project::sk());
    // They are no projects (a typed read keeps them apart: engine_foreign_items.rs), so they are
    // read as kept unknown items, which come in merged order too.
    let kept = |page: &Page<Project>| -> Vec<String> {
        let name =
            |item: &dynakey_runtime::Item| item.get("name").and_then(|v| v.as_s().ok()).cloned();
        page.unknown.iter().filter_map(name).collect()
    };
    let keep = dynakey_runtime::UnknownItems::Keep;
    let forward = db.query(&q).unknown_items(keep).page(None).await?;
    assert_eq!(names_p(&forward.items), ["0/first", "2/last"]);
    assert_eq!(kept(&forward), ["shard 2", "shard 5", "shard 8"]);
    let backward = db
        .query(&q.clone().reverse())
        .unknown_items(keep)
        .page(None)
        .await?;
    assert_eq!(names_p(&backward.items), ["2/last", "0/first"]);
    assert_eq!(kept(&backward), ["shard 8", "shard 5", "shard 2"]);
    // Kept items do not count against the limit (a page of 1 holds one project): a page of 1
    // ends right after the first project, before the tied items, and resuming reads all three
    // in order, then the last project.
    let page = db
        .query(&q.clone().limit(1))
        .unknown_items(keep)
        .page(None)
        .await?;
    assert_eq!(names_p(&page.items), ["0/first"]);
    assert!(kept(&page).is_empty());
    let rest = db
        .query(&q)
        .unknown_items(keep)
        .page(page.next.as_ref())
        .await?;
    assert_eq!(names_p(&rest.items), ["2/last"]);
    assert_eq!(kept(&rest), ["shard 2", "shard 5", "shard 8"]);
    let two = db
        .query(&q.clone().limit(2))
        .unknown_items(keep)
        .page(None)
        .await?;
    assert_eq!(names_p(&two.items), ["0/first", "2/last"]);
    assert_eq!(kept(&two), ["shard 2", "shard 5", "shard 8"]);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_range_that_matches_nothing_sends_no_request_and_limit_zero_keeps_the_cursor(
) -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;
    // A handle on a table that does not exist: any request would fail.
    let unsent: Db = engine.db("no-such-table");
    let nothing = Odd::query_shards("g").gt(Odd::sk().a(""));
    assert!(nothing.plan()?.matches_nothing());
    assert!(OddFlat::query("g")
        .gt(OddFlat::sk().a(""))
        .plan()?
        .matches_nothing());
    let page = unsent.query(&nothing).page(None).await?;
    assert!(page.items.is_empty() && page.next.is_none() && page.requests == 0);
    let items: Vec<Odd> = unsent.query(&nothing).items().try_collect().await?;
    assert!(items.is_empty());
    // The same holds for the unsharded twin.
    let flat: Vec<OddFlat> = unsent
        .query(&OddFlat::query("g").gt(OddFlat::sk().a("")))
        .items()
        .try_collect()
        .await?;
    assert!(flat.is_empty());

    // limit(0): no request, and the cursor is handed back (checked against the same table name
    // on an empty engine, where a request would fail).
    let unsent: Db = common::unsent(db.table_name());
    db.batch_put(
        &(0..20)
            .map(|i| project("acme", i, &format!("z{i}")))
            .collect::<Vec<_>>(),
    )
    .await?;
    let q = Project::query_shards("acme").begins_with(Project::sk());
    let first = db.query(&q.clone().limit(3)).page(None).await?;
    let cursor = first.next.ok_or("more pages")?;
    let none = unsent
        .query(&q.clone().limit(0))
        .page(Some(&cursor))
        .await?;
    assert!(none.items.is_empty() && none.requests == 0);
    assert_eq!(none.next.as_ref(), Some(&cursor));
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn empty_shards_and_one_shard_with_everything() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;

    // No items at all: ten requests, nothing, no cursor.
    let q = Project::query_shards("none").begins_with(Project::sk());
    let page = db.query(&q).page(None).await?;
    assert!(page.items.is_empty());
    assert!(page.next.is_none());
    assert_eq!(page.requests, 10);
    let limited = db.query(&q.clone().limit(5)).page(None).await?;
    assert!(limited.items.is_empty() && limited.next.is_none());

    // Everything in shard 3: the other nine shards are empty.
    let ids = ids_in_shard("one-", 3, 30);
    let projects: Vec<Project> = ids
        .iter()
        .enumerate()
        .map(|(i, id)| project("one", (i % 4) as u32, id))
        .collect();
    write_both(&db, &projects).await?;
    for id in &ids {
        assert_eq!(Project::shard_of(id.as_str())?, 3);
    }
    for reverse in [false, true] {
        let (mut sharded, mut unsharded) = (
            Project::query_shards("one").begins_with(Project::sk()),
            Flat::query("one").begins_with(Flat::sk()),
        );
        if reverse {
            sharded = sharded.reverse();
            unsharded = unsharded.reverse();
        }
        let want: Vec<Flat> = db.query(&unsharded).items().try_collect().await?;
        let got: Vec<Project> = db.query(&sharded).items().try_collect().await?;
        assert_eq!(names_p(&got), names_f(&want));
        let pages = page_through(&db, &sharded.clone().limit(7)).await?;
        assert_eq!(
            pages.iter().map(|p| p.items.len()).collect::<Vec<_>>(),
            [7, 7, 7, 7, 2]
        );
        // The first page asks every shard for a share of the limit, then refills the one shard
        // that holds items; after it the nine empty shards are exhausted: one request per page.
        assert_eq!(pages[0].requests, 11);
        assert!(pages[1..].iter().all(|p| p.requests == 1), "{:?}", {
            pages.iter().map(|p| p.requests).collect::<Vec<_>>()
        });
        let paged: Vec<Project> = pages.iter().flat_map(|p| p.items.clone()).collect();
        assert_eq!(names_p(&paged), names_f(&want));
    }

    // Two of ten shards hold items, resumed from every cursor.
    let mut two: Vec<Project> = ids_in_shard("a-", 0, 9)
        .into_iter()
        .chain(ids_in_shard("b-", 9, 5))
        .enumerate()
        .map(|(i, id)| project("two", (i % 3) as u32, &id))
        .collect();
    two.sort_by(|a, b| (a.created, &a.id).cmp(&(b.created, &b.id)));
    db.batch_put(&two).await?;
    let q = Project::query_shards("two").begins_with(Project::sk());
    let all: Vec<Project> = db.query(&q).items().try_collect().await?;
    assert_eq!(all, two);
    let pages = page_through(&db, &q.clone().limit(2)).await?;
    let mut seen = 0;
    for page in &pages {
        seen += page.items.len();
        if let Some(next) = &page.next {
            let rest: Vec<Project> = db.query(&q).from(Some(next)).items().try_collect().await?;
            assert!(rest[..] == all[seen..]);
        }
    }
    assert_eq!(seen, all.len());
    Ok(())
}

/// A table with a global secondary index, and a sharded entity that is in it.
#[derive(dynakey::Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct Indexed;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Indexed)]
#[pk("WS#<workspace>", shards = 4, shard_by = "id")]
#[sk("DOC#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<id>")]
struct Doc {
    workspace: String,
    id: String,
    owner: String,
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_global_index_of_a_sharded_entity_sees_every_shard() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db<Indexed> = engine.fresh_table::<Indexed>().await?;
    let docs: Vec<Doc> = (0..40)
        .map(|i| Doc {
            workspace: "acme".into(),
            id: format!("d{i:02}"),
            owner: if i % 2 == 0 { "ada" } else { "bob" }.into(),
        })
        .collect();
    db.batch_put(&docs).await?;
    // The index partition key is the index template's, without a shard suffix.
    let ada: Vec<Doc> = db
        .query(&Doc::query_by_owner("ada").begins_with(Doc::by_owner_sk()))
        .items()
        .try_collect()
        .await?;
    let want: Vec<Doc> = docs.iter().filter(|d| d.owner == "ada").cloned().collect();
    assert_eq!(ada, want);
    // The base table, through the shards.
    let all: Vec<Doc> = db
        .query(&Doc::query_shards("acme").begins_with(Doc::sk()))
        .items()
        .try_collect()
        .await?;
    assert_eq!(all, docs);
    Ok(())
}

/// Counts the requests in flight (sent, response not yet received) and the most seen at once.
#[derive(Debug, Clone, Default)]
struct InFlight {
    now: Arc<AtomicUsize>,
    most: Arc<AtomicUsize>,
}

impl Intercept for InFlight {
    fn name(&self) -> &'static str {
        "InFlight"
    }

    fn read_before_transmit(
        &self,
        _context: &BeforeTransmitInterceptorContextRef<'_>,
        _components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), aws_sdk_dynamodb::error::BoxError> {
        let now = self.now.fetch_add(1, Ordering::SeqCst) + 1;
        self.most.fetch_max(now, Ordering::SeqCst);
        Ok(())
    }

    fn read_before_deserialization(
        &self,
        _context: &BeforeDeserializationInterceptorContextRef<'_>,
        _components: &RuntimeComponents,
        _cfg: &mut ConfigBag,
    ) -> Result<(), aws_sdk_dynamodb::error::BoxError> {
        self.now.fetch_sub(1, Ordering::SeqCst);
        Ok(())
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_shard_is_asked_concurrently() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let table: Db = engine.fresh_table::<DefaultTable>().await?;
    let projects: Vec<Project> = (0..200)
        .map(|i| project("acme", i, &format!("c{i}")))
        .collect();
    table.batch_put(&projects).await?;
    // The shards' Query requests cross an HTTP proxy that holds each answer for up to 50 ms, as a
    // network would: the embedded engine answers so fast that, on a loaded machine, one shard's
    // task could finish before the next one's starts, and "in flight together" would measure the
    // scheduler instead of whether the requests were sent together.
    let latency = FaultMix::none()
        .delay(1.0, Duration::from_millis(50))
        .only(&["Query"]);
    let proxy = FaultProxy::start(&engine.endpoint().await?, 1, latency).await?;
    let in_flight = InFlight::default();
    let config = proxy.sdk_config().interceptor(in_flight.clone()).build();
    let db: Db = Db::new(
        aws_sdk_dynamodb::Client::from_conf(config),
        table.table_name(),
    );
    let page = db
        .query(&Project::query_shards("acme").begins_with(Project::sk()))
        .page(None)
        .await?;
    assert_eq!(page.requests, 10);
    let most = in_flight.most.load(Ordering::SeqCst);
    assert!(most >= 2, "at most {most} request in flight at once");
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn modified_or_foreign_cursors_are_refused_before_any_request() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;
    let projects: Vec<Project> = (0..40)
        .map(|i| project("acme", i % 4, &format!("m{i}")))
        .collect();
    db.batch_put(&projects).await?;
    let q = Project::query_shards("acme")
        .begins_with(Project::sk())
        .limit(5);
    let cursor = db.query(&q).page(None).await?.next.ok_or("more")?;

    // The same table name through a client that reaches no engine: a request fails, so a cursor
    // error proves that nothing was sent.
    let unsent: Db = common::unsent(db.table_name());
    common::sent(unsent.query(&q).page(Some(&cursor)).await)?;

    let others = [
        (
            "another workspace",
            Project::query_shards("acme2").begins_with(Project::sk()),
        ),
        (
            "another condition",
            Project::query_shards("acme").begins_with(Project::sk().created(1u32)),
        ),
        (
            "another direction",
            Project::query_shards("acme")
                .begins_with(Project::sk())
                .reverse(),
        ),
    ];
    for (what, other) in &others {
        let reason = cursor_error(unsent.query(other).page(Some(&cursor)).await)?;
        assert!(matches!(reason, CursorError::OtherQuery(_)), "{what}");
        let streamed: Result<Vec<Project>, Error> = unsent
            .query(other)
            .from(Some(&cursor))
            .items()
            .try_collect()
            .await;
        assert!(
            matches!(cursor_error(streamed)?, CursorError::OtherQuery(_)),
            "{what}"
        );
    }
    // Another table.
    let other_table: Db = engine.fresh_table::<DefaultTable>().await?;
    assert_eq!(
        cursor_error(other_table.query(&q).page(Some(&cursor)).await)?,
        CursorError::OtherQuery(QueryDifference::of([QueryPart::Table]))
    );
    // Another secret.
    let signed = db.clone().with_cursor_secret("s1");
    let signed_cursor = signed.query(&q).page(None).await?.next.ok_or("more")?;
    assert!(signed.query(&q).page(Some(&signed_cursor)).await.is_ok());
    for reader in [db.clone(), unsent.clone().with_cursor_secret("s2")] {
        assert_eq!(
            cursor_error(reader.query(&q).page(Some(&signed_cursor)).await)?,
            CursorError::Tampered
        );
    }

    // Every bit of every byte flipped.
    let bytes = URL_SAFE_NO_PAD.decode(cursor.as_str())?;
    for i in 0..bytes.len() {
        for bit in 0..8 {
            let mut changed = bytes.clone();
            changed[i] ^= 1 << bit;
            let Ok(changed) = URL_SAFE_NO_PAD.encode(&changed).parse::<Cursor>() else {
                continue; // the version byte: refused as malformed already
            };
            let reason = cursor_error(unsent.query(&q).page(Some(&changed)).await)?;
            assert_eq!(reason, CursorError::Tampered, "byte {i}, bit {bit}");
        }
    }
    // Every character replaced.
    let text = cursor.as_str();
    for (i, c) in text.char_indices() {
        let replacement = if c == 'A' { 'B' } else { 'A' };
        let changed = format!("{}{replacement}{}", &text[..i], &text[i + 1..]);
        match changed.parse::<Cursor>() {
            Err(e) => assert!(matches!(e.kind(), KeyErrorKind::Cursor(_))),
            Ok(changed) => {
                let reason = cursor_error(unsent.query(&q).page(Some(&changed)).await)?;
                assert!(
                    matches!(reason, CursorError::Tampered | CursorError::Malformed(_)),
                    "character {i}: {reason:?}"
                );
            }
        }
    }
    // A single-partition cursor (of one shard) is refused by the fan-out over every shard. The
    // first shard whose first page of one item has a cursor: DynamoDB (and the embedded engine)
    // return a LastEvaluatedKey whenever the limit is reached, moto only when another item
    // follows (docs/engines.md), so a shard holding one item has none there.
    let mut single = None;
    for shard in 0..10 {
        let page = db
            .query(
                &Project::query_shard("acme", shard)
                    .begins_with(Project::sk())
                    .limit(1),
            )
            .page(None)
            .await?;
        if page.next.is_some() {
            single = page.next;
            break;
        }
    }
    let single = single.ok_or("more")?;
    assert!(matches!(
        cursor_error(unsent.query(&q).page(Some(&single)).await)?,
        CursorError::OtherQuery(_)
    ));
    // The original still works, on the right table.
    assert_eq!(db.query(&q).page(Some(&cursor)).await?.items.len(), 5);
    Ok(())
}

/// `Page::shares` says how many of a page's items each shard gave; `Query::shares_hint` asks
/// each shard first for about that much, so a feed read again takes one round, and a hint never
/// changes what is read (a shard asked too little is refilled; a hint of another shape is
/// ignored).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn shares_of_a_page_hint_the_next_read_without_changing_it() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db: Db = engine.fresh_table::<DefaultTable>().await?;
    // Twenty items in every shard; the forty newest in shards 3 and 7, interleaved.
    let mut projects = Vec::new();
    for shard in 0..10u64 {
        for (k, id) in ids_in_shard(&format!("feed{shard}-"), shard, 20)
            .iter()
            .enumerate()
        {
            let k = k as u32;
            let created = match shard {
                3 => 1000 + 2 * k,
                7 => 1001 + 2 * k,
                _ => 10 * k,
            };
            projects.push(project("feed", created, id));
        }
    }
    write_both(&db, &projects).await?;
    let newest = Project::query_shards("feed")
        .begins_with(Project::sk())
        .reverse()
        .limit(30);
    let want: Vec<Flat> = db
        .query(
            &Flat::query("feed")
                .begins_with(Flat::sk())
                .reverse()
                .limit(30),
        )
        .items()
        .try_collect()
        .await?;

    let cold = db.query(&newest).page(None).await?;
    assert_eq!(names_p(&cold.items), names_f(&want));
    let mut shares = vec![0; 10];
    (shares[3], shares[7]) = (15, 15);
    assert_eq!(cold.shares, shares);
    assert!(cold.requests > 10, "cold: {} requests", cold.requests);

    // Read again with the hint: one request per shard (15 + 4 + 1 from shards 3 and 7, one
    // from each of the others), the same items, the same shares.
    let warm = db
        .query(&newest)
        .shares_hint(&cold.shares)
        .page(None)
        .await?;
    assert_eq!(names_p(&warm.items), names_f(&want));
    assert_eq!(warm.shares, cold.shares);
    assert_eq!(warm.requests, 10);
    assert_eq!(warm.evaluated, 2 * 20 + 8);
    assert!(warm.evaluated < cold.evaluated);
    // The next page reads on from where either page stopped.
    let after = |page: &Page<Project>| page.next.clone().expect("more pages");
    let (next_cold, next_warm) = (
        db.query(&newest).page(Some(&after(&cold))).await?,
        db.query(&newest).page(Some(&after(&warm))).await?,
    );
    assert_eq!(names_p(&next_cold.items), names_p(&next_warm.items));

    // A hint that asks too little is refilled; one of another shape is ignored; the stream
    // takes a hint too. The items are the same every time.
    let starved = db.query(&newest).shares_hint(&[0; 10]).page(None).await?;
    assert_eq!(names_p(&starved.items), names_f(&want));
    assert!(starved.requests > 10);
    let other = db.query(&newest).shares_hint(&[30]).page(None).await?;
    assert_eq!(names_p(&other.items), names_f(&want));
    assert_eq!(
        (other.requests, other.evaluated),
        (cold.requests, cold.evaluated)
    );
    let streamed: Vec<Project> = db
        .query(&newest)
        .shares_hint(&cold.shares)
        .items()
        .try_collect()
        .await?;
    assert_eq!(names_p(&streamed), names_f(&want));

    // `pages()` returns what each round of requests returns: a hint is ignored there, so its
    // pages are those of the read without one.
    let page_sizes = |pages: Vec<Page<Project>>| -> Vec<usize> {
        pages.iter().map(|page| page.items.len()).collect()
    };
    let plain: Vec<Page<Project>> = db.query(&newest).pages().try_collect().await?;
    let hinted: Vec<Page<Project>> = db
        .query(&newest)
        .shares_hint(&[0; 10])
        .pages()
        .try_collect()
        .await?;
    assert_eq!(page_sizes(plain), page_sizes(hinted));

    // One partition: a hint is ignored, the page is one request.
    let one = db
        .query(
            &Flat::query("feed")
                .begins_with(Flat::sk())
                .reverse()
                .limit(30),
        )
        .shares_hint(&[1])
        .page(None)
        .await?;
    assert_eq!((one.requests, one.shares.clone()), (1, vec![30]));
    Ok(())
}
