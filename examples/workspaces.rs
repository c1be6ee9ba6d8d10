//! Seed 2, one-to-many: a workspace and its projects in one item collection.
//!
//! Table keys are named `EntityRef` (partition) and `Detail` (sort). The workspace's settings item
//! has `Detail = "META"`; each project has `Detail = "PROJ#<id>"` where the id is a ULID, which
//! sorts by creation time. The three access patterns of the seed each become one call:
//!
//! - workspace settings: GetItem(EntityRef = "WS#acme", Detail = "META");
//! - projects, newest first: Query(EntityRef = "WS#acme", begins_with(Detail, "PROJ#"),
//!   ScanIndexForward = false);
//! - one project: GetItem(EntityRef = "WS#acme", Detail = "PROJ#<id>").
//!
//! Then the whole item collection — settings and every project — is read with one collection read
//! (`#[derive(Collection)]`), and a `RequestLog` (what the SDK edge sent)
//! counts the Query requests it took.
//!
//! Finally the access pattern the base table cannot answer, because its partition key is scoped to
//! one workspace: every ACTIVE project across all workspaces, newest first. A global secondary
//! index repartitions projects by status value (`GSI1PK = STATUS#<status>`,
//! `GSI1SK = <id>#<workspace>`, the ULID first so the index sorts by creation time); one Query on
//! `STATUS#ACTIVE`, descending, answers it, reading no project of another status. (The settings
//! items have no `#[index]`, so they are not in the index at all.)
//!
//! Last, a workspace too big or busy for one partition: its projects are written to four shards
//! (`WS#megacorp#00` … `#03`, chosen from the project id), and a fan-out read sends the same
//! condition to every shard and merges the results newest first, with one cursor for all of them.
//!
//! ```text
//! cargo run --example workspaces          # on the embedded engine
//! cargo run --example workspaces -- --aws # on a client configured the usual AWS way: table
//!                                         # dynakey-workspaces, created on the first run
//! ```

use dynakey::{AttributeValue, Json};
use dynakey::{Collection, Entity, Table};
use dynakey_runtime::{Db, Engine, RequestLog};
use futures::TryStreamExt;
use serde::{Deserialize, Serialize};
use ulid::Ulid;

type BoxError = Box<dyn std::error::Error + Send + Sync>;

/// The single-table declaration: generic key attribute names, as in the seed, and a status index
/// that repartitions projects by status across workspaces.
#[derive(Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
struct Workspaces;

/// The workspace's own record.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
    display_name: String,
    plan: String,
}

/// A project of the workspace; its ULID sorts by creation time. The status index holds it under
/// its status.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<id>#<workspace>")]
struct Project {
    workspace: String,
    id: Ulid,
    name: String,
    status: String,
}

/// A project of a sharded workspace: the same sort key, the partition spread over four shards.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Workspaces, name = "ShardedProject")]
#[pk("WS#<workspace>", shards = 4, shard_by = "id")]
#[sk("PROJ#<id>")]
struct ShardedProject {
    workspace: String,
    id: Ulid,
    name: String,
}

/// The workspace as one value: its settings item and every project, from one paged Query.
#[derive(Collection, Debug)]
struct Workspace {
    settings: Settings,
    projects: Vec<Project>,
}

/// Prints a Query request's key condition the way DynamoDB receives it: the expression and its
/// `#name`/`:value` maps.
fn print_request(input: &dynakey::QueryInput) {
    if let Some(index) = &input.index_name {
        println!("  IndexName                  {index:?}");
    }
    println!(
        "  KeyConditionExpression     {:?}",
        input.key_condition_expression
    );
    let names: Vec<String> = input
        .expression_attribute_names
        .iter()
        .map(|(k, v)| format!("{k:?}: {v:?}"))
        .collect();
    println!("  ExpressionAttributeNames   {{ {} }}", names.join(", "));
    let values: Vec<String> = input
        .expression_attribute_values
        .iter()
        .map(|(k, v)| format!("{k:?}: {}", show(v)))
        .collect();
    println!("  ExpressionAttributeValues  {{ {} }}", values.join(", "));
    println!("  ScanIndexForward           {}", input.scan_index_forward);
}

fn show(value: &AttributeValue) -> String {
    Json(value).to_string()
}

/// Writes one seed item with `create`, which never overwrites. The seed is the same on every run,
/// so with `--aws` a second run against the same table finds its items already there: that is
/// not an error here.
async fn seed<E>(db: &Db<Workspaces>, item: &E) -> Result<(), dynakey_runtime::Error>
where
    E: Entity + dynakey::InTable<Workspaces> + Serialize,
{
    match db.create(item).await {
        Ok(()) | Err(dynakey_runtime::Error::AlreadyExists { .. }) => Ok(()),
        Err(e) => Err(e),
    }
}

#[tokio::main]
async fn main() -> Result<(), BoxError> {
    let use_aws = std::env::args().any(|a| a == "--aws");
    let engine;
    let (client, table_name) = if use_aws {
        let client = dynakey_runtime::connect_from_env().await;
        (client, "dynakey-workspaces".to_owned())
    } else {
        engine = Engine::start().await?;
        let table: Db<Workspaces> = engine.fresh_table().await?;
        (engine.client(), table.table_name().to_owned())
    };
    // The handle records its requests, so the count printed below is what DynamoDB was sent.
    let log = RequestLog::new();
    let db: Db<Workspaces> = Db::new(client, table_name).with_request_log(&log);
    let setup = if use_aws {
        // Created on the first run only; a table of that name with other keys is refused.
        let setup = db.ensure_table().await.unwrap_or_else(|e| {
            // e.g. Error::TableMismatch, with every difference named.
            eprintln!("{e}");
            std::process::exit(2)
        });
        format!("; {setup:?} by Db::ensure_table")
    } else {
        String::new()
    };
    println!(
        "table {} (partition key {}, sort key {}{setup})\n",
        db.table_name(),
        Workspaces::PARTITION_KEY,
        Workspaces::SORT_KEY.unwrap_or("-")
    );

    // One workspace and six projects created a month apart in 2026 (deterministic ULIDs).
    seed(
        &db,
        &Settings {
            workspace: "acme".into(),
            display_name: "Acme Corp".into(),
            plan: "enterprise".into(),
        },
    )
    .await?;
    let names = [
        "Apollo", "Gemini", "Mercury", "Skylab", "Voyager", "Artemis",
    ];
    let january_2026_ms = 1_767_225_600_000u64;
    let mut ids = Vec::new();
    for (month, name) in names.iter().enumerate() {
        let id = Ulid::from_parts(
            january_2026_ms + month as u64 * 30 * 86_400_000,
            month as u128 + 1,
        );
        let status = if month % 3 == 2 { "ARCHIVED" } else { "ACTIVE" };
        seed(
            &db,
            &Project {
                workspace: "acme".into(),
                id,
                name: (*name).into(),
                status: status.into(),
            },
        )
        .await?;
        ids.push(id);
    }

    // 1. Workspace settings: GetItem.
    let key = Settings::key("acme")?;
    let settings: Option<Settings> = db.get(&key).await?;
    println!("GetItem {:?}", key.attributes().collect::<Vec<_>>());
    println!("  -> {settings:?}\n");

    // 2. Projects newest first: begins_with on the PROJ# group, descending.
    let query = Project::query("acme").begins_with(Project::sk()).reverse();
    let input = query.build()?;
    println!("Query (projects, newest first)");
    print_request(&input);
    let projects: Vec<Project> = db.query(&query).items().try_collect().await?;
    for p in &projects {
        let created = chrono::DateTime::<chrono::Utc>::from(p.id.datetime()).format("%Y-%m-%d");
        println!(
            "  -> {} {:<8} {:<8} created {created}",
            p.id, p.name, p.status
        );
    }

    // 3. One project: GetItem with the full sort key.
    let key = Project::key("acme", ids[2])?;
    let project: Option<Project> = db.get(&key).await?;
    println!("\nGetItem {:?}", key.attributes().collect::<Vec<_>>());
    println!("  -> {project:?}");

    // 4. The whole item collection at once: settings + projects, typed, from one paged Query.
    let before = log.queries().len();
    let read = db
        .query(&Project::query("acme"))
        .collection::<Workspace>()
        .await?;
    let requests = log.queries().len() - before;
    let workspace = &read.collection;
    println!("\nCollection read of WS#acme (settings + projects)");
    println!(
        "  settings: {} ({}, plan {})",
        workspace.settings.workspace, workspace.settings.display_name, workspace.settings.plan
    );
    for p in &workspace.projects {
        println!("  project:  {} {:<8} {}", p.id, p.name, p.status);
    }
    println!(
        "  {} items in {requests} Query request(s), {} unknown items",
        1 + workspace.projects.len(),
        read.unknown_count
    );

    // 5. Two more workspaces, then every ACTIVE project across all of them, newest first: one
    //    Query on the status index.
    let others = [
        ("globex", "Globex Inc", "team"),
        ("initech", "Initech", "free"),
    ];
    let more = [
        ("globex", "Atlas", "ACTIVE", 15),
        ("initech", "Nimbus", "ACTIVE", 40),
        ("globex", "Titan", "ARCHIVED", 70),
        ("initech", "Orion", "PAUSED", 95),
        ("globex", "Vega", "ACTIVE", 130),
        ("initech", "Juno", "ACTIVE", 160),
        ("initech", "Lyra", "PAUSED", 175),
    ];
    for (workspace, display_name, plan) in others {
        seed(
            &db,
            &Settings {
                workspace: workspace.into(),
                display_name: display_name.into(),
                plan: plan.into(),
            },
        )
        .await?;
    }
    for (i, (workspace, name, status, day)) in more.iter().enumerate() {
        seed(
            &db,
            &Project {
                workspace: (*workspace).into(),
                id: Ulid::from_parts(january_2026_ms + day * 86_400_000, 100 + i as u128),
                name: (*name).into(),
                status: (*status).into(),
            },
        )
        .await?;
    }
    let query = Project::query_by_status("ACTIVE").reverse();
    let input = query.build()?;
    println!("\nQuery (ACTIVE projects across workspaces, newest first; status index)");
    print_request(&input);
    let before = log.queries().len();
    let active: Vec<Project> = db.query(&query).items().try_collect().await?;
    let requests = log.queries().len() - before;
    for p in &active {
        let created = chrono::DateTime::<chrono::Utc>::from(p.id.datetime()).format("%Y-%m-%d");
        println!(
            "  -> {} {:<8} {:<8} {:<8} created {created}",
            p.id, p.workspace, p.name, p.status
        );
    }
    let sent = log.queries().pop();
    println!(
        "  {} projects in {requests} Query request(s); sent IndexName {:?}, KeyConditionExpression {:?}",
        active.len(),
        sent.as_ref().and_then(|q| q.index_name()).unwrap_or_default(),
        sent.as_ref().and_then(|q| q.key_condition_expression()).unwrap_or_default()
    );

    // 6. A sharded workspace: 40 projects over four partition keys, read back newest first by one
    //    fan-out query, five at a time.
    let sharded: Vec<ShardedProject> = (0..40u64)
        .map(|n| ShardedProject {
            workspace: "megacorp".into(),
            id: Ulid::from_parts(january_2026_ms + n * 86_400_000, 1_000 + u128::from(n)),
            name: format!("Mega {n}"),
        })
        .collect();
    db.batch_put(&sharded).await?;
    let mut per_shard = [0usize; 4];
    for p in &sharded {
        per_shard[usize::from(ShardedProject::shard_of(p.id)?)] += 1;
    }
    let query = ShardedProject::query_shards("megacorp")
        .begins_with(ShardedProject::sk())
        .reverse()
        .limit(5);
    let inputs = query.plan()?.inputs();
    println!("\nFan-out Query (sharded workspace megacorp, newest first, 5 per page)");
    for (shard, (count, one)) in per_shard.iter().zip(&inputs).enumerate() {
        let pk = one
            .expression_attribute_values
            .get(":pk")
            .map(show)
            .unwrap_or_default();
        println!(
            "  shard {shard:02}: {count:>2} projects, KeyConditionExpression {:?}, :pk = {pk}",
            one.key_condition_expression
        );
    }
    let first = db.query(&query).page(None).await?;
    let cursor = first.next.clone();
    let second = db.query(&query).page(cursor.as_ref()).await?;
    for (page, result) in [(1, &first), (2, &second)] {
        let names: Vec<&str> = result.items.iter().map(|p| p.name.as_str()).collect();
        println!(
            "  page {page} ({} requests): {}",
            result.requests,
            names.join(", ")
        );
    }
    println!(
        "  one cursor resumes all four shards ({} URL-safe characters)",
        cursor.map(|c| c.as_str().len()).unwrap_or(0)
    );
    Ok(())
}
