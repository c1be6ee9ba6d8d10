// A variant has one #[key]: a second one is one error, with "first #[key] given here".
use dynakey::KeySegment;

#[derive(KeySegment, Clone, Debug, PartialEq)]
enum Status {
    #[key("ACTIVE")]
    #[key("ON")]
    Active,
    #[key("BLOCKED")]
    Blocked,
}

fn main() {}
