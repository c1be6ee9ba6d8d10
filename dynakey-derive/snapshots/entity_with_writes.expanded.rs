// The expansion of `entity_with_writes` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Task`] partition key (template `WS#<workspace>`), as parsed by `Task::parse_partition_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
struct TaskPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
///The fields of a [`Task`] sort key (template `TASK#<id>`), as parsed by `Task::parse_sort_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
struct TaskSortKey {
    ///The `id` segment.
    pub id: u32,
}
///Typed sort-key builder for [`Task`] (template `TASK#<id>`), created by `Task::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct TaskSk<const D: usize>(::dynakey::__private::SortKey);
///Typed sort-key builder for [`Task`] (template `<due>#<id>`), created by `Task::by_assignee_sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct TaskByAssigneeSk<const D: usize>(::dynakey::__private::SortKey);
const _: () = {
    #[allow(non_camel_case_types)]
    mod field {
        pub enum id {}
        pub enum due {}
    }
    type __TaskSkFields = (field::id,);
    type __TaskSkNextAt<const D: usize, F> = <__TaskSkFields as ::dynakey::__private::FieldAt<
        D,
        F,
    >>::Next;
    #[diagnostic::on_unimplemented(
        message = "sort-key field `{F}` cannot be filled now: the next field of \"TASK#<id>\" is `{Self}` (`Task::sk()` fills `id` in that order)",
        label = "fill `{Self}` first"
    )]
    pub trait __TaskSkNext<F, const N: usize> {}
    impl<F, const N: usize> __TaskSkNext<F, N> for F
    where
        __TaskSkFields: ::dynakey::__private::DepthOf<F, N>,
    {}
    impl<const D: usize> ::dynakey::__private::SortKeyBuilder for TaskSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
        ::dynakey::__private::Kinds1: ::dynakey::__private::At<D>,
    {
        type Entity = Task;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <::dynakey::__private::Kinds1 as ::dynakey::__private::At<D>>::Out;
        fn into_key(self) -> ::dynakey::__private::SortKey {
            self.0
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Task, ::dynakey::PrimaryIndex>
    for TaskSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl<const D: usize> TaskSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `id` (field 1 of 1): a `TaskSk<1>`.
        pub fn id<const N: usize>(self, id: impl ::dynakey::SegmentArg<u32>) -> TaskSk<N>
        where
            __TaskSkFields: ::dynakey::__private::FieldAt<D, field::id>,
            __TaskSkNextAt<D, field::id>: __TaskSkNext<field::id, N>,
        {
            TaskSk(Task::__SORT.fill::<0, _>(self.0, &id))
        }
        ///A partial value of `id`: keys whose `id` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn id_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u32>,
        ) -> ::dynakey::SortKeyPartial<Task, ::dynakey::PrimaryIndex>
        where
            __TaskSkFields: ::dynakey::__private::FieldAt<D, field::id>,
            __TaskSkNextAt<D, field::id>: __TaskSkNext<field::id, 1>,
        {
            Task::__SORT.fill_partial::<0, _, _>(self.0, &partial)
        }
    }
    #[doc(hidden)]
    type __DynakeyIndex0 = <Tracker as ::dynakey::__private::IndexAt<
        { ::dynakey::__private::index_position::<Tracker>("ByAssignee", "Task") },
    >>::Index;
    const _: () = if !(::dynakey::__private::is_fallback_index(
        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
    ) || ::dynakey::__private::is_global(&<__DynakeyIndex0 as ::dynakey::Index>::DEF))
    {
        ::core::panic!(
            "index `ByAssignee` is a local secondary index: it uses the table's partition key (the entity's #[pk]), so #[index] takes no `pk`; remove `pk = \"USER#<assignee>\"` and keep `sk = \"…\"`"
        )
    };
    const _: () = if !(::dynakey::__private::is_fallback_index(
        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
    ) || ::dynakey::__private::has_sort_key(&<__DynakeyIndex0 as ::dynakey::Index>::DEF))
    {
        ::core::panic!(
            "index `ByAssignee` has no sort key, so #[index] cannot give it a sort-key template; remove `sk = \"<due>#<id>\"`, or declare the index with `sort_key = \"…\"`"
        )
    };
    type __TaskByAssigneeSkFields = (field::due, field::id);
    type __TaskByAssigneeSkNextAt<const D: usize, F> = <__TaskByAssigneeSkFields as ::dynakey::__private::FieldAt<
        D,
        F,
    >>::Next;
    #[diagnostic::on_unimplemented(
        message = "sort-key field `{F}` cannot be filled now: the next field of \"<due>#<id>\" is `{Self}` (`Task::by_assignee_sk()` fills `due`, `id` in that order)",
        label = "fill `{Self}` first"
    )]
    pub trait __TaskByAssigneeSkNext<F, const N: usize> {}
    impl<F, const N: usize> __TaskByAssigneeSkNext<F, N> for F
    where
        __TaskByAssigneeSkFields: ::dynakey::__private::DepthOf<F, N>,
    {}
    impl<const D: usize> ::dynakey::__private::SortKeyBuilder for TaskByAssigneeSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
        ::dynakey::__private::Kinds2: ::dynakey::__private::At<D>,
    {
        type Entity = Task;
        type Index = __DynakeyIndex0;
        type Kind = <::dynakey::__private::Kinds2 as ::dynakey::__private::At<D>>::Out;
        fn into_key(self) -> ::dynakey::__private::SortKey {
            self.0
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Task, __DynakeyIndex0>
    for TaskByAssigneeSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl<const D: usize> TaskByAssigneeSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `due` (field 1 of 2): a `TaskByAssigneeSk<1>`.
        pub fn due<const N: usize>(
            self,
            due: impl ::dynakey::SegmentArg<u64>,
        ) -> TaskByAssigneeSk<N>
        where
            __TaskByAssigneeSkFields: ::dynakey::__private::FieldAt<D, field::due>,
            __TaskByAssigneeSkNextAt<
                D,
                field::due,
            >: __TaskByAssigneeSkNext<field::due, N>,
        {
            TaskByAssigneeSk(Task::__BY_ASSIGNEE_SORT.fill::<0, _>(self.0, &due))
        }
        ///A partial value of `due`: keys whose `due` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn due_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u64>,
        ) -> ::dynakey::SortKeyPartial<Task, __DynakeyIndex0>
        where
            __TaskByAssigneeSkFields: ::dynakey::__private::FieldAt<D, field::due>,
            __TaskByAssigneeSkNextAt<
                D,
                field::due,
            >: __TaskByAssigneeSkNext<field::due, 1>,
        {
            Task::__BY_ASSIGNEE_SORT.fill_partial::<0, _, _>(self.0, &partial)
        }
        ///Fills `id` (field 2 of 2): a `TaskByAssigneeSk<2>`.
        pub fn id<const N: usize>(
            self,
            id: impl ::dynakey::SegmentArg<u32>,
        ) -> TaskByAssigneeSk<N>
        where
            __TaskByAssigneeSkFields: ::dynakey::__private::FieldAt<D, field::id>,
            __TaskByAssigneeSkNextAt<D, field::id>: __TaskByAssigneeSkNext<field::id, N>,
        {
            TaskByAssigneeSk(Task::__BY_ASSIGNEE_SORT.fill::<1, _>(self.0, &id))
        }
        ///A partial value of `id`: keys whose `id` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn id_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u32>,
        ) -> ::dynakey::SortKeyPartial<Task, __DynakeyIndex0>
        where
            __TaskByAssigneeSkFields: ::dynakey::__private::FieldAt<D, field::id>,
            __TaskByAssigneeSkNextAt<D, field::id>: __TaskByAssigneeSkNext<field::id, 2>,
        {
            Task::__BY_ASSIGNEE_SORT.fill_partial::<1, _, _>(self.0, &partial)
        }
    }
    const _: () = ::dynakey::__private::assert_version_number::<u64>();
    const _: () = ::dynakey::__private::check_ttl::<Tracker>("expiresAt", "Task");
    #[automatically_derived]
    impl ::dynakey::Versioned for Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    #[automatically_derived]
    impl ::dynakey::Entity for Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Table = Tracker;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Task";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::Some(
            Self::__SORT.template,
        );
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            ::dynakey::__private::entity_index(
                <__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ::core::option::Option::Some(Self::__BY_ASSIGNEE_PARTITION.template),
                ::core::option::Option::Some(Self::__BY_ASSIGNEE_SORT.template),
                true,
            ),
        ];
        fn index_keys(
            &self,
        ) -> ::core::result::Result<
            ::std::vec::Vec<(&'static str, ::dynakey::__private::String)>,
            ::dynakey::KeyError,
        > {
            let mut __dynakey_out = ::std::vec::Vec::with_capacity(2usize);
            '__dynakey_index: {
                let ::core::option::Option::Some(assignee) = &self.assignee else {
                    break '__dynakey_index;
                };
                __dynakey_out
                    .push((
                        ::dynakey::__private::index_partition_key(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ),
                        Task::__BY_ASSIGNEE_PARTITION.encode((assignee,))?,
                    ));
                if let ::core::option::Option::Some(__dynakey_attribute) = ::dynakey::__private::index_sort_key(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ) {
                    __dynakey_out
                        .push((
                            __dynakey_attribute,
                            Task::__BY_ASSIGNEE_SORT.encode((&self.due, &self.id))?,
                        ));
                }
            }
            ::core::result::Result::Ok(__dynakey_out)
        }
        const MANAGED: ::dynakey::ManagedFields = ::dynakey::__private::managed(
            ::core::option::Option::Some("version"),
            ::core::option::Option::Some(
                ::dynakey::__private::stamp::<SystemTime>("createdAt"),
            ),
            ::core::option::Option::Some(
                ::dynakey::__private::stamp::<SystemTime>("updatedAt"),
            ),
            ::core::option::Option::Some("expiresAt"),
        );
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            Task::__PARTITION.encode((&self.workspace,))
        }
        fn sort_key(
            &self,
        ) -> ::core::result::Result<
            ::core::option::Option<::dynakey::__private::String>,
            ::dynakey::KeyError,
        > {
            Task::__SORT.encode((&self.id,)).map(::core::option::Option::Some)
        }
        fn matches_partition_key(key: &str) -> bool {
            Task::__PARTITION.matches(::core::option::Option::None, key)
        }
        fn matches_sort_key(key: &str) -> bool {
            Task::__SORT.matches(::core::option::Option::None, key)
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Tracker> for Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        const __PARTITION: ::dynakey::__private::Template<(String,)> = ::dynakey::__private::template(
            "WS#<workspace>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("WS#"),
                ::dynakey::__private::field::<String>("workspace"),
            ],
        );
        #[doc(hidden)]
        const __DYNAKEY_TABLE_CHECK: () = ::dynakey::__private::assert_table_with_sort_key::<
            Self,
        >();
        const __SORT: ::dynakey::__private::Template<(u32,)> = ::dynakey::__private::template(
            "TASK#<id>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::literal("TASK#"),
                ::dynakey::__private::field::<u32>("id"),
            ],
        );
        ///Starts a sort-key condition for `TASK#<id>`: fill fields left to right, or pass as is for every item of this entity.
        pub fn sk() -> TaskSk<0> {
            TaskSk(Self::__SORT.start())
        }
        /**Parses a sort key written by the template `TASK#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_sort_key(
            key: &str,
        ) -> ::core::result::Result<TaskSortKey, ::dynakey::KeyError> {
            let (__dynakey_0,) = Task::__SORT.parse(key)?;
            ::core::result::Result::Ok(TaskSortKey { id: __dynakey_0 })
        }
        /**The primary key of the [`Task`] with these field values (partition key `WS#<workspace>`, sort key `TASK#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            workspace: impl ::dynakey::SegmentArg<String>,
            id: impl ::dynakey::SegmentArg<u32>,
        ) -> ::core::result::Result<::dynakey::Key<Self>, ::dynakey::KeyError> {
            ::core::result::Result::Ok(
                ::dynakey::__private::key::<
                    Self,
                >(
                    Task::__PARTITION.encode((&workspace,))?,
                    ::core::option::Option::Some(Task::__SORT.encode((&id,))?),
                ),
            )
        }
        ///A Query over one whole partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Task::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            workspace: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query::<Self>(Task::__PARTITION.encode((&workspace,)))
        }
        /**Parses a partition key written by the template `WS#<workspace>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<TaskPartitionKey, ::dynakey::KeyError> {
            let (__dynakey_0,) = Task::__PARTITION.parse(key)?;
            ::core::result::Result::Ok(TaskPartitionKey {
                workspace: __dynakey_0,
            })
        }
        const __BY_ASSIGNEE_PARTITION: ::dynakey::__private::Template<(String,)> = ::dynakey::__private::template(
            "USER#<assignee>",
            ::dynakey::__private::KeyRole::Partition,
            &[
                ::dynakey::__private::literal("USER#"),
                ::dynakey::__private::field::<String>("assignee"),
            ],
        );
        const __BY_ASSIGNEE_SORT: ::dynakey::__private::Template<(u64, u32)> = ::dynakey::__private::template(
            "<due>#<id>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::field::<u64>("due"),
                ::dynakey::__private::literal("#"),
                ::dynakey::__private::field::<u32>("id"),
            ],
        );
        ///Starts a sort-key condition for `<due>#<id>`: fill fields left to right, or pass as is for every item of this entity.
        pub fn by_assignee_sk() -> TaskByAssigneeSk<0> {
            TaskByAssigneeSk(Self::__BY_ASSIGNEE_SORT.start())
        }
        ///A Query on index `ByAssignee` over one whole index partition (`USER#<assignee>`); narrow it with a sort-key condition such as `.begins_with(Task::by_assignee_sk())`. Items are in the index's sort-key order; encoding errors are returned when the query is built.
        pub fn query_by_assignee(
            assignee: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex0> {
            ::dynakey::__private::query_index::<
                Self,
                __DynakeyIndex0,
            >(
                Task::__BY_ASSIGNEE_PARTITION.encode((&assignee,)),
                <__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ::core::option::Option::Some(Self::__BY_ASSIGNEE_SORT.template),
            )
        }
        ///Attribute `workspace` (field `workspace`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const WORKSPACE: ::dynakey::Field<Self, String, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "workspace",
        );
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: ::dynakey::Field<Self, u32, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "id",
        );
        ///Attribute `assignee` (field `assignee`). An index field: conditions only; an update sets it with the rest of its index through [`Task::BY_ASSIGNEE`](Self::BY_ASSIGNEE).
        pub const ASSIGNEE: ::dynakey::Field<
            Self,
            Option<String>,
            ::dynakey::field::Indexed,
        > = ::dynakey::__private::handle("assignee");
        ///Attribute `due` (field `due`). An index field: conditions only; an update sets it with the rest of its index through [`Task::BY_ASSIGNEE`](Self::BY_ASSIGNEE).
        pub const DUE: ::dynakey::Field<Self, u64, ::dynakey::field::Indexed> = ::dynakey::__private::handle(
            "due",
        );
        ///Attribute `status` (field `status`). Conditions and every update operation.
        pub const STATUS: ::dynakey::Field<Self, Status, ::dynakey::field::Plain> = ::dynakey::__private::handle(
            "status",
        );
        ///Attribute `labels` (field `labels`). A DynamoDB set: conditions and every update operation, `add_to_set` and `delete_from_set` among them.
        pub const LABELS: ::dynakey::Field<Self, Vec<String>, ::dynakey::field::Set> = ::dynakey::__private::handle(
            "labels",
        );
        ///Attribute `version` (field `version`). Set by dynakey on every write: conditions only.
        pub const VERSION: ::dynakey::Field<Self, u64, ::dynakey::field::Managed> = ::dynakey::__private::handle(
            "version",
        );
        ///Attribute `createdAt` (field `created_at`). Set by dynakey on every write: conditions only.
        pub const CREATED_AT: ::dynakey::Field<
            Self,
            SystemTime,
            ::dynakey::field::Managed,
        > = ::dynakey::__private::handle("createdAt");
        ///Attribute `updatedAt` (field `updated_at`). Set by dynakey on every write: conditions only.
        pub const UPDATED_AT: ::dynakey::Field<
            Self,
            SystemTime,
            ::dynakey::field::Managed,
        > = ::dynakey::__private::handle("updatedAt");
        ///Attribute `expiresAt` (field `expires_at`). The TTL field (epoch seconds): conditions and every update operation.
        pub const EXPIRES_AT: ::dynakey::Field<
            Self,
            Option<SystemTime>,
            ::dynakey::field::Ttl,
        > = ::dynakey::__private::handle("expiresAt");
        ///The fields `assignee`, `due` of index `ByAssignee`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_ASSIGNEE: ::dynakey::IndexGroup<Self, (Option<String>, u64)> = ::dynakey::__private::index_group(
            &[("assignee", "assignee"), ("due", "due")],
        );
    }
};
