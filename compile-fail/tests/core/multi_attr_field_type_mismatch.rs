use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region_key"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// A native fill keeps the field's type: a String is S, the index declares "round" N; and a
// template is stored as S.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports, entity_type = "_type")]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByTournamentRegion, pk = [tournament, region], sk = [round, bracket])]
#[index(ByRegion, pk = ["R#<region>"], sk = ["ROUND#<round>"])]
struct Match {
    id: String,
    tournament: String,
    region: String,
    round: String,
    bracket: String,
}

fn main() {}
