// The expansion of `entity_failed` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
::core::compile_error! {
    "in key template \"WS#<nope>\": placeholder `<nope>` names no field of this struct; the fields are: workspace"
}
const _: () = {
    #[allow(unused_imports)]
    use ::dynakey::__private as __dk;
    impl Project {
        ///Attribute `workspace` (field `workspace`). Conditions and every update operation.
        pub const WORKSPACE: __dk::Field<Self, String, __dk::Plain> = __dk::handle(
            "workspace",
        );
    }
    impl ::dynakey::Versioned for Project {}
    impl ::dynakey::Unversioned for Project {}
    impl ::dynakey::Entity for Project {
        type Table = ::dynakey::DefaultTable;
        type PartitionFields = ();
        const ENTITY_NAME: &'static str = "Project";
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
