//! Sort-key order on the embedded engine: DynamoDB compares string keys as UTF-8 bytes, which is
//! Rust's `String` order (not UTF-16 order, not case-insensitive, not locale order).

use crate::common;

use dynakey::{DefaultTable, Entity, KeyPath};
use dynakey_runtime::Db;
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

use common::{BoxError, TestEngine};

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct Node {
    account: String,
    path: KeyPath,
    size: u64,
}

/// Names chosen where byte order differs from other orders people assume: upper case before lower
/// case, accented Latin after `z`, a 3-byte private-use character (U+E000) before a 4-byte emoji
/// (UTF-16 order would put the emoji, a surrogate pair D83D…, first), U+FFFD before U+10000.
const NAMES: &[&str] = &[
    "zebra",
    "Zebra",
    "apple",
    "Apple",
    "APPLE",
    "äpfel",
    "Äpfel",
    "émile",
    "é",
    "e",
    "😀",
    "😀smile",
    "a😀",
    "a\u{E000}",
    "a\u{FFFD}",
    "a\u{10000}",
    "\u{E000}",
    "\u{FFFD}",
    "中文",
    "日本",
    "Ωmega",
    "ωmega",
    "0",
    "10",
    "9",
    "~tilde",
];

async fn put_tree(db: &Db, account: &str) -> Result<Vec<Node>, BoxError> {
    let docs = KeyPath::folder(["docs"])?;
    let mut nodes = Vec::new();
    for (i, name) in NAMES.iter().enumerate() {
        let path = docs.child_file(name)?;
        nodes.push(Node {
            account: account.to_owned(),
            path,
            size: i as u64,
        });
    }
    // The folder itself sorts before its children.
    nodes.push(Node {
        account: account.to_owned(),
        path: docs.clone(),
        size: 0,
    });
    for node in &nodes {
        db.put(node).await?;
    }
    Ok(nodes)
}

fn sorted_paths(nodes: &[Node]) -> Vec<String> {
    let mut paths: Vec<String> = nodes.iter().map(|n| n.path.as_str().to_owned()).collect();
    paths.sort();
    paths
}

#[tokio::test]
async fn query_returns_utf8_byte_order_in_both_directions() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let nodes = put_tree(&db, "a91").await?;
    // Another account's items must not show up.
    put_tree(&db, "b22").await?;

    let expected = sorted_paths(&nodes);
    // The sanity of the expectation itself: byte order, not UTF-16 order.
    let bmp = expected.iter().position(|p| p == "docs/\u{E000}");
    let emoji = expected.iter().position(|p| p == "docs/😀");
    assert!(
        bmp < emoji,
        "U+E000 (EE 80 80) sorts before U+1F600 (F0 9F 98 80)"
    );

    let forward: Vec<Node> = db
        .query(&Node::query("a91").begins_with(Node::sk()))
        .items()
        .try_collect()
        .await?;
    let forward_paths: Vec<String> = forward.iter().map(|n| n.path.as_str().to_owned()).collect();
    assert_eq!(forward_paths, expected);
    assert!(forward.iter().all(|n| n.account == "a91"));

    let backward: Vec<Node> = db
        .query(&Node::query("a91").begins_with(Node::sk()).reverse())
        .items()
        .try_collect()
        .await?;
    let mut backward_paths: Vec<String> = backward
        .iter()
        .map(|n| n.path.as_str().to_owned())
        .collect();
    backward_paths.reverse();
    assert_eq!(backward_paths, expected);
    Ok(())
}

#[tokio::test]
async fn folder_prefix_reads_the_subtree_in_byte_order() -> Result<(), BoxError> {
    let engine = TestEngine::start().await?;
    let db = engine.fresh_table::<DefaultTable>().await?;
    let nodes = put_tree(&db, "a91").await?;
    let elsewhere = KeyPath::file(["docsx", "😀"])?;
    db.put(&Node {
        account: "a91".into(),
        path: elsewhere,
        size: 1,
    })
    .await?;

    let docs = KeyPath::folder(["docs"])?;
    let q = Node::query("a91").begins_with(Node::sk().prefix(&docs));
    let found: Vec<Node> = db.query(&q).items().try_collect().await?;
    let found_paths: Vec<String> = found.iter().map(|n| n.path.as_str().to_owned()).collect();
    assert_eq!(found_paths, sorted_paths(&nodes));
    assert_eq!(
        found_paths.first().map(String::as_str),
        Some("docs/"),
        "the folder comes first"
    );
    Ok(())
}
