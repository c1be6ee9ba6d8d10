//! The README's quick start is `examples/quick_start.rs`, verbatim: the example is compiled by the
//! test command and run by `.ci/run` (also as a fresh crate outside the workspace, with the README's
//! toml: `.ci/quick_start.py`), so the README cannot drift into code that does not compile.

const README: &str = include_str!("../README.md");
const QUICK_START: &str = include_str!("../examples/quick_start.rs");

/// The body of the first fenced block of `language` after `heading`.
fn block(heading: &str, language: &str) -> &'static str {
    let section = &README[README.find(heading).expect("the README has this heading")..];
    let fence = format!("```{language}\n");
    let start = section
        .find(&fence)
        .expect("a fenced block after the heading")
        + fence.len();
    let len = section[start..].find("```\n").expect("the block is closed");
    &section[start..start + len]
}

#[test]
fn the_quick_start_is_the_example_verbatim() {
    assert_eq!(
        block("## Quick start", "rust"),
        QUICK_START,
        "README.md's quick start and examples/quick_start.rs differ: keep them identical"
    );
}

#[test]
fn the_quick_start_toml_lists_every_crate_the_program_uses() {
    let toml = block("## Quick start", "toml");
    for krate in [
        "dynakey",
        "dynakey-runtime",
        "serde",
        "tokio",
        "futures",
        "ulid",
    ] {
        assert!(
            toml.lines()
                .any(|line| line.starts_with(&format!("{krate} = "))),
            "the quick start's toml does not list {krate}"
        );
    }
    assert!(
        toml.contains(r#"features = ["embedded"]"#),
        "Engine needs the embedded feature"
    );
    assert!(
        toml.contains(r#"features = ["ulid"]"#),
        "a Ulid key segment needs dynakey's ulid feature"
    );
}

#[test]
fn the_table_enum_is_the_trackers_verbatim() {
    let tracker = include_str!("../examples/tracker.rs");
    let declaration = block("## One table, many entities", "rust");
    assert!(
        tracker.contains(declaration),
        "README.md's table enum is not examples/tracker.rs's: keep them identical"
    );
}
