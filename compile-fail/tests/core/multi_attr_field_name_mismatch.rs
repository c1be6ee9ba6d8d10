use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// A field fills the attribute serde stores it under: "Round" is not "round".
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket])]
struct Match {
    id: String,
    tournament: String,
    region: String,
    #[serde(rename = "Round")]
    round: u32,
    bracket: String,
}

fn main() {}
