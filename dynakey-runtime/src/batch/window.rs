//! The account of a batch written a window at a time ([`BatchPutStream`](crate::BatchPutStream),
//! a large [`DeleteAll`](crate::DeleteAll)): each window is one batch over the entries it holds,
//! and the batch's report and account are the windows' put together, positions counted from the
//! start of the input.

use crate::error::{BatchReport, BatchWriteFailure, Error};

/// What the windows written so far did.
#[derive(Default)]
pub(super) struct Windows {
    /// Their reports added up.
    done: BatchReport,
    /// The position of the next window's first entry.
    offset: usize,
}

impl Windows {
    /// The report of every window, once the input is done.
    pub(super) fn report(&self) -> BatchReport {
        self.done
    }

    /// Takes what the window of `len` entries at the offset did: `Ok` to go on with the next
    /// window, or the batch's error.
    pub(super) fn settle(
        &mut self,
        len: usize,
        written: Result<BatchReport, Error>,
    ) -> Result<(), Error> {
        let end = self.offset + len;
        match written {
            Ok(report) => {
                add(&mut self.done, report);
                self.offset = end;
                Ok(())
            }
            Err(Error::BatchWrite(mut failure)) => {
                for e in failure.not_applied.iter_mut().chain(&mut failure.unknown) {
                    e.position += self.offset;
                }
                add(&mut self.done, failure.report);
                failure.report = self.done;
                failure.not_written_from = Some(end);
                Err(Error::BatchWrite(failure))
            }
            Err(cause) => Err(self.stopped(cause)),
        }
    }

    /// The batch's error when it stops on `cause` before any request of the current window:
    /// `cause` itself while nothing was written, else an account saying that every entry from
    /// the window's first on was not written.
    pub(super) fn stopped(&self, cause: Error) -> Error {
        if self.offset == 0 {
            return cause;
        }
        Error::BatchWrite(Box::new(BatchWriteFailure {
            operation: "BatchWriteItem",
            report: self.done,
            not_applied: Vec::new(),
            unknown: Vec::new(),
            attempts: 0,
            cause,
            not_written_from: Some(self.offset),
        }))
    }
}

/// Adds one window's report to the batch's.
fn add(done: &mut BatchReport, window: BatchReport) {
    done.requests += window.requests;
    done.items += window.items;
    done.retries += window.retries;
    done.duplicates += window.duplicates;
    done.uniqueness_items += window.uniqueness_items;
}
