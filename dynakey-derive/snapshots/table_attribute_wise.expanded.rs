// The expansion of `table_attribute_wise` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
#[automatically_derived]
impl ::dynakey::Table for Esports {
    const PARTITION_KEY: &'static str = "PK";
    const SORT_KEY: ::core::option::Option<&'static str> = ::core::option::Option::Some(
        "SK",
    );
    const INDEXES: &'static [::dynakey::IndexDef] = &[
        <ByTournamentRegion as ::dynakey::Index>::DEF,
        <ByScore as ::dynakey::Index>::DEF,
        <ByRank as ::dynakey::Index>::DEF,
    ];
}
impl ::dynakey::TableWithSortKey for Esports {}
/**Global secondary index `ByTournamentRegion` of [`Esports`]: partition key `_type` (the entity type), `tournament` (S), `region` (S), sort key `round` (N), `bracket_key` (S), projection ALL (AWS developer guide, "Using Global Secondary Indexes in DynamoDB").

The index's marker type: entities take part with `#[index(ByTournamentRegion, …)]`, and their generated `query_by_tournament_region(…)` returns a `KeyQuery<_, ByTournamentRegion>`. Reads are eventually consistent only.*/
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByTournamentRegion;
#[automatically_derived]
impl ::dynakey::Index for ByTournamentRegion {
    type Table = Esports;
    const DEF: ::dynakey::IndexDef = ::dynakey::__private::attribute_index_def(
        "ByTournamentRegion",
        ::dynakey::__private::IndexKind::Global,
        ::dynakey::__private::KeySchema::attributes(
                &[
                    ::dynakey::__private::KeyAttr::s("_type"),
                    ::dynakey::__private::KeyAttr::s("tournament"),
                    ::dynakey::__private::KeyAttr::s("region"),
                ],
                &[
                    ::dynakey::__private::KeyAttr::n("round"),
                    ::dynakey::__private::KeyAttr::s("bracket_key"),
                ],
            )
            .with_entity_type(),
        ::dynakey::__private::Projection::All,
    );
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::PartitionRole, 0usize>
for ByTournamentRegion {
    type Type = ::dynakey::__private::attribute::S;
    const NAME: &'static str = "_type";
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::PartitionRole, 1usize>
for ByTournamentRegion {
    type Type = ::dynakey::__private::attribute::S;
    const NAME: &'static str = "tournament";
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::PartitionRole, 2usize>
for ByTournamentRegion {
    type Type = ::dynakey::__private::attribute::S;
    const NAME: &'static str = "region";
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::SortRole, 0usize>
for ByTournamentRegion {
    type Type = ::dynakey::__private::attribute::N;
    const NAME: &'static str = "round";
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::SortRole, 1usize>
for ByTournamentRegion {
    type Type = ::dynakey::__private::attribute::S;
    const NAME: &'static str = "bracket_key";
}
impl ::dynakey::ProjectsAll for ByTournamentRegion {}
/**Global secondary index `ByScore` of [`Esports`]: partition key `GSI2PK` (S), sort key `score` (N), projection ALL (AWS developer guide, "Using Global Secondary Indexes in DynamoDB").

The index's marker type: entities take part with `#[index(ByScore, …)]`, and their generated `query_by_score(…)` returns a `KeyQuery<_, ByScore>`. Reads are eventually consistent only.*/
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByScore;
#[automatically_derived]
impl ::dynakey::Index for ByScore {
    type Table = Esports;
    const DEF: ::dynakey::IndexDef = ::dynakey::__private::attribute_index_def(
        "ByScore",
        ::dynakey::__private::IndexKind::Global,
        ::dynakey::__private::KeySchema::attributes(
            &[::dynakey::__private::KeyAttr::s("GSI2PK")],
            &[::dynakey::__private::KeyAttr::n("score")],
        ),
        ::dynakey::__private::Projection::All,
    );
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::PartitionRole, 0usize>
for ByScore {
    type Type = ::dynakey::__private::attribute::S;
    const NAME: &'static str = "GSI2PK";
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::SortRole, 0usize>
for ByScore {
    type Type = ::dynakey::__private::attribute::N;
    const NAME: &'static str = "score";
}
impl ::dynakey::ProjectsAll for ByScore {}
/**Local secondary index `ByRank` of [`Esports`]: partition key `PK` (S), sort key `rank` (N), projection KEYS_ONLY (AWS developer guide, "Local secondary indexes").

The index's marker type: entities take part with `#[index(ByRank, …)]`, and their generated `query_by_rank(…)` returns a `KeyQuery<_, ByRank>`. Strongly consistent reads are supported.*/
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash)]
pub struct ByRank;
#[automatically_derived]
impl ::dynakey::Index for ByRank {
    type Table = Esports;
    const DEF: ::dynakey::IndexDef = ::dynakey::__private::attribute_index_def(
        "ByRank",
        ::dynakey::__private::IndexKind::Local,
        ::dynakey::__private::KeySchema::attributes(
            &[::dynakey::__private::KeyAttr::s("PK")],
            &[::dynakey::__private::KeyAttr::n("rank")],
        ),
        ::dynakey::__private::Projection::KeysOnly,
    );
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::PartitionRole, 0usize>
for ByRank {
    type Type = ::dynakey::__private::attribute::S;
    const NAME: &'static str = "PK";
}
impl ::dynakey::__private::IndexKeyAttribute<::dynakey::__private::SortRole, 0usize>
for ByRank {
    type Type = ::dynakey::__private::attribute::N;
    const NAME: &'static str = "rank";
}
impl ::dynakey::ConsistentReadable for ByRank {}
impl ::dynakey::__private::DerivedTable for Esports {
    const NAME: &'static str = "Esports";
    const INDEX_TYPES: &'static [&'static str] = &[
        "ByTournamentRegion",
        "ByScore",
        "ByRank",
    ];
    const ATTRIBUTE_WISE: &'static [&'static str] = &[
        "ByTournamentRegion",
        "ByScore",
        "ByRank",
    ];
}
impl ::dynakey::__private::IndexAt<0usize> for Esports {
    type Index = ByTournamentRegion;
}
impl ::dynakey::__private::IndexAt<1usize> for Esports {
    type Index = ByScore;
}
impl ::dynakey::__private::IndexAt<2usize> for Esports {
    type Index = ByRank;
}
