//! A page's network decisions in one place, as Playwright's network manager keeps them: whether
//! the page's requests pause at all (request interception), what happens to each paused
//! request, and the answers to HTTP authentication challenges (`httpCredentials`).
//!
//! Requests pause only when something needs them to: routes (`page.route`), credentials (so a
//! 401 challenge can be answered, as Playwright does — never proactively) or a `file:` gate
//! (then only `file:` requests pause). A paused request meets [`PAUSED_STAGES`] in order; the
//! first stage that claims it decides its fate.

use crate::file_gate::{is_file_url, UrlGate};
use crate::page::{Page, PageInner};
use crate::{HttpCredentials, Result};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// What a page's network handling holds.
#[derive(Default)]
pub(crate) struct Network {
    /// Which `file:` URLs the page may load (`None`: all).
    file_gate: Mutex<Option<UrlGate>>,
    /// HTTP authentication answers, when the context has some.
    credentials: Mutex<Option<HttpCredentials>>,
    /// Requests whose challenge was already answered (a second challenge means wrong ones).
    answered_challenges: Mutex<HashSet<String>>,
    /// Whether request routing is on: then routes answer paused requests.
    routing: AtomicBool,
}

/// The stages a paused request meets, in order.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Stage {
    /// A `file:` URL the gate refuses fails here; nothing after it (routes, listeners) sees it.
    FileGate,
    /// With routing on, the page's routes answer it (listeners get a `PageEvent::Route`).
    Routes,
    /// Otherwise it paused only for the gate or for credentials: it goes on unchanged.
    Continue,
}

const PAUSED_STAGES: [Stage; 3] = [Stage::FileGate, Stage::Routes, Stage::Continue];

/// What happens to one paused request.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Paused {
    /// Failed as blocked, with the gate's reason.
    Refused(String),
    /// Left to the routes (listeners answer it).
    Routed,
    /// Continued unchanged.
    Continue,
}

impl Network {
    /// The fate of the paused request `params` (a `Fetch.requestPaused`).
    pub(crate) fn decide(&self, params: &Value) -> Paused {
        let url = params.pointer("/request/url").and_then(Value::as_str).unwrap_or("");
        for stage in PAUSED_STAGES {
            match stage {
                Stage::FileGate if is_file_url(url) => {
                    let gate = self.file_gate.lock().ok().and_then(|g| g.clone());
                    if let Some(Err(reason)) = gate.map(|g| g(url)) {
                        return Paused::Refused(reason);
                    }
                }
                Stage::Routes if self.routing.load(Ordering::Relaxed) => return Paused::Routed,
                Stage::Continue => return Paused::Continue,
                _ => {}
            }
        }
        Paused::Continue
    }

    /// The interception the page needs now: `Fetch.enable` with its patterns, or
    /// `Fetch.disable`. One `Fetch.enable` holds every pattern of a session.
    fn interception(&self) -> (&'static str, Value) {
        let routing = self.routing.load(Ordering::Relaxed);
        let auth = self.credentials.lock().map(|c| c.is_some()).unwrap_or(false);
        let gated = self.file_gate.lock().map(|g| g.is_some()).unwrap_or(false);
        if routing || auth {
            let all =
                json!({ "handleAuthRequests": auth, "patterns": [{ "urlPattern": "*", "requestStage": "Request" }] });
            ("Fetch.enable", all)
        } else if gated {
            ("Fetch.enable", json!({ "patterns": [{ "urlPattern": "file:*", "requestStage": "Request" }] }))
        } else {
            ("Fetch.disable", json!({}))
        }
    }
}

impl Page {
    /// Fails every `file:` request of this page that `gate` refuses.
    pub async fn gate_file_urls(&self, gate: UrlGate) -> Result<()> {
        if let Ok(mut g) = self.inner.network.file_gate.lock() {
            *g = Some(gate);
        }
        self.sync_interception().await
    }

    /// Answers this page's authentication challenges with `credentials`.
    pub(crate) async fn set_credentials(&self, credentials: &HttpCredentials) -> Result<()> {
        if let Ok(mut c) = self.inner.network.credentials.lock() {
            *c = Some(credentials.clone());
        }
        self.sync_interception().await
    }

    /// Turns routing on or off (interception stays on for credentials or a file gate).
    pub(crate) async fn switch_routing(&self, on: bool) -> Result<()> {
        self.inner.network.routing.store(on, Ordering::Relaxed);
        self.sync_interception().await
    }

    /// Sets the page's request interception to what routing, credentials and the file gate
    /// need together.
    async fn sync_interception(&self) -> Result<()> {
        let (method, params) = self.inner.network.interception();
        self.inner.connection.call_raw(method, params, Some(&self.inner.session)).await?;
        Ok(())
    }
}

/// Carries out a refusal: the request fails as blocked, and the reason is noted among the
/// page's console errors so the step or tool says why.
pub(crate) async fn refuse(page: &PageInner, params: &Value, reason: String) {
    if let Ok(mut errors) = page.console_errors.lock() {
        errors.push(format!("blocked: {reason}"));
    }
    let reply = json!({ "requestId": params["requestId"], "errorReason": "BlockedByClient" });
    let _ = page.connection.call_raw("Fetch.failRequest", reply, Some(&page.session)).await;
}

/// After the page's listeners saw a paused request that was not refused: a new request for its
/// URL may be challenged again, and one that is not routed goes on.
pub(crate) async fn pass(page: &PageInner, params: &Value, paused: &Paused) {
    if let (Some(url), Ok(mut seen)) =
        (params.pointer("/request/url").and_then(Value::as_str), page.network.answered_challenges.lock())
    {
        seen.remove(url);
    }
    if *paused == Paused::Continue {
        let reply = json!({ "requestId": params["requestId"] });
        let _ = page.connection.call_raw("Fetch.continueRequest", reply, Some(&page.session)).await;
    }
}

/// Answers a `Fetch.authRequired`: the credentials for their origin (or any, without one),
/// else the browser's default (no answer: the 401 reaches the page).
pub(crate) async fn answer_challenge(page: &PageInner, params: &Value) {
    let credentials = page.network.credentials.lock().ok().and_then(|c| c.clone());
    let url = params.pointer("/request/url").and_then(Value::as_str).unwrap_or("");
    // Answered once per request (by URL, until a new request for it starts): asked again, the
    // credentials were wrong, and the 401 reaches the page.
    let first = page.network.answered_challenges.lock().map(|mut seen| seen.insert(url.to_string())).unwrap_or(false);
    let response = match credentials {
        Some(c) if first && c.origin.as_deref().is_none_or(|o| url.starts_with(o.trim_end_matches('/'))) => {
            json!({ "response": "ProvideCredentials", "username": c.username, "password": c.password })
        }
        _ => json!({ "response": "CancelAuth" }),
    };
    let reply = json!({ "requestId": params["requestId"], "authChallengeResponse": response });
    let _ = page.connection.call_raw("Fetch.continueWithAuth", reply, Some(&page.session)).await;
}

/// `error` of a failed navigation, with the gate's reason when the gate refused it.
pub(crate) fn explain(page: &PageInner, error: String) -> String {
    if !error.contains("ERR_BLOCKED_BY_CLIENT") {
        return error;
    }
    let reason = page
        .console_errors
        .lock()
        .ok()
        .and_then(|errors| errors.iter().rev().find_map(|e| e.strip_prefix("blocked: ").map(str::to_string)));
    match reason {
        Some(reason) => format!("{error}: {reason}"),
        None => error,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::sync::Arc;

    fn paused(url: &str) -> Value {
        json!({ "requestId": "1", "request": { "url": url } })
    }

    #[test]
    fn the_gate_comes_before_routes_and_routes_before_continuing() {
        let network = Network::default();
        assert_eq!(network.decide(&paused("https://a.test/")), Paused::Continue);
        network.routing.store(true, Ordering::Relaxed);
        assert_eq!(network.decide(&paused("https://a.test/")), Paused::Routed);
        let refuse_all: UrlGate = Arc::new(|url: &str| Err(format!("{url} is refused")));
        *network.file_gate.lock().unwrap() = Some(refuse_all);
        assert_eq!(
            network.decide(&paused("FILE:///etc/passwd")),
            Paused::Refused("FILE:///etc/passwd is refused".into()),
            "a refused file never reaches the routes"
        );
        assert_eq!(network.decide(&paused("https://a.test/")), Paused::Routed, "only file: URLs meet the gate");
        network.routing.store(false, Ordering::Relaxed);
        assert_eq!(network.interception().1["patterns"][0]["urlPattern"], "file:*", "only files pause for the gate");
        *network.credentials.lock().unwrap() =
            Some(HttpCredentials { username: "u".into(), password: "p".into(), origin: None });
        let (method, params) = network.interception();
        assert_eq!((method, params["handleAuthRequests"].as_bool()), ("Fetch.enable", Some(true)));
    }
}
