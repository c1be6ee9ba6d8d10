// The expansion of `entity_without_sort_key` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Session`] partition key (template `SESSION#<id>`), as parsed by `Session::parse_partition_key`.
struct SessionPartitionKey {
    ///The `id` segment.
    pub id: String,
}
impl ::core::clone::Clone for SessionPartitionKey
where
    String: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        SessionPartitionKey {
            id: ::core::clone::Clone::clone(&self.id),
        }
    }
}
impl ::core::cmp::PartialEq for SessionPartitionKey
where
    String: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.id == other.id
    }
}
impl ::core::fmt::Debug for SessionPartitionKey
where
    String: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("SessionPartitionKey")
            .field(::core::stringify!(id), &self.id)
            .finish()
    }
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
        const ENTITY_TYPE_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::None;
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "SESSION#<id>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("SESSION#"),
                ::dynakey::__private::field(
                    "id",
                    <String as ::dynakey::KeySegment>::WIDTH,
                    <String as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::None;
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
            ::core::result::Result::Ok(::core::option::Option::None)
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
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = ::dynakey::__private::assert_table_without_sort_key::<
            Self,
        >();
        #[doc(hidden)]
        #[inline]
        fn __dynakey_partition_key(
            id: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 8usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("SESSION#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(
                &mut __dynakey_out,
                id,
                "id",
                ::core::option::Option::None,
                "SESSION#<id>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Partition,
                __dynakey_out,
            )
        }
        /**The primary key of the [`Session`] with these field values (partition key `SESSION#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::core::result::Result<::dynakey::Key<Self>, ::dynakey::KeyError> {
            ::core::result::Result::Ok(
                ::dynakey::__private::key::<
                    Self,
                >(Self::__dynakey_partition_key(&id)?, ::core::option::Option::None),
            )
        }
        ///A Query over one whole partition (`SESSION#<id>`); narrow it with a sort-key condition such as `.begins_with(Session::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query::<Self>(Self::__dynakey_partition_key(&id))
        }
        /**Parses a partition key written by the template `SESSION#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<SessionPartitionKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&<Self as ::dynakey::Entity>::PARTITION_TEMPLATE, key)?;
            ::core::result::Result::Ok(SessionPartitionKey {
                id: ::dynakey::__private::decode_field::<String>(__segment_0, "id")?,
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
