// The expansion of `entity` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Project`] partition key (template `WS#<workspace>`), as parsed by `Project::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
pub struct ProjectPartitionKey {
    ///The `workspace` segment.
    pub workspace: String,
}
///The fields of a [`Project`] sort key (template `PROJ#<created>#<id>`), as parsed by `Project::parse_sort_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
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
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum created {}
        pub enum id {}
    }
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Project {
        type PartitionKey = ProjectPartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> ProjectPartitionKey {
            ProjectPartitionKey {
                workspace: __dynakey_values.0,
            }
        }
        type SortKey = ProjectSortKey;
        type SortValues = (u64, String);
        #[inline]
        fn sort_fields(__dynakey_values: (u64, String)) -> ProjectSortKey {
            ProjectSortKey {
                created: __dynakey_values.0,
                id: __dynakey_values.1,
            }
        }
    }
    type __SkFields = (field::created, field::id);
    impl<const D: usize> __dk::SortKeyBuilder for ProjectSk<D>
    where
        __dk::Kinds2: __dk::At<D>,
    {
        type Entity = Project;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <__dk::Kinds2 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> ProjectSk<D> {
        ///Fills `created` (field 1 of 2): a `ProjectSk<1>`.
        pub fn created<const N: usize>(
            self,
            created: impl __dk::SegmentArg<u64>,
        ) -> ProjectSk<N>
        where
            __SkFields: __dk::Fill<D, field::created, N>,
        {
            ProjectSk(Project::__SORT.fill::<0, _>(self.0, &created))
        }
        ///Fills `id` (field 2 of 2): a `ProjectSk<2>`.
        pub fn id<const N: usize>(
            self,
            id: impl __dk::SegmentArg<String>,
        ) -> ProjectSk<N>
        where
            __SkFields: __dk::Fill<D, field::id, N>,
        {
            ProjectSk(Project::__SORT.fill::<1, _>(self.0, &id))
        }
        ///A partial value of the field filled next (`created` on `ProjectSk<0>`, `id` on `ProjectSk<1>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<
                <(u64, String) as __dk::PrefixAt<D>>::Field,
            >,
        ) -> ::dynakey::SortKeyPartial<Project, ::dynakey::PrimaryIndex>
        where
            (u64, String): __dk::PrefixAt<D>,
        {
            Project::__SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Project {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<Workspaces>("workspace", "workspace"),
        __dk::stored::<Workspaces>("created", "created"),
        __dk::stored::<Workspaces>("id", "id"),
        __dk::stored::<Workspaces>("name", "name"),
        __dk::stored::<Workspaces>("_type", ""),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = __dk::check_listed::<Workspaces>("Proj", "Project", "Workspaces");
    #[automatically_derived]
    impl ::dynakey::Entity for Project {
        type Table = Workspaces;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Proj";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_with_sort_key::<
            Self,
        >(Self::__SORT.template);
        const ENTITY_TYPE_ATTRIBUTE: __dk::Option<&'static str> = __dk::Some("_type");
        const SHAPE: &'static str = "WS#<workspace>|PROJ#<created>#<id>";
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Proj", __dk::None);
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Project::__PARTITION.encode((&self.workspace,))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            Self::__SORT.encode_some((&self.created, &self.id))
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Workspaces> for Project {}
    impl Project {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "WS#<workspace>",
            __dk::KeyRole::Partition,
            &[__dk::literal("WS#"), __dk::field::<String>("workspace")],
        );
        const __SORT: __dk::Template<(u64, String)> = __dk::template(
            "PROJ#<created>#<id>",
            __dk::KeyRole::Sort,
            &[
                __dk::literal("PROJ#"),
                __dk::field::<u64>("created"),
                __dk::literal("#"),
                __dk::field::<String>("id"),
            ],
        );
        ///Starts a sort-key condition for `PROJ#<created>#<id>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn sk() -> ProjectSk<0> {
            ProjectSk(Self::__SORT.start())
        }
        /**The primary key of the [`Project`] with these field values (partition key `WS#<workspace>`, sort key `PROJ#<created>#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            workspace: impl __dk::SegmentArg<String>,
            created: impl __dk::SegmentArg<u64>,
            id: impl __dk::SegmentArg<String>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                Project::__PARTITION.encode((&workspace,)),
                Project::__SORT.encode((&created, &id)),
            )
        }
        ///A Query over one whole partition (`WS#<workspace>`); narrow it with a sort-key condition such as `.begins_with(Project::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            workspace: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(Project::__PARTITION.encode((&workspace,)))
        }
        ///Attribute `workspace` (field `workspace`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const WORKSPACE: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle(
            "workspace",
        );
        ///Attribute `created` (field `created`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const CREATED: __dk::Field<Self, u64, __dk::KeyPart> = __dk::handle(
            "created",
        );
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle("id");
        ///Attribute `name` (field `name`). Conditions and every update operation.
        pub const NAME: __dk::Field<Self, String, __dk::Plain> = __dk::handle("name");
    }
};
