//! Secondary indexes on the embedded engine: index queries against a byte-order model, sparse
//! indexes (by Query and by Scan of the index), index cursors, `KEYS_ONLY`/`INCLUDE` projections,
//! consistent reads on an LSI, and the indexes `create_table` makes from the declaration.

use crate::common;

use std::collections::{BTreeMap, BTreeSet};

use aws_sdk_dynamodb::types::{AttributeValue, ProjectionType};
use dynakey::{
    Cursor, CursorError, Entity, Key, KeyErrorKind, KeyQuery, Position, QueryPart, StartKey, Table,
};
use dynakey_runtime::{Db, Error};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
#[gsi(ByOwner, name = "GSI2", partition_key = "GSI2PK", sort_key = "GSI2SK", projection = keys_only)]
#[gsi(ByTag, name = "GSI3", partition_key = "GSI3PK", sort_key = "GSI3SK", projection = include("title", "score"))]
#[lsi(ByScore, name = "LSI1", sort_key = "LSI1SK", projection = all)]
struct App;

#[derive(
    dynakey::KeySegment, Serialize, Deserialize, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord,
)]
enum Status {
    #[key("ACTIVE")]
    Active,
    #[key("ARCHIVED")]
    Archived,
}

/// A task of a workspace. It is in `GSI1` only with a status and in `GSI3` only with a tag
/// (sparse indexes); every task is in `GSI2` and `LSI1`.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<due>#<workspace>#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "<title>")]
#[index(ByTag, pk = "TAG#<tag>", sk = "<score>")]
#[index(ByScore, sk = "S#<score>#<id>")]
struct Task {
    workspace: String,
    id: u32,
    status: Option<Status>,
    due: u32,
    owner: String,
    title: String,
    tag: Option<String>,
    score: i32,
    note: String,
}

/// Another entity of the table whose item holds an index key attribute of its own, through a
/// flattened map: the runtime's check sees it. (A field stored in a template index's key
/// attribute by its name or `#[serde(rename)]` does not compile:
/// compile-fail/tests/core/field_is_table_key_attribute.rs.)
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("X#<id>")]
#[sk("X")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>")]
struct Clash {
    id: String,
    status: Status,
    #[serde(flatten)]
    extra: std::collections::BTreeMap<String, String>,
}

const WORKSPACES: [&str; 4] = ["w0", "w1", "w2", "Ω"];
const OWNERS: [&str; 4] = ["ada", "Bob", "émile", "zoë"];
const TITLES: [&str; 5] = ["plan", "Plan", "review", "ship", "ship it"];
const TAGS: [&str; 3] = ["bug", "docs", "Ünicode"];

/// `n` tasks with statuses, tags, owners and titles spread deterministically; titles repeat, so
/// many items share one `GSI2` key.
fn tasks(n: u32) -> Vec<Task> {
    let mut state = 0x2545_f491_u64;
    let mut next = move |m: u64| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        usize::try_from((state >> 33) % m).unwrap_or(0)
    };
    (0..n)
        .map(|id| Task {
            workspace: WORKSPACES[next(4)].into(),
            id,
            status: [None, Some(Status::Active), Some(Status::Archived)][next(3)],
            due: u32::try_from(next(12)).unwrap_or(0) * 7,
            owner: OWNERS[next(4)].into(),
            title: TITLES[next(5)].into(),
            tag: [None, Some(TAGS[next(3)])][next(2)].map(str::to_owned),
            score: i32::try_from(next(100)).unwrap_or(0) - 50,
            note: format!("task {id}"),
        })
        .collect()
}

async fn seeded(n: u32) -> Result<(TestEngine, Db<App>, Vec<Task>), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    let all = tasks(n);
    db.batch_put(&all).await?;
    Ok((engine, db, all))
}

/// The value `task` writes to index key attribute `attribute`, if any.
fn index_key(task: &Task, attribute: &str) -> Option<String> {
    task.index_keys()
        .ok()?
        .into_iter()
        .find(|(name, _)| *name == attribute)
        .map(|(_, value)| value)
}

/// The model's answer: `tasks` that pass `keep`, ordered by the bytes of their `attribute` (the
/// index sort key), descending when `reverse`.
fn model(
    tasks: &[Task],
    attribute: &str,
    reverse: bool,
    keep: impl Fn(&Task) -> bool,
) -> Vec<String> {
    let mut keys: Vec<String> = tasks
        .iter()
        .filter(|t| keep(t))
        .filter_map(|t| index_key(t, attribute))
        .collect();
    keys.sort_unstable_by(|a, b| a.as_bytes().cmp(b.as_bytes()));
    if reverse {
        keys.reverse();
    }
    keys
}

/// A range condition on the status index and the model's filter for it.
type Case = (
    &'static str,
    KeyQuery<Task, ByStatus, dynakey::SortKeyRange>,
    Box<dyn Fn(&Task) -> bool>,
);

/// Asserts `got == want` (with a message), counting the keys compared.
#[track_caller]
fn same(got: Vec<String>, want: Vec<String>, what: impl std::fmt::Display, compared: &mut usize) {
    assert_eq!(got, want, "{what}");
    *compared += got.len();
}

async fn read_keys<S>(
    db: &Db<App>,
    query: &KeyQuery<Task, ByStatus, S>,
    attribute: &str,
) -> Result<Vec<String>, BoxError> {
    let items: Vec<Task> = db.query(query).items().try_collect().await?;
    Ok(items
        .iter()
        .filter_map(|t| index_key(t, attribute))
        .collect())
}

#[tokio::test]
async fn create_table_creates_the_declared_indexes() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    let table = common::describe_table(&db).await?;
    let mut gsis = BTreeMap::new();
    for gsi in table.global_secondary_indexes() {
        let keys: Vec<&str> = gsi
            .key_schema()
            .iter()
            .map(|k| k.attribute_name())
            .collect();
        let projection = gsi.projection().ok_or("no projection")?;
        gsis.insert(
            gsi.index_name().unwrap_or_default().to_owned(),
            (
                keys.join("/"),
                projection.projection_type().cloned(),
                projection.non_key_attributes().to_vec(),
            ),
        );
    }
    assert_eq!(gsis.len(), 3);
    assert_eq!(
        gsis["GSI1"],
        ("GSI1PK/GSI1SK".into(), Some(ProjectionType::All), vec![])
    );
    assert_eq!(
        gsis["GSI2"],
        (
            "GSI2PK/GSI2SK".into(),
            Some(ProjectionType::KeysOnly),
            vec![]
        )
    );
    assert_eq!(
        gsis["GSI3"],
        (
            "GSI3PK/GSI3SK".into(),
            Some(ProjectionType::Include),
            vec!["title".to_owned(), "score".to_owned()]
        )
    );
    let lsis = table.local_secondary_indexes();
    assert_eq!(lsis.len(), 1);
    let lsi = &lsis[0];
    assert_eq!(lsi.index_name(), Some("LSI1"));
    let keys: Vec<&str> = lsi
        .key_schema()
        .iter()
        .map(|k| k.attribute_name())
        .collect();
    assert_eq!(
        keys,
        ["PK", "LSI1SK"],
        "an LSI has the table's partition key"
    );
    assert_eq!(
        lsi.projection().and_then(|p| p.projection_type()),
        Some(&ProjectionType::All)
    );
    Ok(())
}

#[tokio::test]
async fn index_queries_match_a_byte_order_model() -> Result<(), BoxError> {
    let (_engine, db, all) = seeded(400).await?;
    let sk = "GSI1SK";
    let mut compared = 0;
    for status in [Status::Active, Status::Archived] {
        let of = |t: &Task| t.status == Some(status);
        for reverse in [false, true] {
            let q = |q: KeyQuery<Task, ByStatus, _>| if reverse { q.reverse() } else { q };
            let whole = Task::query_by_status(status);
            let whole = if reverse { whole.reverse() } else { whole };
            same(
                read_keys(&db, &whole, sk).await?,
                model(&all, sk, reverse, of),
                format!("{status:?} reverse={reverse}"),
                &mut compared,
            );
            for due in [0u32, 21, 77, 5] {
                let group =
                    q(Task::query_by_status(status).begins_with(Task::by_status_sk().due(due)));
                same(
                    read_keys(&db, &group, sk).await?,
                    model(&all, sk, reverse, |t| of(t) && t.due == due),
                    format!("begins_with due {due}"),
                    &mut compared,
                );
                let deeper = q(Task::query_by_status(status)
                    .begins_with(Task::by_status_sk().due(due).workspace("w1")));
                same(
                    read_keys(&db, &deeper, sk).await?,
                    model(&all, sk, reverse, |t| {
                        of(t) && t.due == due && t.workspace == "w1"
                    }),
                    format!("begins_with due {due} workspace w1"),
                    &mut compared,
                );
                let partial = q(Task::query_by_status(status)
                    .begins_with(Task::by_status_sk().due(due).prefix("w")));
                same(
                    read_keys(&db, &partial, sk).await?,
                    model(&all, sk, reverse, |t| {
                        of(t) && t.due == due && t.workspace.starts_with('w')
                    }),
                    format!("partial workspace after due {due}"),
                    &mut compared,
                );
                let cases: [Case; 4] = [
                    (
                        "gt",
                        Task::query_by_status(status).gt(Task::by_status_sk().due(due)),
                        Box::new(move |t: &Task| t.due > due),
                    ),
                    (
                        "gte",
                        Task::query_by_status(status).gte(Task::by_status_sk().due(due)),
                        Box::new(move |t: &Task| t.due >= due),
                    ),
                    (
                        "lt",
                        Task::query_by_status(status).lt(Task::by_status_sk().due(due)),
                        Box::new(move |t: &Task| t.due < due),
                    ),
                    (
                        "lte",
                        Task::query_by_status(status).lte(Task::by_status_sk().due(due)),
                        Box::new(move |t: &Task| t.due <= due),
                    ),
                ];
                for (name, query, keep) in cases {
                    same(
                        read_keys(&db, &q(query), sk).await?,
                        model(&all, sk, reverse, |t| of(t) && keep(t)),
                        format!("{name} due {due} {status:?} reverse={reverse}"),
                        &mut compared,
                    );
                }
            }
            let between = q(Task::query_by_status(status).between(
                Task::by_status_sk().due(14u32),
                Task::by_status_sk().due(49u32),
            ));
            same(
                read_keys(&db, &between, sk).await?,
                model(&all, sk, reverse, |t| of(t) && (14..=49).contains(&t.due)),
                "between 14 and 49",
                &mut compared,
            );
            // Complete keys: exact comparisons.
            let pivot = all
                .iter()
                .find(|t| of(t))
                .ok_or("no task with the status")?;
            let exact = || {
                Task::by_status_sk()
                    .due(pivot.due)
                    .workspace(pivot.workspace.as_str())
                    .id(pivot.id)
            };
            let pivot_key = index_key(pivot, sk).ok_or("no index key")?;
            same(
                read_keys(&db, &q(Task::query_by_status(status).eq(exact())), sk).await?,
                vec![pivot_key.clone()],
                "eq a complete key",
                &mut compared,
            );
            same(
                read_keys(&db, &q(Task::query_by_status(status).gt(exact())), sk).await?,
                model(&all, sk, reverse, |t| {
                    of(t) && index_key(t, sk).is_some_and(|k| k.as_bytes() > pivot_key.as_bytes())
                }),
                "gt a complete key",
                &mut compared,
            );
        }
    }
    assert!(compared > 2_000, "the cases compare {compared} items");
    Ok(())
}

/// Scans index `index` with the SDK, returning the `PK/SK` of every item in it.
async fn scan_index(db: &Db<App>, index: &str) -> Result<BTreeSet<String>, BoxError> {
    let mut keys = BTreeSet::new();
    let mut start = None;
    loop {
        let page = db
            .client()
            .scan()
            .table_name(db.table_name())
            .index_name(index)
            .set_exclusive_start_key(start)
            .send()
            .await?;
        for item in page.items() {
            let pk = item.get("PK").and_then(|v| v.as_s().ok()).ok_or("no PK")?;
            let sk = item.get("SK").and_then(|v| v.as_s().ok()).ok_or("no SK")?;
            keys.insert(format!("{pk}/{sk}"));
        }
        start = page.last_evaluated_key().cloned();
        if start.is_none() {
            return Ok(keys);
        }
    }
}

fn primary(task: &Task) -> Result<String, BoxError> {
    let key = task.primary_key()?;
    Ok(format!(
        "{}/{}",
        key.partition(),
        key.sort().unwrap_or_default()
    ))
}

#[tokio::test]
async fn a_sparse_index_holds_exactly_the_items_whose_field_is_set() -> Result<(), BoxError> {
    let (_engine, db, mut all) = seeded(300).await?;
    let with_status = |all: &[Task]| -> Result<BTreeSet<String>, BoxError> {
        all.iter()
            .filter(|t| t.status.is_some())
            .map(primary)
            .collect()
    };
    let with_tag: BTreeSet<String> = all
        .iter()
        .filter(|t| t.tag.is_some())
        .map(primary)
        .collect::<Result<_, _>>()?;
    assert!(with_status(&all)?.len() < all.len() && !with_tag.is_empty());

    // By Scan of the index itself.
    assert_eq!(scan_index(&db, "GSI1").await?, with_status(&all)?);
    assert_eq!(scan_index(&db, "GSI3").await?, with_tag);
    assert_eq!(
        scan_index(&db, "GSI2").await?.len(),
        all.len(),
        "not sparse"
    );

    // By Query of every partition of the index.
    let mut queried = BTreeSet::new();
    for status in [Status::Active, Status::Archived] {
        let items: Vec<Task> = db
            .query(&Task::query_by_status(status))
            .items()
            .try_collect()
            .await?;
        for item in &items {
            queried.insert(primary(item)?);
        }
    }
    assert_eq!(queried, with_status(&all)?);

    // A task without a status has no GSI1 attributes at all: no placeholder value.
    let without = all
        .iter()
        .find(|t| t.status.is_none())
        .ok_or("a task without status")?;
    let key = without.primary_key()?;
    let raw = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S(key.partition().into()))
        .key(
            "SK",
            AttributeValue::S(key.sort().unwrap_or_default().into()),
        )
        .send()
        .await?;
    let item = raw.item().ok_or("the task exists")?;
    assert!(!item.contains_key("GSI1PK") && !item.contains_key("GSI1SK"));
    assert!(item.contains_key("GSI2PK") && item.contains_key("LSI1SK"));

    // Clearing the field takes the item out of the index; setting it puts it back.
    let moved = all
        .iter_mut()
        .find(|t| t.status.is_some())
        .ok_or("a task with status")?;
    moved.status = None;
    db.put(&*moved).await?;
    assert_eq!(scan_index(&db, "GSI1").await?, with_status(&all)?);
    let moved = all
        .iter_mut()
        .find(|t| t.status.is_none())
        .ok_or("a task without status")?;
    moved.status = Some(Status::Archived);
    db.put(&*moved).await?;
    assert_eq!(scan_index(&db, "GSI1").await?, with_status(&all)?);
    Ok(())
}

#[tokio::test]
async fn an_index_cursor_carries_table_and_index_keys_and_resumes_exactly() -> Result<(), BoxError>
{
    let (_engine, db, all) = seeded(300).await?;
    // GSI2 is keyed by title, and titles repeat: items share index keys, so only the table's keys
    // in the cursor tell them apart.
    let q = Task::query_by_owner("ada");
    let expected: Vec<Key<Task>> = db.query(&q).keys().items().try_collect().await?;
    let owned = all.iter().filter(|t| t.owner == "ada").count();
    assert_eq!(expected.len(), owned);
    let plan = q.plan()?;
    assert_eq!(
        plan.target().start_key_attributes(),
        ["GSI2PK", "GSI2SK", "PK", "SK"]
    );
    for size in [1u32, 2, 7, 50] {
        let paged = q.clone().limit(size);
        let mut seen: Vec<Key<Task>> = Vec::new();
        let mut cursor: Option<Cursor> = None;
        loop {
            let page = db.query(&paged).keys().page(cursor.as_ref()).await?;
            assert!(page.items.len() <= size as usize);
            seen.extend(page.items);
            let Some(next) = page.next else { break };
            let start = only_start(db.cursor_codec().decode(db.table_name(), &plan, &next)?)?;
            let names: Vec<&str> = start.keys().map(String::as_str).collect();
            assert_eq!(
                names,
                ["GSI2PK", "GSI2SK", "PK", "SK"],
                "table and index keys"
            );
            cursor = Some(next.as_str().parse()?);
        }
        assert_eq!(seen, expected, "pages of {size}");
    }

    // On an ALL index, the entity pages: every cursor resumes exactly after its page.
    let q = Task::query_by_status(Status::Active).reverse();
    let everything: Vec<Task> = db.query(&q).items().try_collect().await?;
    let mut cursor: Option<Cursor> = None;
    let mut seen = 0;
    loop {
        let page = db.query(&q.clone().limit(9)).page(cursor.as_ref()).await?;
        assert!(page.items[..] == everything[seen..seen + page.items.len()]);
        seen += page.items.len();
        let Some(next) = page.next else { break };
        let rest: Vec<Task> = db.query(&q).from(Some(&next)).items().try_collect().await?;
        assert!(
            rest[..] == everything[seen..],
            "resuming after {seen} items"
        );
        cursor = Some(next);
    }
    assert_eq!(seen, everything.len());

    // A cursor of an index query belongs to that query only.
    let page = db.query(&q.clone().limit(3)).page(None).await?;
    let cursor = page.next.ok_or("more than three items")?;
    let table_query = Task::query("w1");
    match db.query(&table_query).page(Some(&cursor)).await {
        Err(Error::Key(e)) => assert!(
            matches!(
                e.kind(),
                KeyErrorKind::Cursor(CursorError::OtherQuery(d)) if d.contains(QueryPart::Index)
            ),
            "{e}"
        ),
        other => return Err(format!("expected a refused cursor, got {other:?}").into()),
    }
    Ok(())
}

/// What a `KEYS_ONLY` index item holds: the table's and the index's keys, nothing else.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case, dead_code)]
struct OwnerIndexItem {
    PK: String,
    SK: String,
    GSI2PK: String,
    GSI2SK: String,
}

/// What the `INCLUDE("title", "score")` index item holds.
#[derive(Deserialize, Debug)]
#[serde(deny_unknown_fields)]
#[allow(non_snake_case, dead_code)]
struct TagIndexItem {
    PK: String,
    SK: String,
    GSI3PK: String,
    GSI3SK: String,
    title: String,
    score: i32,
}

#[tokio::test]
async fn keys_only_and_include_index_queries_decode_what_the_index_holds() -> Result<(), BoxError> {
    let (_engine, db, all) = seeded(250).await?;
    for owner in OWNERS {
        let q = Task::query_by_owner(owner);
        // Keys, in index order (title bytes), then the items by batch_get.
        let keys: Vec<Key<Task>> = db.query(&q).keys().items().try_collect().await?;
        let raw: Vec<OwnerIndexItem> = db.query(&q).project().items().try_collect().await?;
        assert_eq!(raw.len(), keys.len());
        let titles: Vec<&str> = raw.iter().map(|r| r.GSI2SK.as_str()).collect();
        assert!(titles
            .windows(2)
            .all(|w| w[0].as_bytes() <= w[1].as_bytes()));
        let fetched: Vec<Task> = db.batch_get(&keys).await?;
        let mut expected: Vec<&Task> = all.iter().filter(|t| t.owner == owner).collect();
        expected.sort_by_key(|t| t.id);
        let mut got: Vec<&Task> = fetched.iter().collect();
        got.sort_by_key(|t| t.id);
        assert_eq!(got, expected, "owner {owner}");
        // batch_get keeps the order of its keys: the index order.
        let order: Vec<String> = fetched.iter().map(|t| t.title.clone()).collect();
        assert_eq!(order, titles);
    }
    for tag in TAGS {
        let q = Task::query_by_tag(tag).reverse();
        let rows: Vec<TagIndexItem> = db.query(&q).project().items().try_collect().await?;
        let mut expected: Vec<(i32, String)> = all
            .iter()
            .filter(|t| t.tag.as_deref() == Some(tag))
            .map(|t| (t.score, t.title.clone()))
            .collect();
        expected.sort_by_key(|e| std::cmp::Reverse(e.0));
        let got: Vec<(i32, String)> = rows.iter().map(|r| (r.score, r.title.clone())).collect();
        let scores = |v: &[(i32, String)]| v.iter().map(|(s, _)| *s).collect::<Vec<_>>();
        assert_eq!(
            scores(&got),
            scores(&expected),
            "scores descending for {tag}"
        );
        let mut got_sorted = got.clone();
        got_sorted.sort();
        expected.sort();
        assert_eq!(got_sorted, expected, "included attributes of {tag}");
    }
    Ok(())
}

#[tokio::test]
async fn an_lsi_query_with_consistent_read_sees_every_write() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    let all = tasks(120);
    let sk = "LSI1SK";
    for task in &all {
        db.put(task).await?;
    }
    for workspace in WORKSPACES {
        let of = |t: &Task| t.workspace == workspace;
        let q = Task::query_by_score(workspace).consistent_read();
        let input = q.build()?;
        assert!(input.consistent_read);
        assert_eq!(input.index_name.as_deref(), Some("LSI1"));
        let items: Vec<Task> = db.query(&q).items().try_collect().await?;
        let got: Vec<String> = items.iter().filter_map(|t| index_key(t, sk)).collect();
        assert_eq!(got, model(&all, sk, false, of), "{workspace}");

        let q = Task::query_by_score(workspace)
            .gte(Task::by_score_sk().score(0))
            .reverse()
            .consistent_read();
        let items: Vec<Task> = db.query(&q).items().try_collect().await?;
        let got: Vec<String> = items.iter().filter_map(|t| index_key(t, sk)).collect();
        assert_eq!(
            got,
            model(&all, sk, true, |t| of(t) && t.score >= 0),
            "{workspace} >= 0"
        );

        // LSI cursors carry the table's keys and the LSI sort key, and resume exactly.
        let mut paged: Vec<Task> = Vec::new();
        let mut cursor: Option<Cursor> = None;
        loop {
            let page = db.query(&q.clone().limit(4)).page(cursor.as_ref()).await?;
            paged.extend(page.items);
            let Some(next) = page.next else { break };
            let start = only_start(db.cursor_codec().decode(
                db.table_name(),
                &q.plan()?,
                &next,
            )?)?;
            let names: Vec<&str> = start.keys().map(String::as_str).collect();
            assert_eq!(names, ["LSI1SK", "PK", "SK"]);
            cursor = Some(next);
        }
        assert_eq!(paged, items, "{workspace}: pages of 4");
    }
    Ok(())
}

#[tokio::test]
async fn an_index_key_attribute_that_the_struct_serialises_is_refused() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<App>().await?;
    let clash = Clash {
        id: "x1".into(),
        status: Status::Active,
        extra: [("GSI1SK".to_owned(), "mine".to_owned())].into(),
    };
    match db.put(&clash).await {
        Err(Error::KeyAttributeCollision { attribute }) => assert_eq!(attribute, "GSI1SK"),
        other => return Err(format!("expected KeyAttributeCollision, got {other:?}").into()),
    }
    assert_eq!(
        db.get(&Clash::key("x1")?).await?,
        None,
        "nothing was written"
    );
    Ok(())
}

/// An inverted index: the table's sort key is the index's partition key and the other way round.
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(Inverted, name = "inverted", partition_key = "SK", sort_key = "PK", projection = keys_only)]
struct Groups;

/// A user's membership of a group: read by user on the table, by group on the inverted index.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Groups)]
#[pk("USER#<user>")]
#[sk("GROUP#<group>")]
#[index(Inverted, pk = "GROUP#<group>", sk = "USER#<user>")]
struct Membership {
    user: String,
    group: String,
}

/// The same attributes and templates, but a sharded partition key: the table's `PK` ends in a
/// shard suffix the index's sort-key template does not write. (An index template whose text
/// differs from the table's is a compile error, compile-fail/tests/core/
/// index_template_conflicts_table_key.rs; the shard suffix is a value the build does not compare.)
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Groups)]
#[pk("USER#<user>", shards = 2, shard_by = "group")]
#[sk("GROUP#<group>")]
#[index(Inverted, pk = "GROUP#<group>", sk = "USER#<user>")]
struct Miswired {
    user: String,
    group: String,
}

#[tokio::test]
async fn an_index_over_the_tables_own_key_attributes_repeats_their_values() -> Result<(), BoxError>
{
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<Groups>().await?;
    let memberships: Vec<Membership> = [("ada", "admins"), ("bob", "admins"), ("ada", "ops")]
        .iter()
        .map(|(user, group)| Membership {
            user: (*user).into(),
            group: (*group).into(),
        })
        .collect();
    db.batch_put(&memberships).await?;
    let admins: Vec<Key<Membership>> = db
        .query(&Membership::query_inverted("admins"))
        .keys()
        .items()
        .try_collect()
        .await?;
    let users: Vec<&str> = admins.iter().map(Key::partition).collect();
    assert_eq!(users, ["USER#ada", "USER#bob"]);

    let miswired = Miswired {
        user: "ada".into(),
        group: "admins".into(),
    };
    match db.put(&miswired).await {
        Err(Error::KeyTemplateConflict {
            attribute,
            first,
            second,
        }) => {
            assert_eq!(attribute, "PK");
            assert!(first.starts_with("USER#ada#"), "the sharded key: {first}");
            assert_eq!(second, "USER#ada");
        }
        other => return Err(format!("expected KeyTemplateConflict, got {other:?}").into()),
    }
    Ok(())
}

/// The start key of a one-partition cursor's only position.
fn only_start(positions: Vec<Position>) -> Result<StartKey, BoxError> {
    match <[Position; 1]>::try_from(positions) {
        Ok([Position::After(key)]) => Ok(key),
        other => Err(format!("expected one position after a key, got {other:?}").into()),
    }
}
