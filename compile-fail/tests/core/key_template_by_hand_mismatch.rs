// A key template built by hand (for an `Entity` implemented without the derive) must spell its
// text: one that does not fails the build where the constant is used.
use dynakey::{KeyRole, KeyTemplate, TemplatePart};

const SK: KeyTemplate = KeyTemplate::new(
    "PROJ#<created>#<id>",
    KeyRole::Sort,
    &[
        TemplatePart::literal("PROJ#"),
        TemplatePart::field::<u64>("created"),
        TemplatePart::literal("#"),
        TemplatePart::field::<String>("name"),
    ],
);

fn main() {
    let _ = SK;
}
