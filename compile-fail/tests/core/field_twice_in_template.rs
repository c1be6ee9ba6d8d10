use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>#COPY#<id>")]
struct Project {
    workspace: String,
    id: String,
}

fn main() {}
