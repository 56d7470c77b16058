//! The native side of `fetch`: one HTTP request described as JSON in (body base64-encoded), the
//! response's head as JSON out. Network failures come back as `{ "error": … }` so that the JS side can
//! reject with a `TypeError`, as `fetch` does; HTTP error statuses are ordinary responses.
//! A request carries an id so that an `AbortSignal` can cancel it while in flight. The body is
//! not read here: the response is parked under a stream id and `read_chunk` pulls it off the
//! socket one chunk at a time, so a large or endless body is never buffered whole.

use crate::JsErrorName;
use base64::Engine;
use serde::Deserialize;
use serde_json::json;
use std::cell::RefCell;
use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use tokio::sync::Notify;

use crate::playwright::Session;
use ferridriver_browser::BrowserContext;

thread_local! {
    /// One cancellation flag per pending fetch of this thread's VM, by its JS-side id.
    static ABORTS: RefCell<HashMap<u64, Arc<Notify>>> = RefCell::new(HashMap::new());
    /// Responses whose bodies JS is still reading, by stream id. Thread-local because a VM and
    /// its futures live on one worker thread.
    static BODIES: RefCell<HashMap<u64, reqwest::Response>> = RefCell::new(HashMap::new());
    /// Bodies out for a read now (taken from `BODIES` while the read waits).
    static READING: RefCell<HashSet<u64>> = RefCell::new(HashSet::new());
    /// Bodies cancelled while a read of theirs was waiting: the read drops the response when it
    /// comes back.
    static CANCELLED: RefCell<HashSet<u64>> = RefCell::new(HashSet::new());
}

/// A stream id no body of this thread has: random (within the integers a JS number holds
/// exactly), so that code which gets hold of the reading native cannot guess another's body.
fn fresh_stream_id() -> u64 {
    let random = ring::rand::SystemRandom::new();
    loop {
        let mut bytes = [0u8; 8];
        let id = match ring::rand::SecureRandom::fill(&random, &mut bytes) {
            Ok(()) => u64::from_le_bytes(bytes) & ((1 << 53) - 1),
            Err(_) => FALLBACK_STREAM.fetch_add(1, Ordering::Relaxed),
        };
        let taken = BODIES.with(|b| b.borrow().contains_key(&id)) || READING.with(|r| r.borrow().contains(&id));
        if id != 0 && !taken {
            return id;
        }
    }
}

/// Ids should the system's random source fail (it does not on Linux).
static FALLBACK_STREAM: AtomicU64 = AtomicU64::new(1);

/// The next chunk of stream `id`, tagged by its first byte: 0 then the bytes, 1 for the end,
/// 2 then a UTF-8 error message (one value type keeps the native boundary simple).
pub async fn read_chunk(id: f64) -> rquickjs::Result<crate::bytes::Bytes> {
    let id = id as u64;
    let Some(mut response) = BODIES.with(|b| b.borrow_mut().remove(&id)) else {
        return Ok(tagged(1, b""));
    };
    READING.with(|r| r.borrow_mut().insert(id));
    let read = response.chunk().await;
    READING.with(|r| r.borrow_mut().remove(&id));
    if CANCELLED.with(|c| c.borrow_mut().remove(&id)) {
        return Ok(tagged(1, b""));
    }
    Ok(match read {
        Ok(Some(chunk)) => {
            BODIES.with(|b| b.borrow_mut().insert(id, response));
            tagged(0, &chunk)
        }
        Ok(None) => tagged(1, b""),
        Err(e) => tagged(2, format!("fetch failed reading the body: {e}").as_bytes()),
    })
}

/// Drops stream `id` (the body was cancelled or its signal aborted), closing the connection.
pub fn cancel_body(id: f64) {
    let id = id as u64;
    if BODIES.with(|b| b.borrow_mut().remove(&id)).is_none() && READING.with(|r| r.borrow().contains(&id)) {
        CANCELLED.with(|c| c.borrow_mut().insert(id));
    }
}

/// Drops every unread body of this thread: a test case's responses end with it, so one that
/// is never read does not hold its connection for the rest of the run.
pub fn forget_bodies() {
    BODIES.with(|b| b.borrow_mut().clear());
    CANCELLED.with(|c| c.borrow_mut().clear());
}

fn tagged(tag: u8, bytes: &[u8]) -> crate::bytes::Bytes {
    let mut out = Vec::with_capacity(bytes.len() + 1);
    out.push(tag);
    out.extend_from_slice(bytes);
    crate::bytes::Bytes(out)
}

/// The cancellation flag of request `id` (ids are per VM, and a VM lives on one thread). `abort`
/// may run before the request's future first polls, so whichever side comes first creates the
/// entry; `Notify` keeps the permit until awaited.
fn flag(id: u64) -> Arc<Notify> {
    ABORTS.with(|a| Arc::clone(a.borrow_mut().entry(id).or_default()))
}

/// Cancels request `id` (the JS side calls it only while the request is pending).
pub fn abort(id: f64) {
    flag(id as u64).notify_one();
}

#[derive(Deserialize)]
struct Request {
    /// The VM-local id `abort` refers to.
    #[serde(default)]
    id: u64,
    url: String,
    #[serde(default = "get")]
    method: String,
    #[serde(default)]
    headers: Vec<(String, String)>,
    /// The body, base64-encoded.
    #[serde(default)]
    body: Option<String>,
    #[serde(default)]
    redirect: Option<String>,
    /// Whether the open browser context's cookies go with it (`fetch` in a World: yes; Node's
    /// `http.request`, which has no cookie jar: no).
    #[serde(default = "yes")]
    cookies: bool,
}

fn yes() -> bool {
    true
}

fn get() -> String {
    "GET".into()
}

/// Performs the request described by `request` (JSON) and describes the response (JSON).
/// With a `session` whose browser context is open, the request carries the context's cookies
/// and the cookies the response sets go back into it (as `context.request` does). `running` is
/// the tool whose handler made the call, as Rust saw it at the call (`None` outside handlers).
pub async fn handle(
    session: Option<Arc<Session>>,
    request: String,
    running: Option<usize>,
) -> rquickjs::Result<String> {
    let request: Request = match serde_json::from_str(&request) {
        Ok(r) => r,
        Err(e) => return Ok(json!({ "error": format!("bad fetch request: {e}") }).to_string()),
    };
    let cancelled = flag(request.id);
    // `allow.net`: the calling handler's list (outside handlers, every restricted handler
    // running now must allow the host), before any connection and on every redirect hop.
    let admitted = session.as_ref().map(|s| s.net().admit(running, &request.url)).transpose();
    let check = match admitted {
        Ok(check) => check.flatten(),
        Err(refusal) => {
            ABORTS.with(|a| a.borrow_mut().remove(&request.id));
            return Ok(json!({ "error": refusal.message, "name": refusal.name }).to_string());
        }
    };
    let outcome = tokio::select! {
        outcome = perform(session.and_then(|s| s.open_context()).filter(|_| request.cookies), &request, check) => outcome,
        _ = cancelled.notified() => Err(Failed::Other("the request was aborted".to_string())),
    };
    ABORTS.with(|a| a.borrow_mut().remove(&request.id));
    Ok(match outcome {
        Ok(response) => response.to_string(),
        Err(Failed::Refused(message)) => json!({ "error": message, "name": JsErrorName::SandboxViolation }).to_string(),
        Err(Failed::Other(message)) => json!({ "error": message }).to_string(),
    })
}

/// Why a fetch failed: refused by the running handlers' `allow.net`, or anything else.
enum Failed {
    Refused(String),
    Other(String),
}

async fn perform(
    context: Option<BrowserContext>,
    request: &Request,
    check: Option<crate::net_policy::HopCheck>,
) -> Result<serde_json::Value, Failed> {
    let body = match &request.body {
        Some(b) => Some(base64::engine::general_purpose::STANDARD.decode(b).map_err(|e| Failed::Other(e.to_string()))?),
        None => None,
    };
    // The same core as `context.request`: the context's cookies on every hop when one is open.
    let shared = context;
    let check = check.map(ferridriver_browser::RedirectCheck);
    let call = ferridriver_browser::http_core::HttpCall {
        method: &request.method,
        url: &request.url,
        headers: &request.headers,
        body,
        jar: shared.as_ref(),
        follow: !matches!(request.redirect.as_deref(), Some("manual") | Some("error")),
        check: check.as_ref(),
        // The page's own `fetch` global answers no challenge (as a browser's would ask).
        authorize: None,
    };
    let response = match ferridriver_browser::http_core::send(call).await {
        Ok(r) => r,
        Err(ferridriver_browser::http_core::HttpError::Refused(why)) => return Err(Failed::Refused(why)),
        Err(ferridriver_browser::http_core::HttpError::Failed(why)) => {
            return Err(Failed::Other(format!("fetch failed: {}: {why}", request.url)))
        }
    };
    let status = response.status();
    let url = response.url().to_string();
    let redirected = url != request.url;
    let headers: Vec<(String, String)> = response
        .headers()
        .iter()
        .map(|(k, v)| (k.to_string(), String::from_utf8_lossy(v.as_bytes()).into_owned()))
        .collect();
    let stream = fresh_stream_id();
    BODIES.with(|b| b.borrow_mut().insert(stream, response));
    Ok(json!({
        "status": status.as_u16(),
        "statusText": status.canonical_reason().unwrap_or(""),
        "url": url,
        "redirected": redirected,
        "headers": headers,
        "stream": stream,
    }))
}
