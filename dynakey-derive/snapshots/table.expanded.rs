// The expansion of `table` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
#[automatically_derived]
impl ::dynakey::Table for App {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: ::core::option::Option<&'static str> = ::core::option::Option::Some(
        "SK",
    );
    const INDEXES: &'static [::dynakey::IndexDef] = &[
        <ByStatus as ::dynakey::Index>::DEF,
        <ByOwner as ::dynakey::Index>::DEF,
        <ByCreated as ::dynakey::Index>::DEF,
    ];
    const TTL_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::Some(
        "expiresAt",
    );
}
impl ::dynakey::TableWithSortKey for App {}
impl ::dynakey::TableWithTtl for App {}
/**Global secondary index `GSI1` of [`App`]: partition key `GSI1PK`, sort key `GSI1SK`, projection ALL (AWS developer guide, "Using Global Secondary Indexes in DynamoDB").

The index's marker type: entities take part with `#[index(ByStatus, …)]`, and their generated `query_by_status(…)` returns a `KeyQuery<_, ByStatus>`. Reads are eventually consistent only.*/
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByStatus;
#[automatically_derived]
impl ::dynakey::Index for ByStatus {
    type Table = App;
    const DEF: ::dynakey::IndexDef = ::dynakey::__private::index_def(
        "GSI1",
        ::dynakey::__private::IndexKind::Global,
        "GSI1PK",
        ::core::option::Option::Some("GSI1SK"),
        ::dynakey::__private::Projection::All,
    );
}
impl ::dynakey::ProjectsAll for ByStatus {}
/**Global secondary index `ByOwner` of [`App`]: partition key `Owner`, projection INCLUDE("name", "status") (AWS developer guide, "Using Global Secondary Indexes in DynamoDB").

The index's marker type: entities take part with `#[index(ByOwner, …)]`, and their generated `query_by_owner(…)` returns a `KeyQuery<_, ByOwner>`. Reads are eventually consistent only.*/
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByOwner;
#[automatically_derived]
impl ::dynakey::Index for ByOwner {
    type Table = App;
    const DEF: ::dynakey::IndexDef = ::dynakey::__private::index_def(
        "ByOwner",
        ::dynakey::__private::IndexKind::Global,
        "Owner",
        ::core::option::Option::None,
        ::dynakey::__private::Projection::Include(&["name", "status"]),
    );
}
/**Local secondary index `ByCreated` of [`App`]: partition key `PK`, sort key `Created`, projection KEYS_ONLY (AWS developer guide, "Local secondary indexes").

The index's marker type: entities take part with `#[index(ByCreated, …)]`, and their generated `query_by_created(…)` returns a `KeyQuery<_, ByCreated>`. Strongly consistent reads are supported.*/
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByCreated;
#[automatically_derived]
impl ::dynakey::Index for ByCreated {
    type Table = App;
    const DEF: ::dynakey::IndexDef = ::dynakey::__private::index_def(
        "ByCreated",
        ::dynakey::__private::IndexKind::Local,
        "PK",
        ::core::option::Option::Some("Created"),
        ::dynakey::__private::Projection::KeysOnly,
    );
}
impl ::dynakey::ConsistentReadable for ByCreated {}
impl ::dynakey::__private::DerivedTable for App {
    const NAME: &'static str = "App";
    const INDEX_TYPES: &'static [&'static str] = &["ByStatus", "ByOwner", "ByCreated"];
}
impl ::dynakey::__private::IndexAt<0usize> for App {
    type Index = ByStatus;
}
impl ::dynakey::__private::IndexAt<1usize> for App {
    type Index = ByOwner;
}
impl ::dynakey::__private::IndexAt<2usize> for App {
    type Index = ByCreated;
}
