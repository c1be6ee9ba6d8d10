// The expansion of `entity_key_change` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
///The fields of a [`Book`] partition key (template `LIB#<library>`), as parsed by `Book::parse_partition_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
pub struct BookPartitionKey {
    ///The `library` segment.
    pub library: String,
}
///The fields of a [`Book`] sort key (template `BOOK#<id>`), as parsed by `Book::parse_sort_key` (a default method of [`Entity`](::dynakey::Entity)).
#[derive(::core::fmt::Debug)]
pub struct BookSortKey {
    ///The `id` segment.
    pub id: u32,
}
///Typed sort-key builder for [`Book`] (template `BOOK#<id>`), created by `Book::sk()`: fill fields left to right, then pass it to a [`KeyQuery`](::dynakey::KeyQuery) condition. `D` counts the fields filled. Encoding errors are kept and returned when the query is built.
#[must_use = "a sort-key builder does nothing until passed to a query condition"]
pub struct BookSk<const D: usize>(::dynakey::__private::SortKey);
const _: () = {
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum id {}
    }
    #[automatically_derived]
    impl ::dynakey::ParsedKeys for Book {
        type PartitionKey = BookPartitionKey;
        type PartitionValues = (String,);
        #[inline]
        fn partition_fields(__dynakey_values: (String,)) -> BookPartitionKey {
            BookPartitionKey {
                library: __dynakey_values.0,
            }
        }
        type SortKey = BookSortKey;
        type SortValues = (u32,);
        #[inline]
        fn sort_fields(__dynakey_values: (u32,)) -> BookSortKey {
            BookSortKey {
                id: __dynakey_values.0,
            }
        }
    }
    type __SkFields = (field::id,);
    impl<const D: usize> __dk::SortKeyBuilder for BookSk<D>
    where
        __dk::Kinds1: __dk::At<D>,
    {
        type Entity = Book;
        type Index = ::dynakey::PrimaryIndex;
        type Kind = <__dk::Kinds1 as __dk::At<D>>::Out;
        fn into_key(self) -> __dk::SortKey {
            self.0
        }
    }
    impl<const D: usize> BookSk<D> {
        ///Fills `id` (field 1 of 1): a `BookSk<1>`.
        pub fn id<const N: usize>(self, id: impl __dk::SegmentArg<u32>) -> BookSk<N>
        where
            __SkFields: __dk::Fill<D, field::id, N>,
        {
            BookSk(Book::__SORT.fill::<0, _>(self.0, &id))
        }
        ///A partial value of the field filled next (`id` on `BookSk<0>`): keys whose segment of that field starts with `partial` (text of the encoded form, or a folder path for a path field). Usable with `begins_with` only; it is the one way a bare prefix reaches DynamoDB (docs/semantics.md §3). A complete key has no next field, so no `prefix`.
        pub fn prefix(
            self,
            partial: impl ::dynakey::SegmentPrefix<<(u32,) as __dk::PrefixAt<D>>::Field>,
        ) -> ::dynakey::SortKeyPartial<Book, ::dynakey::PrimaryIndex>
        where
            (u32,): __dk::PrefixAt<D>,
        {
            Book::__SORT.fill_partial::<D, _, _>(self.0, &partial)
        }
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Book {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<Library>("library", "library"),
        __dk::stored::<Library>("genre", "genre"),
        __dk::stored::<Library>("id", "id"),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = __dk::check_listed::<Library>("Book", "Book", "Library");
    #[automatically_derived]
    impl ::dynakey::Entity for Book {
        type Table = Library;
        type PartitionFields = (String,);
        const ENTITY_NAME: &'static str = "Book";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = Self::__PARTITION.template;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::assert_table_with_sort_key::<
            Self,
        >(Self::__SORT.template);
        const SHAPE: &'static str = "LIB#<library>|BOOK#<id>";
        const KEY_CHANGE: __dk::Option<::dynakey::KeyChange> = __dk::Some(
            __dk::key_change(
                __dk::KeyChangePhase::Expand,
                __dk::earlier_key(
                    Self::__PARTITION.template,
                    __dk::Some(Self::__OTHER_SORT.template),
                ),
                "LIB#<library>|BOOK#<genre>#<id>",
            ),
        );
        #[allow(clippy::type_complexity)]
        fn other_shape_key(
            &self,
        ) -> __dk::Result<
            __dk::Option<(__dk::String, __dk::Option<__dk::String>)>,
            __dk::KeyError,
        > {
            __dk::Ok(
                __dk::Some((
                    ::dynakey::Entity::partition_key(self)?,
                    __dk::Some(Book::__OTHER_SORT.encode((&self.genre, &self.id))?),
                )),
            )
        }
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Book", __dk::None);
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            Book::__PARTITION.encode((&self.library,))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            Self::__SORT.encode_some((&self.id,))
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<Library> for Book {}
    impl Book {
        const __PARTITION: __dk::Template<(String,)> = __dk::template(
            "LIB#<library>",
            __dk::KeyRole::Partition,
            &[__dk::literal("LIB#"), __dk::field::<String>("library")],
        );
        const __SORT: __dk::Template<(u32,)> = __dk::template(
            "BOOK#<id>",
            __dk::KeyRole::Sort,
            &[__dk::literal("BOOK#"), __dk::field::<u32>("id")],
        );
        ///Starts a sort-key condition for `BOOK#<id>`: fill fields left to right, or pass as is for every item of this entity.
        #[inline]
        pub fn sk() -> BookSk<0> {
            BookSk(Self::__SORT.start())
        }
        /**The primary key of the [`Book`] with these field values (partition key `LIB#<library>`, sort key `BOOK#<id>`), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value, an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            library: impl __dk::SegmentArg<String>,
            id: impl __dk::SegmentArg<u32>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(Book::__PARTITION.encode((&library,)), Book::__SORT.encode((&id,)))
        }
        ///A Query over one whole partition (`LIB#<library>`); narrow it with a sort-key condition such as `.begins_with(Book::sk())`. Encoding errors are returned when the query is built.
        pub fn query(
            library: impl __dk::SegmentArg<String>,
        ) -> ::dynakey::KeyQuery<Self> {
            __dk::query::<Self>(Book::__PARTITION.encode((&library,)))
        }
        ///Attribute `library` (field `library`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const LIBRARY: __dk::Field<Self, String, __dk::KeyPart> = __dk::handle(
            "library",
        );
        ///Attribute `genre` (field `genre`). Conditions and every update operation.
        pub const GENRE: __dk::Field<Self, String, __dk::Plain> = __dk::handle("genre");
        ///Attribute `id` (field `id`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const ID: __dk::Field<Self, u32, __dk::KeyPart> = __dk::handle("id");
        const __OTHER_SORT: __dk::Template<(String, u32)> = __dk::template(
            "BOOK#<genre>#<id>",
            __dk::KeyRole::Sort,
            &[
                __dk::literal("BOOK#"),
                __dk::field::<String>("genre"),
                __dk::literal("#"),
                __dk::field::<u32>("id"),
            ],
        );
    }
};
