//! What `#[derive(Collection)]` generates, and the engine-independent assembly of a collection
//! (member matching, cardinalities, errors), with items as JSON values.

use dynakey::__private::collection::overlap::{member_overlap, Overlap};
use dynakey::__private::collection::{Assembler, ItemDecoder, PushError};
use dynakey::Collection;
use dynakey::{Cardinality, CollectionErrorKind, Entity, KeyErrorKind, KeyPath};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use serde_json::{json, Value};

#[derive(dynakey::Table)]
#[table(partition_key = "EntityRef", sort_key = "Detail")]
struct Workspaces;

#[derive(Entity, Deserialize, Debug, PartialEq)]
#[dynakey(table = Workspaces, name = "WorkspaceSettings")]
#[pk("WS#<workspace>")]
#[sk("META")]
struct Settings {
    workspace: String,
    plan: String,
}

#[derive(Entity, Deserialize, Debug, PartialEq)]
#[dynakey(table = Workspaces)]
#[pk("WS#<ws>")]
#[sk("PROJ#<created>#<id>#")]
struct Project {
    ws: String,
    created: u64,
    id: String,
}

#[derive(Entity, Deserialize, Debug, PartialEq)]
#[dynakey(table = Workspaces)]
#[pk("WS#<workspace>")]
#[sk("PROJ#<created>#<project>#TASK#<id>")]
struct Task {
    workspace: String,
    created: u64,
    project: String,
    id: u32,
}

#[derive(dynakey::Collection, Debug, PartialEq)]
struct WorkspaceView {
    settings: Settings,
    latest: Option<Project>,
    tasks: Vec<Task>,
}

/// Decodes JSON items; the sort key travels beside the item.
struct Json;

impl ItemDecoder for Json {
    type Item = Value;
    type Error = String;
    fn decode<E: DeserializeOwned>(&mut self, sort_key: &str, item: Value) -> Result<E, String> {
        serde_json::from_value(item).map_err(|e| format!("{sort_key}: {e}"))
    }
}

fn assemble<C: Collection>(items: Vec<(&str, Value)>) -> Result<C, String> {
    let mut assembler = Assembler::<C>::new();
    for (sort_key, item) in items {
        match assembler
            .classify(sort_key, |_| None)
            .map_err(|e| e.to_string())?
        {
            Some(member) => {
                assembler
                    .push(member, sort_key, item, &mut Json)
                    .map_err(|e| match e {
                        PushError::Decode(e) => e,
                        PushError::Collection(e) => e.to_string(),
                    })?
            }
            None => return Err(assembler.unknown(Some(sort_key)).to_string()),
        }
    }
    assembler.finish().map_err(|e| e.to_string())
}

fn settings() -> (&'static str, Value) {
    ("META", json!({"workspace": "acme", "plan": "pro"}))
}

#[test]
fn the_derive_lists_members_with_their_cardinality_and_templates() {
    let members = WorkspaceView::MEMBERS;
    let summary: Vec<_> = members
        .iter()
        .map(|m| (m.field(), m.entity(), m.cardinality(), m.prefix()))
        .collect();
    assert_eq!(
        summary,
        [
            ("settings", "WorkspaceSettings", Cardinality::One, "META"),
            ("latest", "Project", Cardinality::Optional, "PROJ#"),
            ("tasks", "Task", Cardinality::Many, "PROJ#"),
        ]
    );
    assert_eq!(WorkspaceView::NAME, "WorkspaceView");
    assert_eq!(WorkspaceView::PARTITION_TEMPLATE.text(), "WS#<workspace>");
    // `PROJ#<created>#<id>#` ends at the id's terminator, so no task key has its shape.
    assert_eq!(member_overlap(&members[1], &members[2]), Overlap::Disjoint);
    assert_eq!(member_overlap(&members[0], &members[1]), Overlap::Disjoint);
    // Partition fields are compared by type, whatever the fields are called.
    fn same<T>(_: std::marker::PhantomData<T>, _: std::marker::PhantomData<T>) {}
    same(
        std::marker::PhantomData::<<Project as Entity>::PartitionFields>,
        std::marker::PhantomData::<(String,)>,
    );
}

#[test]
fn generated_matchers_decode_every_segment() {
    assert!(Project::matches_sort_key("PROJ#00000000000000000042#p1#"));
    assert!(
        !Project::matches_sort_key("PROJ#0000000000000000004x#p1#"),
        "not a u64"
    );
    assert!(
        !Project::matches_sort_key("PROJ#00000000000000000042#p1"),
        "no closing #"
    );
    assert!(!Project::matches_sort_key("PROJ#42#p1#"), "not 20 digits");
    assert!(Task::matches_sort_key(
        "PROJ#00000000000000000042#p1#TASK#0000000007"
    ));
    assert!(!Task::matches_sort_key(
        "PROJ#00000000000000000042#p1#TASK#seven"
    ));
    assert!(Settings::matches_sort_key("META"));
    assert!(!Settings::matches_sort_key("META#"));
}

#[test]
fn assembles_members_in_query_order() {
    let view: WorkspaceView = assemble(vec![
        settings(),
        (
            "PROJ#00000000000000000042#p1#",
            json!({"ws": "acme", "created": 42, "id": "p1"}),
        ),
        (
            "PROJ#00000000000000000042#p1#TASK#0000000002",
            json!({"workspace": "acme", "created": 42, "project": "p1", "id": 2}),
        ),
        (
            "PROJ#00000000000000000042#p1#TASK#0000000001",
            json!({"workspace": "acme", "created": 42, "project": "p1", "id": 1}),
        ),
    ])
    .unwrap();
    assert_eq!(view.settings.plan, "pro");
    assert_eq!(view.latest.map(|p| p.id).as_deref(), Some("p1"));
    assert_eq!(
        view.tasks.iter().map(|t| t.id).collect::<Vec<_>>(),
        [2, 1],
        "Vec members keep the order items arrived in"
    );

    let view: WorkspaceView = assemble(vec![settings()]).unwrap();
    assert_eq!(view.latest, None);
    assert!(view.tasks.is_empty());
}

#[test]
fn cardinality_and_unknown_items_are_errors_that_name_the_member() {
    let missing = assemble::<WorkspaceView>(vec![]).unwrap_err();
    assert!(
        missing.contains("`settings` (WorkspaceSettings"),
        "{missing}"
    );
    assert!(missing.contains("exactly one"), "{missing}");

    let project = |id: &str| {
        (
            format!("PROJ#00000000000000000001#{id}#"),
            json!({"ws": "acme", "created": 1, "id": id}),
        )
    };
    let (a, b) = (project("a"), project("b"));
    let too_many =
        assemble::<WorkspaceView>(vec![settings(), (a.0.as_str(), a.1), (b.0.as_str(), b.1)])
            .unwrap_err();
    assert!(too_many.contains("`latest` (Project"), "{too_many}");
    assert!(
        too_many.contains(&a.0) && too_many.contains(&b.0),
        "{too_many}"
    );

    let unknown =
        assemble::<WorkspaceView>(vec![settings(), ("INVITE#bob", json!({}))]).unwrap_err();
    assert!(
        unknown.contains("\"INVITE#bob\" matches no member"),
        "{unknown}"
    );

    let decode = assemble::<WorkspaceView>(vec![("META", json!({"plan": 1}))]).unwrap_err();
    assert!(decode.starts_with("META: "), "{decode}");
}

#[test]
fn read_queries_keep_the_condition_and_refuse_a_limit() {
    let q = WorkspaceView::read_query(
        &Task::query("acme").begins_with(Task::sk().created(42u64).project("p1")),
    )
    .unwrap();
    assert_eq!(
        q.input(0).key_condition_expression,
        "#pk = :pk AND begins_with(#sk, :sk)"
    );
    assert_eq!(q.limit(), None);
    let err = WorkspaceView::read_query(&Settings::query("acme").limit(1)).unwrap_err();
    assert!(
        matches!(err.kind(), KeyErrorKind::Condition(m) if m.contains("limit")),
        "{err}"
    );
}

// Entity-type attributes: identical templates told apart by the attribute.

#[derive(Entity, Deserialize, Debug, PartialEq)]
#[dynakey(entity_type = "_type")]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct Folder {
    account: String,
    path: KeyPath,
}

#[derive(Entity, Deserialize, Debug, PartialEq)]
#[dynakey(entity_type = "_type")]
#[pk("DRIVE#<account>")]
#[sk("<path>")]
struct File {
    account: String,
    path: KeyPath,
}

#[derive(dynakey::Collection, Debug)]
#[allow(dead_code)] // only its matching is tested here; tests/engine_collections.rs reads it
struct Tree {
    folders: Vec<Folder>,
    files: Vec<File>,
}

#[test]
fn entity_type_attributes_tell_identical_templates_apart() {
    assert_eq!(Folder::ENTITY_TYPE_ATTRIBUTE, Some("_type"));
    assert_eq!(Settings::ENTITY_TYPE_ATTRIBUTE, None);
    assert_eq!(
        member_overlap(&Tree::MEMBERS[0], &Tree::MEMBERS[1]),
        Overlap::Disjoint
    );
    assert!(Folder::matches_sort_key("root/photos/"));
    assert!(!Folder::matches_sort_key("root//"), "not a path");

    let assembler = Assembler::<Tree>::new();
    let of = |t: &'static str| move |name: &str| (name == "_type").then_some(t);
    assert_eq!(assembler.classify("root/", of("Folder")).unwrap(), Some(0));
    assert_eq!(
        assembler.classify("root/a.txt", of("File")).unwrap(),
        Some(1)
    );
    assert_eq!(assembler.classify("root/", |_| None).unwrap(), None);
    let err = assembler.unknown(Some("root/")).into_kind();
    assert!(matches!(
        err,
        CollectionErrorKind::UnknownItem {
            collection: "Tree",
            ..
        }
    ));
}
