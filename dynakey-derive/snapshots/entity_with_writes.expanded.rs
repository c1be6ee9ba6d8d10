// The expansion of `entity_with_writes` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Task`] partition key (template `WS#<workspace>`), as parsed by `Task::parse_partition_key`.
struct TaskPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
impl ::core::clone::Clone for TaskPartitionKey
where
    String: ::dynakey::KeySegment,
    u32: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        TaskPartitionKey {
            workspace: ::core::clone::Clone::clone(&self.workspace),
        }
    }
}
impl ::core::cmp::PartialEq for TaskPartitionKey
where
    String: ::dynakey::KeySegment,
    u32: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.workspace == other.workspace
    }
}
impl ::core::fmt::Debug for TaskPartitionKey
where
    String: ::dynakey::KeySegment,
    u32: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("TaskPartitionKey")
            .field(::core::stringify!(workspace), &self.workspace)
            .finish()
    }
}
///The fields of a [`Task`] sort key (template `TASK#<id>`), as parsed by `Task::parse_sort_key`.
struct TaskSortKey {
    ///The `id` segment.
    pub id: u32,
}
impl ::core::clone::Clone for TaskSortKey
where
    String: ::dynakey::KeySegment,
    u32: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        TaskSortKey {
            id: ::core::clone::Clone::clone(&self.id),
        }
    }
}
impl ::core::cmp::PartialEq for TaskSortKey
where
    String: ::dynakey::KeySegment,
    u32: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.id == other.id
    }
}
impl ::core::fmt::Debug for TaskSortKey
where
    String: ::dynakey::KeySegment,
    u32: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("TaskSortKey").field(::core::stringify!(id), &self.id).finish()
    }
}
///Typed sort-key builder for [`Task`] (template `TASK#<id>`), created by `Task::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct TaskSk<const D: usize>(
    ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>,
);
///Typed sort-key builder for [`Task`] (template `<due>#<id>`), created by `Task::by_assignee_sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct TaskByAssigneeSk<const D: usize>(
    ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>,
);
const _: () = {
    const __SORT_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
        "TASK#<id>",
        ::dynakey::__private::KeyRole::Sort,
        &[
            ::dynakey::__private::literal("TASK#"),
            ::dynakey::__private::field(
                "id",
                <u32 as ::dynakey::KeySegment>::WIDTH,
                <u32 as ::dynakey::KeySegment>::ANY_TEXT,
            ),
        ],
    );
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` is already filled: every field of \"TASK#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`id` is already filled"
    )]
    pub trait __DynakeyTaskSkOrder1Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyTaskSkOrder1Field0 for ::dynakey::__private::Never {}
    impl TaskSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyTaskSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyTaskSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    impl Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "TASK#<id>",
            "`: fill fields left to right, \
                             or pass as is for every item of this entity."
        )]
        pub fn sk() -> TaskSk<0> {
            let mut __dynakey_out = ::dynakey::__private::String::new();
            __dynakey_out.push_str("TASK#");
            TaskSk(::core::result::Result::Ok(__dynakey_out))
        }
    }
    impl TaskSk<0usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `id` (field 1 of 1).
        pub fn id(self, id: impl ::dynakey::SegmentArg<u32>) -> TaskSk<1usize> {
            TaskSk(
                ::dynakey::__private::fill::<
                    u32,
                    _,
                >(self.0, &id, "id", ::core::option::Option::None, "TASK#<id>", ""),
            )
        }
        ///A partial value of `id`: keys whose `id` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn id_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u32>,
        ) -> ::dynakey::SortKeyPartial<Task, ::dynakey::PrimaryIndex> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "id",
                ::core::option::Option::None,
                "TASK#<id>",
            )
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Task, ::dynakey::PrimaryIndex>
    for TaskSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl ::dynakey::SortKeyPrefix for TaskSk<0usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = ::dynakey::PrimaryIndex;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for TaskSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = ::dynakey::PrimaryIndex;
        fn into_sort_key(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_sort_key(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for TaskSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = ::dynakey::PrimaryIndex;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_exact_bound(self.0)
        }
    }
    impl Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        #[inline]
        fn __dynakey_sort_key(
            id: &(impl ::dynakey::SegmentArg<u32> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 5usize
                + match <u32 as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("TASK#");
            ::dynakey::__private::push_field::<
                u32,
                _,
            >(&mut __dynakey_out, id, "id", ::core::option::Option::None, "TASK#<id>")?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        /**Parses a sort key written by the template `TASK#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_sort_key(
            key: &str,
        ) -> ::core::result::Result<TaskSortKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&__SORT_TEMPLATE, key)?;
            ::core::result::Result::Ok(TaskSortKey {
                id: ::dynakey::__private::decode_field::<u32>(__segment_0, "id")?,
            })
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
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` comes after `due` in \"<due>#<id>\": fill `due` first (`Task::by_assignee_sk()` fills `due`, `id` in that order)",
        label = "`id` cannot be filled before `due`"
    )]
    pub trait __DynakeyTaskByAssigneeSkOrder0Field1 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyTaskByAssigneeSkOrder0Field1 for ::dynakey::__private::Never {}
    impl TaskByAssigneeSk<0usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder0Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder0Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `due` is already filled; the next field of \"<due>#<id>\" is `id` (`Task::by_assignee_sk()` fills `due`, `id` in that order)",
        label = "`due` is already filled"
    )]
    pub trait __DynakeyTaskByAssigneeSkOrder1Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyTaskByAssigneeSkOrder1Field0 for ::dynakey::__private::Never {}
    impl TaskByAssigneeSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn due<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn due_prefix<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `due` is already filled: every field of \"<due>#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`due` is already filled"
    )]
    pub trait __DynakeyTaskByAssigneeSkOrder2Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyTaskByAssigneeSkOrder2Field0 for ::dynakey::__private::Never {}
    impl TaskByAssigneeSk<2usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn due<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder2Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn due_prefix<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder2Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` is already filled: every field of \"<due>#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`id` is already filled"
    )]
    pub trait __DynakeyTaskByAssigneeSkOrder2Field1 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyTaskByAssigneeSkOrder2Field1 for ::dynakey::__private::Never {}
    impl TaskByAssigneeSk<2usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder2Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyTaskByAssigneeSkOrder2Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    impl Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "<due>#<id>",
            "`: fill fields left to right, \
                             or pass as is for every item of this entity."
        )]
        pub fn by_assignee_sk() -> TaskByAssigneeSk<0> {
            let mut __dynakey_out = ::dynakey::__private::String::new();
            TaskByAssigneeSk(::core::result::Result::Ok(__dynakey_out))
        }
    }
    impl TaskByAssigneeSk<0usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `due` (field 1 of 2).
        pub fn due(
            self,
            due: impl ::dynakey::SegmentArg<u64>,
        ) -> TaskByAssigneeSk<1usize> {
            TaskByAssigneeSk(
                ::dynakey::__private::fill::<
                    u64,
                    _,
                >(
                    self.0,
                    &due,
                    "due",
                    ::core::option::Option::Some('#'),
                    "<due>#<id>",
                    "#",
                ),
            )
        }
        ///A partial value of `due`: keys whose `due` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn due_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u64>,
        ) -> ::dynakey::SortKeyPartial<Task, __DynakeyIndex0> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "due",
                ::core::option::Option::Some('#'),
                "<due>#<id>",
            )
        }
    }
    impl TaskByAssigneeSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `id` (field 2 of 2).
        pub fn id(
            self,
            id: impl ::dynakey::SegmentArg<u32>,
        ) -> TaskByAssigneeSk<2usize> {
            TaskByAssigneeSk(
                ::dynakey::__private::fill::<
                    u32,
                    _,
                >(self.0, &id, "id", ::core::option::Option::None, "<due>#<id>", ""),
            )
        }
        ///A partial value of `id`: keys whose `id` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn id_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u32>,
        ) -> ::dynakey::SortKeyPartial<Task, __DynakeyIndex0> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "id",
                ::core::option::Option::None,
                "<due>#<id>",
            )
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Task, __DynakeyIndex0>
    for TaskByAssigneeSk<D>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl ::dynakey::SortKeyPrefix for TaskByAssigneeSk<0usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = __DynakeyIndex0;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::SortKeyPrefix for TaskByAssigneeSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = __DynakeyIndex0;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for TaskByAssigneeSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = __DynakeyIndex0;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_group_bound(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for TaskByAssigneeSk<2usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = __DynakeyIndex0;
        fn into_sort_key(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_sort_key(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for TaskByAssigneeSk<2usize>
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Task;
        type Index = __DynakeyIndex0;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_exact_bound(self.0)
        }
    }
    impl Task
    where
        String: ::dynakey::KeySegment,
        u32: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        #[inline]
        fn __dynakey_by_assignee_partition_key(
            assignee: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 5usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("USER#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(
                &mut __dynakey_out,
                assignee,
                "assignee",
                ::core::option::Option::None,
                "USER#<assignee>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Partition,
                __dynakey_out,
            )
        }
        #[doc(hidden)]
        #[inline]
        fn __dynakey_by_assignee_sort_key(
            due: &(impl ::dynakey::SegmentArg<u64> + ?::core::marker::Sized),
            id: &(impl ::dynakey::SegmentArg<u32> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0
                + match <u64 as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                } + 1usize
                + match <u32 as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            ::dynakey::__private::push_field::<
                u64,
                _,
            >(
                &mut __dynakey_out,
                due,
                "due",
                ::core::option::Option::Some('#'),
                "<due>#<id>",
            )?;
            __dynakey_out.push_str("#");
            ::dynakey::__private::push_field::<
                u32,
                _,
            >(&mut __dynakey_out, id, "id", ::core::option::Option::None, "<due>#<id>")?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        #[doc(hidden)]
        const __DYNAKEY_BY_ASSIGNEE_SORT_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "<due>#<id>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::field(
                    "due",
                    <u64 as ::dynakey::KeySegment>::WIDTH,
                    <u64 as ::dynakey::KeySegment>::ANY_TEXT,
                ),
                ::dynakey::__private::literal("#"),
                ::dynakey::__private::field(
                    "id",
                    <u32 as ::dynakey::KeySegment>::WIDTH,
                    <u32 as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        ///A Query on index `ByAssignee` over one whole index partition (`USER#<assignee>`); narrow it with a sort-key condition such as `.begins_with(Task::by_assignee_sk())`. Items are in the index's sort-key order; encoding errors are returned when the query is built.
        pub fn query_by_assignee(
            assignee: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex0> {
            ::dynakey::__private::query_index::<
                Self,
                __DynakeyIndex0,
            >(
                Self::__dynakey_by_assignee_partition_key(&assignee),
                <__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ::core::option::Option::Some(Self::__DYNAKEY_BY_ASSIGNEE_SORT_TEMPLATE),
            )
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
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            Self::__dynakey_partition_key(&self.workspace)
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
                    true && <u32 as ::dynakey::KeySegment>::is_valid_segment(__segment_0)
                }
                ::core::option::Option::None => false,
            }
        }
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            ::dynakey::__private::entity_index(
                <__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ::core::option::Option::Some(
                    ::dynakey::__private::key_template(
                        "USER#<assignee>",
                        ::dynakey::__private::KeyRole::Partition,
                        &[
                            ::dynakey::__private::literal("USER#"),
                            ::dynakey::__private::field(
                                "assignee",
                                <String as ::dynakey::KeySegment>::WIDTH,
                                <String as ::dynakey::KeySegment>::ANY_TEXT,
                            ),
                        ],
                    ),
                ),
                ::core::option::Option::Some(Self::__DYNAKEY_BY_ASSIGNEE_SORT_TEMPLATE),
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
                let due = &self.due;
                let id = &self.id;
                __dynakey_out
                    .push((
                        ::dynakey::__private::index_partition_key(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ),
                        Self::__dynakey_by_assignee_partition_key(&assignee)?,
                    ));
                if let ::core::option::Option::Some(__dynakey_attribute) = ::dynakey::__private::index_sort_key(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ) {
                    __dynakey_out
                        .push((
                            __dynakey_attribute,
                            Self::__dynakey_by_assignee_sort_key(&due, &id)?,
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
                    Self::__dynakey_partition_key(&workspace)?,
                    ::core::option::Option::Some(Self::__dynakey_sort_key(&id)?),
                ),
            )
        }
        ///A Query over one whole partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Task::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            workspace: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            ::dynakey::__private::query::<
                Self,
            >(Self::__dynakey_partition_key(&workspace))
        }
        /**Parses a partition key written by the template `WS#<workspace>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<TaskPartitionKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&<Self as ::dynakey::Entity>::PARTITION_TEMPLATE, key)?;
            ::core::result::Result::Ok(TaskPartitionKey {
                workspace: ::dynakey::__private::decode_field::<
                    String,
                >(__segment_0, "workspace")?,
            })
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
