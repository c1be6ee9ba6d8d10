//! Compile-fail tests of the runtime's typed reads: a full-entity read of an index that does not
//! project every attribute does not compile. Expected output in `tests/ui/*.stderr`; regenerate
//! with `TRYBUILD=overwrite cargo test -p dynakey-runtime --all-features --test ui`.

#[test]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
