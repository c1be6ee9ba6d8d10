//! Every message of the runtime's error types reads as one line of prose: no runs of spaces (a
//! line continuation without `\` in a format string leaves them), no line break inside it.

use std::time::Duration;

use dynakey::{CollectionErrorKind, CursorError, IndexKind, ValueError};

use super::*;

fn one(partition: &str, sort: Option<&str>) -> (String, Option<String>) {
    (partition.to_owned(), sort.map(str::to_owned))
}

fn every_error() -> Vec<Error> {
    let (partition, sort) = one("USER#u1", Some("PROFILE"));
    let entry = BatchEntry {
        position: 3,
        partition: partition.clone(),
        sort: sort.clone(),
    };
    let refusals = vec![
        TransactionRefusal::Empty,
        TransactionRefusal::TooManyActions {
            count: 101,
            limit: 100,
        },
        TransactionRefusal::SameItem {
            first: 0,
            second: 1,
            partition: partition.clone(),
            sort: sort.clone(),
        },
        TransactionRefusal::SameItem {
            first: 0,
            second: 1,
            partition: format!(
                "{}User#email#a@x.io",
                dynakey::__private::unique::UNIQUE_PREFIX
            ),
            sort: None,
        },
        TransactionRefusal::TooLarge { size: 5_000_000 },
        TransactionRefusal::ClientRequestToken { length: 40 },
        TransactionRefusal::UniqueFieldOperation {
            attribute: "email".into(),
        },
        TransactionRefusal::ReturnValues,
    ];
    let reasons = vec![
        CancelReason::None,
        CancelReason::ConditionFailed(Box::new(Error::ConditionFailed {
            table: "app".into(),
            partition: partition.clone(),
            sort: sort.clone(),
            current: None,
        })),
        CancelReason::NotUnique {
            fields: vec!["email"],
            key: "UNIQUE#User#email#a@x.io".into(),
        },
        CancelReason::TransactionConflict,
        CancelReason::Throttled {
            code: "ThrottlingError".into(),
        },
        CancelReason::Validation {
            message: Some("bad".into()),
        },
        CancelReason::Other {
            code: "ItemCollectionSizeLimitExceeded".into(),
            message: None,
        },
    ];
    let differences = vec![
        SchemaDifference::Key {
            index: None,
            role: KeyRole::Partition,
            declared: Some("PK".into()),
            found: Some("pk".into()),
        },
        SchemaDifference::Key {
            index: Some("GSI1".into()),
            role: KeyRole::Sort,
            declared: None,
            found: Some("GSI1SK".into()),
        },
        SchemaDifference::AttributeType {
            attribute: "PK".into(),
            found: "N".into(),
        },
        SchemaDifference::KeyAttributeType {
            attribute: "round".into(),
            declared: "N".into(),
            found: "S".into(),
        },
        SchemaDifference::MissingIndex {
            index: "GSI1".into(),
            kind: IndexKind::Global,
        },
        SchemaDifference::IndexKind {
            index: "LSI1".into(),
            declared: IndexKind::Local,
        },
        SchemaDifference::Projection {
            index: "GSI1".into(),
            declared: "ALL".into(),
            found: "KEYS_ONLY".into(),
        },
        SchemaDifference::Stream {
            declared: Some(dynakey::StreamViewType::NewAndOldImages),
            found: None,
        },
        SchemaDifference::Stream {
            declared: Some(dynakey::StreamViewType::NewImage),
            found: Some("KEYS_ONLY".into()),
        },
        SchemaDifference::Stream {
            declared: None,
            found: Some("OLD_IMAGE".into()),
        },
    ];
    let problems = vec![
        ItemProblem::TooLarge { size: 500_000 },
        ItemProblem::Number {
            attribute: "ratio".into(),
            value: "NaN".into(),
        },
        ItemProblem::EmptySet {
            attribute: "tags".into(),
        },
        ItemProblem::TooDeep {
            attribute: "a.b".into(),
        },
    ];
    let mut errors = vec![
        Error::Key(CursorError::WrongKey("attribute \"PK\" is not of type S".into()).into()),
        Error::Plan(ValueError::new("title", "it does not serialise").into()),
        Error::Serialize(<serde_dynamo::Error as serde::ser::Error>::custom(
            "a map key",
        )),
        Error::Decode {
            partition: Some(partition.clone()),
            sort: sort.clone(),
            source: <serde_dynamo::Error as serde::de::Error>::custom("missing field `name`"),
        },
        Error::KeyAttributeCollision {
            attribute: "PK".into(),
        },
        Error::NativeKeyAttribute {
            attribute: "round".into(),
            declared: "N",
            found: "S".into(),
        },
        Error::KeyTemplateConflict {
            attribute: "SK".into(),
            first: "A".into(),
            second: "B".into(),
        },
        Error::EntityTypeCollision {
            attribute: "_type".into(),
        },
        Error::Collection(
            CollectionErrorKind::UnknownItem {
                collection: "Workspace",
                sort_key: Some("X#1".into()),
            }
            .into(),
        ),
        Error::Sdk {
            operation: "PutItem",
            message: "ResourceNotFoundException: Requested resource not found".into(),
            source: Box::new(std::io::Error::other("not found")),
        },
        Error::BatchWrite(Box::new(BatchWriteFailure {
            operation: "BatchWriteItem",
            report: BatchReport::default(),
            not_applied: vec![entry.clone()],
            unknown: Vec::new(),
            attempts: 8,
            cause: Error::StillUnprocessed {
                operation: "BatchWriteItem",
                what: "UnprocessedItems",
                count: 1,
                attempts: 8,
            },
            not_written_from: None,
        })),
        Error::BatchGet(Box::new(BatchGetFailure {
            operation: "BatchGetItem",
            read: Vec::new(),
            not_read: vec![entry],
            attempts: 8,
            cause: Error::StillUnprocessed {
                operation: "BatchGetItem",
                what: "UnprocessedKeys",
                count: 1,
                attempts: 8,
            },
        })),
        Error::TableNotActive {
            table: "app".into(),
            status: "CREATING".into(),
            waited: Duration::from_secs(600),
        },
        Error::TableMismatch {
            table: "app".into(),
            differences,
        },
        Error::NoStreamDeclared {
            table: "app".into(),
        },
        Error::TransactionCanceled(Box::new(TransactionCanceled {
            client_request_token: "t".into(),
            reasons,
        })),
        Error::TransactionFailed {
            client_request_token: "t".into(),
            source: Box::new(Error::Engine("timeout".into())),
            resend: Box::new(Resend {
                request: Rendered {
                    items: Vec::new(),
                    readings: Vec::new(),
                    actions: 0,
                },
                token: "t".into(),
            }),
        },
        Error::NotUnique {
            entity: "User",
            fields: vec!["email", "tenant"],
            key: "UNIQUE#User#email#a@x.io".into(),
        },
        Error::Engine("binding 127.0.0.1: denied".into()),
        Error::NoUniqueConstraint {
            entity: "User",
            attributes: vec!["org", "email"],
        },
        Error::DanglingUnique(Box::new(DanglingUnique {
            entity: "User",
            fields: vec!["email"],
            key: "UNIQUE#User#email#a@x.io".into(),
            owner: None,
            reason: "it names no owner".into(),
        })),
    ];
    for sort in [sort.clone(), None] {
        errors.push(Error::AlreadyExists {
            table: "app".into(),
            partition: partition.clone(),
            sort: sort.clone(),
        });
        errors.push(Error::NotFound {
            table: "app".into(),
            partition: partition.clone(),
            sort: sort.clone(),
        });
        errors.push(Error::ConditionFailed {
            table: "app".into(),
            partition: partition.clone(),
            sort: sort.clone(),
            current: None,
        });
        errors.push(Error::KeyChanged {
            table: "app".into(),
            partition: partition.clone(),
            sort: sort.clone(),
        });
        errors.push(Error::ModifyContended {
            table: "app".into(),
            partition: partition.clone(),
            sort: sort.clone(),
            attempts: 32,
        });
        errors.push(Error::OutcomeUnknown(Box::new(OutcomeUnknown {
            operation: "UpdateItem",
            table: "app".into(),
            partition: partition.clone(),
            sort: sort.clone(),
            attempts: 1,
            cause: Error::Sdk {
                operation: "UpdateItem",
                message: "dispatch failure: connection closed before message completed".into(),
                source: Box::new(std::io::Error::other("closed")),
            },
            sent: SentRequest::Item(Box::new(SentWrite {
                kind: SentKind::Delete {
                    key: crate::Item::new(),
                },
                key: (partition.clone(), sort.clone()),
                condition: None,
                expected: Expected::guard(dynakey::__private::write::Guard::Any),
                return_values: aws_sdk_dynamodb::types::ReturnValue::None,
            })),
        })));
        for found in [Some(4), None] {
            errors.push(Error::VersionConflict {
                table: "app".into(),
                partition: partition.clone(),
                sort: sort.clone(),
                expected: 3,
                found,
                current: None,
            });
        }
    }
    for owner in [(partition.clone(), sort.clone()), (partition.clone(), None)] {
        errors.push(Error::DanglingUnique(Box::new(DanglingUnique {
            entity: "User",
            fields: vec!["org", "handle"],
            key: "UNIQUE#User#org+handle#acme#ann".into(),
            owner: Some(owner),
            reason: "no item has its owner's key".into(),
        })));
    }
    for operation in ["Query", "Scan", "delete_all", "transact_get"] {
        errors.push(Error::ForeignItem {
            entity: ItemOwner::Entity("Project"),
            partition: Some(partition.clone()),
            sort: None,
            reason: "its entity-type attribute \"_type\" is Some(\"Task\"), not \"Project\"".into(),
            operation,
        });
    }
    for operation in ["batch_put", "batch_delete", "delete_all"] {
        errors.push(Error::UniqueInBatch {
            entity: "User",
            operation,
        });
    }
    for problem in problems {
        errors.push(Error::InvalidItem {
            partition: partition.clone(),
            sort: sort.clone(),
            problem,
        });
    }
    for refusal in refusals {
        errors.push(Error::TransactionRefused(refusal));
    }
    errors
}

#[test]
fn every_message_is_one_line_without_runs_of_spaces() {
    for error in every_error() {
        let message = error.to_string();
        assert!(
            !message.contains("  "),
            "a run of spaces in {message:?} ({error:?})"
        );
        assert!(!message.contains('\n'), "a line break in {message:?}");
        assert!(!message.trim().is_empty());
    }
}

#[test]
fn a_foreign_item_suggests_unknown_items_only_to_reads_that_have_it() {
    for error in every_error() {
        if let Error::ForeignItem { operation, .. } = &error {
            let suggests = error.to_string().contains("unknown_items");
            assert_eq!(
                suggests,
                matches!(*operation, "Query" | "Scan"),
                "{operation}: {error}"
            );
        }
        if let Error::UniqueInBatch { operation, .. } = &error {
            let message = error.to_string();
            let single = if *operation == "batch_put" {
                "put"
            } else {
                "delete"
            };
            assert!(
                message.contains(&format!("with {single},")),
                "{operation}: {message}"
            );
        }
    }
}
