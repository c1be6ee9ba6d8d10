use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
struct Esports;

// `exclusive` says the entity is the index's only one: another entity of that index, even one
// whose first fill starts with a literal, conflicts with it (a Match of region "TEAM#eu" would
// land in Team's partition).
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByRegion, pk = [region], sk = [round], exclusive)]
struct Match {
    id: String,
    region: String,
    round: u32,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("TEAM#<id>")]
#[sk("META")]
#[index(ByRegion, pk = ["TEAM#<league>"], sk = [round])]
struct Team {
    id: String,
    league: String,
    round: u32,
}

fn main() {}
