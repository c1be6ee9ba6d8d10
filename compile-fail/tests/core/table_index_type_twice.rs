use dynakey::Table;

// A copied #[gsi] line: each index has its own marker type (what entities name in #[index]).
#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByStatus, name = "GSI2", partition_key = "GSI2PK", sort_key = "GSI2SK")]
struct App;

fn main() {}
