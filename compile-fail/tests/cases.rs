//! Compile-fail tests: every build-time rule of the derive, of the core's typed conditions and of
//! the runtime's typed API, one case per file (`tests/core/*.rs`, `tests/runtime/*.rs`) with the
//! expected compiler output beside it (`*.stderr`, pinned to the stable toolchain this repository
//! builds with). Both directories are one trybuild run: its project, and the dependencies it
//! builds, are made once. Adding a case is adding its `.rs` file, then recording its output with
//! `TRYBUILD=overwrite cargo test -p dynakey-compile-fail --test cases` (review the `.stderr`).
//!
//! The compiler's "other types implement `KeySegment`" hints depend on dynakey's enabled features;
//! this crate turns every encoding feature on (`Cargo.toml`), so the recorded output does not
//! depend on how the workspace is built.
//!
//! trybuild reports a case whose build did not run at all (for example when the disk filled up
//! during its build) as "Expected test case to fail to compile, but it succeeded": it keeps only
//! the compiler's diagnostics and drops cargo's own errors. Rerun to see the real result.

#[test]
fn every_case_fails_to_compile_with_its_recorded_error() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/core/*.rs");
    t.compile_fail("tests/runtime/*.rs");
}
