use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// Templates do not fill an attribute-wise index, nor lists a template index.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByRegion, pk = "R#<region>", sk = "<round>")]
#[index(ByStatus, pk = [region], sk = [round])]
struct Match {
    id: String,
    region: String,
    round: u32,
}

fn main() {}
