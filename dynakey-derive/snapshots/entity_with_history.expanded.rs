// The expansion of `entity_with_history` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Node`] partition key (template `DRIVE#<drive>`), as parsed by `Node::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
pub struct NodePartitionKey {
    ///The `drive` segment.
    pub drive: String,
}
///The fields of a [`Node`] sort key (template `NODE#<parent>#<name>`), as parsed by `Node::parse_sort_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
pub struct NodeSortKey {
    ///The `parent` segment.
    pub parent: String,
    ///The `name` segment.
    pub name: String,
}
///Typed sort-key builder for [`Node`] (template `NODE#<parent>#<name>`), created by `Node::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
pub struct NodeSk<const D: usize>(::dynakey::__private::SortKey);
const _: () = {
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum parent {}
        pub enum name {}
    }
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Node {
        type PartitionKey = NodePartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> NodePartitionKey {
            NodePartitionKey {
                drive: __dynakey_values.0,
            }
        }
        type SortKey = NodeSortKey;
        type SortValues = (String, String);
        #[inline]
        fn sort_fields(__dynakey_values: (String, String)) -> NodeSortKey {
            NodeSortKey {
                parent: __dynakey_values.0,
                name: __dynakey_values.1,
            }
        }
    }
    type __SkFields = (field::parent, field::name);
    impl<const D: usize> __dk::SortKeyBuilder for NodeSk<D>
    where
        __dk::Kinds2: __dk::At<D>,
    {
        type Entity = Node;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <__dk::Kinds2 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> NodeSk<D> {
        ///Fills `parent` (field 1 of 2): a `NodeSk<1>`.
        pub fn parent<const N: usize>(
            self,
            parent: impl __dk::SegmentArg<String>,
        ) -> NodeSk<N>
        where
            __SkFields: __dk::Fill<D, field::parent, N>,
        {
            NodeSk(Node::__SORT.fill::<0, _>(self.0, &parent))
        }
        ///Fills `name` (field 2 of 2): a `NodeSk<2>`.
        pub fn name<const N: usize>(
            self,
            name: impl __dk::SegmentArg<String>,
        ) -> NodeSk<N>
        where
            __SkFields: __dk::Fill<D, field::name, N>,
        {
            NodeSk(Node::__SORT.fill::<1, _>(self.0, &name))
        }
        ///A partial value of the field filled next (`parent` on `NodeSk<0>`, `name` on `NodeSk<1>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<
                <(String, String) as __dk::PrefixAt<D>>::Field,
            >,
        ) -> ::dynakey::SortKeyPartial<Node, ::dynakey::PrimaryIndex>
        where
            (String, String): __dk::PrefixAt<D>,
        {
            Node::__SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Node {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<Drive>("drive", "drive"),
        __dk::stored::<Drive>("parent", "parent"),
        __dk::stored::<Drive>("name", "name"),
        __dk::stored::<Drive>("size", "size"),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = __dk::check_listed::<Drive>("Node", "Node", "Drive");
    #[automatically_derived]
    impl ::dynakey::Entity for Node {
        type Table = Drive;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Node";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_with_sort_key::<
            Self,
        >(Self::__SORT.template);
        const EARLIER_KEYS: &'static [::dynakey::EarlierKey] = &[
            __dk::earlier_key(
                Self::__PARTITION.template,
                __dk::Some(
                    __dk::key_template(
                        "FILE#<parent>#<name>",
                        __dk::KeyRole::Sort,
                        &[
                            __dk::literal("FILE#"),
                            __dk::field::<String>("parent"),
                            __dk::literal("#"),
                            __dk::field::<String>("name"),
                        ],
                    ),
                ),
            ),
            __dk::earlier_key(
                __dk::key_template(
                    "D#<drive>",
                    __dk::KeyRole::Partition,
                    &[__dk::literal("D#"), __dk::field::<String>("drive")],
                ),
                __dk::Some(
                    __dk::key_template(
                        "F#<name>",
                        __dk::KeyRole::Sort,
                        &[__dk::literal("F#"), __dk::field::<String>("name")],
                    ),
                ),
            ),
        ];
        const SHAPE: &'static str = "DRIVE#<drive>|NODE#<parent>#<name>";
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Node", __dk::None) & __dk::listed_earlier_check::<Self::Table>("Node", 0usize)
            & __dk::listed_earlier_check::<Self::Table>("Node", 1usize);
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Node::__PARTITION.encode((&self.drive,))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            Self::__SORT.encode_some((&self.parent, &self.name))
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Drive> for Node {}
    impl Node {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "DRIVE#<drive>",
            __dk::KeyRole::Partition,
            &[__dk::literal("DRIVE#"), __dk::field::<String>("drive")],
        );
        const __SORT: __dk::Template<(String, String)> = __dk::template(
            "NODE#<parent>#<name>",
            __dk::KeyRole::Sort,
            &[
                __dk::literal("NODE#"),
                __dk::field::<String>("parent"),
                __dk::literal("#"),
                __dk::field::<String>("name"),
            ],
        );
        ///Starts a sort-key condition for `NODE#<parent>#<name>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn sk() -> NodeSk<0> {
            NodeSk(Self::__SORT.start())
        }
        /**The primary key of the [`Node`] with these field values (partition key `DRIVE#<drive>`, sort key `NODE#<parent>#<name>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            drive: impl __dk::SegmentArg<String>,
            parent: impl __dk::SegmentArg<String>,
            name: impl __dk::SegmentArg<String>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                Node::__PARTITION.encode((&drive,)),
                Node::__SORT.encode((&parent, &name)),
            )
        }
        ///A Query over one whole partition (`DRIVE#<drive>`); narrow it with a sort-key condition such as `.begins_with(Node::sk())`. Encoding errors are returned when the query is built.
        pub fn query(drive: impl __dk::SegmentArg<String>) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(Node::__PARTITION.encode((&drive,)))
        }
        ///Attribute `drive` (field `drive`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const DRIVE: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle(
            "drive",
        );
        ///Attribute `parent` (field `parent`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const PARENT: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle(
            "parent",
        );
        ///Attribute `name` (field `name`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const NAME: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle("name");
        ///Attribute `size` (field `size`). Conditions and every update operation.
        pub const SIZE: __dk::Field<Self, u64, __dk::Plain> = __dk::handle("size");
    }
};
