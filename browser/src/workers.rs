//! A page's dedicated workers (Playwright's `page.workers()`, the `worker` event,
//! `worker.evaluate`). Every page asks the browser to attach to the workers it starts (one
//! command at setup, best effort; nothing is held or paused for it, so a worker never waits
//! for us): each is reported on the page's own session with a session of its own, whose
//! JavaScript runs what `evaluate` sends once its context is reported, and whose console calls
//! and uncaught errors are the page's, as in Playwright. A worker's end (terminated, or its
//! document gone) is its detachment.

use crate::connection::CdpEvent;
use crate::error::{BrowserError, Result};
use crate::events::PageEvent;
use crate::page::{Page, PageInner};
use serde::Serialize;
use serde_json::{json, Value};

/// One worker of a page: the session that reaches it and the script it runs.
#[derive(Debug, Clone, Serialize, PartialEq)]
pub struct WorkerInfo {
    pub session: String,
    pub url: String,
    /// Whether its JavaScript context was reported (what `evaluate` runs in).
    #[serde(skip)]
    pub(crate) ready: bool,
}

/// What the page asks the browser at setup: attach to its dedicated workers as they start.
pub(crate) fn auto_attach() -> Value {
    json!({ "autoAttach": true, "waitForDebuggerOnStart": false, "flatten": true, "filter": [{ "type": "worker" }] })
}

/// Takes a connection event about the page's workers; `true` when it was one (the page's
/// watcher is done with it).
pub(crate) fn observe(page: &PageInner, event: &CdpEvent) -> bool {
    let on_page = event.session_id.as_deref() == Some(page.session.as_str());
    match event.method.as_str() {
        "Target.attachedToTarget" if on_page => {
            let info = &event.params["targetInfo"];
            let Some(session) = event.params["sessionId"].as_str().filter(|_| info["type"] == "worker") else {
                return false;
            };
            let worker = WorkerInfo {
                session: session.to_string(),
                url: info["url"].as_str().unwrap_or("").to_string(),
                ready: false,
            };
            if let Ok(mut workers) = page.workers.lock() {
                workers.push(worker.clone());
            }
            // Its console calls are reported once its runtime is on.
            page.connection.send_detached("Runtime.enable", json!({}), Some(session));
            let _ = page.events.send(PageEvent::Worker { session: worker.session, url: worker.url });
            true
        }
        "Target.detachedFromTarget" if on_page => {
            let Some(session) = event.params["sessionId"].as_str() else { return false };
            let gone = page.workers.lock().is_ok_and(|mut workers| {
                let before = workers.len();
                workers.retain(|w| w.session != session);
                workers.len() != before
            });
            if gone {
                page.workers_changed.notify_waiters();
                let _ = page.events.send(PageEvent::WorkerClosed { session: session.to_string() });
            }
            gone
        }
        // Its context is there: `evaluate` may run.
        "Runtime.executionContextCreated" if !on_page => {
            let ours = page.workers.lock().is_ok_and(|mut workers| {
                let found = workers.iter_mut().find(|w| Some(w.session.as_str()) == event.session_id.as_deref());
                found.map(|w| w.ready = true).is_some()
            });
            if ours {
                page.workers_changed.notify_waiters();
            }
            ours
        }
        // Its console calls and uncaught errors are the page's, as Playwright reports them.
        "Runtime.consoleAPICalled" | "Runtime.exceptionThrown" if !on_page => {
            let ours = event
                .session_id
                .as_deref()
                .is_some_and(|s| page.workers.lock().is_ok_and(|workers| workers.iter().any(|w| w.session == s)));
            if ours {
                let mut translated = crate::events::translate(event);
                // Whose they are: `ConsoleMessage.worker()`.
                for e in &mut translated {
                    if let PageEvent::Console { worker, .. } = e {
                        *worker = event.session_id.clone();
                    }
                }
                if let Ok(mut recent) = page.recent.lock() {
                    translated.iter().for_each(|e| recent.observe(e));
                }
                crate::page_watch::watch_console(page, event);
                if page.events.receiver_count() > 0 {
                    for e in translated {
                        let _ = page.events.send(e);
                    }
                }
            }
            ours
        }
        _ => false,
    }
}

/// The page's watcher missed events: a worker whose context report went by unseen is taken as
/// ready (an `evaluate` waiting for it goes on rather than wait for ever).
pub(crate) fn lost_track(page: &PageInner) {
    if let Ok(mut workers) = page.workers.lock() {
        workers.iter_mut().for_each(|w| w.ready = true);
    }
    page.workers_changed.notify_waiters();
}

/// How often a wait for a worker's context looks at the page again (a page or browser that
/// went wakes nobody).
const READY_LOOK: std::time::Duration = std::time::Duration::from_millis(250);

impl Page {
    /// The page's workers now, oldest first.
    pub fn workers(&self) -> Vec<WorkerInfo> {
        self.inner.workers.lock().map(|w| w.clone()).unwrap_or_default()
    }

    /// Evaluates `expression` in the worker reached by `session` (promises awaited) once its
    /// context is there; its value as JSON, or the worker's exception. A worker that ended is
    /// Playwright's closed target.
    pub async fn worker_evaluate(&self, session: &str, expression: &str) -> Result<Value> {
        let closed = || BrowserError::Evaluation("Target page, context or browser has been closed".into());
        // Not before its context is there, as Playwright's waits for it.
        loop {
            let changed = self.inner.workers_changed.notified();
            match self.workers().iter().find(|w| w.session == session) {
                None => return Err(closed()),
                Some(w) if w.ready => break,
                Some(_) if self.is_closed() || self.inner.connection.closed_reason().is_some() => return Err(closed()),
                Some(_) => {}
            }
            let _ = tokio::time::timeout(READY_LOOK, changed).await;
        }
        let params = json!({ "expression": expression, "awaitPromise": true, "returnByValue": true });
        let reply = match self.inner.connection.call_raw("Runtime.evaluate", params, Some(session)).await {
            Ok(reply) => reply,
            // It ended while it was asked (its end is read once the watcher has seen it).
            Err(e @ BrowserError::Protocol { .. }) => {
                self.inner.caught_up().await;
                return Err(if self.workers().iter().any(|w| w.session == session) { e } else { closed() });
            }
            Err(e) => return Err(e),
        };
        if let Some(details) = reply.get("exceptionDetails") {
            return Err(BrowserError::Evaluation(crate::events::exception_text(details)));
        }
        Ok(reply.pointer("/result/value").cloned().unwrap_or(Value::Null))
    }
}
