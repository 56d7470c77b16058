//! Playwright's `recordHar` context option: every request of the context's pages, as HAR 1.2
//! entries, written to a `.har` (or a `.zip` holding `har.har` and the bodies) when the
//! context closes. The entries are the ones a trace's network log keeps (`trace/network.rs`,
//! one recorder for both), reshaped as Playwright's HAR recorder writes them: bodies embedded,
//! attached as files named by their SHA-1, or omitted; `minimal` keeps what replaying with
//! `routeFromHAR` needs.

use crate::connection::Connection;
use crate::context_options::{RecordHar, UrlFilter};
use crate::trace::recorder::{monotonic_ms, Tracer};
use base64::Engine;
use serde_json::{json, Value};
use std::collections::HashMap;
use std::path::Path;
use std::sync::{Arc, Mutex, PoisonError};

/// How long a closing context waits for bodies still being read.
const SETTLE_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

/// Checks `recordHar`'s options (the error names the bad one in Playwright's words).
pub(crate) fn check(options: &RecordHar) -> Result<(), String> {
    if options.path.trim().is_empty() {
        return Err("recordHar.path: expected a file path".into());
    }
    if options.content.as_deref().is_some_and(|c| !["embed", "attach", "omit"].contains(&c)) {
        return Err("recordHar.content: expected one of (embed|attach|omit)".into());
    }
    if options.mode.as_deref().is_some_and(|m| !["full", "minimal"].contains(&m)) {
        return Err("recordHar.mode: expected one of (full|minimal)".into());
    }
    if let Some(UrlFilter::Regex { source, flags }) = &options.url_filter {
        regex_of(source, flags)
            .map_err(|e| format!("recordHar.urlFilter: /{source}/{flags} is not a pattern ferridriver can use: {e}"))?;
    }
    Ok(())
}

/// What a page of the recorded context contributes to the HAR's `pages`.
struct HarPage {
    id: String,
    started: String,
    /// When it opened, on the trace clock (`monotonic_ms`).
    opened: f64,
    title: String,
    on_content_load: Option<f64>,
    on_load: Option<f64>,
}

/// The HAR recordings of a context, shared with its pages: added and ended while they live.
pub(crate) type HarSlot = Arc<Mutex<Vec<HarRecorder>>>;

/// The recordings in `slot` now (none, without a clone, in the common case).
pub(crate) fn recorders(slot: &HarSlot) -> Vec<HarRecorder> {
    let recorders = slot.lock().unwrap_or_else(PoisonError::into_inner);
    if recorders.is_empty() {
        Vec::new()
    } else {
        recorders.clone()
    }
}

/// Adds a recording to `slot`.
pub(crate) fn recorders_push(slot: &HarSlot, recorder: HarRecorder) {
    slot.lock().unwrap_or_else(PoisonError::into_inner).push(recorder);
}

/// One HAR recording of a context (`recordHar`, `tracing.startHar`, `routeFromHAR` with
/// `update`), of all its pages or of one. Clones share it.
#[derive(Clone)]
pub(crate) struct HarRecorder {
    /// Tells it from the context's other recordings.
    id: u64,
    /// The page it records (`page@…`), when only one (`page.routeFromHAR`).
    page: Option<String>,
    options: Arc<RecordHar>,
    /// Keeps the entries and their bodies, as it does for a trace (no size limit here:
    /// `routeFromHAR` replays what is in the file).
    network: Tracer,
    pages: Arc<Mutex<Vec<HarPage>>>,
}

impl HarRecorder {
    /// A recording with `options` (checked: [`check`]), of `page` only when given.
    pub(crate) fn start(options: RecordHar, page: Option<String>) -> HarRecorder {
        static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(1);
        let network = Tracer::start(Default::default());
        network.recording().body_limit = u64::MAX;
        let id = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
        HarRecorder { id, page, options: Arc::new(options), network, pages: Arc::default() }
    }

    pub(crate) fn id(&self) -> u64 {
        self.id
    }

    /// Whether it records page `page_id`'s requests.
    fn wants(&self, page_id: &str) -> bool {
        self.page.as_deref().is_none_or(|p| p == page_id)
    }

    fn pages(&self) -> std::sync::MutexGuard<'_, Vec<HarPage>> {
        self.pages.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A page of the context opened (`page_id` as the trace names it, `page@…`).
    pub(crate) fn page_opened(&self, page_id: &str) {
        if !self.wants(page_id) {
            return;
        }
        let mut pages = self.pages();
        if pages.iter().any(|p| p.id == page_id) {
            return;
        }
        let now = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).unwrap_or_default();
        let started = chrono::DateTime::from_timestamp_millis(now.as_millis() as i64)
            .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
            .unwrap_or_default();
        pages.push(HarPage {
            id: page_id.to_string(),
            started,
            opened: monotonic_ms(),
            title: String::new(),
            on_content_load: None,
            on_load: None,
        });
    }

    /// Takes one of the page's DevTools `Network.*` events.
    pub(crate) fn network_event(
        &self,
        page_id: &str,
        event: &crate::connection::CdpEvent,
        connection: &Connection,
        session: &str,
    ) {
        if self.wants(page_id) {
            self.network.network_event(page_id, event, connection, session);
        }
    }

    /// The page's main frame reached `DOMContentLoaded` or `load`: its timing, and (as
    /// Playwright's recorder) its title read then.
    pub(crate) fn main_frame_lifecycle(&self, page_id: &str, name: &str, connection: &Connection, session: &str) {
        let now = monotonic_ms();
        {
            let mut pages = self.pages();
            let Some(page) = pages.iter_mut().find(|p| p.id == page_id) else { return };
            match name {
                "DOMContentLoaded" => page.on_content_load = Some((now - page.opened).round()),
                "load" => page.on_load = Some((now - page.opened).round()),
                _ => return,
            }
        }
        let (recorder, connection, session, page_id) =
            (self.clone(), connection.clone(), session.to_string(), page_id.to_string());
        let capture = self.network.capture();
        tokio::spawn(async move {
            let params = json!({ "expression": "document.title", "returnByValue": true });
            if let Ok(reply) = connection.call_raw("Runtime.evaluate", params, Some(&session)).await {
                if let Some(title) = reply.pointer("/result/value").and_then(Value::as_str) {
                    if let Some(page) = recorder.pages().iter_mut().find(|p| p.id == page_id) {
                        page.title = title.to_string();
                    }
                }
            }
            drop(capture);
        });
    }

    /// Page `page_id` closed: its requests still going will never finish. They are written as
    /// they are, without waiting for them (`settle` waits only for answered ones).
    pub(crate) fn page_closed(&self, page_id: &str) {
        let prefix = format!("{page_id}/");
        for (_, pending) in self.network.recording().requests.iter_mut().filter(|(key, _)| key.starts_with(&prefix)) {
            pending.answered = None;
        }
        self.network.captures_done.notify_waiters();
    }

    /// Waits, at most a few seconds, for the responses that arrived to finish and for their
    /// bodies to be read, as Playwright's recorder does before it writes (a request still
    /// waiting for its response is written without one).
    pub(crate) async fn settle(&self) {
        let wait = async {
            loop {
                let changed = self.network.captures_done.notified();
                {
                    let recording = self.network.recording();
                    // A stream (server-sent events) never finishes: not waited for.
                    let answered = recording
                        .requests
                        .values()
                        .any(|p| p.answered.is_some() && p.entry["_resourceType"] != "eventsource");
                    if recording.pending_captures == 0 && !answered {
                        return;
                    }
                }
                changed.await;
            }
        };
        let _ = tokio::time::timeout(SETTLE_LIMIT, wait).await;
    }

    /// Writes the HAR where `recordHar.path` says; `browser_version` goes in its `browser`.
    pub(crate) fn write(&self, browser_version: &str) -> Result<(), String> {
        let path = Path::new(&self.options.path);
        let zipped = path.extension().is_some_and(|e| e.eq_ignore_ascii_case("zip"));
        let content = match (&self.options.content, self.options.omit_content) {
            (Some(content), _) => content.as_str(),
            (None, Some(true)) => "omit",
            (None, _) if zipped => "attach",
            (None, _) => "embed",
        };
        let minimal = self.options.mode.as_deref() == Some("minimal");
        let (entries, files) = self.entries(content, minimal);
        let mut log = json!({
            "version": "1.2",
            "creator": { "name": "ferridriver", "version": env!("CARGO_PKG_VERSION") },
            "browser": { "name": "chromium", "version": browser_version },
        });
        if !minimal {
            log["pages"] = Value::Array(self.pages().iter().map(page_json).collect());
        }
        log["entries"] = Value::Array(entries);
        let har = serde_json::to_vec(&json!({ "log": log })).map_err(|e| e.to_string())?;
        let failed = |e: &dyn std::fmt::Display| format!("recordHar: cannot write {}: {e}", path.display());
        // Where it was allowed when recording started, still: a folder swapped for a link since
        // (or a link put in the file's place) is refused, not followed.
        still_where_it_was(path).map_err(|e| failed(&e))?;
        if let Some(dir) = &self.options.resources_dir {
            still_where_it_was(&Path::new(dir).join("resource")).map_err(|e| failed(&e))?;
        }
        if zipped {
            write_zip(path, &har, &files).map_err(|e| failed(&e))
        } else {
            let beside = path.parent().unwrap_or(Path::new("."));
            let dir = self.options.resources_dir.as_deref().map_or(beside, Path::new);
            for (name, bytes) in &files {
                std::fs::write(dir.join(name), bytes).map_err(|e| failed(&e))?;
            }
            std::fs::write(path, har).map_err(|e| failed(&e))
        }
    }

    /// The HAR entries in the order the requests started, and the files `attach` adds.
    fn entries(&self, content: &str, minimal: bool) -> (Vec<Value>, Vec<(String, Vec<u8>)>) {
        let recording = self.network.recording();
        let bodies: HashMap<&str, &Vec<u8>> = recording.resources.iter().map(|(n, b)| (n.as_str(), b)).collect();
        let finished = recording.network.iter().filter_map(|e| e.get("snapshot")).cloned();
        // Requests still waiting for an answer are listed without one, as Playwright does.
        let unfinished = recording.requests.values().map(|p| p.entry.clone());
        let mut entries: Vec<Value> = finished.chain(unfinished).filter(|e| self.keeps(e)).collect();
        entries.sort_by(|a, b| {
            a["_monotonicTime"].as_f64().partial_cmp(&b["_monotonicTime"].as_f64()).unwrap_or(std::cmp::Ordering::Equal)
        });
        let mut files: Vec<(String, Vec<u8>)> = Vec::new();
        let mut attach = |name: String, bytes: Vec<u8>| {
            if !files.iter().any(|(n, _)| *n == name) {
                files.push((name, bytes));
            }
        };
        for entry in &mut entries {
            reshape(entry, minimal);
            // The response body: the trace keeps it as `resources/<sha1>.<ext>`.
            let stored = entry.pointer_mut("/response/content/_file").map(Value::take);
            let body = stored.as_ref().and_then(Value::as_str).and_then(|f| f.strip_prefix("resources/"));
            let content_json = &mut entry["response"]["content"];
            if let Some(object) = content_json.as_object_mut() {
                object.remove("_file");
            }
            if let (Some(name), Some(bytes)) = (body, body.and_then(|n| bodies.get(n))) {
                match content {
                    "embed" => {
                        let mime = content_json["mimeType"].as_str().unwrap_or("");
                        match std::str::from_utf8(bytes).ok().filter(|_| is_textual(mime)) {
                            Some(text) => content_json["text"] = json!(text),
                            None => {
                                content_json["text"] = json!(base64::engine::general_purpose::STANDARD.encode(bytes));
                                content_json["encoding"] = json!("base64");
                            }
                        }
                    }
                    "attach" => {
                        content_json["_file"] = json!(name);
                        attach(name.to_string(), bytes.to_vec());
                    }
                    _ => {}
                }
            }
            // The request's body: in the file, beside it (attach) or left out, as the response's.
            if let Some(post) = entry.pointer_mut("/request/postData") {
                let text = post["text"].as_str().unwrap_or("").to_string();
                match content {
                    "attach" => {
                        let extension = crate::trace::network::extension(post["mimeType"].as_str().unwrap_or(""));
                        let name = sha1_name(text.as_bytes(), extension);
                        post["text"] = json!("");
                        post["_file"] = json!(name);
                        attach(name, text.into_bytes());
                    }
                    "omit" => post["text"] = json!(""),
                    _ => {}
                }
            }
        }
        (entries, files)
    }

    /// Whether `urlFilter` keeps this entry.
    fn keeps(&self, entry: &Value) -> bool {
        let url = entry.pointer("/request/url").and_then(Value::as_str).unwrap_or("");
        match &self.options.url_filter {
            None => true,
            Some(UrlFilter::Glob(glob)) => regex::Regex::new(&glob_pattern(glob)).is_ok_and(|r| r.is_match(url)),
            Some(UrlFilter::Regex { source, flags }) => regex_of(source, flags).is_ok_and(|r| r.is_match(url)),
        }
    }
}

/// An entry of the trace's network log made into Playwright's HAR entry.
fn reshape(entry: &mut Value, minimal: bool) {
    // A trace keeps the failure beside the entry; a HAR in its response.
    if let Some(failure) = entry.as_object_mut().and_then(|e| e.remove("_failureText")) {
        entry["response"]["_failureText"] = failure;
    }
    if !minimal {
        entry["_securityDetails"] = json!({});
        return;
    }
    if let Some(object) = entry.as_object_mut() {
        for key in ["pageref", "serverIPAddress", "_serverPort", "_securityDetails"] {
            object.remove(key);
        }
    }
    for side in ["request", "response"] {
        entry[side]["headersSize"] = json!(-1);
        entry[side]["bodySize"] = json!(-1);
    }
    if let Some(response) = entry["response"].as_object_mut() {
        response.remove("_transferSize");
    }
    if let Some(content) = entry["response"]["content"].as_object_mut() {
        content.insert("size".into(), json!(-1));
        content.remove("compression");
    }
}

fn page_json(page: &HarPage) -> Value {
    json!({
        "startedDateTime": page.started,
        "id": page.id,
        "title": page.title,
        "pageTimings": {
            "onContentLoad": page.on_content_load.map_or(-1, |t| t as i64),
            "onLoad": page.on_load.map_or(-1, |t| t as i64),
        },
    })
}

/// Whether a body of this media type is text in the HAR (Playwright's rule); others are base64.
fn is_textual(mime: &str) -> bool {
    let essence = mime.split(';').next().unwrap_or("").trim().to_ascii_lowercase();
    essence.starts_with("text/")
        || essence.ends_with("+json")
        || essence.ends_with("+xml")
        || matches!(
            essence.as_str(),
            "application/json"
                | "application/javascript"
                | "application/x-javascript"
                | "application/ecmascript"
                | "application/graphql"
                | "application/x-www-form-urlencoded"
                | "image/svg"
                | "image/svg+xml"
        )
        || essence.starts_with("application/xml")
}

/// A JavaScript RegExp (source, flags) as a Rust one (`i` is the flag that changes a match).
fn regex_of(source: &str, flags: &str) -> Result<regex::Regex, regex::Error> {
    regex::Regex::new(&if flags.contains('i') { format!("(?i){source}") } else { source.to_string() })
}

fn sha1_name(bytes: &[u8], extension: &str) -> String {
    use sha1::Digest;
    let hex: String = sha1::Sha1::digest(bytes).iter().map(|b| format!("{b:02x}")).collect();
    format!("{hex}.{extension}")
}

/// Playwright's URL glob as a regular expression: `**` any characters, `*` any but `/`,
/// `{a,b}` alternatives, the rest literal.
fn glob_pattern(glob: &str) -> String {
    let mut out = String::from("^");
    let mut in_group = false;
    let mut chars = glob.chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '*' if chars.peek() == Some(&'*') => {
                chars.next();
                out.push_str(".*");
            }
            '*' => out.push_str("[^/]*"),
            '{' => {
                in_group = true;
                out.push_str("(?:");
            }
            '}' if in_group => {
                in_group = false;
                out.push(')');
            }
            ',' if in_group => out.push('|'),
            c => out.push_str(&regex::escape(&c.to_string())),
        }
    }
    out.push('$');
    out
}

/// Whether `path`'s folder is still the folder it names (no link on the way) and `path` is not
/// a link: the host checked them as they were when the recording started.
fn still_where_it_was(path: &Path) -> Result<(), String> {
    let dir = path.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
    if dir.is_absolute() && dir.canonicalize().map_err(|e| e.to_string())? != dir {
        return Err(format!("{} is no longer the folder it was (a link?)", dir.display()));
    }
    if std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink()) {
        return Err("a link stands where the file goes".into());
    }
    Ok(())
}

/// A zipped HAR: `har.har` and the attached bodies, as Playwright writes one.
fn write_zip(path: &Path, har: &[u8], files: &[(String, Vec<u8>)]) -> std::io::Result<()> {
    use std::io::Write;
    let mut zip = zip::ZipWriter::new(std::fs::File::create(path)?);
    let options = zip::write::SimpleFileOptions::default().compression_method(zip::CompressionMethod::Deflated);
    zip.start_file("har.har", options)?;
    zip.write_all(har)?;
    for (name, bytes) in files {
        zip.start_file(name.as_str(), options)?;
        zip.write_all(bytes)?;
    }
    zip.finish()?;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn globs_read_as_playwright_reads_them() {
        let matches = |glob: &str, url: &str| regex::Regex::new(&glob_pattern(glob)).unwrap().is_match(url);
        assert!(matches("**/api/*", "http://a.test/api/items"));
        assert!(!matches("**/api/*", "http://a.test/api/items/1"));
        assert!(matches("**/*.{png,jpg}", "http://a.test/x/y.jpg"));
        assert!(!matches("**/*.{png,jpg}", "http://a.test/x/y.gif"));
        assert!(!matches("http://a.test/?x", "http://a.test/ax"), "? is literal");
    }

    #[test]
    fn options_playwright_refuses_are_refused_by_name() {
        let har = |content: Option<&str>, mode: Option<&str>| RecordHar {
            path: "a.har".into(),
            content: content.map(String::from),
            mode: mode.map(String::from),
            url_filter: None,
            omit_content: None,
            resources_dir: None,
        };
        assert!(check(&har(Some("embed"), Some("minimal"))).is_ok());
        assert!(check(&har(Some("inline"), None)).unwrap_err().contains("embed|attach|omit"));
        assert!(check(&har(None, Some("small"))).unwrap_err().contains("full|minimal"));
    }

    #[test]
    fn minimal_entries_keep_what_replaying_needs() {
        let mut entry = json!({ "pageref": "page@1", "serverIPAddress": "127.0.0.1", "_failureText": "net::ERR_FAILED",
            "request": { "headersSize": 10, "bodySize": 3 },
            "response": { "headersSize": 5, "bodySize": 2, "_transferSize": 7, "content": { "size": 2, "compression": 0, "mimeType": "text/plain" } } });
        reshape(&mut entry, true);
        assert!(entry.get("pageref").is_none() && entry.get("serverIPAddress").is_none());
        assert_eq!(entry["response"]["_failureText"], "net::ERR_FAILED");
        assert_eq!(entry["request"]["bodySize"], -1);
        assert_eq!(entry["response"]["content"], json!({ "size": -1, "mimeType": "text/plain" }));
    }
}
