// The expansion of `entity_with_writes` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Task`] partition key (template `WS#<workspace>`), as parsed by `Task::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
struct TaskPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
///The fields of a [`Task`] sort key (template `TASK#<id>`), as parsed by `Task::parse_sort_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
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
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum id {}
        pub enum due {}
    }
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Task {
        type PartitionKey = TaskPartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> TaskPartitionKey {
            TaskPartitionKey {
                workspace: __dynakey_values.0,
            }
        }
        type SortKey = TaskSortKey;
        type SortValues = (u32,);
        #[inline]
        fn sort_fields(__dynakey_values: (u32,)) -> TaskSortKey {
            TaskSortKey {
                id: __dynakey_values.0,
            }
        }
    }
    type __SkFields = (field::id,);
    impl<const D: usize> __dk::SortKeyBuilder for TaskSk<D>
    where
        __dk::Kinds1: __dk::At<D>,
    {
        type Entity = Task;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <__dk::Kinds1 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> TaskSk<D> {
        ///Fills `id` (field 1 of 1): a `TaskSk<1>`.
        pub fn id<const N: usize>(self, id: impl __dk::SegmentArg<u32>) -> TaskSk<N>
        where
            __SkFields: __dk::Fill<D, field::id, N>,
        {
            TaskSk(Task::__SORT.fill::<0, _>(self.0, &id))
        }
        ///A partial value of the field filled next (`id` on `TaskSk<0>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<<(u32,) as __dk::PrefixAt<D>>::Field>,
        ) -> ::dynakey::SortKeyPartial<Task, ::dynakey::PrimaryIndex>
        where
            (u32,): __dk::PrefixAt<D>,
        {
            Task::__SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    #[doc(hidden)]
    type __Index0 = <Tracker as __dk::IndexAt<
        { __dk::index_position::<Tracker>("ByAssignee", "Task") },
    >>::Index;
    const _: () = __dk::check_index(
        &<__Index0 as __dk::Index>::DEF,
        "ByAssignee",
        __dk::Some("USER#<assignee>"),
        __dk::Some("<due>#<id>"),
    );
    type __Sk0Fields = (field::due, field::id);
    impl<const D: usize> __dk::SortKeyBuilder for TaskByAssigneeSk<D>
    where
        __dk::Kinds2: __dk::At<D>,
    {
        type Entity = Task;
        type Index = __Index0;
        type Kind = <__dk::Kinds2 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> TaskByAssigneeSk<D> {
        ///Fills `due` (field 1 of 2): a `TaskByAssigneeSk<1>`.
        pub fn due<const N: usize>(
            self,
            due: impl __dk::SegmentArg<u64>,
        ) -> TaskByAssigneeSk<N>
        where
            __Sk0Fields: __dk::Fill<D, field::due, N>,
        {
            TaskByAssigneeSk(Task::__BY_ASSIGNEE_SORT.fill::<0, _>(self.0, &due))
        }
        ///Fills `id` (field 2 of 2): a `TaskByAssigneeSk<2>`.
        pub fn id<const N: usize>(
            self,
            id: impl __dk::SegmentArg<u32>,
        ) -> TaskByAssigneeSk<N>
        where
            __Sk0Fields: __dk::Fill<D, field::id, N>,
        {
            TaskByAssigneeSk(Task::__BY_ASSIGNEE_SORT.fill::<1, _>(self.0, &id))
        }
        ///A partial value of the field filled next (`due` on `TaskByAssigneeSk<0>`, `id` on `TaskByAssigneeSk<1>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<
                <(u64, u32) as __dk::PrefixAt<D>>::Field,
            >,
        ) -> ::dynakey::SortKeyPartial<Task, __Index0>
        where
            (u64, u32): __dk::PrefixAt<D>,
        {
            Task::__BY_ASSIGNEE_SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    const _: () = __dk::assert_version_number::<u64>();
    const _: () = __dk::check_ttl::<Tracker>("expiresAt", "Task");
    #[automatically_derived]
    impl ::dynakey::Versioned for Task {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<Tracker>("workspace", "workspace"),
        __dk::stored::<Tracker>("id", "id"),
        __dk::stored::<Tracker>("assignee", "assignee"),
        __dk::stored::<Tracker>("due", "due"),
        __dk::stored::<Tracker>("status", "status"),
        __dk::stored::<Tracker>("labels", "labels"),
        __dk::stored::<Tracker>("version", "version"),
        __dk::stored::<Tracker>("createdAt", "created_at"),
        __dk::stored::<Tracker>("updatedAt", "updated_at"),
        __dk::stored::<Tracker>("expiresAt", "expires_at"),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = {
        const WRITES: &[(&str, &str, &str)] = &[
            ("", "WS#<workspace>", "TASK#<id>"),
            ("ByAssignee", "USER#<assignee>", "<due>#<id>"),
        ];
        match __dk::template_conflict::<Tracker>(WRITES) {
            1 => __dk::fail_template_conflict::<Tracker>("Task", WRITES),
            _ => {}
        }
    };
    const _: () = __dk::check_listed::<Tracker>("Task", "Task", "Tracker");
    #[allow(non_camel_case_types, non_snake_case, dead_code)]
    pub mod __dk_index_groups {
        pub struct BY_ASSIGNEE<F>(::core::marker::PhantomData<F>);
        pub mod fields {
            pub enum ASSIGNEE {}
            pub enum DUE {}
        }
        pub type __kind_BY_ASSIGNEE = BY_ASSIGNEE<(fields::ASSIGNEE, fields::DUE)>;
    }
    #[automatically_derived]
    impl ::dynakey::Entity for Task {
        type Table = Tracker;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Task";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_with_sort_key::<
            Self,
        >(Self::__SORT.template);
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            __dk::entity_index(
                <__Index0 as __dk::Index>::DEF,
                __dk::Some(Self::__BY_ASSIGNEE_PARTITION.template),
                __dk::Some(Self::__BY_ASSIGNEE_SORT.template),
                true,
                "query_by_assignee",
            ),
        ];
        #[inline]
        fn index_keys(&self) -> __dk::IndexKeys {
            let mut __dynakey_out = ::std::vec::Vec::with_capacity(2usize);
            '__dynakey_index: {
                let __dk::Some(assignee) = &self.assignee else {
                    break '__dynakey_index;
                };
                __dk::push_index_partition(
                    &mut __dynakey_out,
                    &<__Index0 as __dk::Index>::DEF,
                    Task::__BY_ASSIGNEE_PARTITION.encode((assignee,)),
                )?;
                __dk::push_index_sort(
                    &mut __dynakey_out,
                    &<__Index0 as __dk::Index>::DEF,
                    Task::__BY_ASSIGNEE_SORT.encode((&self.due, &self.id)),
                )?;
            }
            __dk::Ok(__dynakey_out)
        }
        const MANAGED: ::dynakey::ManagedFields = __dk::managed(
            __dk::Some("version"),
            __dk::Some(__dk::stamp::<UtcTime>("createdAt")),
            __dk::Some(__dk::stamp::<Option<UtcTime>>("updatedAt")),
            __dk::Some("expiresAt"),
        );
        const SHAPE: &'static str = "WS#<workspace>|TASK#<id>";
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Task", __dk::None)
            & __dk::listed_check::<
                Self::Table,
            >("Task", __dk::Some(("USER#<assignee>", "<due>#<id>")));
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Task::__PARTITION.encode((&self.workspace,))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            Self::__SORT.encode_some((&self.id,))
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Tracker> for Task {}
    impl Task {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "WS#<workspace>",
            __dk::KeyRole::Partition,
            &[__dk::literal("WS#"), __dk::field::<String>("workspace")],
        );
        const __SORT: __dk::Template<(u32,)> = __dk::template(
            "TASK#<id>",
            __dk::KeyRole::Sort,
            &[__dk::literal("TASK#"), __dk::field::<u32>("id")],
        );
        ///Starts a sort-key condition for `TASK#<id>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn sk() -> TaskSk<0> {
            TaskSk(Self::__SORT.start())
        }
        /**The primary key of the [`Task`] with these field values (partition key `WS#<workspace>`, sort key `TASK#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            workspace: impl __dk::SegmentArg<String>,
            id: impl __dk::SegmentArg<u32>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                Task::__PARTITION.encode((&workspace,)),
                Task::__SORT.encode((&id,)),
            )
        }
        ///A Query over one whole partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Task::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            workspace: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(Task::__PARTITION.encode((&workspace,)))
        }
        const __BY_ASSIGNEE_PARTITION: __dk::Template<(String,)> = __dk::template(
            "USER#<assignee>",
            __dk::KeyRole::Partition,
            &[__dk::literal("USER#"), __dk::field::<String>("assignee")],
        );
        const __BY_ASSIGNEE_SORT: __dk::Template<(u64, u32)> = __dk::template(
            "<due>#<id>",
            __dk::KeyRole::Sort,
            &[__dk::field::<u64>("due"), __dk::literal("#"), __dk::field::<u32>("id")],
        );
        ///Starts a sort-key condition for `<due>#<id>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn by_assignee_sk() -> TaskByAssigneeSk<0> {
            TaskByAssigneeSk(Self::__BY_ASSIGNEE_SORT.start())
        }
        ///A Query on index `ByAssignee` over one whole index partition (`USER#<assignee>`); narrow it with a sort-key condition such as `.begins_with(Task::by_assignee_sk())`. Items are in the index's sort-key order; encoding errors are returned when the query is built.
        pub fn query_by_assignee(
            assignee: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __Index0> {
            __dk::query_index::<
                Self,
                __Index0,
            >(
                Task::__BY_ASSIGNEE_PARTITION.encode((&assignee,)),
                <__Index0 as __dk::Index>::DEF,
                __dk::Some(Self::__BY_ASSIGNEE_SORT.template),
            )
        }
        ///Attribute `workspace` (field `workspace`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const WORKSPACE: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle(
            "workspace",
        );
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, u32, __dk::KeyPart> = __dk::handle("id");
        ///Attribute `assignee` (field `assignee`). An index field: conditions only; an update sets it with the rest of its index through [`Task::BY_ASSIGNEE`](Self::BY_ASSIGNEE).
        pub const ASSIGNEE: __dk::Field<
            Self,
            Option<String>,
            __dk::Indexed<__dk_index_groups::__kind_BY_ASSIGNEE>,
        > = __dk::handle("assignee");
        ///Attribute `due` (field `due`). An index field: conditions only; an update sets it with the rest of its index through [`Task::BY_ASSIGNEE`](Self::BY_ASSIGNEE).
        pub const DUE: __dk::Field<
            Self,
            u64,
            __dk::Indexed<__dk_index_groups::__kind_BY_ASSIGNEE>,
        > = __dk::handle("due");
        ///Attribute `status` (field `status`). Conditions and every update operation.
        pub const STATUS: __dk::Field<Self, Status, __dk::Plain> = __dk::handle(
            "status",
        );
        ///Attribute `labels` (field `labels`). A DynamoDB set: conditions and every update operation, `add_to_set` and `delete_from_set` among them.
        pub const LABELS: __dk::Field<Self, Vec<String>, __dk::Set> = __dk::handle(
            "labels",
        );
        ///Attribute `version` (field `version`). Set by dynakey on every write: conditions only.
        pub const VERSION: __dk::Field<Self, u64, __dk::Managed> = __dk::handle(
            "version",
        );
        ///Attribute `createdAt` (field `created_at`). Set by dynakey on every write: conditions only.
        pub const CREATED_AT: __dk::Field<Self, UtcTime, __dk::Managed> = __dk::handle(
            "createdAt",
        );
        ///Attribute `updatedAt` (field `updated_at`). Set by dynakey on every write: conditions only.
        pub const UPDATED_AT: __dk::Field<Self, Option<UtcTime>, __dk::Managed> = __dk::handle(
            "updatedAt",
        );
        ///Attribute `expiresAt` (field `expires_at`). The TTL field (epoch seconds): conditions and every update operation.
        pub const EXPIRES_AT: __dk::Field<Self, Option<SystemTime>, __dk::Ttl> = __dk::handle(
            "expiresAt",
        );
        ///The fields `assignee`, `due` of index `ByAssignee`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_ASSIGNEE: ::dynakey::IndexGroup<Self, (Option<String>, u64)> = __dk::index_group(
            &[("assignee", "assignee"), ("due", "due")],
        );
    }
};
