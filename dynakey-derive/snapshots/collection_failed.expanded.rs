// The expansion of `collection_failed` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
::core::compile_error! {
    "member `nested` nests containers: a member is `T` (exactly one item), `Option<T>` (at most one) or `Vec<T>` (any number) of an entity type `T`"
}
const _: () = {
    impl ::dynakey::Collection for View {
        type Table = <Settings as ::dynakey::Entity>::Table;
        type PartitionFields = <Settings as ::dynakey::Entity>::PartitionFields;
        const NAME: &'static str = "View";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::FALLBACK_TEMPLATE;
        const MEMBERS: &'static [::dynakey::__private::collection::Member] = &[];
        type Slots = ();
        fn slots() -> Self::Slots {}
        fn push<D: ::dynakey::__private::collection::ItemDecoder>(
            _: &mut Self::Slots,
            _: usize,
            _: &str,
            _: D::Item,
            _: &mut D,
        ) -> ::core::result::Result<(), D::Error> {
            ::core::result::Result::Ok(())
        }
        fn finish(
            _: Self::Slots,
        ) -> ::core::result::Result<Self, ::dynakey::CollectionError> {
            ::core::unreachable!("the Collection derive failed to compile")
        }
    }
    impl ::dynakey::MemberOf<View> for Settings {}
};
