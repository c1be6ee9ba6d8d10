use dynakey::Entity;

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
struct Project {
    workspace: String,
    id: String,
}

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("USER#<id>")]
struct Member {
    workspace: String,
    id: String,
}

fn main() {
    let _ = Project::query("acme").begins_with(Member::sk());
}
