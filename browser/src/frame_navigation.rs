//! Navigation of a child frame (`frame.goto` on an iframe): the frame's own document load,
//! followed through the page's events for that frame. The main frame's navigation
//! (`navigation.rs`) does more — it follows meta refreshes and script redirects that replace
//! the document — which a child frame's `goto` leaves to the next wait, as the page it lives
//! in may reload it at any time.

use crate::connection::CdpEvent;
use crate::error::{BrowserError, Result};
use crate::navigation::{describe, NavigateOptions, NavigationResponse, WaitUntil};
use crate::page::Page;
use serde_json::{json, Value};
use std::sync::Arc;
use tokio::sync::broadcast;
use tokio::time::Instant;

impl Page {
    /// Navigates child frame `frame` (its DevTools frame id) to `url` and waits as `options`
    /// say; answers the frame's document response when the page watches its network.
    pub async fn goto_frame(
        &self,
        frame: &str,
        url: &str,
        options: NavigateOptions,
    ) -> Result<Option<NavigationResponse>> {
        let timeout = options.timeout.unwrap_or(self.timeout).as_millis() as u64;
        let params = json!({ "url": url, "waitUntil": options.wait_until.name(), "timeout": timeout });
        let action =
            crate::trace::traced::Action { class: "Frame", method: "goto", params, title: None, waiting_for: None };
        self.inner.traced(action, self.goto_frame_untraced(frame, url, options)).await
    }

    async fn goto_frame_untraced(
        &self,
        frame: &str,
        url: &str,
        options: NavigateOptions,
    ) -> Result<Option<NavigationResponse>> {
        let _noted = crate::pending::note(format!("frame.goto('{url}')"));
        let mut events = self.connection().subscribe();
        let nav = self.send("Page.navigate", json!({ "url": url, "frameId": frame })).await.map_err(|e| match e {
            // Chromium's words for a frame id it does not know.
            BrowserError::Protocol { message, .. } if message.contains("No frame") => detached(),
            other => other,
        })?;
        if let Some(error) = nav["errorText"].as_str().filter(|e| !e.is_empty()) {
            let error = crate::page_network::explain(&self.inner, error.to_string());
            return Err(BrowserError::Navigation { url: url.to_string(), error });
        }
        let deadline = Instant::now() + options.timeout.unwrap_or(self.timeout);
        let loader = nav["loaderId"].as_str().map(str::to_string);
        let wait = FrameWait { frame, loader, options, url };
        wait.run(self, &mut events, deadline).await
    }
}

/// One child frame's navigation being awaited.
struct FrameWait<'a> {
    frame: &'a str,
    /// The document load `Page.navigate` started (none: a same-document move).
    loader: Option<String>,
    options: NavigateOptions,
    url: &'a str,
}

impl FrameWait<'_> {
    async fn run(
        &self,
        page: &Page,
        events: &mut broadcast::Receiver<Arc<CdpEvent>>,
        deadline: Instant,
    ) -> Result<Option<NavigationResponse>> {
        let mut response = None;
        let mut committed = false;
        loop {
            let event = match tokio::time::timeout_at(deadline, events.recv()).await {
                Err(_) => {
                    let ms = self.options.timeout.unwrap_or(page.timeout).as_millis();
                    return Err(BrowserError::Timeout {
                        what: format!("frame.goto('{}') to {}", self.url, describe(self.options.wait_until)),
                        ms,
                    });
                }
                Ok(Err(broadcast::error::RecvError::Lagged(_))) => continue,
                Ok(Err(broadcast::error::RecvError::Closed)) => {
                    return Err(BrowserError::Disconnected("event stream closed".into()))
                }
                Ok(Ok(event)) => event,
            };
            if event.method == "ferridriver.disconnected" {
                return Err(BrowserError::Disconnected(event.params.as_str().unwrap_or("closed").to_string()));
            }
            if event.session_id.as_deref() != Some(page.session_id()) {
                continue;
            }
            let p = &event.params;
            let frame_of_event = p["frameId"].as_str().or_else(|| p.pointer("/frame/id").and_then(Value::as_str));
            if frame_of_event != Some(self.frame) {
                continue;
            }
            let ours = |loader: Option<&str>| loader.is_some() && loader == self.loader.as_deref();
            match (event.method.as_str(), &self.loader) {
                ("Page.frameDetached", _) => return Err(detached()),
                ("Page.navigatedWithinDocument", None) => return Ok(None),
                ("Network.responseReceived", Some(_)) if p["type"] == "Document" && ours(p["loaderId"].as_str()) => {
                    let id = p["requestId"].as_str().unwrap_or_default();
                    response = Some(NavigationResponse::from_event(id, &p["response"]));
                }
                ("Network.loadingFailed", Some(loader)) if p["requestId"].as_str() == Some(loader.as_str()) => {
                    let error = p["errorText"].as_str().unwrap_or("net::ERR_FAILED").to_string();
                    let error = crate::page_network::explain(&page.inner, error);
                    return Err(BrowserError::Navigation { url: self.url.to_string(), error });
                }
                ("Page.frameNavigated", Some(_)) if ours(p.pointer("/frame/loaderId").and_then(Value::as_str)) => {
                    committed = true;
                    if self.options.wait_until == WaitUntil::Commit {
                        return Ok(response);
                    }
                }
                ("Page.lifecycleEvent", Some(_))
                    if ours(p["loaderId"].as_str()) && p["name"].as_str() == self.options.wait_until.lifecycle() =>
                {
                    return Ok(response);
                }
                // A committed document that stopped loading (`window.stop()`) counts as loaded,
                // as for the main frame.
                ("Page.frameStoppedLoading", Some(_))
                    if committed
                        && matches!(self.options.wait_until, WaitUntil::Load | WaitUntil::DomContentLoaded) =>
                {
                    return Ok(response);
                }
                _ => {}
            }
        }
    }
}

/// The frame's iframe went away (before or during the navigation): Playwright's words.
fn detached() -> BrowserError {
    BrowserError::Evaluation("Frame was detached".into())
}
