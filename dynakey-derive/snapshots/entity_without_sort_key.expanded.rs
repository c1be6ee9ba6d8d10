// The expansion of `entity_without_sort_key` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Session`] partition key (template `SESSION#<id>`), as parsed by `Session::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
struct SessionPartitionKey {
    ///The `id` segment.
    pub id: String,
}
const _: () = {
    use ::dynakey::__private as __dk;
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Session {
        type PartitionKey = SessionPartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> SessionPartitionKey {
            SessionPartitionKey {
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
    #[automatically_derived]
    impl ::dynakey::Unversioned for Session {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<Sessions>("id", "id"),
        __dk::stored::<Sessions>("user", "user"),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = __dk::check_listed::<Sessions>("Session", "Session", "Sessions");
    #[automatically_derived]
    impl ::dynakey::Entity for Session {
        type Table = Sessions;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Session";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_without_sort_key::<
            Self,
        >();
        const SHAPE: &'static str = "SESSION#<id>";
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Session", __dk::None);
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Session::__PARTITION.encode((&self.id,))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            __dk::Ok(__dk::None)
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Sessions> for Session {}
    impl Session {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "SESSION#<id>",
            __dk::KeyRole::Partition,
            &[__dk::literal("SESSION#"), __dk::field::<String>("id")],
        );
        /**The primary key of the [`Session`] with these field values (partition key `SESSION#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            id: impl __dk::SegmentArg<String>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key_without_sort(Session::__PARTITION.encode((&id,)))
        }
        ///A Query over one whole partition (`SESSION#<id>`); narrow it with a sort-key condition such as `.begins_with(Session::sk())`. Encoding errors are returned when the query is built.
        pub fn query(id: impl __dk::SegmentArg<String>) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(Session::__PARTITION.encode((&id,)))
        }
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle("id");
        ///Attribute `user` (field `user`). Conditions and every update operation.
        pub const USER: __dk::Field<Self, String, __dk::Plain> = __dk::handle("user");
    }
};
