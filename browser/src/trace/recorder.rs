//! A trace being recorded: the events of Playwright's trace format (`trace.trace`, NDJSON) in
//! memory until [`Tracer::archive`] writes them out. One tracer per recorded session; the
//! context it is attached to and that context's pages report their actions, console messages
//! and pages to it, and the host (the runner, a script) opens a group per step or tool call.
//!
//! Times are milliseconds on one process-wide monotonic clock (Playwright's `monotonicTime`),
//! so the events of several pages sort into one timeline.

use serde_json::{json, Map, Value};
use std::sync::{Arc, Mutex, MutexGuard, OnceLock, PoisonError};
use std::time::Instant;

/// The trace format version Playwright 1.65 writes (its viewer upgrades older ones itself).
pub(crate) const TRACE_VERSION: u64 = 10;

/// Where a group's code is: a step definition's file and line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SourceLocation {
    pub file: String,
    pub line: u32,
    pub column: u32,
}

/// What a recording says about itself in its first event.
#[derive(Debug, Clone, Default)]
pub struct TraceOptions {
    /// Shown as the trace's title (the scenario's name).
    pub title: String,
    /// The pages' viewport, as the viewer frames screenshots with it.
    pub viewport: Option<(u32, u32)>,
    /// DOM snapshots before and after each action (Playwright's `snapshots`).
    pub snapshots: bool,
    /// Screencast frames of the pages (Playwright's `screenshots`).
    pub screenshots: bool,
}

/// A trace being recorded. Clones share the recording.
#[derive(Clone)]
pub struct Tracer {
    recording: Arc<Mutex<Recording>>,
    /// Woken when the last capture in the background ends (`network.rs`).
    pub(crate) captures_done: Arc<tokio::sync::Notify>,
}

impl std::fmt::Debug for Tracer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Tracer").field("events", &self.recording().events.len()).finish()
    }
}

pub(crate) struct Recording {
    pub(crate) events: Vec<Value>,
    /// `trace.network` lines (HAR entries wrapped as `resource-snapshot`).
    pub(crate) network: Vec<Value>,
    /// Files under `resources/` (name, bytes): stylesheets of snapshots, response bodies.
    pub(crate) resources: Vec<(String, Vec<u8>)>,
    /// The names in `resources`, so that a body seen twice is stored once.
    resource_names: std::collections::HashSet<String>,
    pub(crate) snapshots: bool,
    pub(crate) screenshots: bool,
    /// Screencast frames (path in the zip, JPEG).
    pub(crate) screencast: Vec<(String, Vec<u8>)>,
    /// Requests sent and not yet finished, by page and request id (`network.rs`).
    pub(crate) requests: std::collections::HashMap<String, PendingRequest>,
    /// Files attached to open groups, by group id.
    pub(crate) attachments: std::collections::HashMap<String, Vec<Value>>,
    /// Captures in the background not yet ended (response bodies, snapshots).
    pub(crate) pending_captures: usize,
    /// Response bodies larger than this are listed without their content.
    pub(crate) body_limit: u64,
    /// Body bytes kept so far (at most `network::BODY_BUDGET`).
    pub(crate) body_bytes: u64,
    next_call: u64,
    /// The groups open now, innermost last: an action's parent is the last one.
    groups: Vec<String>,
}

/// Milliseconds on the process's monotonic clock.
pub(crate) fn monotonic_ms() -> f64 {
    static START: OnceLock<Instant> = OnceLock::new();
    START.get_or_init(Instant::now).elapsed().as_secs_f64() * 1000.0
}

fn wall_ms() -> f64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map(|d| d.as_millis() as f64).unwrap_or(0.0)
}

impl Tracer {
    /// Starts a recording.
    pub fn start(options: TraceOptions) -> Tracer {
        let (width, height) = options.viewport.unwrap_or(crate::defaults::DEFAULT_VIEWPORT);
        let first = json!({
            "version": TRACE_VERSION,
            "type": "context-options",
            "origin": "library",
            "browserName": "chromium",
            "playwrightVersion": concat!("ferridriver ", env!("CARGO_PKG_VERSION")),
            "options": { "viewport": { "width": width, "height": height } },
            "platform": std::env::consts::OS,
            "wallTime": wall_ms(),
            "monotonicTime": monotonic_ms(),
            "sdkLanguage": "javascript",
            "testIdAttributeName": "data-testid",
            "title": options.title,
        });
        let recording = Recording {
            events: vec![first],
            network: Vec::new(),
            resources: Vec::new(),
            resource_names: Default::default(),
            snapshots: options.snapshots,
            screenshots: options.screenshots,
            screencast: Vec::new(),
            requests: Default::default(),
            pending_captures: 0,
            body_limit: super::network::BODY_LIMIT,
            body_bytes: 0,
            attachments: Default::default(),
            next_call: 0,
            groups: Vec::new(),
        };
        Tracer { recording: Arc::new(Mutex::new(recording)), captures_done: Arc::default() }
    }

    pub(crate) fn recording(&self) -> MutexGuard<'_, Recording> {
        // Every write is one push or pop: a panic elsewhere cannot leave it half-written.
        self.recording.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Opens a group (a Gherkin step, a hook, a tool call): the actions until it is closed
    /// ([`Tracer::group_end`] with the id returned here) are shown inside it.
    pub fn group(&self, title: &str, location: Option<&SourceLocation>) -> String {
        let mut params = Map::new();
        let mut before = json!({ "type": "before", "startTime": monotonic_ms(), "title": title,
            "class": "Tracing", "method": "tracingGroup", "params": {} });
        if let Some(at) = location {
            params.insert("location".into(), json!({ "file": at.file, "line": at.line, "column": at.column }));
            before["params"] = Value::Object(params);
            before["stack"] = json!([{ "file": at.file, "line": at.line, "column": at.column }]);
        }
        let mut recording = self.recording();
        let id = recording.call_id();
        before["callId"] = json!(id);
        if let Some(parent) = recording.groups.last() {
            before["parentId"] = json!(parent);
        }
        recording.events.push(before);
        recording.groups.push(id.clone());
        id
    }

    /// Closes group `id` with the error that ended it (a failed step's message), and first
    /// the groups opened inside it and left open (a step that failed before its own
    /// `tracing.groupEnd()`). A group already closed is left alone.
    pub fn group_end(&self, id: &str, error: Option<&str>) {
        let mut recording = self.recording();
        if !recording.groups.iter().any(|g| g == id) {
            return;
        }
        while let Some(open) = recording.groups.pop() {
            let mut after = json!({ "type": "after", "callId": open, "endTime": monotonic_ms() });
            if let Some(attached) = recording.attachments.remove(&open) {
                after["attachments"] = Value::Array(attached);
            }
            let closing = open == id;
            if let (true, Some(message)) = (closing, error) {
                after["error"] = json!({ "message": message, "name": "Error" });
            }
            recording.events.push(after);
            if closing {
                return;
            }
        }
    }

    /// Adds a file to open group `group` (a step's screenshot, a `this.attach`), listed with it
    /// when it closes (`npx playwright trace attachments`).
    pub fn attach(&self, group: &str, name: &str, content_type: &str, bytes: Vec<u8>) {
        let extension = content_type.rsplit('/').next().unwrap_or("bin").split(['+', ';']).next().unwrap_or("bin");
        let mut recording = self.recording();
        let stored = recording.add_resource(bytes, extension);
        let entry = json!({ "name": name, "contentType": content_type, "file": format!("resources/{stored}") });
        recording.attachments.entry(group.to_string()).or_default().push(entry);
    }

    /// Records the start of an action; its id for [`Tracer::log`] and [`Tracer::finish`].
    pub(crate) fn begin(
        &self,
        class: &str,
        method: &str,
        params: Value,
        title: Option<String>,
        page: &str,
        site: Option<SourceLocation>,
    ) -> String {
        let mut recording = self.recording();
        let id = recording.call_id();
        let mut before = json!({ "type": "before", "callId": id, "startTime": monotonic_ms(), "class": class,
            "method": method, "params": params, "pageId": page });
        if let Some(title) = title {
            before["title"] = json!(title);
        }
        if let Some(at) = site {
            before["stack"] = json!([{ "file": at.file, "line": at.line, "column": at.column }]);
        }
        if let Some(parent) = recording.groups.last() {
            before["parentId"] = json!(parent);
        }
        recording.events.push(before);
        id
    }

    /// A line of an action's log (what it waited for, what it found).
    pub(crate) fn log(&self, call: &str, message: &str) {
        let event = json!({ "type": "log", "callId": call, "time": monotonic_ms(), "message": message });
        self.recording().events.push(event);
    }

    /// Records the end of an action, with its error if it failed.
    pub(crate) fn finish(&self, call: &str, error: Option<(&str, String)>) {
        let mut after = json!({ "type": "after", "callId": call, "endTime": monotonic_ms() });
        if let Some((name, message)) = error {
            after["error"] = json!({ "message": message, "name": name });
        }
        self.recording().events.push(after);
    }

    /// A page was opened in the traced context.
    pub(crate) fn page_opened(&self, page: &str) {
        let event = json!({ "type": "event", "time": monotonic_ms(), "class": "BrowserContext", "method": "page",
            "params": { "pageId": page } });
        self.recording().events.push(event);
    }

    /// A console message of a traced page (`kind`: log, error, warning…).
    pub(crate) fn console(&self, page: &str, kind: &str, text: &str, location: (&str, u64, u64)) {
        let (url, line, column) = location;
        let event = json!({ "type": "console", "messageType": kind, "text": text,
            "args": [{ "preview": text, "value": text }],
            "location": { "url": url, "lineNumber": line, "columnNumber": column },
            "time": monotonic_ms(), "pageId": page });
        self.recording().events.push(event);
    }

    /// An exception a traced page did not catch.
    pub(crate) fn page_error(&self, page: &str, name: &str, message: &str, stack: &str) {
        let event = json!({ "type": "event", "time": monotonic_ms(), "class": "BrowserContext", "method": "pageError",
            "params": { "error": { "error": { "name": name, "message": message, "stack": stack } } },
            "pageId": page });
        self.recording().events.push(event);
    }

    /// Whether pages send screencast frames.
    pub(crate) fn screenshots(&self) -> bool {
        self.recording().screenshots
    }

    /// Whether actions take DOM snapshots.
    pub(crate) fn snapshots(&self) -> bool {
        self.recording().snapshots
    }

    /// How many actions and groups were recorded.
    pub fn calls(&self) -> u64 {
        self.recording().next_call
    }
}

impl Recording {
    /// Stores `bytes` under `resources/` as `<sha1>.<extension>`; that name.
    pub(crate) fn add_resource(&mut self, bytes: Vec<u8>, extension: &str) -> String {
        use sha1::Digest;
        let digest = sha1::Sha1::digest(&bytes);
        let hex: String = digest.iter().map(|b| format!("{b:02x}")).collect();
        let name = format!("{hex}.{extension}");
        if self.resource_names.insert(name.clone()) {
            self.resources.push((name.clone(), bytes));
        }
        name
    }

    fn call_id(&mut self) -> String {
        self.next_call += 1;
        format!("call@{}", self.next_call)
    }
}

/// Captures in the background (response bodies, DOM snapshots) are counted, so that a trace
/// is written only once they are stored.
impl Tracer {
    /// A capture in the background began (a response body, a snapshot): the trace is written
    /// only once it ended ([`Tracer::settled`]).
    pub(crate) fn capture_started(&self) {
        self.recording().pending_captures += 1;
    }

    /// A guard that ends a capture when dropped (also when its task is dropped unfinished,
    /// with the runtime it ran on).
    pub(crate) fn capture(&self) -> Capture {
        self.capture_started();
        Capture(self.clone())
    }

    /// A background capture ended (stored or failed).
    pub(crate) fn capture_ended(&self) {
        let mut recording = self.recording();
        recording.pending_captures = recording.pending_captures.saturating_sub(1);
        if recording.pending_captures == 0 {
            self.captures_done.notify_waiters();
        }
    }

    /// Waits until the captures in the background (response bodies, snapshots) are stored or
    /// failed: what is written after that has all the browser gave. Each capture ends by
    /// itself (a snapshot gives up after [`CAPTURE_WAIT`], a body with the browser's answer or
    /// its connection); the wait stops there too, so a browser that never answers delays the
    /// writing once, not forever. A busy machine's slow snapshot is waited for, not dropped.
    pub async fn settled(&self) {
        let limit = CAPTURE_WAIT;
        let wait = async {
            loop {
                let done = self.captures_done.notified();
                if self.recording().pending_captures == 0 {
                    return;
                }
                done.await;
            }
        };
        let _ = tokio::time::timeout(limit, wait).await;
    }
}

/// The longest one background capture waits for the browser.
pub(crate) const CAPTURE_WAIT: std::time::Duration = std::time::Duration::from_secs(60);

/// One capture in the background, ended when dropped.
pub(crate) struct Capture(Tracer);

impl Drop for Capture {
    fn drop(&mut self) {
        self.0.capture_ended();
    }
}

/// The tracer of a context, shared with its pages: set and cleared while they live.
pub(crate) type TraceSlot = Arc<Mutex<Option<Tracer>>>;

/// The tracer in `slot` now, if any.
pub(crate) fn current(slot: &TraceSlot) -> Option<Tracer> {
    slot.lock().unwrap_or_else(PoisonError::into_inner).clone()
}

/// A request the network log has seen, not yet finished (`trace/network.rs` fills it in).
pub(crate) struct PendingRequest {
    pub(crate) entry: serde_json::Value,
    /// DevTools timestamps (seconds) of the request and its response.
    pub(crate) sent: f64,
    pub(crate) answered: Option<f64>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn after_ids(tracer: &Tracer) -> Vec<(String, bool)> {
        let recording = tracer.recording();
        recording
            .events
            .iter()
            .filter(|e| e["type"] == "after")
            .map(|e| (e["callId"].as_str().unwrap_or("").to_string(), e.get("error").is_some()))
            .collect()
    }

    #[test]
    fn closing_a_group_closes_what_was_left_open_inside_it_first() {
        let tracer = Tracer::start(TraceOptions::default());
        let step = tracer.group("When I add tea", None);
        let left_open = tracer.group("a user's group", None);
        tracer.group_end(&step, Some("failed"));
        // The inner group first, without the error; then the step, with it.
        assert_eq!(after_ids(&tracer), [(left_open.clone(), false), (step.clone(), true)]);
        // Closing it again, or the inner one now, changes nothing.
        tracer.group_end(&left_open, None);
        tracer.group_end(&step, None);
        assert_eq!(after_ids(&tracer).len(), 2);
        // The next group is a sibling again, not a child of the closed step.
        tracer.group("Then I see it", None);
        assert!(tracer.recording().events.last().unwrap().get("parentId").is_none());
    }
}
