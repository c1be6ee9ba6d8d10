//! An entity's earlier key shapes (`#[was(…)]`, docs/semantics.md §4, "Earlier key templates"):
//! items written in an old shape, past dynakey as a migration-era writer left them, are read as
//! the entity by `get`, `query`, `scan` and a table's items; a put of such an item writes the
//! current shape.

use crate::common;

use aws_sdk_dynamodb::types::AttributeValue;
use dynakey::{Entity, Key, Table};
use dynakey_runtime::Db;
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{fresh, BoxError};

#[derive(Table, Debug, PartialEq)]
#[table(partition_key = "PK", sort_key = "SK")]
enum Drive {
    Folder(Folder),
    Node(Node),
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<drive>")]
#[sk("DIR#<path>")]
struct Folder {
    drive: String,
    path: String,
}

/// Nodes were files first (`FILE#…`), and before that lived in partitions of their own
/// (`D#<drive>`, `F#<name>`).
#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Drive)]
#[pk("DRIVE#<drive>")]
#[sk("NODE#<parent>#<name>")]
#[was(sk = "FILE#<parent>#<name>")]
#[was(pk = "D#<drive>", sk = "F#<name>")]
struct Node {
    drive: String,
    parent: String,
    name: String,
    size: u64,
}

fn node(parent: &str, name: &str, size: u64) -> Node {
    Node {
        drive: "d1".into(),
        parent: parent.into(),
        name: name.into(),
        size,
    }
}

/// Writes `node` with the table keys `(partition, sort)` instead of its own: every field as an
/// attribute (as serde writes it), the keys of an old shape beside.
async fn put_old(db: &Db<Drive>, node: &Node, partition: &str, sort: &str) -> Result<(), BoxError> {
    let mut item = dynakey_runtime::item::to_item(node)?;
    item.insert("PK".into(), AttributeValue::S(partition.into()));
    item.insert("SK".into(), AttributeValue::S(sort.into()));
    db.client()
        .put_item()
        .table_name(db.table_name())
        .set_item(Some(item))
        .send()
        .await?;
    Ok(())
}

/// The table keys of every item in the table, sorted.
async fn all_keys(db: &Db<Drive>) -> Result<Vec<(String, String)>, BoxError> {
    let out = db
        .client()
        .scan()
        .table_name(db.table_name())
        .consistent_read(true)
        .send()
        .await?;
    let text = |item: &std::collections::HashMap<String, AttributeValue>, name: &str| {
        item.get(name)
            .and_then(|v| v.as_s().ok())
            .cloned()
            .unwrap_or_default()
    };
    let mut keys: Vec<(String, String)> = out
        .items()
        .iter()
        .map(|item| (text(item, "PK"), text(item, "SK")))
        .collect();
    keys.sort();
    Ok(keys)
}

#[tokio::test]
async fn items_of_earlier_shapes_are_read_as_the_entity() -> Result<(), BoxError> {
    let (_engine, db) = fresh::<Drive>().await?;
    let (file, old, current) = (
        node("docs", "a.txt", 1),
        node("docs", "b.txt", 2),
        node("img", "c.png", 3),
    );
    put_old(&db, &file, "DRIVE#d1", "FILE#docs#a.txt").await?;
    put_old(&db, &old, "D#d1", "F#b.txt").await?;
    db.put(&current).await?;
    let folder = Folder {
        drive: "d1".into(),
        path: "docs".into(),
    };
    db.put(&folder).await?;

    // The partition the current templates name holds the `FILE#` item and the current one;
    // the folder beside them is another entity's.
    let page = db.query(&Node::query("d1")).page(None).await?;
    assert_eq!(page.items, [file.clone(), current.clone()]);
    assert_eq!(page.unknown_count, 0);
    let all: Vec<Drive> = db
        .query(&Node::query("d1"))
        .table_items()
        .items()
        .try_collect()
        .await?;
    assert_eq!(
        all,
        [
            Drive::Folder(folder.clone()),
            Drive::Node(file.clone()),
            Drive::Node(current.clone()),
        ]
    );

    // Each by its key, in the shape it is stored in.
    let key = Key::<Node>::parse("D#d1", Some("F#b.txt"))?;
    assert!(!Key::<Node>::is_current(key.partition(), key.sort()));
    assert_eq!(db.get(&key).consistent_read().await?, Some(old.clone()));
    let key = Key::<Node>::parse("DRIVE#d1", Some("FILE#docs#a.txt"))?;
    assert_eq!(db.get(&key).consistent_read().await?, Some(file.clone()));
    assert_eq!(
        db.get(&current.primary_key()?).consistent_read().await?,
        Some(current.clone())
    );

    // A scan finds every node, whatever its shape.
    let mut nodes: Vec<Node> = db.scan::<Node>().items().try_collect().await?;
    nodes.sort_by(|a, b| a.name.cmp(&b.name));
    assert_eq!(nodes, [file.clone(), old.clone(), current.clone()]);
    let mut items: Vec<Drive> = db
        .scan::<Folder>()
        .table_items()
        .items()
        .try_collect()
        .await?;
    items.retain(|item| matches!(item, Drive::Node(_)));
    assert_eq!(items.len(), 3, "{items:?}");
    Ok(())
}

#[tokio::test]
async fn a_put_of_an_item_read_in_an_earlier_shape_writes_the_current_shape() -> Result<(), BoxError>
{
    let (_engine, db) = fresh::<Drive>().await?;
    let old = node("docs", "b.txt", 2);
    put_old(&db, &old, "D#d1", "F#b.txt").await?;
    let key = Key::<Node>::parse("D#d1", Some("F#b.txt"))?;
    let read = db
        .get(&key)
        .consistent_read()
        .await?
        .ok_or("the old item")?;
    db.put(&read).await?;
    let keys = all_keys(&db).await?;
    assert_eq!(
        keys,
        [
            ("D#d1".to_owned(), "F#b.txt".to_owned()),
            ("DRIVE#d1".to_owned(), "NODE#docs#b.txt".to_owned()),
        ],
        "the put wrote the current shape; the old item is the migration's to delete"
    );
    let (partition, sort) = &keys[1];
    assert!(Key::<Node>::is_current(partition, Some(sort)));
    assert_eq!(
        db.get(&read.primary_key()?).consistent_read().await?,
        Some(old)
    );
    Ok(())
}
