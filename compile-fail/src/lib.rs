//! Holds the compile-fail tests of dynakey-runtime's typed API (`tests/runtime.rs`, one case per
//! file in `tests/runtime/`); no code of its own. See `Cargo.toml` for why they are here.
