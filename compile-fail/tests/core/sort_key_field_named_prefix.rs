use dynakey::Entity;

// A sort-key builder's method of a field is named after it, and every builder has `prefix(…)`
// (a partial value of the next field): a sort-key field named `prefix` is one error, at its
// template.
#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("DOC#<prefix>#<id>")]
struct Doc {
    workspace: String,
    prefix: String,
    id: String,
}

fn main() {}
