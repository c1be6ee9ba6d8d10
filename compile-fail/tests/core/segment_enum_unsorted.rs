use dynakey::KeySegment;

// Key order must match declaration order (the derived Ord), so texts must increase byte-wise.
#[derive(KeySegment, Clone, Debug, PartialEq, PartialOrd)]
enum Priority {
    #[key("LOW")]
    Low,
    #[key("HIGH")]
    High,
}

fn main() {}
