//! The remote handles of locator operations: every element a locator resolves is a remote
//! object in one object group of its page, released in batches (one release per operation
//! would cost a round trip each time). A release must never hit a handle another operation is
//! still using, or that operation fails with "Could not find object with given id" (found by
//! the fault-injecting transport with concurrent operations on one page). So operations are
//! counted, and the group is released only when the operation that finishes is the only one
//! running; the release is queued on the connection before any later operation can queue a
//! command, and Chromium runs a session's commands in order.

use crate::error::Result;
use crate::locator::Locator;
use crate::page::Handles;
use std::future::Future;
use std::sync::Mutex;

/// Operations between two releases of a page's handles.
const RELEASE_EVERY: usize = 64;

/// Counts one operation as running until dropped (also when the operation is abandoned half-way,
/// say by a timeout).
struct Running<'a>(&'a Mutex<Handles>, &'a Locator);

impl Drop for Running<'_> {
    fn drop(&mut self) {
        let Ok(mut h) = self.0.lock() else { return };
        h.since_release += 1;
        if h.running == 1 && h.since_release >= RELEASE_EVERY {
            // Queued while the count still holds this operation: whatever starts next queues
            // its commands after the release.
            self.1.page.release_now();
            h.since_release = 0;
        }
        h.running = h.running.saturating_sub(1);
    }
}

impl Locator {
    /// Runs one operation of this locator (see the module comment); `action` names it as
    /// Playwright's method (`click`), for the error of a step that times out while it runs.
    pub(crate) async fn op<T>(&self, action: &str, body: impl Future<Output = Result<T>>) -> Result<T> {
        if let Ok(mut h) = self.page.handles.lock() {
            h.running += 1;
        }
        let _running = Running(&self.page.handles, self);
        let _noted = crate::pending::note(format!("{}.{action}()", self.description()));
        body.await
    }
}
