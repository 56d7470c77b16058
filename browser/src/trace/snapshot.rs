//! DOM snapshots of a traced page before and after each action, in the format Playwright's
//! trace viewer renders (`injected/snapshot.js` walks the document in the page).

use super::recorder::{monotonic_ms, Tracer};
use crate::page::PageInner;
use serde_json::{json, Value};
use std::time::Duration;

/// The walker, evaluated as an expression.
const SNAPSHOT: &str = include_str!("../injected/snapshot.js");

/// How long a snapshot's task keeps waiting for a page that never answers (one stuck in a
/// loop, or gone without a reply), so the task does not outlive it forever; the trace's
/// writer waits for pending captures as long (`Tracer::settled`).
const SNAPSHOT_WAIT: Duration = super::recorder::CAPTURE_WAIT;

impl PageInner {
    /// Records a snapshot of the page's main frame for action `call` at `phase` (`before`,
    /// `after`). The walk is queued now, before anything the action sends next, so it sees the
    /// page as it is at this moment; its answer is collected in the background (the action
    /// does not wait for it), however busy the machine; a page that cannot be read (navigating
    /// away, closed) is simply not recorded.
    pub(crate) fn record_snapshot(&self, tracer: &Tracer, call: &str, phase: &str) {
        let params = json!({ "expression": SNAPSHOT, "returnByValue": true });
        let reply = self.connection.queue_raw("Runtime.evaluate", params, Some(&self.session));
        let taken = monotonic_ms();
        let capture = tracer.capture();
        let (tracer, page, frame) = (tracer.clone(), self.trace_id(), self.frame_id.clone());
        let (call, phase) = (call.to_string(), phase.to_string());
        tokio::spawn(async move {
            if let Ok(Ok(reply)) = tokio::time::timeout(SNAPSHOT_WAIT, reply).await {
                if let Some(snapshot) = reply.pointer("/result/value").filter(|v| v.is_object()) {
                    tracer.frame_snapshot(&page, &frame, &call, &phase, snapshot, taken);
                }
            }
            drop(capture);
        });
    }
}

impl Tracer {
    /// Adds a snapshot the walker returned, and one for each iframe document it read (named
    /// as the iframe's `src` in the page's snapshot names it): stylesheet overrides become
    /// resources.
    pub(crate) fn frame_snapshot(&self, page: &str, frame: &str, call: &str, phase: &str, taken: &Value, at: f64) {
        let main = (format!("frame@{frame}"), taken, true);
        let inner = taken["frames"]
            .as_array()
            .into_iter()
            .flatten()
            .map(|f| (f["id"].as_str().unwrap_or("").to_string(), f, false));
        let mut recording = self.recording();
        for (frame_id, document, is_main) in std::iter::once(main).chain(inner) {
            let mut overrides = Vec::new();
            for o in document["overrides"].as_array().into_iter().flatten() {
                let (Some(url), Some(content)) = (o["url"].as_str(), o["content"].as_str()) else { continue };
                let sha1 = recording.add_resource(content.as_bytes().to_vec(), "css");
                overrides.push(json!({ "url": url, "file": format!("resources/{sha1}") }));
            }
            let mut snapshot = json!({
                "callId": call,
                "phase": phase,
                "pageId": page,
                "frameId": frame_id,
                "frameUrl": document["url"],
                "html": document["html"],
                "viewport": document["viewport"],
                "timestamp": at,
                "wallTime": taken["wallTime"],
                "collectionTime": taken["collectionTime"],
                "resourceOverrides": overrides,
                "isMainFrame": is_main,
            });
            if let Some(doctype) = document["doctype"].as_str() {
                snapshot["doctype"] = json!(doctype);
            }
            recording.events.push(json!({ "type": "frame-snapshot", "snapshot": snapshot }));
        }
    }
}
