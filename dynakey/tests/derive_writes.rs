//! Generated field handles and typed writes without an engine: attribute names (serde's), typed
//! conditions, update plans (index keys recomputed in the same update, sparse indexes left),
//! managed fields and the TTL codec.

use std::time::{Duration, SystemTime, UNIX_EPOCH};

use dynakey::__private::expr::AttributeType;
use dynakey::AttributeValue;
use dynakey::{Entity, KeySegment, Table, UpdateBuilder, UpdatePlan, UtcTime, WriteInput};
use serde::{Deserialize, Serialize};

#[derive(Table)]
#[table(partition_key = "PK", sort_key = "SK", ttl = "expiresAt")]
#[gsi(ByAssignee, partition_key = "GSI1PK", sort_key = "GSI1SK")]
#[gsi(ByStatus, partition_key = "GSI2PK", sort_key = "GSI2SK")]
#[lsi(ByDue, sort_key = "LSI1SK")]
struct Tracker;

#[derive(
    KeySegment, Serialize, Deserialize, Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord,
)]
enum Status {
    #[key("DONE")]
    Done,
    #[key("OPEN")]
    Open,
}

#[derive(Entity, Serialize, Deserialize, Debug, Clone, PartialEq)]
#[dynakey(table = Tracker, version = "version", updated_at = "updated_at")]
#[pk("WS#<workspace>")]
#[sk("TASK#<id>")]
#[index(ByAssignee, pk = "USER#<assignee>", sk = "<created>#<workspace>#<id>")]
#[index(ByStatus, pk = "WS#<workspace>#STATUS#<status>", sk = "<id>")]
#[index(ByDue, sk = "DUE#<due>")]
#[serde(rename_all = "camelCase")]
struct Task {
    workspace: String,
    id: u32,
    assignee: Option<String>,
    created: u64,
    status: Status,
    due: u32,
    title: String,
    #[serde(rename = "n")]
    comment_count: u32,
    points: i32,
    #[serde(with = "serde_dynamo::string_set")]
    labels: Vec<String>,
    history: Vec<String>,
    note: Option<String>,
    version: u64,
    updated_at: Option<UtcTime>,
    #[ttl]
    #[serde(with = "dynakey::ttl")]
    expires_at: Option<SystemTime>,
    #[serde(skip)]
    cache: u8,
}

fn key() -> dynakey::Key<Task> {
    Task::key("acme", 7u32).unwrap()
}

fn render(plan: &UpdatePlan<Task>) -> WriteInput {
    plan.input(UNIX_EPOCH + Duration::from_secs(1_000)).unwrap()
}

#[test]
fn handles_name_the_attributes_serde_writes() {
    assert_eq!(Task::TITLE.attribute(), "title");
    assert_eq!(Task::COMMENT_COUNT.attribute(), "n");
    assert_eq!(Task::UPDATED_AT.attribute(), "updatedAt");
    assert_eq!(Task::EXPIRES_AT.attribute(), "expiresAt");
    assert_eq!(
        Task::BY_ASSIGNEE.fields(),
        &[("assignee", "assignee"), ("created", "created")]
    );
    assert_eq!(Task::BY_STATUS.fields(), &[("status", "status")]);
    assert_eq!(Task::BY_DUE.fields(), &[("due", "due")]);
    assert_eq!(Task::MANAGED.version(), Some("version"));
    assert_eq!(Task::MANAGED.ttl(), Some("expiresAt"));
    assert_eq!(
        Task::MANAGED.updated_at().map(|s| s.attribute()),
        Some("updatedAt")
    );
    assert!(Task::MANAGED.created_at().is_none());
}

#[test]
fn conditions_render_with_their_values_serialised_as_the_item_stores_them() {
    let condition = Task::STATUS
        .eq(Status::Open)
        .and(Task::NOTE.not_exists().or(Task::NOTE.eq("x")))
        .and(Task::TITLE.begins_with("Fix").not())
        .and(Task::LABELS.contains("urgent"))
        .and(Task::TITLE.size().between(1, 80))
        .and(Task::DUE.is_in([1u32, 2]))
        .and(Task::COMMENT_COUNT.attribute_type(AttributeType::N))
        .and(Task::EXPIRES_AT.gt(UNIX_EPOCH + Duration::from_secs(5)));
    let input = WriteInput::render(&[], Some(condition.expr().unwrap()));
    assert_eq!(
        input.condition_expression.as_deref(),
        Some(
            "#status = :status AND (attribute_not_exists(#note) OR #note = :note) AND NOT \
             begins_with(#title, :title) AND contains(#labels, :labels) AND size(#title) BETWEEN \
             :title_2 AND :title_3 AND #due IN (:due, :due_2) AND attribute_type(#n, :n) AND \
             #expiresAt > :expiresAt"
        )
    );
    let values = &input.expression_attribute_values;
    assert_eq!(
        values[":status"],
        AttributeValue::S("Open".into()),
        "serde's form, not the key text"
    );
    assert_eq!(values[":note"], AttributeValue::S("x".into()));
    assert_eq!(
        values[":expiresAt"],
        AttributeValue::N("5".into()),
        "TTL: epoch seconds"
    );
    assert_eq!(values[":n"], AttributeValue::S("N".into()));
}

#[test]
fn a_managed_timestamp_compares_with_a_value_of_its_type() {
    let at: UtcTime = "1970-01-01T00:16:40.000000000Z".parse().unwrap();
    let minute_before = at - Duration::from_secs(60);
    let latest: UtcTime = "9999-12-31T23:59:59.999999999Z".parse().unwrap();
    let recent = Task::UPDATED_AT
        .gt(minute_before)
        .and(Task::UPDATED_AT.le(latest));
    let input = WriteInput::render(&[], Some(recent.expr().unwrap()));
    assert_eq!(
        input.condition_expression.as_deref(),
        Some("#updatedAt > :updatedAt AND #updatedAt <= :updatedAt_2")
    );
    let values = &input.expression_attribute_values;
    assert_eq!(
        values[":updatedAt"],
        AttributeValue::S("1970-01-01T00:15:40.000000000Z".into())
    );
    assert_eq!(
        values[":updatedAt_2"],
        AttributeValue::S("9999-12-31T23:59:59.999999999Z".into())
    );
}

#[test]
fn an_update_of_an_index_group_rewrites_the_index_keys() {
    let plan = UpdatePlan::new(key())
        .set(Task::TITLE, "Ship")
        .set(Task::BY_ASSIGNEE, ("bob", 42u64))
        .set(Task::BY_STATUS, Status::Done)
        .expected_version(3);
    let input = render(&plan);
    assert_eq!(
        input.update_expression.as_deref(),
        Some(
            "SET #title = :title, #assignee = :assignee, #created = :created, #GSI1PK = \
             :GSI1PK, #GSI1SK = :GSI1SK, #status = :status, #GSI2PK = :GSI2PK, #GSI2SK = \
             :GSI2SK, #version = :version, #updatedAt = :updatedAt"
        )
    );
    let values = &input.expression_attribute_values;
    assert_eq!(values[":GSI1PK"], AttributeValue::S("USER#bob".into()));
    assert_eq!(
        values[":GSI1SK"],
        AttributeValue::S("00000000000000000042#acme#0000000007".into()),
        "the key fields come from the item's key"
    );
    assert_eq!(
        values[":GSI2PK"],
        AttributeValue::S("WS#acme#STATUS#DONE".into())
    );
    assert_eq!(values[":GSI2SK"], AttributeValue::S("0000000007".into()));
    assert_eq!(values[":version"], AttributeValue::N("4".into()));
    assert_eq!(
        values[":updatedAt"],
        AttributeValue::S("1970-01-01T00:16:40.000000000Z".into()),
        "a UtcTime timestamp: the fixed-width string of the request's time"
    );
    assert_eq!(
        input.condition_expression.as_deref(),
        Some("#version = :version_2"),
        "the version check alone: no missing item passes it, so no `attribute_exists` beside it"
    );
    assert_eq!(values[":version_2"], AttributeValue::N("3".into()));
    // The LSI's sort key is its own attribute; its partition key is the table's, never written.
    let due = render(&UpdatePlan::new(key()).set(Task::BY_DUE, 5u32));
    assert!(due
        .update_expression
        .unwrap()
        .starts_with("SET #due = :due, #LSI1SK = :LSI1SK"));
}

#[test]
fn an_option_index_field_set_to_none_takes_the_item_out_of_the_sparse_index() {
    let plan = UpdatePlan::new(key()).set(Task::BY_ASSIGNEE, (None::<String>, 42u64));
    let input = render(&plan);
    assert_eq!(
        input.update_expression.as_deref(),
        Some(
            "SET #assignee = :assignee, #created = :created, #version = \
             if_not_exists(#version, :version) + :version_2, #updatedAt = :updatedAt REMOVE \
             #GSI1PK, #GSI1SK"
        )
    );
    assert_eq!(
        input.expression_attribute_values[":assignee"],
        AttributeValue::Null(true)
    );
}

#[test]
fn list_set_number_and_absent_operations_render_as_dynamodb_documents_them() {
    let plan = UpdatePlan::new(key())
        .add(Task::COMMENT_COUNT, 2)
        .subtract(Task::POINTS, 1)
        .append(Task::HISTORY, ["moved"])
        .add_to_set(Task::LABELS, ["a", "b"])
        .delete_from_set(Task::LABELS, Vec::<String>::new())
        .set_if_not_exists(Task::NOTE, "first")
        .set(Task::EXPIRES_AT, UNIX_EPOCH + Duration::from_secs(99))
        .upsert();
    let input = render(&plan);
    assert_eq!(
        input.update_expression.as_deref(),
        Some(
            "SET #n = #n + :n, #points = #points - :points, #history = list_append(#history, :history), \
             #note = if_not_exists(#note, :note), #expiresAt = :expiresAt, #version = \
             if_not_exists(#version, :version) + :version_2, #updatedAt = :updatedAt ADD \
             #labels :labels"
        ),
        "deleting no element is no action"
    );
    let values = &input.expression_attribute_values;
    assert_eq!(
        values[":labels"],
        AttributeValue::Ss(vec!["a".into(), "b".into()])
    );
    assert_eq!(
        values[":history"],
        AttributeValue::L(vec![AttributeValue::S("moved".into())])
    );
    assert_eq!(values[":expiresAt"], AttributeValue::N("99".into()));
    assert_eq!(
        input.condition_expression, None,
        "an upsert has no existence check"
    );
}

#[test]
fn a_later_action_on_an_attribute_replaces_an_earlier_one() {
    let plan = UpdatePlan::new(key())
        .set(Task::TITLE, "a")
        .set(Task::TITLE, "b");
    let input = render(&plan);
    assert!(input
        .update_expression
        .unwrap()
        .starts_with("SET #title = :title, #version"));
    assert_eq!(
        input.expression_attribute_values[":title"],
        AttributeValue::S("b".into())
    );
}

#[test]
fn bad_values_are_errors_of_the_plan_before_anything_is_sent() {
    // The last segment of "USER#<assignee>" may not be empty: the key rules of every write.
    let empty = UpdatePlan::new(key()).set(Task::BY_ASSIGNEE, ("", 1u64));
    let error = empty.input(SystemTime::now()).unwrap_err();
    assert!(
        error.to_string().contains("empty value is ambiguous"),
        "{error}"
    );
    let empty_set = UpdatePlan::new(key()).set(Task::LABELS, Vec::<String>::new());
    let error = empty_set.input(SystemTime::now()).unwrap_err();
    assert!(error.to_string().contains("no empty sets"), "{error}");
    let too_many = Task::DUE.is_in(0u32..101);
    assert!(too_many.expr().is_err());
}

#[test]
fn the_ttl_codec_stores_epoch_seconds() {
    #[derive(Serialize, Deserialize, PartialEq, Debug)]
    struct Expiring {
        #[serde(with = "dynakey::ttl")]
        at: SystemTime,
        #[serde(with = "dynakey::ttl")]
        maybe: Option<SystemTime>,
    }
    let value = Expiring {
        at: UNIX_EPOCH + Duration::from_millis(61_900),
        maybe: None,
    };
    let item: serde_dynamo::Item = serde_dynamo::to_item(&value).unwrap();
    assert_eq!(item["at"], serde_dynamo::AttributeValue::N("61".into()));
    assert_eq!(item["maybe"], serde_dynamo::AttributeValue::Null(true));
    let back: Expiring = serde_dynamo::from_item(item).unwrap();
    assert_eq!(
        back.at,
        UNIX_EPOCH + Duration::from_secs(61),
        "whole seconds"
    );
    assert_eq!(back.maybe, None);
}

#[test]
fn a_skipped_field_has_no_handle_and_the_struct_still_works() {
    let task = Task {
        workspace: "acme".into(),
        id: 7,
        assignee: None,
        created: 1,
        status: Status::Open,
        due: 3,
        title: "t".into(),
        comment_count: 0,
        points: 0,
        labels: vec!["x".into()],
        history: vec![],
        note: None,
        version: 1,
        updated_at: None,
        expires_at: None,
        cache: 9,
    };
    assert_eq!(task.primary_key().unwrap(), key());
    assert_eq!(task.cache, 9);
}
