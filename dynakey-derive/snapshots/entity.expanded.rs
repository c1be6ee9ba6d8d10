// The expansion of `entity` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Project`] partition key (template `WS#<workspace>`), as parsed by `Project::parse_partition_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
pub struct ProjectPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
///The fields of a [`Project`] sort key (template `PROJ#<created>#<id>`), as parsed by `Project::parse_sort_key`.
#[derive(::core::clone::Clone, ::core::cmp::PartialEq, ::core::fmt::Debug)]
pub struct ProjectSortKey {
    ///The `created` segment.
    pub created: u64,
    ///The `id` segment.
    pub id: String,
}
///Typed sort-key builder for [`Project`] (template `PROJ#<created>#<id>`), created by `Project::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
pub struct ProjectSk<const D: usize>(::dynakey::__private::SortKey);
const _: () = {
    #[allow(non_camel_case_types)]
    mod field {
        pub enum created {}
        pub enum id {}
    }
    type __ProjectSkFields = (field::created, field::id);
    type __ProjectSkNextAt<const D: usize, F> = <__ProjectSkFields as ::dynakey::__private::FieldAt<
        D,
        F,
    >>::Next;
    #[diagnostic::on_unimplemented(
        message = "sort-key field `{F}` cannot be filled now: the next field of \"PROJ#<created>#<id>\" is `{Self}` (`Project::sk()` fills `created`, `id` in that order)",
        label = "fill `{Self}` first"
    )]
    pub trait __ProjectSkNext<F, const N: usize> {}
    impl<F, const N: usize> __ProjectSkNext<F, N> for F
    where
        __ProjectSkFields: ::dynakey::__private::DepthOf<F, N>,
    {}
    impl<const D: usize> ::dynakey::__private::SortKeyBuilder for ProjectSk<D>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
        ::dynakey::__private::Kinds2: ::dynakey::__private::At<D>,
    {
        type Entity = Project;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <::dynakey::__private::Kinds2 as ::dynakey::__private::At<D>>::Out;
        fn into_key(self) -> ::dynakey::__private::SortKey {
            self.0
        }
    }
    impl<const D: usize> ::dynakey::SortKeyOf<Project, ::dynakey::PrimaryIndex>
    for ProjectSk<D>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    impl<const D: usize> ProjectSk<D>
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {
        ///Fills `created` (field 1 of 2): a `ProjectSk<1>`.
        pub fn created<const N: usize>(
            self,
            created: impl ::dynakey::SegmentArg<u64>,
        ) -> ProjectSk<N>
        where
            __ProjectSkFields: ::dynakey::__private::FieldAt<D, field::created>,
            __ProjectSkNextAt<D, field::created>: __ProjectSkNext<field::created, N>,
        {
            ProjectSk(Project::__SORT.fill::<0, _>(self.0, &created))
        }
        ///A partial value of `created`: keys whose `created` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn created_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<u64>,
        ) -> ::dynakey::SortKeyPartial<Project, ::dynakey::PrimaryIndex>
        where
            __ProjectSkFields: ::dynakey::__private::FieldAt<D, field::created>,
            __ProjectSkNextAt<D, field::created>: __ProjectSkNext<field::created, 1>,
        {
            Project::__SORT.fill_partial::<0, _, _>(self.0, &partial)
        }
        ///Fills `id` (field 2 of 2): a `ProjectSk<2>`.
        pub fn id<const N: usize>(
            self,
            id: impl ::dynakey::SegmentArg<String>,
        ) -> ProjectSk<N>
        where
            __ProjectSkFields: ::dynakey::__private::FieldAt<D, field::id>,
            __ProjectSkNextAt<D, field::id>: __ProjectSkNext<field::id, N>,
        {
            ProjectSk(Project::__SORT.fill::<1, _>(self.0, &id))
        }
        ///A partial value of `id`: keys whose `id` segment starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3).
        #[allow(non_snake_case)]
        pub fn id_prefix(
            self,
            partial: impl ::dynakey::condition::SegmentPrefix<String>,
        ) -> ::dynakey::SortKeyPartial<Project, ::dynakey::PrimaryIndex>
        where
            __ProjectSkFields: ::dynakey::__private::FieldAt<D, field::id>,
            __ProjectSkNextAt<D, field::id>: __ProjectSkNext<field::id, 2>,
        {
            Project::__SORT.fill_partial::<1, _, _>(self.0, &partial)
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Project
    where
        String: ::dynakey::KeySegment,
        u64: ::dynakey::KeySegment,
    {}
    const _: () = if ::dynakey::__private::is_key_attribute::<Workspaces>("_type") {
        ::core::panic!(
            "entity `Project`: the entity-type attribute \"_type\" is a key attribute of its table; dynakey writes key attributes from the key templates, so name the entity-type attribute differently, e.g. \"_type\""
        )
    };
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
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: ::core::option::Option<::dynakey::KeyTemplate> = ::core::option::Option::Some(
            Self::__SORT.template,
        );
        fn partition_key(
            &self,
        ) -> ::core::result::Result<::dynakey::__private::String, ::dynakey::KeyError> {
            Project::__PARTITION.encode((&self.workspace,))
        }
        fn sort_key(
            &self,
        ) -> ::core::result::Result<
            ::core::option::Option<::dynakey::__private::String>,
            ::dynakey::KeyError,
        > {
            Project::__SORT
                .encode((&self.created, &self.id))
                .map(::core::option::Option::Some)
        }
        fn matches_partition_key(key: &str) -> bool {
            Project::__PARTITION.matches(::core::option::Option::None, key)
        }
        fn matches_sort_key(key: &str) -> bool {
            Project::__SORT.matches(::core::option::Option::None, key)
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
        const __SORT: ::dynakey::__private::Template<(u64, String)> = ::dynakey::__private::template(
            "PROJ#<created>#<id>",
            ::dynakey::__private::KeyRole::Sort,
            &[
                ::dynakey::__private::literal("PROJ#"),
                ::dynakey::__private::field::<u64>("created"),
                ::dynakey::__private::literal("#"),
                ::dynakey::__private::field::<String>("id"),
            ],
        );
        ///Starts a sort-key condition for `PROJ#<created>#<id>`: fill fields left to right, or pass as is for every item of this entity.
        pub fn sk() -> ProjectSk<0> {
            ProjectSk(Self::__SORT.start())
        }
        /**Parses a sort key written by the template `PROJ#<created>#<id>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_sort_key(
            key: &str,
        ) -> ::core::result::Result<ProjectSortKey, ::dynakey::KeyError> {
            let (__dynakey_0, __dynakey_1) = Project::__SORT.parse(key)?;
            ::core::result::Result::Ok(ProjectSortKey {
                created: __dynakey_0,
                id: __dynakey_1,
            })
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
                    Project::__PARTITION.encode((&workspace,))?,
                    ::core::option::Option::Some(
                        Project::__SORT.encode((&created, &id))?,
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
            >(Project::__PARTITION.encode((&workspace,)))
        }
        /**Parses a partition key written by the template `WS#<workspace>` back into its fields.

# Errors
[`KeyErrorKind::Mismatch`](::dynakey::error::KeyErrorKind::Mismatch) when the key has another shape, [`KeyErrorKind::Segment`](::dynakey::error::KeyErrorKind::Segment) when a segment is not a valid encoding of its field's type.*/
        pub fn parse_partition_key(
            key: &str,
        ) -> ::core::result::Result<ProjectPartitionKey, ::dynakey::KeyError> {
            let (__dynakey_0,) = Project::__PARTITION.parse(key)?;
            ::core::result::Result::Ok(ProjectPartitionKey {
                workspace: __dynakey_0,
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
