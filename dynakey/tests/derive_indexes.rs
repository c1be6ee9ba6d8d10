//! What `#[gsi]`/`#[lsi]` on a table and `#[index]` on an entity generate, checked without an
//! engine: index declarations, index key attributes (sparse over `Option` fields), and the Query
//! each index condition becomes.

use dynakey::AttributeValue;
use dynakey::{
    Entity, EntityIndex, Index, IndexDef, IndexKind, KeyErrorKind, KeyPath, Projection, Table,
};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK")]
#[gsi(ByStatus, name = "GSI1", partition_key = "GSI1PK", sort_key = "GSI1SK", projection = all)]
#[gsi(ByOwner, partition_key = "Owner", projection = include("name", "status"))]
#[gsi(ByParent, name = "parent-index", partition_key = "GSI2PK", sort_key = "GSI2SK", projection = keys_only)]
#[lsi(ByCreated, sort_key = "Created", projection = keys_only)]
struct App;

#[derive(dynakey::KeySegment, Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Status {
    #[key("ACTIVE")]
    Active,
    #[key("ARCHIVED")]
    Archived,
}

#[derive(Entity, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<id>")]
#[index(ByStatus, pk = "STATUS#<status>", sk = "<created>#<workspace>#<id>")]
#[index(ByOwner, pk = "USER#<owner>")]
#[index(ByCreated, sk = "C#<created>")]
struct Project {
    workspace: String,
    id: String,
    created: u64,
    status: Option<Status>,
    owner: String,
    name: String,
}

#[derive(Entity, Debug, Clone, PartialEq)]
#[dynakey(table = App)]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
#[index(ByParent, pk = "DRIVE#<account>#<parent>", sk = "<path>")]
struct Node {
    account: String,
    path: KeyPath,
    parent: Option<KeyPath>,
}

fn project(status: Option<Status>) -> Project {
    Project {
        workspace: "acme".into(),
        id: "p1".into(),
        created: 42,
        status,
        owner: "ada".into(),
        name: "Apollo".into(),
    }
}

#[test]
fn the_table_declares_its_indexes() {
    assert_eq!(
        ByStatus::DEF,
        IndexDef::global("GSI1", "GSI1PK").with_sort_key("GSI1SK")
    );
    assert_eq!(ByOwner::DEF.name(), "ByOwner");
    assert_eq!(ByOwner::DEF.sort_key(), None);
    assert_eq!(
        ByOwner::DEF.projection(),
        Projection::Include(&["name", "status"])
    );
    assert_eq!(ByParent::DEF.name(), "parent-index");
    assert_eq!(ByParent::DEF.projection(), Projection::KeysOnly);
    let lsi = ByCreated::DEF;
    assert_eq!(lsi.kind(), IndexKind::Local);
    assert_eq!(
        lsi.partition_key(),
        "PK",
        "an LSI shares the table's partition key"
    );
    assert_eq!(lsi.sort_key(), Some("Created"));
    assert_eq!(
        App::INDEXES,
        &[ByStatus::DEF, ByOwner::DEF, ByParent::DEF, ByCreated::DEF]
    );
    fn index_of<I: Index<Table = App>>() {}
    index_of::<ByStatus>();
    index_of::<ByCreated>();
}

#[test]
fn writes_compute_every_index_key() {
    let keys = project(Some(Status::Active)).index_keys().unwrap();
    assert_eq!(
        keys,
        vec![
            ("GSI1PK", "STATUS#ACTIVE".to_owned()),
            ("GSI1SK", "00000000000000000042#acme#p1".to_owned()),
            ("Owner", "USER#ada".to_owned()),
            ("Created", "C#00000000000000000042".to_owned()),
        ]
    );
    let entries: Vec<&EntityIndex> = Project::INDEXES.iter().collect();
    assert_eq!(entries.len(), 3);
    assert!(entries[0].is_sparse(), "status is an Option");
    assert_eq!(entries[0].index(), ByStatus::DEF);
    assert_eq!(
        entries[0].partition().map(|t| t.text()),
        Some("STATUS#<status>")
    );
    assert!(!entries[1].is_sparse());
    assert_eq!(entries[1].sort(), None);
    assert_eq!(
        entries[2].partition(),
        None,
        "an LSI has no partition template"
    );
}

#[test]
fn a_none_field_leaves_the_item_out_of_that_index_only() {
    let keys = project(None).index_keys().unwrap();
    let names: Vec<&str> = keys.iter().map(|(name, _)| *name).collect();
    assert_eq!(
        names,
        ["Owner", "Created"],
        "no GSI1PK/GSI1SK, no placeholder"
    );
    assert!(keys.iter().all(|(_, value)| !value.is_empty()));

    let root = Node {
        account: "a91".into(),
        path: KeyPath::folder(["root"]).unwrap(),
        parent: None,
    };
    assert_eq!(root.index_keys().unwrap(), vec![]);
    let photos = KeyPath::folder(["root", "photos"]).unwrap();
    let beach = Node {
        account: "a91".into(),
        path: photos.child_file("beach.jpg").unwrap(),
        parent: Some(photos.clone()),
    };
    assert_eq!(
        beach.index_keys().unwrap(),
        vec![
            ("GSI2PK", "DRIVE#a91#root/photos/".to_owned()),
            ("GSI2SK", "root/photos/beach.jpg".to_owned()),
        ]
    );
}

#[test]
fn index_key_errors_name_the_field() {
    let mut bad = project(Some(Status::Active));
    bad.workspace = "ac#me".into();
    let error = bad.index_keys().unwrap_err();
    assert!(
        matches!(
            error.kind(),
            KeyErrorKind::Terminator {
                field: "workspace",
                ..
            }
        ),
        "{error}"
    );
}

#[test]
fn index_queries_name_the_index_and_its_key_attributes() {
    let query = Project::query_by_status(Status::Active)
        .begins_with(Project::by_status_sk().created(42u64))
        .reverse();
    let (q, plan) = (query.build().unwrap(), query.plan().unwrap());
    assert_eq!(q.index_name.as_deref(), Some("GSI1"));
    assert_eq!(plan.target().partition_key(), "GSI1PK");
    assert_eq!(
        q.key_condition_expression,
        "#pk = :pk AND begins_with(#sk, :sk)"
    );
    assert_eq!(q.expression_attribute_names["#pk"], "GSI1PK");
    assert_eq!(q.expression_attribute_names["#sk"], "GSI1SK");
    assert_eq!(
        q.expression_attribute_values[":pk"],
        AttributeValue::S("STATUS#ACTIVE".into())
    );
    assert_eq!(
        q.expression_attribute_values[":sk"],
        AttributeValue::S("00000000000000000042#".into())
    );
    assert_eq!(plan.target().sort_key(), Some("GSI1SK"));
    assert_eq!(
        plan.target().start_key_attributes(),
        ["GSI1PK", "GSI1SK", "PK", "SK"]
    );
    assert!(!q.scan_index_forward);

    // Group ranges on the index sort key follow docs/semantics.md §3 like the table's.
    let query = Project::query_by_status(Status::Archived).between(
        Project::by_status_sk().created(1u64),
        Project::by_status_sk().created(2u64),
    );
    let (q, plan) = (query.build().unwrap(), query.plan().unwrap());
    assert_eq!(
        q.key_condition_expression,
        "#pk = :pk AND #sk BETWEEN :lo AND :hi"
    );
    assert_eq!(
        q.expression_attribute_values[":hi"],
        AttributeValue::S("00000000000000000002$".into())
    );
    assert_eq!(plan.excluded_sort_keys(), ["00000000000000000002$"]);

    // An index without a sort key: the partition only.
    let query = Project::query_by_owner("ada");
    let (q, plan) = (query.build().unwrap(), query.plan().unwrap());
    assert_eq!(q.key_condition_expression, "#pk = :pk");
    assert_eq!(plan.target().sort_key(), None);
    assert_eq!(plan.target().start_key_attributes(), ["Owner", "PK", "SK"]);
}

#[test]
fn an_lsi_query_uses_the_tables_partition_key_and_may_be_consistent() {
    let query = Project::query_by_created("acme")
        .gte(Project::by_created_sk().created(10u64))
        .consistent_read();
    let (q, plan) = (query.build().unwrap(), query.plan().unwrap());
    assert_eq!(q.index_name.as_deref(), Some("ByCreated"));
    assert_eq!(plan.target().partition_key(), "PK");
    assert_eq!(q.expression_attribute_names["#pk"], "PK");
    assert_eq!(q.expression_attribute_names["#sk"], "Created");
    assert_eq!(
        q.expression_attribute_values[":pk"],
        AttributeValue::S("WS#acme".into())
    );
    // The range stays inside the template's literal prefix `C#`.
    assert_eq!(
        q.key_condition_expression,
        "#pk = :pk AND #sk BETWEEN :lo AND :hi"
    );
    assert_eq!(
        q.expression_attribute_values[":lo"],
        AttributeValue::S("C#00000000000000000010".into())
    );
    assert_eq!(
        q.expression_attribute_values[":hi"],
        AttributeValue::S("C$".into())
    );
    assert!(q.consistent_read);
    assert_eq!(
        plan.target().start_key_attributes(),
        ["Created", "PK", "SK"]
    );
}

#[test]
fn the_parent_index_lists_one_folder() {
    let photos = KeyPath::folder(["root", "photos"]).unwrap();
    let query = Node::query_by_parent("a91", &photos);
    let q = query.build().unwrap();
    assert_eq!(q.index_name.as_deref(), Some("parent-index"));
    assert_eq!(
        q.expression_attribute_values[":pk"],
        AttributeValue::S("DRIVE#a91#root/photos/".into())
    );
    let query =
        Node::query_by_parent("a91", &photos).begins_with(Node::by_parent_sk().prefix(&photos));
    let q = query.build().unwrap();
    assert_eq!(
        q.expression_attribute_values[":sk"],
        AttributeValue::S("root/photos/".into())
    );
}
