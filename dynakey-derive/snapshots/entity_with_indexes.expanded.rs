// The expansion of `entity_with_indexes` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Project`] partition key (template `WS#<workspace>`), as parsed by `Project::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
struct ProjectPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
///The fields of a [`Project`] sort key (template `PROJ#<id>`), as parsed by `Project::parse_sort_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
struct ProjectSortKey {
    ///The `id` segment.
    pub id: String,
}
///Typed sort-key builder for [`Project`] (template `PROJ#<id>`), created by `Project::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct ProjectSk<const D: usize>(::dynakey::__private::SortKey);
///Typed sort-key builder for [`Project`] (template `<created>#<id>`), created by `Project::by_status_sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct ProjectByStatusSk<const D: usize>(::dynakey::__private::SortKey);
///Typed sort-key builder for [`Project`] (template `C#<created>`), created by `Project::by_created_sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
struct ProjectByCreatedSk<const D: usize>(::dynakey::__private::SortKey);
const _: () = {
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum id {}
        pub enum created {}
    }
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Project
    where
        Status: __dk::KeySegment,
    {
        type PartitionKey = ProjectPartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> ProjectPartitionKey {
            ProjectPartitionKey {
                workspace: __dynakey_values.0,
            }
        }
        type SortKey = ProjectSortKey;
        type SortValues = (String,);
        #[inline]
        fn sort_fields(__dynakey_values: (String,)) -> ProjectSortKey {
            ProjectSortKey {
                id: __dynakey_values.0,
            }
        }
    }
    type __SkFields = (field::id,);
    impl<const D: usize> __dk::SortKeyBuilder for ProjectSk<D>
    where
        __dk::Kinds1: __dk::At<D>,
    {
        type Entity = Project;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <__dk::Kinds1 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> ProjectSk<D>
    where
        Status: __dk::KeySegment,
    {
        ///Fills `id` (field 1 of 1): a `ProjectSk<1>`.
        pub fn id<const N: usize>(
            self,
            id: impl __dk::SegmentArg<String>,
        ) -> ProjectSk<N>
        where
            __SkFields: __dk::Fill<D, field::id, N>,
        {
            ProjectSk(Project::__SORT.fill::<0, _>(self.0, &id))
        }
        ///A partial value of the field filled next (`id` on `ProjectSk<0>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<
                <(String,) as __dk::PrefixAt<D>>::Field,
            >,
        ) -> ::dynakey::SortKeyPartial<Project, ::dynakey::PrimaryIndex>
        where
            (String,): __dk::PrefixAt<D>,
        {
            Project::__SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    #[doc(hidden)]
    type __Index0 = <App as __dk::IndexAt<
        { __dk::index_position::<App>("ByStatus", "Project") },
    >>::Index;
    const _: () = __dk::check_index(
        &<__Index0 as __dk::Index>::DEF,
        "ByStatus",
        __dk::Some("STATUS#<status>"),
        __dk::Some("<created>#<id>"),
    );
    type __Sk0Fields = (field::created, field::id);
    impl<const D: usize> __dk::SortKeyBuilder for ProjectByStatusSk<D>
    where
        __dk::Kinds2: __dk::At<D>,
    {
        type Entity = Project;
        type Index = __Index0;
        type Kind = <__dk::Kinds2 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> ProjectByStatusSk<D>
    where
        Status: __dk::KeySegment,
    {
        ///Fills `created` (field 1 of 2): a `ProjectByStatusSk<1>`.
        pub fn created<const N: usize>(
            self,
            created: impl __dk::SegmentArg<u64>,
        ) -> ProjectByStatusSk<N>
        where
            __Sk0Fields: __dk::Fill<D, field::created, N>,
        {
            ProjectByStatusSk(Project::__BY_STATUS_SORT.fill::<0, _>(self.0, &created))
        }
        ///Fills `id` (field 2 of 2): a `ProjectByStatusSk<2>`.
        pub fn id<const N: usize>(
            self,
            id: impl __dk::SegmentArg<String>,
        ) -> ProjectByStatusSk<N>
        where
            __Sk0Fields: __dk::Fill<D, field::id, N>,
        {
            ProjectByStatusSk(Project::__BY_STATUS_SORT.fill::<1, _>(self.0, &id))
        }
        ///A partial value of the field filled next (`created` on `ProjectByStatusSk<0>`, `id` on `ProjectByStatusSk<1>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<
                <(u64, String) as __dk::PrefixAt<D>>::Field,
            >,
        ) -> ::dynakey::SortKeyPartial<Project, __Index0>
        where
            (u64, String): __dk::PrefixAt<D>,
        {
            Project::__BY_STATUS_SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    #[doc(hidden)]
    type __Index1 = <App as __dk::IndexAt<
        { __dk::index_position::<App>("ByCreated", "Project") },
    >>::Index;
    const _: () = __dk::check_index(
        &<__Index1 as __dk::Index>::DEF,
        "ByCreated",
        __dk::None,
        __dk::Some("C#<created>"),
    );
    type __Sk1Fields = (field::created,);
    impl<const D: usize> __dk::SortKeyBuilder for ProjectByCreatedSk<D>
    where
        __dk::Kinds1: __dk::At<D>,
    {
        type Entity = Project;
        type Index = __Index1;
        type Kind = <__dk::Kinds1 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> ProjectByCreatedSk<D>
    where
        Status: __dk::KeySegment,
    {
        ///Fills `created` (field 1 of 1): a `ProjectByCreatedSk<1>`.
        pub fn created<const N: usize>(
            self,
            created: impl __dk::SegmentArg<u64>,
        ) -> ProjectByCreatedSk<N>
        where
            __Sk1Fields: __dk::Fill<D, field::created, N>,
        {
            ProjectByCreatedSk(Project::__BY_CREATED_SORT.fill::<0, _>(self.0, &created))
        }
        ///A partial value of the field filled next (`created` on `ProjectByCreatedSk<0>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<<(u64,) as __dk::PrefixAt<D>>::Field>,
        ) -> ::dynakey::SortKeyPartial<Project, __Index1>
        where
            (u64,): __dk::PrefixAt<D>,
        {
            Project::__BY_CREATED_SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Project
    where
        Status: __dk::KeySegment,
    {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<App>("workspace", "workspace"),
        __dk::stored::<App>("id", "id"),
        __dk::stored::<App>("created", "created"),
        __dk::stored::<App>("status", "status"),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = {
        const WRITES: &[(&str, &str, &str)] = &[
            ("", "WS#<workspace>", "PROJ#<id>"),
            ("ByStatus", "STATUS#<status>", "<created>#<id>"),
            ("ByCreated", "", "C#<created>"),
        ];
        match __dk::template_conflict::<App>(WRITES) {
            1 => __dk::fail_template_conflict::<App>("Project", WRITES),
            2 => __dk::fail_template_conflict::<App>("Project", WRITES),
            _ => {}
        }
    };
    const _: () = __dk::check_listed::<App>("Project", "Project", "App");
    #[allow(non_camel_case_types, non_snake_case, dead_code)]
    pub mod __dk_index_groups {
        pub struct BY_STATUS_AND_BY_CREATED<F>(::core::marker::PhantomData<F>);
        pub mod fields {
            pub enum STATUS {}
            pub enum CREATED {}
        }
        pub type __kind_BY_STATUS_AND_BY_CREATED = BY_STATUS_AND_BY_CREATED<
            (fields::STATUS, fields::CREATED),
        >;
    }
    #[automatically_derived]
    impl ::dynakey::Entity for Project
    where
        Status: __dk::KeySegment,
    {
        type Table = App;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Project";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_with_sort_key::<
            Self,
        >(Self::__SORT.template);
        const INDEXES: &'static [::dynakey::EntityIndex] = &[
            __dk::entity_index(
                <__Index0 as __dk::Index>::DEF,
                __dk::Some(Self::__BY_STATUS_PARTITION.template),
                __dk::Some(Self::__BY_STATUS_SORT.template),
                true,
                "query_by_status",
            ),
            __dk::entity_index(
                <__Index1 as __dk::Index>::DEF,
                __dk::None,
                __dk::Some(Self::__BY_CREATED_SORT.template),
                false,
                "query_by_created",
            ),
        ];
        #[inline]
        fn index_keys(&self) -> __dk::IndexKeys {
            let mut __dynakey_out = ::std::vec::Vec::with_capacity(4usize);
            '__dynakey_index: {
                let __dk::Some(status) = &self.status else {
                    break '__dynakey_index;
                };
                __dk::push_index_partition(
                    &mut __dynakey_out,
                    &<__Index0 as __dk::Index>::DEF,
                    Project::__BY_STATUS_PARTITION.encode((status,)),
                )?;
                __dk::push_index_sort(
                    &mut __dynakey_out,
                    &<__Index0 as __dk::Index>::DEF,
                    Project::__BY_STATUS_SORT.encode((&self.created, &self.id)),
                )?;
            }
            {
                __dk::push_index_sort(
                    &mut __dynakey_out,
                    &<__Index1 as __dk::Index>::DEF,
                    Project::__BY_CREATED_SORT.encode((&self.created,)),
                )?;
            }
            __dk::Ok(__dynakey_out)
        }
        const SHAPE: &'static str = "WS#<workspace>|PROJ#<id>";
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Project", __dk::None)
            & __dk::listed_check::<
                Self::Table,
            >("Project", __dk::Some(("STATUS#<status>", "<created>#<id>")))
            & __dk::listed_check::<
                Self::Table,
            >("Project", __dk::Some(("", "C#<created>")));
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Project::__PARTITION.encode((&self.workspace,))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            Self::__SORT.encode_some((&self.id,))
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<App> for Project
    where
        Status: __dk::KeySegment,
    {}
    impl Project
    where
        Status: __dk::KeySegment,
    {
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
        pub fn sk() -> ProjectSk<0> {
            ProjectSk(Self::__SORT.start())
        }
        /**The primary key of the [`Project`] with these field values (partition key `WS#<workspace>`, sort key `PROJ#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            workspace: impl __dk::SegmentArg<String>,
            id: impl __dk::SegmentArg<String>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                Project::__PARTITION.encode((&workspace,)),
                Project::__SORT.encode((&id,)),
            )
        }
        ///A Query over one whole partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Project::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            workspace: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(Project::__PARTITION.encode((&workspace,)))
        }
        const __BY_STATUS_PARTITION: __dk::Template<(Status,)> = __dk::template(
            "STATUS#<status>",
            __dk::KeyRole::Partition,
            &[__dk::literal("STATUS#"), __dk::field::<Status>("status")],
        );
        const __BY_STATUS_SORT: __dk::Template<(u64, String)> = __dk::template(
            "<created>#<id>",
            __dk::KeyRole::Sort,
            &[
                __dk::field::<u64>("created"),
                __dk::literal("#"),
                __dk::field::<String>("id"),
            ],
        );
        ///Starts a sort-key condition for `<created>#<id>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn by_status_sk() -> ProjectByStatusSk<0> {
            ProjectByStatusSk(Self::__BY_STATUS_SORT.start())
        }
        ///A Query on index `ByStatus` over one whole index partition (`STATUS#<status>`); narrow it with a sort-key condition such as `.begins_with(Project::by_status_sk())`. Items are in the index's sort-key order; encoding errors are returned when the query is built.
        pub fn query_by_status(
            status: impl __dk::SegmentArg<Status>,
        ) -> ::dynakey::KeyQuery<Self, __Index0> {
            __dk::query_index::<
                Self,
                __Index0,
            >(
                Project::__BY_STATUS_PARTITION.encode((&status,)),
                <__Index0 as __dk::Index>::DEF,
                __dk::Some(Self::__BY_STATUS_SORT.template),
            )
        }
        const __BY_CREATED_SORT: __dk::Template<(u64,)> = __dk::template(
            "C#<created>",
            __dk::KeyRole::Sort,
            &[__dk::literal("C#"), __dk::field::<u64>("created")],
        );
        ///Starts a sort-key condition for `C#<created>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn by_created_sk() -> ProjectByCreatedSk<0> {
            ProjectByCreatedSk(Self::__BY_CREATED_SORT.start())
        }
        ///A Query on index `ByCreated` over one whole index partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Project::by_created_sk())`. Items are in the index's sort-key order; encoding errors are returned when the query is built.
        pub fn query_by_created(
            workspace: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self, __Index1> {
            __dk::query_index::<
                Self,
                __Index1,
            >(
                Project::__PARTITION.encode((&workspace,)),
                <__Index1 as __dk::Index>::DEF,
                __dk::Some(Self::__BY_CREATED_SORT.template),
            )
        }
        ///Attribute `workspace` (field `workspace`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const WORKSPACE: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle(
            "workspace",
        );
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle("id");
        ///Attribute `created` (field `created`). An index field: conditions only; an update sets it with the rest of its index through [`Project::BY_STATUS_AND_BY_CREATED`](Self::BY_STATUS_AND_BY_CREATED).
        pub const CREATED: __dk::Field<
            Self,
            u64,
            __dk::Indexed<__dk_index_groups::__kind_BY_STATUS_AND_BY_CREATED>,
        > = __dk::handle("created");
        ///Attribute `status` (field `status`). An index field: conditions only; an update sets it with the rest of its index through [`Project::BY_STATUS_AND_BY_CREATED`](Self::BY_STATUS_AND_BY_CREATED).
        pub const STATUS: __dk::Field<
            Self,
            Option<Status>,
            __dk::Indexed<__dk_index_groups::__kind_BY_STATUS_AND_BY_CREATED>,
        > = __dk::handle("status");
        ///The fields `status`, `created` of index `ByStatus`, `ByCreated`, set together by an update, which also rewrites the index key attributes (see [`IndexGroup`](::dynakey::IndexGroup)).
        pub const BY_STATUS_AND_BY_CREATED: ::dynakey::IndexGroup<
            Self,
            (Option<Status>, u64),
        > = __dk::index_group(&[("status", "status"), ("created", "created")]);
    }
};
