//! A sharded workspace (seed 2, "a workspace with millions of projects may need a sharded key
//! (e.g. WS#acme#01 … #10) and fan-out reads"), on the embedded engine.
//!
//! `#[pk("WS#<workspace>", shards = 10, shard_by = "id")]` spreads the projects of one workspace
//! over ten partition keys, `WS#acme#00` … `WS#acme#09`: each project's shard is the jump consistent hash
//! of FNV-1a 64 of its id, over 10 shards (AWS developer guide, "Using write sharding to distribute workloads evenly").
//! Its key still finds it with one GetItem, and a fan-out read sends the same key condition to
//! every shard concurrently and merges the results newest first, with a limit and one cursor that
//! resumes all ten shards.
//!
//! ```text
//! cargo run --example sharding
//! ```

use dynakey::{AttributeValue, Json};
use dynakey::{Cursor, Entity, Table};
use dynakey_runtime::{Db, Engine};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The single-table declaration of the seed: generic key attribute names.
#[derive(Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

/// A project, in one of ten shards of its workspace, sorted by creation time within it.
#[derive(Entity, Serialize, Deserialize, Debug, Clone)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>", shards = 10, shard_by = "id")]
#[sk("PROJ#<created>#<id>")]
struct Project {
    workspace: String,
    /// Creation time, milliseconds since the Unix epoch.
    created: u64,
    id: String,
    name: String,
}

const PROJECTS: u64 = 300;
const JANUARY_2026_MS: u64 = 1_767_225_600_000;

fn show(value: &AttributeValue) -> String {
    match value {
        AttributeValue::S(s) => format!("{s:?}"),
        other => Json(other).to_string(),
    }
}

fn line(p: &Project) -> String {
    format!(
        "{} {:<12} created {} (shard {})",
        p.id,
        p.name,
        p.created,
        Project::shard_of(&p.id).map_or_else(|e| e.to_string(), |s| format!("{s:02}"))
    )
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let engine = Engine::start().await?;
    let db: Db<Workspaces> = engine.fresh_table().await?;
    println!(
        "table {} (partition key {}, sort key {})\n",
        db.table_name(),
        Workspaces::PARTITION_KEY,
        Workspaces::SORT_KEY.unwrap_or("-")
    );

    // A few hundred projects of workspace "acme", one every hour.
    let projects: Vec<Project> = (0..PROJECTS)
        .map(|n| Project {
            workspace: "acme".into(),
            created: JANUARY_2026_MS + n * 3_600_000,
            id: format!("p{n:04}"),
            name: format!("Project {n}"),
        })
        .collect();
    db.batch_put(&projects).await?;

    // The shard keys: where the projects went.
    let all = Project::query_shards("acme").begins_with(Project::sk());
    let plan = all.plan()?;
    println!(
        "{PROJECTS} projects of workspace acme in {} shards (jump hash of FNV-1a 64 of the id, over {}):",
        plan.partitions().len(),
        plan.sharded().map_or(0, |(_, sharding)| sharding.count())
    );
    for (shard, key) in plan.partitions().iter().enumerate() {
        let shard = u16::try_from(shard)?;
        let count = db
            .query(&Project::query_shard("acme", shard).begins_with(Project::sk()))
            .items()
            .try_collect::<Vec<Project>>()
            .await?
            .len();
        println!("  {key}  {count:>3} projects");
    }

    // One project by key: the key computes its shard, so this is one GetItem.
    let wanted = &projects[42];
    let key = Project::key("acme", wanted.created, &wanted.id)?;
    let found: Option<Project> = db.get(&key).await?;
    println!(
        "\nGetItem {:?}\n  -> {}",
        key.attributes().collect::<Vec<_>>(),
        found.as_ref().map_or_else(|| "not found".to_owned(), line)
    );

    // The newest projects first, five at a time, from all ten shards.
    let newest = Project::query_shards("acme")
        .begins_with(Project::sk())
        .reverse()
        .limit(5);
    let plan = newest.plan()?;
    println!("\nFan-out Query, newest first, limit 5: one request per shard");
    for shard in &plan.inputs() {
        let values: Vec<String> = shard
            .expression_attribute_values
            .iter()
            .map(|(k, v)| format!("{k} = {}", show(v)))
            .collect();
        println!(
            "  KeyConditionExpression {:?}  {}  ScanIndexForward {}",
            shard.key_condition_expression,
            values.join(", "),
            shard.scan_index_forward
        );
    }
    let first = db.query(&newest).page(None).await?;
    println!("page 1 ({} requests):", first.requests);
    for p in &first.items {
        println!("  {}", line(p));
    }
    let cursor = first.next.ok_or("a cursor for the rest")?;
    println!(
        "cursor ({} characters, one position per shard): {}…",
        cursor.as_str().len(),
        cursor.as_str().chars().take(48).collect::<String>()
    );

    // A client hands the cursor back as text; it resumes every shard where page 1 left it.
    let cursor: Cursor = cursor.as_str().parse()?;
    let second = db.query(&newest).page(Some(&cursor)).await?;
    println!("page 2, from the cursor ({} requests):", second.requests);
    for p in &second.items {
        println!("  {}", line(p));
    }

    // A changed cursor, or one used with another query, is refused before any request.
    let other = Project::query_shards("acme")
        .begins_with(Project::sk())
        .limit(5);
    match db.query(&other).page(Some(&cursor)).await {
        Err(e) => println!("the same cursor with an ascending query: refused ({e})"),
        Ok(_) => println!("the same cursor with an ascending query: accepted?!"),
    }

    // Everything, merged: the same order as one unsharded partition would give.
    let merged: Vec<Project> = db.query(&all.reverse()).items().try_collect().await?;
    let mut expected = projects.clone();
    expected.sort_by(|a, b| (b.created, &b.id).cmp(&(a.created, &a.id)));
    let same = merged
        .iter()
        .map(|p| &p.id)
        .eq(expected.iter().map(|p| &p.id));
    println!(
        "\nall {} projects newest first from the ten shards, in creation order: {same}",
        merged.len()
    );
    Ok(())
}
