//! HTTP authentication (`httpCredentials`): the page's requests pause at the network layer only
//! so that a server's 401 challenge can be answered with the context's credentials, as
//! Playwright does — only to the credentials' origin when one is given, never proactively.

use crate::page::{Page, PageInner};
use crate::Result;
use serde::{Deserialize, Serialize};
use serde_json::{json, Value};
use std::sync::atomic::Ordering;

/// Credentials for HTTP authentication.
#[derive(Debug, Clone, PartialEq, Deserialize, Serialize)]
#[serde(deny_unknown_fields)]
pub struct HttpCredentials {
    pub username: String,
    pub password: String,
    /// Only challenges from this origin (`https://example.com`) are answered.
    #[serde(default)]
    pub origin: Option<String>,
}

/// The interception that reports authentication challenges; with routing on, routes answer the
/// paused requests, else the page lets each go on (see `watch_page`).
pub(crate) fn fetch_params(with_auth: bool) -> Value {
    json!({ "handleAuthRequests": with_auth, "patterns": [{ "urlPattern": "*", "requestStage": "Request" }] })
}

impl Page {
    /// Answers this page's authentication challenges with `credentials`.
    pub(crate) async fn set_credentials(&self, credentials: &HttpCredentials) -> Result<()> {
        if let Ok(mut c) = self.inner.credentials.lock() {
            *c = Some(credentials.clone());
        }
        self.sync_interception().await
    }

    pub(crate) fn has_credentials(&self) -> bool {
        self.inner.credentials.lock().map(|c| c.is_some()).unwrap_or(false)
    }

    pub(crate) fn note_routing(&self, on: bool) {
        self.inner.routing.store(on, Ordering::Relaxed);
    }
}

/// A new request for `url` started: its challenge may be answered again.
pub(crate) fn request_started(page: &PageInner, params: &Value) {
    if let (Some(url), Ok(mut seen)) =
        (params.pointer("/request/url").and_then(Value::as_str), page.answered_challenges.lock())
    {
        seen.remove(url);
    }
}

/// Answers a `Fetch.authRequired`: the credentials for their origin (or any, without one),
/// else the browser's default (no answer: the 401 reaches the page).
pub(crate) async fn answer_challenge(page: &PageInner, params: &Value) {
    let credentials = page.credentials.lock().ok().and_then(|c| c.clone());
    let url = params.pointer("/request/url").and_then(Value::as_str).unwrap_or("");
    // Answered once per request (by URL, until a new request for it starts): asked again, the
    // credentials were wrong, and the 401 reaches the page.
    let first = page.answered_challenges.lock().map(|mut seen| seen.insert(url.to_string())).unwrap_or(false);
    let response = match credentials {
        Some(c) if first && c.origin.as_deref().is_none_or(|o| url.starts_with(o.trim_end_matches('/'))) => {
            json!({ "response": "ProvideCredentials", "username": c.username, "password": c.password })
        }
        _ => json!({ "response": "CancelAuth" }),
    };
    let reply = json!({ "requestId": params["requestId"], "authChallengeResponse": response });
    let _ = page.connection.call_raw("Fetch.continueWithAuth", reply, Some(&page.session)).await;
}
