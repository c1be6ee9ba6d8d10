use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
struct Esports;

// One mistake (a placeholder that names no field) is one error: the queries of the
// attribute-wise index below still type-check against the fallback.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("MATCH#<nope>")]
#[sk("META")]
#[index(ByRegion, pk = [region], sk = [round], exclusive)]
struct Match {
    id: String,
    region: String,
    round: u32,
}

fn main() {
    let _ = Match::query_by_region("EU").sort_key(Match::by_region_sk().round().eq(2u32));
    let _ = Match::query_by_region("EU").sort_key(Match::by_region_sk().round().between(2u32, 10u32));
}
