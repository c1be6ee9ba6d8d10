//! The workspace's integration tests, one test binary (`cargo test --test engine`): every file of
//! `tests/` is a module here, so the aws-sdk-dynamodb tree and the embedded engine are linked once
//! instead of once per file. A test is named by its file: `engine_paging::some_test`, so
//! `cargo test --all-features --test engine engine_paging::` runs one former file.
//!
//! Adding a test file: create `tests/<name>.rs` (it reaches the shared helpers with
//! `use crate::common;`) and add `mod <name>;` below, in name order. `autotests = false` in the
//! root `Cargo.toml` means cargo does not build a file that is not listed here;
//! `every_test_file_is_a_module` fails when one is missing.
//!
//! The tests share one process: each starts its own in-process engine and uses tables of its own,
//! and none sets an environment variable or the current directory. The one process-wide tracing
//! subscriber is `engine_tracing`'s, installed once, which hands `dynakey_runtime::trace` events to
//! the collector of the test thread that asked for them and ignores every other event.

mod common;

mod answer_faults;
mod batch_faults;
mod batches;
mod engine_aba;
mod engine_add_index;
mod engine_attribute_core;
mod engine_attribute_keys;
mod engine_attribute_templates;
mod engine_batch_stream;
#[cfg(feature = "streams")]
mod engine_changes;
mod engine_children;
mod engine_collections;
mod engine_conditions;
mod engine_create;
mod engine_cursors;
mod engine_delete_all;
mod engine_design;
mod engine_design_record;
mod engine_ensure_table;
mod engine_filters;
mod engine_foreign_items;
mod engine_full_pages;
mod engine_governor;
mod engine_history;
mod engine_indexes;
mod engine_items;
mod engine_key_change;
mod engine_lost_answers;
#[cfg(feature = "metrics")]
mod engine_measures;
mod engine_migrate;
mod engine_modify;
mod engine_move;
mod engine_multi_attribute_gsi;
mod engine_paging;
mod engine_ranges;
mod engine_rejects;
mod engine_request_log;
mod engine_reserved_words;
mod engine_rolling_deploy;
mod engine_rolling_index;
mod engine_scans;
mod engine_shards;
mod engine_shards_props;
mod engine_sort_order;
mod engine_table_items;
mod engine_testing_kit;
mod engine_tracing;
mod engine_transactions;
mod engine_unique;
mod engine_versions;
mod engine_writes;
mod read_faults;
mod readme;
#[cfg(feature = "streams")]
mod stream_faults;
mod write_faults;

/// Every `tests/*.rs` file is declared as a module above: a file left out would not be compiled.
#[test]
fn every_test_file_is_a_module() {
    let this = include_str!("engine.rs");
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).expect("tests/ is readable") {
        let path = entry.expect("a directory entry").path();
        let Some(stem) = path.file_stem().and_then(|s| s.to_str()) else {
            continue;
        };
        if path.extension().is_some_and(|e| e == "rs")
            && stem != "engine"
            && !this.contains(&format!("\nmod {stem};\n"))
        {
            missing.push(format!("mod {stem};"));
        }
    }
    assert!(
        missing.is_empty(),
        "tests/engine.rs does not declare these test files: {missing:?}"
    );
}
