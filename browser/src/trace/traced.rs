//! How pages and locators report their actions to the tracer of their context, if it has one:
//! a `before` event, log lines, and an `after` event with the error (also when the action is
//! abandoned half-way, say by a step's timeout). Without a tracer an action costs one lock.

use super::recorder::{current, Tracer};
use crate::locator::Locator;
use crate::page::PageInner;
use serde_json::{json, Value};
use std::future::Future;

tokio::task_local! {
    /// Where in the user's code the action being run was called (a JS step's `.ts` line).
    static CALL_SITE: super::recorder::SourceLocation;
}

tokio::task_local! {
    /// The traced action running now, whose log the code beneath it writes to.
    static ACTION_LOG: (Tracer, String);
}

/// Runs `body` with `at` as the place its actions were called from, which traces show.
pub async fn with_call_site<T>(at: super::recorder::SourceLocation, body: impl Future<Output = T>) -> T {
    CALL_SITE.scope(at, body).await
}

/// Whether the running action is traced (its log lines are kept): code that would pay to word
/// a line (an element's preview) asks first.
pub(crate) fn action_logged() -> bool {
    ACTION_LOG.try_with(|_| ()).is_ok()
}

/// Adds a line to the running action's log in the trace (Playwright's "attempting click action",
/// "element is not visible"…), if it is traced.
pub(crate) fn action_log(message: &str) {
    let _ = ACTION_LOG.try_with(|(tracer, call)| tracer.log(call, message));
}

/// What an action's trace says about its error: Playwright's error name and the message.
pub(crate) trait TracedError: std::fmt::Display {
    fn trace_name(&self) -> &'static str {
        "Error"
    }
}

impl TracedError for crate::error::BrowserError {
    fn trace_name(&self) -> &'static str {
        match self {
            crate::error::BrowserError::Timeout { .. } => "TimeoutError",
            _ => "Error",
        }
    }
}

/// An action's `after` event, written when the action ends however it ends.
struct Recorded {
    tracer: Tracer,
    call: String,
    error: Option<(&'static str, String)>,
    done: bool,
}

impl Drop for Recorded {
    fn drop(&mut self) {
        let error = match self.done {
            true => self.error.take(),
            false => Some(("TimeoutError", "abandoned before it finished (the step's time ran out)".to_string())),
        };
        self.tracer.finish(&self.call, error);
    }
}

/// One action to record: Playwright's class and method, its parameters, and a title when
/// Playwright's own (derived from the method) would not say enough.
pub(crate) struct Action<'a> {
    pub class: &'a str,
    pub method: &'a str,
    pub params: Value,
    pub title: Option<String>,
    /// The first log line (Playwright's `waiting for getByRole(…)`).
    pub waiting_for: Option<String>,
}

impl PageInner {
    /// The page's id in traces.
    pub(crate) fn trace_id(&self) -> String {
        format!("page@{}", self.frame_id)
    }

    /// Turns on what a traced page reports: its network events and, when the trace has
    /// screenshots, its screencast. Both commands are queued now, ahead of anything sent to the
    /// page after this returns (the browser handles a page's commands in order, so the first
    /// action's requests are logged), and their answers are collected in the background: a
    /// scenario's first step does not wait two round trips for them (on a busy browser, one
    /// preparing the next scenario's page, those cost 60–90 ms each). A page that cannot is
    /// traced without them.
    pub(crate) fn start_tracing(self: &std::sync::Arc<Self>, tracer: &Tracer) {
        let network = self.queue_network_watch();
        let screencast = tracer
            .screenshots()
            .then(|| self.connection.queue_raw("Page.startScreencast", self.screencast_params(), Some(&self.session)));
        if network.is_none() && screencast.is_none() {
            return;
        }
        let page = std::sync::Arc::clone(self);
        tokio::spawn(async move {
            if let Some(enabled) = network {
                let _ = page.network_watch_answered(enabled.await);
            }
            if let Some(started) = screencast {
                let _ = started.await;
            }
        });
    }

    /// Runs `body` as `action` of this page, recorded when the page's context is traced.
    pub(crate) async fn traced<T, E: TracedError>(
        &self,
        action: Action<'_>,
        body: impl Future<Output = std::result::Result<T, E>>,
    ) -> std::result::Result<T, E> {
        let Some(tracer) = current(&self.trace) else { return body.await };
        let site = CALL_SITE.try_with(Clone::clone).ok();
        let call = tracer.begin(action.class, action.method, action.params, action.title, &self.trace_id(), site);
        let snapshots = tracer.snapshots();
        if snapshots {
            self.record_snapshot(&tracer, &call, "before");
        }
        if let Some(what) = &action.waiting_for {
            tracer.log(&call, &format!("waiting for {what}"));
        }
        let log = (tracer.clone(), call.clone());
        let mut recorded = Recorded { tracer, call, error: None, done: false };
        let out = ACTION_LOG.scope(log, body).await;
        recorded.error = out.as_ref().err().map(|e| (e.trace_name(), e.to_string()));
        recorded.done = true;
        if snapshots {
            self.record_snapshot(&recorded.tracer, &recorded.call, "after");
        }
        out
    }
}

impl Locator {
    /// Runs `body` as Playwright's `Frame.<method>` on this locator (`params` added to its
    /// selector, strictness and timeout), recorded when the page's context is traced.
    pub(crate) async fn traced<T, E: TracedError>(
        &self,
        method: &str,
        params: Value,
        title: Option<String>,
        body: impl Future<Output = std::result::Result<T, E>>,
    ) -> std::result::Result<T, E> {
        if current(&self.page.trace).is_none() {
            return body.await;
        }
        let mut all = json!({
            "selector": super::selector::internal_selector(&self.parts),
            "strict": true,
            "timeout": self.timeout().as_millis() as u64,
        });
        if let (Some(all), Value::Object(more)) = (all.as_object_mut(), params) {
            all.extend(more);
        }
        let action = Action { class: "Frame", method, params: all, title, waiting_for: Some(self.description()) };
        self.page.traced(action, body).await
    }
}
