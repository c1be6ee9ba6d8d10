use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "PK": N, sort_key = "SK")]
struct App;

fn main() {}
