//! A workspace and all its projects with one collection read, on the embedded engine.
//!
//! The one-to-many layout of a SaaS control plane: the workspace settings item (`Detail = META`)
//! and its projects (`Detail = PROJ#<time-sortable id>`) share the partition key
//! `EntityRef = WS#<workspace>`, so they form one item collection and one paged Query reads them
//! all (AWS developer guide, "Best practices for modeling relational data in DynamoDB").
//! `#[derive(Collection)]` decodes that Query into a typed value; a [`RequestLog`] (what the SDK edge
//! sent) counts the Query requests it took.
//!
//! Run with `cargo run --example collections`.

use dynakey::{Collection, Entity};
use dynakey_runtime::{Db, Engine, RequestLog};
use serde::{Deserialize, Serialize};

/// The table: overloaded key attributes `EntityRef` (partition) and `Detail` (sort).
#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

/// The workspace record, `Detail = META`.
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Workspaces, name = "WorkspaceSettings")]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
    name: String,
    plan: String,
}

/// One project, `Detail = PROJ#<id>` with a time-sortable id (`2026-0042`).
#[derive(Entity, Serialize, Deserialize, Debug)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
    name: String,
}

/// What one read returns: the settings (exactly one) and every project (in id order).
#[derive(Collection, Debug)]
struct Workspace {
    settings: Settings,
    projects: Vec<Project>,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error + Send + Sync>> {
    let engine = Engine::start().await?;
    // A fresh table, through a handle that records its requests.
    let counter = RequestLog::new();
    let db: Db<Workspaces> = engine.fresh_table().await?.with_request_log(&counter);

    db.put(&Settings {
        workspace: "acme".into(),
        name: "Acme Corp".into(),
        plan: "enterprise".into(),
    })
    .await?;
    let projects: Vec<Project> = [
        (2025, 7, "Apollo"),
        (2026, 42, "Gemini"),
        (2026, 43, "Mercury"),
    ]
    .into_iter()
    .map(|(year, seq, name)| Project {
        workspace: "acme".into(),
        id: format!("{year}-{seq:04}"),
        name: name.into(),
    })
    .collect();
    db.batch_put(&projects).await?;

    // One collection read: the whole partition WS#acme.
    let read = db
        .query(&Project::query("acme"))
        .collection::<Workspace>()
        .await?;
    let workspace = &read.collection;
    println!(
        "workspace {} ({}, plan {})",
        workspace.settings.workspace, workspace.settings.name, workspace.settings.plan
    );
    for project in &workspace.projects {
        println!("  project {}: {}", project.id, project.name);
    }
    println!(
        "{} items in {} Query request(s) (the library counted {}), {:?} read capacity units",
        1 + workspace.projects.len(),
        counter.queries().len(),
        read.requests,
        read.consumed_capacity
    );
    println!("{workspace:#?}");
    Ok(())
}
