// The expansion of `entity_attribute_wise` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Match`] partition key (template `MATCH#<id>`), as parsed by `Match::parse_partition_key`.
pub struct MatchPartitionKey {
    ///The `id` segment.
    pub id: String,
}
impl ::core::clone::Clone for MatchPartitionKey
where
    String: ::dynakey::KeySegment,
    String: ::dynakey::KeyAttribute,
    u32: ::dynakey::KeyAttribute,
    u64: ::dynakey::KeyAttribute,
    u8: ::dynakey::KeyAttribute,
{
    fn clone(&self) -> Self {
        MatchPartitionKey {
            id: ::core::clone::Clone::clone(&self.id),
        }
    }
}
impl ::core::cmp::PartialEq for MatchPartitionKey
where
    String: ::dynakey::KeySegment,
    String: ::dynakey::KeyAttribute,
    u32: ::dynakey::KeyAttribute,
    u64: ::dynakey::KeyAttribute,
    u8: ::dynakey::KeyAttribute,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.id == other.id
    }
}
impl ::core::fmt::Debug for MatchPartitionKey
where
    String: ::dynakey::KeySegment,
    String: ::dynakey::KeyAttribute,
    u32: ::dynakey::KeyAttribute,
    u64: ::dynakey::KeyAttribute,
    u8: ::dynakey::KeyAttribute,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("MatchPartitionKey")
            .field(::core::stringify!(id), &self.id)
            .finish()
    }
}
///The fields of a [`Match`] sort key (template `META`), as parsed by `Match::parse_sort_key`.
pub struct MatchSortKey {}
impl ::core::clone::Clone for MatchSortKey
where
    String: ::dynakey::KeySegment,
    String: ::dynakey::KeyAttribute,
    u32: ::dynakey::KeyAttribute,
    u64: ::dynakey::KeyAttribute,
    u8: ::dynakey::KeyAttribute,
{
    fn clone(&self) -> Self {
        MatchSortKey {}
    }
}
impl ::core::cmp::PartialEq for MatchSortKey
where
    String: ::dynakey::KeySegment,
    String: ::dynakey::KeyAttribute,
    u32: ::dynakey::KeyAttribute,
    u64: ::dynakey::KeyAttribute,
    u8: ::dynakey::KeyAttribute,
{
    fn eq(&self, other: &Self) -> bool {
        true
    }
}
impl ::core::fmt::Debug for MatchSortKey
where
    String: ::dynakey::KeySegment,
    String: ::dynakey::KeyAttribute,
    u32: ::dynakey::KeyAttribute,
    u64: ::dynakey::KeyAttribute,
    u8: ::dynakey::KeyAttribute,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("MatchSortKey").finish()
    }
}
///Typed sort-key builder for [`Match`] (template `META`), created by `Match::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
pub struct MatchSk<const D: usize>(
    ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>,
);
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
    const __SORT_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
        "META",
        ::dynakey::__private::KeyRole::Sort,
        &[::dynakey::__private::literal("META")],
    );
    impl Match
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "META",
            "`: fill fields left to right, \
                             or pass as is for every item of this entity."
        )]
        pub fn sk() -> MatchSk<0> {
            let mut __dynakey_out = ::dynakey::__private::String::new();
            __dynakey_out.push_str("META");
            MatchSk(::core::result::Result::Ok(__dynakey_out))
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
    impl ::dynakey::SortKeyPrefix for MatchSk<0usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        type Entity = Match;
        type Index = ::dynakey::PrimaryIndex;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for MatchSk<0usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        type Entity = Match;
        type Index = ::dynakey::PrimaryIndex;
        fn into_sort_key(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_sort_key(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for MatchSk<0usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        type Entity = Match;
        type Index = ::dynakey::PrimaryIndex;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_exact_bound(self.0)
        }
    }
    impl Match
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        #[doc(hidden)]
        #[inline]
        fn __dynakey_sort_key() -> ::core::result::Result<
            ::dynakey::__private::String,
            ::dynakey::KeyError,
        > {
            let __dynakey_capacity: usize = 0 + 4usize;
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("META");
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        /**Parses a sort key written by the template `META` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_sort_key(
            key: &str,
        ) -> ::core::result::Result<MatchSortKey, ::dynakey::KeyError> {
            let [] = ::dynakey::__private::parse_segments::<
                0usize,
            >(&__SORT_TEMPLATE, key)?;
            ::core::result::Result::Ok(MatchSortKey {})
        }
    }
    const _: () = if ::dynakey::__private::is_key_attribute::<Esports>("_type") {
        ::core::panic!(
            "entity `Match`: the entity-type attribute \"_type\" is a key attribute of its table; dynakey writes key attributes from the key templates, so name the entity-type attribute differently, e.g. \"_type\""
        )
    };
    #[doc(hidden)]
    type __DynakeyIndex0 = <Esports as ::dynakey::__private::IndexAt<
        {
            ::dynakey::__private::attribute_index_position::<
                Esports,
            >("ByTournamentRegion", "Match")
        },
    >>::Index;
    const _: () = ::dynakey::__private::check_fill_counts(
        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
        true,
        2usize,
        2usize,
        "ByTournamentRegion",
    );
    const _: () = ::dynakey::__private::check_isolation(
        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
        "_type",
        false,
        "ByTournamentRegion",
        "Match",
    );
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
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
            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
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
            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
            ::dynakey::__private::KeyRole::Sort,
            0usize,
            ::dynakey::__private::TypeProbe::<u32>::TYPE,
            "round",
            "round",
            "ByTournamentRegion",
        )
    };
    const _: () = ::dynakey::__private::check_template_fill(
        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
        ::dynakey::__private::KeyRole::Sort,
        1usize,
        "B#<bracket>",
        "ByTournamentRegion",
    );
    impl MatchByTournamentRegionSk<0usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        ///`round = value`: the next sort attribute may follow.
        pub fn round(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> MatchByTournamentRegionSk<1usize> {
            MatchByTournamentRegionSk(
                self
                    .0
                    .eq::<
                        u32,
                    >(
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Sort,
                            0usize,
                        ),
                        &value,
                    ),
            )
        }
        ///`round > value`, on the last sort attribute given.
        pub fn round_gt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Gt,
                    &value,
                )
        }
        ///`round >= value`, on the last sort attribute given.
        pub fn round_gte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Ge,
                    &value,
                )
        }
        ///`round < value`, on the last sort attribute given.
        pub fn round_lt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Lt,
                    &value,
                )
        }
        ///`round <= value`, on the last sort attribute given.
        pub fn round_lte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Le,
                    &value,
                )
        }
        ///`round BETWEEN low AND high` (both included), on the last sort attribute given; low above high is an error when the query is built.
        pub fn round_between(
            self,
            low: impl ::dynakey::attribute::AttributeArg<u32>,
            high: impl ::dynakey::attribute::AttributeArg<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            self.0
                .between(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    &low,
                    &high,
                )
        }
        ///`begins_with(round, prefix)`, on the last sort attribute given; a string attribute only.
        pub fn round_begins_with(
            self,
            prefix: impl ::dynakey::attribute::BeginsWith<u32>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            self.0
                .begins_with(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    &prefix,
                )
        }
    }
    impl ::dynakey::SortAttributes<Match, __DynakeyIndex0>
    for MatchByTournamentRegionSk<1usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
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
    impl MatchByTournamentRegionSk<1usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        ///`B#<bracket>` equal to the key these values make: the next sort attribute may follow.
        pub fn bracket(
            self,
            bracket: impl ::dynakey::SegmentArg<String>,
        ) -> MatchByTournamentRegionSk<2usize> {
            MatchByTournamentRegionSk(
                ::dynakey::__private::template_eq(
                    self.0,
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        1usize,
                    ),
                    Match::__dynakey_by_tournament_region_fill_3(&bracket),
                ),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given.
        pub fn bracket_gt(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            ::dynakey::__private::template_compare(
                self.0,
                ::dynakey::__private::fill_attribute(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                    ::dynakey::__private::KeyRole::Sort,
                    1usize,
                ),
                ::dynakey::__private::AttributeOp::Gt,
                Match::__dynakey_by_tournament_region_fill_3(&value),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given.
        pub fn bracket_gte(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            ::dynakey::__private::template_compare(
                self.0,
                ::dynakey::__private::fill_attribute(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                    ::dynakey::__private::KeyRole::Sort,
                    1usize,
                ),
                ::dynakey::__private::AttributeOp::Ge,
                Match::__dynakey_by_tournament_region_fill_3(&value),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given.
        pub fn bracket_lt(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            ::dynakey::__private::template_compare(
                self.0,
                ::dynakey::__private::fill_attribute(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                    ::dynakey::__private::KeyRole::Sort,
                    1usize,
                ),
                ::dynakey::__private::AttributeOp::Lt,
                Match::__dynakey_by_tournament_region_fill_3(&value),
            )
        }
        ///`B#<bracket>` compared with the key of `value`, on the last sort attribute given.
        pub fn bracket_lte(
            self,
            value: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            ::dynakey::__private::template_compare(
                self.0,
                ::dynakey::__private::fill_attribute(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                    ::dynakey::__private::KeyRole::Sort,
                    1usize,
                ),
                ::dynakey::__private::AttributeOp::Le,
                Match::__dynakey_by_tournament_region_fill_3(&value),
            )
        }
        ///`B#<bracket>` between the keys of `low` and `high` (both included), on the last sort attribute given.
        pub fn bracket_between(
            self,
            low: impl ::dynakey::SegmentArg<String>,
            high: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex0> {
            ::dynakey::__private::template_between(
                self.0,
                ::dynakey::__private::fill_attribute(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                    ::dynakey::__private::KeyRole::Sort,
                    1usize,
                ),
                Match::__dynakey_by_tournament_region_fill_3(&low),
                Match::__dynakey_by_tournament_region_fill_3(&high),
            )
        }
    }
    impl ::dynakey::SortAttributes<Match, __DynakeyIndex0>
    for MatchByTournamentRegionSk<2usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
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
    const _: () = ::dynakey::__private::check_fill_counts(
        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
        true,
        1usize,
        1usize,
        "ByScore",
    );
    const _: () = ::dynakey::__private::check_isolation(
        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
        "_type",
        true,
        "ByScore",
        "Match",
    );
    impl ::dynakey::__private::ExclusiveEntity for ByScore {}
    const _: () = ::dynakey::__private::check_template_fill(
        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
        ::dynakey::__private::KeyRole::Partition,
        0usize,
        "BOARD#<board>",
        "ByScore",
    );
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
            ::dynakey::__private::KeyRole::Sort,
            0usize,
            ::dynakey::__private::TypeProbe::<u64>::TYPE,
            "score",
            "score",
            "ByScore",
        )
    };
    impl MatchByScoreSk<0usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        ///`score = value`: the next sort attribute may follow.
        pub fn score(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> MatchByScoreSk<1usize> {
            MatchByScoreSk(
                self
                    .0
                    .eq::<
                        u64,
                    >(
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Sort,
                            0usize,
                        ),
                        &value,
                    ),
            )
        }
        ///`score > value`, on the last sort attribute given.
        pub fn score_gt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Gt,
                    &value,
                )
        }
        ///`score >= value`, on the last sort attribute given.
        pub fn score_gte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Ge,
                    &value,
                )
        }
        ///`score < value`, on the last sort attribute given.
        pub fn score_lt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Lt,
                    &value,
                )
        }
        ///`score <= value`, on the last sort attribute given.
        pub fn score_lte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Le,
                    &value,
                )
        }
        ///`score BETWEEN low AND high` (both included), on the last sort attribute given; low above high is an error when the query is built.
        pub fn score_between(
            self,
            low: impl ::dynakey::attribute::AttributeArg<u64>,
            high: impl ::dynakey::attribute::AttributeArg<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1> {
            self.0
                .between(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    &low,
                    &high,
                )
        }
        ///`begins_with(score, prefix)`, on the last sort attribute given; a string attribute only.
        pub fn score_begins_with(
            self,
            prefix: impl ::dynakey::attribute::BeginsWith<u64>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex1> {
            self.0
                .begins_with(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    &prefix,
                )
        }
    }
    impl ::dynakey::SortAttributes<Match, __DynakeyIndex1> for MatchByScoreSk<1usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
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
    const _: () = ::dynakey::__private::check_fill_counts(
        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
        false,
        0usize,
        1usize,
        "ByRank",
    );
    const _: () = ::dynakey::__private::check_isolation(
        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
        "_type",
        false,
        "ByRank",
        "Match",
    );
    const _: () = {
        #[allow(unused_imports)]
        use ::dynakey::__private::NoAttributeType as _;
        ::dynakey::__private::check_native_fill(
            &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
            ::dynakey::__private::KeyRole::Sort,
            0usize,
            ::dynakey::__private::TypeProbe::<u8>::TYPE,
            "rank",
            "rank",
            "ByRank",
        )
    };
    impl MatchByRankSk<0usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        ///`rank = value`: the next sort attribute may follow.
        pub fn rank(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> MatchByRankSk<1usize> {
            MatchByRankSk(
                self
                    .0
                    .eq::<
                        u8,
                    >(
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Sort,
                            0usize,
                        ),
                        &value,
                    ),
            )
        }
        ///`rank > value`, on the last sort attribute given.
        pub fn rank_gt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Gt,
                    &value,
                )
        }
        ///`rank >= value`, on the last sort attribute given.
        pub fn rank_gte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Ge,
                    &value,
                )
        }
        ///`rank < value`, on the last sort attribute given.
        pub fn rank_lt(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Lt,
                    &value,
                )
        }
        ///`rank <= value`, on the last sort attribute given.
        pub fn rank_lte(
            self,
            value: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2> {
            self.0
                .compare(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    ::dynakey::__private::AttributeOp::Le,
                    &value,
                )
        }
        ///`rank BETWEEN low AND high` (both included), on the last sort attribute given; low above high is an error when the query is built.
        pub fn rank_between(
            self,
            low: impl ::dynakey::attribute::AttributeArg<u8>,
            high: impl ::dynakey::attribute::AttributeArg<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2> {
            self.0
                .between(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    &low,
                    &high,
                )
        }
        ///`begins_with(rank, prefix)`, on the last sort attribute given; a string attribute only.
        pub fn rank_begins_with(
            self,
            prefix: impl ::dynakey::attribute::BeginsWith<u8>,
        ) -> ::dynakey::AttributeRange<Match, __DynakeyIndex2> {
            self.0
                .begins_with(
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        0usize,
                    ),
                    &prefix,
                )
        }
    }
    impl ::dynakey::SortAttributes<Match, __DynakeyIndex2> for MatchByRankSk<1usize>
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
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
    impl Match
    where
        String: ::dynakey::KeySegment,
        String: ::dynakey::KeyAttribute,
        u32: ::dynakey::KeyAttribute,
        u64: ::dynakey::KeyAttribute,
        u8: ::dynakey::KeyAttribute,
    {
        #[doc(hidden)]
        #[inline]
        fn __dynakey_by_tournament_region_fill_3(
            bracket: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 2usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("B#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(
                &mut __dynakey_out,
                bracket,
                "bracket",
                ::core::option::Option::None,
                "B#<bracket>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        ///A Query on index `ByTournamentRegion` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_tournament_region_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_tournament_region(
            tournament: impl ::dynakey::attribute::AttributeArg<String>,
            region: impl ::dynakey::attribute::AttributeArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex0> {
            let partition = if ::dynakey::__private::has_entity_type(
                &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
            ) {
                ::dynakey::__private::partition_key([
                    (
                        ::dynakey::__private::entity_type_attribute(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ),
                        ::dynakey::__private::entity_type_value::<Self>(),
                    ),
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            0usize,
                        ),
                        ::dynakey::__private::attribute_value::<
                            String,
                        >(&tournament, ::dynakey::__private::KeyRole::Partition),
                    ),
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            1usize,
                        ),
                        ::dynakey::__private::attribute_value::<
                            String,
                        >(&region, ::dynakey::__private::KeyRole::Partition),
                    ),
                ])
            } else {
                ::dynakey::__private::partition_key([
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            0usize,
                        ),
                        ::dynakey::__private::attribute_value::<
                            String,
                        >(&tournament, ::dynakey::__private::KeyRole::Partition),
                    ),
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            1usize,
                        ),
                        ::dynakey::__private::attribute_value::<
                            String,
                        >(&region, ::dynakey::__private::KeyRole::Partition),
                    ),
                ])
            };
            ::dynakey::__private::query_attribute_index::<
                Self,
                __DynakeyIndex0,
            >(partition, <__DynakeyIndex0 as ::dynakey::Index>::DEF)
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_tournament_region_sk() -> MatchByTournamentRegionSk<0> {
            MatchByTournamentRegionSk(::dynakey::__private::SortConditions::new())
        }
        #[doc(hidden)]
        const __DYNAKEY_BY_TOURNAMENT_REGION_FILL_3: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "B#<bracket>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::literal("B#"),
                ::dynakey::__private::field(
                    "bracket",
                    <String as ::dynakey::KeySegment>::WIDTH,
                    <String as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        #[doc(hidden)]
        const __DYNAKEY_BY_TOURNAMENT_REGION_FILLS_WITH_ENTITY_TYPE: &'static [::dynakey::Fill] = &[
            ::dynakey::__private::entity_type_fill(),
            ::dynakey::__private::native_fill::<String>(),
            ::dynakey::__private::native_fill::<String>(),
            ::dynakey::__private::native_fill::<Option<u32>>(),
            ::dynakey::__private::template_fill(
                Self::__DYNAKEY_BY_TOURNAMENT_REGION_FILL_3,
            ),
        ];
        #[doc(hidden)]
        const __DYNAKEY_BY_TOURNAMENT_REGION_FILLS: &'static [::dynakey::Fill] = &[
            ::dynakey::__private::native_fill::<String>(),
            ::dynakey::__private::native_fill::<String>(),
            ::dynakey::__private::native_fill::<Option<u32>>(),
            ::dynakey::__private::template_fill(
                Self::__DYNAKEY_BY_TOURNAMENT_REGION_FILL_3,
            ),
        ];
        #[doc(hidden)]
        const __DYNAKEY_BY_TOURNAMENT_REGION_INDEX: ::dynakey::EntityIndex = ::dynakey::__private::attribute_entity_index(
            <__DynakeyIndex0 as ::dynakey::Index>::DEF,
            if ::dynakey::__private::has_entity_type(
                &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
            ) {
                Self::__DYNAKEY_BY_TOURNAMENT_REGION_FILLS_WITH_ENTITY_TYPE
            } else {
                Self::__DYNAKEY_BY_TOURNAMENT_REGION_FILLS
            },
            true,
        );
        #[doc(hidden)]
        #[inline]
        fn __dynakey_by_score_fill_0(
            board: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 6usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("BOARD#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(
                &mut __dynakey_out,
                board,
                "board",
                ::core::option::Option::None,
                "BOARD#<board>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Partition,
                __dynakey_out,
            )
        }
        ///A Query on index `ByScore` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_score_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_score(
            board: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex1> {
            let partition = if ::dynakey::__private::has_entity_type(
                &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
            ) {
                ::dynakey::__private::partition_key([
                    (
                        ::dynakey::__private::entity_type_attribute(
                            &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ),
                        ::dynakey::__private::entity_type_value::<Self>(),
                    ),
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            0usize,
                        ),
                        ::dynakey::__private::template_value(
                            Self::__dynakey_by_score_fill_0(&board),
                        ),
                    ),
                ])
            } else {
                ::dynakey::__private::partition_key([
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            0usize,
                        ),
                        ::dynakey::__private::template_value(
                            Self::__dynakey_by_score_fill_0(&board),
                        ),
                    ),
                ])
            };
            ::dynakey::__private::query_attribute_index::<
                Self,
                __DynakeyIndex1,
            >(partition, <__DynakeyIndex1 as ::dynakey::Index>::DEF)
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_score_sk() -> MatchByScoreSk<0> {
            MatchByScoreSk(::dynakey::__private::SortConditions::new())
        }
        #[doc(hidden)]
        const __DYNAKEY_BY_SCORE_FILL_0: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "BOARD#<board>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("BOARD#"),
                ::dynakey::__private::field(
                    "board",
                    <String as ::dynakey::KeySegment>::WIDTH,
                    <String as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        #[doc(hidden)]
        const __DYNAKEY_BY_SCORE_FILLS_WITH_ENTITY_TYPE: &'static [::dynakey::Fill] = &[
            ::dynakey::__private::entity_type_fill(),
            ::dynakey::__private::template_fill(Self::__DYNAKEY_BY_SCORE_FILL_0),
            ::dynakey::__private::native_fill::<u64>(),
        ];
        #[doc(hidden)]
        const __DYNAKEY_BY_SCORE_FILLS: &'static [::dynakey::Fill] = &[
            ::dynakey::__private::template_fill(Self::__DYNAKEY_BY_SCORE_FILL_0),
            ::dynakey::__private::native_fill::<u64>(),
        ];
        #[doc(hidden)]
        const __DYNAKEY_BY_SCORE_INDEX: ::dynakey::EntityIndex = ::dynakey::__private::attribute_entity_index(
            <__DynakeyIndex1 as ::dynakey::Index>::DEF,
            if ::dynakey::__private::has_entity_type(
                &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
            ) {
                Self::__DYNAKEY_BY_SCORE_FILLS_WITH_ENTITY_TYPE
            } else {
                Self::__DYNAKEY_BY_SCORE_FILLS
            },
            false,
        );
        ///A Query on index `ByRank` over one whole index partition: every partition attribute by equality; narrow it with `.sort_key(Match::by_rank_sk()…)`, sort attributes left to right. Items are in the index's sort order; encoding errors are returned when the query is built.
        pub fn query_by_rank(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex2> {
            let partition = if ::dynakey::__private::has_entity_type(
                &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
            ) {
                ::dynakey::__private::partition_key([
                    (
                        ::dynakey::__private::entity_type_attribute(
                            &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                        ),
                        ::dynakey::__private::entity_type_value::<Self>(),
                    ),
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            0,
                        ),
                        ::dynakey::__private::template_value(
                            Self::__dynakey_partition_key(&id),
                        ),
                    ),
                ])
            } else {
                ::dynakey::__private::partition_key([
                    (
                        ::dynakey::__private::fill_attribute(
                            &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
                            ::dynakey::__private::KeyRole::Partition,
                            0,
                        ),
                        ::dynakey::__private::template_value(
                            Self::__dynakey_partition_key(&id),
                        ),
                    ),
                ])
            };
            ::dynakey::__private::query_attribute_index::<
                Self,
                __DynakeyIndex2,
            >(partition, <__DynakeyIndex2 as ::dynakey::Index>::DEF)
        }
        ///Starts the sort conditions of this index: give its first sort attribute.
        pub fn by_rank_sk() -> MatchByRankSk<0> {
            MatchByRankSk(::dynakey::__private::SortConditions::new())
        }
        #[doc(hidden)]
        const __DYNAKEY_BY_RANK_FILLS_WITH_ENTITY_TYPE: &'static [::dynakey::Fill] = &[
            ::dynakey::__private::entity_type_fill(),
            ::dynakey::__private::native_fill::<u8>(),
        ];
        #[doc(hidden)]
        const __DYNAKEY_BY_RANK_FILLS: &'static [::dynakey::Fill] = &[
            ::dynakey::__private::native_fill::<u8>(),
        ];
        #[doc(hidden)]
        const __DYNAKEY_BY_RANK_INDEX: ::dynakey::EntityIndex = ::dynakey::__private::attribute_entity_index(
            <__DynakeyIndex2 as ::dynakey::Index>::DEF,
            if ::dynakey::__private::has_entity_type(
                &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
            ) {
                Self::__DYNAKEY_BY_RANK_FILLS_WITH_ENTITY_TYPE
            } else {
                Self::__DYNAKEY_BY_RANK_FILLS
            },
            false,
        );
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
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "MATCH#<id>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("MATCH#"),
                ::dynakey::__private::field(
                    "id",
                    <String as ::dynakey::KeySegment>::WIDTH,
                    <String as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::Some(
            __SORT_TEMPLATE,
        );
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            Self::__dynakey_partition_key(&self.id)
        }
        fn sort_key(
            &self,
        ) -> ::core::result::Result<
            ::core::option::Option<::dynakey::__private::String>,
            ::dynakey::KeyError,
        > {
            Self::__dynakey_sort_key().map(::core::option::Option::Some)
        }
        #[inline]
        fn matches_partition_key(key: &str) -> bool {
            match ::dynakey::__private::match_segments::<
                1usize,
            >(
                &<Self as ::dynakey::Entity>::PARTITION_TEMPLATE,
                <Self as ::dynakey::Entity>::SHARDING,
                key,
            ) {
                ::core::option::Option::Some([__segment_0]) => {
                    true
                        && <String as ::dynakey::KeySegment>::is_valid_segment(
                            __segment_0,
                        )
                }
                ::core::option::Option::None => false,
            }
        }
        #[inline]
        fn matches_sort_key(key: &str) -> bool {
            match ::dynakey::__private::match_segments::<
                0usize,
            >(&__SORT_TEMPLATE, ::core::option::Option::None, key) {
                ::core::option::Option::Some([]) => true,
                ::core::option::Option::None => false,
            }
        }
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            Self::__DYNAKEY_BY_TOURNAMENT_REGION_INDEX,
            Self::__DYNAKEY_BY_SCORE_INDEX,
            Self::__DYNAKEY_BY_RANK_INDEX,
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
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
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
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
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
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
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
                        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Sort,
                        1usize,
                    ),
                    '__dynakey_fill: {
                        let bracket = &self.bracket;
                        ::dynakey::__private::template_key(
                            Self::__dynakey_by_tournament_region_fill_3(&bracket),
                        )?
                    },
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                        ::dynakey::__private::KeyRole::Partition,
                        0usize,
                    ),
                    '__dynakey_fill: {
                        let board = &self.board;
                        ::dynakey::__private::template_key(
                            Self::__dynakey_by_score_fill_0(&board),
                        )?
                    },
                ));
            __dynakey_out
                .push((
                    ::dynakey::__private::fill_attribute(
                        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
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
                        &<__DynakeyIndex2 as ::dynakey::Index>::DEF,
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
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = ::dynakey::__private::assert_table_with_sort_key::<
            Self,
        >();
        #[doc(hidden)]
        #[inline]
        fn __dynakey_partition_key(
            id: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 6usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("MATCH#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(&mut __dynakey_out, id, "id", ::core::option::Option::None, "MATCH#<id>")?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Partition,
                __dynakey_out,
            )
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
                    Self::__dynakey_partition_key(&id)?,
                    ::core::option::Option::Some(Self::__dynakey_sort_key()?),
                ),
            )
        }
        ///A Query over one whole partition (`MATCH#<id>`); narrow it with a sort-key condition such as `.begins_with(Match::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query::<Self>(Self::__dynakey_partition_key(&id))
        }
        /**Parses a partition key written by the template `MATCH#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<MatchPartitionKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&<Self as ::dynakey::Entity>::PARTITION_TEMPLATE, key)?;
            ::core::result::Result::Ok(MatchPartitionKey {
                id: ::dynakey::__private::decode_field::<String>(__segment_0, "id")?,
            })
        }
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
