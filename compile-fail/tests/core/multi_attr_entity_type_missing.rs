use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// The index tells entities apart by "_type": the entity declares that entity-type attribute.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket])]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: u32,
    bracket: String,
}

fn main() {}
