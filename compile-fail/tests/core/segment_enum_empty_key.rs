use dynakey::KeySegment;

#[derive(KeySegment, Clone, Debug, PartialEq)]
enum Status {
    #[key("")]
    Unknown,
    #[key("ACTIVE")]
    Active,
}

fn main() {}
