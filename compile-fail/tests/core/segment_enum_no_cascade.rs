// One mistake in a KeySegment enum (variants not in key byte order) is one error: entities with a
// field of that type, and code using them, add none.
use dynakey::{Entity, KeySegment};

#[derive(KeySegment, Clone, Debug, PartialEq)]
enum Priority {
    #[key("LOW")]
    Low,
    #[key("HIGH")]
    High,
    #[key("MEDIUM")]
    Medium,
}

#[derive(Entity)]
#[pk("WS#<workspace>")]
#[sk("TASK#<priority>#<id>")]
struct Task {
    workspace: String,
    priority: Priority,
    id: String,
}

fn main() {
    let _ = Task::key("acme", Priority::High, "t1");
    let _ = Task::query("acme").begins_with(Task::sk().priority(Priority::Low));
    let _ = Task::parse_sort_key("TASK#LOW#t1").map(|k| k.priority);
}
