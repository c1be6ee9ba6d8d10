use dynakey::{Entity, Table};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByRegion, partition_key = ["region"], sort_key = ["round": N])]
struct Esports;

// serde's attribute of a native fill is the index attribute: serde must store it as it is.
#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[dynakey(table = Esports)]
#[pk("MATCH#<id>")]
#[sk("META")]
#[index(ByRegion, pk = [region], sk = [round], exclusive)]
struct Match {
    id: String,
    region: String,
    #[serde(skip_serializing_if = "is_zero")]
    round: u32,
}

fn is_zero(round: &u32) -> bool {
    *round == 0
}

fn main() {}
