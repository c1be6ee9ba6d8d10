// The expansion of `entity_attribute_wise_failed` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
::core::compile_error! {
    "in key template \"MATCH#<nope>\": placeholder `<nope>` names no field of this struct; the fields are: tournament, region, round, a, b"
}
const _: () = {
    #[allow(unused_imports)]
    use ::dynakey::__private as __dk;
    impl Match {
        pub fn query_by_tournament_region(
            _arg0: impl ::core::marker::Sized,
            _arg1: impl ::core::marker::Sized,
        ) -> ::dynakey::KeyQuery<Self, ByTournamentRegion> {
            ::core::unreachable!("the Entity derive failed to compile")
        }
        pub fn by_tournament_region_sk() -> MatchByTournamentRegionSk<0> {
            ::core::unreachable!("the Entity derive failed to compile")
        }
    }
    pub struct MatchByTournamentRegionSk<const D: usize>;
    impl<const D: usize> MatchByTournamentRegionSk<D> {
        pub fn round(self) -> ::dynakey::__private::StubStep<Self> {
            ::dynakey::__private::StubStep(self)
        }
        pub fn a_b(
            self,
            _arg0: impl ::core::marker::Sized,
            _arg1: impl ::core::marker::Sized,
        ) -> Self {
            self
        }
    }
    impl<const D: usize> ::dynakey::SortAttributes<Match, ByTournamentRegion>
    for MatchByTournamentRegionSk<D> {
        fn into_conditions(
            self,
        ) -> ::core::result::Result<
            ::std::vec::Vec<
                (
                    &'static str,
                    ::dynakey::__private::condition::SortCondition<::dynakey::KeyValue>,
                ),
            >,
            ::dynakey::KeyError,
        > {
            ::core::unreachable!("the Entity derive failed to compile")
        }
    }
    #[allow(non_camel_case_types, non_snake_case, dead_code)]
    pub mod __dk_index_groups {
        pub struct BY_TOURNAMENT_REGION<F>(::core::marker::PhantomData<F>);
        pub mod fields {
            pub enum REGION {}
            pub enum A {}
            pub enum B {}
            pub enum TOURNAMENT {}
            pub enum ROUND {}
        }
        pub type __kind_BY_TOURNAMENT_REGION = BY_TOURNAMENT_REGION<
            (fields::REGION, fields::A, fields::B, fields::TOURNAMENT, fields::ROUND),
        >;
    }
    impl Match {
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
            u32,
            __dk::Indexed<__dk_index_groups::__kind_BY_TOURNAMENT_REGION>,
        > = __dk::handle("round");
        ///Attribute `a` (field `a`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const A: __dk::Field<
            Self,
            u8,
            __dk::Indexed<__dk_index_groups::__kind_BY_TOURNAMENT_REGION>,
        > = __dk::handle("a");
        ///Attribute `b` (field `b`). An index field: conditions only; an update sets it with the rest of its index through [`Match::BY_TOURNAMENT_REGION`](Self::BY_TOURNAMENT_REGION).
        pub const B: __dk::Field<
            Self,
            u8,
            __dk::Indexed<__dk_index_groups::__kind_BY_TOURNAMENT_REGION>,
        > = __dk::handle("b");
        ///The fields `region`, `a`, `b`, `tournament`, `round` of index `ByTournamentRegion`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_TOURNAMENT_REGION: ::dynakey::IndexGroup<
            Self,
            (String, u8, u8, String, u32),
        > = __dk::index_group(
            &[
                ("region", "region"),
                ("a", "a"),
                ("b", "b"),
                ("tournament", "tournament"),
                ("round", "round"),
            ],
        );
    }
    impl ::dynakey::Versioned for Match {}
    impl ::dynakey::Unversioned for Match {}
    impl ::dynakey::Entity for Match {
        type Table = ::dynakey::DefaultTable;
        type PartitionFields = ();
        const ENTITY_NAME: &'static str = "Match";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::FALLBACK_TEMPLATE;
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::None;
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::core::unreachable!("the Entity derive failed to compile")
        }
        fn sort_key(
            &self,
        ) -> ::core::result::Result<
            ::core::option::Option<::dynakey::__private::String>,
            ::dynakey::KeyError,
        > {
            ::core::unreachable!("the Entity derive failed to compile")
        }
    }
};
