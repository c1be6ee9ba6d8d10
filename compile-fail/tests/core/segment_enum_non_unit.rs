use dynakey::KeySegment;

#[derive(KeySegment, Clone, Debug, PartialEq)]
enum Status {
    #[key("ACTIVE")]
    Active(u32),
}

fn main() {}
