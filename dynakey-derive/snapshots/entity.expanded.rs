// The expansion of `entity` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Project`] partition key (template `WS#<workspace>`), as parsed by `Project::parse_partition_key`.
pub struct ProjectPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
impl ::core::clone::Clone for ProjectPartitionKey
where
    String: ::dynakey::KeySegment,
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
    u64: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.workspace == other.workspace
    }
}
impl ::core::fmt::Debug for ProjectPartitionKey
where
    String: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("ProjectPartitionKey")
            .field(::core::stringify!(workspace), &self.workspace)
            .finish()
    }
}
///The fields of a [`Project`] sort key (template `PROJ#<created>#<id>`), as parsed by `Project::parse_sort_key`.
pub struct ProjectSortKey {
    ///The `created` segment.
    pub created: u64,
    ///The `id` segment.
    pub id: String,
}
impl ::core::clone::Clone for ProjectSortKey
where
    String: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn clone(&self) -> Self {
        ProjectSortKey {
            created: ::core::clone::Clone::clone(&self.created),
            id: ::core::clone::Clone::clone(&self.id),
        }
    }
}
impl ::core::cmp::PartialEq for ProjectSortKey
where
    String: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn eq(&self, other: &Self) -> bool {
        true && self.created == other.created && self.id == other.id
    }
}
impl ::core::fmt::Debug for ProjectSortKey
where
    String: ::dynakey::KeySegment,
    u64: ::dynakey::KeySegment,
{
    fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
        f.debug_struct("ProjectSortKey")
            .field(::core::stringify!(created), &self.created)
            .field(::core::stringify!(id), &self.id)
            .finish()
    }
}
///Typed sort-key builder for [`Project`] (template `PROJ#<created>#<id>`), created by `Project::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
pub struct ProjectSk<const D: usize>(
    ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError>,
);
const _: () = {
    const __SORT_TEMPLATE: ::dynakey::KeyTemplate = ::dynakey::__private::key_template(
        "PROJ#<created>#<id>",
        ::dynakey::__private::KeyRole::Sort,
        &[
            ::dynakey::__private::literal("PROJ#"),
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
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` comes after `created` in \"PROJ#<created>#<id>\": fill `created` first (`Project::sk()` fills `created`, `id` in that order)",
        label = "`id` cannot be filled before `created`"
    )]
    pub trait __DynakeyProjectSkOrder0Field1 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectSkOrder0Field1 for ::dynakey::__private::Never {}
    impl ProjectSk<0usize>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyProjectSkOrder0Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyProjectSkOrder0Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `created` is already filled; the next field of \"PROJ#<created>#<id>\" is `id` (`Project::sk()` fills `created`, `id` in that order)",
        label = "`created` is already filled"
    )]
    pub trait __DynakeyProjectSkOrder1Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectSkOrder1Field0 for ::dynakey::__private::Never {}
    impl ProjectSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn created<__DynakeyValue: __DynakeyProjectSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn created_prefix<__DynakeyValue: __DynakeyProjectSkOrder1Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `created` is already filled: every field of \"PROJ#<created>#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`created` is already filled"
    )]
    pub trait __DynakeyProjectSkOrder2Field0 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectSkOrder2Field0 for ::dynakey::__private::Never {}
    impl ProjectSk<2usize>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn created<__DynakeyValue: __DynakeyProjectSkOrder2Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn created_prefix<__DynakeyValue: __DynakeyProjectSkOrder2Field0>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    #[doc(hidden)]
    #[diagnostic::on_unimplemented(
        message = "sort-key field `id` is already filled: every field of \"PROJ#<created>#<id>\" is, so this is a complete sort key (for `eq`, `gte`, `between` …)",
        label = "`id` is already filled"
    )]
    pub trait __DynakeyProjectSkOrder2Field1 {}
    #[diagnostic::do_not_recommend]
    impl __DynakeyProjectSkOrder2Field1 for ::dynakey::__private::Never {}
    impl ProjectSk<2usize>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        pub fn id<__DynakeyValue: __DynakeyProjectSkOrder2Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
        #[doc(hidden)]
        #[allow(non_snake_case)]
        pub fn id_prefix<__DynakeyValue: __DynakeyProjectSkOrder2Field1>(
            self,
            _: __DynakeyValue,
        ) -> Self {
            self
        }
    }
    impl Project
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        #[doc = concat!(
            "Starts a sort-key condition for `", "PROJ#<created>#<id>",
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
        u64: ::dynakey::KeySegment,
    {
        ///Fills `created` (field 1 of 2).
        pub fn created(
            self,
            created: impl ::dynakey::SegmentArg<u64>,
        ) -> ProjectSk<1usize> {
            ProjectSk(
                ::dynakey::__private::fill::<
                    u64,
                    _,
                >(
                    self.0,
                    &created,
                    "created",
                    ::core::option::Option::Some('#'),
                    "PROJ#<created>#<id>",
                    "#",
                ),
            )
        }
        ///A partial value of `created`: keys whose `created` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn created_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u64>,
        ) -> ::dynakey::SortKeyPartial<Project, ::dynakey::PrimaryIndex> {
            ::dynakey::__private::fill_partial(
                self.0,
                &partial,
                "created",
                ::core::option::Option::Some('#'),
                "PROJ#<created>#<id>",
            )
        }
    }
    impl ProjectSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `id` (field 2 of 2).
        pub fn id(self, id: impl ::dynakey::SegmentArg<String>) -> ProjectSk<2usize> {
            ProjectSk(
                ::dynakey::__private::fill::<
                    String,
                    _,
                >(
                    self.0,
                    &id,
                    "id",
                    ::core::option::Option::None,
                    "PROJ#<created>#<id>",
                    "",
                ),
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
                "PROJ#<created>#<id>",
            )
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Project, ::dynakey::PrimaryIndex>
    for ProjectSk<D>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl ::dynakey::SortKeyPrefix for ProjectSk<0usize>
    where
        String: ::dynakey::KeySegment,
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
    impl ::dynakey::SortKeyPrefix for ProjectSk<1usize>
    where
        String: ::dynakey::KeySegment,
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
    impl ::dynakey::SortKeyBound for ProjectSk<1usize>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Entity = Project;
        type Index = ::dynakey::PrimaryIndex;
        fn into_bound(
            self,
        ) -> ::core::result::Result<::dynakey::Bound, ::dynakey::KeyError> {
            ::dynakey::__private::into_group_bound(self.0)
        }
    }
    impl ::dynakey::CompleteSortKey for ProjectSk<2usize>
    where
        String: ::dynakey::KeySegment,
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
    impl ::dynakey::SortKeyBound for ProjectSk<2usize>
    where
        String: ::dynakey::KeySegment,
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
        u64: ::dynakey::KeySegment,
    {
        #[doc(hidden)]
        #[inline]
        fn __dynakey_sort_key(
            created: &(impl ::dynakey::SegmentArg<u64> + ?::core::marker::Sized),
            id: &(impl ::dynakey::SegmentArg<String> + ?::core::marker::Sized),
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            let __dynakey_capacity: usize = 0 + 5usize
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
            __dynakey_out.push_str("PROJ#");
            ::dynakey::__private::push_field::<
                u64,
                _,
            >(
                &mut __dynakey_out,
                created,
                "created",
                ::core::option::Option::Some('#'),
                "PROJ#<created>#<id>",
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
                "PROJ#<created>#<id>",
            )?;
            ::dynakey::__private::finish_key(
                ::dynakey::__private::KeyRole::Sort,
                __dynakey_out,
            )
        }
        /**Parses a sort key written by the template `PROJ#<created>#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_sort_key(
            key: &str,
        ) -> ::core::result::Result<ProjectSortKey, ::dynakey::KeyError> {
            let [__segment_0, __segment_1] = ::dynakey::__private::parse_segments::<
                2usize,
            >(&__SORT_TEMPLATE, key)?;
            ::core::result::Result::Ok(ProjectSortKey {
                created: ::dynakey::__private::decode_field::<
                    u64,
                >(__segment_0, "created")?,
                id: ::dynakey::__private::decode_field::<String>(__segment_1, "id")?,
            })
        }
    }
    const _: () = if ::dynakey::__private::is_key_attribute::<Workspaces>("_type") {
        ::core::panic!(
            "entity `Project`: the entity-type attribute \"_type\" is a key attribute of its table; dynakey writes key attributes from the key templates, so name the entity-type attribute differently, e.g. \"_type\""
        )
    };
    #[automatically_derived]
    impl ::dynakey::Unversioned for Project
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    #[automatically_derived]
    impl ::dynakey::Entity for Project
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        type Table = Workspaces;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Proj";
        const ENTITY_TYPE_ATTRIBUTE: ::core::option::Option<&'static str> = ::core::option::Option::Some(
            "_type",
        );
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
            Self::__dynakey_sort_key(&self.created, &self.id)
                .map(::core::option::Option::Some)
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
                2usize,
            >(&__SORT_TEMPLATE, ::core::option::Option::None, key) {
                ::core::option::Option::Some([__segment_0, __segment_1]) => {
                    true && <u64 as ::dynakey::KeySegment>::is_valid_segment(__segment_0)
                        && <String as ::dynakey::KeySegment>::is_valid_segment(
                            __segment_1,
                        )
                }
                ::core::option::Option::None => false,
            }
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Workspaces> for Project
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl Project
    where
        String: ::dynakey::KeySegment,
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
        /**The primary key of the [`Project`] with these field values (partition key `WS#<workspace>`, sort key `PROJ#<created>#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            workspace: impl ::dynakey::SegmentArg<String>,
            created: impl ::dynakey::SegmentArg<u64>,
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ::core::result::Result<::dynakey::Key<Self>, ::dynakey::KeyError> {
            ::core::result::Result::Ok(
                ::dynakey::__private::key::<
                    Self,
                >(
                    Self::__dynakey_partition_key(&workspace)?,
                    ::core::option::Option::Some(
                        Self::__dynakey_sort_key(&created, &id)?,
                    ),
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
        ///Attribute `created` (field `created`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const CREATED: ::dynakey::Field<Self, u64, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "created",
        );
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: ::dynakey::Field<Self, String, ::dynakey::field::KeyPart> = ::dynakey::__private::handle(
            "id",
        );
        ///Attribute `name` (field `name`). Conditions and every update operation.
        pub const NAME: ::dynakey::Field<Self, String, ::dynakey::field::Plain> = ::dynakey::__private::handle(
            "name",
        );
    }
};
