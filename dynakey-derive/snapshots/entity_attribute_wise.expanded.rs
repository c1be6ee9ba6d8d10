// The expansion of `entity_attribute_wise` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Match`] partition key (template `MATCH#<id>`), as parsed by `Match::parse_partition_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
pub struct MatchPartitionKey {
    ///The `id` segment.
    pub id: String,
}
///The fields of a [`Match`] sort key (template `META`), as parsed by `Match::parse_sort_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
pub struct MatchSortKey {}
///Typed sort-key builder for [`Match`] (template `META`), created by `Match::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
pub struct MatchSk<const D: usize>(::dynakey::__private::SortKey);
///Typed sort conditions of index `ByTournamentRegion` for [`Match`], created by `Match::by_tournament_region_sk()`: give the sort attributes strictly left to right, each by equality (`.a(v)`), and at most the last one given by a range (`.a_gt(v)`, `.a_between(lo, hi)`, `.a_begins_with(p)` on a string), then pass it to `.sort_key(…)` of `Match::query_by_tournament_region(…)`. `D` counts the attributes given (AWS developer guide, "Multi-attribute keys pattern").
#[must_use = "sort conditions do nothing until passed to `.sort_key(…)`"]
pub struct MatchByTournamentRegionSk<const D: usize>(
    ::dynakey::__private::SortConditions,
);
///Typed sort conditions of index `ByScore` for [`Match`], created by `Match::by_score_sk()`: give the sort attributes strictly left to right, each by equality (`.a(v)`), and at most the last one given by a range (`.a_gt(v)`, `.a_between(lo, hi)`, `.a_begins_with(p)` on a string), then pass it to `.sort_key(…)` of `Match::query_by_score(…)`. `D` counts the attributes given (AWS developer guide, "Multi-attribute keys pattern").
#[must_use = "sort conditions do nothing until passed to `.sort_key(…)`"]
pub struct MatchByScoreSk<const D: usize>(::dynakey::__private::SortConditions);
///Typed sort conditions of index `ByRank` for [`Match`], created by `Match::by_rank_sk()`: give the sort attributes strictly left to right, each by equality (`.a(v)`), and at most the last one given by a range (`.a_gt(v)`, `.a_between(lo, hi)`, `.a_begins_with(p)` on a string), then pass it to `.sort_key(…)` of `Match::query_by_rank(…)`. `D` counts the attributes given (AWS developer guide, "Multi-attribute keys pattern").
#[must_use = "sort conditions do nothing until passed to `.sort_key(…)`"]
pub struct MatchByRankSk<const D: usize>(::dynakey::__private::SortConditions);
const _: () = {
    #[allow(non_camel_case_types)]
    mod field {
        pub enum round {}
        pub enum bracket {}
        pub enum score {}
        pub enum rank {}
    }
    impl<const D: usize> ::dynakey::__private::SortKeyBuilder for MatchSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
        ::dynakey::__private::Kinds0: ::dynakey::__private::At<D>,
    {
        type Entity = Match;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <::dynakey::__private::Kinds0 as ::dynakey::__private::At<D>>::Out;
        fn into_key(self) -> ::dynakey::__private::SortKey {
            self.0
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Match, ::dynakey::PrimaryIndex>
    for MatchSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {}
    #[doc(hidden)]
    type __DynakeyIndex0 = <Esports as ::dynakey::__private::IndexAt<
        {
            ::dynakey::__private::attribute_index_position::<
                Esports,
            >("ByTournamentRegion", "Match")
        },
    >>::Index;
    const __BY_TOURNAMENT_REGION: ::dynakey::IndexDef = <__DynakeyIndex0 as ::dynakey::Index>::DEF;
    const _: () = ::dynakey::__private::check_fill_counts(
        &__BY_TOURNAMENT_REGION,
        true,
        2usize,
        "ByTournamentRegion",
    );
    const _: () = ::dynakey::__private::check_sort_fill_count(
        &__BY_TOURNAMENT_REGION,
        2usize,
        "ByTournamentRegion",
    );
    const _: () = ::dynakey::__private::check_isolation(
        &__BY_TOURNAMENT_REGION,
        "_type",
        false,
        "ByTournamentRegion",
        "Match",
    );
    impl ::dynakey::__private::IndexMember<Match> for ByTournamentRegion {}
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &__BY_TOURNAMENT_REGION,
            ::dynakey::__private::KeyRole::Partition,
            0usize,
            ::dynakey::__private::TypeProbe::<String>::TYPE,
            "tournament",
            "tournament",
            "ByTournamentRegion",
        )
    };
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &__BY_TOURNAMENT_REGION,
            ::dynakey::__private::KeyRole::Partition,
            1usize,
            ::dynakey::__private::TypeProbe::<String>::TYPE,
            "region",
            "region",
            "ByTournamentRegion",
        )
    };
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &__BY_TOURNAMENT_REGION,
            ::dynakey::__private::KeyRole::Sort,
            0usize,
            ::dynakey::__private::TypeProbe::<u32>::TYPE,
            "round",
            "round",
            "ByTournamentRegion",
        )
    };
    const _: () = ::dynakey::__private::check_template_fill(
        &__BY_TOURNAMENT_REGION,
        ::dynakey::__private::KeyRole::Sort,
        1usize,
        "B#<bracket>",
        &[
            ("id", "id"),
            ("tournament", "tournament"),
            ("region", "region"),
            ("round", "round"),
            ("bracket", "bracket"),
            ("board", "board"),
            ("score", "score"),
            ("rank", "rank"),
        ],
        "ByTournamentRegion",
    );
    type __MatchByTournamentRegionSkFields = (field::round, field::bracket);
    type __MatchByTournamentRegionSkNextAt<const D: usize, F> = <__MatchByTournamentRegionSkFields as ::dynakey::__private::StepAt<
        D,
        F,
    >>::Next;
    #[diagnostic::on_unimplemented(
        message = "sort attribute `{F}` cannot be given now: the next sort attribute of index `ByTournamentRegion` is `{Self}` (`Match::by_tournament_region_sk()` gives `round`, `bracket` in that order)",
        label = "give `{Self}` first"
    )]
    pub trait __MatchByTournamentRegionSkNext<F, const N: usize> {}
    impl<F, const N: usize> __MatchByTournamentRegionSkNext<F, N> for F
    where
        __MatchByTournamentRegionSkFields: ::dynakey::__private::DepthOf<F, N>,
    {}
    impl<const D: usize> MatchByTournamentRegionSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        ///`round = value`: the next sort attribute may follow.
        pub fn round<const N: usize>(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> MatchByTournamentRegionSk<N>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::round,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::round,
            >: __MatchByTournamentRegionSkNext<field::round, N>,
        {
            MatchByTournamentRegionSk(
                ::dynakey::__private::step_eq::<
                    u32,
                >(self.0, &__BY_TOURNAMENT_REGION, 0, &value),
            )
        }
        ///`round > value`, on the last sort attribute given.
        pub fn round_gt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::round,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::round,
            >: __MatchByTournamentRegionSkNext<field::round, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                0,
                ::dynakey::__private::AttributeOp::Gt,
                &value,
            )
        }
        ///`round >= value`, on the last sort attribute given.
        pub fn round_gte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::round,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::round,
            >: __MatchByTournamentRegionSkNext<field::round, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                0,
                ::dynakey::__private::AttributeOp::Ge,
                &value,
            )
        }
        ///`round < value`, on the last sort attribute given.
        pub fn round_lt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::round,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::round,
            >: __MatchByTournamentRegionSkNext<field::round, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                0,
                ::dynakey::__private::AttributeOp::Lt,
                &value,
            )
        }
        ///`round <= value`, on the last sort attribute given.
        pub fn round_lte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::round,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::round,
            >: __MatchByTournamentRegionSkNext<field::round, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                0,
                ::dynakey::__private::AttributeOp::Le,
                &value,
            )
        }
        ///`round BETWEEN low AND high` (both included), on the last sort attribute given; low above high is an error when the query is built.
        pub fn round_between(
            self,
            low: impl ::dynakey::attribute::AttributeArg<u32>,
            high: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::round,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::round,
            >: __MatchByTournamentRegionSkNext<field::round, 1>,
        {
            ::dynakey::__private::step_between(
                self.0,
                &__BY_TOURNAMENT_REGION,
                0,
                &low,
                &high,
            )
        }
        ///`begins_with(round, prefix)`, on the last sort attribute given; a string attribute only.
        pub fn round_begins_with(
            self,
            prefix: impl ::dynakey::attribute::BeginsWith<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::round,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::round,
            >: __MatchByTournamentRegionSkNext<field::round, 1>,
        {
            ::dynakey::__private::step_begins_with(
                self.0,
                &__BY_TOURNAMENT_REGION,
                0,
                &prefix,
            )
        }
        ///`B#<bracket>` equal to the key these values make: the next sort attribute may follow.
        pub fn bracket<const N: usize>(
            self,
            bracket: impl ::dynakey::SegmentArg<String>,
        ) -> MatchByTournamentRegionSk<N>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::bracket,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::bracket,
            >: __MatchByTournamentRegionSkNext<field::bracket, N>,
        {
            MatchByTournamentRegionSk(
                ::dynakey::__private::step_template_eq(
                    self.0,
                    &__BY_TOURNAMENT_REGION,
                    1,
                    Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&bracket,)),
                ),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given; only keys this template makes are read (the range is bounded by its literal prefix).
        pub fn bracket_gt(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::bracket,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::bracket,
            >: __MatchByTournamentRegionSkNext<field::bracket, 2>,
        {
            ::dynakey::__private::step_template_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                1,
                ::dynakey::__private::AttributeOp::Gt,
                "B#",
                Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&value,)),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given; only keys this template makes are read (the range is bounded by its literal prefix).
        pub fn bracket_gte(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::bracket,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::bracket,
            >: __MatchByTournamentRegionSkNext<field::bracket, 2>,
        {
            ::dynakey::__private::step_template_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                1,
                ::dynakey::__private::AttributeOp::Ge,
                "B#",
                Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&value,)),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given; only keys this template makes are read (the range is bounded by its literal prefix).
        pub fn bracket_lt(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::bracket,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::bracket,
            >: __MatchByTournamentRegionSkNext<field::bracket, 2>,
        {
            ::dynakey::__private::step_template_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                1,
                ::dynakey::__private::AttributeOp::Lt,
                "B#",
                Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&value,)),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given; only keys this template makes are read (the range is bounded by its literal prefix).
        pub fn bracket_lte(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::bracket,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::bracket,
            >: __MatchByTournamentRegionSkNext<field::bracket, 2>,
        {
            ::dynakey::__private::step_template_compare(
                self.0,
                &__BY_TOURNAMENT_REGION,
                1,
                ::dynakey::__private::AttributeOp::Le,
                "B#",
                Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&value,)),
            )
        }
        ///`B#<bracket>` between the keys of `low` and `high` (both included), on the last sort attribute given.
        pub fn bracket_between(
            self,
            low: impl ::dynakey::SegmentArg<String>,
            high: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0>
        where
            __MatchByTournamentRegionSkFields: ::dynakey::__private::StepAt<
                D,
                field::bracket,
            >,
            __MatchByTournamentRegionSkNextAt<
                D,
                field::bracket,
            >: __MatchByTournamentRegionSkNext<field::bracket, 2>,
        {
            ::dynakey::__private::step_template_between(
                self.0,
                &__BY_TOURNAMENT_REGION,
                1,
                Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&low,)),
                Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&high,)),
            )
        }
    }
    #[diagnostic::do_not_recommend]
    impl<const D: usize> ::dynakey::SortAttributes<Match, __DynakeyIndex0>
    for MatchByTournamentRegionSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
        ::dynakey::__private::Given2: ::dynakey::__private::At<D>,
        <::dynakey::__private::Given2 as ::dynakey::__private::At<
            D,
        >>::Out: ::dynakey::__private::Given,
    {
        fn into_conditions(
            self,
        ) -> ::core::result::Result<
            ::std::vec::Vec<
                (&'static str, ::dynakey::condition::SortCondition<::dynakey::KeyValue>),
            >,
            ::dynakey::KeyError,
        > {
            self.0.into_conditions()
        }
    }
    #[doc(hidden)]
    type __DynakeyIndex1 = <Esports as ::dynakey::__private::IndexAt<
        { ::dynakey::__private::attribute_index_position::<Esports>("ByScore", "Match") },
    >>::Index;
    const __BY_SCORE: ::dynakey::IndexDef = <__DynakeyIndex1 as ::dynakey::Index>::DEF;
    const _: () = ::dynakey::__private::check_fill_counts(
        &__BY_SCORE,
        true,
        1usize,
        "ByScore",
    );
    const _: () = ::dynakey::__private::check_sort_fill_count(
        &__BY_SCORE,
        1usize,
        "ByScore",
    );
    const _: () = ::dynakey::__private::check_isolation(
        &__BY_SCORE,
        "_type",
        true,
        "ByScore",
        "Match",
    );
    impl<__DynakeyEntity> ::dynakey::__private::IndexMember<__DynakeyEntity>
    for ByScore {}
    const _: () = ::dynakey::__private::check_template_fill(
        &__BY_SCORE,
        ::dynakey::__private::KeyRole::Partition,
        0usize,
        "BOARD#<board>",
        &[
            ("id", "id"),
            ("tournament", "tournament"),
            ("region", "region"),
            ("round", "round"),
            ("bracket", "bracket"),
            ("board", "board"),
            ("score", "score"),
            ("rank", "rank"),
        ],
        "ByScore",
    );
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &__BY_SCORE,
            ::dynakey::__private::KeyRole::Sort,
            0usize,
            ::dynakey::__private::TypeProbe::<u64>::TYPE,
            "score",
            "score",
            "ByScore",
        )
    };
    type __MatchByScoreSkFields = (field::score,);
    type __MatchByScoreSkNextAt<const D: usize, F> = <__MatchByScoreSkFields as ::dynakey::__private::StepAt<
        D,
        F,
    >>::Next;
    #[diagnostic::on_unimplemented(
        message = "sort attribute `{F}` cannot be given now: the next sort attribute of index `ByScore` is `{Self}` (`Match::by_score_sk()` gives `score` in that order)",
        label = "give `{Self}` first"
    )]
    pub trait __MatchByScoreSkNext<F, const N: usize> {}
    impl<F, const N: usize> __MatchByScoreSkNext<F, N> for F
    where
        __MatchByScoreSkFields: ::dynakey::__private::DepthOf<F, N>,
    {}
    impl<const D: usize> MatchByScoreSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        ///`score = value`: the next sort attribute may follow.
        pub fn score<const N: usize>(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> MatchByScoreSk<N>
        where
            __MatchByScoreSkFields: ::dynakey::__private::StepAt<D, field::score>,
            __MatchByScoreSkNextAt<
                D,
                field::score,
            >: __MatchByScoreSkNext<field::score, N>,
        {
            MatchByScoreSk(
                ::dynakey::__private::step_eq::<u64>(self.0, &__BY_SCORE, 0, &value),
            )
        }
        ///`score > value`, on the last sort attribute given.
        pub fn score_gt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1>
        where
            __MatchByScoreSkFields: ::dynakey::__private::StepAt<D, field::score>,
            __MatchByScoreSkNextAt<
                D,
                field::score,
            >: __MatchByScoreSkNext<field::score, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_SCORE,
                0,
                ::dynakey::__private::AttributeOp::Gt,
                &value,
            )
        }
        ///`score >= value`, on the last sort attribute given.
        pub fn score_gte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1>
        where
            __MatchByScoreSkFields: ::dynakey::__private::StepAt<D, field::score>,
            __MatchByScoreSkNextAt<
                D,
                field::score,
            >: __MatchByScoreSkNext<field::score, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_SCORE,
                0,
                ::dynakey::__private::AttributeOp::Ge,
                &value,
            )
        }
        ///`score < value`, on the last sort attribute given.
        pub fn score_lt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1>
        where
            __MatchByScoreSkFields: ::dynakey::__private::StepAt<D, field::score>,
            __MatchByScoreSkNextAt<
                D,
                field::score,
            >: __MatchByScoreSkNext<field::score, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_SCORE,
                0,
                ::dynakey::__private::AttributeOp::Lt,
                &value,
            )
        }
        ///`score <= value`, on the last sort attribute given.
        pub fn score_lte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1>
        where
            __MatchByScoreSkFields: ::dynakey::__private::StepAt<D, field::score>,
            __MatchByScoreSkNextAt<
                D,
                field::score,
            >: __MatchByScoreSkNext<field::score, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_SCORE,
                0,
                ::dynakey::__private::AttributeOp::Le,
                &value,
            )
        }
        ///`score BETWEEN low AND high` (both included), on the last sort attribute given; low above high is an error when the query is built.
        pub fn score_between(
            self,
            low: impl ::dynakey::attribute::AttributeArg<u64>,
            high: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1>
        where
            __MatchByScoreSkFields: ::dynakey::__private::StepAt<D, field::score>,
            __MatchByScoreSkNextAt<
                D,
                field::score,
            >: __MatchByScoreSkNext<field::score, 1>,
        {
            ::dynakey::__private::step_between(self.0, &__BY_SCORE, 0, &low, &high)
        }
        ///`begins_with(score, prefix)`, on the last sort attribute given; a string attribute only.
        pub fn score_begins_with(
            self,
            prefix: impl ::dynakey::attribute::BeginsWith<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1>
        where
            __MatchByScoreSkFields: ::dynakey::__private::StepAt<D, field::score>,
            __MatchByScoreSkNextAt<
                D,
                field::score,
            >: __MatchByScoreSkNext<field::score, 1>,
        {
            ::dynakey::__private::step_begins_with(self.0, &__BY_SCORE, 0, &prefix)
        }
    }
    #[diagnostic::do_not_recommend]
    impl<const D: usize> ::dynakey::SortAttributes<Match, __DynakeyIndex1>
    for MatchByScoreSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
        ::dynakey::__private::Given1: ::dynakey::__private::At<D>,
        <::dynakey::__private::Given1 as ::dynakey::__private::At<
            D,
        >>::Out: ::dynakey::__private::Given,
    {
        fn into_conditions(
            self,
        ) -> ::core::result::Result<
            ::std::vec::Vec<
                (&'static str, ::dynakey::condition::SortCondition<::dynakey::KeyValue>),
            >,
            ::dynakey::KeyError,
        > {
            self.0.into_conditions()
        }
    }
    #[doc(hidden)]
    type __DynakeyIndex2 = <Esports as ::dynakey::__private::IndexAt<
        { ::dynakey::__private::attribute_index_position::<Esports>("ByRank", "Match") },
    >>::Index;
    const __BY_RANK: ::dynakey::IndexDef = <__DynakeyIndex2 as ::dynakey::Index>::DEF;
    const _: () = ::dynakey::__private::check_fill_counts(
        &__BY_RANK,
        false,
        0usize,
        "ByRank",
    );
    const _: () = ::dynakey::__private::check_sort_fill_count(
        &__BY_RANK,
        1usize,
        "ByRank",
    );
    const _: () = ::dynakey::__private::check_isolation(
        &__BY_RANK,
        "_type",
        false,
        "ByRank",
        "Match",
    );
    impl ::dynakey::__private::IndexMember<Match> for ByRank {}
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &__BY_RANK,
            ::dynakey::__private::KeyRole::Sort,
            0usize,
            ::dynakey::__private::TypeProbe::<u8>::TYPE,
            "rank",
            "rank",
            "ByRank",
        )
    };
    type __MatchByRankSkFields = (field::rank,);
    type __MatchByRankSkNextAt<const D: usize, F> = <__MatchByRankSkFields as ::dynakey::__private::StepAt<
        D,
        F,
    >>::Next;
    #[diagnostic::on_unimplemented(
        message = "sort attribute `{F}` cannot be given now: the next sort attribute of index `ByRank` is `{Self}` (`Match::by_rank_sk()` gives `rank` in that order)",
        label = "give `{Self}` first"
    )]
    pub trait __MatchByRankSkNext<F, const N: usize> {}
    impl<F, const N: usize> __MatchByRankSkNext<F, N> for F
    where
        __MatchByRankSkFields: ::dynakey::__private::DepthOf<F, N>,
    {}
    impl<const D: usize> MatchByRankSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        ///`rank = value`: the next sort attribute may follow.
        pub fn rank<const N: usize>(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> MatchByRankSk<N>
        where
            __MatchByRankSkFields: ::dynakey::__private::StepAt<D, field::rank>,
            __MatchByRankSkNextAt<D, field::rank>: __MatchByRankSkNext<field::rank, N>,
        {
            MatchByRankSk(
                ::dynakey::__private::step_eq::<u8>(self.0, &__BY_RANK, 0, &value),
            )
        }
        ///`rank > value`, on the last sort attribute given.
        pub fn rank_gt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2>
        where
            __MatchByRankSkFields: ::dynakey::__private::StepAt<D, field::rank>,
            __MatchByRankSkNextAt<D, field::rank>: __MatchByRankSkNext<field::rank, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_RANK,
                0,
                ::dynakey::__private::AttributeOp::Gt,
                &value,
            )
        }
        ///`rank >= value`, on the last sort attribute given.
        pub fn rank_gte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2>
        where
            __MatchByRankSkFields: ::dynakey::__private::StepAt<D, field::rank>,
            __MatchByRankSkNextAt<D, field::rank>: __MatchByRankSkNext<field::rank, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_RANK,
                0,
                ::dynakey::__private::AttributeOp::Ge,
                &value,
            )
        }
        ///`rank < value`, on the last sort attribute given.
        pub fn rank_lt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2>
        where
            __MatchByRankSkFields: ::dynakey::__private::StepAt<D, field::rank>,
            __MatchByRankSkNextAt<D, field::rank>: __MatchByRankSkNext<field::rank, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_RANK,
                0,
                ::dynakey::__private::AttributeOp::Lt,
                &value,
            )
        }
        ///`rank <= value`, on the last sort attribute given.
        pub fn rank_lte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2>
        where
            __MatchByRankSkFields: ::dynakey::__private::StepAt<D, field::rank>,
            __MatchByRankSkNextAt<D, field::rank>: __MatchByRankSkNext<field::rank, 1>,
        {
            ::dynakey::__private::step_compare(
                self.0,
                &__BY_RANK,
                0,
                ::dynakey::__private::AttributeOp::Le,
                &value,
            )
        }
        ///`rank BETWEEN low AND high` (both included), on the last sort attribute given; low above high is an error when the query is built.
        pub fn rank_between(
            self,
            low: impl ::dynakey::attribute::AttributeArg<u8>,
            high: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2>
        where
            __MatchByRankSkFields: ::dynakey::__private::StepAt<D, field::rank>,
            __MatchByRankSkNextAt<D, field::rank>: __MatchByRankSkNext<field::rank, 1>,
        {
            ::dynakey::__private::step_between(self.0, &__BY_RANK, 0, &low, &high)
        }
        ///`begins_with(rank, prefix)`, on the last sort attribute given; a string attribute only.
        pub fn rank_begins_with(
            self,
            prefix: impl ::dynakey::attribute::BeginsWith<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2>
        where
            __MatchByRankSkFields: ::dynakey::__private::StepAt<D, field::rank>,
            __MatchByRankSkNextAt<D, field::rank>: __MatchByRankSkNext<field::rank, 1>,
        {
            ::dynakey::__private::step_begins_with(self.0, &__BY_RANK, 0, &prefix)
        }
    }
    #[diagnostic::do_not_recommend]
    impl<const D: usize> ::dynakey::SortAttributes<Match, __DynakeyIndex2>
    for MatchByRankSk<D>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
        ::dynakey::__private::Given1: ::dynakey::__private::At<D>,
        <::dynakey::__private::Given1 as ::dynakey::__private::At<
            D,
        >>::Out: ::dynakey::__private::Given,
    {
        fn into_conditions(
            self,
        ) -> ::core::result::Result<
            ::std::vec::Vec<
                (&'static str, ::dynakey::condition::SortCondition<::dynakey::KeyValue>),
            >,
            ::dynakey::KeyError,
        > {
            self.0.into_conditions()
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Match
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {}
    const _: () = if ::dynakey::__private::is_key_attribute::<Esports>("_type") {
        ::core::panic!(
            "entity `Match`: the entity-type attribute \"_type\" is a key attribute of its table; dynakey writes key attributes from the key templates, so name the entity-type attribute differently, e.g. \"_type\""
        )
    };
    #[automatically_derived]
    impl ::dynakey::Entity for Match
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        type Table = Esports;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Match";
        const ENTITY_TYPE_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::Some(
            "_type",
        );
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::Some(
            Self::__SORT.template,
        );
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            ::dynakey::__private::attribute_entity_index_typed(
                __BY_TOURNAMENT_REGION,
                Self::__BY_TOURNAMENT_REGION_FILLS,
                true,
            ),
            ::dynakey::__private::attribute_entity_index_typed(
                __BY_SCORE,
                Self::__BY_SCORE_FILLS,
                false,
            ),
            ::dynakey::__private::attribute_entity_index_typed(
                __BY_RANK,
                Self::__BY_RANK_FILLS,
                false,
            ),
        ];
        fn attribute_keys(
            &self,
        ) -> ::core::result::Result<
            ::std::vec::Vec<(&'static str, ::dynakey::IndexValue)>,
            ::dynakey::KeyError,
        > {
            let mut __dynakey_out = ::std::vec::Vec::with_capacity(24usize);
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &__BY_TOURNAMENT_REGION,
                        ::dynakey::__private::KeyRole::Partition,
                        0usize,
                    ),
                    ::dynakey::__private::native_key(
                        &self.tournament,
                        ::dynakey::__private::KeyRole::Partition,
                    )?,
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &__BY_TOURNAMENT_REGION,
                        ::dynakey::__private::KeyRole::Partition,
                        1usize,
                    ),
                    ::dynakey::__private::native_key(
                        &self.region,
                        ::dynakey::__private::KeyRole::Partition,
                    )?,
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &__BY_TOURNAMENT_REGION,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::native_key(
                        &self.round,
                        ::dynakey::__private::KeyRole::Sort,
                    )?,
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &__BY_TOURNAMENT_REGION,
                        ::dynakey::__private::KeyRole::Sort,
                        1usize,
                    ),
                    ::dynakey::__private::template_key(
                        Match::__BY_TOURNAMENT_REGION_FILL_3.encode((&self.bracket,)),
                    )?,
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &__BY_SCORE,
                        ::dynakey::__private::KeyRole::Partition,
                        0usize,
                    ),
                    ::dynakey::__private::template_key(
                        Match::__BY_SCORE_FILL_0.encode((&self.board,)),
                    )?,
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &__BY_SCORE,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::native_key(
                        &self.score,
                        ::dynakey::__private::KeyRole::Sort,
                    )?,
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &__BY_RANK,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::native_key(
                        &self.rank,
                        ::dynakey::__private::KeyRole::Sort,
                    )?,
                ));
            ::core::result::Result::Ok(__dynakey_out)
        }
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            Match::__PARTITION.encode((&self.id,))
        }
        fn sort_key(
            &self,
        ) -> ::core::result::Result<
            ::core::option::Option<::dynakey::__private::String>,
            ::dynakey::KeyError,
        > {
            Match::__SORT.encode(()).map(::core::option::Option::Some)
        }
        fn matches_partition_key(key: &str) -> bool {
            Match::__PARTITION.matches(::core::option::Option::None, key)
        }
        fn matches_sort_key(key: &str) -> bool {
            Match::__SORT.matches(::core::option::Option::None, key)
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Esports> for Match
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {}
    impl Match
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        const __PARTITION: ::dynakey::__private::Template<(String,)> = ::dynakey::__private::template(
            "MATCH#<id>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("MATCH#"),
                ::dynakey::__private::field::<String>("id"),
            ],
        );
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = ::dynakey::__private::assert_table_with_sort_key::<
            Self,
        >();
        const __SORT: ::dynakey::__private::Template<()> = ::dynakey::__private::template(
            "META",
            ::dynakey::__private::KeyRole::Sort,
            &[::dynakey::__private::literal("META")],
        );
        ///Starts a sort-key condition for `META`: fill fields left to right, or pass as is for every item of this entity.
        pub fn sk() -> MatchSk<0> {
            MatchSk(Self::__SORT.start())
        }
        /**Parses a sort key written by the template `META` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_sort_key(
            key: &str,
        ) -> ::core::result::Result<MatchSortKey, ::dynakey::KeyError> {
            let () = Match::__SORT.parse(key)?;
            ::core::result::Result::Ok(MatchSortKey {})
        }
        /**The primary key of the [`Match`] with these field values (partition key `MATCH#<id>`, sort key `META`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::core::result::Result<::dynakey::Key<Self>, ::dynakey::KeyError> {
            ::core::result::Result::Ok(
                ::dynakey::__private::key::<
                    Self,
                >(
                    Match::__PARTITION.encode((&id,))?,
                    ::core::option::Option::Some(Match::__SORT.encode(())?),
                ),
            )
        }
        ///A Query over one whole partition (`MATCH#<id>`); narrow it with a sort-key condition such as `.begins_with(Match::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query::<Self>(Match::__PARTITION.encode((&id,)))
        }
        /**Parses a partition key written by the template `MATCH#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<MatchPartitionKey, ::dynakey::KeyError> {
            let (__dynakey_0,) = Match::__PARTITION.parse(key)?;
            ::core::result::Result::Ok(MatchPartitionKey {
                id: __dynakey_0,
            })
        }
        const __BY_TOURNAMENT_REGION_FILL_3: ::dynakey::__private::Template<(String,)> = ::dynakey::__private::template(
            "B#<bracket>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::literal("B#"),
                ::dynakey::__private::field::<String>("bracket"),
            ],
        );
        ///A Query on index `ByTournamentRegion` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_tournament_region_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_tournament_region(
            tournament: impl ::dynakey::attribute::AttributeArg<String>,
            region: impl ::dynakey::attribute::AttributeArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex0> {
            ::dynakey::__private::query_attributes::<
                Self,
                __DynakeyIndex0,
                _,
            >(
                __BY_TOURNAMENT_REGION,
                [
                    ::dynakey::__private::attribute_value::<
                        String,
                    >(&tournament, ::dynakey::__private::KeyRole::Partition),
                    ::dynakey::__private::attribute_value::<
                        String,
                    >(&region, ::dynakey::__private::KeyRole::Partition),
                ],
            )
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_tournament_region_sk() -> MatchByTournamentRegionSk<0> {
            MatchByTournamentRegionSk(::dynakey::__private::SortConditions::new())
        }
        const __BY_TOURNAMENT_REGION_FILLS: &[::dynakey::Fill] = &[
            ::dynakey::__private::entity_type_fill(),
            ::dynakey::__private::native_fill::<String>(),
            ::dynakey::__private::native_fill::<String>(),
            ::dynakey::__private::native_fill::<Option<u32>>(),
            ::dynakey::__private::template_fill(
                Self::__BY_TOURNAMENT_REGION_FILL_3.template,
            ),
        ];
        const __BY_SCORE_FILL_0: ::dynakey::__private::Template<(String,)> = ::dynakey::__private::template(
            "BOARD#<board>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("BOARD#"),
                ::dynakey::__private::field::<String>("board"),
            ],
        );
        ///A Query on index `ByScore` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_score_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_score(
            board: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex1> {
            ::dynakey::__private::query_attributes::<
                Self,
                __DynakeyIndex1,
                _,
            >(
                __BY_SCORE,
                [
                    ::dynakey::__private::template_value(
                        Match::__BY_SCORE_FILL_0.encode((&board,)),
                    ),
                ],
            )
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_score_sk() -> MatchByScoreSk<0> {
            MatchByScoreSk(::dynakey::__private::SortConditions::new())
        }
        const __BY_SCORE_FILLS: &[::dynakey::Fill] = &[
            ::dynakey::__private::entity_type_fill(),
            ::dynakey::__private::template_fill(Self::__BY_SCORE_FILL_0.template),
            ::dynakey::__private::native_fill::<u64>(),
        ];
        ///A Query on index `ByRank` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_rank_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_rank(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex2> {
            ::dynakey::__private::query_attributes::<
                Self,
                __DynakeyIndex2,
                _,
            >(
                __BY_RANK,
                [::dynakey::__private::template_value(Match::__PARTITION.encode((&id,)))],
            )
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_rank_sk() -> MatchByRankSk<0> {
            MatchByRankSk(::dynakey::__private::SortConditions::new())
        }
        const __BY_RANK_FILLS: &[::dynakey::Fill] = &[
            ::dynakey::__private::entity_type_fill(),
            ::dynakey::__private::native_fill::<u8>(),
        ];
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: ::dynakey::Field<Self, String, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "id",
        );
        ///Attribute `tournament` (field `tournament`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const TOURNAMENT: ::dynakey::Field<
            Self,
            String,
            ::dynakey::field::Indexed,
        > = ::dynakey::__private::handle("tournament");
        ///Attribute `region` (field `region`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const REGION: ::dynakey::Field<Self, String, ::dynakey::field::Indexed> = ::dynakey::__private::handle(
            "region",
        );
        ///Attribute `round` (field `round`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const ROUND: ::dynakey::Field<
            Self,
            Option<u32>,
            ::dynakey::field::Indexed,
        > = ::dynakey::__private::handle("round");
        ///Attribute `bracket` (field `bracket`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const BRACKET: ::dynakey::Field<Self, String, ::dynakey::field::Indexed> = ::dynakey::__private::handle(
            "bracket",
        );
        ///Attribute `board` (field `board`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_SCORE`](Self::BY_SCORE).
        pub const BOARD: ::dynakey::Field<Self, String, ::dynakey::field::Indexed> = ::dynakey::__private::handle(
            "board",
        );
        ///Attribute `score` (field `score`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_SCORE`](Self::BY_SCORE).
        pub const SCORE: ::dynakey::Field<Self, u64, ::dynakey::field::Indexed> = ::dynakey::__private::handle(
            "score",
        );
        ///Attribute `rank` (field `rank`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_RANK`](Self::BY_RANK).
        pub const RANK: ::dynakey::Field<Self, u8, ::dynakey::field::Indexed> = ::dynakey::__private::handle(
            "rank",
        );
        ///The fields `bracket`, `tournament`, `region`, `round` of index `ByTournamentRegion`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_TOURNAMENT_REGION: ::dynakey::IndexGroup<
            Self,
            (String, String, String, Option<u32>),
        > = ::dynakey::__private::index_group(
            &[
                ("bracket", "bracket"),
                ("tournament", "tournament"),
                ("region", "region"),
                ("round", "round"),
            ],
        );
        ///The fields `board`, `score` of index `ByScore`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_SCORE: ::dynakey::IndexGroup<Self, (String, u64)> = ::dynakey::__private::index_group(
            &[("board", "board"), ("score", "score")],
        );
        ///The fields `rank` of index `ByRank`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_RANK: ::dynakey::IndexGroup<Self, (u8,)> = ::dynakey::__private::index_group(
            &[("rank", "rank")],
        );
    }
};
