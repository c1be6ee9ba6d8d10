//! Holds the compile-fail tests (`tests/cases.rs`): the derive's and the core's build-time rules,
//! one case per file in `tests/core/`, and the runtime's typed API, one per file in
//! `tests/runtime/`; no code of its own. See `Cargo.toml` for why they are here.
