// An enum key text that contains the terminator of a template it fills could not be decoded back:
// a build error at the template, naming the text, the enum and the fix. The same enum at the end of
// a template (no terminator) is fine.
use dynakey::{Entity, KeySegment};

#[derive(KeySegment, serde::Serialize, serde::Deserialize, Clone, Debug, PartialEq)]
enum Status {
    #[key("IN#PROGRESS")]
    InProgress,
    #[key("OPEN")]
    Open,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("STATUS#<status>#<id>")]
struct Task {
    workspace: String,
    status: Status,
    id: String,
}

#[derive(Entity, serde::Serialize, serde::Deserialize)]
#[pk("WS#<workspace>")]
#[sk("BY#<status>")]
struct Board {
    workspace: String,
    status: Status,
}

fn main() {}
