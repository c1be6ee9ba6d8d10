//! Item collections on the embedded engine: one paged Query decoded into a typed result (issue #5,
//! docs/semantics.md §4). Query requests are counted by a `RequestLog` (what the SDK edge sent), not by the read's own report.

use crate::common;

use std::collections::HashMap;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Collection, CollectionErrorKind, DefaultTable, Entity, KeyErrorKind, KeyPath};
use dynakey_runtime::{Db, Error, RequestLog, UnknownItems};
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

/// The seed's overloaded key schema.
#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Workspaces, name = "WorkspaceSettings")]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
    name: String,
    plan: String,
}

/// `id` is time-sortable: `<year>-<sequence>`, e.g. `2026-0042`.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
    name: String,
    description: String,
}

/// A workspace and all its projects.
#[derive(Collection, Debug, PartialEq)]
struct Workspace {
    settings: Settings,
    projects: Vec<Project>,
}

/// A read that may leave the settings out (a group-prefix read of projects).
#[derive(Collection, Debug, PartialEq)]
struct ProjectsOf {
    settings: Option<Settings>,
    projects: Vec<Project>,
}

/// A fresh table declared by `T`, and a `Db` on it that records its requests.
async fn counted<T: dynakey::Table>(engine: &TestEngine) -> Result<(Db<T>, RequestLog), BoxError> {
    let log = RequestLog::new();
    let db = engine.fresh_table::<T>().await?.with_request_log(&log);
    Ok((db, log))
}

/// The number of 1 MB pages of a whole-partition Query, counted with the plain SDK: the reference
/// the collection read's request count is held to.
async fn pages_of(engine: &TestEngine, table: &str, partition: &str) -> Result<usize, BoxError> {
    let client = engine.client();
    let mut pages = 0;
    let mut start = None;
    loop {
        let output = client
            .query()
            .table_name(table)
            .key_condition_expression("#pk = :pk")
            .expression_attribute_names("#pk", "EntityRef")
            .expression_attribute_values(":pk", AttributeValue::S(partition.into()))
            .set_exclusive_start_key(start.take())
            .send()
            .await?;
        pages += 1;
        match output.last_evaluated_key {
            Some(key) => start = Some(key),
            None => return Ok(pages),
        }
    }
}

fn settings() -> Settings {
    Settings {
        workspace: "acme".into(),
        name: "Acme Corp".into(),
        plan: "enterprise".into(),
    }
}

fn project(year: u32, seq: u32, description: &str) -> Project {
    Project {
        workspace: "acme".into(),
        id: format!("{year}-{seq:04}"),
        name: format!("Project {seq}"),
        description: description.into(),
    }
}

/// Puts the settings and `projects`, plus a neighbouring workspace that must never show up.
async fn load(db: &Db<Workspaces>, projects: &[Project]) -> Result<(), BoxError> {
    db.put(&settings()).await?;
    db.batch_put(projects).await?;
    let mut other = settings();
    other.workspace = "acme-labs".into();
    db.put(&other).await?;
    let mut stray = project(2026, 1, "other workspace");
    stray.workspace = "acme-labs".into();
    db.put(&stray).await?;
    Ok(())
}

/// Puts an item of a shape no member has into the acme partition, with the plain SDK.
async fn put_foreign(
    engine: &TestEngine,
    table: &str,
) -> Result<HashMap<String, AttributeValue>, BoxError> {
    let item: HashMap<String, AttributeValue> = [
        ("EntityRef", AttributeValue::S("WS#acme".into())),
        ("Detail", AttributeValue::S("INVITE#bob@example.com".into())),
        ("invited_by", AttributeValue::S("ada".into())),
        ("ttl", AttributeValue::N("1767225600".into())),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    engine
        .client()
        .put_item()
        .table_name(table)
        .set_item(Some(item.clone()))
        .send()
        .await?;
    Ok(item)
}

#[tokio::test]
async fn a_workspace_without_projects_is_one_query() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, counter) = counted::<Workspaces>(&engine).await?;
    load(&db, &[]).await?;

    let read = db
        .query(&Project::query("acme"))
        .collection::<Workspace>()
        .await?;
    assert_eq!(read.collection.settings, settings());
    assert!(read.collection.projects.is_empty());
    assert_eq!(counter.queries().len(), 1);
    assert_eq!(read.requests, 1);
    assert!(read.consumed_capacity.is_some_and(|c| c > 0.0));
    assert_eq!(read.unknown_count, 0);
    Ok(())
}

#[tokio::test]
async fn a_workspace_with_one_project() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, counter) = counted::<Workspaces>(&engine).await?;
    let apollo = project(2026, 42, "to the moon");
    load(&db, std::slice::from_ref(&apollo)).await?;

    // Any member's query names the partition.
    let view: Workspace = db
        .query(&Settings::query("acme"))
        .collection()
        .await?
        .collection;
    assert_eq!(
        view,
        Workspace {
            settings: settings(),
            projects: vec![apollo],
        }
    );
    assert_eq!(counter.queries().len(), 1);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_workspace_with_a_thousand_projects_in_sort_key_order() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, counter) = counted::<Workspaces>(&engine).await?;
    // Written out of order, across two years.
    let mut projects: Vec<Project> = (0..1_000)
        .rev()
        .map(|i| project(2025 + i % 2, i, "a project"))
        .collect();
    load(&db, &projects).await?;
    projects.sort_by(|a, b| a.id.cmp(&b.id));

    let read = db
        .query(&Project::query("acme"))
        .collection::<Workspace>()
        .await?;
    assert_eq!(read.collection.settings, settings());
    assert_eq!(read.collection.projects.len(), 1_000);
    assert!(
        read.collection.projects == projects,
        "every project once, by id"
    );
    let pages = pages_of(&engine, db.table_name(), "WS#acme").await?;
    assert_eq!(counter.queries().len(), pages, "one Query per 1 MB page");
    assert_eq!(read.requests as usize, pages);

    // Newest first.
    let newest_first: Workspace = db
        .query(&Project::query("acme").reverse())
        .collection()
        .await?
        .collection;
    projects.reverse();
    assert!(newest_first.projects == projects);
    Ok(())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_collection_over_one_megabyte_takes_one_query_per_page() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, counter) = counted::<Workspaces>(&engine).await?;
    // 1,500 projects of about 1 KB: about 1.5 MB.
    let description = "x".repeat(1_000);
    let projects: Vec<Project> = (0..1_500).map(|i| project(2026, i, &description)).collect();
    load(&db, &projects).await?;

    let read = db
        .query(&Project::query("acme"))
        .collection::<Workspace>()
        .await?;
    assert!(read.collection.projects == projects);
    let pages = pages_of(&engine, db.table_name(), "WS#acme").await?;
    assert!(pages >= 2, "1.5 MB must not fit one page, got {pages}");
    assert_eq!(
        counter.queries().len(),
        pages,
        "the collection read sends one Query per 1 MB page"
    );
    assert_eq!(read.requests as usize, pages);
    assert_eq!(
        counter
            .queries()
            .iter()
            .filter(|q| q.limit().is_some())
            .count(),
        0,
        "no request carries a Limit"
    );
    Ok(())
}

#[tokio::test]
async fn a_foreign_item_fails_the_read_by_default() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, _) = counted::<Workspaces>(&engine).await?;
    load(&db, &[project(2026, 1, "p")]).await?;
    put_foreign(&engine, db.table_name()).await?;

    for result in [
        db.query(&Project::query("acme"))
            .collection::<Workspace>()
            .await
            .map(|_| ()),
        db.query(&Project::query("acme"))
            .unknown_items(UnknownItems::Error)
            .collection::<Workspace>()
            .await
            .map(|_| ()),
    ] {
        match result {
            Err(Error::Collection(e)) => match e.kind() {
                CollectionErrorKind::UnknownItem {
                    collection,
                    sort_key,
                } => {
                    assert_eq!(*collection, "Workspace");
                    assert_eq!(sort_key.as_deref(), Some("INVITE#bob@example.com"));
                    assert!(e.to_string().contains("INVITE#bob@example.com"), "{e}");
                }
                other => panic!("expected UnknownItem, got {other:?}"),
            },
            other => panic!("expected a collection error, got {other:?}"),
        }
    }
    Ok(())
}

#[tokio::test]
async fn a_foreign_item_is_kept_raw_in_the_unknown_bucket() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, _) = counted::<Workspaces>(&engine).await?;
    let p = project(2026, 1, "p");
    load(&db, std::slice::from_ref(&p)).await?;
    let foreign = put_foreign(&engine, db.table_name()).await?;

    let read = db
        .query(&Project::query("acme"))
        .unknown_items(UnknownItems::Keep)
        .collection::<Workspace>()
        .await?;
    assert_eq!(read.collection.settings, settings());
    assert_eq!(read.collection.projects, vec![p]);
    assert_eq!(read.unknown_count, 1);
    assert_eq!(
        read.unknown,
        vec![foreign],
        "the whole raw item, keys included"
    );
    Ok(())
}

#[tokio::test]
async fn a_foreign_item_is_counted_and_skipped() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, _) = counted::<Workspaces>(&engine).await?;
    let p = project(2026, 1, "p");
    load(&db, std::slice::from_ref(&p)).await?;
    put_foreign(&engine, db.table_name()).await?;
    // A second foreign shape, between the settings and the projects in key order.
    engine
        .client()
        .put_item()
        .table_name(db.table_name())
        .item("EntityRef", AttributeValue::S("WS#acme".into()))
        .item("Detail", AttributeValue::S("AUDIT#2026-01-01".into()))
        .item("note", AttributeValue::S("created".into()))
        .send()
        .await?;

    let read = db
        .query(&Project::query("acme"))
        .unknown_items(UnknownItems::Skip)
        .collection::<Workspace>()
        .await?;
    assert_eq!(read.collection.settings, settings());
    assert_eq!(read.collection.projects, vec![p]);
    assert_eq!(read.unknown_count, 2, "the AUDIT and INVITE items");
    assert!(read.unknown.is_empty(), "skipped, not kept");
    Ok(())
}

#[tokio::test]
async fn an_item_of_a_member_that_does_not_deserialise_names_its_key() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, _) = counted::<Workspaces>(&engine).await?;
    load(&db, &[]).await?;
    engine
        .client()
        .put_item()
        .table_name(db.table_name())
        .item("EntityRef", AttributeValue::S("WS#acme".into()))
        .item("Detail", AttributeValue::S("PROJ#2026-0001".into()))
        .item("name", AttributeValue::N("7".into()))
        .send()
        .await?;
    match db
        .query(&Project::query("acme"))
        .collection::<Workspace>()
        .await
    {
        Err(Error::Decode {
            partition, sort, ..
        }) => {
            assert_eq!(partition.as_deref(), Some("WS#acme"));
            assert_eq!(sort.as_deref(), Some("PROJ#2026-0001"));
        }
        other => panic!("expected a decode error, got {other:?}"),
    }
    Ok(())
}

#[tokio::test]
async fn a_group_prefix_reads_only_that_group() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, counter) = counted::<Workspaces>(&engine).await?;
    let projects: Vec<Project> = (0..40).map(|i| project(2024 + i % 3, i, "p")).collect();
    load(&db, &projects).await?;

    // Only the projects of 2026: a partial value of the id, the explicit `prefix`.
    let of_2026 = Project::query("acme").begins_with(Project::sk().prefix("2026-"));
    let read = db.query(&of_2026).collection::<ProjectsOf>().await?;
    let mut expected: Vec<Project> = projects
        .iter()
        .filter(|p| p.id.starts_with("2026-"))
        .cloned()
        .collect();
    expected.sort_by(|a, b| a.id.cmp(&b.id));
    assert_eq!(read.collection.projects.len(), 13);
    assert_eq!(read.collection.projects, expected);
    assert_eq!(read.collection.settings, None, "META is outside the group");
    assert_eq!(counter.queries().len(), 1);

    // A member declared as exactly one item must be in range.
    match db.query(&of_2026).collection::<Workspace>().await {
        Err(Error::Collection(e)) => assert!(
            matches!(e.kind(), CollectionErrorKind::Missing { member, .. } if member.field == "settings"),
            "{e}"
        ),
        other => panic!("expected Missing, got {other:?}"),
    }

    // A range of groups works the same way: 2024 through 2025.
    let range = Project::query("acme")
        .between(Project::sk().id("2024-0000"), Project::sk().id("2025-9999"));
    let read: ProjectsOf = db.query(&range).collection().await?.collection;
    assert_eq!(read.projects.len(), 27);
    assert!(read.projects.iter().all(|p| !p.id.starts_with("2026")));
    Ok(())
}

#[tokio::test]
async fn a_limit_is_rejected_before_any_request() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, counter) = counted::<Workspaces>(&engine).await?;
    match db
        .query(&Project::query("acme").limit(10))
        .collection::<Workspace>()
        .await
    {
        Err(Error::Key(e)) => assert!(matches!(e.kind(), KeyErrorKind::Condition(_)), "{e}"),
        other => panic!("expected a key error, got {other:?}"),
    }
    assert_eq!(counter.queries().len(), 0);
    Ok(())
}

#[tokio::test]
async fn a_second_item_for_a_single_member_is_an_error_naming_both_keys() -> Result<(), BoxError> {
    #[derive(Collection, Debug)]
    struct OneProject {
        #[allow(dead_code)]
        project: Option<Project>,
    }
    let engine = TestEngine::start().await?;
    let (db, _) = counted::<Workspaces>(&engine).await?;
    load(&db, &[project(2026, 1, "a"), project(2026, 2, "b")]).await?;
    match db
        .query(&Project::query("acme").begins_with(Project::sk()))
        .collection::<OneProject>()
        .await
    {
        Err(Error::Collection(e)) => match e.kind() {
            CollectionErrorKind::TooMany {
                member,
                first_sort_key,
                second_sort_key,
                ..
            } => {
                assert_eq!(member.field, "project");
                assert_eq!(first_sort_key, "PROJ#2026-0001");
                assert_eq!(second_sort_key, "PROJ#2026-0002");
            }
            other => panic!("expected TooMany, got {other:?}"),
        },
        other => panic!("expected a collection error, got {other:?}"),
    }
    Ok(())
}

/// A tag whose sort key is its bare name. Its type's key encoding is written by hand, so the
/// build-time analysis cannot tell whether `META` is a tag name (for a `String` name it can, and
/// `Tagged` would not compile): every key is checked against both members at run time.
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("<name>")]
struct Tag {
    workspace: String,
    name: TagName,
}

/// A tag name: any text, with a hand-written `KeySegment` (which does not declare `ANY_TEXT`).
#[derive(Serialize, Deserialize, Debug, Clone, PartialEq)]
#[serde(transparent)]
struct TagName(String);

impl dynakey::KeySegment for TagName {
    fn encode_segment(&self, out: &mut String) -> Result<(), dynakey::SegmentError> {
        out.push_str(&self.0);
        Ok(())
    }

    fn decode_segment(text: &str) -> Result<Self, dynakey::SegmentError> {
        Ok(TagName(text.to_owned()))
    }
}

impl dynakey::SegmentArg<TagName> for &str {
    fn encode_arg(&self, out: &mut String) -> Result<(), dynakey::SegmentError> {
        out.push_str(self);
        Ok(())
    }
}

#[derive(Collection, Debug)]
#[allow(dead_code)] // read only through Debug: the reads below are expected to fail
struct Tagged {
    settings: Settings,
    tags: Vec<Tag>,
}

#[tokio::test]
async fn a_key_two_members_accept_is_an_error_naming_both() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, _) = counted::<Workspaces>(&engine).await?;
    let tag = Tag {
        workspace: "acme".into(),
        name: TagName("urgent".into()),
    };
    db.put(&tag).await?;
    // Without the settings item, every key belongs to exactly one member.
    let read = db.query(&Tag::query("acme")).collection::<Tagged>().await;
    assert!(
        matches!(&read, Err(Error::Collection(e)) if matches!(e.kind(), CollectionErrorKind::Missing { .. })),
        "{read:?}"
    );
    let tags: Vec<Tag> = db
        .query(&Tag::query("acme"))
        .collection::<TagsOnly>()
        .await?
        .collection
        .tags;
    assert_eq!(tags, vec![tag]);

    // `META` is the settings' key and also a valid tag name.
    db.put(&settings()).await?;
    match db.query(&Tag::query("acme")).collection::<Tagged>().await {
        Err(Error::Collection(e)) => match e.kind() {
            CollectionErrorKind::Ambiguous {
                sort_key,
                first,
                second,
                ..
            } => {
                assert_eq!(sort_key, "META");
                assert_eq!(
                    (first.field, first.entity),
                    ("settings", "WorkspaceSettings")
                );
                assert_eq!((second.field, second.entity), ("tags", "Tag"));
                let message = e.to_string();
                assert!(
                    message.contains("WorkspaceSettings") && message.contains("Tag"),
                    "{message}"
                );
            }
            other => panic!("expected Ambiguous, got {other:?}"),
        },
        other => panic!("expected a collection error, got {other:?}"),
    }
    Ok(())
}

#[derive(Collection, Debug)]
struct TagsOnly {
    tags: Vec<Tag>,
}

// The drive: folders and files share the `<path>` sort-key template; the entity-type attribute
// tells their items apart, and a folder's path prefix reads it with all its descendants.

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(entity_type = "_type")]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct Folder {
    account: String,
    path: KeyPath,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(entity_type = "_type")]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct File {
    account: String,
    path: KeyPath,
    bytes: u64,
}

/// A folder and its descendants: the folder itself comes first in `folders` (its key is a prefix
/// of every descendant's, so it sorts first), then every subfolder, at any depth.
#[derive(Collection, Debug, PartialEq)]
struct FolderTree {
    folders: Vec<Folder>,
    files: Vec<File>,
}

#[tokio::test]
async fn the_drive_reads_a_folder_with_its_subfolders_and_files() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let (db, counter) = counted::<DefaultTable>(&engine).await?;
    let folder = |segments: &[&str]| -> Result<Folder, BoxError> {
        Ok(Folder {
            account: "ada".into(),
            path: KeyPath::folder(segments)?,
        })
    };
    let file = |segments: &[&str], bytes: u64| -> Result<File, BoxError> {
        Ok(File {
            account: "ada".into(),
            path: KeyPath::file(segments)?,
            bytes,
        })
    };
    let folders = [
        folder(&["root"])?,
        folder(&["root", "photos"])?,
        folder(&["root", "photos", "2024"])?,
        folder(&["root", "docs"])?,
    ];
    let files = [
        file(&["root", "photos", "beach.jpg"], 2_000)?,
        file(&["root", "photos", "2024", "snow.jpg"], 3_000)?,
        file(&["root", "photos.txt"], 10)?,
        file(&["root", "docs", "cv.pdf"], 500)?,
    ];
    db.batch_put(&folders).await?;
    db.batch_put(&files).await?;

    // The attribute is written on every put.
    let raw = db
        .client()
        .get_item()
        .table_name(db.table_name())
        .key("PK", AttributeValue::S("DRIVE#ada".into()))
        .key("SK", AttributeValue::S("root/photos/beach.jpg".into()))
        .send()
        .await?;
    assert_eq!(
        raw.item().and_then(|i| i.get("_type")),
        Some(&AttributeValue::S("File".into()))
    );

    let photos = KeyPath::folder(["root", "photos"])?;
    let tree: FolderTree = db
        .query(&Folder::query("ada").begins_with(Folder::sk().prefix(&photos)))
        .collection()
        .await?
        .collection;
    assert_eq!(
        tree,
        FolderTree {
            folders: vec![folders[1].clone(), folders[2].clone()],
            files: vec![files[1].clone(), files[0].clone()],
        }
    );
    assert_eq!(tree.folders[0].path, photos, "the folder itself first");
    assert_eq!(counter.queries().len(), 1);

    // The whole drive.
    let all: FolderTree = db.query(&File::query("ada")).collection().await?.collection;
    assert_eq!(all.folders.len(), 4);
    assert_eq!(all.files.len(), 4);
    assert!(all.folders.iter().all(|f| f.path.is_folder()));
    assert!(all.files.iter().all(|f| !f.path.is_folder()));
    Ok(())
}
