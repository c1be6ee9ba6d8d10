use dynakey::Entity;

#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
#[gsi(ByOwner, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Workspaces;

// The entity-type attribute would overwrite the sort key.
#[derive(Entity)]
#[dynakey(table = Workspaces, entity_type = "Detail")]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

// Or a key attribute of a template index (whether or not this entity fills the index): its
// value would put the item into the index under a key no template wrote.
#[derive(Entity)]
#[dynakey(table = Workspaces, entity_type = "GSI1PK")]
#[pk("WS#<workspace>")]
#[sk("MEMBER#<member>")]
struct Member {
    workspace: String,
    member: String,
}

fn main() {}
