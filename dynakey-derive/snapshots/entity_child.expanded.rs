// The expansion of `entity_child` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
const _: () = {
    use ::dynakey::__private as __dk;
    #[allow(non_camel_case_types)]
    mod field {
        pub enum copy {}
    }
    #[automatically_derived]
    impl ::dynakey::Unversioned for Copy
    where
        Book: ::dynakey::Entity,
        Key<Book>: __dk::ParentKeyOf<Book>,
    {}
    const __STORED: &[(&str, &str)] = &[
        __dk::stored::<<Book as ::dynakey::Entity>::Table>("book", "book"),
        __dk::stored::<<Book as ::dynakey::Entity>::Table>("copy", "copy"),
        __dk::stored::<<Book as ::dynakey::Entity>::Table>("shelf", "shelf"),
    ];
    const _: &[(&str, &str)] = __STORED;
    const _: () = __dk::check_child_listed::<
        <Book as ::dynakey::Entity>::Table,
    >("Copy", "Copy", "Book");
    #[automatically_derived]
    impl ::dynakey::Entity for Copy
    where
        Book: ::dynakey::Entity,
        Key<Book>: __dk::ParentKeyOf<Book>,
    {
        type Table = <Book as ::dynakey::Entity>::Table;
        type PartitionFields = <Book as ::dynakey::Entity>::PartitionFields;
        const ENTITY_NAME: &'static str = "Copy";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = <Book as ::dynakey::Entity>::PARTITION_TEMPLATE;
        const SORT_TEMPLATE: __dk::Option<::dynakey::KeyTemplate> = __dk::Some(
            Self::__JOINED_0,
        );
        const EARLIER_KEYS: &'static [::dynakey::EarlierKey] = __dk::parent_shapes::<
            Book,
        >(Self::__EARLIER);
        const LISTED_CHECKED: bool = __dk::listed_check::<
            Self::Table,
        >("Copy", __dk::None)
            & __dk::listed_parent_shape_check::<Book, Self::Table>("Copy", 0usize)
            & __dk::listed_parent_shape_check::<Book, Self::Table>("Copy", 1usize)
            & __dk::listed_parent_shape_check::<Book, Self::Table>("Copy", 2usize)
            & __dk::listed_parent_shape_check::<Book, Self::Table>("Copy", 3usize);
        const SHAPE: &'static str = Self::__SHAPE_ID.as_str();
        const KEY_CHANGE: __dk::Option<::dynakey::KeyChange> = __dk::child_key_change::<
            Book,
        >(Self::__JOINED_OTHER, Self::__OTHER_SHAPE_ID.as_str());
        #[inline]
        fn partition_key(&self) -> __dk::Result<__dk::String, __dk::KeyError> {
            __dk::child_partition_key::<
                Book,
            >(__dk::ParentKeyOf::<Book>::parent_key(&self.book))
        }
        #[inline]
        fn sort_key(&self) -> __dk::Result<__dk::Option<__dk::String>, __dk::KeyError> {
            __dk::child_sort_key::<
                Book,
                _,
                _,
            >(
                    __dk::ParentKeyOf::<Book>::parent_key(&self.book),
                    &Self::__SUFFIX,
                    &Self::__JOINED_0,
                    (&self.copy,),
                )
                .map(__dk::Some)
        }
        #[allow(clippy::type_complexity)]
        fn other_shape_key(
            &self,
        ) -> __dk::Result<
            __dk::Option<(__dk::String, __dk::Option<__dk::String>)>,
            __dk::KeyError,
        > {
            __dk::child_other_shape_key::<
                Book,
                _,
                _,
            >(
                __dk::ParentKeyOf::<Book>::parent_key(&self.book),
                &Self::__SUFFIX,
                &Self::__JOINED_OTHER,
                (&self.copy,),
            )
        }
    }
    #[automatically_derived]
    impl ::dynakey::InTable<<Book as ::dynakey::Entity>::Table> for Copy
    where
        Book: ::dynakey::Entity,
        Key<Book>: __dk::ParentKeyOf<Book>,
    {}
    impl Copy
    where
        Book: ::dynakey::Entity,
        Key<Book>: __dk::ParentKeyOf<Book>,
    {
        const __SUFFIX: __dk::Template<(u32,)> = __dk::template(
            "COPY#<copy>",
            __dk::KeyRole::Sort,
            &[__dk::literal("COPY#"), __dk::field::<u32>("copy")],
        );
        const __PARENT_0: ::dynakey::KeyTemplate = __dk::parent_sort::<Book>();
        const __TEXT_0: &'static __dk::JoinedText = &__dk::join_text(
            &Self::__PARENT_0,
            "COPY#<copy>",
        );
        const __PARTS_0: &'static __dk::JoinedParts = &__dk::join_parts(
            &Self::__PARENT_0,
            Self::__SUFFIX.template.parts(),
            Self::__TEXT_0.as_str(),
        );
        const __JOINED_0: ::dynakey::KeyTemplate = __dk::typed_child_template::<
            Book,
            (u32,),
        >(Self::__TEXT_0.as_str(), Self::__PARTS_0.as_slice());
        const __PARENT_1: ::dynakey::KeyTemplate = __dk::parent_shape_sort::<
            Book,
        >(0usize);
        const __TEXT_1: &'static __dk::JoinedText = &__dk::join_text(
            &Self::__PARENT_1,
            "COPY#<copy>",
        );
        const __PARTS_1: &'static __dk::JoinedParts = &__dk::join_parts(
            &Self::__PARENT_1,
            Self::__SUFFIX.template.parts(),
            Self::__TEXT_1.as_str(),
        );
        const __JOINED_1: ::dynakey::KeyTemplate = __dk::child_template(
            Self::__TEXT_1.as_str(),
            Self::__PARTS_1.as_slice(),
        );
        const __PARENT_2: ::dynakey::KeyTemplate = __dk::parent_shape_sort::<
            Book,
        >(1usize);
        const __TEXT_2: &'static __dk::JoinedText = &__dk::join_text(
            &Self::__PARENT_2,
            "COPY#<copy>",
        );
        const __PARTS_2: &'static __dk::JoinedParts = &__dk::join_parts(
            &Self::__PARENT_2,
            Self::__SUFFIX.template.parts(),
            Self::__TEXT_2.as_str(),
        );
        const __JOINED_2: ::dynakey::KeyTemplate = __dk::child_template(
            Self::__TEXT_2.as_str(),
            Self::__PARTS_2.as_slice(),
        );
        const __PARENT_3: ::dynakey::KeyTemplate = __dk::parent_shape_sort::<
            Book,
        >(2usize);
        const __TEXT_3: &'static __dk::JoinedText = &__dk::join_text(
            &Self::__PARENT_3,
            "COPY#<copy>",
        );
        const __PARTS_3: &'static __dk::JoinedParts = &__dk::join_parts(
            &Self::__PARENT_3,
            Self::__SUFFIX.template.parts(),
            Self::__TEXT_3.as_str(),
        );
        const __JOINED_3: ::dynakey::KeyTemplate = __dk::child_template(
            Self::__TEXT_3.as_str(),
            Self::__PARTS_3.as_slice(),
        );
        const __PARENT_4: ::dynakey::KeyTemplate = __dk::parent_shape_sort::<
            Book,
        >(3usize);
        const __TEXT_4: &'static __dk::JoinedText = &__dk::join_text(
            &Self::__PARENT_4,
            "COPY#<copy>",
        );
        const __PARTS_4: &'static __dk::JoinedParts = &__dk::join_parts(
            &Self::__PARENT_4,
            Self::__SUFFIX.template.parts(),
            Self::__TEXT_4.as_str(),
        );
        const __JOINED_4: ::dynakey::KeyTemplate = __dk::child_template(
            Self::__TEXT_4.as_str(),
            Self::__PARTS_4.as_slice(),
        );
        const __PARENT_OTHER: ::dynakey::KeyTemplate = __dk::parent_other_sort::<Book>();
        const __TEXT_OTHER: &'static __dk::JoinedText = &__dk::join_text(
            &Self::__PARENT_OTHER,
            "COPY#<copy>",
        );
        const __PARTS_OTHER: &'static __dk::JoinedParts = &__dk::join_parts(
            &Self::__PARENT_OTHER,
            Self::__SUFFIX.template.parts(),
            Self::__TEXT_OTHER.as_str(),
        );
        const __JOINED_OTHER: ::dynakey::KeyTemplate = __dk::child_template(
            Self::__TEXT_OTHER.as_str(),
            Self::__PARTS_OTHER.as_slice(),
        );
        const __SHAPE_ID: &'static __dk::JoinedText = &__dk::child_shape_id(
            &<Book as ::dynakey::Entity>::PARTITION_TEMPLATE,
            &Self::__JOINED_0,
        );
        const __OTHER_SHAPE_ID: &'static __dk::JoinedText = &__dk::child_shape_id(
            &__dk::parent_other_partition::<Book>(),
            &Self::__JOINED_OTHER,
        );
        const __EARLIER: &'static [::dynakey::EarlierKey; __dk::MAX_PARENT_SHAPES] = &[
            __dk::earlier_key(
                __dk::parent_shape_partition::<Book>(0usize),
                __dk::Some(Self::__JOINED_1),
            ),
            __dk::earlier_key(
                __dk::parent_shape_partition::<Book>(1usize),
                __dk::Some(Self::__JOINED_2),
            ),
            __dk::earlier_key(
                __dk::parent_shape_partition::<Book>(2usize),
                __dk::Some(Self::__JOINED_3),
            ),
            __dk::earlier_key(
                __dk::parent_shape_partition::<Book>(3usize),
                __dk::Some(Self::__JOINED_4),
            ),
        ];
        /**The primary key of the [`Copy`] under the parent key `book` (its partition key is the parent's; its sort key `<book>COPY#<copy>`, the parent's sort key then this entity's fields), for GetItem, DeleteItem and friends.

# Errors
Any [`KeyError`](::dynakey::KeyError) of the encoding rules: a terminator inside a value (the parent key's last value holding the character after it in this template among them), an empty last segment, a key over DynamoDB's byte limits.*/
        pub fn key(
            book: &::dynakey::Key<Book>,
            copy: impl __dk::SegmentArg<u32>,
        ) -> __dk::Result<::dynakey::Key<Self>, __dk::KeyError> {
            __dk::key(
                __dk::child_partition_key::<Book>(book),
                __dk::child_sort_key::<
                    Book,
                    _,
                    _,
                >(book, &Self::__SUFFIX, &Self::__JOINED_0, (&copy,)),
            )
        }
        ///A Query of the [`Copy`] items under the parent key `book`: its partition, `begins_with` the parent's sort key and this entity's literal after it. Encoding errors are returned when the query is built.
        pub fn query_under(
            book: &::dynakey::Key<Book>,
        ) -> ::dynakey::KeyQuery<
            Self,
            ::dynakey::PrimaryIndex,
            ::dynakey::SortKeyRange,
        > {
            __dk::query_under::<
                Book,
                Self,
            >(book, &Self::__SUFFIX.template, &Self::__JOINED_0)
        }
        ///Attribute `book` (field `book`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const BOOK: __dk::Field<Self, Key<Book>, __dk::KeyPart> = __dk::handle(
            "book",
        );
        ///Attribute `copy` (field `copy`). A key field: conditions only (an item changes its key with `Db::move_to`).
        pub const COPY: __dk::Field<Self, u32, __dk::KeyPart> = __dk::handle("copy");
        ///Attribute `shelf` (field `shelf`). Conditions and every update operation.
        pub const SHELF: __dk::Field<Self, String, __dk::Plain> = __dk::handle("shelf");
    }
};
