use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByTournamentRegion, partition_key = [entity_type("_type"), "tournament", "region"],
      sort_key = ["round": N, "bracket"])]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
#[gsi(ByStatus, partition_key = "GSI1PK", sort_key = "GSI1SK")]
struct Esports;

// Plain values do not tell entities apart on a shared GSI without an entity-type attribute.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByRegion, pk = [region], sk = [round])]
struct Match {
    id: String,
    region: String,
    round: u32,
}

// A literal first fill, or `exclusive`, does.
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
