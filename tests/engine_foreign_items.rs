//! Typed reads of shared partitions on the embedded engine (docs/semantics.md §4, issue #13 item 4): a query,
//! page, key-only read, projection or fan-out of one entity on a partition or index that also
//! holds other items returns only its own entity's items. The others — another entity's sort key,
//! a key of the right shape that the encoder never writes (an empty last segment, the wrong shard),
//! another entity-type attribute, another entity's index keys — go to the unknown-item policy:
//! an error naming the item's keys by default, counted or kept on request, never decoded.

use crate::common;

use std::collections::BTreeSet;

use dynakey::{Cursor, DefaultTable, Entity, Key, Table};
use dynakey_runtime::UnknownItems;
use dynakey_runtime::{Db, Error, ItemOwner, Page};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{put_raw, BoxError};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByOwner, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct App;

/// Projects of a workspace, also listed by owner.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByOwner, pk = "OWNER#<owner>", sk = "PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
    owner: String,
}

/// Members of a workspace: the same partition as its projects.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("MEMBER#<user>")]
struct Member {
    workspace: String,
    user: String,
}

/// Tasks, told apart by an entity-type attribute as well.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(entity_type = "_type")]
#[pk("WS#<workspace>")]
#[sk("T#<id>")]
struct Task {
    workspace: String,
    id: u32,
}

/// Events written to 4 shards by id.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("LOG#<stream>", shards = 4, shard_by = "id")]
#[sk("EV#<id>")]
struct Event {
    stream: String,
    id: String,
}

fn project(id: &str) -> Project {
    Project {
        workspace: "acme".into(),
        id: id.into(),
        owner: "ada".into(),
    }
}

/// Projects p0…p9 and two members in workspace `acme`, and raw items a typed read of `Project`
/// must not take for projects: an empty last segment (`PROJ#`, which no project's encoder
/// writes) in the partition, and another entity's keys in the owner index.
async fn shared_partition() -> Result<(common::TestEngine, Db<App>), BoxError> {
    let (engine, db) = common::fresh::<App>().await?;
    let projects: Vec<Project> = (0..10).map(|i| project(&format!("p{i}"))).collect();
    db.batch_put(&projects).await?;
    for user in ["bob", "cy"] {
        db.put(&Member {
            workspace: "acme".into(),
            user: user.into(),
        })
        .await?;
    }
    put_raw(&db, &[("PK", "WS#acme"), ("SK", "PROJ#"), ("owner", "x")]).await?;
    put_raw(
        &db,
        &[
            ("PK", "DOC#d1"),
            ("SK", "META"),
            ("GSI1PK", "OWNER#ada"),
            ("GSI1SK", "PROJ#p5x"),
        ],
    )
    .await?;
    put_raw(
        &db,
        &[
            ("PK", "WS#acme"),
            ("SK", "PROJ#p3x"),
            ("GSI1PK", "OWNER#ada"),
            ("GSI1SK", "DOC#1"),
            ("workspace", "acme"),
            ("id", "p3x"),
            ("owner", "ada"),
        ],
    )
    .await?;
    Ok((engine, db))
}

fn ids(projects: &[Project]) -> Vec<String> {
    projects.iter().map(|p| p.id.clone()).collect()
}

/// The keys a `ForeignItem` error names, or what came instead.
fn foreign<T: std::fmt::Debug>(
    result: Result<T, Error>,
) -> Result<(Option<String>, Option<String>), BoxError> {
    match result {
        Err(Error::ForeignItem {
            entity,
            partition,
            sort,
            reason,
            ..
        }) => {
            assert!(!reason.is_empty());
            assert!(
                matches!(entity, ItemOwner::Entity(name) if !name.is_empty()),
                "{entity:?}"
            );
            Ok((partition, sort))
        }
        other => Err(format!("expected ForeignItem, got {other:?}").into()),
    }
}

#[tokio::test]
async fn a_query_of_a_shared_partition_fails_on_another_entity_by_default() -> Result<(), BoxError>
{
    let (_engine, db) = shared_partition().await?;
    let all = Project::query("acme");
    // Members sort before projects: the first item read is a member.
    let (partition, sort) = foreign(db.query(&all).items().try_collect::<Vec<_>>().await)?;
    assert_eq!(partition.as_deref(), Some("WS#acme"));
    assert_eq!(sort.as_deref(), Some("MEMBER#bob"));
    foreign(db.query(&all).page(None).await)?;
    foreign(db.query(&all).keys().items().try_collect::<Vec<_>>().await)?;
    // Within the entity's own range, the key its encoder never writes is still not a project.
    let own = Project::query("acme").begins_with(Project::sk());
    let (_, sort) = foreign(db.query(&own).items().try_collect::<Vec<_>>().await)?;
    assert_eq!(sort.as_deref(), Some("PROJ#"));
    Ok(())
}

#[tokio::test]
async fn skipped_and_kept_items_are_counted_and_never_decoded() -> Result<(), BoxError> {
    let (_engine, db) = shared_partition().await?;
    let all = Project::query("acme");
    let mut expected: Vec<String> = (0..10).map(|i| format!("p{i}")).collect();
    expected.insert(4, "p3x".into());
    let skipped: Vec<Project> = db
        .query(&all)
        .unknown_items(UnknownItems::Skip)
        .items()
        .try_collect()
        .await?;
    assert_eq!(ids(&skipped), expected);

    let page = db
        .query(&all)
        .unknown_items(UnknownItems::Keep)
        .page(None)
        .await?;
    assert_eq!(ids(&page.items), expected);
    assert_eq!(page.unknown_count, 3);
    let kept: BTreeSet<&str> = page
        .unknown
        .iter()
        .filter_map(|item| item.get("SK")?.as_s().ok().map(String::as_str))
        .collect();
    assert_eq!(kept, BTreeSet::from(["MEMBER#bob", "MEMBER#cy", "PROJ#"]));
    let skipped = db
        .query(&all)
        .unknown_items(UnknownItems::Skip)
        .page(None)
        .await?;
    assert_eq!((skipped.unknown.len(), skipped.unknown_count), (0, 3));

    // A stream has nowhere to keep them: it fails instead of dropping them.
    foreign(
        db.query(&all)
            .unknown_items(UnknownItems::Keep)
            .items()
            .try_collect::<Vec<_>>()
            .await,
    )?;

    // Keys only: never a Key<Project> for another item.
    let keys: Vec<Key<Project>> = db
        .query(&all)
        .unknown_items(UnknownItems::Skip)
        .keys()
        .items()
        .try_collect()
        .await?;
    assert_eq!(keys.len(), expected.len());
    assert!(keys
        .iter()
        .all(|k| k.sort().is_some_and(|s| s.len() > "PROJ#".len())));

    // A projection reads the key attributes too, so the check still holds.
    #[derive(Deserialize, Debug)]
    struct Owner {
        owner: String,
    }
    let owners: Vec<Owner> = db
        .query(&all.clone().project(["owner"]))
        .unknown_items(UnknownItems::Skip)
        .project::<Owner>()
        .items()
        .try_collect()
        .await?;
    assert_eq!(owners.len(), expected.len());
    assert!(owners.iter().all(|o| o.owner == "ada"));
    foreign(
        db.query(&all.project(["owner"]))
            .project::<Owner>()
            .items()
            .try_collect::<Vec<_>>()
            .await,
    )?;
    Ok(())
}

#[tokio::test]
async fn paging_over_foreign_items_has_no_gap_and_no_duplicate() -> Result<(), BoxError> {
    let (_engine, db) = shared_partition().await?;
    for (limit, one_request) in (1..=5).flat_map(|l| [(l, false), (l, true)]) {
        let q = Project::query("acme").limit(limit);
        let mut cursor: Option<Cursor> = None;
        let mut seen = Vec::new();
        let mut unknown = 0;
        loop {
            let read = db.query(&q).unknown_items(UnknownItems::Skip);
            let read = if one_request {
                read.one_request_per_page()
            } else {
                read
            };
            let page: Page<Project> = read.page(cursor.as_ref()).await?;
            if one_request {
                // DynamoDB's page: `Limit` items read, foreign ones among them.
                assert!(page.items.len() + page.unknown_count <= limit as usize);
            } else if page.next.is_some() {
                // A full page: `limit` projects, the foreign items skipped besides.
                assert_eq!(page.items.len(), limit as usize);
            }
            seen.extend(ids(&page.items));
            unknown += page.unknown_count;
            cursor = page.next;
            if cursor.is_none() {
                break;
            }
        }
        assert_eq!(seen.len(), 11, "limit {limit}");
        assert_eq!(seen.iter().collect::<BTreeSet<_>>().len(), 11);
        assert_eq!(unknown, 3, "limit {limit}");
    }
    Ok(())
}

#[tokio::test]
async fn an_index_query_checks_the_entity_s_index_templates() -> Result<(), BoxError> {
    let (_engine, db) = shared_partition().await?;
    let q = Project::query_by_owner("ada");
    // DOC#d1 has the right index keys but is no project; p3x has a project's table key but
    // another entity's index sort key.
    foreign(db.query(&q).items().try_collect::<Vec<_>>().await)?;
    let page = db
        .query(&q)
        .unknown_items(UnknownItems::Keep)
        .page(None)
        .await?;
    assert_eq!(page.items.len(), 10);
    let kept: BTreeSet<&str> = page
        .unknown
        .iter()
        .filter_map(|item| item.get("PK")?.as_s().ok().map(String::as_str))
        .collect();
    assert_eq!(kept, BTreeSet::from(["DOC#d1", "WS#acme"]));
    Ok(())
}

#[tokio::test]
async fn the_entity_type_attribute_is_checked_where_declared() -> Result<(), BoxError> {
    let (_engine, db) = common::fresh::<DefaultTable>().await?;
    db.put(&Task {
        workspace: "acme".into(),
        id: 1,
    })
    .await?;
    // The sort key of a task, but another type, or none.
    put_raw(&db, &[("PK", "WS#acme"), ("SK", "T#2"), ("_type", "Note")]).await?;
    put_raw(&db, &[("PK", "WS#acme"), ("SK", "T#3")]).await?;
    let q = Task::query("acme");
    let (_, sort) = foreign(db.query(&q).items().try_collect::<Vec<_>>().await)?;
    assert_eq!(sort.as_deref(), Some("T#2"));
    let page = db
        .query(&q)
        .unknown_items(UnknownItems::Skip)
        .page(None)
        .await?;
    assert_eq!(page.items.len(), 1);
    assert_eq!(page.unknown_count, 2);
    // Keys only: the entity-type attribute is read along with the keys.
    let keys: Vec<Key<Task>> = db
        .query(&q)
        .unknown_items(UnknownItems::Skip)
        .keys()
        .items()
        .try_collect()
        .await?;
    assert_eq!(keys.len(), 1);
    Ok(())
}

#[tokio::test]
async fn a_fan_out_refuses_items_in_a_shard_they_are_never_written_to() -> Result<(), BoxError> {
    let (_engine, db) = common::fresh::<DefaultTable>().await?;
    let events: Vec<Event> = (0..20)
        .map(|i| Event {
            stream: "s".into(),
            id: format!("e{i:02}"),
        })
        .collect();
    db.batch_put(&events).await?;
    // e05 in a shard that is not its own, and an item of another shape.
    let own = Event::shard_of("e05")?;
    let wrong = (own + 1) % 4;
    put_raw(
        &db,
        &[("PK", &format!("LOG#s#{wrong:02}")), ("SK", "EV#e05")],
    )
    .await?;
    put_raw(&db, &[("PK", &format!("LOG#s#{own:02}")), ("SK", "EW#1")]).await?;
    let q = Event::query_shards("s");
    let (partition, sort) = foreign(db.query(&q).items().try_collect::<Vec<_>>().await)?;
    assert_eq!(sort.as_deref(), Some("EV#e05"));
    assert_eq!(partition, Some(format!("LOG#s#{wrong:02}")));
    let read: Vec<Event> = db
        .query(&q)
        .unknown_items(UnknownItems::Skip)
        .items()
        .try_collect()
        .await?;
    assert_eq!(read, events, "every event once, merged in sort-key order");
    let mut cursor = None;
    let mut paged = Vec::new();
    let mut unknown = 0;
    loop {
        let page = db
            .query(&q.clone().limit(3))
            .unknown_items(UnknownItems::Skip)
            .page(cursor.as_ref())
            .await?;
        paged.extend(page.items);
        unknown += page.unknown_count;
        cursor = page.next;
        if cursor.is_none() {
            break;
        }
    }
    assert_eq!(paged, events);
    assert_eq!(unknown, 2);
    Ok(())
}
