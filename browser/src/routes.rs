//! Request interception (Playwright's `page.route`): while routing is on, every request of
//! the page pauses before it is sent and arrives as a [`PageEvent::Route`]; the caller then
//! fulfils it with its own response, aborts it, or lets it continue (possibly changed). Each
//! paused request must get exactly one answer, or the page waits for it.

use crate::error::{BrowserError, Result};
use crate::page::Page;
use base64::Engine;
use serde_json::{json, Value};

/// A response made up by the test.
#[derive(Debug, Clone, Default)]
pub struct RouteResponse {
    /// HTTP status (200 when 0).
    pub status: u16,
    /// Response headers, in order.
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

/// Changes to a request that continues to the network.
#[derive(Debug, Clone, Default)]
pub struct RouteOverrides {
    pub url: Option<String>,
    pub method: Option<String>,
    /// Replaces all request headers when given.
    pub headers: Option<Vec<(String, String)>>,
    pub post_data: Option<Vec<u8>>,
}

/// Playwright's abort error codes and the network errors Chromium reports for them.
const ABORT_REASONS: &[(&str, &str)] = &[
    ("aborted", "Aborted"),
    ("accessdenied", "AccessDenied"),
    ("addressunreachable", "AddressUnreachable"),
    ("blockedbyclient", "BlockedByClient"),
    ("blockedbyresponse", "BlockedByResponse"),
    ("connectionaborted", "ConnectionAborted"),
    ("connectionclosed", "ConnectionClosed"),
    ("connectionfailed", "ConnectionFailed"),
    ("connectionrefused", "ConnectionRefused"),
    ("connectionreset", "ConnectionReset"),
    ("internetdisconnected", "InternetDisconnected"),
    ("namenotresolved", "NameNotResolved"),
    ("timedout", "TimedOut"),
    ("failed", "Failed"),
];

fn header_list(headers: &[(String, String)]) -> Value {
    Value::Array(headers.iter().map(|(name, value)| json!({ "name": name, "value": value })).collect())
}

impl Page {
    /// Turns interception of this page's requests on or off. Needs a subscriber of
    /// [`Page::events`] to answer the [`PageEvent::Route`]s, or requests hang.
    pub async fn set_routing(&self, on: bool) -> Result<()> {
        // With credentials or a file gate, interception stays on for them.
        self.switch_routing(on).await
    }

    /// Answers paused request `id` with `response`, without touching the network.
    pub async fn fulfill_route(&self, id: &str, response: &RouteResponse) -> Result<()> {
        let _ = self.inner.network.answer_routed(id, None);
        let params = json!({
            "requestId": id,
            "responseCode": if response.status == 0 { 200 } else { response.status },
            "responseHeaders": header_list(&response.headers),
            "body": base64::engine::general_purpose::STANDARD.encode(&response.body),
        });
        self.inner.connection.call_raw("Fetch.fulfillRequest", params, Some(&self.inner.session)).await?;
        Ok(())
    }

    /// Fails paused request `id` with a Playwright error code (`failed` when empty).
    pub async fn abort_route(&self, id: &str, code: &str) -> Result<()> {
        let _ = self.inner.network.answer_routed(id, None);
        let code = if code.is_empty() { "failed" } else { code };
        let Some((_, reason)) = ABORT_REASONS.iter().find(|(name, _)| name.eq_ignore_ascii_case(code)) else {
            let known: Vec<&str> = ABORT_REASONS.iter().map(|(name, _)| *name).collect();
            return Err(BrowserError::Evaluation(format!(
                "route.abort: unknown error code '{code}'\n  hint: use one of {}",
                known.join(", ")
            )));
        };
        let params = json!({ "requestId": id, "errorReason": reason });
        self.inner.connection.call_raw("Fetch.failRequest", params, Some(&self.inner.session)).await?;
        Ok(())
    }

    /// Sends paused request `id` on, with `overrides` applied.
    pub async fn continue_route(&self, id: &str, overrides: &RouteOverrides) -> Result<()> {
        self.inner.network.answer_routed(id, overrides.url.as_deref()).map_err(BrowserError::Refused)?;
        let mut params = json!({ "requestId": id });
        if let Some(url) = &overrides.url {
            params["url"] = json!(url);
        }
        if let Some(method) = &overrides.method {
            params["method"] = json!(method);
        }
        if let Some(headers) = &overrides.headers {
            params["headers"] = header_list(headers);
        }
        if let Some(data) = &overrides.post_data {
            params["postData"] = json!(base64::engine::general_purpose::STANDARD.encode(data));
        }
        self.inner.connection.call_raw("Fetch.continueRequest", params, Some(&self.inner.session)).await?;
        Ok(())
    }
}
