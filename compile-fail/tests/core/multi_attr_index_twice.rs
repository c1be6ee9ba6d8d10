use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
struct Esports;

// An entity fills an index once; the second #[index] is one error, and queries of the index
// still type-check.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByRegion, pk = [region], sk = [round], exclusive)]
#[index(ByRegion, pk = [region], sk = [round], exclusive)]
struct Match {
    id: String,
    region: String,
    round: u32,
}

fn main() {
    let _ = Match::query_by_region("EU").sort_key(Match::by_region_sk().round().eq(2u32));
}
