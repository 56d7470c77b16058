//! The network log of a traced page (`trace.network`): each request the page made, as a HAR
//! entry wrapped in Playwright's `resource-snapshot` event, with the response body stored under
//! `resources/` (up to [`BODY_LIMIT`]). Built from the page's DevTools Network events.

use super::recorder::{monotonic_ms, PendingRequest, Tracer};
use crate::connection::{CdpEvent, Connection};
use base64::Engine;
use serde_json::{json, Value};

/// Requests followed at once at most (unfinished ones beyond are not logged).
const MAX_PENDING_REQUESTS: usize = 10_000;

/// Bodies larger than this are listed without their content in a trace.
pub(crate) const BODY_LIMIT: u64 = 2 * 1024 * 1024;

/// The most body bytes one recording keeps in all (a page that serves ever new bodies must not
/// grow it without end); the requests after that are listed without their content.
pub(crate) const BODY_BUDGET: u64 = 512 * 1024 * 1024;

impl Tracer {
    /// Takes one DevTools event of page `page` (frame `frame`) into the network log.
    pub(crate) fn network_event(&self, page: &str, event: &CdpEvent, connection: &Connection, session: &str) {
        let p = &event.params;
        let Some(id) = p["requestId"].as_str() else { return };
        let key = format!("{page}/{id}");
        match event.method.as_str() {
            "Network.requestWillBeSent" => {
                // The browser's own favicon fetch is not the page's: Playwright reports no
                // event of it (nor of where it redirects), so its logs leave it out too.
                let favicon = |url: &Value| url.as_str().is_some_and(|u| u.ends_with("/favicon.ico"));
                let redirected = p.get("redirectResponse").filter(|r| r.is_object());
                if favicon(&p["request"]["url"]) || redirected.is_some_and(|r| favicon(&r["url"])) {
                    return;
                }
                // A redirect reuses the request id: the hop that ended is an entry of its own.
                if let Some(redirect) = p.get("redirectResponse").filter(|r| r.is_object()) {
                    let hop = self.recording().requests.remove(&key);
                    if let Some(mut hop) = hop {
                        let at = p["timestamp"].as_f64().unwrap_or(hop.sent);
                        answer(&mut hop, redirect, at);
                        hop.entry["response"]["redirectURL"] = p["request"]["url"].clone();
                        self.finish_request(hop, p["timestamp"].as_f64(), None);
                    }
                }
                let pending = PendingRequest {
                    entry: request_entry(page, p),
                    sent: p["timestamp"].as_f64().unwrap_or(0.0),
                    answered: None,
                };
                let mut recording = self.recording();
                // Requests that never finish (long polls, streams) must not grow it forever.
                if recording.requests.len() < MAX_PENDING_REQUESTS {
                    recording.requests.insert(key, pending);
                }
            }
            "Network.responseReceived" => {
                if let Some(pending) = self.recording().requests.get_mut(&key) {
                    answer(pending, &p["response"], p["timestamp"].as_f64().unwrap_or(pending.sent));
                }
            }
            "Network.loadingFinished" => {
                // Held from before the request leaves the pending ones until its body is stored:
                // whoever waits for answered requests and captures never sees neither.
                let capture = self.capture();
                let Some(mut pending) = self.recording().requests.remove(&key) else { return };
                let size = p["encodedDataLength"].as_f64().unwrap_or(-1.0);
                pending.entry["response"]["_transferSize"] = json!(size);
                let mime = pending.entry["response"]["content"]["mimeType"].as_str().unwrap_or("").to_string();
                let index = self.finish_request(pending, p["timestamp"].as_f64(), None);
                let (limit, kept) = {
                    let recording = self.recording();
                    (recording.body_limit, recording.body_bytes)
                };
                if size >= 0.0 && (size as u64) <= limit && kept.saturating_add(size as u64) <= BODY_BUDGET {
                    let (tracer, connection, session, id) =
                        (self.clone(), connection.clone(), session.to_string(), id.to_string());
                    tokio::spawn(async move {
                        let params = json!({ "requestId": id });
                        let reply = connection.call_raw("Network.getResponseBody", params, Some(&session)).await;
                        if let Ok(reply) = reply {
                            tracer.attach_body(index, &reply, &mime);
                        }
                        drop(capture);
                    });
                }
            }
            "Network.loadingFailed" => {
                let _ended = self.capture();
                let Some(mut pending) = self.recording().requests.remove(&key) else { return };
                if pending.answered.is_none() {
                    pending.entry["response"] = json!({ "status": -1, "statusText": "", "httpVersion": "HTTP/1.1",
                        "cookies": [], "headers": [], "content": { "size": -1, "mimeType": "x-unknown" },
                        "headersSize": -1, "bodySize": -1, "redirectURL": "", "_transferSize": -1 });
                }
                let error = p["errorText"].as_str().unwrap_or("failed").to_string();
                self.finish_request(pending, p["timestamp"].as_f64(), Some(error));
            }
            _ => {}
        }
    }

    /// Ends an entry: its timings, then into `trace.network`; its index there.
    fn finish_request(&self, pending: PendingRequest, ended: Option<f64>, failure: Option<String>) -> usize {
        let PendingRequest { mut entry, sent, answered } = pending;
        let ended = ended.unwrap_or(sent);
        let answered = answered.unwrap_or(ended);
        let wait = ((answered - sent) * 1000.0).max(0.0);
        let receive = ((ended - answered) * 1000.0).max(0.0);
        entry["time"] = json!(wait + receive);
        entry["timings"] = json!({ "dns": -1, "connect": -1, "ssl": -1, "send": 0, "wait": wait, "receive": receive });
        if let Some(failure) = failure {
            entry["_failureText"] = json!(failure);
        }
        let mut recording = self.recording();
        recording.network.push(json!({ "type": "resource-snapshot", "snapshot": entry }));
        recording.network.len() - 1
    }

    /// Stores a response body (`Network.getResponseBody`'s reply) for entry `index`.
    fn attach_body(&self, index: usize, reply: &Value, mime: &str) {
        let body = reply["body"].as_str().unwrap_or("");
        let bytes = match reply["base64Encoded"].as_bool() {
            Some(true) => base64::engine::general_purpose::STANDARD.decode(body).unwrap_or_default(),
            _ => body.as_bytes().to_vec(),
        };
        let mut recording = self.recording();
        let size = bytes.len();
        if recording.body_bytes.saturating_add(size as u64) > BODY_BUDGET {
            return;
        }
        recording.body_bytes += size as u64;
        let name = recording.add_resource(bytes, extension(mime));
        if let Some(content) =
            recording.network.get_mut(index).and_then(|e| e.pointer_mut("/snapshot/response/content"))
        {
            content["_file"] = json!(format!("resources/{name}"));
            content["size"] = json!(size);
        }
    }
}

/// The HAR entry of a request just sent.
fn request_entry(page: &str, p: &Value) -> Value {
    let request = &p["request"];
    let started = p["wallTime"].as_f64().map(|s| (s * 1000.0) as i64).unwrap_or(0);
    let started = chrono::DateTime::from_timestamp_millis(started)
        .map(|t| t.to_rfc3339_opts(chrono::SecondsFormat::Millis, true))
        .unwrap_or_default();
    let url = request["url"].as_str().unwrap_or("");
    let post = request["postData"].as_str();
    let mut har_request = json!({ "method": request["method"], "url": url, "httpVersion": "HTTP/1.1",
        "cookies": [], "headers": headers(&request["headers"]), "queryString": query(url),
        "headersSize": -1, "bodySize": post.map(str::len).unwrap_or(0) });
    if let Some(text) = post {
        let mime = request["headers"]
            .as_object()
            .and_then(|h| h.iter().find(|(k, _)| k.eq_ignore_ascii_case("content-type")))
            .and_then(|(_, v)| v.as_str())
            .unwrap_or("application/octet-stream");
        har_request["postData"] = json!({ "mimeType": mime, "text": text, "params": [] });
    }
    let frame = p["frameId"].as_str().unwrap_or("");
    json!({
        "pageref": page,
        "startedDateTime": started,
        "time": 0,
        "request": har_request,
        "response": { "status": -1, "statusText": "", "httpVersion": "HTTP/1.1", "cookies": [], "headers": [],
            "content": { "size": -1, "mimeType": "x-unknown" }, "headersSize": -1, "bodySize": -1,
            "redirectURL": "", "_transferSize": -1 },
        "cache": {},
        "timings": {},
        "_frameref": format!("frame@{frame}"),
        "_monotonicTime": monotonic_ms(),
        "_resourceType": p["type"].as_str().unwrap_or("other").to_ascii_lowercase(),
    })
}

/// Sets an entry's response from a DevTools `Response`.
fn answer(pending: &mut PendingRequest, response: &Value, at: f64) {
    pending.answered = Some(at);
    let mime = response["mimeType"].as_str().unwrap_or("x-unknown");
    pending.entry["response"] = json!({
        "status": response["status"], "statusText": response["statusText"],
        "httpVersion": response["protocol"].as_str().unwrap_or("HTTP/1.1"), "cookies": [],
        "headers": headers(&response["headers"]),
        "content": { "size": -1, "mimeType": mime, "compression": 0 },
        "headersSize": -1, "bodySize": -1, "redirectURL": "", "_transferSize": -1,
    });
    if let Some(ip) = response["remoteIPAddress"].as_str() {
        pending.entry["serverIPAddress"] = json!(ip.trim_matches(['[', ']']));
        pending.entry["_serverPort"] = response["remotePort"].clone();
    }
}

/// DevTools headers (an object) as HAR's list of name/value pairs.
fn headers(object: &Value) -> Value {
    let pairs: Vec<Value> = object
        .as_object()
        .into_iter()
        .flatten()
        .flat_map(|(name, value)| {
            // DevTools joins repeated headers with newlines.
            value.as_str().unwrap_or("").split('\n').map(|v| json!({ "name": name, "value": v })).collect::<Vec<_>>()
        })
        .collect();
    Value::Array(pairs)
}

fn query(url: &str) -> Value {
    let pairs: Vec<Value> = url::Url::parse(url)
        .map(|u| u.query_pairs().map(|(k, v)| json!({ "name": k, "value": v })).collect())
        .unwrap_or_default();
    Value::Array(pairs)
}

/// A file extension for a body of this media type.
pub(crate) fn extension(mime: &str) -> &'static str {
    match mime.split(';').next().unwrap_or("").trim() {
        "text/html" => "html",
        "text/css" => "css",
        "text/javascript" | "application/javascript" => "js",
        "application/json" => "json",
        "image/png" => "png",
        "image/jpeg" => "jpeg",
        "image/svg+xml" => "svg",
        "image/gif" => "gif",
        "image/webp" => "webp",
        "font/woff2" => "woff2",
        m if m.starts_with("text/") => "txt",
        _ => "dat",
    }
}
