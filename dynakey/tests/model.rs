//! dynakey's tests without an engine, one test binary (`cargo test -p dynakey --test model`): every
//! file of `dynakey/tests/` is a module here, so they are compiled and linked once (the
//! compile-fail cases are in `compile-fail/`). A test is named by its file: `cargo test -p
//! dynakey --all-features --test model derive_keys::` runs one former file.
//!
//! Adding a test file: create `dynakey/tests/<name>.rs` and add `mod <name>;` below, in name order.
//! `autotests = false` in `dynakey/Cargo.toml` means cargo does not build a file that is not
//! listed here; `every_test_file_is_a_module` fails when one is missing.

mod attribute_index_steps_props;
mod canonical_parse_props;
mod cli_json;
mod derive_attribute_keys;
mod derive_collections;
mod derive_history;
mod derive_indexes;
mod derive_keys;
mod derive_look_alikes;
mod derive_shards;
mod derive_streams;
mod derive_unusual;
mod derive_writes;
mod encoding_props;

/// Every `tests/*.rs` file is declared as a module above: a file left out would not be
/// compiled.
#[test]
fn every_test_file_is_a_module() {
    let this = include_str!("model.rs");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ is readable") {
        let path = entry.expect("a directory entry").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs")
            && stem != "model"
            && !this.contains(&format!("\nmod {stem};\n"))
        {
            missing.push(format!("mod {stem};"));
        }
    }
    assert!(
        missing.is_empty(),
        "tests/model.rs does not declare these test files: {missing:?}"
    );
}
