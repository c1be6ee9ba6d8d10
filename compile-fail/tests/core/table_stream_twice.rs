// `stream = …` is given once, like every table option: a repeat is one error at the repeat, with
// "first … given here" at the first, whether or not the two agree.
use dynakey::Table;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", stream = new_image)]
#[table(stream = new_and_old_images)]
struct App;

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", stream = keys_only, stream = keys_only)]
struct Same;

fn main() {}
