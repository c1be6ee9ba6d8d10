use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(Inverted, partition_key = "SK", sort_key = "PK")]
struct App;

// An inverted index over the table's own key attributes: its templates must be the table's
// (partition key "PROJ#<id>" is the #[sk]'s, fine), but the sort key writes PK differently.
#[derive(Entity)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(Inverted, pk = "PROJ#<id>", sk = "WS#<workspace>#X")]
struct Project {
    workspace: String,
    id: String,
}

fn main() {}
