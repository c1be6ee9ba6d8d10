// The expansion of `entity_with_indexes` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Project`] partition key (template `WS#<workspace>`), as parsed by `Project::parse_partition_key`.
struct ProjectPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
impl ::core::clone::Clone for ProjectPartitionKey
where
    String: ::dynakey::KeySegment,
    Status: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        ProjectPartitionKey {
            workspace: ::core::clone::Clone::clone(&self.workspace),
        }
    }
}
impl ::core::cmp::PartialEq for ProjectPartitionKey
where
    String: ::dynakey::KeySegment,
    Status: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.workspace == other.workspace
    }
}
impl ::core::fmt::Debug for ProjectPartitionKey
where
    String: ::dynakey::KeySegment,
    Status: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("ProjectPartitionKey")
            .field(::core::stringify!(workspace), &self.workspace)
            .finish()
    }
}
///The fields of a [`Project`] sort key (template `PROJ#<id>`), as parsed by `Project::parse_sort_key`.
struct ProjectSortKey {
    ///The `id` segment.
    pub id: String,
}
impl ::core::clone::Clone for ProjectSortKey
where
    String: ::dynakey::KeySegment,
    Status: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        ProjectSortKey {
            id: ::core::clone::Clone::clone(&self.id),
        }
    }
}
impl ::core::cmp::PartialEq for ProjectSortKey
where
    String: ::dynakey::KeySegment,
    Status: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.id == other.id
    }
}
impl ::core::fmt::Debug for ProjectSortKey
where
    String: ::dynakey::KeySegment,
    Status: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("ProjectSortKey").field(::core::stringify!(id), &self.id).finish()
    }
}
///Typed sort-key builder for [`Project`] (template `PROJ#<id>`), created by `Project::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct ProjectSk<const D: usize>(
    ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>,
);
///Typed sort-key builder for [`Project`] (template `<created>#<id>`), created by `Project::by_status_sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct ProjectByStatusSk<const D: usize>(
    ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>,
);
///Typed sort-key builder for [`Project`] (template `C#<created>`), created by `Project::by_created_sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct ProjectByCreatedSk<const D: usize>(
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
    pub trait __DynakeyProjectSkOrder1Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectSkOrder1Field0 for ::dynakey::__private::Never {}
    impl ProjectSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyProjectSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyProjectSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    impl Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "PROJ#<id>",
            "`: fill fields left to right, \
                             or pass as is for every item of this entity."
        )]
        pub fn sk() -> ProjectSk<0> {
            let mut __dynakey_out = ::dynakey::__private::String::new();
            __dynakey_out.push_str("PROJ#");
            ProjectSk(::core::result::Result::Ok(__dynakey_out))
        }
    }
    impl ProjectSk<0usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `id` (field 1 of 1).
        pub fn id(self, id: impl ::dynakey::SegmentArg<String>) -> ProjectSk<1usize> {
            ProjectSk(
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
        ) -> ::dynakey::SortKeyPartial<Project, ::dynakey::PrimaryIndex> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "id",
                ::core::option::Option::None,
                "PROJ#<id>",
            )
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Project, ::dynakey::PrimaryIndex>
    for ProjectSk<D>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl ::dynakey::SortKeyPrefix for ProjectSk<0usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = ::dynakey::PrimaryIndex;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for ProjectSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = ::dynakey::PrimaryIndex;
        fn into_sort_key(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_sort_key(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for ProjectSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = ::dynakey::PrimaryIndex;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_exact_bound(self.0)
        }
    }
    impl Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
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
        ) -> ::core::result::Result<ProjectSortKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&__SORT_TEMPLATE, key)?;
            ::core::result::Result::Ok(ProjectSortKey {
                id: ::dynakey::__private::decode_field::<String>(__segment_0, "id")?,
            })
        }
    }
    #[doc(hidden)]
    type __DynakeyIndex0 = <App as ::dynakey::__private::IndexAt<
        { ::dynakey::__private::index_position::<App>("ByStatus", "Project") },
    >>::Index;
    const _: () = if !(::dynakey::__private::is_fallback_index(
        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
    ) || ::dynakey::__private::is_global(&<__DynakeyIndex0 as ::dynakey::Index>::DEF))
    {
        ::core::panic!(
            "index `ByStatus` is a local secondary index: it uses the table's partition key (the entity's #[pk]), so #[index] takes no `pk`; remove `pk = \"STATUS#<status>\"` and keep `sk = \"…\"`"
        )
    };
    const _: () = if !(::dynakey::__private::is_fallback_index(
        &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
    ) || ::dynakey::__private::has_sort_key(&<__DynakeyIndex0 as ::dynakey::Index>::DEF))
    {
        ::core::panic!(
            "index `ByStatus` has no sort key, so #[index] cannot give it a sort-key template; remove `sk = \"<created>#<id>\"`, or declare the index with `sort_key = \"…\"`"
        )
    };
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` comes after `created` in \"<created>#<id>\": fill `created` first (`Project::by_status_sk()` fills `created`, `id` in that order)",
        label = "`id` cannot be filled before `created`"
    )]
    pub trait __DynakeyProjectByStatusSkOrder0Field1 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectByStatusSkOrder0Field1 for ::dynakey::__private::Never {}
    impl ProjectByStatusSk<0usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyProjectByStatusSkOrder0Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyProjectByStatusSkOrder0Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `created` is already filled; the next field of \"<created>#<id>\" is `id` (`Project::by_status_sk()` fills `created`, `id` in that order)",
        label = "`created` is already filled"
    )]
    pub trait __DynakeyProjectByStatusSkOrder1Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectByStatusSkOrder1Field0 for ::dynakey::__private::Never {}
    impl ProjectByStatusSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn created<__DynakeyValue: __DynakeyProjectByStatusSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn created_prefix<__DynakeyValue: __DynakeyProjectByStatusSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `created` is already filled: every field of \"<created>#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`created` is already filled"
    )]
    pub trait __DynakeyProjectByStatusSkOrder2Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectByStatusSkOrder2Field0 for ::dynakey::__private::Never {}
    impl ProjectByStatusSk<2usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn created<__DynakeyValue: __DynakeyProjectByStatusSkOrder2Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn created_prefix<__DynakeyValue: __DynakeyProjectByStatusSkOrder2Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` is already filled: every field of \"<created>#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`id` is already filled"
    )]
    pub trait __DynakeyProjectByStatusSkOrder2Field1 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectByStatusSkOrder2Field1 for ::dynakey::__private::Never {}
    impl ProjectByStatusSk<2usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyProjectByStatusSkOrder2Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyProjectByStatusSkOrder2Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    impl Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "<created>#<id>",
            "`: fill fields left to right, \
                             or pass as is for every item of this entity."
        )]
        pub fn by_status_sk() -> ProjectByStatusSk<0> {
            let mut __dynakey_out = ::dynakey::__private::String::new();
            ProjectByStatusSk(::core::result::Result::Ok(__dynakey_out))
        }
    }
    impl ProjectByStatusSk<0usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `created` (field 1 of 2).
        pub fn created(
            self,
            created: impl ::dynakey::SegmentArg<u64>,
        ) -> ProjectByStatusSk<1usize> {
            ProjectByStatusSk(
                ::dynakey::__private::fill::<
                    u64,
                    _,
                >(
                    self.0,
                    &created,
                    "created",
                    ::core::option::Option::Some('#'),
                    "<created>#<id>",
                    "#",
                ),
            )
        }
        ///A partial value of `created`: keys whose `created` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn created_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u64>,
        ) -> ::dynakey::SortKeyPartial<Project, __DynakeyIndex0> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "created",
                ::core::option::Option::Some('#'),
                "<created>#<id>",
            )
        }
    }
    impl ProjectByStatusSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `id` (field 2 of 2).
        pub fn id(
            self,
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ProjectByStatusSk<2usize> {
            ProjectByStatusSk(
                ::dynakey::__private::fill::<
                    String,
                    _,
                >(self.0, &id, "id", ::core::option::Option::None, "<created>#<id>", ""),
            )
        }
        ///A partial value of `id`: keys whose `id` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn id_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<String>,
        ) -> ::dynakey::SortKeyPartial<Project, __DynakeyIndex0> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "id",
                ::core::option::Option::None,
                "<created>#<id>",
            )
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Project, __DynakeyIndex0>
    for ProjectByStatusSk<D>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl ::dynakey::SortKeyPrefix for ProjectByStatusSk<0usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex0;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::SortKeyPrefix for ProjectByStatusSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex0;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for ProjectByStatusSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex0;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_group_bound(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for ProjectByStatusSk<2usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex0;
        fn into_sort_key(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_sort_key(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for ProjectByStatusSk<2usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex0;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_exact_bound(self.0)
        }
    }
    #[doc(hidden)]
    type __DynakeyIndex1 = <App as ::dynakey::__private::IndexAt<
        { ::dynakey::__private::index_position::<App>("ByCreated", "Project") },
    >>::Index;
    const _: () = if !(::dynakey::__private::is_fallback_index(
        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
    ) || !::dynakey::__private::is_global(&<__DynakeyIndex1 as ::dynakey::Index>::DEF))
    {
        ::core::panic!(
            "index `ByCreated` is a global secondary index: #[index(ByCreated, …)] needs `pk = \"…\"`, the template of its partition key (e.g. pk = \"STATUS#<status>\")"
        )
    };
    const _: () = if !(::dynakey::__private::is_fallback_index(
        &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
    ) || ::dynakey::__private::has_sort_key(&<__DynakeyIndex1 as ::dynakey::Index>::DEF))
    {
        ::core::panic!(
            "index `ByCreated` has no sort key, so #[index] cannot give it a sort-key template; remove `sk = \"C#<created>\"`, or declare the index with `sort_key = \"…\"`"
        )
    };
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `created` is already filled: every field of \"C#<created>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`created` is already filled"
    )]
    pub trait __DynakeyProjectByCreatedSkOrder1Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectByCreatedSkOrder1Field0 for ::dynakey::__private::Never {}
    impl ProjectByCreatedSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn created<__DynakeyValue: __DynakeyProjectByCreatedSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn created_prefix<__DynakeyValue: __DynakeyProjectByCreatedSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    impl Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "C#<created>",
            "`: fill fields left to right, \
                             or pass as is for every item of this entity."
        )]
        pub fn by_created_sk() -> ProjectByCreatedSk<0> {
            let mut __dynakey_out = ::dynakey::__private::String::new();
            __dynakey_out.push_str("C#");
            ProjectByCreatedSk(::core::result::Result::Ok(__dynakey_out))
        }
    }
    impl ProjectByCreatedSk<0usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `created` (field 1 of 1).
        pub fn created(
            self,
            created: impl ::dynakey::SegmentArg<u64>,
        ) -> ProjectByCreatedSk<1usize> {
            ProjectByCreatedSk(
                ::dynakey::__private::fill::<
                    u64,
                    _,
                >(
                    self.0,
                    &created,
                    "created",
                    ::core::option::Option::None,
                    "C#<created>",
                    "",
                ),
            )
        }
        ///A partial value of `created`: keys whose `created` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn created_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u64>,
        ) -> ::dynakey::SortKeyPartial<Project, __DynakeyIndex1> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "created",
                ::core::option::Option::None,
                "C#<created>",
            )
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Project, __DynakeyIndex1>
    for ProjectByCreatedSk<D>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl ::dynakey::SortKeyPrefix for ProjectByCreatedSk<0usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex1;
        fn into_prefix(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_prefix(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for ProjectByCreatedSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex1;
        fn into_sort_key(
            self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            ::dynakey::__private::into_sort_key(self.0)
        }
    }
    impl ::dynakey::SortKeyBound for ProjectByCreatedSk<1usize>
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = __DynakeyIndex1;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_exact_bound(self.0)
        }
    }
    impl Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        #[inline]
        fn __dynakey_by_status_partition_key(
            status: &(impl ::dynakey::SegmentArg<Status> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 7usize
                + match <Status as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("STATUS#");
            ::dynakey::__private::push_field::<
                Status,
                _,
            >(
                &mut __dynakey_out,
                status,
                "status",
                ::core::option::Option::None,
                "STATUS#<status>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Partition,
                __dynakey_out,
            )
        }
        #[doc(hidden)]
        #[inline]
        fn __dynakey_by_status_sort_key(
            created: &(impl ::dynakey::SegmentArg<u64> + ?::core::marker::Sized),
            id: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0
                + match <u64 as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                } + 1usize
                + match <String as ::dynakey::KeySegment>::WIDTH {
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
                created,
                "created",
                ::core::option::Option::Some('#'),
                "<created>#<id>",
            )?;
            __dynakey_out.push_str("#");
            ::dynakey::__private::push_field::<
                String,
                _,
            >(
                &mut __dynakey_out,
                id,
                "id",
                ::core::option::Option::None,
                "<created>#<id>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        #[doc(hidden)]
        const __DYNAKEY_BY_STATUS_SORT_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "<created>#<id>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::field(
                    "created",
                    <u64 as ::dynakey::KeySegment>::WIDTH,
                    <u64 as ::dynakey::KeySegment>::ANY_TEXT,
                ),
                ::dynakey::__private::literal("#"),
                ::dynakey::__private::field(
                    "id",
                    <String as ::dynakey::KeySegment>::WIDTH,
                    <String as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        ///A Query on index `ByStatus` over one whole index partition (`STATUS#<status>`); narrow it with a sort-key condition such as `.begins_with(Project::by_status_sk())`. Items are in the index's sort-key order; encoding errors are returned when the query is built.
        pub fn query_by_status(
            status: impl ::dynakey::SegmentArg<Status>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex0> {
            ::dynakey::__private::query_index::<
                Self,
                __DynakeyIndex0,
            >(
                Self::__dynakey_by_status_partition_key(&status),
                <__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ::core::option::Option::Some(Self::__DYNAKEY_BY_STATUS_SORT_TEMPLATE),
            )
        }
        #[doc(hidden)]
        #[inline]
        fn __dynakey_by_created_sort_key(
            created: &(impl ::dynakey::SegmentArg<u64> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 2usize
                + match <u64 as ::dynakey::KeySegment>::WIDTH {
                    ::core::option::Option::Some(w) => w,
                    ::core::option::Option::None => 16,
                };
            let mut __dynakey_out = ::dynakey::__private::String::with_capacity(
                __dynakey_capacity,
            );
            __dynakey_out.push_str("C#");
            ::dynakey::__private::push_field::<
                u64,
                _,
            >(
                &mut __dynakey_out,
                created,
                "created",
                ::core::option::Option::None,
                "C#<created>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        #[doc(hidden)]
        const __DYNAKEY_BY_CREATED_SORT_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
            "C#<created>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::literal("C#"),
                ::dynakey::__private::field(
                    "created",
                    <u64 as ::dynakey::KeySegment>::WIDTH,
                    <u64 as ::dynakey::KeySegment>::ANY_TEXT,
                ),
            ],
        );
        ///A Query on index `ByCreated` over one whole index partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Project::by_created_sk())`. Items are in the index's sort-key order; encoding errors are returned when the query is built.
        pub fn query_by_created(
            workspace: impl ::dynakey::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __DynakeyIndex1> {
            ::dynakey::__private::query_index::<
                Self,
                __DynakeyIndex1,
            >(
                Self::__dynakey_partition_key(&workspace),
                <__DynakeyIndex1 as ::dynakey::Index>::DEF,
                ::core::option::Option::Some(Self::__DYNAKEY_BY_CREATED_SORT_TEMPLATE),
            )
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    #[automatically_derived]
    impl ::dynakey::Entity for Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Table = App;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Project";
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
                    true
                        && <String as ::dynakey::KeySegment>::is_valid_segment(
                            __segment_0,
                        )
                }
                ::core::option::Option::None => false,
            }
        }
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            ::dynakey::__private::entity_index(
                <__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ::core::option::Option::Some(
                    ::dynakey::__private::key_template(
                        "STATUS#<status>",
                        ::dynakey::__private::KeyRole::Partition,
                        &[
                            ::dynakey::__private::literal("STATUS#"),
                            ::dynakey::__private::field(
                                "status",
                                <Status as ::dynakey::KeySegment>::WIDTH,
                                <Status as ::dynakey::KeySegment>::ANY_TEXT,
                            ),
                        ],
                    ),
                ),
                ::core::option::Option::Some(Self::__DYNAKEY_BY_STATUS_SORT_TEMPLATE),
                true,
            ),
            ::dynakey::__private::entity_index(
                <__DynakeyIndex1 as ::dynakey::Index>::DEF,
                ::core::option::Option::None,
                ::core::option::Option::Some(Self::__DYNAKEY_BY_CREATED_SORT_TEMPLATE),
                false,
            ),
        ];
        fn index_keys(
            &self,
        ) -> ::core::result::Result<
            ::std::vec::Vec<(&'static str, ::dynakey::__private::String)>,
            ::dynakey::KeyError,
        > {
            let mut __dynakey_out = ::std::vec::Vec::with_capacity(4usize);
            '__dynakey_index: {
                let ::core::option::Option::Some(status) = &self.status else {
                    break '__dynakey_index;
                };
                let created = &self.created;
                let id = &self.id;
                __dynakey_out
                    .push((
                        ::dynakey::__private::index_partition_key(
                            &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                        ),
                        Self::__dynakey_by_status_partition_key(&status)?,
                    ));
                if let ::core::option::Option::Some(__dynakey_attribute) = ::dynakey::__private::index_sort_key(
                    &<__DynakeyIndex0 as ::dynakey::Index>::DEF,
                ) {
                    __dynakey_out
                        .push((
                            __dynakey_attribute,
                            Self::__dynakey_by_status_sort_key(&created, &id)?,
                        ));
                }
            }
            {
                let created = &self.created;
                if let ::core::option::Option::Some(__dynakey_attribute) = ::dynakey::__private::index_sort_key(
                    &<__DynakeyIndex1 as ::dynakey::Index>::DEF,
                ) {
                    __dynakey_out
                        .push((
                            __dynakey_attribute,
                            Self::__dynakey_by_created_sort_key(&created)?,
                        ));
                }
            }
            ::core::result::Result::Ok(__dynakey_out)
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<App> for Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl Project
    where
        String: ::dynakey::KeySegment,
        Status: ::dynakey::KeySegment,
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
        /**The primary key of the [`Project`] with these field values (partition key `WS#<workspace>`, sort key `PROJ#<id>`), for GetItem, DeleteItem and friends.

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
                    Self::__dynakey_partition_key(&workspace)?,
                    ::core::option::Option::Some(Self::__dynakey_sort_key(&id)?),
                ),
            )
        }
        ///A Query over one whole partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Project::sk())`. Encoding errors are returned when the query is built.
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
        ) -> ::core::result::Result<ProjectPartitionKey, ::dynakey::KeyError> {
            let [__segment_0] = ::dynakey::__private::parse_segments::<
                1usize,
            >(&<Self as ::dynakey::Entity>::PARTITION_TEMPLATE, key)?;
            ::core::result::Result::Ok(ProjectPartitionKey {
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
        pub const ID: ::dynakey::Field<Self, String, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "id",
        );
        ///Attribute `created` (field `created`). An index field: conditions only; an update sets it with the rest of its index through [`Project::BY_STATUS_AND_BY_CREATED`](Self::BY_STATUS_AND_BY_CREATED).
        pub const CREATED: ::dynakey::Field<Self, u64, ::dynakey::field::Indexed> = ::dynakey::__private::handle(
            "created",
        );
        ///Attribute `status` (field `status`). An index field: conditions only; an update sets it with the rest of its index through [`Project::BY_STATUS_AND_BY_CREATED`](Self::BY_STATUS_AND_BY_CREATED).
        pub const STATUS: ::dynakey::Field<
            Self,
            Option<Status>,
            ::dynakey::field::Indexed,
        > = ::dynakey::__private::handle("status");
        ///The fields `status`, `created` of index `ByStatus`, `ByCreated`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_STATUS_AND_BY_CREATED: ::dynakey::IndexGroup<
            Self,
            (Option<Status>, u64),
        > = ::dynakey::__private::index_group(
            &[("status", "status"), ("created", "created")],
        );
    }
};
