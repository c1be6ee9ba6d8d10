//! Compile-fail tests: every build-time check of the derives and of the typed conditions, with
//! the expected compiler output checked in (`tests/ui/*.stderr`, pinned to the stable toolchain
//! this repository builds with).
//!
//! The compiler's "other types implement `KeySegment`" hints depend on the enabled features, so the
//! expected output is recorded with every feature on, as the test command runs it
//! (`cargo test --workspace --all-features`). Regenerate with
//! `TRYBUILD=overwrite cargo test -p dynakey --all-features --test ui`.

#[test]
#[cfg_attr(
    not(all(
        feature = "ulid",
        feature = "uuid",
        feature = "chrono",
        feature = "time"
    )),
    ignore = "expected compiler output is recorded with --all-features"
)]
fn ui() {
    let t = trybuild::TestCases::new();
    t.compile_fail("tests/ui/*.rs");
}
