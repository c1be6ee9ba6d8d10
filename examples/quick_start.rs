use dynakey::{Entity, Table};
use dynakey_runtime::{Db, Engine};
use futures::TryStreamExt;

#[derive(Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity, serde::Serialize, serde::Deserialize, Debug)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: ulid::Ulid,
    name: String,
}

#[tokio::main]
async fn main() -> Result<(), Box<dyn std::error::Error>> {
    // An engine in this process, and a fresh table on it. Against DynamoDB (feature `aws-config`):
    // let db = Db::<Workspaces>::new(dynakey_runtime::connect_from_env().await, "app");
    let engine = Engine::start().await?;
    let db: Db<Workspaces> = engine.fresh_table().await?;

    let id = ulid::Ulid::new();
    let project = Project {
        workspace: "acme".into(),
        id,
        name: "Launch".into(),
    };
    db.create(&project).await?; // Error::AlreadyExists instead of overwriting

    let one: Option<Project> = db.get(&Project::key("acme", id)?).await?;
    println!("read back: {one:?}");

    let newest_first: Vec<Project> = db
        .query(&Project::query("acme").begins_with(Project::sk()).reverse())
        .items()
        .try_collect()
        .await?;
    println!(
        "{} project(s) in workspace acme, newest first",
        newest_first.len()
    );
    Ok(())
}
