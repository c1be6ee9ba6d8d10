use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// `exclusive` claims the index for one entity: a second claim conflicts.
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
#[index(ByRegion, pk = [region], sk = [round], exclusive)]
struct Team {
    id: String,
    region: String,
    round: u32,
}

fn main() {}
