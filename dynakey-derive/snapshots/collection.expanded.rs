// The expansion of `collection` in dynakey-derive/src/expansion_tests.rs; regenerate with
// `UPDATE_SNAPSHOTS=1 cargo test -p dynakey-derive expansion`.
const _: () = {
    const __DYNAKEY_MEMBER_0: ::dynakey::__private::collection::Member = ::dynakey::__private::member_shapes(
        ::dynakey::__private::member(
            "settings",
            <Settings as ::dynakey::Entity>::ENTITY_NAME,
            ::dynakey::__private::Cardinality::One,
            <Settings as ::dynakey::Entity>::SORT_TEMPLATE,
            <Settings as ::dynakey::Entity>::ENTITY_TYPE_ATTRIBUTE,
            <Settings as ::dynakey::Entity>::matches_sort_key,
        ),
        <Settings as ::dynakey::Entity>::reads_shape,
        <Settings as ::dynakey::Entity>::KEY_CHANGE,
    );
    const __DYNAKEY_MEMBER_1: ::dynakey::__private::collection::Member = ::dynakey::__private::member_shapes(
        ::dynakey::__private::member(
            "latest",
            <Project as ::dynakey::Entity>::ENTITY_NAME,
            ::dynakey::__private::Cardinality::Optional,
            <Project as ::dynakey::Entity>::SORT_TEMPLATE,
            <Project as ::dynakey::Entity>::ENTITY_TYPE_ATTRIBUTE,
            <Project as ::dynakey::Entity>::matches_sort_key,
        ),
        <Project as ::dynakey::Entity>::reads_shape,
        <Project as ::dynakey::Entity>::KEY_CHANGE,
    );
    const __DYNAKEY_MEMBER_2: ::dynakey::__private::collection::Member = ::dynakey::__private::member_shapes(
        ::dynakey::__private::member(
            "tasks",
            <Task as ::dynakey::Entity>::ENTITY_NAME,
            ::dynakey::__private::Cardinality::Many,
            <Task as ::dynakey::Entity>::SORT_TEMPLATE,
            <Task as ::dynakey::Entity>::ENTITY_TYPE_ATTRIBUTE,
            <Task as ::dynakey::Entity>::matches_sort_key,
        ),
        <Task as ::dynakey::Entity>::reads_shape,
        <Task as ::dynakey::Entity>::KEY_CHANGE,
    );
    #[automatically_derived]
    impl ::dynakey::Collection for WorkspaceView {
        type Table = <Settings as ::dynakey::Entity>::Table;
        type PartitionFields = <Settings as ::dynakey::Entity>::PartitionFields;
        const NAME: &'static str = "WorkspaceView";
        const PARTITION_TEMPLATE: ::dynakey::KeyTemplate = <Settings as ::dynakey::Entity>::PARTITION_TEMPLATE;
        const MEMBERS: &'static [::dynakey::__private::collection::Member] = &[
            __DYNAKEY_MEMBER_0,
            __DYNAKEY_MEMBER_1,
            __DYNAKEY_MEMBER_2,
        ];
        type Slots = (
            ::dynakey::__private::collection::Slot<Settings>,
            ::dynakey::__private::collection::Slot<Project>,
            ::dynakey::__private::collection::Slot<Task>,
        );
        fn slots() -> Self::Slots {
            (
                ::core::default::Default::default(),
                ::core::default::Default::default(),
                ::core::default::Default::default(),
            )
        }
        #[inline]
        fn push<D: ::dynakey::__private::collection::ItemDecoder>(
            slots: &mut Self::Slots,
            member: usize,
            sort_key: &str,
            item: D::Item,
            decoder: &mut D,
        ) -> ::core::result::Result<(), D::Error> {
            match member {
                0usize => {
                    slots
                        .0
                        .push(
                            ::dynakey::__private::collection::ItemDecoder::decode::<
                                Settings,
                            >(decoder, sort_key, item)?,
                        )
                }
                1usize => {
                    slots
                        .1
                        .push(
                            ::dynakey::__private::collection::ItemDecoder::decode::<
                                Project,
                            >(decoder, sort_key, item)?,
                        )
                }
                2usize => {
                    slots
                        .2
                        .push(
                            ::dynakey::__private::collection::ItemDecoder::decode::<
                                Task,
                            >(decoder, sort_key, item)?,
                        )
                }
                _ => {}
            }
            ::core::result::Result::Ok(())
        }
        fn finish(
            slots: Self::Slots,
        ) -> ::core::result::Result<Self, ::dynakey::CollectionError> {
            ::core::result::Result::Ok(WorkspaceView {
                settings: slots.0.one("WorkspaceView", &__DYNAKEY_MEMBER_0)?,
                latest: slots.1.optional("WorkspaceView", &__DYNAKEY_MEMBER_1)?,
                tasks: slots.2.many(),
            })
        }
    }
    #[automatically_derived]
    impl ::dynakey::MemberOf<WorkspaceView> for Settings {}
    #[automatically_derived]
    impl ::dynakey::MemberOf<WorkspaceView> for Project {}
    #[automatically_derived]
    impl ::dynakey::MemberOf<WorkspaceView> for Task {}
    const _: () = if <Settings as ::dynakey::Entity>::SORT_TEMPLATE.is_none()
        && !::dynakey::__private::is_fallback(
            &<Settings as ::dynakey::Entity>::PARTITION_TEMPLATE,
        )
    {
        ::core::panic!(
            "collection `WorkspaceView`: member `settings` (Settings) has no sort-key template; a collection tells its members apart by sort key, so each member needs #[sk(\"…\")]"
        )
    };
    const _: () = ::dynakey::__private::assert_same_table::<
        <Project as ::dynakey::Entity>::Table,
        <Settings as ::dynakey::Entity>::Table,
        Project,
        Settings,
    >();
    const _: () = ::dynakey::__private::assert_same_partition_fields::<
        <Project as ::dynakey::Entity>::PartitionFields,
        <Settings as ::dynakey::Entity>::PartitionFields,
        Project,
        Settings,
    >();
    const _: () = {
        let first = &<Settings as ::dynakey::Entity>::PARTITION_TEMPLATE;
        let this = &<Project as ::dynakey::Entity>::PARTITION_TEMPLATE;
        if !::dynakey::__private::is_fallback(first)
            && !::dynakey::__private::is_fallback(this)
            && !::dynakey::__private::same_literals(first, this)
        {
            ::core::panic!(
                "collection `WorkspaceView`: members `settings` (Settings) and `latest` (Project) have different partition-key templates; the members of a collection share one partition, so they need the same partition-key literals (e.g. #[pk(\"WS#<workspace>\")] on both)"
            )
        }
    };
    const _: () = if !::dynakey::__private::is_fallback(
        &<Settings as ::dynakey::Entity>::PARTITION_TEMPLATE,
    )
        && !::dynakey::__private::is_fallback(
            &<Project as ::dynakey::Entity>::PARTITION_TEMPLATE,
        )
        && !::dynakey::__private::same_sharding(
            <Settings as ::dynakey::Entity>::SHARDING,
            <Project as ::dynakey::Entity>::SHARDING,
        )
    {
        ::core::panic!(
            "collection `WorkspaceView`: members `settings` (Settings) and `latest` (Project) have different partition-key sharding (#[pk(\"…\", shards = N, shard_by = \"…\")] on one and not the other, or other shard counts), so their items are in different partitions and no single Query reads both; give both the same `shards`, or neither (a sharded collection is read one shard at a time, with `query_shard`)"
        )
    };
    const _: () = if <Project as ::dynakey::Entity>::SORT_TEMPLATE.is_none()
        && !::dynakey::__private::is_fallback(
            &<Project as ::dynakey::Entity>::PARTITION_TEMPLATE,
        )
    {
        ::core::panic!(
            "collection `WorkspaceView`: member `latest` (Project) has no sort-key template; a collection tells its members apart by sort key, so each member needs #[sk(\"…\")]"
        )
    };
    const _: () = ::dynakey::__private::assert_same_table::<
        <Task as ::dynakey::Entity>::Table,
        <Settings as ::dynakey::Entity>::Table,
        Task,
        Settings,
    >();
    const _: () = ::dynakey::__private::assert_same_partition_fields::<
        <Task as ::dynakey::Entity>::PartitionFields,
        <Settings as ::dynakey::Entity>::PartitionFields,
        Task,
        Settings,
    >();
    const _: () = {
        let first = &<Settings as ::dynakey::Entity>::PARTITION_TEMPLATE;
        let this = &<Task as ::dynakey::Entity>::PARTITION_TEMPLATE;
        if !::dynakey::__private::is_fallback(first)
            && !::dynakey::__private::is_fallback(this)
            && !::dynakey::__private::same_literals(first, this)
        {
            ::core::panic!(
                "collection `WorkspaceView`: members `settings` (Settings) and `tasks` (Task) have different partition-key templates; the members of a collection share one partition, so they need the same partition-key literals (e.g. #[pk(\"WS#<workspace>\")] on both)"
            )
        }
    };
    const _: () = if !::dynakey::__private::is_fallback(
        &<Settings as ::dynakey::Entity>::PARTITION_TEMPLATE,
    )
        && !::dynakey::__private::is_fallback(
            &<Task as ::dynakey::Entity>::PARTITION_TEMPLATE,
        )
        && !::dynakey::__private::same_sharding(
            <Settings as ::dynakey::Entity>::SHARDING,
            <Task as ::dynakey::Entity>::SHARDING,
        )
    {
        ::core::panic!(
            "collection `WorkspaceView`: members `settings` (Settings) and `tasks` (Task) have different partition-key sharding (#[pk(\"…\", shards = N, shard_by = \"…\")] on one and not the other, or other shard counts), so their items are in different partitions and no single Query reads both; give both the same `shards`, or neither (a sharded collection is read one shard at a time, with `query_shard`)"
        )
    };
    const _: () = if <Task as ::dynakey::Entity>::SORT_TEMPLATE.is_none()
        && !::dynakey::__private::is_fallback(
            &<Task as ::dynakey::Entity>::PARTITION_TEMPLATE,
        )
    {
        ::core::panic!(
            "collection `WorkspaceView`: member `tasks` (Task) has no sort-key template; a collection tells its members apart by sort key, so each member needs #[sk(\"…\")]"
        )
    };
    const _: () = match ::dynakey::__private::member_overlap(
        &__DYNAKEY_MEMBER_0,
        &__DYNAKEY_MEMBER_1,
    ) {
        ::dynakey::__private::Overlap::Identical => {
            ::core::panic!(
                "collection `WorkspaceView`: members `settings` (Settings) and `latest` (Project) have identical sort-key templates, so every key of one is also a key of the other; give one a distinct literal prefix (e.g. #[sk(\"FILE#<path>\")]), or declare #[dynakey(entity_type = \"_type\")] on both entities so that attribute tells their items apart"
            )
        }
        ::dynakey::__private::Overlap::Certain => {
            ::core::panic!(
                "collection `WorkspaceView`: members `settings` (Settings) and `latest` (Project) have overlapping sort-key templates: their fields take any text, so a key one of them writes can have the other's shape too, and a read could not tell which it is; give one a literal prefix the other cannot start with, end the shorter template with its delimiter so it cannot run into the other (\"PROJ#<id>#\", not \"PROJ#<id>\"), or declare #[dynakey(entity_type = \"_type\")] on both entities so that attribute tells their items apart"
            )
        }
        _ => {}
    };
    const _: () = match ::dynakey::__private::member_overlap(
        &__DYNAKEY_MEMBER_0,
        &__DYNAKEY_MEMBER_2,
    ) {
        ::dynakey::__private::Overlap::Identical => {
            ::core::panic!(
                "collection `WorkspaceView`: members `settings` (Settings) and `tasks` (Task) have identical sort-key templates, so every key of one is also a key of the other; give one a distinct literal prefix (e.g. #[sk(\"FILE#<path>\")]), or declare #[dynakey(entity_type = \"_type\")] on both entities so that attribute tells their items apart"
            )
        }
        ::dynakey::__private::Overlap::Certain => {
            ::core::panic!(
                "collection `WorkspaceView`: members `settings` (Settings) and `tasks` (Task) have overlapping sort-key templates: their fields take any text, so a key one of them writes can have the other's shape too, and a read could not tell which it is; give one a literal prefix the other cannot start with, end the shorter template with its delimiter so it cannot run into the other (\"PROJ#<id>#\", not \"PROJ#<id>\"), or declare #[dynakey(entity_type = \"_type\")] on both entities so that attribute tells their items apart"
            )
        }
        _ => {}
    };
    const _: () = match ::dynakey::__private::member_overlap(
        &__DYNAKEY_MEMBER_1,
        &__DYNAKEY_MEMBER_2,
    ) {
        ::dynakey::__private::Overlap::Identical => {
            ::core::panic!(
                "collection `WorkspaceView`: members `latest` (Project) and `tasks` (Task) have identical sort-key templates, so every key of one is also a key of the other; give one a distinct literal prefix (e.g. #[sk(\"FILE#<path>\")]), or declare #[dynakey(entity_type = \"_type\")] on both entities so that attribute tells their items apart"
            )
        }
        ::dynakey::__private::Overlap::Certain => {
            ::core::panic!(
                "collection `WorkspaceView`: members `latest` (Project) and `tasks` (Task) have overlapping sort-key templates: their fields take any text, so a key one of them writes can have the other's shape too, and a read could not tell which it is; give one a literal prefix the other cannot start with, end the shorter template with its delimiter so it cannot run into the other (\"PROJ#<id>#\", not \"PROJ#<id>\"), or declare #[dynakey(entity_type = \"_type\")] on both entities so that attribute tells their items apart"
            )
        }
        _ => {}
    };
};
