// The expansion of `entity_attribute_wise` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Match`] partition key (template `MATCH#<id>`), as parsed by `Match::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
pub struct MatchPartitionKey {
    ///The `id` segment.
    pub id: String,
}
///Typed sort-key builder for [`Match`] (template `META`), created by `Match::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
pub struct MatchSk<const D: usize>(::dynakey::__private::SortKey);
///Typed sort conditions of index `ByTournamentRegion` for [`Match`], created by `Match::by_tournament_region_sk()`: give the sort attributes strictly left to right, each by its method, by equality (`.a().eq(v)`), and at most the last one given by a range (`.a().gt(v)`, `.a().between(lo, hi)`, `.a().begins_with(p)` on a string), then pass it to `.sort_key(…)` of `Match::query_by_tournament_region(…)`. `D` counts the attributes given (AWS developer guide, "Multi-attribute keys pattern").
#[must_use = "sort conditions do nothing until passed to `.sort_key(…)`"]
pub struct MatchByTournamentRegionSk<const D: usize>(
    ::dynakey::__private::SortConditions,
);
///Typed sort conditions of index `ByScore` for [`Match`], created by `Match::by_score_sk()`: give the sort attributes strictly left to right, each by its method, by equality (`.a().eq(v)`), and at most the last one given by a range (`.a().gt(v)`, `.a().between(lo, hi)`, `.a().begins_with(p)` on a string), then pass it to `.sort_key(…)` of `Match::query_by_score(…)`. `D` counts the attributes given (AWS developer guide, "Multi-attribute keys pattern").
#[must_use = "sort conditions do nothing until passed to `.sort_key(…)`"]
pub struct MatchByScoreSk<const D: usize>(::dynakey::__private::SortConditions);
///Typed sort conditions of index `ByRank` for [`Match`], created by `Match::by_rank_sk()`: give the sort attributes strictly left to right, each by its method, by equality (`.a().eq(v)`), and at most the last one given by a range (`.a().gt(v)`, `.a().between(lo, hi)`, `.a().begins_with(p)` on a string), then pass it to `.sort_key(…)` of `Match::query_by_rank(…)`. `D` counts the attributes given (AWS developer guide, "Multi-attribute keys pattern").
#[must_use = "sort conditions do nothing until passed to `.sort_key(…)`"]
pub struct MatchByRankSk<const D: usize>(::dynakey::__private::SortConditions);
const _: () = {
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum round {}
        pub enum bracket {}
        pub enum score {}
        pub enum rank {}
    }
    #[allow(unused_imports)]
    use __dk::NoAttributeType as _;
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Match {
        type PartitionKey = MatchPartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> MatchPartitionKey {
            MatchPartitionKey {
                id: __dynakey_values.0,
            }
        }
        type SortKey = ::dynakey::NoKeyFields;
        type SortValues = ::dynakey::NoKeyFields;
        #[inline]
        fn sort_fields(values: ::dynakey::NoKeyFields) -> ::dynakey::NoKeyFields {
            values
        }
    }
    impl<const D: usize> __dk::SortKeyBuilder for MatchSk<D>
    where
        __dk::Kinds0: __dk::At<D>,
    {
        type Entity = Match;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <__dk::Kinds0 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    #[doc(hidden)]
    type __Index0 = <Esports as __dk::IndexAt<
        { __dk::attribute_index_position::<Esports>("ByTournamentRegion", "Match") },
    >>::Index;
    const __BY_TOURNAMENT_REGION: __dk::IndexDef = <__Index0 as __dk::Index>::DEF;
    const _: () = __dk::check_fill_counts(&__BY_TOURNAMENT_REGION, true, 2);
    const _: () = __dk::check_sort_fill_count(&__BY_TOURNAMENT_REGION, 2);
    const _: () = __dk::check_isolation(
        &__BY_TOURNAMENT_REGION,
        "_type",
        false,
        "Match",
    );
    impl __dk::IndexMember<Match> for ByTournamentRegion {}
    const _: () = __dk::check_native_fill(
        &__BY_TOURNAMENT_REGION,
        __dk::pk(0),
        __dk::TypeProbe::<String>::TYPE,
        "tournament",
        "tournament",
    );
    const _: () = __dk::check_native_fill(
        &__BY_TOURNAMENT_REGION,
        __dk::pk(1),
        __dk::TypeProbe::<String>::TYPE,
        "region",
        "region",
    );
    const _: () = __dk::check_native_fill(
        &__BY_TOURNAMENT_REGION,
        __dk::sk(0),
        __dk::TypeProbe::<u32>::TYPE,
        "round",
        "round",
    );
    const _: () = __dk::check_template_fill(
        &__BY_TOURNAMENT_REGION,
        __dk::sk(1),
        "B#<bracket>",
        __STORED,
    );
    type __Sk0Fields = (field::round, field::bracket);
    type __Sk0At<const D: usize, F> = <__Sk0Fields as __dk::StepAt<D, F>>::Next;
    impl<const D: usize> MatchByTournamentRegionSk<D> {
        ///Sort attribute `round`: `.eq(v)` and the next may follow, or a last range (`.gt(v)`, `.between(lo, hi)`, `.begins_with(p)` on a string, …).
        pub fn round<const N: usize>(
            self,
        ) -> __dk::AttributeStep<MatchByTournamentRegionSk<N>, Match, __Index0, u32>
        where
            __Sk0Fields: __dk::StepAt<D, field::round>,
            __Sk0At<D, field::round>: __dk::NextAttribute<field::round, N, __Sk0Fields>,
        {
            __dk::attribute_step(self.0, 0, MatchByTournamentRegionSk)
        }
        ///Sort attribute `B#<bracket>`: `.eq(v)` and the next may follow, or a last range (`.gt(v)`, `.between(lo, hi)`, …) on the key of `v`, within this template's keys.
        pub fn bracket<const N: usize>(
            self,
        ) -> __dk::TemplateStep<MatchByTournamentRegionSk<N>, Match, __Index0, String>
        where
            __Sk0Fields: __dk::StepAt<D, field::bracket>,
            __Sk0At<
                D,
                field::bracket,
            >: __dk::NextAttribute<field::bracket, N, __Sk0Fields>,
        {
            __dk::template_step(
                self.0,
                1,
                Match::__BY_TOURNAMENT_REGION_FILL_3.template,
                MatchByTournamentRegionSk,
            )
        }
    }
    #[diagnostic::do_not_recommend]
    impl<const D: usize> ::dynakey::SortAttributes<Match, __Index0>
    for MatchByTournamentRegionSk<D>
    where
        __dk::Given2: __dk::At<D>,
        <__dk::Given2 as __dk::At<D>>::Out: __dk::Given,
    {
        fn into_conditions(self) -> __dk::Conditions {
            self.0.into_conditions()
        }
    }
    #[doc(hidden)]
    type __Index1 = <Esports as __dk::IndexAt<
        { __dk::attribute_index_position::<Esports>("ByScore", "Match") },
    >>::Index;
    const __BY_SCORE: __dk::IndexDef = <__Index1 as __dk::Index>::DEF;
    const _: () = __dk::check_fill_counts(&__BY_SCORE, true, 1);
    const _: () = __dk::check_sort_fill_count(&__BY_SCORE, 1);
    const _: () = __dk::check_isolation(&__BY_SCORE, "_type", true, "Match");
    impl<__DynakeyEntity> __dk::IndexMember<__DynakeyEntity> for ByScore {}
    const _: () = __dk::check_template_fill(
        &__BY_SCORE,
        __dk::pk(0),
        "BOARD#<board>",
        __STORED,
    );
    const _: () = __dk::check_native_fill(
        &__BY_SCORE,
        __dk::sk(0),
        __dk::TypeProbe::<u64>::TYPE,
        "score",
        "score",
    );
    type __Sk1Fields = (field::score,);
    type __Sk1At<const D: usize, F> = <__Sk1Fields as __dk::StepAt<D, F>>::Next;
    impl<const D: usize> MatchByScoreSk<D> {
        ///Sort attribute `score`: `.eq(v)` and the next may follow, or a last range (`.gt(v)`, `.between(lo, hi)`, `.begins_with(p)` on a string, …).
        pub fn score<const N: usize>(
            self,
        ) -> __dk::AttributeStep<MatchByScoreSk<N>, Match, __Index1, u64>
        where
            __Sk1Fields: __dk::StepAt<D, field::score>,
            __Sk1At<D, field::score>: __dk::NextAttribute<field::score, N, __Sk1Fields>,
        {
            __dk::attribute_step(self.0, 0, MatchByScoreSk)
        }
    }
    #[diagnostic::do_not_recommend]
    impl<const D: usize> ::dynakey::SortAttributes<Match, __Index1> for MatchByScoreSk<D>
    where
        __dk::Given1: __dk::At<D>,
        <__dk::Given1 as __dk::At<D>>::Out: __dk::Given,
    {
        fn into_conditions(self) -> __dk::Conditions {
            self.0.into_conditions()
        }
    }
    #[doc(hidden)]
    type __Index2 = <Esports as __dk::IndexAt<
        { __dk::attribute_index_position::<Esports>("ByRank", "Match") },
    >>::Index;
    const __BY_RANK: __dk::IndexDef = <__Index2 as __dk::Index>::DEF;
    const _: () = __dk::check_fill_counts(&__BY_RANK, false, 0);
    const _: () = __dk::check_sort_fill_count(&__BY_RANK, 1);
    const _: () = __dk::check_isolation(&__BY_RANK, "_type", false, "Match");
    impl __dk::IndexMember<Match> for ByRank {}
    const _: () = __dk::check_native_fill(
        &__BY_RANK,
        __dk::sk(0),
        __dk::TypeProbe::<u8>::TYPE,
        "rank",
        "rank",
    );
    type __Sk2Fields = (field::rank,);
    type __Sk2At<const D: usize, F> = <__Sk2Fields as __dk::StepAt<D, F>>::Next;
    impl<const D: usize> MatchByRankSk<D> {
        ///Sort attribute `rank`: `.eq(v)` and the next may follow, or a last range (`.gt(v)`, `.between(lo, hi)`, `.begins_with(p)` on a string, …).
        pub fn rank<const N: usize>(
            self,
        ) -> __dk::AttributeStep<MatchByRankSk<N>, Match, __Index2, u8>
        where
            __Sk2Fields: __dk::StepAt<D, field::rank>,
            __Sk2At<D, field::rank>: __dk::NextAttribute<field::rank, N, __Sk2Fields>,
        {
            __dk::attribute_step(self.0, 0, MatchByRankSk)
        }
    }
    #[diagnostic::do_not_recommend]
    impl<const D: usize> ::dynakey::SortAttributes<Match, __Index2> for MatchByRankSk<D>
    where
        __dk::Given1: __dk::At<D>,
        <__dk::Given1 as __dk::At<D>>::Out: __dk::Given,
    {
        fn into_conditions(self) -> __dk::Conditions {
            self.0.into_conditions()
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Match {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<Esports>("id", "id"),
        __dk::stored::<Esports>("tournament", "tournament"),
        __dk::stored::<Esports>("region", "region"),
        __dk::stored::<Esports>("round", "round"),
        __dk::stored::<Esports>("bracket", "bracket"),
        __dk::stored::<Esports>("board", "board"),
        __dk::stored::<Esports>("score", "score"),
        __dk::stored::<Esports>("rank", "rank"),
        __dk::stored::<Esports>("_type", ""),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = __dk::check_listed::<Esports>("Match", "Match", "Esports");
    #[allow(non_camel_case_types, non_snake_case, dead_code)]
    pub mod __dk_index_groups {
        pub struct BY_TOURNAMENT_REGION<F>(::core::marker::PhantomData<F>);
        pub struct BY_SCORE<F>(::core::marker::PhantomData<F>);
        pub struct BY_RANK<F>(::core::marker::PhantomData<F>);
        pub mod fields {
            pub enum BRACKET {}
            pub enum TOURNAMENT {}
            pub enum REGION {}
            pub enum ROUND {}
            pub enum BOARD {}
            pub enum SCORE {}
            pub enum RANK {}
        }
        pub type __kind_BY_TOURNAMENT_REGION = BY_TOURNAMENT_REGION<
            (fields::BRACKET, fields::TOURNAMENT, fields::REGION, fields::ROUND),
        >;
        pub type __kind_BY_SCORE = BY_SCORE<(fields::BOARD, fields::SCORE)>;
        pub type __kind_BY_RANK = BY_RANK<(fields::RANK,)>;
    }
    #[automatically_derived]
    impl ::dynakey::Entity for Match {
        type Table = Esports;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Match";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_with_sort_key::<
            Self,
        >(Self::__SORT.template);
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            __dk::attribute_entity_index_typed(
                __BY_TOURNAMENT_REGION,
                Self::__BY_TOURNAMENT_REGION_FILLS,
                true,
                "query_by_tournament_region",
            ),
            __dk::attribute_entity_index_typed(
                __BY_SCORE,
                Self::__BY_SCORE_FILLS,
                false,
                "query_by_score",
            ),
            __dk::attribute_entity_index_typed(
                __BY_RANK,
                Self::__BY_RANK_FILLS,
                false,
                "query_by_rank",
            ),
        ];
        fn attribute_keys(&self) -> __dk::AttributeKeys {
            __dk::attribute_keys_of([
                __dk::native_at(&__BY_TOURNAMENT_REGION, __dk::pk(0), &self.tournament),
                __dk::native_at(&__BY_TOURNAMENT_REGION, __dk::pk(1), &self.region),
                __dk::native_at(&__BY_TOURNAMENT_REGION, __dk::sk(0), &self.round),
                __dk::template_at(
                    &__BY_TOURNAMENT_REGION,
                    __dk::sk(1),
                    __dk::Some(
                        Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&self.bracket,)),
                    ),
                ),
                __dk::template_at(
                    &__BY_SCORE,
                    __dk::pk(0),
                    __dk::Some(Match::__BY_SCORE_FILL_0.encode((&self.board,))),
                ),
                __dk::native_at(&__BY_SCORE, __dk::sk(0), &self.score),
                __dk::native_at(&__BY_RANK, __dk::sk(0), &self.rank),
            ])
        }
        const ENTITY_TYPE_ATTRIBUTE: __dk::Option<&'static str> = __dk::Some("_type");
        const SHAPE: &'static str = "MATCH#<id>|META";
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Match", __dk::None);
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Match::__PARTITION.encode((&self.id,))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            Self::__SORT.encode_some(())
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Esports> for Match {}
    impl Match {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "MATCH#<id>",
            __dk::KeyRole::Partition,
            &[__dk::literal("MATCH#"), __dk::field::<String>("id")],
        );
        const __SORT: __dk::Template<()> = __dk::template(
            "META",
            __dk::KeyRole::Sort,
            &[__dk::literal("META")],
        );
        ///Starts a sort-key condition for `META`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn sk() -> MatchSk<0> {
            MatchSk(Self::__SORT.start())
        }
        /**The primary key of the [`Match`] with these field values (partition key `MATCH#<id>`, sort key `META`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            id: impl __dk::SegmentArg<String>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(Match::__PARTITION.encode((&id,)), Match::__SORT.encode(()))
        }
        ///A Query over one whole partition (`MATCH#<id>`); narrow it with a sort-key condition such as `.begins_with(Match::sk())`. Encoding errors are returned when the query is built.
        pub fn query(id: impl __dk::SegmentArg<String>) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(Match::__PARTITION.encode((&id,)))
        }
        const __BY_TOURNAMENT_REGION_FILL_3: __dk::Template<(String,)> = __dk::template(
            "B#<bracket>",
            __dk::KeyRole::Sort,
            &[__dk::literal("B#"), __dk::field::<String>("bracket")],
        );
        ///A Query on index `ByTournamentRegion` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_tournament_region_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_tournament_region(
            tournament: impl __dk::AttrArg<String>,
            region: impl __dk::AttrArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __Index0> {
            __dk::query_attributes(
                __BY_TOURNAMENT_REGION,
                [__dk::partition_value(&tournament), __dk::partition_value(&region)],
            )
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_tournament_region_sk() -> MatchByTournamentRegionSk<0> {
            MatchByTournamentRegionSk(__dk::SortConditions::new())
        }
        const __BY_TOURNAMENT_REGION_FILLS: &[::dynakey::Fill] = &[
            __dk::entity_type_fill(),
            __dk::native_fill::<String>(),
            __dk::native_fill::<String>(),
            __dk::native_fill::<Option<u32>>(),
            __dk::template_fill(Self::__BY_TOURNAMENT_REGION_FILL_3.template),
        ];
        const __BY_SCORE_FILL_0: __dk::Template<(String,)> = __dk::template(
            "BOARD#<board>",
            __dk::KeyRole::Partition,
            &[__dk::literal("BOARD#"), __dk::field::<String>("board")],
        );
        ///A Query on index `ByScore` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_score_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_score(
            board: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __Index1> {
            __dk::query_attributes(
                __BY_SCORE,
                [__dk::template_value(Match::__BY_SCORE_FILL_0.encode((&board,)))],
            )
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_score_sk() -> MatchByScoreSk<0> {
            MatchByScoreSk(__dk::SortConditions::new())
        }
        const __BY_SCORE_FILLS: &[::dynakey::Fill] = &[
            __dk::entity_type_fill(),
            __dk::template_fill(Self::__BY_SCORE_FILL_0.template),
            __dk::native_fill::<u64>(),
        ];
        ///A Query on index `ByRank` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_rank_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_rank(
            id: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __Index2> {
            __dk::query_attributes(
                __BY_RANK,
                [__dk::template_value(Match::__PARTITION.encode((&id,)))],
            )
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_rank_sk() -> MatchByRankSk<0> {
            MatchByRankSk(__dk::SortConditions::new())
        }
        const __BY_RANK_FILLS: &[::dynakey::Fill] = &[
            __dk::entity_type_fill(),
            __dk::native_fill::<u8>(),
        ];
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle("id");
        ///Attribute `tournament` (field `tournament`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const TOURNAMENT: __dk::Field<
            Self,
            String,
            __dk::Indexed<__dk_index_groups::__kind_BY_TOURNAMENT_REGION>,
        > = __dk::handle("tournament");
        ///Attribute `region` (field `region`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const REGION: __dk::Field<
            Self,
            String,
            __dk::Indexed<__dk_index_groups::__kind_BY_TOURNAMENT_REGION>,
        > = __dk::handle("region");
        ///Attribute `round` (field `round`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const ROUND: __dk::Field<
            Self,
            Option<u32>,
            __dk::Indexed<__dk_index_groups::__kind_BY_TOURNAMENT_REGION>,
        > = __dk::handle("round");
        ///Attribute `bracket` (field `bracket`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const BRACKET: __dk::Field<
            Self,
            String,
            __dk::Indexed<__dk_index_groups::__kind_BY_TOURNAMENT_REGION>,
        > = __dk::handle("bracket");
        ///Attribute `board` (field `board`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_SCORE`](Self::BY_SCORE).
        pub const BOARD: __dk::Field<
            Self,
            String,
            __dk::Indexed<__dk_index_groups::__kind_BY_SCORE>,
        > = __dk::handle("board");
        ///Attribute `score` (field `score`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_SCORE`](Self::BY_SCORE).
        pub const SCORE: __dk::Field<
            Self,
            u64,
            __dk::Indexed<__dk_index_groups::__kind_BY_SCORE>,
        > = __dk::handle("score");
        ///Attribute `rank` (field `rank`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_RANK`](Self::BY_RANK).
        pub const RANK: __dk::Field<
            Self,
            u8,
            __dk::Indexed<__dk_index_groups::__kind_BY_RANK>,
        > = __dk::handle("rank");
        ///The fields `bracket`, `tournament`, `region`, `round` of index `ByTournamentRegion`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_TOURNAMENT_REGION: ::dynakey::IndexGroup<
            Self,
            (String, String, String, Option<u32>),
        > = __dk::index_group(
            &[
                ("bracket", "bracket"),
                ("tournament", "tournament"),
                ("region", "region"),
                ("round", "round"),
            ],
        );
        ///The fields `board`, `score` of index `ByScore`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_SCORE: ::dynakey::IndexGroup<Self, (String, u64)> = __dk::index_group(
            &[("board", "board"), ("score", "score")],
        );
        ///The fields `rank` of index `ByRank`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_RANK: ::dynakey::IndexGroup<Self, (u8,)> = __dk::index_group(
            &[("rank", "rank")],
        );
    }
};
