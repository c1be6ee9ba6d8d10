// The expansion of `entity_sharded` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Event`] partition key (template `WS#<workspace>`), as parsed by `Event::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
struct EventPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
///The fields of a [`Event`] sort key (template `PROJ#<id>`), as parsed by `Event::parse_sort_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
struct EventSortKey {
    ///The `id` segment.
    pub id: String,
}
///Typed sort-key builder for [`Event`] (template `PROJ#<id>`), created by `Event::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct EventSk<const D: usize>(::dynakey::__private::SortKey);
const _: () = {
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum id {}
    }
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Event {
        type PartitionKey = EventPartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> EventPartitionKey {
            EventPartitionKey {
                workspace: __dynakey_values.0,
            }
        }
        type SortKey = EventSortKey;
        type SortValues = (String,);
        #[inline]
        fn sort_fields(__dynakey_values: (String,)) -> EventSortKey {
            EventSortKey {
                id: __dynakey_values.0,
            }
        }
    }
    type __SkFields = (field::id,);
    impl<const D: usize> __dk::SortKeyBuilder for EventSk<D>
    where
        __dk::Kinds1: __dk::At<D>,
    {
        type Entity = Event;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <__dk::Kinds1 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> EventSk<D> {
        ///Fills `id` (field 1 of 1): a `EventSk<1>`.
        pub fn id<const N: usize>(self, id: impl __dk::SegmentArg<String>) -> EventSk<N>
        where
            __SkFields: __dk::Fill<D, field::id, N>,
        {
            EventSk(Event::__SORT.fill::<0, _>(self.0, &id))
        }
        ///A partial value of the field filled next (`id` on `EventSk<0>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<
                <(String,) as __dk::PrefixAt<D>>::Field,
            >,
        ) -> ::dynakey::SortKeyPartial<Event, ::dynakey::PrimaryIndex>
        where
            (String,): __dk::PrefixAt<D>,
        {
            Event::__SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    const __SHARDING: ::dynakey::Sharding = __dk::sharding(10u16, "id");
    #[automatically_derived]
    impl ::dynakey::Unversioned for Event {}
    #[automatically_derived]
    impl ::dynakey::Entity for Event {
        type Table = ::dynakey::DefaultTable;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Event";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_with_sort_key::<
            Self,
        >(Self::__SORT.template);
        const SHARDING: __dk::Option<::dynakey::Sharding> = __dk::Some(__SHARDING);
        const SHAPE: &'static str = "WS#<workspace>|PROJ#<id>";
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Event", __dk::None);
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Event::__PARTITION
                .encode_sharded::<
                    _,
                    String,
                    _,
                >((&self.workspace,), &self.id, &__SHARDING)
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            Self::__SORT.encode_some((&self.id,))
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<::dynakey::DefaultTable> for Event {}
    impl Event {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "WS#<workspace>",
            __dk::KeyRole::Partition,
            &[__dk::literal("WS#"), __dk::field::<String>("workspace")],
        );
        const __SORT: __dk::Template<(String,)> = __dk::template(
            "PROJ#<id>",
            __dk::KeyRole::Sort,
            &[__dk::literal("PROJ#"), __dk::field::<String>("id")],
        );
        ///Starts a sort-key condition for `PROJ#<id>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn sk() -> EventSk<0> {
            EventSk(Self::__SORT.start())
        }
        /**The primary key of the [`Event`] with these field values (partition key `WS#<workspace>#<shard of id>`, sort key `PROJ#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            workspace: impl __dk::SegmentArg<String>,
            id: impl __dk::SegmentArg<String>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                Event::__PARTITION
                    .encode_sharded::<_, String, _>((&workspace,), &id, &__SHARDING),
                Event::__SORT.encode((&id,)),
            )
        }
        /**A Query over one shard of a logical partition: the partition `WS#<workspace>` + `#07` for shard 7 of 10. Narrow it with a sort-key condition such as `.begins_with(Event::sk())`; to read every shard merged into one order, use [`query_shards`](Self::query_shards).

A shard number of 10 or more is an error returned when the query is built (AWS developer guide, "Using write sharding to distribute workloads evenly").*/
        pub fn query_shard(
            workspace: impl __dk::SegmentArg<String>,
            shard: u16,
        ) -> ::dynakey::KeyQuery<Self> {
            __dk::query_shard::<Self>(Event::__PARTITION.encode((&workspace,)), shard)
        }
        /**A fan-out Query over all 10 shards of one logical partition (`WS#<workspace>` + `#00` … `#09`): the same typed sort-key conditions as a single-partition query, sent to every shard. `dynakey-runtime` (`db.query(&q)`, like any query) runs the shards concurrently and merges them by sort key. Encoding errors are returned when the query is planned.

AWS developer guide: "Using write sharding to distribute workloads evenly".*/
        pub fn query_shards(
            workspace: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            __dk::query_shards::<Self>(Event::__PARTITION.encode((&workspace,)))
        }
        /**The shard (0 to 9) of an item whose `id` is this value: the jump consistent hash of FNV-1a 64 over the value's key encoding, over 10 shards (see `dynakey::shard`).

# Errors
[`KeyErrorKind::Segment`](::dynakey::KeyErrorKind::Segment) when the value has no key encoding.*/
        pub fn shard_of(
            id: impl __dk::SegmentArg<String>,
        ) -> __dk::Result<u16, __dk::KeyError> {
            __dk::shard_of::<String, _>(&id, "id", &__SHARDING)
        }
        ///Attribute `workspace` (field `workspace`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const WORKSPACE: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle(
            "workspace",
        );
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle("id");
    }
};
