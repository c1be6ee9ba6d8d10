use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "", sort_key = "SK")]
struct Things;

fn main() {}
