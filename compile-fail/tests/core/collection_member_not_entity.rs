use dynakey::{Collection, Entity};
use serde::Deserialize;

#[derive(Entity, Deserialize)]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
}

#[derive(Deserialize)]
struct Note {
    text: String,
}

#[derive(Collection)]
struct WorkspaceView {
    settings: Settings,
    notes: Vec<Note>,
}

fn main() {}
