//! A page's network decisions in one place, as Playwright's network manager keeps them: whether
//! the page's requests pause at all (request interception), what happens to each paused
//! request, and the answers to HTTP authentication challenges (`httpCredentials`).
//!
//! Requests pause only when something needs them to: routes (`page.route`), credentials (so a
//! 401 challenge can be answered, as Playwright does — never proactively) or a `file:` gate
//! (then only `file:` requests pause). A paused request meets [`PAUSED_STAGES`] in order; the
//! first stage that claims it decides its fate.

use crate::credentials::HttpCredentials;
use crate::file_gate::{is_file_url, UrlGate};
use serde_json::{json, Value};
use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Mutex;

/// What a page's network handling holds.
#[derive(Default)]
pub(crate) struct Network {
    /// Which `file:` URLs the page may load (`None`: all).
    file_gate: Mutex<Option<UrlGate>>,
    /// HTTP authentication answers, when the context has some (`credentials.rs`).
    credentials: Mutex<Vec<HttpCredentials>>,
    /// The proxy's sign-in (`proxy.username`/`password`), answered to its 407 challenges.
    proxy_credentials: Mutex<Option<(String, String)>>,
    /// Requests whose challenge was already answered (a second challenge means wrong ones).
    answered_challenges: Mutex<HashSet<String>>,
    /// Whether request routing is on: then routes answer paused requests.
    routing: AtomicBool,
    /// The URLs of the requests left to the routes, until they are answered (a route that
    /// continues one with another URL is held to its scheme and to the file gate).
    routed: Mutex<std::collections::HashMap<String, String>>,
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
                Stage::Routes if self.routing.load(Ordering::Relaxed) => {
                    if let (Some(id), Ok(mut routed)) = (params["requestId"].as_str(), self.routed.lock()) {
                        routed.insert(id.to_string(), url.to_string());
                    }
                    return Paused::Routed;
                }
                Stage::Continue => return Paused::Continue,
                _ => {}
            }
        }
        Paused::Continue
    }

    /// The interception the page needs now: `Fetch.enable` with its patterns, or
    /// `Fetch.disable`. One `Fetch.enable` holds every pattern of a session.
    pub(crate) fn interception(&self) -> (&'static str, Value) {
        let routing = self.routing.load(Ordering::Relaxed);
        let auth = self.credentials.lock().map(|c| !c.is_empty()).unwrap_or(false)
            || self.proxy_credentials.lock().map(|c| c.is_some()).unwrap_or(false);
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

impl Network {
    /// Sets the gate `file:` requests must pass (`None`: all pass).
    pub(crate) fn set_file_gate(&self, gate: UrlGate) {
        if let Ok(mut g) = self.file_gate.lock() {
            *g = Some(gate);
        }
    }

    /// Sets the answers to authentication challenges.
    pub(crate) fn set_credentials(&self, credentials: &[HttpCredentials]) {
        if let Ok(mut c) = self.credentials.lock() {
            *c = credentials.to_vec();
        }
    }

    /// Turns routing on or off.
    pub(crate) fn set_routing(&self, on: bool) {
        self.routing.store(on, Ordering::Relaxed);
    }

    /// A paused request that was not refused went by: a new request for its URL may be
    /// challenged again.
    pub(crate) fn forget_challenge(&self, params: &Value) {
        if let (Some(url), Ok(mut seen)) =
            (params.pointer("/request/url").and_then(Value::as_str), self.answered_challenges.lock())
        {
            seen.remove(url);
            seen.remove(&format!("proxy {url}"));
        }
    }

    /// Sets the proxy's sign-in.
    pub(crate) fn set_proxy_credentials(&self, username: &str, password: &str) {
        if let Ok(mut c) = self.proxy_credentials.lock() {
            *c = Some((username.to_string(), password.to_string()));
        }
    }

    /// The answer to a `Fetch.authRequired` for `url`: a proxy's challenge (`proxy`) gets the
    /// proxy's sign-in; a server's the credentials for their origin (or any, without one).
    /// Without them, the browser's default (no answer: the 401 or 407 reaches the page).
    /// Answered once per request (by URL, until a new request for it starts): asked again, the
    /// credentials were wrong, and the challenge reaches the page.
    pub(crate) fn challenge_response(&self, url: &str, proxy: bool) -> Value {
        let credentials = if proxy {
            self.proxy_credentials.lock().ok().and_then(|c| c.clone())
        } else {
            let credentials = self.credentials.lock().map(|c| c.clone()).unwrap_or_default();
            crate::credentials::matching(&credentials, url).map(|c| (c.username.clone(), c.password.clone()))
        };
        let key = if proxy { format!("proxy {url}") } else { url.to_string() };
        let first = self.answered_challenges.lock().map(|mut seen| seen.insert(key)).unwrap_or(false);
        // Playwright's answers: none to give is the browser's default (a server's 401 page, a
        // proxy's failed load); asked again, the ones given were wrong.
        match credentials {
            Some((username, password)) if first => {
                json!({ "response": "ProvideCredentials", "username": username, "password": password })
            }
            Some(_) => json!({ "response": "CancelAuth" }),
            None => json!({ "response": "Default" }),
        }
    }
}

impl Network {
    /// A route answers routed request `id`: with `new_url` when it continues it elsewhere, which
    /// must keep the request's scheme (as Playwright requires) and pass the file gate — a
    /// continued request does not pause again, so this is its only check.
    pub(crate) fn answer_routed(&self, id: &str, new_url: Option<&str>) -> Result<(), String> {
        let original = self.routed.lock().ok().and_then(|mut routed| routed.remove(id));
        let Some(new_url) = new_url else { return Ok(()) };
        let scheme = |u: &str| u.split_once(':').map(|(s, _)| s.to_ascii_lowercase());
        if original.as_deref().map(scheme) != Some(scheme(new_url)) {
            return Err("route.continue: New URL must have same protocol as overridden URL".to_string());
        }
        if is_file_url(new_url) {
            let gate = self.file_gate.lock().ok().and_then(|g| g.clone());
            if let Some(Err(reason)) = gate.map(|g| g(new_url)) {
                return Err(format!("route.continue: {reason}"));
            }
        }
        Ok(())
    }
}

/// `error` of a failed navigation, with the gate's reason when the gate refused it (the reason
/// is the last `blocked: …` line among the page's console errors).
pub(crate) fn explain(console_errors: &[String], error: String) -> String {
    if !error.contains("ERR_BLOCKED_BY_CLIENT") {
        return error;
    }
    let reason = console_errors.iter().rev().find_map(|e| e.strip_prefix("blocked: ").map(str::to_string));
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
    fn a_continued_request_keeps_its_scheme_and_passes_the_gate() {
        let network = Network::default();
        network.routing.store(true, Ordering::Relaxed);
        assert_eq!(network.decide(&paused("https://a.test/x")), Paused::Routed);
        let changed = network.answer_routed("1", Some("file:///etc/passwd")).unwrap_err();
        assert!(changed.contains("same protocol"), "{changed}");
        assert!(network.answer_routed("1", Some("https://b.test/")).is_err(), "answered once: no record left");
        network.decide(&paused("https://a.test/x"));
        assert_eq!(network.answer_routed("1", Some("https://b.test/")), Ok(()));
        let only_ok: UrlGate =
            Arc::new(|url: &str| if url == "file:///ok" { Ok(()) } else { Err(format!("{url} is refused")) });
        *network.file_gate.lock().unwrap() = Some(only_ok);
        assert_eq!(network.decide(&paused("file:///ok")), Paused::Routed);
        assert_eq!(
            network.answer_routed("1", Some("file:///etc/passwd")),
            Err("route.continue: file:///etc/passwd is refused".into())
        );
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
            vec![HttpCredentials { username: "u".into(), password: "p".into(), origin: None, send: None }];
        let (method, params) = network.interception();
        assert_eq!((method, params["handleAuthRequests"].as_bool()), ("Fetch.enable", Some(true)));
    }

    #[test]
    fn a_proxys_challenge_gets_the_proxys_sign_in_and_a_servers_the_servers() {
        let network = Network::default();
        network.set_proxy_credentials("proxy-user", "proxy-pass");
        assert_eq!(network.interception().1["handleAuthRequests"], true, "the proxy's challenges pause");
        let url = "http://a.test/";
        assert_eq!(network.challenge_response(url, true)["username"], "proxy-user");
        assert_eq!(network.challenge_response(url, false)["response"], "Default", "no server credentials");
        assert_eq!(network.challenge_response(url, true)["response"], "CancelAuth", "asked again: wrong ones");
        network.forget_challenge(&json!({ "request": { "url": url } }));
        assert_eq!(network.challenge_response(url, true)["password"], "proxy-pass", "a new request is answered");
    }
}
