//! Compile-fail tests: every build-time check of the derives and of the typed conditions, with
//! the expected compiler output checked in (`tests/ui/*.stderr`, pinned to the stable toolchain
//! this repository builds with). Regenerate with `TRYBUILD=overwrite cargo test -p dynakey --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
