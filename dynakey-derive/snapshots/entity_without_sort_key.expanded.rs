// The expansion of `entity_without_sort_key` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Session`] partition key (template `SESSION#<id>`), as parsed by `Session::parse_partition_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
struct SessionPartitionKey {
    ///The `id` segment.
    pub id: String,
}
const _: () = {
    use ::dynakey::__private as __dk;
    #[automatically_derived]
    impl ::dynakey::Unversioned for Session
    where
        String: __dk::KeySegment,
    {}
    #[automatically_derived]
    impl ::dynakey::Entity for Session
    where
        String: __dk::KeySegment,
    {
        type Table = Sessions;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Session";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::None;
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Session::__PARTITION.encode((&self.id,))
        }
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            __dk::Ok(__dk::None)
        }
        fn matches_partition_key(key: &str) -> bool {
            Session::__PARTITION.matches(__dk::None, key)
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Sessions> for Session
    where
        String: __dk::KeySegment,
    {}
    #[automatically_derived]
    impl __dk::ListedChecks for Session
    where
        String: __dk::KeySegment,
    {
        const CHECKS: () = {
            if let __dk::Some(message) = __dk::listed_conflict_named::<
                <Self as ::dynakey::Entity>::Table,
            >("Session", __dk::None) {
                ::core::panic!("{}", message.as_str())
            }
        };
    }
    impl Session
    where
        String: __dk::KeySegment,
    {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "SESSION#<id>",
            __dk::KeyRole::Partition,
            &[__dk::literal("SESSION#"), __dk::field::<String>("id")],
        );
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = __dk::assert_table_without_sort_key::<Self>();
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
        /**Parses a partition key written by the template `SESSION#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> __dk::Result<SessionPartitionKey, __dk::KeyError> {
            match Session::__PARTITION.parse(key) {
                __dk::Ok((__dynakey_0,)) => {
                    __dk::Ok(SessionPartitionKey {
                        id: __dynakey_0,
                    })
                }
                __dk::Err(__dynakey_error) => __dk::Err(__dynakey_error),
            }
        }
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle("id");
        ///Attribute `user` (field `user`). Conditions and every update operation.
        pub const USER: __dk::Field<Self, String, __dk::Plain> = __dk::handle("user");
    }
};
