//! Navigation of a child frame (`frame.goto` on an iframe): the frame's own document load,
//! followed through the page's events for that frame; a load that replaces it (a script
//! redirect) is followed as the main frame's is. Unlike the main frame's (`navigation.rs`), a
//! `<meta http-equiv=refresh>` of the child's document is not waited for. A child frame's
//! `waitForNavigation` follows the next load the frame starts the same way.

use crate::connection::CdpEvent;
use crate::error::{BrowserError, Result};
use crate::navigation::{describe, NavigateOptions, NavigationResponse, WaitUntil};
use crate::page::Page;
use crate::text_match::TextMatch;
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
        let limit = options.timeout.unwrap_or(self.timeout);
        // The time limit covers the request too: Chromium answers `Page.navigate` only once the
        // response's headers came.
        let deadline = Instant::now() + limit;
        let timed_out = || BrowserError::Timeout {
            what: format!("frame.goto('{url}') to {}", describe(options.wait_until)),
            ms: limit.as_millis(),
        };
        let mut events = self.connection().subscribe();
        let navigate = self.send("Page.navigate", json!({ "url": url, "frameId": frame }));
        let nav = tokio::time::timeout_at(deadline, navigate).await.map_err(|_| timed_out())?.map_err(|e| match e {
            // Chromium's words for a frame id it does not know.
            BrowserError::Protocol { message, .. } if message.contains("No frame") => detached(),
            other => other,
        })?;
        if nav["isDownload"].as_bool() == Some(true) {
            let error = "net::ERR_ABORTED (the response is a download: wait for the page's download event instead)";
            return Err(BrowserError::Navigation { url: url.to_string(), error: error.into() });
        }
        if let Some(error) = nav["errorText"].as_str().filter(|e| !e.is_empty()) {
            let error = crate::page_network::explain(&self.inner, error.to_string());
            return Err(BrowserError::Navigation { url: url.to_string(), error });
        }
        let loader = nav["loaderId"].as_str().map(str::to_string);
        let mut wait = FrameWait { frame, requested: loader.clone(), loader, options, url, latest: false };
        let response = wait.run(self, &mut events, deadline).await.map_err(|e| match e {
            BrowserError::Timeout { .. } => timed_out(),
            other => other,
        })?;
        // `frame.url()` reads the frame tree the page's watcher keeps: let it see the commit.
        self.inner.caught_up().await;
        Ok(response)
    }
}

impl Page {
    /// Waits for child frame `frame`'s next navigation (to a URL matching `url`, when given),
    /// then for `options.wait_until` on its document: the frame's document response when the
    /// page watches its network, `None` for a same-document one. A navigation to another URL is
    /// let pass and the wait goes on, within one time limit. The events are watched from the
    /// call on: start the wait before the action that navigates.
    pub async fn wait_for_frame_navigation(
        &self,
        frame: &str,
        url: Option<TextMatch>,
        options: NavigateOptions,
    ) -> Result<Option<NavigationResponse>> {
        let timeout = options.timeout.unwrap_or(self.timeout).as_millis() as u64;
        let params = json!({ "url": url.as_ref().map(TextMatch::describe), "waitUntil": options.wait_until.name(),
            "timeout": timeout });
        let action = crate::trace::traced::Action {
            class: "Frame",
            method: "waitForNavigation",
            params,
            title: Some("Wait for navigation".into()),
            waiting_for: None,
        };
        self.inner.traced(action, self.frame_navigation_untraced(frame, url, options)).await
    }

    async fn frame_navigation_untraced(
        &self,
        frame: &str,
        url: Option<TextMatch>,
        options: NavigateOptions,
    ) -> Result<Option<NavigationResponse>> {
        let _noted = crate::pending::note("frame.waitForNavigation()".to_string());
        let mut events = self.connection().subscribe();
        let limit = options.timeout.unwrap_or(self.timeout);
        let deadline = Instant::now() + limit;
        let timed_out = || BrowserError::Timeout {
            what: match &url {
                Some(u) => format!("a navigation of the frame to {}", u.describe()),
                None => "a navigation of the frame".to_string(),
            },
            ms: limit.as_millis(),
        };
        let failed = |e: BrowserError| match e {
            BrowserError::Timeout { .. } => timed_out(),
            other => other,
        };
        loop {
            let (loader, to) = match next_move(self, &mut events, frame, deadline).await.map_err(failed)? {
                Move::SameDocument(to) if url.as_ref().is_none_or(|u| u.matches(&to)) => return Ok(None),
                Move::SameDocument(_) => continue,
                Move::Document { loader, to } => (Some(loader), to),
            };
            // Up to its commit (or that of a load that took its place before it): the URL is
            // checked there, as Playwright checks each navigation it sees.
            let commit = NavigateOptions { wait_until: WaitUntil::Commit, ..options };
            let mut wait =
                FrameWait { frame, requested: loader.clone(), loader, options: commit, url: &to, latest: true };
            let response = wait.run(self, &mut events, deadline).await.map_err(failed)?;
            // `frame.url()` reads the frame tree the page's watcher keeps.
            self.inner.caught_up().await;
            let committed = self.frames().into_iter().find(|f| f.id == frame).map_or(to.clone(), |f| f.url);
            if !url.as_ref().is_none_or(|u| u.matches(&committed)) {
                continue;
            }
            if options.wait_until == WaitUntil::Commit {
                return Ok(response);
            }
            // Then its load state; the answer stays this navigation's response, even when a
            // script replaces the document before it loads (as Playwright's).
            let loader = wait.loader.clone();
            let mut load = FrameWait { frame, requested: loader.clone(), loader, options, url: &to, latest: false };
            let later = load.run(self, &mut events, deadline).await.map_err(failed)?;
            return Ok(response.or(later));
        }
    }
}

/// How a child frame moved.
enum Move {
    /// A document load started: its loader, and the URL it asked for.
    Document { loader: String, to: String },
    /// A fragment or `history` change: the URL it moved to.
    SameDocument(String),
}

/// The next event of the page's connection before `deadline` (a time-out without words: the
/// caller says what it waited for); the connection's end is an error.
async fn next_event(events: &mut broadcast::Receiver<Arc<CdpEvent>>, deadline: Instant) -> Result<Arc<CdpEvent>> {
    loop {
        let event = match tokio::time::timeout_at(deadline, events.recv()).await {
            Err(_) => return Err(BrowserError::Timeout { what: String::new(), ms: 0 }),
            Ok(Err(broadcast::error::RecvError::Lagged(_))) => continue,
            Ok(Err(broadcast::error::RecvError::Closed)) => {
                return Err(BrowserError::Disconnected("event stream closed".into()))
            }
            Ok(Ok(event)) => event,
        };
        if event.method == "ferridriver.disconnected" {
            return Err(BrowserError::Disconnected(event.params.as_str().unwrap_or("closed").to_string()));
        }
        return Ok(event);
    }
}

/// The next move of child frame `frame` in `events` (before `deadline`).
async fn next_move(
    page: &Page,
    events: &mut broadcast::Receiver<Arc<CdpEvent>>,
    frame: &str,
    deadline: Instant,
) -> Result<Move> {
    loop {
        let event = next_event(events, deadline).await?;
        let p = &event.params;
        if event.session_id.as_deref() != Some(page.session_id()) || p["frameId"].as_str() != Some(frame) {
            continue;
        }
        let text = |key: &str| p[key].as_str().unwrap_or_default().to_string();
        match event.method.as_str() {
            "Page.frameDetached" if p["reason"] != "swap" => return Err(detached()),
            "Page.navigatedWithinDocument" => return Ok(Move::SameDocument(text("url"))),
            "Page.frameStartedNavigating" => {
                let same_document =
                    p["navigationType"].as_str().is_some_and(|t| t.to_ascii_lowercase().contains("samedocument"));
                if let Some(loader) = p["loaderId"].as_str().filter(|_| !same_document) {
                    return Ok(Move::Document { loader: loader.to_string(), to: text("url") });
                }
            }
            _ => {}
        }
    }
}

/// One child frame's navigation being awaited.
struct FrameWait<'a> {
    frame: &'a str,
    /// The document load being waited for (none: a same-document move): the one
    /// `Page.navigate` started, or one that replaced it (a script or server redirect).
    loader: Option<String>,
    /// The document load `Page.navigate` started.
    requested: Option<String>,
    options: NavigateOptions,
    url: &'a str,
    /// Whether the response is the last document's (a wait for a navigation) rather than the
    /// one `goto` asked for.
    latest: bool,
}

impl FrameWait<'_> {
    async fn run(
        &mut self,
        page: &Page,
        events: &mut broadcast::Receiver<Arc<CdpEvent>>,
        deadline: Instant,
    ) -> Result<Option<NavigationResponse>> {
        let mut response = None;
        let mut committed = false;
        loop {
            let event = next_event(events, deadline).await?;
            if event.session_id.as_deref() != Some(page.session_id()) {
                continue;
            }
            let p = &event.params;
            // A failed document request names no frame: its request id is its loader's id.
            if event.method == "Network.loadingFailed" && p["type"] == "Document" {
                if self.loader.is_some() && p["requestId"].as_str() == self.loader.as_deref() {
                    let error = p["errorText"].as_str().unwrap_or("net::ERR_FAILED").to_string();
                    let error = crate::page_network::explain(&page.inner, error);
                    return Err(BrowserError::Navigation { url: self.url.to_string(), error });
                }
                continue;
            }
            let frame_of_event = p["frameId"].as_str().or_else(|| p.pointer("/frame/id").and_then(Value::as_str));
            if frame_of_event != Some(self.frame) {
                continue;
            }
            let ours =
                |loader: Option<&str>, current: &Option<String>| loader.is_some() && loader == current.as_deref();
            match event.method.as_str() {
                // A process swap keeps the frame (in another process, which is not ours).
                "Page.frameDetached" if p["reason"] == "swap" => return Err(BrowserError::Evaluation(
                    "Frame moved to another process (frames in another process are not supported by ferridriver yet)"
                        .into(),
                )),
                "Page.frameDetached" => return Err(detached()),
                "Page.navigatedWithinDocument" if self.loader.is_none() => return Ok(None),
                // Another document load took the place of ours (a script redirect): that one is
                // the frame's now, as for the main frame.
                "Page.frameStartedNavigating" if self.loader.is_some() => {
                    let same_document =
                        p["navigationType"].as_str().is_some_and(|t| t.to_ascii_lowercase().contains("samedocument"));
                    if let Some(loader) = p["loaderId"].as_str().filter(|_| !same_document) {
                        if self.loader.as_deref() != Some(loader) {
                            self.loader = Some(loader.to_string());
                            committed = false;
                            if self.latest {
                                self.requested = self.loader.clone();
                                response = None;
                            }
                        }
                    }
                }
                // The response is the one of the document `goto` asked for (a redirect's last hop),
                // not of one that replaced it, as Playwright's.
                "Network.responseReceived"
                    if p["type"] == "Document" && ours(p["loaderId"].as_str(), &self.requested) =>
                {
                    let id = p["requestId"].as_str().unwrap_or_default();
                    response = Some(NavigationResponse::from_event(id, &p["response"]));
                }
                "Page.frameNavigated" if ours(p.pointer("/frame/loaderId").and_then(Value::as_str), &self.loader) => {
                    committed = true;
                    if self.options.wait_until == WaitUntil::Commit {
                        return Ok(response);
                    }
                }
                "Page.lifecycleEvent"
                    if ours(p["loaderId"].as_str(), &self.loader)
                        && p["name"].as_str() == self.options.wait_until.lifecycle() =>
                {
                    return Ok(response);
                }
                // A committed document that stopped loading (`window.stop()`) counts as loaded,
                // as for the main frame.
                "Page.frameStoppedLoading"
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
