// The expansion of `entity_without_sort_key` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Session`] partition key (template `SESSION#<id>`), as parsed by `Session::parse_partition_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
struct SessionPartitionKey {
    ///The `id` segment.
    pub id: String,
}
const _: () = {
    #[automatically_derived]
    impl ::dynakey::Unversioned for Session
    where
        String: ::dynakey::KeySegment,
    {}
    #[automatically_derived]
    impl ::dynakey::Entity for Session
    where
        String: ::dynakey::KeySegment,
    {
        type Table = Sessions;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Session";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::None;
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            Session::__PARTITION.encode((&self.id,))
        }
        fn sort_key(
            &self,
        ) -> ::core::result::Result<
            ::core::option::Option<::dynakey::__private::String>,
            ::dynakey::KeyError,
        > {
            ::core::result::Result::Ok(::core::option::Option::None)
        }
        fn matches_partition_key(key: &str) -> bool {
            Session::__PARTITION.matches(::core::option::Option::None, key)
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Sessions> for Session
    where
        String: ::dynakey::KeySegment,
    {}
    impl Session
    where
        String: ::dynakey::KeySegment,
    {
        const __PARTITION: ::dynakey::__private::Template<(String,)> = ::dynakey::__private::template(
            "SESSION#<id>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("SESSION#"),
                ::dynakey::__private::field::<String>("id"),
            ],
        );
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = ::dynakey::__private::assert_table_without_sort_key::<
            Self,
        >();
        /**The primary key of the [`Session`] with these field values (partition key `SESSION#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::core::result::Result<::dynakey::Key<Self>, ::dynakey::KeyError> {
            ::core::result::Result::Ok(
                ::dynakey::__private::key::<
                    Self,
                >(Session::__PARTITION.encode((&id,))?, ::core::option::Option::None),
            )
        }
        ///A Query over one whole partition (`SESSION#<id>`); narrow it with a sort-key condition such as `.begins_with(Session::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query::<Self>(Session::__PARTITION.encode((&id,)))
        }
        /**Parses a partition key written by the template `SESSION#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<SessionPartitionKey, ::dynakey::KeyError> {
            let (__dynakey_0,) = Session::__PARTITION.parse(key)?;
            ::core::result::Result::Ok(SessionPartitionKey {
                id: __dynakey_0,
            })
        }
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: ::dynakey::Field<Self, String, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "id",
        );
        ///Attribute `user` (field `user`). Conditions and every update operation.
        pub const USER: ::dynakey::Field<Self, String, ::dynakey::field::Plain> = ::dynakey::__private::handle(
            "user",
        );
    }
};
