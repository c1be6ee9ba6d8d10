// The expansion of `entity_sharded` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Event`] partition key (template `WS#<workspace>`), as parsed by `Event::parse_partition_key`.
struct EventPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
impl ::core::clone::Clone for EventPartitionKey
where
    String: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        EventPartitionKey {
            workspace: ::core::clone::Clone::clone(&self.workspace),
        }
    }
}
impl ::core::cmp::PartialEq for EventPartitionKey
where
    String: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.workspace == other.workspace
    }
}
impl ::core::fmt::Debug for EventPartitionKey
where
    String: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("EventPartitionKey")
            .field(::core::stringify!(workspace), &self.workspace)
            .finish()
    }
}
///The fields of a [`Event`] sort key (template `PROJ#<id>`), as parsed by `Event::parse_sort_key`.
struct EventSortKey {
    ///The `id` segment.
    pub id: String,
}
impl ::core::clone::Clone for EventSortKey
where
    String: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        EventSortKey {
            id: ::core::clone::Clone::clone(&self.id),
        }
    }
}
impl ::core::cmp::PartialEq for EventSortKey
where
    String: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.id == other.id
    }
}
impl ::core::fmt::Debug for EventSortKey
where
    String: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("EventSortKey").field(::core::stringify!(id), &self.id).finish()
    }
}
///Typed sort-key builder for [`Event`] (template `PROJ#<id>`), created by `Event::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct EventSk<const D: usize>(
    ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>,
);
const _: () = {
    const __SORT_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
        "PROJ#<id>",
        ::dynakey::__private::KeyRole::Sort,
        &[
            ::dynakey::__private::literal("PROJ#"),
            ::dynakey::__private::field(
                "id",
                <String as ::dynakey::KeySegment>::WIDTH,
                <String as ::dynakey::KeySegment>::ANY_TEXT,
            ),
        ],
    );
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` is already filled: every field of \"PROJ#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`id` is already filled"
    )]
    pub trait __DynakeyEventSkOrder1Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyEventSkOrder1Field0 for ::dynakey::__private::Never {}
    impl EventSk<1usize>
    where
        String: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyEventSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyEventSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    impl Event
    where
        String: ::dynakey::KeySegment,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "PROJ#<id>",
            "`: fill fields left to right, \
                             or pass as is for every item of this entity."
        )]
        pub fn sk() -> EventSk<0> {
            let mut __dynakey_out = ::dynakey::__private::String::new();
            __dynakey_out.push_str("PROJ#");
            EventSk(::core::result::Result::Ok(__dynakey_out))
        }
    }
    impl EventSk<0usize>
    where
        String: ::dynakey::KeySegment,
    {
        ///Fills `id` (field 1 of 1).
        pub fn id(self, id: impl ::dynakey::SegmentArg<String>) -> EventSk<1usize> {
            EventSk(
                ::dynakey::__private::fill::<
                    String,
                    _,
                >(self.0, &id, "id", ::core::option::Option::None, "PROJ#<id>", ""),
            )
        }
        ///A partial value of `id`: keys whose `id` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn id_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<String>,
        ) -> ::dynakey::SortKeyPartial<Event, ::dynakey::PrimaryIndex> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "id",
                ::core::option::Option::None,
                "PROJ#<id>",
            )
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Event, ::dynakey::PrimaryIndex>
    for EventSk<D>
    where
        String: ::dynakey::KeySegment,
    {}
    impl ::dynakey::SortKeyPrefix for EventSk<0usize>
    where
        String: ::dynakey::KeySegment,
    {
        type Entity = Event;
        type Index = ::dynakey::PrimaryIndex;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for EventSk<1usize>
    where
        String: ::dynakey::KeySegment,
    {
        type Entity = Event;
        type Index = ::dynakey::PrimaryIndex;
        fn into_sort_key(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_sort_key(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for EventSk<1usize>
    where
        String: ::dynakey::KeySegment,
    {
        type Entity = Event;
        type Index = ::dynakey::PrimaryIndex;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_exact_bound(self.0)
        }
    }
    impl Event
    where
        String: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        #[inline]
        fn __dynakey_sort_key(
            id: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 5usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("PROJ#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(&mut __dynakey_out, id, "id", ::core::option::Option::None, "PROJ#<id>")?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        /**Parses a sort key written by the template `PROJ#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_sort_key(
            key: &str,
        ) -> ::core::result::Result<EventSortKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&__SORT_TEMPLATE, key)?;
            ::core::result::Result::Ok(EventSortKey {
                id: ::dynakey::__private::decode_field::<String>(__segment_0, "id")?,
            })
        }
    }
    const __SHARDING: ::dynakey::Sharding = ::dynakey::__private::sharding(10u16, "id");
    impl Event
    where
        String: ::dynakey::KeySegment,
    {
        ///The physical partition key: the logical key, then the shard suffix.
        #[doc(hidden)]
        #[inline]
        fn __dynakey_sharded_partition_key(
            workspace: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
            id: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_logical = Self::__dynakey_partition_key(workspace)?;
            ::dynakey::__private::shard_partition_key::<
                String,
                _,
            >(__dynakey_logical, id, "id", &__SHARDING)
        }
        /**A Query over one shard of a logical partition: the partition `WS#<workspace>` + `#07` for shard 7 of 10. Narrow it with a sort-key condition such as `.begins_with(Event::sk())`; to read every shard merged into one order, use [`query_shards`](Self::query_shards).

A shard number of 10 or more is an error returned when the query is built (AWS developer guide, "Using write sharding to distribute workloads evenly").*/
        pub fn query_shard(
            workspace: impl ::dynakey::SegmentArg<String>,
            shard: u16,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query_shard::<
                Self,
            >(Self::__dynakey_partition_key(&workspace), shard)
        }
        /**A fan-out Query over all 10 shards of one logical partition (`WS#<workspace>` + `#00` … `#09`): the same typed sort-key conditions as a single-partition query, sent to every shard. `dynakey-runtime` (`db.query(&q)`, like any query) runs the shards concurrently and merges them by sort key. Encoding errors are returned when the query is planned.

AWS developer guide: "Using write sharding to distribute workloads evenly".*/
        pub fn query_shards(
            workspace: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query_shards::<
                Self,
            >(Self::__dynakey_partition_key(&workspace))
        }
        /**The shard (0 to 9) of an item whose `id` is this value: the jump consistent hash of FNV-1a 64 over the value's key encoding, over 10 shards (see `dynakey::shard`).

# Errors
[`KeyErrorKind::Segment`](::dynakey::KeyErrorKind::Segment) when the value has no key encoding.*/
        pub fn shard_of(
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::core::result::Result<u16, ::dynakey::KeyError> {
            ::dynakey::__private::shard_of::<String, _>(&id, "id", &__SHARDING)
        }
        /**Parses a partition key written by the template `WS#<workspace>` with its shard suffix (`#00` … `#09`) back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape or no shard suffix, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<EventPartitionKey, ::dynakey::KeyError> {
            ::dynakey::__private::check_parsed_size(
                ::dynakey::__private::KeyRole::Partition,
                key,
            )?;
            let __dynakey_logical = ::dynakey::__private::strip_shard_suffix(
                key,
                &__SHARDING,
                "WS#<workspace>",
            )?;
            Self::__dynakey_parse_logical_partition_key(__dynakey_logical)
        }
        #[doc(hidden)]
        /**Parses a partition key written by the template `WS#<workspace>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn __dynakey_parse_logical_partition_key(
            key: &str,
        ) -> ::core::result::Result<EventPartitionKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&<Self as ::dynakey::Entity>::PARTITION_TEMPLATE, key)?;
            ::core::result::Result::Ok(EventPartitionKey {
                workspace: ::dynakey::__private::decode_field::<
                    String,
                >(__segment_0, "workspace")?,
            })
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Event
    where
        String: ::dynakey::KeySegment,
    {}
    #[automatically_derived]
    impl ::dynakey::Entity for Event
    where
        String: ::dynakey::KeySegment,
    {
        type Table = ::dynakey::DefaultTable;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Event";
        const ENTITY_TYPE_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::None;
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "WS#<workspace>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("WS#"),
                ::dynakey::__private::field(
                    "workspace",
                    <String as ::dynakey::KeySegment>::WIDTH,
                    <String as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::Some(
            __SORT_TEMPLATE,
        );
        const SHARDING: ::core::option::Option<::dynakey::Sharding> = ::core::option::Option::Some(
            __SHARDING,
        );
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            Self::__dynakey_sharded_partition_key(&self.workspace, &self.id)
        }
        fn sort_key(
            &self,
        ) -> ::core::result::Result<
            ::core::option::Option<::dynakey::__private::String>,
            ::dynakey::KeyError,
        > {
            Self::__dynakey_sort_key(&self.id).map(::core::option::Option::Some)
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
                1usize,
            >(&__SORT_TEMPLATE, ::core::option::Option::None, key) {
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
    impl ::dynakey::InTable<::dynakey::DefaultTable> for Event
    where
        String: ::dynakey::KeySegment,
    {}
    impl Event
    where
        String: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = ::dynakey::__private::assert_table_with_sort_key::<
            Self,
        >();
        #[doc(hidden)]
        #[inline]
        fn __dynakey_partition_key(
            workspace: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 3usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("WS#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(
                &mut __dynakey_out,
                workspace,
                "workspace",
                ::core::option::Option::None,
                "WS#<workspace>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Partition,
                __dynakey_out,
            )
        }
        /**The primary key of the [`Event`] with these field values (partition key `WS#<workspace>#<shard of id>`, sort key `PROJ#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            workspace: impl ::dynakey::SegmentArg<String>,
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::core::result::Result<::dynakey::Key<Self>, ::dynakey::KeyError> {
            ::core::result::Result::Ok(
                ::dynakey::__private::key::<
                    Self,
                >(
                    Self::__dynakey_sharded_partition_key(&workspace, &id)?,
                    ::core::option::Option::Some(Self::__dynakey_sort_key(&id)?),
                ),
            )
        }
        ///Attribute `workspace` (field `workspace`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const WORKSPACE: ::dynakey::Field<Self, String, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "workspace",
        );
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: ::dynakey::Field<Self, String, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "id",
        );
    }
};
