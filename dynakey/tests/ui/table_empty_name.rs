use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "")]
struct Things;

fn main() {}
