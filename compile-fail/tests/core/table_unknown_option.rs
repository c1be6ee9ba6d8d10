use dynakey::Table;

#[derive(Table)]
#[table(partition = "PK")]
struct Things;

fn main() {}
