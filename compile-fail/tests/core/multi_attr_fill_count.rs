use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// Every sort attribute is filled: an item missing one is not in the index.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round])]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: u32,
}

// No fill without an attribute to fill.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("TEAM#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket, seed])]
struct Team {
    id: String,
    tournament: String,
    region: String,
    round: u32,
    bracket: String,
    seed: String,
}

fn main() {}
