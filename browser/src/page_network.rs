//! Carries out on a page what `network.rs` decides: sets the page's interception to what the
//! decisions need, fails a refused request, lets an unrouted one go on and answers
//! authentication challenges.

use crate::error::Result;
use crate::file_gate::UrlGate;
use crate::network::Paused;
use crate::page::{Page, PageInner};
use serde_json::{json, Value};

impl Page {
    /// Fails every `file:` request of this page that `gate` refuses.
    pub async fn gate_file_urls(&self, gate: UrlGate) -> Result<()> {
        self.inner.network.set_file_gate(gate);
        self.sync_interception().await
    }

    /// Turns routing on or off (interception stays on for credentials or a file gate).
    pub(crate) async fn switch_routing(&self, on: bool) -> Result<()> {
        self.inner.network.set_routing(on);
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
    page.network.forget_challenge(params);
    if *paused == Paused::Continue {
        let reply = json!({ "requestId": params["requestId"] });
        let _ = page.connection.call_raw("Fetch.continueRequest", reply, Some(&page.session)).await;
    }
}

/// Answers a `Fetch.authRequired` as `network.rs` decides.
pub(crate) async fn answer_challenge(page: &PageInner, params: &Value) {
    let url = params.pointer("/request/url").and_then(Value::as_str).unwrap_or("");
    let proxy = params.pointer("/authChallenge/source").and_then(Value::as_str) == Some("Proxy");
    let response = page.network.challenge_response(url, proxy);
    let reply = json!({ "requestId": params["requestId"], "authChallengeResponse": response });
    let _ = page.connection.call_raw("Fetch.continueWithAuth", reply, Some(&page.session)).await;
}

/// `error` of a failed navigation of `page`, with the gate's reason when the gate refused it.
pub(crate) fn explain(page: &PageInner, error: String) -> String {
    let errors = page.console_errors.lock().map(|e| e.clone()).unwrap_or_default();
    crate::network::explain(&errors, error)
}
