//! Which engine the tests run on, and what it cannot do: a test that needs a [`Capability`] the
//! engine lacks says so when it runs (`not supported by <engine>: <reason>`, written past the test
//! harness's output capture, so it is in every log) and returns without checking anything else —
//! marked, never silently skipped. The list of deviations, with the tests they affect, is
//! `docs/engines.md`; keep the two in step.

use std::io::Write;

use super::TestEngine;

/// The environment variable naming the external engine (`moto`; `.ci/moto.sh` sets it): it
/// decides which deviations apply. Unset with an endpoint: an engine assumed to behave like
/// DynamoDB.
pub const ENGINE_VARIABLE: &str = "DYNAKEY_TEST_ENGINE";

/// An engine the tests know the deviations of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// dynoxide in this process (`dynakey_runtime::Engine`).
    Embedded,
    /// moto's server app (PyPI `moto[server]`, the version `.ci/moto.sh` pins, run by
    /// `.ci/moto_server.py`: one request at a time).
    Moto,
    /// Any other endpoint (DynamoDB itself, DynamoDB Local, …): no known deviation.
    Other,
}

impl Kind {
    /// How the messages name it.
    pub fn name(self) -> &'static str {
        match self {
            Kind::Embedded => "the embedded engine",
            Kind::Moto => "moto",
            Kind::Other => "the external engine",
        }
    }
}

/// Something DynamoDB does that an engine may not.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Capability {
    /// Refusing a reserved word used as an attribute name without a `#name` placeholder in a
    /// KeyConditionExpression or ProjectionExpression (`ValidationException`).
    RejectsReservedWords,
    /// Applying a `TransactWriteItems` sent again with the same `ClientRequestToken` at most once
    /// (AWS developer guide, "Amazon DynamoDB Transactions — Idempotency").
    IdempotentTransactions,
    /// Reporting the `ConsumedCapacity` of a `BatchWriteItem` by its items (a unit per KB of each
    /// item written; AWS developer guide, "Read/write capacity mode"), which a capacity budget
    /// paces by.
    PerItemBatchCapacity,
}

/// Why `kind` lacks `capability`; `None` when it has it.
fn lacks(kind: Kind, capability: Capability) -> Option<&'static str> {
    match (kind, capability) {
        (Kind::Moto, Capability::RejectsReservedWords) => Some(
            "moto accepts reserved words as attribute names in KeyConditionExpression and \
             ProjectionExpression without placeholders (docs/engines.md)",
        ),
        (Kind::Moto, Capability::IdempotentTransactions) => Some(
            "moto applies a TransactWriteItems sent again with the same ClientRequestToken a \
             second time (docs/engines.md)",
        ),
        (Kind::Moto, Capability::PerItemBatchCapacity) => Some(
            "moto reports 1 write capacity unit for every BatchWriteItem, whatever its items \
             (docs/engines.md)",
        ),
        _ => None,
    }
}

impl TestEngine {
    /// The engine this is.
    pub fn kind(&self) -> Kind {
        if self.is_embedded() {
            return Kind::Embedded;
        }
        match std::env::var(ENGINE_VARIABLE).as_deref() {
            Ok("moto") => Kind::Moto,
            _ => Kind::Other,
        }
    }

    /// `true`, after printing `not supported by <engine>: <reason>` for the running test, when
    /// this engine lacks `capability`: the test then returns. `false` when it has it.
    pub fn unsupported(&self, capability: Capability) -> bool {
        let kind = self.kind();
        let Some(reason) = lacks(kind, capability) else {
            return false;
        };
        let thread = std::thread::current();
        let test = thread.name().unwrap_or("a test");
        // Straight to the process's stderr: the harness captures only `print!`/`eprint!`.
        let _ = writeln!(
            std::io::stderr(),
            "{test}: not supported by {}: {reason}",
            kind.name()
        );
        true
    }
}
