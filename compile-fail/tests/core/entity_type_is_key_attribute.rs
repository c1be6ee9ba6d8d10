use dynakey::Entity;

#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

// The entity-type attribute would overwrite the sort key.
#[derive(Entity)]
#[dynakey(table = Workspaces, entity_type = "Detail")]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

fn main() {}
