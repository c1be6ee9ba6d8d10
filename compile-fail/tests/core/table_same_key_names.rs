use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "PK")]
struct Things;

fn main() {}
