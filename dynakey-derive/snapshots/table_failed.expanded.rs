// The expansion of `table_failed` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
::core::compile_error! {
    "the partition key attribute name must be 1 to 255 bytes"
}
impl ::dynakey::Table for App {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: ::core::option::Option<&'static str> = ::core::option::Option::Some(
        "SK",
    );
    const TTL_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::Some(
        ::dynakey::__private::FALLBACK_TTL,
    );
}
impl ::dynakey::TableWithSortKey for App {}
impl ::dynakey::TableWithoutSortKey for App {}
impl ::dynakey::TableWithTtl for App {}
struct ByStatus;
impl ::dynakey::Index for ByStatus {
    type Table = App;
    const DEF: ::dynakey::IndexDef = ::dynakey::__private::FALLBACK_INDEX;
}
impl ::dynakey::ConsistentReadable for ByStatus {}
impl ::dynakey::ProjectsAll for ByStatus {}
impl ::dynakey::__private::DerivedTable for App {
    const NAME: &'static str = "App";
    const INDEX_TYPES: &'static [&'static str] = &["ByStatus"];
}
impl ::dynakey::__private::IndexAt<0usize> for App {
    type Index = ByStatus;
}
