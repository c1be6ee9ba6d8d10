//! Compile-fail tests of the runtime's typed reads: wrong code that must not compile, one case per
//! file in `tests/runtime/` with the expected compiler output beside it (`*.stderr`, pinned to the
//! stable toolchain this repository builds with). Adding a case is adding its `.rs` file, then
//! recording its output with
//! `TRYBUILD=overwrite cargo test -p dynakey-compile-fail --test runtime` (review the `.stderr`).
//!
//! trybuild reports a case whose build did not run at all (for example when the disk filled up
//! during its build) as "Expected test case to fail to compile, but it succeeded": it keeps only
//! the compiler's diagnostics and drops cargo's own errors. Rerun to see the real result.

#[test]
fn runtime() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/runtime/*.rs");
}
