//! What a page offers about its events (`events.rs` names and translates them): subscribing,
//! the switch for network events, answering dialogs and reading response bodies.

use crate::error::Result;
use crate::events::PageEvent;
use crate::page::Page;
use serde_json::json;
use std::sync::atomic::Ordering;
use tokio::sync::broadcast;

impl Page {
    /// Every event of this page from now on. A subscriber that falls more than 1024 events
    /// behind misses the oldest ones (`RecvError::Lagged`).
    pub fn events(&self) -> broadcast::Receiver<PageEvent> {
        // Requests paused before anyone listened wait for their answer: the first listener
        // hears of them (under the lock the watcher keeps them with, `popups::route_unheard`).
        let mut unclaimed = self.inner.unclaimed_routes.lock().unwrap_or_else(std::sync::PoisonError::into_inner);
        let events = self.inner.events.subscribe();
        for route in unclaimed.drain(..) {
            let _ = self.inner.events.send(route);
        }
        events
    }

    /// The headers of request `id`'s `which` response as the server sent them (names as sent,
    /// repeated values joined by `\n`, `Set-Cookie` included), once the browser reported them;
    /// `None` when it will not (a cached response, the page went). A redirect's hops share the
    /// request's id: a [`PageEvent::Response`](crate::PageEvent::Response)'s `extra_info` says
    /// which one it is.
    pub async fn raw_response_headers(
        &self,
        id: &str,
        which: crate::raw_headers::ReportedResponse,
    ) -> Option<serde_json::Map<String, serde_json::Value>> {
        self.inner.raw_headers.of(id, which).await
    }

    /// Starts reporting network requests and responses as events (the Network domain costs
    /// the browser work on every request, so it is off until someone wants them).
    pub async fn watch_network(&self) -> Result<()> {
        self.inner.watch_network().await
    }

    /// Whether dialogs wait for [`Page::accept_dialog`] / [`Page::dismiss_dialog`] (`true`, as
    /// when a Playwright `dialog` listener exists) or are dismissed at once (`false`, the
    /// default; `beforeunload` is accepted so navigation goes on).
    pub fn set_manual_dialogs(&self, manual: bool) {
        self.inner.manual_dialogs.store(manual, Ordering::Relaxed);
    }

    /// Accepts the open dialog, answering a `prompt` with `prompt_text`.
    pub async fn accept_dialog(&self, prompt_text: Option<&str>) -> Result<()> {
        let mut params = json!({ "accept": true });
        if let Some(text) = prompt_text {
            params["promptText"] = json!(text);
        }
        self.inner.connection.call_raw("Page.handleJavaScriptDialog", params, Some(&self.inner.session)).await?;
        Ok(())
    }

    /// Dismisses the open dialog.
    pub async fn dismiss_dialog(&self) -> Result<()> {
        self.inner
            .connection
            .call_raw("Page.handleJavaScriptDialog", json!({ "accept": false }), Some(&self.inner.session))
            .await?;
        Ok(())
    }

    /// The body of a finished response, by the request id of its [`PageEvent::Request`].
    pub async fn response_body(&self, request_id: &str) -> Result<Vec<u8>> {
        use base64::Engine;
        let reply = self
            .inner
            .connection
            .call_raw("Network.getResponseBody", json!({ "requestId": request_id }), Some(&self.inner.session))
            .await?;
        let body = reply["body"].as_str().unwrap_or("");
        if reply["base64Encoded"].as_bool() == Some(true) {
            base64::engine::general_purpose::STANDARD.decode(body).map_err(|e| crate::error::BrowserError::Decode {
                method: "Network.getResponseBody".into(),
                reason: e.to_string(),
            })
        } else {
            Ok(body.as_bytes().to_vec())
        }
    }
}

impl crate::page::PageInner {
    /// Turns the Network domain on once (for request events, or a trace's network log); a
    /// failed attempt leaves it to the next caller.
    pub(crate) async fn watch_network(&self) -> Result<()> {
        match self.queue_network_watch() {
            Some(enabled) => self.network_watch_answered(enabled.await),
            None => Ok(()),
        }
    }

    /// Queues `Network.enable` unless it was sent already: its answer, for
    /// [`Self::network_watch_answered`].
    pub(crate) fn queue_network_watch(
        &self,
    ) -> Option<impl std::future::Future<Output = Result<serde_json::Value>> + Send + 'static> {
        (!self.network_watched.swap(true, Ordering::SeqCst))
            .then(|| self.connection.queue_raw("Network.enable", json!({}), Some(&self.session)))
    }

    /// Takes `Network.enable`'s answer: a failed attempt leaves the domain to the next caller.
    pub(crate) fn network_watch_answered(&self, answer: Result<serde_json::Value>) -> Result<()> {
        if answer.is_err() {
            self.network_watched.store(false, Ordering::SeqCst);
        }
        answer.map(|_| ())
    }
}
